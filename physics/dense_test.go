package physics

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSparseKernels checks the sparse factors and solves against the dense
// ones bit for bit (dense.go: they must give the same bits, not close
// ones) on random sparse symmetric matrices, some with a −0, an infinite
// or a near-singular entry, and right-hand sides with zeros of both signs.
func TestSparseKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(24, 5))
	same := func(a, b []float64) bool {
		for i := range a {
			if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
				return false
			}
		}
		return true
	}
	for trial := range 3000 {
		n := 1 + rng.IntN(40)
		// A sum of outer products of sparse vectors: positive
		// semi-definite, banded or scattered, sometimes rank deficient.
		a := make([]float64, n*n)
		for range 1 + rng.IntN(2*n) {
			c := rng.IntN(n)
			v := make([]float64, n)
			for range 1 + rng.IntN(4) {
				j := c + rng.IntN(5) - 2
				if trial%3 == 0 {
					j = rng.IntN(n)
				}
				if j >= 0 && j < n {
					v[j] = rng.NormFloat64()
				}
			}
			for i := range n {
				for j := range n {
					a[i*n+j] += float64(v[i] * v[j])
				}
			}
		}
		switch trial % 10 {
		case 7:
			a[rng.IntN(n*n)] = math.Copysign(0, -1)
		case 8:
			a[rng.IntN(n*n)] = math.Inf(1)
		case 9:
			for i := range n {
				a[i*n+i] = float64(a[i*n+i] * 1e-12)
			}
		}
		first := make([]int32, n)
		for i := range n {
			first[i] = int32(i)
			for j := range i {
				if a[i*n+j] != 0 {
					first[i] = int32(j)
					break
				}
			}
		}
		rhs := make([]float64, n)
		for i := range rhs {
			switch rng.IntN(4) {
			case 0:
				rhs[i] = math.Copysign(0, -1)
			case 1:
			default:
				rhs[i] = rng.NormFloat64()
			}
		}
		scratch := make([]int32, n)
		lo, hi := make([]int32, n), make([]int32, n)

		for _, prof := range [][]int32{nil, first} {
			d, s := slices.Clone(a), slices.Clone(a)
			nd := cholProfile(d, n, prof)
			ns := cholSparse(s, n, prof, scratch, make([]bool, n))
			if nd != ns || !same(d, s) {
				t.Fatalf("trial %d: cholSparse differs from cholProfile", trial)
			}
			xd, xs := slices.Clone(rhs), slices.Clone(rhs)
			cholSolveLead(d, n, prof, nil, xd) // the plain solve
			cholLead(s, n, prof, lo)
			cholSolveLead(s, n, prof, lo, xs)
			if !same(xd, xs) {
				t.Fatalf("trial %d: cholSolveLead differs from the plain solve", trial)
			}
		}

		d, s := slices.Clone(a), slices.Clone(a)
		if trial%2 == 1 { // unsymmetric: LU's own case
			for i := range n * n {
				if d[i] != 0 && rng.IntN(3) == 0 {
					d[i] = rng.NormFloat64()
				}
			}
			copy(s, d)
		}
		pd, ps := make([]int32, n), make([]int32, n)
		nd := luDense(d, n, pd)
		ns := luSparse(s, n, ps, scratch, lo, hi)
		if nd != ns || !same(d, s) || !slices.Equal(pd, ps) {
			t.Fatalf("trial %d: luSparse differs from luDense", trial)
		}
		lo2, hi2 := make([]int32, n), make([]int32, n)
		luSpans(d, n, lo2, hi2)
		if !slices.Equal(lo, lo2) || !slices.Equal(hi, hi2) {
			t.Fatalf("trial %d: luSparse's spans differ from luSpans'", trial)
		}
		xd, xs, tmp := slices.Clone(rhs), slices.Clone(rhs), make([]float64, n)
		luSolve(d, n, pd, xd, tmp)
		luSolveSpans(s, n, ps, lo, hi, xs, tmp)
		if !same(xd, xs) {
			t.Fatalf("trial %d: luSolveSpans differs from luSolve", trial)
		}
	}
}
