package physics

import "math"

// What only the bounded solve shows about the sub-steps a step needs. A
// sub-step's length is chosen before its rows are solved (nextSubStep,
// from rates of turn); two things the solve finds call for shorter ones,
// and the sub-step is then solved again as the first of n parts
// (splitFor, solveBounded), the rest of the step left to the sub-steps
// after it:
//
//   - A light body carrying a heavy load: a leg under a hull. The contacts'
//     impulses act as forces held constant in the world through the
//     sub-step while the body turns under them, so a force f at a lever ρ
//     is a torsion spring of stiffness |f| ρ that the sub-step integrates
//     explicitly, and the body swings on it at ω_L = sqrt(Σ |f| ρ / I)
//     (loadRate). h ω_L is held to loadTurn, as a hinge spring's h ω_n is
//     to springTurn, and the next step's sub-steps take ω_L as a rate of
//     turn from its start (subStepRate), so that a resting load is not
//     solved twice a sub-step. A 20 kg leg carrying a quarter of a 200 t
//     hull swings at 300 rad/s: at h = 1/60 s one step swung it to
//     60 rad/s and chattered it for good. Only the contacts' loads count,
//     and only up to the island's weight and applied forces: they bring
//     the load in from outside, while a limit's torque is internal to the
//     island and, where the rows cannot all hold, carries the stress of
//     their disagreement, which grows as the sub-step shortens (loadRate).
//   - A friction point that does work. Friction only takes energy out,
//     but its impulse acts as a constant force while the point's slip goes
//     from v0 to v1, so over the sub-step it does λ·(v0 + v1)/2 of work.
//     Where the load it holds at the end stands along the slip it had at
//     the start — a foot set down sliding that ends the sub-step stuck —
//     that work is positive: energy made, up to 1e-3 of a lander's in its
//     first step. In a part half as long, friction stops the slip
//     opposing it before the load is taken up.
//
// A part pushes out of a penetration at the speed its whole sub-step would
// (stepContext.pushH, gapBias): the push-out's speed is its depth over the
// sub-step, and a part half as long would push twice as fast and put in
// four times the energy (random scene 7881, an edge tipping onto a face,
// gained 20 J in a step split so).

// loadTurn bounds h ω_L (loadRate). Over the 127 landers of seeds 1–20,000
// that failed before it, 10 did better than 20 and 30. Lower bounds (2–5,
// session 21) pass some scenes and fail others, the project's lander on
// closed stops at 1,000:1 among them: which rest a lander reaches depends
// on where the splits fall (docs/testing.md).
const loadTurn = 10

// loadParts bounds what the solve asks: never a sub-step shorter than the
// step over loadParts. A foot that slips every sub-step would otherwise
// halve each one, and the step could run out of sub-steps before its end.
const loadParts = 32

// slipRest is the mean slip, m/s, along its impulse below which a friction
// point rests and its work is the integration's noise (frictionWorks): the
// random scenes' rest speed.
const slipRest = 1e-3

// maxSplits bounds the solves of a sub-step after its first.
const maxSplits = 3

// splitFor returns how many parts the sub-step just solved should have
// been (1: it stands): as its loads ask — and then the step's rest is
// planned in parts as long (ctx.loadW) — and in two where friction works;
// never a part shorter than the step over loadParts, nor so many that the
// step's rest would not fit in its sub-steps at the part's length.
func (w *World) splitFor() float64 {
	c := &w.ctx
	n := 1.0
	if l := c.h * w.loadW; l > loadTurn {
		n = math.Ceil(l / loadTurn)
		c.loadW = max(c.loadW, w.loadW)
	}
	if w.frictionWorks() {
		n = max(n, 2)
	}
	n = min(n, c.maxParts())
	if n <= 1 || !c.partsFit(n) {
		return 1
	}
	return n
}

// maxParts returns the most parts the sub-step may be split into: none
// shorter than the step over loadParts.
func (c *stepContext) maxParts() float64 { return math.Floor(c.h * loadParts / c.dt) }

// partsFit reports whether the step's rest still fits in its sub-steps
// with the sub-step in progress split into n parts.
func (c *stepContext) partsFit(n float64) bool {
	h := float64(c.h / n) // rounded: no fused multiply-subtract below
	return float64(c.sub+1)+math.Ceil((c.left+c.h-h)/h) <= maxSubSteps
}

