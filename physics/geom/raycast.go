package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// RayHit is where a ray meets a shape.
type RayHit struct {
	// T is the ray parameter of the hit: Point = origin + T·dir. With a unit
	// dir it is the distance (m).
	T float64
	// Point is the hit point (world, m).
	Point mgl64.Vec3
	// Normal is the unit outward normal of the face hit (world); for a ray
	// that starts inside the shape it is −dir, normalised.
	Normal mgl64.Vec3
}

// RayCast intersects the ray origin + t·dir, 0 ≤ t ≤ maxT, with the convex
// polyhedron p placed by xf (Liang–Barsky clipping against the face
// planes). A ray starting inside hits at t = 0. For the altitude of a craft
// over a pad, cast from the craft along −y. It reports false for a miss, a
// zero dir or non-finite input, and allocates nothing.
func RayCast(p *Polyhedron, xf Transform, origin, dir mgl64.Vec3, maxT float64) (RayHit, bool) {
	if p == nil || len(p.Faces) == 0 || dir == (mgl64.Vec3{}) || !(maxT >= 0) {
		return RayHit{}, false
	}
	r := rotationOf(xf.Rot)
	o := r.applyT(origin.Sub(xf.Pos))
	d := r.applyT(dir)
	enter, exit, face := 0.0, maxT, -1
	for f := range p.Faces {
		n := p.Faces[f].Normal
		den := fmath.Dot(n, d)
		gap := p.Faces[f].D - fmath.Dot(n, o) // ≥ 0 when o is behind the plane
		switch {
		case den == 0:
			if gap < 0 {
				return RayHit{}, false // parallel and outside
			}
		case den < 0: // entering this half-space
			if t := gap / den; t > enter {
				enter, face = t, f
			}
		default: // leaving
			exit = math.Min(exit, gap/den)
		}
		if enter > exit || math.IsNaN(gap) {
			return RayHit{}, false
		}
	}
	hit := RayHit{T: enter, Point: origin.Add(dir.Mul(enter))}
	if face < 0 {
		hit.Normal = fmath.Normalize(dir).Mul(-1)
	} else {
		hit.Normal = r.apply(p.Faces[face].Normal)
	}
	return hit, true
}
