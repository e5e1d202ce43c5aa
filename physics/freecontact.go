package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// fpoint is one free contact point (sequential impulses, not coupled to
// joints) with its normal row and, unless frictionless, its two friction
// rows, in compact form: row k (0: normal n, 1 and 2: tangents t1, t2) has
// the direction d_k and
//
//	J_k    = [ −d_kᵀ   ja_kᵀ   d_kᵀ   jb_kᵀ ],  ja_k = −(r_A × d_k),  jb_k = r_B × d_k
//	M⁻¹J_kᵀ = ( −d_k/m_A,  I_A⁻¹ ja_k,  d_k/m_B,  I_B⁻¹ jb_k ).
//
// It holds what three generic rows (solver.go) would hold, without the
// fields only joints use, the geometry computed once per point (about 790
// bytes instead of 936). The arithmetic is that of the generic rows,
// operation for operation, so results are bit-identical to solving them
// as rows (TestContactDeterminism's golden hash is unchanged).
type fpoint struct {
	a, b     int32 // bodies (−1 static)
	ci       int32 // contact index
	m        int32 // at a pair's first point: the pair's point count
	rows     int32 // 1 (frictionless) or 3
	ima, imb float64
	bias     float64 // normal row (friction rows: 0)
	mu       float64
	r        [3]crow
	kn       [4]float64 // K of the normal row with the pair's normal rows
}

// crow is one row of an fpoint, its data together in memory.
type crow struct {
	d      mgl64.Vec3 // J_B linear
	nd     mgl64.Vec3 // −d, J_A linear
	ja, jb mgl64.Vec3
	la, lb mgl64.Vec3 // linear parts of M⁻¹Jᵀ
	wa, wb mgl64.Vec3 // angular parts of M⁻¹Jᵀ
	lam    float64
	k      float64 // K_rr
	v0     float64 // J u0 + b
}

// freePoint writes contact ci's compact rows at p from the stage data in
// w.sb (the geometry and biases of contactRowsAt).
//
// prev is the pair's previous point (nil for the first): when its normal is
// bit-identical, its tangents are reused (perpAxes is a function of n).
func (w *World) freePoint(ci int, h float64, p, prev *fpoint) {
	c := &w.contacts.cts[ci]
	sa, sb := &w.sb[c.ba], &w.sb[c.bb]
	pa := sa.c.Add(mulMV(&sa.r, c.la))
	pb := sb.c.Add(mulMV(&sb.r, c.lb))
	n := mulMV(&sa.r, c.nl)
	d := dot(n, pb.Sub(pa))
	pm := pa.Add(pb).Mul(0.5)
	ra, rb := pm.Sub(sa.c), pm.Sub(sb.c)
	p.a, p.b, p.ci, p.rows = c.ia, c.ib, int32(ci), c.rows
	p.ima, p.imb = 0, 0
	if c.ia >= 0 {
		p.ima = w.bodies[c.ia].invM
	}
	if c.ib >= 0 {
		p.imb = w.bodies[c.ib].invM
	}
	p.bias = w.contactBias(c, d, h)
	p.mu = c.mu
	p.r[0].lam = c.lamN
	p.r[0].d = n
	nr := 1
	if c.rows == 3 {
		nr = 3
		if prev != nil && prev.rows == 3 && prev.r[0].d == n {
			p.r[1].d, p.r[2].d = prev.r[1].d, prev.r[2].d
		} else {
			p.r[1].d, p.r[2].d = perpAxes(n)
		}
		p.r[1].lam, p.r[2].lam = dot(c.fric, p.r[1].d), dot(c.fric, p.r[2].d)
	}
	for k := range nr {
		r := &p.r[k]
		t := r.d
		r.nd = t.Mul(-1)
		r.ja = cross(ra, t).Mul(-1)
		r.jb = cross(rb, t)
		if c.ia >= 0 {
			r.la = r.nd.Mul(p.ima)
			r.wa = mulMV(&sa.invI, r.ja)
		} else {
			r.la, r.wa = mgl64.Vec3{}, mgl64.Vec3{}
		}
		if c.ib >= 0 {
			r.lb = t.Mul(p.imb)
			r.wb = mulMV(&sb.invI, r.jb)
		} else {
			r.lb, r.wb = mgl64.Vec3{}, mgl64.Vec3{}
		}
	}
}

// kk returns K between row k of p and row l of q (same bodies): kEntry.
func kk(p *fpoint, k int, q *fpoint, l int) float64 {
	r, s := &p.r[k], &q.r[l]
	v := 0.0
	if p.a >= 0 {
		v += dot(r.nd, s.la) + dot(r.ja, s.wa)
	}
	if p.b >= 0 {
		v += dot(r.d, s.lb) + dot(r.jb, s.wb)
	}
	return v
}

