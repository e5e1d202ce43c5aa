package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// The relative-motion panel beside a navball in LVLH mode: a craft 40 m
// below and 120 m behind the station, moving at 0.5 m/s straight at it,
// coasts up through its orbit and above it (Clohessy–Wiltshire: x = x₀ +
// 6y₀(sin nt − nt) + ẋ₀(4 sin nt − 3nt)/n, y = y₀(4 − 3 cos nt) +
// 2ẋ₀(1 − cos nt)/n), a point every 5 s for 5 minutes.
func TestGoldenOrbitPanel(t *testing.T) {
	const n, y0, x0, vx, step = 0.001133, -40.0, -120.0, 0.5, 5.0
	var path []mgl64.Vec3
	for i := range 61 {
		nt := n * step * float64(i)
		s, c := math.Sincos(nt)
		path = append(path, mgl64.Vec3{x0 + 6*y0*(s-nt) + vx*(4*s-3*nt)/n, y0*(4-3*c) + 2*vx*(1-c)/n, 2})
	}
	h := HUD{
		Orbit: &OrbitPlot{Craft: path[0], Path: path, Step: step, Range: path[0].Len()},
		Attitude: &Attitude{Orient: mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0}), Prograde: mgl64.Vec3{vx, 0, 0},
			Target: mgl64.Vec3{120, 40, -2}, Label: "LVLH"},
	}
	r := newTestRenderer(t)
	img := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, hudOnly(h)) })
	compareGolden(t, "orbit_panel", img)
}
