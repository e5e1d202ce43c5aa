package physics

import "math"

// A direct solve of the coupled contacts' LCP (Newton on an active set).
//
// The contacts of a jointed island are bounded rows of the joint solver:
// on their Schur complement S (the joints' equality rows eliminated
// exactly) they form the LCP
//
//	w = S λ + w̃,   normal rows: λn ≥ 0, wn ≥ 0, λn wn = 0,
//	friction pairs: |λt| ≤ μ λn, and λt = −μ λn w_t/|w_t| while w_t ≠ 0,
//
// which projected Gauss-Seidel (pgsBounded) solves well at rest but not
// while a lander's feet slide out under its leg springs: the slip
// direction and the friction that opposes it feed back on each other
// through the light legs, and Gauss-Seidel crawls (thousands of sweeps to
// its stop test; it used to stop at its cap of 60 per stage). S has the
// rank of the island's free motions (10 for a hull on four hinged legs),
// far below its 48 rows, so block and over-relaxed variants do no better.
//
// lcpNewton solves it directly instead, from the stage's warm start:
//
//  1. Each contact is off (λ = 0), sticking (wn = 0, w_t = 0) or sliding
//     (wn = 0, λt = −μ λn w_t/|w_t|), classified from the warm start and
//     its row velocities.
//  2. Newton's method on those equations, all unknowns of the active
//     contacts together: the Jacobian of the sliding law is
//     I (λt) + μ d (λn) + (μ λn/|w_t|)(I − d dᵀ) S_t (all λ), d the slip
//     direction; the normal and sticking rows are rows of S, regularised
//     by 1e-9 (normal) and 1e-6 (friction) of their diagonal since S is
//     singular: four feet sticking give 12 rows for 10 motions, and the
//     regularised solve keeps the friction, i.e. the internal stress the
//     rows leave free, small and inside the cones. Dense LU with partial
//     pivoting, a dozen unknowns while the feet slide; backtracking on
//     the residual. It converges quadratically in 3–5 steps. (A
//     fixed-point iteration on the slip directions does not converge: the
//     direction is the slow mode.)
//  3. The active set is checked: a contact pulling (λn < 0) lets go, a
//     separated one that would sink (wn < 0) closes, sticking friction
//     outside the cone starts sliding along its own direction (while a
//     contact has no slip to follow, its friction keeps that direction).
//     Then back to 2, a few times at most.
//
// If that fails (a slip that stops or starts, new contacts: the state was
// guessed wrong), solveAC (lcp_ac.go) tries semismooth Newton on the
// Alart–Curnier equations, which read each contact's state off in every
// step.
//
// The impulses they settle on go to pgsBounded as its starting point: a
// correct solution is Gauss-Seidel's fixed point and passes its stop test
// in one sweep, so the accepted impulses satisfy the same conditions as
// before, and a solve that fails costs only a few small factorizations
// before the sweeps go on from the warm start as they did without it.
//
// solveBounded runs it after 8 sweeps that did not settle a stage (at rest
// the sweeps settle it and the Schur complement is reused, schur.go), and
// at once, without trying the last S, after a stage whose direct solve
// moved the impulses (sliding feet: lcpScratch.moving).

// lcpScratch is the direct solve's memory, grown once and reused (Step
// does not allocate), and the state it keeps between stages.
type lcpScratch struct {
	lam, wv, x, a []float64 // impulses, row velocities, Newton system
	sd            []float64 // S Δλ of a Newton step
	phi, lam1     []float64 // solveAC: Φ, the step
	lam0          []float64 // the warm start
	idx           []int32   // the Newton system's unknowns (rows)
	st            []int8    // per bounded row: contact state on its normal row
	dir           []float64 // per bounded row: slip direction (2) on its normal row
	r             []float64 // pgsBounded's residuals S λ + w̃

	// moving: the last direct solve moved the impulses or failed.
	moving bool
	// refused is 1 + the step (Stats.Steps) in which a stage refused the
	// reused Schur complement (schur.go).
	refused int

	off bool // tests: sweeps only, as before the direct solve
}

const (
	lcpOff int8 = iota
	lcpStick
	lcpSlide
)

