package physics

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Collision: contact points from the shapes, once per Step (StageCollide).
//
//  1. broad phase: every shape's world AABB, grown by its speculative
//     margin (how far it may move in the step: (|v| + |g| dt) dt + |ω| r dt,
//     plus contactMargin), goes to a sweep-and-prune; pairs on the same
//     body, both static, in the same craft group (BodyDef.Group) or joined
//     by a joint are filtered out. While no two bodies' boxes meet at all
//     (a craft flying clear of the ground), the per-shape boxes and the
//     sweep are skipped (nearBodies).
//  2. narrow phase: geom.Collide (separating planes) for every candidate
//     pair, with the pair's margin as speculative distance and a PairCache
//     per pair. Pairs persist from step to step in a list sorted by shape
//     pair; a manifold point keeps its warm-start impulses when its
//     geom.FeatureID was there last step. A pair whose relative pose has
//     not changed (1 µm, 1 µrad) keeps its manifold: resting and sleeping
//     piles skip the narrow phase, with the same points they would get.
//
// Every contact point is anchored on both bodies (the two surface points
// along the normal) and its normal on body A, so that its rows follow the
// bodies through the step (contact.go).

const (
	contactMargin   = 0.005 // m, speculative distance added to every shape's motion bound
	contactTouch    = 0.001 // m: a point with gap ≤ this touches (impacts, events)
	contactRest     = 1e-5  // m: a touching point this close rests (no bias), see contactBias
	contactBeta     = 0.2   // drift correction: b = (β/h) min(0, d + slop)
	contactMaxPush  = 1.0   // m/s, cap on the push-out speed of the drift correction
	contactApproach = 0.01  // m/s: slower approach is left to the bounded rows
	contactReuse    = 1e-6  // m and rad: a pair moved less keeps its manifold
)

// pointRec is what a manifold point keeps from one step to the next.
type pointRec struct {
	id   geom.FeatureID
	lamN float64    // normal impulse of the last sub-step, N s (warm start)
	fric mgl64.Vec3 // friction impulse of the last sub-step, world, N s (warm start)
	pend float64    // pending impact speed, m/s: the gap closed speculatively
	held float64    // kinetic energy held back for that bounce, J
	la   mgl64.Vec3 // surface point of A, A's body frame
	lb   mgl64.Vec3 // surface point of B, B's body frame
}

// pairRec is a candidate pair of shapes, kept while their margins overlap.
type pairRec struct {
	sa, sb   int32 // shapes, sa < sb; A is sa
	cache    geom.PairCache
	n        int32
	pts      [geom.MaxManifoldPoints]pointRec
	normal   mgl64.Vec3
	touching bool    // at the end of the last step
	imp      float64 // normal impulse of the step, N s
	minDepth float64 // smallest gap of the step's manifold, m

	// The manifold's frame: normal in A's body frame, B's pose relative to
	// A and the margin when it was made.
	nl     mgl64.Vec3
	relPos mgl64.Vec3
	relRot mgl64.Mat3
	margin float64
}

// contact is one manifold point during a step.
type contact struct {
	pair   int32 // index in w.pairs
	k      int32 // point index in the pair
	ba, bb BodyID
	ia, ib int32      // row body indices (−1 static)
	la, lb mgl64.Vec3 // surface points of A and B in their body frames
	nl     mgl64.Vec3 // normal in A's body frame
	n0, p0 mgl64.Vec3 // world normal and midpoint at the narrow phase
	depth  float64    // gap at the narrow phase, m
	mu     float64
	eps    float64
	island int32 // index of its island
	rows   int32 // 1 (frictionless) or 3

	// impact pass
	active  bool
	arrive  bool    // its gap closes in this step: held to the surface
	target  float64 // normal speed the impact pass holds the point to, m/s
	bounce  float64 // the unscaled target of a bounce, m/s (0: none)
	release float64 // kinetic energy held back for its pending bounce, J

	lamN float64    // warm start, then the last sub-step's impulse, N s
	fric mgl64.Vec3 // the same for friction, world frame
	pend float64
	impN float64    // normal impulse over the step, N s
	impT mgl64.Vec3 // friction impulse over the step, N s
}

