package game

import (
	"fmt"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/view"
	"spaceflight/render"
)

// maxWarp is the largest time warp: ticks per Update.
const maxWarp = 64

// startWarp is the time warp a flight starts at: ×1, or the run's --warp.
func (a *app) startWarp() int { return min(max(a.opts.Warp, 1), maxWarp) }

// sortie is one mission being flown in the window: its files (watched for
// edits), the flight, what draws it, the commands recorded for its replay
// — or the replay it plays back. The briefing, flight, pause and results
// scenes hand it on to one another.
type sortie struct {
	ref     string // the mission as named: a library name or a .toml path
	watch   *craft.Watcher[*craft.Mission]
	files   map[string]string // hashes of the files the flight was built from
	flight  *flight.Flight
	view    *view.View
	camera  *render.Camera
	sounder view.Sounder

	cmds   []flight.Command // this tick's commands, reused
	record []flight.Command // every flight command so far, for the replay
	replay *flight.Replay   // played back instead of the controls; nil when flying
	next   int              // replay playback: index of the next replay command

	ghost   *flight.Ghost // a recorded flight beside this one (ghost.go); nil for none
	ghostOf string        // what it is: "your best flight", "the replay you race"

	warp      int    // ticks per frame, 1…maxWarp
	autopilot bool   // engage the autopilot at the first tick (--autopilot)
	polled    uint64 // app.tick of the last look at the files

	// player is the craft flown instead of the mission's own — the
	// hangar's craft as edited ("Fly it") — and home the scene the flight
	// goes back to (the hangar); nil for a mission as written. Such a test
	// flight keeps no replay, score or ghost: they belong to the mission's
	// craft.
	player *craft.Craft
	home   Scene
}

// mission is the mission flown: the one watched, with the test flight's
// craft when there is one (on its first port if the mission's is not
// on it).
func (s *sortie) mission() *craft.Mission {
	m := s.watch.Value
	if s.player == nil {
		return m
	}
	c := *m
	c.Player.Spec, c.Player.Craft = s.player, s.player.File
	if s.player.PortIndex(c.Player.Port) < 0 {
		c.Player.Port = ""
		if len(s.player.Ports) > 0 {
			c.Player.Port = s.player.Ports[0].Name
		}
	}
	return &c
}

// newSortie loads the mission ref and readies its flight at tick 0.
func (a *app) newSortie(ref string) (*sortie, error) {
	w, err := a.lib.WatchMission(ref)
	return a.sortieOf(ref, w, err)
}

// sortieOf readies a flight of the mission w watches, which loaded with err.
func (a *app) sortieOf(ref string, w *craft.Watcher[*craft.Mission], err error) (*sortie, error) {
	if w.Value == nil {
		return nil, fmt.Errorf("mission %q:\n%w", ref, err)
	}
	s := &sortie{ref: ref, watch: w, warp: a.startWarp(), autopilot: a.opts.Autopilot}
	if err := s.restart(a); err != nil {
		return nil, err
	}
	return s, nil
}

// replaySortie loads the replay being watched (--replay: a file or a
// link) and its mission.
func (a *app) replaySortie() (*sortie, error) {
	opts := a.opts
	rp, w, mission, err := a.replayAndMission(opts.Replay, "spaceflight replay %s --mission MISSION")
	if err != nil {
		return nil, err
	}
	if ch := rp.ChangedFiles(w.Files()); len(ch) > 0 && !opts.AllowChanged {
		return nil, fmt.Errorf("%s was recorded with other versions of %s; add --allow-changed to watch it anyway",
			flight.ReplayName(opts.Replay), flight.QuoteList(ch))
	}
	a.opts.Dt = rp.Dt
	s := &sortie{ref: mission, watch: w, replay: rp, warp: a.startWarp()}
	if err := s.restart(a); err != nil {
		return nil, err
	}
	return s, nil
}

