package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// RK4 on the stacked state y = (c, q, v, ω) of the awake bodies (StageRK4):
//
//	k1 = f(y)          k2 = f(y + h/2 k1)
//	k3 = f(y + h/2 k2) k4 = f(y + h k3)
//	y' = y + h/6 (k1 + 2 k2 + 2 k3 + k4),  then every q renormalised.
//
// f (evaluate) is the time derivative of a stage state: poses, loads (the
// applied ones, gravity, the hinge springs, and the bounded rows' impulses
// of the sub-step as constant forces), the gyroscopic term, and the joints'
// equality impulses solved exactly for that stage (tree.go), so that the
// predicted velocities u' = u + h u̇ keep J u' + b = 0.

// prepareBodies fills the stage data w.sb of the stage state ys for every
// awake dynamic body — pose, loads, hinge springs, free accelerations
// a = F/m and α = I⁻¹ (τ − ω × I ω), the world inverse inertia of the
// constrained bodies — and the predicted velocities u0 = u + h a in w.vel.
func (w *World) prepareBodies(ys []state, h float64) {
	springs := w.joints.solver > 0
	for i := range w.bodies {
		b, s := &w.bodies[i], &ys[i]
		if b.static || !b.awake { // a static pose is set once a step (gatherLoads)
			continue
		}
		w.prepareBody(i, s)
		if !springs {
			w.freeAccel(i, h)
		}
	}
	if !springs {
		return
	}
	w.springLoads()
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static && b.awake {
			w.freeAccel(i, h)
		}
	}
}

// prepareBody sets body i's stage pose, velocities and loads from its
// stage state s.
func (w *World) prepareBody(i int, s *state) {
	b, sb := &w.bodies[i], &w.sb[i]
	sb.c = s.c
	sb.r = quatMat3(normQuat(s.q))
	sb.v, sb.w = s.v, s.w
	if fi := w.frameIdx(int32(i)); fi >= 0 {
		w.framedLoads(b, sb, &w.frames[fi])
	} else {
		sb.force = v3of(b.force).add(b.fc)
		sb.torque = v3of(b.torqueW).add(b.tc)
	}
	if b.local {
		sb.force = sb.force.add(mulM3(&sb.r, v3of(b.forceB)))
		sb.torque = sb.torque.add(mulM3(&sb.r, v3of(b.torqueB)))
	}
}

// freeAccel sets body i's free accelerations a = F/m + field(c, v) and
// α = I⁻¹ (τ − ω × I ω) (in a turning frame, frameAccel's), the gyroscopic
// term in body coordinates
// (Rᵀ(ω × Iω) = ω_b × I0 ω_b) and, for a constrained body (joints,
// contacts), the world inverse inertia and the predicted velocities
// u0 = u + h a.
func (w *World) freeAccel(i int, h float64) {
	b, sb := &w.bodies[i], &w.sb[i]
	switch fi := w.frameIdx(int32(i)); {
	case fi >= 0:
		w.framedAccel(b, sb, &w.frames[fi])
	case w.turning:
		w.frameAccel(b, sb)
		sb.a = w.linearAccel(b, sb)
	default:
		wb := mulMT3(&sb.r, sb.w)
		lb := mulM3(&b.i0, wb)
		tb := mulMT3(&sb.r, sb.torque).sub(wb.cross(lb))
		sb.alp = mulM3(&sb.r, mulM3(&b.invI0, tb))
		sb.a = w.linearAccel(b, sb)
	}
	if b.nJoint > 0 || b.contact {
		sb.invI = rotate3(&sb.r, &b.invI0)
		w.vel[i] = bodyVel{sb.v.axpy(sb.a, h), sb.w.axpy(sb.alp, h)}
	}
}

// linearAccel returns a body's free linear acceleration F/m + field(c, v).
func (w *World) linearAccel(b *body, sb *stageBody) v3 {
	a := sb.force.mul(b.invM)
	if w.field != nil {
		a = a.add(v3of(w.field(sb.c.vec(), sb.v.vec())))
	}
	return a
}

