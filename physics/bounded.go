package physics

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// The one solver of bounded rows: hinge limits and motors, contact normals
// and friction (StageBounded, and the impact stage with other targets).
//
// Once per sub-step, at its start, the bounded rows of each awake island
// are solved as one problem — the velocities at the end of the sub-step,
// u' = u0 + M⁻¹Jᵀλ, must satisfy every row (rows.go) — and their impulses
// then act as constant forces Jᵀλ/h through the sub-step's four RK4
// evaluations, where the joints' equality rows are solved exactly in each
// (tree.go). Contacts and limits are not smooth: RK4's order is lost at
// every contact that opens or closes, and solving them once per sub-step,
// as game engines do, keeps a resting scene's cost to one solve; the
// joints, which are smooth, keep the exact per-stage solve that holds a
// 1000 kg hull on 20 kg legs to 1e-9 m.
//
// Method: projected Gauss–Seidel (each row's impulse moves by −v/K and is
// clamped, the rule of contact.go), warm started from the last sub-step's
// impulses, sweeping until no row changes its velocity by more than
// WorldDef.SolverTolerance — a resting scene stops after a sweep or two.
//
//   - An island without joints is solved on the bodies' velocities
//     (matrix-free sequential impulses, sequential.go): cost linear in its
//     rows, for piles; after each sweep a coarse step with six unknowns per
//     pushing contact pair (push, moments, slide, twist), solved exactly,
//     carries a load through a stack at once and holds its lean
//     (coarse.go). Where the sweeps end at the cap still far from a
//     solution (a heavy box on a light one), the island is finished as a
//     jointed island is, on S = J M⁻¹ Jᵀ (finishFree, up to 256 rows),
//     and where that too ends short of the stop test, by Newton's method
//     on the rows' natural residual (newton.go).
//   - An island with joints is solved on the rows' Schur complement
//     S = J_b H⁻¹ J_bᵀ, the velocity change of each row per unit impulse
//     of another with the joints holding exactly (treesolve.go); the
//     island's loop rows join as rows without bounds. Gauss–Seidel on S
//     converges slowly where a light part sits between two stiff rows (a
//     20 kg leg between its hinge limit and its foot contact under a 1000 kg
//     hull: hundreds of sweeps), so after each sweep that has not converged
//     a direct step solves S exactly on the rows that are active (a
//     pushing contact or limit, sticking friction, a motor below its
//     torque), with the others held, and projects back onto the bounds;
//     the next sweep checks the result. At rest the active set does not
//     change and one direct step settles the island. Where the sweeps and
//     steps end above the stop test, Newton's method on the rows'
//     natural residual finishes them (newton.go).

// boundedSet is the bounded solver's data.
type boundedSet struct {
	rows       []row   // the rows of the awake islands, grouped by island
	units      []unit  // the free islands' contact pairs, in row order
	unit0      []int32 // per island: its first unit
	dense      []row   // one island's rows on S: a jointed island's loop rows, then its bounded rows
	S          []float64
	r          []float64    // residuals S λ + w̃
	free       []int32      // the direct step's active rows
	prev       []int32      // the active-set method's set of the round before
	slide      []float64    // per contact normal row: 1/|λt| when its friction slides, else 0
	pushSoft   []bool       // per push-out row: on its compliant branch (pushImpulse)
	saved      []float64    // residuals and impulses before a direct step
	best       []float64    // the active-set method's residuals and impulses of least energy
	start      []float64    // residuals and impulses before Newton's method (newton.go)
	b          []float64    // the dense rows' velocities without their impulses
	kept       []keptFactor // the jointed islands' last direct steps
	sliding    bool         // the active rows (bd.free) have sliding contacts
	stood      bool         // the last active-set method ended on a set that stood (bd.prev)
	facSliding bool         // the set bd.prev, factored in bd.fac, had sliding contacts
	piv        []int32
	cols       []int32   // scratch of the sparse factors (dense.go)
	lo, hi     []int32   // the factor's spans (luSpans, cholLead)
	odd        []bool    // scratch of cholSparse
	fac        []float64 // their S_FF and its factor
	amat       []float64 // S_FF unregularized
	ax         []float64 // scratch
	step       []float64 // the direct step
	coarse     coarse    // the free islands' coarse correction (coarse.go)
	keys       []uint64  // per unit of the island being solved: its shape pair
	pushRows   []int32   // the stops passed, pushed out in a solve apart (pushStops)
	bore       []bool    // per island: a contact bore in the held solve (pushStops)
}

