package physics

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

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

// WorldDef is the creation data of a World.
type WorldDef struct {
	Gravity mgl64.Vec3 // uniform acceleration, m/s² (y is up: {0, -9.81, 0})

	// SubSteps splits every Step into this many RK4 steps (default 1).
	// Loads applied for a Step hold over all its sub-steps.
	SubSteps int

	// Baumgarte sets the joint drift correction: a joint error C returns to
	// zero critically damped with time constant h/Baumgarte (h the step),
	// C̈ = −2(κ/h) Ċ − (κ/h)² C with κ = Baumgarte, in (0, 1]. 0 means the
	// default 0.2 (see buildRows in solver.go).
	Baumgarte float64

	// Limits of the runaway check: a body faster than this fails the Step.
	// 0 means the defaults 1e5 m/s and 1e4 rad/s.
	MaxSpeed        float64 // m/s
	MaxAngularSpeed float64 // rad/s

	// Contacts. RestitutionThreshold: impacts slower than this (m/s) do
	// not bounce (default 0.5). ContactSlop: penetration left alone by the
	// drift correction, m (default 0.001). ContactIterations: most projected
	// sweeps over the contact rows per stage (default 30; the impact pass
	// takes twice as many); sweeps stop early once no row changes a velocity
	// by more than 1e-7 m/s.
	RestitutionThreshold float64
	ContactSlop          float64
	ContactIterations    int

	// Sleep lets a world at rest stop computing, as game engines do: once
	// every dynamic body has moved slower than SleepSpeed (m/s, default
	// 0.01) and turned slower than SleepAngularSpeed (rad/s, default 0.035,
	// 2°/s) for SleepTime (s, default 0.5), the velocities are set to zero
	// and Step only advances the clock (Stats.Asleep) until a load, an
	// impulse, a setter, a joint or body change or a new gravity wakes the
	// world. The whole world sleeps or none of it. Off by default: the
	// physics tests and benchmarks run awake.
	Sleep             bool
	SleepSpeed        float64
	SleepAngularSpeed float64
	SleepTime         float64

	// Timings makes Step read the wall clock to fill Stats.Timings. The
	// readings never feed back into the state.
	Timings bool
}

// World is a set of rigid bodies and joints stepped by RK4 with joint
// impulses solved in every stage. See the package documentation.
type World struct {
	def      WorldDef
	gravity  mgl64.Vec3
	subSteps int
	beta     float64 // κ²: b = (β/h) C + …
	gammaM1  float64 // 2κ − 1: b = … + (γ − 1) J u
	maxV     float64
	maxW     float64

	stageRem     float64 // time left in the step at the current RK4 stage, s (contact rows)
	bounce       float64 // restitution threshold, m/s
	slop         float64 // contact slop, m
	contactIters int

	sleepV, sleepW, sleepT float64 // sleep thresholds (0 speed: sleep off)
	restTime               float64 // time every body has been below them, s
	asleep                 bool

	bodies []body
	y      []state // current stacked state of all bodies
	y0     []state // state at the start of the Step (restored on error)
	ys     []state // RK4 stage state
	d      []deriv // stage derivative
	acc    []deriv // k1 + 2k2 + 2k3 + k4
	sb     []stageBody

	joints   jointSet
	solver   solver
	contacts contactState

	stats    Stats
	stageSeq uint64 // counts stage evaluations (joint.stageSeq)
	events   []JointBreak
}

// NewWorld returns an empty world. Building a world is cheap; Clear empties
// one and keeps its memory.
func NewWorld(def WorldDef) *World {
	w := &World{}
	w.setDef(def)
	return w
}

func (w *World) setDef(def WorldDef) {
	w.def = def
	w.gravity = def.Gravity
	if !finite3(w.gravity) {
		w.gravity = mgl64.Vec3{}
	}
	w.subSteps = def.SubSteps
	if w.subSteps < 1 {
		w.subSteps = 1
	}
	k := def.Baumgarte
	if !(k > 0 && k <= 1) {
		k = 0.2
	}
	w.beta, w.gammaM1 = k*k, 2*k-1
	w.maxV = def.MaxSpeed
	if !(w.maxV > 0) {
		w.maxV = 1e5
	}
	w.maxW = def.MaxAngularSpeed
	if !(w.maxW > 0) {
		w.maxW = 1e4
	}
	w.bounce = def.RestitutionThreshold
	if !(w.bounce > 0) || !finite(w.bounce) {
		w.bounce = 0.5
	}
	w.slop = def.ContactSlop
	if !(w.slop > 0) || !finite(w.slop) {
		w.slop = 0.001
	}
	w.contactIters = def.ContactIterations
	if w.contactIters <= 0 {
		w.contactIters = 30
	}
	w.sleepV, w.sleepW, w.sleepT = 0, 0, 0
	if def.Sleep {
		w.sleepV, w.sleepW, w.sleepT = positiveOr(def.SleepSpeed, 0.01), positiveOr(def.SleepAngularSpeed, 0.035), positiveOr(def.SleepTime, 0.5)
	}
	w.wake()
}