// frameAccel is freeAccel's angular part in a turning world frame
// (WorldDef.FrameRate Ω): Euler's equations for the inertial rate ω + Ω,
// and the frame's own turning taken off, α = I⁻¹(τ − (ω+Ω) × I(ω+Ω)) − Ω × ω.
func (w *World) frameAccel(b *body, sb *stageBody) {
	wb := mulMT3(&sb.r, sb.w.add(w.frame))
	lb := mulM3(&b.i0, wb)
	tb := mulMT3(&sb.r, sb.torque).sub(wb.cross(lb))
	sb.alp = mulM3(&sb.r, mulM3(&b.invI0, tb)).sub(w.frame.cross(sb.w))
}

// derivative sets body i's stage derivative from its stage state s: ċ = v,
// q̇ = ½ (0, ω) ⊗ q, and the accelerations with the constraint impulses'
// velocity changes Δu/h (w.dv) when it has joints or, with all, always.
func (w *World) derivative(i int, s *state, invH float64, all bool) {
	sb, d := &w.sb[i], &w.d[i]
	d.c = s.v
	d.q = quatDeriv(s.w, s.q) // raw q: |q| stays constant and q/|q| turns at exactly ω
	if all || w.bodies[i].nJoint > 0 {
		dv := &w.dv[i]
		d.v = sb.a.axpy(dv.v, invH)
		d.w = sb.alp.axpy(dv.w, invH)
	} else {
		d.v, d.w = sb.a, sb.alp
	}
}

// springLoads adds the hinge springs' torques of the stage to w.sb.
func (w *World) springLoads() {
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.solved() || j.kind != HingeJoint || (j.k == 0 && j.c == 0) {
			continue
		}
		ia, ib := w.dynIndex(j.a), w.dynIndex(j.b)
		ra, rb := &identity3, &identity3
		var wa, wb v3
		if j.a != NoBody {
			ra, wa = &w.sb[j.a].r, w.sb[j.a].w
		}
		if j.b != NoBody {
			rb, wb = &w.sb[j.b].r, w.sb[j.b].w
		}
		c := j.c
		if j.damp {
			c = 0
		}
		t := springTorque(j, c, ra, rb, wa, wb)
		if ib >= 0 && w.bodies[ib].awake {
			w.sb[ib].torque = w.sb[ib].torque.add(t)
		}
		if ia >= 0 && w.bodies[ia].awake {
			w.sb[ia].torque = w.sb[ia].torque.sub(t)
		}
	}
}

var identity3 = quatMat3(quat{w: 1})

// kin returns the stage pose and velocities of joint j's bodies.
func (w *World) kin(j *joint) (k jointKin) {
	if j.a == NoBody {
		k.ra = &identity3
	} else {
		sb := &w.sb[j.a]
		k.ca, k.ra, k.va, k.wa = sb.c, &sb.r, sb.v, sb.w
	}
	if j.b == NoBody {
		k.rb = &identity3
	} else {
		sb := &w.sb[j.b]
		k.cb, k.rb, k.vb, k.wb = sb.c, &sb.r, sb.v, sb.w
	}
	return k
}

// rowBias is the bias the joints' equality rows are built with (ball.go).
type rowBias uint8

const (
	biasPosition rowBias = iota // (β/h) C: the projection's, and the instant's before it is cleared
	biasStage                   // an RK4 stage's, with the drift correction kept from the sub-step's start
	biasStart                   // the sub-step's first stage's, which takes the drift correction anew
)

// jointRows builds the equality rows of the active components' joints from
// the stage data with the bias bias, and the M⁻¹Jᵀ the tree reads: that of
// the leaves' sides.
func (w *World) jointRows(bias rowBias) {
	for _, ji := range w.tree.joints {
		w.buildJointRows(ji, bias)
	}
}