// solveBounded is StageBounded: the sub-step's bounded rows, solved island
// by island, become constant forces for StageRK4. A sub-step the solve
// finds too long for them is solved again as the first of its parts
// (split.go).
func (w *World) solveBounded() {
	w.ctx.started = false
	w.loadW = 0
	for i := range w.bodies {
		b := &w.bodies[i]
		b.fc, b.tc = v3{}, v3{}
	}
	stiff := w.stiffDampers()
	if !w.islands.bounded && !stiff || !w.boundedNear() {
		return
	}
	for k := 0; ; k++ {
		w.prepareBodies(w.y, w.ctx.h)
		if !w.boundedRows(false) {
			return
		}
		solved, met := w.pushStops()
		if solved {
			w.solveRows(false) // the tree factored by pushStops' solve
		} else {
			w.solveIslands(false)
		}
		w.loadW = w.loadRate()
		if met {
			w.pushApart()
		}
		if k == maxSplits || w.defect.redo {
			break // a redo keeps the length it was solved at (defect.go)
		}
		n := w.splitFor()
		if n <= 1 {
			break
		}
		// Solved again as the first of n parts (split.go), from this
		// solve's impulses scaled to the part.
		w.shortenSubStep(n)
	}
	w.ctx.started = true
	w.modelVelocities()
	h := w.ctx.h
	bd := &w.bounded
	cts := w.contacts.cts
	for q := range bd.rows {
		r := &bd.rows[q]
		switch r.kind {
		case rowNormal:
			c := &cts[r.owner]
			c.lamN = r.lam
			c.impN += r.lam
		case rowFric1:
			c := &cts[r.owner]
			c.fric = frictionOf(bd.rows, q, 1)
			c.impT = c.impT.Add(c.fric)
		case rowLower:
			j := &w.joints.list[r.owner]
			j.lamLower = r.lam
			j.impAng = j.impAng.axpy(r.jaA, r.lam)
		case rowUpper:
			j := &w.joints.list[r.owner]
			j.lamUpper = r.lam
			j.impAng = j.impAng.axpy(r.jaA, r.lam)
		case rowMotor:
			j := &w.joints.list[r.owner]
			j.lamMotor = r.lam
			j.impAng = j.impAng.axpy(r.jaA, r.lam)
		case rowDamper:
			w.joints.list[r.owner].lamDamp = r.lam
		}
		if r.lam != 0 {
			w.addForce(r, r.lam/h)
		}
	}
}

// partWarm makes the impulses of the solve just made, scaled to a part
// 1/n as long, the warm starts of the part's solve in the islands without
// joints. Where a contact holds a load its impulse is the load times the
// sub-step, so every such island the split is not for — most of a landing
// pile, whose split one column's sliding box asked for — starts the
// part's solve at its answer, and only the islands that asked for it need
// sweeps. From the warm starts of the sub-step before, each part was
// solved from impulses up to 8 times too large and ended its sweeps at
// the cap far from the answer, whose friction then did work and split the
// sub-step again: S5's landing took 12 sub-steps of 14,000 rows, half the
// run's time, and takes 2. An island with joints keeps the warm starts of
// the sub-step before: where its rows cannot all hold (a loop through the
// joints and the ground), their impulses carry the stress of their
// disagreement, which does not scale with the sub-step, and from it
// scaled random tree 6947 blew up.
func (w *World) partWarm(n float64) {
	bd := &w.bounded
	cts := w.contacts.cts
	is := &w.islands
	for ii := range is.list {
		isl := &is.list[ii]
		if isl.jointed {
			continue
		}
		for q := isl.row0; q < isl.row0+isl.nRow; q++ {
			r := &bd.rows[q]
			switch r.kind {
			case rowNormal:
				cts[r.owner].lamN = r.lam / n
			case rowFric1:
				cts[r.owner].fric = frictionOf(bd.rows, int(q), n)
			}
		}
	}
}

