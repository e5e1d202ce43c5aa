package control

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Autopilot programs: pure functions from a situation (plain values) to a
// Command. The game calls one per tick and hands the Command to its
// Allocator; nothing is remembered between calls.

// Detumble returns the command that kills the craft's rotation (the kill-
// rotation SAS law): a torque only.
func Detumble(st State, p Plant, g Gains) Command {
	if !st.Valid() {
		return Command{}
	}
	return Command{Torque: AttitudeTorque(mgl64.Vec3{}, st.bodyRate(), p, g)}
}

// Port is a docking port on the craft, in the body frame.
type Port struct {
	Pos  mgl64.Vec3 // the port's docking point, body frame, from the COM, m
	Axis mgl64.Vec3 // unit direction the port faces (outward), body frame
	Up   mgl64.Vec3 // roll reference, perpendicular to Axis, body frame (zero: any)
}

// PortPose is the target port in the world. Its frame T has +Z out of the
// port (the approach axis) and +Y as its roll reference.
type PortPose struct {
	Position        mgl64.Vec3 // docking point, world, m
	Orientation     mgl64.Quat // port frame T → world
	Velocity        mgl64.Vec3 // of the docking point, world, m/s
	AngularVelocity mgl64.Vec3 // of the target body, world, rad/s
}

// DockSituation is what the docking autopilot reads.
type DockSituation struct {
	Craft  State    // own craft
	Port   Port     // own port
	Target PortPose // target port
}

// DockRelative is the own port relative to the target port.
type DockRelative struct {
	Pos mgl64.Vec3 // own docking point from the target's, frame T, m (Z: distance along the axis)
	Vel mgl64.Vec3 // its velocity relative to the target port, frame T, m/s
	// Error is the body-frame rotation (rad) from the craft's attitude to the
	// docked attitude: own Axis along −Z_T, own Up along +Y_T.
	Error mgl64.Vec3
	Rate  mgl64.Vec3 // craft's angular velocity relative to the target, body frame, rad/s
	// Aligned is the craft orientation (body → world) that Error leads to.
	Aligned mgl64.Quat
}

// Closing returns the closing speed along the port axis (m/s, > 0 when
// approaching).
func (r DockRelative) Closing() float64 { return -r.Vel[2] }

// Lateral returns the offset across the port axis (m).
func (r DockRelative) Lateral() float64 { return fmath.Hypot(r.Pos[0], r.Pos[1]) }

// Misalignment returns the angle (rad) of the rotation still needed to
// reach the docked attitude (axis and roll).
func (r DockRelative) Misalignment() float64 { return fmath.Len(r.Error) }

// Relative computes the own port's position, velocity and attitude error
// relative to the target port.
func (s DockSituation) Relative() DockRelative {
	q := s.Craft.q()
	qt := fmath.QuatNormalize(s.Target.Orientation)
	qtInv := qt.Conjugate()
	rW := fmath.Rotate(q, s.Port.Pos)
	pW := s.Craft.Position.Add(rW)
	vW := s.Craft.Velocity.Add(fmath.Cross(s.Craft.AngularVelocity, rW))
	d := pW.Sub(s.Target.Position)
	vRel := vW.Sub(s.Target.Velocity.Add(fmath.Cross(s.Target.AngularVelocity, d)))

	// Docked attitude: R_world←body = R_T · diag(−1, 1, −1) · R_body←Pᵀ,
	// where the port frame P has z = Axis, y = Up.
	z := fmath.Normalize(s.Port.Axis)
	y := s.Port.Up.Sub(z.Mul(fmath.Dot(s.Port.Up, z)))
	if fmath.Len(y) < 1e-9 {
		y = anyPerpendicular(z)
	}
	y = fmath.Normalize(y)
	x := fmath.Cross(y, z)
	rbp := mgl64.Mat3FromCols(x, y, z)
	rt := fmath.QuatMat3(qt)
	flip := mgl64.Mat3{-1, 0, 0, 0, 1, 0, 0, 0, -1}
	aligned := mat3Quat(fmath.MulMM(fmath.MulMM(rt, flip), rbp.Transpose()))

	return DockRelative{
		Pos:     fmath.Rotate(qtInv, d),
		Vel:     fmath.Rotate(qtInv, vRel),
		Error:   HoldError(q, aligned),
		Rate:    fmath.Rotate(q.Conjugate(), s.Craft.AngularVelocity.Sub(s.Target.AngularVelocity)),
		Aligned: aligned,
	}
}