// buildJointRows writes joint ji's equality rows at w.eq[j.row0:].
func (w *World) buildJointRows(ji int32, bias rowBias) {
	j := &w.joints.list[ji]
	rows := w.eq[j.row0 : int(j.row0)+j.rows()]
	k := w.kin(j)
	k.jointRows(j, rows, &w.ctx, bias)
	leaf := w.tree.leaf
	for r := range rows {
		rw := &rows[r]
		if rw.a >= 0 && leaf[rw.a] {
			rw.waL = rw.jaL.mul(w.bodies[rw.a].invM)
			rw.waA = mulM3(&w.sb[rw.a].invI, rw.jaA)
		}
		if rw.b >= 0 && leaf[rw.b] {
			rw.wbL = rw.jbL.mul(w.bodies[rw.b].invM)
			rw.wbA = mulM3(&w.sb[rw.b].invI, rw.jbA)
		}
	}
}

// equalityRHS sets the right-hand side J u0 + b of the active equality rows
// for the predicted velocities u0 (w.vel).
func (w *World) equalityRHS() {
	for _, ji := range w.tree.joints {
		w.jointRHS(ji)
	}
}

// jointRHS sets J u0 + b of joint ji's rows. J u0 is the anchors' relative
// predicted velocity along a point row's direction, or the relative
// predicted angular velocity about an angular row's axis (ball.go): one
// dot product per row with two vectors formed once per joint.
func (w *World) jointRHS(ji int32) {
	j := &w.joints.list[ji]
	var dd, dw v3
	if id := w.dynIndex(j.a); id >= 0 {
		sb, u := &w.sb[id], &w.vel[id]
		dd = u.v.add(u.w.cross(mulM3(&sb.r, v3of(j.la))))
		dw = u.w
	}
	if id := w.dynIndex(j.b); id >= 0 {
		sb, u := &w.sb[id], &w.vel[id]
		dd = dd.sub(u.v.add(u.w.cross(mulM3(&sb.r, v3of(j.lb)))))
		dw = dw.sub(u.w)
	}
	rhs := w.tree.rhs[j.row0 : int(j.row0)+j.rows()]
	rows := w.eq[j.row0 : int(j.row0)+j.rows()]
	for r := range rows {
		if r < 3 {
			rhs[r] = rows[r].bias + rows[r].jaL.dot(dd)
		} else {
			rhs[r] = rows[r].bias + rows[r].jaA.dot(dw)
		}
	}
}

// evaluate is f(y): it fills w.d with the time derivative of the stage
// state ys. weight is the stage's RK4 weight (for the joints' impulse
// totals that decide breaking); first marks the stage at the sub-step's
// start, which StageBounded may have evaluated already: its free
// accelerations in w.sb and all the constraint impulses' velocity changes
// in w.dv.
func (w *World) evaluate(ys []state, weight float64, first bool) {
	h := w.ctx.h
	if first && w.ctx.started {
		invH := 1 / h
		for i := range w.bodies {
			if b := &w.bodies[i]; !b.static && b.awake {
				w.derivative(i, &ys[i], invH, true)
			}
		}
		if w.tree.active {
			w.jointTotals(weight)
		}
		return
	}
	if !w.tree.active && w.joints.solver == 0 {
		// No joints: each body's stage in one pass.
		invH := 1 / h
		for i := range w.bodies {
			if b := &w.bodies[i]; !b.static && b.awake {
				w.prepareBody(i, &ys[i])
				w.freeAccel(i, h)
				w.derivative(i, &ys[i], invH, false)
			}
		}
		return
	}
	w.prepareBodies(ys, h)
	if w.tree.active {
		bias := biasStage
		if first {
			bias = biasStart
		}
		w.jointRows(bias)
		w.factorTree()
		w.equalityRHS()
		w.solveEquality(false)
		w.jointTotals(weight)
	}
	invH := 1 / h
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static && b.awake {
			w.derivative(i, &ys[i], invH, false)
		}
	}
}

