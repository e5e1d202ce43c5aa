package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Welds: bodies held rigidly together integrate as one rigid body.
//
// A fixed joint, or a hinge whose limits are closed (lower = upper), between
// two dynamic bodies leaves them no relative motion: the pair moves exactly
// as one body of their combined mass, centre of mass and inertia (the
// parallel-axis theorem). Solving it as constraints in every RK4 stage costs
// a tree factorization per stage, and at high rates it is not even that:
// RK4 moves each body's centre along its own tangent, off the circle the
// weld holds it on, and the projection that puts it back takes energy out
// (two boxes welded and spun at 100 rad/s lost 1.2 % of their rate in 10 s
// at 17 sub-steps a step). So bodies joined by such joints form a weld
// group, integrated as one composite body: its state lives in its root's
// slot of the stacked state during a Step, with the group's mass
// properties, and each member's pose and velocity follow from it and the
// member's fixed offset,
//
//	c_i = c + R p_i    q_i = q ⊗ q_i°    v_i = v + ω × R p_i    ω_i = ω
//
// (p_i the member's centre of mass and q_i° its orientation in the
// composite's frame, which is the root member's frame moved to the group's
// centre of mass). A welded pair spinning at any rate then keeps its rate
// as one body does, on one sub-step, and a lander whose legs are locked by
// closed limits is one body on four feet whatever the hull's mass.
//
// Between steps every body's own state, mass and loads are in their usual
// places, so the public views read them as for any body. Step swaps each
// group in (swapIn: the root's slot gets the composite state, mass
// properties and the members' loads) and out (swapOut: every member's
// state from the composite). The composite state is kept from step to step;
// it is formed again from the members' states — momentum and angular
// momentum conserved, as in a perfectly inelastic capture — when the group
// forms or when a setter or an impulse touched a member between steps
// (a setter on one member thus moves the whole assembly with it at the
// next Step). Joints other than welds that reach a member act on the
// composite at the member's anchor; contacts on a member's shapes likewise.
// Each weld joint's impulse over a step (Joint.Impulse, breaking) is the
// momentum balance of the members on its far side: what changed their
// momentum that no load, contact or other joint explains.

// weldSet holds the weld groups.
type weldSet struct {
	dirty  bool // joints or limits changed: groups are formed again at the next Step
	groups []weldGroup
	mem    []int32   // members by group: mem[g.m0 : g.m0+g.n], root first
	link   []int32   // per member (parallel to mem): its weld joint towards the root, −1 for the root
	uf     []int32   // union-find scratch
	imp    []bodyVel // per member (parallel to mem): weld impulse on it over the step (v: N s, w: N m s about its centre)
	in     bool      // the groups are swapped in (during a Step)
}

// weldGroup is one group of welded bodies.
type weldGroup struct {
	root  BodyID // its lowest member: the composite's slot in the stacked state
	m0, n int32  // members w.welds.mem[m0 : m0+n]

	// The composite body: mass properties about its centre of mass, in its
	// frame, and its state, kept between steps.
	m, invM   float64
	i0, invI0 mgl64.Mat3
	y         state
	fresh     bool // y must be formed from the members' states at the next Step
	remass    bool // a member's mass changed: offsets and mass properties again

	// While swapped in: the root member's own state, mass properties and
	// loads.
	own      state
	ownM     float64
	ownInvM  float64
	ownI0    mgl64.Mat3
	ownInvI0 mgl64.Mat3
	ownVer   uint32
	ownLoads [4]mgl64.Vec3 // forceW, torqueW, forceB, torqueB
}

// isWeld reports whether joint j holds its bodies rigidly and joins two
// dynamic bodies (public sides).
func (w *World) isWeld(j *joint) bool {
	if !j.alive || j.pb == NoBody || w.bodies[j.pa].static || w.bodies[j.pb].static {
		return false
	}
	return j.kind == FixedJoint || j.kind == HingeJoint && j.limits && (j.lower == j.upper || j.stop != 0)
}

