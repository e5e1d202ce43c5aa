package render

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// brightness returns the mean of R, G, B at (x, y), 0…255.
func brightness(img *image.RGBA, x, y int) float64 {
	c := img.RGBAAt(x, y)
	return (float64(c.R) + float64(c.G) + float64(c.B)) / 3
}

// tumblingBoxFrame is the first playable slice: a box craft in space in front
// of the camera, with the HUD.
func tumblingBoxFrame() *Frame {
	box := BoxMesh(mgl64.Vec3{1, 1.5, 2}, color.RGBA{230, 120, 40, 255})
	f := testFrame(mgl64.Vec3{0, 0, 12}, mgl64.Vec3{})
	f.View.FovY = 50 * math.Pi / 180
	f.Bodies = []Body{{Mesh: box, Orient: mgl64.QuatRotate(0.6, mgl64.Vec3{1, 2, 0.5}.Normalize())}}
	f.HUD = HUD{RollRate: 0.01, PitchRate: 1, YawRate: -0.01, Omega: 1.0001, AngMom: 2000.1, Energy: 1000.2,
		Messages: []string{"Screenshot saved to /tmp/x.png"}}
	return f
}

func TestDrawBoxCraft(t *testing.T) {
	r := newTestRenderer(t)
	f := tumblingBoxFrame()
	img := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, f) })

	// The craft's orange near the centre, whichever face is there: red
	// clearly above the sky's level and well above blue.
	c := img.RGBAAt(640, 360)
	if !(c.R > 50 && float64(c.R) > 2*float64(c.B)+20) {
		t.Errorf("centre pixel %v, want the craft's orange", c)
	}
	// Dark sky in the corners (stars are single pixels: use the mean of a patch).
	for _, p := range []image.Point{{1270, 10}, {1270, 700}, {640, 700}} {
		var sum float64
		for dy := range 8 {
			for dx := range 8 {
				sum += brightness(img, p.X-dx, p.Y-dy)
			}
		}
		if m := sum / 64; m > 40 {
			t.Errorf("patch at %v mean brightness %.0f, want dark sky", p, m)
		}
	}
	// HUD text: bright pixels inside the body-rates panel at the top left.
	bright := 0
	for y := 12; y < 180; y++ {
		for x := 12; x < 300; x++ {
			if brightness(img, x, y) > 150 {
				bright++
			}
		}
	}
	if bright < 200 {
		t.Errorf("%d bright pixels in the HUD panel, want text (≥ 200)", bright)
	}
	if r.Triangles() == 0 {
		t.Error("no triangles drawn")
	}
}

func TestDrawLandingScene(t *testing.T) {
	r := newTestRenderer(t)
	f := landingScene()
	img := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, f) })
	// The ground fills the bottom of the picture.
	if b := brightness(img, 640, 710); b < 30 {
		t.Errorf("bottom centre brightness %.0f, want the ground", b)
	}
}

// dockingScene is a craft 6 m from a station's port, seen through the
// docking camera, with RCS plumes firing.
func dockingScene(mode CameraMode) *Frame {
	station := stationMesh()
	craft := &Mesh{}
	bv, bl := prism(1, 3, 12)
	must(craft.AddConvexAt(bv, bl, color.RGBA{220, 220, 225, 255}, mgl64.Vec3{}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0})))
	pv, pl := prism(0.4, 0.4, 10)
	must(craft.AddConvexAt(pv, pl, color.RGBA{200, 160, 60, 255}, mgl64.Vec3{0, 0, 1.7}, mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0})))
	// The station's −z module ends at z = −10; the craft's nose (+z) faces it.
	cpos := mgl64.Vec3{0.15, -0.1, -18}
	cq := mgl64.QuatRotate(0.03, mgl64.Vec3{0, 1, 0})
	cam := NewCamera()
	cam.Mode = mode
	target := CameraTarget{Pos: cpos, Orient: cq, Radius: 2.2,
		PortPos: cpos.Add(quatMat(cq).Mul3x1(mgl64.Vec3{0, 0, 1.9})), PortAxis: quatMat(cq).Mul3x1(mgl64.Vec3{0, 0, 1}), PortUp: quatMat(cq).Mul3x1(mgl64.Vec3{0, 1, 0})}
	for range 60 {
		cam.Update(tick, target, CameraInput{})
	}
	f := &Frame{View: cam.View()}
	f.Bodies = []Body{
		{Mesh: station, Pos: mgl64.Vec3{}, Orient: mgl64.QuatIdent()},
		{Mesh: craft, Pos: cpos, Orient: cq},
	}
	f.Plumes = []Plume{
		{Pos: cpos.Add(mgl64.Vec3{1, 0, 0}), Dir: mgl64.Vec3{1, 0, 0}, Level: 1, Length: 0.6, Radius: 0.06},
		{Pos: cpos.Add(mgl64.Vec3{0, 1, -1}), Dir: mgl64.Vec3{0, 1, 0}, Level: 0.5, Length: 0.6, Radius: 0.06},
	}
	f.HUD = HUD{Crosshair: mode == CameraDocking, Docking: fullHUD().Docking,
		Status: &Status{Fuel: 0.8, Throttle: 0, SAS: "HOLD", Camera: mode.String(), Objective: "Dock with the station", Time: 312}}
	return f
}

func TestDrawDockingScene(t *testing.T) {
	r := newTestRenderer(t)
	for _, mode := range []CameraMode{CameraDocking, CameraChase} {
		t.Run(mode.String(), func(t *testing.T) {
			f := dockingScene(mode)
			img := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, f) })
			if mode == CameraDocking {
				// Looking down the port axis at the station's module end (in
				// the shade: ambient light only): its grey fills the centre,
				// crosshair aside, where the sky would be near black.
				c := img.RGBAAt(640+60, 360+60)
				if !(c.R > 40 && absDiff(c.R, c.B) < 20) {
					t.Errorf("pixel near the centre %v, want the station's grey", c)
				}
			}
		})
	}
}
