package physics

import (
	"fmt"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// Stage is one stage of World.Step. The constants are the step itself: Step
// runs them in this order, the four sub-step stages once per sub-step.
type Stage int

const (
	// StageLoads gathers the loads applied since the last Step and gravity
	// per body; they hold over the whole step. A load wakes a sleeping body.
	// Static bodies get their pose for the step's stages here, once.
	StageLoads Stage = iota
	// StageCollide runs the broad and narrow phases: the step's contact
	// points, with warm starts from the last step (collide.go).
	StageCollide
	// StageIslands groups the bodies into islands by joints and contacts
	// and wakes the islands that hold an awake body (island.go); it chooses
	// the step's sub-steps (integrate.go).
	StageIslands
	// StageImpact is the zero-duration collision pass: restitution, and
	// bodies or hinges that would pass a surface or a stop within the
	// sub-step held to it (impact.go). Per sub-step.
	StageImpact
	// StageBounded solves the sub-step's bounded rows — hinge limits and
	// motors, contact normals and friction — as one problem per island,
	// with the joints' equality rows eliminated exactly; their impulses act
	// as constant forces through the sub-step (bounded.go). Per sub-step.
	StageBounded
	// StageRK4 integrates the sub-step by classic Runge–Kutta 4, the joints'
	// equality impulses solved exactly in each of its four evaluations
	// (integrate.go, tree.go); a free island spinning fast as a whole in
	// the frame turning with it (spinframe.go). Where the contacts end the
	// sub-step off the bounded solve's model of it, the two stages run
	// again from the sub-step's start, the contacts' targets shifted by
	// what the model missed or the sub-step halved (defect.go). Per
	// sub-step.
	StageRK4
	// StageProject takes the sub-step's pushes out of stops off the
	// bodies where it split them off (stoppush.go), moves the bodies back
	// onto their joints and removes joint-violating velocity
	// (post-stabilisation, project.go). Per sub-step.
	StageProject
	// StageCheck fails the step on a NaN/Inf or runaway state, naming the
	// body; the world returns to where it was before the step, before any
	// joint breaks or contact event of the step is kept. Its test also runs
	// between sub-steps.
	StageCheck
	// StageBreaks removes the joints whose impulse over the step exceeded
	// their threshold (Events); a weld's impulse is its members' momentum
	// balance (weld.go).
	StageBreaks
	// StageEvents reports contact events and keeps the warm starts and the
	// diagnostics (contact.go).
	StageEvents
	// StageSleep puts the islands at rest on a static body to sleep
	// (island.go).
	StageSleep
	NumStages
)

var stageNames = [NumStages]string{"loads", "collide", "islands", "impact", "bounded", "rk4", "project", "check", "breaks", "events", "sleep"}

func (s Stage) String() string {
	if s < 0 || s >= NumStages {
		return "stage?"
	}
	return stageNames[s]
}

// stepContext holds the values of the step in progress.
type stepContext struct {
	dt      float64 // the Step's time step, s
	left    float64 // time left in the step after the sub-step in progress, s
	sub     int     // the sub-step in progress, from 0
	h       float64 // the sub-step, s
	beta    float64 // β of the joints' drift correction (WorldDef.Baumgarte)
	betaH   float64 // β/h, 1/s
	gamma   float64 // γ of the drift correction
	started bool    // StageBounded made RK4's first evaluation of the sub-step (w.sb, w.dv, the rows)
	turned  float64 // the largest angle a body in contact has turned since the last collision pass, rad
	relaid  bool    // joints or welds changed: the islands are found again, asleep or not
	impact  bool    // the impact stage is solving: only its triggered islands are active
	stageT  float64 // the RK4 stage's time in the sub-step, s (spin frames' turn)
	loadW   float64 // the contacts' loads' rate at the step's start (split.go), 1/s
	pushH   float64 // the sub-step as nextSubStep chose it: push-outs' speeds are for it, not a split part's (split.go)
	err     error   // StageCheck's verdict
}

// setSubStep makes the next sub-step h long.
func (c *stepContext) setSubStep(h float64) {
	c.h = h
	c.betaH = c.beta / h
}

// Step advances the world by dt seconds through the stages above. It
// returns an error, leaving the world as it was — state, joints, contact
// points and events, stats — if dt is bad or a body's state becomes NaN/Inf
// or runs away (a *BodyError naming it). Loads applied since the last Step
// hold for this one and are then cleared, whether it succeeds or fails.
func (w *World) Step(dt float64) error {
	if !(dt > 0) || !finite(dt) {
		return fmt.Errorf("%w: dt = %v s", ErrBadStep, dt)
	}
	w.begin(dt)
	for s := Stage(0); s < NumStages; s++ {
		if w.def.Timings {
			t := time.Now()
			w.run(s)
			w.stats.Timings[s] += time.Since(t)
		} else {
			w.run(s)
		}
		if w.ctx.err != nil {
			return w.fail()
		}
		if s == StageProject && w.ctx.left > 0 {
			// StageCheck's test between sub-steps too: a motion blowing
			// up at the sub-step cap is stopped at the runaway limits, as
			// the runaway it is, before it reaches Inf or NaN.
			if w.ctx.err = w.check(); w.ctx.err != nil {
				return w.fail()
			}
			w.ctx.sub++
			if w.collideAgain() {
				// A body in contact turned far within the step: its contact
				// points from the step's start no longer describe where it
				// touches (a fast spin would tunnel), so the broad and
				// narrow phases run again between the sub-steps.
				w.keepWarm()
				w.collide(true)
				w.buildIslands()
			}
			w.nextSubStep()
			s = StageImpact - 1 // the next sub-step
		}
	}
	w.swapOut()
	w.ClearLoads()
	w.stats.Steps++
	w.stats.Time += dt
	return nil
}

// run runs one stage.
func (w *World) run(s Stage) {
	switch s {
	case StageLoads:
		w.gatherLoads()
	case StageCollide:
		w.collide(false)
	case StageIslands:
		w.buildIslands()
		w.startJoints()
		w.nextSubStep()
	case StageImpact:
		w.impact()
	case StageBounded:
		w.saveSubStep()
		w.solveBounded()
	case StageRK4:
		w.integrate()
	case StageProject:
		w.unpushStops()
		w.project()
		w.endFrames()
	case StageBreaks:
		w.weldImpulses()
		w.breakJoints()
		w.holdStops()
	case StageEvents:
		w.finishContacts()
	case StageCheck:
		w.ctx.err = w.check()
	case StageSleep:
		w.sleep()
	}
}

// begin readies a step of dt: the context, the stats, the state to return
// to, the joints' layout when joints or bodies changed.
func (w *World) begin(dt float64) {
	w.ctx = stepContext{dt: dt, left: dt, beta: w.set.beta, gamma: w.set.gamma, loadW: w.loadW}
	w.stats0 = w.stats
	st := &w.stats
	st.Iterations, st.DirectSolves, st.Factorizations, st.MaxBoundedRows, st.Singular = 0, 0, 0, 0, 0
	st.Impacts, st.Projections, st.SubSteps, st.Redos = 0, 0, 0, 0
	st.Timings = Timings{}
	w.bounded.coarse.endStep()
	w.beginWelds()
	copy(w.y0, w.y)
	w.undo.save(w)
	w.ctx.relaid = w.joints.dirty
	if w.joints.dirty {
		w.rebuildExclusions()
		w.layoutJoints()
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.impLin, j.impAng = v3{}, v3{}
	}
}

// gatherLoads is StageLoads: per body the loads for the step (gravity plus
// the world-frame force; body-frame loads are turned in each stage). A
// loaded sleeping body wakes; a static body gets its stage pose.
func (w *World) gatherLoads() {
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.welded {
			continue // its loads are its weld group's (swapIn)
		}
		if b.static {
			// Its stage pose, once for the whole step (it does not move
			// in it): a field of rocks then costs nothing per stage.
			sb, y := &w.sb[i], &w.y[i]
			sb.c, sb.r = y.c, quatMat3(y.q)
			continue
		}
		b.local = b.forceB != (mgl64.Vec3{}) || b.torqueB != (mgl64.Vec3{})
		if !b.awake && (b.local || b.forceW != (mgl64.Vec3{}) || b.torqueW != (mgl64.Vec3{})) {
			w.wakeBody(BodyID(i))
		}
		b.force = b.forceW.Add(w.gravity.Mul(b.m))
	}
}

