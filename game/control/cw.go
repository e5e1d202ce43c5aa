package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// CW is motion relative to a point on a circular orbit of mean motion N
// (rad/s), by the Clohessy–Wiltshire (Hill) equations, in the point's
// local-vertical/local-horizontal frame: +y radial (away from the
// planet), +x along the orbital velocity, +z = x × y:
//
//	ẍ = −2n ẏ,   ÿ = 3n² y + 2n ẋ,   z̈ = −n² z   (plus thrust).
//
// The equations are linear, so the motion of one coasting craft relative
// to another follows them too, whatever the two's places. N = 0 is free
// space: straight lines.
type CW struct{ N float64 }

// Accel is the acceleration of a coasting body at p moving at v (m, m/s →
// m/s²).
func (c CW) Accel(p, v mgl64.Vec3) mgl64.Vec3 {
	n := c.N
	return mgl64.Vec3{-2 * n * v[1], float64(3*n*n*p[1]) + float64(2*n*v[0]), -n * n * p[2]}
}

// cwMatrices returns the closed form's state transition over t (s): p(t) =
// rr·p0 + rv·v0, v(t) = vr·p0 + vv·v0 (Vallado, Fundamentals of
// Astrodynamics, §6.8, with radial = y and along-track = x).
func (c CW) matrices(t float64) (rr, rv, vr, vv mgl64.Mat3) {
	n := c.N
	if n == 0 {
		return mgl64.Ident3(), mgl64.Ident3().Mul(t), mgl64.Mat3{}, mgl64.Ident3()
	}
	s, co := fmath.Sincos(n * t)
	nt := float64(n * t)
	// Columns are the initial x, y, z (or ẋ, ẏ, ż); mgl64 is column-major.
	rr = mgl64.Mat3{1, 0, 0, 6 * (s - nt), 4 - float64(3*co), 0, 0, 0, co}
	rv = mgl64.Mat3{(float64(4*s) - float64(3*nt)) / n, 2 * (1 - co) / n, 0, 2 * (co - 1) / n, s / n, 0, 0, 0, s / n}
	vr = mgl64.Mat3{0, 0, 0, 6 * n * (co - 1), 3 * n * s, 0, 0, 0, -n * s}
	vv = mgl64.Mat3{float64(4*co) - 3, 2 * s, 0, -2 * s, co, 0, 0, 0, co}
	return rr, rv, vr, vv
}

// Coast returns the position and velocity t seconds after (p, v) with no
// thrust: the closed form, exact for any t.
func (c CW) Coast(p, v mgl64.Vec3, t float64) (mgl64.Vec3, mgl64.Vec3) {
	rr, rv, vr, vv := c.matrices(t)
	return fmath.MulMV(rr, p).Add(fmath.MulMV(rv, v)), fmath.MulMV(vr, p).Add(fmath.MulMV(vv, v))
}

// Aim returns the velocity that, coasting from p, reaches to in t seconds
// (the CW form of Lambert's problem: rv⁻¹ (to − rr·p)); ok is false when
// no velocity does, at t a whole number of half orbits (then rv is
// singular) or t ≤ 0.
func (c CW) Aim(p, to mgl64.Vec3, t float64) (mgl64.Vec3, bool) {
	if !(t > 0) {
		return mgl64.Vec3{}, false
	}
	rr, rv, _, _ := c.matrices(t)
	if math.Abs(fmath.Det(rv)) < 1e-9*t*t*t {
		return mgl64.Vec3{}, false
	}
	return fmath.MulMV(fmath.Inv(rv), to.Sub(fmath.MulMV(rr, p))), true
}

// Rendezvous is what the orbital docking autopilot reads: a docking
// situation in the LVLH frame of an orbit of mean motion Orbit.N.
type Rendezvous struct {
	Dock  DockSituation
	Orbit CW
}

// RendezvousParams tune the orbital docking autopilot.
type RendezvousParams struct {
	// HoldDistance is the point on the port's axis the far approach aims
	// at (m from the port); within FinalRange of the port the docking law
	// takes over.
	HoldDistance, FinalRange float64
	// TransferSpeed is the mean speed of the far approach (m/s): it aims
	// to arrive at the hold point in range / TransferSpeed seconds, at
	// least MinTime.
	TransferSpeed, MinTime float64
	VelocityGain           float64 // 1/s, acceleration per m/s of error from the planned velocity
	Dock                   DockParams
}

// DefaultRendezvousParams returns the parameters the shipped orbital
// missions' autopilot flies with.
func DefaultRendezvousParams() RendezvousParams {
	return RendezvousParams{
		HoldDistance: 20, FinalRange: 26,
		TransferSpeed: 0.8, MinTime: 30,
		VelocityGain: 0.5,
		Dock:         DefaultDockParams(),
	}
}

// Approach is the orbital docking autopilot; it keeps no state.
//
// Far from the port (beyond FinalRange) it plans with the CW closed form:
// every call it solves for the velocity that coasts the craft's port to
// the hold point HoldDistance out on the port's axis in a time to go of
// range / TransferSpeed (CW.Aim), and tracks it; as the range shrinks the
// time to go shrinks with it, so a craft on the plan coasts and fires only
// to correct. This is the curved path the orbit asks for — a straight
// line would need a burn against the Coriolis term all the way. Near the
// port it flies the docking law (Dock) with the CW acceleration cancelled
// (feed-forward), so that the straight final approach along the axis is
// the docking law's. Attitude: the docked attitude throughout.
func Approach(s Rendezvous, p Plant, prm RendezvousParams) Command {
	d := s.Dock
	if !d.Craft.Valid() {
		return Command{}
	}
	// The relative acceleration of the craft's centre of mass that the
	// orbit causes, over the target port's (the target coasts).
	relP := d.Craft.Position.Sub(d.Target.Position)
	relV := d.Craft.Velocity.Sub(d.Target.Velocity)
	qInv := d.Craft.q().Conjugate()
	rel := d.Relative()
	if fmath.Len(rel.Pos) <= prm.FinalRange {
		cmd := Dock(d, p, prm.Dock)
		ff := fmath.Rotate(qInv, s.Orbit.Accel(relP, relV).Mul(-p.Mass))
		cmd.Force = ClipForce(cmd.Force.Add(ff), p.Capacity)
		return cmd
	}
	torque := AttitudeTorque(rel.Error, rel.Rate, p, prm.Dock.Gains)
	qt := fmath.QuatNormalize(d.Target.Orientation)
	pos := fmath.Rotate(qt, rel.Pos) // own port from the target port, LVLH
	vel := fmath.Rotate(qt, rel.Vel)
	hold := fmath.Rotate(qt, mgl64.Vec3{0, 0, prm.HoldDistance})
	tgo := max(fmath.Len(hold.Sub(pos))/prm.TransferSpeed, prm.MinTime)
	want, ok := s.Orbit.Aim(pos, hold, tgo)
	if !ok {
		want = mgl64.Vec3{}
	}
	a := want.Sub(vel).Mul(prm.VelocityGain)
	return Command{Torque: torque, Force: ClipForce(fmath.Rotate(qInv, a.Mul(p.Mass)), p.Capacity)}
}
