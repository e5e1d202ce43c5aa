package game

import (
	"bytes"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/craft"
	"spaceflight/data"
)

// shippedLibrary is the game's own crafts and missions, as main passes them.
func shippedLibrary() *craft.Library { return craft.NewLibrary(craft.Shipped(data.FS)) }

// fly runs a mission headless with the given commands until it is decided
// or its time limit passes.
func fly(t *testing.T, name string, cmds []Command) *Flight {
	t.Helper()
	f := loadFlight(t, name)
	limit := uint64(f.Spec.TimeLimit/f.Dt) + 1
	var tick []Command
	for f.Tick < limit && f.Judge.Outcome == Flying && f.Err == nil {
		tick = tick[:0]
		for _, c := range cmds {
			if c.Tick == f.Tick {
				tick = append(tick, c)
			}
		}
		f.Step(tick)
	}
	if f.Err != nil {
		t.Fatalf("%s: %v", name, f.Err)
	}
	return f
}

// The autopilot succeeds on every shipped mission within its time limit:
// the proof that the missions can be flown and the controllers work.
func TestAutopilotFliesShippedMissions(t *testing.T) {
	lib := shippedLibrary()
	n := 0
	for _, name := range lib.Missions() {
		n++
		f := fly(t, name, []Command{{Tick: 0, Kind: KindAutopilot}})
		if f.Judge.Outcome != Success {
			t.Errorf("%s: %v after %.1f s: %s", name, f.Judge.Outcome, f.Time(), f.Judge.Reason)
			continue
		}
		t.Logf("%s: %s in %.1f s, %.2f kg of propellant: %s", name, f.Judge.Grade, f.Judge.EndTime, f.Player.FuelUsed, f.Judge.Reason)
		if f.Spec.Kind == craft.KindDock && f.Latch == NoJoint {
			t.Errorf("%s: docked but no latch joint", name)
		}
	}
	if n < 6 {
		t.Errorf("only %d missions shipped, want ≥ 6", n)
	}
}

// Deliberately bad flights fail with the right named reason.
func TestBadFlightsNameTheLimit(t *testing.T) {
	// Coasting into the port at 0.5 m/s: far too fast.
	f := fly(t, "testdata/missions/ram.toml", nil)
	if f.Judge.Outcome != Failure || f.Judge.Reason != "closing speed 0.50 m/s > 0.20" {
		t.Errorf("ramming the station: %v %q, want a closing-speed failure", f.Judge.Outcome, f.Judge.Reason)
	}
	// Coasting into the station beside the port: a bump, not a docking.
	f = fly(t, "testdata/missions/bump.toml", nil)
	if f.Judge.Outcome != Failure || f.Judge.Reason != "contact with the target away from the docking port" {
		t.Errorf("bumping the station: %v %q", f.Judge.Outcome, f.Judge.Reason)
	}
	// Full throttle until the tank is dry, never landing.
	f = fly(t, "land", []Command{{Tick: 0, Kind: KindThrottle, Value: 1}})
	if f.Judge.Outcome != Failure || f.Judge.Reason != "out of fuel" {
		t.Errorf("burning it all: %v %q, want out of fuel", f.Judge.Outcome, f.Judge.Reason)
	}
	if f.Player.FuelLeft() != 0 {
		t.Errorf("out of fuel with %.3f kg left", f.Player.FuelLeft())
	}
	// Upside down over the pad: the hull lands first.
	f = fly(t, "testdata/missions/flip.toml", nil)
	if f.Judge.Outcome != Crash || !strings.HasSuffix(f.Judge.Reason, "touched the ground") {
		t.Errorf("hull-first landing: %v %q, want a crash naming the part", f.Judge.Outcome, f.Judge.Reason)
	}
	// Doing nothing about a tumble runs into the time limit.
	f = fly(t, "tumble", nil)
	if f.Judge.Outcome != Failure || !strings.HasPrefix(f.Judge.Reason, "time limit") {
		t.Errorf("ignoring the tumble: %v %q", f.Judge.Outcome, f.Judge.Reason)
	}
}