// lcpFirstSweeps Gauss-Seidel sweeps come first: a problem they settle
// (a craft at rest) needs no direct solve.
const lcpFirstSweeps = 8

// lcpMoveTol (m/s): a direct solve that changed no impulse by more than this
// velocity (times the row's diagonal) found the contacts settled.
const lcpMoveTol = 1e-5

const (
	lcpVelTol   = 1e-8 // m/s: equations met to this (Gauss-Seidel stops at 1e-7)
	lcpSlideTol = 1e-5 // m/s: a warm start slipping slower starts as sticking
	lcpSlipTol  = 1e-9 // m/s: slower slip has no usable direction
	lcpStallTol = 3e-8 // m/s: a residual that stalls below this is accepted
	lcpReg      = 1e-6 // relative diagonal regularisation of sticking friction rows
	lcpRegN     = 1e-9 // and of normal rows
	lcpNewtons  = 16   // Newton steps at most, over all active sets
	lcpSets     = 6    // active sets tried at most
	lcpACIters  = 20   // solveAC: Newton steps at most
	// More unknowns (a first touch of many points at once, cold) are
	// left to the sweeps: the factorisation's cost grows as their cube.
	lcpMaxUnknowns = 30
)

func growF(s []float64, n int) []float64 {
	if cap(s) < n {
		return make([]float64, n)
	}
	return s[:n]
}

// lcpEligible reports whether the bounded rows are all contact rows, each
// normal row followed by its two friction rows or by none.
func lcpEligible(bd []row) bool {
	for p := 0; p < len(bd); p++ {
		if bd[p].kind != rowContact || !(bd[p].hi > 1e300) || bd[p].lo != 0 {
			return false
		}
		if p+1 < len(bd) && bd[p+1].kind == rowFric1 {
			if p+2 >= len(bd) || bd[p+2].kind != rowFric2 || bd[p+1].link != int32(p) || bd[p+2].link != int32(p) {
				return false
			}
			p += 2
		}
	}
	return true
}

// lcpNewton solves the bounded rows' LCP on s.s, s.wt from the rows'
// impulses (the warm start). On success it sets the rows' impulses and
// returns true; otherwise it leaves them as they were.
func (w *World) lcpNewton() bool {
	if w.contacts.lcp.off {
		return false
	}
	s := &w.solver
	nb := s.nBd
	sc := &w.contacts.lcp
	sc.lam0 = growF(sc.lam0, nb)
	for q := range s.bd[:nb] {
		sc.lam0[q] = s.bd[q].lam
	}
	ok := sc.solve(s.bd[:nb], s.s[:nb*nb], s.wt[:nb]) || sc.solveAC(s.bd[:nb], s.s[:nb*nb], s.wt[:nb])
	// Impulses that moved (feet sliding) will move in the next stage too:
	// it goes straight to the direct solve.
	sc.moving = !ok
	for q := range s.bd[:nb] {
		if math.Abs(s.bd[q].lam-sc.lam0[q])*s.s[q*nb+q] > lcpMoveTol {
			sc.moving = true
		}
	}
	return ok
}

// begin checks that a direct solve applies to bounded rows bd with Schur
// complement S (contact rows only, positive diagonal), sizes the scratch
// both methods share, starts λ from the rows' warm start and forms the row
// velocities.
func (sc *lcpScratch) begin(bd []row, S, wt []float64) bool {
	nb := len(bd)
	if nb == 0 || !lcpEligible(bd) {
		return false
	}
	for p := range bd {
		if !(S[p*nb+p] > 0) {
			return false
		}
	}
	sc.lam = growF(sc.lam, nb)
	sc.wv = growF(sc.wv, nb)
	sc.x = growF(sc.x, nb)
	sc.sd = growF(sc.sd, nb)
	sc.a = growF(sc.a, nb*nb)
	if cap(sc.idx) < nb {
		sc.idx = make([]int32, nb)
		sc.st = make([]int8, nb)
	}
	for q := range bd {
		sc.lam[q] = bd[q].lam
	}
	sc.rowVels(S, wt, nb)
	return true
}

