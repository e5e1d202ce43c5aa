package physics

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// The joint solver of one RK4 stage.
//
// Every joint contributes rows. A row is one scalar velocity condition
//
//	J u' + b = 0   (equality rows: ball, hinge and fixed joints)
//	J u' + b ≥ 0 with λ ∈ [lo, hi]   (bounded rows: hinge limits, motors, contacts)
//
// with u' = u + h·a_free + M⁻¹ Jᵀ λ the velocities at the end of a step h
// under the free accelerations (loads, springs, gyroscopic term) and the
// joint impulses P = Jᵀ λ. The stage derivative then uses F + P/h.
//
// Plain sequential impulses (Gauss-Seidel, one row or one joint at a time)
// reduce an error by only m_heavy/(m_heavy+m_light) per sweep; a hull of
// 1000 kg on legs of 20 kg would need hundreds of sweeps. So the equality
// rows of all joints are solved together and exactly. When the joints form
// trees (a craft, a chain), the body-space factorization of tree.go does
// it in time linear in the number of joints. Otherwise the matrix
// K = J M⁻¹ Jᵀ is assembled in envelope (profile) storage with the joints
// ordered breadth-first from the most connected body of each island, and
// factored K = L Lᵀ (Cholesky); a craft's joints all touch the hull, so
// this K is dense.
//
// Bounded rows (limits, motors, contacts of jointed islands) are few. They are solved by
// projected Gauss-Seidel on their Schur complement S = K_bb − K_be K_ee⁻¹ K_eb,
// i.e. with the equality rows eliminated exactly, warm-started from the
// previous stage. Then λ_e = K_ee⁻¹ (−w_e − K_eb λ_b).
//
// Contacts of islands with joints are more bounded rows in bd, appended
// after the joints' rows each stage (appendCoupledRows in contact.go): a
// normal row with λ ∈ [0, ∞) and two friction rows clamped together to the
// disc μ λn, warm started through persistent contact ids. classify sizes bd
// for them once per step, before the stages, so the stages do not allocate.
type solver struct {
	order []int32 // alive joints with a dynamic body, in elimination order
	row0  []int32 // first equality row of order[i]

	eq       []row // equality rows, nEq of them
	bd       []row // bounded rows of this stage, nBd of them
	park     []row // limit rows and apart contacts left out of this stage's solve (solveStage)
	nEq      int
	nBd      int
	nBdJoint int // most bounded rows the joints can make

	noParkContacts bool // tests: solve every coupled contact
	parkedContacts int  // contacts parked so far (tests)

	// Envelope Cholesky: row i holds L[i][first[i] .. i] at
	// val[start[i] + (j - first[i])].
	first []int32
	start []int32
	val   []float64

	rhs    []float64 // −w_e, then K_ee⁻¹(−w_e)
	tmp    []float64
	y      []float64 // L⁻¹ K_eb, nEq × nBd, column q at y[q*nEq:]
	col    []float64 // scratch, nEq at least
	s      []float64 // Schur complement, nBd × nBd
	wt     []float64 // w̃_b
	lamBuf []float64 // the bounded rows' impulses while solveBounded sweeps

	// Incidences: for each dynamic body, the equality rows acting on it in
	// ascending order (inc) and on which side (incB: true = the row's B).
	incStart []int32
	inc      []int32
	incB     []bool
	invDiag  []float64 // 1 / L[i][i]

	// topology scratch
	adjStart []int32
	adj      []int32
	seen     []bool
	queue    []int32
	comp     []int32

	tree tree // body-space factorization for trees of joints (tree.go)

	// slotMode tells buildRows what to do with the limit slots: leave them
	// empty (slotNone: the impact pass, the envelope solver, a stage solved
	// again), choose them (slotDecide: RK4 stages) or keep the last
	// stage's choice (slotKeep: the projection, which reuses its factor).
	slotMode     int8
	withSlots    bool       // hinges with limits have a slot row (only on the tree)
	nSlot        int        // limit slots in use this stage
	schurKey     []schurRow // the bounded rows s.s was formed for (schur.go)
	schurN       int        // their number, −1 when s.s is not a tree's S
	noSchurReuse bool       // always form S afresh (tests compare both ways)
	lam0         []float64  // solveBoundedReuse: the impulses it started from
	stale        bool       // the factor is older than the rows (the projection)
	nSlotRows    int        // limit slots laid out (hinges with limits)
	noSlots      bool       // limits always as bounded rows (tests compare both ways)
}

const (
	slotNone int8 = iota
	slotDecide
	slotKeep
)

// rowKind tells what a row belongs to, for impulse bookkeeping.
type rowKind uint8

const (
	rowPoint   rowKind = iota // linear row of a ball part
	rowAngular                // angular row holding orientation
	rowLower                  // hinge lower limit
	rowUpper                  // hinge upper limit
	rowMotor                  // hinge motor
	rowSlot                   // a hinge limit's equality slot, unused this stage (J = 0)
	rowContact                // contact normal row (joint = contact index)
	rowFric1                  // contact friction, first tangent
	rowFric2                  // contact friction, second tangent (follows rowFric1)
)

// row is one scalar constraint between bodies a and b (−1 = static/world).
type row struct {
	a, b     int32
	jaL, jaA v3 // Jacobian for A: linear, angular
	jbL, jbA v3 // Jacobian for B
	waL, waA v3 // M_A⁻¹ J_Aᵀ
	wbL, wbA v3 // M_B⁻¹ J_Bᵀ
	bias     float64
	w0       float64 // J u0 + b of a stage's equality row (not a slot), set by buildRows
	c        float64 // position error C of an equality row (m or dot product)
	lo, hi   float64
	lam      float64
	joint    int32 // owning joint, or contact index for contact rows
	kind     rowKind

	// Contact rows: friction rows' normal row (index in the same slice) and μ.
	link int32
	mu   float64
}

// jointRows returns the rows a joint takes among the equality rows: its
// equality rows plus, for a hinge with limits on the tree, the slot row a
// limit resting on its stop uses (see buildRows).
func (s *solver) jointRows(j *joint) int {
	if s.withSlots && j.kind == HingeJoint && j.limits {
		return 6
	}
	return eqRows(j.kind)
}

// eqRows returns the number of equality rows of a joint kind.
func eqRows(k JointKind) int {
	switch k {
	case BallJoint:
		return 3
	case HingeJoint:
		return 5
	case FixedJoint:
		return 6
	}
	return 0
}

// dynIndex returns the row body index of body id: −1 for static bodies and
// the world.
func (w *World) dynIndex(id BodyID) int32 {
	if id == NoBody || w.bodies[id].static {
		return -1
	}
	return int32(id)
}