// frictionOf returns the friction impulse of the pair of rows at q (its
// first tangent's), world frame, over n: the contact's warm start for a
// sub-step n times shorter.
func frictionOf(rows []row, q int, n float64) mgl64.Vec3 {
	return rows[q].jbL.mul(rows[q].lam/n).axpy(rows[q+1].jbL, rows[q+1].lam/n).vec()
}

// dampTurn bounds h c K, the decay of a hinge damper's rate over one
// sub-step (K the inverse inertia of its turn, hingeFreeInvInertia), for RK4 to
// integrate it as a torque: RK4 follows the decay e^(−hcK) to 2 % at 1
// (0.375 for 0.368) and turns unstable beyond 2.8. A stiffer damper is a
// row of the bounded solve (stiffDampers), taken implicitly: its impulse
// −c h θ̇1 is that of backward Euler, stable at any h c K.
const dampTurn = 1

// stiffDampers marks the awake hinges whose dampers are too stiff for RK4
// at this sub-step (h c K > dampTurn, joint.damp), and reports whether
// there is any. A damper so stiff does not ask for sub-steps: a 20 kg leg
// damped for a 20 t hull's share would take thousands a step, and at the
// cap RK4 blew its decay up (random tree 17947, c K = 6.6e5 /s).
func (w *World) stiffDampers() bool {
	h := w.ctx.h
	stiff := false
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.damp = false
		if !j.solved() || j.kind != HingeJoint || !(j.c > 0) || j.locked() {
			continue
		}
		if b := max(w.dynIndex(j.a), w.dynIndex(j.b)); b >= 0 && w.bodies[b].awake && w.dampStiff(j, float64(h*j.c)) {
			j.damp, stiff = true, true
		} else {
			j.lamDamp = 0
		}
	}
	return stiff
}

// dampStiff reports whether hc K > dampTurn for hinge j's damper, hc its
// h c. K (hingeFreeInvInertia) lies between the pinned inverse inertia
// (hingeInvInertia: each body turning about the anchor alone) and the turn
// row's own J M⁻¹ Jᵀ, Σ x·I⁻¹x over the sides (a Schur complement is no
// larger); where those two already decide, the 5×5 solve is not made.
func (w *World) dampStiff(j *joint, hc float64) bool {
	if hc*w.hingeInvInertia(j) > dampTurn {
		return true
	}
	up := 0.0
	for k := range 2 {
		if b, _, f, _ := w.dynSide(j, k); b != nil {
			x := col3(f, 0)
			up += x.dot(mulM3(&b.invI0, x))
		}
	}
	if hc*up <= dampTurn {
		return false
	}
	return hc*w.hingeFreeInvInertia(j) > dampTurn
}

// boundedNear reports whether the sub-step will have bounded rows: an awake
// island with contact points, or a hinge within reach of a limit or with a
// motor (hinge.go), judged from the state before the stage data is made.
func (w *World) boundedNear() bool {
	is := &w.islands
	for i := range is.list {
		if isl := &is.list[i]; isl.awake && isl.nCt > 0 {
			return true
		}
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.solved() || !j.bounded() {
			continue
		}
		b := max(w.dynIndex(j.a), w.dynIndex(j.b))
		if b < 0 || !w.bodies[b].awake {
			continue
		}
		if j.motor || j.damp {
			return true
		}
		var ra, rb mgl64.Mat3
		k := w.kinAt(j, &ra, &rb)
		th, thd, _ := k.angle(j)
		if min(th-j.lower, j.upper-th) < 0.05+float64(2*w.ctx.h*math.Abs(thd)) {
			return true
		}
	}
	return false
}

