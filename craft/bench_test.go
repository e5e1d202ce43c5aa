package craft

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// BenchmarkCheckUnknownKeys is check of a file of nothing but unknown keys,
// at three sizes up to the size limit (175k keys): the time per key stays
// the same, so the time of a file grows with its size, not its square.
func BenchmarkCheckUnknownKeys(b *testing.B) {
	for _, size := range []int{MaxFileSize / 16, MaxFileSize / 4, MaxFileSize} {
		src, n := unknownKeys("format = 1\n", "", size)
		file := filepath.Join(b.TempDir(), "crafts", "many.toml")
		os.MkdirAll(filepath.Dir(file), 0o755)
		os.WriteFile(file, []byte(src), 0o644)
		b.Run(fmt.Sprintf("keys=%d", n), func(b *testing.B) {
			var out strings.Builder
			for b.Loop() {
				out.Reset()
				if Check(NewLibrary(), []string{file}, false, &out) != 1 {
					b.Fatal("accepted")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/key")
			b.ReportMetric(float64(out.Len()), "output-bytes")
		})
	}
}
