package physics

import (
	"math"
	"slices"
)

// Rows solved on their coupling matrix S: the sweeps and the direct
// active-set step that a jointed island's rows take (solveDense, its S the
// Schur complement) and a free island's whose sweeps stalled (finishFree,
// S = J M⁻¹ Jᵀ). The rows d, their residuals r = S λ + b and S live in
// the boundedSet (bounded.go); dense.go factors the active rows' system.

// solveOnS solves the rows d on their coupling matrix S (n×n, row-major;
// d[q].k its diagonal) from their velocities r at the impulses d[q].lam:
// projected Gauss–Seidel sweeps, each followed by a direct active-set step
// while those bring the rows closer to a solution, until no row changes
// its velocity by more than denseTight·tol (or the stop test holds for
// three sweeps running), at most iters sweeps. The impulses and r are left
// at the solution, finished by Newton's method where the sweeps and steps
// end above the stop test. It returns the sweeps and direct steps taken
// (Newton's steps among them), and whether the direct steps were still
// kept at the end.
func (bd *boundedSet) solveOnS(d []row, S, r []float64, iters int, tol float64) (it, directs int, useDirect bool) {
	n := len(d)
	// The rows' own velocities b = r − S λ: the energy of the impulses is
	// f(λ) = ½ λᵀ S λ + bᵀ λ = ½ λ·(r + b), the kinetic energy they add at
	// the sub-step's end (less a constant). The solution of the rows, with
	// the friction discs' radii held, is its minimum over their bounds.
	bd.b = resize(bd.b, n)
	for q := range d {
		v := r[q]
		sq := S[q*n : q*n+n]
		for p := range d {
			v -= float64(sq[p] * d[p].lam)
		}
		bd.b[q] = v
	}
	passed := 0
	useDirect = true
	for it < iters {
		it++
		ch := bd.sweep(d, S, r)
		if ch <= denseTight*tol {
			break
		}
		if ch <= tol {
			if passed++; passed > 2 {
				break
			}
		}
		if it < iters && useDirect {
			// The direct step, kept only if it brings the rows closer to a
			// solution than the sweep left them. It may not, while sliding
			// contacts' directions still settle (the step holds them): the
			// sweeps then go on alone.
			before := bd.energy(d, r)
			bd.saved = snapshot(bd.saved, d, r)
			bd.activeSetSolve(d, S, r)
			if bd.energy(d, r) >= before {
				restore(bd.saved, d, r)
				useDirect = false
			}
			directs++
		}
	}
	// Ended above the stop test (a light body crushed under a heavy one,
	// its friction sliding; a point on its cone's edge that the active set
	// takes for sliding one round and sticking the next): Newton's method
	// finishes the rows (newton.go); its factor is not the active set's.
	if bd.residual(d, r) > tol {
		directs += bd.newton(d, S, r, denseTight*tol)
		useDirect = false
	}
	return it, directs, useDirect
}

// snapshot returns dst holding the residuals r, then the impulses of the
// rows d (restore puts them back).
func snapshot(dst []float64, d []row, r []float64) []float64 {
	dst = append(dst[:0], r...)
	for q := range d {
		dst = append(dst, d[q].lam)
	}
	return dst
}

// restore puts the residuals and impulses of a snapshot back.
func restore(src []float64, d []row, r []float64) {
	copy(r, src[:len(d)])
	for q := range d {
		d[q].lam = src[len(d)+q]
	}
}

// sweep is one Gauss–Seidel sweep over the dense rows d on the residuals r
// (kept up to date: S is symmetric, so row q of S is column q); it returns
// the largest velocity change.
func (bd *boundedSet) sweep(d []row, S, r []float64) float64 {
	n := len(d)
	change := 0.0
	for q := 0; q < n; q++ {
		rw := &d[q]
		if rw.kind == rowFric1 {
			f2 := &d[q+1]
			k := 0.5 * (rw.k + f2.k)
			if k > 0 {
				n1, n2 := frictionImpulse(rw.lam, f2.lam, r[q], r[q+1], k, rw.mu*d[q-1].lam)
				d1, d2 := n1-rw.lam, n2-f2.lam
				bd.move(d, S, r, q, d1)
				bd.move(d, S, r, q+1, d2)
				change = max(change, math.Abs(d1)*rw.k, math.Abs(d2)*f2.k)
			}
			q++
			continue
		}
		if rw.k > 0 {
			d1 := rowImpulse(rw, rw.lam, r[q], rw.k) - rw.lam
			bd.move(d, S, r, q, d1)
			change = max(change, math.Abs(d1)*rw.k)
		}
	}
	return change
}

