package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Post-stabilisation (StageProject, after each sub-step's RK4), after
// Ascher, Chin and Reich: the stabilised stages leave a joint error of the
// order of the step's truncation error (4e-7 m on a spinning craft under
// thrust); the projection takes it out, so that anchor gaps stay below
// about 1e-9 m.
//
//   - Positions, when some joint is off by more than projectTol: one Newton
//     step onto C = 0, Δx = −M⁻¹Jᵀ K⁻¹ C, with the end state's errors C and
//     the last stage's rows and factor (its state y + h k3 is within O(h²)
//     of the end: the step removes all but a small fraction of the error,
//     and repeats at the next sub-step if needed; an error over
//     projectAgain, a crash's, gets up to projectMore more steps at once).
//     It moves the bodies without changing their velocities; it is not an
//     impulse.
//   - Velocities, when some joint moves apart faster than projectSpeed:
//     J u' = 0, the joint-violating velocity removed by impulses (they count
//     towards breaking) with fresh rows and factor. Smaller errors (RK4's,
//     ~1e-5 m/s under hard thrust) are left to the next sub-step's drift
//     correction, which takes out 40 % of them (γ = 2κ), rather than
//     removed here by a projection that dissipates.
//
// Limits are not projected: the next sub-step's bounded solve holds them.

const (
	projectTol   = 1e-9 // m at an anchor, rad about an axis
	projectSpeed = 1e-4 // m/s, rad/s
)

// project is StageProject.
func (w *World) project() {
	t := &w.tree
	if !t.active {
		return
	}
	off, moving := w.jointErrors()
	if off <= projectTol && !moving {
		return
	}
	w.stats.Projections++
	if off > projectTol {
		big := off > projectAgain
		w.projectPositions()
		// A violent sub-step (a 5,000:1 tree crashing at 25 MJ, random
		// tree 5717) can leave a gap of millimetres that one step with
		// the last stage's J only halves: step again on what is left.
		for k := 0; big && k < projectMore; k++ {
			if off, _ = w.jointErrors(); off <= projectTol {
				break
			}
			w.projectPositions()
		}
	}
	if moving {
		w.projectVelocities()
	}
}

// projectAgain is the joint error, m or rad, beyond which the projection
// takes up to projectMore further steps (project).
const (
	projectAgain = 1e-5
	projectMore  = 4
)

// projectPositions takes one Newton step of the joints' positions onto
// C = 0 from the errors in t.rhs (jointErrors), moving the bodies without
// changing their velocities.
func (w *World) projectPositions() {
	w.solveEquality(false) // t.rhs holds C: J Δx = −C
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.static || !b.awake || b.nJoint == 0 {
			continue
		}
		dx := &w.dv[i]
		y := &w.y[i]
		y.c = y.c.add(dx.v)
		dq := quatDeriv(dx.w, y.q) // ½ (0, Δθ) ⊗ q
		y.q = normQuat(quat{y.q.w + dq.w, y.q.x + dq.x, y.q.y + dq.y, y.q.z + dq.z})
	}
}

// projectVelocities removes the joints' violating velocity, J u' = 0, by
// impulses (they count towards breaking) with fresh rows and factor.
func (w *World) projectVelocities() {
	w.prepareInstant()
	w.jointRows(biasPosition)
	for i := range w.eq {
		w.eq[i].bias = 0
	}
	w.factorTree()
	w.equalityRHS()
	w.solveEquality(false)
	w.jointTotals(1)
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.static || !b.awake || b.nJoint == 0 {
			continue
		}
		y, dv := &w.y[i], &w.dv[i]
		y.v, y.w = y.v.add(dv.v), y.w.add(dv.w)
	}
}

// startJoints takes out, before a step's first sub-step, the joint
// velocity that setters, impulses, new joints or a weld's capture left
// (w.touched): the joints would otherwise carry it as drift through the
// sub-step, their gaps opening by its speed times h.
func (w *World) startJoints() {
	if !w.touched {
		return
	}
	w.touched = false
	if !w.tree.active {
		return
	}
	p := w.ctx
	var scratch [6]row
	for _, ji := range w.tree.joints {
		if _, moving := w.endErrors(ji, scratch[:], &p); moving {
			w.stats.Projections++
			w.projectVelocities()
			return
		}
	}
}

// jointErrors writes the errors C of the active equality rows at the end
// state into t.rhs (as the rows' builders form them, into scratch rows: the
// last stage's J stays for the position step) and returns the largest, and
// whether some row's J u exceeds projectSpeed.
func (w *World) jointErrors() (off float64, moving bool) {
	var scratch [6]row
	p := w.ctx
	for _, ji := range w.tree.joints {
		o, m := w.endErrors(ji, scratch[:], &p)
		off, moving = max(off, o), moving || m
	}
	return off, moving
}

// endErrors builds joint ji's rows at the end state into scratch, writes
// their C to t.rhs and returns the largest |C| and whether a row's J u
// exceeds projectSpeed.
func (w *World) endErrors(ji int32, scratch []row, p *stepContext) (float64, bool) {
	j := &w.joints.list[ji]
	var ra, rb mgl64.Mat3
	k := w.kinAt(j, &ra, &rb)
	n := j.rows()
	rows := scratch[:n]
	k.jointRows(j, rows, p, biasPosition)
	off, moving := 0.0, false
	for r := range rows {
		rw := &rows[r]
		c := rw.c
		w.tree.rhs[int(j.row0)+r] = c
		off = max(off, math.Abs(c))
		ju := rw.jaL.dot(k.va) + rw.jaA.dot(k.wa) + rw.jbL.dot(k.vb) + rw.jbA.dot(k.wb)
		moving = moving || math.Abs(ju) > projectSpeed
	}
	return off, moving
}

// kinAt returns joint j's kinematics in the current state y, the rotations
// written to ra and rb.
func (w *World) kinAt(j *joint, ra, rb *mgl64.Mat3) jointKin {
	k := jointKin{ra: &identity3, rb: &identity3}
	if j.a != NoBody {
		y := &w.y[j.a]
		*ra = quatMat3(y.q)
		k.ca, k.ra = y.c, ra
		if !w.bodies[j.a].static {
			k.va, k.wa = y.v, y.w
		}
	}
	if j.b != NoBody {
		y := &w.y[j.b]
		*rb = quatMat3(y.q)
		k.cb, k.rb = y.c, rb
		if !w.bodies[j.b].static {
			k.vb, k.wb = y.v, y.w
		}
	}
	return k
}
