package view

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/physics"
)

// Sounder turns each tick of a flight into the plain values audio plays:
// thruster levels panned by side, the throttle, alarms and one-off events.
// It remembers what it told audio last, so each event is sent once.
type Sounder struct {
	in       audio.Input
	outcome  flight.Outcome
	latched  bool
	touching []bool // per foot part of the player: touching last tick
}

// tick fills s.in for the flight's last tick, heard from a listener whose
// right-hand direction is right (world).
func (s *Sounder) Tick(f *flight.Flight, right mgl64.Vec3) *audio.Input {
	in := &s.in
	vs := f.Player
	in.Thrusters, in.Events, in.Alarms, in.MainThrottle = in.Thrusters[:0], in.Events[:0], 0, vs.MainLevel()
	for i, u := range vs.Level {
		t := &vs.Spec.Thrusters[i]
		if t.Group == craft.GroupMain {
			continue
		}
		if u <= 0 {
			continue
		}
		b := f.World.Body(vs.Built.Thrusters[i].Body)
		side := b.WorldPoint(vs.Built.Thrusters[i].Point).Sub(b.Position()).Dot(right)
		in.Thrusters = append(in.Thrusters, audio.ThrusterState{Group: i, Level: u, Pan: math.Tanh(side), Fine: f.Controls.Fine})
	}

	t := &f.Tel
	if t.Omega > tumbleRate {
		in.Alarms |= audio.AlarmTumbling
	}
	if left := vs.FuelLeft(); !math.IsInf(left, 1) && left < 0.1*vs.FuelCapacity() {
		in.Alarms |= audio.AlarmLowFuel
	}
	if f.Spec.Kind == craft.KindLand && f.Judge.Outcome == flight.Flying && t.VerticalSpeed > f.Spec.Thresholds.VerticalSpeed {
		in.Alarms |= audio.AlarmDescentTooFast
	}

	// Feet touching down.
	k := 0
	for i, p := range vs.Spec.Parts {
		if p.Role != craft.RoleFoot {
			continue
		}
		if k >= len(s.touching) {
			s.touching = append(s.touching, false)
		}
		now := f.Touching[i]
		if now && !s.touching[k] {
			in.Events = append(in.Events, audio.Event{Kind: audio.EventTouchdown, Foot: k})
		}
		s.touching[k] = now
		k++
	}
	// Bumps: every pair that started touching this tick, except feet (their
	// touchdown has its own sound), loud as its impulse, pitched by masses.
	for _, e := range f.World.ContactEvents() {
		if e.Kind != physics.ContactBegin || e.NormalImpulse < 1 || f.FootContact(e) {
			continue
		}
		a, b := f.World.Body(e.BodyA), f.World.Body(e.BodyB)
		pan := math.Tanh(a.Position().Sub(f.State().Position).Dot(right))
		in.Events = append(in.Events, audio.Event{Kind: audio.EventImpact, Impulse: e.NormalImpulse, MassA: a.Mass(), MassB: b.Mass(), Pan: pan})
	}
	if latched := f.Latch != flight.NoJoint; latched && !s.latched {
		in.Events = append(in.Events, audio.Event{Kind: audio.EventDockLatch})
		s.latched = true
	} else if !latched {
		s.latched = false
	}
	if o := f.Judge.Outcome; o != s.outcome {
		s.outcome = o
		switch o {
		case flight.Success:
			in.Events = append(in.Events, audio.Event{Kind: audio.EventSuccess})
		case flight.Failure, flight.Crash:
			in.Events = append(in.Events, audio.Event{Kind: audio.EventFailure})
		}
	}
	return in
}