// energy returns f(λ) = ½ λ·(r + b) (solveDense).
func (bd *boundedSet) energy(d []row, r []float64) float64 {
	f := 0.0
	for q := range d {
		f += float64(d[q].lam * (r[q] + bd.b[q]))
		if rw := &d[q]; rw.compliant() {
			// ψ(λ) − bλ of the compliant push or damper (pushImpulse), twice
			g := rw.compliance(rw.k)
			if rw.onCompliant(rw.lam, g) {
				f += float64(g * float64(rw.lam*rw.lam))
			} else {
				f -= float64(rw.bias*rw.bias)/g + float64(2*rw.bias*rw.lam)
			}
		}
	}
	return 0.5 * f
}

// residual returns the largest velocity change a Gauss–Seidel update would
// make to any row from the impulses and residuals as they are: zero exactly
// at a solution.
func (bd *boundedSet) residual(d []row, r []float64) float64 {
	res := 0.0
	for q := 0; q < len(d); q++ {
		rw := &d[q]
		if rw.kind == rowFric1 {
			f2 := &d[q+1]
			if k := 0.5 * (rw.k + f2.k); k > 0 {
				n1, n2 := frictionImpulse(rw.lam, f2.lam, r[q], r[q+1], k, rw.mu*d[q-1].lam)
				res = max(res, math.Abs(n1-rw.lam)*rw.k, math.Abs(n2-f2.lam)*f2.k)
			}
			q++
			continue
		}
		if rw.k > 0 {
			res = max(res, math.Abs(rowImpulse(rw, rw.lam, r[q], rw.k)-rw.lam)*rw.k)
		}
	}
	return res
}

// move changes row q's impulse by dl and the residuals with it.
func (bd *boundedSet) move(d []row, S, r []float64, q int, dl float64) {
	if dl == 0 {
		return
	}
	n := len(d)
	d[q].lam += float64(dl) // rounded: inlined, move is handed products (directMove's c*l1)
	sq := S[q*n : q*n+n]
	for p := range r {
		r[p] += float64(sq[p] * dl)
	}
}

// activeRows finds the active rows of the direct step, Newton's step on
// the active set (solveActive solves it into bd.step): the active rows F — a loop row, a row a
// Gauss–Seidel update would leave inside its bounds (a contact or limit
// that pushes or is pushed into, a motor below its torque, friction inside
// its disc) — must end with zero residual, the others hold, and a contact that slides
// keeps its friction on the disc in its present direction d, λt = μ λn d,
// so that its friction follows its normal impulse (the slip direction
// linearised: without it a sliding foot's friction and normal impulses
// settle each other one sweep at a time). The system
//
//	Σ_{q∈F} (S_pq + [q slides] μ (d1 S_p,t1 + d2 S_p,t2)) δ_q = −r_p,  p ∈ F
//
// is solved by LU (Cholesky when nothing slides) on solveActive's filter.
func (bd *boundedSet) activeRows(d []row, r []float64) {
	n := len(d)
	free := bd.free[:0]
	sliding := false
	bd.slide = resize(bd.slide, n)
	slide := bd.slide
	clear(slide) // the loop steps over friction rows: none may keep a value
	bd.pushSoft = resize(bd.pushSoft, n)
	for q := 0; q < n; q++ {
		rw := &d[q]
		switch {
		case rw.kind == rowFric1:
			q++
		case rw.equality():
			free = append(free, int32(q))
		default:
			// Active where a Gauss–Seidel update would leave the row
			// inside its bounds (a contact pushing after it, or being
			// pushed into; a motor below its torque): the update sees the
			// row's velocity, where the impulse alone would keep a row that
			// is about to let go, or miss one that is about to push.
			u := rowImpulse(rw, rw.lam, r[q], rw.k)
			if !(u > rw.lo && u < rw.hi) {
				continue
			}
			if rw.compliant() {
				_, bd.pushSoft[q] = pushImpulse(rw, rw.lam, r[q], rw.k)
			}
			free = append(free, int32(q))
			if rw.kind != rowNormal || q+2 >= n || d[q+1].kind != rowFric1 {
				continue
			}
			f1, f2 := &d[q+1], &d[q+2]
			lim := f1.mu * u
			l1, l2 := f1.lam, f2.lam
			if k := 0.5 * (f1.k + f2.k); k > 0 {
				n1, n2 := l1-r[q+1]/k, l2-r[q+2]/k // the pair's update, unclamped
				if float64(n1*n1)+float64(n2*n2) < lim*lim*(1-1e-9) {
					free = append(free, int32(q+1), int32(q+2)) // sticking
					continue
				}
				if l1 == 0 && l2 == 0 {
					l1, l2 = n1, n2 // starting to slide: along the update
				}
			}
			if s2 := float64(l1*l1) + float64(l2*l2); s2 > 0 {
				// sliding: its friction follows its normal impulse along
				// d = λt/|λt| (held at its present value, scaled by slide)
				slide[q] = 1 / math.Sqrt(s2)
				sliding = true
			}
		}
	}
	bd.free = free
	bd.sliding = sliding
}

