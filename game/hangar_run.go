package game

import (
	"flag"
	"fmt"
	"image"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"spaceflight/assets"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// hangarWindow is `spaceflight hangar` as an ebiten.Game: it turns keys
// into HangarInput, updates the Hangar once per tick and draws its frame.
type hangarWindow struct {
	h        *Hangar
	keys     HangarKeys
	renderer *render.Renderer

	shotPath string // --screenshot: write this PNG after frames frames, then quit
	frames   int
	drawn    int
	shot     bool // F12 pressed
	quit     bool
	exitErr  error
}

// RunHangarCommand is `spaceflight hangar CRAFT [flags]`: it parses the
// arguments and runs the hangar in a window until Esc. It returns the exit
// code: 0, 1 when the window or the craft failed, 2 for bad arguments.
func RunHangarCommand(shipped fs.FS, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("hangar", flag.ContinueOnError)
	fl.SetOutput(stderr)
	opts := HangarOptions{Shipped: shipped}
	var shot, quality, hide string
	var frames int
	fl.StringVar(&opts.DataDir, "data", "", "user folder of crafts/ (default ~/.config/spaceflight)")
	fl.Float64Var(&opts.Dt, "dt", flight.DefaultDt, "physics step, s")
	fl.StringVar(&opts.Gravity, "gravity", "moon", "gravity on the stand: moon, earth or none")
	fl.StringVar(&opts.Fire, "fire", "", "start firing `WHAT`: "+strings.Join(FireNames(), ", "))
	fl.BoolVar(&opts.Release, "release", false, "start with the craft released from the stand")
	fl.StringVar(&hide, "hide", "", "overlays to start with off, comma-separated: COM, inertia, thrusters, joints, ports, feet, tanks")
	fl.StringVar(&shot, "screenshot", "", "render `FILE.png` after --frames frames, then exit")
	fl.IntVar(&frames, "frames", 60, "frames (ticks) before --screenshot")
	fl.StringVar(&quality, "quality", "", "graphics quality: high, low or auto (default: settings.toml's)")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight hangar CRAFT [flags]   (CRAFT: a library name or a .toml path)")
		fl.PrintDefaults()
	}
	// The craft may come before or after the flags.
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		opts.Craft, args = args[0], args[1:]
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if opts.Craft == "" && fl.NArg() == 1 {
		opts.Craft = fl.Arg(0)
	} else if fl.NArg() > 0 || opts.Craft == "" {
		fl.Usage()
		return 2
	}
	if hide != "" {
		opts.Hide = strings.Split(hide, ",")
	}
	if err := RunHangar(opts, shot, frames, quality); err != nil {
		fmt.Fprintln(stderr, "spaceflight hangar:", err)
		return 1
	}
	return 0
}

// RunHangar opens the hangar in a window. With shotPath it draws frames
// frames (one tick each), writes the last as a PNG and returns.
func RunHangar(opts HangarOptions, shotPath string, frames int, quality string) error {
	if !(opts.Dt > 0 && opts.Dt <= 0.1) {
		return fmt.Errorf("--dt %g: need 0 < dt ≤ 0.1 s", opts.Dt)
	}
	h, err := NewHangar(opts) // a craft's errors before the display's
	if err != nil {
		return err
	}
	if os.Getenv("DISPLAY") == "" && os.Getenv("WAYLAND_DISPLAY") == "" {
		return ErrNoDisplay
	}
	r, err := render.NewRenderer()
	if err != nil {
		return err
	}
	win := &hangarWindow{h: h, renderer: r, shotPath: shotPath, frames: frames}
	if quality == "" {
		s, _ := LoadSettings(filepath.Join(storage.ConfigDir(), "settings.toml")) // the defaults on errors
		quality = s.Quality
	}
	if h.Quality, err = pickQuality(quality); err != nil {
		return err
	}
	ebiten.SetWindowTitle("spaceflight hangar — " + h.spec.Name)
	if icon, err := assets.Icon(); err == nil {
		ebiten.SetWindowIcon([]image.Image{icon})
	}
	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(int(math.Round(1 / opts.Dt)))
	if shotPath != "" {
		ebiten.SetTPS(ebiten.SyncWithFPS) // one tick per frame: the picture is the same on any machine
		ebiten.SetVsyncEnabled(false)
	}
	if err := ebiten.RunGame(win); err != nil {
		if strings.Contains(err.Error(), "open display") {
			return fmt.Errorf("%w (%v)", ErrNoDisplay, err)
		}
		return err
	}
	return win.exitErr
}

