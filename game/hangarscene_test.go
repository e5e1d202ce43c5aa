package game

import (
	"testing"

	"spaceflight/data"
)

// The main menu's Hangar entry lists the crafts; choosing one puts it on the
// stand, and Esc goes back to the list, then to the menu.
func TestHangarFromMenu(t *testing.T) {
	a := testApp(t)
	a.opts.Shipped, a.opts.DataDir = data.FS, t.TempDir()
	m := a.openMenu(nil, "")
	var sc Scene = m
	m.sel = len(m.missions) + indexOfPage(t, "Hangar")
	press(a, ActMenuSelect)
	sc, err := sc.Update(a)
	if err != nil {
		t.Fatal(err)
	}
	list, ok := sc.(*hangarMenuScene)
	if !ok {
		t.Fatalf("the Hangar entry opened %T", sc)
	}
	lander := -1
	for i, c := range list.crafts {
		if c == "lander" {
			lander = i
		}
	}
	if lander < 0 {
		t.Fatalf("crafts %v: no lander", list.crafts)
	}
	list.sel = lander
	press(a, ActMenuSelect)
	if sc, err = sc.Update(a); err != nil {
		t.Fatal(err)
	}
	stand, ok := sc.(*hangarScene)
	if !ok {
		t.Fatalf("choosing the lander opened %T", sc)
	}
	if got := stand.stand.Craft.Name; got == "" {
		t.Fatal("no craft on the stand")
	}
	if fr := sc.Frame(a); fr == nil || len(fr.Bodies) == 0 {
		t.Fatal("the stand draws nothing")
	}
	press(a, ActMenuBack)
	if sc, _ = sc.Update(a); sc != list {
		t.Fatalf("Esc on the stand went to %T, want the craft list", sc)
	}
	press(a, ActMenuBack)
	if sc, _ = sc.Update(a); sc != m {
		t.Fatalf("Esc on the craft list went to %T, want the menu", sc)
	}
}

func indexOfPage(t *testing.T, label string) int {
	for i, p := range menuPages {
		if p.label == label {
			return i
		}
	}
	t.Fatalf("no %q in the menu", label)
	return -1
}
