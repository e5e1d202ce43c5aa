package game

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"io/fs"
	"log"
	"os"
	"path/filepath"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// Window size at start; the window is resizable.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// Options are the settings `spaceflight` is started with.
type Options struct {
	Dt             float64 // physics step, s
	Mission        string  // library name or .toml path; "" = flight.DefaultMission
	Shipped        fs.FS   // the game's own crafts/ and missions/ (main passes the embedded data)
	DataDir        string  // user folder of crafts/ and missions/; "" = craft.UserDir()
	Autopilot      bool    // start with the mission's autopilot flying
	Mute           bool    // no sound
	Replay         string  // play this replay (a file or a link) instead of taking the controls
	Ghost          string  // race this replay (a file or a link): it flies beside the player's flight
	AllowChanged   bool    // play flight.Replay even if its files changed since it was recorded
	ScreenshotPath string  // when set: render Frames frames, write this PNG, exit
	Frames         int     // frames to draw before the screenshot or the benchmark's end
	Warp           int     // initial time warp (ticks per frame), 1…64
	Debug          bool    // start with the F3 physics overlay on
	Camera         string  // camera at start: "chase", "orbit", "docking" or "free"; "" = the mission's
	Quality        string  // graphics quality "high", "low" or "auto"; "" = settings.toml's
	// Screen opens the run on this screen (screenNames) instead of the
	// first scene, e.g. for a screenshot of the briefing card; "" = as usual.
	Screen string
	// Hangar opens the run on the hangar with this craft on the stand
	// (`spaceflight hangar CRAFT`); nil = as usual.
	Hangar *HangarOptions
	// Benchmark: draw Frames frames with vsync off, then exit and write a
	// BenchmarkResult as one JSON line to BenchmarkOut.
	Benchmark    bool
	BenchmarkOut io.Writer
}

// HangarOptions are what `spaceflight hangar CRAFT` opens the hangar with.
type HangarOptions struct {
	Craft   string // library name or .toml path
	Gravity string // "moon" (default), "earth" or "none"
	Fire    string // start firing this (flight.FireNames); "" = nothing
	Release bool   // start released
	// Hide lists overlays to start with off (by name: "COM", "inertia", …).
	Hide []string
	// Select names a part, thruster or joint to start with selected in the
	// editor, and Mode its mode (move, turn, size); "" none.
	Select, Mode string
}

// ErrScreenshot marks a --screenshot that could not be written: its path
// names no regular file (a device, a folder), or the write failed.
// The command exits 3 for it, as sim does for its outputs.
var ErrScreenshot = errors.New("--screenshot not written")

// app is the ebiten.Game: a small shell around the scene being shown. It
// reads the devices once per frame (input), runs the scene's Update, and
// in Draw renders the frame the scene describes. What every scene shares —
// the library, settings, scores, sound, messages — lives here; what a
// scene needs of its own it owns (see Scene).
type app struct {
	opts     Options
	lib      *craft.Library
	settings Settings
	// fileMute is settings.toml's mute, kept when --mute silences one run;
	// muteSet: the player has switched mute since (M or the settings page).
	fileMute, muteSet bool
	ghostHidden       bool  // the player hid the ghost (V)
	race              *race // the replay raced as a ghost (--ghost); nil for none
	navSwap           bool  // the navball shows the other of its two frames (B)
	scores            *Scores
	renderer          *render.Renderer
	sound             soundOut
	in                *input
	scene             Scene

	toasts     toasts
	tick       uint64 // Updates so far: the clock of messages and file polling
	debug      bool
	quality    render.Quality
	glRenderer string // GL_RENDERER, when it could be read

	clock   frameClock // --benchmark: when each frame was drawn
	size    [2]int     // window size at the last frame (px)
	screen  [2]int     // the screen's size as Layout last gave it (px), for the cameras' safe area
	capture *capture   // a screenshot Update asked of the next Draw; nil for none
	quit    bool
	exitErr error
}

// capture is a screenshot: Update asks for it, the next Draw reads the
// frame it draws into img, and the Update after writes the file.
type capture struct {
	path string // where it goes; "" = a new file in DataDir/screenshots (F12)
	exit bool   // the run ends once it is written (--screenshot)
	img  *image.RGBA
}

