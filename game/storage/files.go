package storage

import (
	"io/fs"
	"path/filepath"
)

// Storage is where the game keeps what it writes for the player and reads
// back: settings, scores, replays, screenshots, and the player's own crafts
// and missions. On the desktop it is the OS's files (storage.OS); in a
// browser, localStorage (storage.Local). Paths are OS-style paths under
// ConfigDir and DataDir. Every save goes through WriteFileAtomic and every
// read through ReadFile, so both platforms keep the same promises.
type Storage interface {
	ConfigDir() string
	DataDir() string
	// ReadFile returns a file's content, refusing one over limit bytes; a
	// missing file's error wraps fs.ErrNotExist.
	ReadFile(path string, limit int64) ([]byte, error)
	// WriteFile replaces a file whole: whatever stops the program leaves
	// the old content or the new, never a mix.
	WriteFile(path string, data []byte) error
	Rename(from, to string) error
	Remove(path string) error
	// RemoveStaleTemps removes what writes killed midway left in dir and
	// returns their paths.
	RemoveStaleTemps(dir string) ([]string, error)
	// FS is the folder dir as a file system (the craft library's user
	// layer reads it).
	FS(dir string) fs.FS
}

// files is this build's Storage, chosen by build tag in package storage.
// In a browser, where a site has a few MiB, the oldest replays make room
// for new saves, and screenshots (F12) are downloads.
var files Storage = Platform(Policy{Droppable: IsReplay, HandOut: IsScreenshot})

// IsReplay reports whether path is a saved flight in DataDir's replays/.
func IsReplay(path string) bool { return inFolder(path, "replays", ".replay") }

// IsScreenshot reports whether path is an F12 screenshot.
func IsScreenshot(path string) bool { return inFolder(path, "screenshots", ".png") }

func inFolder(path, folder, ext string) bool {
	return filepath.Base(filepath.Dir(path)) == folder && filepath.Ext(path) == ext
}

// DataDir is where the game keeps what it writes for the player:
// screenshots, scores, replays. On the desktop it is
// $XDG_DATA_HOME/spaceflight, or ~/.local/share/spaceflight when
// XDG_DATA_HOME is unset (the XDG base directory default), or the OS temp
// dir when there is no home at all; in a browser, /data in localStorage.
func DataDir() string { return files.DataDir() }

// WriteFileAtomic writes data to path so that a crash, kill, power cut or
// closed tab mid-write leaves either the old file or the new one, never a
// torn one. On the desktop it writes a temporary file in the same folder
// (named .NAME.tmpNNN), syncs it, renames it over path and syncs the
// folder; a kill can leave the temporary file behind, and RemoveStaleTemps
// clears those. In a browser it is one localStorage write.
func WriteFileAtomic(path string, data []byte) error { return files.WriteFile(path, data) }

// ReadFile reads a file the game saved (WriteFileAtomic): only a regular
// file of at most limit bytes, without blocking on special files.
func ReadFile(path string, limit int64) ([]byte, error) { return files.ReadFile(path, limit) }

// RemoveStaleTemps removes the temporary files WriteFileAtomic leaves in
// dir when it is killed mid-write (older than a minute) and returns their
// names. A missing folder has none.
func RemoveStaleTemps(dir string) ([]string, error) { return files.RemoveStaleTemps(dir) }

// ConfigDir is where settings.toml lives: os.UserConfigDir()/spaceflight
// (~/.config/spaceflight on Linux); in a browser, /config in localStorage.
func ConfigDir() string { return files.ConfigDir() }

// Rename moves a file the game saved.
func Rename(from, to string) error { return files.Rename(from, to) }

// Remove deletes a file the game saved.
func Remove(path string) error { return files.Remove(path) }

// FS is the folder dir as a file system.
func FS(dir string) fs.FS { return files.FS(dir) }