// vel returns v + J_k u with u the predicted velocities (pred) or the
// velocity changes so far.
func (p *fpoint) vel(k int, v float64, sbs []stageBody, pred bool) float64 {
	r := &p.r[k]
	if p.a >= 0 {
		sb := &sbs[p.a]
		if pred {
			v += dot(r.nd, sb.pv) + dot(r.ja, sb.pw)
		} else {
			v += dot(r.nd, sb.dv) + dot(r.ja, sb.dw)
		}
	}
	if p.b >= 0 {
		sb := &sbs[p.b]
		if pred {
			v += dot(r.d, sb.pv) + dot(r.jb, sb.pw)
		} else {
			v += dot(r.d, sb.dv) + dot(r.jb, sb.dw)
		}
	}
	return v
}

// apply adds the velocity change M⁻¹J_kᵀ λ of row k to the bodies.
func (p *fpoint) apply(k int, lam float64, sbs []stageBody) {
	r := &p.r[k]
	if p.a >= 0 {
		sb := &sbs[p.a]
		sb.dv = addScaled(sb.dv, r.la, lam)
		sb.dw = addScaled(sb.dw, r.wa, lam)
	}
	if p.b >= 0 {
		sb := &sbs[p.b]
		sb.dv = addScaled(sb.dv, r.lb, lam)
		sb.dw = addScaled(sb.dw, r.wb, lam)
	}
}

// appendFreePoints writes the free contacts (not coupled to joints) of one
// island for a stage or the impact pass, starting at cs.order[i], pair by
// pair (a pair's points are a block, solved together by relaxPair). It
// records the blocks' first points in cs.blocks and returns the point count
// and the index in cs.order after the island.
//
// The islands are built, prepared and solved one at a time (solveFreeContacts):
// they share no dynamic body, so the order across islands does not change any
// result, and an island's points (≈ 790 bytes each) stay in the cache from
// building to the last sweep instead of going through memory at each pass.
func (w *World) appendFreePoints(pts []fpoint, i int, h float64, impact bool) (int, int) {
	cs := &w.contacts
	cs.blocks = cs.blocks[:0]
	n := 0
	ord := cs.order
	island := cs.cts[ord[i]].island
	for i < len(ord) {
		c0 := &cs.cts[ord[i]]
		if c0.island != island {
			break
		}
		j := i + 1
		for j < len(ord) && cs.cts[ord[j]].pair == c0.pair {
			j++
		}
		if c0.coupled || impact && cs.ufFlag[c0.island]&ufTrig == 0 {
			i = j
			continue
		}
		m := 0
		for k := i; k < j; k++ {
			if !impact || cs.cts[ord[k]].active {
				m++
			}
		}
		if m == 0 {
			i = j
			continue
		}
		cs.blocks = append(cs.blocks, int32(n))
		q := 0
		for k := i; k < j; k++ {
			c := &cs.cts[ord[k]]
			if impact && !c.active {
				continue
			}
			p := &pts[n+q]
			var prev *fpoint
			if q > 0 {
				prev = &pts[n+q-1]
			}
			w.freePoint(int(ord[k]), h, p, prev)
			if impact {
				p.bias = -c.target
				p.r[0].lam, p.r[1].lam, p.r[2].lam = 0, 0, 0
			}
			q++
		}
		pts[n].m = int32(m)
		w.preparePair(pts[n : n+m])
		n += m
		i = j
	}
	return n, i
}

// preparePair readies a pair's points for solveFree while they are in the
// cache: effective masses K_rr, J u0 + b, the normal block of K, and the
// warm-start impulses applied (normal rows first, then friction rows, the
// order of the generic rows).
func (w *World) preparePair(pts []fpoint) {
	sbs := w.sb
	for i := range pts {
		w.prepareRow(&pts[i], 0, sbs)
	}
	if pts[0].rows == 3 {
		for i := range pts {
			w.prepareRow(&pts[i], 1, sbs)
			w.prepareRow(&pts[i], 2, sbs)
		}
	}
	for i := range pts {
		pts[i].kn[i] = pts[i].r[0].k
		for j := range i {
			k := kk(&pts[i], 0, &pts[j], 0)
			pts[i].kn[j], pts[j].kn[i] = k, k
		}
	}
}

// prepareRow sets row k's K_rr and J u0 + b and applies its warm start.
func (w *World) prepareRow(p *fpoint, k int, sbs []stageBody) {
	p.r[k].k = kk(p, k, p, k)
	b := 0.0
	if k == 0 {
		b = p.bias
	}
	p.r[k].v0 = p.vel(k, b, sbs, true)
	if p.r[k].lam != 0 {
		p.apply(k, p.r[k].lam, sbs)
	}
}

// solveFree solves one island's free contact points laid out (and
// prepared) by appendFreePoints by projected Gauss-Seidel on the bodies'
// velocities (sequential impulses), one pair at a time (relaxPair), sweeps
// alternating forward and backward over the pairs, until the island's
// largest velocity change is below contactTol or after maxIter sweeps.
// Points start from their lam (warm start) and end with the solution;
// velocity changes go to sb.dv, sb.dw. It returns the sweeps it took.
func (w *World) solveFree(pts []fpoint, maxIter int) int {
	bs := w.contacts.blocks
	it := 0
	for it < maxIter {
		it++
		change := 0.0
		// Alternating sweep directions leave no systematic bias from
		// the order of the pairs.
		if it&1 == 1 {
			for _, b := range bs {
				change = fmax(change, w.relaxPair(pts, int(b)))
			}
		} else {
			for q := len(bs) - 1; q >= 0; q-- {
				change = fmax(change, w.relaxPair(pts, int(bs[q])))
			}
		}
		if change <= contactTol {
			break
		}
	}
	return it
}