// check is StageCheck: NaN/Inf and runaway speeds, as a *BodyError for the
// first bad body.
func (w *World) check() error {
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		s := &w.y[i]
		if !s.finite() {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrNonFinite, Detail: "position, orientation or velocity is NaN or Inf"}
		}
		if v2 := s.v.dot(s.v); v2 > w.set.maxV*w.set.maxV {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrRunaway, Detail: fmt.Sprintf("speed %.3g m/s > %.3g m/s", math.Sqrt(v2), w.set.maxV)}
		}
		if w2 := s.w.dot(s.w); w2 > w.set.maxW*w.set.maxW {
			return &BodyError{Body: BodyID(i), Name: w.bodies[i].name, Err: ErrRunaway, Detail: fmt.Sprintf("angular speed %.3g rad/s > %.3g rad/s", math.Sqrt(w2), w.set.maxW)}
		}
	}
	return nil
}

// fail returns the world to its state before a failed step, with the
// diagnostics of the last good step (no NaN left in them), and returns the
// step's error.
func (w *World) fail() error {
	err := w.ctx.err
	copy(w.y, w.y0)
	w.stats = w.stats0
	w.undo.restore(w)
	w.swapOut()
	w.ClearLoads()
	return err
}

// undo is what a failed Step puts back besides the state (y0) and the
// stats: what the stages before StageCheck change that outlives the step —
// the bodies' wakefulness and rest clocks, the free islands' stalls
// (sequential.go), the hinges' warm starts, the
// contacts' loads' rate (split.go). The contact points' warm starts and the
// events are written after the check.
// The solvers' kept factors (the coarse correction's, the direct step's)
// are dropped: the next Step builds them again.
type undo struct {
	wake  []wakeRec
	warm  [][3]float64
	loadW float64 // w.loadW, a rate the next step's sub-steps follow
}

type wakeRec struct {
	awake     bool
	sleepTime float64
	stalls    int32
	stallStep int
}

func (u *undo) save(w *World) {
	u.wake = resize(u.wake, len(w.bodies))
	for i := range w.bodies {
		b := &w.bodies[i]
		u.wake[i] = wakeRec{b.awake, b.sleepTime, b.stalls, b.stallStep}
	}
	u.warm = resize(u.warm, len(w.joints.list))
	for i := range w.joints.list {
		j := &w.joints.list[i]
		u.warm[i] = [3]float64{j.lamLower, j.lamUpper, j.lamMotor}
	}
	u.loadW = w.loadW
}

func (u *undo) restore(w *World) {
	for i := range w.bodies {
		b, r := &w.bodies[i], &u.wake[i]
		b.awake, b.sleepTime, b.stalls, b.stallStep = r.awake, r.sleepTime, r.stalls, r.stallStep
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.lamLower, j.lamUpper, j.lamMotor = u.warm[i][0], u.warm[i][1], u.warm[i][2]
	}
	w.loadW = u.loadW
	w.bounded.kept = w.bounded.kept[:0]
	w.bounded.coarse.dropAll()
}
