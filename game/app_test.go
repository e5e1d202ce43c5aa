package game

import (
	"testing"
)

// A restarted flight forgets how the last one ended: when it ends is the new
// flight's own (Flight.Over), and its results are saved afresh.
func TestRestartForgetsEnd(t *testing.T) {
	s := DefaultSettings()
	a := &app{lib: shippedLibrary(), opts: Options{Dt: DefaultDt}, in: newInput(&s), saved: true, scene: sceneResults}
	if err := a.start("tumble"); err != nil {
		t.Fatal(err)
	}
	if a.flight.Over() || a.saved || a.scene != sceneFlight {
		t.Errorf("after restart: over %v, saved %v, scene %v; want false, false, flight", a.flight.Over(), a.saved, a.scene)
	}
}