// DockParams tune the docking autopilot.
type DockParams struct {
	ApproachSpeed float64 // m/s, largest closing speed, far out
	FinalSpeed    float64 // m/s, closing speed in the last metre
	SlowDistance  float64 // m, distance over which the closing speed falls from ApproachSpeed to FinalSpeed
	ConeAngle     float64 // rad, half-angle of the approach cone: closes only inside it
	ConeRadius    float64 // m, lateral offset always inside the cone (near the port)
	AlignAngle    float64 // rad, closes only when misaligned less than this
	LateralGain   float64 // 1/s, lateral velocity per metre of offset
	LateralSpeed  float64 // m/s, largest lateral speed
	VelocityGain  float64 // 1/s, acceleration per m/s of velocity error
	Gains         Gains   // attitude
}

// DefaultDockParams returns the docking parameters used by the tests:
// approach at up to 0.5 m/s, 0.1 m/s in the last metre, a 10° cone.
func DefaultDockParams() DockParams {
	return DockParams{
		ApproachSpeed: 0.5, FinalSpeed: 0.1, SlowDistance: 8,
		ConeAngle: 10 * math.Pi / 180, ConeRadius: 0.05, AlignAngle: 3 * math.Pi / 180,
		LateralGain: 0.25, LateralSpeed: 0.3, VelocityGain: 1.0,
		Gains: DefaultGains(),
	}
}

// Dock is the docking-approach autopilot. It turns the craft to the docked
// attitude (hold law on DockRelative.Error), nulls the lateral offset with
// a velocity command −LateralGain·(x, y), and closes along the axis at a
// speed that falls linearly from ApproachSpeed to FinalSpeed over
// SlowDistance — only while the port is inside the approach cone and
// aligned within AlignAngle; otherwise it holds its distance (and backs
// off in the last metre). Forces are clipped to p.Capacity.
func Dock(s DockSituation, p Plant, prm DockParams) Command {
	if !s.Craft.Valid() {
		return Command{}
	}
	rel := s.Relative()
	torque := AttitudeTorque(rel.Error, rel.Rate, p, prm.Gains)

	// Velocity wanted in frame T.
	lat := mgl64.Vec3{-rel.Pos[0], -rel.Pos[1], 0}.Mul(prm.LateralGain)
	if l := fmath.Len(lat); l > prm.LateralSpeed {
		lat = lat.Mul(prm.LateralSpeed / l)
	}
	z := rel.Pos[2]
	inCone := rel.Lateral() <= math.Max(prm.ConeRadius, z*fmath.Tan(prm.ConeAngle))
	aligned := rel.Misalignment() <= prm.AlignAngle
	var vz float64
	switch {
	case inCone && aligned:
		k := (prm.ApproachSpeed - prm.FinalSpeed) / math.Max(prm.SlowDistance, 1e-9)
		vz = -clamp(prm.FinalSpeed+float64(k*(z-1)), prm.FinalSpeed, prm.ApproachSpeed)
	case z < 1:
		vz = prm.FinalSpeed // back off
	}
	vWant := mgl64.Vec3{lat[0], lat[1], vz}
	aT := vWant.Sub(rel.Vel).Mul(prm.VelocityGain)
	fW := fmath.Rotate(fmath.QuatNormalize(s.Target.Orientation), aT.Mul(p.Mass))
	fB := fmath.Rotate(s.Craft.q().Conjugate(), fW)
	return Command{Torque: torque, Force: ClipForce(fB, p.Capacity)}
}

// LandSituation is what the landing autopilot reads.
type LandSituation struct {
	Craft           State
	Pad             mgl64.Vec3 // centre of the pad's top surface, world, m
	Gravity         mgl64.Vec3 // world, m/s² (e.g. {0, −1.62, 0}); "up" is −Gravity
	TouchdownHeight float64    // m, height of the COM above the pad surface when the feet touch
}

