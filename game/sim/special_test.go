//go:build unix

package sim

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"spaceflight/data"
	"spaceflight/game/flight"
)

// Every output sim writes refuses what is not a regular file before
// writing a byte: a device such as /dev/full (here through a symbolic
// link to it), a named pipe or a folder. The flight flies all the same,
// and sim exits 3 with its JSON, naming the output; /dev/full stays a
// device. An output whose folder is missing is the same exit 3, not a
// usage error.
func TestSimOutputsRefuseSpecialFiles(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.csv")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "folder.replay")
	os.Mkdir(folder, 0o755)
	full := func(name string) string {
		p := filepath.Join(dir, name)
		os.Symlink("/dev/full", p)
		return p
	}
	for _, c := range []struct {
		flag, path, want string
	}{
		{"--record", full("full.replay"), "not a regular file: it is a device"},
		{"--record", folder, "not a regular file: it is a folder"},
		{"--telemetry", full("full.csv"), "not a regular file: it is a device"},
		{"--telemetry", fifo, "not a regular file: it is a named pipe"},
		{"--plot", full("full.png"), "not a regular file: it is a device"},
		{"--audio-out", full("full.wav"), "not a regular file: it is a device"},
		{"--audio-out", "/dev/full", "not a regular file: it is a device"},
		{"--audio-out", filepath.Join(dir, "missing", "x.wav"), "no such file or directory"},
	} {
		var stdout, stderr strings.Builder
		code := Run(data.FS, []string{"tumble", "--duration", "0.5", c.flag, c.path}, &stdout, &stderr)
		var res flight.Result
		err := json.Unmarshal([]byte(stdout.String()), &res)
		if code != flight.ExitOutput || err != nil || res.Steps != 30 || !strings.Contains(res.Error, c.want) {
			t.Errorf("%s %s: exit %d, error %q (%v), %d steps; want 3 and %q after the whole flight", c.flag, c.path, code, res.Error, err, res.Steps, c.want)
		}
	}
	if fi, err := os.Stat("/dev/full"); err != nil || fi.Mode()&os.ModeDevice == 0 {
		t.Errorf("/dev/full is no longer a device: %v", fi.Mode())
	}
	for _, name := range []string{"full.replay", "full.csv", "full.png", "full.wav"} {
		if target, err := os.Readlink(filepath.Join(dir, name)); err != nil || target != "/dev/full" {
			t.Errorf("%s replaced: %q, %v", name, target, err)
		}
	}
	if fi, err := os.Stat(folder); err != nil || !fi.IsDir() {
		t.Errorf("the folder in --record's place was replaced")
	}
}
