package game

import (
	"bytes"
	"math"
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
		Format: ReplayFormat, Mission: "tumble", Dt: DefaultDt, Ticks: 600, Outcome: "undecided", Reason: "no outcome within 10 s",
		FinalHash: "0123456789abcdef",
		Files:     map[string]string{"missions/tumble.toml": HashFile([]byte("x"))},
		Commands:  []Command{{Tick: 3, Kind: KindPitch, Value: -1}, {Tick: 9, Kind: KindRoll, Value: 0.25}},
	}
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Commands) != 2 || got.Commands[1] != r.Commands[1] || got.Mission != "tumble" || got.Ticks != 600 || got.Reason != r.Reason {
		t.Errorf("round trip: got %+v", got)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("x")}); len(ch) != 0 {
		t.Errorf("unchanged file reported changed: %v", ch)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("y")}); len(ch) != 1 {
		t.Errorf("changed file not reported: %v", ch)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("x"), "crafts/box.toml": nil}); len(ch) != 1 || ch[0] != "crafts/box.toml" {
		t.Errorf("a file the replay does not know: reported %v", ch)
	}
}

func TestReplayBadFiles(t *testing.T) {
	const tail = `"final_hash":"0123456789abcdef","outcome":"success","reason":"r"`
	good := `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[5,"pitch",1]],` + tail + `}`
	path := filepath.Join(t.TempDir(), "good.replay")
	os.WriteFile(path, []byte(good), 0o644)
	if _, err := LoadReplay(path); err != nil {
		t.Fatalf("the good replay: %v", err)
	}
	for name, text := range map[string]string{
		"not json":       "hello",
		"unknown kind":   `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[1,"warp_drive",1]],` + tail + `}`,
		"format":         `{"format":99,"mission":"m","dt":0.0166,"ticks":10,` + tail + `}`,
		"format 1":       `{"format":1,"mission":"m","dt":0.0166,"ticks":10,` + tail + `}`,
		"order":          `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[5,"pitch",1],[2,"pitch",0]],` + tail + `}`,
		"dt":             `{"format":2,"mission":"m","dt":0,"ticks":10,` + tail + `}`,
		"extra field":    `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"cheat":true,` + tail + `}`,
		"endless":        `{"format":2,"mission":"m","dt":0.0166,"ticks":10000000000000000000,` + tail + `}`,
		"command late":   `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[11,"pitch",1]],` + tail + `}`,
		"no outcome":     `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"final_hash":"0123456789abcdef","reason":"r"}`,
		"no mission":     `{"format":2,"dt":0.0166,"ticks":10,` + tail + `}`,
		"no hash":        `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"outcome":"success","reason":"r"}`,
		"negative ticks": `{"format":2,"mission":"m","dt":0.0166,"ticks":-1,` + tail + `}`,
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

// A corrupt scores file is reported, and left exactly as it is until a
// score is saved: then it is kept aside, never overwritten. (A run that
// saves nothing, like --screenshot, moves nothing.)
func TestScoresCorruptKeptAside(t *testing.T) {
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
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("loading moved or wrote files: %v", ents)
	}
	if b, _ := os.ReadFile(path); string(b) != "{not json" {
		t.Errorf("loading altered the file: %q", b)
	}
	if !s.Record("land", Score{Score: 10}) || s.Record("land", Score{Score: 5}) || !s.Record("land", Score{Score: 11}) {
		t.Error("Record must keep only better scores")
	}
	if s.Record("dock", Score{Score: math.Inf(1)}) || s.Record("dock", Score{Score: 1, Fuel: math.NaN()}) {
		t.Error("Record kept a non-finite score")
	}
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != 1 {
		t.Fatalf("corrupt file not kept aside on save: %v", aside)
	}
	if b, _ := os.ReadFile(aside[0]); string(b) != "{not json" {
		t.Errorf("kept-aside file altered: %q", b)
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
	// What a kill leaves behind is what RemoveStaleTemps looks for.
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != "scores.json" && !isTempName(e.Name()) {
			t.Errorf("a killed write left %q, which RemoveStaleTemps would not recognise", e.Name())
		}
	}
}

// Temporary files of killed writes are removed once they are stale; a
// write in progress and files that only look alike are left alone.
func TestRemoveStaleTemps(t *testing.T) {
	dir := t.TempDir()
	files := map[string]bool{ // name → should be removed
		".scores.json.tmp123456": true,
		".settings.toml.tmp9":    true,
		".scores.json.tmp777":    false, // fresh: another instance is saving
		".notes.tmpx1":           false,
		"scores.json.tmp42":      false,
		".tmp42":                 false,
		"scores.json":            false,
	}
	old := time.Now().Add(-time.Hour)
	for name := range files {
		p := filepath.Join(dir, name)
		os.WriteFile(p, []byte("x"), 0o644)
		if name != ".scores.json.tmp777" {
			os.Chtimes(p, old, old)
		}
	}
	removed, err := RemoveStaleTemps(dir)
	if err != nil {
		t.Fatal(err)
	}
	for name, gone := range files {
		_, err := os.Stat(filepath.Join(dir, name))
		if gone != (err != nil) {
			t.Errorf("%s: removed %t, want %t", name, err != nil, gone)
		}
	}
	if len(removed) != 2 {
		t.Errorf("reported %v as removed, want the 2 stale temporary files", removed)
	}
	if r, err := RemoveStaleTemps(filepath.Join(dir, "none")); r != nil || err != nil {
		t.Errorf("a missing folder: %v, %v", r, err)
	}
}
