package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Defect correction: the bounded solve's model checked against the sub-step
// it drives.
//
// StageBounded finds the impulses for which its rows' velocities at the
// sub-step's end meet their targets in a linear model: u' = u0 + h a + Δu,
// with J and the anchors' turn (contactRows) taken at the sub-step's
// start. StageRK4 then integrates the sub-step with those impulses as
// constant forces. Where a body turns under its loads within the sub-step,
// the end velocities are not the model's: a 20 kg leg under a 4 t hull,
// set down tilted, ended a sub-step with its foot 3 cm/s off an exact solve,
// sinking and sliding, and the lander made 1.6e-4 of its peak kinetic
// energy (random lander 4038); a light hull pinched under a heavy one
// landing spun and tunnelled (piles 17610, 19740). The model's error is the
// second-order motion of the turning body — of its lever, its anchors and
// its inertia in the world — which a model of constant forces leaves out.
//
// After RK4, each contact row's velocity at the end — its anchors' relative
// velocity along its direction, from the end state — is compared with the
// model's (defective). Where a bearing row is off by more than defectTol:
//
//   - by less than defectSplit, the sub-step is solved and integrated again
//     from its start, at the same length, with each contact row's target
//     shifted by its defect e = v_end − v_model (redoSubStep): the model
//     plus the error it was measured to make. The defect depends on the
//     motion, hardly on the impulses, so one redo brings it from cm/s to
//     1e-4 m/s: a fixed-point iteration whose Jacobian is the model's own
//     matrix, so the solvers keep their symmetric S (a model that followed
//     the lever would not be symmetric);
//   - by more, the model is too far off to be corrected by a shift — two
//     bodies of mass ratio 445:1 meeting at 3.3 m/s on a slope ended a
//     sub-step 0.57 m/s off, and, shifted, one's centre went 8 cm into the
//     slope (random slope 5424) — and the sub-step is done again as the
//     first of two halves (splitSubStep), as splitFor splits one on its
//     loads.
//
// At most defectRedos redos and splits a sub-step; the last is kept
// unchecked. A bearing row is a pushing normal, or the friction of such a
// point inside its cone: a sliding point's friction does not hold its
// velocity. A compliant push out of a penetration (pushCompliance) is not
// checked: its target is a speed out of the ground, not a constraint, and
// shifting it fed a tree pressed into the ground by the stress of its
// loop until it blew up (random tree 7587). A point that is not a pivot
// has its anchors' turn left out of its target (contactRows), but not out
// of the model it is checked against: its anchors do turn. Limits and
// motors are not checked.

const (
	defectTol   = 1e-3 // m/s: the random scenes' rest speed (slipRest)
	defectSplit = 0.05 // m/s: a defect the shifted targets are not trusted with
	defectRedos = 3    // redos and splits of a sub-step, at most
)

// defectSet is what a redo needs: the sub-step's start, and per bounded
// row its model velocity, anchor-turn term and target shift.
type defectSet struct {
	on      bool         // the sub-step's start is saved (saveSubStep)
	redo    bool         // the sub-step is being solved again: no split, shifted targets
	y       []state      // every body's state at the sub-step's start
	frameOf []int32      // the spin frames' bodies then (leaveFrames clears them)
	impN    []float64    // the contacts' normal impulses over the step then
	impT    []mgl64.Vec3 // and their friction impulses
	jimp    [][2]v3      // the joints' step totals then (impLin, impAng)
	stalls  []stallRec   // the free islands' stall counts then
	turn    []float64    // per bounded row: a contact row's anchor-turn term (contactRows)
	u       []bodyVel    // per body: its end velocity in the solve's model, u0 + h a + Δu
	model   []float64    // per bounded row: its end velocity in the solve's model
	shift   []float64    // per bounded row: the shift of its target in a redo
	next    []float64    // per bounded row: its defect at the end of the last solve, the next redo's shift
	rot     []mgl64.Mat3
}

type stallRec struct {
	stalls    int32
	stallStep int
}

