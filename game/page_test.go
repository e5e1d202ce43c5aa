package game

import (
	"fmt"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

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
	errs, err := saveCraft("lander", strings.Join(lines, "\n"), "")
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
	if errs, err := saveCraft("lander", src.Text, ""); err != nil || len(errs) != 0 {
		t.Errorf("the shipped text saved back: %q, %v", errs, err)
	}
	if _, err := saveCraft("../lander", src.Text, ""); err == nil {
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

// The page's craft panel and the hangar edit the same file: an edit the
// page made from the text it loaded is saved on top of what the hangar
// saved since (by lines), and one that clashes with it saves nothing and
// says why.
func TestPageCraftMergesWithHangar(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	opts := Options{Shipped: data.FS}
	a := testApp(t)
	a.opts.Shipped = data.FS
	a.lib = library(a.opts)
	h, err := newHangarScene(a, HangarOptions{Craft: "lander"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.scene = h
	var st PageState
	a.pageState(&st)
	if st.Craft != "lander" || st.Scene != "hangar" {
		t.Fatalf("page state %q %q: want the hangar's lander", st.Scene, st.Craft)
	}
	src, err := craftSource(opts, st.Craft)
	if err != nil {
		t.Fatal(err)
	}
	// The hangar moves the adapter and saves (to the same file the page edits).
	if err := h.ed.MovePart("adapter", mgl64.Vec3{0, 0.05, 0}); err != nil {
		t.Fatal(err)
	}
	h.saveFile(a)
	if h.save != userCraftPath("lander") {
		t.Fatalf("the hangar saves to %s, the page to %s", h.save, userCraftPath("lander"))
	}
	// The page, from the text it loaded before, changes the description.
	mine := strings.Replace(src.Text, "16 RCS thrusters", "sixteen RCS thrusters", 1)
	if errs, err := saveCraft("lander", mine, src.Text); err != nil || len(errs) > 0 {
		t.Fatal(errs, err)
	}
	got, _ := craftSource(opts, "lander")
	if !strings.Contains(got.Text, "sixteen RCS") || !strings.Contains(got.Text, "position = [0.0, 1.05, 0.0]") {
		t.Fatalf("saved:\n%s", got.Text[:1500])
	}
	// A clash: the page edits the adapter's line the hangar changed.
	clash := strings.Replace(src.Text, "position = [0.0, 1.0, 0.0]", "position = [0.0, 0.9, 0.0]", 1)
	if _, err := saveCraft("lander", clash, src.Text); err == nil || !strings.Contains(err.Error(), "reload") {
		t.Fatalf("a clashing edit: %v", err)
	}
	if now, _ := craftSource(opts, "lander"); now.Text != got.Text {
		t.Fatal("a clashing edit was saved")
	}
	// The hangar takes the page's save (its description) within a second.
	h.run(a, pollTicks)
	if !strings.Contains(string(h.ed.Text()), "sixteen RCS") {
		t.Fatal("the hangar did not take the page's save")
	}
}

// The quit confirmation over the menu: No and Esc go back to the menu,
// Yes ends the game; the page names it "confirm".
func TestQuitConfirmation(t *testing.T) {
	a := testApp(t)
	menu := a.openMenu(nil, "")
	if name, _ := sceneScreen(confirmQuit(menu)); name != "confirm" {
		t.Errorf("the page names the quit confirmation %q, want confirm", name)
	}
	for _, keys := range [][]Action{{ActMenuSelect}, {ActMenuBack}} {
		press(a, keys...)
		if next, err := confirmQuit(menu).Update(a); next != Scene(menu) || err != nil {
			t.Errorf("%v on the quit confirmation: %T, %v; want the menu back", keys, next, err)
		}
	}
	sc := confirmQuit(menu)
	press(a, ActMenuDown)
	sc.Update(a)
	press(a, ActMenuSelect)
	next, err := sc.Update(a)
	if err != nil {
		t.Fatal(err)
	}
	press(a)
	if _, err := next.Update(a); err != ebiten.Termination {
		t.Errorf("Yes, quit: %T then %v, want the game to end", next, err)
	}
}
