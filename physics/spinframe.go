package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Spin frames: an island that turns fast as a whole is integrated in a
// frame that turns with it.
//
// A jointed body's sub-steps follow its angular velocity (MaxRotation,
// integrate.go; for a wheel on an axle, the rates at which its joints
// turn with it): RK4 on the joints' rows follows an anchor's circle
// only to O((ωh)⁵) a sub-step, and the drift correction and the
// projection turn that error into energy lost or gained. Two boxes on a hinge
// spinning as one at 100 rad/s took 24 sub-steps a step and still lost
// 0.9 % of their rate in 10 s — yet nothing in them moves but the whole. So, before each
// sub-step, an island that floats free — jointed, no contact, no joint to
// the world or a static body, in an inertial world frame — and whose
// spin would split the step is moved into the frame that turns at its
// rigid rate Ω = I⁻¹L (inertia and angular momentum about its centre of
// mass c0) and travels with its centre of mass at V:
//
//	x' = c − c0    v' = v − V − Ω × x'    ω' = ω − Ω    q' = q
//
// There the bodies move only as much as they move against each other, and
// RK4 integrates
//
//	v̇' = Rᵀ(t) F/m − 2 Ω × v' − Ω × (Ω × x')
//	ω̇' = I⁻¹ (Rᵀ(t) τ − (ω' + Ω) × I (ω' + Ω)) − Ω × ω'
//
// (frameAccel's rotation with Ω for the frame; R(t) = exp(Ω t) the
// frame's turn since the sub-step's start, which world-fixed loads — gravity,
// ApplyForce — see turning backwards; body-frame loads and the bounded
// rows' forces, solved in the frame, stay as they are). The joints' rows
// hold relative poses and velocities, the same in any frame. After RK4
// the frame's exact turn takes the bodies back:
//
//	c = c0 + V h + R x'   v = V + R (v' + Ω × x')   ω = R (ω' + Ω)   q = exp(Ω h) q'
//
// An island spinning rigidly is then still in its frame and keeps its rate
// and its energy to rounding at any speed, and one that flexes (a hinged
// part flapping) keeps them to 1e-5 where the world frame lost 1 %
// (spinframe_test.go). The sub-steps are as many as in the world frame:
// they follow the bodies' rates in the frame, |ω − Ω|, and the frame's
// own, |Ω|, at MaxRotation. Not fewer: the bodies' motions against each
// other in a fast-spinning island have frequencies near |Ω| (Coriolis and
// the centrifugal field drive them), and with the frame turning 0.2 rad a
// sub-step a free chain set spinning about a root that is not its
// principal axis gained 0.3 % of its energy at dt 1/30 (TestChainEnergy);
// at 1 rad, a flapping hinged pair lost 37 % of its energy and 20 % of
// its angular momentum in 10 s.
//
// An island that one sub-step follows in the world frame stays there,
// decided on the step's dt so that all its sub-steps are in the frame:
// the frame would change nothing but the rounding (a craft rolling at
// 2 rad/s, whose path and every mission hash stay as they were).

// spinFrame is one island's frame for the sub-step.
type spinFrame struct {
	c0, v0 v3 // centre of mass at the sub-step's start, m, and its velocity, m/s
	om     v3 // Ω, rad/s
	l0     v3 // the island's angular momentum about c0 at the start, N m s
	isl    int32
	keepL  bool // no load turns it: keepL
	t      float64
	q      quat       // exp(Ω t) at the stage time t
	r      mgl64.Mat3 // R(t), q as a matrix
}

// turnAt returns R(t), the frame's turn since the sub-step's start.
func (f *spinFrame) turnAt(t float64) *mgl64.Mat3 {
	if t != f.t {
		f.t, f.q = t, spinQuat(f.om, t)
		f.r = quatMat3(f.q)
	}
	return &f.r
}

// spinQuat returns exp(Ω t) as a unit quaternion.
func spinQuat(om v3, t float64) quat {
	n := math.Sqrt(om.dot(om))
	if !(n > 0) {
		return quat{w: 1}
	}
	s, c := fmath.Sincos(float64(0.5*n) * t)
	a := om.mul(s / n)
	return quat{c, a.x, a.y, a.z}
}