// positiveOr returns v if it is a positive finite number, else def.
func positiveOr(v, def float64) float64 {
	if v > 0 && finite(v) {
		return v
	}
	return def
}

// wake ends a world's sleep (WorldDef.Sleep) and restarts its rest clock.
func (w *World) wake() {
	w.asleep = false
	w.restTime = 0
}

// Asleep reports whether the world sleeps (WorldDef.Sleep).
func (w *World) Asleep() bool { return w.asleep }

// settle advances the rest clock after a step of dt and puts the world to
// sleep once every dynamic body has been slow for the sleep time.
func (w *World) settle(dt float64) {
	if w.sleepV == 0 {
		return
	}
	v2, w2 := w.sleepV*w.sleepV, w.sleepW*w.sleepW
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		s := &w.y[i]
		if s.v.dot(s.v) > v2 || s.w.dot(s.w) > w2 {
			w.restTime = 0
			return
		}
	}
	w.restTime += dt
	if w.restTime < w.sleepT {
		return
	}
	w.asleep = true
	for i := range w.y {
		w.y[i].v, w.y[i].w = v3{}, v3{}
	}
}

// loaded reports whether a load was applied to a dynamic body since the
// last Step.
func (w *World) loaded() bool {
	for i := range w.bodies {
		b := &w.bodies[i]
		if !b.static && (b.forceW != (mgl64.Vec3{}) || b.torqueW != (mgl64.Vec3{}) || b.forceB != (mgl64.Vec3{}) || b.torqueB != (mgl64.Vec3{})) {
			return true
		}
	}
	return false
}

// sleepStep is Step for a sleeping world: the clock advances, the contacts
// of the last awake step persist (for the game's "feet on the pad").
func (w *World) sleepStep(dt float64) {
	w.stats.Iterations, w.stats.Factorizations, w.stats.MaxBoundedRows, w.stats.Singular = 0, 0, 0, 0
	w.stats.ContactIterations, w.stats.Impacts, w.stats.Resolves, w.stats.SchurReuses, w.stats.Projections = 0, 0, 0, 0, 0
	w.stats.Timings = Timings{}
	w.stats.Asleep = true
	w.events = w.events[:0]
	ev := w.contacts.events[:0]
	for _, e := range w.contacts.events {
		if e.Kind != ContactEnd {
			e.Kind = ContactPersist
			ev = append(ev, e)
		}
	}
	w.contacts.events = ev
	w.stats.Steps++
	w.stats.Time += dt
}

// Clear removes all bodies and joints; the world keeps its settings and memory.
func (w *World) Clear() {
	w.bodies = w.bodies[:0]
	w.y = w.y[:0]
	w.joints.clear()
	cs := &w.contacts
	cs.shapes, cs.pairs, cs.pairs2, cs.cts = cs.shapes[:0], cs.pairs[:0], cs.pairs2[:0], cs.cts[:0]
	cs.events, cs.info = cs.events[:0], cs.info[:0]
	cs.broad.Reset()
	w.stats = Stats{}
	w.events = w.events[:0]
	w.resize()
	w.wake()
}

// Gravity returns the world's gravity, m/s².
func (w *World) Gravity() mgl64.Vec3 { return w.gravity }

