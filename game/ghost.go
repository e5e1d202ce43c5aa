package game

import "spaceflight/game/flight"

// A sortie gets a ghost (flight.Ghost: the mission's best hand-flown
// flight flying beside the player's, drawn translucent) when the player
// flies by hand (not a replay, not a scripted run), the mission has a
// hand-flown best whose replay file still loads, was recorded at this tick
// length and with the mission's and crafts' files as they are now (else
// it would fly another flight). V (the "ghost" action) shows or hides it;
// hidden, it is stepped all the same, so showing it costs no catching up.

// newGhost returns the ghost for sortie s, or nil when there is none to
// fly.
func (a *app) newGhost(s *sortie) *flight.Ghost {
	if s.replay != nil || a.scripted() {
		return nil
	}
	m := s.watch.Value
	best, ok := a.scores.best(s.ref, m.Name)
	if !ok || best.Replay == "" || best.Assisted {
		return nil
	}
	rp, err := flight.LoadReplay(best.Replay)
	if err != nil {
		return nil
	}
	return flight.NewGhost(m, rp, a.opts.Dt, s.watch.Files())
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
		a.say("Ghost: your best flight")
	}
}