// contactSet is the World's contact data.
type contactSet struct {
	near     []nearBody // nearBodies' scratch
	shapes   []shape
	broad    geom.SweepAndPrune
	collider geom.Collider
	man      geom.Manifold
	boxes    []geom.AABB
	local    []geom.AABB        // shapes' bounds in their body frames (broad phase)
	localOf  []*geom.Polyhedron // the shapes local was computed for
	// A static shape's exact world bounds (fixed), kept while the same
	// polyhedron (fixedOf) stays where they were computed (fixedAt): a
	// field of rocks then costs a comparison a step.
	fixed   []geom.AABB
	fixedOf []*geom.Polyhedron
	fixedAt []geom.Transform
	margin  []float64
	feature []float64 // the slab of a shape's features that become points (featureTurn)
	pairs   []pairRec // sorted by (sa, sb)
	pairs2  []pairRec
	cts     []contact
	jpairs  []uint64 // body pairs joined by a joint, sorted
	events  []ContactEvent
	ended   []ContactEvent // this step's pairs that left the broad phase, until StageEvents
	info    []ContactInfo
	still   bool // no body awake: the step keeps the last contacts, islands and events
}

func bodyPairKey(a, b BodyID) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

// rebuildExclusions lists the body pairs joined by alive joints.
func (w *World) rebuildExclusions() {
	cs := &w.contacts
	cs.jpairs = cs.jpairs[:0]
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if j.alive && j.pb != NoBody {
			cs.jpairs = append(cs.jpairs, bodyPairKey(j.pa, j.pb))
		}
	}
	slices.Sort(cs.jpairs)
}

// collideFilter decides whether shapes a and b may collide.
func (w *World) collideFilter(a, b int) bool {
	cs := &w.contacts
	return w.bodiesCollide(cs.shapes[a].body, cs.shapes[b].body)
}

// bodiesCollide is collideFilter for the shapes of bodies a and b.
func (w *World) bodiesCollide(a, b BodyID) bool {
	if a == b {
		return false
	}
	ba, bb := &w.bodies[a], &w.bodies[b]
	if ba.static && bb.static {
		return false
	}
	if ba.group != 0 && ba.group == bb.group {
		return false
	}
	if ba.weld >= 0 && ba.weld == bb.weld {
		return false // one rigid body (weld.go)
	}
	if cs := &w.contacts; len(cs.jpairs) > 0 {
		if _, found := slices.BinarySearch(cs.jpairs, bodyPairKey(a, b)); found {
			return false
		}
	}
	return true
}

// nearBodyLimit is the most bodies with shapes for which collide first
// tests whole bodies (nearBodies is quadratic in them).
const nearBodyLimit = 16

