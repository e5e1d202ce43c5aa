package geom

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

var (
	ground = Box(mgl64.Vec3{5, 0.5, 5}) // top face at y = 0.5
	cube   = Box(mgl64.Vec3{0.5, 0.5, 0.5})
	s2     = math.Sqrt2 / 2
	s3     = math.Sqrt(3) / 2
)

func at(x, y, z float64) Transform {
	return Transform{Pos: mgl64.Vec3{x, y, z}, Rot: mgl64.QuatIdent()}
}

func rotAt(q mgl64.Quat, x, y, z float64) Transform {
	return Transform{Pos: mgl64.Vec3{x, y, z}, Rot: q}
}

var (
	rotY45 = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0})
	rotZ45 = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1})
	rotX45 = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{1, 0, 0})
	// cornerDown turns the cube's corner (−1,−1,−1)/2 straight down.
	cornerDown = mgl64.QuatBetweenVectors(mgl64.Vec3{-1, -1, -1}.Normalize(), mgl64.Vec3{0, -1, 0})
)

// polygonArea is the area of the convex polygon spanned by the manifold's
// points, projected on the plane normal to n (corners sorted by angle).
func polygonArea(pts []mgl64.Vec3, n mgl64.Vec3) float64 {
	if len(pts) < 3 {
		return 0
	}
	u, v := perpendicular(n)
	var c mgl64.Vec3
	for _, p := range pts {
		c = c.Add(p)
	}
	c = c.Mul(1 / float64(len(pts)))
	type q struct{ x, y float64 }
	qs := make([]q, len(pts))
	for i, p := range pts {
		qs[i] = q{u.Dot(p.Sub(c)), v.Dot(p.Sub(c))}
	}
	sort.Slice(qs, func(i, j int) bool { return math.Atan2(qs[i].y, qs[i].x) < math.Atan2(qs[j].y, qs[j].x) })
	a := 0.0
	for i := range qs {
		j := (i + 1) % len(qs)
		a += qs[i].x*qs[j].y - qs[j].x*qs[i].y
	}
	return math.Abs(a) / 2
}

type wantPoint struct {
	p     mgl64.Vec3
	depth float64
}

