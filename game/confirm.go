package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/render"
)

// The confirmation before the game quits, over the scene it was asked
// from: the menus, the briefing and the hangar open it.

// confirmScene asks before the game quits; No goes back to where the
// player was.
type confirmScene struct {
	back   Scene
	sel    int
	screen render.Screen
}

func confirmQuit(from Scene) *confirmScene {
	return &confirmScene{back: from, screen: render.Screen{Title: "QUIT?", Items: []string{"No, go back", "Yes, quit"},
		Text: "Leave spaceflight? Your best scores, medals and replays are saved already."}}
}

func (c *confirmScene) Update(a *app) (Scene, error) {
	in := a.in
	chosen := choose(in, &c.sel, 2)
	c.screen.Selected = c.sel
	c.screen.Hint = menuHint(&a.settings, "choose", "go back")
	switch {
	case in.just(ActMenuBack):
		return c.back, nil
	case chosen && c.sel == 1:
		return c, ebiten.Termination
	case chosen:
		return c.back, nil
	}
	return c, nil
}

func (c *confirmScene) Frame(a *app) *render.Frame {
	f := c.back.Frame(a)
	f.Screen = &c.screen
	f.Help = nil
	return f
}

func (sc *confirmScene) sortie() *sortie { return sortieOf(sc.back) }
