package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Joints: ids and kinds, runtime data, the public view (Joint), limits,
// springs and motors set at run time, and breaking. The equations of each
// kind are in ball.go, hinge.go and fixed.go.

// JointID names a joint of a World. IDs are never reused; a removed or broken
// joint's id stays invalid.
type JointID int32

// NoJoint is the invalid JointID.
const NoJoint JointID = -1

// JointKind is the type of a joint.
type JointKind uint8

const (
	BallJoint  JointKind = iota + 1 // 3 rows: anchors coincide
	HingeJoint                      // 5 rows: anchors coincide, axes stay parallel
	FixedJoint                      // 6 rows: anchors coincide, frames stay aligned
)

func (k JointKind) String() string {
	switch k {
	case BallJoint:
		return "ball"
	case HingeJoint:
		return "hinge"
	case FixedJoint:
		return "fixed"
	}
	return "joint?"
}

// JointBreak reports a joint that broke during a Step.
type JointBreak struct {
	Joint          JointID
	Kind           JointKind
	A, B           BodyID
	Impulse        float64 // N s transmitted in the step
	AngularImpulse float64 // N m s
}

// joint is the runtime data of one joint.
type joint struct {
	kind   JointKind
	alive  bool
	pa, pb BodyID // its bodies as made; pb may be NoBody (world)

	pla, plb mgl64.Vec3 // anchor in A's and B's body frames (world point if B is the world)
	pfa, pfb mgl64.Mat3 // joint frame (columns X = axis, Y, Z) in A's and B's body frames

	// The solver's side (weld.go): the bodies the joint acts on — a weld
	// group's composite for a welded body — and the anchor and frame in
	// their frames. Equal to the public side for unwelded bodies.
	a, b   BodyID
	la, lb mgl64.Vec3
	fa, fb mgl64.Mat3
	weld   bool // holds two dynamic bodies rigidly: absorbed into a weld group
	stop   int8 // a hinge held on its lower (−1) or upper (+1) stop under load: a weld (stops.go)

	limits       bool
	lower, upper float64
	k, c, theta0 float64
	motor        bool
	motorSpeed   float64
	motorMax     float64
	breakLin     float64
	breakAng     float64

	// springD: the spring's stretch at the sub-step's start (springCut);
	// its stretch keeps to that side of its cut through the sub-step.
	springD float64

	row0 int32 // its first equality row in World.eq (−1: none)

	// damp: the hinge's damper is too stiff for RK4 at this sub-step and is
	// a row of the bounded solve instead (dampTurn).
	damp bool

	// Warm starts of the bounded rows: their impulses in the last sub-step.
	lamLower, lamUpper, lamMotor, lamDamp float64

	impLin, impAng   v3         // impulse on A accumulated over the current Step
	lastLin, lastAng mgl64.Vec3 // of the last Step
}

// rows returns the number of equality rows of the joint.
func (j *joint) rows() int {
	switch j.kind {
	case BallJoint:
		return 3
	case HingeJoint:
		if j.locked() {
			return 6
		}
		return 5
	}
	return 6
}

// dynSide returns side k of joint j (0: A, 1: B) when its body is
// dynamic: the body, its index, the joint's frame in it and the anchor from
// its centre of mass. For a static side (or the world) b is nil.
func (w *World) dynSide(j *joint, k int) (b *body, i int32, f *mgl64.Mat3, l mgl64.Vec3) {
	id, f, l := j.a, &j.fa, j.la
	if k == 1 {
		id, f, l = j.b, &j.fb, j.lb
	}
	if i = w.dynIndex(id); i < 0 {
		return nil, -1, f, l
	}
	return &w.bodies[i], i, f, l
}

// locked reports whether the joint is a hinge whose limits are closed
// (lower = upper): unless it is a weld (between two dynamic bodies,
// weld.go), its lock is a sixth equality row, about its axis — held
// exactly by the tree solve and put back by the projection as a fixed
// joint's are. A bounded row held it before, its drift corrected by a
// bias: under a heavy load (a chain of 9,000:1 hung from a locked root)
// that push did work every sub-step, and made energy (random chain 14366).
func (j *joint) locked() bool { return j.kind == HingeJoint && j.limits && j.lower == j.upper }

