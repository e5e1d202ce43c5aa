package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Hinge joint = the point part (ball.go) + two angular rows + a limit pair
// + a motor + a spring-damper.
//
// Joint frames: X (the axis), Y, Z fixed in A (X_A, Y_A, Z_A) and in B. The
// two angular rows hold the relative rotation about Y_B and Z_B, with C the
// rotation error about them to first order (turning A by a small δ about g
// changes C by δ):
//
//	g = Y_B:  C = −X_A·Z_B        g = Z_B:  C = X_A·Y_B
//
// Their effective mass is 1/K with K = g·(I_A⁻¹ + I_B⁻¹) g; the two
// together with the point part's three make the joint's 5×5 block of the
// tree (tree.go).
//
// The hinge angle is B's rotation relative to A about X,
// θ = atan2(Z_A·Y_B, Y_A·Y_B) (if B turns by θ about X, Y_B = cos θ Y_A +
// sin θ Z_A), and θ̇ = X_B·(ω_B − ω_A).
//
// Closed limits (lower = upper) lock the hinge: a sixth equality row about
// X_B, C = −(θ − lower) (joint.locked), unless the hinge is a weld.
//
// Limits and motor are bounded rows about X_B, built once per sub-step
// (bounded.go): J = [ 0  −X  0  X ] (J u = θ̇).
//
//	lower:  C = θ − lower ≥ 0,  λ ≥ 0
//	upper:  C = upper − θ ≥ 0,  λ ≥ 0, J negated
//	b = gapBias(C) (contact.go): (C − 1e-7)/h above the stop (the joint may
//	close the gap within the sub-step, no further: a speculative limit), 0
//	within [−1e-6, 1e-7] rad of it (at rest), (β/h)(C + 1e-6) beyond, but
//	no faster a push back than limitMaxPush.
//
// A limit farther than 0.05 rad + 2h|θ̇| from its stop is left out. The
// motor drives θ̇ to its speed: b = −speed, λ ∈ [−τ_max h, τ_max h]. Both
// have K = X·(I_A⁻¹ + I_B⁻¹) X alone, and with the joint's other rows held
// the Schur complement of bounded.go.
//
// The spring-damper is a smooth torque, evaluated in every RK4 stage:
// τ = −k (θ − θ0) − c θ̇ about X_A, on B, and −τ on A — its damper a row of
// the bounded solve instead, where it is too stiff for RK4 (stiffDampers).

// HingeDef joins bodies A and B at a point and lets them turn only about one
// axis. The hinge angle is the rotation of B relative to A about the axis,
// right-handed, 0 at creation, in (−π, π]. Put the moving part (a leg, an
// arm) on B and the part it hangs from on A: the rows are written in B's
// frame, which makes a leaf part's joint block constant (tree.go).
type HingeDef struct {
	A, B   BodyID
	Anchor mgl64.Vec3 // world point at creation, m
	Axis   mgl64.Vec3 // world direction at creation (normalised here)

	// Limits: the stops at Lower and Upper (rad, −π ≤ Lower ≤ Upper ≤ π)
	// bound the arc the hinge may turn through; a stop may sit at ±π (a
	// one-sided limit's far stop), and a hinge past one reads as past it,
	// not as across the arc (limitAngle).
	EnableLimits bool
	Lower, Upper float64

	// Spring-damper about the axis: τ = −k (θ − θ0) − c θ̇ on B, the
	// opposite on A. Zero values switch it off. Any damping is stable: one
	// that would stop θ̇ within a sub-step (h c K > 1, K the bodies'
	// inverse inertia about the axis) is taken implicitly, τ = −c θ̇ at the
	// sub-step's end. A stiff spring takes sub-steps of 0.3/ω_n.
	SpringStiffness float64 // k, N m/rad
	SpringDamping   float64 // c, N m s/rad
	SpringAngle     float64 // θ0, rad

	// Motor: drives θ̇ towards MotorSpeed with at most MaxMotorTorque.
	EnableMotor    bool
	MotorSpeed     float64 // rad/s
	MaxMotorTorque float64 // N m

	BreakImpulse        float64 // N s over one Step through the anchor; 0 = unbreakable
	BreakAngularImpulse float64 // N m s over one Step about the off-axis rows; 0 = unbreakable
}

