package physics

// Reusing the bounded rows' Schur complement.
//
// On the tree, a stage with bounded rows (contacts of a jointed island,
// hinge limits) pays for their Schur complement S = Fᵀ H⁻¹ F: a half-solve
// along each row's path to the root and the sums of their products, about a
// quarter of a resting lander's step. Between the stages of a step, and
// from step to step while a craft rests, S barely changes. So a stage whose
// bounded rows are those S was last formed for (same kinds, same joints or
// contacts, same bodies, same order) first tries the old S
// (solveBoundedReuse): the equality rows are always solved exactly for the
// bounded impulses it settles on, and those are accepted only as a fixed
// point of Gauss-Seidel on the true row velocities, with the stop test
// (1e-13, contact rows on their velocity change) that ends the sweeps of a
// fresh solve. Otherwise the stage is solved fresh. The accepted impulses
// satisfy the same conditions as a fresh solve's; only the path differs.

// schurSame reports whether the stage's bounded rows are those S was formed
// for.
func (s *solver) schurSame() bool {
	if s.schurN != s.nBd {
		return false
	}
	for q := range s.bd[:s.nBd] {
		rw := &s.bd[q]
		k := &s.schurKey[q]
		if k.kind != rw.kind || k.joint != rw.joint || k.a != rw.a || k.b != rw.b {
			return false
		}
	}
	return true
}

// schurKeep records the bounded rows S was just formed for.
func (s *solver) schurKeep() {
	s.schurKey = s.schurKey[:0]
	for q := range s.bd[:s.nBd] {
		rw := &s.bd[q]
		s.schurKey = append(s.schurKey, schurRow{kind: rw.kind, joint: rw.joint, a: rw.a, b: rw.b})
	}
	s.schurN = s.nBd
}

// schurRow identifies a bounded row for schurSame.
type schurRow struct {
	kind  rowKind
	joint int32
	a, b  int32
}

// solveBoundedReuse solves a stage's bounded and equality rows with the
// last S, given the equality right-hand side x = −w_e whose forward pass
// startEq has run. On success the impulses and velocity changes are set (as
// solveBounded's) and it returns true; otherwise it leaves x, the velocity
// changes and the tree's forward pass as they were.
//
//  1. Solve the equality rows exactly with the bounded rows' current
//     impulses λ0 (the last stage's) as loads on the tree's bodies
//     (treeForwardLoads) and read the true row velocities r = J_b u' + b_b.
//  2. Gauss-Seidel on the old S from w̃ = r − S λ0, i.e. about λ0 with the
//     true residuals. If its first sweep moves nothing beyond the stop
//     test, λ0 is already a fixed point on the true velocities: accept it
//     (a craft at rest takes this path). If four sweeps do not settle, the
//     problem has changed too much for the old S: solve it fresh.
//  3. Otherwise solve the equality rows again with the new impulses and
//     accept if they are a fixed point of one Gauss-Seidel step on the true
//     velocities (boundedSettled), with the stop test of a fresh solve.
func (w *World) solveBoundedReuse(h float64, x []float64) bool {
	s := &w.solver
	// Coupled contacts that refused the old S once in this step, or whose
	// last direct solve moved their impulses (feet sliding: their rows
	// move), solve fresh.
	cs := &w.contacts
	if cs.nCoupled > 0 && (cs.lcp.refused == w.stats.Steps+1 || cs.lcp.moving) {
		return false
	}
	bd := s.bd[:s.nBd]
	nb := s.nBd
	rhs := s.tmp[:s.nEq]
	copy(rhs, x)
	lam0 := s.lam0[:nb]
	for q := range bd {
		lam0[q] = bd[q].lam
	}
	w.solveWithLoads(x, rhs)
	for q := range bd {
		v := w.rowVelAfter(&bd[q], h)
		sq := s.s[q*nb : q*nb+nb]
		for p, l := range lam0 {
			v -= sq[p] * l
		}
		s.wt[q] = v
	}
	// A few sweeps at most: a problem that needs more has changed too much
	// for the old S and is better solved fresh.
	const reuseSweeps = 4
	it := w.pgsBounded(reuseSweeps)
	w.stats.Iterations += min(it, reuseSweeps)
	if it > reuseSweeps {
		w.refuseReuse(lam0, x, rhs)
		return false
	}
	if it == 1 {
		for q := range bd {
			bd[q].lam = lam0[q]
		}
		w.keepEqImpulses(x)
		return true
	}
	w.solveWithLoads(x, rhs)
	if w.boundedSettled(h) {
		w.keepEqImpulses(x)
		return true
	}
	w.refuseReuse(lam0, x, rhs)
	return false
}

// refuseReuse puts back what solveBoundedReuse changed: the bounded
// impulses, the velocity changes, x and the tree's forward pass.
func (w *World) refuseReuse(lam0, x, rhs []float64) {
	w.contacts.lcp.refused = w.stats.Steps + 1
	bd := w.solver.bd[:w.solver.nBd]
	for q := range bd {
		bd[q].lam = lam0[q]
	}
	for i := range w.sb {
		w.sb[i].dv, w.sb[i].dw = v3{}, v3{}
	}
	copy(x, rhs)
	w.treeForward(x)
}

// solveWithLoads solves the equality rows (right-hand side rhs, solution
// in x) with the bounded rows' impulses as loads, and sets the velocity
// changes of every body they touch.
func (w *World) solveWithLoads(x, rhs []float64) {
	s := &w.solver
	copy(x, rhs)
	for i := range w.sb {
		w.sb[i].dv, w.sb[i].dw = v3{}, v3{}
	}
	w.treeForwardLoads(x)
	w.treeBackward(x)
	w.treeVelocities()
	for q := range s.bd[:s.nBd] {
		w.applyRowOffTree(&s.bd[q], s.bd[q].lam)
	}
}

// keepEqImpulses stores the equality rows' impulses from x.
func (w *World) keepEqImpulses(x []float64) {
	eq := w.solver.eq[:w.solver.nEq]
	for i := range eq {
		eq[i].lam = x[i]
	}
}

// boundedSettled reports whether no bounded row's impulse would move by
// more than solveBounded's stop tolerance in a Gauss-Seidel step computed
// from the true row velocities J u' + b.
func (w *World) boundedSettled(h float64) bool {
	s := &w.solver
	bd := s.bd[:s.nBd]
	nb := s.nBd
	for p := 0; p < nb; p++ {
		rw := &bd[p]
		spp := s.s[p*nb+p]
		if !(spp > 0) {
			if rw.kind == rowFric1 {
				p++
			}
			continue
		}
		r := w.rowVelAfter(rw, h)
		var d float64
		if rw.kind == rowFric1 {
			p++
			r2 := &bd[p]
			_, _, d = gsFriction(rw.lam, r2.lam, r, w.rowVelAfter(r2, h), 0.5*(spp+s.s[p*nb+p]), rw.mu*bd[rw.link].lam)
		} else {
			_, d = gsRow(rw, rw.lam, r, spp)
		}
		if d > 1e-13 {
			return false
		}
	}
	return true
}
