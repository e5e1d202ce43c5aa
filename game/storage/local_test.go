package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// newLocal is a Local over a map, with a clock that stands still unless
// the test moves it.
func newLocal(cap, quota int) (*Local, *memKV, *time.Time) {
	kv := &memKV{m: map[string]string{}, quota: quota}
	now := time.Unix(1000, 0)
	l := &Local{KV: kv, Prefix: "sf:", Cap: cap, Now: func() time.Time { return now },
		Droppable: func(p string) bool { return strings.HasPrefix(p, "/data/replays/") }}
	return l, kv, &now
}

func TestLocalRoundTrip(t *testing.T) {
	l, _, _ := newLocal(0, 0)
	for _, data := range [][]byte{[]byte("name = \"lander\"\n# ünïcode\n"), {0x89, 'P', 'N', 'G', 0, 0xff}, {}} {
		if err := l.WriteFile("/config/crafts/x.toml", data); err != nil {
			t.Fatal(err)
		}
		got, err := l.ReadFile("/config/crafts/x.toml", 100)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("read back %q, %v; want %q", got, err, data)
		}
	}
	if _, err := l.ReadFile("/config/none.toml", 100); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing file: %v, want fs.ErrNotExist", err)
	}
	l.WriteFile("/config/crafts/x.toml", []byte("abc"))
	if _, err := l.ReadFile("/config/crafts/x.toml", 2); err == nil {
		t.Errorf("a file over the limit was read")
	}
	if l.ConfigDir() != "/config" || l.DataDir() != "/data" {
		t.Errorf("dirs %q %q", l.ConfigDir(), l.DataDir())
	}
}

// A value that is not a whole file (cut short, edited by hand) is refused,
// not read as a shorter file.
func TestLocalCorruptValue(t *testing.T) {
	l, kv, _ := newLocal(0, 0)
	l.WriteFile("/data/scores.json", []byte(`{"best":{}}`))
	v := kv.m["sf:/data/scores.json"]
	for _, bad := range []string{v[:len(v)-2], "garbage", strings.Replace(v, "sf1", "sf9", 1)} {
		kv.m["sf:/data/scores.json"] = bad
		if _, err := l.ReadFile("/data/scores.json", 100); !errors.Is(err, ErrCorrupt) {
			t.Errorf("%q: %v, want ErrCorrupt", bad, err)
		}
	}
}

// A watcher compares size and modification time: a rewrite of the same
// size at the same clock reading still moves the time on.
func TestLocalModTimeMovesOn(t *testing.T) {
	l, _, _ := newLocal(0, 0)
	fsys := l.FS("/config")
	var last time.Time
	for i := range 3 {
		l.WriteFile("/config/crafts/a.toml", []byte(fmt.Sprint(i)))
		fi, err := fs.Stat(fsys, "crafts/a.toml")
		if err != nil {
			t.Fatal(err)
		}
		if !fi.ModTime().After(last) {
			t.Fatalf("write %d: mtime %v, not after %v", i, fi.ModTime(), last)
		}
		last = fi.ModTime()
	}
}

// The file system view passes the standard library's checks and lists
// folders made up from the paths.
func TestLocalFS(t *testing.T) {
	l, kv, _ := newLocal(0, 0)
	l.WriteFile("/config/crafts/a.toml", []byte("a = 1\n"))
	l.WriteFile("/config/crafts/b.toml", []byte("b = 2\n"))
	l.WriteFile("/config/missions/m.toml", []byte("m = 3\n"))
	l.WriteFile("/data/scores.json", []byte("{}"))
	kv.m["other-site-key"] = "x"
	if err := fstest.TestFS(l.FS("/config"), "crafts/a.toml", "crafts/b.toml", "missions/m.toml"); err != nil {
		t.Fatal(err)
	}
	ents, err := fs.ReadDir(l.FS("/config"), "crafts")
	if err != nil || len(ents) != 2 || ents[0].Name() != "a.toml" {
		t.Errorf("crafts: %v, %v", ents, err)
	}
	if _, err := fs.ReadDir(l.FS("/config"), "none"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a missing folder: %v", err)
	}
}

