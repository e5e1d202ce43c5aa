package craft

import (
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
	} {
		_, err := ParseCraft("hostile.toml", []byte(src))
		if err == nil {
			t.Errorf("%s: accepted", name)
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
