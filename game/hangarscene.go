package game

import (
	"fmt"

	"spaceflight/render"
)

// The hangar in the game shell: the main menu's "Hangar" entry lists the
// crafts (shipped and the player's), and choosing one puts it on the stand
// (hangar.go). The hangar's own keys (1–7 overlays, G gravity, F what to
// fire, Space fire, Enter release, arrows or drag to orbit) are fixed, as
// in `spaceflight hangar`; Esc or the pause key goes back to the list.

// hangarMenuScene lists the crafts to put on the stand.
type hangarMenuScene struct {
	back   Scene
	crafts []string
	sel    int
	screen render.Screen
}

func newHangarMenu(a *app, back Scene) *hangarMenuScene {
	m := &hangarMenuScene{back: back, crafts: a.lib.Crafts()}
	m.screen = render.Screen{Title: "HANGAR", ListWidth: 380, Hint: menuHint(&a.settings, "open", "back"),
		Text: "Choose a craft to put on the stand."}
	for _, c := range m.crafts {
		m.screen.Items = append(m.screen.Items, c)
	}
	m.screen.Items = append(m.screen.Items, "Back")
	return m
}

func (m *hangarMenuScene) Update(a *app) (Scene, error) {
	chosen := choose(a.in, &m.sel, len(m.screen.Items))
	m.screen.Selected = m.sel
	switch {
	case back(a.in), chosen && m.sel == len(m.crafts):
		return m.back, nil
	case chosen:
		h, err := NewHangar(HangarOptions{Craft: m.crafts[m.sel], Shipped: a.opts.Shipped, DataDir: a.opts.DataDir, Dt: a.opts.Dt})
		if err != nil {
			a.sayErrors(fmt.Errorf("hangar: %w", err))
			return m, nil
		}
		h.Quality = a.quality
		return &hangarScene{h: h, back: m}, nil
	}
	return m, nil
}

func (m *hangarMenuScene) Frame(a *app) *render.Frame {
	f := backdrop(a, sortieOf(m.back))
	f.Screen = &m.screen
	return f
}

// hangarScene is a craft on the stand.
type hangarScene struct {
	h    *Hangar
	keys HangarKeys
	back Scene
}

func (s *hangarScene) Update(a *app) (Scene, error) {
	if back(a.in) {
		return s.back, nil
	}
	s.h.Update(s.keys.Read())
	return s, nil
}

func (s *hangarScene) Frame(a *app) *render.Frame {
	s.h.Quality = a.quality
	return s.h.Frame()
}
