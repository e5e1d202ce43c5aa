package view

import (
	"fmt"
	"image/color"

	"spaceflight/game/flight"
	"spaceflight/render"
)

// colRock is the boulders' colour: the regolith's rocks, a little lighter.
var colRock = color.RGBA{0x8a, 0x83, 0x7a, 0xff}

// rockMeshes builds one mesh per boulder of the flight.
func rockMeshes(f *flight.Flight) ([]*render.Mesh, error) {
	ms := make([]*render.Mesh, len(f.Rocks))
	for i, r := range f.Rocks {
		m, err := render.NewMesh(r.Poly.Verts, FaceLoops(r.Poly), colRock)
		if err != nil {
			return nil, fmt.Errorf("boulder %d: %w", i, err)
		}
		ms[i] = m
	}
	return ms, nil
}

// addRocks adds the boulders to the frame's bodies.
func (v *View) addRocks(f *flight.Flight) {
	for i, r := range f.Rocks {
		v.bodies = append(v.bodies, render.Body{Mesh: v.rocks[i], Pos: r.Position, Orient: r.Orientation, Shadow: true})
	}
}

// clearField keeps the renderer's own drawn-only rocks out of the boulder
// field.
func (v *View) clearField(f *flight.Flight) {
	if len(f.Rocks) == 0 {
		return
	}
	b, p := f.Spec.Boulders, f.Spec.Pad
	v.cleared[0] = [3]float64{p.Position[0], p.Position[2], b.Radius}
	v.ground.Cleared = v.cleared[:]
}
