package game

import (
	"errors"
	"fmt"
	"image"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/assets"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
)

// Play and the scene a run starts on: the top of the shell, which knows
// every scene (app, below it, knows none but through the Scene interface).

// ErrNoDisplay is returned by Play when there is no display to open a
// window on.
var ErrNoDisplay = errors.New("no display (DISPLAY is not set): run `xvfb-run make play`, or fly headless with `spaceflight sim tumble`")

// Play opens the window and runs the game until the player quits.
func Play(opts Options) error {
	addressReplay(&opts)
	if err := flight.CheckDt(opts.Dt); err != nil {
		return fmt.Errorf("--%w", err)
	}
	if opts.ScreenshotPath != "" {
		// Refused before a frame is drawn, as sim refuses its outputs.
		if err := storage.CheckTarget(opts.ScreenshotPath); err != nil {
			return fmt.Errorf("%w: %w", ErrScreenshot, err)
		}
	}
	if !hasDisplay() {
		return ErrNoDisplay
	}
	a, err := newApp(opts)
	if err != nil {
		return err
	}
	defer a.close()
	if a.scene, err = a.firstScene(); err != nil {
		return err
	}
	title := "spaceflight"
	if h, ok := a.scene.(*hangarScene); ok {
		title = "spaceflight hangar — " + h.stand.Craft.Name
	}
	ebiten.SetWindowTitle(title)
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
	r := &BenchmarkResult{Mission: missionRef(a.opts.Mission), Quality: a.quality.String(), Renderer: a.glRenderer,
		Width: a.size[0], Height: a.size[1], Triangles: a.renderer.Triangles()}
	a.clock.summary(r)
	return r
}

// Screens a run can open on instead of the usual first scene (--screen),
// e.g. for pictures of the menus.
const screenNames = "menu, briefing, help, pause, settings"

// firstScene is where a run starts. `spaceflight hangar` opens on the
// hangar (back: the list of crafts, then the missions). Interactive play
// opens on the mission menu, or with --mission on that mission's briefing card; a run that
// plays itself (--screenshot, --benchmark, --autopilot, a replay) starts
// flying at once. --ghost opens on the briefing of the raced replay's
// mission (or --mission's). A mission that cannot be loaded ends a run that plays
// itself; an interactive one opens the menu with the errors shown, so a
// broken file only keeps its own missions from flying.
func (a *app) firstScene() (Scene, error) {
	if h := a.opts.Hangar; h != nil {
		return newHangarScene(a, *h, nil)
	}
	if a.opts.Replay != "" && a.opts.Ghost != "" {
		return nil, errors.New("--replay and --ghost: watch a replay, or race it, not both")
	}
	if a.opts.Replay != "" {
		s, err := a.replaySortie()
		if err != nil {
			return nil, err
		}
		return &flightScene{s: s}, nil
	}
	if a.opts.Ghost != "" {
		s, err := a.raceSortie()
		if err != nil {
			return nil, err
		}
		if a.scripted() || a.opts.Autopilot {
			return &flightScene{s: s}, nil
		}
		return newBriefing(a, s), nil
	}
	playsItself := a.scripted() || a.opts.Autopilot
	ref := a.opts.Mission
	if ref == "" && (playsItself || a.opts.Screen != "" && a.opts.Screen != "menu" && a.opts.Screen != "settings") {
		ref = flight.DefaultMission
	}
	var s *sortie
	if ref != "" {
		var err error
		if s, err = a.newSortie(ref); err != nil {
			if playsItself || a.opts.Screen != "" {
				return nil, err
			}
			a.sayErrors(err)
		}
	}
	switch a.opts.Screen {
	case "":
	case "menu":
		return a.openMenu(s, ref), nil
	case "briefing":
		return newBriefing(a, s), nil
	case "help":
		return &helpScene{back: &flightScene{s: s}}, nil
	case "pause":
		return newPause(a, s), nil
	case "settings":
		return newSettingsScene(a, a.openMenu(s, ref)), nil
	default:
		return nil, fmt.Errorf("--screen %q: want one of %s", a.opts.Screen, screenNames)
	}
	switch {
	case s == nil:
		return a.openMenu(nil, ref), nil
	case playsItself:
		return &flightScene{s: s}, nil
	}
	return newBriefing(a, s), nil
}
