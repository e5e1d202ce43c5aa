package render

import (
	"github.com/go-gl/mathgl/mgl64"
)

// Ray is the ray through screen point (x, y) (px from the top left) of a
// w×h px screen seen through view v: from the eye, along a unit direction
// (world). It is Project's inverse: the game points into the scene with
// the cursor (the hangar's editor picks parts and drags handles).
func (v View) Ray(x, y, w, h float64) (origin, dir mgl64.Vec3) {
	f, _ := v.lens(h)
	c := mgl64.Vec3{(x - w/2) / f, -(y - h/2) / f, -1}
	return v.Pos, v.Orient.Rotate(c).Normalize()
}