// solve is lcpNewton on bounded rows bd with Schur complement S and w̃ wt.
func (sc *lcpScratch) solve(bd []row, S, wt []float64) bool {
	nb := len(bd)
	sc.dir = growF(sc.dir, 2*nb)
	if !sc.begin(bd, S, wt) {
		return false
	}
	lam, wv, st, dir := sc.lam, sc.wv, sc.st[:nb], sc.dir
	// 1. Classify from the warm start.
	for p := 0; p < nb; p++ {
		fr := p+1 < nb && bd[p+1].kind == rowFric1
		switch {
		case lam[p] > 0 || wv[p] < 0:
			st[p] = lcpStick
			if fr {
				lim := bd[p+1].mu * lam[p]
				ft := math.Hypot(lam[p+1], lam[p+2])
				if sl := math.Hypot(wv[p+1], wv[p+2]); lam[p] > 0 && ft >= lim*(1-1e-6) && sl > lcpSlideTol {
					st[p] = lcpSlide
					dir[2*p], dir[2*p+1] = wv[p+1]/sl, wv[p+2]/sl
				}
			}
		default:
			st[p] = lcpOff
			lam[p] = 0
			if fr {
				lam[p+1], lam[p+2] = 0, 0
			}
		}
		if fr {
			p += 2
		}
	}
	newtons := 0
	for set := 0; set < lcpSets; set++ {
		sc.rowVels(S, wt, nb)
		// 2. Newton on the active set. A step that does not halve the
		// residual twice running means the active set is wrong enough for
		// Newton to wander (or the equations contradict each other, as
		// four sticking feet on ten motions can): leave it to the sweeps.
		prev, slow, stuck := math.Inf(1), 0, false
		for {
			m, res := sc.system(bd, S, nb)
			if res <= lcpVelTol {
				break
			}
			if res > 0.9*prev {
				if res <= lcpStallTol {
					break // what is left contradicts itself at the sweeps' tolerance
				}
				if slow++; slow == 2 {
					// Sticking equations the others contradict: the
					// contacts that still slip slide, in a new set.
					if sc.slipStuck(bd, nb) {
						stuck = true
						break
					}
					return false
				}
			} else {
				slow = 0
			}
			if newtons == lcpNewtons || m == 0 || m > lcpMaxUnknowns {
				return false
			}
			newtons++
			if !luSolve(sc.a[:m*m], sc.x[:m], m) {
				return false
			}
			// The step, backtracking while it does not lower the residual.
			// Only the active rows' velocities are kept up to date here
			// (the others are recomputed for the check).
			idx := sc.idx[:m]
			sd := sc.sd
			for _, e := range idx {
				sd[e] = 0
			}
			for ui, u := range idx {
				d := sc.x[ui]
				lam[u] += d
				col := S[int(u)*nb : int(u)*nb+nb]
				for _, e := range idx {
					sd[e] += col[e] * d
				}
			}
			for _, e := range idx {
				wv[e] += sd[e]
			}
			t := 1.0
			for range 4 {
				if sc.residual(bd, S, nb) < res {
					break
				}
				t *= 0.5
				for ui, u := range idx {
					lam[u] -= t * sc.x[ui]
					wv[u] -= t * sd[u]
				}
			}
			prev = res
		}
		// 3. Check the active set.
		sc.rowVels(S, wt, nb)
		if !sc.update(bd, S, nb) && !stuck {
			for q := range bd {
				bd[q].lam = lam[q]
			}
			return true
		}
	}
	return false
}

// rowVels sets wv = S λ + w̃ (S symmetric: column by column over the
// impulses that are not 0).
func (sc *lcpScratch) rowVels(S, wt []float64, nb int) {
	wv := sc.wv[:nb]
	copy(wv, wt)
	for q, l := range sc.lam[:nb] {
		if l != 0 {
			axpySlice(wv, S[q*nb:q*nb+nb], l)
		}
	}
}

