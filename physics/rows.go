package physics

import "math"

// The one row model: every constraint of the world — the joints' equality
// rows, hinge limits and motors, contact normals and friction — is a set of
// scalar rows between two bodies A and B,
//
//	J u' + b  = 0            equality rows (λ free)
//	J u' + b  ≥ 0, λ ∈ [lo, hi]   bounded rows
//
// with u = (v_A, ω_A, v_B, ω_B), J = [ J_A,lin  J_A,ang  J_B,lin  J_B,ang ]
// and u' = u0 + M⁻¹Jᵀλ the velocities at the end of the (sub-)step: u0 the
// predicted velocities under the loads, λ the row's impulse (N s, or N m s
// for angular rows). The impulse P = Jᵀλ does no work on any motion the row
// allows. A row's effective mass is 1/K, K = J M⁻¹ Jᵀ.
//
// A friction row's bounds are not constants: its pair of rows (rowFric1,
// rowFric2) is clamped together to the disc of radius μ λn of its normal
// row (link).

// rowKind tells what a row belongs to.
type rowKind uint8

const (
	rowPoint   rowKind = iota // anchor row of a ball part (ball, hinge, fixed)
	rowAngular                // angular row of a hinge or fixed joint
	rowLower                  // hinge lower limit
	rowUpper                  // hinge upper limit
	rowMotor                  // hinge motor
	rowDamper                 // hinge damper too stiff for RK4 (dampTurn)
	rowNormal                 // contact normal
	rowFric1                  // contact friction, first tangent
	rowFric2                  // contact friction, second tangent (follows rowFric1)
)

// row is one scalar constraint between bodies a and b (−1: static body or
// the world).
type row struct {
	a, b     int32
	jaL, jaA v3 // J on A: linear, angular
	jbL, jbA v3 // J on B
	waL, waA v3 // M_A⁻¹ J_Aᵀ
	wbL, wbA v3 // M_B⁻¹ J_Bᵀ
	bias     float64
	held     float64 // a limit row's bias without the push out of a stop passed (pushStops)
	lo, hi   float64 // bounds of λ (equality rows: ±∞)
	lam      float64 // impulse, N s (angular rows: N m s)
	k        float64 // K = J M⁻¹ Jᵀ (bounded rows)
	c        float64 // position error C of an equality row (m or rad)
	drift    float64 // an equality row's drift correction (β/h) C + γ J u, taken at the sub-step's start (ball.go)
	mu       float64 // friction rows: μ
	soft     float64 // a push-out row's compliance, a share of its K (rowImpulse)
	gamma    float64 // a damper row's compliance γ = 1/(c h), rad/(N m s) (pushImpulse)
	owner    int32   // joint index, or contact index for contact rows
	link     int32   // friction rows: index of their normal row in the same slice
	kind     rowKind
}

// compliant reports whether the row is soft (pushImpulse): a push-out row
// or a damper row.
func (r *row) compliant() bool { return r.soft != 0 || r.kind == rowDamper }

// onCompliant reports whether a compliant row with impulse lam and
// compliance g lies on its compliant branch (pushImpulse): a damper row
// always, a push-out row while lam ≤ −b/g.
func (r *row) onCompliant(lam, g float64) bool { return r.kind == rowDamper || lam <= -r.bias/g }

// compliance returns a compliant row's γ for its K: a damper's own, a
// push-out row's the share soft of K.
func (r *row) compliance(k float64) float64 {
	if r.kind == rowDamper {
		return r.gamma
	}
	return float64(r.soft * k)
}

// free reports whether the row is an equality row.
func (r *row) equality() bool { return r.kind <= rowAngular }

// side returns the Jacobian and M⁻¹Jᵀ of one side of a row (B if b).
func (r *row) side(b bool) (jl, ja, wl, wa *v3) {
	if b {
		return &r.jbL, &r.jbA, &r.wbL, &r.wbA
	}
	return &r.jaL, &r.jaA, &r.waL, &r.waA
}

// bodies yields the row's dynamic sides, A then B: the body and whether
// it is side B (for side).
func (r *row) bodies(yield func(i int32, onB bool) bool) {
	if r.a >= 0 && !yield(r.a, false) {
		return
	}
	if r.b >= 0 {
		yield(r.b, true)
	}
}

// setW fills M⁻¹Jᵀ of the row's dynamic sides from the stage's inverse
// masses and world inverse inertias.
func (r *row) setW(bodies []body, sb []stageBody) {
	if r.a >= 0 {
		r.waL = r.jaL.mul(bodies[r.a].invM)
		r.waA = mulM3(&sb[r.a].invI, r.jaA)
	}
	if r.b >= 0 {
		r.wbL = r.jbL.mul(bodies[r.b].invM)
		r.wbA = mulM3(&sb[r.b].invI, r.jbA)
	}
}

// diag returns K = J M⁻¹ Jᵀ of the row (setW done).
func (r *row) diag() float64 {
	k := 0.0
	if r.a >= 0 {
		k += r.jaL.dot(r.waL) + r.jaA.dot(r.waA)
	}
	if r.b >= 0 {
		k += r.jbL.dot(r.wbL) + r.jbA.dot(r.wbA)
	}
	return k
}

// velocity returns J u + b for the bodies' velocities vel (static sides
// contribute nothing).
func (r *row) velocity(vel []bodyVel) float64 { return r.bias + r.jv(vel) }

// jv returns J u for the bodies' velocities vel.
func (r *row) jv(vel []bodyVel) float64 {
	v := 0.0
	if r.a >= 0 {
		u := &vel[r.a]
		v += r.jaL.dot(u.v) + r.jaA.dot(u.w)
	}
	if r.b >= 0 {
		u := &vel[r.b]
		v += r.jbL.dot(u.v) + r.jbA.dot(u.w)
	}
	return v
}

// apply adds the velocity change M⁻¹Jᵀ λ of an impulse λ on the row to vel.
func (r *row) apply(vel []bodyVel, lam float64) {
	if r.a >= 0 {
		u := &vel[r.a]
		u.v = u.v.axpy(r.waL, lam)
		u.w = u.w.axpy(r.waA, lam)
	}
	if r.b >= 0 {
		u := &vel[r.b]
		u.v = u.v.axpy(r.wbL, lam)
		u.w = u.w.axpy(r.wbA, lam)
	}
}

// coupling returns (J M⁻¹ Jᵀ)_rs: the velocity change of row r per unit
// impulse on row s, through the bodies they share.
func coupling(r, s *row) float64 {
	v := 0.0
	if r.a >= 0 {
		if r.a == s.a {
			v += r.jaL.dot(s.waL) + r.jaA.dot(s.waA)
		} else if r.a == s.b {
			v += r.jaL.dot(s.wbL) + r.jaA.dot(s.wbA)
		}
	}
	if r.b >= 0 {
		if r.b == s.a {
			v += r.jbL.dot(s.waL) + r.jbA.dot(s.waA)
		} else if r.b == s.b {
			v += r.jbL.dot(s.wbL) + r.jbA.dot(s.wbA)
		}
	}
	return v
}

// bodyVel is a body's linear and angular velocity (or a change of them),
// m/s and rad/s, world frame.
type bodyVel struct{ v, w v3 }

var (
	posInf = math.Inf(1)
	negInf = math.Inf(-1)
)

// resize returns s with length n, reusing its memory when it can.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/2)
	}
	return s[:n]
}
