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
// fields only joints use, the geometry computed once per point (744 bytes
// instead of 936). The arithmetic is that of the generic rows, operation
// for operation (on v3, which the compiler keeps in registers), so results
// are those of solving them as rows — except that the later RK4 stages of a
// step reuse the rows of pairs whose bodies did not move (see reuseTol).
type fpoint struct {
	a, b     int32 // bodies (−1 static)
	ci       int32 // contact index
	m        int32 // at a pair's first point: the pair's point count
	rows     int32 // 1 (frictionless) or 3
	ima, imb float64
	bias     float64 // normal row (friction rows: 0)
	mu       float64
	kb       float64 // 2/(K11 + K22) of the friction rows
	r        [3]crow
	kn       [4]float64 // K of the normal row with the pair's normal rows
}

// crow is one row of an fpoint, its data together in memory.
type crow struct {
	d      v3 // J_B linear
	nd     v3 // −d, J_A linear
	ja, jb v3
	la, lb v3 // linear parts of M⁻¹Jᵀ
	wa, wb v3 // angular parts of M⁻¹Jᵀ
	lam    float64
	k      float64 // K_rr
	v0     float64 // J u0 + b
}

// fpair is what the points of one pair share while they are built and
// solved: the stage bodies (nil for a static one) and their velocities.
type fpair struct {
	sa, sb             *stageBody
	ima, imb           float64
	pva, pwa, pvb, pwb v3 // predicted velocities
}

// freeRow sets row r's Jacobian from its direction r.d and the lever arms,
// M⁻¹Jᵀ, K_rr and J u0 + b (b: the bias, 0 for friction rows).
func (f *fpair) freeRow(r *crow, ra, rb v3, b float64) {
	t := r.d
	nd := t.neg()
	ja := ra.cross(t).neg()
	jb := rb.cross(t)
	r.nd, r.ja, r.jb = nd, ja, jb
	k, v := 0.0, b
	if sa := f.sa; sa != nil {
		la := nd.mul(f.ima)
		wa := mulM3(&sa.invI, ja)
		r.la, r.wa = la, wa
		k += nd.dot(la) + ja.dot(wa)
		v += nd.dot(f.pva) + ja.dot(f.pwa)
	} else {
		r.la, r.wa = v3{}, v3{}
	}
	if sb := f.sb; sb != nil {
		lb := t.mul(f.imb)
		wb := mulM3(&sb.invI, jb)
		r.lb, r.wb = lb, wb
		k += t.dot(lb) + jb.dot(wb)
		v += t.dot(f.pvb) + jb.dot(f.pwb)
	} else {
		r.lb, r.wb = v3{}, v3{}
	}
	r.k, r.v0 = k, v
}

// kk returns K between row k of p and row l of q (same bodies): kEntry.
func kk(p *fpoint, k int, q *fpoint, l int) float64 {
	r, s := &p.r[k], &q.r[l]
	v := 0.0
	if p.a >= 0 {
		v += r.nd.dot(s.la) + r.ja.dot(s.wa)
	}
	if p.b >= 0 {
		v += r.d.dot(s.lb) + r.jb.dot(s.wb)
	}
	return v
}

// velA and velB return the parts J_A u_A and J_B u_B of a row's J u; the
// generic rows sum them as 0 + velA + velB, each side only for a dynamic
// body. applied returns u + M⁻¹Jᵀλ for one side (linear l, angular a).
// Small enough to inline: the bodies' velocity changes stay in registers
// while a pair is updated.
func velA(r *crow, dv, dw v3) float64 { return r.nd.dot(dv) + r.ja.dot(dw) }

func velB(r *crow, dv, dw v3) float64 { return r.d.dot(dv) + r.jb.dot(dw) }

func applied(dv, dw, l, a v3, lam float64) (v3, v3) { return dv.axpy(l, lam), dw.axpy(a, lam) }

