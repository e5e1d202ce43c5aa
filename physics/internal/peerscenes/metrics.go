package main

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/internal/peerscenes/scenes"
)

// The scenarios' metrics, a line-by-line port of the peers' src/harness.h
// (S1Tracker … S7Tracker, s5metrics) so that every number means what the
// ODE and Bullet figures beside it mean. They read only the bodies' states
// after each step, never the engine's internals, and run outside the timed
// Step call.

// bodyState is a body's pose and velocities after a step.
type bodyState struct {
	p mgl64.Vec3
	q mgl64.Quat
	v mgl64.Vec3
	w mgl64.Vec3
}

// readStates fills dst with the states of the bodies ids.
func readStates(w *physics.World, ids []physics.BodyID, dst []bodyState) []bodyState {
	dst = dst[:0]
	for _, id := range ids {
		b := w.Body(id)
		dst = append(dst, bodyState{b.Position(), b.Orientation(), b.Velocity(), b.AngularVelocity()})
	}
	return dst
}

func rotT(q mgl64.Quat, v mgl64.Vec3) mgl64.Vec3 { return q.Conjugate().Rotate(v) }

// qangle returns the angle (rad) of the rotation from a to b.
func qangle(a, b mgl64.Quat) float64 {
	d := a.Conjugate().Mul(b)
	return 2 * math.Atan2(d.V.Len(), math.Abs(d.W))
}

func deg(r float64) float64 { return r * 180 / math.Pi }

