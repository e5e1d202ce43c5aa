package craft

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// Hostile files inside the size limit are refused quickly, without a crash:
// deep nesting (which BurntSushi/toml alone takes minutes and gigabytes
// over), huge arrays and huge numbers of tables.
func TestHostileFiles(t *testing.T) {
	fill := func(head, unit, tail string) string {
		n := (MaxFileSize - len(head) - len(tail)) / len(unit)
		return head + strings.Repeat(unit, n) + tail
	}
	for name, src := range map[string]string{
		"nested arrays":        "format = 1\na = " + strings.Repeat("[", 300000) + strings.Repeat("]", 300000) + "\n",
		"nested inline tables": "format = 1\na = " + strings.Repeat("{b = ", 50000) + "1" + strings.Repeat("}", 50000) + "\n",
		"long array":           fill("format = 1\na = [", "1,", "1]\n"),
		"many parts":           fill("format = 1\n", "[[part]]\n", ""),
		"many hull points":     fill("format = 1\n[[part]]\nname = \"a\"\nmass = 1\n[[part.shape]]\nkind = \"hull\"\npoints = [", "[1,2,3],", "[0,0,0]]\n"),
		"many keys":            fill("format = 1\n", "k = 1\n", ""),
		// BurntSushi/toml takes a time that grows with the square of a
		// key's parts (hours for these), so they are refused before.
		"dotted key":             "format = 1\n" + strings.Repeat("a.", 200_000) + "a = 1\n",
		"table name":             "format = 1\n[" + strings.Repeat("a.", 200_000) + "a]\n",
		"array of tables name":   "format = 1\n[[" + strings.Repeat("a.", 200_000) + "a]]\n",
		"dotted key in a table":  "format = 1\n[[part]]\n" + strings.Repeat("'a'.", 200_000) + "a = 1\n",
		"dotted key inline":      "format = 1\nx = {" + strings.Repeat("a . ", 200_000) + "a = 1}\n",
		"dotted key in an array": "format = 1\nx = [{" + strings.Repeat("a.", 200_000) + "a = 1}]\n",
	} {
		_, err := ParseCraft("hostile.toml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", name)
		}
		if strings.HasPrefix(name, "dotted") || strings.HasSuffix(name, "name") {
			if e := Errors(err); len(e) != 1 || !strings.Contains(e[0].Msg, "nested deeper than 32") {
				t.Errorf("%s: %v, want it refused as nested too deep", name, err)
			}
		}
		if len(Errors(err)) > 1000 {
			t.Errorf("%s: %d errors; a hostile file should give a few", name, len(Errors(err)))
		}
	}
}

// Names are printable text: NUL, ANSI escapes and bidirectional controls
// are refused, and the message lists the characters it refused. Nothing a
// file or the command line says reaches the terminal raw: every message
// quotes or escapes it.
func TestUnprintableText(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, path, want string
	}{
		{"NUL and RLO in a part name", `name = "leg1"`, `name = "le\u0000g\u202e1"`, "part[1].name", "U+0000, U+202E"},
		{"RLO in a thruster name", "isp = 200", "isp = 200\nname = \"rcs\u202egnp.exe\"", "thruster[1].name", "U+202E"},
		{"escape in the craft name", `name = "Test"`, `name = "\u001b[2JTest"`, "name", "U+001B"},
		{"tab in the craft name", `name = "Test"`, `name = "Te\tst"`, "name", "U+0009"},
		{"isolate in the description", `name = "Test"`, "name = \"Test\"\ndescription = \"a\\u2067b\"", "description", "U+2067"},
	} {
		src := strings.Replace(baseCraft, tc.old, tc.new, 1)
		_, err := ParseCraft("t.toml", []byte(src))
		var found bool
		for _, e := range Errors(err) {
			found = found || e.Path == tc.path && strings.Contains(e.Msg, "must be printable text; it contains "+tc.want)
		}
		if !found {
			t.Errorf("%s: got %v, want %s refused listing %s", tc.name, err, tc.path, tc.want)
		}
	}
	ok := strings.Replace(baseCraft, `name = "Test"`, "name = \"Tést 🚀\"\ndescription = \"\"\"Two\n\tlines\"\"\"", 1)
	if _, err := ParseCraft("t.toml", []byte(ok)); err != nil {
		t.Errorf("printable names and multi-line description refused: %v", err)
	}

	// Messages escape what they cite: a shape kind, a key, a file name.
	esc := "\x1b[2J\u202e"
	for name, src := range map[string]string{
		"shape kind": strings.Replace(baseCraft, `kind = "box"`, `kind = "\u001b[2J\u202e"`, 1),
		"key":        strings.Replace(baseCraft, `name = "Test"`, "name = \"Test\"\n\"\\u001b[2J\\u202e\" = 1", 1),
		"raw key":    strings.Replace(baseCraft, `name = "Test"`, "name = \"Test\"\n\"\x1b[2J\u202e\" = 1", 1),
		"joint kind": strings.Replace(baseCraft, `kind = "hinge"`, `kind = "\u001b[2J"`, 1),
	} {
		_, err := ParseCraft(esc+".toml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", name)
			continue
		}
		if strings.ContainsAny(err.Error(), "\x1b\u202e") {
			t.Errorf("%s: message carries control characters raw: %q", name, err)
		}
	}
	var b strings.Builder
	Check(NewLibrary(shipped()), []string{esc + "lander", esc + "x.toml"}, false, &b)
	if strings.ContainsAny(b.String(), "\x1b\u202e") || !strings.Contains(b.String(), `\x1b[2J\u202e`) {
		t.Errorf("check prints control characters raw: %q", b.String())
	}
}