func TestCollideTable(t *testing.T) {
	tilt := mgl64.QuatRotate(3e-4, mgl64.Vec3{0, 0, 1})
	tiltXf := rotAt(tilt, 0, 0.99, 0)
	var tiltWant []wantPoint
	for _, c := range []mgl64.Vec3{{-0.5, -0.5, -0.5}, {0.5, -0.5, -0.5}, {0.5, -0.5, 0.5}, {-0.5, -0.5, 0.5}} {
		w := tiltXf.Apply(c)
		tiltWant = append(tiltWant, wantPoint{mgl64.Vec3{w[0], (w[1] + 0.5) / 2, w[2]}, w[1] - 0.5})
	}
	// Tilted 0.01 rad: its corners 1 cm apart in height, beyond ε = 1 mm.
	// Sunk 1 cm at its centre, both edges are in the ground: every corner
	// is a point with its own depth. Lifted to touch with its lower edge,
	// the upper edge is 5 mm above the ground: the lower edge alone.
	tilt2 := mgl64.QuatRotate(0.01, mgl64.Vec3{0, 0, 1})
	tilt2Xf, tilt3Xf := rotAt(tilt2, 0, 0.99, 0), rotAt(tilt2, 0, 1, 0)
	var tilt2Want, tilt3Want []wantPoint
	for _, c := range []mgl64.Vec3{{-0.5, -0.5, -0.5}, {-0.5, -0.5, 0.5}, {0.5, -0.5, -0.5}, {0.5, -0.5, 0.5}} {
		w := tilt2Xf.Apply(c)
		tilt2Want = append(tilt2Want, wantPoint{mgl64.Vec3{w[0], (w[1] + 0.5) / 2, w[2]}, w[1] - 0.5})
		if c[0] < 0 { // the lower edge
			w := tilt3Xf.Apply(c)
			tilt3Want = append(tilt3Want, wantPoint{mgl64.Vec3{w[0], (w[1] + 0.5) / 2, w[2]}, w[1] - 0.5})
		}
	}
	corners := func(y, depth float64, xs, zs [2]float64) []wantPoint {
		var w []wantPoint
		for _, x := range xs {
			for _, z := range zs {
				w = append(w, wantPoint{mgl64.Vec3{x, y, z}, depth})
			}
		}
		return w
	}
	for _, tc := range []struct {
		name     string
		a        *Polyhedron
		xa       Transform
		b        *Polyhedron
		xb       Transform
		margin   float64
		normal   mgl64.Vec3
		area     float64
		want     []wantPoint
		apart    bool
		polyArea float64 // area of the contact polygon before reduction, if > 0
	}{
		{name: "face-face resting", a: ground, xa: at(0, 0, 0), b: cube, xb: at(0, 0.99, 0),
			normal: mgl64.Vec3{0, 1, 0}, area: 1, want: corners(0.495, -0.01, [2]float64{-0.5, 0.5}, [2]float64{-0.5, 0.5})},
		{name: "face-face offset", a: cube, xa: at(0, 0, 0), b: cube, xb: at(0.6, 0.99, 0.3),
			normal: mgl64.Vec3{0, 1, 0}, area: 0.4 * 0.7, want: corners(0.495, -0.01, [2]float64{0.1, 0.5}, [2]float64{-0.2, 0.5})},
		{name: "rotated box on ground", a: ground, xa: at(0, 0, 0), b: cube, xb: rotAt(rotY45, 0, 0.99, 0),
			normal: mgl64.Vec3{0, 1, 0}, area: 1, want: []wantPoint{
				{mgl64.Vec3{s2, 0.495, 0}, -0.01}, {mgl64.Vec3{-s2, 0.495, 0}, -0.01},
				{mgl64.Vec3{0, 0.495, s2}, -0.01}, {mgl64.Vec3{0, 0.495, -s2}, -0.01}}},
		{name: "rotated box on box: octagon", a: cube, xa: at(0, 0, 0), b: cube, xb: rotAt(rotY45, 0, 0.99, 0),
			normal: mgl64.Vec3{0, 1, 0}, polyArea: 2 * (math.Sqrt2 - 1)},
		{name: "edge-edge", a: cube, xa: rotAt(rotZ45, 0, 0, 0), b: cube, xb: rotAt(rotX45, 0, math.Sqrt2-0.01, 0),
			normal: mgl64.Vec3{0, 1, 0}, want: []wantPoint{{mgl64.Vec3{0, s2 - 0.005, 0}, -0.01}}},
		{name: "vertex-face", a: ground, xa: at(0, 0, 0), b: cube, xb: rotAt(cornerDown, 0.1, 0.5+s3-0.01, 0.2),
			normal: mgl64.Vec3{0, 1, 0}, want: []wantPoint{{mgl64.Vec3{0.1, 0.495, 0.2}, -0.01}}},
		{name: "edge-face", a: ground, xa: at(0, 0, 0), b: cube, xb: rotAt(rotZ45, 0, 0.5+s2-0.01, 0),
			normal: mgl64.Vec3{0, 1, 0}, want: []wantPoint{{mgl64.Vec3{0, 0.495, -0.5}, -0.01}, {mgl64.Vec3{0, 0.495, 0.5}, -0.01}}},
		{name: "tilted within ε: four corners, own depths", a: ground, xa: at(0, 0, 0), b: cube, xb: tiltXf,
			normal: mgl64.Vec3{0, 1, 0}, area: math.Cos(3e-4), want: tiltWant},
		{name: "tilted beyond ε, sunk: every corner in the ground, own depths", a: ground, xa: at(0, 0, 0), b: cube, xb: tilt2Xf,
			normal: mgl64.Vec3{0, 1, 0}, area: math.Cos(0.01), want: tilt2Want},
		{name: "tilted beyond ε, touching: the lower edge", a: ground, xa: at(0, 0, 0), b: cube, xb: tilt3Xf,
			normal: mgl64.Vec3{0, 1, 0}, area: 0, want: tilt3Want},
		{name: "speculative: gap 2 cm, margin 5 cm", a: ground, xa: at(0, 0, 0), b: cube, xb: at(0, 1.02, 0), margin: 0.05,
			normal: mgl64.Vec3{0, 1, 0}, area: 1, want: corners(0.51, 0.02, [2]float64{-0.5, 0.5}, [2]float64{-0.5, 0.5})},
		{name: "gap 2 cm, margin 1 cm: apart", a: ground, xa: at(0, 0, 0), b: cube, xb: at(0, 1.02, 0), margin: 0.01, apart: true},
		{name: "A on top: normal down", a: cube, xa: at(0, 0.99, 0), b: ground, xb: at(0, 0, 0),
			normal: mgl64.Vec3{0, -1, 0}, area: 1, want: corners(0.495, -0.01, [2]float64{-0.5, 0.5}, [2]float64{-0.5, 0.5})},
		{name: "side by side", a: cube, xa: at(0, 0, 0), b: cube, xb: at(0.995, 0.5, 0),
			normal: mgl64.Vec3{1, 0, 0}, area: 0.5, want: corners(0, 0, [2]float64{}, [2]float64{})[:0]},
		{name: "far off", a: cube, xa: at(0, 0, 0), b: cube, xb: at(5, 5, 5), margin: 1, apart: true},
		{name: "far off in space", a: cube, xa: at(1e7, 2e7, 3e7), b: cube, xb: at(1e7, 2e7+0.99, 3e7),
			normal: mgl64.Vec3{0, 1, 0}, area: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var c Collider
			var m Manifold
			got := c.Collide(tc.a, tc.xa, tc.b, tc.xb, tc.margin, nil, &m)
			if tc.apart {
				if got || m.Count != 0 {
					t.Fatalf("got %v with %d points, want apart", got, m.Count)
				}
				return
			}
			if !got || m.Count == 0 {
				t.Fatalf("no contact")
			}
			if m.Normal.Sub(tc.normal).Len() > 1e-9 {
				t.Errorf("normal = %v, want %v", m.Normal, tc.normal)
			}
			pts := make([]mgl64.Vec3, m.Count)
			ids := map[FeatureID]bool{}
			for i := range m.Count {
				pts[i] = m.Points[i].Point
				if ids[m.Points[i].ID] {
					t.Errorf("duplicate feature id %x", m.Points[i].ID)
				}
				ids[m.Points[i].ID] = true
				if m.Points[i].Depth < m.Separation-1e-12 {
					t.Errorf("point %d depth %g below the separation %g", i, m.Points[i].Depth, m.Separation)
				}
			}
			if tc.area > 0 || tc.want != nil {
				if a := polygonArea(pts, m.Normal); math.Abs(a-tc.area) > 1e-9 {
					t.Errorf("contact area = %.12g, want %.12g", a, tc.area)
				}
			}
			if len(tc.want) > 0 {
				if m.Count != len(tc.want) {
					t.Errorf("%d points, want %d: %+v", m.Count, len(tc.want), m.Points[:m.Count])
				}
				for _, w := range tc.want {
					found := false
					for i := range m.Count {
						if m.Points[i].Point.Sub(w.p).Len() < 1e-9 {
							found = true
							if math.Abs(m.Points[i].Depth-w.depth) > 1e-9 {
								t.Errorf("at %v: depth %.12g, want %.12g", w.p, m.Points[i].Depth, w.depth)
							}
						}
					}
					if !found {
						t.Errorf("no contact point at %v; got %+v", w.p, m.Points[:m.Count])
					}
				}
			}
			if tc.polyArea > 0 {
				poly := c.pc
				var p3 []mgl64.Vec3
				u, v := perpendicular(m.Normal)
				for _, q := range poly {
					p3 = append(p3, u.Mul(q.u).Add(v.Mul(q.v)))
				}
				if a := polygonArea(p3, m.Normal); math.Abs(a-tc.polyArea) > 1e-9 || len(poly) != 8 {
					t.Errorf("contact polygon: %d corners, area %.12g; want 8, %.12g", len(poly), a, tc.polyArea)
				}
				if m.Count != 4 {
					t.Errorf("reduced to %d points, want 4", m.Count)
				}
				for i := range m.Count {
					if math.Abs(m.Points[i].Depth+0.01) > 1e-9 {
						t.Errorf("point %d depth %g, want −0.01", i, m.Points[i].Depth)
					}
				}
				// The kept corners span at least half the octagon.
				if a := polygonArea(pts, m.Normal); a < 0.5*tc.polyArea {
					t.Errorf("reduced polygon area %g < half of %g", a, tc.polyArea)
				}
			}
		})
	}
}

