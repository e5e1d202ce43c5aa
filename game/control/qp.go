package control

import "math"

// qp solves the strictly convex box-constrained quadratic program
//
//	minimise ½uᵀHu − gᵀu  subject to 0 ≤ uᵢ ≤ ubᵢ
//
// by a primal active-set method. Every variable is free, at its lower bound
// or at its upper bound. Each iteration solves the equality-constrained
// problem on the free set, H_FF u_F = g_F − H_FB u_B, with a Cholesky
// factorisation; if the solution leaves the box it steps to the first bound
// hit and fixes that variable, otherwise it frees the bound variable whose
// multiplier has the wrong sign by the most, or stops (KKT satisfied).
// Ties go to the lowest index, so the result is deterministic. A cold start
// is u = 0 with every variable whose gradient there is negative freed at
// once (on the lander that leaves 1.3 iterations per solve on average,
// against 9.4 when freeing one at a time); a warm start is the last solution
// and its active set. Every iterate is feasible.
//
// H = base − c·bv bvᵀ + eps·1 (the allocator's form); its entries are formed
// when read (at): the method reads only the free rows and the columns of
// the non-zero u, so assembling all n² entries for every solve cost more
// than the solve itself.
type qp struct {
	n      int
	base   []float64 // n×n row-major, set by the caller
	c, eps float64
	g      []float64 // n
	bv     []float64 // the rank-1 vector, set by the caller
	u      []float64 // solution
	state  []int8    // 0 free, -1 at lower, +1 at upper
	free   []int     // free indices, ascending
	nz     []int     // indices of non-zero u
	l      []float64 // Cholesky factor of H_FF, row-major in a k×k block
	rhs    []float64
	z      []float64
}

// at returns H_ij.
func (q *qp) at(i, j int) float64 {
	e := q.base[i*q.n+j] - float64(q.c*q.bv[i]*q.bv[j])
	if i == j {
		e += q.eps
	}
	return e
}

const (
	atLower = -1
	atUpper = +1
	isFree  = 0
)

func newQP(n int) qp {
	return qp{
		n:     n,
		g:     make([]float64, n),
		bv:    make([]float64, n),
		u:     make([]float64, n),
		state: make([]int8, n),
		free:  make([]int, 0, n),
		nz:    make([]int, 0, n),
		l:     make([]float64, n*n),
		rhs:   make([]float64, n),
		z:     make([]float64, n),
	}
}

// run solves from u = 0 (cold) or from the previous solution and active
// set (warm), and returns the iteration count and whether the KKT
// conditions were met within the iteration cap.
func (q *qp) run(ub []float64, warm bool) (int, bool) {
	n := q.n
	scale := 0.0
	for i := range n {
		scale = math.Max(scale, q.at(i, i))
		if !warm || ub[i] == 0 {
			q.u[i], q.state[i] = 0, atLower
			continue
		}
		// The previous solution is feasible for the same bounds; keep it.
		switch q.state[i] {
		case atLower:
			q.u[i] = 0
		case atUpper:
			q.u[i] = ub[i]
		default:
			q.u[i] = clamp(q.u[i], 0, ub[i])
		}
	}
	tol := 1e-13 * scale
	if !warm {
		// From u = 0 the gradient is −g: free every variable that wants
		// to grow at once; the ratio test drops the ones that should not.
		for i := range n {
			if ub[i] > 0 && q.g[i] > tol {
				q.state[i] = isFree
			}
		}
	}
	maxIter := 4*n + 20
	for it := 1; it <= maxIter; it++ {
		q.free = q.free[:0]
		for i := range n {
			if q.state[i] == isFree {
				q.free = append(q.free, i)
			}
		}
		k := len(q.free)
		if k > 0 {
			q.solveFree()
			// Step towards z; stop at the first bound.
			alpha, block, blockState := 1.0, -1, int8(0)
			for a, i := range q.free {
				zi, ui := q.z[a], q.u[i]
				switch {
				case zi < 0:
					if t := ui / (ui - zi); t < alpha {
						alpha, block, blockState = t, i, atLower
					}
				case zi > ub[i]:
					if t := (ub[i] - ui) / (zi - ui); t < alpha {
						alpha, block, blockState = t, i, atUpper
					}
				}
			}
			for a, i := range q.free {
				q.u[i] += float64(alpha * (q.z[a] - q.u[i]))
			}
			if block >= 0 {
				q.state[block] = blockState
				if blockState == atLower {
					q.u[block] = 0
				} else {
					q.u[block] = ub[block]
				}
				continue
			}
		}
		// Free the bound variable that most wants to move into the box.
		// u is sparse: gather its non-zero entries once.
		q.nz = q.nz[:0]
		for j, uj := range q.u {
			if uj != 0 {
				q.nz = append(q.nz, j)
			}
		}
		best, bestV := -1, tol
		for i := range n {
			if q.state[i] == isFree {
				continue
			}
			grad := -q.g[i]
			for _, j := range q.nz {
				grad += float64(q.at(i, j) * q.u[j])
			}
			var v float64
			switch {
			case q.state[i] == atLower && ub[i] > 0:
				v = -grad // wants to increase
			case q.state[i] == atUpper:
				v = grad // wants to decrease
			}
			if v > bestV {
				best, bestV = i, v
			}
		}
		if best < 0 {
			return it, true
		}
		q.state[best] = isFree
	}
	return maxIter, false
}

// solveFree sets z (indexed like free) to the solution of
// H_FF z = g_F − H_FB u_B by Cholesky. H is positive definite, so every
// principal block is too; a pivot that still comes out ≤ 0 through rounding
// is replaced by a tiny positive one.
func (q *qp) solveFree() {
	n, k := q.n, len(q.free)
	for a, i := range q.free {
		s := q.g[i]
		for j := range n {
			if q.state[j] == atUpper {
				s -= float64(q.at(i, j) * q.u[j])
			}
		}
		q.rhs[a] = s
	}
	// L Lᵀ = H_FF, L stored row-major in the top-left k×k block of q.l.
	l := q.l
	for a := range k {
		ia := q.free[a]
		for b := 0; b <= a; b++ {
			s := q.at(ia, q.free[b])
			for c := range b {
				s -= float64(l[a*k+c] * l[b*k+c])
			}
			if a == b {
				if s <= 1e-300 {
					s = 1e-300
				}
				l[a*k+a] = math.Sqrt(s)
			} else {
				l[a*k+b] = s / l[b*k+b]
			}
		}
	}
	// Forward then back substitution.
	for a := range k {
		s := q.rhs[a]
		for c := range a {
			s -= float64(l[a*k+c] * q.z[c])
		}
		q.z[a] = s / l[a*k+a]
	}
	for a := k - 1; a >= 0; a-- {
		s := q.z[a]
		for c := a + 1; c < k; c++ {
			s -= float64(l[c*k+a] * q.z[c])
		}
		q.z[a] = s / l[a*k+a]
	}
}
