package game

import (
	"path/filepath"
	"testing"

	"spaceflight/game/flight"
)

// The best hand-flown flight flies beside the player's as a ghost: tick
// for tick, to the recorded flight's exact end state, drawn translucent,
// and without changing the player's flight by a bit.
func TestGhostFliesTheBest(t *testing.T) {
	a := testApp(t)
	// A hand flight of the tumble: SAS to kill rotation at once.
	s, err := a.newSortie("tumble")
	if err != nil {
		t.Fatal(err)
	}
	if s.ghost != nil {
		t.Fatal("a ghost without a best flight")
	}
	f := s.flight
	cmds := []flight.Command{{Tick: 0, Kind: flight.KindSAS}}
	for f.Err == nil && !f.Over() {
		var now []flight.Command
		if f.Tick == 0 {
			now = cmds
		}
		f.Step(now)
	}
	if f.Judge.Outcome != flight.Success {
		t.Fatalf("the recorded flight: %v %q", f.Judge.Outcome, f.Judge.Reason)
	}
	no := false
	rp := &flight.Replay{Format: flight.ReplayFormat, Mission: "tumble", Dt: f.Dt, Ticks: f.Tick, Commands: cmds,
		FinalHash: f.StateHash(), Files: s.files, Assisted: &no}
	rp.Outcome, rp.Reason = flight.Verdict(f)
	path := filepath.Join(t.TempDir(), "best.replay")
	if err := rp.Save(path); err != nil {
		t.Fatal(err)
	}
	a.scores.Best["tumble"] = Score{Score: 1000, Outcome: "stable", Replay: path}

	withGhost, err := a.newSortie("tumble")
	if err != nil {
		t.Fatal(err)
	}
	g := withGhost.ghost
	if g == nil {
		t.Fatal("no ghost for a mission with a hand-flown best")
	}
	delete(a.scores.Best, "tumble")
	alone, err := a.newSortie("tumble")
	if err != nil {
		t.Fatal(err)
	}
	press(a) // no keys: the player drifts, the ghost detumbles
	for withGhost.flight.Tick < rp.Ticks+30 {
		withGhost.step(a)
		alone.step(a)
		if gt, pt := g.Flight.Tick, withGhost.flight.Tick; gt != min(pt, rp.Ticks) {
			t.Fatalf("ghost at tick %d, player at %d", gt, pt)
		}
	}
	if got := g.Flight.StateHash(); got != rp.FinalHash {
		t.Errorf("the ghost ended at %s, the recorded flight at %s", got, rp.FinalHash)
	}
	if withGhost.flight.StateHash() != alone.flight.StateHash() {
		t.Error("the ghost changed the player's flight")
	}
	fr := withGhost.frame(a)
	ghosts := 0
	for _, b := range fr.Bodies {
		if b.Ghost {
			ghosts++
		}
	}
	if want := len(g.Flight.Player.Spec.Parts); ghosts != want {
		t.Errorf("%d ghost bodies drawn, want %d", ghosts, want)
	}
	a.toggleGhost(withGhost)
	for _, b := range withGhost.frame(a).Bodies {
		if b.Ghost {
			t.Fatal("a hidden ghost is drawn")
		}
	}
}