// formWelds forms the weld groups from the alive joints: members, offsets,
// composite mass properties and states (from the members' states), and
// every joint's solver side (the composite and the anchor and frame in its
// frame). It runs at a Step's start after joints, limits or bodies changed.
func (w *World) formWelds() {
	ws := &w.welds
	ws.dirty = false
	w.touched = true
	nb := len(w.bodies)
	ws.uf = resize(ws.uf, nb)
	for i := range ws.uf {
		ws.uf[i] = int32(i)
	}
	find := func(i int32) int32 {
		for ws.uf[i] != i {
			ws.uf[i] = ws.uf[ws.uf[i]]
			i = ws.uf[i]
		}
		return i
	}
	js := w.joints.list
	for i := range js {
		j := &js[i]
		j.weld = w.isWeld(j)
		if j.weld {
			a, b := find(int32(j.pa)), find(int32(j.pb))
			ws.uf[max(a, b)] = min(a, b) // the lowest body is the root
		}
	}
	for i := range w.bodies {
		b := &w.bodies[i]
		b.weld, b.welded = -1, false
		b.wp, b.wq, b.wr = v3{}, quat{w: 1}, identity3
	}
	ws.groups, ws.mem, ws.link = ws.groups[:0], ws.mem[:0], ws.link[:0]
	for i := range int32(nb) {
		if find(i) != i {
			continue
		}
		// A group: its members by breadth-first search over its welds
		// from the root, each placed in the root's frame by its joint.
		m0 := int32(len(ws.mem))
		ws.mem = append(ws.mem, i)
		ws.link = append(ws.link, -1)
		w.bodies[i].weld = int32(len(ws.groups))
		for k := int(m0); k < len(ws.mem); k++ {
			p := BodyID(ws.mem[k])
			for ji := range js {
				j := &js[ji]
				if !j.weld || j.pa != p && j.pb != p {
					continue
				}
				o := j.pb
				if o == p {
					o = j.pa
				}
				if w.bodies[o].weld >= 0 {
					continue // already placed (a loop of welds: its first path holds)
				}
				w.bodies[o].weld = int32(len(ws.groups))
				w.placeMember(j, p, o)
				ws.mem = append(ws.mem, int32(o))
				ws.link = append(ws.link, int32(ji))
			}
		}
		n := int32(len(ws.mem)) - m0
		if n == 1 {
			ws.mem, ws.link = ws.mem[:m0], ws.link[:m0]
			w.bodies[i].weld = -1
			continue
		}
		ws.groups = append(ws.groups, weldGroup{root: BodyID(i), m0: m0, n: n})
		g := &ws.groups[len(ws.groups)-1]
		for _, id := range ws.mem[m0+1 : m0+n] {
			w.bodies[id].welded = true
		}
		w.massWeld(g)
		w.mergeWeld(g)
	}
	ws.imp = resize(ws.imp, len(ws.mem))
	w.solverJoints()
}

// placeMember sets body o's offset in the root's frame (before the centre
// of mass is taken out) from its weld joint j to the placed body p: the
// joint frames agree (a closed hinge turned by its locked angle about its
// axis) and the anchors coincide.
func (w *World) placeMember(j *joint, p, o BodyID) {
	bp, bo := &w.bodies[p], &w.bodies[o]
	// Joint frame rotation between A and B: R_B = R_A fa Rx(θ) fbᵀ.
	fa, fb, la, lb := j.pfa, j.pfb, j.pla, j.plb
	if p != j.pa { // p is B: R_A = R_B fb Rx(−θ) faᵀ
		fa, fb, la, lb = j.pfb, j.pfa, j.plb, j.pla
	}
	lock := mgl64.Ident3()
	if j.kind == HingeJoint {
		th := j.lower
		if j.stop > 0 {
			th = j.upper
		}
		if p != j.pa {
			th = -th
		}
		s, c := fmath.Sincos(th)
		lock = mgl64.Mat3{1, 0, 0, 0, c, s, 0, -s, c}
	}
	rel := fmath.MulMM(fmath.MulMM(fa, lock), fb.Transpose()) // o's frame in p's frame
	ro := fmath.MulMM(bp.wr, rel)                             // o's frame in the root's frame
	bo.wr = ro
	bo.wq = normQuat(matQuat(&ro))
	bo.wr = quatMat3(bo.wq)
	// Anchor: p's point la and o's point lb coincide.
	anchor := bp.wp.add(mulM3(&bp.wr, v3of(la)))
	bo.wp = anchor.sub(mulM3(&bo.wr, v3of(lb)))
}

