//go:build unix

package game

import (
	"errors"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"regexp"
	"strconv"
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

// A scores file that cannot be read — a folder in its place, or a file
// the player may not read (chmod 000) — is never written over: loading
// says so and starts afresh, and the first save keeps it aside under a
// new name, says which, and writes a new file beside it.
func TestScoresUnreadableKeptAside(t *testing.T) {
	t.Run("folder", func(t *testing.T) {
		path := filepath.Join(t.TempDir(), "scores.json")
		if err := os.Mkdir(path, 0o755); err != nil {
			t.Fatal(err)
		}
		os.WriteFile(filepath.Join(path, "inside"), []byte("kept"), 0o644)
		unreadableKeptAside(t, path, func(aside string) bool {
			b, err := os.ReadFile(filepath.Join(aside, "inside"))
			return err == nil && string(b) == "kept"
		})
	})
	t.Run("chmod 000", func(t *testing.T) {
		if os.Geteuid() == 0 {
			asNobody(t) // root reads a chmod 000 file
			return
		}
		path := filepath.Join(t.TempDir(), "scores.json")
		os.WriteFile(path, []byte(`{"best":{"land":{"score":1200,"medal":"gold"}}}`), 0o644)
		if err := os.Chmod(path, 0); err != nil {
			t.Fatal(err)
		}
		unreadableKeptAside(t, path, func(aside string) bool {
			os.Chmod(aside, 0o644)
			b, err := os.ReadFile(aside)
			return err == nil && strings.Contains(string(b), "1200")
		})
	})
}

func unreadableKeptAside(t *testing.T, path string, same func(aside string) bool) {
	t.Helper()
	s, err := LoadScores(path)
	if err == nil || !strings.Contains(err.Error(), "could not be read") || !strings.Contains(err.Error(), "kept aside") {
		t.Fatalf("loading: %v, want it to say the file could not be read and will be kept aside", err)
	}
	if len(s.Best) != 0 {
		t.Errorf("scores from an unreadable file: %v", s.Best)
	}
	ents, _ := os.ReadDir(filepath.Dir(path))
	if len(ents) != 1 {
		t.Errorf("loading moved or wrote files: %v", ents)
	}
	s.Record("tumble", Score{Score: 10})
	aside, err := s.Save(path)
	if err != nil || aside == "" || !strings.HasPrefix(aside, path+".unreadable-") {
		t.Fatalf("save: kept aside as %q, %v; want it kept aside and a new file written", aside, err)
	}
	if !same(aside) {
		t.Errorf("the file kept aside as %s is not the old one", aside)
	}
	again, err := LoadScores(path)
	if err != nil || again.Best["tumble"].Score != 10 {
		t.Errorf("the new scores file: %v, %v", again.Best, err)
	}
	if aside, err := again.Save(path); aside != "" || err != nil {
		t.Errorf("a second save kept %q aside (%v): only an unreadable file is", aside, err)
	}
}

// asNobody runs the calling test again in a copy of this test binary as
// the user nobody, and fails with its output if it fails; it skips when
// it cannot.
func asNobody(t *testing.T) {
	t.Helper()
	u, err := user.Lookup("nobody")
	if err != nil {
		t.Skipf("no user nobody: %v", err)
	}
	uid, _ := strconv.Atoi(u.Uid)
	gid, _ := strconv.Atoi(u.Gid)
	dir, err := os.MkdirTemp("", "spaceflight-nobody-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	exe := filepath.Join(dir, "game.test")
	b, err := os.ReadFile(os.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(exe, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(dir, uid, gid); err != nil {
		t.Skipf("cannot hand a folder to nobody: %v", err)
	}
	cmd := exec.Command(exe, "-test.run=^"+strings.ReplaceAll(regexp.QuoteMeta(t.Name()), "/", "$/^")+"$", "-test.v")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "HOME="+dir, "TMPDIR="+dir)
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("as nobody: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "--- PASS: "+t.Name()) {
		t.Fatalf("as nobody, the test did not run:\n%s", out)
	}
}
