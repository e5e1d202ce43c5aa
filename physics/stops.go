package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Rigid stops: a hinge held against its stop under load is a weld.
//
// A leg that a heavy hull presses onto its stop does not move about its
// hinge until the load turns: for that time the leg and the hull are one
// rigid body, as a closed limit makes them (weld.go). Solved as a limit row
// instead, beside the leg's foot contacts and its hinge, the stop is one of
// many rows pushing against each other through a light leg between a heavy
// hull and the ground — at a hull 600 times its legs the bounded solver
// settles them too slowly, and a lander on its stops did not come to rest
// or was thrown off its feet. So, after a step:
//
//   - a hinge with limits (not closed, without a motor, between two dynamic
//     bodies) whose stop pushed in the step's last sub-step and which rests
//     on it — within stopNear of its angle, turning slower than stopRate —
//     in a craft at rest on the ground — its island touches a static body
//     and both its bodies move and turn slower than the sleep thresholds
//     (WorldDef.SleepSpeed, SleepAngularSpeed, whether sleep is on or not)
//     — is held on that stop: a weld at the stop's angle from the next step;
//   - a hinge held on its stop is let go when its stop would pull: the
//     weld's angular impulse about the axis, less what the hinge's spring
//     gave over the step, turns the leg away from its stop. It is a hinge
//     with its limit row again from the next step.
//
// Only at rest: a stop is held from one step and let go after one, so a
// held stop meets a new load one step late. A resting lander's loads come
// slowly (thrust building up to lift off), where the step's lag is lost in
// the load's own rise; a touchdown's impact on a leg held in free fall
// would be taken by a rigid leg for a step — a jolt to the hull, the
// spring and damper robbed of the landing — so a stop in flight is a limit
// row.
//
// The spring of a held hinge acts within the rigid body (it holds nothing
// then); its motor would not, which is why a hinge with a motor is never
// held.

const (
	stopNear = 1e-5 // rad: a hinge this close to its stop rests on it
	stopRate = 1e-3 // rad/s: and turns slower than this
)

// holdStops holds the hinges resting on a loaded stop and lets go of the
// held ones whose stop would pull (StageBreaks, after weldImpulses).
func (w *World) holdStops() {
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.alive || j.kind != HingeJoint || !j.limits || j.lower == j.upper || j.motor ||
			j.pb == NoBody || w.bodies[j.pa].static || w.bodies[j.pb].static {
			continue
		}
		if !w.bodies[w.solverBody(j.pa)].awake && !w.bodies[w.solverBody(j.pb)].awake {
			continue // asleep: nothing pushes or pulls
		}
		if j.stop != 0 {
			if w.stopPulls(j) {
				j.stop = 0
				j.lamLower, j.lamUpper = 0, 0
				w.welds.dirty, w.joints.dirty = true, true
			}
			continue
		}
		if !w.restsOnGround(j) {
			continue
		}
		var ra, rb mgl64.Mat3
		k := w.kinAt(j, &ra, &rb)
		th, thd, _ := k.angle(j)
		if math.Abs(thd) > stopRate {
			continue
		}
		switch {
		case j.lamLower > 0 && math.Abs(th-j.lower) < stopNear:
			j.stop = -1
		case j.lamUpper > 0 && math.Abs(th-j.upper) < stopNear:
			j.stop = 1
		default:
			continue
		}
		w.welds.dirty, w.joints.dirty = true, true
	}
}

// restsOnGround reports whether hinge j's bodies are at rest in an island
// that touches a static body (holdStops).
func (w *World) restsOnGround(j *joint) bool {
	a, b := w.solverBody(j.pa), w.solverBody(j.pb)
	if int(a) >= len(w.islands.of) {
		return false
	}
	if isl := w.islands.of[a]; isl < 0 || !w.islands.list[isl].support {
		return false
	}
	return w.bodyAtRest(int32(a)) && w.bodyAtRest(int32(b))
}

// stopPulls reports whether held hinge j's stop would pull over the last
// step: B's angular impulse about the axis from the weld (Joint.Impulse
// gives A's) less its spring's, against the stop's side.
func (w *World) stopPulls(j *joint) bool {
	ya := w.ownState(j.pa)
	ra := quatMat3(ya.q)
	x := mulMV(&ra, col(&j.pfa, 0))
	hold := -dot(j.lastAng, x)
	th := j.lower
	if j.stop > 0 {
		th = j.upper
	}
	hold -= float64(-j.k * springOffset(th, j.theta0) * w.ctx.dt) // the spring's share, θ̇ = 0
	return float64(j.stop)*hold > 0                               // at the lower stop it must push B up (hold ≥ 0), at the upper down
}
