package geom

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// checkPolyhedron verifies Euler's formula, unit outward normals and that
// every vertex lies on or behind every face plane (convexity).
func checkPolyhedron(t *testing.T, p *Polyhedron, wantV, wantF, wantE int) {
	t.Helper()
	if len(p.Verts) != wantV || len(p.Faces) != wantF || len(p.Edges) != wantE {
		t.Fatalf("V,F,E = %d,%d,%d, want %d,%d,%d", len(p.Verts), len(p.Faces), len(p.Edges), wantV, wantF, wantE)
	}
	if v, f, e := len(p.Verts), len(p.Faces), len(p.Edges); v-e+f != 2 {
		t.Errorf("Euler characteristic V−E+F = %d, want 2", v-e+f)
	}
	for i, f := range p.Faces {
		if d := math.Abs(f.Normal.Len() - 1); d > 1e-12 {
			t.Errorf("face %d: |n| − 1 = %g", i, d)
		}
		for _, vi := range f.Verts {
			if d := f.Normal.Dot(p.Verts[vi]) - f.D; math.Abs(d) > 1e-12 {
				t.Errorf("face %d: vertex %d off its plane by %g", i, vi, d)
			}
		}
		for j, v := range p.Verts {
			if d := f.Normal.Dot(v) - f.D; d > 1e-12 {
				t.Errorf("face %d: vertex %d in front of the plane by %g", i, j, d)
			}
		}
	}
}

func TestBox(t *testing.T) {
	p := Box(mgl64.Vec3{0.5, 1, 1.5})
	checkPolyhedron(t, p, 8, 6, 12)
	for _, f := range p.Faces {
		var want float64
		switch {
		case math.Abs(f.Normal[0]) == 1:
			want = 0.5
		case math.Abs(f.Normal[1]) == 1:
			want = 1
		default:
			want = 1.5
		}
		if f.D != want {
			t.Errorf("face normal %v: D = %g, want %g", f.Normal, f.D, want)
		}
	}
}

func TestCylinder(t *testing.T) {
	p := Cylinder(2, 3, 12)
	checkPolyhedron(t, p, 24, 14, 36)
	if got := p.Faces[0].Normal; got.Sub(mgl64.Vec3{0, -1, 0}).Len() > 1e-12 {
		t.Errorf("bottom normal = %v, want (0,-1,0)", got)
	}
	if got := p.Faces[1].D; math.Abs(got-1.5) > 1e-12 {
		t.Errorf("top D = %g, want 1.5", got)
	}
}