// TestCollideFeatureIDsPersist checks that a small slide keeps the ids of
// the contact points, which is what warm starting relies on.
func TestCollideFeatureIDsPersist(t *testing.T) {
	for _, tc := range []struct {
		name   string
		a      *Polyhedron
		xa, xb Transform
	}{
		{"box on ground", ground, at(0, 0, 0), rotAt(rotY45, 0, 0.99, 0)},
		{"box on box offset", cube, at(0, 0, 0), at(0.6, 0.99, 0.3)},
		{"edge-edge", cube, rotAt(rotZ45, 0, 0, 0), rotAt(rotX45, 0, math.Sqrt2-0.01, 0)},
	} {
		var c Collider
		var m1, m2 Manifold
		c.Collide(tc.a, tc.xa, cube, tc.xb, 0, nil, &m1)
		xb := tc.xb
		xb.Pos = xb.Pos.Add(mgl64.Vec3{0.003, -0.001, 0.002})
		c.Collide(tc.a, tc.xa, cube, xb, 0, nil, &m2)
		if m1.Count != m2.Count || m1.Count == 0 {
			t.Fatalf("%s: counts %d, %d", tc.name, m1.Count, m2.Count)
		}
		for i := range m1.Count {
			found := false
			for j := range m2.Count {
				if m1.Points[i].ID == m2.Points[j].ID {
					found = true
					if d := m1.Points[i].Point.Sub(m2.Points[j].Point).Len(); d > 0.01 {
						t.Errorf("%s: id %x moved %g m", tc.name, m1.Points[i].ID, d)
					}
				}
			}
			if !found {
				t.Errorf("%s: id %x lost after a small slide", tc.name, m1.Points[i].ID)
			}
		}
	}
}

