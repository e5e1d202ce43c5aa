package geom

// Big hulls (up to the craft files' limit of 1,024 points) for the tests
// and benchmarks of Collide's cost: points on a sphere, near one, on an
// ellipsoid, on a superellipsoid and on a box with rounded edges (big flat faces).

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
)

// bigHullKinds names the point clouds of bigHull.
var bigHullKinds = []string{"sphere", "nearsphere", "ellipsoid", "roundbox", "boxedges"}

// bigHull returns the hull of n random points of the given kind, about a
// metre across.
func bigHull(rng *rand.Rand, kind string, n int) *Polyhedron {
	pts := make([]mgl64.Vec3, n)
	for i := range pts {
		d := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		switch kind {
		case "sphere":
			pts[i] = d
		case "nearsphere": // some points inside, not vertices
			pts[i] = d.Mul(0.98 + 0.04*rng.Float64())
		case "ellipsoid":
			pts[i] = mgl64.Vec3{1.5 * d[0], 0.8 * d[1], 0.4 * d[2]}
		case "roundbox": // |x|⁶ + |y|⁶ + |z|⁶ = 1, stretched
			s := math.Pow(math.Pow(d[0], 6)+math.Pow(d[1], 6)+math.Pow(d[2], 6), -1.0/6)
			pts[i] = mgl64.Vec3{1.2 * s * d[0], 0.6 * s * d[1], 0.9 * s * d[2]}
		case "boxedges": // a 2 × 1 × 1.5 m box with edges rounded by 10 cm
			// A point uniform on the outer box's faces, pulled onto the
			// rounded box: points on the flat parts stay exactly on
			// their face's plane (big faces), the rest lie on the
			// rounded edges and corners.
			inner := mgl64.Vec3{0.9, 0.4, 0.65}
			const r = 0.1
			var p mgl64.Vec3
			k := rng.IntN(3)
			for j := range 3 {
				p[j] = (inner[j] + r) * (2*rng.Float64() - 1)
			}
			p[k] = (inner[k] + r) * float64(2*rng.IntN(2)-1)
			var q mgl64.Vec3
			for j := range 3 {
				q[j] = math.Max(-inner[j], math.Min(inner[j], p[j]))
			}
			pts[i] = q.Add(p.Sub(q).Normalize().Mul(r))
		default:
			panic(kind)
		}
	}
	p, err := Hull(pts)
	if err != nil {
		panic(err)
	}
	return p
}

// touching returns a pose of b, turned by rotB, in contact with a placed by
// xa: b is put far away along the world direction dir, then brought back
// along the line of the shapes' nearest points until they are gap apart
// (gap < 0: overlapping by about −gap).
func touching(a *Polyhedron, xa Transform, b *Polyhedron, rotB mgl64.Quat, dir mgl64.Vec3, gap float64) Transform {
	var c Collider
	xb := Transform{Pos: xa.Pos.Add(dir.Mul(10)), Rot: rotB}
	g := c.Distance(a, xa, b, xb)
	n := g.PointB.Sub(g.PointA).Normalize()
	xb.Pos = xb.Pos.Sub(n.Mul(g.Distance - gap))
	return xb
}
