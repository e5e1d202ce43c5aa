package geom

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// checkHull verifies Euler's formula, unit normals, vertices on their face
// planes, every face convex polygon, and every input point inside the hull.
func checkHull(t *testing.T, p *Polyhedron, points []mgl64.Vec3, tol float64) {
	t.Helper()
	if v, f, e := len(p.Verts), len(p.Faces), len(p.Edges); v-e+f != 2 {
		t.Errorf("V−E+F = %d−%d+%d = %d, want 2", v, e, f, v-e+f)
	}
	for i, f := range p.Faces {
		if d := math.Abs(f.Normal.Len() - 1); d > 1e-12 {
			t.Errorf("face %d: |n| − 1 = %g", i, d)
		}
		if len(f.Verts) < 3 {
			t.Errorf("face %d has %d vertices", i, len(f.Verts))
		}
		for _, vi := range f.Verts {
			if d := f.Normal.Dot(p.Verts[vi]) - f.D; math.Abs(d) > tol {
				t.Errorf("face %d: vertex %d off its plane by %g", i, vi, d)
			}
		}
		// Counter-clockwise seen from outside: each corner turns left
		// around the normal.
		for k := range f.Verts {
			a := p.Verts[f.Verts[k]]
			b := p.Verts[f.Verts[(k+1)%len(f.Verts)]]
			c := p.Verts[f.Verts[(k+2)%len(f.Verts)]]
			if s := b.Sub(a).Cross(c.Sub(b)).Dot(f.Normal); s <= 0 {
				t.Errorf("face %d: corner %d not convex counter-clockwise (%g)", i, k, s)
			}
		}
		for j, x := range points {
			if d := f.Normal.Dot(x) - f.D; d > tol {
				t.Errorf("face %d: point %d outside by %g", i, j, d)
			}
		}
	}
	// Each edge borders exactly two faces.
	uses := map[[2]int32]int{}
	for _, f := range p.Faces {
		for k, a := range f.Verts {
			b := f.Verts[(k+1)%len(f.Verts)]
			uses[[2]int32{min(a, b), max(a, b)}]++
		}
	}
	for e, n := range uses {
		if n != 2 {
			t.Errorf("edge %v borders %d faces", e, n)
		}
	}
}

func TestHullCubeWithInteriorAndSurfacePoints(t *testing.T) {
	var pts []mgl64.Vec3
	for _, x := range []float64{-1, 0, 1} {
		for _, y := range []float64{-1, 0, 1} {
			for _, z := range []float64{-1, 0, 1} {
				pts = append(pts, mgl64.Vec3{x, y, z}) // corners, edge and face midpoints, centre
			}
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		pts = append(pts, mgl64.Vec3{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1})
	}
	pts = append(pts, pts[0], pts[26], pts[13]) // duplicates
	p, err := Hull(pts)
	if err != nil {
		t.Fatal(err)
	}
	checkHull(t, p, pts, 1e-12)
	if len(p.Verts) != 8 || len(p.Faces) != 6 || len(p.Edges) != 12 {
		t.Errorf("V,F,E = %d,%d,%d, want 8,6,12", len(p.Verts), len(p.Faces), len(p.Edges))
	}
	for _, f := range p.Faces {
		if len(f.Verts) != 4 || math.Abs(f.D-1) > 1e-12 {
			t.Errorf("face %v: %d vertices, D = %g; want 4, 1", f.Normal, len(f.Verts), f.D)
		}
	}
}

func TestHullRotatedShapes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, tc := range []struct {
		name    string
		p       *Polyhedron
		v, f, e int
	}{
		{"box", Box(mgl64.Vec3{0.5, 2, 3}), 8, 6, 12},
		{"cylinder", Cylinder(1, 2, 16), 32, 18, 48},
	} {
		q := randomQuat(rng)
		off := mgl64.Vec3{100, -50, 7}
		var pts []mgl64.Vec3
		for _, v := range tc.p.Verts {
			pts = append(pts, q.Rotate(v).Add(off))
		}
		h, err := Hull(pts)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		checkHull(t, h, pts, 1e-9)
		if len(h.Verts) != tc.v || len(h.Faces) != tc.f || len(h.Edges) != tc.e {
			t.Errorf("%s: V,F,E = %d,%d,%d, want %d,%d,%d", tc.name, len(h.Verts), len(h.Faces), len(h.Edges), tc.v, tc.f, tc.e)
		}
	}
}

func TestHullRandomClouds(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		n := 4 + rng.IntN(300)
		pts := make([]mgl64.Vec3, n)
		for i := range pts {
			switch trial % 3 {
			case 0: // uniform in a box
				pts[i] = mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
			case 1: // on a sphere: every point a vertex
				pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
			default: // on a coarse grid: many coplanar and duplicate points
				pts[i] = mgl64.Vec3{float64(rng.IntN(4)), float64(rng.IntN(4)), float64(rng.IntN(4))}
			}
		}
		p, err := Hull(pts)
		if errors.Is(err, ErrDegenerate) && n < 10 {
			continue
		}
		if err != nil {
			t.Fatalf("trial %d (%d points): %v", trial, n, err)
		}
		checkHull(t, p, pts, 1e-9)
		if t.Failed() {
			t.Fatalf("trial %d failed", trial)
		}
	}
}

func TestHullErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		pts  []mgl64.Vec3
		want error
	}{
		{"empty", nil, ErrDegenerate},
		{"three", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, ErrDegenerate},
		{"coincident", []mgl64.Vec3{{1, 1, 1}, {1, 1, 1}, {1, 1, 1}, {1, 1, 1}}, ErrDegenerate},
		{"collinear", []mgl64.Vec3{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {3, 3, 3}, {-1, -1, -1}}, ErrDegenerate},
		{"coplanar", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}, {0.5, 0, 0.3}}, ErrDegenerate},
		{"nan", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, math.NaN()}}, ErrNonFinite},
		{"inf", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {math.Inf(1), 0, 1}}, ErrNonFinite},
	} {
		p, err := Hull(tc.pts)
		if !errors.Is(err, tc.want) || p != nil {
			t.Errorf("%s: got %v, %v; want error %v", tc.name, p, err, tc.want)
		}
	}
}

func randomQuat(rng *rand.Rand) mgl64.Quat {
	q := mgl64.Quat{W: rng.NormFloat64(), V: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}}
	return q.Normalize()
}