// massWeld sets the group's mass properties from its members and moves
// their offsets to be about the group's centre of mass.
func (w *World) massWeld(g *weldGroup) {
	mem := w.welds.mem[g.m0 : g.m0+g.n]
	m := 0.0
	var cm v3
	for _, id := range mem {
		b := &w.bodies[id]
		m += b.m
		cm = cm.axpy(b.wp, b.m)
	}
	cm = cm.mul(1 / m)
	var in mgl64.Mat3
	for _, id := range mem {
		b := &w.bodies[id]
		b.wp = b.wp.sub(cm)
		ii := rotate3(&b.wr, &b.i0)
		addInertiaAt(&in, &ii, b.m, b.wp)
	}
	// Symmetrise exactly, as AddBody does.
	in[1], in[3] = 0.5*(in[1]+in[3]), 0.5*(in[1]+in[3])
	in[2], in[6] = 0.5*(in[2]+in[6]), 0.5*(in[2]+in[6])
	in[5], in[7] = 0.5*(in[5]+in[7]), 0.5*(in[5]+in[7])
	g.m, g.invM, g.i0, g.invI0 = m, 1/m, in, inertiaInverse(in)
	g.remass = false
}

// mergeWeld forms the composite state from the members' states: the root
// member's orientation and position place it; its velocity and angular
// velocity carry the members' momentum and angular momentum (about the
// group's centre of mass), the members' positions taken where the weld
// holds them.
func (w *World) mergeWeld(g *weldGroup) {
	mem := w.welds.mem[g.m0 : g.m0+g.n]
	rb := &w.bodies[g.root]
	ry := &w.y[g.root]
	q := normQuat(quatMul(ry.q, quatConj(rb.wq)))
	r := quatMat3(q)
	c := ry.c.sub(mulM3(&r, rb.wp))
	var p, l v3
	for _, id := range mem {
		p = p.axpy(w.y[id].v, w.bodies[id].m)
	}
	v := p.mul(1 / g.m)
	for _, id := range mem {
		b, y := &w.bodies[id], &w.y[id]
		ri := mulM3(&r, b.wp)
		rq := quatMat3(y.q)
		l = l.add(mulM3(&rq, mulM3(&b.i0, mulMT3(&rq, y.w)))).add(ri.cross(y.v.sub(v).mul(b.m)))
	}
	// ω = I⁻¹ L, I⁻¹ = R I0⁻¹ Rᵀ.
	om := mulM3(&r, mulM3(&g.invI0, mulMT3(&r, l)))
	g.y = state{c: c, q: q, v: v, w: om}
	g.fresh = false
}

// memberState returns member id's state from the composite state y of its
// group.
func (w *World) memberState(id BodyID, y *state) state {
	b := &w.bodies[id]
	r := quatMat3(y.q)
	ri := mulM3(&r, b.wp)
	return state{c: y.c.add(ri), q: normQuat(quatMul(y.q, b.wq)), v: y.v.add(y.w.cross(ri)), w: y.w}
}

// ownState returns body id's own state at this point of the Step: a
// welded member's from its group's composite (the shapes of a member are
// placed by it, at a step's start and when a fast spin collides again
// between sub-steps).
func (w *World) ownState(id BodyID) state {
	if b := &w.bodies[id]; b.weld >= 0 && w.welds.in {
		return w.memberState(id, &w.y[w.welds.groups[b.weld].root])
	}
	return w.y[id]
}

// solverJoints sets every joint's solver side: the body it acts on (a
// weld group's root for a member) and its anchor and frame in that body's
// frame, and counts the joints the solver sees.
func (w *World) solverJoints() {
	n := 0
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.a, j.la, j.fa = w.solverSide(j.pa, j.pla, j.pfa)
		j.b, j.lb, j.fb = w.solverSide(j.pb, j.plb, j.pfb)
		if j.alive && !j.weld {
			n++
		}
	}
	w.joints.solver = n
}

// solverSide returns the solver body of body id and the anchor l and frame
// f given in id's frame, in the solver body's frame.
func (w *World) solverSide(id BodyID, l mgl64.Vec3, f mgl64.Mat3) (BodyID, mgl64.Vec3, mgl64.Mat3) {
	if id == NoBody {
		return id, l, f
	}
	b := &w.bodies[id]
	if b.weld < 0 {
		return id, l, f
	}
	return w.welds.groups[b.weld].root, b.wp.add(mulM3(&b.wr, v3of(l))).vec(), fmath.MulMM(b.wr, f)
}

