package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The impact stage (StageImpact): collisions as a pass of zero duration at
// the start of each sub-step h (design note §4). For each contact point of
// an awake island it measures the gap d and the normal speed vn and sets
// the speed the pass holds the point to:
//
//	touching (gap ≤ 1 mm): impact speed v_c = max(−vn, pending); a bounce
//	    ε v_c if v_c > RestitutionThreshold (corrected for the gap so that
//	    the bounce's apex is ε² of the fall), else 0;
//	apart by d with the gap closing within h: −d/h — the body arrives at
//	    the surface at the end of the sub-step, not through it — and the impact
//	    speed at arrival, sqrt(vn² − 2 a_n d), is kept as pending for the
//	    bounce in a later step.
//
// A hinge whose angle would pass a limit within the sub-step triggers the
// same way: its limit row arrives at the stop. The pass only stops
// approaches: a contact or a stop already passed is pushed out by the
// sub-step's bounded solve, compliantly where joints close a loop.
//
// The islands with a point below its target are triggered: their active
// points (normal J u' − target ≥ 0, friction), their hinge limits and, if
// they hold joints, their equality rows (J u' = 0), solved together by the
// bounded solver with the instant's velocities and no loads, so that a
// hinged craft takes the blow as one. The impulses change the velocities
// at once.
//
// Energy guard: an island may not leave the pass with more kinetic energy
// than it came in with plus what earlier passes held back for the pending
// bounces it now releases. Newton's restitution at several points of a
// tumbling body can break that (ε = 1 gained 4 % in a test); then the
// island's bounce targets are scaled down (bisection on the scale) and the
// pass solved again from the same velocities.

// impact is StageImpact.
func (w *World) impact() {
	cs := &w.contacts
	is := &w.islands
	dt := w.ctx.h
	if w.ctx.sub > 0 {
		w.contactGeometry()
	}
	trig := false
	for ii := range is.list {
		is.list[ii].trig = false
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		c.active, c.target, c.arrive, c.bounce = false, 0, false, 0
		if !is.list[c.island].awake {
			continue
		}
		vn := w.relNormalSpeed(c)
		an := 0.0 // approach acceleration along n from gravity
		if c.ib >= 0 {
			an += dot(c.n0, w.gravity)
		}
		if c.ia >= 0 {
			an -= dot(c.n0, w.gravity)
		}
		d := c.depth
		if d > contactTouch {
			if vn < -contactApproach && d+float64(vn*dt) < 0 {
				c.active, c.target, c.arrive = true, -d/dt, true
				c.pend = math.Max(c.pend, math.Sqrt(math.Max(0, float64(vn*vn)-float64(2*an*d))))
			} else {
				c.pend, c.release = 0, 0
				continue
			}
		} else {
			c.active = true
			vc := math.Max(-vn, c.pend)
			c.pend = 0
			if vc > w.set.bounce && c.eps > 0 {
				s := c.eps * vc
				if d > 0 {
					s = math.Sqrt(math.Max(0, float64(s*s)+float64(2*an*d)))
				}
				c.target, c.bounce = s, s
			}
		}
		if vn < c.target-contactApproach {
			is.list[c.island].trig = true
			trig = true
		}
	}
	// A hinge that would pass a limit within the sub-step: an inelastic
	// impact that makes it arrive at its stop, as for a contact.
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.solved() || j.kind != HingeJoint || !j.limits || j.locked() {
			continue
		}
		home := w.dynIndex(j.b)
		if home < 0 {
			home = w.dynIndex(j.a)
		}
		if home < 0 || !is.list[is.of[home]].awake {
			continue
		}
		var ra, rb mgl64.Mat3
		k := w.kinAt(j, &ra, &rb)
		th, thd, _ := k.angle(j)
		if min(th-j.lower, j.upper-th) > 0.05+float64(2*dt*math.Abs(thd)) {
			continue // far from both stops
		}
		lo, up := th-j.lower, j.upper-th
		if thd < -contactApproach && lo+float64(thd*dt) < 0 || thd > contactApproach && up-float64(thd*dt) < 0 {
			is.list[is.of[home]].trig = true
			trig = true
		}
	}
	if !trig {
		return
	}
	w.stats.Impacts = 1
	w.ctx.impact = true
	w.setActive() // the triggered islands' components only
	for ii := range is.list {
		isl := &is.list[ii]
		if isl.trig {
			isl.ke0, isl.budget, isl.scale, isl.scaleLo, isl.scaleHi = w.islandKE(isl, false), 0, 1, 0, 1
		}
	}
	for i := range cs.cts {
		if c := &cs.cts[i]; is.list[c.island].trig {
			is.list[c.island].budget += c.release
			c.release = 0
		}
	}
	const bisections = 6
	for attempt := 0; ; attempt++ {
		for i := range cs.cts {
			if c := &cs.cts[i]; c.bounce > 0 {
				c.target = is.list[c.island].scale * c.bounce
			}
		}
		w.impactSolve()
		if attempt == bisections+1 {
			break // solved with the last safe scales
		}
		// Per island: accept the scale, or bisect between the largest
		// scale found safe (scaleLo) and the smallest found not (scaleHi).
		search := false
		for ii := range is.list {
			isl := &is.list[ii]
			if !isl.trig || !w.bounces(isl) {
				continue
			}
			isl.ke1 = w.islandKE(isl, true)
			// 1e-6: the sweeps stop at SolverTolerance, not at the exact solution.
			if isl.ke1 > (isl.ke0+isl.budget)*(1+1e-6) {
				isl.scaleHi = isl.scale
			} else {
				isl.scaleLo = isl.scale
			}
			if isl.scaleLo < isl.scaleHi {
				search = true
				isl.scale = 0.5 * (isl.scaleLo + isl.scaleHi)
				if attempt == bisections {
					isl.scale = isl.scaleLo
				}
			}
		}
		if !search {
			break
		}
	}
	w.applyImpact()
	w.ctx.impact = false
	w.setActive()
}

