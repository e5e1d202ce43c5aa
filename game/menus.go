package game

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"spaceflight/craft"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// ---- the mission menu ----

// menuEntry is one line of the main menu below the missions: another page
// of the game. To add one, add it to menuPages.
type menuEntry struct {
	label string
	text  string                              // shown beside the list when selected
	open  func(a *app, menu *menuScene) Scene // the scene it opens; it may hand back menu
}

// menuPages are the main menu's entries after the missions.
var menuPages = []menuEntry{
	{label: "Settings", text: "Volumes, the gamepad's dead zone, graphics quality and every key and button binding; saved to settings.toml.",
		open: func(a *app, m *menuScene) Scene { return newSettingsScene(a, m) }},
	{label: "Hangar", text: "See a craft on a stand before you fly it: its mass, centre of mass, inertia, thrusters, joints, Δv and RCS authority, and test-fire it. Shipped crafts and yours; save the file and the stand reloads.",
		open: func(a *app, m *menuScene) Scene { return newHangarMenu(a, m) }},
	{label: "Quit", text: "Leave the game.",
		open: func(a *app, m *menuScene) Scene { return confirmQuit(m) }},
}

// missionEntry is a mission in the menu: loaded, or why it cannot be.
type missionEntry struct {
	ref string
	m   *craft.Mission
	err error
}

// missionPath lists the library's missions in the order a beginner should
// fly them: by their order key (then by name), then those without one
// (user missions) by name. A mission that does not load is listed last of
// its kind, with its errors.
func (a *app) missionPath() []missionEntry {
	var out []missionEntry
	for _, ref := range a.lib.Missions() {
		m, err := a.lib.LoadMission(ref)
		out = append(out, missionEntry{ref: ref, m: m, err: err})
	}
	order := func(e missionEntry) int {
		if e.m == nil || e.m.Order <= 0 {
			return int(^uint(0) >> 1)
		}
		return e.m.Order
	}
	slices.SortStableFunc(out, func(x, y missionEntry) int {
		if ox, oy := order(x), order(y); ox != oy {
			return ox - oy
		}
		return strings.Compare(x.ref, y.ref)
	})
	return out
}

// menuScene is the mission select: the path of missions, each with its
// best hand-flown score and medal, then the other pages. The selected
// mission is drawn behind the menu and handed to its briefing.
type menuScene struct {
	missions []missionEntry
	sel      int
	backdrop *sortie // the selected mission at its start; nil when it does not load
	screen   render.Screen
}

// openMenu shows the mission menu with the mission ref selected (or, with
// none, the first the player has not won a medal on); s is the flight to
// show behind it while it is that mission.
func (a *app) openMenu(s *sortie, ref string) *menuScene {
	m := &menuScene{missions: a.missionPath(), sel: -1}
	for i, e := range m.missions {
		if e.ref == ref {
			m.sel = i
		}
	}
	if m.sel < 0 {
		m.sel = 0
		for i, e := range m.missions {
			if e.err == nil {
				if _, ok := a.scores.best(e.ref, e.m.Name); !ok {
					m.sel = i
					break
				}
			}
		}
	}
	if s != nil && m.sel < len(m.missions) && m.missions[m.sel].ref == s.ref {
		m.backdrop = s
	}
	m.refresh(a)
	return m
}