// solverBody returns the body the solver moves for body id: its weld
// group's root, or itself.
func (w *World) solverBody(id BodyID) BodyID {
	if id == NoBody {
		return id
	}
	if b := &w.bodies[id]; b.weld >= 0 {
		return w.welds.groups[b.weld].root
	}
	return id
}

// beginWelds readies the welds for a Step: groups formed after a change,
// mass properties after a member's mass changed, composite states after a
// setter; then every group is swapped in.
func (w *World) beginWelds() {
	ws := &w.welds
	if ws.dirty {
		w.formWelds()
		w.joints.dirty = true
	}
	remass := false
	for gi := range ws.groups {
		g := &ws.groups[gi]
		if g.remass {
			w.massWeld(g)
			g.fresh, remass = true, true
		}
		if g.fresh {
			w.mergeWeld(g)
			w.touched = true
		}
	}
	if remass {
		w.solverJoints()
		for i := range w.joints.list {
			if j := &w.joints.list[i]; j.alive && !j.weld && j.row0 >= 0 {
				w.bodies[w.solverBody(j.pa)].massVer++ // anchors moved: no kept block stands
			}
		}
	}
	w.swapIn()
}

// swapIn puts every group's composite into its root's slot: state, mass
// properties, the members' loads (world loads with their levers about the
// group's centre of mass at the Step's start, body loads turned into the
// composite's frame) and wakefulness; the members other than the root
// leave the solver (not awake).
func (w *World) swapIn() {
	ws := &w.welds
	for gi := range ws.groups {
		g := &ws.groups[gi]
		rb := &w.bodies[g.root]
		g.own = w.y[g.root]
		g.ownM, g.ownInvM, g.ownI0, g.ownInvI0, g.ownVer = rb.m, rb.invM, rb.i0, rb.invI0, rb.massVer
		g.ownLoads = [4]mgl64.Vec3{rb.forceW, rb.torqueW, rb.forceB, rb.torqueB}
		var fw, tw, fb, tb mgl64.Vec3
		awake := false
		for _, id := range ws.mem[g.m0 : g.m0+g.n] {
			b := &w.bodies[id]
			lever := w.y[id].c.sub(g.y.c).vec()
			fw = fw.Add(b.forceW)
			tw = tw.Add(b.torqueW).Add(cross(lever, b.forceW))
			f := mulMV(&b.wr, b.forceB)
			fb = fb.Add(f)
			tb = tb.Add(mulMV(&b.wr, b.torqueB)).Add(cross(b.wp.vec(), f))
			awake = awake || b.awake
		}
		w.y[g.root] = g.y
		rb.m, rb.invM, rb.i0, rb.invI0 = g.m, g.invM, g.i0, g.invI0
		rb.massVer = g.ownVer ^ 0x80000000 // the composite's blocks are not the root's own
		rb.forceW, rb.torqueW, rb.forceB, rb.torqueB = fw, tw, fb, tb
		for _, id := range ws.mem[g.m0+1 : g.m0+g.n] {
			w.bodies[id].awake = false
		}
		if awake && !rb.awake {
			rb.awake, rb.sleepTime = true, 0
		}
	}
	ws.in = true
}

// swapOut keeps every group's composite state and gives each member its
// own state from it, the root its own mass properties and loads back, and
// the members the root's wakefulness.
func (w *World) swapOut() {
	ws := &w.welds
	if !ws.in {
		return
	}
	for gi := range ws.groups {
		g := &ws.groups[gi]
		g.y = w.y[g.root]
		rb := &w.bodies[g.root]
		rb.m, rb.invM, rb.i0, rb.invI0, rb.massVer = g.ownM, g.ownInvM, g.ownI0, g.ownInvI0, g.ownVer
		rb.forceW, rb.torqueW, rb.forceB, rb.torqueB = g.ownLoads[0], g.ownLoads[1], g.ownLoads[2], g.ownLoads[3]
		for _, id := range ws.mem[g.m0 : g.m0+g.n] {
			b := &w.bodies[id]
			w.y[id] = w.memberState(BodyID(id), &g.y)
			b.awake, b.sleepTime = rb.awake, rb.sleepTime
		}
	}
	ws.in = false
}

