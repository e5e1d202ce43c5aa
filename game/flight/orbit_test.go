package flight

import (
	"math"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A craft let go in an orbit mission, with nothing else in the scene,
// follows the Clohessy–Wiltshire closed form for release at rest at (x₀,
// y₀, z₀): x = x₀ + 6y₀(sin nt − nt), y = y₀(4 − 3 cos nt), z = z₀ cos nt,
// to 1e-6 of y₀ over a whole orbit — the physics' field of accelerations
// as the game wires it, through the whole flight (thrusters idle, no
// sleeping).
func TestOrbitFreeCraftFollowsCW(t *testing.T) {
	m, err := shippedLibrary().LoadMission("vbar")
	if err != nil {
		t.Fatal(err)
	}
	spec := *m
	spec.Target, spec.TimeLimit = nil, 0
	spec.Kind = "free"
	const y0 = 50.0
	spec.Player.Position = mgl64.Vec3{-30, y0, 8}
	spec.Player.AngularVelocity = mgl64.Vec3{}
	f, err := New(&spec, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := m.Orbit.MeanMotion
	p0 := f.State().Position // the centre of mass, slightly off the craft origin
	if v := f.State().Velocity; v.Len() != 0 {
		t.Fatalf("released with velocity %v", v)
	}
	ticks := uint64(math.Ceil(m.Orbit.Period() / f.Dt))
	worst := 0.0
	for f.Tick < ticks {
		f.Step(nil)
		if f.Err != nil {
			t.Fatal(f.Err)
		}
		if f.Tick%600 == 0 || f.Tick == ticks {
			nt := n * f.Time()
			s, c := math.Sincos(nt)
			want := mgl64.Vec3{p0[0] + 6*p0[1]*(s-nt), p0[1] * (4 - 3*c), p0[2] * c}
			worst = max(worst, f.State().Position.Sub(want).Len())
		}
	}
	t.Logf("one orbit (%d ticks) from %.3f: %.2g m from the closed form at worst (%.1g of y₀); ended at %.1f", ticks, p0, worst, worst/y0, f.State().Position)
	if worst > 1e-6*y0 {
		t.Errorf("the craft left the Clohessy–Wiltshire path by %.3g m, want ≤ %.3g", worst, 1e-6*y0)
	}
	// It went around the loop: 12π y₀ behind, where it started in height.
	if x := f.State().Position[0] - p0[0]; math.Abs(x+12*math.Pi*p0[1]) > 1 {
		t.Errorf("after an orbit %.1f m along x, want %.1f", x, -12*math.Pi*p0[1])
	}
}

// The orbital approaches: the autopilot docks (with the CW plan, its path
// bending off the straight line to the port) and doing nothing fails by
// the time limit, named.
func TestOrbitApproaches(t *testing.T) {
	for _, tc := range []struct {
		mission string
		axis    int // the approach axis: x along the V-bar, y along the R-bar
	}{{"vbar", 0}, {"rbar", 1}} {
		f := loadFlight(t, tc.mission)
		start := f.State().Position
		off := 0.0 // the largest distance from the approach axis
		for f.Tick < uint64(f.Spec.TimeLimit/f.Dt) && f.Judge.Outcome == Flying && f.Err == nil {
			var cmds []Command
			if f.Tick == 0 {
				cmds = []Command{{Kind: KindAutopilot}}
			}
			f.Step(cmds)
			p := f.State().Position.Sub(start)
			p[tc.axis] = 0
			off = max(off, p.Len())
		}
		if f.Err != nil || f.Judge.Outcome != Success || f.Latch == NoJoint {
			t.Errorf("%s: Autopilot: %v after %.0f s: %s (%v)", tc.mission, f.Judge.Outcome, f.Time(), f.Judge.Reason, f.Err)
			continue
		}
		t.Logf("%s: autopilot docked in %.0f s with %.2f kg, at most %.1f m off the straight line: %s", tc.mission, f.Judge.EndTime, f.Player.FuelUsed, off, f.Judge.Reason)
		if off < 1 {
			t.Errorf("%s: the approach stayed within %.2f m of the straight line: no sign of the orbit's curve", tc.mission, off)
		}

		f = fly(t, tc.mission, nil)
		if f.Judge.Outcome != Failure || !strings.HasPrefix(f.Judge.Reason, "time limit") {
			t.Errorf("%s: doing nothing: %v %q, want a failure by the time limit", tc.mission, f.Judge.Outcome, f.Judge.Reason)
		}
	}
}