// unknownKeys returns head, then distinct three-letter unknown keys
// ("aaa=1"), then tail, in at most limit bytes, and how many keys it wrote.
func unknownKeys(head, tail string, limit int) (string, int) {
	const letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-"
	var b strings.Builder
	b.WriteString(head)
	n := 0
	for ; b.Len()+len("aaa=1\n")+len(tail) <= limit; n++ {
		b.WriteByte(letters[n/4096%64])
		b.WriteByte(letters[n/64%64])
		b.WriteByte(letters[n%64])
		b.WriteString("=1\n")
	}
	b.WriteString(tail)
	return b.String(), n
}

// A file with a hundred thousand mistakes lists its first MaxErrors by
// position and counts the rest in one last line, in the loader's errors,
// in check's lines and in its JSON: its output does not grow with the
// file's errors (nor, BenchmarkCheckUnknownKeys shows, does the time per
// error).
func TestManyErrorsCapped(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, head, tail string
		size, keys       int
	}{
		{"craft", "format = 1\n", "[[part]]\nname = \"a\"\nmass = 1\nshape = [{kind = \"box\", size = [1, 1, 1]}]\n", MaxFileSize, 150_000},
		{"craft, in a table", baseCraft, "", MaxFileSize / 8, 20_000},
		{"mission", "format = 1\nname = \"M\"\nkind = \"free\"\n", "[player]\ncraft = \"small\"\n", MaxFileSize / 8, 20_000},
	} {
		src, n := unknownKeys(tc.head, tc.tail, tc.size)
		if n < tc.keys {
			t.Fatalf("%s: only %d keys", tc.name, n)
		}
		file := filepath.Join(dir, "crafts", "many.toml")
		parse := ParseCraft
		if tc.name == "mission" {
			file = filepath.Join(dir, "missions", "many.toml")
			parse = func(f string, b []byte) (*Craft, error) { _, err := ParseMission(f, b); return nil, err }
		}
		os.MkdirAll(filepath.Dir(file), 0o755)
		os.WriteFile(file, []byte(src), 0o644)

		_, err := parse(file, []byte(src))
		errs := Errors(err)
		more := n - MaxErrors // every key is an error; the files have no other
		if len(errs) != MaxErrors+1 || errs[MaxErrors].More != more || errs[0].Line > errs[MaxErrors-1].Line {
			t.Errorf("%s: %d errors, the last %v: want the first %d by line and a count of %d more", tc.name, len(errs), errs[len(errs)-1], MaxErrors, more)
		}

		var b strings.Builder
		if code := Check(NewLibrary(), []string{file}, false, &b); code != 1 {
			t.Errorf("%s: check exits %d", tc.name, code)
		}
		out := strings.TrimSuffix(b.String(), "\n")
		lines := strings.Split(out, "\n")
		wantLast := fmt.Sprintf("%s: ... and %s more errors (the first %d are listed)", file, thousands(more), MaxErrors)
		if len(lines) != MaxErrors+1 || lines[MaxErrors] != wantLast || len(out) > 200*(MaxErrors+1) {
			t.Errorf("%s: check prints %d lines, %d bytes, the last %q; want %d lines, the last %q",
				tc.name, len(lines), len(out), lines[len(lines)-1], MaxErrors+1, wantLast)
		}

		if tc.name != "craft" {
			continue // the same lines
		}
		b.Reset()
		Check(NewLibrary(), []string{file}, true, &b)
		var res []CheckResult
		if err := json.Unmarshal([]byte(b.String()), &res); err != nil || len(res) != 1 || len(res[0].Errors) != MaxErrors+1 ||
			res[0].Errors[MaxErrors].More != more || b.Len() > 400*(MaxErrors+1) {
			t.Errorf("%s: check --json prints %d bytes: %v", tc.name, b.Len(), err)
		}
	}
}

