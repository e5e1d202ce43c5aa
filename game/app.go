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
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"spaceflight/assets"
	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/render"
)

// Window size at start; the window is resizable.
const (
	ScreenWidth  = 1280
	ScreenHeight = 720
)

// DefaultMission is the mission the game starts on.
const DefaultMission = "tumble"

// maxWarp is the largest time warp: ticks per Update.
const maxWarp = 64

// Options are the settings `spaceflight` is started with.
type Options struct {
	Dt             float64 // physics step, s
	Mission        string  // library name or .toml path; "" = DefaultMission
	Shipped        fs.FS   // the game's own crafts/ and missions/ (main passes the embedded data)
	DataDir        string  // user folder of crafts/ and missions/; "" = craft.UserDir()
	Autopilot      bool    // start with the mission's autopilot flying
	Mute           bool    // no sound
	Replay         string  // play this replay file instead of taking the controls
	AllowChanged   bool    // play Replay even if its files changed since it was recorded
	ScreenshotPath string  // when set: render Frames frames, write this PNG, exit
	Frames         int     // frames to draw before the screenshot or the benchmark's end
	Warp           int     // initial time warp (ticks per frame), 1…64
	Debug          bool    // start with the F3 physics overlay on
	Camera         string  // camera at start: "chase", "orbit", "docking" or "free"; "" = the mission's
	Quality        string  // graphics quality "high", "low" or "auto"; "" = settings.toml's
	// Benchmark: draw Frames frames with vsync off, then exit and write a
	// BenchmarkResult as one JSON line to BenchmarkOut.
	Benchmark    bool
	BenchmarkOut io.Writer
}

// ErrNoDisplay is returned by Play when there is no display to open a
// window on.
var ErrNoDisplay = errors.New("no display (DISPLAY is not set): run `xvfb-run make play`, or fly headless with `spaceflight sim tumble`")

// Play opens the window and runs the game until the player quits.
func Play(opts Options) error {
	if !(opts.Dt > 0 && opts.Dt <= 0.1) {
		return fmt.Errorf("--dt %g: need 0 < dt ≤ 0.1 s", opts.Dt)
	}
	if !hasDisplay() {
		return ErrNoDisplay
	}
	a, err := newApp(opts)
	if err != nil {
		return err
	}
	defer a.close()
	ebiten.SetWindowTitle("spaceflight")
	if icon, err := assets.Icon(); err == nil {
		ebiten.SetWindowIcon([]image.Image{icon})
	}
	ebiten.SetWindowSize(ScreenWidth, ScreenHeight)
	ebiten.SetWindowResizingMode(ebiten.WindowResizingModeEnabled)
	ebiten.SetTPS(int(math.Round(1 / opts.Dt)))
	if opts.ScreenshotPath != "" {
		// One Update per frame: frame N shows tick N·warp exactly, whatever
		// the machine's speed, so a screenshot is the same every time; and
		// as fast as the machine draws.
		ebiten.SetTPS(ebiten.SyncWithFPS)
		ebiten.SetVsyncEnabled(false)
	}
	if opts.Benchmark {
		ebiten.SetVsyncEnabled(false) // as fast as the machine draws, not the display's rate
	}
	if err := ebiten.RunGame(withPage(a)); err != nil {
		if strings.Contains(err.Error(), "open display") {
			return fmt.Errorf("%w (%v)", ErrNoDisplay, err)
		}
		return err
	}
	if a.exitErr == nil && opts.Benchmark && opts.BenchmarkOut != nil {
		return a.benchmarkResult().write(opts.BenchmarkOut)
	}
	return a.exitErr
}

// benchmarkResult sums up the frames a --benchmark run drew.
func (a *app) benchmarkResult() *BenchmarkResult {
	r := &BenchmarkResult{Mission: a.missionRef(), Quality: a.quality.String(), Renderer: a.glRenderer,
		Width: a.size[0], Height: a.size[1], Triangles: a.renderer.Triangles()}
	a.clock.summary(r)
	return r
}

