package geom

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// appendEdgeAxesRef is appendEdgeAxes as it was, with a cross product for
// every pair: the reference for the shortcut.
func appendEdgeAxesRef(dst []mgl64.Vec3, verts []mgl64.Vec3, edges [][2]int32) []mgl64.Vec3 {
	start := len(dst)
next:
	for _, e := range edges {
		d := verts[e[1]].Sub(verts[e[0]])
		l := fmath.Len(d)
		if l == 0 {
			continue
		}
		d = d.Mul(1 / l)
		for _, a := range dst[start:] {
			if c := fmath.Cross(a, d); fmath.Dot(c, c) < 1e-18 {
				continue next
			}
		}
		dst = append(dst, d)
	}
	return dst
}

// prepareInputs are polyhedra of every constructor, moved, plus odd
// hand-made face lists (shared and repeated directed edges, gaps in the
// vertex indices, huge and tiny coordinates).
func prepareInputs() []*Polyhedron {
	rng := rand.New(rand.NewPCG(7, 8))
	var out []*Polyhedron
	for n := 3; n <= 64; n++ {
		out = append(out, Cylinder(0.1+rng.Float64(), 0.1+rng.Float64(), n))
	}
	out = append(out, Box(mgl64.Vec3{1, 2, 3}), Box(mgl64.Vec3{1e-170, 1e-170, 1e-170}), Box(mgl64.Vec3{1e160, 1e160, 1e160}))
	for range 40 {
		pts := make([]mgl64.Vec3, 4+rng.IntN(60))
		for i := range pts {
			pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		}
		if h, err := Hull(pts); err == nil {
			out = append(out, h)
		}
	}
	for i, p := range out[:len(out):len(out)] {
		out = append(out, p.Transformed(Transform{Pos: mgl64.Vec3{float64(i), -2, 0.5}, Rot: randomQuat(rng)}))
	}
	verts := make([]mgl64.Vec3, 40)
	for i := range verts {
		verts[i] = mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
	}
	verts[39] = mgl64.Vec3{1e200, 0, 0}
	verts[38] = mgl64.Vec3{1e-200, 0, 0}
	for _, loops := range [][][]int32{
		{{0, 1, 2}, {2, 1, 0}, {0, 1, 2}, {1, 2, 3}},
		{{0, 39, 38}, {38, 39, 0}, {5, 20, 30, 38}},
		{{0, 1, 1, 2}, {2, 1, 0}},
		{{3}, {}, {4, 5}, {5, 4}},
	} {
		faces := make([]Face, len(loops))
		for i, l := range loops {
			faces[i] = Face{Verts: l, Normal: mgl64.Vec3{0, 1, 0}}
		}
		out = append(out, &Polyhedron{Verts: verts, Faces: faces})
	}
	return out
}

// TestPrepareMatchesMaps: the edge lists and edge faces without maps, and
// the edge axes with the dot-product shortcut, are exactly what the map
// and cross-product versions give.
func TestPrepareMatchesMaps(t *testing.T) {
	for i, p := range prepareInputs() {
		edges := edgesOf(p.Faces)
		if want := edgesOfMap(p.Faces); !reflect.DeepEqual(edges, want) && (len(edges) > 0 || len(want) > 0) {
			t.Fatalf("%d: edges %v, want %v", i, edges, want)
		}
		for _, es := range [][][2]int32{edges, {{0, 1}, {1, 0}, {-1, 2}, {99, 100}}, nil} {
			got, want := edgeFacesOf(p.Faces, es), edgeFacesOfMap(p.Faces, es)
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%d: edge faces of %v: %v, want %v", i, es, got, want)
			}
		}
		if got, want := appendEdgeAxes(nil, p.Verts, edges), appendEdgeAxesRef(nil, p.Verts, edges); !sameBits(got, want) {
			t.Fatalf("%d: axes %v, want %v", i, got, want)
		}
	}
}

// TestEdgeAxesShortcutRandom: random directions, many nearly parallel, and
// degenerate ones, give the same axes with and without the shortcut.
func TestEdgeAxesShortcutRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for range 2000 {
		n := 2 + rng.IntN(30)
		verts := make([]mgl64.Vec3, 2*n)
		edges := make([][2]int32, n)
		base := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		for i := range n {
			d := base.Mul(rng.NormFloat64())
			switch rng.IntN(5) {
			case 0:
				d = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
			case 1:
				d = d.Add(mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(math.Pow(10, -float64(rng.IntN(20)))))
			case 2:
				d = d.Mul(math.Pow(10, float64(rng.IntN(640)-320)))
			}
			o := mgl64.Vec3{rng.Float64(), rng.Float64(), rng.Float64()}
			verts[2*i], verts[2*i+1] = o, o.Add(d)
			edges[i] = [2]int32{int32(2 * i), int32(2*i + 1)}
		}
		got, want := appendEdgeAxes(nil, verts, edges), appendEdgeAxesRef(nil, verts, edges)
		if !sameBits(got, want) {
			t.Fatalf("axes %v, want %v", got, want)
		}
	}
}

// sameBits reports whether a and b hold the same vectors bit for bit (NaNs
// included).
func sameBits(a, b []mgl64.Vec3) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		for k := range 3 {
			if math.Float64bits(a[i][k]) != math.Float64bits(b[i][k]) {
				return false
			}
		}
	}
	return true
}

// TestCylinderTransformed: the shortcut gives Cylinder(…).Transformed(xf)
// bit for bit, prepared data included.
func TestCylinderTransformed(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for n := 1; n <= 64; n++ {
		for range 5 {
			r, l := 0.01+3*rng.Float64(), 0.01+3*rng.Float64()
			xf := Transform{Pos: mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}, Rot: randomQuat(rng)}
			got, want := CylinderTransformed(r, l, n, xf), Cylinder(r, l, n).Transformed(xf)
			if !reflect.DeepEqual(got, want) || fmt.Sprintf("%v", *got) != fmt.Sprintf("%v", *want) {
				t.Fatalf("n=%d: %v\nwant %v", n, *got, *want)
			}
		}
	}
}

// BenchmarkPrepareCylinder is the per-shape cost of loading a craft: a
// placed 12-gon cylinder, prepared, and its edge axes alone.
func BenchmarkPrepareCylinder(b *testing.B) {
	xf := Transform{Pos: mgl64.Vec3{1, 2, 3}, Rot: mgl64.QuatRotate(0.3, mgl64.Vec3{1, 0, 0})}
	p := CylinderTransformed(0.5, 1, 12, xf)
	b.Run("CylinderTransformed", func(b *testing.B) {
		for b.Loop() {
			CylinderTransformed(0.5, 1, 12, xf)
		}
	})
	b.Run("Prepare", func(b *testing.B) {
		for b.Loop() {
			p.Prepare()
		}
	})
	var dst []mgl64.Vec3
	b.Run("edgeAxes", func(b *testing.B) {
		for b.Loop() {
			dst = appendEdgeAxes(dst[:0], p.Verts, p.Edges)
		}
	})
	b.Run("edgeAxesRef", func(b *testing.B) {
		for b.Loop() {
			dst = appendEdgeAxesRef(dst[:0], p.Verts, p.Edges)
		}
	})
}