// touching sets sc.idx to the rows of the contacts not apart (st not
// lcpOff): a normal row and its two friction rows each, and returns it.
func (sc *lcpScratch) touching(bd []row, nb int) []int32 {
	idx := sc.idx[:0]
	for p := 0; p < nb; p++ {
		fr := p+2 < nb && bd[p+1].kind == rowFric1
		if sc.st[p] != lcpOff {
			idx = append(idx, int32(p))
			if fr {
				idx = append(idx, int32(p+1), int32(p+2))
			}
		}
		if fr {
			p += 2
		}
	}
	sc.idx = idx
	return idx
}

// system writes the Newton system of the active set (sc.a, sc.x = −g over
// the unknowns sc.idx) and returns its size and the largest residual as a
// velocity.
func (sc *lcpScratch) system(bd []row, S []float64, nb int) (m int, res float64) {
	lam, wv, st, dir := sc.lam, sc.wv, sc.st, sc.dir
	idx := sc.touching(bd, nb)
	m = len(idx)
	a, x := sc.a[:m*m], sc.x[:m]
	for ei := 0; ei < m; ei++ {
		e := int(idx[ei])
		se := S[e*nb : e*nb+nb]
		ae := a[ei*m : ei*m+m]
		if bd[e].kind == rowFric1 && st[e-1] == lcpSlide {
			n := e - 1
			mu := bd[e].mu
			se2 := S[(e+1)*nb : (e+1)*nb+nb]
			ae2 := a[(ei+1)*m : (ei+1)*m+m]
			k := 0.5 * (se[e] + se2[e+1])
			if sl := math.Hypot(wv[e], wv[e+1]); sl > lcpSlipTol {
				// λt + μ λn d(w_t) = 0, d = w_t/|w_t|, linearised.
				d0, d1 := wv[e]/sl, wv[e+1]/sl
				dir[2*n], dir[2*n+1] = d0, d1
				c := mu * lam[n] / sl
				for ui, u := range idx {
					a0, a1 := se[u], se2[u]
					pd := d0*a0 + d1*a1
					ae[ui] = c * (a0 - d0*pd)
					ae2[ui] = c * (a1 - d1*pd)
				}
			} else {
				// No slip to follow: along the last direction.
				clear(ae)
				clear(ae2)
			}
			d0, d1 := dir[2*n], dir[2*n+1]
			ae[ei-1] += mu * d0
			ae2[ei-1] += mu * d1
			ae[ei]++
			ae2[ei+1]++
			g0, g1 := lam[e]+mu*lam[n]*d0, lam[e+1]+mu*lam[n]*d1
			x[ei], x[ei+1] = -g0, -g1
			res = max(res, math.Abs(g0)*k, math.Abs(g1)*k)
			// Rows of a slow slip (large c) scaled back to the others'.
			if f := 1 / (ae[ei] + ae2[ei+1]); f < 0.5 {
				for ui := range ae {
					ae[ui] *= f
					ae2[ui] *= f
				}
				x[ei] *= f
				x[ei+1] *= f
			}
			ei++
			continue
		}
		for ui, u := range idx {
			ae[ui] = se[u]
		}
		if bd[e].kind == rowContact {
			ae[ei] += lcpRegN * se[e]
		} else {
			ae[ei] += lcpReg * se[e]
		}
		x[ei] = -wv[e]
		res = max(res, math.Abs(wv[e]))
	}
	return m, res
}

// residual returns the largest residual of the active set's equations as
// a velocity (system's, without building it).
func (sc *lcpScratch) residual(bd []row, S []float64, nb int) (res float64) {
	lam, wv, st, dir := sc.lam, sc.wv, sc.st, sc.dir
	for _, u := range sc.idx {
		e := int(u)
		switch {
		case bd[e].kind == rowFric1 && st[e-1] == lcpSlide:
			n := e - 1
			mu := bd[e].mu
			k := 0.5 * (S[e*nb+e] + S[(e+1)*nb+e+1])
			d0, d1 := dir[2*n], dir[2*n+1]
			if sl := math.Hypot(wv[e], wv[e+1]); sl > lcpSlipTol {
				d0, d1 = wv[e]/sl, wv[e+1]/sl
			}
			g0, g1 := lam[e]+mu*lam[n]*d0, lam[e+1]+mu*lam[n]*d1
			res = max(res, math.Abs(g0)*k, math.Abs(g1)*k)
		case bd[e].kind == rowFric2 && st[e-2] == lcpSlide:
		default:
			res = max(res, math.Abs(wv[e]))
		}
	}
	return res
}