// shortenSubStep makes the sub-step in progress the first of n parts, the
// rest of it left to the sub-steps after it, its warm starts the last
// solve's impulses scaled to the part (partWarm).
func (w *World) shortenSubStep(n float64) {
	w.partWarm(n)
	c := &w.ctx
	h := float64(c.h / n) // rounded: no fused multiply-subtract below
	c.left += c.h - h
	c.setSubStep(h)
}

// frictionWorks reports whether a contact's friction does work over the
// sub-step in the solve's linear model: a mean slip along its impulse of
// more than slipRest.
func (w *World) frictionWorks() bool {
	h := w.ctx.h
	rows := w.bounded.rows
	for q := range rows {
		f1 := &rows[q]
		if f1.kind != rowFric1 || f1.lam == 0 && rows[q+1].lam == 0 {
			continue
		}
		f2 := &rows[q+1]
		work := float64(f1.lam*w.rowMean(f1, h)) + float64(f2.lam*w.rowMean(f2, h))
		if work > float64(slipRest*(math.Abs(f1.lam)+math.Abs(f2.lam))) {
			return true
		}
	}
	return false
}

// rowMean returns a row's mean velocity over the sub-step in the solve's
// linear model, (v0 + v1)/2: v0 at its start, v1 = v0 + h a + Δu at its end
// (a the free accelerations, Δu the constraint impulses' change, w.dv).
func (w *World) rowMean(r *row, h float64) float64 {
	v := 0.0
	for i, onB := range r.bodies {
		jl, ja, _, _ := r.side(onB)
		sb, dv := &w.sb[i], &w.dv[i]
		v += jl.dot(sb.v.mul(2).axpy(sb.a, h).add(dv.v)) + ja.dot(sb.w.mul(2).axpy(sb.alp, h).add(dv.w))
	}
	return 0.5 * v
}

// loadRate returns the fastest rate, 1/s, at which a body swings on its
// contacts' loads, ω_L = sqrt(Σ |f| ρ / I), with the lever ρ bounded by its
// shapes' reach from its centre of mass plus the row's moment arm and I
// its least moment of inertia (maxInverseMoment).
// A contact's force counts up to its island's loads (gravity and applied
// forces): beyond them it is a blow, which the sub-steps after it do not
// carry, or the stress of rows that cannot all hold — a loop through the
// joints and the ground whose targets disagree — which grows as the
// sub-step shortens and, counted, shortened them without end and blew such
// scenes up (random trees 2877, 17617). A push out of a penetration is
// not a load.
func (w *World) loadRate() float64 {
	h := w.ctx.h
	is := &w.islands
	w.loadK = resize(w.loadK, len(w.bodies))
	clear(w.loadK)
	for ii := range is.list {
		isl := &is.list[ii]
		if isl.nRow == 0 {
			continue
		}
		// What the island's contacts can carry as a load: its bodies'
		// loads, gravity and applied forces. Beyond it a row's impulse
		// is a blow or the stress of rows that cannot all hold.
		load := 0.0
		for _, b := range is.bodies[isl.body0 : isl.body0+isl.nBody] {
			bd := &w.bodies[b]
			load += math.Sqrt(v3of(bd.force).dot(v3of(bd.force))) + math.Sqrt(v3of(bd.forceB).dot(v3of(bd.forceB)))
		}
		for q := isl.row0; q < isl.row0+isl.nRow; q++ {
			r := &w.bounded.rows[q]
			if r.kind < rowNormal || r.lam == 0 || r.bias < 0 {
				continue
			}
			f := min(math.Abs(r.lam)/h, load)
			for i, onB := range r.bodies {
				jl, ja, _, _ := r.side(onB)
				w.loadK[i] += float64(f * (float64(math.Sqrt(jl.dot(*jl))*w.bodies[i].shapeR) + math.Sqrt(ja.dot(*ja))))
			}
		}
	}
	r2 := 0.0
	for i, k := range w.loadK {
		if k == 0 {
			continue
		}
		r2 = max(r2, float64(k*maxInverseMoment(&w.bodies[i].invI0)))
	}
	return math.Sqrt(r2)
}