// jointTotals adds weight times the equality rows' impulses to each joint's
// step total (on A: for breaking and Joint.Impulse).
func (w *World) jointTotals(weight float64) {
	for _, ji := range w.tree.joints {
		j := &w.joints.list[ji]
		rows := w.eq[j.row0 : int(j.row0)+j.rows()]
		var turn *mgl64.Mat3 // a spin frame's rows' axes are the frame's: turned to the world
		if fi := w.frameIdx(max(w.dynIndex(j.a), w.dynIndex(j.b))); fi >= 0 {
			turn = w.frames[fi].turnAt(w.ctx.stageT)
		}
		for r := range rows {
			rw := &rows[r]
			jl, ja := rw.jaL, rw.jaA
			if turn != nil {
				jl, ja = mulM3(turn, jl), mulM3(turn, ja)
			}
			if rw.kind == rowPoint {
				j.impLin = j.impLin.axpy(jl, weight*rw.lam)
			} else {
				j.impAng = j.impAng.axpy(ja, weight*rw.lam)
			}
		}
	}
}

// rk4 is StageRK4: one RK4 step of the sub-step h over the awake bodies.
func (w *World) rk4() {
	h := w.ctx.h
	w.ctx.stageT = 0
	w.evaluate(w.y, 1.0/6, true)
	w.accumulate(1, true, 0.5*h)
	w.ctx.stageT = 0.5 * h
	w.evaluate(w.ys, 2.0/6, false)
	w.accumulate(2, false, 0.5*h)
	w.evaluate(w.ys, 2.0/6, false)
	w.accumulate(2, false, h)
	w.ctx.stageT = h
	w.evaluate(w.ys, 1.0/6, false)
	w.accumulate(1, false, 0)
	w.ctx.stageT = 0
	hs := h / 6
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.static || !b.awake {
			continue
		}
		y, a := &w.y[i], &w.acc[i]
		if w.torqueFree(b) {
			w.freeRotation(b, y, a, hs)
			y.c = y.c.axpy(a.c, hs)
			y.v = y.v.axpy(a.v, hs)
			continue
		}
		y.c = y.c.axpy(a.c, hs)
		y.v = y.v.axpy(a.v, hs)
		y.w = y.w.axpy(a.w, hs)
		y.q = normQuat(y.q.axpy(a.q, hs))
	}
	w.leaveFrames(h)
}

