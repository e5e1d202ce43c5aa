package physics

import "math"

// Sequential impulses: the bounded solver on the bodies' velocities, for
// islands without joints (a pile of boxes, a crate on the ground). Every
// row's impulse moves by the rule of contact.go, and the velocity change
// goes straight to its two bodies; cost linear in the rows.
//
// A pair of shapes is one unit: its points' normal rows are solved
// together, the small problem K Δλ + v ≥ 0, λ + Δλ ≥ 0 (complementary) on
// the pair's block of K, so that the corners of a face resting on a face
// share the load without the spurious tilt that one-point-at-a-time
// updates leave, which sets a stack of boxes creeping. With all points
// pushing the block is solved directly (Cholesky; a dependent corner of
// four coplanar ones keeps its impulse); when a point lets go, by a few
// inner sweeps. Then each point's friction pair.

// unitPoints is the most points of a pair solved as one unit (a manifold's).
const unitPoints = 4

// unit is one contact pair of a free island: its m points' rows from q0
// (in the island's rows), rpp rows per point (normal, and friction unless
// frictionless), and the block K of its normal rows with its factor.
type unit struct {
	q0  int32
	m   int8
	rpp int8
	kn  [unitPoints * unitPoints]float64 // K_ij
	l   [unitPoints * unitPoints]float64 // K = L Lᵀ (m × m, cholDense)
}

// block sets the unit's normal block K_ij = J_i M⁻¹ J_jᵀ and its factor.
func (u *unit) block(rows []row) {
	m, rpp := int(u.m), int(u.rpp)
	for i := range m {
		ri := &rows[int(u.q0)+i*rpp]
		for j := range m {
			u.kn[i*unitPoints+j] = coupling(ri, &rows[int(u.q0)+j*rpp])
		}
	}
	for i := range m {
		for j := range m {
			u.l[i*m+j] = u.kn[i*unitPoints+j]
		}
	}
	cholDense(u.l[:m*m], m)
}

// sweepStop is the share of the stop test (WorldDef.SolverTolerance) on
// which the sweeps of a free island at rest stop. They stop on the change
// a sweep makes, and Gauss–Seidel converging at a rate ρ a sweep makes a
// change of (1 − ρ) times the error it leaves: a resting yawed stack's
// sweeps, in alternate directions, changed its velocities by 1.4e-7 and
// 2.0e-7 m/s by turns, 1 % less a pair (random stack 28233). Stopped on the
// first of them, below 1e-6, each step left the stack an error a hundred
// times the change; it crept at up to 1e-5 m/s, growing 5 % a step, until
// a direct step threw it at 1.5 cm/s, and the peers' pile's top layer (S5)
// crept at 3.4e-5 m/s. At rest an island's sweeps go on to a hundredth of
// the test — one whose warm start holds still takes one sweep, one whose
// sweeps crawl ends at the cap and is finished directly (finishFree). In
// motion the stop test is the test itself: a hundredth there, a heavy body
// landing on a light one was crushed through the ground more often
// (tunnelling, 2 → 7 of 3,000 random piles).
const sweepStop = 0.01

// solveFree solves the rows of a free island by projected Gauss–Seidel on
// the bodies' velocities w.vel, a unit at a time, sweeps alternating in
// direction, each sweep followed by the coarse correction (coarse.go) of
// the island whose first body is key, to the stop test tol (at rest, to
// sweepStop of it); how near a solution sweeps that end at the cap are,
// and the direct finish, are judged on tol itself. It returns the sweeps
// taken.
func (w *World) solveFree(key int32, rows []row, units []unit, iters int, tol float64, rest bool) int {
	stop := tol
	if rest {
		stop = tol * sweepStop
	}
	vel := w.vel
	bd := &w.bounded
	bd.keys = resize(bd.keys, len(units))
	for u := range units {
		units[u].block(rows)
		p := &w.contacts.pairs[w.contacts.cts[rows[units[u].q0].owner].pair]
		bd.keys[u] = uint64(uint32(p.sa))<<32 | uint64(uint32(p.sb))
	}
	for q := range rows {
		if l := rows[q].lam; l != 0 {
			rows[q].apply(vel, l)
		}
	}
	c := &bd.coarse
	c.begin(key, len(w.bodies))
	it, change := 0, 0.0
	for it < iters {
		it++
		change = 0.0
		if it&1 == 1 {
			for u := range units {
				change = max(change, units[u].relax(rows, vel, tol))
			}
		} else {
			for u := len(units) - 1; u >= 0; u-- {
				change = max(change, units[u].relax(rows, vel, tol))
			}
		}
		// The coarse correction follows every sweep, the first too: the
		// smooth errors it takes out are those a sweep hardly sees, and
		// left below the stop test step after step they grow (a tall
		// stack leans over, one warm-started sweep a step).
		if it < iters || it == 1 {
			change = max(change, c.step(rows, units, bd.keys, vel)) // coarse.go
		}
		if change <= stop {
			break
		}
	}
	kb := &w.bodies[key] // keeps the island's stalls
	if !(change > stop) {
		kb.stalls = 0
		return it
	}
	// Ended at the cap: one more of its solves in a row (this step's and
	// the last's) that stalled, counted up to freeStalls.
	if kb.stallStep+1 < w.stats.Steps {
		kb.stalls = 0
	}
	kb.stalls, kb.stallStep = min(kb.stalls+1, freeStalls), w.stats.Steps
	near := change <= freeNear*tol
	if (!near || kb.stalls == freeStalls) && len(rows) <= maxFreeDense {
		it += w.finishFree(rows, iters, tol, near)
	}
	return it
}

