package game

import (
	"fmt"
	"image/color"

	"spaceflight/physics"
	"spaceflight/render"
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

// colRock is the boulders' colour: the regolith's rocks, a little lighter.
var colRock = color.RGBA{0x8a, 0x83, 0x7a, 0xff}

// rockMeshes builds one mesh per boulder of the flight.
func rockMeshes(f *Flight) ([]*render.Mesh, error) {
	ms := make([]*render.Mesh, len(f.Rocks))
	for i, r := range f.Rocks {
		m, err := render.NewMesh(r.Poly.Verts, faceLoops(r.Poly), colRock)
		if err != nil {
			return nil, fmt.Errorf("boulder %d: %w", i, err)
		}
		ms[i] = m
	}
	return ms, nil
}

// addRocks adds the boulders to the frame's bodies.
func (v *view) addRocks(f *Flight) {
	for i, r := range f.Rocks {
		v.bodies = append(v.bodies, render.Body{Mesh: v.rocks[i], Pos: r.Position, Orient: r.Orientation, Shadow: true})
	}
}

// clearField keeps the renderer's own drawn-only rocks out of the boulder
// field.
func (v *view) clearField(f *Flight) {
	if len(f.Rocks) == 0 {
		return
	}
	b, p := f.Spec.Boulders, f.Spec.Pad
	v.cleared[0] = [3]float64{p.Position[0], p.Position[2], b.Radius}
	v.ground.Cleared = v.cleared[:]
}