// nearBodies reports whether two bodies whose shapes may collide have
// overlapping boxes (always true for more than nearBodyLimit bodies with
// shapes), a body's box holding every box the broad phase would
// give its shapes: the cube around the sphere (centre of mass, farthest
// corner of a shape's local bounds) that holds them however it turns,
// grown by the largest shape's motion bound (exact bounds for a static
// body), plus 1 µm against rounding. With no such pair the broad
// phase can find no pair either: a craft flying clear of the ground skips
// the per-shape boxes and the sweep.
func (w *World) nearBodies(dt float64) bool {
	cs := &w.contacts
	gl := fmath.Len(w.gravity)
	cs.near = cs.near[:0]
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.nShape == 0 {
			continue
		}
		if len(cs.near) == nearBodyLimit {
			return true
		}
		y := w.ownState(BodyID(i))
		var box geom.AABB
		m := contactMargin + 1e-6
		if b.static {
			// Exact bounds, kept while the body stays where it was.
			if b.worldBoxOK && b.worldBoxAt == (state{c: y.c, q: y.q}) {
				box = b.worldBox
			} else {
				xf := geom.Transform{Pos: y.c.vec(), Rot: y.q.mgl()}
				for k := b.shape0; k < b.shape0+b.nShape; k++ {
					sb := cs.shapes[k].poly.Bounds(xf)
					if k == b.shape0 {
						box = sb
					} else {
						box = box.Union(sb)
					}
				}
				b.worldBox, b.worldBoxAt, b.worldBoxOK = box, state{c: y.c, q: y.q}, true
			}
		} else {
			// A cube around the sphere that holds every shape's placed
			// local bounds however the body turns (boxR): no rotation
			// needed, and loose only near other bodies.
			r := b.boxR
			box = geom.AABB{Min: y.c.sub(v3{r, r, r}).vec(), Max: y.c.add(v3{r, r, r}).vec()}
			m += float64((math.Sqrt(y.v.dot(y.v))+float64(gl*dt))*dt) + float64(math.Sqrt(y.w.dot(y.w))*b.shapeR*dt)
		}
		cs.near = append(cs.near, nearBody{id: BodyID(i), box: box.Expand(m)})
	}
	for i := range cs.near {
		for j := i + 1; j < len(cs.near); j++ {
			a, b := &cs.near[i], &cs.near[j]
			if a.box.Overlaps(b.box) && w.bodiesCollide(a.id, b.id) {
				return true
			}
		}
	}
	return false
}

// nearBody is a body's box for nearBodies.
type nearBody struct {
	id  BodyID
	box geom.AABB
}

// collide is StageCollide: the broad and narrow phases on the current
// state, which build the step's contact points. again marks a second pass
// within the step (a fast spin, Step): the pairs that ended and the
// impulses of the passes before are kept.
func (w *World) collide(again bool) {
	cs := &w.contacts
	dt := w.ctx.dt
	cs.still = !w.anyAwake() && !w.ctx.relaid && len(w.islands.of) == len(w.bodies)
	if cs.still {
		// Every body sleeps or is static and none was added: nothing has
		// moved since the last step, and its contact points, islands and
		// events stand (StageIslands, StageEvents keep them).
		return
	}
	if !again {
		cs.ended = cs.ended[:0]
		for i := range cs.pairs {
			cs.pairs[i].imp = 0
		}
	}
	cs.cts = cs.cts[:0]
	for i := range w.bodies {
		w.bodies[i].contact, w.bodies[i].near = false, false
	}
	if len(cs.shapes) == 0 && len(cs.pairs) == 0 {
		return
	}
	if cs.broad.Filter == nil {
		cs.broad.Filter = w.collideFilter
	}
	if len(cs.pairs) == 0 && !w.nearBodies(dt) {
		return
	}
	cs.boxes = w.shapeBoxes()
	cand := cs.broad.Update(cs.boxes)

	// The same pairs as last step (a resting pile): narrow phase in place,
	// without copying the 616-byte pair records.
	old := cs.pairs
	if len(cand) == len(old) {
		same := true
		for k, p := range cand {
			if old[k].sa != p.A || old[k].sb != p.B {
				same = false
				break
			}
		}
		if same {
			for k := range old {
				w.narrow(int32(k), &old[k])
			}
			return
		}
	}

	// Merge the candidates with last step's pairs (both sorted).
	nw := cs.pairs2[:0]
	i := 0
	for _, p := range cand {
		for i < len(old) && (old[i].sa < p.A || old[i].sa == p.A && old[i].sb < p.B) {
			w.endPair(&old[i])
			i++
		}
		if i < len(old) && old[i].sa == p.A && old[i].sb == p.B {
			nw = append(nw, old[i])
			i++
		} else {
			nw = append(nw, pairRec{sa: p.A, sb: p.B})
		}
		w.narrow(int32(len(nw)-1), &nw[len(nw)-1])
	}
	for ; i < len(old); i++ {
		w.endPair(&old[i])
	}
	cs.pairs, cs.pairs2 = nw, old[:0]
}