// warmStart applies the warm starts of a pair's points: normal rows, then
// each point's friction rows (the order of the generic rows).
func (w *World) warmStart(pts []fpoint, hasA, hasB bool) {
	var sa, sb *stageBody
	if hasA {
		sa = &w.sb[pts[0].a]
	}
	if hasB {
		sb = &w.sb[pts[0].b]
	}
	// Warm starts: normal rows, then each point's friction rows.
	var dva, dwa, dvb, dwb v3
	if hasA {
		dva, dwa = sa.dv, sa.dw
	}
	if hasB {
		dvb, dwb = sb.dv, sb.dw
	}
	for i := range pts {
		if r := &pts[i].r[0]; r.lam != 0 {
			if hasA {
				dva, dwa = applied(dva, dwa, r.la, r.wa, r.lam)
			}
			if hasB {
				dvb, dwb = applied(dvb, dwb, r.lb, r.wb, r.lam)
			}
		}
	}
	if pts[0].rows == 3 {
		for i := range pts {
			for k := 1; k < 3; k++ {
				if r := &pts[i].r[k]; r.lam != 0 {
					if hasA {
						dva, dwa = applied(dva, dwa, r.la, r.wa, r.lam)
					}
					if hasB {
						dvb, dwb = applied(dvb, dwb, r.lb, r.wb, r.lam)
					}
				}
			}
		}
	}
	if hasA {
		sa.dv, sa.dw = dva, dwa
	}
	if hasB {
		sb.dv, sb.dw = dvb, dwb
	}
}

// freePair writes the free points of one pair, contacts cs.order[i:j] (with
// impact, only the active ones), at pts from the stage data in w.sb (the
// geometry and biases of contactRowsAt), prepares them and returns their
// count: per point, with the surface points p_A, p_B, the normal
// n = R_A n_A (one per pair), the midpoint p and the lever arms
// r = p − c, the rows' Jacobians, M⁻¹Jᵀ, K_rr and J u0 + b; then the
// normal block of K and the warm starts applied (normal rows first, then
// friction rows, the order of the generic rows).
func (w *World) freePair(pts []fpoint, i, j int, h float64, impact bool) int {
	cs := &w.contacts
	ord := cs.order
	c0 := &cs.cts[ord[i]]
	var f fpair
	sa, sb := &w.sb[c0.ba], &w.sb[c0.bb]
	if c0.ia >= 0 {
		f.sa, f.ima = sa, w.bodies[c0.ia].invM
		f.pva, f.pwa = sa.pv, sa.pw
	}
	if c0.ib >= 0 {
		f.sb, f.imb = sb, w.bodies[c0.ib].invM
		f.pvb, f.pwb = sb.pv, sb.pw
	}
	ca, cb := sa.c, sb.c
	n := mulM3(&sa.r, v3of(c0.nl)) // the pair's points share n_A
	var t1, t2 v3
	if c0.rows == 3 {
		t1, t2 = perpAxes3(n)
	}
	m := 0
	for k := i; k < j; k++ {
		c := &cs.cts[ord[k]]
		if impact && !c.active {
			continue
		}
		p := &pts[m]
		m++
		pa := ca.add(mulM3(&sa.r, v3of(c.la)))
		pb := cb.add(mulM3(&sb.r, v3of(c.lb)))
		d := n.dot(pb.sub(pa))
		pm := pa.add(pb).mul(0.5)
		ra, rb := pm.sub(ca), pm.sub(cb)
		p.a, p.b, p.ci, p.rows = c.ia, c.ib, int32(ord[k]), c.rows
		p.ima, p.imb = f.ima, f.imb
		p.bias = w.contactBias(c, d, h)
		p.mu = c.mu
		p.r[0].lam = c.lamN
		if impact {
			p.bias = -c.target
			p.r[0].lam = 0
		}
		p.r[0].d = n
		f.freeRow(&p.r[0], ra, rb, p.bias)
		if c.rows == 3 {
			p.r[1].d, p.r[2].d = t1, t2
			fr := v3of(c.fric)
			p.r[1].lam, p.r[2].lam = fr.dot(t1), fr.dot(t2)
			if impact {
				p.r[1].lam, p.r[2].lam = 0, 0
			}
			f.freeRow(&p.r[1], ra, rb, 0)
			f.freeRow(&p.r[2], ra, rb, 0)
			p.kb = 2 / (p.r[1].k + p.r[2].k)
		}
	}
	pts = pts[:m]
	pts[0].m = int32(m)

	w.warmStart(pts, f.sa != nil, f.sb != nil)
	for i := range pts {
		pts[i].kn[i] = pts[i].r[0].k
		for j := range i {
			k := kk(&pts[i], 0, &pts[j], 0)
			pts[i].kn[j], pts[j].kn[i] = k, k
		}
	}
	return m
}