// scene is what the window shows.
type scene uint8

const (
	sceneFlight  scene = iota
	scenePause         // pause menu over the frozen flight
	sceneMenu          // mission select
	sceneResults       // the mission's outcome
)

// app is the ebiten.Game: it turns devices into commands, steps the flight
// once per tick and hands the renderer a frame description in Draw.
type app struct {
	opts     Options
	lib      *craft.Library
	settings Settings
	scores   *Scores
	renderer *render.Renderer
	camera   *render.Camera
	sound    *audio.Player
	sounder  sounder
	in       *input

	watch  *craft.Watcher[*craft.Mission]
	files  map[string]string // hashes of the files the flight was built from
	flight *Flight
	view   *view
	cmds   []Command // this tick's commands, reused
	record []Command // every flight command so far, for the replay
	next   int       // replay playback: index of the next replay command
	replay *Replay
	scene  scene
	menu   render.Screen
	sel    int
	items  []string // mission names, for the select menu
	debug  bool
	saved  bool // results of this flight saved

	warp        int
	achieved    float64 // time warp actually achieved over the last second
	warpTicks   int
	warpSince   time.Time
	lastPoll    time.Time
	messages    []message
	lines       []string // the HUD's message lines, reused every frame
	frames      int
	clock       frameClock // --benchmark: when each frame was drawn
	quality     render.Quality
	glRenderer  string // GL_RENDERER, when it could be read
	size        [2]int // window size at the last frame (px)
	cursor      [2]int // mouse position at the last drag step
	shotPending bool
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
	a := &app{opts: opts, renderer: r, camera: render.NewCamera(), lib: library(opts), debug: opts.Debug,
		warp: min(max(opts.Warp, 1), maxWarp), achieved: 1, warpSince: time.Now()}
	// A scripted run (--screenshot, --benchmark) writes and moves nothing
	// but its image or figures.
	scripted := opts.ScreenshotPath != "" || opts.Benchmark
	if !scripted {
		// Leftovers of saves that were killed mid-write.
		for _, dir := range []string{ConfigDir(), DataDir(), filepath.Join(DataDir(), "replays"), filepath.Join(DataDir(), "screenshots")} {
			if _, err := RemoveStaleTemps(dir); err != nil {
				a.say("Could not clear unfinished saves: " + err.Error())
			}
		}
	}
	settingsPath := filepath.Join(ConfigDir(), "settings.toml")
	a.settings, err = LoadSettings(settingsPath)
	if err != nil {
		a.say(err.Error())
	} else if _, serr := os.Stat(settingsPath); errors.Is(serr, os.ErrNotExist) && !scripted {
		// First start: leave a commented file with the defaults to edit.
		if err := a.settings.Save(settingsPath); err == nil {
			a.say("Settings (keys, buttons, volumes): " + settingsPath)
		}
	}
	if opts.Mute {
		a.settings.Mute = true
	}
	a.in = newInput(&a.settings)
	if err := a.chooseQuality(); err != nil {
		return nil, err
	}
	if a.scores, err = LoadScores(filepath.Join(DataDir(), "scores.json")); err != nil {
		a.say(err.Error())
	}
	a.sound, err = audio.NewPlayer(audio.PlayerOptions{Seed: 1, Settings: a.audioSettings(), Logf: log.Printf})
	if err != nil {
		return nil, err
	}
	mission := opts.Mission
	if opts.Replay == "" {
		if mission == "" {
			mission = DefaultMission
		}
		if err := a.start(mission); err != nil {
			return nil, err
		}
		return a, nil
	}
	if a.replay, err = LoadReplay(opts.Replay); err != nil {
		return nil, err
	}
	a.opts.Dt = a.replay.Dt
	var w *craft.Watcher[*craft.Mission]
	if mission != "" { // typed by the player: any mission
		w, err = a.lib.WatchMission(mission)
	} else { // named in the replay: in its place only
		mission = a.replay.Mission
		w, err = a.lib.WatchMissionNamedIn(mission, opts.Replay)
		if errors.Is(err, craft.ErrRefused) {
			err = fmt.Errorf("%w\n(to watch it with a mission of your choice: spaceflight replay %q --mission MISSION)", err, opts.Replay)
		}
	}
	if w.Value != nil {
		if err = a.replay.fits(w.Value); err != nil {
			return nil, fmt.Errorf("%s: %w", craft.Printable(opts.Replay), err)
		}
		if ch := a.replay.ChangedFiles(w.Files()); len(ch) > 0 && !opts.AllowChanged {
			return nil, fmt.Errorf("%s was recorded with other versions of %s; add --allow-changed to watch it anyway",
				craft.Printable(opts.Replay), quoteList(ch))
		}
	}
	if err := a.fly(mission, w, err); err != nil {
		return nil, err
	}
	return a, nil
}

