package flight

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
)

// thruster returns the index of the player's thruster called name.
func thruster(t *testing.T, f *Flight, name string) int {
	t.Helper()
	i := slices.IndexFunc(f.Player.Spec.Thrusters, func(th craft.Thruster) bool { return th.Name == name })
	if i < 0 {
		t.Fatalf("no thruster %q", name)
	}
	return i
}

// Each failure happens at its time or condition and does what it says: a
// dead jet stays dark when commanded, a stuck one burns uncommanded, the
// throttle holds its level against the command, a leak drains the tank
// beyond what the thrusters use.
func TestFailuresHappen(t *testing.T) {
	f := loadFlight(t, "testdata/missions/failures.toml")
	fr, bl := thruster(t, f, "rcs_fr_up"), thruster(t, f, "rcs_bl_up")
	cmds := []Command{
		{Tick: 0, Kind: KindTranslateY, Value: 1}, {Tick: 0, Kind: KindThrottle, Value: 0.2},
		{Tick: 240, Kind: KindTranslateY, Value: 0}, {Tick: 240, Kind: KindThrottle, Value: 1},
	}
	until := func(s float64) {
		for f.Time() < s-1e-9 {
			f.Step(cmds)
		}
		if f.Err != nil {
			t.Fatal(f.Err)
		}
	}
	until(0.5)
	if f.Player.Level[fr] == 0 || f.Player.Level[bl] == 0 || len(f.Faults.Lines) != 0 {
		t.Fatalf("before the failures: up jets at %.2f and %.2f, faults %q", f.Player.Level[fr], f.Player.Level[bl], f.Faults.Lines)
	}
	until(1.5)
	if f.Player.Level[fr] != 0 || f.Player.Level[bl] == 0 {
		t.Errorf("dead rcs_fr_up fires at %.2f (rcs_bl_up at %.2f)", f.Player.Level[fr], f.Player.Level[bl])
	}
	until(2.5)
	if got := f.Player.MainLevel(); math.Abs(got-0.2) > 1e-9 {
		t.Errorf("throttle %.3f before it sticks, commanded 0.2", got)
	}
	until(4.5) // translation off, throttle commanded to 1
	if f.Player.Level[bl] != 1 || f.Player.Level[fr] != 0 {
		t.Errorf("stuck rcs_bl_up at %.2f, dead rcs_fr_up at %.2f with no translation commanded", f.Player.Level[bl], f.Player.Level[fr])
	}
	if got := f.Player.MainLevel(); math.Abs(got-0.3) > 1e-9 {
		t.Errorf("throttle %.3f after it stuck at 0.3, commanded 1", got)
	}
	for len(f.Faults.Lines) < 4 && f.Time() < 30 {
		f.Step(cmds)
	}
	if alt := f.Altitude(); len(f.Faults.Lines) < 4 || alt >= 180 || alt < 179 {
		t.Fatalf("the leak came at %.1f m (want just below 180): %q", alt, f.Faults.Lines)
	}
	fuel, used := f.Player.FuelLeft(), f.Player.FuelUsed
	until(f.Time() + 1)
	if lost := fuel - f.Player.FuelLeft() - (f.Player.FuelUsed - used); math.Abs(lost-2) > 0.05 {
		t.Errorf("the tank lost %.3f kg beyond use in 1 s, want 2", lost)
	}
	for i, want := range []string{"at 1.0 s: thruster rcs_fr_up dead", "at 2.0 s: thruster rcs_bl_up stuck open",
		"at 3.0 s: main engine throttle stuck at 30 %", "tank main leaking 2 kg/s"} {
		if !strings.Contains(f.Faults.Lines[i], want) {
			t.Errorf("fault line %d %q, want %q", i, f.Faults.Lines[i], want)
		}
	}
}

