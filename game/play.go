package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"spaceflight/physics/geom"
	"spaceflight/render"
)

// Window size at start; the window is resizable.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// Options are the settings `spaceflight` is started with.
type Options struct {
	Dt               float64 // physics step, s
	ScreenshotPath   string  // when set: render ScreenshotFrames frames, write this PNG, exit
	ScreenshotFrames int
}

// ErrNoDisplay is returned by Play when there is no display to open a
// window on.
var ErrNoDisplay = errors.New("no display (DISPLAY is not set): run `xvfb-run make play`, or fly headless with `spaceflight sim tumble`")

// Play opens the window and runs the game until the player quits.
func Play(opts Options) error {
	if !(opts.Dt > 0 && opts.Dt <= 0.1) {
		return fmt.Errorf("--dt %g: need 0 < dt ≤ 0.1 s", opts.Dt)
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	app, err := newApp(opts)
	if err != nil {
		return err
	}
	ebiten.SetWindowTitle("spaceflight")
	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(int(1/opts.Dt + 0.5))
	if err := ebiten.RunGame(app); err != nil {
		if strings.Contains(err.Error(), "open display") {
			return fmt.Errorf("%w (%v)", ErrNoDisplay, err)
		}
		return err
	}
	return app.exitErr
}

// app is the ebiten.Game: it turns devices into commands, steps the flight
// once per Update and hands the renderer a frame description in Draw.
type app struct {
	opts     Options
	flight   *Flight
	input    keyboard
	renderer *render.Renderer
	craft    *render.Mesh

	paused   bool
	cmds     []Command // reused every tick
	frame    render.Frame
	bodies   [1]render.Body
	messages []message

	frames      int  // frames drawn
	shotPending bool // F12 pressed: save the next drawn frame
	quit        bool
	exitErr     error
}

type message struct {
	text  string
	until time.Time
}

func newApp(opts Options) (*app, error) {
	r, err := render.NewRenderer()
	if err != nil {
		return nil, err
	}
	a := &app{opts: opts, renderer: r}
	a.restart()
	a.craft, err = boxMesh(a.flight.Setup.Size.Mul(0.5))
	if err != nil {
		return nil, err
	}
	return a, nil
}

func (a *app) restart() {
	a.flight = NewFlight(DefaultTumble(), a.opts.Dt)
	a.input = keyboard{}
}

// boxMesh is the tumbling box with each pair of opposite faces in its own
// colour, like a die, so that the flip reads at a glance: the broad ±z faces
// gold, the ±x ends red, the ±y edges blue-grey.
func boxMesh(half mgl64.Vec3) (*render.Mesh, error) {
	p := geom.Box(half)
	loops := make([][]int32, len(p.Faces))
	colors := make([]color.Color, len(p.Faces))
	for i, f := range p.Faces {
		loops[i] = f.Verts
		switch {
		case f.Normal[2] != 0:
			colors[i] = color.RGBA{215, 170, 55, 255}
		case f.Normal[0] != 0:
			colors[i] = color.RGBA{200, 70, 50, 255}
		default:
			colors[i] = color.RGBA{120, 140, 175, 255}
		}
	}
	m := &render.Mesh{}
	return m, m.AddConvexColors(p.Verts, loops, colors)
}

// Update runs one fixed tick: read devices into commands, act on one-shot
// commands, step the physics.
func (a *app) Update() error {
	if a.quit || inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF12) {
		a.shotPending = true
	}
	a.cmds = a.input.poll(a.cmds[:0], a.flight.Tick)
	for _, c := range a.cmds {
		switch c.Kind {
		case KindPause:
			a.paused = !a.paused
		case KindRestart:
			a.restart()
			a.paused = false
			return nil
		}
	}
	if !a.paused {
		a.flight.Step(a.cmds)
	}
	return nil
}

// Draw describes the current state to the renderer. It changes no game
// state; it only writes screenshot files when asked to.
func (a *app) Draw(screen *ebiten.Image) {
	f := a.flight
	b := f.World.Body(f.Craft)
	a.bodies[0] = render.Body{Mesh: a.craft, Pos: b.Position(), Orient: b.Orientation()}
	eye := b.Position().Add(mgl64.Vec3{0, 3.5, 12})
	roll, pitch, yaw := f.BodyRates()
	a.frame = render.Frame{
		View:   render.View{Pos: eye, Orient: render.LookAt(eye, b.Position(), mgl64.Vec3{0, 1, 0})},
		Bodies: a.bodies[:],
		HUD: render.HUD{
			RollRate: roll, PitchRate: pitch, YawRate: yaw,
			Omega:    b.AngularVelocity().Len(),
			AngMom:   f.World.AngularMomentum().Len(),
			Energy:   f.World.KineticEnergy(),
			Messages: a.hudMessages(),
		},
	}
	switch {
	case f.Err != nil:
		a.frame.HUD.Banner = "SIMULATION STOPPED"
	case a.paused:
		a.frame.HUD.Banner = "PAUSED"
	}
	a.renderer.Draw(screen, &a.frame)
	a.frames++

	if a.opts.ScreenshotPath != "" && a.frames >= a.opts.ScreenshotFrames && !a.quit {
		a.exitErr = a.saveScreenshot(screen, a.opts.ScreenshotPath)
		a.quit = true
	}
	if a.shotPending {
		a.shotPending = false
		path := filepath.Join(DataDir(), "screenshots", time.Now().Format("spaceflight-20060102-150405.000.png"))
		if err := a.saveScreenshot(screen, path); err != nil {
			a.say("Screenshot failed: " + err.Error())
		} else {
			a.say("Screenshot saved to " + path)
		}
	}
}

func (a *app) Layout(outsideWidth, outsideHeight int) (int, int) {
	return outsideWidth, outsideHeight
}

// saveScreenshot writes the screen as a PNG, atomically.
func (a *app) saveScreenshot(screen *ebiten.Image, path string) error {
	bounds := screen.Bounds()
	img := image.NewRGBA(bounds)
	screen.ReadPixels(img.Pix)
	// The screen is opaque; make sure the PNG is too.
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// say shows a message in the HUD for a few seconds.
func (a *app) say(s string) {
	a.messages = append(a.messages, message{s, time.Now().Add(6 * time.Second)})
}

func (a *app) hudMessages() []string {
	now := time.Now()
	keep := a.messages[:0]
	for _, m := range a.messages {
		if now.Before(m.until) {
			keep = append(keep, m)
		}
	}
	a.messages = keep
	var out []string
	if a.flight.Err != nil {
		out = append(out, "Diverged: "+a.flight.Err.Error())
	}
	for _, m := range a.messages {
		out = append(out, m.text)
	}
	out = append(out, "W/S pitch  A/D yaw  Q/E roll  P pause  R restart  F12 screenshot  Esc quit")
	return out
}
