package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// State is the rigid-body state of a craft as physics reports it.
type State struct {
	Position        mgl64.Vec3 // centre of mass, world, m
	Velocity        mgl64.Vec3 // of the centre of mass, world, m/s
	Orientation     mgl64.Quat // body → world, unit
	AngularVelocity mgl64.Vec3 // world frame, rad/s
}

// Valid reports whether every number in s is finite and the orientation is
// not zero.
func (s State) Valid() bool {
	return finite3(s.Position) && finite3(s.Velocity) && finite3(s.AngularVelocity) &&
		finite(s.Orientation.W) && finite3(s.Orientation.V) && fmath.QuatLen(s.Orientation) > 1e-9
}

// bodyRate returns the angular velocity in the body frame.
func (s State) bodyRate() mgl64.Vec3 { return fmath.Rotate(s.q().Conjugate(), s.AngularVelocity) }

func (s State) q() mgl64.Quat { return fmath.QuatNormalize(s.Orientation) }

// Plant is what the control laws know about the craft.
type Plant struct {
	Mass       float64    // kg
	Inertia    mgl64.Mat3 // about the COM, body frame, kg m²
	Capacity   Capacity   // what the RCS can give (Allocator.Capacity)
	MainThrust float64    // N, main engines at full throttle (Allocator.MainThrust)
	MainAxis   mgl64.Vec3 // unit body direction of the main thrust on the craft
}

// Gains of the attitude controller. The controller works on angular
// acceleration, so the gains do not depend on the craft: the torque is
// τ = I·α + ω×(Iω) with α = Kp·e − Kv·ω, which makes every body axis a unit
// mass-spring-damper with natural frequency ωn = √Kp and damping ratio
// ζ = Kv/(2√Kp). Torque therefore scales with the inertia.
type Gains struct {
	Kp float64 // 1/s², attitude stiffness (α per radian of error)
	Kv float64 // 1/s, rate damping (α per rad/s of rate)
	// MaxRate caps the commanded slew rate (rad/s).
	MaxRate float64
	// Margin is the fraction (0..1] of the available angular acceleration
	// the slew profile plans to brake with: the commanded rate is at most
	// √(2·Margin·α_max·|e|), so a saturated slew still stops in time.
	Margin float64
}

// DefaultGains returns the tuned attitude gains: Kp = 0.64 s⁻² (ωn = 0.8
// rad/s), Kv = 1.6 s⁻¹ (ζ = 1, critically damped), MaxRate 0.35 rad/s (20°/s),
// Margin 0.5. See docs/control.md for the tuning.
func DefaultGains() Gains { return Gains{Kp: 0.64, Kv: 1.6, MaxRate: 0.35, Margin: 0.5} }

func (g Gains) orDefault() Gains {
	d := DefaultGains()
	if !(g.Kp > 0) || !finite(g.Kp) {
		g.Kp = d.Kp
	}
	if !(g.Kv > 0) || !finite(g.Kv) {
		g.Kv = d.Kv
	}
	if !(g.MaxRate > 0) || !finite(g.MaxRate) {
		g.MaxRate = d.MaxRate
	}
	if !(g.Margin > 0) || g.Margin > 1 {
		g.Margin = d.Margin
	}
	return g
}

// SASMode is the stability-assist mode.
type SASMode uint8

// SAS modes.
const (
	SASOff          SASMode = iota // no torque
	SASKillRotation                // target ω = 0
	SASHold                        // hold SAS.Target
	SASPoint                       // point SAS.Axis (body) along SAS.Direction (world)
	SASAlign                       // turn by SAS.Error while matching SAS.Rate: a moving target attitude
	numSASModes
)

var sasModeNames = [...]string{"off", "kill rotation", "hold", "point", "align"}

func (m SASMode) String() string {
	if m < numSASModes {
		return sasModeNames[m]
	}
	return "unknown"
}

// Next returns the mode after m in the cycle off → kill rotation → hold →
// point → align → off.
func (m SASMode) Next() SASMode { return (m + 1) % numSASModes }

