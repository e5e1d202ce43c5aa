package flight

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// Hand-flown replays: testdata/hand/MISSION.replay is a flight of the
// shipped mission MISSION flown at the keyboard, in the window, with no
// autopilot and no landing aid — the proof that the mission can be won by
// hand. `make test` re-runs every one with CheckHandReplay
// (TestHandReplays, here and, in make crossarch, on linux/arm64 and
// js/wasm). A change to the physics or to a mission that makes one stale
// fails it: record it again by flying again, never by editing the file.

// CheckHandReplay re-runs the hand-flown replay at path against the
// shipped files (shipped; data: a user folder, "" for none) and says what
// is wrong with it: the mission it flies is not the one its name says, its
// files changed since it was recorded, it no longer ends as recorded, it
// was assisted, or it did not succeed. nil for a good one.
func CheckHandReplay(path string, shipped fs.FS, data string) error {
	name := strings.TrimSuffix(filepath.Base(path), ".replay")
	rp, err := LoadReplay(path)
	if err != nil {
		return err
	}
	if rp.Mission != name {
		return fmt.Errorf("%s flies mission %q; a hand replay is named after its mission (%s.replay)", path, rp.Mission, rp.Mission)
	}
	res, _, err := Run(RunOptions{Replay: path, Shipped: shipped, Data: data}, nil)
	if err != nil {
		return fmt.Errorf("%w — stale: fly %s again by hand and save its replay here", err, name)
	}
	switch {
	case res.ReplayMatch == nil || !*res.ReplayMatch:
		return fmt.Errorf("%s no longer ends as recorded (%s) — stale: fly %s again by hand", path, strings.Join(res.ReplayMismatches, "; "), name)
	case res.Assisted:
		return fmt.Errorf("%s was assisted (autopilot or a landing aid): a hand replay is flown by hand", path)
	case res.Outcome != "success":
		return fmt.Errorf("%s ends in %s (%s): a hand replay succeeds", path, res.Outcome, res.Reason)
	}
	return nil
}
