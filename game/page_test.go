package game

import (
	"fmt"
	"strings"
	"testing"

	"spaceflight/data"
	"spaceflight/game/storage"
)

// The page's craft editor on the desktop's storage: an edit is saved where
// the library finds it first, its errors name the line, and dropping it
// brings back the shipped craft.
func TestPageCraftEdit(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	opts := Options{Shipped: data.FS}
	src, err := craftSource(opts, "lander")
	if err != nil || src.User || !strings.Contains(src.Text, "[[part]]") {
		t.Fatalf("shipped lander: user %v, %v", src.User, err)
	}
	lines := strings.Split(src.Text, "\n")
	at := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "description = ") {
			at = i
		}
	}
	lines[at] = strings.Replace(lines[at], "description", "descripton", 1)
	errs, err := saveCraft("lander", strings.Join(lines, "\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := userCraftPath("lander") + fmt.Sprintf(":%d:1: descripton: unknown key", at+1)
	if len(errs) != 1 || !strings.HasPrefix(errs[0], want) || !strings.Contains(errs[0], `did you mean "description"`) {
		t.Errorf("errors %q, want one starting %q with did-you-mean", errs, want)
	}
	if _, err := library(opts).LoadCraft("lander"); err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("the library loads the player's broken lander with %v, want %s", err, want)
	}
	if got, _ := craftSource(opts, "lander"); !got.User || !strings.Contains(got.Text, "descripton") {
		t.Errorf("after the edit the editor shows the shipped craft")
	}
	if errs, err := saveCraft("lander", src.Text); err != nil || len(errs) != 0 {
		t.Errorf("the shipped text saved back: %q, %v", errs, err)
	}
	if _, err := saveCraft("../lander", src.Text); err == nil {
		t.Errorf("a path was taken as a craft name")
	}
	if err := storage.Remove(userCraftPath("lander")); err != nil {
		t.Fatal(err)
	}
	if got, _ := craftSource(opts, "lander"); got.User {
		t.Errorf("after removing the player's version the editor still shows it")
	}
}

func TestPageSettingsEdit(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	if src := settingsSource(); src.User || !strings.Contains(src.Text, "[keys]") {
		t.Errorf("no settings file: want the defaults, got user %v:\n%s", src.User, src.Text)
	}
	errs, err := saveSettings("[audio]\nmaster = 0.5\nmastr = 1\n")
	if err != nil || len(errs) != 1 || !strings.Contains(errs[0], "mastr") {
		t.Errorf("saving a settings file with a wrong key: %q, %v", errs, err)
	}
	s, _ := LoadSettings(settingsPath())
	if s.Master != 0.5 {
		t.Errorf("master %g after the save, want 0.5", s.Master)
	}
}