// solved reports whether the solver sees the joint: alive and not a weld
// (whose bodies move as one, weld.go).
func (j *joint) solved() bool { return j.alive && !j.weld }

// bounded reports whether the joint has bounded rows (a hinge's limits
// unless locked, motor or stiff damper).
func (j *joint) bounded() bool {
	return j.kind == HingeJoint && (j.limits && !j.locked() || j.motor || j.damp)
}

// jointSet holds the joints and whether the solver's layout is stale.
type jointSet struct {
	list   []joint
	alive  int
	solver int // alive joints that are not welds (weld.go)
	dirty  bool
}

func (s *jointSet) clear() {
	s.list = s.list[:0]
	s.alive, s.solver = 0, 0
	s.dirty = true
}

// pose returns the world pose of body id in the current state (the world
// frame for NoBody).
func (w *World) pose(id BodyID) (c mgl64.Vec3, r mgl64.Mat3) {
	if id == NoBody {
		return mgl64.Vec3{}, mgl64.Ident3()
	}
	s := &w.y[id]
	return s.c.vec(), quatMat3(s.q)
}

func (w *World) addJoint(kind JointKind, a, b BodyID, anchor, axis mgl64.Vec3) (*joint, JointID, error) {
	if !w.validBody(a) {
		return nil, NoJoint, fmt.Errorf("%w: %s joint body A = %d", ErrNoBody, kind, a)
	}
	if b != NoBody && !w.validBody(b) {
		return nil, NoJoint, fmt.Errorf("%w: %s joint body B = %d", ErrNoBody, kind, b)
	}
	if a == b {
		return nil, NoJoint, fmt.Errorf("%w: %s joint joins body %d to itself", ErrBadDef, kind, a)
	}
	if !finite3(anchor) || !finite3(axis) {
		return nil, NoJoint, fmt.Errorf("%w: %s joint anchor or axis is not finite", ErrBadDef, kind)
	}
	al := fmath.Len(axis)
	if !(al > 1e-12) {
		return nil, NoJoint, fmt.Errorf("%w: %s joint axis is zero", ErrBadDef, kind)
	}
	x := axis.Mul(1 / al)
	y, z := perpAxes(x)
	frame := frameFromAxes(x, y, z) // world joint frame at creation
	ca, ra := w.pose(a)
	cb, rb := w.pose(b)
	raT, rbT := ra.Transpose(), rb.Transpose()
	j := joint{
		kind:  kind,
		alive: true,
		pa:    a,
		pb:    b,
		pla:   mulMTV(&ra, anchor.Sub(ca)),
		plb:   mulMTV(&rb, anchor.Sub(cb)),
		pfa:   fmath.MulMM(raT, frame),
		pfb:   fmath.MulMM(rbT, frame),
	}
	j.a, j.b, j.la, j.lb, j.fa, j.fb = j.pa, j.pb, j.pla, j.plb, j.pfa, j.pfb
	w.joints.list = append(w.joints.list, j)
	w.joints.alive++
	w.joints.dirty = true
	w.welds.dirty = true
	w.wakeBody(a)
	w.wakeBody(b)
	id := JointID(len(w.joints.list) - 1)
	return &w.joints.list[id], id, nil
}

// AddBall adds a ball-in-socket joint.
func (w *World) AddBall(def BallDef) (JointID, error) {
	if !(def.BreakImpulse >= 0) {
		return NoJoint, fmt.Errorf("%w: ball joint BreakImpulse %v", ErrBadDef, def.BreakImpulse)
	}
	j, id, err := w.addJoint(BallJoint, def.A, def.B, def.Anchor, mgl64.Vec3{1, 0, 0})
	if err != nil {
		return NoJoint, err
	}
	j.breakLin = def.BreakImpulse
	return id, nil
}

// AddHinge adds a hinge joint.
func (w *World) AddHinge(def HingeDef) (JointID, error) {
	if err := checkHinge(&def); err != nil {
		return NoJoint, err
	}
	j, id, err := w.addJoint(HingeJoint, def.A, def.B, def.Anchor, def.Axis)
	if err != nil {
		return NoJoint, err
	}
	j.limits, j.lower, j.upper = def.EnableLimits, def.Lower, def.Upper
	j.k, j.c, j.theta0 = def.SpringStiffness, def.SpringDamping, def.SpringAngle
	j.motor, j.motorSpeed, j.motorMax = def.EnableMotor, def.MotorSpeed, def.MaxMotorTorque
	j.breakLin, j.breakAng = def.BreakImpulse, def.BreakAngularImpulse
	return id, nil
}