// solveActive solves the direct step's system on the active rows
// (activeRows) into bd.step.
func (bd *boundedSet) solveActive(d []row, S, r []float64) {
	n, free, slide, sliding := len(d), bd.free, bd.slide, bd.sliding
	m := len(free)
	if m == 0 {
		return
	}
	bd.fac = resize(bd.fac, m*m)
	bd.step = resize(bd.step, 2*m)
	bd.piv = resize(bd.piv, m)
	f, x := bd.fac, bd.step[:m]
	for a, qa := range free {
		sa, fa := S[int(qa)*n:], f[a*m:a*m+m]
		if !sliding { // every slide[qb] is 0
			for b, qb := range free {
				fa[b] = sa[qb]
			}
		} else {
			for b, qb := range free {
				v := sa[qb]
				if s := slide[qb]; s != 0 {
					mu := d[qb+1].mu
					v += float64(mu * s * (float64(d[qb+1].lam*sa[qb+1]) + float64(d[qb+2].lam*sa[qb+2])))
				}
				fa[b] = v
			}
		}
		x[a] = -r[qa]
		if rw := &d[qa]; rw.compliant() {
			if bd.pushSoft[qa] {
				g := rw.compliance(rw.k)
				f[a*m+a] += g
				x[a] -= float64(g * rw.lam)
			} else {
				x[a] += rw.bias
			}
		}
	}
	// A small share ε of each pivot's own diagonal: the active rows of a
	// craft on its feet are far more than its degrees of freedom (a pad's
	// four corners, three each, on a leg with one), and a factorization
	// that drops the dependent ones hands the load to the first few, in
	// impulses far apart that the bounds then cut. With it the load is
	// shared, as among the corners of a resting face. But M = A + εD alone
	// would move the impulses along A's near-null directions (those
	// dependent rows) by r's share there over ε — tens of kN s from a
	// residual of 1e-4 m/s, which the bounds then cut into a worse state
	// than before. So the step is filtered: δ = −M⁻¹ A M⁻¹ r, which is
	// A⁻¹'s step where A's eigenvalues σ are far above ε (σ/(σ+ε)² ≈ 1/σ)
	// and no step at all along its null directions.
	bd.amat = resize(bd.amat, m*m)
	copy(bd.amat, f[:m*m])
	for a := range m {
		f[a*m+a] *= 1 + directReg
	}
	tmp := bd.step[m:]
	solve := func(x []float64) {
		if sliding {
			luSolveSpans(f, m, bd.piv, bd.lo, bd.hi, x, tmp)
		} else {
			cholSolveLead(f, m, nil, bd.lo, x)
		}
	}
	bd.cols = resize(bd.cols, m)
	bd.lo = resize(bd.lo, m)
	if sliding {
		bd.hi = resize(bd.hi, m)
		luSparse(f, m, bd.piv, bd.cols, bd.lo, bd.hi)
	} else { // S_FF is symmetric
		bd.odd = resize(bd.odd, m)
		cholSparse(f, m, nil, bd.cols, bd.odd)
		cholLead(f, m, nil, bd.lo)
	}
	solve(x)
	// A x over each row's span of nonzeros: the sum starts at +0 and is
	// never −0, so a zero term (a zero entry times a finite x) leaves it
	// as it is; a non-finite x takes every row whole.
	whole := false
	for _, v := range x {
		if math.IsInf(v, 0) || v != v {
			whole = true
			break
		}
	}
	bd.ax = resize(bd.ax, m)
	for a := range m {
		row, v := bd.amat[a*m:a*m+m], 0.0
		b0, b1 := 0, m
		if !whole {
			for b0 < m && row[b0] == 0 {
				b0++
			}
			for b1 > b0 && row[b1-1] == 0 {
				b1--
			}
		}
		for b := b0; b < b1; b++ {
			v += float64(row[b] * x[b])
		}
		bd.ax[a] = v
	}
	copy(x, bd.ax)
	solve(x)
}

