package render

import (
	"errors"
	"image/color"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// testFrame returns a frame whose camera sits at eye looking at target with
// a 90° vertical field of view.
func testFrame(eye, target mgl64.Vec3) *Frame {
	return &Frame{View: View{Pos: eye, Orient: LookAt(eye, target, mgl64.Vec3{0, 1, 0}), FovY: math.Pi / 2}}
}

func TestProjection(t *testing.T) {
	// 90° vertical field of view on a 1280×720 target: focal length 360 px.
	const w, h, focal = 1280, 720, 360.0
	tests := []struct {
		name   string
		p      mgl64.Vec3 // world point; camera at (0,0,10) looking at −z
		wx, wy float64
	}{
		{"on axis", mgl64.Vec3{0, 0, 0}, 640, 360},
		{"right", mgl64.Vec3{2, 0, 0}, 640 + focal*2/10, 360},
		{"up", mgl64.Vec3{0, 3, 0}, 640, 360 - focal*3/10},
		{"far left down", mgl64.Vec3{-5, -5, -10}, 640 - focal*5/20, 360 + focal*5/20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var s scene
			s.setup(testFrame(mgl64.Vec3{0, 0, 10}, mgl64.Vec3{}), w, h)
			s.loop = append(s.loop[:0], cvert{p: s.toCamera(tt.p)}, cvert{p: s.toCamera(tt.p.Add(mgl64.Vec3{0.001, 0, 0}))}, cvert{p: s.toCamera(tt.p.Add(mgl64.Vec3{0, 0.001, 0}))})
			s.addPoly(layerBodies, 0)
			if len(s.pts) != 3 {
				t.Fatalf("got %d projected points, want 3", len(s.pts))
			}
			if got := s.pts[0]; math.Abs(float64(got.x)-tt.wx) > 1e-3 || math.Abs(float64(got.y)-tt.wy) > 1e-3 {
				t.Errorf("projected to (%g, %g), want (%g, %g)", got.x, got.y, tt.wx, tt.wy)
			}
		})
	}
}

func TestBackFaceCulling(t *testing.T) {
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	tests := []struct {
		name string
		eye  mgl64.Vec3
		want int // visible faces
	}{
		{"face on", mgl64.Vec3{0, 0, 10}, 1},
		{"edge on", mgl64.Vec3{10, 0, 10}, 2},
		{"corner on", mgl64.Vec3{10, 10, 10}, 3},
		{"from below", mgl64.Vec3{0.5, -10, 0.2}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := testFrame(tt.eye, mgl64.Vec3{})
			f.Bodies = []Body{{Mesh: box, Orient: mgl64.QuatIdent()}}
			var s scene
			s.build(f, 800, 600)
			if got := len(s.polys); got != tt.want {
				t.Errorf("%d faces drawn, want %d", got, tt.want)
			}
		})
	}
}

func TestSortFarToNear(t *testing.T) {
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	red := BoxMesh(mgl64.Vec3{1, 1, 1}, color.RGBA{255, 0, 0, 255})
	f := testFrame(mgl64.Vec3{1, 2, 20}, mgl64.Vec3{})
	// The near box is listed first so that input order alone would be wrong.
	f.Bodies = []Body{
		{Mesh: red, Pos: mgl64.Vec3{0, 0, 10}, Orient: mgl64.QuatIdent()},
		{Mesh: box, Pos: mgl64.Vec3{0, 0, -10}, Orient: mgl64.QuatIdent()},
	}
	var s scene
	s.build(f, 800, 600)
	if len(s.polys) == 0 {
		t.Fatal("nothing drawn")
	}
	for i := 1; i < len(s.polys); i++ {
		if s.polys[i].key > s.polys[i-1].key {
			t.Fatalf("polygon %d (key %g) after a nearer one (key %g)", i, s.polys[i].key, s.polys[i-1].key)
		}
	}
	// The last polygons drawn must be the red (near) box.
	last := s.pts[s.polys[len(s.polys)-1].first]
	if last.c[1] != 0 || last.c[0] == 0 {
		t.Errorf("last polygon colour %v, want the near red box", last.c)
	}
	first := s.pts[s.polys[0].first]
	if first.c[1] == 0 {
		t.Errorf("first polygon colour %v, want the far white box", first.c)
	}
}