// addForce adds a row's impulse as a force over the sub-step, Jᵀ f, to its
// bodies' bounded loads.
func (w *World) addForce(r *row, f float64) {
	if r.a >= 0 {
		b := &w.bodies[r.a]
		b.fc = b.fc.axpy(r.jaL, f)
		b.tc = b.tc.axpy(r.jaA, f)
	}
	if r.b >= 0 {
		b := &w.bodies[r.b]
		b.fc = b.fc.axpy(r.jbL, f)
		b.tc = b.tc.axpy(r.jbA, f)
	}
}

// boundedRows builds the bounded rows of the awake islands (with impact,
// of the triggered islands: their active contacts with the impact stage's
// targets and cold starts, and their limits) into w.bounded.rows, grouped
// by island, and their M⁻¹Jᵀ and K. It reports whether there are any.
func (w *World) boundedRows(impact bool) bool {
	bd := &w.bounded
	bd.rows = bd.rows[:0]
	is := &w.islands
	t := &w.tree
	h := w.ctx.h
	cts := w.contacts.cts
	turn := w.defect.turn
	bd.units = bd.units[:0]
	bd.unit0 = resize(bd.unit0, len(is.list)+1)
	for ii := range is.list {
		isl := &is.list[ii]
		isl.row0, isl.nRow = int32(len(bd.rows)), 0
		bd.unit0[ii] = int32(len(bd.units))
		if !isl.awake || impact && !isl.trig {
			continue
		}
		if isl.jointed {
			for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
				for _, ji := range t.adj[t.adjStart[b]:t.adjStart[b+1]] {
					j := &w.joints.list[ji]
					home := w.dynIndex(j.b)
					if home < 0 {
						home = w.dynIndex(j.a)
					}
					if home != b || !j.bounded() || impact && !j.limits {
						continue
					}
					k := w.kin(j)
					n0 := len(bd.rows)
					bd.rows = k.limitRows(j, ji, w.dynIndex(j.a), w.dynIndex(j.b), bd.rows, &w.ctx, h, impact)
					if impact {
						for q := n0; q < len(bd.rows); q++ {
							bd.rows[q].lam = 0
						}
					}
				}
			}
		}
		for _, ci := range is.contacts[isl.ct0 : isl.ct0+isl.nCt] {
			c := &cts[ci]
			if impact && !c.active {
				continue
			}
			n := len(bd.rows)
			bd.rows = slices.Grow(bd.rows, 3)[:n+3]
			if n+3 > cap(turn) {
				turn = slices.Grow(turn, n+3-len(turn)) // keeps the rows' before it (resize would not)
			}
			turn = turn[:n+3]
			m := w.contactRows(int(ci), bd.rows[n:], turn[n:], h)
			bd.rows = bd.rows[:n+m]
			if !isl.jointed {
				// A pair's points are one unit of the free solver.
				if u := len(bd.units) - 1; u >= int(bd.unit0[ii]) && cts[bd.rows[isl.row0+bd.units[u].q0].owner].pair == c.pair && bd.units[u].m < unitPoints {
					bd.units[u].m++
				} else {
					bd.units = append(bd.units, unit{q0: int32(n) - isl.row0, m: 1, rpp: int8(m)})
				}
			}
			if impact {
				bd.rows[n].bias = -c.target
				for q := n; q < n+m; q++ {
					bd.rows[q].lam = 0
					if q > n {
						bd.rows[q].bias = 0
					}
				}
			}
		}
		isl.nRow = int32(len(bd.rows)) - isl.row0
	}
	bd.unit0[len(is.list)] = int32(len(bd.units))
	for q := range bd.rows {
		r := &bd.rows[q]
		r.setW(w.bodies, w.sb)
		r.k = r.diag()
	}
	if !impact {
		// A jointed island's push-out rows are compliant (pushImpulse):
		// in a closed loop — feet on the ground under a hinged hull, a
		// chain's link against the ground beside its joint to the world —
		// the pushes the rows ask for may be more than the joints let
		// the bodies do, and rigid rows would then have no finite
		// solution: their impulses grow sweep by sweep along the loop's
		// internal stress, and RK4 turns them into energy.
		for ii := range is.list {
			isl := &is.list[ii]
			if !isl.jointed {
				continue
			}
			for q := range bd.rows[isl.row0 : isl.row0+isl.nRow] {
				r := &bd.rows[isl.row0+int32(q)]
				if r.bias < 0 && (r.kind == rowNormal || (r.kind == rowLower || r.kind == rowUpper) && r.lo == 0) {
					r.soft = pushCompliance
				}
			}
		}
		w.shiftTargets() // a redo's (defect.go)
	}
	w.defect.turn = turn
	return len(bd.rows) > 0
}