// saveSubStep saves the sub-step's start at StageBounded, when the world
// has contacts to check.
func (w *World) saveSubStep() {
	d := &w.defect
	d.on = w.islands.bounded && len(w.contacts.cts) > 0
	d.redo = false
	if !d.on {
		return
	}
	d.y = append(d.y[:0], w.y...)
	d.frameOf = append(d.frameOf[:0], w.frameOf...)
	cts := w.contacts.cts
	d.impN, d.impT = resize(d.impN, len(cts)), resize(d.impT, len(cts))
	for i := range cts {
		d.impN[i], d.impT[i] = cts[i].impN, cts[i].impT
	}
	d.jimp = resize(d.jimp, len(w.joints.list))
	for i := range w.joints.list {
		j := &w.joints.list[i]
		d.jimp[i] = [2]v3{j.impLin, j.impAng}
	}
	d.stalls = resize(d.stalls, len(w.bodies))
	for i := range w.bodies {
		b := &w.bodies[i]
		d.stalls[i] = stallRec{b.stalls, b.stallStep}
	}
}

// modelVelocities keeps, after the bounded solve, each contact row's end
// velocity in the solve's model: J (u0 + h a + Δu) plus its anchors' turn.
func (w *World) modelVelocities() {
	d := &w.defect
	if !d.on {
		return
	}
	bd := &w.bounded
	h := w.ctx.h
	d.u = resize(d.u, len(w.bodies))
	for i := range w.bodies {
		if b := &w.bodies[i]; b.awake && !b.static {
			sb, dv := &w.sb[i], &w.dv[i]
			d.u[i] = bodyVel{sb.v.axpy(sb.a, h).add(dv.v), sb.w.axpy(sb.alp, h).add(dv.w)}
		}
	}
	d.model = resize(d.model, len(bd.rows))
	for q := range bd.rows {
		r := &bd.rows[q]
		if r.kind < rowNormal {
			continue
		}
		v := d.turn[q]
		if r.a >= 0 {
			u := &d.u[r.a]
			v += r.jaL.dot(u.v) + r.jaA.dot(u.w)
		}
		if r.b >= 0 {
			u := &d.u[r.b]
			v += r.jbL.dot(u.v) + r.jbA.dot(u.w)
		}
		d.model[q] = v
	}
}

// shiftTargets shifts the contact rows' targets by their defects in a redo
// (boundedRows, after the push-out rows are marked on their own targets).
func (w *World) shiftTargets() {
	d := &w.defect
	rows := w.bounded.rows
	if !d.redo || len(d.shift) != len(rows) {
		return
	}
	for q := range rows {
		rows[q].bias += d.shift[q]
	}
}

// integrate is StageRK4: the sub-step integrated, and again while its
// contacts' end velocities are off the model's: with the targets shifted
// (redoSubStep), or, where the model is far off, in half the length
// (splitSubStep). A shift that leaves the rows further off than before
// shows a defect that moves with the impulses, which no shift corrects:
// the sub-step is halved instead, or, where it cannot be, done as first
// solved (a tree pressed into the ground through its loop, random tree
// 55317, shifted from 3 cm/s to 134 m/s off).
func (w *World) integrate() {
	w.rk4()
	worst := w.defective()
	for k := 0; k < defectRedos && worst > defectTol; k++ {
		if worst <= defectSplit {
			w.redoSubStep(true)
			again := w.defective()
			if again <= worst {
				worst = again
				continue
			}
		}
		if !w.splitSubStep() {
			if w.defect.redo {
				w.redoSubStep(false)
			}
			break
		}
		worst = w.defective()
	}
	w.defect.on, w.defect.redo = false, false
}

// defective measures each contact row's defect, its end velocity less its
// model velocity, into the shifts of a redo, and returns how far the
// bearing rows ended off their targets, at most.
func (w *World) defective() float64 {
	d := &w.defect
	bd := &w.bounded
	if !d.on || !w.ctx.started || len(d.model) != len(bd.rows) {
		return 0
	}
	d.rot = resize(d.rot, len(w.bodies))
	for i := range w.bodies {
		if b := &w.bodies[i]; b.awake || b.static {
			d.rot[i] = quatMat3(w.y[i].q)
		}
	}
	d.next = resize(d.next, len(bd.rows))
	clear(d.next) // a limit's or motor's row is not shifted
	if !d.redo {
		d.shift = resize(d.shift, len(bd.rows))
		clear(d.shift)
	}
	cts := w.contacts.cts
	worst := 0.0
	for q := 0; q < len(bd.rows); q++ {
		r := &bd.rows[q]
		if r.kind != rowNormal {
			continue // a point's rows start with its normal (contactRows)
		}
		var x [3]v3
		u := w.endVelocity(&cts[r.owner], &x)
		for k := range int(cts[r.owner].rows) {
			e := x[k].dot(u) - d.model[q+k]
			if holds(bd.rows, q+k) {
				worst = math.Max(worst, math.Abs(e-d.shift[q+k]))
			}
			d.next[q+k] = e
		}
	}
	return worst
}

