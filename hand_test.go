package main

import (
	"os"
	"path/filepath"
	"testing"

	"spaceflight/data"
	"spaceflight/game/flight"
)

// Every hand-flown replay in testdata/hand (MISSION.replay: the shipped
// mission MISSION won at the keyboard, no autopilot, no landing aid) still
// flies as recorded and succeeds by hand. One made stale by a change to
// the physics or its mission fails here: fly the mission again and save
// the new replay in its place — never edit the file. testdata/hand/README
// says how to record one.
func TestHandReplays(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("testdata", "hand", "*.replay"))
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) == 0 {
		t.Log("no hand-flown replays in testdata/hand yet")
	}
	empty := t.TempDir() // no user folder: the shipped missions only
	for _, p := range paths {
		t.Run(filepath.Base(p), func(t *testing.T) {
			if err := flight.CheckHandReplay(p, data.FS, empty); err != nil {
				t.Error(err)
			}
		})
	}
	if _, err := os.Stat(filepath.Join("testdata", "hand", "README.md")); err != nil {
		t.Errorf("testdata/hand has no README.md saying how to record a hand replay: %v", err)
	}
}