// dropOnPad flies the mission with the player's craft let go over the pad
// at vy m/s downwards, its feet 0.3 m up, commanding nothing.
func dropOnPad(t *testing.T, name string, vy float64) *Flight {
	t.Helper()
	m, err := shippedLibrary().LoadMission(name)
	if err != nil {
		t.Fatal(err)
	}
	m.Player.Position = m.Pad.Position.Add(mgl64.Vec3{0, 2.4, 0})
	m.Player.Velocity = mgl64.Vec3{0, -vy, 0}
	f, err := New(m, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for !f.Over() && f.Time() < 30 && f.Err == nil {
		f.Step(nil)
	}
	return f
}

// The cracked leg of the leaking landing takes a gentle touchdown and
// snaps in a hard one, and the lander falls over.
func TestCrackedLegBreaks(t *testing.T) {
	hinge := func(f *Flight) bool {
		k := slices.IndexFunc(f.Player.Spec.Joints, func(j craft.Joint) bool { return j.Name == "hinge_fr" })
		return f.World.Joint(f.Player.Built.Joints[k]).Valid()
	}
	f := dropOnPad(t, "land-failure", 1)
	if !hinge(f) || f.Judge.Outcome != Success {
		t.Errorf("1 m/s touchdown: hinge intact %v, %v %q", hinge(f), f.Judge.Outcome, f.Judge.Reason)
	}
	f = dropOnPad(t, "land-failure", 3)
	if hinge(f) || !slices.ContainsFunc(f.Faults.Lines, func(s string) bool { return strings.Contains(s, "hinge_fr broke") }) {
		t.Errorf("3 m/s touchdown: hinge intact %v, faults %q", hinge(f), f.Faults.Lines)
	}
	if f.Judge.Outcome != Crash {
		t.Errorf("3 m/s touchdown on a cracked leg: %v %q, want a crash", f.Judge.Outcome, f.Judge.Reason)
	}
}

// The boulders are solid: the lander let go over the tallest one hits it.
func TestBouldersAreSolid(t *testing.T) {
	m, err := shippedLibrary().LoadMission("boulders")
	if err != nil {
		t.Fatal(err)
	}
	rocks := m.Boulders.Field(m.Pad, m.Ground.Height)
	top, at := 0.0, mgl64.Vec3{}
	for _, r := range rocks {
		for _, v := range r.Poly.Verts {
			if p := r.Position.Add(r.Orientation.Rotate(v)); p[1] > top {
				top, at = p[1], r.Position
			}
		}
	}
	if top < 1 {
		t.Fatalf("the tallest rock stands %.2f m", top)
	}
	m.Player.Position = mgl64.Vec3{at[0], top + 3, at[2]}
	m.Player.Velocity = mgl64.Vec3{}
	f, err := New(m, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Rocks) != m.Boulders.Count {
		t.Fatalf("%d rocks in the flight, want %d", len(f.Rocks), m.Boulders.Count)
	}
	for !f.Over() && f.Time() < 30 && f.Err == nil {
		f.Step(nil)
	}
	if f.Judge.Outcome != Crash || !strings.HasSuffix(f.Judge.Reason, "hit a boulder") {
		t.Errorf("dropped on a %.2f m rock: %v %q, want a crash on a boulder", top, f.Judge.Outcome, f.Judge.Reason)
	}
}

// The capture autopilot waits out the satellite's first flip, docks with
// its own rate far above the 1°/s limit but the relative rate within it,
// and then stops the joined stack.
func TestCaptureAfterTheFlip(t *testing.T) {
	f := loadFlight(t, "capture")
	cmds := []Command{{Tick: 0, Kind: KindAutopilot}}
	var docked float64
	var own, rel float64
	for f.Judge.Outcome == Flying && f.Time() < f.Spec.TimeLimit && f.Err == nil {
		tel := f.Tel
		f.Step(cmds)
		if f.Judge.Docked && docked == 0 {
			docked, own, rel = f.Time(), tel.Omega, tel.RelativeRate
		}
	}
	if f.Judge.Outcome != Success || !strings.Contains(f.Judge.Reason, ", then |ω|") {
		t.Fatalf("%v %q", f.Judge.Outcome, f.Judge.Reason)
	}
	// The port faces away at the start; the flip turns it round at ≈ 90 s.
	if docked < 90 {
		t.Errorf("docked at %.1f s, before the flip", docked)
	}
	if Deg(own) < 5 || Deg(rel) > 1 {
		t.Errorf("at capture: own rate %.2f°/s, relative %.2f°/s; want ≥ 5 and ≤ 1", Deg(own), Deg(rel))
	}
	if w := f.State().AngularVelocity.Len(); Deg(w) > 0.5 {
		t.Errorf("the stack still turns at %.2f°/s", Deg(w))
	}
	t.Logf("docked at %.1f s, stopped at %.1f s, %.1f kg", docked, f.Judge.EndTime, f.Player.FuelUsed)
}

// Doing nothing fails every shipped mission, with a reason that names why —
// but a lesson, which waits for the pilot as long as it takes.
func TestDoingNothingFails(t *testing.T) {
	for _, name := range shippedLibrary().Missions() {
		f := fly(t, name, nil)
		if len(f.Spec.Lessons) > 0 {
			if f.Judge.Outcome != Flying || f.Judge.Lesson != 0 {
				t.Errorf("%s, left alone for %.0f s: %v at lesson %d; want it waiting at the first", name, f.Time(), f.Judge.Outcome, f.Judge.Lesson)
			}
			continue
		}
		if f.Judge.Outcome == Success || f.Judge.Outcome == Flying || f.Judge.Reason == "" {
			t.Errorf("%s, left alone: %v %q", name, f.Judge.Outcome, f.Judge.Reason)
		}
		t.Logf("%s: %v: %s", name, f.Judge.Outcome, f.Judge.Reason)
	}
}
