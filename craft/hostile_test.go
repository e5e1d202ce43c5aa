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
