package geom

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// worldVerts returns p's vertices placed by xf.
func worldVerts(p *Polyhedron, xf Transform) []mgl64.Vec3 {
	out := make([]mgl64.Vec3, len(p.Verts))
	for i, v := range p.Verts {
		out[i] = xf.Apply(v)
	}
	return out
}

// segmentSegment returns the closest points of segments p1–q1 and p2–q2
// (Ericson, Real-Time Collision Detection, 5.1.9).
func segmentSegment(p1, q1, p2, q2 mgl64.Vec3) (c1, c2 mgl64.Vec3) {
	d1, d2, r := q1.Sub(p1), q2.Sub(p2), p1.Sub(p2)
	a, e, f := d1.Dot(d1), d2.Dot(d2), d2.Dot(r)
	clamp := func(x float64) float64 { return math.Min(1, math.Max(0, x)) }
	var s, t float64
	switch {
	case a <= 1e-30 && e <= 1e-30:
	case a <= 1e-30:
		t = clamp(f / e)
	default:
		c := d1.Dot(r)
		if e <= 1e-30 {
			s = clamp(-c / a)
		} else {
			b := d1.Dot(d2)
			den := a*e - b*b
			if den > 0 {
				s = clamp((b*f - c*e) / den)
			}
			t = (b*s + f) / e
			if t < 0 {
				t, s = 0, clamp(-c/a)
			} else if t > 1 {
				t, s = 1, clamp((b-c)/a)
			}
		}
	}
	return p1.Add(d1.Mul(s)), p2.Add(d2.Mul(t))
}

// pointPolygon returns the point of the convex face f (world vertices vs,
// world normal n) nearest to x.
func pointPolygon(x mgl64.Vec3, vs []mgl64.Vec3, idx []int32, n mgl64.Vec3) mgl64.Vec3 {
	q := x.Sub(n.Mul(n.Dot(x.Sub(vs[idx[0]]))))
	in := true
	for k := range idx {
		a, b := vs[idx[k]], vs[idx[(k+1)%len(idx)]]
		if b.Sub(a).Cross(q.Sub(a)).Dot(n) < 0 {
			in = false
		}
	}
	if in {
		return q
	}
	best, bp := math.Inf(1), q
	for k := range idx {
		a, b := vs[idx[k]], vs[idx[(k+1)%len(idx)]]
		c, _ := segmentSegment(a, b, x, x)
		if d := c.Sub(x).Len(); d < best {
			best, bp = d, c
		}
	}
	return bp
}

// bruteDistance is the exact distance between two disjoint convex polyhedra:
// the minimum over vertex–face, face–vertex and edge–edge feature pairs.
func bruteDistance(a *Polyhedron, xa Transform, b *Polyhedron, xb Transform) float64 {
	va, vb := worldVerts(a, xa), worldVerts(b, xb)
	ra, rb := rotationOf(xa.Rot), rotationOf(xb.Rot)
	best := math.Inf(1)
	for _, x := range va {
		for _, f := range b.Faces {
			best = math.Min(best, pointPolygon(x, vb, f.Verts, rb.apply(f.Normal)).Sub(x).Len())
		}
	}
	for _, x := range vb {
		for _, f := range a.Faces {
			best = math.Min(best, pointPolygon(x, va, f.Verts, ra.apply(f.Normal)).Sub(x).Len())
		}
	}
	for _, ea := range a.Edges {
		for _, eb := range b.Edges {
			c1, c2 := segmentSegment(va[ea[0]], va[ea[1]], vb[eb[0]], vb[eb[1]])
			best = math.Min(best, c1.Sub(c2).Len())
		}
	}
	return best
}

func TestDistanceAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	var c Collider
	var m Manifold
	compared, overlaps, maxErr := 0, 0, 0.0
	for trial := 0; compared < 1000; trial++ {
		a, b := randomConvex(rng), randomConvex(rng)
		xa, xb := randomTransform(rng, 2.5), randomTransform(rng, 2.5)
		g := c.Distance(a, xa, b, xb)
		c.Collide(a, xa, b, xb, math.Inf(1), nil, &m)
		if g.Overlap {
			overlaps++
			if m.Separation > 1e-9 {
				t.Errorf("trial %d: GJK overlap, separating plane at %g", trial, m.Separation)
			}
			continue
		}
		if m.Separation < -1e-9 {
			t.Errorf("trial %d: GJK distance %g but planes overlap by %g", trial, g.Distance, -m.Separation)
			continue
		}
		compared++
		if g2 := Distance(&PolyhedronSupport{a, xa.Pos, rotationOf(xa.Rot)}, &PolyhedronSupport{b, xb.Pos, rotationOf(xb.Rot)}); g2 != g {
			t.Errorf("trial %d: repeated Distance differs: %+v, %+v", trial, g, g2)
		}
		ref := bruteDistance(a, xa, b, xb)
		err := math.Abs(g.Distance - ref)
		maxErr = math.Max(maxErr, err)
		if err > 1e-9 {
			t.Errorf("trial %d: distance %.15g, brute force %.15g (Δ %g, %d iterations)", trial, g.Distance, ref, err, g.Iterations)
		}
		if d := g.PointB.Sub(g.PointA).Len(); math.Abs(d-g.Distance) > 1e-12 {
			t.Errorf("trial %d: |PointB − PointA| = %g ≠ %g", trial, d, g.Distance)
		}
		if d := outside(a, xa, g.PointA); d > 1e-9 {
			t.Errorf("trial %d: PointA %g outside A", trial, d)
		}
		if d := outside(b, xb, g.PointB); d > 1e-9 {
			t.Errorf("trial %d: PointB %g outside B", trial, d)
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	t.Logf("%d pairs compared (max error %.3g m), %d overlapping", compared, maxErr, overlaps)
	if overlaps < 50 {
		t.Errorf("only %d overlapping pairs exercised", overlaps)
	}
}

func TestDistanceAnalytic(t *testing.T) {
	box := SupportOf(cube, at(0, 0, 0))
	for _, tc := range []struct {
		name   string
		s      Sphere
		want   float64
		pa, pb mgl64.Vec3
	}{
		{"point over face", Sphere{Center: mgl64.Vec3{0.2, 3, -0.1}}, 2.5, mgl64.Vec3{0.2, 0.5, -0.1}, mgl64.Vec3{0.2, 3, -0.1}},
		{"point off edge", Sphere{Center: mgl64.Vec3{1.5, 1.5, 0.3}}, math.Sqrt2, mgl64.Vec3{0.5, 0.5, 0.3}, mgl64.Vec3{1.5, 1.5, 0.3}},
		{"point off corner", Sphere{Center: mgl64.Vec3{-1.5, 2.5, 1.5}}, math.Sqrt(1 + 4 + 1), mgl64.Vec3{-0.5, 0.5, 0.5}, mgl64.Vec3{-1.5, 2.5, 1.5}},
		{"sphere over face", Sphere{Center: mgl64.Vec3{0, -3, 0}, Radius: 1}, 1.5, mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{0, -2, 0}},
	} {
		// A sphere is curved: GJK converges to it only in the limit, and
		// the 1e-12 relative stop leaves ~1e-6 along the surface.
		tol := 1e-9
		if tc.s.Radius > 0 {
			tol = 1e-6
		}
		g := Distance(&box, &tc.s)
		if math.Abs(g.Distance-tc.want) > 1e-9 || g.PointA.Sub(tc.pa).Len() > tol || g.PointB.Sub(tc.pb).Len() > tol {
			t.Errorf("%s: got %g %v %v, want %g %v %v", tc.name, g.Distance, g.PointA, g.PointB, tc.want, tc.pa, tc.pb)
		}
	}
	in := Sphere{Center: mgl64.Vec3{0.1, 0.2, 0.3}}
	if g := Distance(&box, &in); !g.Overlap || g.Distance != 0 {
		t.Errorf("point inside: %+v, want overlap", g)
	}
}

func TestDistanceAllocs(t *testing.T) {
	a := SupportOf(cube, rotAt(rotY45, 0, 0, 0))
	b := SupportOf(ground, at(0.3, -2, 0.1))
	var c Collider
	run := func() {
		Distance(&a, &b)
		c.Distance(cube, at(0, 2, 0), ground, at(0, 0, 0))
	}
	run()
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("Distance allocates %g times per run, want 0", n)
	}
}

func TestDistanceNonFinite(t *testing.T) {
	a := SupportOf(cube, at(math.NaN(), 0, 0))
	b := SupportOf(cube, at(0, 0, 0))
	g := Distance(&a, &b) // must return, not panic or loop
	if g.Iterations > gjkMaxIterations || (!math.IsNaN(g.Distance) && !g.Overlap) {
		t.Errorf("NaN input: %+v", g)
	}
}