// How a free island's sweeps that ended at the cap, with a row still
// changing its velocity by more than the stop test, are followed by the
// direct solve (finishFree):
//
//   - far from a solution (a row changing by more than freeNear stop
//     tests): at once, and its answer replaces the sweeps' if it is the
//     better one;
//   - near one: from the freeStalls-th such solve of the island in a row
//     (before, the next sub-step's warm start usually carries it on), and
//     its answer replaces the sweeps' only if it meets the stop test;
//   - never for an island of more than maxFreeDense rows (its coupling
//     matrix n² numbers, an active set's factor n³/3 flops): the sweeps'
//     answer stands.
//
// Until session 16 an island near a solution was left to the warm start
// for good. A yawed stack whose light box carries a heavy one (random
// scene 3053, 179:1) then stalled a little short of the test step after
// step, its boxes creeping at 1e-5 m/s and growing, until a direct step
// taken before it had found its active set kicked a box to 2.5 mm/s. Near
// a solution such a step is the worse answer; far from one (a slide the
// sweeps have not caught up with) the sweeps' answer is, and kept there
// it gained 0.3 of a slope's peak kinetic energy (1964). Solving every
// near stall at once cost the peers' yawed pile (S5) 19 % more a step;
// from the second in a row, 0–1.4 % with a fifth of the sweeps and 5.7 %
// with the island's own (finishFree). Its top layer, which rested at
// 6e-14 m/s, now has a few boxes at up to 7e-5 m/s: the direct answers
// meet the stop test, and the sweeps that follow stall again now and
// then (docs/performance.md).
const (
	maxFreeDense = 256
	freeNear     = 100
	freeStalls   = 2
)

// finishFree solves the rows of a free island whose sweeps ended at the
// cap with a row still changing by more than the stop test (near: by no
// more than freeNear stop tests), as a jointed island's are (solveDense):
// on S = J M⁻¹ Jᵀ, sweeps with direct
// active-set steps, to well below the test. Gauss–Seidel hands a heavy
// body's weight down to a light one a little each sweep (a 1000:1 stack
// takes hundreds of sweeps, where the bodies sink meanwhile and the drift
// correction then throws them apart); the direct step carries it at once.
// Where those end above the test too (a light body crushed under a heavy
// one, its friction sliding: the direct step holds a sliding point's
// friction in its present direction, and the sweeps turn it 2 mrad at a
// time), Newton's method finishes the rows (newton.go). The velocities
// w.vel follow the impulses' change. It returns the sweeps.
func (w *World) finishFree(rows []row, iters int, tol float64, near bool) int {
	bd := &w.bounded
	n := len(rows)
	d := append(bd.dense[:0], rows...)
	bd.dense = d
	bd.r = resize(bd.r, n)
	bd.S = resize(bd.S, n*n)
	r, S := bd.r, bd.S
	for q := range d {
		r[q] = d[q].velocity(w.vel)
		for p := range d {
			S[q*n+p] = coupling(&d[q], &d[p])
		}
		d[q].k = S[q*n+q]
	}
	res0 := bd.residual(d, r)
	// A fifth of the sweeps, each with its direct step: one that has not
	// found the active set by then is cycling (and n³ a step adds up: a
	// thousand boxes landing at once cost 180 ms a step with all of them).
	// Near a solution, as many as the island's own sweeps: only an answer
	// that meets the stop test stands there, a stack of 8,530:1 (random
	// scene 16063) took more than a fifth to find it, and the island comes
	// here only from its second stall in a row.
	most := max(2, iters/5)
	if near {
		most = iters
	}
	it, directs, _ := bd.solveOnS(d, S, r, most, tol)
	// Kept only if it brings the rows closer to a solution than the
	// sweeps left them: a fast slide's friction can make the rows cycle
	// (the exact step's active set misses), and the sweeps' answer is
	// then the better one. Near a solution, only if it meets the stop test
	// (freeNear).
	w.stats.DirectSolves += directs
	if res := bd.residual(d, r); !(res < res0) || near && !(res <= tol) {
		return it
	}
	for q := range d {
		rows[q].apply(w.vel, d[q].lam-rows[q].lam)
		rows[q].lam = d[q].lam
	}
	return it
}

