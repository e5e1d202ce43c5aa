package game

import (
	"fmt"
	"strings"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/view"
	"spaceflight/render"
)

// briefingScene holds a mission paused at its first tick under its
// briefing card: the goal in a sentence, the briefing, the limits, the
// keys it needs, the best hand-flown score and medal. The menu-select
// keys (Space, Enter) start the flight; Esc goes back to the missions.
type briefingScene struct {
	s      *sortie
	screen render.Screen
}

func newBriefing(a *app, s *sortie) *briefingScene {
	b := &briefingScene{s: s}
	b.card(a)
	return b
}

// card fills the briefing card from the mission and the bindings.
func (b *briefingScene) card(a *app) {
	m := b.s.watch.Value
	set := &a.settings
	b.screen = render.Screen{Title: strings.ToUpper(m.Name), Text: view.Objective(m) + ".\n\n" + reflow(m.Briefing),
		Hint: fmt.Sprintf("%s start   %s missions   %s all keys and the marker legend", keysOf(set, ActMenuSelect), keysOf(set, ActMenuBack), keysOf(set, ActHelp))}
	if l := limits(m); len(l) > 0 { // a lesson has none
		b.screen.Sections = append(b.screen.Sections, render.Section{Heading: "LIMITS", Text: strings.Join(l, "\n")})
	}
	b.screen.Sections = append(b.screen.Sections, render.Section{Heading: "KEYS", Text: strings.Join(missionKeys(set, m), "\n")})
	b.screen.Sections = append(b.screen.Sections, a.recordSections(b.s.ref, m)...)
}

// limits are the mission's thresholds in words.
func limits(m *craft.Mission) []string {
	th := &m.Thresholds
	var out []string
	switch m.Kind {
	case craft.KindTumble:
		out = append(out, fmt.Sprintf("The rotation |ω| below %.1f°/s, held for %.0f s.", flight.Deg(th.MaxRate), th.HoldTime))
	case craft.KindDock:
		out = append(out, fmt.Sprintf("At capture: closing at most %.2f m/s, off the axis at most %.2f m,", th.ClosingSpeed, th.LateralOffset),
			fmt.Sprintf("misaligned at most %.0f°, turning at most %.1f°/s against the target.", flight.Deg(th.Misalignment), flight.Deg(th.RelativeRate)),
			"Touch the target only with the port.")
	case craft.KindLand:
		out = append(out, fmt.Sprintf("At touchdown: at most %.1f m/s down (soft: %.1f m/s), %.1f m/s across, %.0f° tilt;", th.VerticalSpeed, th.SoftVerticalSpeed, th.HorizontalSpeed, flight.Deg(th.Tilt)),
			fmt.Sprintf("feet on the pad only, tipping past %.0f° is a crash; then engines off and settled for %.0f s.", flight.Deg(th.CrashTilt), th.SettleTime))
	}
	if m.TimeLimit > 0 {
		out = append(out, fmt.Sprintf("Time limit %s.", clockText(m.TimeLimit)))
	}
	return out
}

func (b *briefingScene) Update(a *app) (Scene, error) {
	in := a.in
	switch {
	case in.just(ActMenuSelect):
		return &flightScene{s: b.s}, nil
	case in.just(ActMenuBack) || in.just(ActPause):
		return a.openMenu(b.s, b.s.ref), nil
	case in.just(ActHelp):
		return &helpScene{back: b}, nil
	case in.just(ActQuit):
		return confirmQuit(b), nil
	}
	if b.s.pollFiles(a) {
		b.card(a) // the mission may say something else now
	}
	return b, nil
}

func (b *briefingScene) Frame(a *app) *render.Frame {
	f := b.s.frame(a)
	f.Screen = &b.screen
	return f
}

func (sc *briefingScene) sortie() *sortie { return sc.s }
