package render

import (
	"errors"
	"flag"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// Rendering tests need a display (run them under xvfb-run). Ebiten's
// RunGame must run on the main thread, which is TestMain's: TestMain runs the
// tests in a goroutine and serves their draw requests from the harness's
// Draw. Without a display the rendering tests skip, or fail when CI=true.

var (
	update = flag.Bool("update", false, "rewrite golden images in testdata/")
	pngDir = flag.String("pngdir", "", "also write every rendered image to this directory")
)

// drawRequest asks the harness to draw into a w×h image and return its pixels.
type drawRequest struct {
	w, h  int
	draw  func(dst *ebiten.Image)
	reply chan *image.RGBA
}

type harness struct {
	fps  atomic.Pointer[fpsRun] // when set, Draw renders this scene on the screen
	reqs chan drawRequest
	done chan struct{} // closed when the tests have finished
	dead chan struct{} // closed when RunGame has returned
	err  error         // why RunGame returned, valid after dead is closed
}

var theHarness *harness

// loopLock is held by the harness while it updates or draws; a test holds it
// to stop the game loop, e.g. to count only its own allocations.
var loopLock sync.Mutex

func (h *harness) Update() error {
	loopLock.Lock()
	defer loopLock.Unlock()
	select {
	case <-h.done:
		return ebiten.Termination
	default:
		return nil
	}
}

func (h *harness) Draw(screen *ebiten.Image) {
	loopLock.Lock()
	defer loopLock.Unlock()
	if run := h.fps.Load(); run != nil {
		run.frame(screen)
	}
	for {
		select {
		case req := <-h.reqs:
			img := ebiten.NewImage(req.w, req.h)
			req.draw(img)
			px := image.NewRGBA(image.Rect(0, 0, req.w, req.h))
			img.ReadPixels(px.Pix)
			img.Deallocate()
			req.reply <- px
		default:
			return
		}
	}
}

// DrawFinalScreen copies the offscreen to the window like the game does.
func (h *harness) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	if run := h.fps.Load(); run != nil {
		run.finalScreen(screen, offscreen, geoM)
		return
	}
	ebiten.DefaultDrawFinalScreen(screen, offscreen, geoM)
}

func (h *harness) Layout(w, hh int) (int, int) {
	if h.fps.Load() != nil {
		return w, hh
	}
	return 320, 180
}

func TestMain(m *testing.M) {
	flag.Parse()
	if os.Getenv("DISPLAY") == "" {
		os.Exit(m.Run())
	}
	theHarness = &harness{reqs: make(chan drawRequest), done: make(chan struct{}), dead: make(chan struct{})}
	code := make(chan int, 1)
	go func() {
		c := m.Run()
		close(theHarness.done)
		code <- c
	}()
	ebiten.SetWindowSize(320, 180)
	ebiten.SetWindowTitle("render tests")
	ebiten.SetTPS(240)
	theHarness.err = ebiten.RunGame(theHarness)
	close(theHarness.dead)
	os.Exit(<-code)
}

// needDisplay skips the test without a display, or fails it when CI=true.
func needDisplay(t *testing.T) {
	t.Helper()
	if theHarness != nil {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no display: DISPLAY is empty (run under xvfb-run)")
	}
	t.Skip("no display: DISPLAY is empty (run under xvfb-run)")
}

// render draws with draw into a w×h image on the Ebiten thread and returns
// its pixels.
func render(t *testing.T, w, h int, draw func(dst *ebiten.Image)) *image.RGBA {
	t.Helper()
	needDisplay(t)
	req := drawRequest{w: w, h: h, draw: draw, reply: make(chan *image.RGBA, 1)}
	select {
	case theHarness.reqs <- req:
	case <-theHarness.dead:
		failNoDisplay(t, theHarness.err)
	}
	select {
	case img := <-req.reply:
		if *pngDir != "" {
			savePNG(t, filepath.Join(*pngDir, t.Name()+".png"), img)
		}
		return img
	case <-theHarness.dead:
		failNoDisplay(t, theHarness.err)
	}
	return nil
}

func failNoDisplay(t *testing.T, err error) {
	t.Helper()
	if err == nil {
		err = errors.New("the game loop ended")
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("no display: %v", err)
	}
	t.Skipf("no display: %v", err)
}

func savePNG(t *testing.T, path string, img image.Image) {
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

// newTestRenderer returns a new Renderer, failing tb if it cannot be made.
func newTestRenderer(tb testing.TB) *Renderer {
	tb.Helper()
	r, err := NewRenderer()
	if err != nil {
		tb.Fatal(err)
	}
	return r
}
