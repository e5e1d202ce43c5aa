package craft

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Orbit puts a mission's scene in orbit. The scene is then the
// local-vertical/local-horizontal (LVLH) frame of a reference point at the
// origin on a circular orbit of mean motion MeanMotion: +y radial (away
// from the Earth), +x along the orbital velocity, +z = x × y (so the
// orbit normal, along the orbit's angular momentum, is −z). Positions and
// velocities in the mission file are in that frame; the game applies the
// Clohessy–Wiltshire accelerations in it (no gravity, no ground).
//
// Attitude stays inertial: the frame turns at MeanMotion about the orbit
// normal, so a craft holding still in inertial space turns at MeanMotion
// about +z seen from the scene, and a station holding its attitude to the
// local vertical turns at MeanMotion about the orbit normal inertially.
// A file's angular_velocity in an orbit mission is therefore the inertial
// rate: "angular_velocity = [0, 0, -0.0649]" (°/s) holds the local vertical
// at 400 km. Placement.AngularVelocity is the rate seen in the scene: the
// file's minus the frame's. The game gives the physics the frame's rate
// (physics.WorldDef.FrameRate), which solves Euler's equations for the
// inertial rate, so attitude is exactly inertial.
type Orbit struct {
	MeanMotion float64 // n (rad/s)
	// Altitude above the Earth's mean radius (m) when the file gave it;
	// 0 when it gave mean_motion.
	Altitude float64
}

// The Earth as the mission files' altitude key assumes it.
const (
	EarthMu     = 3.986004418e14 // gravitational parameter, m³/s²
	EarthRadius = 6371e3         // mean radius, m
)

// MeanMotionAt is the mean motion of a circular orbit altitude metres above
// the Earth's mean radius (rad/s): √(μ / (R + altitude)³).
func MeanMotionAt(altitude float64) float64 {
	r := EarthRadius + altitude
	return math.Sqrt(EarthMu / (r * r * r))
}

// Period is the time of one orbit (s).
func (o *Orbit) Period() float64 { return 2 * math.Pi / o.MeanMotion }

// FrameRate is the LVLH frame's angular velocity relative to inertial
// space, in the frame's own axes (rad/s): MeanMotion about the orbit
// normal, −z.
func (o *Orbit) FrameRate() mgl64.Vec3 { return mgl64.Vec3{0, 0, -o.MeanMotion} }

// relativeRate turns a placement's inertial angular velocity (the file's)
// into the rate seen in the LVLH scene. A fixed placement is held in the
// scene and keeps its (zero) rate. Nothing happens outside orbit (o nil).
func (o *Orbit) relativeRate(p *Placement) {
	if o == nil || p.Fixed {
		return
	}
	p.AngularVelocity = p.AngularVelocity.Sub(o.FrameRate())
}

// orbitFile is [environment.orbit]: exactly one of its keys.
type orbitFile struct {
	MeanMotion *float64 `toml:"mean_motion" doc:"mean motion n of the reference orbit (rad/s), e.g. 0.00113 at 400 km; give this or altitude"`
	Altitude   *float64 `toml:"altitude" doc:"altitude of a circular orbit about the Earth (m above the mean radius 6,371 km, μ = 3.986004418e14 m³/s²); give this or mean_motion"`
}

// Limits of an orbit. Altitude: above the ground, and close enough that an
// orbit's relative motion shows within a mission (1e9 m up, 2.6 times as
// far as the Moon, the period is 116 days). Mean motion: from a little
// below that orbit's (6.25e-7 rad/s) to 1 rad/s, where an orbit lasts 6 s —
// above that it is a slip (°/s?), not a place.
const (
	maxOrbitAltitude = 1e9  // m
	minMeanMotion    = 6e-7 // rad/s: a period of 121 days
	maxMeanMotion    = 1.0  // rad/s: a period of 6.3 s
)

// buildOrbit validates [environment.orbit] and sets m.Orbit. In orbit the
// scene has no ground, no pad and no gravity: the Clohessy–Wiltshire terms
// replace them.
func (d *decoder) buildOrbit(m *Mission, mf *missionFile) {
	of := mf.Environment.Orbit
	if of == nil {
		return
	}
	const p = "environment.orbit"
	o := &Orbit{}
	switch {
	case of.MeanMotion != nil && of.Altitude != nil:
		// The later key is the one to remove.
		key := "altitude"
		if d.where(p+".mean_motion", true).line > d.where(p+".altitude", true).line {
			key = "mean_motion"
		}
		d.keyErrorf(p+"."+key, "give mean_motion or altitude, not both")
		return
	case of.MeanMotion != nil:
		o.MeanMotion = *of.MeanMotion
		if !(o.MeanMotion >= minMeanMotion && o.MeanMotion <= maxMeanMotion) {
			d.check(p+".mean_motion", "must be from %g to %g rad/s (0.00113 is 400 km up), not %g", minMeanMotion, maxMeanMotion, o.MeanMotion)
			return
		}
	case of.Altitude != nil:
		o.Altitude = *of.Altitude
		if !(o.Altitude > 0 && o.Altitude <= maxOrbitAltitude) {
			d.check(p+".altitude", "must be > 0 and at most %g m, not %g", maxOrbitAltitude, o.Altitude)
			return
		}
		o.MeanMotion = MeanMotionAt(o.Altitude)
	default:
		d.check(p, "missing: mean_motion (rad/s) or altitude (m)")
		return
	}
	m.Orbit = o
	if mf.Environment.Ground != nil {
		d.check("environment.ground", "a scene in orbit has no ground: remove [environment.ground] or [environment.orbit]")
	}
	if mf.Environment.Pad != nil {
		d.check("environment.pad", "a scene in orbit has no pad: remove [environment.pad] or [environment.orbit]")
	}
	if fmath.Len(m.Gravity) > 0 {
		d.check("environment.gravity", "must be [0, 0, 0] in orbit (the Clohessy–Wiltshire terms stand for it), not %v", mf.Environment.Gravity)
	}
}
