package physics

import "slices"

// The free solver's coarse correction (two-level Gauss–Seidel). A sweep
// carries a change one contact pair further: the weight of a box landing
// on a stack ten high reaches the ground only after ten sweeps, and the
// stack's smoothest error — every pair pushing a little too little —
// shrinks by about 4 % a double sweep (by half in a stack of two). So after
// each sweep that has not converged, a coarse problem with one unknown per
// pushing contact pair, a common change δ of its points' normal impulses,
// is solved exactly:
//
//	K_c δ = −(J_c u + b_c),   J_c = (1/m) Σ J_i over the pair's m points,
//	K_c = J_c M⁻¹ J_cᵀ        (an entry for each two pairs sharing a body)
//
// and each point's impulse moves by δ (clamped at zero), the bodies'
// velocities with it. The sweeps then settle how each pair shares its
// load between its points and the frictions; the coarse step takes the
// part that is smooth across pairs. Both move towards the same solution
// of the same rows, so the result is the sweeps' own, in a few sweeps: a
// stack of ten dropped box by box settles in 2–4 sweeps a step instead of
// the 20-sweep cap (`TestDropStackSweeps`). A pair pushes if any of its
// points has an impulse; K_c is factored (cholDense) when that set
// changes; islands of more than coarseMax pushing pairs go without.

// coarseMax is the most pushing contact pairs of a free island given the
// coarse correction: its factor costs up to coarseMax³/6 multiply-adds.
const coarseMax = 64

// coarse is the coarse correction's data for the island being solved.
type coarse struct {
	on  []int32   // the pushing pairs (unit indices) the factor was built on
	now []int32   // the pushing pairs after this sweep
	agg []row     // per pushing pair: J_c, M⁻¹J_cᵀ and b_c
	l   []float64 // K_c = L Lᵀ
	x   []float64
}

// reset forgets the factor: a new island or sub-step.
func (c *coarse) reset() { c.on = c.on[:0] }

// step applies one coarse correction to the island's rows and units and
// the bodies' velocities vel.
func (c *coarse) step(rows []row, units []unit, vel []bodyVel) {
	c.now = c.now[:0]
	for u := range units {
		un := &units[u]
		for i := range int(un.m) {
			if rows[int(un.q0)+i*int(un.rpp)].lam > 0 {
				c.now = append(c.now, int32(u))
				break
			}
		}
	}
	n := len(c.now)
	if n < 2 || n > coarseMax {
		return
	}
	if !slices.Equal(c.now, c.on) {
		c.factor(rows, units)
	}
	for k := range n {
		c.x[k] = -c.agg[k].velocity(vel)
	}
	cholSolve(c.l[:n*n], n, c.x[:n])
	for k, u := range c.on {
		un := &units[u]
		d := c.x[k] / float64(un.m)
		for i := range int(un.m) {
			r := &rows[int(un.q0)+i*int(un.rpp)]
			l := max(r.lam+d, 0)
			r.apply(vel, l-r.lam)
			r.lam = l
		}
	}
}

// factor builds the rows J_c of the pushing pairs in c.now and factors
// their K_c.
func (c *coarse) factor(rows []row, units []unit) {
	c.on = append(c.on[:0], c.now...)
	n := len(c.on)
	c.agg = resize(c.agg, n)
	c.l = resize(c.l, n*n)
	c.x = resize(c.x, n)
	for k, u := range c.on {
		un := &units[u]
		a := &c.agg[k]
		*a = row{a: rows[un.q0].a, b: rows[un.q0].b}
		f := 1 / float64(un.m)
		for i := range int(un.m) {
			r := &rows[int(un.q0)+i*int(un.rpp)]
			a.jaL, a.jaA, a.jbL, a.jbA = a.jaL.axpy(r.jaL, f), a.jaA.axpy(r.jaA, f), a.jbL.axpy(r.jbL, f), a.jbA.axpy(r.jbA, f)
			a.waL, a.waA, a.wbL, a.wbA = a.waL.axpy(r.waL, f), a.waA.axpy(r.waA, f), a.wbL.axpy(r.wbL, f), a.wbA.axpy(r.wbA, f)
			a.bias += f * r.bias
		}
	}
	for i := range n {
		for j := 0; j <= i; j++ {
			c.l[i*n+j] = coupling(&c.agg[i], &c.agg[j])
		}
	}
	cholDense(c.l[:n*n], n)
}
