// Package storage keeps the files the game writes for the player and reads
// back — settings, scores, replays, the player's own crafts — on the
// platform it runs on: the OS's files on the desktop (OS), the browser's
// localStorage on the web (Local). Platform returns the one this build
// runs on (chosen by build tag, in platform_js.go and platform_other.go).
//
// Both keep the same promise: a write leaves the old content or the new,
// never a mix, whatever kills the program (a crash, a power cut, a closed
// tab). Paths are slash-separated OS-style paths under ConfigDir and
// DataDir.
package storage

import (
	"errors"
)

// Policy is what the game tells the platform's storage about its files.
type Policy struct {
	// Droppable files may be removed, oldest first, to make room for a
	// save where space is short (a browser's few MiB): old replays.
	Droppable func(path string) bool
	// HandOut files are for the player to keep elsewhere (screenshots):
	// where there is no folder to put them in, a browser downloads them.
	HandOut func(path string) bool
}

// ErrFull is returned (wrapped) when a write does not fit the space the
// platform has left, even after dropping what may be dropped.
var ErrFull = errors.New("storage full")