// bounces reports whether an island has a point with a bounce target.
func (w *World) bounces(isl *island) bool {
	for _, ci := range w.islands.contacts[isl.ct0 : isl.ct0+isl.nCt] {
		if w.contacts.cts[ci].bounce > 0 {
			return true
		}
	}
	return false
}

// impactSolve solves the triggered islands' rows from the velocities of
// the step's start and leaves their velocities after the impulses in
// w.vel.
func (w *World) impactSolve() {
	w.prepareInstant()
	if !w.boundedRows(true) {
		return
	}
	w.solveIslands(true)
	is := &w.islands
	for ii := range is.list {
		isl := &is.list[ii]
		if !isl.trig || !isl.jointed {
			continue
		}
		for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
			u, dv := &w.vel[b], &w.dv[b]
			u.v, u.w = u.v.add(dv.v), u.w.add(dv.w)
		}
	}
}

// prepareInstant sets the stage data for a pass of zero duration on the
// current state: poses, the world inverse inertia of constrained bodies,
// velocities (w.vel) without loads.
func (w *World) prepareInstant() {
	for i := range w.bodies {
		b, y, sb := &w.bodies[i], &w.y[i], &w.sb[i]
		sb.c, sb.r = y.c, quatMat3(y.q)
		if b.static || !b.awake {
			continue
		}
		sb.v, sb.w = y.v, y.w
		if b.nJoint > 0 || b.contact {
			sb.invI = rotate3(&sb.r, &b.invI0)
		}
		w.vel[i] = bodyVel{y.v, y.w}
	}
}

// islandKE returns the kinetic energy of an island's bodies, from the state
// or, with after, from the velocities in w.vel.
func (w *World) islandKE(isl *island, after bool) float64 {
	ke := 0.0
	for _, b := range w.islands.bodies[isl.body0 : isl.body0+isl.nBody] {
		v, om := w.y[b].v, w.y[b].w
		if after {
			v, om = w.vel[b].v, w.vel[b].w
		}
		bd := &w.bodies[b]
		r := quatMat3(w.y[b].q)
		lw := mulM3(&r, mulM3(&bd.i0, mulMT3(&r, om)))
		ke += float64(0.5*bd.m*v.dot(v)) + float64(0.5*om.dot(lw))
	}
	return ke
}

// applyImpact takes the final pass's velocities into the state and its
// impulses into the step's totals, and keeps the energy that speculative
// arrivals held back on the arriving points.
func (w *World) applyImpact() {
	is := &w.islands
	cs := &w.contacts
	bd := &w.bounded
	for ii := range is.list {
		isl := &is.list[ii]
		if !isl.trig {
			continue
		}
		for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
			w.y[b].v, w.y[b].w = w.vel[b].v, w.vel[b].w
		}
		isl.ke1 = w.islandKE(isl, false)
		for q := range bd.rows[isl.row0 : isl.row0+isl.nRow] {
			r := &bd.rows[isl.row0+int32(q)]
			switch r.kind {
			case rowNormal:
				cs.cts[r.owner].impN += r.lam
			case rowFric1, rowFric2:
				c := &cs.cts[r.owner]
				c.impT = addScaled(c.impT, r.jbL.vec(), r.lam)
			case rowLower, rowUpper:
				j := &w.joints.list[r.owner]
				j.impAng = j.impAng.axpy(r.jaA, r.lam)
			}
		}
		isl.arrivals = 0
	}
	if w.tree.active {
		w.jointTotals(1)
	}
	// Kinetic energy held back by speculative arrivals (−d/dt targets) is
	// owed to the bounce they defer: kept on the arriving points.
	for i := range cs.cts {
		if c := &cs.cts[i]; c.arrive {
			is.list[c.island].arrivals++
		}
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		isl := &is.list[c.island]
		if held := isl.ke0 + isl.budget - isl.ke1; c.arrive && held > 0 && isl.trig {
			c.release = held / isl.arrivals
		}
	}
}

// contactGeometry sets each awake contact point's gap, normal and point
// (n0, p0, depth) for the current state, from its anchors: the impact
// stage of a later sub-step measures where the bodies are now.
func (w *World) contactGeometry() {
	cs := &w.contacts
	is := &w.islands
	for i := range cs.cts {
		c := &cs.cts[i]
		if !is.list[c.island].awake {
			continue
		}
		ya, yb := &w.y[c.ba], &w.y[c.bb]
		ra, rb := quatMat3(ya.q), quatMat3(yb.q)
		n := mulM3(&ra, v3of(c.nl))
		pa := ya.c.add(mulM3(&ra, v3of(c.la)))
		pb := yb.c.add(mulM3(&rb, v3of(c.lb)))
		c.n0, c.p0, c.depth = n.vec(), pa.add(pb).mul(0.5).vec(), n.dot(pb.sub(pa))
	}
}

// relNormalSpeed returns the normal speed of contact c in the current state y.
// It works on v3 (the same operations as dot, cross and mgl64's Add and
// Sub): the mgl64 arrays went through memory, a contact's 60 ns.
func (w *World) relNormalSpeed(c *contact) float64 {
	v := 0.0
	n0, p0 := v3of(c.n0), v3of(c.p0)
	if c.ib >= 0 {
		y := &w.y[c.ib]
		v += n0.dot(y.v.add(y.w.cross(p0.sub(y.c))))
	}
	if c.ia >= 0 {
		y := &w.y[c.ia]
		v -= n0.dot(y.v.add(y.w.cross(p0.sub(y.c))))
	}
	return v
}