// freeRotation ends the sub-step of a torque-free body's rotation (RK4's
// sum a, h/6): its angular momentum L = R I0 Rᵀ ω and its kinetic energy
// ½ L·ω are what they were — the two invariants of a free rigid body — and
// RK4's error is left in the phase of the motion alone. RK4's attitude is
// projected (a projection method, Hairer, Lubich and Wanner, Geometric
// Numerical Integration, IV.4): L seen from the body, L_b = Rᵀ L, is moved
// along the sphere |L_b| = |L| onto the energy ellipsoid ½ L_b·I0⁻¹ L_b = E
// (Newton's steps along the ellipsoid's gradient ω_b, tangent to the
// sphere), the attitude turned by the least rotation that takes RK4's L_b
// to it, and ω = R I0⁻¹ Rᵀ L. A spin about a principal axis is left as RK4
// has it (exact); a fast tumble no longer drifts in L or E with RK4's
// error at its nutation rate. Where Newton's steps leave E off by more than
// 1e-12 of it, the point is found exactly along a great circle through a
// principal axis (energyCircle).
func (w *World) freeRotation(b *body, y *state, a *deriv, hs float64) {
	r := quatMat3(y.q)
	l := mulM3(&r, mulM3(&b.i0, mulMT3(&r, y.w)))
	e := l.dot(y.w) // 2E
	y.q = normQuat(y.q.axpy(a.q, hs))
	r = quatMat3(y.q)
	lb := mulMT3(&r, l)
	ll := lb.dot(lb)
	nb := lb
	g := mulM3(&b.invI0, nb) // ω_b, ∇ of ½ L_b·I0⁻¹ L_b
	de := e - nb.dot(g)
	for range freeNewtonSteps {
		if !(math.Abs(de) > 1e-14*e) {
			break // E holds to rounding: a step would only add rounding
		}
		gt := g.sub(nb.mul(g.dot(nb) / ll))
		gg := gt.dot(gt)
		if !(gg > 1e-24*g.dot(g)) {
			break // about a principal axis
		}
		// Newton's step, halved while it does not bring E closer: near a
		// spin about the largest or smallest axis the energy is close to
		// its extreme on the sphere, the ellipsoid meets the sphere in a
		// small circle, and a full step can overshoot it.
		st := de / (2 * gg)
		next, ng, nde := nb, g, de
		for range 4 {
			next = nb.axpy(gt, st)
			next = next.mul(math.Sqrt(ll / next.dot(next)))
			ng = mulM3(&b.invI0, next)
			nde = e - next.dot(ng)
			if math.Abs(nde) < math.Abs(de) {
				break
			}
			st *= 0.5
		}
		if !(math.Abs(nde) < math.Abs(de)) {
			break // no closer point along the step: nb is the best
		}
		nb, g, de = next, ng, nde
	}
	if math.Abs(de) > 1e-12*e {
		nb = energyCircle(b, nb, ll, e, de)
	}
	if nb != lb {
		// The least rotation Q (body frame) with Q nb = lb; R ← R Q.
		c := nb.cross(lb)
		y.q = normQuat(quatMul(y.q, normQuat(quat{ll + nb.dot(lb), c.x, c.y, c.z})))
		r = quatMat3(y.q)
	}
	y.w = mulM3(&r, mulM3(&b.invI0, mulMT3(&r, l)))
}

// energyCircle returns the point of the sphere |L_b|² = ll on the energy
// ellipsoid L_b·I0⁻¹ L_b = e along the great circle from nb to the principal
// axis of the energy's extreme beyond it: the largest moment's (least
// energy) where nb's energy is over e (de < 0), else the least moment's.
// Along that circle the energy is cos²t/I_k + sin²t u·I0⁻¹u (u the unit
// part of nb across the axis, t the angle from it; the cross term is 0 for
// a principal axis), monotone in sin²t: the point is exact, where Newton's
// steps along the gradient (freeRotation) crawl — near the largest axis of
// a body whose two largest moments are close, the energy's level curves
// are long, thin ellipses about the axis, and a step along the gradient
// mostly crosses them (random assembly 3709, moments 1.75e3, 9.5e3 and
// 1.06e4 kg m², spinning at 91 rad/s, 2.2 rad a sub-step: RK4's error was
// left at up to 5e-5 of E a step, and grew to 2.4e-4 of it).
func energyCircle(b *body, nb v3, ll, e, de float64) v3 {
	_, axes := fmath.SymmetricEigen(b.i0) // moments ascending
	k := 0
	if de < 0 {
		k = 2
	}
	ax := v3of(axes.Col(k))
	c := nb.dot(ax)
	if c < 0 {
		ax, c = ax.neg(), -c
	}
	perp := nb.sub(ax.mul(c))
	pp := perp.dot(perp)
	if !(pp > 0) {
		return nb // on the axis: the energy's extreme, e is rounding away
	}
	u := perp.mul(1 / math.Sqrt(pp))
	ca, cu := ax.dot(mulM3(&b.invI0, ax)), u.dot(mulM3(&b.invI0, u))
	if ca == cu {
		return nb
	}
	s2 := min(max((e/ll-ca)/(cu-ca), 0), 1)
	return ax.mul(math.Sqrt(1 - s2)).add(u.mul(math.Sqrt(s2))).mul(math.Sqrt(ll))
}

// freeNewtonSteps bounds freeRotation's Newton steps: two take RK4's error
// off to rounding at a sub-step's usual turn; a fast spin near an extreme
// axis may take more.
const freeNewtonSteps = 8