func TestLayersDrawnInOrder(t *testing.T) {
	f := testFrame(mgl64.Vec3{0, 5, 10}, mgl64.Vec3{})
	f.Ground = &Ground{}
	pad := BoxMesh(mgl64.Vec3{5, 0.1, 5}, color.RGBA{200, 200, 200, 255})
	f.Bodies = []Body{
		{Mesh: BoxMesh(mgl64.Vec3{1, 1, 1}, color.White), Pos: mgl64.Vec3{0, 1.2, -3}, Orient: mgl64.QuatIdent(), Shadow: true},
		{Mesh: pad, Pos: mgl64.Vec3{0, 0.1, 0}, Orient: mgl64.QuatIdent(), Underlay: true},
	}
	var s scene
	s.build(f, 800, 600)
	seen := map[int8]bool{}
	for i := 1; i < len(s.polys); i++ {
		seen[s.polys[i].layer] = true
		if s.polys[i].layer < s.polys[i-1].layer {
			t.Fatalf("layer %d drawn after layer %d", s.polys[i].layer, s.polys[i-1].layer)
		}
	}
	for _, l := range []int8{layerGround, layerGroundMarks, layerMarks, layerUnderlay, layerBodies} {
		if !seen[l] {
			t.Errorf("layer %d: nothing drawn", l)
		}
	}
}

func TestClipNear(t *testing.T) {
	const zmax = -1.0
	// A triangle with one vertex behind the near plane.
	in := []cvert{
		{p: mgl64.Vec3{0, 0, -3}, c: [4]float32{1, 0, 0, 1}},
		{p: mgl64.Vec3{2, 0, -3}, c: [4]float32{1, 0, 0, 1}},
		{p: mgl64.Vec3{0, 2, 1}, c: [4]float32{0, 0, 1, 1}},
	}
	out := clipNear(nil, in, zmax)
	if len(out) != 4 {
		t.Fatalf("got %d vertices, want 4", len(out))
	}
	// Edge (2,0,−3)→(0,2,1) crosses z=−1 halfway: (1,1,−1); edge
	// (0,2,1)→(0,0,−3) crosses it halfway too: (0,1,−1).
	want := []mgl64.Vec3{{0, 0, -3}, {2, 0, -3}, {1, 1, -1}, {0, 1, -1}}
	for i, v := range out {
		if v.p.Sub(want[i]).Len() > 1e-12 {
			t.Errorf("vertex %d = %v, want %v", i, v.p, want[i])
		}
		if v.p[2] > zmax {
			t.Errorf("vertex %d at z=%g is in front of the near plane", i, v.p[2])
		}
	}
	if c := out[2].c; c[0] != 0.5 || c[2] != 0.5 {
		t.Errorf("interpolated colour %v, want halfway", c)
	}
	// Wholly behind: nothing left.
	if out := clipNear(nil, []cvert{{p: mgl64.Vec3{0, 0, 1}}, {p: mgl64.Vec3{1, 0, 1}}, {p: mgl64.Vec3{0, 1, 0}}}, zmax); len(out) != 0 {
		t.Errorf("polygon behind the camera kept %d vertices", len(out))
	}
}

// signedArea2 is twice the signed area of a screen triangle (y down); i
// indexes s.idx, whose entries count from their batch's first vertex.
func signedArea2(s *scene, i int) float64 {
	v0 := 0
	for _, b := range s.batches {
		if i >= b.i0 && i < b.i1 {
			v0 = b.v0
		}
	}
	a, b, c := s.verts[v0+int(s.idx[i])], s.verts[v0+int(s.idx[i+1])], s.verts[v0+int(s.idx[i+2])]
	return float64((b.DstX-a.DstX)*(c.DstY-a.DstY) - (b.DstY-a.DstY)*(c.DstX-a.DstX))
}