// LandParams tune the landing autopilot.
type LandParams struct {
	TouchdownSpeed float64 // m/s, descent speed the schedule ends with
	MaxDescent     float64 // m/s, largest descent speed
	BrakeAccel     float64 // m/s², deceleration the descent schedule plans with
	MaxTilt        float64 // rad, largest tilt from up, at TiltHeight and above
	FinalTilt      float64 // rad, largest tilt at touchdown (the limit falls linearly below TiltHeight)
	TiltHeight     float64 // m
	// GlideSlope: the schedule counts height only above GlideSlope × (the
	// horizontal offset beyond HoverRadius), so the craft hovers until it
	// is over the pad rather than come down beside it.
	GlideSlope    float64 // m of height per m of offset
	HoverRadius   float64 // m
	PositionGain  float64 // 1/s, horizontal velocity per metre of offset
	MaxHorizontal float64 // m/s, largest horizontal speed
	VelocityGain  float64 // 1/s, horizontal acceleration per m/s of error
	VerticalGain  float64 // 1/s, vertical acceleration per m/s of error
	Gains         Gains   // attitude
}

// DefaultLandParams returns the landing parameters used by the tests.
func DefaultLandParams() LandParams {
	return LandParams{
		TouchdownSpeed: 0.7, MaxDescent: 8, BrakeAccel: 0.8,
		MaxTilt: 15 * math.Pi / 180, FinalTilt: 1 * math.Pi / 180, TiltHeight: 25,
		GlideSlope: 2, HoverRadius: 0.3,
		PositionGain: 0.25, MaxHorizontal: 4, VelocityGain: 0.8, VerticalGain: 1.5,
		// Tilt must follow the thrust direction closely near the ground:
		// ωn = 1.5 rad/s, ζ = 1.
		Gains: Gains{Kp: 2.25, Kv: 3, MaxRate: 0.35, Margin: 0.5},
	}
}

// Land is the landing autopilot. Vertical: track the descent schedule
// v_ref(h) = −min(MaxDescent, √(TouchdownSpeed² + 2·a·h)) (h is the height
// above touchdown; a = BrakeAccel, or half the main engines' net
// acceleration if that is less) with a feed-forward of its slope. Horizontal:
// velocity command −PositionGain·offset, tracked with VelocityGain; the
// descent waits (hovers) while the craft is below a glide slope over the
// pad. The wanted acceleration, plus gravity, gives the thrust direction
// (tilt limited from MaxTilt high up to FinalTilt at touchdown) that the point law turns
// p.MainAxis onto; the main throttle gives its component along the current
// thrust axis; the RCS gives the horizontal remainder in the body's lateral
// plane.
func Land(s LandSituation, p Plant, prm LandParams) Command {
	gm := fmath.Len(s.Gravity)
	if !s.Craft.Valid() || !finite3(s.Pad) || !finite(gm) || !(gm > 0) {
		return Command{}
	}
	q := s.Craft.q()
	up := s.Gravity.Mul(-1 / gm)
	rel := s.Craft.Position.Sub(s.Pad)
	h := fmath.Dot(rel, up) - s.TouchdownHeight
	xh := rel.Sub(up.Mul(fmath.Dot(rel, up)))
	vv := fmath.Dot(s.Craft.Velocity, up)
	vh := s.Craft.Velocity.Sub(up.Mul(vv))

	// Horizontal.
	vhWant := xh.Mul(-prm.PositionGain)
	if l := fmath.Len(vhWant); l > prm.MaxHorizontal {
		vhWant = vhWant.Mul(prm.MaxHorizontal / l)
	}
	ah := vhWant.Sub(vh).Mul(prm.VelocityGain)

	// Vertical schedule with feed-forward, on the height above the glide
	// slope.
	hs := h - float64(prm.GlideSlope*math.Max(fmath.Len(xh)-prm.HoverRadius, 0))
	// Plan to brake with no more than half the net acceleration the main
	// engines can give (a weak lander brakes gently and early).
	brake := prm.BrakeAccel
	if p.MainThrust > 0 && p.Mass > 0 {
		brake = clamp(0.5*(float64(p.MainThrust/p.Mass*fmath.Cos(prm.MaxTilt))-gm), 0.05, brake)
	}
	sched := math.Sqrt(float64(prm.TouchdownSpeed*prm.TouchdownSpeed) + float64(2*brake*math.Max(hs, 0)))
	vRef, ff := -sched, 0.0
	switch {
	case sched >= prm.MaxDescent:
		vRef = -prm.MaxDescent
	case hs < 0 && h > 0:
		vRef = 0 // below the glide slope: hover until over the pad
	case hs > 0:
		ff = float64(brake * clamp(-vv/sched, 0, 2)) // d(v_ref)/dt along the schedule
	}
	av := ff + float64(prm.VerticalGain*(vRef-vv))

	// Thrust direction, tilt-limited.
	tilt := prm.FinalTilt + float64((prm.MaxTilt-prm.FinalTilt)*clamp(h/math.Max(prm.TiltHeight, 1e-9), 0, 1))
	vert := math.Max(gm+av, 0.5*gm)
	hor := ah
	if l, lim := fmath.Len(hor), vert*fmath.Tan(tilt); l > lim {
		hor = hor.Mul(lim / l)
	}
	dir := up.Mul(vert).Add(hor)
	axis := p.MainAxis
	if fmath.Len(axis) == 0 {
		axis = mgl64.Vec3{0, 1, 0}
	}
	torque := AttitudeTorque(PointError(q, axis, dir), s.Craft.bodyRate(), p, prm.Gains)

	// Main throttle: the vertical need over the current axis' vertical part.
	axisW := fmath.Rotate(q, axis)
	thrust := 0.0
	if need := p.Mass * (gm + av); need > 0 {
		thrust = need / math.Max(fmath.Dot(axisW, up), 0.5)
	}
	main := 0.0
	if p.MainThrust > 0 {
		main = clamp(thrust/p.MainThrust, 0, 1)
		thrust = main * p.MainThrust
	}

	// RCS: the horizontal remainder, in the body's lateral plane.
	fMain := axisW.Mul(thrust)
	rest := ah.Mul(p.Mass).Sub(fMain.Sub(up.Mul(fmath.Dot(fMain, up))))
	fB := fmath.Rotate(q.Conjugate(), rest)
	fB = fB.Sub(axis.Mul(fmath.Dot(fB, axis)))
	return Command{Torque: torque, Force: ClipForce(fB, p.Capacity), Main: main}
}

