package physics

import (
	"math"
	"slices"
)

// The free solver's coarse correction (two-level Gauss–Seidel). A sweep
// carries a change one contact pair further: the weight of a box landing
// on a stack ten high reaches the ground only after ten sweeps, and a
// stack's smoothest errors — every pair pushing a little too little, or a
// little more on one side than the other, or sliding a little as one —
// shrink by a few per cent a sweep, slower than a tall stack leans over
// under them. So after every sweep a coarse problem is solved exactly,
// with six unknowns per pushing contact pair (a pair one of whose points
// pushes): a change of its net push and of the push's two moments about
// its points' centroid, spread over its points linearly, and — when every
// pushing point's friction sticks — a change of its slide along the two
// tangents and of its twist about the normal:
//
//	δλn_i = a0 + a1 φ1_i + a2 φ2_i          δλt_i = (a3 + a5 φ1_i, a4 + a5 φ2_i)
//	K_c a = −P_cᵀ (J u + b),   K_c = P_cᵀ K P_c
//
// where φ1_i, φ2_i are point i's coordinates (through its lever r × n)
// along the contact plane's tangents about the centroid, scaled to the
// pair's extent, and P_c the prolongation of the unknowns to the points'
// rows. Two bodies touching at a face have exactly these six relative
// degrees of freedom, so the coarse step solves a resting stack's rows
// and the sweeps only settle which points push and how redundant points
// share; a tall stack of yawed boxes rests at 1e-17 m/s on one sweep and
// one coarse step a step. Each row's impulse then moves to its bound
// (normal ≥ 0, friction in its disc). An unknown a pair cannot express —
// a moment with its points nearly together, friction that slides — is
// left out: the factorization drops its zero row.
//
// A coarse step that the bounds turn into one that makes the rows'
// problem worse (its objective ½ λᵀKλ + λᵀ(J u0 + b) grows) is taken
// back and tried at half the length. K_c is factored in its profile (a
// stack's is banded) when an island's pushing pairs change, and the
// factor is kept from step to step while they stay the same: a resting
// pile forms no K_c. Islands of more than coarseMax pushing pairs go
// without.

// coarseMax is the most pushing contact pairs of a free island given the
// coarse correction (its dense factor is (6 coarseMax)² numbers).
const coarseMax = 32

// coarseUnknowns is the coarse problem's unknowns per pushing pair.
const coarseUnknowns = 6

// coarseSticks marks, in a pushing pair's signature, that every pushing
// point's friction sticks (inside its disc): only then does the coarse
// problem take the pair's slide and twist, as equalities — a sliding
// point's friction sits on its bound, where a coarse step made as if it
// stuck would be clamped away, breaking the balance it solved for.
const coarseSticks = 1

// coarseSpread is how small a moment's or twist's K may be against the
// push's or slide's before the coarse problem leaves it out: with the
// points nearly together it would move their impulses far apart for a
// tiny error.
const coarseSpread = 1e-3

// coarseTries bounds the halvings of a coarse step that makes the rows'
// problem worse.
const coarseTries = 4

// coarse is the coarse correction's data for the island being solved, and
// the factors of the islands solved in the last step.
type coarse struct {
	now   []uint64  // per pushing pair: its shapes, then its flags (coarseSticks)
	units []int32   // per pushing pair: its unit
	phi   []float64 // per pushing pair and point: φ1, φ2
	agg   []row     // per pushing pair: its six aggregate rows (k: 1 kept, 0 left out)
	x     []float64
	undo  []coarseMove // the last step's moves
	nz    []int32      // scratch of cholSparse
	odd   []bool

	// What agg and phi were built from in this solve (aggregate): the
	// rows' Jacobians and biases stay through a solve's sweeps, only the
	// impulses move, so the same pushing pairs give the same aggregate.
	aggNow   []uint64
	aggUnits []int32
	aggOK    bool

	cur     int32         // the island's entry
	entries []coarseEntry // kept factors
	of      []int32       // per body: the entry of the island it keys, −1
	free    []int32       // entries to reuse
}

// coarseEntry is an island's factor of K_c and what it was built on.
type coarseEntry struct {
	key   int32    // the island's first body (−1: free)
	used  bool     // solved in this step
	sig   []uint64 // coarse.now when factored
	l     []float64
	first []int32 // the profile of K_c (cholProfile)
	lead  []int32 // its factor's first nonzero per row (cholLead)
}

// coarseMove is one row's impulse change by a coarse step.
type coarseMove struct {
	q int32
	d float64
}

