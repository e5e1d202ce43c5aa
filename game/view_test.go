package game

import (
	"strings"
	"testing"

	"spaceflight/render"
)

// Building a frame allocates nothing: Draw runs it every frame. The HUD's
// goal line is formatted once per flight, and reads "Docked" once latched.
func TestViewBuildAllocs(t *testing.T) {
	for _, run := range []struct{ mission, goal string }{
		{"tumble", "Stop the tumble"}, {"dock", "Dock:"}, {"land", "Land on the pad"},
	} {
		f := loadFlight(t, run.mission)
		f.Step([]Command{{Tick: 0, Kind: KindAutopilot}})
		for f.Tick < 120 {
			f.Step(nil)
		}
		v, err := newView(f)
		if err != nil {
			t.Fatal(err)
		}
		cam := render.NewCamera()
		if n := testing.AllocsPerRun(100, func() { v.build(f, cam, 1, "chase") }); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", run.mission, n)
		}
		if got := v.build(f, cam, 1, "chase").HUD.Status.Objective; !strings.HasPrefix(got, run.goal) {
			t.Errorf("%s: objective %q, want %q…", run.mission, got, run.goal)
		}
		if f.Target != nil {
			f.Latch = 0
			if got := v.build(f, cam, 1, "chase").HUD.Status.Objective; got != "Docked" {
				t.Errorf("%s latched: objective %q, want Docked", run.mission, got)
			}
		}
	}
}