const (
	limitRest = 1e-7 // rad: a hinge this close to its stop rests on it (gapBias)
	limitSlop = 1e-6 // rad: how far past its stop it may rest without a push back
	// limitMaxPush caps the rate at which a hinge past its stop is pushed
	// back, rad/s, as contactMaxPush caps a contact's: the drift
	// correction's (β/h)·C grows as the sub-step shrinks, and a fast hinge
	// overrunning its stop in a short sub-step was thrown back at hundreds
	// of rad/s, each sub-step shorter than the last.
	limitMaxPush = 1.0
)

// hingeRows writes a hinge's two angular rows (after its three point rows).
func (k *jointKin) hingeRows(j *joint, rows []row, p *stepContext, bias rowBias) {
	xa := mulM3(k.ra, col3(&j.fa, 0))
	yb := mulM3(k.rb, col3(&j.fb, 1))
	zb := mulM3(k.rb, col3(&j.fb, 2))
	var ba, dw v3
	if bias != biasPosition {
		ba, dw = k.angleBias(p.h)
	}
	angleRow(&rows[0], yb, -xa.dot(zb), ba, dw, p, bias)
	angleRow(&rows[1], zb, xa.dot(yb), ba, dw, p, bias)
	if j.locked() {
		// the lock: C = −(θ − lower), J u = X_B·(ω_A − ω_B) = −θ̇
		th, _, xb := k.angle(j)
		angleRow(&rows[2], xb, j.lower-th, ba, dw, p, bias)
	}
}

// angle returns the hinge angle θ and its rate θ̇ and the axis X_B.
func (k *jointKin) angle(j *joint) (th, thd float64, xb v3) {
	ya := mulM3(k.ra, col3(&j.fa, 1))
	za := mulM3(k.ra, col3(&j.fa, 2))
	yb := mulM3(k.rb, col3(&j.fb, 1))
	xb = mulM3(k.rb, col3(&j.fb, 0))
	th = fmath.Atan2(za.dot(yb), ya.dot(yb))
	if j.limits {
		th = limitAngle(th, j.lower, j.upper)
	}
	return th, xb.dot(k.wb.sub(k.wa)), xb
}

// limitAngle returns the hinge angle th (an atan2, in (−π, π]) turned by a
// whole turn, if need be, into [m − 2π, m), m = (lower + upper)/2 + π the
// middle of the arc its limits exclude: the angle's cut lies there, where
// the hinge is only once past a stop by half that arc, and not at ±π. A
// one-sided limit has its far stop at ±π (lower = −π): a hinge swinging
// 0.08 rad past it read +3.06 rad, 2.8 rad past its other stop, and was
// pushed back through the whole free arc at 1 rad/s for seconds, making
// energy all the way (random chain 9496). A stop passed by less than half
// the excluded arc now reads as passed by what it was; closed limits at
// ±π read their error in [−π, π).
func limitAngle(th, lower, upper float64) float64 {
	m := float64(0.5*(lower+upper)) + math.Pi
	switch {
	case th >= m:
		return th - 2*math.Pi
	case th < m-2*math.Pi:
		return th + 2*math.Pi
	}
	return th
}

