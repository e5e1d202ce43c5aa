package storage

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// A process killed while it writes a file atomically leaves either the old
// file or a complete new one, never a torn one. The writer is this test
// binary, re-run with SPACEFLIGHT_ATOMIC_WRITER set.
func TestAtomicWriteSurvivesKill(t *testing.T) {
	if p := os.Getenv("SPACEFLIGHT_ATOMIC_WRITER"); p != "" {
		big := bytes.Repeat([]byte("new-contents "), 4<<20) // 52 MB: the write takes a while
		for {
			(OS{}).WriteFile(p, big)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.json")
	old := []byte(`{"best":{}}`)
	if err := (OS{}).WriteFile(path, old); err != nil {
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
		if e.Name() != "scores.json" && !IsTempName(e.Name()) {
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
	removed, err := (OS{}).RemoveStaleTemps(dir)
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
	if r, err := (OS{}).RemoveStaleTemps(filepath.Join(dir, "none")); r != nil || err != nil {
		t.Errorf("a missing folder: %v, %v", r, err)
	}
}