// Update reads the keys and runs one hangar tick.
func (g *hangarWindow) Update() error {
	if g.quit || inpututil.IsKeyJustPressed(ebiten.KeyEscape) {
		return ebiten.Termination
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyF12) {
		g.shot = true
	}
	var in HangarInput
	if g.shotPath == "" { // a scripted run takes no input
		in = g.keys.Read()
	}
	g.h.Update(in)
	return nil
}

// HangarKeys turns the keyboard and mouse into HangarInput: 1–7 overlays,
// G gravity, F and Shift+F what to fire, Space fire, Enter release, arrows
// or a left drag orbit, the wheel zooms. A shell that hosts the hangar
// keeps one and calls Read once per tick (Esc and F12 are the host's).
type HangarKeys struct {
	cursor [2]int // mouse position at the last Read
}

// Read returns this tick's input.
func (k *HangarKeys) Read() HangarInput {
	var in HangarInput
	for i := range in.Toggle {
		in.Toggle[i] = inpututil.IsKeyJustPressed(ebiten.Key1 + ebiten.Key(i))
	}
	shift := ebiten.IsKeyPressed(ebiten.KeyShift)
	in.Gravity = inpututil.IsKeyJustPressed(ebiten.KeyG)
	in.NextFire = inpututil.IsKeyJustPressed(ebiten.KeyF) && !shift
	in.PrevFire = inpututil.IsKeyJustPressed(ebiten.KeyF) && shift
	in.Fire = inpututil.IsKeyJustPressed(ebiten.KeySpace)
	in.Release = inpututil.IsKeyJustPressed(ebiten.KeyEnter)
	c := &in.Camera
	const turn = 1.5 / 60 // rad per tick with the arrow keys
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) {
		c.Yaw -= turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) {
		c.Yaw += turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowUp) {
		c.Pitch += turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowDown) {
		c.Pitch -= turn
	}
	x, y := ebiten.CursorPosition()
	if ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) && !inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		c.Yaw += float64(x-k.cursor[0]) * 0.005
		c.Pitch -= float64(y-k.cursor[1]) * 0.005
	}
	k.cursor = [2]int{x, y}
	_, c.Zoom = ebiten.Wheel()
	return in
}

// Draw draws the hangar; it writes the screenshot when one is due.
func (g *hangarWindow) Draw(screen *ebiten.Image) {
	fr := g.h.Frame()
	g.drawn++
	due := g.shotPath != "" && g.drawn >= g.frames && !g.quit
	if due || g.shot {
		g.renderer.Draw(screen, fr)
	} else {
		g.renderer.DrawLater(screen, fr)
	}
	if due {
		g.exitErr = saveScreenshot(screen, g.shotPath)
		g.quit = true
	}
	if g.shot {
		g.shot = false
		path := filepath.Join(storage.DataDir(), "screenshots", time.Now().Format("hangar-20060102-150405.000.png"))
		if err := saveScreenshot(screen, path); err != nil {
			g.h.say("Screenshot failed: " + err.Error())
		} else {
			g.h.say("Screenshot saved to " + path)
		}
	}
}

// DrawFinalScreen puts the frame on the window (ebiten.FinalScreenDrawer).
func (g *hangarWindow) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	g.renderer.DrawFinalScreen(screen, offscreen, geoM)
}

func (g *hangarWindow) Layout(w, h int) (int, int) { return w, h }
