package physics

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Mass changes at run time (fuel burning off a tank).

// SetMass changes a dynamic body's mass (kg) and its inertia about the centre
// of mass in body coordinates (kg m²) between steps — propellant burning off
// a tank part. Position, orientation, velocity and angular velocity are kept:
// the mass that leaves carries its own momentum away (the thrust that
// expelled it is a separate load). The centre of mass stays where it is, so
// callers model a burn as mass and inertia change about the body's centre.
// A static body, or values BodyDef.Validate rejects, give an error and change
// nothing.
func (b Body) SetMass(mass float64, inertia mgl64.Mat3) error {
	if !b.ok() {
		return ErrNoBody
	}
	bd := &b.w.bodies[b.id]
	if bd.static {
		return ErrBadDef
	}
	def := BodyDef{Name: bd.name, Mass: mass, Inertia: inertia, Orientation: mgl64.QuatIdent()}
	if err := def.Validate(); err != nil {
		return err
	}
	if mass == 0 {
		return ErrBadDef
	}
	i := inertia // symmetrised exactly, as AddBody does
	i[1], i[3] = 0.5*(i[1]+i[3]), 0.5*(i[1]+i[3])
	i[2], i[6] = 0.5*(i[2]+i[6]), 0.5*(i[2]+i[6])
	i[5], i[7] = 0.5*(i[5]+i[7]), 0.5*(i[5]+i[7])
	bd.m, bd.invM = mass, 1/mass
	bd.i0, bd.invI0 = i, inertiaInverse(i)
	bd.massVer++
	b.w.wakeBody(b.id)
	b.w.remassWeld(b.id)
	return nil
}

// inertiaInverse returns I⁻¹ for an inertia tensor, whatever its scale.
// fmath.Inv, as mgl64's, calls a matrix singular when its determinant is
// within 1e-20 of 0, an absolute test: a 1 g cube of 1 cm (moments
// 1.7e-8 kg m², determinant 4.6e-24) got a zero inverse and could not
// turn — dropped on a vertex, it stayed balanced there. Below that test
// the tensor is inverted at its own scale; above it the result is
// fmath.Inv's, bit for bit.
func inertiaInverse(i mgl64.Mat3) mgl64.Mat3 {
	if inv := fmath.Inv(i); inv != (mgl64.Mat3{}) {
		return inv
	}
	s := (i[0] + i[4] + i[8]) / 3
	if !(s > 0) || !finite(s) {
		return mgl64.Mat3{}
	}
	return fmath.Inv(i.Mul(1 / s)).Mul(1 / s)
}

// addInertiaAt adds to in a body's inertia ib about its own centre of mass
// and its mass m at x from in's point: ib + m (|x|² 1 − x xᵀ), the
// parallel-axis theorem.
func addInertiaAt(in, ib *mgl64.Mat3, m float64, x v3) {
	xx := x.dot(x)
	par := mgl64.Mat3{xx - float64(x.x*x.x), -x.y * x.x, -x.z * x.x, -x.x * x.y, xx - float64(x.y*x.y), -x.z * x.y, -x.x * x.z, -x.y * x.z, xx - float64(x.z*x.z)}
	for k := range in {
		in[k] += ib[k] + float64(m*par[k])
	}
}