// featureTurn bounds the turn, rad, in a shape's slab of features that
// become points (Collider.Tolerance): a body in contact turns at most
// collideRot a sub-step and its points are found again once it has turned
// collideRot/2 (collideAgain), so no feature further than 1.5 collideRot
// of turning is reached before the next points. Its motion margin, which
// finds the pairs, keeps the whole step's turn. A 4 m bar spinning at 148
// rad/s had a slab of 5.1 m, all of it: the points' heights came from the
// plane of its face best turned to the ground, extended under the whole
// bar, 1.7 m off the bar at its far end, and it spun up to 786 rad/s in a
// step (random pile 42910). Within the bound the slab takes in the features
// a turn can bring down, and a face's plane stays near the surface.
const featureTurn = 1.5 * collideRot

// anyAwake reports whether some dynamic body is awake.
func (w *World) anyAwake() bool {
	for i := range w.bodies {
		if b := &w.bodies[i]; !b.static && b.awake {
			return true
		}
	}
	return false
}

// shapeBoxes returns every shape's broad-phase box: its world bounds grown
// by its speculative margin (how far it may move in the step), which it
// keeps in cs.margin.
func (w *World) shapeBoxes() []geom.AABB {
	cs := &w.contacts
	dt := w.ctx.dt
	ns := len(cs.shapes)
	if cap(cs.boxes) < ns {
		cs.boxes = make([]geom.AABB, ns)
		cs.margin = make([]float64, ns)
		cs.feature = make([]float64, ns)
	}
	cs.boxes, cs.margin, cs.feature = cs.boxes[:ns], cs.margin[:ns], cs.feature[:ns]
	if len(cs.local) != ns {
		cs.local, cs.localOf = resizeSlice(cs.local, ns), resizeSlice(cs.localOf, ns)
		cs.fixed, cs.fixedOf, cs.fixedAt = resizeSlice(cs.fixed, ns), resizeSlice(cs.fixedOf, ns), resizeSlice(cs.fixedAt, ns)
	}
	gl := fmath.Len(w.gravity)
	for i := range cs.shapes {
		s := &cs.shapes[i]
		y := w.ownState(s.body)
		m, feature := contactMargin, math.Inf(1)
		xf := geom.Transform{Pos: y.c.vec(), Rot: y.q.mgl()}
		if w.bodies[s.body].static {
			// Exact bounds (the ground and pads are large), made again
			// only when the shape is new here or has been moved.
			if cs.fixedOf[i] != s.poly || cs.fixedAt[i] != xf {
				cs.fixed[i], cs.fixedOf[i], cs.fixedAt[i] = s.poly.Bounds(xf), s.poly, xf
			}
			cs.boxes[i] = cs.fixed[i].Expand(m)
		} else {
			// The local bounds turned with the body: a box holding the exact
			// bounds, without a pass over the vertices (11 % of a landing
			// step, 35 % of a docking step with many-vertex hulls).
			if cs.localOf[i] != s.poly {
				cs.local[i], cs.localOf[i] = s.poly.LocalBounds(), s.poly
			}
			lin, om := float64((fmath.Len(y.v.vec())+float64(gl*dt))*dt), fmath.Len(y.w.vec())
			m += lin + float64(om*s.radius*dt)
			cs.boxes[i] = cs.local[i].Place(xf).Expand(m)
			if float64(om*dt) > featureTurn {
				feature = contactMargin + lin + float64(featureTurn*s.radius)
			}
		}
		cs.margin[i] = m
		cs.feature[i] = min(m, feature)
	}
	return cs.boxes
}

// endPair reports a touching pair that left the broad phase.
func (w *World) endPair(p *pairRec) {
	if p.touching {
		w.contacts.ended = append(w.contacts.ended, w.pairEvent(p, ContactEnd))
	}
}