// Over the cap, the oldest replays go first; other files never go, and a
// write that cannot fit fails and changes nothing.
func TestLocalCapDropsOldestReplays(t *testing.T) {
	l, kv, now := newLocal(2000, 0)
	replay := bytes.Repeat([]byte("r"), 400)
	for i := range 4 {
		*now = now.Add(time.Second)
		if err := l.WriteFile(fmt.Sprintf("/data/replays/%d.replay", 3-i), replay); err != nil { // names run against age
			t.Fatal(err)
		}
	}
	*now = now.Add(time.Second)
	if err := l.WriteFile("/data/scores.json", bytes.Repeat([]byte("s"), 500)); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{"/data/replays/3.replay"} {
		if _, ok := kv.m["sf:"+p]; ok {
			t.Errorf("%s, the oldest replay, was kept", p)
		}
	}
	for _, p := range []string{"/data/replays/0.replay", "/data/replays/1.replay", "/data/scores.json"} {
		if _, ok := kv.m["sf:"+p]; !ok {
			t.Errorf("%s was dropped", p)
		}
	}
	if n := l.used(""); n > l.Cap {
		t.Errorf("%d units used, cap %d", n, l.Cap)
	}
	before := len(kv.m)
	err := l.WriteFile("/config/settings.toml", bytes.Repeat([]byte("x"), 3000))
	if !errors.Is(err, ErrFull) {
		t.Errorf("a file over the cap: %v, want ErrFull", err)
	}
	if len(kv.m) != before {
		t.Errorf("a write that cannot fit dropped files: %d → %d", before, len(kv.m))
	}
}

// When the browser's quota is hit before the cap, the oldest replays go
// too, and a failed Set leaves the old value whole.
func TestLocalQuotaDropsOldestReplays(t *testing.T) {
	l, kv, now := newLocal(0, 1500)
	for i := range 3 {
		*now = now.Add(time.Second)
		if err := l.WriteFile(fmt.Sprintf("/data/replays/%d.replay", i), bytes.Repeat([]byte("r"), 400)); err != nil {
			t.Fatal(err)
		}
	}
	if err := l.WriteFile("/data/replays/new.replay", bytes.Repeat([]byte("n"), 400)); err != nil {
		t.Fatal(err)
	}
	if _, ok := kv.m["sf:/data/replays/0.replay"]; ok {
		t.Errorf("the oldest replay was kept over the quota")
	}
	l.Droppable = nil
	l.WriteFile("/data/scores.json", []byte("old"))
	if err := l.WriteFile("/data/scores.json", bytes.Repeat([]byte("s"), 2000)); !errors.Is(err, ErrFull) {
		t.Errorf("over the quota with nothing to drop: %v", err)
	}
	if b, err := l.ReadFile("/data/scores.json", 100); string(b) != "old" {
		t.Errorf("after a refused write: %q, %v; want the old value", b, err)
	}
}

func TestLocalRenameRemove(t *testing.T) {
	l, _, _ := newLocal(0, 0)
	l.WriteFile("/data/scores.json", []byte("x"))
	if err := l.Rename("/data/scores.json", "/data/scores.json.corrupt"); err != nil {
		t.Fatal(err)
	}
	if _, err := l.ReadFile("/data/scores.json", 10); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("renamed file still there: %v", err)
	}
	if err := l.Remove("/data/scores.json.corrupt"); err != nil {
		t.Error(err)
	}
	if err := l.Remove("/data/scores.json.corrupt"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("removing a missing file: %v", err)
	}
}

// Files the game hands out (screenshots) are delivered, not stored.
func TestLocalHandOut(t *testing.T) {
	l, kv, _ := newLocal(0, 0)
	var got []string
	l.HandOut = func(p string) bool { return strings.HasPrefix(p, "/data/screenshots/") }
	l.Deliver = func(name string, data []byte) error { got = append(got, name+"="+string(data)); return nil }
	l.WriteFile("/data/screenshots/shot.png", []byte("png"))
	l.WriteFile("/data/scores.json", []byte("{}"))
	if len(got) != 1 || got[0] != "shot.png=png" {
		t.Errorf("delivered %q, want the screenshot", got)
	}
	if _, ok := kv.m["sf:/data/screenshots/shot.png"]; ok || len(kv.m) != 1 {
		t.Errorf("stored %d values; want only the scores", len(kv.m))
	}
}
