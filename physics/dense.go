package physics

import "math"

// Small dense symmetric systems: the loop rows' Schur complement
// (treesolve.go) and the bounded solver's direct step (activeset.go).

// denseDrop is the relative size below which a pivot counts as zero: the
// row depends on the earlier ones (four coplanar contact points, a planar
// loop of hinges).
const denseDrop = 1e-8

// profileStart returns the first column of row i's profile: first[i], or
// 0 for a full matrix (first nil).
func profileStart(first []int32, i int) int {
	if first == nil {
		return 0
	}
	return int(first[i])
}

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
		fi := profileStart(first, i)
		ri := a[i*n : i*n+i+1]
		for j := fi; j < i; j++ {
			ljj := a[j*n+j]
			if ljj == 0 {
				ri[j] = 0
				continue
			}
			k0 := max(fi, profileStart(first, j))
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
		if !setPivot(ri, fi, i, kii, d) {
			dropped++
		}
	}
	return dropped
}

// setPivot sets L_ii of row ri (its profile from column fi) from its
// diagonal entry kii and what is left of it, d = kii − Σ L_ik², and reports
// whether the row is kept: a row whose pivot is not above denseDrop of its
// diagonal depends on the earlier ones and is dropped, its L row zeroed.
func setPivot(ri []float64, fi, i int, kii, d float64) bool {
	if !(d > denseDrop*kii) || !(kii > 0) {
		clear(ri[fi : i+1])
		return false
	}
	ri[i] = math.Sqrt(d)
	return true
}

// cholSolve overwrites x with the solution of L Lᵀ x = x for cholDense's
// factor l (a dropped row's entry is 0).
func cholSolve(l []float64, n int, x []float64) { cholSolveLead(l, n, nil, nil, x) }

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

// The sparse kernels below are cholProfile and luDense for the large
// systems of piles and stacks (finishFree's active rows, the coarse
// correction's K_c), where most of a row's entries are zero: they skip the
// products that have a zero factor, and give every entry of the factor
// bit for bit what the dense kernels give. The reason: an entry starts at
// the matrix's and only has products subtracted from it; x − (±0) = x
// unless x is −0, and a difference is −0 only if its minuend is −0. So an
// entry that does not start at −0 is never −0, and a zero product (a zero
// factor times a finite one) leaves it as it is. The kernels fall back on
// the dense ones for a matrix with a −0 or a non-finite entry, and work a
// product densely where its other factor may not be finite (0·∞ is NaN).

// badEntry reports whether x is −0 or not finite.
func badEntry(x float64) bool {
	const exp = 0x7ff << 52
	b := math.Float64bits(x)
	return b == 1<<63 || b&exp == exp
}

// cholSparse is cholProfile (first nil: full) with scratch nz and odd (n
// long each): nz the columns of row i's nonzero entries of L so far, odd
// per row whether its L entries are not all finite.
func cholSparse(a []float64, n int, first, nz []int32, odd []bool) int {
	for i := range n {
		fi := profileStart(first, i)
		for _, x := range a[i*n+fi : i*n+i] {
			if badEntry(x) {
				return cholProfile(a, n, first)
			}
		}
	}
	dropped := 0
	for i := range n {
		fi := profileStart(first, i)
		ri := a[i*n : i*n+i+1]
		nzi := nz[:0]
		for j := fi; j < i; j++ {
			ljj := a[j*n+j]
			if ljj == 0 {
				ri[j] = 0
				continue
			}
			k0 := max(fi, profileStart(first, j))
			v := ri[j]
			rj := a[j*n : j*n+j]
			if odd[j] {
				for k := k0; k < j; k++ {
					v -= float64(ri[k] * rj[k])
				}
			} else {
				for _, k := range nzi {
					if int(k) >= k0 {
						v -= float64(ri[k] * rj[k])
					}
				}
			}
			v /= ljj
			ri[j] = v
			if v != 0 {
				nzi = append(nzi, int32(j))
			}
		}
		kii := ri[i]
		d := kii
		for _, k := range nzi { // a zero entry's square is +0: d stays
			x := ri[k]
			d -= float64(x * x)
		}
		odd[i] = false
		if !setPivot(ri, fi, i, kii, d) {
			dropped++
			continue
		}
		for _, k := range nzi {
			if x := ri[k]; math.IsInf(x, 0) || x != x {
				odd[i] = true
				break
			}
		}
	}
	return dropped
}