// torqueFree reports whether no torque acts on body b in the sub-step: no
// joint, no contact point within contactMargin and none bearing (b.tc, the
// sub-step's bounded solve), no applied torque (a world torque, a
// body-frame one, a force off the centre), and an inertial world frame. A
// fast spinner whose only points are speculative ones, tens of centimetres
// off another body, keeps its L and energy: taken by RK4 while such points
// lasted, a pair spinning at 93 rad/s gained 1.3e-4 of the peak kinetic
// energy in a second with no impulse between them (random pile 12040).
func (w *World) torqueFree(b *body) bool {
	return b.nJoint == 0 && !b.near && b.tc == (v3{}) && !w.turning && b.torqueW == (mgl64.Vec3{}) && b.torqueB == (mgl64.Vec3{})
}

// accumulate adds weight·d to acc (or sets it when first) and, unless s is
// 0, sets the next stage state ys = y + s·d.
func (w *World) accumulate(weight float64, first bool, s float64) {
	for i := range w.d {
		if b := &w.bodies[i]; b.static || !b.awake {
			if s != 0 {
				w.ys[i] = w.y[i]
			}
			continue
		}
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

// maxSubSteps bounds the sub-steps MaxRotation may ask for in one Step.
const maxSubSteps = 256

// capSubSteps returns the n sub-steps asked for the rest of a step that
// has made sub of them, within maxSubSteps in all (at least one). Compared
// as floats: a rate blown up to 1e30 made int(n) overflow — to a negative
// number on amd64, where the cap then let a sub-step of 1e-32 s through
// and the step crawled on for a minute, and to the largest int on arm64.
func capSubSteps(sub int, n float64) float64 {
	if !(float64(sub)+n <= maxSubSteps) { // NaN too
		return float64(max(1, maxSubSteps-sub))
	}
	return n
}

// nextSubStep sets the next sub-step: the time left in the step split into
// the fewest equal sub-steps no longer than dt/WorldDef.SubSteps in which
// nothing the step integrates turns more than WorldDef.MaxRotation at its
// present rate (subStepRate). Chosen again before every sub-step, so that a
// chain whose links whip faster within the step gets shorter sub-steps as
// they do.
func (w *World) nextSubStep() {
	c := &w.ctx
	left := c.left
	w.fitFrames()
	defer w.enterFrames()
	n := math.Ceil(left*float64(w.set.subSteps)/c.dt - 1e-9)
	n = capSubSteps(c.sub, max(n, math.Ceil(w.subStepRate()*left/w.set.maxRot)))
	h := left
	if n > 1 {
		h = left / n
	}
	// A spring's cut ends a sub-step (springCut) while the step has a
	// sub-step to spare for it: at the cap, the one after would take the
	// rest of the step.
	if t := w.springCut(h, float64(c.sub)+n+1 <= maxSubSteps); t < h {
		h = t * (1 + springCutPast)
	}
	if h >= left {
		c.setSubStep(left)
		c.left, c.pushH = 0, left
		return
	}
	c.setSubStep(h)
	c.left, c.pushH = left-h, h
}

// subStepRate returns the fastest rate (rad/s) at which something the step
// integrates turns, where RK4's stages then lose their order:
//
//   - a body with joints, the rate at which its joints turn with it
//     (jointRate): RK4 follows its centre's circle about an anchor to
//     O((ωh)⁵) a sub-step, an error the joints' drift correction and
//     projection take out as energy (a chain whose light links whip gains
//     energy beyond about 0.1 rad a sub-step), the turn of a hinge's
//     axis, of its inertia and of a spring's angle; and its spin |ω| at
//     spinTurn, which its attitude follows. For a chain's links, their
//     anchors at their ends and ω across them, the joints turn at |ω|, as
//     for every body but a wheel on an axle (jointRate); a wheel on a
//     hinge through its centre spins at 300 rad/s in 11 sub-steps a step,
//     not 72. Bodies held rigidly together are one body (weld.go) and
//     count as the last case. A body in a spin frame (spinframe.go)
//     counts its rates in the frame, from ω − Ω, plus the frame's own
//     |Ω|: the same sub-steps for an island spinning as one, which in its
//     frame then keeps its rate exactly;
//   - a hinge spring's natural frequency ω_n = sqrt(k K) over springTurn
//     (hingeInvInertia), counted times MaxRotation: a sub-step of
//     springTurn/ω_n (its damper asks for none: one too stiff for the
//     sub-step is solved implicitly, stiffDampers); likewise the
//     rate ω_L at which a body swings on its contacts' loads (a leg under
//     a hull, split.go) over loadTurn, as the step's start found it;
//   - any body's nutation, the rate at which its angular velocity turns in
//     its own frame, |I0⁻¹(ω_b × I0 ω_b)| / |ω_b| — zero for a spin about
//     a principal axis, which RK4 follows at any rate; a free tumble keeps
//     L and E exactly anyway (freeRotation), the sub-steps keep its phase.
func (w *World) subStepRate() float64 {
	r2 := 0.0
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if j.solved() && j.kind == HingeJoint && j.k > 0 {
			// A spring needs h ω_n ≤ springTurn, not MaxRotation; a
			// damper asks for none (stiffDampers).
			kk := w.hingeInvInertia(j)
			r := math.Sqrt(j.k*kk) / springTurn * w.set.maxRot
			r2 = max(r2, r*r)
		}
	}
	jr := w.jointRate()
	r2 = max(r2, jr*jr)
	// the contacts' loads' rate as the step's start found it, never more
	// than loadParts sub-steps a step (split.go)
	lr := min(w.ctx.loadW, loadTurn*loadParts/w.ctx.dt) / loadTurn * w.set.maxRot
	r2 = max(r2, lr*lr)
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.static || !b.awake {
			continue
		}
		y := &w.y[i]
		om2 := y.w.dot(y.w)
		if !(om2 > 1e-6) {
			continue
		}
		if b.contact {
			// A body touching (or about to) turns at most collideRot a
			// sub-step, and its contacts are found again every
			// collideRot/2 (collideAgain).
			r := w.set.maxRot / collideRot
			r2 = max(r2, om2*r*r)
		}
		r := quatMat3(y.q)
		wb := mulMT3(&r, y.w)
		a := mulM3(&b.invI0, wb.cross(mulM3(&b.i0, wb)))
		r2 = max(r2, a.dot(a)/om2)
	}
	return math.Sqrt(r2)
}

