package game

import (
	"slices"
	"strings"
	"testing"

	"spaceflight/game/flight"
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

// A docking flown under time warp ×4 ends on a results page that shows no
// warp — time has stopped — and "Fly again" starts the next flight at ×1,
// as any new flight, not at the warp set for the last one's coast.
func TestResultsStopTheWarp(t *testing.T) {
	a := testApp(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	s, err := a.newSortie("dock")
	if err != nil {
		t.Fatal(err)
	}
	s.autopilot, s.warp = true, 4
	res := flyToResults(t, a, s, 20000)
	if !s.flight.Judge.Docked {
		t.Fatalf("the autopilot did not dock: %s", s.flight.Judge.Reason)
	}
	t.Logf("docked at tick %d: %s", s.flight.Tick, s.flight.Judge.Reason)
	f := res.Frame(a)
	if st := f.HUD.Status; st == nil || st.WarpSet > 1 || st.Warp > 1 {
		t.Errorf("the results show the warp: %+v", f.HUD.Status)
	}
	if strings.Contains(f.HUD.Help, "warp") {
		t.Errorf("the results' key line offers the warp keys: %q", f.HUD.Help)
	}
	res.sel = slices.Index(res.screen.Items, "Fly again")
	press(a, ActMenuSelect)
	next, err := res.Update(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := next.(*briefingScene); !ok || s.warp != 1 {
		t.Errorf("fly again: %T at warp ×%d; want the briefing, at ×1", next, s.warp)
	}
}

// F (sas_back) steps the SAS back one mode, like every action rebindable,
// named in the help, the briefing's keys and the key line: from OFF on the
// lander back to UP in one press — one sas_back command in the replay —
// where T would pass through KILL, HOLD, PROGRADE and RETROGRADE.
func TestSASBackKey(t *testing.T) {
	a := testApp(t)
	s, err := a.newSortie("land")
	if err != nil {
		t.Fatal(err)
	}
	press(a, ActSASBack)
	flyFrames(t, a, &flightScene{s: s}, 2)
	if got := s.flight.Controls.SAS; got != flight.SASUp {
		t.Errorf("one press of F from OFF: SAS %v, want up", got)
	}
	var kinds []string
	for _, c := range s.record {
		if c.Kind == flight.KindSAS || c.Kind == flight.KindSASBack {
			kinds = append(kinds, c.Kind.String())
		}
	}
	if !slices.Equal(kinds, []string{"sas_back"}) {
		t.Errorf("recorded %v, want one sas_back", kinds)
	}

	def := DefaultSettings()
	if keysOf(&def, ActSASBack) != "F" {
		t.Errorf("sas_back bound to %s by default, want F", keysOf(&def, ActSASBack))
	}
	set, err := ParseSettings("settings.toml", []byte("[keys]\nsas_back = [\"Backquote\"]\n"))
	if err != nil || keysOf(&set, ActSASBack) != "Backquote" {
		t.Errorf("sas_back rebound: %s (%v)", keysOf(&set, ActSASBack), err)
	}
	if hint := flightHint(&set, s.flight.Spec, false); !strings.Contains(hint, "T/Backquote SAS") {
		t.Errorf("key line %q does not name the rebound key beside T", hint)
	}
	if keys := strings.Join(missionKeys(&def, s.flight.Spec), "\n"); !strings.Contains(keys, "(F back one)") {
		t.Errorf("the briefing's keys do not name F:\n%s", keys)
	}
	help := helpOverlay(&def, helpGroups, true)
	found := false
	for _, g := range help.Groups {
		for _, r := range g.Rows {
			found = found || r.Keys == "F" && strings.Contains(r.Action, "SAS mode back")
		}
	}
	if !found {
		t.Error("the help overlay does not list F: SAS mode back")
	}
}
