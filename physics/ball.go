package physics

import "github.com/go-gl/mathgl/mgl64"

// Ball-in-socket joint: the point part, which the hinge and the fixed joint
// share.
//
// Anchors a_A, a_B in the bodies' frames, r_A = R_A a_A, r_B = R_B a_B, their
// gap d = (c_A + r_A) − (c_B + r_B). The three rows hold d along the axes of
// B, u_k = R_B e_k (k = x, y, z): a direction fixed in B, so that B's side
// of the rows is constant in B's frame (see jointBlock in tree.go):
//
//	C_k = d·u_k
//	J_k = [ u_k   (r_A × u_k)   −u_k   −(r_B × u_k) ]      (u·(ω×r) = (r×u)·ω)
//	J u = ḋ·u_k,   ḋ = v_A + ω_A × r_A − v_B − ω_B × r_B
//	J̇u = (ω_A × (ω_A × r_A) − ω_B × (ω_B × r_B))·u_k + ḋ·(ω_B × u_k)
//
// (the last term: u_k turns with B). Ċ = J u + d·(ω_B × u_k): the two agree
// up to the gap, which the drift correction and the projection keep at
// ~1e-9 m. The effective mass of the three rows together is
//
//	K = (1/m_A + 1/m_B) 1 − [r_A]× I_A⁻¹ [r_A]× − [r_B]× I_B⁻¹ [r_B]×   (in B's axes)
//
// Drift correction (every equality row). The row asks J u' + b = 0 with
// u' = u + h u̇, so J u̇ = −(J u + b)/h. With
//
//	b = h J̇u − J u + d,   d = (β/h) C0 + γ J u0
//
// this gives J u̇ + J̇u = −d/h: the constraint's own acceleration, less the
// drift correction d, which is taken from the error C0 and its rate J u0 at
// the sub-step's start (its first stage, biasStart) and held
// through its four stages. At the start it is C̈ = −(γ/h) Ċ − (β/h²) C,
// with γ = 2κ, β = κ² (κ = WorldDef.Baumgarte) a critically damped return
// to C = 0 with time constant h/κ. The J̇u (centripetal) term makes the
// stage force exact when C = Ċ = 0, so joints that swing and spin do not
// sag by O(h²).
//
// Held, the correction is a constant force over the sub-step, and RK4
// integrates a smooth motion to its fourth order. Taken afresh in each
// stage, from that stage's own C and Ċ, it was not: RK4's inner stages lie
// off the constraint by O(h²) (their predictor steps along the tangent),
// so (β/h²) C put an O(1) force into every inner stage, and RK4 fell to
// first order in the energy. A pendulum's energy error fell by 3–7 per
// halving of dt, and now by 14–20 (TestJointedEnergyOrder); a 10 t
// pendulum lost 7e-5 of its energy in 10 s at dt 1/60 and 1.65e-5 at
// 1/200, and now keeps it to 5e-7 and 1e-9 (TestLockedHingeUnderLoad's);
// the peers' 10-link chain with a 1000 kg root lost 1.3e-3 of its peak
// kinetic energy over 10 s, and now 1e-6.
// RK4 still follows a joint's anchor about its body only to O((ωh)⁵) a
// sub-step, which is why a step is split so that no jointed body turns
// more than WorldDef.MaxRotation per sub-step (integrate.go).

// BallDef joins bodies A and B at a point: a ball-in-socket.
// B may be NoBody: the joint then holds A to the fixed world frame.
type BallDef struct {
	A, B   BodyID
	Anchor mgl64.Vec3 // world point at creation, m
	// BreakImpulse breaks the joint when the impulse it transmits over one
	// Step exceeds it, N s (force × dt). 0 = unbreakable.
	BreakImpulse float64
}

// jointKin is the pose and velocity of a joint's two bodies at a stage (the
// world frame and zero velocity for the world or a static body).
type jointKin struct {
	ca, cb v3
	ra, rb *mgl64.Mat3
	va, wa v3
	vb, wb v3
}