func checkHinge(d *HingeDef) error {
	vals := [...]float64{d.Lower, d.Upper, d.SpringStiffness, d.SpringDamping, d.SpringAngle, d.MotorSpeed, d.MaxMotorTorque, d.BreakImpulse, d.BreakAngularImpulse}
	for _, v := range vals {
		if !finite(v) {
			return fmt.Errorf("%w: hinge parameter is not finite", ErrBadDef)
		}
	}
	if d.EnableLimits && !(d.Lower <= d.Upper && d.Lower >= -math.Pi && d.Upper <= math.Pi) {
		return fmt.Errorf("%w: hinge limits [%v, %v] rad must satisfy −π ≤ lower ≤ upper ≤ π", ErrBadDef, d.Lower, d.Upper)
	}
	if d.SpringStiffness < 0 || d.SpringDamping < 0 || d.MaxMotorTorque < 0 || d.BreakImpulse < 0 || d.BreakAngularImpulse < 0 {
		return fmt.Errorf("%w: hinge stiffness, damping, motor torque and break impulses must be ≥ 0", ErrBadDef)
	}
	return nil
}

// AddFixed adds a fixed joint (weld).
func (w *World) AddFixed(def FixedDef) (JointID, error) {
	if !(def.BreakImpulse >= 0) || !(def.BreakAngularImpulse >= 0) {
		return NoJoint, fmt.Errorf("%w: fixed joint break impulses must be ≥ 0", ErrBadDef)
	}
	j, id, err := w.addJoint(FixedJoint, def.A, def.B, def.Anchor, mgl64.Vec3{1, 0, 0})
	if err != nil {
		return NoJoint, err
	}
	j.breakLin, j.breakAng = def.BreakImpulse, def.BreakAngularImpulse
	return id, nil
}

func (w *World) validJoint(id JointID) bool {
	return id >= 0 && int(id) < len(w.joints.list) && w.joints.list[id].alive
}

// RemoveJoint removes a joint (undocking). Its id becomes invalid.
func (w *World) RemoveJoint(id JointID) error {
	if !w.validJoint(id) {
		return fmt.Errorf("%w: %d", ErrNoJoint, id)
	}
	j := &w.joints.list[id]
	j.alive = false
	w.joints.alive--
	w.joints.dirty = true
	w.welds.dirty = true
	w.wakeBody(j.pa)
	w.wakeBody(j.pb)
	return nil
}

// Joint returns a view of joint id.
func (w *World) Joint(id JointID) Joint { return Joint{w: w, id: id} }

// Joint is a view of one joint of a World.
type Joint struct {
	w  *World
	id JointID
}

func (j Joint) get() *joint {
	if j.w == nil || !j.w.validJoint(j.id) {
		return nil
	}
	return &j.w.joints.list[j.id]
}

// Valid reports whether the joint exists (not removed or broken).
func (j Joint) Valid() bool { return j.get() != nil }

// Kind returns the joint type (0 for an invalid joint).
func (j Joint) Kind() JointKind {
	if p := j.get(); p != nil {
		return p.kind
	}
	return 0
}

// Bodies returns the two bodies (B may be NoBody for the world).
func (j Joint) Bodies() (a, b BodyID) {
	if p := j.get(); p != nil {
		return p.pa, p.pb
	}
	return NoBody, NoBody
}

// Angle returns a hinge's angle θ (rad): B's rotation relative to A about
// the axis, 0 at creation.
func (j Joint) Angle() float64 {
	p := j.get()
	if p == nil {
		return 0
	}
	_, ra := j.w.pose(p.pa)
	_, rb := j.w.pose(p.pb)
	return hingeAngle(p, &ra, &rb)
}