// luSparse is luDense with scratch cols (n long): the columns of the pivot
// row's nonzero entries right of the pivot. It also sets the factor's
// spans, per row i: lo[i] the first nonzero column of L's row (i if none),
// hi[i] one past the last nonzero column of U's row right of the diagonal
// (i+1 if none) — luSolveSpans skips what lies outside.
func luSparse(a []float64, n int, piv, cols, lo, hi []int32) int {
	top, negZero := scanEntries(a[:n*n])
	if negZero || top >= 0x7ff<<52 {
		dropped := luDense(a, n, piv)
		luSpans(a, n, lo, hi)
		return dropped
	}
	scale := math.Float64frombits(top)
	dropped := 0
	for i := range n {
		piv[i] = int32(i)
		lo[i] = -1
	}
	for k := range n {
		// The pivot, and the last row with a nonzero in the column: below
		// it every entry is +0 (an entry never becomes −0), and so is its
		// multiplier when 1/pivot is positive and finite.
		p, best, last := k, math.Abs(a[k*n+k]), k
		for i := k + 1; i < n; i++ {
			x := a[i*n+k]
			if x != 0 {
				last = i
			}
			if v := math.Abs(x); v > best {
				p, best = i, v
			}
		}
		if !(best > denseDrop*scale) {
			for i := k; i < n; i++ {
				a[i*n+k] = 0
			}
			dropped++
			hi[k] = int32(uSpanEnd(a[k*n:k*n+n], k))
			continue
		}
		if p != k {
			piv[k], piv[p] = piv[p], piv[k]
			lo[k], lo[p] = lo[p], lo[k]
			rk, rp := a[k*n:k*n+n], a[p*n:p*n+n]
			for j := range rk {
				rk[j], rp[j] = rp[j], rk[j]
			}
		}
		inv := 1 / a[k*n+k]
		// The pivot row's nonzero entries right of the pivot: by their
		// list where they are few in their span, else the span densely.
		rk := a[k*n : k*n+n]
		nzk := cols[:0]
		for j := k + 1; j < n; j++ {
			if rk[j] != 0 {
				nzk = append(nzk, int32(j))
			}
		}
		end := k + 1
		if len(nzk) > 0 {
			end = int(nzk[len(nzk)-1]) + 1
		}
		hi[k] = int32(end)
		byList := 3*len(nzk) < end-k-1
		rows := n
		if inv > 0 && inv <= math.MaxFloat64 {
			rows = last + 1
		}
		for i := k + 1; i < rows; i++ {
			f := a[i*n+k] * inv
			a[i*n+k] = f
			if f == 0 {
				continue
			}
			if lo[i] < 0 {
				lo[i] = int32(k)
			}
			ri := a[i*n : i*n+n]
			switch {
			case math.IsInf(f, 0) || f != f:
				for j := k + 1; j < n; j++ {
					ri[j] -= float64(f * rk[j])
				}
			case byList:
				for _, j := range nzk {
					ri[j] -= float64(f * rk[j])
				}
			default:
				rs, ks := ri[k+1:end], rk[k+1:end]
				for j := range rs {
					rs[j] -= float64(f * ks[j])
				}
			}
		}
	}
	for i := range n {
		if lo[i] < 0 {
			lo[i] = int32(i)
		}
	}
	return dropped
}

// scanEntries returns the bits of the largest |x| of a (luDense's scale:
// a finite |x|'s bits order as its value; at or above +Inf's bits an
// entry is not finite) and whether an entry is −0; four maxima at a time.
func scanEntries(a []float64) (top uint64, negZero bool) {
	const sign = 1 << 63
	var t0, t1, t2, t3 uint64
	i := 0
	for ; i+4 <= len(a); i += 4 {
		b0, b1, b2, b3 := math.Float64bits(a[i]), math.Float64bits(a[i+1]), math.Float64bits(a[i+2]), math.Float64bits(a[i+3])
		if b0 == sign || b1 == sign || b2 == sign || b3 == sign {
			negZero = true
		}
		t0, t1, t2, t3 = max(t0, b0&^sign), max(t1, b1&^sign), max(t2, b2&^sign), max(t3, b3&^sign)
	}
	for ; i < len(a); i++ {
		b := math.Float64bits(a[i])
		if b == sign {
			negZero = true
		}
		t0 = max(t0, b&^sign)
	}
	return max(t0, t1, t2, t3), negZero
}