// solveIslands solves the bounded rows of every island that has some, and
// leaves in w.dv each awake body's velocity change from all its constraint
// impulses, equality and bounded: the first evaluation of the sub-step's
// RK4 (or, with impact, the impact itself). The jointed islands get the
// equality solve with their bounded rows' warm starts as loads first, with
// the tree's rows and factor of the sub-step's start (with impact, of the
// instant: J u' = 0), and again with the final impulses if those changed.
func (w *World) solveIslands(impact bool) {
	if w.tree.active {
		if impact {
			w.jointRows(biasPosition)
			for i := range w.eq {
				w.eq[i].bias = 0
			}
		} else {
			w.jointRows(biasStart)
		}
		w.factorTree()
		w.equalityRHS()
	}
	w.solveRows(impact)
}

// solveRows is solveIslands once the tree is factored: the bounded rows of
// every island, from their warm starts. pushStops solves them again with
// the same factor.
func (w *World) solveRows(impact bool) {
	is := &w.islands
	bd := &w.bounded
	for i := range w.bodies {
		w.dv[i] = bodyVel{}
	}
	if w.tree.active {
		w.equalityLoads()
	}
	tol, iters := w.set.tol, w.set.iters
	if impact {
		iters *= 2
	}
	changed := false
	for ii := range is.list {
		isl := &is.list[ii]
		if isl.nRow == 0 {
			continue
		}
		rows := bd.rows[isl.row0 : isl.row0+isl.nRow]
		w.stats.MaxBoundedRows = max(w.stats.MaxBoundedRows, len(rows))
		if isl.jointed {
			changed = w.solveDense(int32(ii), rows, iters, tol) || changed
			continue
		}
		ids := is.bodies[isl.body0 : isl.body0+isl.nBody]
		w.stats.Iterations += w.solveFree(ids[0], rows, bd.units[bd.unit0[ii]:bd.unit0[ii+1]], iters, tol, w.atRest(ids))
		for _, b := range ids {
			sb, u := &w.sb[b], &w.vel[b] // Δu = u' − u0
			w.dv[b] = bodyVel{u.v.sub(sb.v.axpy(sb.a, w.ctx.h)), u.w.sub(sb.w.axpy(sb.alp, w.ctx.h))}
			if impact {
				w.dv[b] = bodyVel{u.v.sub(sb.v), u.w.sub(sb.w)}
			}
		}
	}
	if changed {
		w.equalityLoads()
	}
}

// equalityLoads solves the equality rows with the jointed islands' bounded
// impulses as loads and sets the velocity changes w.dv of their bodies
// (off the tree: M⁻¹ f).
func (w *World) equalityLoads() {
	is := &w.islands
	bd := &w.bounded
	t := &w.tree
	clear(t.loads)
	for ii := range is.list {
		isl := &is.list[ii]
		if !isl.jointed || isl.nRow == 0 {
			continue
		}
		for q := range bd.rows[isl.row0 : isl.row0+isl.nRow] {
			if r := &bd.rows[isl.row0+int32(q)]; r.lam != 0 {
				addLoad(t.loads, r, r.lam)
			}
		}
	}
	w.solveEquality(true)
	w.offTreeLoads()
}

