package game

import (
	"testing"

	"spaceflight/craft"
)

// A restarted flight forgets when the last one ended: otherwise its
// outcome page would come early or late, and a diverged flight would
// never reach it (updateFlight only finishes when endTick is 0).
func TestRestartForgetsEnd(t *testing.T) {
	s := DefaultSettings()
	a := &app{lib: craft.NewLibrary(craft.Shipped()), opts: Options{Dt: DefaultDt}, in: newInput(&s), saved: true, endTick: 500, scene: sceneResults}
	if err := a.start("tumble"); err != nil {
		t.Fatal(err)
	}
	if a.endTick != 0 || a.saved || a.scene != sceneFlight {
		t.Errorf("after restart: endTick %d, saved %v, scene %v; want 0, false, flight", a.endTick, a.saved, a.scene)
	}
}
