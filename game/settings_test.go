package game

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"spaceflight/game/storage"

	"github.com/hajimehoshi/ebiten/v2"
)

func TestSettingsRoundTrip(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	s := DefaultSettings()
	s.Keys[ActPitchDown] = []ebiten.Key{ebiten.KeyArrowUp, ebiten.KeyNumpad8}
	s.Buttons[ActGear] = []ebiten.StandardGamepadButton{ebiten.StandardGamepadButtonLeftTop, ebiten.StandardGamepadButtonCenterCenter}
	s.Buttons[ActPause] = nil
	s.Master, s.Mute = 0.25, true
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	got, err := LoadSettings(path)
	if err != nil {
		t.Fatalf("loading what Save wrote: %v", err)
	}
	for a := range actionCount {
		if !slicesEqual(got.Keys[a], s.Keys[a]) {
			t.Errorf("%v: keys %v, want %v", a, got.Keys[a], s.Keys[a])
		}
		if a != ActPause && !slices.Equal(got.Buttons[a], s.Buttons[a]) {
			t.Errorf("%v: buttons %v, want %v", a, got.Buttons[a], s.Buttons[a])
		}
	}
	// An action left without buttons is not written, so it keeps its default.
	if !slices.Equal(got.Buttons[ActPause], DefaultSettings().Buttons[ActPause]) {
		t.Errorf("pause buttons %v", got.Buttons[ActPause])
	}
	if got.Master != 0.25 || !got.Mute || got.Effects != 1 || got.DeadZone != 0.15 {
		t.Errorf("got %+v", got)
	}
}

func slicesEqual(a, b []ebiten.Key) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A bad settings file never stops the game: LoadSettings returns usable
// settings (defaults where the file is wrong) and a message naming the
// place.
func TestSettingsBadFiles(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		want       []string // in the message
		check      func(Settings) bool
	}{
		{"syntax", "[keys]\npitch_up = [\"S\"\n", []string{"line 2:", "line skipped"},
			func(s Settings) bool { return s.Keys[ActPitchUp][0] == ebiten.KeyS }},
		// One line that is not TOML costs that line only.
		{"bare key name", "[keys]\npitch_up = [W]\nyaw_left = [\"J\"]\n[audio]\nmaster = 0.4\n", []string{"line 2:", "line skipped"},
			func(s Settings) bool {
				return s.Keys[ActPitchUp][0] == ebiten.KeyS && s.Keys[ActYawLeft][0] == ebiten.KeyJ && s.Master == 0.4
			}},
		{"key name typo", "[keys]\nthrottle_up = [\"ShiftLeftt\"]\n", []string{`unknown key name "ShiftLeftt" (did you mean "ShiftLeft"?)`},
			func(s Settings) bool { return s.Keys[ActThrottleUp][0] == ebiten.KeyShiftLeft }},
		{"unknown key name", "[keys]\npitch_up = [\"Banana\"]\nyaw_left = [\"J\"]\n", []string{"keys.pitch_up", `"Banana"`},
			func(s Settings) bool {
				return s.Keys[ActPitchUp][0] == ebiten.KeyS && s.Keys[ActYawLeft][0] == ebiten.KeyJ
			}},
		{"unknown action", "[keys]\nbarrel_roll = [\"B\"]\n", []string{`unknown action "barrel_roll" in [keys]`},
			func(s Settings) bool { return true }},
		{"out of range", "[audio]\nmaster = 3\neffects = 0.5\n", []string{"audio.master: 3 must be between 0 and 1"},
			func(s Settings) bool { return s.Master == 0.8 && s.Effects == 0.5 }},
		{"wrong type", "[audio]\nmute = \"yes\"\n", []string{"audio.mute: must be true or false, not a string"},
			func(s Settings) bool { return !s.Mute }},
		{"unknown button", "[buttons]\ngear = [\"turbo\"]\n", []string{"buttons.gear", `"turbo"`},
			func(s Settings) bool { return s.Buttons[ActGear][0] == ebiten.StandardGamepadButtonRightRight }},
		{"button typo", "[buttons]\ngear = [\"right_rigth\"]\n", []string{`unknown button "right_rigth" (did you mean "right_right"?)`},
			func(s Settings) bool { return s.Buttons[ActGear][0] == ebiten.StandardGamepadButtonRightRight }},
		{"unknown section", "[video]\nfps = 30\n", []string{`unknown section "video"`},
			func(s Settings) bool { return true }},
		// BurntSushi/toml alone takes minutes over this; it is refused first.
		{"deep nesting", "[keys]\npitch_up = " + strings.Repeat("[", 60000) + "\n", []string{"line 2:", "nested deeper than"},
			func(s Settings) bool { return s.Keys[ActPitchUp][0] == ebiten.KeyS }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "settings.toml")
			if err := os.WriteFile(path, []byte(tc.text), 0o644); err != nil {
				t.Fatal(err)
			}
			s, err := LoadSettings(path)
			if err == nil {
				t.Fatal("no error for a bad file")
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err, w)
				}
			}
			if !strings.Contains(err.Error(), path) {
				t.Errorf("message %q does not name the file", err)
			}
			if !tc.check(s) {
				t.Errorf("settings after a bad file: %+v", s)
			}
		})
	}
	if _, err := LoadSettings(filepath.Join(t.TempDir(), "none.toml")); err != nil {
		t.Errorf("a missing file is not an error, got %v", err)
	}
}