// limitRows appends the hinge's bounded rows to rows (bodies ia, ib; −1
// static) for a sub-step h: its limit rows within reach and, unless
// impact, its motor row and its stiff damper's row (joint.damp); warm
// starts from the last sub-step's impulses.
func (k *jointKin) limitRows(j *joint, ji, ia, ib int32, rows []row, p *stepContext, h float64, impact bool) []row {
	th, thd, xb := k.angle(j)
	reach := 0.05 + float64(2*h*math.Abs(thd))
	if j.limits && !j.locked() {
		for _, l := range [2]struct {
			kind    rowKind
			sign, c float64
			lam     *float64
		}{{rowLower, 1, th - j.lower, &j.lamLower}, {rowUpper, -1, j.upper - th, &j.lamUpper}} {
			if l.c >= reach {
				*l.lam = 0
				continue
			}
			r := row{a: ia, b: ib, owner: ji, kind: l.kind, lo: 0, hi: posInf, lam: *l.lam, c: l.c}
			r.jaA = xb.mul(-l.sign)
			r.jbA = xb.mul(l.sign)
			r.bias = max(-limitMaxPush, gapBias(l.c, limitRest, limitSlop, p.beta, h, p.pushH))
			if impact {
				// The pass stops an approach (a speculative stop arrives at
				// the sub-step's end), as it does a contact's; a push out of
				// a stop passed is the sub-step's, with its compliance. In
				// the pass, a tree's limit pushed out at 1 rad/s against
				// its feet on the ground: rows that cannot all hold, whose
				// impulses gave a resting tree 317 J (random tree 2877).
				r.bias = max(0, r.bias)
				r.held = r.bias
			} else {
				// held: a stop passed held where it is, without its push
				// (b = 0), for pushStops; otherwise the bias itself.
				hb := max(0, r.bias)
				r.held = hb + liftOff(hb, l.sign*thd, true)
				r.bias += liftOff(r.bias, l.sign*thd, true)
			}
			rows = append(rows, r)
		}
	}
	if j.motor && !impact {
		m := j.motorMax * h
		r := row{a: ia, b: ib, owner: ji, kind: rowMotor, lo: -m, hi: m, lam: min(max(j.lamMotor, -m), m)}
		r.jaA = xb.neg()
		r.jbA = xb
		r.bias = -j.motorSpeed
		rows = append(rows, r)
	}
	if j.damp && !impact {
		// τ = −c θ̇ at the sub-step's end: the row's impulse −c h v1
		// (pushImpulse), no bound.
		r := row{a: ia, b: ib, owner: ji, kind: rowDamper, lo: negInf, hi: posInf, lam: j.lamDamp, gamma: 1 / (j.c * h)}
		r.jaA = xb.neg()
		r.jbA = xb
		rows = append(rows, r)
	}
	return rows
}

// springTorque returns the spring-damper torque on B (world frame; A gets
// its negative) for the bodies' rotations and angular velocities:
// τ = −k (θ − θ0) − c θ̇ about X_A, θ − θ0 the short way round
// (springOffset); c is the joint's damping, or 0 where its damper is a
// row of the bounded solve (joint.damp).
func springTorque(j *joint, c float64, ra, rb *mgl64.Mat3, wa, wb v3) v3 {
	x := mulM3(ra, col3(&j.fa, 0))
	ya := mulM3(ra, col3(&j.fa, 1))
	za := mulM3(ra, col3(&j.fa, 2))
	yb := mulM3(rb, col3(&j.fb, 1))
	th := fmath.Atan2(za.dot(yb), ya.dot(yb))
	tau := float64(-j.k*j.stretch(th)) - float64(c*x.dot(wb.sub(wa)))
	return x.mul(tau)
}

// springOffset returns a hinge spring's stretch θ − θ0 taken the short way
// round, in [−π, π): the spring pulls towards θ0 along the shorter arc, so
// that a hinge spinning through whole turns meets a potential ½ k (θ − θ0)²
// that is continuous, with its peak at the angle opposite θ0. Unwrapped, θ
// (an atan2, in (−π, π]) jumped by 2π there and the potential with it: a
// spinning sprung hinge gained or lost 2π k θ0 at every half turn past
// the opposite angle.
func springOffset(th, theta0 float64) float64 {
	d := th - theta0
	if d >= -math.Pi && d < math.Pi {
		return d
	}
	n := math.Floor((d + math.Pi) / (2 * math.Pi))
	return d - float64(n*(2*math.Pi))
}

