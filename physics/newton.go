package physics

import "math"

// Newton's method on the rows' natural residual: the last resort of the
// rows solved on S (solveOnS: a free island's finishFree, a jointed
// island's solveDense) whose sweeps and active-set steps end above the
// stop test.
//
// A row's Gauss–Seidel update u_q(λ) — its impulse moved by −r_q/K and put
// back on its bounds, a friction pair's onto the disc of radius μ λn — is
// the row's solution exactly when u(λ) = λ, so the rows are solved by the
// roots of F(λ) = λ − u(λ) (Alart and Curnier's function, 1991, with ρ =
// 1/K). F is piecewise smooth, and Newton's method on it takes each row's
// piece at λ: a row inside its bounds asks r_q = 0; one on a bound, λ_q =
// the bound; a sticking friction pair, zero slip; a sliding one, λt =
// μ λn h with h the direction of the pair's update z = λt − rt/K, the
// derivative of h included. That last term is what the active-set step
// (activeset.go) leaves out: it holds a sliding pair's friction in its
// present direction, and where a light body turns under a heavy one's
// sticking contact (a box crushing a plate on a slope) that direction
// turns 2 mrad a sweep and the active-set step stands still. Newton's step
// turns it with the rest.
//
// The method converges fast near a root and may wander far from one. A
// step is taken whole unless it leaves the largest residual
// (boundedSet.residual) far above the least met so far, and cut back by
// halves until it does not; the impulses of least residual met are kept.
// The residual is not smooth, and a monotone rule (each step must lower
// it) stalls at its kinks: on the solves dumped from random piles and
// slopes, it reached the root in 561 of 902 against 629 (newtonSlack), and
// unregularized, in 463.

// newtonRounds bounds the Newton steps a finish takes.
const newtonRounds = 24

// newton runs Newton's method on F from the impulses d[q].lam (residuals r
// = S λ + b) until the largest residual is at most tol, for at most
// newtonRounds steps, and leaves the impulses and residuals of least
// residual — unless their largest impulse passes newtonGrowth times the
// problem's own scale, Σ |λ_q| + |r_q|/K_q at the start (what the rows
// bore and what each alone would need to stop its motion): the rows are
// then left as they came. Dependent rows (a face's corners, a contact on a
// body its joints hold) let impulses grow along S's null directions, where
// a regularized step (newtonReg) puts a residual no step can remove; they
// cancel in S, but not once they act as forces through the sub-step,
// whose motion turns the rows (random tree 51077: a root with impulses of
// 6e5 N s from a start of 22 N s, and 60 times its energy in a step). It
// returns the steps taken.
func (bd *boundedSet) newton(d []row, S, r []float64, tol float64) int {
	n := len(d)
	bd.fac = resize(bd.fac, n*n)
	bd.step = resize(bd.step, 2*n)
	bd.piv = resize(bd.piv, n)
	bd.best = snapshot(bd.best, d, r)
	bd.start = append(bd.start[:0], bd.best...)
	scale := 0.0
	for q := range d {
		scale += math.Abs(d[q].lam)
		if d[q].k > 0 {
			scale += math.Abs(r[q]) / d[q].k
		}
	}
	best := bd.residual(d, r)
	res := best
	steps := 0
	for steps < newtonRounds && best > tol {
		steps++
		x := bd.step[:n]
		natural(d, S, r, bd.fac, x)
		for q := range x {
			x[q] = -x[q]
		}
		for q := range n {
			bd.fac[q*n+q] += float64(newtonReg * max(math.Abs(bd.fac[q*n+q]), math.SmallestNonzeroFloat64))
		}
		luDense(bd.fac, n, bd.piv)
		luSolve(bd.fac, n, bd.piv, x, bd.step[n:])
		if !allFinite(x) {
			break
		}
		// Taken whole unless that leaves the residual above newtonSlack
		// times the least met so far, then cut back by halves until it
		// does not; taken whole if no cut helps (the residual is not
		// smooth: a step across a kink can be the way out).
		bd.saved = snapshot(bd.saved, d, r)
		t := 1.0
		for c := 0; ; c++ {
			for q := range d {
				bd.move(d, S, r, q, t*x[q])
			}
			if res = bd.residual(d, r); res < newtonSlack*best || c == newtonCuts {
				break
			}
			restore(bd.saved, d, r)
			if t *= 0.5; c == newtonCuts-1 {
				t = 1
			}
		}
		if res < best {
			best = res
			bd.best = snapshot(bd.best, d, r)
		}
	}
	for _, l := range bd.best[n:] {
		if !(math.Abs(l) <= newtonGrowth*scale) {
			restore(bd.start, d, r)
			return steps
		}
	}
	restore(bd.best, d, r)
	return steps
}

