package game

import (
	"spaceflight/audio"
	"spaceflight/game/view"
	"spaceflight/render"
)

// flightScene flies a sortie: each frame it steps the flight warp ticks on
// the frame's commands, moves the camera and plays the sound. Esc (or P)
// opens the pause menu, F1 the help; when the mission is over it hands the
// sortie to the results.
type flightScene struct {
	s *sortie
}

func (sc *flightScene) Update(a *app) (Scene, error) {
	next, err := sc.update(a)
	if next != sc {
		a.sound.Push(&audio.Input{}) // engines fall silent under a menu
	}
	return next, err
}

func (sc *flightScene) update(a *app) (Scene, error) {
	s, in := sc.s, a.in
	switch {
	case in.just(ActPause) || in.just(ActMenuBack):
		return newPause(a, s), nil
	case in.just(ActHelp):
		return &helpScene{back: sc}, nil
	case in.just(ActQuit):
		return confirmQuit(sc), nil
	case in.just(ActRestart):
		return sc, s.restart(a)
	}
	if s.pollFiles(a) {
		return newBriefing(a, s), nil // a new flight: paused at tick 0 until the pilot starts it
	}
	if in.just(ActWarpUp) {
		s.warp = min(s.warp*2, maxWarp)
	}
	if in.just(ActWarpDown) {
		s.warp = max(s.warp/2, 1)
	}
	if in.just(ActGhost) {
		a.toggleGhost(s)
	}
	if in.just(ActNavball) {
		a.navSwap = !a.navSwap
		s.view.NavSwap = a.navSwap
		a.say("Navball: " + s.view.NavballFrames(s.flight))
	}
	s.step(a)
	s.camera.Screen = a.screen
	s.camera.Update(1.0/60, view.CameraTarget(s.flight), in.camera())
	s.listen(a)
	if s.ended() {
		return a.finish(s), nil
	}
	return sc, nil
}

func (sc *flightScene) Frame(a *app) *render.Frame { return sc.s.frame(a) }

func (sc *flightScene) sortie() *sortie { return sc.s }