// appendFreePoints writes the free contacts (not coupled to joints) of one
// island for a stage or the impact pass, starting at cs.order[i], pair by
// pair (a pair's points are a block, solved together by relaxPair). It
// records the blocks' first points in cs.blocks and returns the point count
// and the index in cs.order after the island.
//
// The islands are built, prepared and solved one at a time (solveFreeContacts):
// they share no dynamic body, so the order across islands does not change any
// result. Each island's points have their own place in fpts, the same in
// every stage of a step (the contacts and their order are fixed for the
// step), so that the later stages can reuse them.
func (w *World) appendFreePoints(pts []fpoint, i int, h float64, impact, reuse bool) (int, int) {
	cs := &w.contacts
	cs.blocks = cs.blocks[:0]
	n := 0
	ord := cs.order
	island := cs.cts[ord[i]].island
	// An island none of whose bodies moved since the first stage (see
	// reuseTol) restarts from that stage's last solution: its points keep
	// their impulses and its bodies get back the velocity changes they
	// make (w.contacts.reuse.dv), in place of applying the warm starts.
	fast := false
	if reuse && cs.reuse.dvOK {
		fast = true
		for k := i; k < len(ord); k++ {
			c := &cs.cts[ord[k]]
			if c.island != island {
				break
			}
			if cs.reuse.moved[c.ba] || cs.reuse.moved[c.bb] {
				fast = false
				break
			}
		}
	}
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
		if fast {
			w.restartPair(pts[n:n+m], i, h)
		} else if reuse && !cs.reuse.moved[c0.ba] && !cs.reuse.moved[c0.bb] {
			w.refreshPair(pts[n:n+m], i, h)
		} else {
			w.freePair(pts[n:n+m], i, j, h, impact)
		}
		n += m
		i = j
	}
	return n, i
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
	m := int(pts[b].m)
	nrm := pts[b : b+m]
	p0 := &nrm[0]
	var sa, sb *stageBody
	var dva, dwa, dvb, dwb v3
	hasA, hasB := p0.a >= 0, p0.b >= 0
	if hasA {
		sa = &w.sb[p0.a]
		dva, dwa = sa.dv, sa.dw
	}
	if hasB {
		sb = &w.sb[p0.b]
		dvb, dwb = sb.dv, sb.dw
	}
	var v, lam, lam0, kd [geom.MaxManifoldPoints]float64
	for i := range nrm {
		r := &nrm[i].r[0]
		x := 0.0
		if hasA {
			x += velA(r, dva, dwa)
		}
		if hasB {
			x += velB(r, dvb, dwb)
		}
		v[i] = r.v0 + x
		lam[i] = r.lam
		lam0[i] = lam[i]
		kd[i] = r.k
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
		r := &nrm[i].r[0]
		if d := lam[i] - r.lam; d != 0 {
			if hasA {
				dva, dwa = applied(dva, dwa, r.la, r.wa, d)
			}
			if hasB {
				dvb, dwb = applied(dvb, dwb, r.lb, r.wb, d)
			}
			r.lam = lam[i]
			change = fmax(change, math.Abs(d)*r.k)
		}
	}
	if p0.rows == 3 {
		for k := range nrm {
			p := &nrm[k]
			r1, r2 := &p.r[1], &p.r[2]
			k11, k22 := r1.k, r2.k
			if !(k11+k22 > 0) {
				continue
			}
			lim := p.mu * p.r[0].lam
			x1, x2 := 0.0, 0.0
			if hasA {
				x1 += velA(r1, dva, dwa)
			}
			if hasB {
				x1 += velB(r1, dvb, dwb)
			}
			if hasA {
				x2 += velA(r2, dva, dwa)
			}
			if hasB {
				x2 += velB(r2, dvb, dwb)
			}
			v1 := r1.v0 + x1
			v2 := r2.v0 + x2
			kb := p.kb
			l1, l2 := r1.lam-v1*kb, r2.lam-v2*kb
			if s := l1*l1 + l2*l2; s > lim*lim {
				sc := lim / math.Sqrt(s)
				l1, l2 = l1*sc, l2*sc
			}
			d1, d2 := l1-r1.lam, l2-r2.lam
			if d1 != 0 || d2 != 0 {
				if hasA {
					dva, dwa = applied(dva, dwa, r1.la, r1.wa, d1)
					dva, dwa = applied(dva, dwa, r2.la, r2.wa, d2)
				}
				if hasB {
					dvb, dwb = applied(dvb, dwb, r1.lb, r1.wb, d1)
					dvb, dwb = applied(dvb, dwb, r2.lb, r2.wb, d2)
				}
				r1.lam, r2.lam = l1, l2
				change = fmax(change, fmax(math.Abs(d1)*k11, math.Abs(d2)*k22))
			}
		}
	}
	if hasA {
		sa.dv, sa.dw = dva, dwa
	}
	if hasB {
		sb.dv, sb.dw = dvb, dwb
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
			f := p.r[1].d.mul(p.r[1].lam).axpy(p.r[2].d, p.r[2].lam).vec()
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
	reuse := !impact && cs.reuse.valid && !cs.reuse.off && w.unmoved()
	if nb := len(w.bodies); len(cs.reuse.dv) != nb {
		cs.reuse.dv, cs.reuse.dw = resizeSlice(cs.reuse.dv, nb), resizeSlice(cs.reuse.dw, nb)
		cs.reuse.dvOK = false
	}
	total := 0
	off := 0
	for i := 0; i < len(cs.order); {
		var n int
		n, i = w.appendFreePoints(pts[off:], i, h, impact, reuse)
		if n == 0 {
			continue
		}
		total = max(total, w.solveFree(pts[off:off+n], iters))
		w.keepFreeImpulses(pts[off:off+n], weight, !impact)
		if !impact {
			w.keepVelocityChanges(pts[off : off+n])
		}
		off += n
	}
	w.stats.ContactIterations += total
	if impact {
		cs.reuse.valid = false // the impact pass's points are not the stages'
	} else if !cs.reuse.valid {
		w.keepPoses()
	}
	cs.reuse.dvOK = !impact
}