// randomConvex returns a random convex polyhedron: a box, a prism or the
// hull of a random cloud.
func randomConvex(rng *rand.Rand) *Polyhedron {
	switch rng.IntN(3) {
	case 0:
		return Box(mgl64.Vec3{0.1 + rng.Float64(), 0.1 + rng.Float64(), 0.1 + rng.Float64()})
	case 1:
		return Cylinder(0.1+rng.Float64(), 0.1+2*rng.Float64(), 3+rng.IntN(14))
	}
	pts := make([]mgl64.Vec3, 5+rng.IntN(30))
	for i := range pts {
		pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	}
	p, err := Hull(pts)
	if err != nil {
		panic(err)
	}
	return p
}

func randomTransform(rng *rand.Rand, spread float64) Transform {
	return Transform{
		Pos: mgl64.Vec3{spread * (2*rng.Float64() - 1), spread * (2*rng.Float64() - 1), spread * (2*rng.Float64() - 1)},
		Rot: randomQuat(rng),
	}
}

// TestCollideRandomAgainstGJK checks the contact generator on random pairs
// against GJK: overlapping pairs get contacts with negative separation,
// pairs further apart than the margin get none, and, for shapes brought
// into shallow contact (within ±5 cm), contact points lie in both shapes
// grown by half the depth and ε.
func TestCollideRandomAgainstGJK(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	var c Collider
	var m Manifold
	const margin = 0.05
	shallow := 0
	for trial := range 2000 {
		a, b := randomConvex(rng), randomConvex(rng)
		xa, xb := randomTransform(rng, 1.5), randomTransform(rng, 1.5)
		near := trial%2 == 0
		if near {
			// Pull B apart, then back to a gap in [−5 cm, 5 cm].
			xb.Pos = xb.Pos.Add(mgl64.Vec3{10, 0, 0})
			g := c.Distance(a, xa, b, xb)
			dir := g.PointB.Sub(g.PointA).Normalize()
			xb.Pos = xb.Pos.Sub(dir.Mul(g.Distance - 0.1*(rng.Float64()-0.5)))
		}
		got := c.Collide(a, xa, b, xb, margin, nil, &m)
		g := c.Distance(a, xa, b, xb)
		switch {
		case g.Overlap && (!got || m.Separation > 1e-9):
			t.Errorf("trial %d: GJK overlap but Collide %v, separation %g", trial, got, m.Separation)
		case !g.Overlap && g.Distance > margin+1e-9 && got:
			t.Errorf("trial %d: distance %g > margin but %d contacts", trial, g.Distance, m.Count)
		case !g.Overlap && got && m.Separation > g.Distance+1e-9:
			t.Errorf("trial %d: separation %g exceeds the distance %g", trial, m.Separation, g.Distance)
		}
		if !got {
			continue
		}
		if math.Abs(m.Normal.Len()-1) > 1e-12 || m.Count < 1 || m.Count > MaxManifoldPoints {
			t.Fatalf("trial %d: bad manifold %+v", trial, m)
		}
		if !near {
			continue // deep random overlaps: no claim on where the points are
		}
		shallow++
		for i := range m.Count {
			p := m.Points[i]
			for j := range i {
				if m.Points[j].ID == p.ID {
					t.Errorf("trial %d: points %d and %d share id %x", trial, j, i, p.ID)
				}
			}
			if p.Depth < m.Separation-1e-12 {
				t.Errorf("trial %d: point %d depth %g below separation %g", trial, i, p.Depth, m.Separation)
			}
			slack := math.Abs(p.Depth)/2 + DefaultTolerance + 1e-9
			if d := outside(a, xa, p.Point); d > slack {
				t.Errorf("trial %d: point %d is %g outside A (slack %g)", trial, i, d, slack)
			}
			if d := outside(b, xb, p.Point); d > slack {
				t.Errorf("trial %d: point %d is %g outside B (slack %g)", trial, i, d, slack)
				t.Logf("m=%+v\nha=%+v\nhb=%+v\npc=%+v gjk=%+v", m, c.ha, c.hb, c.pc, g)
			}
		}
		if t.Failed() {
			t.FailNow()
		}
	}
	if shallow < 500 {
		t.Errorf("only %d shallow contacts tested", shallow)
	}
}

