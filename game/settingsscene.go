package game

import (
	"fmt"
	"math"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/render"
)

// settingsScene changes the settings in the game: volumes, mute, the
// gamepad's dead zone, graphics quality and every binding. Each change
// takes effect at once and is saved to settings.toml. To rebind, choose an
// action and press the key or gamepad button it should have (Esc cancels).
type settingsScene struct {
	back    Scene
	sel     int
	waiting int // the row being rebound, or −1
	screen  render.Screen
}

// settingsRows: the scalar settings, then one row per action, then these.
const (
	rowMaster = iota
	rowEffects
	rowMute
	rowDeadZone
	rowQuality
	rowActions // first action row
)

// settingsWindow is how many rows the page shows at once.
const settingsWindow = 15

func newSettingsScene(a *app, back Scene) *settingsScene {
	s := &settingsScene{back: back, waiting: -1}
	s.fill(a)
	return s
}

func (s *settingsScene) rows() int { return rowActions + int(actionCount) + 2 } // + reset, back

// row is the text of row i.
func (s *settingsScene) row(a *app, i int) string {
	set := &a.settings
	switch i {
	case rowMaster:
		return fmt.Sprintf("%-20s %3.0f %%", "Master volume", 100*set.Master)
	case rowEffects:
		return fmt.Sprintf("%-20s %3.0f %%", "Effects volume", 100*set.Effects)
	case rowMute:
		m := "off"
		if set.Mute {
			m = "on"
		}
		return fmt.Sprintf("%-20s %s", "Mute", m)
	case rowDeadZone:
		return fmt.Sprintf("%-20s %3.0f %%", "Stick dead zone", 100*set.DeadZone)
	case rowQuality:
		return fmt.Sprintf("%-20s %s", "Graphics quality", set.Quality)
	}
	if k := i - rowActions; k < int(actionCount) {
		act := Action(k)
		keys := allKeysOf(set, act)
		if i == s.waiting {
			keys = "press a key or button…"
		}
		line := fmt.Sprintf("%-20s %s", act.String(), keys)
		if b := buttonsOf(set, act); b != "" && i != s.waiting {
			line += "  | " + b
		}
		return line
	}
	if i == s.rows()-2 {
		return "Reset all to defaults"
	}
	return "Back"
}

// fill lays out the visible window of rows around the selection.
func (s *settingsScene) fill(a *app) {
	n := s.rows()
	first := min(max(s.sel-settingsWindow/2, 0), max(n-settingsWindow, 0))
	last := min(first+settingsWindow, n)
	s.screen = render.Screen{Title: "SETTINGS", ListWidth: 560, Selected: s.sel - first,
		Hint: menuHint(&a.settings, "change / rebind", "back") + fmt.Sprintf("   %s/%s adjust", keysOf(&a.settings, ActMenuLeft), keysOf(&a.settings, ActMenuRight))}
	for i := first; i < last; i++ {
		s.screen.Items = append(s.screen.Items, s.row(a, i))
	}
	s.screen.Text = fmt.Sprintf("Row %d of %d.\n\nChoose an action and press the key or gamepad button it should have; Esc cancels. "+
		"Volumes and the dead zone change with %s/%s. Everything is saved to settings.toml at once; more keys per action can be listed there.",
		s.sel+1, n, keysOf(&a.settings, ActMenuLeft), keysOf(&a.settings, ActMenuRight))
}

func (s *settingsScene) Update(a *app) (Scene, error) {
	in := a.in
	if s.waiting >= 0 {
		act := Action(s.waiting - rowActions)
		switch {
		case len(in.now.keys) > 0 && in.now.keys[0] == ebiten.KeyEscape:
		case len(in.now.keys) > 0:
			a.settings.Keys[act] = []ebiten.Key{in.now.keys[0]}
		case len(in.now.buttons) > 0:
			a.settings.Buttons[act] = []ebiten.StandardGamepadButton{in.now.buttons[0]}
		default:
			return s, nil
		}
		s.waiting = -1
		a.saveSettings()
		s.fill(a)
		return s, nil
	}
	chosen := choose(in, &s.sel, s.rows())
	step := 0.0
	if in.just(ActMenuLeft) {
		step = -1
	}
	if in.just(ActMenuRight) {
		step = 1
	}
	switch {
	case in.just(ActMenuBack) || in.just(ActPause) || chosen && s.sel == s.rows()-1:
		return s.back, nil
	case in.just(ActHelp):
		return &helpScene{back: s}, nil
	case chosen && s.sel == s.rows()-2:
		a.settings = DefaultSettings()
		s.changed(a)
	case chosen && s.sel >= rowActions:
		s.waiting = s.sel
	case chosen || step != 0:
		if step == 0 {
			step = 1
		}
		s.adjust(a, step)
		s.changed(a)
	}
	s.fill(a)
	return s, nil
}

// adjust moves a scalar setting one step.
func (s *settingsScene) adjust(a *app, step float64) {
	set := &a.settings
	move := func(v *float64, by, hi float64) { *v = math.Round(min(max(*v+by, 0), hi)*100) / 100 }
	switch s.sel {
	case rowMaster:
		move(&set.Master, 0.1*step, 1)
	case rowEffects:
		move(&set.Effects, 0.1*step, 1)
	case rowMute:
		set.Mute, a.muteSet = !set.Mute, true
	case rowDeadZone:
		move(&set.DeadZone, 0.05*step, 0.9)
	case rowQuality:
		qs := []string{QualityAuto, QualityHigh, QualityLow}
		i := 0
		for k, q := range qs {
			if q == set.Quality {
				i = k
			}
		}
		set.Quality = qs[(i+len(qs)+int(step))%len(qs)]
	}
}

// changed applies the settings at once and saves them.
func (s *settingsScene) changed(a *app) {
	a.sound.SetSettings(*a.audioSettings())
	a.opts.Quality = "" // the settings' choice from now on
	if err := a.chooseQuality(); err == nil {
		if sr := sortieOf(s.back); sr != nil {
			sr.view.Quality = a.quality
		}
	}
	a.saveSettings()
}

func (s *settingsScene) Frame(a *app) *render.Frame {
	f := backdrop(a, sortieOf(s.back))
	f.Screen = &s.screen
	return f
}

func (sc *settingsScene) sortie() *sortie { return sortieOf(sc.back) }