// slipStuck lets the sticking contacts that still slip (by more than
// lcpStallTol) slide along their slip, and reports whether any did.
func (sc *lcpScratch) slipStuck(bd []row, nb int) bool {
	any := false
	for _, u := range sc.idx {
		q := int(u)
		if bd[q].kind != rowContact || sc.st[q] != lcpStick || q+2 >= nb || bd[q+1].kind != rowFric1 {
			continue
		}
		if sl := math.Hypot(sc.wv[q+1], sc.wv[q+2]); sl > lcpStallTol {
			sc.st[q] = lcpSlide
			sc.dir[2*q], sc.dir[2*q+1] = sc.wv[q+1]/sl, sc.wv[q+2]/sl
			any = true
		}
	}
	return any
}

// update checks the solution of the active set and changes the contacts
// that break it; it reports whether any changed.
func (sc *lcpScratch) update(bd []row, S []float64, nb int) bool {
	lam, wv, st, dir := sc.lam, sc.wv, sc.st, sc.dir
	changed := false
	for p := 0; p < nb; p++ {
		fr := p+1 < nb && bd[p+1].kind == rowFric1
		q := p
		if fr {
			p += 2
		}
		switch st[q] {
		case lcpOff:
			if wv[q] < -lcpVelTol*100 {
				st[q] = lcpStick
				changed = true
			}
			continue
		}
		if lam[q] < 0 {
			st[q] = lcpOff
			lam[q] = 0
			if fr {
				lam[q+1], lam[q+2] = 0, 0
			}
			changed = true
			continue
		}
		if !fr {
			continue
		}
		lim := bd[q+1].mu * lam[q]
		ft := math.Hypot(lam[q+1], lam[q+2])
		sl := math.Hypot(wv[q+1], wv[q+2])
		switch st[q] {
		case lcpStick:
			if ft > lim*(1+1e-9) {
				st[q] = lcpSlide
				dir[2*q], dir[2*q+1] = -lam[q+1]/ft, -lam[q+2]/ft
				changed = true
			}
		case lcpSlide:
			// At the cone's edge without slip both laws hold; a slip
			// other than the direction solved for needs another step.
			if sl > lcpSlipTol && wv[q+1]*dir[2*q]+wv[q+2]*dir[2*q+1] < (1-1e-9)*sl {
				dir[2*q], dir[2*q+1] = wv[q+1]/sl, wv[q+2]/sl
				changed = true
			}
		}
	}
	return changed
}

// luSolve solves a x = b in place (a is n×n, row-major) by Gaussian
// elimination with partial pivoting; false on a zero pivot.
func luSolve(a, b []float64, n int) bool {
	for k := 0; k < n; k++ {
		piv, pv := k, math.Abs(a[k*n+k])
		for i := k + 1; i < n; i++ {
			if v := math.Abs(a[i*n+k]); v > pv {
				piv, pv = i, v
			}
		}
		if !(pv > 0) {
			return false
		}
		if piv != k {
			rk, rp := a[k*n:k*n+n], a[piv*n:piv*n+n]
			for j := k; j < n; j++ {
				rk[j], rp[j] = rp[j], rk[j]
			}
			b[k], b[piv] = b[piv], b[k]
		}
		rk := a[k*n : k*n+n]
		inv := 1 / rk[k]
		for i := k + 1; i < n; i++ {
			ri := a[i*n : i*n+n]
			f := ri[k] * inv
			if f == 0 {
				continue
			}
			for j := k + 1; j < n; j++ {
				ri[j] -= f * rk[j]
			}
			b[i] -= f * b[k]
		}
	}
	for k := n - 1; k >= 0; k-- {
		v := b[k]
		rk := a[k*n : k*n+n]
		for j := k + 1; j < n; j++ {
			v -= rk[j] * b[j]
		}
		b[k] = v / rk[k]
	}
	return true
}