func (a *app) audioSettings() *audio.Settings {
	return &audio.Settings{Master: a.settings.Master, Effects: a.settings.Effects, Mute: a.settings.Mute}
}

func (a *app) close() {
	if a.sound != nil {
		a.sound.Close()
	}
}

// start loads a mission and begins flying it.
func (a *app) start(mission string) error {
	w, err := a.lib.WatchMission(mission)
	return a.fly(mission, w, err)
}

// fly begins flying the mission w watches, which loaded with err.
func (a *app) fly(mission string, w *craft.Watcher[*craft.Mission], err error) error {
	if w.Value == nil {
		return fmt.Errorf("mission %q:\n%w", mission, err)
	}
	a.watch = w
	return a.restart()
}

// restart flies the watched mission again from the start, reloading its
// files; a broken file is reported and the last good version flown.
func (a *app) restart() error {
	if !a.watch.Reload() && a.watch.Err != nil {
		a.sayErrors(a.watch.Err)
	}
	f, err := newFlight(a.watch.Value, a.opts.Dt, flightOptions{timings: true})
	if err != nil {
		return err
	}
	v, err := newView(f)
	if err != nil {
		return err
	}
	v.quality = a.quality
	a.flight, a.view = f, v
	a.files = HashFiles(a.watch.Files())
	if a.replay != nil {
		if ch := a.replay.ChangedFiles(a.watch.Files()); len(ch) > 0 {
			a.say("This replay was recorded with other versions of " + quoteList(ch) + ": it may not play back the same")
		}
	}
	a.in.reset()
	a.record, a.next = a.record[:0], 0
	a.sounder = sounder{}
	a.scene, a.saved = sceneFlight, false
	a.camera = newCamera(f.Spec)
	if a.opts.Camera != "" {
		mode, ok := render.ParseCameraMode(a.opts.Camera)
		if !ok {
			return fmt.Errorf("--camera %q: want chase, orbit, docking or free", a.opts.Camera)
		}
		a.camera.Mode = mode
	}
	return nil
}

// sayErrors shows the first errors of a broken file in the HUD.
func (a *app) sayErrors(err error) {
	errs := craft.Errors(err)
	if len(errs) == 0 {
		a.say(err.Error())
		return
	}
	for i, e := range errs {
		if i == maxMessages-1 && len(errs) > maxMessages {
			a.say(fmt.Sprintf("… and %d more (spaceflight check lists them all)", len(errs)-i))
			break
		}
		a.say(e.Error())
	}
}

// Update runs one frame of game logic: `warp` fixed ticks of the flight.
func (a *app) Update() error {
	a.in.poll()
	if a.quit || a.in.just(ActQuit) {
		return ebiten.Termination
	}
	if a.in.just(ActScreenshot) {
		a.shotPending = true
	}
	if a.in.just(ActDebug) {
		a.debug = !a.debug
	}
	if a.in.just(ActMute) {
		a.settings.Mute = !a.settings.Mute
		a.sound.SetSettings(*a.audioSettings())
	}
	a.pollFiles()
	switch a.scene {
	case sceneMenu:
		return a.updateMenu()
	case scenePause, sceneResults:
		return a.updateScreen()
	}
	return a.updateFlight()
}

