package storage

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"spaceflight/craft"
)

// OS keeps files in the OS's folders (XDG on Linux).
type OS struct{}

// ConfigDir is where settings.toml and the player's crafts/ and missions/
// live: os.UserConfigDir()/spaceflight (~/.config/spaceflight on Linux), or
// the OS temp dir when there is no such folder.
func (OS) ConfigDir() string {
	d, err := os.UserConfigDir()
	if err != nil {
		return filepath.Join(os.TempDir(), "spaceflight")
	}
	return filepath.Join(d, "spaceflight")
}

// DataDir is where the game keeps what it writes for the player:
// screenshots, scores, replays. It is $XDG_DATA_HOME/spaceflight, or
// ~/.local/share/spaceflight when XDG_DATA_HOME is unset (the XDG base
// directory default), or the OS temp dir when there is no home at all.
func (OS) DataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "spaceflight")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "spaceflight")
	}
	return filepath.Join(os.TempDir(), "spaceflight")
}

// ReadFile reads a regular file of at most limit bytes, without blocking on
// special files (craft.ReadFile).
func (OS) ReadFile(path string, limit int64) ([]byte, error) {
	return craft.ReadFile(path, limit)
}

// FS returns the folder dir as a file system.
func (OS) FS(dir string) fs.FS { return os.DirFS(dir) }

// Rename moves a file.
func (OS) Rename(from, to string) error { return os.Rename(from, to) }

// Remove removes a file.
func (OS) Remove(path string) error { return os.Remove(path) }

// WriteFile writes data to path through a temporary file in the same
// folder (named .NAME.tmpNNN) and a rename, so a crash or kill mid-write
// leaves either the old file or the new one, never a torn one. The file
// and then its folder are synced, so the rename itself survives a power
// cut. A kill can leave the temporary file behind: RemoveStaleTemps
// clears those.
//
// What is at path must be a regular file, or nothing (CheckTarget): the
// rename would replace a device, and as root turn /dev/full into a file.
func (OS) WriteFile(path string, data []byte) error {
	if err := CheckTarget(path); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	serr := tmp.Sync()
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %q: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	if err := syncDir(dir); err != nil {
		return fmt.Errorf("writing %q: syncing its folder: %w", path, err)
	}
	return nil
}

// CheckTarget refuses a path the game is asked to write to unless nothing
// is there yet or it is a regular file (through any symbolic links): a
// device such as /dev/full, a named pipe, a socket or a folder is refused,
// with craft.ErrNotRegular, before anything is written. Every file the
// game writes is checked so: saves (WriteFile), and what sim and the
// window write as they go (Create).
func CheckTarget(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	return checkWritable(path, fi)
}

// checkWritable refuses what fi describes unless it is a regular file.
func checkWritable(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	if m.IsRegular() {
		return nil
	}
	kind := craft.FileKind(m)
	return &fs.PathError{Op: "write", Path: craft.Printable(path),
		Err: fmt.Errorf("%w: it is %s, and the game writes only regular files", craft.ErrNotRegular, kind)}
}

// Create creates or truncates the regular file path for writing as a
// stream (sim's telemetry, plot and soundtrack), refusing what
// CheckTarget refuses. The open never blocks on a FIFO swapped in after
// the check, and the file opened is checked again before it is
// truncated.
func Create(path string) (*os.File, error) {
	if err := CheckTarget(path); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|openNonblock, 0o644)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		err = checkWritable(path, fi)
	}
	if err == nil {
		err = f.Truncate(0)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// syncDir makes a rename in dir durable. Windows has no way to sync a
// folder (its renames are journaled), so there it does nothing.
func syncDir(dir string) error {
	if runtime.GOOS == "windows" {
		return nil
	}
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	return errors.Join(d.Sync(), d.Close())
}

// staleAfter is how old a temporary file must be before RemoveStaleTemps
// takes it for a leftover: a write in progress (another instance of the
// game saving) is seconds old at most.
const staleAfter = time.Minute

// RemoveStaleTemps removes the temporary files WriteFile leaves in dir when
// it is killed mid-write (.NAME.tmpNNN, older than a minute) and returns
// their names. A missing folder has none.
func (OS) RemoveStaleTemps(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var removed []string
	var errs []error
	for _, e := range ents {
		if !IsTempName(e.Name()) || !e.Type().IsRegular() {
			continue
		}
		fi, err := e.Info()
		if err != nil || time.Since(fi.ModTime()) < staleAfter {
			continue
		}
		p := filepath.Join(dir, e.Name())
		if err := os.Remove(p); err != nil {
			errs = append(errs, err)
			continue
		}
		removed = append(removed, p)
	}
	return removed, errors.Join(errs...)
}

// IsTempName reports whether name is one WriteFile gives its temporary
// files: "." + a file name + ".tmp" + digits.
func IsTempName(name string) bool {
	i := strings.LastIndex(name, ".tmp")
	if !strings.HasPrefix(name, ".") || i <= 1 || i+4 == len(name) {
		return false
	}
	for _, c := range name[i+4:] {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
