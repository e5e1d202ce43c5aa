package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

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
	return mgl64.Diag3(mgl64.Vec3{m * (y*y + z*z) / 12, m * (x*x + z*z) / 12, m * (x*x + y*y) / 12})
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