// pollFiles reloads a changed mission or craft file about once a second; a
// good new version restarts the flight, a broken one is reported.
func (a *app) pollFiles() {
	if time.Since(a.lastPoll) < time.Second || a.replay != nil {
		return
	}
	a.lastPoll = time.Now()
	if !a.watch.Changed() {
		return // quiet: an unchanged broken file is not reported again
	}
	if a.watch.Reload() {
		a.say("Reloaded " + a.watch.Value.File)
		if err := a.restart(); err != nil {
			a.say(err.Error())
		}
	} else if a.watch.Err != nil {
		a.sayErrors(a.watch.Err)
	}
}

func (a *app) updateFlight() error {
	f := a.flight
	if a.in.just(ActPause) {
		a.openPause()
		return nil
	}
	if a.in.just(ActRestart) {
		return a.restart()
	}
	if a.in.just(ActWarpUp) {
		a.warp = min(a.warp*2, maxWarp)
	}
	if a.in.just(ActWarpDown) {
		a.warp = max(a.warp/2, 1)
	}
	camIn := render.CameraInput{Cycle: a.in.just(ActCamera)}
	const turn = 1.5 / 60 // rad per tick with the arrow keys
	if ebiten.IsKeyPressed(ebiten.KeyArrowLeft) {
		camIn.Yaw -= turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowRight) {
		camIn.Yaw += turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowUp) {
		camIn.Pitch += turn
	}
	if ebiten.IsKeyPressed(ebiten.KeyArrowDown) {
		camIn.Pitch -= turn
	}
	if ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) {
		dx, dy := ebiten.CursorPosition()
		px, py := a.lastCursor()
		camIn.Yaw += float64(dx-px) * 0.005
		camIn.Pitch -= float64(dy-py) * 0.005
	}
	_, wy := ebiten.Wheel()
	camIn.Zoom = wy

	for range a.warp {
		if f.Err != nil || a.scene != sceneFlight {
			break
		}
		a.cmds = a.cmds[:0]
		if a.replay != nil {
			a.cmds = dueAt(a.cmds, a.replay.Commands, &a.next, f.Tick)
		} else {
			if f.Tick == 0 && a.opts.Autopilot { // a command, so the replay has it too
				a.cmds = append(a.cmds, Command{Tick: 0, Kind: KindAutopilot})
			}
			a.cmds = a.in.flight(a.cmds, f.Tick, f.Dt)
			a.record = append(a.record, a.cmds...)
		}
		f.Step(a.cmds)
		a.warpTicks++
		if f.Over() {
			a.finish()
		}
	}
	if f.Err != nil {
		a.finish() // once: finish returns at once when the flight is saved
	}
	if d := time.Since(a.warpSince); d >= time.Second {
		a.achieved = float64(a.warpTicks) * f.Dt / d.Seconds()
		a.warpTicks, a.warpSince = 0, time.Now()
	}
	a.camera.Update(1.0/60, f.cameraTarget(), camIn)
	v := a.camera.View()
	right := v.Orient.Rotate(mgl64.Vec3{1, 0, 0})
	a.sound.Push(a.sounder.tick(f, right))
	return nil
}

// lastCursor returns the cursor position of the previous call (the current
// one when a drag just started).
func (a *app) lastCursor() (int, int) {
	x, y := a.cursor[0], a.cursor[1]
	a.cursor[0], a.cursor[1] = ebiten.CursorPosition()
	if inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft) {
		return a.cursor[0], a.cursor[1]
	}
	return x, y
}

