package game

import (
	"cmp"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
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
		if r.Format != ReplayFormat || !(r.Dt > 0 && r.Dt <= 0.1) || r.Outcome == "" || r.Mission == "" ||
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

// FuzzLoadSettings: no input makes the settings loader panic, and whatever
// the file says, the settings it returns are usable — every volume and the
// dead zone in range, every binding a real key or button — and survive a
// save and a reload without a message.
func FuzzLoadSettings(f *testing.F) {
	def := DefaultSettings()
	f.Add(def.Encode())
	f.Add([]byte("[keys]\npitch_up = [\"ArrowUp\", \"W\"]\nyaw_left = \"J\"\n[audio]\nmaster = 0.3\nmute = \"yes\"\nefects = 2\n[vidoe]\n"))
	f.Add([]byte("[buttons]\ngear = [\"left_top\", 3]\n[gamepad]\ndead_zone = nan\n[audio]\nmaster = inf\neffects = -0.0\n"))
	f.Add([]byte("keys = 1\naudio = [1, 2]\n[[gamepad]]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, _ := ParseSettings("fuzz.toml", data)
		if !(s.DeadZone >= 0 && s.DeadZone <= 0.9) || !(s.Master >= 0 && s.Master <= 1) || !(s.Effects >= 0 && s.Effects <= 1) {
			t.Fatalf("out of range: dead zone %g, master %g, effects %g", s.DeadZone, s.Master, s.Effects)
		}
		for a := range actionCount {
			for _, k := range s.Keys[a] {
				if k < 0 || k > ebiten.KeyMax {
					t.Fatalf("%v bound to key %d", a, k)
				}
			}
			for _, b := range s.Buttons[a] {
				if _, ok := buttonNames[b]; !ok {
					t.Fatalf("%v bound to button %d", a, b)
				}
			}
		}
		again, err := ParseSettings("fuzz.toml", s.Encode())
		if err != nil {
			t.Fatalf("what Encode wrote does not load: %v\n%s", err, s.Encode())
		}
		for a := range actionCount {
			// An action left without buttons is not written, so it
			// reloads with its defaults; keys are always written.
			if !slices.Equal(again.Keys[a], s.Keys[a]) || len(s.Buttons[a]) > 0 && !slices.Equal(again.Buttons[a], s.Buttons[a]) {
				t.Fatalf("%v: reloaded %v %v, saved %v %v", a, again.Keys[a], again.Buttons[a], s.Keys[a], s.Buttons[a])
			}
		}
		if again.DeadZone != s.DeadZone || again.Master != s.Master || again.Effects != s.Effects || again.Mute != s.Mute {
			t.Fatalf("reloaded %+v, saved %+v", again, s)
		}
	})
}
