package geom

// Big hulls (up to the craft files' limit of 1,024 points) for the tests
// and benchmarks of Collide's cost: points on a sphere, near one, on an
// ellipsoid, on a superellipsoid, on a box with rounded edges (big flat
// faces) and on the rims of a disc (two faces of half the points each).

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// bigHullKinds names the point clouds of bigHull.
var bigHullKinds = []string{"sphere", "nearsphere", "ellipsoid", "roundbox", "boxedges", "disc"}

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
		case "disc": // 2 m across, 10 cm thick
			a := 2 * math.Pi * rng.Float64()
			pts[i] = mgl64.Vec3{math.Cos(a), 0.05 * float64(2*(i%2)-1), math.Sin(a)}
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

// squareQuat returns a random rotation by quarter turns.
func squareQuat(rng *rand.Rand) mgl64.Quat {
	q := mgl64.QuatIdent()
	for _, axis := range []mgl64.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		q = mgl64.QuatRotate(float64(rng.IntN(4))*math.Pi/2, axis).Mul(q)
	}
	return q
}

// unclimbed returns a copy of p without its vertex graph: Collide then
// passes over every vertex and every edge pair, the brute force that the
// climbs must reproduce.
func unclimbed(p *Polyhedron) *Polyhedron {
	q := *p
	q.graph = vertexGraph{}
	return &q
}

// TestCollideBigHullsMatchBruteForce: for random big hulls of every kind,
// against each other and against boxes, cylinders and small hulls, in
// random poses — most near contact (gaps within ±5 cm), some deep, some
// apart — Collide with the climbs and walks gives what the passes over
// every vertex and edge pair give: the same answer, the same manifold bit
// for bit and the same plane in the cache; also along approaches with the
// caches kept from call to call.
func TestCollideBigHullsMatchBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	small := func() *Polyhedron {
		switch rng.IntN(3) {
		case 0:
			return Box(mgl64.Vec3{0.1 + rng.Float64(), 0.1 + rng.Float64(), 0.1 + rng.Float64()})
		case 1:
			return Cylinder(0.1+rng.Float64(), 0.1+2*rng.Float64(), 3+rng.IntN(20))
		}
		return randomConvex(rng)
	}
	var fast, brute Collider
	var m1, m2 Manifold
	const margin = 0.05
	counts := map[string]int{}
	for pair := range 150 {
		// Every kind with every partner; three at the full 1,024 points.
		kind, n := bigHullKinds[pair/3%len(bigHullKinds)], 64+rng.IntN(200)
		if pair%50 == 0 {
			kind, n = []string{"sphere", "disc", "roundbox"}[pair/50], 1024
		}
		a := bigHull(rng, kind, n)
		var b *Polyhedron
		switch pair % 3 {
		case 0:
			b = bigHull(rng, bigHullKinds[rng.IntN(len(bigHullKinds))], 64+rng.IntN(200))
		case 1:
			b = small()
		case 2:
			a, b = small(), a
		}
		// Parts placed off their body's origin, as crafts place them.
		if rng.IntN(4) == 0 {
			a = a.Transformed(randomTransform(rng, 2))
		}
		if rng.IntN(4) == 0 {
			b = b.Transformed(randomTransform(rng, 2))
		}
		if a.climbGraph() == nil && b.climbGraph() == nil {
			counts["small pair"]++ // a rounded box of few points
			continue
		}
		ra, rb := unclimbed(a), unclimbed(b)
		for pose := range 24 {
			xa, xb := randomTransform(rng, 1), randomTransform(rng, 1)
			kind := "deep"
			switch {
			case pose%8 == 0:
				xb.Pos = xb.Pos.Add(mgl64.Vec3{0, 6, 0})
				kind = "apart"
			case pose%8 == 2 || pose%8 == 3:
				// Square to each other (quarter turns), resting along
				// an axis: flat faces meet flat faces.
				xa.Rot, xb.Rot = squareQuat(rng), squareQuat(rng)
				dir := mgl64.Vec3{}
				dir[rng.IntN(3)] = float64(2*rng.IntN(2) - 1)
				xb = touching(a, xa, b, xb.Rot, dir, 0.01*(rng.Float64()-0.5))
				kind = "square"
			case pose%8 != 1:
				dir := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
				xb = touching(a, xa, b, xb.Rot, dir, 0.1*(rng.Float64()-0.5))
				kind = "near"
			}
			var c1, c2 PairCache
			got1 := fast.Collide(a, xa, b, xb, margin, &c1, &m1)
			got2 := brute.Collide(ra, xa, rb, xb, margin, &c2, &m2)
			if got1 != got2 {
				t.Fatalf("pair %d pose %d (%s): contact %v, brute force %v (separation %g)", pair, pose, kind, got1, got2, m2.Separation)
			}
			if !got1 {
				counts[kind+" apart"]++
				continue
			}
			counts[kind]++
			if m1 != m2 || c1.kind != c2.kind || c1.ia != c2.ia || c1.ib != c2.ib {
				t.Fatalf("pair %d pose %d (%s):\n%+v, plane %+v\nbrute force:\n%+v, plane %+v", pair, pose, kind, m1, c1, m2, c2)
			}
			if c1.kind == planeEdgePair {
				counts["edge pair"]++
			}
		}
		// An approach from 20 cm apart to 2 cm deep, turning, each side
		// keeping its cache: the cached planes end the same calls.
		xa, xb := randomTransform(rng, 1), randomTransform(rng, 1)
		dir := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		spin := mgl64.QuatRotate(0.02, mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize())
		var c1, c2 PairCache
		for step := range 12 {
			xb.Rot = spin.Mul(xb.Rot)
			xs := touching(a, xa, b, xb.Rot, dir, 0.2-0.02*float64(step))
			got1 := fast.Collide(a, xa, b, xs, margin, &c1, &m1)
			got2 := brute.Collide(ra, xa, rb, xs, margin, &c2, &m2)
			if got1 != got2 || got1 && m1 != m2 || c1.kind != c2.kind {
				t.Fatalf("pair %d approach step %d: %v %+v, plane %+v\nbrute force: %v %+v, plane %+v", pair, step, got1, m1, c1, got2, m2, c2)
			}
			counts["approach"]++
		}
	}
	t.Logf("%v", counts)
	if counts["near"] < 1000 || counts["edge pair"] < 100 || counts["deep"] < 100 || counts["square"] < 300 || counts["apart apart"] < 100 {
		t.Errorf("too few cases of a kind: %v", counts)
	}
}