// finish records the outcome: best score, replay, and the results page.
func (a *app) finish() {
	if a.saved {
		return
	}
	a.saved = true
	f := a.flight
	name := a.watch.Value.Name
	res := &render.Result{Success: f.Judge.Outcome == Success, Outcome: strings.ToUpper(f.Judge.Outcome.String()), Reason: f.Judge.Reason}
	if f.Err != nil {
		res.Outcome, res.Reason = "SIMULATION STOPPED", f.Err.Error()
	}
	if f.Judge.Grade != "" {
		res.Outcome += " — " + strings.ToUpper(f.Judge.Grade)
	}
	score := f.Judge.Score(f.Player.FuelUsed)
	res.Figures = []render.Figure{
		{Label: "Time", Value: fmt.Sprintf("%.1f s", f.Judge.EndTime)},
		{Label: "Fuel used", Value: fmt.Sprintf("%.2f kg", f.Player.FuelUsed)},
		{Label: "Score", Value: fmt.Sprintf("%.0f", score)},
	}
	if a.replay == nil && a.opts.ScreenshotPath == "" && !a.opts.Benchmark { // screenshot and benchmark runs leave no trace
		stamp := time.Now().Format("20060102-150405")
		path := filepath.Join(DataDir(), "replays", fmt.Sprintf("%s-%s.replay", sanitize(name), stamp))
		rp := &Replay{Format: ReplayFormat, Mission: missionRefFrom(path, a.missionRef()), Dt: f.Dt, Ticks: f.Tick,
			Commands: append([]Command(nil), a.record...), FinalHash: f.StateHash(), Files: a.files}
		rp.Outcome, rp.Reason = verdict(f)
		if err := rp.Save(path); err != nil {
			a.say("Replay not saved: " + err.Error())
		} else {
			res.Figures = append(res.Figures, render.Figure{Label: "Replay", Value: filepath.Base(path)})
			a.say("Replay saved to " + path)
		}
		if score > 0 {
			best := a.scores.Record(name, Score{Score: score, Outcome: f.Judge.Grade, Time: f.Judge.EndTime, Fuel: f.Player.FuelUsed, When: time.Now(), Replay: path})
			if best {
				res.Figures = append(res.Figures, render.Figure{Label: "Best", Value: "new best score!"})
			}
			if err := a.scores.Save(filepath.Join(DataDir(), "scores.json")); err != nil {
				a.say("Scores not saved: " + err.Error())
			}
		}
	}
	if a.replay != nil {
		fig := render.Figure{Label: "Replay", Value: "matches the recording (ticks, outcome, reason, state hash)"}
		if mm := a.replay.Mismatches(f); len(mm) > 0 {
			fig.Value = "differs from the recording: " + mm[0]
		}
		res.Figures = append(res.Figures, fig)
	}
	if b, ok := a.scores.Best[name]; ok {
		res.Figures = append(res.Figures, render.Figure{Label: "Best score", Value: fmt.Sprintf("%.0f", b.Score)})
	}
	a.menu = render.Screen{Title: strings.ToUpper(name), Items: []string{"Fly again", "Missions", "Quit"}, Result: res,
		Hint: "↑/↓ select   Enter choose   Esc quit"}
	a.sel = 0
	a.scene = sceneResults
}

// missionRef is the name (or path) a replay records for the mission flown.
func (a *app) missionRef() string {
	if a.opts.Mission != "" {
		return a.opts.Mission
	}
	return DefaultMission
}

func sanitize(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, s)
}

// chooseQuality sets the graphics quality from --quality, else the
// settings; "auto" is low on a software GL renderer (Mesa's llvmpipe),
// where lighting every pixel costs frames, and high otherwise.
func (a *app) chooseQuality() error {
	q := a.opts.Quality
	if q == "" {
		q = a.settings.Quality
	}
	name, err := render.GLRenderer()
	if err == nil {
		a.glRenderer = name
	}
	switch q {
	case QualityHigh:
		a.quality = render.QualityHigh
	case QualityLow:
		a.quality = render.QualityLow
	case QualityAuto, "":
		a.quality = render.QualityHigh
		if err == nil && render.IsSoftwareRenderer(name) {
			a.quality = render.QualityLow
		}
	default:
		return fmt.Errorf("--quality %q: want high, low or auto", q)
	}
	return nil
}

