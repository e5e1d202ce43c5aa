package render

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// Golden images: each HUD widget is drawn from a fixed state over a black
// scene and compared with testdata/<name>.png. Run with -update to rewrite
// them, then look at them. The comparison tolerates small rasterisation
// differences (GPU drivers, font hinting): a pixel differs when a channel is
// off by more than pixelTol, and at most maxDiffFrac of the pixels may differ.
const (
	pixelTol    = 48
	maxDiffFrac = 0.004
)

func compareGolden(t *testing.T, name string, got *image.RGBA) {
	t.Helper()
	path := filepath.Join("testdata", name+".png")
	if *update {
		savePNG(t, path, got)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if img.Bounds() != got.Bounds() {
		t.Fatalf("%s: size %v, want %v", path, got.Bounds(), img.Bounds())
	}
	b := got.Bounds()
	diff := image.NewRGBA(b)
	bad := 0
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := got.RGBAAt(x, y)
			wr, wg, wb, _ := img.At(x, y).RGBA()
			w := color.RGBA{uint8(wr >> 8), uint8(wg >> 8), uint8(wb >> 8), 255}
			if absDiff(g.R, w.R) > pixelTol || absDiff(g.G, w.G) > pixelTol || absDiff(g.B, w.B) > pixelTol {
				bad++
				diff.SetRGBA(x, y, color.RGBA{255, 0, 255, 255})
			} else {
				diff.SetRGBA(x, y, color.RGBA{g.R / 3, g.G / 3, g.B / 3, 255})
			}
		}
	}
	if frac := float64(bad) / float64(b.Dx()*b.Dy()); frac > maxDiffFrac {
		out := filepath.Join(t.TempDir(), name+"-diff.png")
		if *pngDir != "" {
			out = filepath.Join(*pngDir, name+"-diff.png")
		}
		savePNG(t, out, diff)
		t.Errorf("%s: %d pixels (%.2f%%) differ, allowed %.2f%%; differences in %s", path, bad, 100*frac, 100*maxDiffFrac, out)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// hudOnly returns a frame with nothing in the scene and the given HUD.
func hudOnly(h HUD) *Frame {
	return &Frame{View: View{Orient: mgl64.QuatIdent()}, Stars: StarsOff, HUD: h}
}

func TestGoldenHUD(t *testing.T) {
	full := fullHUD()
	calm := HUD{RollRate: 0.001, PitchRate: -0.002, YawRate: 0.0005, Omega: 0.0023, AngMom: 4.1, Energy: 0.01}
	tumbling := HUD{RollRate: 0.2, PitchRate: 1.1, YawRate: -0.6, Omega: 1.27, AngMom: 2900, Energy: 1800}
	docking := HUD{Docking: full.Docking, Crosshair: true}
	landing := HUD{Landing: full.Landing}
	status := HUD{Status: full.Status, Attitude: full.Attitude}
	dockBall := HUD{Attitude: &Attitude{Orient: mgl64.QuatRotate(0.1, mgl64.Vec3{0, 0, 1}), Target: mgl64.Vec3{0.05, 0.02, 1}, Label: "TARGET PORT"}}
	tests := []struct {
		name string
		w, h int
		f    *Frame
	}{
		{"rates_calm", 1280, 720, hudOnly(calm)},
		{"rates_tumbling", 1280, 720, hudOnly(tumbling)},
		{"landing_panel", 1280, 720, hudOnly(landing)},
		{"docking_panel", 1280, 720, hudOnly(docking)},
		{"status_navball", 1280, 720, hudOnly(status)},
		{"navball_docking", 1280, 720, hudOnly(dockBall)},
		{"full_hud_small", 960, 540, hudOnly(full)},
		{"menu", 1280, 720, &Frame{Stars: StarsOff, HUD: HUD{Hidden: true}, Screen: &Screen{
			Title: "SPACEFLIGHT", Items: []string{"Tumble: stop the spin", "Land on the pad", "Dock with the station"}, Selected: 1,
			Text: "Land the lander on the pad.\nTouch down slower than 3 m/s with less than 8° of tilt. Use W/S and A/D to tilt, Shift/Ctrl for throttle.",
			Hint: "↑/↓ select   Enter start   Esc quit"}}},
		{"results", 1280, 720, &Frame{Stars: StarsOff, HUD: HUD{Hidden: true}, Screen: &Screen{
			Title: "MISSION RESULT", Items: []string{"Retry", "Menu"}, Selected: 0,
			Result: &Result{Success: false, Outcome: "CRASHED", Reason: "Touched down at 4.8 m/s; the limit is 3 m/s.",
				Figures: []Figure{{"V.SPD", "4.80 m/s", GradeBad}, {"H.SPD", "0.30 m/s", GradeOK}, {"TILT", "7.5°", GradeCaution}, {"TIME", "1:42.3", GradeNone}}},
			Hint: "Enter choose   Esc menu"}}},
		{"debug", 1280, 720, debugFrame()},
	}
	r := newTestRenderer(t)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			img := render(t, tt.w, tt.h, func(dst *ebiten.Image) { r.Draw(dst, tt.f) })
			compareGolden(t, tt.name, img)
		})
	}
}

