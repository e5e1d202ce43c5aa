package game

import (
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

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
