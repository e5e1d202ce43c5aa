package render

import (
	"flag"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
)

var (
	fpsFrames    = flag.Int("fps", 0, "measure frames per second of the landing scene over this many frames (a measurement, not a test)")
	fpsHUD       = flag.Bool("fpshud", true, "draw the HUD while measuring frames per second")
	fpsGround    = flag.Bool("fpsground", true, "draw the ground while measuring frames per second")
	fpsCopyFinal = flag.Bool("fpscopyfinal", false, "copy the offscreen to the window with Renderer.DrawFinalScreen")
	fpsLater     = flag.Bool("fpslater", false, "draw with Renderer.DrawLater and DrawFinalScreen, straight onto the window (implies -fpscopyfinal)")
	fpsScene     = flag.Bool("fpsscene", true, "draw the bodies, plumes and stars while measuring frames per second")
)

// fpsRun draws the landing scene on the real screen and records frame times.
type fpsRun struct {
	r         *Renderer
	f         *Frame
	n         int
	later     bool         // DrawLater in Draw, the picture in DrawFinalScreen
	copyFinal bool         // Renderer.DrawFinalScreen copies the offscreen
	finals    atomic.Int32 // frames DrawFinalScreen drew after DrawLater
	times     []time.Time
	cpu       []time.Duration // process CPU time at each frame
	size      [2]int
	done      chan struct{}
	closed    bool
}

func (run *fpsRun) frame(screen *ebiten.Image) {
	if run.closed {
		return
	}
	if run.later {
		run.r.DrawLater(screen, run.f)
	} else {
		run.r.Draw(screen, run.f)
	}
	b := screen.Bounds()
	run.size = [2]int{b.Dx(), b.Dy()}
	run.times = append(run.times, time.Now())
	run.cpu = append(run.cpu, processCPU())
	if len(run.times) >= run.n {
		run.closed = true
		close(run.done)
	}
}

// TestFPS measures the landing scene at the window size (1280×720 under
// xvfb-run -s "-screen 0 1280x720x24"): go test ./render -run FPS -fps 600.
func TestFPS(t *testing.T) {
	if *fpsFrames <= 0 {
		t.Skip("measurement: run with -fps N")
	}
	needDisplay(t)
	r := newTestRenderer(t)
	f := landingWithHUD()
	f.HUD.Hidden = !*fpsHUD
	if !*fpsGround {
		f.Ground = nil
	}
	if !*fpsScene {
		f.Bodies, f.Plumes, f.Stars = nil, nil, StarsOff
	}
	run := &fpsRun{r: r, f: f, n: *fpsFrames + 60, later: *fpsLater, copyFinal: *fpsCopyFinal, done: make(chan struct{})}
	ebiten.SetVsyncEnabled(false)
	ebiten.SetWindowSize(1280, 720)
	theHarness.fps.Store(run)
	<-run.done
	theHarness.fps.Store(nil)
	ts := run.times[60:] // drop warm-up
	dts := make([]float64, 0, len(ts)-1)
	for i := 1; i < len(ts); i++ {
		dts = append(dts, ts[i].Sub(ts[i-1]).Seconds())
	}
	slices.Sort(dts)
	med := dts[len(dts)/2]
	mean := ts[len(ts)-1].Sub(ts[0]).Seconds() / float64(len(ts)-1)
	t.Logf("frame time deciles (ms): %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f %.1f", dts[len(dts)/10]*1e3, dts[len(dts)*2/10]*1e3, dts[len(dts)*3/10]*1e3,
		dts[len(dts)*4/10]*1e3, dts[len(dts)*5/10]*1e3, dts[len(dts)*6/10]*1e3, dts[len(dts)*7/10]*1e3, dts[len(dts)*8/10]*1e3, dts[len(dts)*9/10]*1e3)
	cpu := (run.cpu[len(run.cpu)-1] - run.cpu[60]).Seconds() / float64(len(ts)-1)
	t.Logf("screen %dx%d, %d frames, %d scene triangles: median frame %.2f ms (%.1f FPS), mean %.2f ms (%.1f FPS), p95 %.2f ms; process CPU %.2f ms/frame",
		run.size[0], run.size[1], len(ts), r.Triangles(), med*1e3, 1/med, mean*1e3, 1/mean, dts[len(dts)*95/100]*1e3, cpu*1e3)
}

// finalScreen draws the window in the harness's DrawFinalScreen.
func (run *fpsRun) finalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	if !run.later && !run.copyFinal {
		ebiten.DefaultDrawFinalScreen(screen, offscreen, geoM)
		return
	}
	pending := run.r.pendingSet
	run.r.DrawFinalScreen(screen, offscreen, geoM)
	if pending && !run.r.pendingSet && run.r.Triangles() > 0 {
		run.finals.Add(1)
	}
}

// TestDrawLaterPresents runs DrawLater and DrawFinalScreen through Ebiten's
// loop on the real window: every frame must reach DrawFinalScreen (Ebiten
// skips presenting frames whose offscreen was not drawn on) and draw the
// scene there.
func TestDrawLaterPresents(t *testing.T) {
	needDisplay(t)
	r := newTestRenderer(t)
	const n = 20
	run := &fpsRun{r: r, f: landingScene(), n: n, later: true, done: make(chan struct{})}
	theHarness.fps.Store(run)
	defer theHarness.fps.Store(nil)
	select {
	case <-run.done:
	case <-time.After(20 * time.Second):
		t.Fatalf("%d frames drawn in 20 s", len(run.times))
	}
	// The last frame's DrawFinalScreen may still be running.
	if got := run.finals.Load(); got < n-1 {
		t.Errorf("DrawFinalScreen drew %d of %d frames", got, n-1)
	}
}
