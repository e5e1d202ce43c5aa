package audio

import (
	"errors"
	"fmt"
	"testing"
	"time"
)

// TestPlayerNoDevice opens the real output. On a machine without a sound device (no
// PulseAudio server, no ALSA card) NewPlayer must still succeed, log exactly one line,
// report ErrNoDevice, and accept input; with a device it must be pulling samples.
func TestPlayerNoDevice(t *testing.T) {
	var lines []string
	logf := func(format string, args ...any) { lines = append(lines, fmt.Sprintf(format, args...)) }
	start := time.Now()
	p, err := NewPlayer(PlayerOptions{Seed: 1, Logf: logf})
	if err != nil {
		t.Fatalf("NewPlayer: %v", err)
	}
	t.Logf("NewPlayer took %v", time.Since(start))
	defer p.Close()
	in := busy(1)[0]
	for range 30 {
		p.Push(&in)
		p.SetSettings(Settings{Master: 0.1, Effects: 1})
	}
	if p.Silent() {
		if !errors.Is(p.Err(), ErrNoDevice) {
			t.Errorf("silent player's Err = %v, want ErrNoDevice", p.Err())
		}
		if len(lines) != 1 {
			t.Errorf("logged %d lines, want exactly 1: %q", len(lines), lines)
		}
		t.Logf("no device: %s", lines)
		// A second player in the same process reuses the outcome, again one line.
		q, err := NewPlayer(PlayerOptions{Logf: logf})
		if err != nil || !q.Silent() || len(lines) != 2 {
			t.Errorf("second player: err %v, silent %v, %d lines", err, q.Silent(), len(lines))
		}
		return
	}
	if len(lines) != 0 {
		t.Errorf("a device was opened but logged %q", lines)
	}
	t.Log("a sound device is present: playing")
	time.Sleep(200 * time.Millisecond)
}