// TestNeverInverted flies the camera through and around a box and over the
// ground: every drawn triangle must keep the winding of a front face, which
// fails if a polygon crossing the near plane were projected unclipped.
func TestNeverInverted(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	box := BoxMesh(mgl64.Vec3{2, 1, 3}, color.White)
	var s scene
	drawn := 0
	for range 2000 {
		eye := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*4 + 0.5, rng.Float64()*10 - 5}
		f := &Frame{View: View{Pos: eye, Orient: mgl64.QuatRotate(rng.Float64()*6.3, mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize())}}
		f.Ground = &Ground{Height: -1}
		f.Bodies = []Body{{Mesh: box, Pos: mgl64.Vec3{0, 1, 0}, Orient: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 0})}}
		s.build(f, 640, 480)
		for i := 0; i < len(s.idx); i += 3 {
			// Front faces are counter-clockwise in a y-up view, so clockwise
			// (negative area) in screen pixels with y down.
			if a := signedArea2(&s, i); a > 1e-3 {
				t.Fatalf("camera %v: triangle %d inverted (area %g)", eye, i/3, a)
			}
			drawn++
		}
	}
	if drawn == 0 {
		t.Fatal("nothing drawn")
	}
}

// TestFarFromOrigin checks that the picture does not depend on where in the
// world the scene is: positions are made camera-relative in float64.
func TestFarFromOrigin(t *testing.T) {
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	project := func(origin mgl64.Vec3) []float32 {
		f := testFrame(origin.Add(mgl64.Vec3{3, 2, 6}), origin)
		f.Bodies = []Body{{Mesh: box, Pos: origin, Orient: mgl64.QuatRotate(0.4, mgl64.Vec3{1, 1, 0}.Normalize())}}
		var s scene
		s.build(f, 1280, 720)
		var out []float32
		for _, v := range s.verts {
			out = append(out, v.DstX, v.DstY)
		}
		return out
	}
	near := project(mgl64.Vec3{})
	far := project(mgl64.Vec3{4e7, 1e5, -3e7})
	if len(near) != len(far) || len(near) == 0 {
		t.Fatalf("%d vs %d coordinates", len(near), len(far))
	}
	for i := range near {
		if d := math.Abs(float64(near[i] - far[i])); d > 0.01 {
			t.Fatalf("coordinate %d differs by %g px far from the origin", i, d)
		}
	}
}

func TestStarsFixedInInertialFrame(t *testing.T) {
	stars := makeStars()
	shot := func(eye mgl64.Vec3, q mgl64.Quat) []float32 {
		var s scene
		s.setup(&Frame{View: View{Pos: eye, Orient: q}}, 800, 600)
		s.buildStars(stars, false)
		var out []float32
		for _, v := range s.stars {
			out = append(out, v.DstX, v.DstY)
		}
		return out
	}
	q := mgl64.QuatRotate(0.7, mgl64.Vec3{0, 1, 0})
	a := shot(mgl64.Vec3{}, q)
	b := shot(mgl64.Vec3{1e6, -3e5, 42}, q)
	if len(a) == 0 || len(a) != len(b) {
		t.Fatalf("%d vs %d star vertices", len(a), len(b))
	}
	for i := range a {
		if a[i] != b[i] {
			t.Fatal("stars moved when the camera moved without turning")
		}
	}
	c := shot(mgl64.Vec3{}, mgl64.QuatRotate(0.75, mgl64.Vec3{0, 1, 0}))
	same := len(a) == len(c)
	for i := 0; same && i < len(a); i++ {
		same = a[i] == c[i]
	}
	if same {
		t.Error("stars did not move when the camera turned")
	}
}

