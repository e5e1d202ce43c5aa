package flight

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/storage"
)

// Every hand-flown replay in the module's testdata/hand (MISSION.replay:
// the shipped mission MISSION won at the keyboard, no autopilot, no
// landing aid) still flies as recorded and succeeds by hand. One made
// stale by a change to the physics or its mission fails here: fly the
// mission again and save the new replay in its place — never edit the
// file. testdata/hand/README.md says how to record one. make crossarch
// runs this test on linux/arm64 and js/wasm too: a flight recorded on
// one machine must verify on the others.
func TestHandReplays(t *testing.T) {
	hand := filepath.Join("..", "..", "testdata", "hand")
	paths, err := filepath.Glob(filepath.Join(hand, "*.replay"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Log("no hand-flown replays in testdata/hand yet")
	}
	empty := t.TempDir() // no user folder: the shipped missions only
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			// Through the game's storage, as a player's replay is read:
			// in the browser that is localStorage, not the disk.
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			saved := filepath.Join(empty, filepath.Base(p))
			if err := storage.WriteFileAtomic(saved, b); err != nil {
				t.Fatal(err)
			}
			if err := CheckHandReplay(saved, data.FS, empty); err != nil {
				t.Error(err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(hand, "README.md")); err != nil {
		t.Errorf("testdata/hand has no README.md saying how to record a hand replay: %v", err)
	}
}

// The hand-replay check passes a flight flown by keys that succeeds, and
// names what is wrong with the others: the autopilot's, a crash, a replay
// named after another mission, one whose mission changed since.
func TestCheckHandReplay(t *testing.T) {
	dir := t.TempDir()
	user := t.TempDir()
	record := func(name, mission string, o RunOptions) string {
		t.Helper()
		o.Mission, o.Shipped, o.Data, o.Dt = mission, data.FS, user, DefaultDt
		o.Record = filepath.Join(dir, name+".replay")
		if _, _, err := Run(o, nil); err != nil {
			t.Fatal(err)
		}
		return o.Record
	}
	// The first flight by keys (TestFirstFlightByKeys's pilot), as a hand
	// replay: rebuild its commands from a flight of it.
	keys := firstFlightByKeys(t)
	w, err := craft.DefaultLibrary(data.FS, user).WatchMission("first-flight")
	if err != nil {
		t.Fatal(err)
	}
	rp := &Replay{Format: ReplayFormat, Mission: "first-flight", Dt: DefaultDt, Ticks: keys.Tick, Commands: keys.cmds,
		FinalHash: keys.StateHash(), Files: HashFiles(w.Files())}
	rp.Outcome, rp.Reason = Verdict(keys.Flight)
	assisted := false
	rp.Assisted = &assisted
	good := filepath.Join(dir, "first-flight.replay")
	if err := rp.Save(good); err != nil {
		t.Fatal(err)
	}
	if err := CheckHandReplay(good, data.FS, user); err != nil {
		t.Errorf("a good hand replay: %v", err)
	}
	for _, c := range []struct {
		path, want string
	}{
		{record("tumble", "tumble", RunOptions{Autopilot: true}), "was assisted"},
		{record("land", "land", RunOptions{Duration: 60}), "ends in crash"},
	} {
		if err := CheckHandReplay(c.path, data.FS, user); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", filepath.Base(c.path), err, c.want)
		}
	}
	misnamed := filepath.Join(dir, "dock.replay")
	if err := os.Rename(good, misnamed); err != nil {
		t.Fatal(err)
	}
	if err := CheckHandReplay(misnamed, data.FS, user); err == nil || !strings.Contains(err.Error(), `flies mission "first-flight"`) {
		t.Errorf("a replay named after another mission: %v", err)
	}
	// The mission edited since (a user file in its place): stale.
	os.Rename(misnamed, good)
	os.MkdirAll(filepath.Join(user, "missions"), 0o755)
	b, _ := data.FS.ReadFile("missions/first-flight.toml")
	os.WriteFile(filepath.Join(user, "missions", "first-flight.toml"), []byte(strings.Replace(string(b), "par_time = 90", "par_time = 91", 1)), 0o644)
	if err := CheckHandReplay(good, data.FS, user); err == nil || !strings.Contains(err.Error(), "stale") {
		t.Errorf("a replay whose mission changed: %v", err)
	}
}
