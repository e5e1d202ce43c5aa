package physics

import (
	"errors"
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// The World: its creation settings (WorldDef), bodies, loads, and the
// momenta and energies the tests and the game read.

// Errors. Step wraps ErrNonFinite and ErrRunaway in a *BodyError naming the
// body; test with errors.Is / errors.As.
var (
	ErrBadDef    = errors.New("physics: bad definition")
	ErrBadStep   = errors.New("physics: bad time step")
	ErrNoBody    = errors.New("physics: no such body")
	ErrNoJoint   = errors.New("physics: no such joint")
	ErrNonFinite = errors.New("physics: state became NaN or Inf")
	ErrRunaway   = errors.New("physics: runaway motion")
)

// BodyError reports the body that went bad in a Step. The world is left as it
// was before that Step.
type BodyError struct {
	Body   BodyID
	Name   string
	Err    error  // ErrNonFinite or ErrRunaway
	Detail string // what exceeded what
}

func (e *BodyError) Error() string {
	return fmt.Sprintf("%v: body %d %q: %s", e.Err, e.Body, e.Name, e.Detail)
}

func (e *BodyError) Unwrap() error { return e.Err }

// WorldDef is the creation data of a World. Zero values mean the defaults.
type WorldDef struct {
	Gravity mgl64.Vec3 // uniform acceleration, m/s² (y is up: {0, -9.81, 0})

	// Field, if set, adds a field of accelerations to gravity: the
	// acceleration (m/s², world frame) of a body whose centre of mass is
	// at p (m) and moves at v (m/s). It is evaluated at each RK4 stage's
	// state, so forces that depend on position and velocity — the
	// Clohessy–Wiltshire terms of motion relative to an orbiting point, a
	// drag — are integrated to RK4's order. It acts at the centre of mass
	// (no torque; attitude stays inertial), on every awake dynamic body.
	// It must be a pure function: deterministic, finite, free of side
	// effects (Step calls it 4 times per body per sub-step). Like gravity
	// it does not wake a sleeping island, and the impact stage's arrival
	// estimates count gravity only. Nil means none.
	Field func(p, v mgl64.Vec3) mgl64.Vec3
	// FrameRate is the world frame's own angular velocity relative to
	// inertial space (rad/s, in world axes, constant), for a scene in a
	// turning frame such as an orbit's local vertical/local horizontal.
	// Bodies' orientations and angular velocities are then relative to
	// the frame, and Euler's equations are solved for the inertial rate
	// ω + Ω: the rate seen in the frame changes by
	// I⁻¹(τ − (ω+Ω) × I(ω+Ω)) − Ω × ω. Attitude thus stays inertial: a
	// body with no torque keeps its inertial angular momentum, and one
	// that turns with the frame (ω = 0) holds still in it only about a
	// principal axis, as a real station would. The frame's translational
	// terms (Coriolis, centrifugal) belong in Field. Zero: an inertial
	// world.
	FrameRate mgl64.Vec3

	// SubSteps splits every Step into at least this many RK4 sub-steps
	// (default 1). Loads applied for a Step hold over all its sub-steps.
	SubSteps int
	// MaxRotation is the largest angle by which a body's joints may turn
	// with it in one sub-step, rad (default 0.07): a step whose jointed
	// bodies spin faster is split into more sub-steps (at most 256),
	// because RK4 follows a joint's anchor about its body only to
	// O((ωh)⁵) a sub-step, and a chain whose links turn by more than about
	// 0.1 rad a sub-step gains energy (the sub-step is chosen from the rate
	// at its start, and a whipping tail speeds up within it: at 0.1 the
	// peers' chain gained up to 3.3e-4 of its peak kinetic energy at dt
	// 1/30 to 1/120, at 0.07 at most 2.7e-5, TestPeerChainEnergy). A
	// joint turns with its body by the body's whole |ω| unless the body is
	// a wheel on an axle — symmetric about an axis that a hinge holds
	// parallel to another body's — whose spin counts at 0.5 rad a
	// sub-step, and only what turns with it at MaxRotation (wheel.go). A
	// free body counts its nutation instead, a hinge spring its frequency,
	// and a jointed island flying free whose spin splits the step its
	// bodies' rates in the frame turning with it and that frame's
	// (spinframe.go).
	MaxRotation float64

	// Baumgarte sets the joint drift correction: a joint error C returns to
	// zero critically damped with time constant h/Baumgarte (h the
	// sub-step), C̈ = −2(κ/h) Ċ − (κ/h)² C with κ = Baumgarte, in (0, 1].
	// 0 means the default 0.2 (see ball.go).
	Baumgarte float64

	// Limits of the runaway check: a body faster than this fails the Step.
	// 0 means the defaults 1e5 m/s and 1e4 rad/s.
	MaxSpeed        float64 // m/s
	MaxAngularSpeed float64 // rad/s

	// Contacts. RestitutionThreshold: impacts slower than this (m/s) do not
	// bounce (default 0.5). ContactSlop: penetration left alone by the drift
	// correction, m (default 0.001).
	RestitutionThreshold float64
	ContactSlop          float64
	// SolverIterations is the most projected Gauss–Seidel sweeps over an
	// island's bounded rows (limits, motors, contacts) per sub-step
	// (default 20; the impact stage takes twice as many). Sweeps stop
	// earlier, once no row changes a velocity by more than SolverTolerance.
	SolverIterations int
	// SolverTolerance is the bounded rows' stop test, m/s (rad/s for
	// angular rows): the sweeps end when no row's impulse changes its
	// velocity by more than this (default 1e-6) — by more than a
	// hundredth of it in an island without joints at rest (every body
	// under SleepSpeed and SleepAngularSpeed), whose Gauss–Seidel sweeps
	// can crawl, each change a hundredth of the error it leaves
	// (sequential.go).
	SolverTolerance float64

	// Sleep lets islands at rest stop computing, as game engines do, but
	// only where they rest on something: an island (bodies linked by
	// joints or contacts) that touches a static body and whose bodies have
	// all moved slower than SleepSpeed (m/s, default 0.01) and turned
	// slower than SleepAngularSpeed (rad/s, default 0.035, 2°/s) for
	// SleepTime (s, default 0.5) has its velocities set to zero and is left
	// out of the step until a contact with an awake body, a load, an
	// impulse, a setter, a joint change or a new gravity wakes it. An
	// island in free space never sleeps. Off by default.
	Sleep             bool
	SleepSpeed        float64
	SleepAngularSpeed float64
	SleepTime         float64

	// Timings makes Step read the wall clock to fill Stats.Timings. The
	// readings never feed back into the state.
	Timings bool
}

// settings are a WorldDef's values with the defaults filled in.
type settings struct {
	subSteps     int
	maxRot       float64
	beta, gamma  float64 // κ², 2κ
	maxV, maxW   float64
	bounce, slop float64
	iters        int
	tol          float64
	sleepT       float64 // 0: sleep off
	restV, restW float64 // the sleep thresholds, sleep on or off: at rest (bodyAtRest)
}

func (d *WorldDef) settings() settings {
	s := settings{
		subSteps: max(d.SubSteps, 1),
		maxRot:   positiveOr(d.MaxRotation, 0.07),
		maxV:     positiveOr(d.MaxSpeed, 1e5),
		maxW:     positiveOr(d.MaxAngularSpeed, 1e4),
		bounce:   positiveOr(d.RestitutionThreshold, 0.5),
		slop:     positiveOr(d.ContactSlop, 0.001),
		iters:    d.SolverIterations,
		tol:      positiveOr(d.SolverTolerance, 1e-6),
	}
	k := d.Baumgarte
	if !(k > 0 && k <= 1) {
		k = 0.2
	}
	s.beta, s.gamma = k*k, 2*k
	if s.iters <= 0 {
		s.iters = 20
	}
	s.restV, s.restW = positiveOr(d.SleepSpeed, 0.01), positiveOr(d.SleepAngularSpeed, 0.035)
	if d.Sleep {
		s.sleepT = positiveOr(d.SleepTime, 0.5)
	}
	return s
}

// positiveOr returns v if it is a positive finite number, else def.
func positiveOr(v, def float64) float64 {
	if v > 0 && finite(v) {
		return v
	}
	return def
}

// World is a set of rigid bodies, joints and contacts stepped by RK4 with
// the constraint impulses solved in every stage. See the package
// documentation and step.go for the stages of a Step.
type World struct {
	def     WorldDef
	set     settings
	gravity mgl64.Vec3
	field   func(p, v mgl64.Vec3) mgl64.Vec3 // WorldDef.Field
	frame   v3                               // WorldDef.FrameRate
	turning bool                             // frame ≠ 0
	defect  defectSet                        // the sub-step's start and its rows' model velocities (defect.go)
	frames  []spinFrame                      // the sub-step's spin frames (spinframe.go)
	frameOf []int32                          // per body: its spin frame, −1 none
	jturn   []float64                        // per body symmetric about an axis: a bound on its joints' rate (jointRate), scratch
	jom     []v3                             // per such body: ω, in its spin frame (jointRate), scratch
	jfr     []float64                        // per such body: its spin frame's rate |Ω| (jointRate), scratch
	loadK   []float64                        // per body: its contacts' loads' stiffness against its turn (loadRate), scratch
	loadW   float64                          // the last bounded solve's loadRate, 1/s

	bodies []body
	y      []state     // current stacked state of all bodies
	y0     []state     // state at the start of the Step (restored on error)
	ys     []state     // RK4 stage state
	d      []deriv     // stage derivative
	acc    []deriv     // k1 + 2k2 + 2k3 + k4
	sb     []stageBody // stage data per body
	vel    []bodyVel   // predicted velocities u0 of a stage, the bounded solver's velocities
	dv     []bodyVel   // velocity changes of the equality impulses of a stage
	dvp    []bodyVel   // the motion apart that pushes the sub-step's stops passed out of them (pushStops)
	pushed bool        // dvp holds a push (pushStops)

	joints   jointSet
	eq       []row // the joints' equality rows, laid out by layoutJoints
	tree     tree
	bounded  boundedSet
	contacts contactSet
	islands  islandSet
	welds    weldSet

	ctx           stepContext
	undo          undo // what a failed Step puts back (step.go)
	touched       bool // a setter, an impulse, a joint or a weld changed velocities since the last step (startJoints)
	stats, stats0 Stats
	events        []JointBreak
}

// NewWorld returns an empty world. Building a world is cheap; Clear empties
// one and keeps its memory.
func NewWorld(def WorldDef) *World {
	w := &World{def: def, set: def.settings(), gravity: def.Gravity, field: def.Field}
	if finite3(def.FrameRate) && def.FrameRate != (mgl64.Vec3{}) {
		w.frame, w.turning = v3of(def.FrameRate), true
	}
	if !finite3(w.gravity) {
		w.gravity = mgl64.Vec3{}
	}
	return w
}

// Clear removes all bodies and joints; the world keeps its settings and memory.
func (w *World) Clear() {
	w.bodies = w.bodies[:0]
	w.y = w.y[:0]
	w.joints.clear()
	w.welds = weldSet{dirty: true}
	cs := &w.contacts
	cs.shapes, cs.pairs, cs.pairs2, cs.cts = cs.shapes[:0], cs.pairs[:0], cs.pairs2[:0], cs.cts[:0]
	cs.events, cs.info = cs.events[:0], cs.info[:0]
	cs.broad.Reset()
	w.stats = Stats{}
	w.events = w.events[:0]
	w.resize()
}

// Gravity returns the world's gravity, m/s².
func (w *World) Gravity() mgl64.Vec3 { return w.gravity }

// SetGravity changes the uniform gravity, m/s².
func (w *World) SetGravity(g mgl64.Vec3) {
	if finite3(g) && g != w.gravity {
		w.gravity = g
		w.wakeAll()
	}
}

// NumBodies returns the number of bodies (the largest BodyID + 1).
func (w *World) NumBodies() int { return len(w.bodies) }

func (w *World) validBody(id BodyID) bool { return id >= 0 && int(id) < len(w.bodies) }

// AddBody adds a body and returns its id, or NoBody if def is invalid (see
// BodyDef.Validate for the reason). Mass 0 makes a static body.
func (w *World) AddBody(def BodyDef) BodyID {
	if def.Validate() != nil {
		return NoBody
	}
	b := body{name: def.Name, group: def.Group, awake: true, weld: -1, wq: quat{w: 1}, wr: identity3}
	s := state{c: v3of(def.Position), q: normQuat(quatOf(def.Orientation)), v: v3of(def.Velocity), w: v3of(def.AngularVelocity)}
	if def.Mass == 0 {
		b.static = true
		s.v, s.w = v3{}, v3{}
	} else {
		b.m = def.Mass
		b.invM = 1 / def.Mass
		i := def.Inertia
		// Symmetrise exactly so R I Rᵀ stays symmetric.
		i[1], i[3] = 0.5*(i[1]+i[3]), 0.5*(i[1]+i[3])
		i[2], i[6] = 0.5*(i[2]+i[6]), 0.5*(i[2]+i[6])
		i[5], i[7] = 0.5*(i[5]+i[7]), 0.5*(i[5]+i[7])
		b.i0 = i
		b.invI0 = inertiaInverse(i)
	}
	w.bodies = append(w.bodies, b)
	w.y = append(w.y, s)
	w.resize()
	id := BodyID(len(w.bodies) - 1)
	w.addShapes(id, def.Shapes)
	w.joints.dirty = true // the solver's per-body tables grow
	w.welds.dirty = true
	return id
}

// resize makes the per-body scratch arrays match the body count.
func (w *World) resize() {
	n := len(w.bodies)
	grow := func(s []state) []state {
		if cap(s) < n {
			return make([]state, n, cap(w.y))
		}
		return s[:n]
	}
	w.y0, w.ys = grow(w.y0), grow(w.ys)
	w.d, w.acc = resizeSlice(w.d, n), resizeSlice(w.acc, n)
	w.sb, w.vel, w.dv = resizeSlice(w.sb, n), resizeSlice(w.vel, n), resizeSlice(w.dv, n)
}

// Body returns a view of body id.
func (w *World) Body(id BodyID) Body { return Body{w: w, id: id} }

func (w *World) bodyErr(id BodyID) error {
	return fmt.Errorf("%w: %d", ErrNoBody, id)
}

// ApplyForce adds a force f (N, world frame) acting at the world point p (m)
// for the next Step only. It also adds the torque (p − c) × f, with the
// lever arm taken at the start of the step. Static bodies ignore loads.
func (w *World) ApplyForce(id BodyID, f, p mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	b := &w.bodies[id]
	b.forceW = b.forceW.Add(f)
	b.torqueW = b.torqueW.Add(cross(p.Sub(w.y[id].c.vec()), f))
	return nil
}

// ApplyCentralForce adds a force (N, world frame) at the centre of mass for
// the next Step only.
func (w *World) ApplyCentralForce(id BodyID, f mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	w.bodies[id].forceW = w.bodies[id].forceW.Add(f)
	return nil
}

// ApplyForceLocal adds a force f (N) at the point p, both in body coordinates,
// for the next Step only. Unlike ApplyForce, the load turns with the body
// inside the step (a thruster fixed to the hull).
func (w *World) ApplyForceLocal(id BodyID, f, p mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	b := &w.bodies[id]
	b.forceB = b.forceB.Add(f)
	b.torqueB = b.torqueB.Add(cross(p, f))
	return nil
}

// ApplyTorque adds a pure torque (N m, world frame) for the next Step only.
func (w *World) ApplyTorque(id BodyID, tau mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	w.bodies[id].torqueW = w.bodies[id].torqueW.Add(tau)
	return nil
}

// ApplyTorqueLocal adds a pure torque (N m, body frame) for the next Step
// only; it turns with the body inside the step.
func (w *World) ApplyTorqueLocal(id BodyID, tau mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	w.bodies[id].torqueB = w.bodies[id].torqueB.Add(tau)
	return nil
}

// ApplyImpulse changes the body's momentum at once by the impulse j (N s,
// world frame) acting at the world point p (m): Δv = j/m, Δω = I⁻¹ (p−c) × j.
// Joints respond in the next Step.
func (w *World) ApplyImpulse(id BodyID, j, p mgl64.Vec3) error {
	if !w.validBody(id) {
		return w.bodyErr(id)
	}
	b := &w.bodies[id]
	if b.static {
		return nil
	}
	if j != (mgl64.Vec3{}) {
		w.wakeBody(id)
		w.touchWeld(id)
		w.touched = true
	}
	s := &w.y[id]
	r := quatMat3(s.q)
	t := mulMTV(&r, cross(p.Sub(s.c.vec()), j))
	s.v = v3of(s.v.vec().Add(j.Mul(b.invM)))
	s.w = v3of(s.w.vec().Add(mulMV(&r, mulMV(&b.invI0, t))))
	return nil
}

// ClearLoads drops the loads applied since the last Step.
func (w *World) ClearLoads() {
	for i := range w.bodies {
		b := &w.bodies[i]
		b.forceW, b.torqueW, b.forceB, b.torqueB = mgl64.Vec3{}, mgl64.Vec3{}, mgl64.Vec3{}, mgl64.Vec3{}
	}
}

// spinMomentum returns I ω of body i about its centre of mass.
func (w *World) spinMomentum(i int) mgl64.Vec3 {
	b, s := &w.bodies[i], &w.y[i]
	if b.static {
		return mgl64.Vec3{}
	}
	r := quatMat3(s.q)
	return mulMV(&r, mulMV(&b.i0, mulMTV(&r, s.w.vec())))
}

// LinearMomentum returns Σ m v, kg m/s.
func (w *World) LinearMomentum() mgl64.Vec3 {
	var p mgl64.Vec3
	for i := range w.bodies {
		p = p.Add(w.y[i].v.vec().Mul(w.bodies[i].m))
	}
	return p
}

// AngularMomentum returns the total angular momentum about the world origin,
// Σ (c × m v + I ω), kg m²/s.
func (w *World) AngularMomentum() mgl64.Vec3 {
	var l mgl64.Vec3
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		s := &w.y[i]
		l = l.Add(cross(s.c.vec(), s.v.vec().Mul(w.bodies[i].m))).Add(w.spinMomentum(i))
	}
	return l
}

// KineticEnergy returns Σ ½ m v² + ½ ωᵀ I ω, J.
func (w *World) KineticEnergy() float64 {
	e := 0.0
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		s := &w.y[i]
		e += float64(0.5*w.bodies[i].m*s.v.dot(s.v)) + float64(0.5*dot(s.w.vec(), w.spinMomentum(i)))
	}
	return e
}

// PotentialEnergy returns the gravitational energy −Σ m g·c, J (zero at the
// origin), plus the energy stored in joint springs.
func (w *World) PotentialEnergy() float64 {
	e := 0.0
	for i := range w.bodies {
		e -= float64(w.bodies[i].m * dot(w.gravity, w.y[i].c.vec()))
	}
	return e + w.springEnergy()
}

// Energy returns KineticEnergy + PotentialEnergy, J.
func (w *World) Energy() float64 { return w.KineticEnergy() + w.PotentialEnergy() }

// Stats returns the diagnostics of the last Step.
func (w *World) Stats() Stats { return w.stats }

// Events returns the joint breaks of the last Step. The slice is reused by the
// next Step.
func (w *World) Events() []JointBreak { return w.events }
