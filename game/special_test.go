//go:build unix

package game

import (
	"errors"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"spaceflight/craft"
	"spaceflight/game/flight"
)

// A FIFO as settings.toml, scores.json or a replay is refused at once,
// with defaults or empty scores to go on with; nothing blocks.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := func(name string) string {
		p := filepath.Join(dir, name)
		if err := syscall.Mkfifo(p, 0o644); err != nil {
			t.Skipf("no FIFOs here: %v", err)
		}
		return p
	}
	settings, scores, replay := fifo("settings.toml"), fifo("scores.json"), fifo("x.replay")
	done := make(chan struct{})
	go func() {
		defer close(done)
		s, err := LoadSettings(settings)
		if !errors.Is(err, craft.ErrNotRegular) || s.Master != DefaultSettings().Master {
			t.Errorf("settings FIFO: %v", err)
		}
		sc, err := LoadScores(scores)
		if !errors.Is(err, craft.ErrNotRegular) || sc == nil || sc.Best == nil {
			t.Errorf("scores FIFO: %v", err)
		}
		if _, err := flight.LoadReplay(replay); !errors.Is(err, craft.ErrNotRegular) || !strings.Contains(err.Error(), replay) {
			t.Errorf("replay FIFO: %v", err)
		}
		if _, code, err := flight.Run(flight.RunOptions{Replay: replay}, nil); code != 2 || err == nil {
			t.Errorf("sim --replay FIFO: exit %d, %v", code, err)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("a loader is blocked on a FIFO")
	}
}
