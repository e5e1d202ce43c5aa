package flight

import (
	"fmt"

	"spaceflight/craft"
)

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
// step dt, or why it cannot be: recorded at another step, or longer than
// m lets a flight last. Whether it was recorded with the files flown now
// (Replay.ChangedFiles) the caller decides: with others, the ghost flies
// another flight than the one recorded.
func NewGhost(m *craft.Mission, rp *Replay, dt float64) (*Ghost, error) {
	if rp.Dt != dt {
		return nil, fmt.Errorf("it was recorded at a step of %g s, and this flight steps %g s", rp.Dt, dt)
	}
	if err := rp.Fits(m); err != nil {
		return nil, err
	}
	f, err := New(m, rp.Dt, Options{})
	if err != nil {
		return nil, err
	}
	return &Ghost{Flight: f, Replay: rp}, nil
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