// outside returns how far the world point x is outside the polyhedron
// (largest face-plane distance; ≤ 0 inside).
func outside(p *Polyhedron, xf Transform, x mgl64.Vec3) float64 {
	l := xf.ApplyInv(x)
	d := math.Inf(-1)
	for _, f := range p.Faces {
		d = math.Max(d, f.Normal.Dot(l)-f.D)
	}
	return d
}

func TestCollideDeterministic(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	var warm Collider
	for range 500 {
		a, b := randomConvex(rng), randomConvex(rng)
		xa, xb := randomTransform(rng, 1), randomTransform(rng, 1)
		var fresh Collider
		var m1, m2 Manifold
		r1 := fresh.Collide(a, xa, b, xb, 0.05, nil, &m1)
		r2 := warm.Collide(a, xa, b, xb, 0.05, nil, &m2)
		var cache PairCache
		var m3 Manifold
		r3 := warm.Collide(a, xa, b, xb, 0.05, &cache, &m3)
		if r1 != r2 || m1 != m2 || r1 != r3 || m1 != m3 {
			t.Fatalf("results differ:\n%+v\n%+v\n%+v", m1, m2, m3)
		}
	}
}

func TestCollideCache(t *testing.T) {
	var c Collider
	var m Manifold
	var cache PairCache
	// Apart: the cache ends the next test early with the same answer.
	for _, y := range []float64{1.2, 1.1, 1.05, 1.0, 0.99} {
		got := c.Collide(ground, at(0, 0, 0), cube, at(0.1, y, 0), 0.01, &cache, &m)
		want := y-1 <= 0.01
		if got != want {
			t.Errorf("y = %g: contact %v, want %v", y, got, want)
		}
	}
	// Invalid cache contents are ignored.
	cache = PairCache{kind: planeEdges, ia: 99, ib: 99}
	if !c.Collide(ground, at(0, 0, 0), cube, at(0, 0.99, 0), 0, &cache, &m) || m.Count != 4 {
		t.Errorf("with a stale cache: %d points, want 4", m.Count)
	}
}

func TestCollideBadInput(t *testing.T) {
	var c Collider
	var m Manifold
	nan := at(math.NaN(), 0, 0)
	for _, tc := range []struct {
		name string
		a, b *Polyhedron
		xa   Transform
	}{
		{"nil", nil, cube, at(0, 0, 0)},
		{"empty", &Polyhedron{}, cube, at(0, 0, 0)},
		{"nan", cube, cube, nan},
		{"nan rotation", cube, cube, Transform{Rot: mgl64.Quat{W: math.NaN()}}},
		{"inf", cube, cube, at(math.Inf(1), 0, 0)},
		{"nan hull", Cylinder(1, 1, 5).Transformed(nan), cube, at(0, 0, 0)},
		{"nan big hull", bigHull(rand.New(rand.NewPCG(1, 2)), "sphere", 200).Transformed(nan), cube, at(0, 0, 0)},
		{"nan big hull placed", bigHull(rand.New(rand.NewPCG(1, 2)), "sphere", 200), cube, nan},
	} {
		if c.Collide(tc.a, tc.xa, tc.b, at(0, 0.5, 0), 0, nil, &m) || m.Count != 0 {
			t.Errorf("%s: got contacts", tc.name)
		}
		if c.Collide(tc.b, at(0, 0.5, 0), tc.a, tc.xa, 0, nil, &m) || m.Count != 0 {
			t.Errorf("%s as B: got contacts", tc.name)
		}
	}
}

