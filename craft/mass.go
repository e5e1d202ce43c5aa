package craft

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// MassProps are the mass properties of a rigid body or part of one, all in
// one frame: mass (kg), centre of mass (m) and the inertia tensor about the
// centre of mass along that frame's axes (kg·m²).
type MassProps struct {
	Mass    float64
	COM     mgl64.Vec3
	Inertia mgl64.Mat3
}

// BoxMass returns the mass properties of a solid box of the given full edge
// lengths (m) and mass (kg), centred on the origin:
// Ixx = m(y² + z²)/12 and so on.
func BoxMass(size mgl64.Vec3, mass float64) MassProps {
	x2, y2, z2 := float64(size[0]*size[0]), float64(size[1]*size[1]), float64(size[2]*size[2])
	k := mass / 12
	return MassProps{Mass: mass, Inertia: mgl64.Diag3(mgl64.Vec3{k * (y2 + z2), k * (x2 + z2), k * (x2 + y2)})}
}

// CylinderMass returns the mass properties of a solid circular cylinder of
// the given radius and length (m) and mass (kg), centred on the origin with
// its axis along y: Iyy = m r²/2, Ixx = Izz = m(3r² + l²)/12.
func CylinderMass(radius, length, mass float64) MassProps {
	r2, l2 := radius*radius, float64(length*length)
	a := mass * (float64(3*r2) + l2) / 12
	return MassProps{Mass: mass, Inertia: mgl64.Diag3(mgl64.Vec3{a, mass * r2 / 2, a})}
}

// PolyhedronMass returns the mass properties of a solid convex polyhedron of
// uniform density (kg/m³), integrated exactly over the tetrahedra that fan
// out from the vertex centroid to each face's triangles. A polyhedron without
// volume gives zero mass.
func PolyhedronMass(p *geom.Polyhedron, density float64) MassProps {
	if len(p.Verts) == 0 {
		return MassProps{}
	}
	var ref mgl64.Vec3
	for _, v := range p.Verts {
		ref = ref.Add(v)
	}
	ref = ref.Mul(1 / float64(len(p.Verts)))

	// Tetrahedron (0, a, b, c) relative to ref: volume det/6, first moment
	// det·(a+b+c)/24, second moment (covariance) det/120·(aaᵀ + bbᵀ + ccᵀ + ssᵀ)
	// with s = a + b + c (Tonon 2004; Blow and Binstock 2004).
	var vol6 float64
	var first mgl64.Vec3
	var cov mgl64.Mat3
	for _, f := range p.Faces {
		if len(f.Verts) < 3 {
			continue
		}
		a := p.Verts[f.Verts[0]].Sub(ref)
		for k := 1; k+1 < len(f.Verts); k++ {
			b := p.Verts[f.Verts[k]].Sub(ref)
			c := p.Verts[f.Verts[k+1]].Sub(ref)
			det := fmath.Dot(a, fmath.Cross(b, c))
			s := a.Add(b).Add(c)
			vol6 += det
			first = first.Add(s.Mul(det / 24))
			m := outer(a, a).Add(outer(b, b)).Add(outer(c, c)).Add(outer(s, s))
			cov = cov.Add(m.Mul(det / 120))
		}
	}
	vol := vol6 / 6
	if !(vol > 0) {
		return MassProps{COM: ref}
	}
	com := first.Mul(1 / vol)
	cov = cov.Sub(outer(com, com).Mul(vol)) // about the centre of mass
	cov = cov.Mul(density)
	tr := cov.Trace()
	return MassProps{
		Mass:    density * vol,
		COM:     ref.Add(com),
		Inertia: mgl64.Ident3().Mul(tr).Sub(cov),
	}
}

func outer(a, b mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Mat3{
		a[0] * b[0], a[1] * b[0], a[2] * b[0],
		a[0] * b[1], a[1] * b[1], a[2] * b[1],
		a[0] * b[2], a[1] * b[2], a[2] * b[2],
	}
}