// keepVelocityChanges records the velocity changes of an island's bodies at
// the end of its solve (for restartPair in the next stage).
func (w *World) keepVelocityChanges(pts []fpoint) {
	ru := &w.contacts.reuse
	for _, b := range w.contacts.blocks {
		p := &pts[b]
		if p.a >= 0 {
			sb := &w.sb[p.a]
			ru.dv[p.a], ru.dw[p.a] = sb.dv, sb.dw
		}
		if p.b >= 0 {
			sb := &w.sb[p.b]
			ru.dv[p.b], ru.dw[p.b] = sb.dv, sb.dw
		}
	}
}

// restartPair readies a pair of an island that restarts from the previous
// stage (see appendFreePoints): its points keep their rows (built at the
// first stage) and their impulses, the gaps and biases are formed from the
// stage poses and J u0 + b from the stage's predicted velocities, and its
// bodies get back the velocity changes they had at the end of the previous
// stage. Starting from the previous stage's solution, not from the warm
// starts re-applied, differs by rounding only: the same impulses through
// the same rows (the friction impulses exactly, not projected back from
// the impulse vector kept on the contact).
func (w *World) restartPair(pts []fpoint, i int, h float64) {
	cs := &w.contacts
	ru := &cs.reuse
	ord := cs.order
	c0 := &cs.cts[ord[i]]
	sa, sb := &w.sb[c0.ba], &w.sb[c0.bb]
	hasA, hasB := c0.ia >= 0, c0.ib >= 0
	var pva, pwa, pvb, pwb v3
	if hasA {
		pva, pwa = sa.pv, sa.pw
		sa.dv, sa.dw = ru.dv[c0.ia], ru.dw[c0.ia]
	}
	if hasB {
		pvb, pwb = sb.pv, sb.pw
		sb.dv, sb.dw = ru.dv[c0.ib], ru.dw[c0.ib]
	}
	w.rebias(pts, c0, h, hasA, hasB, pva, pwa, pvb, pwb)
}

// rebias sets a pair's points' biases from their gaps at the stage poses
// and their rows' J u0 + b from the predicted velocities, keeping the rows
// themselves (restartPair, refreshPair).
func (w *World) rebias(pts []fpoint, c0 *contact, h float64, hasA, hasB bool, pva, pwa, pvb, pwb v3) {
	cs := &w.contacts
	sa, sb := &w.sb[c0.ba], &w.sb[c0.bb]
	n := mulM3(&sa.r, v3of(c0.nl))
	for k := range pts {
		p := &pts[k]
		c := &cs.cts[p.ci]
		pa := sa.c.add(mulM3(&sa.r, v3of(c.la)))
		pb := sb.c.add(mulM3(&sb.r, v3of(c.lb)))
		p.bias = w.contactBias(c, n.dot(pb.sub(pa)), h)
		for q := range int(p.rows) {
			r := &p.r[q]
			v := 0.0
			if q == 0 {
				v = p.bias
			}
			if hasA {
				v += velA(r, pva, pwa)
			}
			if hasB {
				v += velB(r, pvb, pwb)
			}
			r.v0 = v
		}
	}
}