// anyPerpendicular returns a unit vector perpendicular to the unit vector v.
func anyPerpendicular(v mgl64.Vec3) mgl64.Vec3 {
	p := mgl64.Vec3{1, 0, 0}
	if math.Abs(v[0]) > 0.9 {
		p = mgl64.Vec3{0, 1, 0}
	}
	return fmath.Normalize(fmath.Cross(v, p))
}

// mat3Quat converts a rotation matrix to a unit quaternion (Shepperd's
// method: branch on the largest of trace and diagonal for accuracy).
func mat3Quat(m mgl64.Mat3) mgl64.Quat {
	m00, m11, m22 := m.At(0, 0), m.At(1, 1), m.At(2, 2)
	tr := m00 + m11 + m22
	var q mgl64.Quat
	switch {
	case tr > 0:
		s := 2 * math.Sqrt(tr+1)
		q = mgl64.Quat{W: s / 4, V: mgl64.Vec3{(m.At(2, 1) - m.At(1, 2)) / s, (m.At(0, 2) - m.At(2, 0)) / s, (m.At(1, 0) - m.At(0, 1)) / s}}
	case m00 > m11 && m00 > m22:
		s := 2 * math.Sqrt(1+m00-m11-m22)
		q = mgl64.Quat{W: (m.At(2, 1) - m.At(1, 2)) / s, V: mgl64.Vec3{s / 4, (m.At(0, 1) + m.At(1, 0)) / s, (m.At(0, 2) + m.At(2, 0)) / s}}
	case m11 > m22:
		s := 2 * math.Sqrt(1+m11-m00-m22)
		q = mgl64.Quat{W: (m.At(0, 2) - m.At(2, 0)) / s, V: mgl64.Vec3{(m.At(0, 1) + m.At(1, 0)) / s, s / 4, (m.At(1, 2) + m.At(2, 1)) / s}}
	default:
		s := 2 * math.Sqrt(1+m22-m00-m11)
		q = mgl64.Quat{W: (m.At(1, 0) - m.At(0, 1)) / s, V: mgl64.Vec3{(m.At(0, 2) + m.At(2, 0)) / s, (m.At(1, 2) + m.At(2, 1)) / s, s / 4}}
	}
	return fmath.QuatNormalize(q)
}