// rebuild orders the joints and lays out the envelope after joints were
// added or removed. It allocates only when the topology grew.
func (w *World) rebuild() {
	s := &w.solver
	js := w.joints.list
	nb := len(w.bodies)
	for i := range w.bodies {
		w.bodies[i].nJoint = 0
	}
	// Adjacency body → joints (CSR), for joints with at least one dynamic body.
	s.adjStart = resizeI32(s.adjStart, nb+1)
	clear(s.adjStart)
	for i := range js {
		j := &js[i]
		if !j.alive {
			continue
		}
		for _, id := range [2]int32{w.dynIndex(j.a), w.dynIndex(j.b)} {
			if id >= 0 {
				s.adjStart[id+1]++
				w.bodies[id].nJoint++
			}
		}
	}
	for i := range nb {
		s.adjStart[i+1] += s.adjStart[i]
	}
	s.adj = resizeI32(s.adj, int(s.adjStart[nb]))
	fill := make([]int32, nb)
	copy(fill, s.adjStart[:nb])
	for i := range js {
		j := &js[i]
		if !j.alive {
			continue
		}
		for _, id := range [2]int32{w.dynIndex(j.a), w.dynIndex(j.b)} {
			if id >= 0 {
				s.adj[fill[id]] = int32(i)
				fill[id]++
			}
		}
	}

	// Breadth-first order per island, from its most connected body.
	if cap(s.seen) < nb {
		s.seen = make([]bool, nb)
	}
	s.seen = s.seen[:nb]
	clear(s.seen)
	jseen := make([]bool, len(js))
	s.order = s.order[:0]
	for i := range nb {
		if s.seen[i] || s.adjStart[i+1] == s.adjStart[i] {
			continue
		}
		// Collect the island.
		s.comp = append(s.comp[:0], int32(i))
		s.seen[i] = true
		for k := 0; k < len(s.comp); k++ {
			bi := s.comp[k]
			for _, ji := range s.adj[s.adjStart[bi]:s.adjStart[bi+1]] {
				for _, o := range [2]int32{w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)} {
					if o >= 0 && !s.seen[o] {
						s.seen[o] = true
						s.comp = append(s.comp, o)
					}
				}
			}
		}
		root := s.comp[0]
		for _, bi := range s.comp {
			if deg(s, bi) > deg(s, root) {
				root = bi
			}
		}
		for _, bi := range s.comp {
			s.seen[bi] = false
		}
		s.queue = append(s.queue[:0], root)
		s.seen[root] = true
		for k := 0; k < len(s.queue); k++ {
			bi := s.queue[k]
			for _, ji := range s.adj[s.adjStart[bi]:s.adjStart[bi+1]] {
				if jseen[ji] {
					continue
				}
				jseen[ji] = true
				s.order = append(s.order, ji)
				for _, o := range [2]int32{w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)} {
					if o >= 0 && !s.seen[o] {
						s.seen[o] = true
						s.queue = append(s.queue, o)
					}
				}
			}
		}
	}

	// Rows and envelope, first without the limits' slot rows: they serve
	// only the tree, so they are laid out once the tree is known to be used.
	s.withSlots = false
	w.layoutRows()
	w.buildTree()
	if s.tree.ok && slices.ContainsFunc(s.order, func(ji int32) bool { return js[ji].kind == HingeJoint && js[ji].limits }) {
		s.withSlots = true
		w.layoutRows()
		w.buildTree()
	}
	w.joints.dirty = false
}

// layoutRows lays out the equality rows of the ordered joints (with the
// limits' slot rows when s.withSlots), the envelope and the incidences.
// It allocates only when the topology grew.
func (w *World) layoutRows() {
	s := &w.solver
	js := w.joints.list
	nb := len(w.bodies)
	fill := make([]int32, nb)
	s.row0 = resizeI32(s.row0, len(s.order))
	n := 0
	nBdMax := 0
	for k, ji := range s.order {
		s.row0[k] = int32(n)
		n += s.jointRows(&js[ji])
		if js[ji].kind == HingeJoint {
			nBdMax += 3
		}
	}
	s.nEq = n
	s.schurN = -1
	s.nSlotRows = 0
	for _, ji := range s.order {
		s.nSlotRows += s.jointRows(&js[ji]) - eqRows(js[ji].kind)
	}
	s.nBdJoint = nBdMax
	s.park = make([]row, nBdMax)
	if cap(s.eq) < n {
		s.eq = make([]row, n)
	}
	s.eq = s.eq[:n]
	if cap(s.bd) < nBdMax {
		s.bd = make([]row, nBdMax)
	}
	s.bd = s.bd[:nBdMax]
	// row0 by joint index for the envelope's first columns.
	jrow := make([]int32, len(js))
	for k, ji := range s.order {
		jrow[ji] = s.row0[k]
	}
	for k, ji := range s.order {
		ia, ib := w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)
		for r := range s.jointRows(&js[ji]) {
			kind := rowPoint
			switch {
			case r >= eqRows(js[ji].kind):
				kind = rowSlot
			case r >= 3:
				kind = rowAngular
			}
			s.eq[int(s.row0[k])+r] = row{a: ia, b: ib, joint: ji, kind: kind, lo: math.Inf(-1), hi: math.Inf(1)}
		}
		js[ji].slot = rowSlot
	}
	s.first = resizeI32(s.first, n)
	s.start = resizeI32(s.start, n)
	total := 0
	for k, ji := range s.order {
		f := s.row0[k]
		for _, o := range [2]int32{w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)} {
			if o < 0 {
				continue
			}
			for _, l := range s.adj[s.adjStart[o]:s.adjStart[o+1]] {
				f = min(f, jrow[l])
			}
		}
		for r := s.row0[k]; r < s.row0[k]+int32(s.jointRows(&js[ji])); r++ {
			s.first[r] = f
			s.start[r] = int32(total)
			total += int(r-f) + 1
		}
	}
	s.val = resizeF64(s.val, total)
	s.invDiag = resizeF64(s.invDiag, n)
	// Incidences, rows ascending per body.
	s.incStart = resizeI32(s.incStart, nb+1)
	clear(s.incStart)
	for _, ji := range s.order {
		for _, o := range [2]int32{w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)} {
			if o >= 0 {
				s.incStart[o+1] += int32(s.jointRows(&js[ji]))
			}
		}
	}
	for i := range nb {
		s.incStart[i+1] += s.incStart[i]
	}
	s.inc = resizeI32(s.inc, int(s.incStart[nb]))
	if cap(s.incB) < len(s.inc) {
		s.incB = make([]bool, len(s.inc))
	}
	s.incB = s.incB[:len(s.inc)]
	copy(fill, s.incStart[:nb])
	for k, ji := range s.order {
		for side, o := range [2]int32{w.dynIndex(js[ji].a), w.dynIndex(js[ji].b)} {
			if o < 0 {
				continue
			}
			for r := s.row0[k]; r < s.row0[k]+int32(s.jointRows(&js[ji])); r++ {
				s.inc[fill[o]] = r
				s.incB[fill[o]] = side == 1
				fill[o]++
			}
		}
	}
	s.rhs = resizeF64(s.rhs, n)
	s.tmp = resizeF64(s.tmp, n)
	s.y = resizeF64(s.y, n*nBdMax)
	s.col = resizeF64(s.col, n*nBdMax)
	s.s = resizeF64(s.s, nBdMax*nBdMax)
	s.wt = resizeF64(s.wt, nBdMax)
	s.lamBuf = resizeF64(s.lamBuf, nBdMax)
	s.lam0 = resizeF64(s.lam0, nBdMax)
}

func deg(s *solver, b int32) int32 { return s.adjStart[b+1] - s.adjStart[b] }