// refresh fills the menu page for the current selection.
func (m *menuScene) refresh(a *app) {
	sc := &m.screen
	*sc = render.Screen{Title: "MISSIONS", Selected: m.sel, ListWidth: 430, Hint: menuHint(&a.settings, "fly", "quit")}
	nameW := 0 // the score column starts after the longest name
	for _, e := range m.missions {
		nameW = max(nameW, utf8.RuneCountInString(e.label()))
	}
	for i, e := range m.missions {
		sc.Items = append(sc.Items, a.missionLine(i, e, min(nameW, 28)))
	}
	for _, p := range menuPages {
		sc.Items = append(sc.Items, p.label)
	}
	if m.sel < len(m.missions) {
		e := m.missions[m.sel]
		if e.err != nil {
			sc.Text = "This mission has errors (spaceflight check lists them):\n" + strings.Join(errorLines(e.err, maxMenuErrors), "\n")
			m.backdrop = nil
			return
		}
		sc.Text = fmt.Sprintf("%s (%s)\n\n%s", e.m.Name, e.m.Kind, reflow(e.m.Briefing))
		sc.Sections = a.recordSections(e.ref, e.m)
		if m.backdrop == nil || m.backdrop.ref != e.ref {
			m.backdrop, _ = a.newSortie(e.ref) // nil when it does not load: the sky alone
		}
		return
	}
	sc.Text = menuPages[m.sel-len(m.missions)].text
}

// missionLine is a mission's line in the menu: its place in the path, its
// name, best hand-flown score and medal, the names padded to nameW runes.
func (a *app) missionLine(i int, e missionEntry, nameW int) string {
	num := ""
	if e.err == nil && e.m.Order > 0 {
		num = fmt.Sprintf("%d.", i+1)
	}
	line := fmt.Sprintf("%-4s%s", num, padRight(e.label(), nameW))
	if e.err != nil {
		return line + " (errors)"
	}
	if b, ok := a.scores.best(e.ref, e.m.Name); ok {
		line += fmt.Sprintf(" %4.0f %s", b.Score, b.Medal)
	}
	return line
}

// label is the entry's name in the menu: the mission's, or for a file
// that does not load its reference.
func (e missionEntry) label() string {
	if e.err != nil {
		return clip(e.ref, maxMenuName)
	}
	return clip(e.m.Name, maxMenuName)
}

// padRight pads s with spaces to n runes (menu columns are monospaced).
func padRight(s string, n int) string {
	if k := utf8.RuneCountInString(s); k < n {
		return s + strings.Repeat(" ", n-k)
	}
	return s
}

// recordSections are a mission's best flights and medal thresholds, for
// the menu and the briefing card.
func (a *app) recordSections(ref string, m *craft.Mission) []render.Section {
	bronze, silver, gold := m.Scoring.Medals()
	medals := fmt.Sprintf("Medals (hand-flown): bronze %s, silver %.0f, gold %.0f.", bronzeText(bronze), silver, gold)
	best := "Not won by hand yet."
	if b, ok := a.scores.best(ref, m.Name); ok {
		best = fmt.Sprintf("Best by hand: %.0f (%s), %s, %.1f kg of fuel.", b.Score, medalText(b.Medal), clockText(b.Time), b.Fuel)
	}
	if b, ok := a.scores.Assisted[ref]; ok {
		best += fmt.Sprintf("\nBest with the autopilot: %.0f (assisted: no medal).", b.Score)
	}
	return []render.Section{{Heading: "RECORD", Text: best + "\n" + medals}}
}

func bronzeText(b float64) string {
	if b <= 0 {
		return "any success"
	}
	return fmt.Sprintf("%.0f", b)
}

func medalText(m string) string {
	if m == "" {
		return "no medal"
	}
	return m
}

func (m *menuScene) Update(a *app) (Scene, error) {
	in := a.in
	n := len(m.missions) + len(menuPages)
	old := m.sel
	chosen := choose(in, &m.sel, n)
	switch {
	case in.just(ActHelp):
		return &helpScene{back: m}, nil
	case in.just(ActMenuBack), in.just(ActQuit):
		return confirmQuit(m), nil
	case chosen && m.sel < len(m.missions):
		e := m.missions[m.sel]
		if e.err != nil {
			a.sayErrors(e.err)
			return m, nil
		}
		a.toasts.clear() // the last flight's messages stay with it
		s := m.backdrop
		if s == nil || s.ref != e.ref {
			var err error
			if s, err = a.newSortie(e.ref); err != nil {
				a.sayErrors(err)
				return m, nil
			}
		} else if err := s.restart(a); err != nil { // fresh files, a fresh flight
			a.sayErrors(err)
			return m, nil
		}
		return newBriefing(a, s), nil
	case chosen:
		return menuPages[m.sel-len(m.missions)].open(a, m), nil
	}
	if m.sel != old {
		m.refresh(a)
	}
	return m, nil
}