// replayAndMission loads the replay ref (a file or a link) and the
// mission to fly it in: --mission when the player named one (any
// mission), else the one it names, where it may be looked for
// (flight.ReplayMission; hint says how to name another). The replay must
// fit the mission. mission is the mission's reference.
func (a *app) replayAndMission(ref, hint string) (rp *flight.Replay, w *craft.Watcher[*craft.Mission], mission string, err error) {
	if rp, err = flight.LoadReplay(ref); err != nil {
		return nil, nil, "", err
	}
	mission = a.opts.Mission
	if mission != "" { // typed by the player: any mission
		w, err = a.lib.WatchMission(mission)
	} else {
		mission = rp.Mission
		w, err = flight.ReplayMission(a.lib, rp, ref, hint)
	}
	if w == nil || w.Value == nil {
		return nil, nil, "", fmt.Errorf("mission %q:\n%w", mission, err)
	}
	if err := rp.Fits(w.Value); err != nil {
		return nil, nil, "", fmt.Errorf("%s: %w", flight.ReplayName(ref), err)
	}
	return rp, w, mission, nil
}

// restart flies the watched mission again from the start, reloading its
// files; a broken file is reported and the last good version flown.
func (s *sortie) restart(a *app) error {
	if !s.watch.Reload() && s.watch.Err != nil {
		a.sayErrors(s.watch.Err)
	}
	return s.rebuild(a)
}

// rebuild readies a new flight of the mission as last loaded, at tick 0;
// on an error the flight flown so far stays.
func (s *sortie) rebuild(a *app) error {
	f, err := flight.New(s.mission(), a.opts.Dt, flight.Options{Timings: true})
	if err != nil {
		return err
	}
	v, err := view.New(f)
	if err != nil {
		return err
	}
	v.Quality = a.quality
	s.flight, s.view = f, v
	s.files = flight.HashFiles(s.watch.Files())
	if s.replay != nil {
		if ch := s.replay.ChangedFiles(s.watch.Files()); len(ch) > 0 {
			a.say("This replay was recorded with other versions of " + flight.QuoteList(ch) + ": it may not play back the same")
		}
	}
	s.ghost, s.ghostOf = a.newGhost(s)
	a.in.reset()
	s.record, s.next = s.record[:0], 0
	s.sounder = view.Sounder{}
	s.camera = view.NewCamera(f.Spec)
	if a.opts.Camera != "" {
		mode, ok := render.ParseCameraMode(a.opts.Camera)
		if !ok {
			return fmt.Errorf("--camera %q: want chase, orbit, docking or free", a.opts.Camera)
		}
		s.camera.Mode = mode
	}
	s.camera.Screen = a.screen
	s.camera.Update(0, view.CameraTarget(f), render.CameraInput{}) // placed, for a briefing at tick 0
	return nil
}

// pollEvery is how often the files of the mission flown are looked at
// (Updates: once a second at 60 TPS).
const pollEvery = 60

// pollFiles reloads a changed mission or craft file about once a second,
// counted in Updates: a good new version readies a new flight at tick 0
// (and says which file changed) — the flight scene then shows its
// briefing, so that it does not start falling unseen; a broken one is
// reported, and so is a flight that cannot be built from it, and the
// flight goes on. It reports whether the flight was replaced.
func (s *sortie) pollFiles(a *app) bool {
	if s.replay != nil || a.tick < s.polled+pollEvery {
		return false
	}
	s.polled = a.tick
	if !s.watch.Changed() {
		return false // quiet: an unchanged broken file is not reported again
	}
	changed := s.watch.ChangedFiles()
	if !s.watch.Reload() {
		if s.watch.Err != nil {
			a.sayErrors(s.watch.Err)
		}
		return false
	}
	if len(changed) == 0 {
		changed = []string{s.watch.Value.File}
	}
	if err := s.rebuild(a); err != nil {
		a.say("Reload of " + strings.Join(changed, ", ") + " failed: " + err.Error())
		return false
	}
	a.say("Reloaded " + strings.Join(changed, ", "))
	return true
}