// offTreeLoads sets the velocity change M⁻¹ f of the loads t.loads on the
// bodies of jointed islands that are not in the tree.
func (w *World) offTreeLoads() {
	is := &w.islands
	t := &w.tree
	for ii := range is.list {
		isl := &is.list[ii]
		if !isl.jointed || isl.nRow == 0 {
			continue
		}
		for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
			if t.nodeOf[b] >= 0 {
				continue
			}
			f := &t.loads[b]
			w.dv[b] = bodyVel{f.v.mul(w.bodies[b].invM), mulM3(&w.sb[b].invI, f.w)}
		}
	}
}

// solveDense solves a jointed island's rows on their Schur complement: its
// loop rows (without bounds) and its bounded rows, from the velocities the
// equality solve with the warm starts left, w.vel + w.dv. When those
// already pass the stop test (an island at rest), they are the answer and
// S is not formed; it reports whether the impulses changed.
func (w *World) solveDense(ii int32, rows []row, iters int, tol float64) bool {
	bd := &w.bounded
	t := &w.tree
	d := bd.dense[:0]
	for ci := range t.comps {
		c := &t.comps[ci]
		if !c.active || c.loopRows == 0 || w.islands.of[c.island] != ii {
			continue
		}
		for _, ji := range t.loops[c.loop0:c.loop1] {
			j := &w.joints.list[ji]
			d = append(d, w.eq[j.row0:int(j.row0)+j.rows()]...)
		}
	}
	nl := len(d)
	d = append(d, rows...)
	bd.dense = d
	n := len(d)
	bd.r = resize(bd.r, n)
	r := bd.r
	for q := range d {
		rw := &d[q]
		if q < nl {
			rw.lam = 0
		}
		r[q] = rw.velocity(w.vel) + rw.jv(w.dv)
	}
	key := w.islands.bodies[w.islands.list[ii].body0]
	if nl == 0 {
		res := bd.residual(d, r)
		if res <= tol {
			w.stats.Iterations++
			return false // the warm start stands (rows keeps it)
		}
		if k := bd.keptFor(key, d); k != nil && res <= keptLimit*tol {
			// The island's rows are those of its last direct step:
			// correct the warm start with that step's factor, and check
			// the result on the velocities the corrected impulses give.
			bd.step = resize(bd.step, 2*len(k.free))
			k.correct(d, r, bd.step)
			copy(rows, d)
			w.equalityLoads()
			for q := range d {
				r[q] = d[q].velocity(w.vel) + d[q].jv(w.dv)
			}
			w.stats.Iterations++
			if bd.residual(d, r) <= tol {
				return false // dv holds the corrected impulses' velocities
			}
		}
	}
	bd.S = resize(bd.S, n*n)
	S := bd.S
	w.schur(d, S)
	for q := range d {
		d[q].k = S[q*n+q]
	}
	// Once S is formed, the rows are solved well past the stop test (a
	// direct step is exact when its active set is right): the next
	// sub-steps' warm starts then pass the test without S for a long time.
	it, directs, useDirect := bd.solveOnS(d, S, r, iters, tol)
	copy(rows, d[nl:])
	w.stats.Iterations += it
	w.stats.DirectSolves += directs
	if nl == 0 && directs > 0 && useDirect && bd.stood && !bd.facSliding && !pushing(d) {
		bd.keep(key, d)
	}
	return true
}

// keptLimit bounds the warm-start residual (in stop tests) a kept factor
// may correct; beyond it the island's S is formed again at once.
const keptLimit = 1e4

