package geom

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// BenchmarkCollideBoxBox measures one call of Collide for a pair of unit
// cubes (ns per pair).
func BenchmarkCollideBoxBox(b *testing.B) {
	tilt := mgl64.QuatRotate(0.3, mgl64.Vec3{1, 0, 0}).Mul(mgl64.QuatRotate(0.2, mgl64.Vec3{0, 0, 1}))
	for _, bc := range []struct {
		name   string
		xb     Transform
		margin float64
		cache  bool
	}{
		{"resting", at(0.1, 0.99, 0.05), 0.01, false},
		{"resting/cached", at(0.1, 0.99, 0.05), 0.01, true},
		{"rotated", rotAt(rotY45, 0.1, 0.99, 0.05), 0.01, false},
		{"tilted-corner", rotAt(tilt, 0.2, 1.1, 0.1), 0.01, false},
		{"edge-edge", rotAt(rotX45.Mul(rotY45), 0, 1.2, 0), 0.01, false},
		{"apart", rotAt(tilt, 0.3, 1.4, 0.2), 0.01, false},
		{"apart/cached", rotAt(tilt, 0.3, 1.4, 0.2), 0.01, true},
		// Crossed edges 5 cm apart: only an edge pair separates them, the
		// last plane tested, so the cache pays most here.
		{"apart-edges", rotAt(rotX45, 0, math.Sqrt2+0.05, 0), 0.01, false},
		{"apart-edges/cached", rotAt(rotX45, 0, math.Sqrt2+0.05, 0), 0.01, true},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var c Collider
			var m Manifold
			var cache PairCache
			pc := (*PairCache)(nil)
			if bc.cache {
				pc = &cache
			}
			xa := rotAt(mgl64.QuatIdent(), 0, 0, 0)
			if strings.HasPrefix(bc.name, "apart-edges") {
				xa = rotAt(rotZ45, 0, 0, 0)
			}
			c.Collide(cube, xa, cube, bc.xb, bc.margin, pc, &m)
			for b.Loop() {
				c.Collide(cube, xa, cube, bc.xb, bc.margin, pc, &m)
			}
			b.ReportMetric(float64(m.Count), "points")
		})
	}
}

// BenchmarkDistance measures GJK between two rotated cubes 1 m apart and
// between a cube and a 16-gon cylinder.
func BenchmarkDistance(b *testing.B) {
	rng := rand.New(rand.NewPCG(21, 22))
	cyl := Cylinder(0.5, 2, 16)
	for _, bc := range []struct {
		name string
		p    *Polyhedron
	}{{"box-box", cube}, {"box-cylinder16", cyl}} {
		b.Run(bc.name, func(b *testing.B) {
			sa := SupportOf(cube, Transform{Rot: randomQuat(rng)})
			sb := SupportOf(bc.p, Transform{Pos: mgl64.Vec3{0.3, 2.5, 0.2}, Rot: randomQuat(rng)})
			var r DistanceResult
			for b.Loop() {
				r = Distance(&sa, &sb)
			}
			b.ReportMetric(float64(r.Iterations), "iterations")
		})
	}
}

// BenchmarkSweepAndPrune measures one Update of 1,000 boxes: scattered in a
// 40 m cube and moving a little each step, and the pile scene (100 stacks
// of 10 unit boxes).
func BenchmarkSweepAndPrune(b *testing.B) {
	b.Run("scattered1000", func(b *testing.B) {
		rng := rand.New(rand.NewPCG(23, 24))
		_, _, boxes := randomBoxes(rng, 1000, 40)
		var sap SweepAndPrune
		sap.Update(boxes)
		i := 0
		for b.Loop() {
			i++
			d := mgl64.Vec3{0.01 * math.Sin(float64(i)), 0.01 * math.Cos(float64(i)), 0}
			for k := range boxes {
				boxes[k].Min, boxes[k].Max = boxes[k].Min.Add(d), boxes[k].Max.Add(d)
			}
			sap.Update(boxes)
		}
		b.ReportMetric(float64(sap.Tests), "tests")
		b.ReportMetric(float64(len(sap.pairs)), "pairs")
	})
	b.Run("pile1000", func(b *testing.B) {
		boxes := pileBoxes()
		var sap SweepAndPrune
		sap.Update(boxes)
		for b.Loop() {
			sap.Update(boxes)
		}
		b.ReportMetric(float64(sap.Tests), "tests")
		b.ReportMetric(float64(len(sap.pairs)), "pairs")
	})
}

func BenchmarkRayCast(b *testing.B) {
	xf := rotAt(rotY45, 0, 0, 0)
	for b.Loop() {
		RayCast(ground, xf, mgl64.Vec3{0.1, 10, 0.1}, mgl64.Vec3{0, -1, 0}, 100)
	}
}