// tiltDeg is the angle between the body's +y and the world's +y.
func tiltDeg(q mgl64.Quat) float64 {
	return deg(math.Acos(math.Max(-1, math.Min(1, q.Rotate(mgl64.Vec3{0, 1, 0})[1]))))
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

func hypot(v mgl64.Vec3) float64 { return math.Hypot(v[0], v[2]) }

// boxMinY is the lowest corner height of a box of half extents h.
func boxMinY(p mgl64.Vec3, q mgl64.Quat, h mgl64.Vec3) float64 {
	m := math.Inf(1)
	for _, a := range [2]float64{-1, 1} {
		for _, b := range [2]float64{-1, 1} {
			for _, c := range [2]float64{-1, 1} {
				m = math.Min(m, p.Add(q.Rotate(mgl64.Vec3{a * h[0], b * h[1], c * h[2]}))[1])
			}
		}
	}
	return m
}

// anchor is a joint point stored in the local frames of bodies a and b
// (index into the states; −1 is the world).
type anchor struct {
	a, b   int
	la, lb mgl64.Vec3
}

func localPt(s []bodyState, i int, w mgl64.Vec3) mgl64.Vec3 {
	if i < 0 {
		return w
	}
	return rotT(s[i].q, w.Sub(s[i].p))
}

func worldPt(s []bodyState, i int, l mgl64.Vec3) mgl64.Vec3 {
	if i < 0 {
		return l
	}
	return s[i].p.Add(s[i].q.Rotate(l))
}

func makeAnchor(s []bodyState, a, b int, w mgl64.Vec3) anchor {
	return anchor{a, b, localPt(s, a, w), localPt(s, b, w)}
}

func (an anchor) err(s []bodyState) float64 {
	return worldPt(s, an.a, an.la).Sub(worldPt(s, an.b, an.lb)).Len()
}

// ---------------- S1 tumble ----------------

const flipThreshold = 0.5 // rad/s: hysteresis of a flip of body-frame ω_y

type s1Tracker struct {
	perSec                      int
	step                        int
	l0                          mgl64.Vec3
	e0, l0n                     float64
	maxLmag, maxLvec, maxE      float64
	prevWy, prevT, lastZero, lE float64
	havePrev                    bool
	armed                       int
	lastL, lastWb               mgl64.Vec3
	crossings                   []float64
	sq, sL, sE, sWb             []float64
	nonfinite                   bool
}

func newS1Tracker(dt float64) *s1Tracker { return &s1Tracker{perSec: int(math.Round(1 / dt))} }

// record takes the state after a step ending at t (t = 0: the start).
func (k *s1Tracker) record(t float64, q mgl64.Quat, w mgl64.Vec3) {
	if !finite(q.W + w[0] + w[1] + w[2]) {
		k.nonfinite = true
		return
	}
	I := scenes.S1Inertia
	wb := rotT(q, w)
	lb := mgl64.Vec3{I[0] * wb[0], I[1] * wb[1], I[2] * wb[2]}
	l := q.Rotate(lb)
	e := 0.5 * wb.Dot(lb)
	if k.step == 0 {
		k.l0, k.e0, k.l0n = l, e, l.Len()
	}
	k.maxLmag = math.Max(k.maxLmag, math.Abs(l.Len()-k.l0n)/k.l0n)
	k.maxLvec = math.Max(k.maxLvec, l.Sub(k.l0).Len()/k.l0n)
	k.maxE = math.Max(k.maxE, math.Abs(e-k.e0)/k.e0)
	if k.havePrev && ((k.prevWy > 0 && wb[1] <= 0) || (k.prevWy < 0 && wb[1] >= 0)) {
		f := k.prevWy / (k.prevWy - wb[1])
		k.lastZero = k.prevT + f*(t-k.prevT)
	}
	if k.armed == 0 {
		k.armed = 1
		if wb[1] < 0 {
			k.armed = -1
		}
	}
	if (k.armed > 0 && wb[1] <= -flipThreshold) || (k.armed < 0 && wb[1] >= flipThreshold) {
		k.crossings = append(k.crossings, k.lastZero)
		k.armed = -k.armed
	}
	k.prevWy, k.prevT, k.havePrev, k.lE, k.lastL, k.lastWb = wb[1], t, true, e, l, wb
	if k.step%k.perSec == 0 {
		s := 1.0 // canonical sign
		if q.W < 0 {
			s = -1
		}
		k.sq = append(k.sq, s*q.W, s*q.V[0], s*q.V[1], s*q.V[2])
		k.sL = append(k.sL, l[:]...)
		k.sE = append(k.sE, e)
		k.sWb = append(k.sWb, wb[:]...)
	}
	k.step++
}

func (k *s1Tracker) metrics() object {
	var o object
	o.set("max_rel_drift_Lmag", k.maxLmag).set("max_rel_drift_Lvec", k.maxLvec).set("max_rel_drift_E", k.maxE)
	o.set("flips", len(k.crossings))
	first, last, mean := math.NaN(), math.NaN(), math.NaN()
	if n := len(k.crossings); n > 0 {
		first, last = k.crossings[0], k.crossings[n-1]
		if n >= 2 {
			mean = (last - first) / float64(n-1)
		}
	}
	o.set("first_flip_s", first).set("mean_flip_interval_s", mean).set("last_flip_s", last)
	o.set("final_rel_E", k.lE/k.e0-1).set("final_rel_Lmag", k.lastL.Len()/k.l0n-1)
	o.set("final_w_body", k.lastWb[:]).set("nonfinite", k.nonfinite)
	o.set("flip_times_s", append([]float64{}, k.crossings...))
	return o
}

func (k *s1Tracker) samples() object {
	var o object
	o.set("every_s", 1.0).set("q_wxyz", k.sq).set("L_world", k.sL).set("E", k.sE).set("w_body", k.sWb)
	return o
}

// ---------------- S2 drop ----------------

var unitHalf = mgl64.Vec3{0.5, 0.5, 0.5}

type s2Tracker struct {
	contact                                        bool
	tContact                                       float64
	maxPen, maxRebound, maxV, maxW, sumPenLate, dx float64
	nLate                                          int
	last                                           bodyState
	nonfinite                                      bool
}

func newS2Tracker() *s2Tracker { return &s2Tracker{tContact: math.NaN()} }

func (k *s2Tracker) record(t float64, s bodyState) {
	if !finite(s.p[1] + s.q.W) {
		k.nonfinite = true
		return
	}
	minY := boxMinY(s.p, s.q, unitHalf)
	if !k.contact && minY <= 1e-3 {
		k.contact, k.tContact = true, t
	}
	k.maxPen = math.Max(k.maxPen, -minY)
	if k.contact && t > k.tContact+0.05 {
		k.maxRebound = math.Max(k.maxRebound, minY)
	}
	k.dx = math.Max(k.dx, hypot(s.p))
	if t > scenes.S2Duration-5+1e-9 {
		k.maxV, k.maxW = math.Max(k.maxV, s.v.Len()), math.Max(k.maxW, s.w.Len())
		k.sumPenLate += math.Max(0, -minY)
		k.nLate++
	}
	k.last = s
}

func (k *s2Tracker) metrics() object {
	var o object
	o.set("first_contact_s", k.tContact).set("max_penetration_m", math.Max(0, k.maxPen))
	o.set("mean_penetration_last5s_m", k.sumPenLate/float64(k.nLate)) // NaN (null) without late steps
	o.set("max_rebound_m", k.maxRebound)
	o.set("final_center_y_m", k.last.p[1]).set("final_height_error_m", k.last.p[1]-0.5)
	o.set("jitter_max_v_last5s", k.maxV).set("jitter_max_w_last5s", k.maxW)
	o.set("final_horizontal_drift_m", hypot(k.last.p)).set("max_horizontal_drift_m", k.dx)
	o.set("final_tilt_deg", tiltDeg(k.last.q)).set("nonfinite", k.nonfinite)
	return o
}

// ---------------- S3 lander ----------------

// s3Tracker: state 0 is the hull, 1–4 the legs.
type s3Tracker struct {
	anchors                                   [4]anchor
	rel0                                      [4]mgl64.Quat
	touched                                   bool
	tTouch                                    float64
	maxSep, maxSepLate, maxAng, maxAngLate    float64
	maxPen, maxV, maxW, minHullY, maxHullYTch float64
	last                                      []bodyState
	nonfinite                                 bool
}

func newS3Tracker(s []bodyState) *s3Tracker {
	k := &s3Tracker{tTouch: math.NaN(), minHullY: 1e9, maxHullYTch: -1e9}
	for i := range 4 {
		l := scenes.LanderLeg(i, s[0].p[1])
		k.anchors[i] = makeAnchor(s, 0, i+1, l.Corner)
		k.rel0[i] = s[0].q.Conjugate().Mul(s[i+1].q)
	}
	return k
}

func (k *s3Tracker) record(t float64, s []bodyState) {
	if !finite(s[0].p[1] + s[0].q.W) {
		k.nonfinite = true
		return
	}
	minY := 1e9
	for i := range 4 {
		e := k.anchors[i].err(s)
		a := deg(qangle(k.rel0[i], s[0].q.Conjugate().Mul(s[i+1].q)))
		k.maxSep, k.maxAng = math.Max(k.maxSep, e), math.Max(k.maxAng, a)
		if t >= 10-1e-9 {
			k.maxSepLate, k.maxAngLate = math.Max(k.maxSepLate, e), math.Max(k.maxAngLate, a)
		}
		minY = math.Min(minY, boxMinY(s[i+1].p, s[i+1].q, scenes.S3LegHalf)) // the leg's shape is unrotated in its body
	}
	if !k.touched && minY <= 1e-3 {
		k.touched, k.tTouch = true, t
	}
	k.maxPen = math.Max(k.maxPen, -minY)
	k.minHullY = math.Min(k.minHullY, s[0].p[1])
	if k.touched {
		k.maxHullYTch = math.Max(k.maxHullYTch, s[0].p[1])
	}
	if t > scenes.S3Duration-5+1e-9 {
		for _, b := range s {
			k.maxV, k.maxW = math.Max(k.maxV, b.v.Len()), math.Max(k.maxW, b.w.Len())
		}
	}
	k.last = append(k.last[:0], s...)
}

func (k *s3Tracker) metrics() object {
	fin := 0.0
	for _, a := range k.anchors {
		fin = math.Max(fin, a.err(k.last))
	}
	h := k.last[0]
	var o object
	o.set("touchdown_s", k.tTouch)
	o.set("max_joint_sep_mm", 1e3*k.maxSep).set("max_joint_sep_after10s_mm", 1e3*k.maxSepLate).set("final_joint_sep_mm", 1e3*fin)
	o.set("max_hinge_angle_err_deg", k.maxAng).set("max_hinge_angle_err_after10s_deg", k.maxAngLate)
	o.set("max_leg_penetration_m", math.Max(0, k.maxPen))
	o.set("min_hull_y_m", k.minHullY).set("max_hull_y_after_touchdown_m", k.maxHullYTch)
	o.set("final_hull_y_m", h.p[1]).set("final_hull_y_error_m", h.p[1]-scenes.S3HullYRest)
	o.set("final_hull_tilt_deg", tiltDeg(h.q))
	o.set("jitter_max_v_last5s", k.maxV).set("jitter_max_w_last5s", k.maxW)
	o.set("final_hull_drift_xz_m", hypot(h.p)).set("nonfinite", k.nonfinite)
	return o
}

// ---------------- S4 chain ----------------

// s4Tracker: states 0–9 are the links; with fixedRoot link 0 is static.
type s4Tracker struct {
	anchors                           []anchor
	fixedRoot                         bool
	e0, keMax, dEmin, dEmax, eEnd     float64
	maxSep, maxSepLate, maxSep0, maxW float64
	last                              []bodyState
	nonfinite                         bool
}

func s4Mass(i int) float64 {
	if i == 0 {
		return scenes.S4Heavy
	}
	return scenes.S4Light
}

// energy returns the dynamic links' total energy (kinetic + m g y) and kinetic energy.
func (k *s4Tracker) energy(s []bodyState) (e, ke float64) {
	first := 0
	if k.fixedRoot {
		first = 1
	}
	for i := first; i < scenes.S4Links; i++ {
		m := s4Mass(i)
		I := mgl64.Vec3{m / 12 * 0.08, m / 12 * 1.04, m / 12 * 1.04}
		wb := rotT(s[i].q, s[i].w)
		kin := 0.5*m*s[i].v.Dot(s[i].v) + 0.5*(I[0]*wb[0]*wb[0]+I[1]*wb[1]*wb[1]+I[2]*wb[2]*wb[2])
		ke += kin
		e += kin + m*scenes.EarthG*s[i].p[1]
	}
	return e, ke
}

func newS4Tracker(s []bodyState, fixedRoot bool) *s4Tracker {
	k := &s4Tracker{fixedRoot: fixedRoot}
	if !fixedRoot {
		k.anchors = append(k.anchors, makeAnchor(s, 0, -1, mgl64.Vec3{0, scenes.S4Y, 0}))
	}
	for i := 1; i < scenes.S4Links; i++ {
		k.anchors = append(k.anchors, makeAnchor(s, i-1, i, mgl64.Vec3{float64(i), scenes.S4Y, 0}))
	}
	k.e0, _ = k.energy(s)
	return k
}

func (k *s4Tracker) record(t float64, s []bodyState) {
	if !finite(s[scenes.S4Links-1].p[1]) {
		k.nonfinite = true
		return
	}
	for i, a := range k.anchors {
		e := a.err(s)
		k.maxSep = math.Max(k.maxSep, e)
		if i == 0 {
			k.maxSep0 = math.Max(k.maxSep0, e)
		}
		if t > scenes.S4Duration-5+1e-9 {
			k.maxSepLate = math.Max(k.maxSepLate, e)
		}
	}
	for _, b := range s {
		k.maxW = math.Max(k.maxW, b.w.Len())
	}
	e, ke := k.energy(s)
	k.keMax = math.Max(k.keMax, ke)
	k.dEmin, k.dEmax, k.eEnd = math.Min(k.dEmin, e-k.e0), math.Max(k.dEmax, e-k.e0), e
	k.last = append(k.last[:0], s...)
}

func (k *s4Tracker) metrics() object {
	fin := 0.0
	for _, a := range k.anchors {
		fin = math.Max(fin, a.err(k.last))
	}
	rel := func(x float64) float64 {
		if k.keMax > 0 {
			return x / k.keMax
		}
		return math.NaN()
	}
	var o object
	o.set("max_anchor_sep_mm", 1e3*k.maxSep).set("max_anchor_sep_last5s_mm", 1e3*k.maxSepLate).set("final_anchor_sep_mm", 1e3*fin)
	o.set("max_anchor_sep_first_joint_mm", 1e3*k.maxSep0)
	o.set("energy_change_end_over_KEmax", rel(k.eEnd-k.e0))
	o.set("energy_change_min_over_KEmax", rel(k.dEmin)).set("energy_change_max_over_KEmax", rel(k.dEmax))
	o.set("tip_y_final_m", k.last[scenes.S4Links-1].p[1]).set("max_link_w_rad_s", k.maxW)
	o.set("nonfinite", k.nonfinite)
	return o
}

// ---------------- S5 pile ----------------

// s5Metrics: a box is displaced when its final centre is more than 0.5 m
// vertically from the ideal stacked height 0.5 + layer, or more than 0.25 m
// sideways from its column.
func s5Metrics(s []bodyState, asleep int) object {
	displaced, nonfinite, nTop := 0, 0, 0
	maxV, topErr, topV := 0.0, 0.0, 0.0
	var stackBad [100]bool
	for n, b := range s {
		p0, _, layer := scenes.PileBox(n)
		if !finite(b.p[0] + b.p[1] + b.p[2]) {
			nonfinite++
			continue
		}
		d := math.Abs(b.p[1]-(0.5+float64(layer))) > 0.5 || math.Hypot(b.p[0]-p0[0], b.p[2]-p0[2]) > 0.25
		if d {
			displaced++
			stackBad[n%100] = true
		}
		if layer == 9 {
			topV = math.Max(topV, b.v.Len())
			if !d {
				topErr += b.p[1] - 9.5
				nTop++
			}
		}
		maxV = math.Max(maxV, b.v.Len())
	}
	stacks := 0
	for _, bad := range stackBad {
		if bad {
			stacks++
		}
	}
	var o object
	o.set("bodies", len(s)).set("asleep_at_end", asleep).set("displaced_boxes", displaced).set("displaced_stacks", stacks)
	o.set("final_max_v", maxV).set("top_layer_max_v", topV)
	o.set("top_layer_mean_y_error_m", topErr/float64(nTop)) // NaN (null) if none stayed
	o.set("nonfinite_bodies", nonfinite)
	return o
}

// ---------------- S6 latch ----------------

// s6Inertia is body i's solid-box principal inertia, kg m².
func s6Inertia(i int) mgl64.Vec3 {
	m, l := scenes.S6Mass[i], scenes.S6Size[i]
	return mgl64.Vec3{m / 12 * (l[1]*l[1] + l[2]*l[2]), m / 12 * (l[0]*l[0] + l[2]*l[2]), m / 12 * (l[0]*l[0] + l[1]*l[1])}
}

// worldInertia returns R diag(I) Rᵀ.
func worldInertia(q mgl64.Quat, I mgl64.Vec3) mgl64.Mat3 {
	r := q.Mat4().Mat3()
	return r.Mul3(mgl64.Diag3(I)).Mul3(r.Transpose())
}

// s6System returns the system's momentum P, angular momentum L about its
// centre of mass, kinetic energy and inertia about its centre of mass.
func s6System(s []bodyState) (p, l mgl64.Vec3, ke float64, isys mgl64.Mat3) {
	mt := 0.0
	var c mgl64.Vec3
	for i := range 2 {
		m := scenes.S6Mass[i]
		mt += m
		c = c.Add(s[i].p.Mul(m))
		p = p.Add(s[i].v.Mul(m))
	}
	c = c.Mul(1 / mt)
	for i := range 2 {
		m := scenes.S6Mass[i]
		r := s[i].p.Sub(c)
		iw := worldInertia(s[i].q, s6Inertia(i))
		l = l.Add(r.Cross(s[i].v.Mul(m))).Add(iw.Mul3x1(s[i].w))
		ke += 0.5*m*s[i].v.Dot(s[i].v) + 0.5*s[i].w.Dot(iw.Mul3x1(s[i].w))
		rr := r.Dot(r)
		for a := range 3 {
			for b := range 3 {
				d := 0.0
				if a == b {
					d = rr
				}
				isys.Set(a, b, isys.At(a, b)+iw.At(a, b)+m*(d-r[a]*r[b]))
			}
		}
	}
	return p, l, ke, isys
}

// s6 record results.
const (
	s6Go   = iota // keep stepping
	s6Weld        // add the fixed joint now
	s6Done        // the run is over
)

type s6Tracker struct {
	p0, l0                             mgl64.Vec3
	ke0                                float64
	latched                            bool
	latchStep                          int
	latchT, latchD, minD               float64
	lLatch, mid                        mgl64.Vec3
	keExact, keBefore                  float64
	anchor                             anchor
	rel0                               mgl64.Quat
	relP0                              mgl64.Vec3
	maxdP, maxdLBefore, maxdL, maxdLL  float64
	keFirst, keMin, keMax, keMin1      float64
	keMax1, keEnd                      float64
	maxGap, maxAng, maxRelP, gapEnd, a float64
	stepsAfter                         int
	nonfinite                          bool
}

func newS6Tracker(s []bodyState) *s6Tracker {
	k := &s6Tracker{latchStep: -1, latchT: math.NaN(), latchD: math.NaN(), minD: 1e9, keFirst: math.NaN(),
		keMin: math.Inf(1), keMax: math.Inf(-1), keMin1: math.Inf(1), keMax1: math.Inf(-1), keEnd: math.NaN()}
	k.p0, k.l0, k.ke0, _ = s6System(s)
	return k
}

// faces returns the chaser's +x and the target's −x face centres.
func s6Faces(s []bodyState) (fc, ft mgl64.Vec3) {
	return worldPt(s, 0, mgl64.Vec3{scenes.S6Size[0][0] / 2, 0, 0}), worldPt(s, 1, mgl64.Vec3{-scenes.S6Size[1][0] / 2, 0, 0})
}

// record takes the state after step i (time t); nAfter is the run's
// length after the latch, in steps.
func (k *s6Tracker) record(i int, t float64, s []bodyState, nAfter int) int {
	if !finite(s[0].p[0] + s[1].p[0] + s[0].q.W + s[1].q.W) {
		k.nonfinite = true
		return s6Done
	}
	p, l, ke, isys := s6System(s)
	k.maxdP = math.Max(k.maxdP, p.Sub(k.p0).Len()/k.p0.Len())
	if k.latched {
		k.stepsAfter++
		k.maxdL = math.Max(k.maxdL, l.Sub(k.l0).Len()/k.l0.Len())
		k.maxdLL = math.Max(k.maxdLL, l.Sub(k.lLatch).Len()/k.lLatch.Len())
		r := ke/k.keExact - 1
		if k.stepsAfter == 1 {
			k.keFirst = r
		}
		k.keMin, k.keMax, k.keEnd = math.Min(k.keMin, r), math.Max(k.keMax, r), r
		if t >= k.latchT+1-1e-9 {
			k.keMin1, k.keMax1 = math.Min(k.keMin1, r), math.Max(k.keMax1, r)
		}
		gap := k.anchor.err(s)
		ang := deg(qangle(k.rel0, s[0].q.Conjugate().Mul(s[1].q)))
		relP := rotT(s[0].q, s[1].p.Sub(s[0].p)).Sub(k.relP0).Len()
		k.maxGap, k.maxAng, k.maxRelP = math.Max(k.maxGap, gap), math.Max(k.maxAng, ang), math.Max(k.maxRelP, relP)
		k.gapEnd, k.a = gap, ang
		if k.stepsAfter >= nAfter {
			return s6Done
		}
		return s6Go
	}
	k.maxdLBefore = math.Max(k.maxdLBefore, l.Sub(k.l0).Len()/k.l0.Len())
	fc, ft := s6Faces(s)
	d := fc.Sub(ft).Len()
	k.minD = math.Min(k.minD, d)
	if d < scenes.S6Latch {
		k.latched, k.latchStep, k.latchT, k.latchD, k.lLatch, k.keBefore = true, i, t, d, l, ke
		k.keExact = p.Dot(p)/(2*(scenes.S6Mass[0]+scenes.S6Mass[1])) + 0.5*l.Dot(isys.Inv().Mul3x1(l))
		k.mid = fc.Add(ft).Mul(0.5)
		k.anchor = makeAnchor(s, 0, 1, k.mid)
		k.rel0 = s[0].q.Conjugate().Mul(s[1].q)
		k.relP0 = rotT(s[0].q, s[1].p.Sub(s[0].p))
		return s6Weld
	}
	if t > scenes.S6MaxBefore {
		return s6Done
	}
	return s6Go
}

func (k *s6Tracker) metrics() object {
	var o object
	o.set("latched", k.latched).set("latch_step", k.latchStep).set("latch_time_s", k.latchT).set("latch_face_distance_m", k.latchD)
	o.set("min_face_distance_before_latch_m", k.minD)
	o.set("P0_kg_m_s", k.p0.Len()).set("L0_kg_m2_s", k.l0.Len()).set("KE0_J", k.ke0).set("KE_before_latch_J", k.keBefore).set("KE_exact_after_latch_J", k.keExact)
	o.set("max_rel_dP", k.maxdP).set("max_rel_dL_before_latch", k.maxdLBefore).set("max_rel_dL_after_latch", k.maxdL).set("max_rel_dL_vs_latch_instant", k.maxdLL)
	o.set("ke_rel_err_first_step_after", k.keFirst).set("ke_rel_err_min_after", k.keMin).set("ke_rel_err_max_after", k.keMax)
	o.set("ke_rel_err_min_after_1s", k.keMin1).set("ke_rel_err_max_after_1s", k.keMax1).set("ke_rel_err_end", k.keEnd)
	o.set("max_joint_gap_mm", 1e3*k.maxGap).set("max_joint_angle_err_deg", k.maxAng).set("max_rel_com_offset_err_mm", 1e3*k.maxRelP)
	o.set("final_joint_gap_mm", 1e3*k.gapEnd).set("final_joint_angle_err_deg", k.a).set("steps_after_latch", k.stepsAfter)
	o.set("nonfinite", k.nonfinite)
	return o
}

// ---------------- S7 tall stack ----------------

// pairPen is how far the lowest corner of box up lies below the top face of
// box lo, in lo's frame, m (> 0: penetration).
func pairPen(lo, up bodyState) float64 {
	m := math.Inf(1)
	for _, a := range [2]float64{-0.5, 0.5} {
		for _, b := range [2]float64{-0.5, 0.5} {
			for _, c := range [2]float64{-0.5, 0.5} {
				wc := up.p.Add(up.q.Rotate(mgl64.Vec3{a, b, c}))
				m = math.Min(m, rotT(lo.q, wc.Sub(lo.p))[1])
			}
		}
	}
	return 0.5 - m
}

type s7Tracker struct {
	maxTop, maxAny, maxPen, maxV5, maxW5, toppleT float64
	toppled, nonfinite                            bool
	last                                          []bodyState
}

func newS7Tracker() *s7Tracker { return &s7Tracker{toppleT: math.NaN()} }

func s7Pen(s []bodyState, k int) float64 {
	if k == 0 {
		return -boxMinY(s[0].p, s[0].q, unitHalf)
	}
	return pairPen(s[k-1], s[k])
}

func (k *s7Tracker) record(t float64, s []bodyState) {
	for _, b := range s {
		if !finite(b.p[0] + b.p[1] + b.p[2] + b.q.W) {
			k.nonfinite = true
			return
		}
	}
	k.maxTop = math.Max(k.maxTop, hypot(s[len(s)-1].p))
	for i, b := range s {
		k.maxAny = math.Max(k.maxAny, hypot(b.p))
		if !k.toppled && b.p.Sub(mgl64.Vec3{0, 0.5 + float64(i), 0}).Len() > 0.5 {
			k.toppled, k.toppleT = true, t
		}
		if !k.toppled {
			k.maxPen = math.Max(k.maxPen, s7Pen(s, i))
		}
		if t > scenes.S7Duration-5+1e-9 {
			k.maxV5, k.maxW5 = math.Max(k.maxV5, b.v.Len()), math.Max(k.maxW5, b.w.Len())
		}
	}
	k.last = append(k.last[:0], s...)
}

func (k *s7Tracker) metrics() object {
	top := k.last[len(k.last)-1]
	fin := 0.0
	for i := range k.last {
		fin = math.Max(fin, s7Pen(k.last, i))
	}
	var o object
	o.set("max_top_horizontal_drift_mm", 1e3*k.maxTop).set("final_top_horizontal_drift_mm", 1e3*hypot(top.p))
	o.set("max_any_horizontal_drift_mm", 1e3*k.maxAny).set("final_top_height_error_mm", 1e3*(top.p[1]-(scenes.S7Boxes-0.5)))
	o.set("max_penetration_mm", 1e3*math.Max(0, k.maxPen)).set("final_max_penetration_mm", 1e3*math.Max(0, fin))
	o.set("toppled", k.toppled).set("topple_time_s", k.toppleT)
	o.set("jitter_max_v_last5s", k.maxV5).set("jitter_max_w_last5s", k.maxW5).set("final_top_tilt_deg", tiltDeg(top.q))
	o.set("nonfinite", k.nonfinite)
	return o
}
