package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Contact test scenes.

// addGround adds a static 200 × 1 × 200 m slab whose top face is y = 0.
func addGround(w *World, mu, eps float64) BodyID {
	return w.AddBody(BodyDef{
		Name:     "ground",
		Position: mgl64.Vec3{0, -0.5, 0},
		Shapes:   []ShapeDef{{Poly: geom.Box(mgl64.Vec3{100, 0.5, 100}), Friction: mu, Restitution: eps, Tag: -1}},
	})
}

// boxInertia returns the inertia of a solid box of mass m and half extents h.
func boxInertia(m float64, h mgl64.Vec3) mgl64.Mat3 {
	x, y, z := 2*h[0], 2*h[1], 2*h[2]
	return mgl64.Diag3(mgl64.Vec3{m * (float64(y*y) + float64(z*z)) / 12, m * (float64(x*x) + float64(z*z)) / 12, m * (float64(x*x) + float64(y*y)) / 12})
}

// addCube adds a solid cube of edge a and mass m.
func addCube(w *World, a, m float64, pos mgl64.Vec3, q mgl64.Quat, mu, eps float64) BodyID {
	h := mgl64.Vec3{a / 2, a / 2, a / 2}
	return w.AddBody(BodyDef{
		Name: "cube", Mass: m, Inertia: boxInertia(m, h), Position: pos, Orientation: q,
		Shapes: []ShapeDef{{Poly: geom.Box(h), Friction: mu, Restitution: eps}},
	})
}

// upright returns how far the body is from resting on a face: 1 − the
// largest |cos| between a body axis and the world's y.
func upright(b Body) float64 {
	best := 0.0
	for k := range 3 {
		var e mgl64.Vec3
		e[k] = 1
		best = math.Max(best, math.Abs(b.WorldVector(e)[1]))
	}
	return 1 - best
}

// lander is the touchdown scene of issue 4: a 1000 kg hull (4 × 3 × 4 m box)
// on four 20 kg legs hinged at its lower corners, each a 2 m strut ending
// in a pointed foot, on sprung and damped hinges, above a
// static landing pad whose top is y = 0.
type lander struct {
	w      *World
	pad    BodyID
	hull   BodyID
	legs   [4]BodyID
	hinges [4]JointID
}

const (
	landerFootTag = 1
	landerHullTag = 2
)

// newLander builds the lander with its lowest foot point at height h above
// the pad and every body moving at vy (m/s), in gravity g (m/s², downwards).
func newLander(g, h, vy float64) *lander {
	return newLanderDef(WorldDef{}, g, h, vy)
}

// newLanderDef is newLander in a world made from def (its gravity set to g).
func newLanderDef(def WorldDef, g, h, vy float64) *lander {
	def.Gravity = mgl64.Vec3{0, -g, 0}
	w := NewWorld(def)
	l := &lander{w: w}
	l.pad = w.AddBody(BodyDef{Name: "pad", Position: mgl64.Vec3{0, -0.5, 0},
		Shapes: []ShapeDef{{Poly: geom.Box(mgl64.Vec3{10, 0.5, 10}), Friction: 0.8, Tag: -1}}})
	half := mgl64.Vec3{2, 1.5, 2}
	l.hull = w.AddBody(BodyDef{Name: "hull", Mass: 1000, Inertia: boxInertia(1000, half), Orientation: mgl64.QuatIdent(),
		Shapes: []ShapeDef{{Poly: geom.Box(half), Friction: 0.5, Tag: landerHullTag}}, Group: 1})
	// The foot is a blunt downward point (a square pyramid, 0.3 m wide,
	// 0.1 m tall) at the strut's end: one contact point, about which the
	// leg turns freely as it compresses, like a pad on a ball joint.
	footPts := []mgl64.Vec3{{0, -0.1, 0}, {0.15, 0, 0.15}, {-0.15, 0, 0.15}, {0.15, 0, -0.15}, {-0.15, 0, -0.15}}
	footPoly, err := geom.Hull(footPts)
	if err != nil {
		panic(err)
	}
	for i := range 4 {
		sx := float64(1 - 2*(i&1))
		sz := float64(1 - 2*(i>>1))
		hinge := mgl64.Vec3{2 * sx, -1.5, 2 * sz}
		radial := fmath.Normalize(mgl64.Vec3{sx, 0, sz})
		d := radial.Mul(0.6).Add(mgl64.Vec3{0, -0.8, 0}) // unit: the strut's half length is 1 m
		l.legs[i] = w.AddBody(BodyDef{
			Name: "leg", Mass: 20, Inertia: rodInertia(20, 2, 0.1, d),
			Position: hinge.Add(d), Orientation: mgl64.QuatIdent(),
			Shapes: []ShapeDef{{Poly: footPoly, Local: geom.Transform{Pos: d}, Friction: 0.5, Tag: landerFootTag}},
			Group:  1,
		})
		// θ > 0 swings the foot down and in; a touchdown pushes it up and
		// out (θ < 0) against the spring, preloaded onto the upper stop.
		axis := cross(mgl64.Vec3{0, 1, 0}, radial)
		l.hinges[i], _ = w.AddHinge(HingeDef{
			A: l.hull, B: l.legs[i], Anchor: hinge, Axis: axis,
			EnableLimits: true, Lower: -0.5, Upper: 0,
			SpringStiffness: 8000, SpringDamping: 500, SpringAngle: 0.02,
		})
	}
	// Lowest foot point at h.
	low := l.lowestFoot()
	for i := range w.NumBodies() {
		b := w.Body(BodyID(i))
		if b.Static() {
			continue
		}
		b.SetPosition(b.Position().Add(mgl64.Vec3{0, h - low, 0}))
		b.SetVelocity(mgl64.Vec3{0, vy, 0})
	}
	return l
}

