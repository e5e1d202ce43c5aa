package game

// From the hangar to the pad: flying the craft on the stand in a mission
// that takes its kind, and a new craft from a template.

// flyMenu lists the missions the craft can fly.
func (h *hangarScene) flyMenu(a *app) Scene {
	a.say("Fly: not yet")
	return h
}

// templateMenu lists the templates of a new craft.
func (h *hangarScene) templateMenu(a *app) Scene {
	a.say("New craft: not yet")
	return h
}
