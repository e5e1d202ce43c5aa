package flight

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/physics"
)

func loadFlight(t *testing.T, name string) *Flight {
	t.Helper()
	m, err := shippedLibrary().LoadMission(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(m, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A box at rest given a full pitch, yaw or roll command turns about its
// own body axis only, in the commanded sense, at α = τ/I with τ what the
// thrusters can give — torque from forces at the thrusters' positions.
func TestTorqueCommandsActAboutBodyAxes(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		axis int     // body axis the command acts about
		sign float64 // sign of the body rate: nose up is −x, right yaw −y, right roll +z
	}{{KindPitch, 0, -1}, {KindYaw, 1, -1}, {KindRoll, 2, 1}} {
		f := loadFlight(t, "tumble")
		b := f.World.Body(f.Player.Built.Bodies[0])
		b.SetAngularVelocity(mgl64.Vec3{})
		f.Step([]Command{{Tick: 0, Kind: tc.kind, Value: 1}})
		for f.Tick < 60 {
			f.Step(nil)
		}
		wb := b.Orientation().Inverse().Rotate(b.AngularVelocity())
		pl := f.Player.Plant(f.World, f.Player.State(f.World))
		capacity := pl.Capacity.TorquePos[tc.axis]
		if tc.sign < 0 {
			capacity = pl.Capacity.TorqueNeg[tc.axis]
		}
		want := tc.sign * capacity / pl.Inertia.At(tc.axis, tc.axis) // after 1 s
		for i := range 3 {
			w := 0.0
			if i == tc.axis {
				w = want
			}
			if math.Abs(wb[i]-w) > 1e-4*math.Abs(want) { // the allocator gives capacity to ~1e-5
				t.Errorf("%v: body ω[%d] = %.9g, want %.9g", tc.kind, i, wb[i], w)
			}
		}
		if f.Player.FuelUsed <= 0 {
			t.Errorf("%v: thrusters fired but no propellant counted", tc.kind)
		}
	}
}

// The same commands give the same flight to the bit; different commands
// give a different one.
func TestFlightDeterministic(t *testing.T) {
	cmds := []Command{
		{Tick: 10, Kind: KindPitch, Value: 1}, {Tick: 50, Kind: KindPitch, Value: 0},
		{Tick: 70, Kind: KindRoll, Value: -1}, {Tick: 200, Kind: KindRoll, Value: 0},
	}
	run := func(cmds []Command) string {
		f := loadFlight(t, "tumble")
		for f.Tick < 600 {
			f.Step(cmds)
		}
		return f.StateHash()
	}
	a, b := run(cmds), run(cmds)
	if a != b {
		t.Fatalf("same commands, different states: %s vs %s", a, b)
	}
	cmds[0].Value = 0.5
	if c := run(cmds); c == a {
		t.Fatalf("different commands gave the same state hash %s", c)
	}
}

// Torque-free, the shipped tumble keeps |L| and E to 1e-6 over 120 s.
func TestTumbleConserves(t *testing.T) {
	f := loadFlight(t, "tumble")
	for f.Tick < 7200 {
		f.Step(nil)
	}
	if f.Err != nil {
		t.Fatal(f.Err)
	}
	if d := RelDrift(f.World.AngularMomentum().Len(), f.L0); d > 1e-6 {
		t.Errorf("|L| drift %.3g", d)
	}
	if d := RelDrift(f.World.Energy(), f.E0); d > 1e-6 {
		t.Errorf("E drift %.3g", d)
	}
}

// Values outside their range are clamped, so a replay or an autopilot
// cannot command more than full torque or throttle.
func TestControlsClamp(t *testing.T) {
	var c Controls
	c.apply(Command{Kind: KindYaw, Value: 7})
	c.apply(Command{Kind: KindRoll, Value: -3})
	c.apply(Command{Kind: KindThrottle, Value: -2})
	if c.Yaw != 1 || c.Roll != -1 || c.Throttle != 0 {
		t.Errorf("clamped controls = %+v", c)
	}
	if !c.apply(Command{Kind: KindPause}) {
		t.Error("pause is a scene command")
	}
}

// G folds the lander's legs up to their hinge limit and unfolds them again.
func TestGearStowAndDeploy(t *testing.T) {
	f := loadFlight(t, "land")
	f.World.SetGravity(mgl64.Vec3{}) // in free fall the legs move only by their springs
	legs := 0
	angles := func() (lo, hi float64) {
		lo, hi = math.Inf(1), math.Inf(-1)
		for k, j := range f.Player.Spec.Joints {
			if j.Kind == craft.JointHinge && f.Player.Spec.Parts[j.B].Role == craft.RoleLeg {
				a := f.World.Joint(f.Player.Built.Joints[k]).Angle()
				lo, hi = min(lo, a), max(hi, a)
			}
		}
		return
	}
	maxA := 0.0
	for _, j := range f.Player.Spec.Joints {
		if j.Kind == craft.JointHinge && f.Player.Spec.Parts[j.B].Role == craft.RoleLeg {
			legs++
			maxA = j.MaxAngle
		}
	}
	if legs != 4 {
		t.Fatalf("lander has %d leg hinges, want 4", legs)
	}
	f.Step([]Command{{Tick: 0, Kind: KindGear}})
	for f.Tick < 600 {
		f.Step(nil)
	}
	lo, _ := angles()
	if lo < maxA-2*math.Pi/180 {
		t.Errorf("stowed: legs at %.1f° and up, want near the %.1f° limit", Deg(lo), Deg(maxA))
	}
	f.Step([]Command{{Tick: f.Tick, Kind: KindGear}})
	for f.Tick < 1200 {
		f.Step(nil)
	}
	if _, hi := angles(); math.Abs(hi) > 1*math.Pi/180 {
		t.Errorf("deployed: a leg still at %.1f°, want 0", Deg(hi))
	}
}

// The altitude is the true clearance: over the sloped pad it is the GJK
// distance to the tilted surface, equal to the vertical gap only on a
// level pad; standing on the pad it is zero.
func TestAltitude(t *testing.T) {
	f := loadFlight(t, "land")
	want := f.Player.lowestPoint(f) - f.Spec.Pad.Position[1] // level pad, straight above
	if got := f.Altitude(); math.Abs(got-want) > 1e-9 {
		t.Errorf("level pad: altitude %.9f, want %.9f", got, want)
	}
	f = loadFlight(t, "testdata/missions/landed.toml")
	for f.Tick < 120 {
		f.Step(nil)
	}
	if got := f.Altitude(); got > 0.002 {
		t.Errorf("standing on the pad: altitude %.4f m", got)
	}
	// Above a pad tilted 5°: the clearance is the least distance of a vertex
	// from the pad's top plane, along the pad's normal — less than the
	// vertical gap.
	f = loadFlight(t, "testdata/missions/slope-above.toml")
	p := f.Spec.Pad
	n := p.Orientation.Rotate(mgl64.Vec3{0, 1, 0})
	plane, vertical := math.Inf(1), math.Inf(1)
	for i, shapes := range f.Player.Built.Shapes {
		b := f.World.Body(f.Player.Built.Bodies[i])
		for _, poly := range shapes {
			for _, x := range poly.Verts {
				v := b.WorldPoint(x)
				plane = min(plane, v.Sub(p.Position).Dot(n))
				// Vertical gap to the tilted top plane at this x, z.
				vertical = min(vertical, v.Sub(p.Position).Dot(n)/n[1])
			}
		}
	}
	if got := f.Altitude(); math.Abs(got-plane) > 1e-9 {
		t.Errorf("slope pad: altitude %.9f m, want %.9f (vertical gap %.3f)", got, plane, vertical)
	}
}

// The pointing SAS modes turn the lander's thrust axis (+y) along the
// velocity, against it, or up, and kill rotation stops a spin.
func TestSASModes(t *testing.T) {
	spec, err := shippedLibrary().LoadCraft("lander")
	if err != nil {
		t.Fatal(err)
	}
	tilted := mgl64.QuatRotate(0.5, mgl64.Vec3{1, 0, 1}.Normalize())
	for _, tc := range []struct {
		mode SASMode
		want mgl64.Vec3 // world direction of the thrust axis at the end (zero: check ω instead)
	}{
		{SASKill, mgl64.Vec3{}},
		{SASPrograde, mgl64.Vec3{1, 0, 0}},
		{SASRetrograde, mgl64.Vec3{-1, 0, 0}},
		{SASUp, mgl64.Vec3{0, 1, 0}},
	} {
		m := &craft.Mission{Name: "sas", Kind: craft.KindFree, Player: craft.Placement{
			Craft: "lander", Spec: spec, Orientation: tilted,
			Velocity: mgl64.Vec3{2, 0, 0}, AngularVelocity: mgl64.Vec3{0.05, 0.1, -0.05},
		}}
		if tc.mode == SASUp {
			m.Gravity = mgl64.Vec3{0, -1.62, 0} // up is against gravity; without it, no mode
		}
		f, err := New(m, DefaultDt, Options{})
		if err != nil {
			t.Fatal(err)
		}
		sasTo(t, f, tc.mode)
		for f.Tick < 30*60 {
			f.Step(nil)
		}
		st := f.State()
		if tc.want == (mgl64.Vec3{}) {
			if w := st.AngularVelocity.Len(); w > 0.001 {
				t.Errorf("%v: still turning at %.4f rad/s", tc.mode, w)
			}
			continue
		}
		axis := st.Orientation.Rotate(mgl64.Vec3{0, 1, 0})
		if a := math.Acos(min(1, axis.Dot(tc.want))); a > 1*math.Pi/180 {
			t.Errorf("%v: thrust axis %.2f° off %v after 30 s", tc.mode, a*180/math.Pi, tc.want)
		}
	}
}

// A decided mission is over runOn (2 s) of ticks after the tick that
// decided it, not before.
func TestFlightOver(t *testing.T) {
	f := loadFlight(t, "tumble")
	f.Step([]Command{{Tick: 0, Kind: KindAutopilot}})
	for f.Judge.Outcome == Flying && f.Err == nil && f.Tick < 6000 {
		if f.Over() {
			t.Fatalf("over at tick %d while flying", f.Tick)
		}
		f.Step(nil)
	}
	if f.Judge.Outcome == Flying {
		t.Fatalf("undecided after %d ticks: %v", f.Tick, f.Err)
	}
	end := f.Tick
	for f.Tick < end+120 {
		if f.Over() {
			t.Fatalf("over at tick %d, %d ticks after the outcome; want 120", f.Tick, f.Tick-end)
		}
		f.Step(nil)
	}
	if !f.Over() {
		t.Errorf("not over %d ticks after the outcome", f.Tick-end)
	}
}

// dueAt hands each tick exactly its commands, in order, and skips those of
// ticks already past.
func TestDueAt(t *testing.T) {
	cs := []Command{{Tick: 0, Kind: KindPitch}, {Tick: 0, Kind: KindYaw}, {Tick: 2, Kind: KindSAS}, {Tick: 3, Kind: KindGear}, {Tick: 5, Kind: KindUndock}}
	next := 0
	var got []Command
	for _, tick := range []uint64{0, 1, 2, 4, 5, 6} { // tick 3 never comes: its command is skipped
		got = DueAt(got[:0], cs, &next, tick)
		var want []Command
		for _, c := range cs {
			if c.Tick == tick {
				want = append(want, c)
			}
		}
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Errorf("tick %d: %v, want %v", tick, got, want)
		}
	}
	if next != len(cs) {
		t.Errorf("cursor at %d after the last tick, want %d", next, len(cs))
	}
}

// Free motion is physics, not something to put to sleep: in dock-rotating,
// flown with no input for ten minutes, the station keeps rolling at
// 0.5°/s to 1e-9 rad/s (the game keeps sleep on; an island in free space
// never sleeps), and a box spinning at 1°/s in empty space keeps spinning.
func TestFreeMotionNeverSleeps(t *testing.T) {
	f := loadFlight(t, "dock-rotating")
	want := mgl64.DegToRad(0.5)
	worst := 0.0
	for f.Tick < 10*60*60 {
		f.Step(nil)
		if f.Err != nil {
			t.Fatal(f.Err)
		}
		om := f.Target.State(f.World).AngularVelocity.Len()
		worst = max(worst, math.Abs(om-want))
	}
	t.Logf("station roll rate off 0.5°/s by at most %.3g rad/s over 10 min", worst)
	if worst > 1e-9 {
		t.Errorf("the station's roll rate left 0.5°/s by %.3g rad/s", worst)
	}

	w := physics.NewWorld(physics.WorldDef{Sleep: true})
	om := mgl64.Vec3{0, mgl64.DegToRad(1), 0}
	id := w.AddBody(physics.BodyDef{Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{1, 2, 3}), Orientation: mgl64.QuatIdent(), AngularVelocity: om})
	for range 60 * 60 {
		if err := w.Step(DefaultDt); err != nil {
			t.Fatal(err)
		}
	}
	if b := w.Body(id); b.Asleep() || b.AngularVelocity().Sub(om).Len() > 1e-12 {
		t.Errorf("a box spinning at 1°/s in free space: asleep %v, ω %v after a minute, want %v", b.Asleep(), b.AngularVelocity(), om)
	}
}

