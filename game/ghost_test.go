package game

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/data"
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

// Any replay can be raced (--ghost): here one flown by the autopilot,
// given as a file and as a link. The player flies the replay's mission
// with the replay beside them, to its recorded end; restarting keeps it.
// A replay recorded with other files is refused unless --allow-changed.
func TestRaceAnyReplay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "auto.replay")
	if _, code, err := flight.Run(flight.RunOptions{Mission: "tumble", Shipped: data.FS, Data: dir, Dt: flight.DefaultDt, Autopilot: true, Record: path}, nil); err != nil || code != 0 {
		t.Fatalf("recording: exit %d, %v", code, err)
	}
	rp, _ := flight.LoadReplay(path)
	b, _ := os.ReadFile(path)
	link, err := flight.Link(b)
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []string{path, "http://127.0.0.1:8080/" + link} {
		a := testApp(t)
		a.opts.Ghost = ref
		sc, err := a.firstScene()
		if err != nil {
			t.Fatalf("--ghost %.40s: %v", ref, err)
		}
		s := sortieOf(sc)
		if s == nil || s.ghost == nil || s.ghostOf != "the replay you race" || s.replay != nil || s.ref != "tumble" {
			t.Fatalf("--ghost %.40s: scene %T, sortie %+v", ref, sc, s)
		}
		press(a)
		for s.flight.Tick < rp.Ticks+10 {
			s.step(a)
		}
		if got := s.ghost.Flight.StateHash(); got != rp.FinalHash || s.ghost.Flight.Tick != rp.Ticks {
			t.Errorf("the raced ghost ended at tick %d, %s; recorded %d, %s", s.ghost.Flight.Tick, got, rp.Ticks, rp.FinalHash)
		}
		if err := s.restart(a); err != nil || s.ghost == nil || s.ghost.Flight.Tick != 0 {
			t.Errorf("after a restart: ghost %v, %v", s.ghost, err)
		}
	}

	changed := *rp
	changed.Files = map[string]string{"missions/tumble.toml": flight.HashFile([]byte("another version"))}
	other := filepath.Join(dir, "other.replay")
	changed.Save(other)
	a := testApp(t)
	a.opts.Ghost = other
	if _, err := a.firstScene(); err == nil || !strings.Contains(err.Error(), "--allow-changed") {
		t.Errorf("a replay of other files raced: %v", err)
	}
	a = testApp(t)
	a.opts.Ghost, a.opts.AllowChanged = other, true
	if sc, err := a.firstScene(); err != nil || sortieOf(sc).ghost == nil {
		t.Errorf("with --allow-changed: %v", err)
	}
}
