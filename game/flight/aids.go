package flight

import (
	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/physics/fmath"
)

// The landing aids, switches beside the SAS as a lander's guidance offers
// them: KILL H nulls the drift across the ground with the RCS, HOLD V/S
// holds a vertical speed with the main engine, trimmed a tenth of a m/s at
// a time (Apollo's P66: the commander clicked the rate-of-descent switch,
// 1 ft/s a click). They fly part of the craft for the pilot, so a flight
// that switches one on is assisted, as with the autopilot; the SAS's
// attitude modes only steady the craft and are not. The control laws are
// control.KillHorizontal and control.HoldVerticalSpeed, flown through the
// same allocator as the pilot's keys.

// AidsAvailable reports whether the landing aids mean something in this
// flight: gravity, a surface to land on and thrusters; HOLD V/S also main
// engines.
func (f *Flight) AidsAvailable() (killH, holdVS bool) {
	surface := fmath.Len(f.Spec.Gravity) > 0 && (f.Spec.Ground != nil || f.Spec.Pad != nil)
	killH = surface && f.Player.alloc != nil
	return killH, killH && f.Player.mainThrust() > 0
}

// switchAid toggles the landing aid a command names, when the flight
// offers it: HOLD V/S holds the vertical speed of the craft state st,
// rounded to the trim step.
func (f *Flight) switchAid(k Kind, st control.State) {
	killH, holdVS := f.AidsAvailable()
	c := &f.Controls
	switch {
	case k == KindKillH && killH:
		c.KillH = !c.KillH
	case k == KindHoldVS && holdVS:
		c.HoldVS = !c.HoldVS
		c.HoldRate = trimmed(fmath.Dot(st.Velocity, f.up()), 0)
	}
}

// Aids are the ways a flight was flown for the pilot: the autopilot, the
// landing aids.
type Aids uint8

// Aids.
const (
	AidAutopilot Aids = 1 << iota
	AidKillH
	AidHoldVS
)

// with adds the aids the controls c engage now.
func (a Aids) with(c *Controls) Aids {
	if c.Autopilot {
		a |= AidAutopilot
	}
	if c.KillH {
		a |= AidKillH
	}
	if c.HoldVS {
		a |= AidHoldVS
	}
	return a
}

// String names the aids: "autopilot, KILL H".
func (a Aids) String() string {
	var s string
	for i, n := range [...]string{"autopilot", "KILL H", "HOLD V/S"} {
		if a&(1<<i) != 0 {
			if s != "" {
				s += ", "
			}
			s += n
		}
	}
	return s
}

// mainThrust is the main engines' thrust at full throttle (N).
func (v *Vessel) mainThrust() float64 {
	if v.alloc == nil {
		return 0
	}
	t, _ := v.alloc.MainThrust()
	return t
}

// up is the unit world up: against gravity, +y without it.
func (f *Flight) up() mgl64.Vec3 {
	if g := f.Spec.Gravity; fmath.Len(g) > 0 {
		return g.Mul(-1 / fmath.Len(g))
	}
	return mgl64.Vec3{0, 1, 0}
}

// landingAids adds what the landing aids fly to the pilot's translation
// force and main throttle (body frame, N; 0…1): KILL H's force on every
// axis the pilot leaves alone, HOLD V/S's throttle in place of the
// pilot's. Both rest once a foot touches: nothing may fire for the lander
// to settle.
func (f *Flight) landingAids(st control.State, pl control.Plant, force mgl64.Vec3, main float64) (mgl64.Vec3, float64) {
	c := &f.Controls
	down := f.Tel.FeetOnPad+f.Tel.FeetOffPad > 0
	if c.KillH && !down {
		force = control.Override(force, control.KillHorizontal(st, pl, f.up()))
	}
	if c.HoldVS {
		main = 0
		if !down {
			main = control.HoldVerticalSpeed(st, pl, f.Spec.Gravity, c.HoldRate)
		}
	}
	return force, main
}
