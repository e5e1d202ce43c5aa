package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// hoverLander is a lander-like mesh: a 2 × 1 × 2 m cabin and four feet
// whose soles are 1.4 m below the origin.
func hoverLander(t *testing.T) *Mesh {
	t.Helper()
	m := &Mesh{}
	v, l := boxFaces(mgl64.Vec3{-1, -0.5, -1}, mgl64.Vec3{1, 0.5, 1})
	if err := m.AddConvex(v, l, color.White); err != nil {
		t.Fatal(err)
	}
	for _, sx := range []float64{-1.5, 1.5} {
		for _, sz := range []float64{-1.5, 1.5} {
			v, l := boxFaces(mgl64.Vec3{sx - 0.2, -1.4, sz - 0.2}, mgl64.Vec3{sx + 0.2, -1.0, sz + 0.2})
			if err := m.AddConvex(v, l, color.White); err != nil {
				t.Fatal(err)
			}
		}
	}
	return m
}

// shadowCentroid returns the mean screen position of the shadow polygons'
// corners in the given layer, and how many there are.
func shadowCentroid(s *scene, layer int8) (x, y float64, n int) {
	for _, pg := range s.polys {
		if pg.kind != polyShadow || pg.layer != layer {
			continue
		}
		for _, p := range s.pts[pg.first : pg.first+pg.n] {
			x += float64(p.x)
			y += float64(p.y)
			n++
		}
	}
	if n > 0 {
		x, y = x/float64(n), y/float64(n)
	}
	return x, y, n
}

// The shadow under a hovering lander moves away from its feet as it
// climbs: seen from straight above, the distance between the shadow and
// the point of the ground under the feet grows with the height, by
// height·|l_xz|/l_y for a sun in direction l.
func TestShadowMovesAwayFromFeet(t *testing.T) {
	sun := mgl64.Vec3{0.5, 0.6, -0.3}.Normalize()
	eye := mgl64.Vec3{0, 400, 0}
	f := &Frame{
		View:   View{Pos: eye, Orient: LookAt(eye, mgl64.Vec3{}, mgl64.Vec3{0, 0, -1})},
		SunDir: sun, Ground: &Ground{Plain: true},
	}
	lander := hoverLander(t)
	var s scene
	prev := -1.0
	for _, h := range []float64{0.5, 3, 10, 25, 50} { // height of the soles above the ground (m)
		pos := mgl64.Vec3{0, h + 1.4, 0}
		f.Bodies = []Body{{Mesh: lander, Pos: pos, Orient: mgl64.QuatIdent(), Shadow: true}}
		s.build(f, 1000, 1000)
		cx, cy, n := shadowCentroid(&s, layerGroundMarks)
		if n == 0 {
			t.Fatalf("height %g m: no shadow on the ground", h)
		}
		fx, fy := s.toScreen(s.toCamera(mgl64.Vec3{0, 0, 0})) // the ground under the feet
		gap := math.Hypot(cx-fx, cy-fy)
		if gap <= prev {
			t.Errorf("height %g m: shadow %.1f px from the feet, not further than %.1f px one step lower", h, gap, prev)
		}
		prev = gap
		// The shadow's centre is near where the body's centre projects along the sun.
		want := pos.Sub(sun.Mul(pos[1] / sun[1]))
		wx, wy := s.toScreen(s.toCamera(want))
		if d := math.Hypot(cx-wx, cy-wy); d > 0.15*math.Hypot(wx-fx, wy-fy)+3 {
			t.Errorf("height %g m: shadow centre %.1f px from the projected centre (%.1f, %.1f), want close", h, d, wx, wy)
		}
	}
}

// A craft over a pad shadows the pad's top (clipped to it); beside the pad
// only the ground; with the sun below the horizon, nothing.
func TestShadowOnPad(t *testing.T) {
	pad, err := PadMesh(mgl64.Vec3{20, 0.5, 20}, color.RGBA{200, 200, 200, 255})
	if err != nil {
		t.Fatal(err)
	}
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	eye := mgl64.Vec3{0, 60, 40}
	f := &Frame{View: View{Pos: eye, Orient: LookAt(eye, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})}, SunDir: mgl64.Vec3{0.2, 1, 0.1}, Ground: &Ground{Plain: true}}
	var s scene
	for _, c := range []struct {
		at          mgl64.Vec3
		onPad, onGr bool
	}{
		{mgl64.Vec3{0, 5, 0}, true, true},
		{mgl64.Vec3{40, 5, 0}, false, true},
	} {
		f.Bodies = []Body{
			{Mesh: pad, Pos: mgl64.Vec3{0, 0.5, 0}, Orient: mgl64.QuatIdent(), Underlay: true},
			{Mesh: box, Pos: c.at, Orient: mgl64.QuatIdent(), Shadow: true},
		}
		s.build(f, 800, 600)
		_, _, np := shadowCentroid(&s, layerMarks)
		_, _, ng := shadowCentroid(&s, layerGroundMarks)
		if (np > 0) != c.onPad || (ng > 0) != c.onGr {
			t.Errorf("box at %v: shadow corners on the pad %d, on the ground %d; want on pad %v, on ground %v", c.at, np, ng, c.onPad, c.onGr)
		}
	}
	f.SunDir = mgl64.Vec3{1, -0.2, 0}
	s.build(f, 800, 600)
	if _, _, n := shadowCentroid(&s, layerGroundMarks); n > 0 {
		t.Errorf("sun below the horizon: %d shadow corners", n)
	}
}

// The shadow outline is the convex hull of the projected corners, counter-
// clockwise seen from above (+y), inner points dropped.
func TestConvexHull2(t *testing.T) {
	pts := [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}, {0.5, 0.5}, {0.2, 0.7}, {1, 0.5}}
	var scratch [][2]float64
	h := convexHull2(pts, &scratch)
	if len(h) != 4 {
		t.Fatalf("hull %v, want the 4 corners", h)
	}
	// Seen from +y with x right, z points down the page: counter-clockwise
	// there is a negative signed area in (x, z).
	var a float64
	for i := range h {
		p, q := h[i], h[(i+1)%len(h)]
		a += p[0]*q[1] - q[0]*p[1]
	}
	if a >= 0 {
		t.Errorf("hull %v has signed area %g in (x, z), want negative (counter-clockwise seen from +y)", h, a/2)
	}
}