// SAS is the stability assist: a PD attitude controller. It is a plain
// value; the game sets Target or Direction when the mode needs them (Engage
// fills Target for hold).
type SAS struct {
	Mode      SASMode
	Gains     Gains      // zero fields mean DefaultGains
	Target    mgl64.Quat // SASHold: wanted orientation, body → world
	Direction mgl64.Vec3 // SASPoint: wanted world direction (any length > 0): prograde, retrograde, target, up …
	Axis      mgl64.Vec3 // SASPoint: body axis to point (zero means +y, the main-engine axis)
	// SASAlign: the body-frame rotation still to make (rad) and the body
	// rate relative to the attitude being followed (rad/s), e.g. a docking
	// port's DockRelative.Error and Rate. Zero Error and Rate = body rate
	// is kill rotation.
	Error, Rate mgl64.Vec3
}

// Engage switches to mode m; for SASHold it holds the current orientation.
func (s *SAS) Engage(m SASMode, st State) {
	s.Mode = m
	if m == SASHold {
		s.Target = st.q()
	}
}

// Torque returns the body-frame torque (N m) the SAS wants for the state st,
// clipped to p.Capacity. It returns zero when the mode is off or an input is
// not finite.
func (s *SAS) Torque(st State, p Plant) mgl64.Vec3 {
	if !st.Valid() {
		return mgl64.Vec3{}
	}
	switch s.Mode {
	case SASKillRotation:
		return AttitudeTorque(mgl64.Vec3{}, st.bodyRate(), p, s.Gains)
	case SASHold:
		return AttitudeTorque(HoldError(st.Orientation, s.Target), st.bodyRate(), p, s.Gains)
	case SASPoint:
		axis := s.Axis
		if fmath.Len(axis) == 0 {
			axis = mgl64.Vec3{0, 1, 0}
		}
		return AttitudeTorque(PointError(st.Orientation, axis, s.Direction), st.bodyRate(), p, s.Gains)
	case SASAlign:
		return AttitudeTorque(s.Error, s.Rate, p, s.Gains)
	}
	return mgl64.Vec3{}
}

// HoldError returns the rotation still to make from orientation q to the
// target orientation target (both body → world), as a body-frame rotation
// vector (axis · angle, rad, angle ≤ π). q and −q are the same attitude: the
// shorter of the two rotations is taken.
func HoldError(q, target mgl64.Quat) mgl64.Vec3 {
	q, target = fmath.QuatNormalize(q), fmath.QuatNormalize(target)
	e := fmath.QuatMul(q.Conjugate(), target) // target = q ⊗ e: e acts in the body frame
	if e.W < 0 {
		e = e.Scale(-1)
	}
	return rotationVector(e)
}

// rotationVector returns axis·angle of a unit quaternion with W ≥ 0.
func rotationVector(e mgl64.Quat) mgl64.Vec3 {
	s := fmath.Len(e.V)
	if s < 1e-12 {
		return e.V.Mul(2)
	}
	return e.V.Mul(2 * fmath.Atan2(s, e.W) / s)
}

// PointError returns the body-frame rotation vector (rad) that turns the
// body axis (body frame) onto the world direction dir by the shortest
// rotation, for a craft with orientation q. Rotation about dir is left free.
// It returns zero when axis or dir is zero or not finite.
func PointError(q mgl64.Quat, axis, dir mgl64.Vec3) mgl64.Vec3 {
	la, ld := fmath.Len(axis), fmath.Len(dir)
	if !(la > 0) || !(ld > 0) || !finite(la) || !finite(ld) {
		return mgl64.Vec3{}
	}
	q = fmath.QuatNormalize(q)
	a := axis.Mul(1 / la)
	d := fmath.Rotate(q.Conjugate(), dir.Mul(1/ld)) // wanted direction in the body frame
	c := fmath.Cross(a, d)
	s := fmath.Len(c)
	angle := fmath.Atan2(s, fmath.Dot(a, d))
	if s < 1e-9 {
		if fmath.Dot(a, d) > 0 {
			return mgl64.Vec3{}
		}
		// Antiparallel: any axis perpendicular to a will do; take the one
		// across the body axis a is least aligned with.
		p := mgl64.Vec3{1, 0, 0}
		if math.Abs(a[0]) > math.Abs(a[1]) || math.Abs(a[0]) > math.Abs(a[2]) {
			p = mgl64.Vec3{0, 1, 0}
			if math.Abs(a[1]) > math.Abs(a[2]) {
				p = mgl64.Vec3{0, 0, 1}
			}
		}
		return fmath.Normalize(fmath.Cross(a, p)).Mul(angle)
	}
	return c.Mul(angle / s)
}

