package flight

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReplayRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.replay")
	r := &Replay{
		Format: ReplayFormat, Mission: "tumble", Dt: DefaultDt, Ticks: 600, Outcome: "undecided", Reason: "no outcome within 10 s",
		FinalHash: "0123456789abcdef",
		Files:     map[string]string{"missions/tumble.toml": HashFile([]byte("x"))},
		Commands:  []Command{{Tick: 3, Kind: KindPitch, Value: -1}, {Tick: 9, Kind: KindRoll, Value: 0.25}},
	}
	if err := r.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Commands) != 2 || got.Commands[1] != r.Commands[1] || got.Mission != "tumble" || got.Ticks != 600 || got.Reason != r.Reason {
		t.Errorf("round trip: got %+v", got)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("x")}); len(ch) != 0 {
		t.Errorf("unchanged file reported changed: %v", ch)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("y")}); len(ch) != 1 {
		t.Errorf("changed file not reported: %v", ch)
	}
	if ch := got.ChangedFiles(map[string][]byte{"missions/tumble.toml": []byte("x"), "crafts/box.toml": nil}); len(ch) != 1 || ch[0] != "crafts/box.toml" {
		t.Errorf("a file the replay does not know: reported %v", ch)
	}
}

func TestReplayBadFiles(t *testing.T) {
	const tail = `"final_hash":"0123456789abcdef","outcome":"success","reason":"r"`
	good := `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[5,"pitch",1]],` + tail + `}`
	path := filepath.Join(t.TempDir(), "good.replay")
	os.WriteFile(path, []byte(good), 0o644)
	if _, err := LoadReplay(path); err != nil {
		t.Fatalf("the good Replay: %v", err)
	}
	for name, text := range map[string]string{
		"not json":       "hello",
		"unknown kind":   `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[1,"warp_drive",1]],` + tail + `}`,
		"format":         `{"format":99,"mission":"m","dt":0.0166,"ticks":10,` + tail + `}`,
		"format 1":       `{"format":1,"mission":"m","dt":0.0166,"ticks":10,` + tail + `}`,
		"order":          `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[5,"pitch",1],[2,"pitch",0]],` + tail + `}`,
		"dt":             `{"format":2,"mission":"m","dt":0,"ticks":10,` + tail + `}`,
		"extra field":    `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"cheat":true,` + tail + `}`,
		"endless":        `{"format":2,"mission":"m","dt":0.0166,"ticks":10000000000000000000,` + tail + `}`,
		"command late":   `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[11,"pitch",1]],` + tail + `}`,
		"no outcome":     `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"final_hash":"0123456789abcdef","reason":"r"}`,
		"no mission":     `{"format":2,"dt":0.0166,"ticks":10,` + tail + `}`,
		"no hash":        `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"outcome":"success","reason":"r"}`,
		"negative ticks": `{"format":2,"mission":"m","dt":0.0166,"ticks":-1,` + tail + `}`,
	} {
		path := filepath.Join(t.TempDir(), "bad.replay")
		os.WriteFile(path, []byte(text), 0o644)
		if _, err := LoadReplay(path); err == nil {
			t.Errorf("%s: no error", name)
		} else if !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %q does not name the file", name, err)
		}
	}
}
