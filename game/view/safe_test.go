package view

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/flight"
	"spaceflight/render"
)

// safeSizes are the screens the safe-area test frames on.
var safeSizes = [][2]int{{1280, 720}, {1920, 1080}, {1280, 1024}, {2560, 1080}}

// No panel ever covers the craft or its goal: in every shipped mission's
// opening frame (the briefing's, at tick 0), closing frame (when the
// flight is over, flown by its autopilot) and every 5 s between, each
// corner of the player's
// craft's shapes and each goal point — the pad's centre, the touchdown
// ring, the target's port while not latched — appears inside the safe
// area and in no panel of the frame's HUD, on every screen size.
func TestCraftAndGoalClearOfPanels(t *testing.T) {
	lib := craft.NewLibrary(craft.Shipped(data.FS))
	for _, name := range lib.Missions() {
		t.Run(name, func(t *testing.T) {
			m, err := lib.LoadMission(name)
			if err != nil {
				t.Fatal(err)
			}
			f, err := flight.New(m, flight.DefaultDt, flight.Options{})
			if err != nil {
				t.Fatal(err)
			}
			v, err := New(f)
			if err != nil {
				t.Fatal(err)
			}
			cams := make([]*render.Camera, len(safeSizes))
			for i, sz := range safeSizes {
				cams[i] = NewCamera(m)
				cams[i].Screen = sz
				cams[i].Update(0, CameraTarget(f), render.CameraInput{})
			}
			check := func(when string) {
				for i, sz := range safeSizes {
					fr := v.Build(f, cams[i], 1, 1, cams[i].Mode.String())
					fr.HUD.Help = "W/S A/D Q/E rotate" // the game adds its key line
					clearOfPanels(t, fmt.Sprintf("%s, %dx%d", when, sz[0], sz[1]), f, fr, sz)
				}
			}
			check("opening")
			f.Step([]flight.Command{{Tick: 0, Kind: flight.KindAutopilot}})
			for !f.Over() && f.Err == nil && f.Time() < max(f.Spec.TimeLimit, 600)+5 {
				f.Step(nil)
				target := CameraTarget(f)
				for _, c := range cams {
					c.Update(f.Dt, target, render.CameraInput{})
				}
				if f.Tick%(5*60) == 0 {
					check(fmt.Sprintf("at %.0f s", f.Time()))
				}
			}
			if f.Err != nil || f.Judge.Outcome != flight.Success {
				t.Fatalf("the autopilot did not succeed: %v %q %v", f.Judge.Outcome, f.Judge.Reason, f.Err)
			}
			check("closing")
		})
	}
}

// clearOfPanels checks the craft's and goal's points in frame fr on a
// screen of size sz.
func clearOfPanels(t *testing.T, when string, f *flight.Flight, fr *render.Frame, sz [2]int) {
	t.Helper()
	l := render.HUDLayout(sz[0], sz[1], fr)
	panels := l.Panels()
	type point struct {
		what string
		p    mgl64.Vec3
	}
	var pts []point
	w := f.World
	for i, shapes := range f.Player.Built.Shapes {
		b := w.Body(f.Player.Built.Bodies[i])
		for _, poly := range shapes {
			for _, x := range poly.Verts {
				pts = append(pts, point{"the craft", b.WorldPoint(x)})
			}
		}
	}
	if p := f.Spec.Pad; p != nil {
		pts = append(pts, point{"the pad's centre", p.Position})
	}
	for _, m := range fr.Marks {
		pts = append(pts, point{"the touchdown ring", m.Pos})
	}
	if port, ok := f.TargetPort(); ok && f.Latch == flight.NoJoint {
		pts = append(pts, point{"the target's port", port.Position})
	}
	// The craft is seen, not a speck: its corners span at least a twentieth
	// of the safe area's height (the shuttle below a station overhead, on
	// the R-bar, was framed at a few pixels).
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, pt := range pts {
		if pt.what != "the craft" {
			continue
		}
		if _, y, ok := render.Project(fr.View, sz[0], sz[1], pt.p); ok {
			lo, hi = min(lo, y), max(hi, y)
		}
	}
	if span := hi - lo; !(span >= 0.05*float64(l.Safe.H)) {
		t.Errorf("%s: the craft spans %.0f px of the safe area's %.0f", when, span, float64(l.Safe.H))
	}
	bad := 0
	for _, pt := range pts {
		x, y, ok := render.Project(fr.View, sz[0], sz[1], pt.p)
		if !ok {
			t.Errorf("%s: %s behind the camera", when, pt.what)
			bad++
		}
		for _, r := range panels {
			if r.Contains(x, y) {
				t.Errorf("%s: %s at (%.0f, %.0f) under the panel %+v", when, pt.what, x, y, r)
				bad++
				break
			}
		}
		if !(render.Rect{X: l.Safe.X - 1, Y: l.Safe.Y - 1, W: l.Safe.W + 2, H: l.Safe.H + 2}).Contains(x, y) {
			t.Errorf("%s: %s at (%.0f, %.0f) outside the safe area %+v", when, pt.what, x, y, l.Safe)
			bad++
		}
		if bad >= 3 {
			return
		}
	}
}
