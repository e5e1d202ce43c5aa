package physics

import "math"

// Stops passed are pushed out without the push's energy, where the joints
// alone carry them.
//
// A hinge past a stop by more than limitSlop is pushed back towards it at
// (β/h)·(its overrun), as a contact is (gapBias): the limit row asks the
// sub-step's end velocity to move it out. That push is done against the
// load the stop bears, and it stays in the bodies as a velocity: a chain
// whose light links whip round a stop at 100 rad/s sinks into it by
// 0.7 mrad under a 2e7 N m load (the sub-step's forces are held constant
// while the links turn), and its pushes out made 2,500 J a sub-step, up to
// 2.7e-4 of the chain's peak kinetic energy (random chain 5926; 2826,
// 15576 and 16156 alike, up to 1e-3).
//
// So, as Bullet's split impulse does, the push there is a velocity for the
// sub-step only: the bounded solve is made twice, with the stops passed
// held (J u' ≥ 0, the row's held bias) and with their pushes. RK4 takes
// the pushed solve's impulses, which move the bodies out of the stops, and
// the difference of the two solves' velocity changes is taken off the
// bodies after the sub-step (unpushStops), before the projection.
//
// Only in islands where no contact bears — not in the sub-step before, nor
// in either solve — and only where both solves meet the stops' rows.
// Where a contact bears, as a leg's foot under a heavy hull, the push stays
// a velocity: the leg swings on its load faster than the sub-step follows
// (up to loadTurn of that swing, split.go), the sub-step's constant forces
// let it sink into its stop within each sub-step, and the push that stays
// is what holds it out. Taken off there, legs sank 1.4 mrad into their
// stops and jittered at mm/s (TestLegsUnderHull), and landers that touched
// down on their stops did not come to rest (random landers 48, 898, 2288,
// 16598). Where a solve does not meet the rows — rows that cannot all
// hold — the difference of the two is not the push.

// pushStops, before StageBounded's solve, finds the stops passed in the
// islands where no contact bore in the sub-step before and, if there are
// any, solves the rows with them held, keeping the velocity changes in
// w.dvp for pushApart. It reports whether it solved (the tree is then
// factored for the sub-step) and whether that solve met the stops' rows.
func (w *World) pushStops() (solved, met bool) {
	w.pushed = false
	bd := &w.bounded
	is := &w.islands
	bd.pushRows = bd.pushRows[:0]
	for ii := range is.list {
		isl := &is.list[ii]
		rows := bd.rows[isl.row0 : isl.row0+isl.nRow]
		if bears(rows) {
			continue
		}
		for q := range rows {
			if r := &rows[q]; r.pushes() {
				bd.pushRows = append(bd.pushRows, isl.row0+int32(q))
			}
		}
	}
	if len(bd.pushRows) == 0 {
		return false, false
	}
	w.swapPushes()
	w.solveIslands(false)
	met = w.stopsMet()
	bd.bore = resizeSlice(bd.bore, len(is.list))
	for ii := range is.list {
		isl := &is.list[ii]
		bd.bore[ii] = bears(bd.rows[isl.row0 : isl.row0+isl.nRow])
	}
	w.dvp = resizeSlice(w.dvp, len(w.dv))
	copy(w.dvp, w.dv)
	w.swapPushes()
	return true, met
}

// swapPushes swaps the stops passed (bd.pushRows) between their pushed
// biases and their held ones.
func (w *World) swapPushes() {
	bd := &w.bounded
	for _, q := range bd.pushRows {
		r := &bd.rows[q]
		r.bias, r.held = r.held, r.bias
	}
}

// bears reports whether a contact among an island's rows bears: its
// impulse, the solve's or its warm start, is positive.
func bears(rows []row) bool {
	for q := range rows {
		if r := &rows[q]; r.kind == rowNormal && r.lam > 0 {
			return true
		}
	}
	return false
}

// pushApart, after the pushed solve, leaves in w.dvp the push of each
// island where no contact bears in either solve — the pushed solve's
// velocity changes less the held one's — and nothing elsewhere, if the
// pushed solve met the stops' rows too.
func (w *World) pushApart() {
	if !w.stopsMet() {
		return
	}
	is := &w.islands
	bd := &w.bounded
	for ii := range is.list {
		isl := &is.list[ii]
		keep := !bd.bore[ii] && !bears(bd.rows[isl.row0:isl.row0+isl.nRow])
		for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
			p, d := &w.dvp[b], &w.dv[b]
			if keep {
				*p = bodyVel{d.v.sub(p.v), d.w.sub(p.w)}
				w.pushed = w.pushed || p.v != v3{} || p.w != v3{}
			} else {
				*p = bodyVel{}
			}
		}
	}
}

// stopsMet reports whether the last solve met the rows of the stops
// passed, to the solver's tolerance: J u' + b = 0 where the stop bears,
// ≥ 0 where it does not.
func (w *World) stopsMet() bool {
	bd := &w.bounded
	tol := w.set.tol
	for _, q := range bd.pushRows {
		r := &bd.rows[q]
		v := r.bias
		for i, onB := range r.bodies {
			jl, ja, _, _ := r.side(onB)
			u, d := &w.vel[i], &w.dv[i]
			v += jl.dot(u.v.add(d.v)) + ja.dot(u.w.add(d.w))
		}
		if v < -tol || r.lam > 0 && math.Abs(v) > tol {
			return false
		}
	}
	return true
}

// unpushStops takes the sub-step's pushes out of its stops (w.dvp) off the
// bodies' velocities after RK4 (StageProject, before the projection). The
// pushes are internal to an island that no contact bears: they keep its
// momentum, and where no joint holds it to a static body, its angular
// momentum too, as they were made, at the sub-step's start. Taken off at
// its end, after the bodies have moved, they would turn the angular
// momentum of a chain flying free (1.5e-4 of it in 5 s, random chain
// 2716), so a floating island gets back the angular momentum it had
// before they were taken off (turnToL); one in a spin frame gets its own
// back when it leaves the frame (keepL).
func (w *World) unpushStops() {
	if !w.pushed {
		return
	}
	w.pushed = false
	is := &w.islands
	for ii := range is.list {
		isl := &is.list[ii]
		bodies := is.bodies[isl.body0 : isl.body0+isl.nBody]
		pushed := false
		for _, i := range bodies {
			if d := &w.dvp[i]; d.v != (v3{}) || d.w != (v3{}) {
				pushed = true
				break
			}
		}
		if !pushed {
			continue
		}
		keep := !isl.anchored && w.frameIdx(bodies[0]) < 0
		var l0 v3
		if keep {
			_, _, l0, _ = w.momenta(bodies)
		}
		for _, i := range bodies {
			d, y := &w.dvp[i], &w.y[i]
			y.v, y.w = y.v.sub(d.v), y.w.sub(d.w)
		}
		if keep {
			w.turnToL(bodies, l0)
		}
	}
}

// pushes reports whether the row is a stop passed, whose bias pushes it
// out (held is its bias without the push).
func (r *row) pushes() bool { return (r.kind == rowLower || r.kind == rowUpper) && r.held != r.bias }