func (m *menuScene) Frame(a *app) *render.Frame {
	f := backdrop(a, m.backdrop)
	f.Screen = &m.screen
	return f
}

// ---- the pause menu ----

// pauseScene is the pause menu over the frozen flight.
type pauseScene struct {
	s      *sortie
	sel    int
	screen render.Screen
}

func newPause(a *app, s *sortie) *pauseScene {
	p := &pauseScene{s: s}
	// Beside the HUD: paused, the pilot reads the panels (the docking
	// panel's figures above all), so the menu covers none of them.
	p.screen = render.Screen{Title: "PAUSED", Text: reflow(s.watch.Value.Briefing),
		Hint: menuHint(&a.settings, "choose", "resume"), Beside: true}
	p.items(a)
	return p
}

func (p *pauseScene) items(a *app) {
	p.screen.Items = []string{"Resume", "Restart", "Briefing", p.s.missionsItem(), "Settings", qualityItem(a), "Quit"}
	if p.s.replay != nil {
		p.screen.Items = []string{"Resume", "Restart", qualityItem(a), "Quit"}
	}
	p.screen.Selected = p.sel
}

// qualityItem is the pause menu's graphics line.
func qualityItem(a *app) string {
	return "Graphics: " + strings.ToUpper(a.quality.String())
}

func (p *pauseScene) Update(a *app) (Scene, error) {
	in := a.in
	chosen := choose(in, &p.sel, len(p.screen.Items))
	p.screen.Selected = p.sel
	switch {
	case back(in):
		return &flightScene{s: p.s}, nil
	case in.just(ActHelp):
		return &helpScene{back: p}, nil
	case in.just(ActQuit):
		return confirmQuit(p), nil
	case !chosen:
		return p, nil
	}
	switch it := p.screen.Items[p.sel]; it {
	case "Resume":
		return &flightScene{s: p.s}, nil
	case "Restart":
		return &flightScene{s: p.s}, p.s.restart(a)
	case "Briefing":
		if err := p.s.restart(a); err != nil {
			return nil, err
		}
		return newBriefing(a, p.s), nil
	case "Missions":
		return a.openMenu(p.s, p.s.ref), nil
	case backToHangar:
		return p.s.home, nil
	case "Settings":
		return newSettingsScene(a, p), nil
	case "Quit":
		return confirmQuit(p), nil
	case qualityItem(a):
		a.toggleQuality(p.s)
		p.items(a)
	}
	return p, nil
}

func (p *pauseScene) Frame(a *app) *render.Frame {
	f := p.s.frame(a)
	f.Screen = &p.screen
	return f
}

// toggleQuality switches the graphics quality and keeps the choice in
// settings.toml.
func (a *app) toggleQuality(s *sortie) {
	a.quality = render.QualityLow + render.QualityHigh - a.quality
	if s != nil {
		s.view.Quality = a.quality
	}
	a.settings.Quality = a.quality.String()
	a.saveSettings()
}

// saveSettings writes settings.toml (never in a run that plays itself).
func (a *app) saveSettings() {
	if a.scripted() {
		return
	}
	s := a.settings
	if a.opts.Mute && !a.muteSet {
		s.Mute = a.fileMute // --mute is for this run
	}
	if err := s.Save(filepath.Join(storage.ConfigDir(), "settings.toml")); err != nil {
		a.say("Settings not saved: " + err.Error())
	}
}

// ---- quitting ----

func (sc *pauseScene) sortie() *sortie { return sc.s }

func (sc *menuScene) sortie() *sortie { return sc.backdrop }