// frameIdx returns body i's spin frame, −1 none (i < 0: none).
func (w *World) frameIdx(i int32) int32 {
	if len(w.frames) == 0 || i < 0 {
		return -1
	}
	return w.frameOf[i]
}

// fitFrames chooses, before a sub-step, the islands that take a spin
// frame, and fits their frames to their states (w.y).
func (w *World) fitFrames() {
	for len(w.frameOf) < len(w.bodies) { // leaveFrames leaves every entry at −1
		w.frameOf = append(w.frameOf, -1)
	}
	if w.turning {
		return
	}
	s := &w.islands
	lim := w.set.maxRot / w.ctx.dt // whether its spin splits the step, not the sub-step: every sub-step of it in the frame
	for i := range s.list {
		isl := &s.list[i]
		if !isl.awake || !isl.jointed || isl.support || isl.nCt > 0 || isl.nBody < 2 {
			continue
		}
		bodies := s.bodies[isl.body0 : isl.body0+isl.nBody]
		rin := 0.0 // the rate the world frame's sub-steps follow, squared
		for _, b := range bodies {
			if w.bodies[b].nJoint > 0 {
				rin = max(rin, w.y[b].w.dot(w.y[b].w))
			}
		}
		if !(rin > lim*lim) {
			continue // one sub-step follows it as it is
		}
		f := w.fitFrame(bodies)
		f.isl = int32(i)
		for _, b := range bodies {
			w.frameOf[b] = int32(len(w.frames))
		}
		w.frames = append(w.frames, f)
	}
}

// fitFrame returns the frame of the bodies: their centre of mass and its
// velocity, and Ω = I⁻¹ L about that centre.
func (w *World) fitFrame(bodies []int32) spinFrame {
	c, v, l, in := w.momenta(bodies)
	inv := inertiaInverse(in)
	f := spinFrame{c0: c, v0: v, l0: l, om: mulM3(&inv, l), q: quat{w: 1}, r: identity3}
	// Its angular momentum is kept (leaveFrames) where nothing outside
	// turns it: no applied load but gravity, uniform, which has no moment
	// about the centre of mass, and no field.
	f.keepL = w.field == nil
	for _, i := range bodies {
		b := &w.bodies[i]
		if b.forceW != (mgl64.Vec3{}) || b.torqueW != (mgl64.Vec3{}) || b.local {
			f.keepL = false
		}
	}
	return f
}

// momenta returns the bodies' centre of mass and its velocity, and their
// angular momentum and inertia about that centre.
func (w *World) momenta(bodies []int32) (c, v, l v3, in mgl64.Mat3) {
	var m float64
	var mc, mv v3
	for _, i := range bodies {
		b, y := &w.bodies[i], &w.y[i]
		m += b.m
		mc = mc.axpy(y.c, b.m)
		mv = mv.axpy(y.v, b.m)
	}
	c, v = mc.mul(1/m), mv.mul(1/m)
	for _, i := range bodies {
		b, y := &w.bodies[i], &w.y[i]
		r := quatMat3(y.q)
		ib := rotate3(&r, &b.i0)
		x := y.c.sub(c)
		l = l.add(mulM3(&ib, y.w)).add(x.cross(y.v.sub(v)).mul(b.m))
		addInertiaAt(&in, &ib, b.m, x)
	}
	return c, v, l, in
}

// framed yields each body in a spin frame with its frame.
func (w *World) framed(yield func(int, *spinFrame) bool) {
	for i, fi := range w.frameOf {
		if fi >= 0 && !yield(i, &w.frames[fi]) {
			return
		}
	}
}

// enterFrames moves the framed bodies' states into their frames, where
// the sub-step integrates them.
func (w *World) enterFrames() {
	if len(w.frames) == 0 {
		return
	}
	for i, f := range w.framed {
		y := &w.y[i]
		x := y.c.sub(f.c0)
		y.c = x
		y.v = y.v.sub(f.v0).sub(f.om.cross(x))
		y.w = y.w.sub(f.om)
	}
}