// SetGravity changes the uniform gravity, m/s².
func (w *World) SetGravity(g mgl64.Vec3) {
	if finite3(g) && g != w.gravity {
		w.gravity = g
		w.wake()
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
	b := body{name: def.Name, group: def.Group}
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
		b.invI0 = i.Inv()
	}
	w.bodies = append(w.bodies, b)
	w.y = append(w.y, s)
	w.resize()
	id := BodyID(len(w.bodies) - 1)
	w.addShapes(id, def.Shapes)
	w.joints.dirty = true // the solver's per-body tables grow
	w.wake()
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
	if cap(w.d) < n {
		w.d = make([]deriv, n, cap(w.y))
		w.acc = make([]deriv, n, cap(w.y))
		w.sb = make([]stageBody, n, cap(w.y))
	}
	w.d, w.acc, w.sb = w.d[:n], w.acc[:n], w.sb[:n]
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
		w.wake()
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

// Step advances the world by dt seconds. It returns an error, leaving the
// world as it was, if dt is bad or a body's state becomes NaN/Inf or runs
// away (a *BodyError naming it). Loads applied since the last Step hold for
// this one and are then cleared.
//
// The stages (see doc.go):
//
//  1. loads    – gravity, forces, torques gathered per body (constant over the step)
//  2. RK4      – four stage evaluations f(y): pose, loads, springs, gyroscopic
//     term, joint impulses solved (prepare rows, factor, solve)
//  3. combine  – y += h/6 (k1 + 2k2 + 2k3 + k4); renormalise quaternions
//  4. breaks   – joints whose impulse exceeded their threshold are removed
//  5. check    – NaN/Inf and runaway speeds; diagnostics
func (w *World) Step(dt float64) error {
	if !(dt > 0) || !finite(dt) {
		return fmt.Errorf("%w: dt = %v s", ErrBadStep, dt)
	}
	if w.asleep {
		if !w.loaded() {
			w.sleepStep(dt)
			return nil
		}
		w.wake()
	}
	w.stats.Asleep = false
	w.stats.Iterations, w.stats.Factorizations, w.stats.MaxBoundedRows, w.stats.Singular = 0, 0, 0, 0
	w.stats.ContactIterations, w.stats.Impacts, w.stats.Resolves, w.stats.SchurReuses, w.stats.Projections = 0, 0, 0, 0, 0
	w.stats.Timings = Timings{}
	w.events = w.events[:0]
	copy(w.y0, w.y)
	if w.joints.dirty {
		w.rebuildExclusions()
		w.rebuild() // joints or bodies were added or removed: new order and envelope
	}
	w.joints.beginStep()

	// 1. Loads: constant over the step.
	for i := range w.bodies {
		b := &w.bodies[i]
		b.force = b.forceW.Add(w.gravity.Mul(b.m))
		b.local = b.forceB != (mgl64.Vec3{}) || b.torqueB != (mgl64.Vec3{})
	}

	// 2. Contacts: broad and narrow phase, islands, impact pass.
	t := w.now()
	w.collide(dt)
	w.classify()
	w.stats.Timings[StageCollide] += w.since(t)
	if len(w.contacts.cts) > 0 {
		w.impactPass(dt)
	}

	// 3. RK4 steps with joint and contact impulses solved in every stage.
	h := dt / float64(w.subSteps)
	for range w.subSteps {
		w.rk4(h)
	}

	// 4. Joint breaks; contact events and diagnostics.
	w.breakJoints()
	if len(w.contacts.cts) > 0 || len(w.contacts.pairs) > 0 || len(w.contacts.events) > 0 {
		w.finishContacts()
	} else {
		w.stats.Contacts, w.stats.ContactPairs, w.stats.MaxPenetration = 0, 0, 0
	}

	// 5. Check.
	t = w.now()
	err := w.check()
	w.ClearLoads()
	w.stats.Rows = w.solver.nEq - w.solver.nSlotRows + w.solver.nSlot
	w.stats.Joints = w.joints.alive
	w.stats.Timings[StageCheck] += w.since(t)
	if err != nil {
		copy(w.y, w.y0)
		return err
	}
	w.stats.Steps++
	w.stats.Time += dt
	w.settle(dt)
	return nil
}

// rk4 advances the stacked state y by one step h:
//
//	k1 = f(y)          k2 = f(y + h/2 k1)
//	k3 = f(y + h/2 k2) k4 = f(y + h k3)
//	y' = y + h/6 (k1 + 2 k2 + 2 k3 + k4),  then every q renormalised.
func (w *World) rk4(h float64) {
	w.stageRem = h
	w.evaluate(w.y, h, 1.0/6)
	w.accumulate(1, true, 0.5*h)

	w.stageRem = 0.5 * h
	w.evaluate(w.ys, h, 2.0/6)
	w.accumulate(2, false, 0.5*h)

	w.evaluate(w.ys, h, 2.0/6)
	w.accumulate(2, false, h)

	w.stageRem = 0
	w.evaluate(w.ys, h, 1.0/6)
	w.accumulate(1, false, 0)

	t := w.now()
	hs := h / 6
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		y, a := &w.y[i], &w.acc[i]
		y.c = y.c.axpy(a.c, hs)
		y.v = y.v.axpy(a.v, hs)
		y.w = y.w.axpy(a.w, hs)
		y.q = normQuat(y.q.axpy(a.q, hs))
	}
	w.stats.Timings[StageIntegrate] += w.since(t)

	// Post-stabilisation: back onto the joints; limit impacts for the next step.
	if w.joints.alive > 0 {
		w.project(h)
	}
}