// Settings fall back key by key: a wrong-typed or unknown key, or a whole
// table of the wrong type, costs only itself; every other key is taken,
// and the message names each bad key (with a suggestion where one fits).
func TestSettingsFallBackPerKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	text := `[keys]
pitch_up = ["ArrowUp"]
yaw_left = "J"            # not an array
[buttons]
gear = ["left_top"]
[gamepad]
dead_zone = "wide"        # not a number
[audio]
master = 0.3
mute = "yes"              # not a boolean
efects = 0.5              # typo
[vidoe]
`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := LoadSettings(path)
	if err == nil {
		t.Fatal("no message for a file with four bad keys")
	}
	def := DefaultSettings()
	if !slicesEqual(s.Keys[ActPitchUp], []ebiten.Key{ebiten.KeyArrowUp}) || !slicesEqual(s.Keys[ActYawLeft], def.Keys[ActYawLeft]) {
		t.Errorf("keys: pitch_up %v, yaw_left %v", s.Keys[ActPitchUp], s.Keys[ActYawLeft])
	}
	if !slices.Equal(s.Buttons[ActGear], []ebiten.StandardGamepadButton{ebiten.StandardGamepadButtonLeftTop}) {
		t.Errorf("gear buttons %v", s.Buttons[ActGear])
	}
	if s.Master != 0.3 || s.Mute || s.Effects != def.Effects || s.DeadZone != def.DeadZone {
		t.Errorf("master %g, mute %t, effects %g, dead zone %g: want 0.3 and the defaults for the rest", s.Master, s.Mute, s.Effects, s.DeadZone)
	}
	for _, want := range []string{
		"keys.yaw_left: must be an array",
		"gamepad.dead_zone: must be a number, not a string",
		"audio.mute: must be true or false",
		`unknown key "efects" in [audio] (did you mean "effects"?)`,
		`unknown section "vidoe"`,
	} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("message %q lacks %q", err, want)
		}
	}
	if strings.Contains(err.Error(), "default settings") {
		t.Errorf("message %q says the whole file was dropped", err)
	}
}

// The graphics quality round-trips through settings.toml; a wrong value is
// reported by its key and the default, auto, kept.
func TestSettingsQuality(t *testing.T) {
	path := filepath.Join(t.TempDir(), "settings.toml")
	s := DefaultSettings()
	if s.Quality != QualityAuto {
		t.Errorf("default quality %q, want auto", s.Quality)
	}
	s.Quality = QualityLow
	if err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	if got, err := LoadSettings(path); err != nil || got.Quality != QualityLow {
		t.Errorf("quality %q (%v), want low", got.Quality, err)
	}
	got, err := ParseSettings(path, []byte("[graphics]\nquality = \"ultra\"\n"))
	if err == nil || !strings.Contains(err.Error(), "graphics.quality") || got.Quality != QualityAuto {
		t.Errorf("quality = \"ultra\": %q, error %v; want auto and an error naming graphics.quality", got.Quality, err)
	}
}

// --mute silences one run: settings saved during it (the settings page)
// keep the file's mute, unless the player switched mute themselves.
func TestMuteFlagNotSaved(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	path := filepath.Join(storage.ConfigDir(), "settings.toml")
	a := testApp(t)
	a.opts.Mute, a.fileMute, a.settings.Mute = true, false, true
	a.settings.Master = 0.5
	a.saveSettings()
	s, err := LoadSettings(path)
	if err != nil {
		t.Fatal(err)
	}
	if s.Mute || s.Master != 0.5 {
		t.Errorf("saved mute %v, master %v: want the file's mute (false) and the new master 0.5", s.Mute, s.Master)
	}
	a.muteSet = true // the player pressed M: unmuted, then muted again
	a.saveSettings()
	if s, _ = LoadSettings(path); !s.Mute {
		t.Error("the player's own mute was not saved")
	}
}

// However many lines of a settings file are not TOML, each costs only
// itself (as the README says): here 40 of them, between good settings in
// every table. Each is named, up to a few, and the rest counted.
func TestSettingsManyBadLines(t *testing.T) {
	var b strings.Builder
	bad := 0
	goods := []string{"[keys]\n", "pitch_up = [\"I\"]\n", "yaw_left = [\"J\",\n  \"H\"]  # a value over two lines\n[audio]\n",
		"master = 0.4\nmute = true\n[graphics]\n", "quality = \"low\"\n"}
	for i, good := range goods {
		b.WriteString(good)
		for k := 0; k < 10 && i < len(goods)-1; k++ { // ten after each but the last
			bad++
			fmt.Fprintf(&b, "this line %d is not TOML\n", bad)
		}
	}
	s, err := ParseSettings("settings.toml", []byte(b.String()))
	if s.Keys[ActPitchUp][0] != ebiten.KeyI || !slices.Equal(s.Keys[ActYawLeft], []ebiten.Key{ebiten.KeyJ, ebiten.KeyH}) ||
		s.Master != 0.4 || !s.Mute || s.Quality != QualityLow {
		t.Errorf("the good settings were lost: pitch_up %v, yaw_left %v, master %g, mute %v, quality %q",
			s.Keys[ActPitchUp], s.Keys[ActYawLeft], s.Master, s.Mute, s.Quality)
	}
	if err == nil || !strings.Contains(err.Error(), "line 2:") || !strings.Contains(err.Error(), "line skipped") ||
		!strings.Contains(err.Error(), fmt.Sprintf("and %d more lines skipped", bad-maxNamedProblems)) {
		t.Errorf("message %v: want the first bad lines named and the rest counted", err)
	}
	if strings.Contains(fmt.Sprint(err), "default settings") {
		t.Errorf("message %v: the file is not dropped whole", err)
	}
}