func TestCollideAllocs(t *testing.T) {
	var c Collider
	var m Manifold
	var cache PairCache
	xb := rotAt(rotY45, 0.1, 0.99, 0)
	cyl := Cylinder(0.5, 1, 16)
	rng := rand.New(rand.NewPCG(33, 34))
	pts := make([]mgl64.Vec3, 30)
	for i := range pts {
		pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	}
	hull, err := Hull(pts)
	if err != nil {
		t.Fatal(err)
	}
	part := cube.Transformed(randomTransform(rng, 0.3))
	big, disc := bigHull(rng, "sphere", 300), bigHull(rng, "disc", 300)
	run := func() {
		c.Collide(big, at(0, 0, 0), disc, rotAt(rotX45, 0.1, 1.02, 0), 0.02, &cache, &m) // climbed, walked
		c.Collide(disc, at(0, 0, 0), disc, at(0.3, 0.099, 0), 0.02, nil, &m)             // flat, many plane points
		c.Collide(cube, at(0, 0, 0), big, at(0, 1.49, 0), 0.02, nil, &m)
		c.Collide(big, at(0, 0, 0), cube, at(0, 1.49, 0), 0.02, &cache, &m)
		c.Collide(ground, at(0, 0, 0), cube, xb, 0.02, &cache, &m)
		c.Collide(cube, at(0, 0, 0), cube, xb, 0.02, nil, &m)
		c.Collide(cyl, at(0, 0, 0), cube, at(0.2, 0.99, 0), 0.02, nil, &m)
		c.Collide(hull, at(0, 0, 0), hull, rotAt(rotX45, 0.1, 1.9, 0), 0.02, nil, &m) // edge pairs
		c.Collide(part, at(0, 0, 0), hull, at(0.1, 0.5, 0), 0.02, nil, &m)
	}
	run()
	if n := testing.AllocsPerRun(100, run); n != 0 {
		t.Errorf("Collide allocates %g times per run, want 0", n)
	}
}

// TestCollideHandMadeAndCachedEdges checks a Polyhedron built by hand
// (without the derived axes) and the cache on an edge-pair plane: crossed
// cubes approach until their edges touch.
func TestCollideHandMadeAndCachedEdges(t *testing.T) {
	hand := &Polyhedron{Verts: cube.Verts, Faces: cube.Faces, Edges: cube.Edges}
	for _, b := range []*Polyhedron{cube, hand} {
		var c Collider
		var m1, m2 Manifold
		var cache PairCache
		for _, gap := range []float64{0.2, 0.1, 0.05, 0.02, 0.005, -0.005} {
			xa, xb := rotAt(rotZ45, 0, 0, 0), rotAt(rotX45, 0, math.Sqrt2+gap, 0)
			got1 := c.Collide(hand, xa, b, xb, 0.01, &cache, &m1)
			got2 := c.Collide(cube, xa, cube, xb, 0.01, nil, &m2)
			if got1 != got2 || !sameManifold(&m1, &m2, 1e-12) {
				t.Fatalf("gap %g: %v %+v, want %v %+v", gap, got1, m1, got2, m2)
			}
			if want := gap <= 0.01; got1 != want {
				t.Errorf("gap %g: contact %v, want %v", gap, got1, want)
			}
			if gap > 0.01 && cache.kind != planeEdges {
				t.Errorf("gap %g: cached plane kind %d, want the edge pair", gap, cache.kind)
			}
			if got1 && (m1.Count != 1 || math.Abs(m1.Points[0].Depth-gap) > 1e-9) {
				t.Errorf("gap %g: %+v, want one point of depth %g", gap, m1, gap)
			}
		}
	}
}

func TestCollideCylinderOnGround(t *testing.T) {
	const r, n = 0.5, 16
	cyl := Cylinder(r, 1, n)
	var c Collider
	var m Manifold

	// Upright: the 16-gon base, reduced to 4 of its corners.
	if !c.Collide(ground, at(0, 0, 0), cyl, at(0.3, 0.99, -0.2), 0, nil, &m) {
		t.Fatal("upright: no contact")
	}
	poly := c.pc
	var p3 []mgl64.Vec3
	u, v := perpendicular(mgl64.Vec3{0, 1, 0})
	for _, q := range poly {
		p3 = append(p3, u.Mul(q.u).Add(v.Mul(q.v)))
	}
	want := 0.5 * n * r * r * math.Sin(2*math.Pi/n)
	if a := polygonArea(p3, mgl64.Vec3{0, 1, 0}); len(poly) != n || math.Abs(a-want) > 1e-9 {
		t.Errorf("upright: polygon of %d corners, area %.12g; want %d, %.12g", len(poly), a, n, want)
	}
	if m.Count != 4 {
		t.Errorf("upright: %d points, want 4", m.Count)
	}
	for i := range m.Count {
		p := m.Points[i]
		if math.Abs(p.Depth+0.01) > 1e-9 || math.Abs(math.Hypot(p.Point[0]-0.3, p.Point[2]+0.2)-r) > 1e-9 || math.Abs(p.Point[1]-0.495) > 1e-9 {
			t.Errorf("upright: point %+v not a rim corner at depth −0.01", p)
		}
	}

	// On its side, a side face down: a rectangle 1 m × 2r·sin(π/n).
	phi := math.Pi / n
	q := mgl64.QuatBetweenVectors(mgl64.Vec3{math.Cos(phi), 0, math.Sin(phi)}, mgl64.Vec3{0, -1, 0})
	apothem := r * math.Cos(phi)
	if !c.Collide(ground, at(0, 0, 0), cyl, rotAt(q, 0, 0.5+apothem-0.01, 0), 0, nil, &m) {
		t.Fatal("side: no contact")
	}
	pts := make([]mgl64.Vec3, m.Count)
	for i := range m.Count {
		pts[i] = m.Points[i].Point
		if math.Abs(m.Points[i].Depth+0.01) > 1e-9 {
			t.Errorf("side: depth %g, want −0.01", m.Points[i].Depth)
		}
	}
	if a, want := polygonArea(pts, m.Normal), 2*r*math.Sin(phi); m.Count != 4 || math.Abs(a-want) > 1e-9 {
		t.Errorf("side: %d points, area %.12g; want 4, %.12g", m.Count, a, want)
	}
}