// anchorTerms returns, for an anchor at r1 from body 1's centre and one at
// r2 from body 2's, their relative velocity ṗ = (v1 + ω1 × r1) − (v2 + ω2 ×
// r2) and the vector a of a row's velocity terms, J̇u = x·a for a row along
// a direction x fixed in body 2 (J u = x·ṗ):
//
//	a = ω1 × (ω1 × r1) − ω2 × (ω2 × r2) + ṗ × ω2
//
// the anchors' centripetal terms and x turning with body 2, (ω2 × x)·ṗ =
// x·(ṗ × ω2). A joint's point rows (x fixed in B) and a contact's rows (n
// and the tangents fixed in A) both take it.
func anchorTerms(v1, w1, r1, v2, w2, r2 v3) (dp, a v3) {
	dp = v1.add(w1.cross(r1)).sub(v2.add(w2.cross(r2)))
	a = w1.cross(w1.cross(r1)).sub(w2.cross(w2.cross(r2))).add(dp.cross(w2))
	return dp, a
}

// jointRows writes joint j's equality rows: its three anchor rows, then a
// hinge's or a fixed joint's angular rows.
func (k *jointKin) jointRows(j *joint, rows []row, p *stepContext, bias rowBias) {
	k.pointRows(j, rows, p, bias)
	switch j.kind {
	case HingeJoint:
		k.hingeRows(j, rows[3:], p, bias)
	case FixedJoint:
		k.fixedRows(j, rows[3:], p, bias)
	}
}

// pointRows writes the three anchor rows of joint j. In an RK4 stage
// (biasStage, biasStart), b = h J̇u − J u + d, the drift correction d
// taken at the sub-step's start and kept in the row; for the projection,
// b = (β/h) C.
func (k *jointKin) pointRows(j *joint, rows []row, p *stepContext, bias rowBias) {
	pa := mulM3(k.ra, v3of(j.la))
	pb := mulM3(k.rb, v3of(j.lb))
	d := k.ca.add(pa).sub(k.cb.add(pb))
	var bl, dd v3 // b_k = d_k + bl·u_k, J u = dd·u_k
	if bias != biasPosition {
		var acc v3
		dd, acc = anchorTerms(k.va, k.wa, pa, k.vb, k.wb, pb)
		bl = acc.mul(p.h).sub(dd)
	}
	for n := range 3 {
		u := col3(k.rb, n)
		r := &rows[n]
		r.jaL = u
		r.jaA = pa.cross(u)
		r.jbL = u.neg()
		r.jbA = pb.cross(u).neg()
		r.c = d.dot(u)
		r.bias = float64(p.betaH * r.c) // rounded: the sums below must not fuse it
		if bias != biasPosition {
			r.bias = stageBias(r, dd.dot(u), bl.dot(u), p.gamma, bias)
		}
	}
}

// stageBias returns an equality row's bias in an RK4 stage, d + e (ball.go):
// e = h J̇u − J u, the stage's own, and d = (β/h) C + γ J u, taken in the
// stage at the sub-step's start (biasStart) and kept in the row for the
// others. r.bias holds (β/h) C and ju the row's J u at the stage.
func stageBias(r *row, ju, e, gamma float64, bias rowBias) float64 {
	if bias == biasStart {
		r.drift = r.bias + float64(gamma*ju)
	}
	return r.drift + e
}

// angleRow writes an angular row about g (a direction fixed in B) with
// error c: J = [ 0  g  0  −g ], J u = (ω_A − ω_B)·g = dw·g,
// J̇u = (ω_B × g)·(ω_A − ω_B). In a stage the bias is that of stageBias,
// h J̇u − J u = g·(h (ω_A − ω_B) × ω_B − (ω_A − ω_B)) = g·ba.
func angleRow(r *row, g v3, c float64, ba, dw v3, p *stepContext, bias rowBias) {
	r.jaL, r.jbL = v3{}, v3{}
	r.jaA = g
	r.jbA = g.neg()
	r.c = c
	r.bias = float64(p.betaH * c) // rounded: the sums below must not fuse it
	if bias != biasPosition {
		r.bias = stageBias(r, dw.dot(g), ba.dot(g), p.gamma, bias)
	}
}

// angleBias returns ba and dw of angleRow for the stage velocities and a
// sub-step h.
func (k *jointKin) angleBias(h float64) (ba, dw v3) {
	dw = k.wa.sub(k.wb)
	return dw.cross(k.wb).mul(h).sub(dw), dw
}
