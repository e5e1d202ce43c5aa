package game

import (
	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/render"
)

// Short menus over the scene they were opened from: the hangar's menus and
// questions, and the confirmation before the game quits (the menus, the
// briefing, the flight's pause and results and the hangar open it).

// choiceScene is a short menu over the scene it came from: pick calls
// back with the item chosen and returns the scene to show (nil: back).
type choiceScene struct {
	back     Scene
	screen   render.Screen
	sel      int
	pick     func(a *app, i int) Scene
	pageName string // its name on the web page (sceneScreen); "" is the hangar's
}

func (c *choiceScene) Update(a *app) (Scene, error) {
	chosen := choose(a.in, &c.sel, len(c.screen.Items))
	c.screen.Selected = c.sel
	c.screen.Hint = menuHint(&a.settings, "choose", "go back")
	switch {
	case back(a.in):
		return c.back, nil
	case chosen:
		if next := c.pick(a, c.sel); next != nil {
			return next, nil
		}
		return c.back, nil
	}
	return c, nil
}

func (c *choiceScene) Frame(a *app) *render.Frame {
	f := c.back.Frame(a)
	f.Screen = &c.screen
	f.Help = nil
	return f
}

func (c *choiceScene) sortie() *sortie { return sortieOf(c.back) }

// confirmQuit asks before the game quits; No goes back to where the player
// was.
func confirmQuit(from Scene) *choiceScene {
	return &choiceScene{back: from, pageName: "confirm",
		screen: render.Screen{Title: "QUIT?", Items: []string{"No, go back", "Yes, quit"},
			Text: "Leave spaceflight? Your best scores, medals and replays are saved already."},
		pick: func(a *app, i int) Scene {
			if i == 1 {
				return quitScene{from}
			}
			return nil
		}}
}

// quitScene ends the game at its first Update, showing the scene it was
// left from meanwhile.
type quitScene struct{ from Scene }

func (q quitScene) Update(a *app) (Scene, error) { return q, ebiten.Termination }

func (q quitScene) Frame(a *app) *render.Frame { return q.from.Frame(a) }