// Reusing the rows of a stage.
//
// A pair's rows (Jacobians, M⁻¹Jᵀ, K) depend on its bodies' poses only. In
// the later RK4 stages of a step, a pair whose two bodies are within
// reuseTol (1e-9 m, 1e-9 in every rotation matrix entry) of their poses at
// the step's first stage keeps the rows built there: only the gap (the
// bias), the warm starts and J u0 + b are formed anew (refreshPair). That
// is a resting pile: its bodies move by ~3e-10 m and turn by ~6e-11 rad
// over a whole step. The rows are then off by at most ~1e-9 relative
// (a lever arm of 1 m turned by 1e-9 rad), an impulse error of 1e-9 of the
// impulse, far below the solver's stop tolerance (contactTol = 1e-7 m/s on
// the velocities); moving bodies get their rows rebuilt in every stage.
const reuseTol = 1e-9

// freeReuse is what the later stages of a step need to reuse the first
// stage's free points (laid out at the same places in fpts: the contacts and
// their order are fixed for the step).
type freeReuse struct {
	valid bool         // fpts holds the first stage's points of this step
	c     []v3         // bodies' positions at that stage
	r     []mgl64.Mat3 // and rotations
	moved []bool       // moved by more than reuseTol since, in a stage so far
	dv    []v3         // bodies' velocity changes at the end of the last stage
	dw    []v3
	dvOK  bool // dv, dw are from the last stage (not the impact pass)
	off   bool // rebuild every stage (tests: the reference for the reuse)
}

// keepPoses records the stage poses the free points were built with.
func (w *World) keepPoses() {
	ru := &w.contacts.reuse
	nb := len(w.bodies)
	ru.c, ru.r, ru.moved = resizeSlice(ru.c, nb), resizeSlice(ru.r, nb), resizeSlice(ru.moved, nb)
	for i := range nb {
		sb := &w.sb[i]
		ru.c[i], ru.r[i] = sb.c, sb.r
		ru.moved[i] = false
	}
	ru.valid = true
}

// unmoved marks the bodies that moved by more than reuseTol since the
// points were built (for the rest of the step: their pairs' points are then
// rebuilt in this stage and no longer the first stage's) and reports whether
// any pair may keep its rows.
func (w *World) unmoved() bool {
	ru := &w.contacts.reuse
	if len(ru.c) != len(w.bodies) {
		return false
	}
	some := false
	for i := range w.bodies {
		sb := &w.sb[i]
		d := sb.c.sub(ru.c[i])
		m := math.Abs(d.x) > reuseTol || math.Abs(d.y) > reuseTol || math.Abs(d.z) > reuseTol ||
			!(maxAbsDiff(&sb.r, &ru.r[i]) <= reuseTol)
		m = m || ru.moved[i]
		ru.moved[i] = m
		some = some || !m
	}
	return some
}

// refreshPair readies a pair's points kept from the step's first stage
// (see reuseTol) for this stage: the gaps and biases from the stage poses,
// the warm starts, J u0 + b from the stage's predicted velocities, and the
// warm starts applied, as freePair does.
func (w *World) refreshPair(pts []fpoint, i int, h float64) {
	cs := &w.contacts
	ord := cs.order
	c0 := &cs.cts[ord[i]]
	sa, sb := &w.sb[c0.ba], &w.sb[c0.bb]
	hasA, hasB := c0.ia >= 0, c0.ib >= 0
	var pva, pwa, pvb, pwb v3
	if hasA {
		pva, pwa = sa.pv, sa.pw
	}
	if hasB {
		pvb, pwb = sb.pv, sb.pw
	}
	w.rebias(pts, c0, h, hasA, hasB, pva, pwa, pvb, pwb)
	for k := range pts {
		p := &pts[k]
		c := &cs.cts[p.ci]
		p.r[0].lam = c.lamN
		if c.rows == 3 {
			fr := v3of(c.fric)
			p.r[1].lam, p.r[2].lam = fr.dot(p.r[1].d), fr.dot(p.r[2].d)
		}
	}
	w.warmStart(pts, hasA, hasB)
}