// uSpanEnd returns one past the last nonzero of row r right of column k
// (k+1 if none).
func uSpanEnd(r []float64, k int) int {
	for j := len(r) - 1; j > k; j-- {
		if r[j] != 0 {
			return j + 1
		}
	}
	return k + 1
}

// luSpans sets, per row i of luSparse's (or luDense's) factor, lo[i] the
// first nonzero column of L's row (i if none) and hi[i] one past the last
// nonzero column of U's row right of the diagonal (i+1 if none).
func luSpans(a []float64, n int, lo, hi []int32) {
	for i := range n {
		ri := a[i*n : i*n+n]
		l := i
		for k := range i {
			if ri[k] != 0 {
				l = k
				break
			}
		}
		h := i + 1
		for k := n - 1; k > i; k-- {
			if ri[k] != 0 {
				h = k + 1
				break
			}
		}
		lo[i], hi[i] = int32(l), int32(h)
	}
}

// luSolveSpans is luSolve that skips the zeros outside each row's spans
// (luSpans), bit for bit: a row's value starts nonzero and stays so while
// zero products are subtracted (one that starts at zero, or a solve where
// a value is not finite, 0·∞ being NaN, takes the whole row).
func luSolveSpans(a []float64, n int, piv, lo, hi []int32, x, tmp []float64) {
	for i := range n {
		tmp[i] = x[piv[i]]
	}
	whole := false
	for i := range n {
		v := tmp[i]
		k0 := int(lo[i])
		if v == 0 || whole {
			k0 = 0
		}
		for k, l := range a[i*n+k0 : i*n+i] {
			v -= float64(l * tmp[k0+k])
		}
		tmp[i] = v
		whole = whole || math.IsInf(v, 0) || v != v
	}
	whole = false
	for i := n - 1; i >= 0; i-- {
		u := a[i*n+i]
		if u == 0 {
			tmp[i] = 0
			continue
		}
		v := tmp[i]
		k1 := int(hi[i])
		if v == 0 || whole {
			k1 = n
		}
		for k := i + 1; k < k1; k++ {
			v -= float64(a[i*n+k] * tmp[k])
		}
		v /= u
		tmp[i] = v
		whole = whole || math.IsInf(v, 0) || v != v
	}
	copy(x[:n], tmp[:n])
}

// cholLead sets lead[i] to the first nonzero column of row i of
// cholProfile's (or cholSparse's) factor l within its profile (i if none).
func cholLead(l []float64, n int, first, lead []int32) {
	for i := range n {
		fi := profileStart(first, i)
		k0 := i
		for k, x := range l[i*n+fi : i*n+i] {
			if x != 0 {
				k0 = fi + k
				break
			}
		}
		lead[i] = int32(k0)
	}
}

// cholSolveLead overwrites x with the solution of L Lᵀ x = x for
// cholProfile's (or cholSparse's) factor l, each row over its profile
// (first; nil: whole rows). With lead (cholLead) it skips each row's
// leading zeros, bit for bit: in the forward pass as luSolveSpans does; in
// the backward pass a row's skipped updates are zero products on entries
// that are never −0 — unless the forward pass left a −0, or a value is
// not finite, when it takes the whole profile. With lead nil it is the
// plain solve.
func cholSolveLead(l []float64, n int, first, lead []int32, x []float64) {
	whole := lead == nil
	for i := range n {
		lii := l[i*n+i]
		if lii == 0 {
			x[i] = 0
			continue
		}
		fi := profileStart(first, i)
		v := x[i]
		if v != 0 && !whole {
			fi = int(lead[i])
		}
		for k, a := range l[i*n+fi : i*n+i] {
			v -= float64(a * x[fi+k])
		}
		v /= lii
		x[i] = v
		whole = whole || math.IsInf(v, 0) || v != v
	}
	for k := 0; k < n && !whole; k++ {
		whole = math.Float64bits(x[k]) == 1<<63
	}
	for i := n - 1; i >= 0; i-- {
		lii := l[i*n+i]
		if lii == 0 {
			x[i] = 0
			continue
		}
		fi := profileStart(first, i)
		v := x[i] / lii
		x[i] = v
		if !whole && !math.IsInf(v, 0) && v == v {
			fi = int(lead[i])
		}
		for k, a := range l[i*n+fi : i*n+i] {
			x[fi+k] -= float64(a * v)
		}
	}
}
