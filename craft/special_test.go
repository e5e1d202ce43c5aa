//go:build unix

package craft

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe at path; nothing ever writes to it, so a plain
// open or read of it blocks forever.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no FIFOs here: %v", err)
	}
}

// within fails the test if f has not returned after 5 s (it is then left
// blocked; the test binary ends anyway).
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatalf("%s: still blocked after 5 s", what)
	}
}

// A FIFO named as a craft, as a mission's craft, as a user library file or
// as a file to check is refused at once, saying what it is.
func TestSpecialFilesRefused(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.toml")
	mkfifo(t, fifo)
	mkfifo(t, filepath.Join(dir, "crafts", "piped.toml"))
	os.MkdirAll(filepath.Join(dir, "missions"), 0o755)
	os.WriteFile(filepath.Join(dir, "missions", "m.toml"), []byte(strings.Replace(baseMission, `craft = "small"`, `craft = "../pipe.toml"`, 1)), 0o644)
	lib := NewLibrary(shipped(), Layer{Name: dir, FS: os.DirFS(dir)})
	wantFIFO := func(what string, err error) {
		t.Helper()
		if err == nil || !strings.Contains(err.Error(), "named pipe") || !errors.Is(err, ErrNotRegular) {
			t.Errorf("%s: got %v, want a named-pipe error", what, err)
		}
	}
	within(t, "craft path", func() { _, err := lib.LoadCraft(fifo); wantFIFO("craft path", err) })
	within(t, "library craft", func() { _, err := lib.LoadCraft("piped"); wantFIFO("library craft", err) })
	within(t, "mission's craft", func() { _, err := lib.LoadMission("m"); wantFIFO("mission's craft", err) })
	within(t, "check", func() {
		var b strings.Builder
		if code := Check(lib, []string{fifo}, false, &b); code != 1 || !strings.Contains(b.String(), "named pipe") {
			t.Errorf("check of a FIFO: exit %d, output %q", code, b.String())
		}
	})
	within(t, "ReadFile", func() { _, err := ReadFile(fifo, 100); wantFIFO("ReadFile", err) })
	if _, err := ReadFile(dir, 100); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "folder") {
		t.Errorf("ReadFile of a folder: %v", err)
	}
}

// A file over the limit is refused with its real size, however large.
func TestFileTooLargeStatesSize(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.toml")
	os.WriteFile(big, []byte(baseCraft+"\n#"+strings.Repeat("x", 3_000_000)), 0o644)
	_, err := NewLibrary().LoadCraft(big)
	want := "file is 3000" // 3,000,000 bytes and a little more, not MaxFileSize+1
	if err == nil || !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), "1 MiB") {
		t.Errorf("got %v, want %q and the limit", err, want)
	}
	if strings.Count(err.Error(), big) != 1 {
		t.Errorf("message %q should name the file once", err)
	}
}