// touchWeld marks body id's group for forming its composite state from the
// members' states again (a setter or an impulse changed a member).
func (w *World) touchWeld(id BodyID) {
	w.touched = true
	if b := &w.bodies[id]; b.weld >= 0 && !w.welds.dirty {
		w.welds.groups[b.weld].fresh = true
	}
}

// remassWeld marks body id's group for new mass properties (its mass
// changed).
func (w *World) remassWeld(id BodyID) {
	if b := &w.bodies[id]; b.weld >= 0 && !w.welds.dirty {
		w.welds.groups[b.weld].remass = true
	}
}

// weldImpulses sets each weld joint's impulse over the step (on its A
// side, as Joint.Impulse reports): per member, the change of its momentum
// and angular momentum that its loads, contacts and other joints do not
// explain is what its welds gave it; a weld joint carries what the
// members on its far side from the root were given.
func (w *World) weldImpulses() {
	ws := &w.welds
	if len(ws.groups) == 0 {
		return
	}
	dt := w.ctx.dt
	clear(ws.imp)
	// Per member: its momentum change less its loads (gravity, applied
	// loads at the Step's start pose).
	for gi := range ws.groups {
		g := &ws.groups[gi]
		y0, y1 := &w.y0[g.root], &w.y[g.root]
		for k := g.m0; k < g.m0+g.n; k++ {
			id := BodyID(ws.mem[k])
			b := &w.bodies[id]
			s0, s1 := w.memberState(id, y0), w.memberState(id, y1)
			m, i0 := b.m, b.i0
			fw, tw, fb, tb := b.forceW, b.torqueW, b.forceB, b.torqueB
			if id == g.root {
				m, i0 = g.ownM, g.ownI0
				fw, tw, fb, tb = g.ownLoads[0], g.ownLoads[1], g.ownLoads[2], g.ownLoads[3]
			}
			r0, r1 := quatMat3(s0.q), quatMat3(s1.q)
			dp := s1.v.sub(s0.v).mul(m)
			dl := mulM3(&r1, mulM3(&i0, mulMT3(&r1, s1.w))).sub(mulM3(&r0, mulM3(&i0, mulMT3(&r0, s0.w))))
			f := v3of(fw.Add(w.gravity.Mul(m))).add(mulM3(&r0, v3of(fb)))
			t := v3of(tw).add(mulM3(&r0, v3of(tb)))
			ws.imp[k] = bodyVel{dp.sub(f.mul(dt)), dl.sub(t.mul(dt))}
		}
	}
	// Contacts on members' shapes.
	cs := &w.contacts
	for i := range cs.cts {
		c := &cs.cts[i]
		if c.impN == 0 && c.impT == (mgl64.Vec3{}) {
			continue
		}
		p := &cs.pairs[c.pair]
		jb := v3of(c.n0.Mul(c.impN).Add(c.impT)) // on B
		w.weldTake(cs.shapes[p.sb].body, jb, v3{}, v3of(c.p0))
		w.weldTake(cs.shapes[p.sa].body, jb.neg(), v3{}, v3of(c.p0))
	}
	// Other joints reaching members (impulse on A at its anchor).
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if !j.alive || j.weld {
			continue
		}
		if w.bodies[j.pa].weld >= 0 {
			w.weldTake(j.pa, j.impLin, j.impAng, w.memberPoint(j.pa, j.pla))
		}
		if j.pb != NoBody && w.bodies[j.pb].weld >= 0 {
			w.weldTake(j.pb, j.impLin.neg(), j.impAng.neg(), w.memberPoint(j.pb, j.plb))
		}
	}
	// Up the weld tree, farthest members first: a member's weld joint to
	// its parent carries what its whole subtree was given (the welds
	// inside it cancel pairwise), about the member's centre as the sum
	// goes up and about the anchor for the joint.
	for gi := range ws.groups {
		g := &ws.groups[gi]
		for k := g.m0 + g.n - 1; k > g.m0; k-- {
			j := &w.joints.list[ws.link[k]]
			id := BodyID(ws.mem[k])
			in := ws.imp[k]
			ck := w.memberCentre(g, k)
			l := j.pla
			if id == j.pb {
				l = j.plb
			}
			anchor := w.memberPoint(id, l)
			lin, ang := in.v, in.w.add(ck.sub(anchor).cross(in.v))
			if id == j.pb {
				lin, ang = lin.neg(), ang.neg()
			}
			j.impLin, j.impAng = lin, ang
			p := w.weldParent(g, k, j)
			cp := w.memberCentre(g, p)
			ws.imp[p].v = ws.imp[p].v.add(in.v)
			ws.imp[p].w = ws.imp[p].w.add(in.w).add(ck.sub(cp).cross(in.v))
		}
	}
}

