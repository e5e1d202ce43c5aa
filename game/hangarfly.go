package game

// From the hangar to the pad: flying the craft on the stand, as edited, in
// a mission that takes its kind of craft, and a new craft from a template.

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"spaceflight/craft"
	"spaceflight/game/hangar"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// backToHangar is the results' and pause menu's item that ends a test
// flight, in the place of "Missions".
const backToHangar = "Back to the hangar"

// missionsItem is "Missions", or for a test flight backToHangar.
func (s *sortie) missionsItem() string {
	if s.home != nil {
		return backToHangar
	}
	return "Missions"
}

// takes reports whether mission m can fly craft c: a landing needs feet
// (only feet may touch the pad), a docking a port; anything else flies
// any craft.
func takes(m *craft.Mission, c *craft.Craft) bool {
	switch m.Kind {
	case craft.KindLand:
		return slices.ContainsFunc(c.Parts, func(p craft.Part) bool { return p.Role == craft.RoleFoot })
	case craft.KindDock:
		return len(c.Ports) > 0
	}
	return true
}

// flyMenu lists the missions that take the craft as it is now, those
// written for it first; choosing one flies it there (a test flight: no
// replay, score or ghost) and comes back here.
func (h *hangarScene) flyMenu(a *app) Scene {
	c, err := h.ed.Craft()
	if err != nil {
		a.say("Fix the craft's errors first: " + errorLines(err, 1)[0])
		return h
	}
	type entry struct {
		ref, line string
		own       bool
	}
	var list []entry
	for _, ref := range a.lib.Missions() {
		m, err := a.lib.LoadMission(ref)
		if err != nil || !takes(m, c) {
			continue
		}
		own := m.Player.Craft == h.ref || m.Player.Spec != nil && m.Player.Spec.Name == c.Name
		list = append(list, entry{ref, fmt.Sprintf("%s — %s (%s)", ref, m.Name, m.Kind), own})
	}
	slices.SortStableFunc(list, func(x, y entry) int {
		switch {
		case x.own && !y.own:
			return -1
		case y.own && !x.own:
			return 1
		}
		return 0
	})
	if len(list) == 0 {
		a.say("No mission takes this craft: a landing needs a foot part, a docking a port")
		return h
	}
	sc := &choiceScene{back: h, screen: render.Screen{Title: "FLY " + strings.ToUpper(c.Name), ListWidth: 520,
		Text: "A test flight of the craft as it is now, saved or not: it keeps no replay or score. The results and pause menus come back here."}}
	for _, e := range list {
		sc.screen.Items = append(sc.screen.Items, e.line)
	}
	sc.pick = func(a *app, i int) Scene {
		s, err := a.newSortie(list[i].ref)
		if err != nil {
			a.sayErrors(err)
			return h
		}
		s.player, s.home = c, h
		if err := s.restart(a); err != nil {
			a.say(err.Error())
			return h
		}
		return newBriefing(a, s)
	}
	return sc
}

// templateMenu lists the templates of a new craft; choosing one writes it
// into the player's folder as a new craft and puts it on the stand.
func (h *hangarScene) templateMenu(a *app) Scene {
	sc := &choiceScene{back: h, screen: render.Screen{Title: "NEW CRAFT", Items: hangar.Templates(),
		Text: "A new craft from a template, written into your crafts folder under a new name and put on the stand to build with the mouse."}}
	sc.pick = func(a *app, i int) Scene {
		next, err := h.newFromTemplate(a, hangar.Templates()[i])
		if err != nil {
			a.say(err.Error())
			return h
		}
		return next
	}
	return sc
}

// newFromTemplate writes template name as crafts/my-NAME.toml (or
// my-NAME-2 …) in the player's folder and opens the hangar on it.
func (h *hangarScene) newFromTemplate(a *app, name string) (Scene, error) {
	dir := ""
	for _, ly := range a.lib.Layers() {
		if ly.Dir != "" {
			dir = ly.Dir
		}
	}
	if dir == "" {
		return nil, fmt.Errorf("no user folder to write a new craft in")
	}
	ref := "my-" + name
	for n := 2; slices.Contains(a.lib.Crafts(), ref); n++ {
		ref = fmt.Sprintf("my-%s-%d", name, n)
	}
	text, err := hangar.Template(name, ref)
	if err != nil {
		return nil, err
	}
	p := filepath.Join(dir, "crafts", ref+".toml")
	if err := storage.WriteFileAtomic(p, text); err != nil {
		return nil, err
	}
	next, err := newHangarScene(a, HangarOptions{Craft: ref}, h.back)
	if err != nil {
		return nil, err
	}
	a.say("New craft " + ref + ": " + craft.Printable(p))
	return next, nil
}
