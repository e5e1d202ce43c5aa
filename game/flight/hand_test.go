package flight

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/craft"
	"spaceflight/data"
)

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