// The match-port SAS turns and rolls the craft with the target's port: on
// the rolling station the rate relative to the target and the
// misalignment go to zero while the pilot does nothing else; with the SAS
// off the roll stays. (The tumbling satellite: TestSASMatchRefuses.)
func TestSASMatchPort(t *testing.T) {
	for _, tc := range []struct {
		mission string
		secs    int
	}{{"dock-rotating", 60}} {
		for _, match := range []bool{false, true} {
			f := loadFlight(t, tc.mission)
			if match {
				sasTo(t, f, SASMatch)
			}
			for f.Tick < uint64(tc.secs*60) {
				f.Step(nil)
			}
			if f.Err != nil {
				t.Fatal(f.Err)
			}
			rate, angle := Deg(f.Tel.RelativeRate), Deg(f.Tel.Misalignment)
			t.Logf("%s, match %v: relative rate %.3f°/s, misalignment %.2f° after %d s", tc.mission, match, rate, angle, tc.secs)
			switch {
			case match && (rate > 0.05 || angle > 0.5):
				t.Errorf("%s: matching, relative rate %.3f°/s and misalignment %.2f° after %d s, want ≤ 0.05 and 0.5", tc.mission, rate, angle, tc.secs)
			case !match && rate < 0.3:
				t.Errorf("%s: SAS off, relative rate %.3f°/s: the target should still turn past", tc.mission, rate)
			}
		}
	}
}

// sasTo presses T (one press a tick) until the flight's SAS is in mode m,
// failing the test when the cycle never reaches it.
func sasTo(t *testing.T, f *Flight, m SASMode) {
	t.Helper()
	for range NumSASModes {
		if f.Controls.SAS == m {
			return
		}
		f.Step([]Command{{Tick: f.Tick, Kind: KindSAS}})
	}
	if f.Controls.SAS != m {
		t.Fatalf("T never reaches SAS %v in %s (at %v)", m, f.Spec.Name, f.Controls.SAS)
	}
}
