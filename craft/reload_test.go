package craft

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// A watched craft reloads when its file changes, keeps the last good craft
// when the new version is broken, and notices a user file that overrides a
// shipped one.
func TestWatcher(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "crafts"), 0o755); err != nil {
		t.Fatal(err)
	}
	lib := DefaultLibrary(shipped().FS, dir)
	w, err := lib.WatchCraft("box")
	if err != nil || w.Value == nil || w.Value.Name != "Box" {
		t.Fatalf("watch shipped box: %v", err)
	}
	if w.Poll() {
		t.Fatal("Poll reloaded an unchanged file")
	}

	// A user file overrides the shipped box.
	file := filepath.Join(dir, "crafts", "box.toml")
	good := strings.Replace(baseCraft, `name = "Test"`, `name = "User box"`, 1)
	write := func(s string, age time.Duration) {
		t.Helper()
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		// Distinct modification times even on coarse file systems.
		mt := time.Now().Add(age)
		if err := os.Chtimes(file, mt, mt); err != nil {
			t.Fatal(err)
		}
	}
	write(good, -time.Hour)
	if !w.Poll() || w.Value.Name != "User box" || w.Err != nil {
		t.Fatalf("override not loaded: %v %v", w.Value.Name, w.Err)
	}

	// A broken save keeps the last good craft and reports the error.
	write(strings.Replace(good, "max_thrust = 10\n", "max_thurst = 10\n", 1), -time.Minute)
	if w.Poll() {
		t.Fatal("Poll accepted a broken file")
	}
	if w.Value.Name != "User box" || len(Errors(w.Err)) != 1 || !strings.Contains(w.Err.Error(), "max_thurst") {
		t.Fatalf("after broken save: value %q, err %v", w.Value.Name, w.Err)
	}
	if w.Poll() {
		t.Fatal("Poll reloaded the unchanged broken file")
	}

	// Fixed again.
	write(strings.Replace(good, "User box", "User box 2", 1), 0)
	if !w.Poll() || w.Value.Name != "User box 2" || w.Err != nil {
		t.Fatalf("fix not loaded: %q %v", w.Value.Name, w.Err)
	}

	// Removing the user file falls back to the shipped box.
	if err := os.Remove(file); err != nil {
		t.Fatal(err)
	}
	if !w.Poll() || w.Value.Name != "Box" {
		t.Fatalf("shipped box not back: %q %v", w.Value.Name, w.Err)
	}
}

// A mission watcher also watches the mission's craft files.
func TestWatchMissionCrafts(t *testing.T) {
	dir := t.TempDir()
	for _, d := range []string{"crafts", "missions"} {
		if err := os.MkdirAll(filepath.Join(dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	craftFile := filepath.Join(dir, "crafts", "small.toml")
	os.WriteFile(craftFile, []byte(baseCraft), 0o644)
	os.WriteFile(filepath.Join(dir, "missions", "m.toml"), []byte(baseMission), 0o644)
	old := time.Now().Add(-time.Hour)
	os.Chtimes(craftFile, old, old)
	w, err := DefaultLibrary(shipped().FS, dir).WatchMission("m")
	if err != nil {
		t.Fatal(err)
	}
	if w.Value.Player.Spec.Name != "Test" {
		t.Fatalf("player craft %q", w.Value.Player.Spec.Name)
	}
	// Player and target are the same file: it is loaded once and watched once.
	if w.Value.Player.Spec != w.Value.Target.Spec || len(w.files) != 2 {
		t.Errorf("one craft file placed twice: specs shared %v, %d watched files, want 2",
			w.Value.Player.Spec == w.Value.Target.Spec, len(w.files))
	}
	os.WriteFile(craftFile, []byte(strings.Replace(baseCraft, `name = "Test"`, `name = "Changed"`, 1)), 0o644)
	// The craft changed, not the mission: a message names the craft's file.
	if got := w.ChangedFiles(); len(got) != 1 || got[0] != craftFile {
		t.Errorf("ChangedFiles = %q, want [%q]", got, craftFile)
	}
	if !w.Poll() || w.Value.Player.Spec.Name != "Changed" {
		t.Fatalf("craft change not picked up: %v", w.Err)
	}
}

func TestWatcherFiles(t *testing.T) {
	w, err := NewLibrary(shipped()).WatchMission("dock")
	if err != nil {
		t.Fatal(err)
	}
	files := w.Files()
	for _, want := range []string{"data/missions/dock.toml", "data/crafts/shuttle.toml", "data/crafts/station.toml"} {
		if len(files[want]) == 0 {
			t.Errorf("Files() lacks %s (got %d files)", want, len(files))
		}
	}
}

// A mission watcher notices a user file that starts overriding one of the
// mission's shipped crafts, as a craft watcher does for its own file.
func TestWatchMissionCraftOverride(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "crafts"), 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := DefaultLibrary(shipped().FS, dir).WatchMission("dock")
	if err != nil {
		t.Fatal(err)
	}
	station, err := fs.ReadFile(shipped().FS, "crafts/station.toml")
	if err != nil {
		t.Fatal(err)
	}
	name := w.Value.Target.Spec.Name
	user := strings.Replace(string(station), "name = \""+name+"\"", `name = "User station"`, 1)
	if user == string(station) {
		t.Fatalf("no name = %q line in the shipped station", name)
	}
	if err := os.WriteFile(filepath.Join(dir, "crafts", "station.toml"), []byte(user), 0o644); err != nil {
		t.Fatal(err)
	}
	if !w.Poll() || w.Value.Target.Spec.Name != "User station" {
		t.Fatalf("user station not picked up: %v", w.Err)
	}
	if w.Poll() {
		t.Fatal("Poll reloaded unchanged files")
	}
}

// A mission whose craft file is missing says so, in any layer: an embedded
// or in-memory file system's error does not read like the OS's.
func TestMissionCraftFileMissing(t *testing.T) {
	lib := NewLibrary(Layer{Name: "mem", FS: fstest.MapFS{
		"missions/m.toml":   {Data: []byte(strings.Replace(baseMission, `craft = "small"`, `craft = "gone.toml"`, 1))},
		"crafts/small.toml": {Data: []byte(baseCraft)},
	}})
	_, err := lib.LoadMission("m")
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Path != "player.craft" || !strings.Contains(errs[0].Msg, "gone.toml\" does not exist") {
		t.Fatalf("got %v", err)
	}
}