// begin readies the coarse correction for the island whose first body is
// key (of nb bodies in the world).
func (c *coarse) begin(key int32, nb int) {
	if len(c.of) != nb {
		c.of = resize(c.of, nb)
		for i := range c.of {
			c.of[i] = -1
		}
		c.entries, c.free = c.entries[:0], c.free[:0]
	}
	e := c.of[key]
	if e < 0 {
		if n := len(c.free); n > 0 {
			e, c.free = c.free[n-1], c.free[:n-1]
		} else {
			c.entries = append(c.entries, coarseEntry{})
			e = int32(len(c.entries) - 1)
		}
		en := &c.entries[e]
		en.key, en.sig = key, en.sig[:0]
		c.of[key] = e
	}
	c.entries[e].used = true
	c.cur = e
	c.aggOK = false
}

// dropAll lets go of every kept factor.
func (c *coarse) dropAll() {
	for i := range c.entries {
		c.entries[i].used = false
	}
	c.endStep()
}

// endStep lets go of the factors of the islands not solved in the step.
func (c *coarse) endStep() {
	for i := range c.entries {
		en := &c.entries[i]
		if !en.used && en.key >= 0 {
			c.of[en.key] = -1
			en.key = -1
			c.free = append(c.free, int32(i))
		}
		en.used = false
	}
}

// step applies one coarse correction to the island's rows and units (keys:
// each unit's shape pair) and the bodies' velocities vel, and returns the
// largest velocity change it made to a row.
func (c *coarse) step(rows []row, units []unit, keys []uint64, vel []bodyVel) float64 {
	c.now, c.units = c.now[:0], c.units[:0]
	for u := range units {
		un := &units[u]
		pushes, sticks := false, un.rpp == 3
		for i := range int(un.m) {
			q := int(un.q0) + i*int(un.rpp)
			if l := rows[q].lam; l > 0 {
				pushes = true
				if sticks {
					lim := rows[q+1].mu * l
					l1, l2 := rows[q+1].lam, rows[q+2].lam
					sticks = float64(l1*l1)+float64(l2*l2) < lim*lim*(1-1e-6)
				}
			}
		}
		if !pushes {
			continue
		}
		flags := uint64(0)
		if sticks {
			flags = coarseSticks
		}
		c.now = append(c.now, keys[u], flags)
		c.units = append(c.units, int32(u))
	}
	np := len(c.units)
	if np < 2 || np > coarseMax {
		return 0
	}
	if !c.aggOK || !slices.Equal(c.now, c.aggNow) || !slices.Equal(c.units, c.aggUnits) {
		c.aggregate(rows, units)
		c.aggNow = append(c.aggNow[:0], c.now...)
		c.aggUnits = append(c.aggUnits[:0], c.units...)
		c.aggOK = true
	}
	n := coarseUnknowns * np
	en := &c.entries[c.cur]
	if !slices.Equal(c.now, en.sig) {
		en.sig = append(en.sig[:0], c.now...)
		c.factor(en, n)
	}
	for k := range n {
		c.x[k] = -c.agg[k].velocity(vel)
	}
	cholSolveLead(en.l, n, en.first, en.lead, c.x[:n])
	for k := range n {
		if c.agg[k].k == 0 { // left out now, whatever the factor had
			c.x[k] = 0
		}
	}
	alpha := 1.0
	for range coarseTries {
		change, df := c.apply(rows, units, vel, alpha)
		if df <= 0 {
			return change
		}
		for i := len(c.undo) - 1; i >= 0; i-- {
			m := &c.undo[i]
			r := &rows[m.q]
			r.apply(vel, -m.d)
			r.lam -= m.d
		}
		alpha *= 0.5
	}
	return 0
}

// factor forms K_c of the aggregate rows in its profile — a pair couples
// with the earlier pairs that share one of its bodies — and factors it.
func (c *coarse) factor(en *coarseEntry, n int) {
	en.l = resize(en.l, n*n)
	en.first = resize(en.first, n)
	for k := range n / coarseUnknowns {
		f := k
		a := &c.agg[coarseUnknowns*k]
		for j := range k {
			if b := &c.agg[coarseUnknowns*j]; a.a >= 0 && (a.a == b.a || a.a == b.b) || a.b >= 0 && (a.b == b.a || a.b == b.b) {
				f = j
				break
			}
		}
		for q := range coarseUnknowns {
			i := coarseUnknowns*k + q
			en.first[i] = int32(coarseUnknowns * f)
			for j := coarseUnknowns * f; j <= i; j++ {
				en.l[i*n+j] = coupling(&c.agg[i], &c.agg[j])
			}
		}
	}
	c.nz = resize(c.nz, n)
	c.odd = resize(c.odd, n)
	cholSparse(en.l, n, en.first, c.nz, c.odd)
	en.lead = resize(en.lead, n)
	cholLead(en.l, n, en.first, en.lead)
}

