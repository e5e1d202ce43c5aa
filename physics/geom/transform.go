package geom

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Transform places a shape in the world: a local point x is at
// Pos + Rot·x in world coordinates (metres).
//
// Rot should be a unit quaternion; it is normalised before use, and the zero
// quaternion counts as the identity, so the zero Transform is the identity.
type Transform struct {
	Pos mgl64.Vec3 // origin of the local frame in the world (m)
	Rot mgl64.Quat // local → world rotation
}

// Identity is the transform that leaves points where they are.
func Identity() Transform { return Transform{Rot: mgl64.QuatIdent()} }

// Apply maps the local point x to the world.
func (t Transform) Apply(x mgl64.Vec3) mgl64.Vec3 {
	r := rotationOf(t.Rot)
	return r.apply(x).Add(t.Pos)
}

// ApplyInv maps the world point x to local coordinates.
func (t Transform) ApplyInv(x mgl64.Vec3) mgl64.Vec3 {
	r := rotationOf(t.Rot)
	return r.applyT(x.Sub(t.Pos))
}

// rotation is a rotation matrix stored by rows.
type rotation [3]mgl64.Vec3

// rotationOf returns the matrix of q after normalising it; the zero
// quaternion gives the identity.
func rotationOf(q mgl64.Quat) rotation {
	l2 := float64(q.W*q.W) + fmath.Dot(q.V, q.V)
	if l2 == 0 {
		return rotation{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	}
	s := 2 / l2
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	return rotation{
		{1 - float64(s*(float64(y*y)+float64(z*z))), s * (float64(x*y) - float64(w*z)), s * (float64(x*z) + float64(w*y))},
		{s * (float64(x*y) + float64(w*z)), 1 - float64(s*(float64(x*x)+float64(z*z))), s * (float64(y*z) - float64(w*x))},
		{s * (float64(x*z) - float64(w*y)), s * (float64(y*z) + float64(w*x)), 1 - float64(s*(float64(x*x)+float64(y*y)))},
	}
}

// apply returns R·x.
func (r *rotation) apply(x mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(r[0][0]*x[0]) + float64(r[0][1]*x[1]) + float64(r[0][2]*x[2]),
		float64(r[1][0]*x[0]) + float64(r[1][1]*x[1]) + float64(r[1][2]*x[2]),
		float64(r[2][0]*x[0]) + float64(r[2][1]*x[1]) + float64(r[2][2]*x[2]),
	}
}

// applyT returns Rᵀ·x, the inverse rotation.
func (r *rotation) applyT(x mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(r[0][0]*x[0]) + float64(r[1][0]*x[1]) + float64(r[2][0]*x[2]),
		float64(r[0][1]*x[0]) + float64(r[1][1]*x[1]) + float64(r[2][1]*x[2]),
		float64(r[0][2]*x[0]) + float64(r[1][2]*x[1]) + float64(r[2][2]*x[2]),
	}
}
