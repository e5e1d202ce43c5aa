package game

import (
	"spaceflight/render"
)

// A ghost is the mission's best hand-flown flight flying beside the
// player's: its replay played back in a world of its own, tick for tick
// with the player's flight, and drawn translucent (render.Body.Ghost). It
// never touches the player's physics — it has its own physics.World — so
// a flight with a ghost is the flight without one, bit for bit.
//
// A sortie gets a ghost when the player flies by hand (not a replay, not a
// scripted run), the mission has a hand-flown best whose replay file still
// loads, was recorded at this tick length and with the mission's and
// crafts' files as they are now (else it would fly another flight). V (the
// "ghost" action) shows or hides it; hidden, it is not stepped either.
type ghost struct {
	flight *Flight
	replay *Replay
	next   int // index of the replay's next command
	cmds   []Command
}

// newGhost returns the ghost for sortie s, or nil when there is none to
// fly (see ghost).
func (a *app) newGhost(s *sortie) *ghost {
	if s.replay != nil || a.scripted() {
		return nil
	}
	m := s.watch.Value
	best, ok := a.scores.best(s.ref, m.Name)
	if !ok || best.Replay == "" || best.Assisted {
		return nil
	}
	rp, err := LoadReplay(best.Replay)
	if err != nil || rp.Dt != a.opts.Dt || rp.fits(m) != nil || len(rp.ChangedFiles(s.watch.Files())) > 0 ||
		rp.Assisted != nil && *rp.Assisted {
		return nil
	}
	f, err := newFlight(m, rp.Dt, flightOptions{})
	if err != nil {
		return nil
	}
	return &ghost{flight: f, replay: rp}
}

// catchUp steps the ghost's flight to tick, with the replay's commands;
// a ghost whose flight is over stays where it ended.
func (g *ghost) catchUp(tick uint64) {
	f := g.flight
	for f.Tick < tick && f.Err == nil && !f.Over() && f.Tick < g.replay.Ticks {
		g.cmds = dueAt(g.cmds[:0], g.replay.Commands, &g.next, f.Tick)
		f.Step(g.cmds)
	}
}

// bodies appends the ghost's craft to dst, drawn with the player's part
// meshes (the same craft).
func (g *ghost) bodies(dst []render.Body, parts []*render.Mesh) []render.Body {
	vs := g.flight.Player
	for i := range vs.Spec.Parts {
		if i >= len(parts) {
			break
		}
		b := g.flight.World.Body(vs.Built.Bodies[i])
		dst = append(dst, render.Body{Mesh: parts[i], Pos: b.Position(), Orient: b.Orientation(), Ghost: true})
	}
	return dst
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