// newtonCuts bounds the halvings of a Newton step, newtonSlack is the
// rise of the residual over the least met that a whole step may make.
const (
	newtonCuts  = 12
	newtonSlack = 10
)

// newtonGrowth bounds Newton's impulses, in multiples of the problem's
// scale (newton).
const newtonGrowth = 10

// newtonReg is the share of each diagonal entry of F's Jacobian added to
// it: the rows of points on one face are dependent (four corners, twelve
// rows, on a body with six degrees of freedom), and where no root lies on
// the piece of F they are on (their biases ask for velocities their
// Jacobians cannot give), Newton's step on the singular system has no
// answer; regularized, it is the least step that brings the residual down
// along the directions that can.
const newtonReg = 1e-5

// allFinite reports whether every entry of x is finite.
func allFinite(x []float64) bool {
	for _, v := range x {
		if !finite(v) {
			return false
		}
	}
	return true
}

// natural writes F(λ) = λ − u(λ) into f and its generalized Jacobian, row
// by row, into J (n×n, row major), from the impulses d[q].lam, the
// residuals r and S.
func natural(d []row, S, r, J, f []float64) {
	n := len(d)
	clear(J[:n*n])
	for q := 0; q < n; q++ {
		rw := &d[q]
		jq := J[q*n : q*n+n]
		sq := S[q*n : q*n+n]
		if rw.kind == rowFric1 {
			naturalFriction(d, S, r, J, f, q)
			q++
			continue
		}
		if !(rw.k > 0) {
			f[q], jq[q] = 0, 1 // a row nothing moves: held
			continue
		}
		// The update's unclamped value l and its derivative: l = λ − (r +
		// gλ)/(K + g) on a compliant branch, else λ − (r − bias)/K for a
		// push-out row, λ − r/K for the rest.
		k, g := rw.k, 0.0
		l := rw.lam - r[q]/k
		if rw.compliant() {
			var on bool
			l, on = pushImpulse(rw, rw.lam, r[q], rw.k)
			if on {
				g = rw.compliance(rw.k)
				k += g
			}
		}
		if !(l > rw.lo && l < rw.hi) {
			f[q] = rw.lam - min(max(l, rw.lo), rw.hi)
			jq[q] = 1
			continue
		}
		f[q] = rw.lam - l
		for p, s := range sq {
			jq[p] = s / k
		}
		jq[q] += g / k
	}
}

// naturalFriction writes F and its Jacobian for the friction pair at rows
// q, q+1 (their normal at q−1): the pair's update z = λt − rt/K clamped to
// the disc of radius R = μ λn.
func naturalFriction(d []row, S, r, J, f []float64, q int) {
	n := len(d)
	f1, f2 := &d[q], &d[q+1]
	j1, j2 := J[q*n:q*n+n], J[(q+1)*n:(q+1)*n+n]
	s1, s2 := S[q*n:q*n+n], S[(q+1)*n:(q+1)*n+n]
	k := 0.5 * (f1.k + f2.k)
	lim := f1.mu * d[q-1].lam
	if !(k > 0) || !(lim > 0) {
		f[q], f[q+1] = f1.lam, f2.lam // no disc: friction is zero
		j1[q], j2[q+1] = 1, 1
		return
	}
	z1, z2 := f1.lam-r[q]/k, f2.lam-r[q+1]/k
	s := math.Sqrt(float64(z1*z1) + float64(z2*z2))
	if s <= lim { // sticking: no slip
		f[q], f[q+1] = r[q]/k, r[q+1]/k
		for p := range s1 {
			j1[p], j2[p] = s1[p]/k, s2[p]/k
		}
		return
	}
	// Sliding: F = λt − R h, h = z/|z|; dF = dλt − c (I − h hᵀ) dz − μ h
	// dλn with c = R/|z| and dz = dλt − S_t dλ/K.
	h1, h2 := z1/s, z2/s
	c := lim / s
	a11, a12, a22 := float64(c*(1-float64(h1*h1))), -float64(c*float64(h1*h2)), float64(c*(1-float64(h2*h2)))
	f[q], f[q+1] = f1.lam-float64(lim*h1), f2.lam-float64(lim*h2)
	for p := range s1 {
		t1, t2 := s1[p]/k, s2[p]/k
		j1[p] = float64(a11*t1) + float64(a12*t2)
		j2[p] = float64(a12*t1) + float64(a22*t2)
	}
	j1[q] += 1 - a11
	j1[q+1] -= a12
	j2[q] -= a12
	j2[q+1] += 1 - a22
	j1[q-1] -= float64(f1.mu * h1)
	j2[q-1] -= float64(f1.mu * h2)
}
