package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Collision shapes: convex pieces placed on bodies, with their materials.

// ShapeID names a collision shape of a World. Shapes are numbered in the
// order their bodies were added (a body's shapes are consecutive); ids are
// stable for the life of the world.
type ShapeID int32

// NoShape is the invalid ShapeID.
const NoShape ShapeID = -1

// ShapeDef is one convex collision piece of a body. A body may carry several
// (a compound: a non-convex part is a union of convex pieces).
//
// Material pair rule: two touching shapes use the friction coefficient
// μ = sqrt(μA μB) (geometric mean: ice on anything stays slippery) and the
// restitution ε = max(εA, εB) (a bouncy ball bounces on mud).
type ShapeDef struct {
	// Poly is the convex piece in its own frame (geom.Box, geom.Cylinder,
	// geom.Hull). It is copied, placed by Local, at AddBody.
	Poly *geom.Polyhedron
	// Local places Poly in the body frame, whose origin is the centre of
	// mass (BodyDef.Position); the zero Transform is the identity.
	Local geom.Transform

	Friction    float64 // Coulomb coefficient μ ≥ 0
	Restitution float64 // ε in [0, 1]: normal speed kept by an impact

	// Tag is the game's label for the piece (a part index, "foot", "hull"):
	// contact events and debug contacts report it.
	Tag int32
}

// validate reports why a shape cannot be used, or nil.
func (d *ShapeDef) validate(body string, i int) error {
	if d.Poly == nil || len(d.Poly.Verts) == 0 || len(d.Poly.Faces) == 0 {
		return fmt.Errorf("%w: body %q shape %d: empty polyhedron", ErrBadDef, body, i)
	}
	if !finite(d.Friction) || d.Friction < 0 {
		return fmt.Errorf("%w: body %q shape %d: friction %v must be finite and ≥ 0", ErrBadDef, body, i, d.Friction)
	}
	if !(d.Restitution >= 0 && d.Restitution <= 1) {
		return fmt.Errorf("%w: body %q shape %d: restitution %v must be in [0, 1]", ErrBadDef, body, i, d.Restitution)
	}
	if !finite3(d.Local.Pos) || !finite(d.Local.Rot.W) || !finite3(d.Local.Rot.V) {
		return fmt.Errorf("%w: body %q shape %d: non-finite placement", ErrBadDef, body, i)
	}
	for _, v := range d.Poly.Verts {
		if !finite3(v) {
			return fmt.Errorf("%w: body %q shape %d: non-finite vertex", ErrBadDef, body, i)
		}
	}
	return nil
}

// shape is the runtime data of one collision shape.
type shape struct {
	body    BodyID
	poly    *geom.Polyhedron // in the body frame (origin at the centre of mass)
	mu, eps float64
	tag     int32
	radius  float64 // largest distance of a vertex from the centre of mass, m
}

// addShapes places the shapes of a new body.
func (w *World) addShapes(id BodyID, defs []ShapeDef) {
	b := &w.bodies[id]
	b.shape0 = int32(len(w.contacts.shapes))
	b.nShape = int32(len(defs))
	for _, d := range defs {
		xf := d.Local
		if xf.Rot == (mgl64.Quat{}) {
			xf.Rot = mgl64.QuatIdent()
		}
		p := d.Poly.Transformed(xf)
		r := 0.0
		for _, v := range p.Verts {
			r = math.Max(r, fmath.Len(v))
		}
		w.contacts.shapes = append(w.contacts.shapes, shape{body: id, poly: p, mu: d.Friction, eps: d.Restitution, tag: d.Tag, radius: r})
		// The farthest corner of the shape's local bounds: however the body
		// turns, the broad phase's box of the shape stays within that
		// distance of the centre of mass on every axis.
		lb := p.LocalBounds()
		for k := range 8 {
			c := lb.Min
			for a := range 3 {
				if k>>a&1 != 0 {
					c[a] = lb.Max[a]
				}
			}
			b.boxR = math.Max(b.boxR, fmath.Len(c))
		}
		b.shapeR = math.Max(b.shapeR, r)
	}
}

// ShapeInfo describes a shape of a World.
type ShapeInfo struct {
	Body        BodyID
	Index       int              // index in the body's BodyDef.Shapes
	Tag         int32            // ShapeDef.Tag
	Poly        *geom.Polyhedron // placed in the body frame (read only)
	Friction    float64
	Restitution float64
}

// NumShapes returns the number of shapes (the largest ShapeID + 1).
func (w *World) NumShapes() int { return len(w.contacts.shapes) }

// Shape returns what the world knows of shape id, and false for a bad id.
func (w *World) Shape(id ShapeID) (ShapeInfo, bool) {
	if id < 0 || int(id) >= len(w.contacts.shapes) {
		return ShapeInfo{Body: NoBody}, false
	}
	s := &w.contacts.shapes[id]
	return ShapeInfo{
		Body: s.body, Index: int(int32(id) - w.bodies[s.body].shape0), Tag: s.tag,
		Poly: s.poly, Friction: s.mu, Restitution: s.eps,
	}, true
}

// Shapes returns the ids of body id's shapes: first, first+1, …, first+n−1.
func (b Body) Shapes() (first ShapeID, n int) {
	if !b.ok() {
		return NoShape, 0
	}
	bd := &b.w.bodies[b.id]
	return ShapeID(bd.shape0), int(bd.nShape)
}

// pairMaterial returns the friction and restitution of two touching shapes.
func pairMaterial(a, b *shape) (mu, eps float64) {
	return math.Sqrt(a.mu * b.mu), math.Max(a.eps, b.eps)
}