// keptFactor is a jointed island's last direct step without sliding
// contacts: its rows (by owner and kind), its active rows and the Cholesky
// factor of their S_FF. While the island keeps the same rows, the next
// sub-steps correct their warm start with it — one step of Newton's method
// with a Jacobian a few sub-steps old (S changes by O(h v) between them) —
// instead of forming S again; the corrected impulses' velocities are then
// checked against the stop test, and S is formed again when they fail it.
type keptFactor struct {
	key  int32     // the island's first body
	sig  []int32   // per row: owner, kind
	free []int32   // the active rows
	l    []float64 // the factor of their S_FF + εD
	a    []float64 // their S_FF
}

// maxKept bounds the kept factors (one per jointed island at rest).
const maxKept = 16

// keptFor returns the kept factor of the island whose first body is key,
// if its rows are still d's.
func (bd *boundedSet) keptFor(key int32, d []row) *keptFactor {
	for i := range bd.kept {
		k := &bd.kept[i]
		if k.key != key || len(k.sig) != 2*len(d) {
			continue
		}
		for q := range d {
			if k.sig[2*q] != d[q].owner || k.sig[2*q+1] != int32(d[q].kind) {
				return nil
			}
		}
		return k
	}
	return nil
}

// keep stores the last direct step's factor (bd.prev, bd.fac, bd.amat) for
// the island whose first body is key.
func (bd *boundedSet) keep(key int32, d []row) {
	var k *keptFactor
	for i := range bd.kept {
		if bd.kept[i].key == key {
			k = &bd.kept[i]
		}
	}
	if k == nil {
		if len(bd.kept) < maxKept {
			bd.kept = append(bd.kept, keptFactor{})
			k = &bd.kept[len(bd.kept)-1]
		} else {
			k = &bd.kept[int(key)%maxKept]
		}
		k.key = key
	}
	k.sig = k.sig[:0]
	for q := range d {
		k.sig = append(k.sig, d[q].owner, int32(d[q].kind))
	}
	m := len(bd.prev)
	k.free = append(k.free[:0], bd.prev...)
	k.l = append(k.l[:0], bd.fac[:m*m]...)
	k.a = append(k.a[:0], bd.amat[:m*m]...)
}

// correct moves the active rows' impulses by the kept factor's filtered
// step −M⁻¹ S_FF M⁻¹ r_F (solveActive; x is scratch of 2m) and projects
// every impulse back onto its bounds.
func (k *keptFactor) correct(d []row, r, x []float64) {
	m := len(k.free)
	x, y := x[:m], x[m:2*m]
	for a, q := range k.free {
		x[a] = -r[q]
	}
	cholSolve(k.l, m, x)
	for a := range m {
		row, v := k.a[a*m:a*m+m], 0.0
		for b := range m {
			v += float64(row[b] * x[b])
		}
		y[a] = v
	}
	copy(x, y)
	cholSolve(k.l, m, x)
	for a, q := range k.free {
		d[q].lam += x[a]
	}
	project(d)
}

// project puts every impulse back onto its bounds: a row's to [lo, hi], a
// friction pair's onto the disc of its normal impulse.
func project(d []row) {
	for q := 0; q < len(d); q++ {
		rw := &d[q]
		if rw.kind == rowFric1 {
			f2 := &d[q+1]
			rw.lam, f2.lam = frictionImpulse(rw.lam, f2.lam, 0, 0, 1, rw.mu*d[q-1].lam)
			q++
			continue
		}
		rw.lam = min(max(rw.lam, rw.lo), rw.hi)
	}
}

// pushing reports whether any of the rows is compliant (a push-out or a
// damper row), which a kept factor does not hold.
func pushing(d []row) bool {
	for q := range d {
		if d[q].compliant() {
			return true
		}
	}
	return false
}

// pushCompliance is γ/K of a push-out row (pushImpulse): its push beyond
// holding the row at rest is at most the impulse that would give the row
// alone its push-out speed.
const pushCompliance = 1.0