// sameManifold compares two manifolds to within tol (m), matching points
// by feature id (their order may differ).
func sameManifold(m1, m2 *Manifold, tol float64) bool {
	if m1.Count != m2.Count || m1.Normal.Sub(m2.Normal).Len() > tol || math.Abs(m1.Separation-m2.Separation) > tol {
		return false
	}
	for i := range m1.Count {
		p := m1.Points[i]
		found := false
		for j := range m2.Count {
			q := m2.Points[j]
			if p.ID == q.ID && p.Point.Sub(q.Point).Len() <= tol && math.Abs(p.Depth-q.Depth) <= tol {
				found = true
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// TestCollideEdgeModesAgree runs the table's edge-edge case and random
// overlapping pairs with edge planes tested both ways (edge directions with
// full ranges, and Minkowski-face edge pairs through A's edge): the best
// plane of overlapping shapes must be the same.
func TestCollideEdgeModesAgree(t *testing.T) {
	corners := func(h float64) []mgl64.Vec3 {
		var pts []mgl64.Vec3
		for _, x := range []float64{-h, h} {
			for _, y := range []float64{-h, h} {
				for _, z := range []float64{-h, h} {
					pts = append(pts, mgl64.Vec3{x, y, z})
				}
			}
		}
		return pts
	}
	hc, err := Hull(corners(0.5))
	if err != nil {
		t.Fatal(err)
	}
	for mode := 1; mode <= 2; mode++ {
		c := Collider{edgeMode: mode}
		var m Manifold
		if !c.Collide(hc, rotAt(rotZ45, 0, 0, 0), hc, rotAt(rotX45, 0, math.Sqrt2-0.01, 0), 0, nil, &m) ||
			m.Count != 1 || math.Abs(m.Points[0].Depth+0.01) > 1e-9 || m.Normal.Sub(mgl64.Vec3{0, 1, 0}).Len() > 1e-9 ||
			m.Points[0].Point.Sub(mgl64.Vec3{0, s2 - 0.005, 0}).Len() > 1e-9 {
			t.Errorf("mode %d: edge-edge hull cubes: %+v", mode, m)
		}
	}

	rng := rand.New(rand.NewPCG(29, 30))
	axes, pairs := Collider{edgeMode: 1}, Collider{edgeMode: 2}
	var m1, m2 Manifold
	compared, edgeWins := 0, 0
	for trial := range 1500 {
		a, b := randomConvex(rng), randomConvex(rng)
		xa, xb := randomTransform(rng, 1.2), randomTransform(rng, 1.2)
		var cache PairCache
		r1 := axes.Collide(a, xa, b, xb, 0.05, nil, &m1)
		r2 := pairs.Collide(a, xa, b, xb, 0.05, &cache, &m2)
		if r2 && cache.kind == planeEdgePair {
			edgeWins++
		}
		if r1 && r2 && m1.Separation < -1e-9 {
			compared++
			if math.Abs(m1.Separation-m2.Separation) > 1e-9 || m1.Normal.Sub(m2.Normal).Len() > 1e-6 {
				t.Errorf("trial %d: axes: %g %v; pairs: %g %v", trial, m1.Separation, m1.Normal, m2.Separation, m2.Normal)
			}
		} else if r1 && m1.Separation < -1e-9 || r2 && m2.Separation < -1e-9 {
			t.Errorf("trial %d: overlap found by one mode only: %v %g, %v %g", trial, r1, m1.Separation, r2, m2.Separation)
		}
	}
	if compared < 300 || edgeWins < 30 {
		t.Errorf("only %d overlapping pairs compared, %d won by edge pairs", compared, edgeWins)
	}
	t.Logf("%d overlapping pairs compared, %d won by edge pairs", compared, edgeWins)
}

// compose returns the transform that applies inner, then outer.
func compose(outer, inner Transform) Transform {
	return Transform{Pos: outer.Apply(inner.Pos), Rot: outer.Rot.Mul(inner.Rot)}
}

// TestTransformedAndPrepared checks that a shape moved into a body frame
// with Transformed, the same shape as a bare literal, and the literal after
// Prepare all collide like the original shape placed by the composed
// transform.
func TestTransformedAndPrepared(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	shallow := 0
	defer func() {
		if shallow < 200 {
			t.Errorf("only %d shallow contacts compared", shallow)
		}
	}()
	for trial := range 300 {
		orig := randomConvex(rng)
		part := randomTransform(rng, 0.5)
		moved := orig.Transformed(part)
		bare := &Polyhedron{Verts: moved.Verts, Faces: moved.Faces, Edges: moved.Edges}
		prepared := &Polyhedron{Verts: moved.Verts, Faces: moved.Faces, Edges: moved.Edges}
		prepared.Prepare()
		if (orig.box != nil) != (moved.box != nil) || moved.edgeFaces == nil || prepared.edgeFaces == nil {
			t.Fatalf("trial %d: derived data lost", trial)
		}
		body := randomTransform(rng, 1)
		other, xo := randomConvex(rng), randomTransform(rng, 1.5)
		if trial%2 == 1 { // bring the shapes within ±5 cm of touching
			var c Collider
			xo.Pos = xo.Pos.Add(mgl64.Vec3{0, 10, 0})
			g := c.Distance(orig, compose(body, part), other, xo)
			xo.Pos = xo.Pos.Sub(g.PointB.Sub(g.PointA).Normalize().Mul(g.Distance - 0.1*(rng.Float64()-0.5)))
		}
		want := Collider{edgeMode: 1}
		var mw Manifold
		rw := want.Collide(orig, compose(body, part), other, xo, 0.05, nil, &mw)
		for k, p := range []*Polyhedron{moved, bare, prepared} {
			for _, swap := range []bool{false, true} {
				c := Collider{edgeMode: 1}
				var m Manifold
				var r bool
				if swap { // as B: the same contact seen from the other side
					r = c.Collide(other, xo, p, body, 0.05, nil, &m)
					m.Normal = m.Normal.Mul(-1)
				} else {
					r = c.Collide(p, body, other, xo, 0.05, nil, &m)
				}
				if r != rw || math.Abs(m.Separation-mw.Separation) > 1e-9 || (r && m.Normal.Sub(mw.Normal).Len() > 1e-9) {
					t.Fatalf("trial %d, shape %d, swap %v: %v %g %v; want %v %g %v", trial, k, swap, r, m.Separation, m.Normal, rw, mw.Separation, mw.Normal)
				}
				// Deep random overlaps may tie between nearest edges; compare
				// whole manifolds for shallow contacts.
				if !swap && r && mw.Separation > -0.1 {
					shallow++
				}
				if !swap && r && mw.Separation > -0.1 && !sameManifold(&m, &mw, 1e-9) {
					t.Fatalf("trial %d, shape %d: %+v, want %+v", trial, k, m, mw)
				}
			}
			sa, sb := SupportOf(p, body), SupportOf(orig, compose(body, part))
			so := SupportOf(other, xo)
			if d1, d2 := Distance(&sa, &so), Distance(&sb, &so); math.Abs(d1.Distance-d2.Distance) > 1e-12 {
				t.Fatalf("trial %d, shape %d: distance %g, want %g", trial, k, d1.Distance, d2.Distance)
			}
		}
	}
}

// TestCollideIDsStableWhenAligned drifts a cube on a cube of the same size
// by a micrometre either way: the four corners coincide within the drift,
// yet their ids must not change.
func TestCollideIDsStableWhenAligned(t *testing.T) {
	var c Collider
	var m Manifold
	var want map[FeatureID]bool
	rng := rand.New(rand.NewPCG(35, 36))
	for step := range 50 {
		dx, dz := 1e-6*(2*rng.Float64()-1), 1e-6*(2*rng.Float64()-1)
		if !c.Collide(cube, at(0, 0, 0), cube, at(dx, 0.999, dz), 0, nil, &m) || m.Count != 4 {
			t.Fatalf("step %d: %d points, want 4", step, m.Count)
		}
		got := map[FeatureID]bool{}
		for _, p := range m.Points[:m.Count] {
			got[p.ID] = true
		}
		if len(got) != 4 {
			t.Fatalf("step %d: ids not distinct: %+v", step, m.Points)
		}
		if want == nil {
			want = got
		}
		for id := range got {
			if !want[id] {
				t.Errorf("step %d (drift %.2g, %.2g): new id %x", step, dx, dz, id)
			}
		}
	}
}