// Transform returns m expressed in a parent frame in which m's frame has its
// origin at pos and orientation q: COM' = pos + R·COM, I' = R·I·Rᵀ.
func (m MassProps) Transform(pos mgl64.Vec3, q mgl64.Quat) MassProps {
	r := fmath.QuatMat3(fmath.QuatNormalize(q))
	return MassProps{Mass: m.Mass, COM: pos.Add(fmath.MulMV(r, m.COM)), Inertia: fmath.MulMM(fmath.MulMM(r, m.Inertia), r.Transpose())}
}

// Combine returns the mass properties of several bodies held together, all
// given in one frame, by the parallel-axis theorem:
// I = Σ (I_i + m_i (|d_i|² E − d_i d_iᵀ)) with d_i = COM_i − COM.
// Parts of zero mass are ignored; with no mass at all the result is zero.
func Combine(parts ...MassProps) MassProps {
	var out MassProps
	var moment mgl64.Vec3
	for _, p := range parts {
		out.Mass += p.Mass
		moment = moment.Add(p.COM.Mul(p.Mass))
	}
	if !(out.Mass > 0) {
		return MassProps{}
	}
	out.COM = moment.Mul(1 / out.Mass)
	for _, p := range parts {
		if p.Mass == 0 {
			continue
		}
		out.Inertia = out.Inertia.Add(p.Inertia).Add(shiftInertia(p.Mass, p.COM.Sub(out.COM)))
	}
	return out
}

// shiftInertia is the parallel-axis term m(|d|² E − d dᵀ).
// Written out entry by entry (the game combines a burning tank's body
// every tick), with mgl64's operations in mgl64's order: bit-identical.
func shiftInertia(m float64, d mgl64.Vec3) mgl64.Mat3 {
	md := m * fmath.Dot(d, d)
	var s mgl64.Mat3
	for c := range 3 {
		for r := range 3 {
			e := 0.0
			if r == c {
				e = float64(1 * md)
			}
			s[c*3+r] = e - float64(d[r]*d[c]*m)
		}
	}
	return s
}

// PrincipalMoments returns the principal moments of the inertia I in
// ascending order and its principal axes as the columns of axes (a
// rotation: its determinant is +1): fmath.SymmetricEigen.
func PrincipalMoments(I mgl64.Mat3) (moments mgl64.Vec3, axes mgl64.Mat3) {
	return fmath.SymmetricEigen(I)
}

// eulerQuat returns the rotation of rotating by deg[0] degrees about x, then
// deg[1] about y, then deg[2] about z, all about fixed axes.
func eulerQuat(deg vec3) mgl64.Quat {
	qx := fmath.QuatRotate(mgl64.DegToRad(deg[0]), mgl64.Vec3{1, 0, 0})
	qy := fmath.QuatRotate(mgl64.DegToRad(deg[1]), mgl64.Vec3{0, 1, 0})
	qz := fmath.QuatRotate(mgl64.DegToRad(deg[2]), mgl64.Vec3{0, 0, 1})
	return fmath.QuatNormalize(fmath.QuatMul(fmath.QuatMul(qz, qy), qx))
}

// FuelCapacity is the most propellant the craft's tanks hold together (kg).
func (c *Craft) FuelCapacity() float64 {
	var s float64
	for _, t := range c.Tanks {
		s += t.Capacity
	}
	return s
}

// FuelFor returns the propellant of every tank (kg, indexed like Tanks)
// for a total of total kg, every tank filled to the same fraction of its
// capacity; total 0 means the initial fuel.
func (c *Craft) FuelFor(total float64) []float64 {
	f := c.InitialFuel()
	if most := c.FuelCapacity(); total > 0 && most > 0 {
		for i, t := range c.Tanks {
			f[i] = min(total, most) * t.Capacity / most
		}
	}
	return f
}