func newApp(opts Options) (*app, error) {
	r, err := render.NewRenderer()
	if err != nil {
		return nil, err
	}
	a := &app{opts: opts, renderer: r, lib: library(opts), debug: opts.Debug}
	if !a.scripted() {
		// Leftovers of saves that were killed mid-write.
		for _, dir := range []string{storage.ConfigDir(), storage.DataDir(), filepath.Join(storage.DataDir(), "replays"), filepath.Join(storage.DataDir(), "screenshots")} {
			if _, err := storage.RemoveStaleTemps(dir); err != nil {
				a.say("Could not clear unfinished saves: " + err.Error())
			}
		}
	}
	file := settingsPath()
	a.settings, err = LoadSettings(file)
	if err != nil {
		a.say(err.Error())
	} else if _, serr := os.Stat(file); errors.Is(serr, os.ErrNotExist) && !a.scripted() {
		// First start: leave a commented file with the defaults to edit.
		if err := a.settings.Save(file); err == nil {
			a.say("Settings (keys, buttons, volumes): " + file)
		}
	}
	a.fileMute = a.settings.Mute
	if opts.Mute {
		a.settings.Mute = true // this run only: saved settings keep the file's
	}
	a.in = newInput(&a.settings)
	if err := a.chooseQuality(); err != nil {
		return nil, err
	}
	if a.scores, err = LoadScores(filepath.Join(storage.DataDir(), "scores.json")); err != nil {
		a.warn(err.Error())
	}
	player, err := audio.NewPlayer(audio.PlayerOptions{Seed: 1, Settings: a.audioSettings(), Logf: log.Printf})
	if err != nil {
		return nil, err
	}
	a.sound = player
	return a, nil
}

// scripted reports whether this run plays itself: a --screenshot or
// --benchmark run writes and moves nothing but its image or figures.
func (a *app) scripted() bool { return a.opts.ScreenshotPath != "" || a.opts.Benchmark }

// soundOut is where the game's sound goes: an *audio.Player.
type soundOut interface {
	Push(in *audio.Input)
	SetSettings(s audio.Settings)
	Close() error
	Err() error   // why there is no sound, if there is none
	Silent() bool // waiting for the browser's first gesture before it may play
}

func (a *app) audioSettings() *audio.Settings {
	return &audio.Settings{Master: a.settings.Master, Effects: a.settings.Effects, Mute: a.settings.Mute}
}

func (a *app) close() {
	if a.sound != nil {
		a.sound.Close()
	}
}

// Update runs one frame of game logic: a screenshot the last Draw took
// is written, the devices are read once, then the scene runs and says
// which scene comes next. Every decision is taken here — to quit, to take
// a screenshot — and Draw only draws.
func (a *app) Update() error {
	if c := a.capture; c != nil && c.img != nil {
		a.capture = nil
		a.writeCapture(c)
	}
	if a.quit || a.opts.Benchmark && len(a.clock.times) >= a.opts.Frames {
		return ebiten.Termination
	}
	a.tick++
	a.in.poll()
	if a.in.just(ActScreenshot) && a.capture == nil {
		a.capture = &capture{}
	}
	if a.opts.ScreenshotPath != "" && a.tick >= uint64(max(a.opts.Frames, 1)) {
		// One Update per frame (SyncWithFPS): this Update's frame is
		// frame Frames, the one the screenshot shows.
		a.capture = &capture{path: a.opts.ScreenshotPath, exit: true}
	}
	if a.in.just(ActDebug) {
		a.debug = !a.debug
	}
	if a.in.just(ActMute) {
		a.settings.Mute, a.muteSet = !a.settings.Mute, true
		a.sound.SetSettings(*a.audioSettings())
	}
	next, err := a.scene.Update(a)
	if err != nil {
		return err
	}
	a.scene = next
	return nil
}

// writeCapture writes a screenshot Draw took: --screenshot's, which ends
// the run, or F12's, into DataDir/screenshots with a message.
func (a *app) writeCapture(c *capture) {
	if c.exit {
		if err := savePNG(c.img, c.path); err != nil {
			a.exitErr = fmt.Errorf("%w: %w", ErrScreenshot, err)
		}
		a.quit = true
		return
	}
	path := filepath.Join(storage.DataDir(), "screenshots", time.Now().Format("spaceflight-20060102-150405.000.png")) // a file name, not game state
	if err := savePNG(c.img, path); err != nil {
		a.say("Screenshot failed: " + err.Error())
	} else {
		a.say("Screenshot saved to " + path)
	}
}

// warn shows a message in the HUD and writes it to stderr too: for what
// the player must not miss (scores that could not be read or saved).
func (a *app) warn(s string) {
	a.say(s)
	log.Print(s)
}

// sayErrors shows the first errors of a broken file in the HUD.
func (a *app) sayErrors(err error) {
	for _, l := range errorLines(err, maxMessages) {
		a.say(l)
	}
}

// missionRef is the name (or path) a replay records for the mission flown.
func missionRef(ref string) string {
	if ref != "" {
		return ref
	}
	return flight.DefaultMission
}

// chooseQuality sets the graphics quality from --quality, else the
// settings; "auto" is low on a software GL renderer (Mesa's llvmpipe),
// where lighting every pixel costs frames, and high otherwise.
func (a *app) chooseQuality() error {
	q := a.opts.Quality
	if q == "" {
		q = a.settings.Quality
	}
	if name, err := render.GLRenderer(); err == nil {
		a.glRenderer = name
	}
	var err error
	a.quality, err = pickQuality(q)
	return err
}

