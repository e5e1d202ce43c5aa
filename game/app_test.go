package game

import (
	"testing"

	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/flight"
)

// silence is a sound output that plays nothing.
type silence struct{}

func (silence) Push(*audio.Input)          {}
func (silence) SetSettings(audio.Settings) {}
func (silence) Close() error               { return nil }
func (silence) Err() error                 { return nil }
func (silence) Silent() bool               { return false }

// testApp is an app without a window, renderer or sound, on the shipped
// missions, for scene tests: they set the input reading by hand.
func testApp(t *testing.T) *app {
	t.Helper()
	a := &app{lib: shippedLibrary(), opts: Options{Dt: flight.DefaultDt, Warp: 1}, scores: &Scores{Best: map[string]Score{}}, sound: silence{}}
	a.settings = DefaultSettings()
	a.in = newInput(&a.settings)
	return a
}

// A restarted flight forgets how the last one ended: when it ends is the new
// flight's own (Flight.Over).
func TestRestartForgetsEnd(t *testing.T) {
	a := testApp(t)
	s, err := a.newSortie("tumble")
	if err != nil {
		t.Fatal(err)
	}
	s.autopilot = true
	for !s.flight.Over() && s.flight.Err == nil {
		s.step(a)
	}
	if err := s.restart(a); err != nil {
		t.Fatal(err)
	}
	if s.flight.Over() || s.flight.Tick != 0 || len(s.record) != 0 {
		t.Errorf("after restart: over %v, tick %d, %d commands recorded; want false, 0, 0", s.flight.Over(), s.flight.Tick, len(s.record))
	}
}

func shippedLibrary() *craft.Library { return craft.NewLibrary(craft.Shipped(data.FS)) }
