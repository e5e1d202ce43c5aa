package render

import (
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// TestDrawCoversScreen checks the promise that lets Draw turn off Ebiten's
// screen clearing: whatever the camera, Draw writes every pixel. The target
// is first painted magenta; no magenta may survive.
func TestDrawCoversScreen(t *testing.T) {
	r := newTestRenderer(t)
	magenta := color.RGBA{255, 0, 255, 255}
	above := func(eye, target mgl64.Vec3) *Frame {
		f := landingScene()
		f.View.Pos = eye
		f.View.Orient = LookAt(eye, target, mgl64.Vec3{0, 1, 0})
		return f
	}
	rolled := above(mgl64.Vec3{0, 3, 10}, mgl64.Vec3{0, 2.5, 0})
	rolled.View.Orient = rolled.View.Orient.Mul(mgl64.QuatRotate(0.5, mgl64.Vec3{0, 0, 1}))
	space := landingScene()
	space.Ground = nil
	tests := []struct {
		name string
		f    *Frame
	}{
		{"landing chase", landingScene()},
		{"horizon level", above(mgl64.Vec3{0, 2, 10}, mgl64.Vec3{0, 2, 0})},
		{"rolled", rolled},
		{"straight down", above(mgl64.Vec3{1, 30, 0}, mgl64.Vec3{1, 0, 0})},
		{"straight up", above(mgl64.Vec3{1, 3, 0}, mgl64.Vec3{1, 100, 0.01})},
		{"high", above(mgl64.Vec3{0, 8000, 0}, mgl64.Vec3{0, 7000, -20000})},
		{"grazing", above(mgl64.Vec3{0, 0.06, 0}, mgl64.Vec3{0, 0.06, -10})},
		{"below ground", above(mgl64.Vec3{0, -2, 0}, mgl64.Vec3{0, -2, -10})},
		{"space", space},
		{"nil frame", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := render(t, 640, 360, func(dst *ebiten.Image) {
				dst.Fill(magenta)
				r.Draw(dst, tt.f)
			})
			left := 0
			b := img.Bounds()
			for y := b.Min.Y; y < b.Max.Y; y++ {
				for x := b.Min.X; x < b.Max.X; x++ {
					if img.RGBAAt(x, y) == magenta {
						left++
					}
				}
			}
			if left > 0 {
				t.Errorf("%d pixels not drawn", left)
			}
		})
	}
	_ = math.Pi
}