// A flight recorded by `sim --record` is re-run by `sim --replay` to the
// same state hash; an altered replay is caught.
func TestReplayReproducesStateHash(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "dock.replay")
	var sink strings.Builder
	res, code, err := runSim(simOptions{shipped: data.FS, mission: "dock", dt: DefaultDt, autopilot: true, record: path, every: 1}, &sink)
	if err != nil || code != 0 {
		t.Fatalf("recording: code %d, %v", code, err)
	}
	again, code, err := runSim(simOptions{shipped: data.FS, replay: path, every: 1}, &sink)
	if err != nil || code != 0 || again.ReplayMatch == nil || !*again.ReplayMatch {
		t.Fatalf("replay: code %d, err %v, result %+v", code, err, again)
	}
	if again.StateHash != res.StateHash || again.Outcome != "success" {
		t.Errorf("replay hash %s (%s), recorded %s", again.StateHash, again.Outcome, res.StateHash)
	}
	rp, err := LoadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.Files) != 3 || again.ChangedFiles != nil {
		t.Errorf("replay keeps %d file hashes (want 3: mission, shuttle, station); changed: %v", len(rp.Files), again.ChangedFiles)
	}
	// Autopilot off for a second in the middle: a different flight.
	rp.Commands = append(rp.Commands, Command{Tick: 100, Kind: KindAutopilot}, Command{Tick: 160, Kind: KindAutopilot})
	if err := rp.Save(path); err != nil {
		t.Fatal(err)
	}
	bad, code, _ := runSim(simOptions{shipped: data.FS, replay: path, every: 1}, &sink)
	if code != 1 || bad.ReplayMatch == nil || *bad.ReplayMatch {
		t.Errorf("a tampered replay passed: code %d, %+v", code, bad)
	}
	// A replay of files that have changed since says which.
	for name := range rp.Files {
		if strings.HasSuffix(name, "station.toml") {
			rp.Files[name] = HashFile([]byte("an older station"))
		}
	}
	rp.Save(path)
	sink.Reset()
	changed, _, _ := runSim(simOptions{shipped: data.FS, replay: path, every: 1}, &sink)
	if len(changed.ChangedFiles) != 1 || !strings.HasSuffix(changed.ChangedFiles[0], "station.toml") || !strings.Contains(sink.String(), "station.toml") {
		t.Errorf("changed files %v, stderr %q: want the station named", changed.ChangedFiles, sink.String())
	}
}

// `sim --plot` draws the panels of the mission's kind, as PNG or SVG by the
// file's extension, and refuses any other extension before flying.
func TestSimPlot(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		mission, file string
		want, not     []string
	}{
		{"dock", "dock.svg", []string{"Dock", "rates (°/s)", "range (m)", "speeds (m/s)", "closing", "time (s)"}, []string{"altitude (m)"}},
		{"land", "land.svg", []string{"altitude (m)", "vertical (down +)"}, []string{"range (m)", "closing"}},
		{"tumble", "tumble.svg", []string{"rates (°/s)", "yaw"}, []string{"altitude (m)", "range (m)"}},
	} {
		path := filepath.Join(dir, tc.file)
		if _, code, err := runSim(simOptions{shipped: data.FS, mission: tc.mission, duration: 3, dt: DefaultDt, plot: path, every: 1}, io.Discard); err != nil || code != 0 {
			t.Fatalf("%s: code %d, %v", tc.mission, code, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.want {
			if !bytes.Contains(b, []byte(">"+s+"</text>")) {
				t.Errorf("%s: no %q in the plot", tc.mission, s)
			}
		}
		for _, s := range tc.not {
			if bytes.Contains(b, []byte(">"+s+"</text>")) {
				t.Errorf("%s: %q in the plot", tc.mission, s)
			}
		}
	}
	path := filepath.Join(dir, "land.png")
	if _, code, err := runSim(simOptions{shipped: data.FS, mission: "land", duration: 1, dt: DefaultDt, plot: path, every: 1}, io.Discard); err != nil || code != 0 {
		t.Fatalf("png: code %d, %v", code, err)
	}
	if f, err := os.Open(path); err != nil {
		t.Error(err)
	} else {
		defer f.Close()
		if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 1200 || cfg.Height != 900 {
			t.Errorf("png: %d×%d, %v; want 1200×900", cfg.Width, cfg.Height, err)
		}
	}
	_, code, err := runSim(simOptions{shipped: data.FS, mission: "land", dt: DefaultDt, plot: filepath.Join(dir, "land.gif"), every: 1}, io.Discard)
	if code != 2 || err == nil || !strings.Contains(err.Error(), ".png or .svg") {
		t.Errorf("gif: code %d, %v; want 2 and an error asking for .png or .svg", code, err)
	}
}