// AngularSpeed returns a hinge's θ̇ = axis·(ω_B − ω_A), rad/s.
func (j Joint) AngularSpeed() float64 {
	p := j.get()
	if p == nil {
		return 0
	}
	_, ra := j.w.pose(p.pa)
	x := mulMV(&ra, col(&p.pfa, 0))
	return dot(x, j.w.angVel(p.pb).Sub(j.w.angVel(p.pa)))
}

// Axis returns the hinge axis in the world, as fixed in body A.
func (j Joint) Axis() mgl64.Vec3 {
	p := j.get()
	if p == nil {
		return mgl64.Vec3{}
	}
	_, ra := j.w.pose(p.pa)
	return mulMV(&ra, col(&p.pfa, 0))
}

// Anchors returns the anchor points in the world as fixed in A and in B, m.
func (j Joint) Anchors() (a, b mgl64.Vec3) {
	p := j.get()
	if p == nil {
		return
	}
	ca, ra := j.w.pose(p.pa)
	cb, rb := j.w.pose(p.pb)
	return ca.Add(mulMV(&ra, p.pla)), cb.Add(mulMV(&rb, p.plb))
}

// Gap returns the distance between the two anchors, m.
func (j Joint) Gap() float64 {
	p := j.get()
	if p == nil {
		return 0
	}
	return j.w.anchorGap(p)
}

// anchorGap is Joint.Gap on register vectors (the headless simulator takes
// the largest gap every tick).
func (w *World) anchorGap(p *joint) float64 {
	d := w.anchorWorld(p.pa, p.pla).sub(w.anchorWorld(p.pb, p.plb))
	return math.Sqrt(d.dot(d))
}

// anchorWorld returns the world point of body id's local point l in the
// current state (l itself for the world).
func (w *World) anchorWorld(id BodyID, l mgl64.Vec3) v3 {
	if id == NoBody {
		return v3of(l)
	}
	s := &w.y[id]
	r := quatMat3(s.q)
	return s.c.add(mulM3(&r, v3of(l)))
}

// Misalignment returns the angular error of the joint, rad: for a hinge the
// angle between the axes as fixed in A and in B; for a fixed joint the
// angle of the relative rotation; 0 for a ball joint.
func (j Joint) Misalignment() float64 {
	p := j.get()
	if p == nil {
		return 0
	}
	_, ra := j.w.pose(p.pa)
	_, rb := j.w.pose(p.pb)
	return misalignment(p, &ra, &rb)
}

// Impulse returns the linear (N s) and angular (N m s) impulse the joint
// applied to body A during the last Step (angular: only the rows that hold
// the orientation, limits and motor).
func (j Joint) Impulse() (linear, angular mgl64.Vec3) {
	if p := j.get(); p != nil {
		return p.lastLin, p.lastAng
	}
	return
}

// SetMotor switches a hinge motor on or off and sets its target speed
// (rad/s) and torque limit (N m).
func (j Joint) SetMotor(enable bool, speed, maxTorque float64) error {
	p := j.get()
	if p == nil || p.kind != HingeJoint {
		return fmt.Errorf("%w: %d is not a hinge", ErrNoJoint, j.id)
	}
	if !finite(speed) || !(maxTorque >= 0) || !finite(maxTorque) {
		return fmt.Errorf("%w: motor speed %v, torque %v", ErrBadDef, speed, maxTorque)
	}
	if p.motor != enable || p.motorSpeed != speed || p.motorMax != maxTorque {
		j.w.wakeJoint(p)
	}
	p.motor, p.motorSpeed, p.motorMax = enable, speed, maxTorque
	return nil
}

// SetSpring sets a hinge's spring-damper: stiffness k (N m/rad), damping c
// (N m s/rad), rest angle θ0 (rad).
func (j Joint) SetSpring(k, c, theta0 float64) error {
	p := j.get()
	if p == nil || p.kind != HingeJoint {
		return fmt.Errorf("%w: %d is not a hinge", ErrNoJoint, j.id)
	}
	if !(k >= 0) || !(c >= 0) || !finite(k) || !finite(c) || !finite(theta0) {
		return fmt.Errorf("%w: spring k %v, c %v, θ0 %v", ErrBadDef, k, c, theta0)
	}
	if p.k != k || p.c != c || p.theta0 != theta0 {
		j.w.wakeJoint(p)
	}
	p.k, p.c, p.theta0 = k, c, theta0
	return nil
}