// qualityItem is the pause menu's graphics line.
func (a *app) qualityItem() string {
	return "Graphics: " + strings.ToUpper(a.quality.String())
}

func (a *app) openPause() {
	a.menu = render.Screen{Title: "PAUSED", Items: []string{"Resume", "Restart", "Missions", a.qualityItem(), "Quit"},
		Text: a.watch.Value.Briefing, Hint: "↑/↓ select   Enter choose   P resume   Esc quit"}
	a.sel = 0
	a.scene = scenePause
}

// updateScreen runs the pause and results menus.
func (a *app) updateScreen() error {
	if a.scene == scenePause && a.in.just(ActPause) {
		a.scene = sceneFlight
		return nil
	}
	n := len(a.menu.Items)
	if inpututil.IsKeyJustPressed(ebiten.KeyArrowDown) {
		a.sel = (a.sel + 1) % n
	}
	if inpututil.IsKeyJustPressed(ebiten.KeyArrowUp) {
		a.sel = (a.sel + n - 1) % n
	}
	a.menu.Selected = a.sel
	if !inpututil.IsKeyJustPressed(ebiten.KeyEnter) {
		return nil
	}
	switch a.menu.Items[a.sel] {
	case "Resume":
		a.scene = sceneFlight
	case "Restart", "Fly again":
		return a.restart()
	case "Missions":
		a.openMenu()
	case "Quit":
		return ebiten.Termination
	case a.qualityItem():
		// Switch and keep the choice in settings.toml.
		a.quality = render.QualityLow + render.QualityHigh - a.quality
		a.view.quality = a.quality
		a.settings.Quality = a.quality.String()
		if err := a.settings.Save(filepath.Join(ConfigDir(), "settings.toml")); err != nil {
			a.say("Settings not saved: " + err.Error())
		}
		a.menu.Items[a.sel] = a.qualityItem()
	}
	return nil
}

// openMenu shows the mission select page: shipped and user missions.
func (a *app) openMenu() {
	a.items = a.lib.Missions()
	a.menu = render.Screen{Title: "MISSIONS", Hint: "↑/↓ select   Enter fly   Esc quit"}
	a.menu.Items = make([]string, len(a.items))
	for i, n := range a.items {
		a.menu.Items[i] = n
		if b, ok := a.scores.Best[n]; ok {
			a.menu.Items[i] = fmt.Sprintf("%-14s %5.0f", n, b.Score)
		}
	}
	a.sel = 0
	a.scene = sceneMenu
	a.describe()
}

// describe puts the selected mission's briefing beside the list.
func (a *app) describe() {
	a.menu.Selected = a.sel
	if a.sel >= len(a.items) {
		return
	}
	m, err := a.lib.LoadMission(a.items[a.sel])
	if err != nil {
		a.menu.Text = "This mission has errors:\n" + err.Error()
		return
	}
	a.menu.Text = fmt.Sprintf("%s (%s)\n\n%s", m.Name, m.Kind, m.Briefing)
}

func (a *app) updateMenu() error {
	n := len(a.items)
	if n == 0 {
		return nil
	}
	switch {
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowDown):
		a.sel = (a.sel + 1) % n
		a.describe()
	case inpututil.IsKeyJustPressed(ebiten.KeyArrowUp):
		a.sel = (a.sel + n - 1) % n
		a.describe()
	case inpututil.IsKeyJustPressed(ebiten.KeyEnter):
		a.opts.Mission = a.items[a.sel]
		if err := a.start(a.items[a.sel]); err != nil {
			a.sayErrors(err)
		}
	}
	return nil
}

