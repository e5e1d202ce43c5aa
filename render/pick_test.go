package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Ray through the screen point where Project puts a point (where the
// renderer draws it) passes through the point.
func TestPickRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 200 {
		eye := mgl64.Vec3{r.NormFloat64() * 5, r.NormFloat64() * 5, r.NormFloat64() * 5}
		f := testFrame(eye, mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()})
		f.View.FovY = 0.3 + 2*r.Float64()
		if r.IntN(4) == 0 {
			f.View.FovY = 0 // the default lens
		}
		w, h := 640+r.Float64()*1000, 360+r.Float64()*600
		var s scene
		s.setup(f, int(w), int(h))
		w, h = float64(int(w)), float64(int(h))
		p := mgl64.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		x, y, ok := Project(f.View, int(w), int(h), p)
		sx, sy, sok := s.project(p)
		if ok != sok || ok && (math.Abs(x-sx) > 1e-6 || math.Abs(y-sy) > 1e-6) {
			t.Fatalf("Project %v: (%g, %g, %v), the renderer (%g, %g, %v)", p, x, y, ok, sx, sy, sok)
		}
		if !ok {
			continue
		}
		o, d := f.View.Ray(x, y, w, h)
		if miss := p.Sub(o).Sub(d.Mul(p.Sub(o).Dot(d))).Len(); miss > 1e-9*(1+p.Sub(o).Len()) || p.Sub(o).Dot(d) <= 0 {
			t.Fatalf("the ray through (%g, %g) misses %v by %g", x, y, p, miss)
		}
	}
}
