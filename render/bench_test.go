package render

import (
	"image"
	"image/color"
	"math"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// prism returns a right n-gon prism of the given radius and length along
// local y, centred on the origin, with CCW face loops.
func prism(radius, length float64, n int) ([]mgl64.Vec3, [][]int32) {
	h := length / 2
	verts := make([]mgl64.Vec3, 0, 2*n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		verts = append(verts, mgl64.Vec3{radius * math.Cos(a), -h, radius * math.Sin(a)})
	}
	for i := range n {
		v := verts[i]
		verts = append(verts, mgl64.Vec3{v[0], h, v[2]})
	}
	bottom := make([]int32, n)
	top := make([]int32, n)
	for i := range n {
		bottom[i] = int32(i)
		top[i] = int32(n + (n - 1 - i))
	}
	loops := [][]int32{bottom, top}
	for i := range n {
		j := (i + 1) % n
		loops = append(loops, []int32{int32(i), int32(n + i), int32(n + j), int32(j)})
	}
	return verts, loops
}

func boxLoops(half mgl64.Vec3) ([]mgl64.Vec3, [][]int32) {
	return boxFaces(half.Mul(-1), half)
}

func must(err error) {
	if err != nil {
		panic(err)
	}
}

// landerMesh is a lander of about 240 triangles: a cabin, four tanks, four
// legs with feet and an engine bell.
func landerMesh() *Mesh {
	m := &Mesh{}
	v, l := boxLoops(mgl64.Vec3{0.9, 0.6, 0.9})
	must(m.AddConvexAt(v, l, color.RGBA{200, 200, 210, 255}, mgl64.Vec3{0, 0.4, 0}, mgl64.QuatIdent()))
	tv, tl := prism(0.45, 1.0, 12)
	lv, ll := boxLoops(mgl64.Vec3{0.06, 0.8, 0.06})
	fv, fl := prism(0.25, 0.08, 8)
	for k := range 4 {
		a := math.Pi/4 + float64(k)*math.Pi/2
		c, s := math.Cos(a), math.Sin(a)
		must(m.AddConvexAt(tv, tl, color.RGBA{220, 180, 60, 255}, mgl64.Vec3{1.1 * c, 0.2, 1.1 * s}, mgl64.QuatIdent()))
		legRot := mgl64.QuatRotate(0.5, mgl64.Vec3{-s, 0, c})
		must(m.AddConvexAt(lv, ll, color.RGBA{150, 150, 160, 255}, mgl64.Vec3{1.6 * c, -0.6, 1.6 * s}, legRot))
		must(m.AddConvexAt(fv, fl, color.RGBA{120, 120, 130, 255}, mgl64.Vec3{2.0 * c, -1.3, 2.0 * s}, mgl64.QuatIdent()))
	}
	bv, bl := prism(0.35, 0.5, 10)
	must(m.AddConvexAt(bv, bl, color.RGBA{90, 90, 100, 255}, mgl64.Vec3{0, -0.45, 0}, mgl64.QuatIdent()))
	return m
}

// stationMesh is a small station: a core, two modules and solar panels.
func stationMesh() *Mesh {
	m := &Mesh{}
	cv, cl := prism(2, 8, 16)
	must(m.AddConvexAt(cv, cl, color.RGBA{210, 210, 215, 255}, mgl64.Vec3{}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1})))
	mv, ml := prism(1.5, 6, 16)
	must(m.AddConvexAt(mv, ml, color.RGBA{190, 195, 205, 255}, mgl64.Vec3{0, 0, 7}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0})))
	must(m.AddConvexAt(mv, ml, color.RGBA{190, 195, 205, 255}, mgl64.Vec3{0, 0, -7}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0})))
	pv, pl := boxLoops(mgl64.Vec3{6, 0.05, 2})
	must(m.AddConvexAt(pv, pl, color.RGBA{40, 60, 140, 255}, mgl64.Vec3{-11, 0, 0}, mgl64.QuatIdent()))
	must(m.AddConvexAt(pv, pl, color.RGBA{40, 60, 140, 255}, mgl64.Vec3{11, 0, 0}, mgl64.QuatIdent()))
	return m
}

// landingScene is the benchmark scene: a lander 12 m above a pad on the
// ground, thrusting, with a station high above, seen from a chase camera.
func landingScene() *Frame {
	lander := landerMesh()
	pad, err := PadMesh(mgl64.Vec3{20, 0.5, 20}, color.RGBA{150, 150, 155, 255})
	must(err)
	lpos := mgl64.Vec3{3, 12, -2}
	f := testFrame(lpos.Add(mgl64.Vec3{0, 6, 18}), lpos)
	f.Ground = &Ground{}
	f.Bodies = []Body{
		{Mesh: pad, Pos: mgl64.Vec3{0, 0.5, 0}, Orient: mgl64.QuatIdent(), Underlay: true},
		{Mesh: lander, Pos: lpos, Orient: mgl64.QuatRotate(0.1, mgl64.Vec3{1, 0, 0.3}.Normalize()), Shadow: true},
		{Mesh: stationMesh(), Pos: mgl64.Vec3{-40, 120, -150}, Orient: mgl64.QuatRotate(0.5, mgl64.Vec3{0, 1, 0})},
	}
	f.Plumes = []Plume{{Pos: lpos.Add(mgl64.Vec3{0, -0.7, 0}), Dir: mgl64.Vec3{0, -1, 0}, Level: 0.6, Length: 3, Radius: 0.35}}
	f.View.FovY = 60 * math.Pi / 180
	return f
}

// BenchmarkBuildLanding measures building the landing scene's sorted
// triangle list (pure Go, no GPU).
func BenchmarkBuildLanding(b *testing.B) {
	f := landingScene()
	stars := makeStars()
	var s scene
	s.build(f, 1280, 720)
	start := time.Now()
	n := 0
	for b.Loop() {
		s.build(f, 1280, 720)
		s.buildStars(stars, true)
		n++
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/float64(n), "µs/frame")
	b.ReportMetric(float64(s.triangles()), "triangles")
}

// nullTarget is a draw target that draws nothing, for CPU-only benchmarks.
type nullTarget struct{ b image.Rectangle }

func (n nullTarget) Bounds() image.Rectangle                         { return n.b }
func (nullTarget) Fill(color.Color)                                  {}
func (nullTarget) DrawImage(*ebiten.Image, *ebiten.DrawImageOptions) {}
func (nullTarget) DrawTrianglesShader32([]ebiten.Vertex, []uint32, *ebiten.Shader, *ebiten.DrawTrianglesShaderOptions) {
}

// BenchmarkBuildHUD measures building the full landing HUD's shapes and
// text list (pure Go, no GPU; text layout and drawing not included).
func BenchmarkBuildHUD(b *testing.B) {
	r := newTestRenderer(b)
	f := landingWithHUD()
	u := r.ui(nullTarget{image.Rect(0, 0, 1280, 720)})
	start := time.Now()
	n := 0
	for b.Loop() {
		r.drawHUD(f, u)
		u.verts, u.idx, u.texts = u.verts[:0], u.idx[:0], u.texts[:0]
		n++
	}
	b.ReportMetric(float64(time.Since(start).Microseconds())/float64(n), "µs/frame")
}
