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

// Once the feet are down the goal line says what still keeps the landing
// from being judged: the SAS's RCS, the engine, or only time.
func TestLandedObjective(t *testing.T) {
	f := loadFlight(t, "../flight/testdata/missions/landed.toml") // standing on the pad
	for !f.Judge.TouchedDown() && f.Tick < 60 {
		f.Step(nil)
	}
	if !f.Judge.TouchedDown() {
		t.Fatal("the landed lander never touched down")
	}
	v, err := New(f)
	if err != nil {
		t.Fatal(err)
	}
	cam := render.NewCamera()
	for _, c := range []struct {
		sas    flight.SASMode
		firing bool
		want   string
	}{
		{flight.SASHold, true, "Down: the SAS still fires the RCS: set it OFF (T) to settle"},
		{flight.SASOff, true, "Down: cut the engine (X) to settle"},
		{flight.SASHold, false, "Down: keep still for 3 s"},
	} {
		f.Controls.SAS, f.Firing = c.sas, c.firing
		if got := v.Build(f, cam, 1, 1, "chase").HUD.Status.Objective; got != c.want {
			t.Errorf("SAS %v, firing %v: objective %q, want %q", c.sas, c.firing, got, c.want)
		}
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
