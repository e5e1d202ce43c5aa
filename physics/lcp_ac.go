package physics

import "math"

// solveAC solves the contacts' LCP (see lcp.go) by semismooth Newton on
// the Alart–Curnier equations
//
//	Φn = λn − max(0, zn),          zn = λn − rn wn,
//	Φt = λt − proj(zt, μ max(0, zn)),  zt = λt − rt w_t,
//
// proj the projection onto the disc of that radius, rn and rt the inverse
// diagonals. Φ = 0 is the LCP's solution; each contact's state (apart,
// sticking, sliding) is read off z in every step, so no active set has
// to be guessed, and the sliding direction z/|z| stays defined as a slip
// stops. A backtracking line search on ½|Φ|² keeps the steps safe.
func (sc *lcpScratch) solveAC(bd []row, S, wt []float64) bool {
	nb := len(bd)
	sc.phi = growF(sc.phi, nb)
	sc.lam1 = growF(sc.lam1, nb)
	if !sc.begin(bd, S, wt) {
		return false
	}
	lam, wv := sc.lam, sc.wv
	theta, res := sc.acPhi(bd, S, nb)
	prev := math.Inf(1)
	slow := 0
	for k := 0; ; k++ {
		if res <= lcpVelTol {
			break
		}
		if res > 0.9*prev {
			if res <= lcpStallTol {
				break
			}
			if slow++; slow == 3 {
				return false
			}
		} else {
			slow = 0
		}
		prev = res
		if k == lcpACIters {
			return false
		}
		m := sc.acSystem(bd, S, nb)
		if m > lcpMaxUnknowns {
			return false
		}
		if m > 0 && !luSolve(sc.a[:m*m], sc.x[:m], m) {
			return false
		}
		// The full step: solved unknowns, and λ → 0 on contacts apart.
		sd := sc.sd
		clear(sd)
		d := sc.lam1 // the step, per row
		clear(d[:nb])
		for p := 0; p < nb; p++ {
			if bd[p].kind == rowContact && sc.st[p] == lcpOff {
				d[p] = -lam[p]
				if p+2 < nb && bd[p+1].kind == rowFric1 {
					d[p+1], d[p+2] = -lam[p+1], -lam[p+2]
				}
			}
		}
		for ui, u := range sc.idx[:m] {
			d[u] = sc.x[ui]
		}
		for u := 0; u < nb; u++ {
			if v := d[u]; v != 0 {
				axpySlice(sd, S[u*nb:u*nb+nb], v)
			}
		}
		t := 1.0
		for range 10 {
			for u := 0; u < nb; u++ {
				lam[u] += t * d[u]
				wv[u] += t * sd[u]
			}
			th, rs := sc.acPhi(bd, S, nb)
			if th <= (1-2e-4*t)*theta {
				theta, res = th, rs
				break
			}
			for u := 0; u < nb; u++ {
				lam[u] -= t * d[u]
				wv[u] -= t * sd[u]
			}
			t *= 0.5
		}
		if t < 1.0/512 {
			return false
		}
	}
	for q := range bd {
		bd[q].lam = lam[q]
	}
	return true
}

// acPhi sets sc.phi and the contacts' states (on their normal rows: off,
// sticking, sliding) from λ and w, and returns ½|Φ|² and the largest
// |Φ| as a velocity (times the row's diagonal).
func (sc *lcpScratch) acPhi(bd []row, S []float64, nb int) (theta, res float64) {
	lam, wv, phi, st := sc.lam, sc.wv, sc.phi, sc.st
	for p := 0; p < nb; p++ {
		fr := p+2 < nb && bd[p+1].kind == rowFric1
		snn := S[p*nb+p]
		zn := lam[p] - wv[p]/snn
		if zn <= 0 {
			st[p] = lcpOff
			phi[p] = lam[p]
			if fr {
				phi[p+1], phi[p+2] = lam[p+1], lam[p+2]
			}
		} else {
			phi[p] = lam[p] - zn
			if fr {
				st[p] = lcpStick
				k := 0.5 * (S[(p+1)*nb+p+1] + S[(p+2)*nb+p+2])
				z1, z2 := lam[p+1]-wv[p+1]/k, lam[p+2]-wv[p+2]/k
				R := bd[p+1].mu * zn
				if zl := math.Hypot(z1, z2); zl > R {
					st[p] = lcpSlide
					z1, z2 = z1*R/zl, z2*R/zl
				}
				phi[p+1], phi[p+2] = lam[p+1]-z1, lam[p+2]-z2
			} else {
				st[p] = lcpStick
			}
		}
		n := 1
		if fr {
			n = 3
		}
		for q := p; q < p+n; q++ {
			theta += 0.5 * phi[q] * phi[q]
			res = max(res, math.Abs(phi[q])*S[q*nb+q])
		}
		p += n - 1
	}
	return theta, res
}

