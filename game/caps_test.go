package game

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"spaceflight/craft"
	"spaceflight/data"
)

// What the game shows of text it did not write has caps (issue 27, item
// 12): a message line in the HUD, the errors listed for a broken file in
// the menu, the HUD and the page, and a file's name in the menu. A mission
// file of 150 mistakes, named by a very long file name, shows a few lines
// of sane length and a count of the rest.
func TestShownTextCapped(t *testing.T) {
	a := testApp(t)
	dir := t.TempDir()
	a.opts.Shipped, a.opts.DataDir = data.FS, dir
	name := strings.Repeat("very-long-name-", 14) + "x"
	p := filepath.Join(dir, "missions", name+".toml")
	os.MkdirAll(filepath.Dir(p), 0o755)
	var b strings.Builder
	b.WriteString("format = 1\nname = \"Broken\"\nkind = \"tumble\"\n")
	for i := range 150 {
		fmt.Fprintf(&b, "unknown_key_%d = %q\n", i, strings.Repeat("é", 300))
	}
	os.WriteFile(p, []byte(b.String()), 0o644)
	a.lib = library(a.opts)
	_, err := a.lib.LoadMission(name)
	if len(craft.Errors(err)) < 100 {
		t.Fatalf("the broken mission: %v", err)
	}

	lines := errorLines(err, maxShownErrors)
	if len(lines) != maxShownErrors || !strings.Contains(lines[len(lines)-1], "more") {
		t.Errorf("%d error lines, the last %q: want %d with the rest counted", len(lines), lines[len(lines)-1], maxShownErrors)
	}
	for _, l := range lines {
		if n := utf8.RuneCountInString(l); n > maxShownLine {
			t.Errorf("an error line of %d characters: %.80q…", n, l)
		}
	}

	a.sayErrors(err)
	a.say(strings.Repeat("ä", 10000))
	shown := a.toasts.lines(a.tick, nil)
	if len(shown) > maxMessages {
		t.Errorf("%d messages at once", len(shown))
	}
	for _, l := range shown {
		if n := utf8.RuneCountInString(l); n > maxShownLine {
			t.Errorf("a message of %d characters", n)
		}
	}

	m := a.openMenu(nil, name)
	if got := strings.Count(m.screen.Text, "\n"); got > maxMenuErrors+1 {
		t.Errorf("the menu shows %d lines for the broken mission", got+1)
	}
	for _, item := range m.screen.Items {
		if n := utf8.RuneCountInString(item); n > maxMenuName+20 {
			t.Errorf("a menu item of %d characters: %q", n, item)
		}
	}
}
