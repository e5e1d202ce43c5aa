package control

import (
	"github.com/go-gl/mathgl/mgl64"
)

// Lander layout used by the tests: a hull whose equator (y = 0) carries four
// RCS quads at ±x and ±z, radius quadRadius; each quad fires ±y and ±tangent
// from nozzles 0.1 m off the quad centre (behind the force, where the
// exhaust leaves); the main engine sits at the bottom firing +y.
const (
	quadRadius = 1.5    // m
	quadThrust = 200.0  // N per RCS thruster
	mainThrust = 5000.0 // N
	mainY      = -1.5   // m, main engine position on the axis
)

func landerRCS() []Thruster {
	var ts []Thruster
	up := mgl64.Vec3{0, 1, 0}
	for k := range 4 {
		var c, tang mgl64.Vec3
		switch k {
		case 0:
			c, tang = mgl64.Vec3{quadRadius, 0, 0}, mgl64.Vec3{0, 0, 1}
		case 1:
			c, tang = mgl64.Vec3{0, 0, quadRadius}, mgl64.Vec3{-1, 0, 0}
		case 2:
			c, tang = mgl64.Vec3{-quadRadius, 0, 0}, mgl64.Vec3{0, 0, -1}
		case 3:
			c, tang = mgl64.Vec3{0, 0, -quadRadius}, mgl64.Vec3{1, 0, 0}
		}
		for _, d := range []mgl64.Vec3{up, up.Mul(-1), tang, tang.Mul(-1)} {
			ts = append(ts, Thruster{Pos: c.Sub(d.Mul(0.1)), Dir: d, MaxThrust: quadThrust})
		}
	}
	return ts
}

func landerMain() []Thruster {
	return []Thruster{{Pos: mgl64.Vec3{0, mainY, 0}, Dir: mgl64.Vec3{0, 1, 0}, MaxThrust: mainThrust}}
}