// footHeight returns the height of leg i's lowest foot corner above the pad.
func (l *lander) footHeight(i int) float64 {
	b := l.w.Body(l.legs[i])
	low := math.Inf(1)
	s, _ := b.Shapes()
	info, _ := l.w.Shape(s)
	for _, v := range info.Poly.Verts {
		low = math.Min(low, b.WorldPoint(v)[1])
	}
	return low
}

func (l *lander) lowestFoot() float64 {
	low := math.Inf(1)
	for i := range 4 {
		low = math.Min(low, l.footHeight(i))
	}
	return low
}

// hullHeight returns the height of the hull's lowest corner above the pad.
func (l *lander) hullHeight() float64 {
	b := l.w.Body(l.hull)
	s, _ := b.Shapes()
	info, _ := l.w.Shape(s)
	low := math.Inf(1)
	for _, v := range info.Poly.Verts {
		low = math.Min(low, b.WorldPoint(v)[1])
	}
	return low
}

func boxPoly() *geom.Polyhedron { return geom.Box(mgl64.Vec3{0.5, 0.5, 0.5}) }

// newLanderOnStops is the lander of newLander with flat square foot pads
// and unsprung legs whose limits hold them: the hull's weight pushes each
// leg up and out against its lower stop (θ = 0), so that at rest every
// hinge limit and every pad's four corners carry load. It stands on the
// pad at rest.
func newLanderOnStops(def WorldDef) *lander {
	def.Gravity = mgl64.Vec3{0, -1.62, 0}
	w := NewWorld(def)
	l := &lander{w: w}
	l.pad = w.AddBody(BodyDef{Name: "pad", Position: mgl64.Vec3{0, -0.5, 0},
		Shapes: []ShapeDef{{Poly: geom.Box(mgl64.Vec3{10, 0.5, 10}), Friction: 0.8, Tag: -1}}})
	half := mgl64.Vec3{2, 1.5, 2}
	l.hull = w.AddBody(BodyDef{Name: "hull", Mass: 1000, Inertia: boxInertia(1000, half), Orientation: mgl64.QuatIdent(),
		Shapes: []ShapeDef{{Poly: geom.Box(half), Friction: 0.5, Tag: landerHullTag}}, Group: 1})
	pad := geom.Box(mgl64.Vec3{0.2, 0.05, 0.2})
	for i := range 4 {
		sx := float64(1 - 2*(i&1))
		sz := float64(1 - 2*(i>>1))
		hinge := mgl64.Vec3{2 * sx, -1.5, 2 * sz}
		radial := fmath.Normalize(mgl64.Vec3{sx, 0, sz})
		d := radial.Mul(0.6).Add(mgl64.Vec3{0, -0.8, 0})
		l.legs[i] = w.AddBody(BodyDef{
			Name: "leg", Mass: 20, Inertia: rodInertia(20, 2, 0.1, d),
			Position: hinge.Add(d), Orientation: mgl64.QuatIdent(),
			Shapes: []ShapeDef{{Poly: pad, Local: geom.Transform{Pos: d.Add(mgl64.Vec3{0, -0.05, 0})}, Friction: 0.8, Tag: landerFootTag}},
			Group:  1,
		})
		axis := cross(mgl64.Vec3{0, 1, 0}, radial)
		l.hinges[i], _ = w.AddHinge(HingeDef{A: l.hull, B: l.legs[i], Anchor: hinge, Axis: axis,
			EnableLimits: true, Lower: 0, Upper: 0.5})
	}
	low := l.lowestFoot()
	for i := range w.NumBodies() {
		if b := w.Body(BodyID(i)); !b.Static() {
			b.SetPosition(b.Position().Add(mgl64.Vec3{0, -low, 0}))
		}
	}
	return l
}

// dropGrid is the scene of a thousand boxes dropped: unit cubes (10 kg,
// μ = 0.6) on an n × n × h grid, 2 m apart across and 1.5 m apart
// upwards, the lowest 0.5 m above the ground, released at rest. Each
// column falls into a stack. It returns the top cubes.
func dropGrid(def WorldDef, n, h int) (*World, []BodyID) {
	def.Gravity = mgl64.Vec3{0, -9.81, 0}
	w := NewWorld(def)
	addGround(w, 0.6, 0)
	var tops []BodyID
	for i := range n {
		for j := range n {
			var top BodyID
			for k := range h {
				top = addCube(w, 1, 10, mgl64.Vec3{2 * float64(i), 1 + float64(1.5*float64(k)), 2 * float64(j)}, mgl64.QuatIdent(), 0.6, 0)
			}
			tops = append(tops, top)
		}
	}
	return w, tops
}