// weldTake subtracts an impulse j (and angular impulse a) at world point p
// on body id, if it is a welded member, from the weld impulse to explain.
func (w *World) weldTake(id BodyID, j, a, p v3) {
	b := &w.bodies[id]
	if b.weld < 0 {
		return
	}
	g := &w.welds.groups[b.weld]
	for k := g.m0; k < g.m0+g.n; k++ {
		if BodyID(w.welds.mem[k]) == id {
			c := w.memberCentre(g, k)
			im := &w.welds.imp[k]
			im.v = im.v.sub(j)
			im.w = im.w.sub(a).sub(p.sub(c).cross(j))
			return
		}
	}
}

// memberPoint returns the world point of welded body id's local point l at
// the Step's end (its group swapped in).
func (w *World) memberPoint(id BodyID, l mgl64.Vec3) v3 {
	s := w.memberState(id, &w.y[w.solverBody(id)])
	r := quatMat3(s.q)
	return s.c.add(mulM3(&r, v3of(l)))
}

// memberCentre returns member k's centre of mass at the Step's end.
func (w *World) memberCentre(g *weldGroup, k int32) v3 {
	return w.memberState(BodyID(w.welds.mem[k]), &w.y[g.root]).c
}

// weldParent returns the index (in mem) of member k's parent through its
// weld joint j.
func (w *World) weldParent(g *weldGroup, k int32, j *joint) int32 {
	o := j.pa
	if BodyID(w.welds.mem[k]) == j.pa {
		o = j.pb
	}
	for p := g.m0; p < k; p++ {
		if BodyID(w.welds.mem[p]) == o {
			return p
		}
	}
	return g.m0
}

// quatMul returns the product p ⊗ q (q applied first).
func quatMul(p, q quat) quat {
	return quat{
		float64(p.w*q.w) - float64(p.x*q.x) - float64(p.y*q.y) - float64(p.z*q.z),
		float64(p.w*q.x) + float64(p.x*q.w) + float64(p.y*q.z) - float64(p.z*q.y),
		float64(p.w*q.y) - float64(p.x*q.z) + float64(p.y*q.w) + float64(p.z*q.x),
		float64(p.w*q.z) + float64(p.x*q.y) - float64(p.y*q.x) + float64(p.z*q.w),
	}
}

// quatConj returns the conjugate (the inverse of a unit quaternion).
func quatConj(q quat) quat { return quat{q.w, -q.x, -q.y, -q.z} }

// matQuat returns the unit quaternion of the rotation matrix m (column
// major, as mgl64), by Shepperd's method.
func matQuat(m *mgl64.Mat3) quat {
	// m[col*3+row]
	m00, m11, m22 := m[0], m[4], m[8]
	m21, m12 := m[5], m[7]
	m02, m20 := m[6], m[2]
	m10, m01 := m[1], m[3]
	tr := m00 + m11 + m22
	switch {
	case tr >= m00 && tr >= m11 && tr >= m22:
		s := 2 * math.Sqrt(1+tr)
		return quat{0.25 * s, (m21 - m12) / s, (m02 - m20) / s, (m10 - m01) / s}
	case m00 >= m11 && m00 >= m22:
		s := 2 * math.Sqrt(1+m00-m11-m22)
		return quat{(m21 - m12) / s, 0.25 * s, (m01 + m10) / s, (m02 + m20) / s}
	case m11 >= m22:
		s := 2 * math.Sqrt(1+m11-m00-m22)
		return quat{(m02 - m20) / s, (m01 + m10) / s, 0.25 * s, (m12 + m21) / s}
	}
	s := 2 * math.Sqrt(1+m22-m00-m11)
	return quat{(m10 - m01) / s, (m02 + m20) / s, (m12 + m21) / s, 0.25 * s}
}