// debugFrame is a box resting on the ground with the debug overlay on.
func debugFrame() *Frame {
	f := testFrame(mgl64.Vec3{4, 3, 6}, mgl64.Vec3{0, 0.5, 0})
	f.Stars = StarsOff
	f.Ground = &Ground{}
	f.Bodies = []Body{{Mesh: BoxMesh(mgl64.Vec3{1, 0.5, 1}, color.RGBA{90, 90, 110, 255}), Pos: mgl64.Vec3{0, 0.5, 0}, Orient: mgl64.QuatIdent()}}
	f.HUD = HUD{Hidden: false}
	f.Debug = &Debug{
		Contacts: []DebugContact{{Pos: mgl64.Vec3{1, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}, Depth: 0.004}, {Pos: mgl64.Vec3{-1, 0, 1}, Normal: mgl64.Vec3{0, 1, 0}}},
		Joints:   []DebugJoint{{AnchorA: mgl64.Vec3{1, 1, 0}, AnchorB: mgl64.Vec3{1.1, 1.05, 0}, Axis: mgl64.Vec3{0, 0, 1}}},
		Vectors:  []DebugVector{{Origin: mgl64.Vec3{0, 0.5, 0}, Vec: mgl64.Vec3{0, 1.5, 0.3}, Label: "ω", Color: color.RGBA{80, 240, 240, 255}}, {Origin: mgl64.Vec3{0, 0.5, 0}, Vec: mgl64.Vec3{1, 1, 0}, Label: "L", Color: color.RGBA{255, 120, 255, 255}}},
		Boxes:    []DebugBox{{Min: mgl64.Vec3{-1, 0, -1}, Max: mgl64.Vec3{1, 1, 1}}},
		Timings:  []DebugTiming{{"integrate", 120e-6}, {"broad phase", 30e-6}, {"narrow phase", 210e-6}, {"solve", 340e-6}},
		Lines:    []string{"bodies 2  contacts 2  joints 1"},
	}
	return f
}

// TestSceneLayout renders the landing scene and checks that the lander, the
// pad and the HUD are where the camera puts them.
func TestSceneLayout(t *testing.T) {
	r := newTestRenderer(t)
	f := landingScene()
	f.HUD = HUD{Status: &Status{Fuel: 0.5, Throttle: 0.5, Camera: "CHASE"}}
	var landerX, landerY, padX, padY float64
	img := render(t, 1280, 720, func(dst *ebiten.Image) {
		r.Draw(dst, f)
		var ok1, ok2 bool
		// The cabin's centre, 0.4 m above the lander's origin (landerMesh).
		landerX, landerY, ok1 = r.scene.project(f.Bodies[1].Pos.Add(mgl64.Vec3{0, 0.4, 0}))
		padX, padY, ok2 = r.scene.project(mgl64.Vec3{0, 0.5, -9})
		if !ok1 || !ok2 {
			t.Error("lander or pad behind the camera")
		}
	})
	// Cabin colour (200, 200, 210) lit: grey, bright.
	c := img.RGBAAt(int(landerX), int(landerY))
	if !(c.R > 90 && absDiff(c.R, c.B) < 40 && absDiff(c.R, c.G) < 40) {
		t.Errorf("lander cabin at (%.0f, %.0f) is %v, want light grey", landerX, landerY, c)
	}
	p := img.RGBAAt(int(padX), int(padY))
	if !(p.R > 90 && absDiff(p.R, p.B) < 30) {
		t.Errorf("pad at (%.0f, %.0f) is %v, want grey", padX, padY, p)
	}
	// Throttle gauge in the HUD: orange pixels in its lower half.
	found := false
	for y := 600; y < 660 && !found; y++ {
		for x := 380; x < 520; x++ {
			if q := img.RGBAAt(x, y); q.R > 200 && q.G > 100 && q.G < 200 && q.B < 90 {
				found = true
				break
			}
		}
	}
	if !found {
		t.Error("no orange throttle gauge in the HUD area")
	}
}

// TestDrawChangesNothing draws a frame and checks it equals an identical,
// undrawn one.
func TestDrawChangesNothing(t *testing.T) {
	r := newTestRenderer(t)
	a, b := landingScene(), landingScene()
	a.HUD, b.HUD = fullHUD(), fullHUD()
	a.Debug, b.Debug = debugFrame().Debug, debugFrame().Debug
	render(t, 640, 360, func(dst *ebiten.Image) { r.Draw(dst, a) })
	if !reflect.DeepEqual(a, b) {
		t.Error("Draw changed the frame")
	}
}