// apply moves the pushing pairs' impulses by alpha times the coarse
// solution c.x, each onto its bounds, and returns the largest velocity
// change of a row and the change of the rows' objective (δ v + ½ δ² K per
// row, v its velocity then); the moves are kept in c.undo.
func (c *coarse) apply(rows []row, units []unit, vel []bodyVel, alpha float64) (change, df float64) {
	c.undo = c.undo[:0]
	move := func(q int, l float64) {
		r := &rows[q]
		d := l - r.lam
		if d == 0 {
			return
		}
		df += float64(d * (r.velocity(vel) + float64(0.5*d*r.k)))
		change = max(change, math.Abs(d)*r.k)
		r.apply(vel, d)
		r.lam = l
		c.undo = append(c.undo, coarseMove{int32(q), d})
	}
	for k, u := range c.units {
		un := &units[u]
		a := c.x[coarseUnknowns*k : coarseUnknowns*(k+1)]
		q0, rpp := int(un.q0), int(un.rpp)
		phi := c.phi[2*unitPoints*k : 2*unitPoints*(k+1)]
		for i := range int(un.m) {
			move(q0+i*rpp, max(rows[q0+i*rpp].lam+float64(alpha*(a[0]+float64(a[1]*phi[2*i])+float64(a[2]*phi[2*i+1]))), 0))
		}
		if c.now[2*k+1]&coarseSticks == 0 {
			continue
		}
		for i := range int(un.m) {
			q := q0 + i*rpp
			n1, n2 := frictionImpulse(rows[q+1].lam+float64(alpha*(a[3]+float64(a[5]*phi[2*i]))), rows[q+2].lam+float64(alpha*(a[4]+float64(a[5]*phi[2*i+1]))), 0, 0, 1, rows[q+1].mu*rows[q].lam)
			move(q+1, n1)
			move(q+2, n2)
		}
	}
	return change, df
}

// aggregate builds the aggregate rows of the pushing pairs (their k 1, or
// 0 for an unknown left out) and their points' φ.
func (c *coarse) aggregate(rows []row, units []unit) {
	np := len(c.units)
	n := coarseUnknowns * np
	c.agg = resize(c.agg, n)
	c.phi = resize(c.phi, 2*unitPoints*np)
	c.x = resize(c.x, n)
	for k, u := range c.units {
		un := &units[u]
		sticks := c.now[2*k+1]&coarseSticks != 0
		q0, rpp, m := int(un.q0), int(un.rpp), int(un.m)
		// The points' levers r × n on one body (the same up to a constant
		// on the other), their centroid and spread.
		r0 := &rows[q0]
		var lev [unitPoints]v3
		var mean v3
		for i := range m {
			r := &rows[q0+i*rpp]
			lev[i] = r.jbA
			if r.b < 0 {
				lev[i] = r.jaA.neg()
			}
			mean = mean.add(lev[i])
		}
		mean = mean.mul(1 / float64(m))
		nrm := r0.jbL
		if r0.b < 0 {
			nrm = r0.jaL.neg()
		}
		e1, e2 := perpAxes3(nrm)
		ext := 0.0
		for i := range m {
			d := lev[i].sub(mean)
			ext = max(ext, d.dot(d))
		}
		s := 0.0
		if ext > 0 {
			s = 1 / math.Sqrt(ext)
		}
		agg := c.agg[coarseUnknowns*k : coarseUnknowns*(k+1)]
		for q := range agg {
			agg[q] = row{}
			agg[q].a, agg[q].b = r0.a, r0.b
		}
		phi := c.phi[2*unitPoints*k : 2*unitPoints*(k+1)]
		for i := range m {
			d := lev[i].sub(mean)
			p1, p2 := d.dot(e1)*s, d.dot(e2)*s
			phi[2*i], phi[2*i+1] = p1, p2
			q := q0 + i*rpp
			agg[0].addRow(&rows[q], 1)
			agg[1].addRow(&rows[q], p1)
			agg[2].addRow(&rows[q], p2)
			if sticks {
				agg[3].addRow(&rows[q+1], 1)
				agg[4].addRow(&rows[q+2], 1)
				agg[5].addRow(&rows[q+1], p1)
				agg[5].addRow(&rows[q+2], p2)
			}
		}
		for q, ref := range [coarseUnknowns]int{0, 0, 0, 3, 4, 3} {
			if q >= 3 && !sticks || q != ref && !(coupling(&agg[q], &agg[q]) > coarseSpread*coupling(&agg[ref], &agg[ref])) {
				agg[q] = row{}
				agg[q].a, agg[q].b = r0.a, r0.b
			} else {
				agg[q].k = 1
			}
		}
	}
}

// addRow adds f times row r to the aggregate row a (same bodies).
func (a *row) addRow(r *row, f float64) {
	a.jaL, a.jaA, a.jbL, a.jbA = a.jaL.axpy(r.jaL, f), a.jaA.axpy(r.jaA, f), a.jbL.axpy(r.jbL, f), a.jbA.axpy(r.jbA, f)
	a.waL, a.waA, a.wbL, a.wbA = a.waL.axpy(r.waL, f), a.waA.axpy(r.waA, f), a.wbL.axpy(r.wbL, f), a.wbA.axpy(r.wbA, f)
	a.bias += float64(f * r.bias)
}