// directReg is the direct step's regularization, a share of each active
// row's diagonal.
const directReg = 1e-6

// directMove moves the active rows' impulses by the direct step (bd.step),
// a sliding contact's friction following its normal; the residuals follow.
func (bd *boundedSet) directMove(d []row, S, r []float64) {
	x, slide := bd.step, bd.slide
	for a, q := range bd.free {
		bd.move(d, S, r, int(q), x[a])
		if s := slide[q]; s != 0 { // its friction follows along d
			c := d[q+1].mu * s * x[a]
			l1, l2 := d[q+1].lam, d[q+2].lam
			bd.move(d, S, r, int(q)+1, c*l1)
			bd.move(d, S, r, int(q)+2, c*l2)
		}
	}
}

// clip puts every impulse back onto its bounds (friction onto the disc of
// its normal impulse); the residuals follow.
func (bd *boundedSet) clip(d []row, S, r []float64) {
	for q := 0; q < len(d); q++ {
		rw := &d[q]
		if rw.kind == rowFric1 {
			f2 := &d[q+1]
			n1, n2 := frictionImpulse(rw.lam, f2.lam, 0, 0, 1, rw.mu*d[q-1].lam)
			bd.move(d, S, r, q, n1-rw.lam)
			bd.move(d, S, r, q+1, n2-f2.lam)
			q++
			continue
		}
		if c := min(max(rw.lam, rw.lo), rw.hi); c != rw.lam {
			bd.move(d, S, r, q, c-rw.lam)
		}
	}
}

// activeSetSolve is the direct phase: the primal–dual active-set method
// (Hintermüller, Ito and Kunisch 2002). From the impulses as they are, the
// active rows are those a Gauss–Seidel update would leave inside their
// bounds (activeRows); the direct step solves them as equalities
// (solveActive); from the step's impulses before the bounds cut them, a
// row the step carried past a bound leaves the set (a foot the equalities
// made pull), a row it pushed into joins it; the impulses are put back on
// their bounds and the new set solved, until it stands. Rounds that cycle
// between sets (sliding feet whose friction and normals settle each other)
// end on the impulses of least energy among them.
func (bd *boundedSet) activeSetSolve(d []row, S, r []float64) {
	bd.stood = false
	best := bd.energy(d, r)
	bd.best = snapshot(bd.best, d, r)
	bd.activeRows(d, r)
	for range activeSetRounds {
		bd.solveActive(d, S, r)
		bd.directMove(d, S, r)
		bd.prev = append(bd.prev[:0], bd.free...)
		bd.facSliding = bd.sliding
		bd.activeRows(d, r) // before the bounds cut the step
		bd.clip(d, S, r)
		if f := bd.energy(d, r); f < best {
			best = f
			bd.best = snapshot(bd.best, d, r)
		}
		if slices.Equal(bd.free, bd.prev) {
			bd.stood = true
			break
		}
	}
	if !bd.stood {
		restore(bd.best, d, r)
	}
}

// activeSetRounds bounds the active-set method's rounds.
const activeSetRounds = 8

// denseTight is how far below the stop test a jointed island's rows are
// solved once their Schur complement is formed.
const denseTight = 1e-3