func (w *World) pairEvent(p *pairRec, kind ContactEventKind) ContactEvent {
	sa, sb := &w.contacts.shapes[p.sa], &w.contacts.shapes[p.sb]
	e := ContactEvent{
		Kind: kind, BodyA: sa.body, BodyB: sb.body, ShapeA: ShapeID(p.sa), ShapeB: ShapeID(p.sb),
		TagA: sa.tag, TagB: sb.tag,
	}
	if kind != ContactEnd {
		e.NormalImpulse, e.Normal, e.Points, e.Depth = p.imp, p.normal, int(p.n), p.minDepth
	}
	return e
}

// narrow finds the contact points of pair pi and appends them to the step's
// contacts, carrying the warm starts of points seen last step.
func (w *World) narrow(pi int32, p *pairRec) {
	cs := &w.contacts
	sa, sb := &cs.shapes[p.sa], &cs.shapes[p.sb]
	ya, yb := w.ownState(sa.body), w.ownState(sb.body)
	ra, rb := quatMat3(ya.q), quatMat3(yb.q)
	margin := cs.margin[p.sa] + cs.margin[p.sb]

	// A pair whose relative pose has not changed (by 1 µm, 1 µrad) since
	// its manifold was made keeps it: the points are anchored on the bodies,
	// so their gaps follow from the anchors. Resting piles skip the
	// narrow phase. A margin larger than the manifold's by more than the
	// same 1 µm needs a new one (a resting body's margin wobbles in its last
	// digits with velocities of 1e-9 m/s).
	relPos := mulMT3(&ra, yb.c.sub(ya.c)).vec() // mulMTV on v3: no arrays through memory
	relRot := mulMTM(&ra, &rb)
	if p.n > 0 && margin <= p.margin+contactReuse && fmath.Len(relPos.Sub(p.relPos)) < contactReuse && maxAbsDiff(&relRot, &p.relRot) < contactReuse {
		w.reuseManifold(pi, p, &ra, &rb)
		return
	}

	old, oldN := p.pts, p.n
	p.n, p.minDepth = 0, 0
	m := &cs.man
	// Features within the margin of the contact plane all become points
	// (speculative ones with their own gap): a tumbling body's next corner
	// is then stopped too, not only the one that touches first — as far as
	// it turns before the points are found again (featureTurn).
	cs.collider.Tolerance = min(margin, cs.feature[p.sa]+cs.feature[p.sb])
	if !cs.collider.Collide(sa.poly, geom.Transform{Pos: ya.c.vec(), Rot: ya.q.mgl()}, sb.poly, geom.Transform{Pos: yb.c.vec(), Rot: yb.q.mgl()},
		margin, &p.cache, m) {
		return
	}
	p.relPos, p.relRot, p.margin = relPos, relRot, margin
	nl := mulMTV(&ra, m.Normal)
	p.nl = nl
	for k := range m.Count {
		cp := &m.Points[k]
		pr := pointRec{id: cp.ID}
		for j := range oldN {
			if old[j].id == cp.ID {
				pr = old[j]
				break
			}
		}
		half := m.Normal.Mul(0.5 * cp.Depth)
		pr.la = mulMTV(&ra, cp.Point.Sub(half).Sub(ya.c.vec()))
		pr.lb = mulMTV(&rb, cp.Point.Add(half).Sub(yb.c.vec()))
		p.pts[k] = pr
	}
	p.n = int32(m.Count)
	w.reuseManifold(pi, p, &ra, &rb)
}