func TestMeshErrors(t *testing.T) {
	verts := []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {2, 0, 0}}
	tests := []struct {
		name  string
		verts []mgl64.Vec3
		loops [][]int32
	}{
		{"no faces", verts, nil},
		{"two vertices", verts, [][]int32{{0, 1}}},
		{"index out of range", verts, [][]int32{{0, 1, 7}}},
		{"negative index", verts, [][]int32{{0, -1, 2}}},
		{"degenerate", verts, [][]int32{{0, 1, 3}}},
		{"NaN vertex", []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, math.NaN(), 0}}, [][]int32{{0, 1, 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := NewMesh(tt.verts, tt.loops, color.White)
			if !errors.Is(err, ErrBadMesh) {
				t.Errorf("err = %v, want ErrBadMesh", err)
			}
		})
	}
	m, err := NewMesh(verts, [][]int32{{0, 1, 2}}, color.White)
	if err != nil {
		t.Fatal(err)
	}
	if m.Faces() != 1 || math.Abs(m.Radius()-1) > 1e-12 {
		t.Errorf("faces %d radius %g, want 1 and 1", m.Faces(), m.Radius())
	}
}

func TestBuildAllocatesNothing(t *testing.T) {
	f := landingScene() // lit, shadows on the pad and the ground, craters and rocks
	f.SkyBodies = true
	f.Marks = []Mark{{Pos: mgl64.Vec3{2, 0.5, 1}, Radius: 1.2, Color: color.RGBA{255, 0, 255, 255}}}
	var s scene
	s.build(f, 1280, 720)
	stars := makeStars()
	// AllocsPerRun counts every goroutine's allocations. Under a display the
	// Ebiten loop (stopped here) and its helper goroutines allocate too, so
	// take the least of a few tries: a real per-frame allocation shows in
	// every one.
	loopLock.Lock()
	defer loopLock.Unlock()
	allocs := math.Inf(1)
	for range 5 {
		allocs = min(allocs, testing.AllocsPerRun(20, func() {
			s.build(f, 1280, 720)
			s.buildStars(stars, true)
		}))
	}
	if allocs != 0 {
		t.Errorf("%g allocations per frame, want 0", allocs)
	}
}

// TestBadInput feeds non-finite values: nothing panics and no non-finite
// coordinate reaches the GPU.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	frames := map[string]*Frame{
		"NaN body": {View: View{Pos: mgl64.Vec3{0, 0, 10}, Orient: mgl64.QuatIdent()},
			Bodies: []Body{{Mesh: box, Pos: mgl64.Vec3{nan, 0, 0}, Orient: mgl64.QuatIdent()}, {Mesh: box, Orient: mgl64.Quat{W: nan}}}},
		"Inf camera":       {View: View{Pos: mgl64.Vec3{inf, 0, 0}, Orient: mgl64.QuatIdent()}, Bodies: []Body{{Mesh: box, Orient: mgl64.QuatIdent()}}, Ground: &Ground{}},
		"zero quaternions": {Bodies: []Body{{Mesh: box, Pos: mgl64.Vec3{0, 0, -5}}}, Ground: &Ground{Height: -2, Tile: -1}},
		"bad plume":        {View: View{Orient: mgl64.QuatIdent(), FovY: nan, Near: -1}, Plumes: []Plume{{Pos: mgl64.Vec3{0, 0, -3}, Dir: mgl64.Vec3{nan, 1, 0}, Level: 1}, {Pos: mgl64.Vec3{nan, 0, -3}, Dir: mgl64.Vec3{0, 1, 0}, Level: inf}}},
		"nil mesh":         {Bodies: []Body{{}}},
	}
	for name, f := range frames {
		t.Run(name, func(t *testing.T) {
			var s scene
			s.build(f, 640, 480)
			for _, v := range s.verts {
				if math.IsNaN(float64(v.DstX)) || math.IsNaN(float64(v.DstY)) || math.IsInf(float64(v.DstX), 0) || math.IsInf(float64(v.DstY), 0) {
					t.Fatalf("non-finite vertex %v", v)
				}
			}
		})
	}
	if got := len(func() *scene { var s scene; s.build(frames["zero quaternions"], 640, 480); return &s }().polys); got == 0 {
		t.Error("zero quaternions (treated as identity) drew nothing")
	}
}