// pickQuality turns a quality setting (settings.toml, --quality) into the
// renderer's: "auto" or "" is low on a software GL renderer (llvmpipe),
// high otherwise.
func pickQuality(q string) (render.Quality, error) {
	switch q {
	case QualityHigh:
		return render.QualityHigh, nil
	case QualityLow:
		return render.QualityLow, nil
	case QualityAuto, "":
		if name, err := render.GLRenderer(); err == nil && render.IsSoftwareRenderer(name) {
			return render.QualityLow, nil
		}
		return render.QualityHigh, nil
	}
	return 0, fmt.Errorf("--quality %q: want high, low or auto", q)
}

// Draw renders the frame the scene describes. It decides nothing and
// changes no game state: it reads the frame into the screenshot Update
// asked for, and times the frame for --benchmark.
func (a *app) Draw(screen *ebiten.Image) {
	frame := a.scene.Frame(a)
	frame.HUD.Messages = a.toasts.lines(a.tick, frame.HUD.Messages)
	// A frame is drawn straight onto the window in DrawFinalScreen, which
	// spares Ebiten's full-screen copy of its offscreen; a frame that becomes
	// a screenshot is drawn into the offscreen, where it can be read back.
	if c := a.capture; c != nil && c.img == nil {
		a.renderer.Draw(screen, frame)
		c.img = image.NewRGBA(screen.Bounds())
		screen.ReadPixels(c.img.Pix)
	} else {
		a.renderer.DrawLater(screen, frame)
	}
	if a.opts.Benchmark && len(a.clock.times) < a.opts.Frames {
		a.clock.tick(time.Now(), processCPU())
		b := screen.Bounds()
		a.size = [2]int{b.Dx(), b.Dy()}
	}
}

// DrawFinalScreen puts the frame on the window (ebiten.FinalScreenDrawer).
func (a *app) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	a.renderer.DrawFinalScreen(screen, offscreen, geoM)
}

func (a *app) Layout(outsideWidth, outsideHeight int) (int, int) {
	a.screen = [2]int{outsideWidth, outsideHeight}
	return outsideWidth, outsideHeight
}

// savePNG writes a screenshot as a PNG, atomically. The screen is
// opaque; so is the PNG.
func savePNG(img *image.RGBA, path string) error {
	for i := 3; i < len(img.Pix); i += 4 {
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return storage.WriteFileAtomic(path, buf.Bytes())
}

// library is the craft library: the shipped files under the player's own
// crafts/ and missions/ in ConfigDir (or --data DIR), read through the
// platform's Storage — the OS's folder on the desktop, localStorage in a
// browser.
func library(opts Options) *craft.Library {
	if opts.DataDir != "" {
		return craft.DefaultLibrary(opts.Shipped, opts.DataDir)
	}
	dir := storage.ConfigDir()
	return craft.NewLibrary(craft.Shipped(opts.Shipped), craft.Layer{Name: dir, FS: storage.FS(dir), Dir: dir})
}

// settingsPath is settings.toml in ConfigDir.
func settingsPath() string { return filepath.Join(storage.ConfigDir(), "settings.toml") }

// Scene is one screen of the game, as in Ebiten's `blocks` example: the
// mission menu, a briefing, a flight, the pause menu, the results, the
// settings, the help overlay. Each owns its state.
//
// Update runs one frame of the scene's logic on the frame's input reading
// (app.in) and returns the scene to show next: itself to stay, or a new
// one built with what this one hands it (the flight in progress, the scene
// to go back to). Frame describes the scene to the renderer; it changes
// nothing.
type Scene interface {
	Update(a *app) (Scene, error)
	Frame(a *app) *render.Frame
}

// say shows a message in the HUD for a few seconds, cut to
// maxShownLine characters. A message already showing is kept in place,
// with its time renewed, not repeated.
func (a *app) say(s string) {
	a.toasts.add(clipLine(s), a.tick+messageTicks)
}

// saveSettings keeps text as settings.toml and returns what it gets wrong:
// as on the desktop, a wrong key keeps its default and the others are
// taken, when the game next starts.
func saveSettings(text string) ([]string, error) {
	if err := storage.WriteFileAtomic(settingsPath(), []byte(text)); err != nil {
		return nil, err
	}
	if _, err := ParseSettings(settingsPath(), []byte(text)); err != nil {
		return errorLines(err, maxShownErrors), nil
	}
	return nil, nil
}

// race is the replay the player races, and the mission it is raced in.
type race struct {
	ref     string // the replay as named: a file or a link
	replay  *flight.Replay
	mission string // the mission's reference, as a sortie names it
}
