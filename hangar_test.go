package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docBlock returns the first fenced block of lang after marker in doc.
func docBlock(t *testing.T, doc, marker, lang string) string {
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

// workedExample writes the worked example of docs/craft-files.md as
// crafts/hopper.toml in a new folder; it returns the doc, the folder and
// the file.
func workedExample(t *testing.T) (doc, dir, file string) {
	t.Helper()
	b, err := os.ReadFile("docs/craft-files.md")
	if err != nil {
		t.Fatal(err)
	}
	doc = string(b)
	dir = t.TempDir()
	file = filepath.Join(dir, "crafts", "hopper.toml")
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, []byte(docBlock(t, doc, "## Worked example", "toml")), 0o644); err != nil {
		t.Fatal(err)
	}
	return doc, dir, file
}

// `spaceflight check` on the worked example prints what the docs say,
// the hangar's warnings included.
func TestCheckWorkedExample(t *testing.T) {
	doc, _, file := workedExample(t)
	var out, errOut strings.Builder
	if code := run([]string{"check", file}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	got := strings.TrimSpace(strings.ReplaceAll(out.String(), file, "crafts/hopper.toml"))
	want := strings.TrimSpace(docBlock(t, doc, "check crafts/hopper.toml` prints", ""))
	if got != want {
		t.Errorf("check prints\n%s\nthe docs say\n%s", got, want)
	}
}

// Golden screenshots of the hangar: the lander on its stand in lunar
// gravity firing its descent engine, and the shuttle in no gravity firing
// a pitch command, every overlay on (see TestGoldenScreenshots for how
// they are compared and refreshed).
func TestGoldenHangar(t *testing.T) {
	for _, g := range []struct{ craft, gravity, fire string }{
		{"lander", "moon", "main"}, {"shuttle", "none", "pitch-up"},
	} {
		name := "hangar-" + g.craft
		t.Run(name, func(t *testing.T) {
			img := screenshot(t, "hangar", g.craft, "--data", t.TempDir(), "--quality", "high",
				"--gravity", g.gravity, "--fire", g.fire, "--frames", "60")
			matchGolden(t, name, img)
		})
	}
}

// `spaceflight check --report` on the worked example prints what the docs
// say.
func TestReportWorkedExample(t *testing.T) {
	doc, dir, file := workedExample(t)
	var out, errOut strings.Builder
	if code := run([]string{"check", "--report", "--data", dir, "hopper"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	got := strings.TrimSpace(strings.ReplaceAll(out.String(), file, "crafts/hopper.toml"))
	want := strings.TrimSpace(docBlock(t, doc, "### `check --report`", ""))
	if got != want {
		t.Errorf("check --report prints\n%s\nthe docs say\n%s", got, want)
	}
}