// Markings on both sides of a wide plate: seen from one side, the far
// side's marking is drawn before the plate (which hides it) and the near
// side's after it, wherever they sit on the plate — sorting by centres
// alone put a far marking near the camera's side of the plate over it.
func TestMarkingsOnAPlate(t *testing.T) {
	m := &Mesh{}
	white, red, blue := color.RGBA{255, 255, 255, 255}, color.RGBA{255, 0, 0, 255}, color.RGBA{0, 0, 255, 255}
	v, l := boxFaces(mgl64.Vec3{-2.5, -1.7, -0.1}, mgl64.Vec3{2.5, 1.7, 0.1})
	must(m.AddConvex(v, l, white))
	v, l = boxFaces(mgl64.Vec3{-2.1, -1.3, 0.095}, mgl64.Vec3{-1.1, -0.3, 0.115}) // near side, at a corner
	must(m.AddConvex(v, l, red))
	v, l = boxFaces(mgl64.Vec3{-2.1, -1.3, -0.115}, mgl64.Vec3{-1.1, -0.3, -0.095}) // far side, same corner
	must(m.AddConvex(v, l, blue))
	if m.pieces[1].host != 0 || m.pieces[2].host != 0 {
		t.Fatalf("hosts %d, %d: want both markings resting on the plate", m.pieces[1].host, m.pieces[2].host)
	}
	// Oblique, from the markings' corner: their centres are nearer than the plate's.
	eye := mgl64.Vec3{-9, -6, 6}
	f := &Frame{View: View{Pos: eye, Orient: LookAt(eye, mgl64.Vec3{}, mgl64.Vec3{0, 1, 0})}, Bodies: []Body{{Mesh: m, Orient: mgl64.QuatIdent()}}}
	var s scene
	s.build(f, 800, 600)
	colour := func(i int) [4]float32 { return s.pts[s.polys[i].first].c }
	lastBlue, firstWhite, lastWhite, firstRed := -1, -1, -1, -1
	for i := range s.polys {
		switch c := colour(i); {
		case c[0] == 0:
			lastBlue = i
		case c[1] == 0:
			if firstRed < 0 {
				firstRed = i
			}
		default:
			if firstWhite < 0 {
				firstWhite = i
			}
			lastWhite = i
		}
	}
	if firstWhite < 0 || firstRed < 0 {
		t.Fatalf("plate %d, near marking %d: want both drawn", firstWhite, firstRed)
	}
	if lastBlue > firstWhite {
		t.Errorf("far marking drawn at %d, after the plate's first face at %d", lastBlue, firstWhite)
	}
	if firstRed < lastWhite {
		t.Errorf("near marking drawn at %d, before the plate's last face at %d", firstRed, lastWhite)
	}
}

// A ghost body is drawn translucent (GhostAlpha), unlit by the shader even
// in quality high, beside an ordinary body drawn opaque.
func TestGhostTranslucent(t *testing.T) {
	box := BoxMesh(mgl64.Vec3{1, 1, 1}, color.White)
	f := testFrame(mgl64.Vec3{0, 0, 10}, mgl64.Vec3{})
	f.Quality = QualityHigh
	f.Bodies = []Body{{Mesh: box, Pos: mgl64.Vec3{-2, 0, 0}, Orient: mgl64.QuatIdent(), Shadow: true},
		{Mesh: box, Pos: mgl64.Vec3{2, 0, 0}, Orient: mgl64.QuatIdent(), Ghost: true}}
	var s scene
	s.build(f, 1280, 720)
	var opaque, ghost int
	for _, v := range s.verts {
		switch {
		case v.ColorA == 1:
			opaque++
		case math.Abs(float64(v.ColorA)-GhostAlpha) < 1e-6:
			ghost++
		}
	}
	if opaque == 0 || ghost == 0 || opaque+ghost != len(s.verts) {
		t.Errorf("%d opaque and %d ghost vertices of %d: want both kinds and nothing else", opaque, ghost, len(s.verts))
	}
	for _, b := range s.batches {
		if b.translucent && b.kind == polyLit {
			t.Error("a ghost face went to the lit shader")
		}
	}
}
