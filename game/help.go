package game

import "spaceflight/render"

// helpScene shows the help overlay over the scene it was opened from, and
// goes back to it: the hangar's keys over the hangar, the others
// elsewhere.
type helpScene struct {
	back Scene
}

func (h *helpScene) Update(a *app) (Scene, error) {
	if in := a.in; in.just(ActHelp) || in.just(ActMenuBack) || in.just(ActMenuSelect) || in.just(ActPause) {
		return h.back, nil
	}
	return h, nil
}

func (h *helpScene) Frame(a *app) *render.Frame {
	f := h.back.Frame(a)
	if hs, ok := h.back.(helpsOwn); ok {
		f.Help = helpOverlay(&a.settings, hs.helpGroups(), false)
	} else {
		f.Help = helpOverlay(&a.settings, helpGroups, true)
	}
	return f
}

// helpsOwn is a scene with keys of its own (the hangar): its help lists
// them instead of the flight's.
type helpsOwn interface {
	helpGroups() []helpGroup
}

func (sc *helpScene) sortie() *sortie { return sortieOf(sc.back) }