// relax does one projected Gauss–Seidel update of the unit on the
// velocities vel and returns the largest velocity change it made. The two
// bodies' velocities stay in registers while it works.
func (u *unit) relax(rows []row, vel []bodyVel, tol float64) float64 {
	m, rpp, q0 := int(u.m), int(u.rpp), int(u.q0)
	a, b := rows[q0].a, rows[q0].b
	var va, wa, vb, wb v3
	if a >= 0 {
		va, wa = vel[a].v, vel[a].w
	}
	if b >= 0 {
		vb, wb = vel[b].v, vel[b].w
	}
	rowVel := func(r *row) float64 {
		x := r.bias
		if a >= 0 {
			x += r.jaL.dot(va) + r.jaA.dot(wa)
		}
		if b >= 0 {
			x += r.jbL.dot(vb) + r.jbA.dot(wb)
		}
		return x
	}
	apply := func(r *row, d float64) {
		if a >= 0 {
			va, wa = va.axpy(r.waL, d), wa.axpy(r.waA, d)
		}
		if b >= 0 {
			vb, wb = vb.axpy(r.wbL, d), wb.axpy(r.wbA, d)
		}
	}

	// Normal rows: the block's solution with every point pushing, if it
	// pushes; else inner sweeps on the block.
	var v, lam, lam0 [unitPoints]float64
	for i := range m {
		r := &rows[q0+i*rpp]
		v[i] = rowVel(r)
		lam[i], lam0[i] = r.lam, r.lam
	}
	x := [unitPoints]float64{-v[0], -v[1], -v[2], -v[3]}
	u.solveBlock(&x)
	direct := true
	for i := range m {
		if lam[i]+x[i] < 0 {
			direct = false
			break
		}
	}
	if direct {
		for i := range m {
			lam[i] += x[i]
		}
	} else {
		for range 2 * m {
			inner := 0.0
			for i := range m {
				r := &rows[q0+i*rpp]
				if !(r.k > 0) {
					continue
				}
				res := v[i]
				for j := range m {
					res += float64(u.kn[i*unitPoints+j] * (lam[j] - lam0[j]))
				}
				l := rowImpulse(r, lam[i], res, r.k)
				inner = max(inner, math.Abs(l-lam[i])*r.k)
				lam[i] = l
			}
			if inner <= 0.1*tol {
				break
			}
		}
	}
	change := 0.0
	for i := range m {
		r := &rows[q0+i*rpp]
		if d := lam[i] - r.lam; d != 0 {
			apply(r, d)
			r.lam = lam[i]
			change = max(change, math.Abs(d)*r.k)
		}
	}
	if rpp == 3 {
		for i := range m {
			q := q0 + i*rpp
			r, f1, f2 := &rows[q], &rows[q+1], &rows[q+2]
			k := 0.5 * (f1.k + f2.k)
			if !(k > 0) {
				continue
			}
			n1, n2 := frictionImpulse(f1.lam, f2.lam, rowVel(f1), rowVel(f2), k, f1.mu*r.lam)
			d1, d2 := n1-f1.lam, n2-f2.lam
			if d1 != 0 || d2 != 0 {
				apply(f1, d1)
				apply(f2, d2)
				f1.lam, f2.lam = n1, n2
				change = max(change, math.Abs(d1)*f1.k, math.Abs(d2)*f2.k)
			}
		}
	}
	if a >= 0 {
		vel[a] = bodyVel{va, wa}
	}
	if b >= 0 {
		vel[b] = bodyVel{vb, wb}
	}
	return change
}

// solveBlock is cholSolve(u.l[:m*m], m, x[:m]) — the same operations in
// the same order — on the unit's arrays, whose indices (masked: all below
// unitPoints²) need no bounds checks, and without the call into the
// general kernel, which ran every update of every unit.
func (u *unit) solveBlock(x *[unitPoints]float64) {
	const mask = unitPoints*unitPoints - 1
	m, l := int(u.m), &u.l
	for i := range m {
		lii := l[(i*m+i)&mask]
		if lii == 0 {
			x[i&(unitPoints-1)] = 0
			continue
		}
		v := x[i&(unitPoints-1)]
		for k := range i {
			v -= float64(l[(i*m+k)&mask] * x[k&(unitPoints-1)])
		}
		x[i&(unitPoints-1)] = v / lii
	}
	for i := m - 1; i >= 0; i-- {
		lii := l[(i*m+i)&mask]
		if lii == 0 {
			x[i&(unitPoints-1)] = 0
			continue
		}
		v := x[i&(unitPoints-1)] / lii
		x[i&(unitPoints-1)] = v
		for k := range i {
			x[k&(unitPoints-1)] -= float64(l[(i*m+k)&mask] * v)
		}
	}
}