// step flies one frame: warp ticks, each with its commands (the player's,
// the autopilot's engagement at the start, or the replay's), until the
// flight is over.
func (s *sortie) step(a *app) {
	f := s.flight
	for range s.warp {
		if s.ended() {
			return
		}
		s.cmds = s.cmds[:0]
		if s.replay != nil {
			s.cmds = flight.DueAt(s.cmds, s.replay.Commands, &s.next, f.Tick)
		} else {
			if f.Tick == 0 && s.autopilot { // a command, so the replay has it too
				s.cmds = append(s.cmds, flight.Command{Tick: 0, Kind: flight.KindAutopilot})
			}
			s.cmds = a.in.flight(s.cmds, f.Tick, f.Dt, f.Controls.HoldVS)
			s.record = append(s.record, s.cmds...)
		}
		f.Step(s.cmds)
	}
	if s.ghost != nil { // stepped while hidden too: showing it costs no catching up
		s.ghost.CatchUp(f.Tick)
	}
}

// ended reports whether the flight has come to its end: over (decided,
// and the run-on flown) or stopped, or for a replay where its recording
// ends (flight.Replay.Ended).
func (s *sortie) ended() bool {
	if s.replay != nil {
		return s.replay.Ended(s.flight)
	}
	return s.flight.Err != nil || s.flight.Over()
}

// listen hands the sound of the last tick to the audio player, heard from
// the camera.
func (s *sortie) listen(a *app) {
	right := s.camera.View().Orient.Rotate(mgl64.Vec3{1, 0, 0})
	a.sound.Push(s.sounder.Tick(s.flight, right))
}

// frame describes the flight as it is now, with its HUD.
func (s *sortie) frame(a *app) *render.Frame {
	f := s.flight
	achieved := float64(s.warp)
	if tps := ebiten.ActualTPS(); a.opts.ScreenshotPath == "" && tps > 0 {
		// What the machine keeps up with: a screenshot run is frame-locked,
		// exactly warp ticks per frame.
		achieved = float64(s.warp) * tps * f.Dt
	}
	s.view.NavSwap = a.navSwap
	camName := s.camera.Mode.String()
	if s.camera.Mode == render.CameraDocking && f.Latch != flight.NoJoint {
		camName += " (docked: chase)"
	}
	frame := s.view.Build(f, s.camera, s.warp, achieved, camName)
	if s.ghost != nil && !a.ghostHidden {
		frame.Bodies = s.view.Ghost(frame.Bodies, s.ghost)
	}
	frame.HUD.Help = flightHint(&a.settings, f.Spec, s.warp > 1)
	a.nameKeys(&frame.HUD)
	frame.HUD.Crosshair = s.camera.Mode == render.CameraDocking && f.Latch == flight.NoJoint
	if a.debug {
		frame.Debug = s.view.DebugOverlay(f)
		frame.Debug.Lines = append(frame.Debug.Lines, fmt.Sprintf("%.0f FPS  %.0f TPS", ebiten.ActualFPS(), ebiten.ActualTPS()))
	}
	switch {
	case f.Err != nil:
		frame.HUD.Banner = "SIMULATION STOPPED"
		frame.HUD.Messages = append(frame.HUD.Messages, clipLine("Diverged: "+f.Err.Error()))
	case s.replay != nil:
		frame.HUD.Banner = "REPLAY"
	}
	return frame
}

// name is the key the mission's scores are kept under: its library name
// or path as the player named it.
func (s *sortie) name() string { return s.ref }

// showsSortie is a scene that shows a sortie: a flight, or a menu over
// one.
type showsSortie interface {
	sortie() *sortie // nil when it shows none
}

// sortieOf returns the flight a scene shows, if any.
func sortieOf(sc Scene) *sortie {
	if s, ok := sc.(showsSortie); ok {
		return s.sortie()
	}
	return nil
}