func addScaled(a, b mgl64.Vec3, s float64) mgl64.Vec3 {
	return mgl64.Vec3{a[0] + s*b[0], a[1] + s*b[1], a[2] + s*b[2]}
}

// accumulate adds weight·d to acc (or sets it when first) and, unless
// s is 0, sets the next stage state ys = y + s·d.
func (w *World) accumulate(weight float64, first bool, s float64) {
	for i := range w.d {
		d, a := &w.d[i], &w.acc[i]
		if first {
			*a = *d
		} else {
			a.c = a.c.axpy(d.c, weight)
			a.v = a.v.axpy(d.v, weight)
			a.w = a.w.axpy(d.w, weight)
			a.q = a.q.axpy(d.q, weight)
		}
		if s == 0 {
			continue
		}
		y, o := &w.y[i], &w.ys[i]
		o.c = y.c.axpy(d.c, s)
		o.v = y.v.axpy(d.v, s)
		o.w = y.w.axpy(d.w, s)
		o.q = y.q.axpy(d.q, s)
	}
}

// evaluate is f(y): it fills w.d with the time derivative of the stacked
// state ys, including the joint impulses that keep the joints together over
// a step h. weight is this stage's RK4 weight (for the joint impulse
// totals that decide breaking).
func (w *World) evaluate(ys []state, h, weight float64) {
	t := w.now()
	w.stageSeq++
	// Pose and loads of every body. Without joint springs, the free
	// accelerations follow in the same pass.
	springs := w.joints.alive > 0
	for i := range w.bodies {
		b, s, sb := &w.bodies[i], &ys[i], &w.sb[i]
		q := normQuat(s.q)
		sb.c = s.c
		sb.r = quatMat3(q)
		if b.static {
			sb.v, sb.w = v3{}, v3{}
			sb.dv, sb.dw = v3{}, v3{}
			w.d[i] = deriv{}
			continue
		}
		sb.v, sb.w = s.v, s.w
		sb.force, sb.torque = v3of(b.force), v3of(b.torqueW)
		if b.local {
			sb.force = sb.force.add(mulM3(&sb.r, v3of(b.forceB)))
			sb.torque = sb.torque.add(mulM3(&sb.r, v3of(b.torqueB)))
		}
		w.d[i].c = s.v
		w.d[i].q = quatDeriv(s.w, s.q) // raw q: |q| stays constant and q/|q| turns at exactly ω
		if !springs {
			w.freeAccel(b, sb)
		}
	}
	if springs {
		// Joint springs and dampers add torques.
		w.springLoads()
		for i := range w.bodies {
			if b := &w.bodies[i]; !b.static {
				w.freeAccel(b, &w.sb[i])
			}
		}
	}
	w.stats.Timings[StagePrepare] += w.since(t)

	// Joint impulses: rows J, bias b from this stage; λ such that the
	// predicted velocities u + h·(free acceleration) + M⁻¹Jᵀλ satisfy
	// J u' + b = 0; Δu = M⁻¹Jᵀλ per body in sb.dv, sb.dw.
	if w.joints.alive > 0 || len(w.contacts.cts) > 0 {
		w.solveJoints(h, weight)
	}

	t = w.now()
	invH := 1 / h
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		sb := &w.sb[i]
		w.d[i].v = sb.a.axpy(sb.dv, invH)
		w.d[i].w = sb.alp.axpy(sb.dw, invH)
	}
	w.stats.Timings[StageIntegrate] += w.since(t)
}