func resizeI32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func resizeF64(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// predicted returns body id's predicted velocities u0 (zero for static
// bodies and the world).
func (w *World) predicted(id BodyID) (v, om v3) {
	if id == NoBody || w.bodies[id].static {
		return v3{}, v3{}
	}
	return w.sb[id].pv, w.sb[id].pw
}

// stageKin returns the stage pose and velocities of a joint's body.
func (w *World) stageKin(id BodyID) (c v3, r *mgl64.Mat3, v, om v3) {
	if id == NoBody {
		return v3{}, &identity3, v3{}, v3{}
	}
	sb := &w.sb[id]
	return sb.c, &sb.r, sb.v, sb.w
}

var identity3 = mgl64.Ident3()

// buildRows writes joint ji's equality rows at eq[r0:] and its active bounded
// rows at bd[nb:]; it returns the new bounded count. Without stage (the
// projection, which sets the equality rows' bias itself) the equality rows'
// velocity-product terms J̇u are left out of their bias.
//
// Every row is written along a direction fixed in body B (the child part of
// a craft: a leg, an adapter), so that B's side of a joint's rows is
// constant in B's frame: when B is a leaf of the tree, the joint's block
// N = J_B M_B⁻¹ J_Bᵀ never changes and its factor is kept (tree.go).
//
// Ball part (3 rows, k = x, y, z of B: u_k = R_B e_k). Anchors r_A = R_A a_A,
// r_B = R_B a_B, their gap d = (c_A + r_A) − (c_B + r_B):
//
//	C_k  = d·u_k
//	J_k  = [ u_k   (r_A × u_k)   −u_k   −(r_B × u_k) ]   (since u·(ω×r) = (r×u)·ω)
//	J u  = ḋ·u_k,   ḋ = v_A + ω_A × r_A − v_B − ω_B × r_B
//	J̇u  = (ω_A × (ω_A × r_A) − ω_B × (ω_B × r_B))·u_k + ḋ·(ω_B × u_k)
//
// (the last term: u_k turns with B). Ċ = J u + d·(ω_B × u_k): the two agree
// up to the gap, which the drift correction keeps at ~1e-11 m.
//
// Angular part: a row J = [ 0  g  0  −g ] holds the relative rotation about
// a direction g fixed in B, J u = (ω_A − ω_B)·g, J̇u = (ω_B × g)·(ω_A − ω_B).
// Its C is the rotation error about g to first order, from products of
// A's and B's joint axes (X, Y, Z in fa, fb):
//
//	hinge about X:  g = Y_B, C = −X_A·Z_B;   g = Z_B, C = X_A·Y_B
//	fixed joint:    g = X_B, C = Y_A·Z_B;    g = Y_B, C = Z_A·X_B;   g = Z_B, C = X_A·Y_B
//
// (turning A by a small δ about g changes C by δ). Ċ = J u up to terms of
// the size of the misalignment itself; the forces stay workless (Jᵀλ does
// no work on any u with J u = 0) and the rows forbid exactly the rotations
// a hinge about X_B or a weld forbids.
//
// Drift correction. The row asks J u' + b = 0 with u' = u + h u̇, so
// J u̇ = −(J u + b)/h. With b = (β/h) C + h J̇u + (γ − 1) J u this gives
//
//	C̈ = −(γ/h) Ċ − (β/h²) C,
//
// and with γ = 2κ, β = κ² (κ = WorldDef.Baumgarte) a critically damped
// return to C = 0 with time constant h/κ. The J̇u (centripetal) term makes
// the stage force exact when C = Ċ = 0, so joints that swing and spin do not
// sag by O(h²). κ = 1/2 would be the plain b = (β/h) C with β = 1/4; the
// default κ = 0.2 is gentler: the feedback gains scale as 1/h and 1/h², and
// RK4's error on the stabilised system grows with them (measured gap
// ∝ κ² h²), so a softer, still critically damped correction holds joints
// about 5× tighter.
func (w *World) buildRows(ji int32, h float64, r0 int32, nb int, stage bool) int {
	s := &w.solver
	j := &w.joints.list[ji]
	ca, ra, va, wa := w.stageKin(j.a)
	cb, rb, vb, wb := w.stageKin(j.b)
	ia, ib := w.dynIndex(j.a), w.dynIndex(j.b)
	betaH := w.beta / h                       // β/h, β = κ²
	rows := s.eq[r0 : int(r0)+eqRows(j.kind)] // bodies, kinds, bounds set by rebuild

	// Ball part. With stage, the bias also gets h J̇u and the (γ − 1) J u
	// term of the stage velocities u_s, and w0 = J u0 + b is formed for the
	// predicted u0 (World.predict): J u of every row is the anchors'
	// relative velocity along u_k, or the relative rotation rate about g,
	// so each row's terms are one dot product with a vector formed once
	// per joint.
	pa := mulM3(ra, v3of(j.la))
	pb := mulM3(rb, v3of(j.lb))
	d := ca.add(pa).sub(cb.add(pb))
	var bl, bl0, ba, ba0 v3 // per joint: b_k = (β/h) C_k + bl·u_k, w0_k = (β/h) C_k + bl0·u_k; angular: ba, ba0
	if stage {
		gm1 := w.gammaM1
		dd := va.add(wa.cross(pa)).sub(vb.add(wb.cross(pb)))
		acc := wa.cross(wa.cross(pa)).sub(wb.cross(wb.cross(pb))).add(dd.cross(wb))
		pva, pwa := w.predicted(j.a)
		pvb, pwb := w.predicted(j.b)
		bl = acc.mul(h).add(dd.mul(gm1))
		bl0 = bl.add(pva.add(pwa.cross(pa)).sub(pvb.add(pwb.cross(pb))))
		// Angular rows: h (ω_B × g)·dw + (γ − 1) dw·g = g·(h dw × ω_B + (γ − 1) dw).
		dw := wa.sub(wb)
		ba = dw.cross(wb).mul(h).add(dw.mul(gm1))
		ba0 = ba.add(pwa.sub(pwb))
	}
	for k := range 3 {
		u := col3(rb, k)
		rw := &rows[k]
		rw.jaL = u
		rw.jaA = pa.cross(u)
		rw.jbL = u.mul(-1)
		rw.jbA = pb.cross(u).mul(-1)
		rw.c = d.dot(u)
		rw.bias = betaH * rw.c
		if stage {
			rw.w0 = rw.bias + bl0.dot(u)
			rw.bias += bl.dot(u)
		}
	}
	if j.kind == BallJoint {
		return nb
	}

	xa := mulM3(ra, col3(&j.fa, 0))
	xb := mulM3(rb, col3(&j.fb, 0))
	yb := mulM3(rb, col3(&j.fb, 1))
	zb := mulM3(rb, col3(&j.fb, 2))
	if j.kind == FixedJoint {
		ya := mulM3(ra, col3(&j.fa, 1))
		za := mulM3(ra, col3(&j.fa, 2))
		angRow(&rows[3], xb, ya.dot(zb), ba, ba0, betaH, stage)
		angRow(&rows[4], yb, za.dot(xb), ba, ba0, betaH, stage)
		angRow(&rows[5], zb, xa.dot(yb), ba, ba0, betaH, stage)
		return nb
	}
	angRow(&rows[3], yb, -xa.dot(zb), ba, ba0, betaH, stage)
	angRow(&rows[4], zb, xa.dot(yb), ba, ba0, betaH, stage)

	// Hinge bounded rows act about the axis X_B:
	//	θ̇ = X·(ω_B − ω_A),  J = [ 0  −X  0  X ]
	// Lower limit C = θ − lower ≥ 0; upper C = upper − θ ≥ 0 (J negated).
	// A limit far from reach is left out; near it, b = C/h lets the joint
	// close the gap within the step but no further (speculative), and once
	// violated b = (β/h) C pushes it back. λ ≥ 0.
	// Motor: J u' = speed, λ ∈ [−τ_max h, τ_max h].
	if !j.limits && !j.motor {
		return nb
	}
	th := j.stageTh // springLoads' angle of this stage: the same operations
	if !stage || j.stageSeq != w.stageSeq {
		ya := mulM3(ra, col3(&j.fa, 1))
		za := mulM3(ra, col3(&j.fa, 2))
		th = math.Atan2(za.dot(yb), ya.dot(yb))
	}
	thd := xb.dot(wb.sub(wa))
	reach := 0.05 + 2*h*math.Abs(thd)
	// A limit resting on its stop (it pushed in the last stage) is solved
	// as an equality row in the joint's slot, inside the tree's 6×6 joint
	// block, instead of a bounded row on the Schur complement: the same
	// LCP solution when its impulse comes out ≥ 0, which solveJoints
	// checks (else it solves the stage again with the limit bounded).
	use := j.slot // the projection may keep the factor's choice
	if j.limits && s.withSlots && s.slotMode != slotKeep {
		use = rowSlot
		lowIn, upIn := th-j.lower < reach, j.upper-th < reach
		if s.slotMode == slotDecide && lowIn != upIn {
			if lowIn && j.lamLower > 0 {
				use = rowLower
			} else if upIn && j.lamUpper > 0 {
				use = rowUpper
			}
		}
		j.slot = use
		if use == rowSlot {
			s.eq[int(r0)+5] = row{a: ia, b: ib, joint: ji, kind: rowSlot, lo: math.Inf(-1), hi: math.Inf(1)}
		}
	}
	if j.limits {
		for _, l := range [2]struct {
			kind         rowKind
			sign, c, lam float64
		}{{rowLower, 1, th - j.lower, j.lamLower}, {rowUpper, -1, j.upper - th, j.lamUpper}} {
			if l.c >= reach && l.kind != use {
				if l.kind == rowLower {
					j.lamLower = 0
				} else {
					j.lamUpper = 0
				}
				continue
			}
			rw := &s.bd[nb]
			if l.kind == use {
				rw = &s.eq[int(r0)+5]
				*rw = row{a: ia, b: ib, joint: ji, kind: l.kind, lo: math.Inf(-1), hi: math.Inf(1), c: min(l.c, 0)}
			} else {
				*rw = row{a: ia, b: ib, joint: ji, kind: l.kind, lo: 0, hi: math.Inf(1), lam: l.lam}
				nb++
			}
			rw.jaA = xb.mul(-l.sign)
			rw.jbA = xb.mul(l.sign)
			if l.c >= 0 {
				rw.bias = l.c / h
			} else {
				rw.bias = betaH * l.c
			}
		}
	}
	if j.motor {
		rw := &s.bd[nb]
		m := j.motorMax * h
		*rw = row{a: ia, b: ib, joint: ji, kind: rowMotor, lo: -m, hi: m, lam: j.lamMotor}
		rw.jaA = xb.mul(-1)
		rw.jbA = xb
		rw.bias = -j.motorSpeed
		nb++
	}
	return nb
}

// endState writes the errors C of every joint's equality rows for the
// poses instantStage set, as buildRows does, leaving the rows' J and M⁻¹Jᵀ
// (the last stage's) alone: project's position step solves with them. A
// limit held in its slot gets buildRows' min(C, 0).
//
// It also reports whether project's velocity step has work to do: an
// equality row's J u beyond projectSpeed, a limit held in its slot closing
// on its stop faster than that, or a limit row within reach with
// J u + b < 0 (an impact). That is project's own test on the end rows,
// with J u taken from each joint's relative velocities as buildRows forms
// them, so the end rows are built only when the step runs (rarely).
func (w *World) endState(h float64) (moving bool) {
	s := &w.solver
	for k, ji := range s.order {
		j := &w.joints.list[ji]
		rows := s.eq[s.row0[k]:]
		ca, ra, va, wa := w.stageKin(j.a)
		cb, rb, vb, wb := w.stageKin(j.b)
		pa := mulM3(ra, v3of(j.la))
		pb := mulM3(rb, v3of(j.lb))
		d := ca.add(pa).sub(cb.add(pb))
		dd := va.add(wa.cross(pa)).sub(vb.add(wb.cross(pb)))
		for k := range 3 {
			u := col3(rb, k)
			rows[k].c = d.dot(u)
			moving = moving || math.Abs(dd.dot(u)) > projectSpeed
		}
		if j.kind == BallJoint {
			continue
		}
		dw := wa.sub(wb)
		xa := mulM3(ra, col3(&j.fa, 0))
		ya := mulM3(ra, col3(&j.fa, 1))
		za := mulM3(ra, col3(&j.fa, 2))
		xb := mulM3(rb, col3(&j.fb, 0))
		yb := mulM3(rb, col3(&j.fb, 1))
		zb := mulM3(rb, col3(&j.fb, 2))
		moving = moving || math.Abs(dw.dot(yb)) > projectSpeed || math.Abs(dw.dot(zb)) > projectSpeed
		if j.kind == FixedJoint {
			rows[3].c = ya.dot(zb)
			rows[4].c = za.dot(xb)
			rows[5].c = xa.dot(yb)
			moving = moving || math.Abs(dw.dot(xb)) > projectSpeed
			continue
		}
		rows[3].c = -xa.dot(zb)
		rows[4].c = xa.dot(yb)
		if !j.limits {
			continue
		}
		th := math.Atan2(za.dot(yb), ya.dot(yb))
		thd := xb.dot(wb.sub(wa))
		reach := 0.05 + 2*h*math.Abs(thd)
		for _, l := range [2]struct {
			kind   rowKind
			c, jdu float64
		}{{rowLower, th - j.lower, thd}, {rowUpper, j.upper - th, -thd}} {
			held := j.slot == l.kind // project keeps the stage's slot
			if held {
				rows[5].c = min(l.c, 0)
			}
			if l.c >= reach && !held {
				continue
			}
			v := l.jdu + l.c/h // buildRows' bias
			if l.c < 0 {
				v = l.jdu + w.beta/h*l.c
			}
			moving = moving || held && v < -projectSpeed || !held && v < 0
		}
	}
	return moving
}

// angRow writes an angular row of buildRows about g (fixed in B) with
// error c: J = [ 0  g  0  −g ], b = (β/h) c plus, with stage,
// h J̇u + (γ − 1) J u = g·ba (J̇u = (ω_B × g)·(ω_A − ω_B), J u = (ω_A − ω_B)·g)
// and w0 = J u0 + b = (β/h) c + g·ba0.
func angRow(rw *row, g v3, c float64, ba, ba0 v3, betaH float64, stage bool) {
	rw.jaA = g
	rw.jbA = g.mul(-1)
	rw.c = c
	rw.bias = betaH * c
	if stage {
		rw.w0 = rw.bias + ba0.dot(g)
		rw.bias += ba.dot(g)
	}
}

// velKind picks the body velocities a row's J u is taken of.
type velKind uint8

const (
	velPredicted velKind = iota // u0 = u + h·a_free (sb.pv, sb.pw)
	velAfter                    // u0 plus the impulses so far (sb.dv, sb.dw)
)

// bodyVel returns body sb's velocities of kind k.
func (sb *stageBody) bodyVel(k velKind) (v3, v3) {
	if k == velPredicted {
		return sb.pv, sb.pw
	}
	return sb.pv.add(sb.dv), sb.pw.add(sb.dw)
}

// rowU returns v + J u for the row's bodies' velocities of kind k (the
// static and world sides contribute nothing).
func (w *World) rowU(rw *row, k velKind, v float64) float64 {
	if rw.a >= 0 {
		lin, ang := w.sb[rw.a].bodyVel(k)
		v += rw.jaL.dot(lin) + rw.jaA.dot(ang)
	}
	if rw.b >= 0 {
		lin, ang := w.sb[rw.b].bodyVel(k)
		v += rw.jbL.dot(lin) + rw.jbA.dot(ang)
	}
	return v
}

// setW fills a row's M⁻¹Jᵀ parts from the stage inverse masses.
func (w *World) setW(rw *row) {
	if rw.a >= 0 {
		b, sb := &w.bodies[rw.a], &w.sb[rw.a]
		rw.waL = rw.jaL.mul(b.invM)
		rw.waA = mulM3(&sb.invI, rw.jaA)
	}
	if rw.b >= 0 {
		b, sb := &w.bodies[rw.b], &w.sb[rw.b]
		rw.wbL = rw.jbL.mul(b.invM)
		rw.wbA = mulM3(&sb.invI, rw.jbA)
	}
}

// setWLeaves is setW for the sides whose bodies are leaves of the tree.
func (w *World) setWLeaves(rw *row) {
	leaf := w.solver.tree.leafBody
	if rw.a >= 0 && leaf[rw.a] {
		b, sb := &w.bodies[rw.a], &w.sb[rw.a]
		rw.waL = rw.jaL.mul(b.invM)
		rw.waA = mulM3(&sb.invI, rw.jaA)
	}
	if rw.b >= 0 && leaf[rw.b] {
		b, sb := &w.bodies[rw.b], &w.sb[rw.b]
		rw.wbL = rw.jbL.mul(b.invM)
		rw.wbA = mulM3(&sb.invI, rw.jbA)
	}
}

// kEntry returns (J M⁻¹ Jᵀ)_rs: the velocity change of row r per unit impulse of row s.
func kEntry(r, s *row) float64 {
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

// rowVel returns J u0 + b with u0 the predicted stage velocities
// u + h·a_free (sb.pv, sb.pw, set by predict) before any impulse.
func (w *World) rowVel(rw *row, h float64) float64 { return w.rowU(rw, velPredicted, rw.bias) }

// predict sets the predicted velocities u0 = u + h·a_free of the jointed
// and touching bodies.
func (w *World) predict(h float64) {
	for i := range w.bodies {
		if b := &w.bodies[i]; b.nJoint == 0 && !b.contact {
			continue
		}
		sb := &w.sb[i]
		sb.pv = sb.v.axpy(sb.a, h)
		sb.pw = sb.w.axpy(sb.alp, h)
	}
}

// rowSide returns the Jacobian and M⁻¹Jᵀ of a row for one of its bodies.
func rowSide(rw *row, b bool) (jl, ja, wl, wa *v3) {
	if b {
		return &rw.jbL, &rw.jbA, &rw.wbL, &rw.wbA
	}
	return &rw.jaL, &rw.jaA, &rw.waL, &rw.waA
}

// factor assembles K_ee = J M⁻¹ Jᵀ in the envelope and factors it in place
// as L Lᵀ. K is summed body by body: K_rs = Σ_bodies J_r,b · M_b⁻¹ J_s,bᵀ
// over the pairs of rows acting on the same body. Redundant rows (a zero
// pivot) are regularised and counted.
func (w *World) factor() {
	s := &w.solver
	s.stale = false
	if s.tree.ok {
		w.treeFactor()
		return
	}
	eq := s.eq[:s.nEq]
	clear(s.val)
	for b := range len(s.incStart) - 1 {
		lo, hi := s.incStart[b], s.incStart[b+1]
		for ii := lo; ii < hi; ii++ {
			r := s.inc[ii]
			jl, ja, _, _ := rowSide(&eq[r], s.incB[ii])
			point := eq[r].kind == rowPoint
			base := int(s.start[r]) - int(s.first[r])
			for jj := lo; jj <= ii; jj++ {
				rs := &eq[s.inc[jj]]
				_, _, wl, wa := rowSide(rs, s.incB[jj])
				v := ja.dot(*wa)
				if point && rs.kind == rowPoint { // angular rows have no linear part
					v += jl.dot(*wl)
				}
				s.val[base+int(s.inc[jj])] += v
			}
		}
	}
	for i := range eq {
		fi := int(s.first[i])
		ri := s.val[s.start[i] : int(s.start[i])+i-fi+1] // L[i][fi..i]
		for jx := fi; jx < i; jx++ {
			fj := int(s.first[jx])
			k0 := max(fi, fj)
			a := ri[k0-fi : jx-fi]
			b := s.val[int(s.start[jx])+k0-fj : int(s.start[jx])+jx-fj]
			ri[jx-fi] = (ri[jx-fi] - dotSlice(a, b)) * s.invDiag[jx]
		}
		kii := ri[i-fi]
		d := kii - dotSlice(ri[:i-fi], ri[:i-fi])
		if !(d > 1e-12*kii) {
			d = math.Max(1e-12*kii, 1e-300)
			w.stats.Singular++
		}
		ri[i-fi] = math.Sqrt(d)
		s.invDiag[i] = 1 / ri[i-fi]
	}
	w.stats.Factorizations++
}

// lSolve solves L y = x in place (forward substitution).
func (s *solver) lSolve(x []float64) {
	x = x[:s.nEq]
	for i := range x {
		fi := int(s.first[i])
		ri := s.val[s.start[i] : int(s.start[i])+i-fi]
		x[i] = (x[i] - dotSlice(ri, x[fi:i])) * s.invDiag[i]
	}
}

// ltSolve solves Lᵀ x = y in place (back substitution).
func (s *solver) ltSolve(x []float64) {
	x = x[:s.nEq]
	for i := len(x) - 1; i >= 0; i-- {
		fi := int(s.first[i])
		ri := s.val[s.start[i] : int(s.start[i])+i-fi]
		xi := x[i] * s.invDiag[i]
		x[i] = xi
		xs := x[fi:i]
		xs = xs[:len(ri)]
		for k, v := range ri {
			xs[k] -= v * xi
		}
	}
}

// solveEq overwrites x with K_ee⁻¹ x.
func (w *World) solveEq(x []float64) {
	s := &w.solver
	if s.tree.ok {
		w.treeSolve(x)
		return
	}
	s.lSolve(x)
	s.ltSolve(x)
}

// startEq begins the solve of K_ee λ = x for solveBounded, which finishes
// it: with the envelope factor it overwrites x with K_ee⁻¹ x and keeps the
// half-way L⁻¹x in s.tmp; with the tree it runs the forward pass only (the
// nodes keep D⁻¹L⁻¹ of the right-hand side), and solveBounded adds the
// bounded rows' impulses before the backward pass.
func (w *World) startEq(x []float64) {
	s := &w.solver
	if s.tree.ok {
		w.treeForward(x)
		return
	}
	s.lSolve(x)
	copy(s.tmp[:s.nEq], x)
	s.ltSolve(x)
}

// dotSlice returns Σ a[k] b[k] (len(b) ≥ len(a)) with four partial sums, so
// the additions do not wait on each other. The order is fixed: results are
// deterministic.
func dotSlice(a, b []float64) float64 {
	b = b[:len(a)]
	var s0, s1, s2, s3 float64
	k := 0
	for ; k+4 <= len(a); k += 4 {
		s0 += a[k] * b[k]
		s1 += a[k+1] * b[k+1]
		s2 += a[k+2] * b[k+2]
		s3 += a[k+3] * b[k+3]
	}
	for ; k < len(a); k++ {
		s0 += a[k] * b[k]
	}
	return (s0 + s1) + (s2 + s3)
}

// column fills c with K_eq = J_e M⁻¹ J_qᵀ for a bounded row q, through the
// incidences of q's bodies.
func (s *solver) column(q *row, c []float64) {
	clear(c)
	eq := s.eq[:s.nEq]
	for side, b := range [2]int32{q.a, q.b} {
		if b < 0 {
			continue
		}
		_, _, wl, wa := rowSide(q, side == 1)
		for ii := s.incStart[b]; ii < s.incStart[b+1]; ii++ {
			jl, ja, _, _ := rowSide(&eq[s.inc[ii]], s.incB[ii])
			c[s.inc[ii]] += jl.dot(*wl) + ja.dot(*wa)
		}
	}
}

// applyRowOffTree is applyRow for the sides of a row whose bodies are not
// in the tree: the tree's solution holds the others' velocity changes.
func (w *World) applyRowOffTree(rw *row, lam float64) {
	t := &w.solver.tree
	if rw.a >= 0 && t.nodeOf[rw.a] < 0 {
		sb := &w.sb[rw.a]
		sb.dv = sb.dv.axpy(rw.waL, lam)
		sb.dw = sb.dw.axpy(rw.waA, lam)
	}
	if rw.b >= 0 && t.nodeOf[rw.b] < 0 {
		sb := &w.sb[rw.b]
		sb.dv = sb.dv.axpy(rw.wbL, lam)
		sb.dw = sb.dw.axpy(rw.wbA, lam)
	}
}

// applyRow adds the velocity change M⁻¹Jᵀλ of one row to its bodies.
func (w *World) applyRow(rw *row, lam float64) {
	if rw.a >= 0 {
		sb := &w.sb[rw.a]
		sb.dv = sb.dv.axpy(rw.waL, lam)
		sb.dw = sb.dw.axpy(rw.waA, lam)
	}
	if rw.b >= 0 {
		sb := &w.sb[rw.b]
		sb.dv = sb.dv.axpy(rw.wbL, lam)
		sb.dw = sb.dw.axpy(rw.wbA, lam)
	}
}

// solveJoints finds this stage's joint impulses and leaves the velocity
// changes in sb.dv, sb.dw. weight is the RK4 weight of the stage, used to
// total each joint's impulse over the step.
//
// J M⁻¹ Jᵀ is factored afresh in every stage. (Reusing the first stage's
// factor as a preconditioner for refinement sweeps was tried: K changes by
// O(h ω) relative within a step, which the condition number of a 100:1
// mass ratio amplifies, so it took 3–4 sweeps per stage and cost more than
// the factorization it saved.)
func (w *World) solveJoints(h, weight float64) {
	s := &w.solver
	cs := &w.contacts
	if s.nEq == 0 && len(cs.cts) == 0 {
		return
	}
	w.predict(h)
	if s.nEq > 0 {
		s.slotMode = slotNone
		if s.tree.ok && !s.noSlots {
			s.slotMode = slotDecide
		}
		for !w.solveStage(h) {
			// A limit slot pulled or a parked limit closed: solve the
			// stage again with every limit as a bounded row.
			s.slotMode = slotNone
			w.stats.Resolves++
			for i := range w.sb {
				w.sb[i].dv, w.sb[i].dw = v3{}, v3{}
			}
		}
		w.totalImpulses(weight, true)
		if cs.nCoupled > 0 {
			w.keepContactImpulses(s.bd[:s.nBd], weight, true)
		}
	}
	if cs.nFree > 0 {
		t := w.now()
		w.solveFreeContacts(h, weight, false)
		w.stats.Timings[StageContacts] += w.since(t)
	}
}

// solveStage builds, factors and solves one stage's rows, leaving the
// velocity changes in sb.dv, sb.dw. It reports false, having applied
// impulses that must be discarded, when a limit solved in its slot
// (buildRows) came out pulling: the bounded row it stood for would have
// stayed at 0.
func (w *World) solveStage(h float64) bool {
	s := &w.solver
	cs := &w.contacts
	w.prepareRows(h, true)
	// A limit row within reach that took no impulse in the last stage is
	// parked: left out of the solve and checked after it. Its λ = 0 is the
	// LCP's answer if the joint then does not close on its stop
	// (J u' + b ≥ 0); otherwise the stage is solved again with it. Coupled
	// contacts that are apart (normal bias > 0: speculative) and took no
	// impulse are parked the same way, checked on their normal row: at
	// touchdown most of a flat foot's four points are apart while one edge
	// slides, so the contact problem shrinks from 48 rows to about 15.
	np := 0
	if s.slotMode == slotDecide {
		nb := 0
		for q := range s.bd[:s.nBd] {
			if rw := &s.bd[q]; (rw.kind == rowLower || rw.kind == rowUpper) && rw.lam == 0 {
				s.park[np] = *rw
				np++
				continue
			}
			s.bd[nb] = s.bd[q]
			nb++
		}
		s.nBd = nb
	}
	if cs.nCoupled > 0 {
		t := w.now()
		if s.slotMode == slotDecide && !s.noParkContacts {
			np0 := np
			s.nBd = w.appendCoupledRows(s.bd, s.nBd, h, false, s.park, &np)
			s.parkedContacts += np - np0
		} else {
			s.nBd = w.appendCoupledRows(s.bd, s.nBd, h, false, nil, nil)
		}
		w.stats.Timings[StageRows] += w.since(t)
	}
	t := w.now()
	w.factor()
	w.stats.Timings[StageFactor] += w.since(t)
	t = w.now()
	x := s.rhs[:s.nEq]
	for i := range x {
		if rw := &s.eq[i]; rw.kind <= rowAngular {
			x[i] = -rw.w0
		} else { // a limit in its slot
			x[i] = -w.rowVel(rw, h)
		}
	}
	w.startEq(x)
	w.solveBounded(h, true)
	w.stats.Timings[StageSolve] += w.since(t)
	for q := range s.park[:np] {
		if w.rowVelAfter(&s.park[q], h) < -parkTol {
			return false
		}
	}
	if s.nSlot == 0 {
		return true
	}
	for i := range s.eq[:s.nEq] {
		if rw := &s.eq[i]; (rw.kind == rowLower || rw.kind == rowUpper) && rw.lam < 0 {
			return false
		}
	}
	return true
}

// parkTol is how far (m/s, rad/s) a parked row's J u' + b may come out
// below zero, rounding, before the stage is solved again with it.
const parkTol = 1e-12

// rowVelAfter returns J u' + b of a row with u' the stage's predicted
// velocities plus the velocity changes of its impulses so far.
func (w *World) rowVelAfter(rw *row, h float64) float64 { return w.rowU(rw, velAfter, rw.bias) }

// totalImpulses adds the stage's row impulses, times weight, to each joint's
// step total (for breaking) and, with warm, keeps the bounded rows' impulses
// as the next stage's starting point.
func (w *World) totalImpulses(weight float64, warm bool) {
	s := &w.solver
	for i := range s.eq[:s.nEq] {
		rw := &s.eq[i]
		j := &w.joints.list[rw.joint]
		switch rw.kind {
		case rowPoint:
			j.impLin = j.impLin.axpy(rw.jaL, weight*rw.lam)
			continue
		case rowLower: // a limit in its slot
			if warm {
				j.lamLower = rw.lam
			}
		case rowUpper:
			if warm {
				j.lamUpper = rw.lam
			}
		}
		j.impAng = j.impAng.axpy(rw.jaA, weight*rw.lam)
	}
	for q := range s.bd[:s.nBd] {
		rw := &s.bd[q]
		if rw.kind >= rowContact {
			continue
		}
		j := &w.joints.list[rw.joint]
		if warm {
			switch rw.kind {
			case rowLower:
				j.lamLower = rw.lam
			case rowUpper:
				j.lamUpper = rw.lam
			case rowMotor:
				j.lamMotor = rw.lam
			}
		}
		j.impAng = j.impAng.axpy(rw.jaA, weight*rw.lam)
	}
}

// prepareRows builds the rows of all joints from the stage data in sb and
// their M⁻¹Jᵀ. With stage set, equality rows get the full RK4-stage bias.
func (w *World) prepareRows(h float64, stage bool) {
	t := w.now()
	w.jointRowsAll(h, stage)
	w.setWAll(stage)
	w.stats.Timings[StageRows] += w.since(t)
}

// jointRowsAll is prepareRows without M⁻¹Jᵀ.
func (w *World) jointRowsAll(h float64, stage bool) {
	s := &w.solver
	nb := 0
	s.nSlot = 0
	for k, ji := range s.order {
		nb = w.buildRows(ji, h, s.row0[k], nb, stage)
		if j := &w.joints.list[ji]; j.limits && s.tree.ok {
			m := int32(5)
			if j.slot != rowSlot {
				m = 6
				s.nSlot++
			}
			s.tree.nodes[s.tree.jnode[k]].m = m
		}
	}
	s.nBd = nb
}

// setWAll sets the rows' M⁻¹Jᵀ. In a stage solved on the tree only the
// leaves' is read (the factor's leaf blocks, the back substitution to a
// leaf); velocity changes come from the tree's solution. Otherwise
// impulses are applied row by row, which needs both sides.
func (w *World) setWAll(stage bool) {
	s := &w.solver
	eq, bd := s.eq[:s.nEq], s.bd[:s.nBd]
	leafOnly := stage && s.tree.ok
	for i := range eq {
		if leafOnly {
			w.setWLeaves(&eq[i])
		} else {
			w.setW(&eq[i])
		}
	}
	for i := range bd {
		w.setW(&bd[i])
	}
}

// solveBounded takes the equality-only solution λ_e0 in s.rhs, solves the
// bounded rows on their Schur complement by projected Gauss-Seidel, corrects
// λ_e and applies all impulses to sb.dv, sb.dw (setting each row's lam).
// With warm, bounded rows start from the joints' previous impulses.
func (w *World) solveBounded(h float64, warm bool) {
	s := &w.solver
	eq, bd := s.eq[:s.nEq], s.bd[:s.nBd]
	ne, nb := s.nEq, s.nBd
	x := s.rhs[:ne]
	if nb > 0 {
		w.stats.MaxBoundedRows = max(w.stats.MaxBoundedRows, nb)
		for q := range bd {
			if !warm {
				bd[q].lam = 0
			}
		}
		// With c_q = K_eq (column of K for bounded row q) and z_q = L⁻¹ c_q:
		// Schur complement S_pq = K_pq − c_pᵀ K_ee⁻¹ c_q = K_pq − z_p·z_q, and
		// w̃_q = w_q + c_qᵀ λ_e0 = w_q + z_q·(L⁻¹(−w_e)), the latter in s.tmp.
		if s.tree.ok && warm && !s.stale && !s.noSchurReuse && s.schurSame() && w.solveBoundedReuse(h, x) {
			w.stats.SchurReuses++
			return
		}
		if s.tree.ok {
			w.treeSchur(h)
			s.schurKeep()
		} else {
			for q := range bd {
				zq := s.y[q*ne : (q+1)*ne]
				s.column(&bd[q], zq)
				s.lSolve(zq)
				s.wt[q] = w.rowVel(&bd[q], h) + dotSlice(zq, s.tmp)
			}
			for p := range bd {
				zp := s.y[p*ne : (p+1)*ne]
				for q := 0; q <= p; q++ {
					v := kEntry(&bd[p], &bd[q]) - dotSlice(zp, s.y[q*ne:(q+1)*ne])
					s.s[p*nb+q] = v
					s.s[q*nb+p] = v
				}
			}
		}
		maxIter := 50
		if w.contacts.nCoupled > 0 {
			maxIter = max(maxIter, 2*w.contactIters)
			// Coupled contacts the first sweeps do not settle are solved
			// directly (lcp.go), then the sweeps go on from there.
			if w.contacts.lcp.moving {
				w.lcpNewton()
			} else if it := w.pgsBounded(lcpFirstSweeps); it > lcpFirstSweeps {
				w.stats.Iterations += lcpFirstSweeps
				maxIter -= lcpFirstSweeps
				w.lcpNewton()
			} else {
				maxIter = 0
				w.stats.Iterations += it
			}
		}
		if maxIter > 0 {
			w.stats.Iterations += min(w.pgsBounded(maxIter), maxIter)
		}
		if s.tree.ok {
			w.treeCorrect()
		} else {
			w.envelopeCorrect(x)
		}
		fromTree := s.tree.ok && !s.stale
		for q := range bd {
			if fromTree {
				w.applyRowOffTree(&bd[q], bd[q].lam)
			} else {
				w.applyRow(&bd[q], bd[q].lam)
			}
		}
	}
	if s.tree.ok {
		w.treeBackward(x)
		if !s.stale {
			// The tree's body unknowns are −Δu with every impulse in it
			// (treeSolve): no need to apply row by row.
			w.treeVelocities()
			for i := range eq {
				eq[i].lam = x[i]
			}
			return
		}
	}
	for i := range eq {
		eq[i].lam = x[i]
		w.applyRow(&eq[i], x[i])
	}
}

// gsRow returns a bounded row's Gauss-Seidel update from its impulse l and
// residual r = (S λ + w̃)_p, and the change as the stop test measures it:
// the impulse, or for contact rows the velocity change scaled by
// contactScale (they stop on the velocity change, like solveFree). The
// builtin min and max give math.Min and math.Max's results (±0 included)
// for all but NaN, inlined instead of a call.
func gsRow(rw *row, l, r, spp float64) (nl, d float64) {
	nl = min(max(l-r/spp, rw.lo), rw.hi)
	d = math.Abs(nl - l)
	if rw.kind == rowContact {
		d = d * spp / contactScale
	}
	return nl, d
}

// gsFriction returns a friction pair's Gauss-Seidel update from impulses
// (l1, l2), residuals (r1, r2) and their mean diagonal k, the two together
// clamped to the disc |(λ1, λ2)| ≤ lim = μ λn (see solveFree), and the
// velocity change scaled as gsRow's.
func gsFriction(l1, l2, r1, r2, k, lim float64) (n1, n2, d float64) {
	n1, n2 = l1-r1/k, l2-r2/k
	if s2 := n1*n1 + n2*n2; s2 > lim*lim {
		f := lim / math.Sqrt(s2)
		n1, n2 = n1*f, n2*f
	}
	return n1, n2, max(math.Abs(n1-l1), math.Abs(n2-l2)) * k / contactScale
}

// pgsBounded runs projected Gauss-Seidel on S λ_b + w̃ (≥, =, ≤) 0 over
// the bounded rows (s.s, s.wt), from their current impulses, for at most
// maxIter sweeps, and returns the sweeps taken (maxIter + 1 if the last
// still moved an impulse beyond the stop test).
//
// The residuals r = S λ + w̃ are kept up to date as impulses change (S is
// symmetric: row q is column q), so a row whose impulse stays put — a
// contact that stays apart, a sweep that only confirms — costs a read
// instead of a dot product over all rows. When most impulses are not 0
// (a craft at rest, whose one sweep confirms), the first sweep forms each
// row's residual by its dot product instead, which then costs less.
func (w *World) pgsBounded(maxIter int) int {
	s := &w.solver
	bd := s.bd[:s.nBd]
	nb := s.nBd
	S := s.s[:nb*nb]
	// The impulses in a dense slice while sweeping: 8 bytes per row
	// instead of one field of each ~300-byte row.
	lam := s.lamBuf[:nb]
	nz := 0
	for q := range bd {
		lam[q] = bd[q].lam
		if lam[q] != 0 {
			nz++
		}
	}
	it, converged := 0, false
	if 2*nz > nb && maxIter > 0 {
		it = 1
		converged = pgsSweep(bd, S, s.wt[:nb], lam, true) <= 1e-13
	}
	if !converged && it < maxIter {
		sc := &w.contacts.lcp
		sc.r = growF(sc.r, nb)
		r := sc.r
		copy(r, s.wt[:nb])
		for q, l := range lam {
			if l != 0 {
				axpySlice(r, S[q*nb:q*nb+nb], l)
			}
		}
		for it < maxIter {
			it++
			if pgsSweep(bd, S, r, lam, false) <= 1e-13 {
				converged = true
				break
			}
		}
	}
	for q := range bd {
		bd[q].lam = lam[q]
	}
	if !converged {
		return it + 1
	}
	return it
}

// pgsSweep is one Gauss-Seidel sweep of pgsBounded on the residuals r,
// kept up to date; it returns the largest change as the stop test
// measures it. With dense, r holds w̃ instead and each row's residual is
// formed by its dot product with the impulses (pgsBounded's first sweep
// when most impulses are not 0).
func pgsSweep(bd []row, S, r, lam []float64, dense bool) float64 {
	nb := len(bd)
	change := 0.0
	for p := 0; p < nb; p++ {
		rw := &bd[p]
		spp := S[p*nb+p]
		if !(spp > 0) {
			if rw.kind == rowFric1 {
				p++ // the pair's second row goes with it
			}
			continue
		}
		if rw.kind == rowFric1 {
			p++
			r1, r2 := pgsResidual(S, r, lam, p-1, dense), pgsResidual(S, r, lam, p, dense)
			l1, l2, d := gsFriction(lam[p-1], lam[p], r1, r2, 0.5*(spp+S[p*nb+p]), rw.mu*lam[rw.link])
			change = max(change, d)
			if d1 := l1 - lam[p-1]; d1 != 0 && !dense {
				axpySlice(r, S[(p-1)*nb:p*nb], d1)
			}
			if d2 := l2 - lam[p]; d2 != 0 && !dense {
				axpySlice(r, S[p*nb:(p+1)*nb], d2)
			}
			lam[p-1], lam[p] = l1, l2
			continue
		}
		nl, d := gsRow(rw, lam[p], pgsResidual(S, r, lam, p, dense), spp)
		change = max(change, d)
		if dl := nl - lam[p]; dl != 0 && !dense {
			axpySlice(r, S[p*nb:(p+1)*nb], dl)
		}
		lam[p] = nl
	}
	return change
}

// pgsResidual returns row p's residual (S λ + w̃)_p for pgsSweep: r[p], or
// with dense w̃_p (in r) plus row p of S times the impulses.
func pgsResidual(S, r, lam []float64, p int, dense bool) float64 {
	v := r[p]
	if dense {
		sp := S[p*len(lam) : (p+1)*len(lam)]
		for q, l := range lam {
			v += sp[q] * l
		}
	}
	return v
}

// axpySlice adds a·x to y (len(x) ≥ len(y)).
func axpySlice(y, x []float64, a float64) {
	x = x[:len(y)]
	for i, v := range x {
		y[i] += a * v
	}
}

// envelopeCorrect sets λ_e = λ_e0 − K_ee⁻¹ Σ_q c_q λ_q = λ_e0 − L⁻ᵀ Σ_q z_q λ_q.
func (w *World) envelopeCorrect(x []float64) {
	s := &w.solver
	ne := s.nEq
	bd := s.bd[:s.nBd]
	{
		corr := s.col[:ne]
		clear(corr)
		any := false
		for q := range bd {
			if lq := bd[q].lam; lq != 0 {
				any = true
				for i, z := range s.y[q*ne : (q+1)*ne] {
					corr[i] += z * lq
				}
			}
		}
		if any {
			s.ltSolve(corr)
			for i, c := range corr {
				x[i] -= c
			}
		}
	}
}

// instantStage readies the stage data for a zero-duration solve on the
// current state (the impact pass, the projection): poses, velocities (the
// predicted ones too), no loads, no impulses yet, and the world inverse
// inertia of jointed bodies and, with contacts, of touching ones.
func (w *World) instantStage(contacts, inertia bool) {
	for i := range w.bodies {
		b, y, sb := &w.bodies[i], &w.y[i], &w.sb[i]
		sb.c, sb.r = y.c, quatMat3(y.q)
		sb.dv, sb.dw = v3{}, v3{}
		sb.a, sb.alp = v3{}, v3{}
		if b.static {
			sb.v, sb.w, sb.pv, sb.pw = v3{}, v3{}, v3{}, v3{}
			continue
		}
		sb.v, sb.w = y.v, y.w
		sb.pv, sb.pw = y.v, y.w
		if inertia && (b.nJoint > 0 || contacts && b.contact) {
			sb.invI = rotate3(&sb.r, &b.invI0)
		}
	}
}

// inertiaStage sets the world inverse inertia of the jointed bodies for
// the poses instantStage set without it.
func (w *World) inertiaStage() {
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static && b.nJoint > 0 {
			w.sb[i].invI = rotate3(&w.sb[i].r, &b.invI0)
		}
	}
}

// addVelocityChanges adds the solve's velocity changes to the state.
func (w *World) addVelocityChanges() {
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		sb, y := &w.sb[i], &w.y[i]
		y.v = y.v.add(sb.dv)
		y.w = y.w.add(sb.dw)
	}
}

