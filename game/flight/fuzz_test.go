package flight

import (
	"cmp"
	"math"
	"reflect"
	"slices"
	"testing"
)

// FuzzLoadReplay: no input makes the replay loader panic, and every replay
// it accepts keeps its promises — the format it reads, a step in range, a
// bounded length, commands in order and within the flight — and comes out
// the same after a save and a reload.
func FuzzLoadReplay(f *testing.F) {
	f.Add([]byte(`{"format":2,"mission":"land","files":{"data/missions/land.toml":"ab"},"dt":0.016666666666666666,"ticks":120,` +
		`"commands":[[0,"autopilot",0],[3,"pitch",-1],[9,"throttle",0.5]],"final_hash":"0123456789abcdef","outcome":"success","reason":"soft"}`))
	f.Add([]byte(`{"format":2,"mission":"../m.toml","dt":0.01,"ticks":18446744073709551615,"commands":[],"final_hash":"x","outcome":"crash","reason":""}`))
	f.Add([]byte(`{"format":1,"mission":"m","dt":1e-300,"commands":[[1,"warp_drive",1e308]],"cheat":true}`))
	f.Add([]byte(`[[0,"pitch"],{"format":2}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseReplay("fuzz.replay", data)
		if err != nil {
			return
		}
		if r.Format != ReplayFormat || CheckDt(r.Dt) != nil || r.Outcome == "" || r.Mission == "" ||
			float64(r.Ticks)*r.Dt > MaxFlightTime+runOn+1 {
			t.Fatalf("accepted %+v", r)
		}
		if !slices.IsSortedFunc(r.Commands, func(a, b Command) int { return cmp.Compare(a.Tick, b.Tick) }) {
			t.Fatalf("accepted commands out of order: %v", r.Commands)
		}
		for _, c := range r.Commands {
			if c.Tick > r.Ticks || c.Kind == KindNone || c.Kind >= kindCount || math.IsNaN(c.Value) || math.IsInf(c.Value, 0) {
				t.Fatalf("accepted command %+v in a flight of %d ticks", c, r.Ticks)
			}
		}
		b, err := r.Encode()
		if err != nil {
			t.Fatalf("an accepted replay does not encode: %v", err)
		}
		again, err := ParseReplay("fuzz.replay", b)
		if err != nil || !reflect.DeepEqual(normal(again), normal(r)) {
			t.Fatalf("save and reload: %v\n%+v\n%+v", err, r, again)
		}
	})
}

// normal makes empty and missing lists and maps compare equal.
func normal(r *Replay) Replay {
	n := *r
	if len(n.Commands) == 0 {
		n.Commands = nil
	}
	if len(n.Files) == 0 {
		n.Files = nil
	}
	return n
}

// FuzzReplayLink: no link makes the link reader panic or unpack past its
// limit, and a replay a link carries makes a link again that reads back
// the same.
func FuzzReplayLink(f *testing.F) {
	good := []byte(`{"format":2,"mission":"land","dt":0.016666666666666666,"ticks":120,"commands":[[0,"autopilot",0]],"final_hash":"0123456789abcdef","outcome":"success","reason":"soft"}`)
	link, err := Link(good)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(link)
	f.Add("http://127.0.0.1:8080/?warp=8" + link)
	f.Add(link[:len(link)/2])
	f.Add("#replay=")
	f.Add("#replay=____----AAAA==")
	f.Fuzz(func(t *testing.T, link string) {
		b, err := linkBytes(link)
		if err != nil {
			return
		}
		if len(b) > MaxLinkReplaySize {
			t.Fatalf("unpacked %d bytes", len(b))
		}
		r, err := ReplayFromLink(link)
		if err != nil {
			return
		}
		enc, err := r.Encode()
		if err != nil {
			t.Fatal(err)
		}
		again, err := Link(enc)
		if err != nil {
			t.Fatal(err)
		}
		r2, err := ReplayFromLink(again)
		if err != nil || !reflect.DeepEqual(normal(r2), normal(r)) {
			t.Fatalf("link and back: %v\n%+v\n%+v", err, r, r2)
		}
	})
}