// freeAccel sets the free accelerations of a stage: v̇ = F/m and
// ω̇ = I⁻¹ (τ − ω × I ω), the gyroscopic term evaluated in body coordinates,
// Rᵀ(ω × Iω) = ω_b × I0 ω_b. It also clears the impulse accumulators and,
// for jointed bodies, forms the world inverse inertia R I0⁻¹ Rᵀ.
func (w *World) freeAccel(b *body, sb *stageBody) {
	wb := mulMT3(&sb.r, sb.w)
	lb := mulM3(&b.i0, wb)
	tb := mulMT3(&sb.r, sb.torque).sub(wb.cross(lb))
	sb.alp = mulM3(&sb.r, mulM3(&b.invI0, tb))
	sb.a = sb.force.mul(b.invM)
	sb.dv, sb.dw = v3{}, v3{}
	if b.nJoint > 0 || b.contact {
		sb.invI = rotate3(&sb.r, &b.invI0)
	}
}

// check looks for NaN/Inf and runaway speeds, returning a *BodyError for the
// first bad body.
func (w *World) check() error {
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		s := &w.y[i]
		if !finite3(s.c.vec()) || !finite3(s.v.vec()) || !finite3(s.w.vec()) || !finite(s.q.w) || !finite3(s.q.vec().vec()) {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrNonFinite, Detail: "position, orientation or velocity is NaN or Inf"}
		}
		if v2 := s.v.dot(s.v); v2 > w.maxV*w.maxV {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrRunaway, Detail: fmt.Sprintf("speed %.3g m/s > %.3g m/s", math.Sqrt(v2), w.maxV)}
		}
		if w2 := s.w.dot(s.w); w2 > w.maxW*w.maxW {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrRunaway, Detail: fmt.Sprintf("angular speed %.3g rad/s > %.3g rad/s", math.Sqrt(w2), w.maxW)}
		}
	}
	return nil
}

func (w *World) now() time.Time {
	if !w.def.Timings {
		return time.Time{}
	}
	return time.Now()
}

func (w *World) since(t time.Time) time.Duration {
	if !w.def.Timings {
		return 0
	}
	return time.Since(t)
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
		e += 0.5*w.bodies[i].m*s.v.dot(s.v) + 0.5*dot(s.w.vec(), w.spinMomentum(i))
	}
	return e
}

// PotentialEnergy returns the gravitational energy −Σ m g·c, J (zero at the
// origin), plus the energy stored in joint springs.
func (w *World) PotentialEnergy() float64 {
	e := 0.0
	for i := range w.bodies {
		e -= w.bodies[i].m * dot(w.gravity, w.y[i].c.vec())
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

// Stage names a part of Step for timings.
type Stage int

const (
	StagePrepare   Stage = iota // poses, loads, springs, gyroscopic term
	StageRows                   // joint rows J and bias b
	StageFactor                 // assembling and factoring J M⁻¹ Jᵀ
	StageSolve                  // solving for λ, projected iterations, applying impulses
	StageIntegrate              // RK4 combination and renormalisation
	StageCheck                  // NaN/runaway check, breaks
	StageCollide                // broad and narrow phase, islands
	StageContacts               // sequential impulses on contacts without joints
	NumStages
)

var stageNames = [NumStages]string{"prepare", "rows", "factor", "solve", "integrate", "check", "collide", "contacts"}

func (s Stage) String() string {
	if s < 0 || s >= NumStages {
		return "stage?"
	}
	return stageNames[s]
}

// Timings are wall-clock durations per stage of the last Step, summed over
// RK4 stages and sub-steps. Filled only with WorldDef.Timings.
type Timings [NumStages]time.Duration

// Stats are the diagnostics of the last Step.
type Stats struct {
	Steps          int     // steps taken since the world was made
	Time           float64 // simulated time, s
	Joints         int     // alive joints
	Rows           int     // equality rows solved directly in the last stage (limits held in their slots included)
	MaxBoundedRows int     // most one-sided/bounded rows (limits, motors) in a stage
	Iterations     int     // projected iterations over all stages of the step
	Factorizations int     // factorizations of J M⁻¹ Jᵀ in the step
	Resolves       int     // stages solved again because a limit held as an equality pulled
	SchurReuses    int     // stages that reused the bounded rows' Schur complement (schur.go)
	Projections    int     // end-of-step projections that moved or stopped a joint (see projectTol)
	Singular       int     // pivots regularised (redundant joint rows)

	Contacts          int     // contact points (incl. speculative ones)
	ContactPairs      int     // shape pairs with contact points
	MaxPenetration    float64 // deepest penetration at the end of the step, m (≥ 0)
	Impacts           int     // 1 if the impact pass ran
	Asleep            bool    // the step found the world asleep (WorldDef.Sleep) and computed nothing
	ContactIterations int     // sequential-impulse sweeps over free contacts: the most any island took, summed over stages

	Timings Timings
}
