package view

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/flight"
	"spaceflight/render"
)

// Building a frame allocates nothing: Draw runs it every frame. The HUD's
// goal line is formatted once per flight, and reads "Docked" once latched.
func TestViewBuildAllocs(t *testing.T) {
	for _, run := range []struct{ mission, goal string }{
		{"tumble", "Stop the tumble"}, {"dock", "Dock:"}, {"land", "Land on the pad"},
	} {
		f := loadFlight(t, run.mission)
		f.Step([]flight.Command{{Tick: 0, Kind: flight.KindAutopilot}})
		for f.Tick < 120 {
			f.Step(nil)
		}
		v, err := New(f)
		if err != nil {
			t.Fatal(err)
		}
		cam := render.NewCamera()
		if n := testing.AllocsPerRun(100, func() { v.Build(f, cam, 1, 1, "chase") }); n != 0 {
			t.Errorf("%s: %v allocations per frame, want 0", run.mission, n)
		}
		if got := v.Build(f, cam, 1, 1, "chase").HUD.Status.Objective; !strings.HasPrefix(got, run.goal) {
			t.Errorf("%s: objective %q, want %q…", run.mission, got, run.goal)
		}
		if f.Target != nil {
			f.Latch = 0
			if got := v.Build(f, cam, 1, 1, "chase").HUD.Status.Objective; got != "Docked" {
				t.Errorf("%s latched: objective %q, want Docked", run.mission, got)
			}
		}
	}
}

// The predicted landing point is where free fall from the current state
// meets the pad: straight below a lander falling straight down, on the
// pad's top; ahead by v·t when it also drifts, t from alt + v_y t − g t²/2 = 0.
func TestLandingPoint(t *testing.T) {
	f := loadFlight(t, "land")
	st := f.State()
	at, ok := landingPoint(f.Spec, st, f.Altitude())
	if !ok {
		t.Fatal("no landing point for a lander 60 m up")
	}
	if math.Abs(at[0]-st.Position[0]) > 1e-9 || math.Abs(at[2]-st.Position[2]) > 1e-9 || at[1] != f.Spec.Pad.Position[1] {
		t.Errorf("falling straight: landing point %v, want under %v on the pad top y = %g", at, st.Position, f.Spec.Pad.Position[1])
	}
	const vx = 2.0
	st.Velocity = st.Velocity.Add(mgl64.Vec3{vx, 0, 0})
	alt, g, vy := f.Altitude(), -f.Spec.Gravity[1], st.Velocity[1]
	tt := (vy + math.Sqrt(vy*vy+2*g*alt)) / g
	at, _ = landingPoint(f.Spec, st, alt)
	if want := st.Position[0] + vx*tt; math.Abs(at[0]-want) > 1e-6 {
		t.Errorf("drifting at %g m/s: landing point x = %g, want %g", vx, at[0], want)
	}
	if want := f.Spec.Ground.Height; vx*tt > 10 && at[1] != want {
		t.Errorf("beyond the pad: landing point y = %g, want the ground's %g", at[1], want)
	}
}

// The goal line follows the landing's state: once a foot is down it says
// what still keeps the landing from being judged — the engine, the SAS's
// RCS, a thruster, or only time, with the settle clock; after a bounce,
// to come back down. Keys are named by action, for the game to fill in.
func TestLandedObjective(t *testing.T) {
	f := loadFlight(t, "../flight/testdata/missions/landed.toml") // standing on the pad
	for f.Judge.Land != flight.LandSettling && f.Tick < 120 {
		f.Step(nil)
	}
	if f.Judge.Land != flight.LandSettling {
		t.Fatalf("the landed lander never settled: %v", f.Judge.Land)
	}
	v, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	cam := render.NewCamera()
	goal := func() string { return v.Build(f, cam, 1, 1, "chase").HUD.Status.Objective }
	if got := goal(); !strings.HasPrefix(got, "Down: keep still — ") || !strings.HasSuffix(got, " of 3 s") {
		t.Errorf("settling: objective %q, want the settle clock", got)
	}
	f.Judge.Land = flight.LandTouching
	for _, c := range []struct {
		sas  flight.SASMode
		main float64
		want string
	}{
		{flight.SASHold, 0.3, "Down: cut the engine ({throttle_cut}) to settle"},
		{flight.SASHold, 0, "Down: the SAS still fires the RCS: set it OFF ({sas_cycle}) to settle"},
		{flight.SASOff, 0, "Down: a thruster still fires: let go of the keys to settle"},
	} {
		f.Controls.SAS, f.Firing = c.sas, true
		for i, p := range f.Player.Spec.Thrusters {
			if p.Group == craft.GroupMain {
				f.Player.Level[i] = c.main
			}
		}
		if got := goal(); got != c.want {
			t.Errorf("SAS %v, main %.1f: objective %q, want %q", c.sas, c.main, got, c.want)
		}
	}
	f.Judge.Land = flight.LandBounced
	if got := goal(); !strings.HasPrefix(got, "Bounced:") {
		t.Errorf("bounced: objective %q", got)
	}
}

