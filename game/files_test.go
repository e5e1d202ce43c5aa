package game

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReplayRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.replay")
	r := &Replay{
		Format: ReplayFormat, Mission: "tumble", Dt: DefaultDt, Ticks: 600,
		Files:    map[string]string{"missions/tumble.toml": HashFile([]byte("x"))},
		Commands: []Command{{Tick: 3, Kind: KindPitch, Value: -1}, {Tick: 9, Kind: KindRoll, Value: 0.25}},
	}
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Commands) != 2 || got.Commands[1] != r.Commands[1] || got.Mission != "tumble" || got.Ticks != 600 {
		t.Errorf("round trip: got %+v", got)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("x")}); len(ch) != 0 {
		t.Errorf("unchanged file reported changed: %v", ch)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("y")}); len(ch) != 1 {
		t.Errorf("changed file not reported: %v", ch)
	}
}

func TestReplayBadFiles(t *testing.T) {
	for name, text := range map[string]string{
		"not json":     "hello",
		"unknown kind": `{"format":1,"mission":"m","dt":0.0166,"commands":[[1,"warp_drive",1]]}`,
		"format":       `{"format":99,"mission":"m","dt":0.0166}`,
		"order":        `{"format":1,"mission":"m","dt":0.0166,"commands":[[5,"pitch",1],[2,"pitch",0]]}`,
		"dt":           `{"format":1,"mission":"m","dt":0}`,
		"extra field":  `{"format":1,"mission":"m","dt":0.0166,"cheat":true}`,
	} {
		path := filepath.Join(t.TempDir(), "bad.replay")
		os.WriteFile(path, []byte(text), 0o644)
		if _, err := LoadReplay(path); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
}

func TestScoresCorruptMovedAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	s, err := LoadScores(path)
	if err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("want a corrupt-file message, got %v", err)
	}
	if len(s.Best) != 0 {
		t.Errorf("scores from a corrupt file: %v", s.Best)
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != 1 {
		t.Fatalf("corrupt file not kept aside: %v", aside)
	}
	if b, _ := os.ReadFile(aside[0]); string(b) != "{not json" {
		t.Errorf("kept-aside file altered: %q", b)
	}
	if !s.Record("land", Score{Score: 10}) || s.Record("land", Score{Score: 5}) || !s.Record("land", Score{Score: 11}) {
		t.Error("Record must keep only better scores")
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	s2, err := LoadScores(path)
	if err != nil || s2.Best["land"].Score != 11 {
		t.Errorf("reloaded: %v, %v", s2.Best, err)
	}
}

// A process killed while it writes a file atomically leaves either the old
// file or a complete new one, never a torn one. The writer is this test
// binary, re-run with SPACEFLIGHT_ATOMIC_WRITER set.
func TestAtomicWriteSurvivesKill(t *testing.T) {
	if p := os.Getenv("SPACEFLIGHT_ATOMIC_WRITER"); p != "" {
		big := bytes.Repeat([]byte("new-contents "), 4<<20) // 52 MB: the write takes a while
		for {
			WriteFileAtomic(p, big)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.json")
	old := []byte(`{"best":{}}`)
	if err := WriteFileAtomic(path, old); err != nil {
		t.Fatal(err)
	}
	for i := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run=^TestAtomicWriteSurvivesKill$")
		cmd.Env = append(os.Environ(), "SPACEFLIGHT_ATOMIC_WRITER="+path)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(150+100*i) * time.Millisecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		whole := bytes.Equal(b, old) || (len(b) == 4<<20*len("new-contents ") && bytes.HasSuffix(b, []byte("new-contents ")))
		if !whole {
			t.Fatalf("kill %d: file torn (%d bytes)", i, len(b))
		}
	}
}