// springCut keeps each sprung hinge's stretch at the start of the
// sub-step (j.springD): its side of the spring's cut, the angle opposite
// its rest angle, which stretch keeps to through the sub-step. And it
// returns the time, s, in which the first of them reaches that cut — at
// its present rate, slowed by its spring — if one does within h; +Inf
// otherwise. There springOffset's stretch wraps from π to −π and the
// spring's torque flips from −kπ to +kπ: RK4 stepping over it made
// energy, 3.3e-4 of a chain's peak kinetic energy in the step its root
// hinge's spring crossed it at 13 rad/s (random chain 19366). So a
// sub-step ends there (nextSubStep), just past it (springCutPast), and the
// flip falls between two sub-steps. Without cut (the step's sub-steps at
// their cap, where no sub-step may end at a cut) no side is kept — NaN —
// and the stretch wraps where the hinge is.
func (w *World) springCut(h float64, cut bool) float64 {
	t := math.Inf(1)
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.solved() || j.kind != HingeJoint || !(j.k > 0) || j.locked() {
			continue
		}
		if b := max(w.dynIndex(j.a), w.dynIndex(j.b)); b < 0 || !w.bodies[b].awake {
			continue
		}
		if !cut {
			j.springD = math.NaN()
			continue
		}
		var ra, rb mgl64.Mat3
		k := w.kinAt(j, &ra, &rb)
		th, thd, _ := k.angle(j) // θ turned by a whole turn past a stop: the same stretch
		d := springOffset(th, j.theta0)
		j.springD = d
		// The cut ahead, at the distance s, reached under the spring's
		// own pull back from it, a = k |d| K (hingeInvInertia):
		// s = |θ̇| t − ½ a t²; it may turn back short of it.
		s, v := math.Pi-d, thd
		if thd < 0 {
			s, v = d+math.Pi, -thd
		}
		if !(s > 0 && v > 0) || s >= v*h {
			continue // out of reach at its rate, which its spring only slows
		}
		tc := s / v
		if a := j.k * math.Abs(d) * w.hingeInvInertia(j); a > 0 {
			as := float64(a * s)
			disc := float64(v*v) - (as + as) // rounded products, not fused
			if disc < 0 {
				continue // it turns back short of the cut
			}
			tc = 2 * s / (v + math.Sqrt(disc))
		}
		switch {
		case tc < springCutNear*h:
			// It reaches its cut within the sub-step's first part (the
			// sub-step before ended just short of it): the sub-step is
			// taken on the far side's stretch, not cut again.
			if thd > 0 {
				j.springD -= 2 * math.Pi
			} else {
				j.springD += 2 * math.Pi
			}
		case tc < h:
			t = min(t, tc)
		}
	}
	return t
}

// stretch returns the spring's stretch θ − θ0 at the hinge angle th (an
// atan2) of a stage: springOffset's, on the side of the spring's cut the
// sub-step started on (j.springD, springCut; NaN: none). Within a sub-step it does not wrap: the
// torque −k·stretch flips only between sub-steps, where the spring's cut
// ends one (springCut), so that no RK4 stage evaluates it across the flip.
func (j *joint) stretch(th float64) float64 {
	d := springOffset(th, j.theta0)
	switch {
	case d-j.springD > math.Pi:
		d -= 2 * math.Pi
	case j.springD-d > math.Pi:
		d += 2 * math.Pi
	}
	return d
}

// springCutPast is how far past a spring's cut its sub-step ends, as a
// share of the sub-step (springCut). A cut ahead within springCutNear of
// the sub-step is not cut again: the sub-step before ended short of it by
// the prediction's error (1.3e-8 s of a 2.7 ms sub-step for a flap at
// 12 rad/s), and the sub-step takes the stretch from the far side at once,
// with the wrong torque for that error's time. Flipped so within a quarter
// of the sub-step, the flap's energy jumped by 4 J at a pass; cut again
// each time, the sub-steps of a spring slowing towards its cut and turning
// back short of it shrank to the cap of 256 a step, which then took the
// rest of the step in one and blew up (random chain 19016).
const (
	springCutPast = 1e-6
	springCutNear = 1e-3
)

// hingeAngle returns θ = atan2(Z_A·Y_B, Y_A·Y_B) for the rotations of the
// joint's own bodies (its public side: between steps, a welded body's own).
func hingeAngle(j *joint, ra, rb *mgl64.Mat3) float64 {
	ya := mulMV(ra, col(&j.pfa, 1))
	za := mulMV(ra, col(&j.pfa, 2))
	yb := mulMV(rb, col(&j.pfb, 1))
	return fmath.Atan2(dot(za, yb), dot(ya, yb))
}
