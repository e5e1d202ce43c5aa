package physics

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Test and benchmark scenes.

// rodInertia returns the world-frame inertia of a thin rod of mass m and
// length l along the unit direction d, thickened by radius r: a full 3×3
// matrix when d is not a coordinate axis.
func rodInertia(m, l, r float64, d mgl64.Vec3) mgl64.Mat3 {
	a := m * l * l / 12
	t := float64(m * r * r / 2)
	var I mgl64.Mat3
	for c := range 3 {
		for rr := range 3 {
			v := float64(-a * d[rr] * d[c])
			if rr == c {
				v += a + t
			}
			I[c*3+rr] = v
		}
	}
	return I
}

// craft is the 6-body lander of issue 3: a 1000 kg hull, four 20 kg legs on
// sprung hinges with limits, a 50 kg docking adapter on a fixed joint.
type craft struct {
	w       *World
	hull    BodyID
	legs    [4]BodyID
	adapter BodyID
	hinges  [4]JointID
	dock    JointID
}

func newCraft(def WorldDef) *craft {
	w := NewWorld(def)
	c := &craft{w: w}
	// Hull 4 × 3 × 4 m box, with a product of inertia (non-symmetric mass layout).
	hullI := mgl64.Diag3(mgl64.Vec3{2083, 2667, 2083})
	hullI[1], hullI[3] = 150, 150
	c.hull = w.AddBody(BodyDef{Name: "hull", Mass: 1000, Inertia: hullI, Orientation: mgl64.QuatIdent()})
	for i := range 4 {
		sx := float64(1 - 2*(i&1))
		sz := float64(1 - 2*(i>>1))
		hinge := mgl64.Vec3{2 * sx, -1.5, 2 * sz}
		radial := fmath.Normalize(mgl64.Vec3{sx, 0, sz})
		d := fmath.Normalize(radial.Mul(0.6).Add(mgl64.Vec3{0, -0.8, 0}))
		c.legs[i] = w.AddBody(BodyDef{
			Name:        "leg",
			Mass:        20,
			Inertia:     rodInertia(20, 2, 0.1, d),
			Position:    hinge.Add(d),
			Orientation: mgl64.QuatIdent(),
		})
		axis := cross(mgl64.Vec3{0, 1, 0}, radial)
		c.hinges[i], _ = w.AddHinge(HingeDef{
			A: c.hull, B: c.legs[i], Anchor: hinge, Axis: axis,
			// Preloaded against the lower stop, as gear held deployed.
			EnableLimits: true, Lower: -0.02, Upper: 0.4,
			SpringStiffness: 5000, SpringDamping: 200, SpringAngle: -0.1,
		})
	}
	c.adapter = w.AddBody(BodyDef{Name: "adapter", Mass: 50, Inertia: mgl64.Diag3(mgl64.Vec3{6, 10, 6}), Position: mgl64.Vec3{0, 2, 0}, Orientation: mgl64.QuatIdent()})
	c.dock, _ = w.AddFixed(FixedDef{A: c.hull, B: c.adapter, Anchor: mgl64.Vec3{0, 1.5, 0}})
	return c
}

// spin gives every body the velocity of a rigid rotation ω about the
// craft's centre of mass.
func (c *craft) spin(om mgl64.Vec3) {
	w := c.w
	var com mgl64.Vec3
	m := 0.0
	for i := range w.NumBodies() {
		b := w.Body(BodyID(i))
		com = com.Add(b.Position().Mul(b.Mass()))
		m += b.Mass()
	}
	com = com.Mul(1 / m)
	for i := range w.NumBodies() {
		b := w.Body(BodyID(i))
		b.SetVelocity(cross(om, b.Position().Sub(com)))
		b.SetAngularVelocity(om)
	}
}

// newChain hangs n links of length 1 m from a static body by hinges about z;
// link masses alternate heavy and heavy/ratio. The chain starts straight,
// tilted by tilt rad from the vertical.
func newChain(n int, heavy, ratio, tilt float64) (*World, []JointID) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	ground := w.AddBody(BodyDef{Name: "ceiling", Mass: 0, Position: mgl64.Vec3{0, 0, 0}})
	d := mgl64.Vec3{fmath.Sin(tilt), -fmath.Cos(tilt), 0}
	prev := ground
	var joints []JointID
	for i := range n {
		m := heavy
		if i%2 == 1 {
			m = heavy / ratio
		}
		anchor := d.Mul(float64(i))
		id := w.AddBody(BodyDef{
			Name:        "link",
			Mass:        m,
			Inertia:     rodInertia(m, 1, 0.05, d),
			Position:    anchor.Add(d.Mul(0.5)),
			Orientation: mgl64.QuatIdent(),
		})
		j, _ := w.AddHinge(HingeDef{A: prev, B: id, Anchor: anchor, Axis: mgl64.Vec3{0, 0, 1}})
		joints = append(joints, j)
		prev = id
	}
	return w, joints
}