// Strings have a length: a name 64 characters (of any script), a free
// text 4000, a craft named in a mission 256. A longer one is refused
// without being quoted back; an unknown key is quoted cut short.
func TestLengthLimits(t *testing.T) {
	name := func(n int) string { return strings.Repeat("é", n) }
	for _, tc := range []struct {
		what, old, new, path string
		ok                   bool
	}{
		{"part name of 64", `"hull"`, `"` + name(MaxNameLength) + `"`, "part[0].name", true},
		{"part name of 65", `"hull"`, `"` + name(MaxNameLength+1) + `"`, "part[0].name", false},
		{"craft name of 65", `name = "Test"`, `name = "` + name(MaxNameLength+1) + `"`, "name", false},
		{"thruster name of 1000", "isp = 200", "isp = 200\nname = \"" + name(1000) + "\"", "thruster[1].name", false},
		{"reference of 1000", `part = "hull"`, `part = "` + name(1000) + `"`, "tank[0].part", false},
		{"description of 4000", `name = "Test"`, "name = \"Test\"\ndescription = '''" + strings.Repeat("a\n", MaxTextLength/2) + "'''", "description", true},
		{"description of 4001", `name = "Test"`, "name = \"Test\"\ndescription = '''" + strings.Repeat("a\n", MaxTextLength/2) + "a'''", "description", false},
	} {
		_, err := ParseCraft("t.toml", []byte(strings.ReplaceAll(baseCraft, tc.old, tc.new)))
		if tc.ok {
			if err != nil {
				t.Errorf("%s: %v", tc.what, err)
			}
			continue
		}
		i := slices.IndexFunc(Errors(err), func(e *Error) bool { return e.Path == tc.path })
		if i < 0 || !strings.Contains(Errors(err)[i].Msg, "characters long; the limit is") || len(Errors(err)[i].Error()) > 100 {
			t.Errorf("%s: got %v, want it refused at %s for its length, briefly", tc.what, err, tc.path)
		}
	}
	for _, tc := range []struct {
		ref string
		ok  bool
	}{{strings.Repeat("a/", 127) + "x.toml", false}, {strings.Repeat("a/", 125) + "x.toml", true}} {
		_, err := ParseMission("m.toml", []byte(strings.Replace(baseMission, `craft = "small"`, `craft = "`+tc.ref+`"`, 1)))
		if tc.ok != (err == nil) {
			t.Errorf("a craft reference of %d characters: %v", len(tc.ref), err)
		}
	}
	_, err := ParseCraft("t.toml", []byte(strings.Replace(baseCraft, `name = "Test"`, "name = \"Test\"\n"+strings.Repeat("k", 100_000)+" = 1", 1)))
	if err == nil || len(err.Error()) > 300 || !strings.Contains(err.Error(), `unknown key "`+strings.Repeat("k", MaxNameLength)+`…"`) {
		t.Errorf("an unknown key of 100,000 characters: %.300q", err)
	}
}