func BenchmarkHull(b *testing.B) {
	rng := rand.New(rand.NewPCG(25, 26))
	pts := make([]mgl64.Vec3, 200)
	for i := range pts {
		pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
	}
	for b.Loop() {
		if _, err := Hull(pts); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCollideShapes measures Collide for other shapes: a 16-gon
// cylinder standing on the ground (a lander foot) and two hulls of 20
// random points each, touching.
func BenchmarkCollideShapes(b *testing.B) {
	rng := rand.New(rand.NewPCG(27, 28))
	hull := func() *Polyhedron {
		pts := make([]mgl64.Vec3, 20)
		for i := range pts {
			pts[i] = mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize().Mul(0.5)
		}
		p, err := Hull(pts)
		if err != nil {
			b.Fatal(err)
		}
		return p
	}
	h1, h2 := hull(), hull()
	for _, bc := range []struct {
		name string
		a    *Polyhedron
		xa   Transform
		b    *Polyhedron
		xb   Transform
	}{
		{"cylinder16-on-ground", ground, at(0, 0, 0), Cylinder(0.2, 0.5, 16), rotAt(mgl64.QuatRotate(0.001, mgl64.Vec3{1, 0, 0}), 0.1, 0.749, 0.2)},
		{"hull20-hull20", h1, at(0, 0, 0), h2, rotAt(randomQuat(rng), 0, 0.9, 0)},
		{"cylinder12-box", Cylinder(0.3, 1, 12), rotAt(rotX45, 0, 0, 0), cube, rotAt(rotY45, 0.05, 0.84, 0.1)},
		{"cylinder8-cylinder20", Cylinder(0.3, 1, 8), at(0, 0, 0), Cylinder(0.5, 0.4, 20), rotAt(rotZ45, 0.1, 0.85, 0)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			var c Collider
			var m Manifold
			c.Collide(bc.a, bc.xa, bc.b, bc.xb, 0.01, nil, &m)
			for b.Loop() {
				c.Collide(bc.a, bc.xa, bc.b, bc.xb, 0.01, nil, &m)
			}
			b.ReportMetric(float64(m.Count), "points")
		})
	}
}

// BenchmarkCollideBigHulls measures Collide for two hulls of 1,024 random
// points each (the craft files' limit) of each kind: turned at random, 1 mm
// apart (a speculative contact) and 2 cm into each other; upright, one
// resting on the other 1 mm deep (flat faces on flat faces for the disc
// and the rounded box); one resting on the ground box; 5 cm apart, without
// and with the pair's cache. "verts" is the two shapes' vertex count.
func BenchmarkCollideBigHulls(b *testing.B) {
	for _, kind := range bigHullKinds {
		rng := rand.New(rand.NewPCG(41, 42))
		h1, h2 := bigHull(rng, kind, 1024), bigHull(rng, kind, 1024)
		xa := Transform{Pos: mgl64.Vec3{0.3, -0.2, 0.1}, Rot: randomQuat(rng)}
		rotB := randomQuat(rng)
		dir := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		up := mgl64.Vec3{0, 1, 0}
		upright, turned := at(0, 0, 0), mgl64.QuatRotate(0.3, up)
		for _, bc := range []struct {
			name  string
			a     *Polyhedron
			xa, b Transform
			cache bool
		}{
			{"touching", h1, xa, touching(h1, xa, h2, rotB, dir, 0.001), false},
			{"penetrating", h1, xa, touching(h1, xa, h2, rotB, dir, -0.02), false},
			{"stacked", h1, upright, touching(h1, upright, h2, turned, up, -0.001), false},
			{"on-ground", ground, upright, touching(ground, upright, h2, rotB, up, -0.001), false},
			{"apart", h1, xa, touching(h1, xa, h2, rotB, dir, 0.05), false},
			{"apart/cached", h1, xa, touching(h1, xa, h2, rotB, dir, 0.05), true},
		} {
			b.Run(kind+"/"+bc.name, func(b *testing.B) {
				var pc *PairCache // the cache, if the case keeps one
				if bc.cache {
					pc = new(PairCache)
				}
				var c Collider
				var m Manifold
				got := c.Collide(bc.a, bc.xa, h2, bc.b, 0.01, pc, &m)
				if got != !strings.HasPrefix(bc.name, "apart") {
					b.Fatalf("contact %v", got)
				}
				for b.Loop() {
					c.Collide(bc.a, bc.xa, h2, bc.b, 0.01, pc, &m)
				}
				b.ReportMetric(float64(len(bc.a.Verts)+len(h2.Verts)), "verts")
				b.ReportMetric(float64(m.Count), "points")
			})
		}
	}
}