// acSystem writes the semismooth Newton system over the rows of the
// contacts in touch (sc.a, sc.x, unknowns sc.idx) with the step on the
// others' rows (λ → 0) moved to the right-hand side, and returns its size.
// Only the columns of the unknowns and of apart rows whose impulse is not
// yet 0 are formed.
func (sc *lcpScratch) acSystem(bd []row, S []float64, nb int) int {
	lam, wv, phi, st := sc.lam, sc.wv, sc.phi, sc.st
	idx := sc.touching(bd, nb)
	m := len(idx)
	// Columns: the unknowns, then apart rows with λ ≠ 0 (step −λ).
	cols := idx
	for p := 0; p < nb; p++ {
		fr := p+2 < nb && bd[p+1].kind == rowFric1
		if st[p] == lcpOff {
			for q := p; q < p+1+2*b2i(fr); q++ {
				if lam[q] != 0 {
					cols = append(cols, int32(q))
				}
			}
		}
		if fr {
			p += 2
		}
	}
	sc.idx = cols[:m]
	a, x := sc.a[:m*m], sc.x[:m]
	for ei := 0; ei < m; ei++ {
		e := int(idx[ei])
		if bd[e].kind == rowContact {
			// Φn = rn wn: row rn S_n (regularised).
			rn := 1 / S[e*nb+e]
			sn := S[e*nb : e*nb+nb]
			ae := a[ei*m : ei*m+m]
			x[ei] = -phi[e]
			for ci, u := range cols {
				v := rn * sn[u]
				if ci < m {
					ae[ci] = v
				} else {
					x[ei] += v * lam[u]
				}
			}
			ae[ei] += lcpRegN
			continue
		}
		// friction pair e, e+1 of normal n
		n := e - 1
		s1, s2 := S[e*nb:e*nb+nb], S[(e+1)*nb:(e+1)*nb+nb]
		ae, ae2 := a[ei*m:ei*m+m], a[(ei+1)*m:(ei+1)*m+m]
		k := 0.5 * (s1[e] + s2[e+1])
		rt := 1 / k
		x[ei], x[ei+1] = -phi[e], -phi[e+1]
		if st[n] == lcpStick {
			for ci, u := range cols {
				v0, v1 := rt*s1[u], rt*s2[u]
				if ci < m {
					ae[ci], ae2[ci] = v0, v1
				} else {
					x[ei] += v0 * lam[u]
					x[ei+1] += v1 * lam[u]
				}
			}
			ae[ei] += lcpReg
			ae2[ei+1] += lcpReg
			ei++
			continue
		}
		// Φt = λt − R ẑ, R = μ zn, z = λt − rt w_t.
		rn := 1 / S[n*nb+n]
		sn := S[n*nb : n*nb+nb]
		mu := bd[e].mu
		zn := lam[n] - wv[n]*rn
		z1, z2 := lam[e]-wv[e]*rt, lam[e+1]-wv[e+1]*rt
		zl := math.Hypot(z1, z2)
		h1, h2 := z1/zl, z2/zl
		c := mu * zn / zl
		for ci, u := range cols {
			// dR_u = μ (δ_un − rn S_nu); dz_u = δ_tu − rt S_tu
			dR := -mu * rn * sn[u]
			dz1, dz2 := -rt*s1[u], -rt*s2[u]
			pd := h1*dz1 + h2*dz2
			v0 := -h1*dR - c*(dz1-h1*pd)
			v1 := -h2*dR - c*(dz2-h2*pd)
			if ci < m {
				ae[ci], ae2[ci] = v0, v1
			} else {
				x[ei] += v0 * lam[u]
				x[ei+1] += v1 * lam[u]
			}
		}
		// The δ terms (the normal's column is ei−1, the pair's ei, ei+1):
		// dR on λn, and I − c(I − ẑẑᵀ) on λt.
		ae[ei-1] -= h1 * mu
		ae2[ei-1] -= h2 * mu
		ae[ei] += 1 - c*(1-h1*h1)
		ae[ei+1] += c * h1 * h2
		ae2[ei] += c * h2 * h1
		ae2[ei+1] += 1 - c*(1-h2*h2)
		ei++
	}
	return m
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
