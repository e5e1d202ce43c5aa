package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden screenshots in testdata/golden")

// Golden screenshots of every shipped mission flown by its autopilot, at
// its start, on the approach and at contact; of a briefing card, the help
// overlay and a mid-flight HUD. A screenshot run steps one
// tick per frame (frame N shows tick N·warp), so the pictures do not depend
// on the machine's speed. They are compared at a quarter of the window's
// size, each channel to within goldenTol, and at most goldenFrac of the
// pixels may differ (rasterisation and font differences between GL
// drivers). Rewrite them with `go test -run Golden -update .` and look at
// them.
const (
	goldenScale = 4
	goldenTol   = 40
	goldenFrac  = 0.02
)

var goldenShots = []struct {
	mission, phase string
	frames, warp   int
}{
	// The phases "briefing" and "help" open on that screen (--screen).
	{"land", "briefing", 5, 1}, {"dock", "help", 5, 1},
	// Mid-flight: the landing figures graded in the last metres, the gear
	// line and the marker legend.
	{"land", "hud", 280, 2},
	// The first flight's goal line: a lesson, its keys named.
	{"first-flight", "lesson", 300, 2},
	{"tumble", "start", 10, 1}, {"tumble", "approach", 60, 4}, {"tumble", "contact", 83, 8},
	{"flatspin", "start", 10, 1}, {"flatspin", "approach", 60, 4}, {"flatspin", "contact", 165, 8},
	{"dock", "start", 10, 1}, {"dock", "approach", 160, 16}, {"dock", "contact", 312, 16},
	{"dock-rotating", "start", 10, 1}, {"dock-rotating", "approach", 200, 16}, {"dock-rotating", "contact", 362, 16},
	{"land", "start", 10, 1}, {"land", "approach", 300, 2}, {"land", "contact", 470, 2},
	{"land-slope", "start", 10, 1}, {"land-slope", "approach", 200, 4}, {"land-slope", "contact", 380, 4},
	// In orbit: the relative-motion panel, the coasting path, the LVLH navball.
	{"vbar", "approach", 300, 10}, {"rbar", "approach", 600, 10},
}

func TestGoldenScreenshots(t *testing.T) {
	needDisplay(t)
	for _, g := range goldenShots {
		name := fmt.Sprintf("%s-%s", g.mission, g.phase)
		t.Run(name, func(t *testing.T) {
			args := []string{"--mission", g.mission, "--autopilot", "--mute", "--quality", "high",
				"--frames", strconv.Itoa(g.frames), "--warp", strconv.Itoa(g.warp)}
			if g.phase == "briefing" || g.phase == "help" {
				args = append(args, "--screen", g.phase)
			}
			matchGolden(t, name, screenshot(t, args...))
		})
	}
}

// matchGolden compares img, shrunk, with testdata/golden/NAME.png (or
// writes it with -update).
func matchGolden(t *testing.T, name string, img image.Image) {
	t.Helper()
	small := shrink(img, goldenScale)
	path := filepath.Join("testdata", "golden", name+".png")
	if *updateGolden {
		writePNG(t, path, small)
		return
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatalf("%v (run go test -run Golden -update . to make it)", err)
	}
	defer f.Close()
	want, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	if want.Bounds() != small.Bounds() {
		t.Fatalf("size %v, golden %v", small.Bounds(), want.Bounds())
	}
	bad := 0
	b := small.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			g := small.RGBAAt(x, y)
			r, gg, bb, _ := want.At(x, y).RGBA()
			if absDiff(g.R, uint8(r>>8)) > goldenTol || absDiff(g.G, uint8(gg>>8)) > goldenTol || absDiff(g.B, uint8(bb>>8)) > goldenTol {
				bad++
			}
		}
	}
	if frac := float64(bad) / float64(b.Dx()*b.Dy()); frac > goldenFrac {
		out := filepath.Join(t.TempDir(), name+".png")
		writePNG(t, out, small)
		t.Errorf("%d pixels (%.1f%%) differ from %s, allowed %.1f%%; this run's picture: %s", bad, 100*frac, path, 100*goldenFrac, out)
	}
}

// shrink averages k×k blocks of img.
func shrink(img image.Image, k int) *image.RGBA {
	b := img.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx()/k, b.Dy()/k))
	for y := 0; y < b.Dy()/k; y++ {
		for x := 0; x < b.Dx()/k; x++ {
			var r, g, bl uint32
			for dy := range k {
				for dx := range k {
					R, G, B, _ := img.At(b.Min.X+x*k+dx, b.Min.Y+y*k+dy).RGBA()
					r, g, bl = r+R>>8, g+G>>8, bl+B>>8
				}
			}
			n := uint32(k * k)
			out.SetRGBA(x, y, color.RGBA{uint8(r / n), uint8(g / n), uint8(bl / n), 255})
		}
	}
	return out
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}
