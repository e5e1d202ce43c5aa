//go:build unix

package storage

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"spaceflight/craft"
)

// Neither a save (WriteFile) nor a stream (Create) writes over what is
// not a regular file — a device, a FIFO (without blocking on it), a
// folder — and both write a new or regular file as before.
func TestWritesRefuseSpecialTargets(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	dev := filepath.Join(dir, "null")
	os.Symlink(os.DevNull, dev)
	for _, p := range []string{fifo, dev, dir} {
		if err := (OS{}).WriteFile(p, []byte("x")); !errors.Is(err, craft.ErrNotRegular) {
			t.Errorf("WriteFile(%s): %v, want ErrNotRegular", p, err)
		}
		if f, err := Create(p); !errors.Is(err, craft.ErrNotRegular) {
			t.Errorf("Create(%s): %v, want ErrNotRegular", p, err)
			if f != nil {
				f.Close()
			}
		}
	}
	if target, _ := os.Readlink(dev); target != os.DevNull {
		t.Errorf("the link to %s was replaced", os.DevNull)
	}
	p := filepath.Join(dir, "rows.csv")
	os.WriteFile(p, []byte("old, longer than the new"), 0o644)
	f, err := Create(p)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("new")
	f.Close()
	if b, _ := os.ReadFile(p); string(b) != "new" {
		t.Errorf("Create over a regular file: %q, want it truncated and written", b)
	}
}
