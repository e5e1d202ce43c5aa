package flight

import "spaceflight/craft"

// Ghost is a recorded flight flown again beside the player's: its replay
// played back in a world of its own, tick for tick with the player's
// flight. It never touches the player's physics — it has its own
// physics.World — so a flight with a ghost is the flight without one, bit
// for bit. The game draws it translucent (the mission's best hand-flown
// flight, ActGhost shows or hides it).
type Ghost struct {
	Flight *Flight
	Replay *Replay
	next   int // index of the replay's next command
	cmds   []Command
}

// NewGhost returns replay rp flown again as a ghost in a flight of m at
// step dt, or nil when it would fly another flight than the one recorded:
// recorded at another step, longer than m lets a flight last, with other
// versions of the mission's and crafts' files than files (name → bytes),
// or flown by the autopilot.
func NewGhost(m *craft.Mission, rp *Replay, dt float64, files map[string][]byte) *Ghost {
	if rp.Dt != dt || rp.Fits(m) != nil || len(rp.ChangedFiles(files)) > 0 || rp.Assisted != nil && *rp.Assisted {
		return nil
	}
	f, err := New(m, rp.Dt, Options{})
	if err != nil {
		return nil
	}
	return &Ghost{Flight: f, Replay: rp}
}

// CatchUp steps the ghost's flight to tick, with the replay's commands; a
// ghost whose flight is over (or stopped) stays where it ended.
func (g *Ghost) CatchUp(tick uint64) {
	f := g.Flight
	for f.Tick < tick && !g.Replay.Ended(f) {
		g.cmds = DueAt(g.cmds[:0], g.Replay.Commands, &g.next, f.Tick)
		f.Step(g.cmds)
	}
}