// relaxPair does one projected Gauss-Seidel update of the pair whose points
// start at pts[b] and returns the largest velocity change it made.
//
// Normal rows: the pair's m ≤ 4 points are solved together, the small
// problem K Δλ + v ≥ 0, λ + Δλ ≥ 0 (complementary) by inner sweeps on the
// m × m block of K: the corners of a face resting on a face share the load
// without the spurious tilt one-point-at-a-time updates leave (the
// block is singular for four coplanar points; the inner sweeps still
// settle the velocities).
//
// Friction pairs: both tangents with one effective mass k̄ = (K11+K22)/2,
// then clamped to the disc μ λn. When sliding, the fixed point
// λ = s(λ − v/k̄) makes the friction oppose the slip (maximum
// dissipation), which a 2×2 block solve scaled onto the disc does not.
func (w *World) relaxPair(pts []fpoint, b int) float64 {
	sbs := w.sb
	m := int(pts[b].m)
	nrm := pts[b : b+m]
	var v, lam, lam0, kd [geom.MaxManifoldPoints]float64
	for i := range nrm {
		v[i] = nrm[i].r[0].v0 + nrm[i].vel(0, 0, sbs, false)
		lam[i] = nrm[i].r[0].lam
		lam0[i] = lam[i]
		kd[i] = nrm[i].r[0].k
	}
	lam0s := lam0[:m]
	for range 2 * m {
		inner := 0.0
		for i := range nrm {
			k := kd[i]
			if !(k > 0) {
				continue
			}
			res := v[i]
			kn := nrm[i].kn[:len(lam0s)]
			for j, l0 := range lam0s {
				res += kn[j] * (lam[j] - l0)
			}
			l := fmax(lam[i]-res/k, 0)
			inner = fmax(inner, math.Abs(l-lam[i])*k)
			lam[i] = l
		}
		if inner <= 0.1*contactTol {
			break
		}
	}
	change := 0.0
	for i := range nrm {
		if d := lam[i] - nrm[i].r[0].lam; d != 0 {
			nrm[i].apply(0, d, sbs)
			nrm[i].r[0].lam = lam[i]
			change = fmax(change, math.Abs(d)*nrm[i].r[0].k)
		}
	}
	if nrm[0].rows == 1 {
		return change
	}
	for k := range nrm {
		p := &nrm[k]
		k11, k22 := p.r[1].k, p.r[2].k
		if !(k11+k22 > 0) {
			continue
		}
		lim := p.mu * p.r[0].lam
		v1 := p.r[1].v0 + p.vel(1, 0, sbs, false)
		v2 := p.r[2].v0 + p.vel(2, 0, sbs, false)
		kb := 2 / (k11 + k22)
		l1, l2 := p.r[1].lam-v1*kb, p.r[2].lam-v2*kb
		if s := l1*l1 + l2*l2; s > lim*lim {
			f := lim / math.Sqrt(s)
			l1, l2 = l1*f, l2*f
		}
		d1, d2 := l1-p.r[1].lam, l2-p.r[2].lam
		if d1 != 0 || d2 != 0 {
			p.apply(1, d1, sbs)
			p.apply(2, d2, sbs)
			p.r[1].lam, p.r[2].lam = l1, l2
			change = fmax(change, fmax(math.Abs(d1)*k11, math.Abs(d2)*k22))
		}
	}
	return change
}

// keepFreeImpulses stores the stage impulses of the free points as warm
// starts and adds weight times them to the step totals.
func (w *World) keepFreeImpulses(pts []fpoint, weight float64, warm bool) {
	cts := w.contacts.cts
	for i := range pts {
		p := &pts[i]
		c := &cts[p.ci]
		c.impN += weight * p.r[0].lam
		if warm {
			c.lamN = p.r[0].lam
		}
		if p.rows == 3 {
			f := addScaled(p.r[1].d.Mul(p.r[1].lam), p.r[2].d, p.r[2].lam)
			c.impT = addScaled(c.impT, f, weight)
			if warm {
				c.fric = f
			}
		}
	}
}

// solveFreeContacts builds and solves the free contacts of a stage (or of
// the impact pass), island by island, keeping their impulses. The stage's
// sweep count (Stats.ContactIterations) is the most any island took.
func (w *World) solveFreeContacts(h, weight float64, impact bool) {
	cs := &w.contacts
	pts := cs.fpts[:cap(cs.fpts)]
	iters := w.contactIters
	if impact {
		iters *= 2
	}
	total := 0
	for i := 0; i < len(cs.order); {
		var n int
		n, i = w.appendFreePoints(pts, i, h, impact)
		if n == 0 {
			continue
		}
		total = max(total, w.solveFree(pts[:n], iters))
		w.keepFreeImpulses(pts[:n], weight, !impact)
	}
	w.stats.ContactIterations += total
}
