package physics

import "math"

// Small dense symmetric systems: the loop rows' Schur complement
// (treesolve.go) and the bounded solver's direct step (activeset.go).

// denseDrop is the relative size below which a pivot counts as zero: the
// row depends on the earlier ones (four coplanar contact points, a planar
// loop of hinges).
const denseDrop = 1e-8

// cholDense factors the symmetric positive semi-definite n × n matrix a
// (row major; the lower triangle is read) in place as L Lᵀ, L in the lower
// triangle. A row that depends on the earlier ones (pivot ≤ denseDrop of its
// diagonal) is dropped: its L column is zero and cholSolve gives it no
// share of the solution. It returns the number of dropped rows.
func cholDense(a []float64, n int) int { return cholProfile(a, n, nil) }

// cholProfile is cholDense for a matrix whose row i is zero left of column
// first[i] (its profile; nil: full): L keeps the profile, and the work is
// Σ (i − first[i])², linear in n for a banded matrix (a stack's contact
// pairs).
func cholProfile(a []float64, n int, first []int32) int {
	dropped := 0
	for i := range n {
		fi := 0
		if first != nil {
			fi = int(first[i])
		}
		ri := a[i*n : i*n+i+1]
		for j := fi; j < i; j++ {
			ljj := a[j*n+j]
			if ljj == 0 {
				ri[j] = 0
				continue
			}
			k0 := fi
			if first != nil {
				k0 = max(fi, int(first[j]))
			}
			v := ri[j]
			rj := a[j*n+k0 : j*n+j]
			for k, x := range rj {
				v -= float64(ri[k0+k] * x)
			}
			ri[j] = v / ljj
		}
		kii := ri[i]
		d := kii
		for _, x := range ri[fi:i] {
			d -= float64(x * x)
		}
		if !(d > denseDrop*kii) || !(kii > 0) {
			ri[i] = 0
			for k := range ri[fi:i] {
				ri[fi+k] = 0
			}
			dropped++
			continue
		}
		ri[i] = math.Sqrt(d)
	}
	return dropped
}

// cholSolve overwrites x with the solution of L Lᵀ x = x for cholDense's
// factor l (a dropped row's entry is 0).
func cholSolve(l []float64, n int, x []float64) { cholSolveProfile(l, n, nil, x) }

// cholSolveProfile is cholSolve for cholProfile's factor.
func cholSolveProfile(l []float64, n int, first []int32, x []float64) {
	for i := range n {
		lii := l[i*n+i]
		if lii == 0 {
			x[i] = 0
			continue
		}
		fi := 0
		if first != nil {
			fi = int(first[i])
		}
		v := x[i]
		for k, a := range l[i*n+fi : i*n+i] {
			v -= float64(a * x[fi+k])
		}
		x[i] = v / lii
	}
	for i := n - 1; i >= 0; i-- {
		lii := l[i*n+i]
		if lii == 0 {
			x[i] = 0
			continue
		}
		fi := 0
		if first != nil {
			fi = int(first[i])
		}
		v := x[i] / lii
		x[i] = v
		for k, a := range l[i*n+fi : i*n+i] {
			x[fi+k] -= float64(a * v)
		}
	}
}

// luDense factors the n × n matrix a (row major) in place as P A = L U by
// Gaussian elimination with partial pivoting, the row order in piv. A
// column with no pivot above denseDrop of the largest entry of its column
// is dropped (luSolve gives it 0). It returns the number of dropped columns.
func luDense(a []float64, n int, piv []int32) int {
	dropped := 0
	scale := 0.0
	for _, x := range a[:n*n] {
		scale = max(scale, math.Abs(x))
	}
	for i := range n {
		piv[i] = int32(i)
	}
	for k := range n {
		p, best := k, math.Abs(a[k*n+k])
		for i := k + 1; i < n; i++ {
			if v := math.Abs(a[i*n+k]); v > best {
				p, best = i, v
			}
		}
		if !(best > denseDrop*scale) {
			for i := k; i < n; i++ {
				a[i*n+k] = 0
			}
			dropped++
			continue
		}
		if p != k {
			piv[k], piv[p] = piv[p], piv[k]
			rk, rp := a[k*n:k*n+n], a[p*n:p*n+n]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
		inv := 1 / a[k*n+k]
		for i := k + 1; i < n; i++ {
			f := a[i*n+k] * inv
			a[i*n+k] = f
			if f == 0 {
				continue
			}
			ri, rk := a[i*n+k+1:i*n+n], a[k*n+k+1:k*n+n]
			for j := range ri {
				ri[j] -= float64(f * rk[j])
			}
		}
	}
	return dropped
}

// luSolve overwrites x with the solution of A x = b (b in x) for
// luDense's factor, using tmp (n long) as scratch.
func luSolve(a []float64, n int, piv []int32, x, tmp []float64) {
	for i := range n {
		tmp[i] = x[piv[i]]
	}
	for i := range n {
		v := tmp[i]
		for k, l := range a[i*n : i*n+i] {
			v -= float64(l * tmp[k])
		}
		tmp[i] = v
	}
	for i := n - 1; i >= 0; i-- {
		u := a[i*n+i]
		if u == 0 {
			tmp[i] = 0
			continue
		}
		v := tmp[i]
		for k := i + 1; k < n; k++ {
			v -= float64(a[i*n+k] * tmp[k])
		}
		tmp[i] = v / u
	}
	copy(x[:n], tmp[:n])
}