// Draw describes the current state to the renderer. It changes no game
// state; it only writes screenshot files when asked to.
func (a *app) Draw(screen *ebiten.Image) {
	f := a.flight
	cam := a.camera.Mode.String()
	warp := a.achieved
	if a.opts.ScreenshotPath != "" {
		warp = float64(a.warp) // frame-locked: exactly warp ticks per frame
	}
	frame := a.view.build(f, a.camera, warp, cam)
	frame.HUD.Messages = a.hudMessages()
	frame.HUD.Help = "W/S A/D Q/E rotate  IJKL HN translate  Shift/Ctrl throttle  T SAS  U autopilot  C camera  P menu  R restart  F12 shot  Esc quit"
	frame.HUD.Crosshair = a.camera.Mode == render.CameraDocking
	switch {
	case f.Err != nil:
		frame.HUD.Banner = "SIMULATION STOPPED"
	case a.replay != nil:
		frame.HUD.Banner = "REPLAY"
	}
	if a.scene != sceneFlight {
		frame.Screen = &a.menu
	}
	if a.debug {
		frame.Debug = a.view.debugOverlay(f)
		frame.Debug.Lines = append(frame.Debug.Lines, fmt.Sprintf("%.0f FPS  %.0f TPS", ebiten.ActualFPS(), ebiten.ActualTPS()))
	}
	// A frame is drawn straight onto the window in DrawFinalScreen, which
	// spares Ebiten's full-screen copy of its offscreen; a frame that becomes
	// a screenshot is drawn into the offscreen, where it can be read back.
	shot := a.shotPending || (a.opts.ScreenshotPath != "" && a.frames+1 >= a.opts.Frames && !a.quit)
	if shot {
		a.renderer.Draw(screen, frame)
	} else {
		a.renderer.DrawLater(screen, frame)
	}
	a.frames++
	if a.opts.Benchmark && !a.quit {
		a.clock.tick(time.Now(), processCPU())
		b := screen.Bounds()
		a.size = [2]int{b.Dx(), b.Dy()}
		if a.frames >= a.opts.Frames {
			a.quit = true
		}
	}

	if a.opts.ScreenshotPath != "" && a.frames >= a.opts.Frames && !a.quit {
		a.exitErr = saveScreenshot(screen, a.opts.ScreenshotPath)
		a.quit = true
	}
	if a.shotPending {
		a.shotPending = false
		path := filepath.Join(DataDir(), "screenshots", time.Now().Format("spaceflight-20060102-150405.000.png"))
		if err := saveScreenshot(screen, path); err != nil {
			a.say("Screenshot failed: " + err.Error())
		} else {
			a.say("Screenshot saved to " + path)
		}
	}
}

// DrawFinalScreen puts the frame on the window (ebiten.FinalScreenDrawer).
func (a *app) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	a.renderer.DrawFinalScreen(screen, offscreen, geoM)
}

func (a *app) Layout(outsideWidth, outsideHeight int) (int, int) {
	return outsideWidth, outsideHeight
}

// saveScreenshot writes the screen as a PNG, atomically.
func saveScreenshot(screen *ebiten.Image, path string) error {
	img := image.NewRGBA(screen.Bounds())
	screen.ReadPixels(img.Pix)
	for i := 3; i < len(img.Pix); i += 4 { // the screen is opaque; so is the PNG
		img.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	return WriteFileAtomic(path, buf.Bytes())
}

// maxMessages is how many message lines the HUD shows at once.
const maxMessages = 4

// say shows a message in the HUD for a few seconds. A message already
// showing is kept in place, with its time renewed, not repeated.
func (a *app) say(s string) {
	until := time.Now().Add(8 * time.Second)
	for i := range a.messages {
		if a.messages[i].text == s {
			a.messages[i].until = until
			return
		}
	}
	a.messages = append(a.messages, message{s, until})
	if len(a.messages) > maxMessages {
		a.messages = a.messages[len(a.messages)-maxMessages:]
	}
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
	out := a.lines[:0]
	if a.flight.Err != nil {
		out = append(out, "Diverged: "+a.flight.Err.Error())
	}
	for _, m := range a.messages {
		out = append(out, m.text)
	}
	a.lines = out
	return out
}