// springTurn is the most a hinge spring's oscillation advances in one
// sub-step, h ω_n (rad). RK4 keeps the energy of an undamped oscillator
// to |R(iy)|² = 1 − y⁶/72 + y⁸/576 a step, y = h ω_n: 1.2 % a step at
// y = 1, which made a stiff spring (ω_n = 50 rad/s at dt 1/60) lose 7 %
// of its swing's energy a second, and 1e-5 a step at 0.3 (0.1 % a second
// there; TestHingeSpringKeepsEnergy).
const springTurn = 0.3

// collideRot is the most a body in contact turns in one sub-step, rad, and
// twice what it turns between two collision passes: a step's contact points
// are found at its start, and a box spinning at 70 rad/s turns a radian in
// a step, by which its other corners have passed through the ground.
const collideRot = 0.25

// collideAgain reports, between two sub-steps, whether a body in contact
// has turned more than collideRot/2 since the contact points were found,
// and counts the sub-step just ended into that turn.
func (w *World) collideAgain() bool {
	c := &w.ctx
	om2 := 0.0
	for i := range w.bodies {
		if b := &w.bodies[i]; b.contact && b.awake && !b.static {
			om2 = max(om2, w.y[i].w.dot(w.y[i].w))
		}
	}
	c.turned += float64(math.Sqrt(om2) * c.h)
	if c.turned < 0.5*collideRot {
		return false
	}
	c.turned = 0
	return true
}

