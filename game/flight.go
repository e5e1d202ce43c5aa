package game

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
)

// DefaultDt is the fixed physics step: one tick per Ebiten Update at 60 TPS.
const DefaultDt = 1.0 / 60

// TumbleSetup describes the first-slice scenario: one box-shaped rigid body
// spinning near its intermediate principal axis, so that the Dzhanibekov flip
// shows. The mission files of the craft package replace it as they land.
type TumbleSetup struct {
	Mass            float64    // kg
	Inertia         mgl64.Vec3 // principal moments about the body axes, kg·m²
	Size            mgl64.Vec3 // full box extents, m (for drawing)
	AngularVelocity mgl64.Vec3 // initial ω, rad/s, world frame (= body frame at t = 0)
	MaxTorque       mgl64.Vec3 // torque of full pitch, yaw, roll command, N·m
}

// DefaultTumble is the scenario of the first playable slice:
// I = diag(1000, 2000, 3000) kg·m², ω0 = (0.01, 1, 0.01) rad/s.
//
// A uniform box cannot have these moments (Ix + Iy = Iz makes it a flat
// plate), so the box drawn is the plate 4.90 × 3.46 m of 1000 kg that has
// them, thickened to 0.5 m to be visible; the physics uses the exact moments.
func DefaultTumble() TumbleSetup {
	return TumbleSetup{
		Mass:            1000,
		Inertia:         mgl64.Vec3{1000, 2000, 3000},
		Size:            mgl64.Vec3{4.899, 3.464, 0.5},
		AngularVelocity: mgl64.Vec3{0.01, 1, 0.01},
		MaxTorque:       mgl64.Vec3{400, 400, 400},
	}
}

// Flight is the simulated state of one flight: the physics world, the
// craft's body, the controls and the tick count. It is stepped by commands
// only, so the same commands give the same flight bit for bit.
type Flight struct {
	Setup    TumbleSetup
	World    *physics.World
	Craft    physics.BodyID
	Controls Controls
	Tick     uint64
	Dt       float64
	Err      error // set when the simulation diverged; the flight then stops

	L0 mgl64.Vec3 // angular momentum at the start, for the drift readout
	E0 float64    // kinetic energy at the start
}

// NewFlight builds a flight from a setup, at step dt.
func NewFlight(s TumbleSetup, dt float64) *Flight {
	w := physics.NewWorld(physics.WorldDef{})
	id := w.AddBody(physics.BodyDef{
		Mass:            s.Mass,
		Inertia:         mgl64.Diag3(s.Inertia),
		Orientation:     mgl64.QuatIdent(),
		AngularVelocity: s.AngularVelocity,
	})
	f := &Flight{Setup: s, World: w, Craft: id, Dt: dt}
	f.L0 = w.AngularMomentum()
	f.E0 = w.KineticEnergy()
	return f
}

// Step advances the flight by one tick after applying the commands due at
// this tick. One-shot commands other than axes are returned to the caller
// (pause and restart belong to the scene, not the simulation).
func (f *Flight) Step(cmds []Command) {
	for _, c := range cmds {
		if c.Tick == f.Tick {
			f.Controls.apply(c)
		}
	}
	if f.Err != nil {
		return
	}
	b := f.World.Body(f.Craft)
	// Body axes: x pitch, y yaw, z roll. The torque is built in the body
	// frame and rotated to the world frame, as physics expects.
	t := f.Setup.MaxTorque
	tb := mgl64.Vec3{f.Controls.Pitch * t[0], f.Controls.Yaw * t[1], f.Controls.Roll * t[2]}
	if tb != (mgl64.Vec3{}) {
		f.World.ApplyTorque(f.Craft, b.Orientation().Rotate(tb))
	}
	if err := f.World.Step(f.Dt); err != nil {
		f.Err = fmt.Errorf("tick %d: %w", f.Tick, err)
		return
	}
	f.Tick++
}

// Time is the simulated time, s.
func (f *Flight) Time() float64 { return float64(f.Tick) * f.Dt }

// BodyRates returns the craft's angular velocity in its own frame as
// roll (about z), pitch (about x) and yaw (about y), rad/s.
func (f *Flight) BodyRates() (roll, pitch, yaw float64) {
	b := f.World.Body(f.Craft)
	wb := b.Orientation().Inverse().Rotate(b.AngularVelocity())
	return wb[2], wb[0], wb[1]
}
