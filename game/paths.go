package game

import (
	"fmt"
	"os"
	"path/filepath"
)

// DataDir is where the game keeps what it writes for the player: screenshots,
// scores, replays. It is $XDG_DATA_HOME/spaceflight, or
// ~/.local/share/spaceflight when XDG_DATA_HOME is unset (the XDG base
// directory default), or the OS temp dir when there is no home at all.
func DataDir() string {
	if d := os.Getenv("XDG_DATA_HOME"); filepath.IsAbs(d) {
		return filepath.Join(d, "spaceflight")
	}
	if home, err := os.UserHomeDir(); err == nil {
		return filepath.Join(home, ".local", "share", "spaceflight")
	}
	return filepath.Join(os.TempDir(), "spaceflight")
}

// WriteFileAtomic writes data to path through a temporary file in the same
// folder and a rename, so a crash or kill mid-write leaves either the old
// file or the new one, never a torn one.
func WriteFileAtomic(path string, data []byte) error {
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
	if err := firstErr(werr, serr, cerr); err != nil {
		os.Remove(name)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
