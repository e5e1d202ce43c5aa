package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The lens of a View as the renderer draws with it, for the game to
// point into the scene with the cursor (the hangar's editor picks parts
// and drags handles) and to place things on the screen.

// focal is the focal length (px) of v on a target h px high.
func (v View) focal(h float64) float64 {
	fov := v.FovY
	if !(fov > 1e-3 && fov < math.Pi-1e-3) {
		fov = defaultFovY
	}
	return 0.5 * h / math.Tan(fov/2)
}

// near is v's near clipping distance (m).
func (v View) near() float64 {
	if !(v.Near > 0) {
		return defaultNear
	}
	return v.Near
}

// Ray is the ray through screen point (x, y) (px from the top left) of a
// w×h px target: from the eye, along a unit direction (world).
func (v View) Ray(x, y, w, h float64) (origin, dir mgl64.Vec3) {
	f := v.focal(h)
	c := mgl64.Vec3{(x - w/2) / f, -(y - h/2) / f, -1}
	return v.Pos, v.Orient.Rotate(c).Normalize()
}

// Project returns the screen point (px) of world point p on a w×h px
// target, as the renderer draws it; ok is false behind the near plane.
func (v View) Project(p mgl64.Vec3, w, h float64) (x, y float64, ok bool) {
	c := v.Orient.Conjugate().Rotate(p.Sub(v.Pos))
	if c[2] > -v.near() {
		return 0, 0, false
	}
	f := v.focal(h)
	return w/2 + f*c[0]/-c[2], h/2 - f*c[1]/-c[2], true
}