// SetLimits sets a hinge's angle limits, rad.
func (j Joint) SetLimits(enable bool, lower, upper float64) error {
	p := j.get()
	if p == nil || p.kind != HingeJoint {
		return fmt.Errorf("%w: %d is not a hinge", ErrNoJoint, j.id)
	}
	if enable && !(lower <= upper && lower >= -math.Pi && upper <= math.Pi) {
		return fmt.Errorf("%w: hinge limits [%v, %v]", ErrBadDef, lower, upper)
	}
	if p.limits != enable || p.lower != lower || p.upper != upper {
		j.w.wakeJoint(p)
	}
	closed := p.limits && p.lower == p.upper
	if p.stop != 0 {
		p.stop, closed = 0, true // let go of its stop: it is formed again
	}
	p.limits, p.lower, p.upper = enable, lower, upper
	if closed != (enable && lower == upper) || closed && enable { // a weld comes or goes, or its locked angle moves
		j.w.welds.dirty = true
		j.w.joints.dirty = true
	}
	p.lamLower, p.lamUpper = 0, 0
	return nil
}

func (w *World) angVel(id BodyID) mgl64.Vec3 {
	if id == NoBody {
		return mgl64.Vec3{}
	}
	return w.y[id].w.vec()
}

func misalignment(j *joint, ra, rb *mgl64.Mat3) float64 {
	switch j.kind {
	case HingeJoint:
		xa := mulMV(ra, col(&j.pfa, 0))
		xb := mulMV(rb, col(&j.pfb, 0))
		return fmath.Atan2(fmath.Len(cross(xa, xb)), dot(xa, xb))
	case FixedJoint:
		// Σ a_k × b_k = 2 sin φ n for the relative rotation (φ, n).
		var s mgl64.Vec3
		for k := range 3 {
			s = s.Add(cross(mulMV(ra, col(&j.pfa, k)), mulMV(rb, col(&j.pfb, k))))
		}
		tr := 0.0
		for k := range 3 {
			tr += dot(mulMV(ra, col(&j.pfa, k)), mulMV(rb, col(&j.pfb, k)))
		}
		return fmath.Atan2(0.5*fmath.Len(s), 0.5*(tr-1))
	}
	return 0
}

// MaxJointGap returns the largest anchor gap over all joints, m.
func (w *World) MaxJointGap() float64 {
	g := 0.0
	for i := range w.joints.list {
		if p := &w.joints.list[i]; p.alive {
			g = math.Max(g, w.anchorGap(p))
		}
	}
	return g
}

// MaxJointMisalignment returns the largest angular joint error, rad.
func (w *World) MaxJointMisalignment() float64 {
	g := 0.0
	for i := range w.joints.list {
		if w.joints.list[i].alive {
			g = math.Max(g, w.Joint(JointID(i)).Misalignment())
		}
	}
	return g
}

// springEnergy returns Σ ½ k (θ − θ0)² of the hinge springs, J, θ − θ0
// the short way round (springOffset).
func (w *World) springEnergy() float64 {
	e := 0.0
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.alive || j.kind != HingeJoint || j.k == 0 {
			continue
		}
		_, ra := w.pose(j.pa)
		_, rb := w.pose(j.pb)
		d := springOffset(hingeAngle(j, &ra, &rb), j.theta0)
		e += float64(0.5 * j.k * d * d)
	}
	return e
}

// breakJoints removes joints whose impulse in this Step exceeded their
// threshold and reports them in Events.
func (w *World) breakJoints() {
	w.events = w.events[:0]
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.alive {
			continue
		}
		j.lastLin, j.lastAng = j.impLin.vec(), j.impAng.vec()
		lin, ang := fmath.Len(j.lastLin), fmath.Len(j.lastAng)
		if (j.breakLin > 0 && lin > j.breakLin) || (j.breakAng > 0 && ang > j.breakAng) {
			j.alive = false
			w.joints.alive--
			w.joints.dirty = true
			w.welds.dirty = true
			w.events = append(w.events, JointBreak{Joint: JointID(i), Kind: j.kind, A: j.pa, B: j.pb, Impulse: lin, AngularImpulse: ang})
		}
	}
}