// B swaps the navball between the target's frame and the local one: a
// docking shows the target's and swaps to inertial, an orbit shows LVLH and
// swaps to the target's, a landing has only the surface.
func TestNavballSwap(t *testing.T) {
	for _, c := range []struct{ mission, plain, swapped string }{
		{"dock", "TARGET", "INERTIAL"},
		{"vbar", "LVLH", "TARGET"},
		{"land", "SURFACE", "SURFACE"},
	} {
		f := loadFlight(t, c.mission)
		f.Step(nil)
		v, err := New(f)
		if err != nil {
			t.Fatal(err)
		}
		cam := render.NewCamera()
		for _, swap := range []bool{false, true} {
			v.NavSwap = swap
			want := c.plain
			if swap {
				want = c.swapped
			}
			fr := v.Build(f, cam, 1, 1, "chase")
			if got := fr.HUD.Attitude.Label; got != want {
				t.Errorf("%s, swapped %v: navball %q, want %q", c.mission, swap, got, want)
			}
			if f.Target != nil && fr.HUD.Docking == nil {
				t.Errorf("%s, swapped %v: the docking panel went with the ball", c.mission, swap)
			}
		}
	}
}

func loadFlight(t *testing.T, name string) *flight.Flight {
	t.Helper()
	m, err := craft.NewLibrary(craft.Shipped(data.FS)).LoadMission(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := flight.New(m, flight.DefaultDt, flight.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The HUD's touchdown point works on the cross-range landing: at the start
// it is where a free fall from there lands, 10 m/s × the fall time east.
func TestBouldersLandingPoint(t *testing.T) {
	f := loadFlight(t, "boulders")
	alt := f.Altitude()
	st := f.State()
	at, ok := landingPoint(f.Spec, st, alt)
	fall := math.Sqrt(2 * alt / 1.62)
	want := st.Position.Add(st.Velocity.Mul(fall))
	if !ok || math.Abs(at[0]-want[0]) > 0.01 || math.Abs(at[2]-want[2]) > 0.01 || at[1] != 0 {
		t.Errorf("touchdown point %v (%v), want (%.2f, 0, %.2f) after a %.1f s fall", at, ok, want[0], want[2], fall)
	}
}

// The translation keys that push the craft along an offset in its own
// frame (+x left, +z forward), by action, for the game to fill in.
func TestMoveKeys(t *testing.T) {
	flat := [3]bool{true, false, true}
	for _, c := range []struct {
		off  mgl64.Vec3
		use  [3]bool
		want string
	}{
		{mgl64.Vec3{0, -20, 10}, flat, "{translate_forward}"},
		{mgl64.Vec3{0, 0, -10}, flat, "{translate_back}"},
		{mgl64.Vec3{5, 0, -10}, flat, "{translate_back} {translate_left}"},
		{mgl64.Vec3{-10, 3, 1}, flat, "{translate_right}"},
		{mgl64.Vec3{0.2, -30, 0.3}, flat, ""},
		{mgl64.Vec3{-0.3, 0.4, 0}, [3]bool{true, true, true}, "{translate_right} {translate_up}"},
	} {
		if got := moveKeys(c.off, c.use, 0.5); got != c.want {
			t.Errorf("offset %v: keys %q, want %q", c.off, got, c.want)
		}
	}
}

// The docking panel reads in the pilot's frame: on the plain docking, the
// rolling station and the tumbling satellite, a tap of translate-right
// moves the offset the same way — the approach line comes left, against
// the same flight without the tap, whatever the target does meanwhile.
func TestDockingPanelPilotFrame(t *testing.T) {
	for _, name := range []string{"dock", "dock-rotating", "capture"} {
		var got [2]*render.Docking
		for i, tap := range []float64{0, -1} { // −1: right
			f := loadFlight(t, name)
			v, err := New(f)
			if err != nil {
				t.Fatal(err)
			}
			f.Step([]flight.Command{{Tick: f.Tick, Kind: flight.KindTranslateX, Value: tap}})
			for range 30 {
				f.Step(nil)
			}
			d := *v.Build(f, render.NewCamera(), 1, 1, "chase").HUD.Docking
			got[i] = &d
		}
		dx, dy := got[1].Offset[0]-got[0].Offset[0], got[1].Offset[1]-got[0].Offset[1]
		if !(dx < -1e-4) || math.Abs(dy) > math.Abs(dx)/10 {
			t.Errorf("%s: translating right moved the offset by (%+.4f, %+.4f) m; want it to the left", name, dx, dy)
		}
		if r := got[1].OffsetRate[0] - got[0].OffsetRate[0]; r >= 0 {
			t.Errorf("%s: drifting right changed the offset's rate by %+.4f m/s, want negative", name, r)
		}
	}
}

// For the tumbling satellite the panel looks ahead: its flip and the time
// the port faces the shuttle, predicted at the start, come true in the
// physics within a second.
func TestPortAheadComesTrue(t *testing.T) {
	f := loadFlight(t, "capture")
	v, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	cam := render.NewCamera()
	m := v.Build(f, cam, 1, 1, "chase").HUD.Docking.Port
	if m == nil || math.IsInf(m.Flip, 1) || math.IsInf(m.Faces, 1) {
		t.Fatalf("the satellite's port: %+v; want a flip and a facing ahead", m)
	}
	faces, flip := m.Faces, m.Flip
	var sawFace, sawFlip float64 = -1, -1
	ts := f.Target.State(f.World)
	l0, _ := f.Target.Motion(f.World, ts)
	side := func() float64 {
		p, _ := f.TargetPort()
		return p.Orientation.Rotate(mgl64.Vec3{0, 0, 1}).Dot(l0)
	}
	s0 := side()
	for f.Time() < max(faces, flip)+5 {
		f.Step(nil)
		p, _ := f.TargetPort()
		to := f.State().Position.Sub(p.Position).Normalize()
		if sawFace < 0 && p.Orientation.Rotate(mgl64.Vec3{0, 0, 1}).Dot(to) >= math.Cos(portFace) {
			sawFace = f.Time()
		}
		if sawFlip < 0 && side()*s0 < 0 {
			sawFlip = f.Time()
		}
	}
	t.Logf("predicted: faces at %.1f s, flips at %.1f s; the physics: %.1f s, %.1f s", faces, flip, sawFace, sawFlip)
	if math.Abs(sawFace-faces) > 1 || math.Abs(sawFlip-flip) > 1 {
		t.Errorf("predicted faces at %.1f s and a flip at %.1f s; it faced at %.1f s and flipped at %.1f s", faces, flip, sawFace, sawFlip)
	}
}

// In orbit the relative-motion panel shows the plane from the side the
// camera sees it from: the coasting path bends the same way on the panel
// as in the scene (in the R-bar approach it bent right in one and left in
// the other) — unless the camera looks along V-bar, edge-on.
func TestOrbitPanelBendsAsTheScene(t *testing.T) {
	for _, name := range []string{"rbar", "vbar"} {
		f := loadFlight(t, name)
		v, err := New(f)
		if err != nil {
			t.Fatal(err)
		}
		cam := NewCamera(f.Spec)
		f.Step([]flight.Command{{Tick: 0, Kind: flight.KindAutopilot}})
		for f.Tick < 50*60 {
			f.Step(nil)
			cam.Update(f.Dt, CameraTarget(f), render.CameraInput{})
		}
		fr := v.Build(f, cam, 1, 1, "chase")
		plot := fr.HUD.Orbit
		end := plot.Path[len(plot.Path)-1]
		dx := end[0] - plot.Craft[0] // where the path goes, ahead (+x) or behind
		st := f.State()
		x0, _, ok0 := render.Project(fr.View, 1280, 720, st.Position)
		x1, _, ok1 := render.Project(fr.View, 1280, 720, st.Position.Add(mgl64.Vec3{dx, 0, 0}))
		if !ok0 || !ok1 {
			t.Fatalf("%s: the craft or its way ahead behind the camera", name)
		}
		panel := dx
		if plot.Mirror {
			panel = -dx
		}
		if math.Abs(x1-x0) < 5 {
			t.Logf("%s: the camera looks along V-bar (the path %+.1f px across the scene): either side will do", name, x1-x0)
			continue
		}
		if (x1-x0)*panel < 0 {
			t.Errorf("%s: the path goes %+.0f m along V-bar: %+.0f px across the scene, %+.0f across the panel; want the same way", name, dx, x1-x0, panel)
		}
	}
}

// The status strip and gauges show what the pilot needs: the tumble's
// hold counting up, fine control's lamp, the lander's hover throttle (its
// weight over its thrust, ≈ 39 % full) and hover time, the landing aids'
// lamps where they apply, and the keys that stop a drift.
func TestStatusFigures(t *testing.T) {
	f := loadFlight(t, "tumble")
	v, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	cam := render.NewCamera()
	f.Step([]flight.Command{{Tick: 0, Kind: flight.KindAutopilot}, {Tick: 0, Kind: flight.KindFine, Value: 1}})
	for f.Judge.Held(f.Time()) < 1 && f.Tick < 60*60 {
		f.Step(nil)
	}
	st := v.Build(f, cam, 1, 1, "chase").HUD.Status
	if !strings.Contains(st.Objective, "|ω| below 0.5°/s for 3 s — held 1.0 of 3 s") || !st.Fine || st.Hover != 0 || len(st.Aids) != 0 {
		t.Errorf("tumble: objective %q, fine %v, hover %g, aids %v; want the hold counting, fine on, no hover, no aids", st.Objective, st.Fine, st.Hover, st.Aids)
	}

	f = loadFlight(t, "land")
	if v, err = New(f); err != nil {
		t.Fatal(err)
	}
	st = v.Build(f, cam, 1, 1, "chase").HUD.Status
	if want := 1450 * 1.62 / 6000; math.Abs(st.Hover-want) > 0.002 {
		t.Errorf("lander: hover throttle %.4f, want %.4f", st.Hover, want)
	}
	// Hovering burns at most the full flow (6000 N at Isp 311 s): at least
	// fuel / that long, and the fuel would last a little longer as it lightens.
	if low := 300 / (6000 / (311 * 9.80665) * st.Hover); st.HoverTime < low || st.HoverTime > 1.2*low {
		t.Errorf("lander: hover time %.1f s, want a little over %.1f", st.HoverTime, low)
	}
	if len(st.Aids) != 2 || st.Aids[0].Name != "KILL H" || st.Aids[1].Name != "HOLD V/S" || st.Aids[0].On || st.Aids[1].On {
		t.Errorf("lander: aids %+v, want KILL H and HOLD V/S, both off", st.Aids)
	}

	f = loadFlight(t, "boulders") // drifting east at 10 m/s
	if v, err = New(f); err != nil {
		t.Fatal(err)
	}
	l := v.Build(f, cam, 1, 1, "chase").HUD.Landing
	east := f.State().Orientation.Conjugate().Rotate(mgl64.Vec3{1, 0, 0})
	if want := moveKeys(east.Mul(-1), [3]bool{true, false, true}, 0.05); l.DriftKeys == "" || l.DriftKeys != want {
		t.Errorf("boulders: drift keys %q, want those pushing west, %q", l.DriftKeys, want)
	}
}

// A station holding the local vertical in orbit holds still in the scene:
// its port neither swings nor flips, and the docking panel says nothing
// of its motion.
func TestStillPortHasNoMotion(t *testing.T) {
	for _, name := range []string{"vbar", "rbar", "dock", "dock-rotating"} {
		f := loadFlight(t, name)
		v, err := New(f)
		if err != nil {
			t.Fatal(err)
		}
		for range 60 {
			f.Step(nil)
		}
		if m := v.Build(f, render.NewCamera(), 1, 1, "chase").HUD.Docking.Port; m != nil {
			t.Errorf("%s: the port's motion %+v, want none", name, m)
		}
	}
}
