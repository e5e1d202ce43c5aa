package game

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// A craft at rest given a full pitch command turns nose up about its body x
// axis only, at α = τ/I.
func TestTorqueCommandsActAboutBodyAxes(t *testing.T) {
	for _, tc := range []struct {
		kind Kind
		axis int // body axis the command acts about
	}{{KindPitch, 0}, {KindYaw, 1}, {KindRoll, 2}} {
		s := DefaultTumble()
		s.AngularVelocity = mgl64.Vec3{}
		f := NewFlight(s, DefaultDt)
		f.Step([]Command{{Tick: 0, Kind: tc.kind, Value: 1}})
		for f.Tick < 60 {
			f.Step(nil)
		}
		b := f.World.Body(f.Craft)
		wb := b.Orientation().Inverse().Rotate(b.AngularVelocity())
		want := s.MaxTorque[tc.axis] / s.Inertia[tc.axis] * 1.0 // 1 s of full torque
		for i := range 3 {
			w := 0.0
			if i == tc.axis {
				w = want
			}
			if math.Abs(wb[i]-w) > 1e-9*want+1e-12 {
				t.Errorf("%v: body ω[%d] = %.12g, want %.12g", tc.kind, i, wb[i], w)
			}
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
		f := NewFlight(DefaultTumble(), DefaultDt)
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

// Axis values outside [−1, 1] are clamped, so a replay or an autopilot
// cannot command more than full torque.
func TestControlsClamp(t *testing.T) {
	var c Controls
	c.apply(Command{Kind: KindYaw, Value: 7})
	c.apply(Command{Kind: KindRoll, Value: -3})
	if c.Yaw != 1 || c.Roll != -1 {
		t.Errorf("clamped controls = %+v, want yaw 1, roll −1", c)
	}
	if !c.apply(Command{Kind: KindPause}) {
		t.Error("pause is a one-shot command")
	}
}