// TestClimbMatchesMinMaxDot: a climb from any vertex gives minMaxDot's
// minimum bit for bit, for random directions and for the hull's own face
// normals (plateaus: a whole face at the minimum, apart from rounding),
// with the hull placed as Collide places B (rotated, moved, the
// tolerance from the distance), quarter turns included.
func TestClimbMatchesMinMaxDot(t *testing.T) {
	rng := rand.New(rand.NewPCG(53, 54))
	var c Collider
	queries, plateaus := 0, 0
	for _, kind := range bigHullKinds {
		for range 4 {
			p := bigHull(rng, kind, 100+rng.IntN(400))
			g := p.climbGraph()
			if g == nil {
				continue
			}
			var polygons []Face // faces of more than 3 vertices
			for _, f := range p.Faces {
				if len(f.Verts) > 3 {
					polygons = append(polygons, f)
				}
			}
			for pose := range 20 {
				q := randomQuat(rng)
				if pose%2 == 0 {
					q = squareQuat(rng)
				}
				r := rotationOf(q)
				pos := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(3)
				xs := make([]mgl64.Vec3, len(p.Verts))
				for i, v := range p.Verts {
					xs[i] = r.apply(v).Add(pos)
				}
				tol := climbTolerance * (pos.Len() + g.radius)
				for k := range 40 {
					var n mgl64.Vec3
					if k%2 == 0 {
						n = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
					} else {
						f := p.Faces[rng.IntN(len(p.Faces))]
						if k%4 == 1 && len(polygons) > 0 {
							f = polygons[rng.IntN(len(polygons))]
						}
						n = r.apply(f.Normal).Mul(-1) // the face is lowest along −normal
						if pose%2 == 0 {
							// square: the axis itself, as another box's face gives it
							for j := range 3 {
								n[j] = math.Round(n[j]*4) / 4
							}
							if n.Len() != 1 {
								n = r.apply(f.Normal).Mul(-1)
							}
						}
						if len(f.Verts) > 3 {
							plateaus++
						}
					}
					want, _ := minMaxDot(xs, n)
					got, v, _ := c.climb(xs, g, n, int32(rng.IntN(len(xs))), tol)
					x := xs[v]
					if got != want || float64(n[0]*x[0])+float64(n[1]*x[1])+float64(n[2]*x[2]) != got {
						t.Fatalf("%s pose %d: climb along %v gives %.17g at %d, minimum %.17g", kind, pose, n, got, v, want)
					}
					queries++
				}
			}
		}
	}
	if plateaus < 200 {
		t.Errorf("only %d queries along the normal of a face with more than 3 vertices", plateaus)
	}
	t.Logf("%d queries, %d along a polygon face's normal", queries, plateaus)
}