// projectPositions is project's position step: it solves K λ = x (x = −C)
// with the last stage's rows and factor and moves the bodies by M⁻¹Jᵀλ.
func (w *World) projectPositions(x []float64) {
	s := &w.solver
	eq := s.eq[:s.nEq]
	if s.tree.ok && !s.stale {
		w.treeSolve(x)
		w.treeVelocities()
	} else {
		w.solveEq(x)
		for i := range eq {
			w.applyRow(&eq[i], x[i])
		}
	}
	for i := range w.bodies {
		sb := &w.sb[i]
		if w.bodies[i].static || (sb.dv == v3{} && sb.dw == v3{}) {
			continue
		}
		y := &w.y[i]
		y.c = y.c.add(sb.dv)
		dq := quatDeriv(sb.dw, y.q) // ½ (0, Δθ) ⊗ q
		y.q = normQuat(quat{y.q.w + dq.w, y.q.x + dq.x, y.q.y + dq.y, y.q.z + dq.z})
		sb.dv, sb.dw = v3{}, v3{}
	}
}

// projectTol is the joint error (m at an anchor, rad about an axis) below
// which the projection's position step is left out: the next stages' drift
// correction holds such errors, and a position step would only move the
// bodies without changing their velocities. A craft under hard thrust opens
// its joints by up to 3e-6 m per step and is projected every step; a
// gently flown lander stays within it for many steps.
const projectTol = 1e-9