// backdrop is the frame a menu is drawn over: the flight s at its moment,
// without its HUD, or an empty starry sky.
func backdrop(a *app, s *sortie) *render.Frame {
	if s == nil {
		return &render.Frame{HUD: render.HUD{Hidden: true}}
	}
	f := s.frame(a)
	f.HUD = render.HUD{Hidden: true}
	return f
}

// The ghost a sortie flies beside (flight.Ghost: a recorded flight flown
// again in a world of its own, drawn translucent): the replay the player
// races (--ghost FILE or a link, the page's "Race"), or else the
// mission's best hand-flown flight. V (the "ghost" action) shows or hides
// it; hidden, it is stepped all the same, so showing it costs no catching
// up.
//
// A ghost flies only the flight it recorded: at the same step, with the
// mission's and crafts' files as they were (else it would fly another
// flight — a raced replay flies anyway with --allow-changed, the player's
// choice).

// raceSortie loads the replay to race (--ghost) and readies a flight of
// its mission (or --mission) at the replay's step, with the ghost.
func (a *app) raceSortie() (*sortie, error) {
	rp, w, mission, err := a.replayAndMission(a.opts.Ghost, "spaceflight --ghost %s --mission MISSION")
	if err != nil {
		return nil, fmt.Errorf("--ghost: %w", err)
	}
	if ch := rp.ChangedFiles(w.Files()); len(ch) > 0 && !a.opts.AllowChanged {
		return nil, fmt.Errorf("--ghost: %s was recorded with other versions of %s; add --allow-changed to race it anyway",
			flight.ReplayName(a.opts.Ghost), flight.QuoteList(ch))
	}
	a.opts.Dt = rp.Dt
	a.race = &race{ref: a.opts.Ghost, replay: rp, mission: mission}
	s, err := a.sortieOf(mission, w, nil)
	if err != nil {
		return nil, err
	}
	if s.ghost == nil {
		return nil, fmt.Errorf("--ghost: %s cannot fly beside this flight", flight.ReplayName(a.opts.Ghost))
	}
	return s, nil
}

// newGhost returns the ghost for sortie s, or nil when there is none to
// fly, and what it is for the messages.
func (a *app) newGhost(s *sortie) (*flight.Ghost, string) {
	if s.replay != nil || s.player != nil {
		return nil, ""
	}
	m := s.watch.Value
	if r := a.race; r != nil && s.ref == r.mission {
		if ch := r.replay.ChangedFiles(s.watch.Files()); len(ch) > 0 && !a.opts.AllowChanged {
			a.say("No ghost: the replay you race was recorded with other versions of " + flight.QuoteList(ch))
			return nil, ""
		}
		g, err := flight.NewGhost(m, r.replay, a.opts.Dt)
		if err != nil {
			a.say("No ghost: " + err.Error())
			return nil, ""
		}
		return g, "the replay you race"
	}
	if a.scripted() {
		return nil, ""
	}
	best, ok := a.scores.best(s.ref, m.Name)
	if !ok || best.Replay == "" || best.Assisted {
		return nil, ""
	}
	rp, err := flight.LoadReplay(best.Replay)
	if err != nil || rp.Assisted != nil && *rp.Assisted || len(rp.ChangedFiles(s.watch.Files())) > 0 {
		return nil, ""
	}
	g, err := flight.NewGhost(m, rp, a.opts.Dt)
	if err != nil {
		return nil, ""
	}
	return g, "your best flight"
}

// toggleGhost shows or hides the ghost (for the rest of the session).
func (a *app) toggleGhost(s *sortie) {
	if s.ghost == nil {
		a.say("No ghost: succeed at this mission by hand first, and your best flight flies beside you")
		return
	}
	a.ghostHidden = !a.ghostHidden
	switch {
	case a.ghostHidden:
		a.say("Ghost hidden")
	default:
		a.say("Ghost: " + s.ghostOf)
	}
}
