package craft

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func BenchmarkParseLander(b *testing.B) {
	src, err := fs.ReadFile(shipped().FS, "crafts/lander.toml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if _, err := ParseCraft("lander.toml", src); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkLoadMissionLand(b *testing.B) {
	lib := NewLibrary(shipped())
	for b.Loop() {
		if _, err := lib.LoadMission("land"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWatcherPollUnchanged is the per-second cost of hot reload while
// flying: a mission in a user folder on disk, with its two craft files.
func BenchmarkWatcherPollUnchanged(b *testing.B) {
	dir := b.TempDir()
	os.MkdirAll(filepath.Join(dir, "crafts"), 0o755)
	os.MkdirAll(filepath.Join(dir, "missions"), 0o755)
	os.WriteFile(filepath.Join(dir, "crafts", "small.toml"), []byte(baseCraft), 0o644)
	os.WriteFile(filepath.Join(dir, "missions", "m.toml"), []byte(baseMission), 0o644)
	w, err := DefaultLibrary(shipped().FS, dir).WatchMission("m")
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if w.Poll() {
			b.Fatal("reloaded")
		}
	}
}
