package game

import (
	"testing"

	"spaceflight/render"
)

// Paused in a docking mission, the pause menu covers none of the HUD's
// panels — the docking panel above all, which a pilot pauses to read — at
// 1280×720 and larger; in a landing, nor the landing panel.
func TestPauseMenuBesideThePanels(t *testing.T) {
	for _, mission := range []string{"dock", "capture", "land"} {
		a := testApp(t)
		s, err := a.newSortie(mission)
		if err != nil {
			t.Fatal(err)
		}
		f := newPause(a, s).Frame(a)
		if f.Screen == nil || f.Screen.Title != "PAUSED" {
			t.Fatalf("%s: the pause scene shows %+v", mission, f.Screen)
		}
		for _, sz := range [][2]int{{1280, 720}, {1600, 900}, {1920, 1080}, {2560, 1440}, {1920, 1200}, {2560, 1080}} {
			l := render.HUDLayout(sz[0], sz[1], f)
			p := render.ScreenRect(sz[0], sz[1], f)
			panel := l.Docking
			if mission == "land" {
				panel = l.Landing
			}
			if panel.W == 0 {
				t.Fatalf("%s %dx%d: no docking or landing panel in the HUD", mission, sz[0], sz[1])
			}
			if p.Overlaps(panel) {
				t.Errorf("%s %dx%d: the pause menu %+v covers the mission's panel %+v", mission, sz[0], sz[1], p, panel)
			}
			for _, q := range l.Panels() {
				if p.Overlaps(q) && q != panel {
					t.Errorf("%s %dx%d: the pause menu %+v covers the panel %+v", mission, sz[0], sz[1], p, q)
				}
			}
		}
	}
}