// AttitudeTorque is the PD law shared by all modes: for a body-frame
// rotation error e (rad, the rotation still to make) and body rate w
// (rad/s) it returns the body torque (N m)
//
//	ω_cmd = (Kp/Kv)·e, its length capped at min(MaxRate, √(2·Margin·α_max·|e|))
//	α     = Kv·(ω_cmd − w)            (= Kp·e − Kv·w while the cap is not hit)
//	τ     = I·α + w×(I·w)             (computed torque: cancels the gyroscopic term)
//
// clipped, keeping its direction, to p.Capacity. α_max is the largest
// angular acceleration along e that the capacity allows.
func AttitudeTorque(e, w mgl64.Vec3, p Plant, g Gains) mgl64.Vec3 {
	g = g.orDefault()
	if !finite3(e) || !finite3(w) {
		return mgl64.Vec3{}
	}
	wcmd := e.Mul(g.Kp / g.Kv)
	if el := fmath.Len(e); el > 0 {
		lim := g.MaxRate
		if am := maxAlpha(e.Mul(1/el), p); am < math.Inf(1) {
			lim = math.Min(lim, math.Sqrt(2*g.Margin*am*el))
		}
		if l := fmath.Len(wcmd); l > lim {
			wcmd = wcmd.Mul(lim / l)
		}
	}
	alpha := wcmd.Sub(w).Mul(g.Kv)
	tau := fmath.MulMV(p.Inertia, alpha).Add(fmath.Cross(w, fmath.MulMV(p.Inertia, w)))
	return ClipTorque(tau, p.Capacity)
}

// maxAlpha returns the largest angular acceleration (rad/s²) along the unit
// body direction n whose torque I·n·α fits the capacity box (+Inf if the
// capacity is unlimited, 0 if an axis that is needed has none).
func maxAlpha(n mgl64.Vec3, p Plant) float64 {
	t := fmath.MulMV(p.Inertia, n)
	best := math.Inf(1)
	for j := range 3 {
		c := p.Capacity.TorquePos[j]
		if t[j] < 0 {
			c = p.Capacity.TorqueNeg[j]
		}
		if a := math.Abs(t[j]); a > 1e-12*fmath.Len(t) {
			best = math.Min(best, c/a)
		}
	}
	return best
}

// ClipTorque scales tau down, keeping its direction, until every component
// fits the capacity (TorquePos for positive components, TorqueNeg for
// negative ones). A zero capacity (the zero Capacity value) means no limit.
func ClipTorque(tau mgl64.Vec3, c Capacity) mgl64.Vec3 {
	if c == (Capacity{}) {
		return tau
	}
	return mgl64.Vec3(clipBox(tau, c.TorquePos, c.TorqueNeg))
}

// ClipForce is ClipTorque for forces.
func ClipForce(f mgl64.Vec3, c Capacity) mgl64.Vec3 {
	if c == (Capacity{}) {
		return f
	}
	return clipBox(f, c.ForcePos, c.ForceNeg)
}

func clipBox(v, pos, neg mgl64.Vec3) mgl64.Vec3 {
	k := 1.0
	for j := range 3 {
		lim := pos[j]
		if v[j] < 0 {
			lim = neg[j]
		}
		if a := math.Abs(v[j]); a > lim {
			k = math.Min(k, lim/a)
		}
	}
	return v.Mul(k)
}

// Stick maps pilot inputs in [−1, 1] (values outside are clamped) to a
// body torque and force: rot[j] is the input about body axis j, trans[j]
// along it; full deflection asks for the capacity in that direction.
func (c Capacity) Stick(rot, trans mgl64.Vec3) (torque, force mgl64.Vec3) {
	for j := range 3 {
		r, t := clamp(rot[j], -1, 1), clamp(trans[j], -1, 1)
		torque[j] = r * c.TorquePos[j]
		if r < 0 {
			torque[j] = r * c.TorqueNeg[j]
		}
		force[j] = t * c.ForcePos[j]
		if t < 0 {
			force[j] = t * c.ForceNeg[j]
		}
	}
	return torque, force
}

// Override returns the SAS torque with every axis on which the pilot asks
// for a non-zero torque replaced by the pilot's: the pilot flies, the SAS
// holds the other axes.
func Override(pilot, sas mgl64.Vec3) mgl64.Vec3 {
	for j := range 3 {
		if pilot[j] != 0 {
			sas[j] = pilot[j]
		}
	}
	return sas
}