// holds reports whether contact row q bears: a normal with an impulse, or
// a friction row of such a point inside its cone (contactRows lays out a
// point's rows as normal, first tangent, second tangent).
func holds(rows []row, q int) bool {
	r := &rows[q]
	if r.kind == rowNormal {
		return r.lam > 0 && r.soft == 0
	}
	f1 := q - int(r.kind-rowFric1)
	n := &rows[f1-1]
	l1, l2, lim := rows[f1].lam, rows[f1+1].lam, float64(r.mu*n.lam)*(1-1e-9)
	return n.lam > 0 && n.soft == 0 && float64(l1*l1)+float64(l2*l2) < float64(lim*lim)
}

// endVelocity returns contact c's anchors' relative velocity (B's less
// A's) at their midpoint at the sub-step's end, and its rows' directions
// then in x: the normal turned with A and its tangents, as contactRows lays
// them out (d.rot holds the bodies' orientations).
func (w *World) endVelocity(c *contact, x *[3]v3) v3 {
	rot := w.defect.rot
	ya, yb := &w.y[c.ba], &w.y[c.bb]
	ra, rb := &rot[c.ba], &rot[c.bb]
	n := mulM3(ra, v3of(c.nl))
	pa := ya.c.add(mulM3(ra, v3of(c.la)))
	pb := yb.c.add(mulM3(rb, v3of(c.lb)))
	p := pa.add(pb).mul(0.5)
	var u v3
	if c.ib >= 0 {
		u = yb.v.add(yb.w.cross(p.sub(yb.c)))
	}
	if c.ia >= 0 {
		u = u.sub(ya.v.add(ya.w.cross(p.sub(ya.c))))
	}
	x[0] = n
	if c.rows > 1 {
		x[1], x[2] = perpAxes3(n)
	}
	return u
}

// restoreSubStep puts the world back to the sub-step's start: states,
// the step's totals, stall counts. The impulses of the last solve stay,
// the next one's warm starts.
func (w *World) restoreSubStep() {
	d := &w.defect
	w.stats.Redos++
	copy(w.y, d.y)
	copy(w.frameOf, d.frameOf)
	cts := w.contacts.cts
	for i := range cts {
		cts[i].impN, cts[i].impT = d.impN[i], d.impT[i]
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.impLin, j.impAng = d.jimp[i][0], d.jimp[i][1]
	}
	for i := range w.bodies {
		b := &w.bodies[i]
		b.stalls, b.stallStep = d.stalls[i].stalls, d.stalls[i].stallStep
	}
}

// redoSubStep solves and integrates the sub-step again from its start, at
// the length it was solved at, with the contact rows' targets shifted by
// the defects measured last (shifted) or not shifted: as first solved.
func (w *World) redoSubStep(shifted bool) {
	d := &w.defect
	w.restoreSubStep()
	if shifted {
		d.shift, d.next = d.next, d.shift
	} else {
		clear(d.shift)
	}
	d.redo = true
	w.solveBounded()
	w.rk4()
}

// splitSubStep solves and integrates the sub-step again from its start as
// the first of two halves, the rest of the step left to the sub-steps
// after it, unless the half would be shorter than the step over loadParts
// or the step's rest would not fit in its sub-steps (splitFor's bounds).
func (w *World) splitSubStep() bool {
	if c := &w.ctx; c.maxParts() < 2 || !c.partsFit(2) {
		return false
	}
	w.restoreSubStep()
	w.shortenSubStep(2)
	w.defect.redo = false
	w.solveBounded()
	w.rk4()
	return true
}
