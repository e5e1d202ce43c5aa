package game

import (
	"fmt"

	"spaceflight/game/flight"
)

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

// race is the replay the player races, and the mission it is raced in.
type race struct {
	ref     string // the replay as named: a file or a link
	replay  *flight.Replay
	mission string // the mission's reference, as a sortie names it
}

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
