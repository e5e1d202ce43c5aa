package flight

import (
	"fmt"

	"spaceflight/physics"
)

// The boulder field around the pad (craft.Boulders): static bodies in the
// world, judged like the ground (a foot on a rock is no landing, any other
// part hitting one is a crash), drawn as bodies exactly where they collide.

// addBoulders adds the mission's boulder field, if any, as static bodies
// with the ground's friction and restitution.
func (f *Flight) addBoulders() error {
	m, w := f.Spec, f.World
	if m.Boulders == nil || m.Ground == nil {
		return nil
	}
	f.Rocks = m.Boulders.Field(m.Pad, m.Ground.Height)
	f.firstRock = physics.BodyID(w.NumBodies())
	for i, r := range f.Rocks {
		id := w.AddBody(physics.BodyDef{Name: "boulder", Position: r.Position, Orientation: r.Orientation,
			Shapes: []physics.ShapeDef{{Poly: r.Poly, Friction: m.Ground.Friction, Restitution: m.Ground.Restitution}}})
		if id != f.firstRock+physics.BodyID(i) {
			return fmt.Errorf("boulder %d: physics refused it", i)
		}
	}
	return nil
}

// isRock reports whether body id is one of the boulders.
func (f *Flight) isRock(id physics.BodyID) bool {
	return len(f.Rocks) > 0 && id >= f.firstRock && id < f.firstRock+physics.BodyID(len(f.Rocks))
}
