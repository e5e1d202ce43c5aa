package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// The landing aids a pilot flies with, as a lander's guidance offers them:
// KILL H nulls the velocity across the ground with the RCS, HOLD V/S holds
// a rate of descent with the main engine (Apollo's P66, whose switch the
// commander clicked to trim the rate a step at a time). Each flies one
// part of the craft for the pilot and leaves the rest to the keys; both
// go through the same allocator as the pilot's commands. Hover gives the
// throttle a craft hovers at, and how long its fuel would hold it there.

// AidTime is the time constant of the landing aids (s): each takes out a
// velocity error e at the acceleration e/AidTime, as far as the thrusters
// allow.
const AidTime = 1.0

// KillHorizontal returns the body-frame force (N) that brings the craft's
// velocity across the ground to rest: up is the unit world up (against
// gravity). The part along the main engines' axis is left out (that is
// the throttle's), and the force is clipped, keeping its direction, to
// the RCS capacity. Zero for a state that is not valid.
func KillHorizontal(st State, p Plant, up mgl64.Vec3) mgl64.Vec3 {
	if !finite3(up) || !(fmath.Len(up) > 0) {
		return mgl64.Vec3{}
	}
	up = fmath.Normalize(up)
	vh := st.Velocity.Sub(up.Mul(fmath.Dot(st.Velocity, up)))
	f := nullVelocity(st, p, vh)
	if axis := p.MainAxis; fmath.Len(axis) > 0 {
		axis = fmath.Normalize(axis)
		f = f.Sub(axis.Mul(fmath.Dot(f, axis)))
	}
	return ClipForce(f, p.Capacity)
}

// KillVelocity returns the body-frame force (N) that brings the craft to
// rest along every axis, clipped to the RCS capacity: KILL H in empty
// space. Zero for a state that is not valid.
func KillVelocity(st State, p Plant) mgl64.Vec3 {
	return ClipForce(nullVelocity(st, p, st.Velocity), p.Capacity)
}

// nullVelocity is the body-frame force that takes out the world velocity v
// in AidTime, unclipped; zero for a state or plant that is not valid.
func nullVelocity(st State, p Plant, v mgl64.Vec3) mgl64.Vec3 {
	if !st.Valid() || !(p.Mass > 0) || !finite3(v) {
		return mgl64.Vec3{}
	}
	return fmath.Rotate(st.q().Conjugate(), v.Mul(-p.Mass/AidTime))
}

// HoldVerticalSpeed returns the main throttle (0…1) that brings the
// craft's vertical speed (m/s, up +) to want under gravity g: the weight
// plus the mass times the speed error over AidTime, over the vertical part
// of the main engines' thrust. 0 for a craft without main engines, with
// its engines pointing down, or a state that is not valid.
func HoldVerticalSpeed(st State, p Plant, g mgl64.Vec3, want float64) float64 {
	gm := fmath.Len(g)
	if !st.Valid() || !finite(want) || !finite(gm) || !(p.MainThrust > 0) || !(p.Mass > 0) {
		return 0
	}
	up := mgl64.Vec3{0, 1, 0}
	if gm > 0 {
		up = g.Mul(-1 / gm)
	}
	axis := p.MainAxis
	if fmath.Len(axis) == 0 {
		axis = mgl64.Vec3{0, 1, 0}
	}
	lift := fmath.Dot(fmath.Rotate(st.q(), fmath.Normalize(axis)), up) // vertical part of unit thrust
	if !(lift > 0.1) {
		return 0
	}
	vs := fmath.Dot(st.Velocity, up)
	need := p.Mass * (gm + (want-vs)/AidTime)
	return clamp(need/(p.MainThrust*lift), 0, 1)
}

// Hover returns the main throttle (0…) that holds the craft's weight under
// gravity g with its thrust axis as it points now, and how long the fuel
// (kg) would keep it hovering (s) as its mass falls; flow is the main
// engines' propellant flow at full throttle (kg/s), leak what the tanks
// lose besides (a leaking tank, kg/s). With an exhaust speed c =
// MainThrust/flow, the mass hovering falls as ṁ = −(m g/c + L), so fuel
// lasts t = (c/g)·ln((m₀ g/c + L)/((m₀ − fuel) g/c + L)) — without a leak
// (c/g)·ln(m₀/(m₀ − fuel)). A throttle above 1 cannot hover. Both are
// +Inf without gravity (seconds fuel/L with a leak), and throttle is +Inf
// (seconds 0) for a craft that cannot lift at all.
func Hover(st State, p Plant, g mgl64.Vec3, fuel, flow, leak float64) (throttle, seconds float64) {
	gm := fmath.Len(g)
	if !(gm > 0) || !finite(gm) {
		return math.Inf(1), math.Inf(1)
	}
	axis := p.MainAxis
	if fmath.Len(axis) == 0 {
		axis = mgl64.Vec3{0, 1, 0}
	}
	lift := fmath.Dot(fmath.Rotate(st.q(), fmath.Normalize(axis)), g.Mul(-1/gm))
	if !(p.MainThrust > 0) || !(p.Mass > 0) || !(lift > 0.05) || !st.Valid() {
		return math.Inf(1), 0
	}
	throttle = p.Mass * gm / (p.MainThrust * lift)
	fuel = min(max(fuel, 0), p.Mass)
	leak = max(leak, 0)
	switch {
	case !(flow > 0) && leak > 0:
		return throttle, fuel / leak // no propellant burnt: the leak empties it
	case !(flow > 0):
		return throttle, math.Inf(1) // no propellant burnt: it hovers for ever
	case fuel >= p.Mass:
		return throttle, math.Inf(1)
	}
	c := p.MainThrust * lift / flow    // the exhaust speed's vertical part
	burn0 := p.Mass*gm/c + leak        // kg/s at the start
	burn1 := (p.Mass-fuel)*gm/c + leak // and as the last of the fuel goes
	return throttle, c / gm * math.Log(burn0/burn1)
}