// reuseManifold appends pair pi's points as the step's contacts, their
// gaps and midpoints from the anchors and the current poses (ra, rb: the
// shapes' bodies' rotations). A contact acts on the solver's bodies: a
// welded body's anchors and normal are moved into its weld group's frame.
func (w *World) reuseManifold(pi int32, p *pairRec, ra, rb *mgl64.Mat3) {
	cs := &w.contacts
	sa, sb := &cs.shapes[p.sa], &cs.shapes[p.sb]
	ya, yb := w.ownState(sa.body), w.ownState(sb.body)
	mu, eps := pairMaterial(sa, sb)
	ba, bb := w.solverBody(sa.body), w.solverBody(sb.body)
	ia, ib := w.dynIndex(ba), w.dynIndex(bb)
	wa, wb := &w.bodies[sa.body], &w.bodies[sb.body]
	rows := int32(3)
	if mu == 0 {
		rows = 1
	}
	nv := mulM3(ra, v3of(p.nl))
	n := nv.vec()
	p.normal = n
	ca, cb := ya.c, yb.c
	nl := p.nl
	if wa.weld >= 0 {
		nl = mulMV(&wa.wr, nl)
	}
	minDepth := math.Inf(1)
	for k := range p.n {
		pr := &p.pts[k]
		pa := ca.add(mulM3(ra, v3of(pr.la)))
		pb := cb.add(mulM3(rb, v3of(pr.lb)))
		d := nv.dot(pb.sub(pa))
		minDepth = min(minDepth, d) // as math.Min
		la, lb := pr.la, pr.lb
		if wa.weld >= 0 {
			la = wa.wp.add(mulM3(&wa.wr, v3of(la))).vec()
		}
		if wb.weld >= 0 {
			lb = wb.wp.add(mulM3(&wb.wr, v3of(lb))).vec()
		}
		// Cleared in place, then its fields stored: a composite literal
		// was built aside and block-copied in, its 16-byte loads of
		// fields just stored 8 bytes at a time stalling on store
		// forwarding.
		cs.cts = append(cs.cts, contact{})
		c := &cs.cts[len(cs.cts)-1]
		c.pair, c.k, c.ba, c.bb, c.ia, c.ib = pi, k, ba, bb, ia, ib
		c.la, c.lb, c.nl, c.n0, c.p0, c.depth = la, lb, nl, n, pa.add(pb).mul(0.5).vec(), d
		c.mu, c.eps, c.rows = mu, eps, rows
		c.lamN, c.fric, c.pend, c.release = pr.lamN, pr.fric, pr.pend, pr.held
	}
	p.minDepth = minDepth
	near := minDepth <= contactMargin
	if ia >= 0 {
		w.bodies[ia].contact = true
		w.bodies[ia].near = w.bodies[ia].near || near
	}
	if ib >= 0 {
		w.bodies[ib].contact = true
		w.bodies[ib].near = w.bodies[ib].near || near
	}
}

// mulMTM returns aᵀ b, summed as a.Transpose().Mul3(b).
func mulMTM(a, b *mgl64.Mat3) mgl64.Mat3 {
	return mgl64.Mat3{
		float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2]),
		float64(a[3]*b[0]) + float64(a[4]*b[1]) + float64(a[5]*b[2]),
		float64(a[6]*b[0]) + float64(a[7]*b[1]) + float64(a[8]*b[2]),
		float64(a[0]*b[3]) + float64(a[1]*b[4]) + float64(a[2]*b[5]),
		float64(a[3]*b[3]) + float64(a[4]*b[4]) + float64(a[5]*b[5]),
		float64(a[6]*b[3]) + float64(a[7]*b[4]) + float64(a[8]*b[5]),
		float64(a[0]*b[6]) + float64(a[1]*b[7]) + float64(a[2]*b[8]),
		float64(a[3]*b[6]) + float64(a[4]*b[7]) + float64(a[5]*b[8]),
		float64(a[6]*b[6]) + float64(a[7]*b[7]) + float64(a[8]*b[8]),
	}
}

// maxAbsDiff returns the largest |a_ij − b_ij|.
func maxAbsDiff(a, b *mgl64.Mat3) float64 {
	m := 0.0
	for i := range a {
		m = fmax(m, math.Abs(a[i]-b[i]))
	}
	return m
}
