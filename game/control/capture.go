package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// CaptureSituation is what the capture autopilot reads: the docking
// situation and the target's motion as a whole.
type CaptureSituation struct {
	Dock     DockSituation
	Centre   mgl64.Vec3 // the target's centre of mass, world (m)
	Velocity mgl64.Vec3 // its velocity, world (m/s)
	Momentum mgl64.Vec3 // its angular momentum about Centre, world (kg·m²/s)
}

// CaptureParams tune the capture autopilot.
type CaptureParams struct {
	Dock DockParams
	// Standoff is how far from the target's centre the own port waits on
	// the momentum axis (m): beyond the reach of anything the target
	// swings round.
	Standoff float64
	// FaceAngle: the approach starts (and goes on) while the target's port
	// axis is within this of the axis towards the craft (rad).
	FaceAngle float64
	// MinRate: a target turning slower than this (rad/s) is docked with
	// directly.
	MinRate float64
}

// DefaultCaptureParams returns the capture parameters used by the tests.
func DefaultCaptureParams() CaptureParams {
	return CaptureParams{Dock: DefaultDockParams(), Standoff: 12, FaceAngle: 6 * math.Pi / 180, MinRate: 0.1 * math.Pi / 180}
}

// Capture is the docking autopilot for a target that turns. A torque-free
// body keeps its angular momentum L fixed in space, and a body spinning
// about its port axis keeps that port on L's axis: between the flips of an
// intermediate-axis spin, the port faces along +L or −L. So the craft waits
// on L's axis, on its own side, Standoff from the target's centre, nose to
// the target and rolling with its spin (the hold law of Dock on a virtual
// port there); whenever the target's port faces it within FaceAngle it
// closes and docks with Dock, and when the port turns away (a flip
// coming) it falls back to the standoff.
func Capture(s CaptureSituation, p Plant, prm CaptureParams) Command {
	t := s.Dock.Target
	w := t.AngularVelocity
	lm := fmath.Len(s.Momentum)
	if !s.Dock.Craft.Valid() || !(fmath.Len(w) >= prm.MinRate) || !(lm > 0) || !finite3(s.Centre) {
		return Dock(s.Dock, p, prm.Dock)
	}
	a := s.Momentum.Mul(1 / lm)
	if fmath.Dot(s.Dock.Craft.Position.Sub(s.Centre), a) < 0 {
		a = a.Mul(-1)
	}
	qt := fmath.QuatNormalize(t.Orientation)
	if fmath.Dot(fmath.Rotate(qt, mgl64.Vec3{0, 0, 1}), a) >= fmath.Cos(prm.FaceAngle) {
		return Dock(s.Dock, p, prm.Dock)
	}

	// Keep station at the standoff, rolled like the target's port.
	up := fmath.Rotate(qt, mgl64.Vec3{0, 1, 0})
	up = up.Sub(a.Mul(fmath.Dot(up, a)))
	if fmath.Len(up) < 1e-6 {
		up = anyPerpendicular(a)
	}
	up = fmath.Normalize(up)
	hold := PortPose{
		Position:        s.Centre.Add(a.Mul(prm.Standoff)),
		Orientation:     mat3Quat(mgl64.Mat3FromCols(fmath.Cross(up, a), up, a)),
		Velocity:        s.Velocity,
		AngularVelocity: a.Mul(fmath.Dot(w, a)),
	}
	ds := s.Dock
	ds.Target = hold
	rel := ds.Relative()
	torque := AttitudeTorque(rel.Error, rel.Rate, p, prm.Dock.Gains)
	vWant := rel.Pos.Mul(-prm.Dock.LateralGain)
	if l := fmath.Len(vWant); l > prm.Dock.ApproachSpeed {
		vWant = vWant.Mul(prm.Dock.ApproachSpeed / l)
	}
	aT := vWant.Sub(rel.Vel).Mul(prm.Dock.VelocityGain)
	fW := fmath.Rotate(hold.Orientation, aT.Mul(p.Mass))
	fB := fmath.Rotate(s.Dock.Craft.q().Conjugate(), fW)
	return Command{Torque: torque, Force: ClipForce(fB, p.Capacity)}
}
