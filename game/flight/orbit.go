package flight

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
)

// Orbital relative motion (craft.Orbit): the world is the LVLH frame of the
// mission's reference orbit, and every body feels the Clohessy–Wiltshire
// accelerations through the physics' field of accelerations, evaluated in
// every RK4 stage.

// OrbitDynamics returns the mission's CW dynamics; ok is false outside
// orbit.
func OrbitDynamics(m *craft.Mission) (control.CW, bool) {
	if m.Orbit == nil {
		return control.CW{}, false
	}
	return control.CW{N: m.Orbit.MeanMotion}, true
}

// orbitField is the physics.WorldDef.Field of the mission: the CW
// accelerations in orbit, nil elsewhere.
func orbitField(m *craft.Mission) func(p, v mgl64.Vec3) mgl64.Vec3 {
	cw, ok := OrbitDynamics(m)
	if !ok {
		return nil
	}
	return cw.Accel
}
