package craft

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// block returns the first fenced block of the given language after marker.
func block(t *testing.T, doc, marker, lang string) string {
	t.Helper()
	i := strings.Index(doc, marker)
	if i < 0 {
		t.Fatalf("no %q in the doc", marker)
	}
	rest := doc[i:]
	j := strings.Index(rest, "```"+lang+"\n")
	if j < 0 {
		t.Fatalf("no ```%s block after %q", lang, marker)
	}
	rest = rest[j+len("```"+lang+"\n"):]
	return rest[:strings.Index(rest, "```")]
}

// The worked examples in the docs load, and check prints what the docs say.
func TestDocExamples(t *testing.T) {
	read := func(p string) string {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	craftDoc, missionDoc := read("../docs/craft-files.md"), read("../docs/mission-files.md")
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "crafts"), 0o755)
	os.MkdirAll(filepath.Join(dir, "missions"), 0o755)
	os.WriteFile(filepath.Join(dir, "crafts", "hopper.toml"), []byte(block(t, craftDoc, "## Worked example", "toml")), 0o644)
	os.WriteFile(filepath.Join(dir, "missions", "hop.toml"), []byte(block(t, missionDoc, "## Worked example", "toml")), 0o644)
	lib := NewLibrary(Layer{Name: dir, FS: os.DirFS(dir)})
	for _, c := range []struct{ doc, file string }{
		{craftDoc, "crafts/hopper.toml"},
		{missionDoc, "missions/hop.toml"},
	} {
		want := strings.TrimSpace(block(t, c.doc, "check "+c.file+"` prints", ""))
		var b strings.Builder
		if code := Check(lib, []string{filepath.Join(dir, c.file)}, false, &b); code != 0 {
			t.Errorf("%s: exit %d\n%s", c.file, code, b.String())
		}
		got := strings.TrimSpace(strings.ReplaceAll(b.String(), filepath.Join(dir, c.file), c.file))
		// The docs show `spaceflight check`, whose warnings include the
		// hangar's (game/hangar, tested with the command in main_test):
		// the summary and the craft's own warnings must be there.
		if c.file == "crafts/hopper.toml" {
			want = strings.SplitN(want, "\n", 2)[0]
		}
		if got != want {
			t.Errorf("check %s prints\n%s\nthe docs say\n%s", c.file, got, want)
		}
	}
}