// projectSpeed is the joint velocity error (m/s at an anchor, rad/s about
// an axis) above which project removes it at once.
const projectSpeed = 1e-4

// project runs after each RK4 step, at zero duration (no loads): it moves
// the bodies back onto the joints (positions: Δx = −M⁻¹Jᵀ K⁻¹ C, one Newton
// step of the projection onto C = 0), removes the joint-violating velocity
// (J u' = 0) and stops hinges that would cross a limit within the next step: the
// limit row becomes an inelastic impact, J u' + C/h ≥ 0. This is the
// post-stabilisation of Ascher, Chin and Reich: it keeps joint errors at the
// level of one step's truncation error instead of letting the stabilised
// stages carry them. Impulses here are real (impacts) and count towards
// breaking; the position shift is not an impulse.
func (w *World) project(h float64) {
	s := &w.solver
	if s.nEq == 0 {
		return
	}
	t := w.now()
	w.instantStage(false, false)
	// Positions, when some joint is off by more than projectTol: the end
	// state's errors C, solved with the last stage's rows and factor (state
	// y + h k3, within O(h²) of the end state): a projection with a slightly
	// stale J still removes all but a small fraction of the error, and
	// repeats the next step if needed. Its impulses' velocity changes
	// M⁻¹Jᵀλ are then the tree's body unknowns.
	eq := s.eq[:s.nEq]
	x := s.rhs[:s.nEq]
	moving := w.endState(h)
	off := 0.0
	for i := range eq {
		x[i] = -eq[i].c
		off = max(off, math.Abs(x[i]))
	}
	w.stats.Timings[StagePrepare] += w.since(t)
	if off <= projectTol && !moving {
		return // every joint within projectTol and not moving apart
	}
	w.stats.Projections++
	t = w.now()
	if off > projectTol {
		w.projectPositions(x)
	}
	w.stats.Timings[StageSolve] += w.since(t)

	if !moving {
		return
	}
	// The rows of the end state (before the position step's small move)
	// for the velocity step, with the last stage's factor. A limit that
	// stage held in its slot (buildRows) stays there, as the factor holds
	// it: in the velocity step it stops an approach, J u' + b = 0, and
	// otherwise keeps the joint's speed, J u' = J u, up to the other rows'
	// coupling. M⁻¹Jᵀ is formed only when the velocity step runs.
	t = w.now()
	s.slotMode = slotNone
	if s.nSlot > 0 {
		s.slotMode = slotKeep
	}
	w.jointRowsAll(h, false)
	s.stale = true
	w.stats.Timings[StageRows] += w.since(t)
	t = w.now()

	// Velocities: J u' = 0 for equality rows; impacts on limits that the
	// hinge would cross within the next step (J u + C/h < 0); no motors.
	// Only when some joint moves apart faster than projectSpeed or a limit
	// needs an impact: smaller errors (RK4's, ~1e-5 m/s under hard thrust)
	// are left to the next stage's bias, which takes out 60 % of them per
	// stage, rather than removed here by a projection that dissipates
	// (measured: the pendulum's energy drift 6.9e-6 -> 3.3e-6, the spinning
	// craft's L drift 4.5e-6 -> 1.3e-6 over 600 s; gaps unchanged).
	// (endState made the test.)
	w.predict(h)
	for i := range eq {
		if k := eq[i].kind; k == rowLower || k == rowUpper {
			x[i] = -min(w.rowVel(&eq[i], h), 0)
		} else {
			eq[i].bias = 0
			x[i] = -w.rowVel(&eq[i], h)
		}
	}
	nb := 0
	for q := range s.bd[:s.nBd] {
		if rw := &s.bd[q]; rw.kind != rowMotor && w.rowVel(rw, h) < 0 {
			s.bd[nb] = *rw
			nb++
		}
	}
	s.nBd = nb
	w.inertiaStage()
	w.setWAll(false)
	w.startEq(x)
	w.solveBounded(h, false)
	w.totalImpulses(1, false)
	w.addVelocityChanges()
	w.stats.Timings[StageSolve] += w.since(t)
}