// hingeFreeInvInertia returns the inverse inertia of hinge j's own turn
// about its axis with the two bodies free but for the hinge: J M⁻¹ Jᵀ of
// the turn's row less what the hinge's five other rows (its anchor's
// three, its two across the axis) take of it, their Schur complement.
// Each body pinned at the anchor (hingeInvInertia) is the case of a heavy
// other side; between two light bodies — a link between two ball joints —
// the anchor moves with the turn, and the turn's inverse inertia is up to
// 1/I_com a side, several times the pinned one: a damper taken by RK4 at
// h c K = 0.98 of the pinned K was past RK4's bound of 2.8 on the free
// one, and a floating chain's angular momentum jumped by 2.5e-3 in a step
// (random chain 24096). Other joints only stiffen the turn (a Schur
// complement never grows), so this is a bound from above.
func (w *World) hingeFreeInvInertia(j *joint) float64 {
	type side struct {
		invM float64
		invI mgl64.Mat3
		r    v3 // the anchor from the centre of mass, world
	}
	var sides [2]side
	var x, y, z v3 // the joint frame's axes, world: either side's (they agree while the hinge holds)
	n := 0
	for k := range 2 {
		b, i, f, l := w.dynSide(j, k)
		if b == nil {
			continue
		}
		r := quatMat3(w.y[i].q)
		sides[n] = side{invM: b.invM, invI: rotate3(&r, &b.invI0), r: mulM3(&r, v3of(l))}
		x, y, z = mulM3(&r, col3(f, 0)), mulM3(&r, col3(f, 1)), mulM3(&r, col3(f, 2))
		n++
	}
	if n == 0 {
		return 0
	}
	// The rows' Jacobians on B (A's are their negatives): the anchor's
	// three, v + ω × r along e, (e, r × e); the two angular rows across
	// the axis and the turn, (0, a).
	type jac struct{ l, a v3 }
	rows := func(s *side) [6]jac {
		var out [6]jac
		for k, e := range [3]v3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
			out[k] = jac{e, s.r.cross(e)}
		}
		out[3], out[4], out[5] = jac{a: y}, jac{a: z}, jac{a: x}
		return out
	}
	var kk [36]float64 // J M⁻¹ Jᵀ of the six rows
	for s := range n {
		js := rows(&sides[s])
		for a := range 6 {
			ma := mulM3(&sides[s].invI, js[a].a)
			for b := range 6 {
				kk[a*6+b] += float64(js[b].l.dot(js[a].l)*sides[s].invM) + js[b].a.dot(ma)
			}
		}
	}
	// Schur complement of the five on the turn: K = k55 − k5ᵀ K_cc⁻¹ k5.
	var cc [25]float64
	var k5 [5]float64
	for a := range 5 {
		for b := range 5 {
			cc[a*5+b] = kk[a*6+b]
		}
		k5[a] = kk[a*6+5]
	}
	sol := k5
	cholDense(cc[:], 5)
	cholSolve(cc[:], 5, sol[:])
	k := kk[35]
	for a := range 5 {
		k -= float64(k5[a] * sol[a])
	}
	return max(k, 0)
}

// hingeInvInertia returns K = 1/I_A + 1/I_B about hinge j's axis, each
// body's inertia about the axis line through the anchor (I_com + m d²), its
// pivot: the rate of a spring on a light leg of a heavy hull, 1/(kg m²).
func (w *World) hingeInvInertia(j *joint) float64 {
	k := 0.0
	for s := range 2 {
		b, _, f, l := w.dynSide(j, s)
		if b == nil {
			continue
		}
		// The axis in the body's frame: X, column 0 of its joint frame
		// (parallel on both sides while the hinge holds).
		x := col3(f, 0)
		d := x.cross(v3of(l))
		k += 1 / (x.dot(mulM3(&b.i0, x)) + float64(b.m*d.dot(d)))
	}
	return k
}
