package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// A tumbling target's port, looked ahead: a torque-free body keeps its
// angular momentum L fixed in space while its rate moves about its body
// (Euler's equations, I ω̇ = (I ω) × ω in the body frame). About the
// intermediate axis the body flips end over end: its port, lying along L
// between the flips, swings over to the other side. PortAhead integrates
// the motion forward to say when the port next faces the craft and when
// it next flips; it is what a pilot waiting on the momentum axis needs to
// know, and what the capture autopilot (Capture) acts on without needing
// to look ahead.

// Tumble is a free body's attitude motion.
type Tumble struct {
	Inertia     mgl64.Mat3 // about the centre of mass, body frame (kg m²)
	Orientation mgl64.Quat // body → world
	Omega       mgl64.Vec3 // angular velocity, world frame (rad/s)
}

// PortAhead integrates t forward (RK4, steps of dt) for at most horizon
// seconds and returns when the body axis port (body frame) first points
// within face (rad) of the world direction to (from the body towards the
// craft) — 0 if it does now — and when it first flips: when its component
// along the angular momentum changes sign. +Inf for what does not happen
// within the horizon (a port lying across the momentum, within 3°, has no
// side to flip from); both +Inf for a body that does not turn or whose
// figures are not finite.
func (t Tumble) PortAhead(port, to mgl64.Vec3, face, horizon, dt float64) (faces, flip float64) {
	faces, flip = math.Inf(1), math.Inf(1)
	inv := t.Inertia.Inv()
	q := t.Orientation.Normalize()
	w := q.Conjugate().Rotate(t.Omega) // body frame
	if !finite3(w) || !(w.Len() > 0) || !(dt > 0) || !(port.Len() > 0) || !(to.Len() > 0) || inv == (mgl64.Mat3{}) {
		return faces, flip
	}
	port, to = port.Normalize(), to.Normalize()
	l := q.Rotate(t.Inertia.Mul3x1(w)) // world, fixed
	if l.Len() == 0 {
		return faces, flip
	}
	cosFace := math.Cos(face)
	side := func(q mgl64.Quat) float64 { return q.Rotate(port).Dot(l) }
	facing := func(q mgl64.Quat) bool { return q.Rotate(port).Dot(to) >= cosFace }
	if facing(q) {
		faces = 0
	}
	s0 := side(q)
	if math.Abs(s0) < 0.05*l.Len() {
		s0 = 0 // the port lies across the momentum: no side to flip from
	}
	// ω̇ in the body frame, and q̇ = ½ q ⊗ (0, ω_body).
	wdot := func(w mgl64.Vec3) mgl64.Vec3 { return inv.Mul3x1(t.Inertia.Mul3x1(w).Cross(w)) }
	qdot := func(q mgl64.Quat, w mgl64.Vec3) mgl64.Quat { return q.Mul(mgl64.Quat{V: w}).Scale(0.5) }
	for tt := 0.0; tt < horizon && (math.IsInf(faces, 1) || math.IsInf(flip, 1)); tt += dt {
		k1w, k1q := wdot(w), qdot(q, w)
		w2, q2 := w.Add(k1w.Mul(dt/2)), q.Add(k1q.Scale(dt/2))
		k2w, k2q := wdot(w2), qdot(q2, w2)
		w3, q3 := w.Add(k2w.Mul(dt/2)), q.Add(k2q.Scale(dt/2))
		k3w, k3q := wdot(w3), qdot(q3, w3)
		w4, q4 := w.Add(k3w.Mul(dt)), q.Add(k3q.Scale(dt))
		k4w, k4q := wdot(w4), qdot(q4, w4)
		w = w.Add(k1w.Add(k2w.Mul(2)).Add(k3w.Mul(2)).Add(k4w).Mul(dt / 6))
		q = q.Add(k1q.Add(k2q.Scale(2)).Add(k3q.Scale(2)).Add(k4q).Scale(dt / 6)).Normalize()
		if math.IsInf(faces, 1) && facing(q) {
			faces = tt + dt
		}
		if s := side(q); math.IsInf(flip, 1) && s0 != 0 && s*s0 < 0 {
			flip = tt + dt
		}
	}
	return faces, flip
}