// leaveFrames takes the framed bodies back to the world at the sub-step's
// end h, by their frames' exact turn and travel (the inverse of
// enterFrames at t = h); endFrames drops the frames after the projection.
func (w *World) leaveFrames(h float64) {
	if len(w.frames) == 0 {
		return
	}
	for i, f := range w.framed {
		y := &w.y[i]
		r := f.turnAt(h)
		x := y.c
		y.c = f.c0.axpy(f.v0, h).add(mulM3(r, x))
		y.v = f.v0.add(mulM3(r, y.v.add(f.om.cross(x))))
		y.w = mulM3(r, y.w.add(f.om))
		y.q = normQuat(quatMul(f.q, y.q)) // turnAt(h) above set f.q
		w.frameOf[i] = -1
	}
}

// endFrames ends the sub-step's frames after StageProject: the islands
// that nothing outside turns get back the angular momentum they had at
// its start (keepL), and the frames are dropped.
func (w *World) endFrames() {
	for fi := range w.frames {
		if f := &w.frames[fi]; f.keepL {
			w.keepL(f)
		}
	}
	w.frames = w.frames[:0]
}

// keepL gives a frame's island back the angular momentum it had at the
// sub-step's start, by the least rigid turn: δΩ = I⁻¹ (L0 − L) added to
// every body's rate about the centre of mass. RK4 keeps a free island's
// momentum exactly (a linear invariant) but not its angular momentum (a
// quadratic one), and the projection onto the joints moves bodies
// spinning at tens of m/s by the sub-step's gaps, turning their orbital
// momentum: a free tree of seven bodies spinning at 77 rad/s drifted by
// 5e-4 of its L in 5 s. A projection onto the invariant, as
// freeRotation's for a single body (Hairer, Lubich and Wanner, IV.4); in
// the frame, where E = J + Ω·L (J the frame's Jacobi integral, which RK4
// integrates there), it also keeps an error in L from becoming one in
// the energy.
func (w *World) keepL(f *spinFrame) {
	isl := &w.islands.list[f.isl]
	w.turnToL(w.islands.bodies[isl.body0:isl.body0+isl.nBody], f.l0)
}

// turnToL gives the bodies the angular momentum l0 about their centre of
// mass by the least rigid turn: δΩ = I⁻¹ (l0 − L) added to every body's
// rate about the centre (keepL, unpushStops).
func (w *World) turnToL(bodies []int32, l0 v3) {
	c, _, l, in := w.momenta(bodies)
	inv := inertiaInverse(in)
	d := mulM3(&inv, l0.sub(l))
	for _, i := range bodies {
		y := &w.y[i]
		y.v = y.v.add(d.cross(y.c.sub(c)))
		y.w = y.w.add(d)
	}
}

// framedLoads sets a framed body's stage loads: the world-fixed ones seen
// from the frame at the stage time, R(t)ᵀ F, the bounded rows' (solved in
// the frame) as they are.
func (w *World) framedLoads(b *body, sb *stageBody, f *spinFrame) {
	r := f.turnAt(w.ctx.stageT)
	sb.force = mulMT3(r, v3of(b.force)).add(b.fc)
	sb.torque = mulMT3(r, v3of(b.torqueW)).add(b.tc)
}

// framedAccel is freeAccel's accelerations for a body in a spin frame:
// Euler's equations for the inertial rate ω' + Ω less the frame's turn of
// ω' (frameAccel's), and the Coriolis and centrifugal terms; a field is
// evaluated where the body is in the world and turned into the frame.
func (w *World) framedAccel(b *body, sb *stageBody, f *spinFrame) {
	wb := mulMT3(&sb.r, sb.w.add(f.om))
	lb := mulM3(&b.i0, wb)
	tb := mulMT3(&sb.r, sb.torque).sub(wb.cross(lb))
	sb.alp = mulM3(&sb.r, mulM3(&b.invI0, tb)).sub(f.om.cross(sb.w))
	sb.a = sb.force.mul(b.invM).sub(f.om.cross(sb.v).mul(2)).sub(f.om.cross(f.om.cross(sb.c)))
	if w.field != nil {
		t := w.ctx.stageT
		r := f.turnAt(t)
		c := f.c0.axpy(f.v0, t).add(mulM3(r, sb.c))
		v := f.v0.add(mulM3(r, sb.v.add(f.om.cross(sb.c))))
		sb.a = sb.a.add(mulMT3(r, v3of(w.field(c.vec(), v.vec()))))
	}
}
