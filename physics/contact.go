package physics

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// Contacts.
//
// Once per Step, before integration:
//
//  1. broad phase: every shape's world AABB, grown by its speculative
//     margin (how far it may move in the step: (|v| + |g| dt) dt + |ω| r dt,
//     plus contactMargin), goes to a sweep-and-prune; pairs on the same
//     body, both static, in the same craft group (BodyDef.Group) or joined
//     by a joint are filtered out.
//  2. narrow phase: geom.Collide (separating planes) for every candidate
//     pair, with the pair's margin as speculative distance and a PairCache
//     per pair. Pairs persist from step to step in a list sorted by shape
//     pair; a manifold point keeps its warm-start impulses when its
//     geom.FeatureID was there last step. A pair whose relative pose has
//     not changed (1 µm, 1 µrad) keeps its manifold: resting piles skip
//     the narrow phase.
//  3. islands: bodies linked by joints or contacts; contacts in an island
//     with joints are "coupled" and solved with the joints' exact
//     equality solve, the others by sequential impulses.
//  4. impact pass (zero duration, no loads, design note §4): contacts that
//     touch and approach, or whose gap closes within the step, get rows
//     J u' + b ≥ 0 with a target normal speed measured once before the
//     iterations: ε·v_c for impacts faster than RestitutionThreshold, 0 for
//     slower ones, −d/dt for a gap d that would close (speculative: the
//     body arrives at the surface at the end of the step; its impact speed
//     is remembered and the bounce applied when it touches). Joint rows are
//     solved in the same pass (J u' = 0), so a hinged craft takes the blow
//     as one. Friction rows act too.
//  5. in every RK4 stage, each contact point gives a normal row and two
//     friction rows (see contactRows), solved with the joint rows.
//
// Every contact point is anchored on both bodies (the two surface points
// along the normal) and its normal on body A, so that the stage rows follow
// the bodies through the step.

const (
	contactMargin   = 0.005 // m, speculative distance added to every shape's motion bound
	contactTouch    = 0.001 // m: a point with gap ≤ this touches (impacts, events)
	contactBeta     = 0.2   // drift correction: b = (β/h) min(0, d + slop)
	contactMaxPush  = 1.0   // m/s, cap on the push-out speed of the drift correction
	contactApproach = 0.01  // m/s: slower approach is left to the stage rows
	contactTol      = 1e-7  // m/s: projected iterations stop when no row changes a velocity more
	contactReuse    = 1e-6  // m and rad: a pair moved less keeps its manifold

	// contactScale maps contactTol onto the joint solver's stop test
	// (λ changes ≤ 1e-13) for contact rows solved there.
	contactScale = contactTol / 1e-13
)

// ContactEventKind tells what happened to a touching pair of shapes.
type ContactEventKind uint8

const (
	ContactBegin   ContactEventKind = iota + 1 // the shapes started touching in this Step
	ContactPersist                             // they touched before and still do
	ContactEnd                                 // they touched before and no longer do
)

func (k ContactEventKind) String() string {
	switch k {
	case ContactBegin:
		return "begin"
	case ContactPersist:
		return "persist"
	case ContactEnd:
		return "end"
	}
	return "contact?"
}

// ContactEvent reports one touching (or just separated) pair of shapes in
// the last Step. Shapes touch when a contact point's gap is ≤ 1 mm or it
// carried a normal impulse.
type ContactEvent struct {
	Kind           ContactEventKind
	BodyA, BodyB   BodyID
	ShapeA, ShapeB ShapeID
	TagA, TagB     int32 // ShapeDef.Tag of the two shapes
	// NormalImpulse is the normal impulse between the shapes over the Step,
	// N s (impact pass plus the RK4-weighted stage impulses): for sounds and
	// damage. Divide by dt for the mean force.
	NormalImpulse float64
	Normal        mgl64.Vec3 // unit, world, from A into B (0 for ContactEnd)
	Points        int        // contact points (0 for ContactEnd)
	Depth         float64    // smallest gap of the points at the start of the Step, m (negative: penetrating)
}

// ContactInfo is one contact point, for debug drawing (the HUD overlay).
type ContactInfo struct {
	BodyA, BodyB   BodyID
	ShapeA, ShapeB ShapeID
	Point          mgl64.Vec3 // world, midway between the surfaces at the end of the Step, m
	Normal         mgl64.Vec3 // unit, world, from A into B
	// Depth is the signed gap between the surfaces along Normal at the end
	// of the Step, m: negative = penetrating, positive = speculative.
	Depth           float64
	NormalImpulse   float64    // N s over the Step (on B; A gets the opposite)
	FrictionImpulse mgl64.Vec3 // N s over the Step, on B, world frame
}

// pointRec is what a manifold point keeps from one step to the next.
type pointRec struct {
	id   geom.FeatureID
	lamN float64    // normal impulse of the last stage, N s (warm start)
	fric mgl64.Vec3 // friction impulse of the last stage, world, N s (warm start)
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
	pair    int32 // index in w.pairs
	k       int32 // point index in the pair
	ba, bb  BodyID
	ia, ib  int32      // row body indices (−1 static)
	la, lb  mgl64.Vec3 // surface points of A and B in their body frames
	nl      mgl64.Vec3 // normal in A's body frame
	n0, p0  mgl64.Vec3 // world normal and midpoint at the narrow phase
	depth   float64    // gap at the narrow phase, m
	mu      float64
	eps     float64
	island  int32 // union-find root of its dynamic body
	rows    int32 // 1 (frictionless) or 3
	coupled bool

	// impact pass
	active  bool
	arrive  bool    // its gap closes in this step: held to the surface
	target  float64 // normal speed the impact pass holds the point to, m/s
	bounce  float64 // the unscaled target of a bounce, m/s (0: none)
	release float64 // kinetic energy held back for its pending bounce, J

	lamN float64    // warm start / last stage
	fric mgl64.Vec3 // warm start / last stage
	pend float64
	impN float64    // normal impulse over the step, N s
	impT mgl64.Vec3 // friction impulse over the step, N s
}

// contactState is the World's contact data.
type contactState struct {
	near     []nearBody // nearBodies' scratch
	noNear   bool       // tests: never skip the broad phase by whole bodies
	nearSkip int        // steps whose broad phase nearBodies skipped (tests)
	shapes   []shape
	broad    geom.SweepAndPrune
	collider geom.Collider
	man      geom.Manifold
	boxes    []geom.AABB
	local    []geom.AABB        // shapes' bounds in their body frames (broad phase)
	localOf  []*geom.Polyhedron // the shapes local was computed for
	margin   []float64
	pairs    []pairRec // sorted by (sa, sb)
	pairs2   []pairRec
	cts      []contact
	fpts     []fpoint // free (sequential-impulse) contact points of a stage
	blocks   []int32  // first points of the pairs' blocks in fpts
	reuse    freeReuse
	order    []int32  // contacts grouped by island
	count    []int32  // counting-sort scratch
	jpairs   []uint64 // body pairs joined by a joint, sorted
	uf       []int32
	ufFlag   []uint8
	events   []ContactEvent
	info     []ContactInfo
	// impact pass energy guard, per island root
	ke0, ke1, budget, scale, sLo, sHi []float64
	jimp                              []v3 // joints' impulse totals before the pass

	lcp lcpScratch // the coupled contacts' direct solve (lcp.go)

	nCoupled int // rows of coupled contacts
	nFree    int // rows of free contacts
	nFreePts int // free contact points
}

const (
	ufJoint uint8 = 1 << iota // island holds a jointed body
	ufTrig                    // island has an impact this step
	ufSeen                    // scratch mark
)

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
		if j.alive && j.b != NoBody {
			cs.jpairs = append(cs.jpairs, bodyPairKey(j.a, j.b))
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
	gl := w.gravity.Len()
	cs.near = cs.near[:0]
	for i := range w.bodies {
		b := &w.bodies[i]
		if b.nShape == 0 {
			continue
		}
		if len(cs.near) == nearBodyLimit {
			return true
		}
		y := &w.y[i]
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
			m += (math.Sqrt(y.v.dot(y.v))+gl*dt)*dt + math.Sqrt(y.w.dot(y.w))*b.shapeR*dt
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

// collide runs the broad and narrow phases on the current state and builds
// the step's contacts.
func (w *World) collide(dt float64) {
	cs := &w.contacts
	cs.cts = cs.cts[:0]
	cs.events = cs.events[:0]
	cs.nCoupled, cs.nFree, cs.nFreePts = 0, 0, 0
	cs.reuse.valid = false
	for i := range w.bodies {
		w.bodies[i].contact = false
	}
	if len(cs.shapes) == 0 && len(cs.pairs) == 0 {
		return
	}
	if cs.broad.Filter == nil {
		cs.broad.Filter = w.collideFilter
	}
	if len(cs.pairs) == 0 && !cs.noNear && !w.nearBodies(dt) {
		cs.nearSkip++
		return
	}
	ns := len(cs.shapes)
	if cap(cs.boxes) < ns {
		cs.boxes = make([]geom.AABB, ns)
		cs.margin = make([]float64, ns)
	}
	cs.boxes, cs.margin = cs.boxes[:ns], cs.margin[:ns]
	if len(cs.local) != ns {
		cs.local, cs.localOf = resizeSlice(cs.local, ns), resizeSlice(cs.localOf, ns)
	}
	gl := w.gravity.Len()
	for i := range cs.shapes {
		s := &cs.shapes[i]
		y := &w.y[s.body]
		m := contactMargin
		xf := geom.Transform{Pos: y.c.vec(), Rot: y.q.mgl()}
		if w.bodies[s.body].static {
			// Exact bounds: the ground and pads are large and few.
			cs.boxes[i] = s.poly.Bounds(xf).Expand(m)
		} else {
			// The local bounds turned with the body: a box holding the exact
			// bounds, without a pass over the vertices (11 % of a landing
			// step, 35 % of a docking step with many-vertex hulls).
			if cs.localOf[i] != s.poly {
				cs.local[i], cs.localOf[i] = s.poly.LocalBounds(), s.poly
			}
			m += (y.v.vec().Len()+gl*dt)*dt + y.w.vec().Len()*s.radius*dt
			cs.boxes[i] = cs.local[i].Place(xf).Expand(m)
		}
		cs.margin[i] = m
	}
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

// endPair reports a touching pair that left the broad phase.
func (w *World) endPair(p *pairRec) {
	if p.touching {
		w.contacts.events = append(w.contacts.events, w.pairEvent(p, ContactEnd))
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
	ya, yb := &w.y[sa.body], &w.y[sb.body]
	ra, rb := quatMat3(ya.q), quatMat3(yb.q)
	margin := cs.margin[p.sa] + cs.margin[p.sb]

	// A pair whose relative pose has not changed (by 1 µm, 1 µrad) since
	// its manifold was made keeps it: the points are anchored on the bodies,
	// so their gaps follow from the anchors. Resting piles skip the
	// narrow phase. A larger margin than the manifold's needs a new one.
	relPos := mulMTV(&ra, yb.c.vec().Sub(ya.c.vec()))
	relRot := mulMTM(&ra, &rb)
	if p.n > 0 && margin <= p.margin && relPos.Sub(p.relPos).Len() < contactReuse && maxAbsDiff(&relRot, &p.relRot) < contactReuse {
		w.reuseManifold(pi, p, &ra, &rb)
		return
	}

	old, oldN := p.pts, p.n
	p.n, p.imp, p.minDepth = 0, 0, 0
	m := &cs.man
	// Features within the margin of the contact plane all become points
	// (speculative ones with their own gap): a tumbling body's next corner
	// is then stopped too, not only the one that touches first.
	cs.collider.Tolerance = margin
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
// gaps and midpoints from the anchors and the current poses.
func (w *World) reuseManifold(pi int32, p *pairRec, ra, rb *mgl64.Mat3) {
	cs := &w.contacts
	sa, sb := &cs.shapes[p.sa], &cs.shapes[p.sb]
	ya, yb := &w.y[sa.body], &w.y[sb.body]
	mu, eps := pairMaterial(sa, sb)
	ia, ib := w.dynIndex(sa.body), w.dynIndex(sb.body)
	rows := int32(3)
	if mu == 0 {
		rows = 1
	}
	nv := mulM3(ra, v3of(p.nl))
	n := nv.vec()
	p.normal = n
	p.imp = 0
	ca, cb := ya.c, yb.c
	minDepth := math.Inf(1)
	for k := range p.n {
		pr := &p.pts[k]
		pa := ca.add(mulM3(ra, v3of(pr.la)))
		pb := cb.add(mulM3(rb, v3of(pr.lb)))
		d := nv.dot(pb.sub(pa))
		minDepth = min(minDepth, d) // as math.Min
		cs.cts = append(cs.cts, contact{
			pair: pi, k: k, ba: sa.body, bb: sb.body, ia: ia, ib: ib,
			la: pr.la, lb: pr.lb, nl: p.nl, n0: n, p0: pa.add(pb).mul(0.5).vec(), depth: d,
			mu: mu, eps: eps, rows: rows,
			lamN: pr.lamN, fric: pr.fric, pend: pr.pend, release: pr.held,
		})
	}
	p.minDepth = minDepth
	if ia >= 0 {
		w.bodies[ia].contact = true
	}
	if ib >= 0 {
		w.bodies[ib].contact = true
	}
}

// mulMTM returns aᵀ b, summed as a.Transpose().Mul3(b).
func mulMTM(a, b *mgl64.Mat3) mgl64.Mat3 {
	return mgl64.Mat3{
		a[0]*b[0] + a[1]*b[1] + a[2]*b[2],
		a[3]*b[0] + a[4]*b[1] + a[5]*b[2],
		a[6]*b[0] + a[7]*b[1] + a[8]*b[2],
		a[0]*b[3] + a[1]*b[4] + a[2]*b[5],
		a[3]*b[3] + a[4]*b[4] + a[5]*b[5],
		a[6]*b[3] + a[7]*b[4] + a[8]*b[5],
		a[0]*b[6] + a[1]*b[7] + a[2]*b[8],
		a[3]*b[6] + a[4]*b[7] + a[5]*b[8],
		a[6]*b[6] + a[7]*b[7] + a[8]*b[8],
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

func (w *World) ufFind(i int32) int32 {
	uf := w.contacts.uf
	for uf[i] != i {
		uf[i] = uf[uf[i]]
		i = uf[i]
	}
	return i
}

func (w *World) ufUnion(a, b int32) {
	if a < 0 || b < 0 {
		return
	}
	ra, rb := w.ufFind(a), w.ufFind(b)
	if ra == rb {
		return
	}
	if ra > rb { // the lower index is the root: deterministic
		ra, rb = rb, ra
	}
	w.contacts.uf[rb] = ra
}

// classify groups the bodies into islands (joints and contacts) and marks
// each contact coupled (its island has joints: solved with the joints'
// exact equality solve) or free (sequential impulses). It sizes the
// solver's bounded-row buffers.
func (w *World) classify() {
	cs := &w.contacts
	if len(cs.cts) == 0 {
		return
	}
	nb := len(w.bodies)
	cs.uf = resizeI32(cs.uf, nb)
	if cap(cs.ufFlag) < nb {
		cs.ufFlag = make([]uint8, nb)
	}
	cs.ufFlag = cs.ufFlag[:nb]
	for i := range cs.uf {
		cs.uf[i] = int32(i)
		cs.ufFlag[i] = 0
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		if j.alive {
			w.ufUnion(w.dynIndex(j.a), w.dynIndex(j.b))
		}
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		w.ufUnion(c.ia, c.ib)
	}
	for i := range w.bodies {
		if w.bodies[i].nJoint > 0 {
			cs.ufFlag[w.ufFind(int32(i))] |= ufJoint
		}
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		d := c.ia
		if d < 0 {
			d = c.ib
		}
		c.island = w.ufFind(d)
		c.coupled = cs.ufFlag[c.island]&ufJoint != 0 && w.solver.nEq > 0
		if c.coupled {
			cs.nCoupled += int(c.rows)
		} else {
			cs.nFree += int(c.rows)
			cs.nFreePts++
		}
	}
	// Contacts grouped by island (counting sort, stable: a pair's points
	// stay together and in order), so that each island's sweeps stop when
	// it has converged.
	cs.count = resizeI32(cs.count, nb+1)
	clear(cs.count)
	for i := range cs.cts {
		cs.count[cs.cts[i].island+1]++
	}
	for i := range nb {
		cs.count[i+1] += cs.count[i]
	}
	cs.order = resizeI32(cs.order, len(cs.cts))
	for i := range cs.cts {
		isl := cs.cts[i].island
		cs.order[cs.count[isl]] = int32(i)
		cs.count[isl]++
	}
	w.growBounded(w.solver.nBdJoint + cs.nCoupled)
	if cap(cs.fpts) < cs.nFreePts {
		cs.fpts = make([]fpoint, cs.nFreePts, cs.nFreePts+cs.nFreePts/2)
	}
}

// growBounded makes room for n bounded rows in the joint solver.
func (w *World) growBounded(n int) {
	s := &w.solver
	if n <= cap(s.bd) && len(s.park) >= n && len(s.wt) >= n && len(s.lamBuf) >= n && len(s.lam0) >= n && len(s.s) >= n*n && len(s.y) >= n*s.nEq && len(s.col) >= s.nEq && len(s.tree.zStart) > n {
		s.bd = s.bd[:cap(s.bd)]
		return
	}
	n += n / 2
	bd := make([]row, n)
	s.bd = bd
	s.park = make([]row, n)
	s.y = make([]float64, n*s.nEq)
	s.col = make([]float64, max(n*s.nEq, s.nEq))
	s.s = make([]float64, n*n)
	s.wt = make([]float64, n)
	s.lamBuf = make([]float64, n)
	s.lam0 = make([]float64, n)
	s.tree.zStart = make([]int32, n+1)
}

// contactRows writes the rows of contact ci at rows[0:c.rows] from the
// stage data in w.sb. With the surface points p_A = c_A + R_A l_A,
// p_B = c_B + R_B l_B and the normal n = R_A n_A (A into B):
//
//	gap     d  = n·(p_B − p_A)
//	speed   vn = n·(v_B + ω_B × r_B − v_A − ω_A × r_A),  r = p − c, p = ½(p_A + p_B)
//	J          = [ −nᵀ  −(r_A × n)ᵀ  nᵀ  (r_B × n)ᵀ ]
//	J u' + b ≥ 0,  λ ≥ 0 (accumulated),
//	b = d/(h − τ) for d > 0 when the shapes were more than 1 mm apart at
//	the step's start (speculative: close the gap by the end of the step,
//	no further; τ = 0, h/2, h/2, h is the stage's time in the step, and
//	the last stage, at the end, sets no speculative limit),
//	b = d/h for d > 0 when they touched (a resting body's support), else
//	b = max(−maxPush, (β/h) min(0, d + slop)).
//
// Friction rows use the tangents t1, t2 ⊥ n in place of n, b = 0, and
// their impulses (λ1, λ2) are clamped to the disc of radius μ λn.
// Warm starts come from the contact's last impulses.
//
// With park, a contact that is apart (normal bias > 0) and took no impulse
// in the last stage is parked instead (see solveStage): its normal row,
// without M⁻¹Jᵀ, goes to *park, and contactRows reports true.
func (w *World) contactRows(ci int, h float64, rows []row, park *row) bool {
	if w.contacts.cts[ci].rows == 1 {
		return w.contactRowsAt(ci, h, &rows[0], nil, nil, park)
	}
	return w.contactRowsAt(ci, h, &rows[0], &rows[1], &rows[2], park)
}

// contactRowsAt writes contact ci's normal row at rn and, unless the pair
// is frictionless, its friction rows at r1 and r2 (see contactRows).
func (w *World) contactRowsAt(ci int, h float64, rn, r1, r2, park *row) bool {
	c := &w.contacts.cts[ci]
	sa, sb := &w.sb[c.ba], &w.sb[c.bb]
	pa := sa.c.add(mulM3(&sa.r, v3of(c.la)))
	pb := sb.c.add(mulM3(&sb.r, v3of(c.lb)))
	n := mulM3(&sa.r, v3of(c.nl))
	d := n.dot(pb.sub(pa))
	p := pa.add(pb).mul(0.5)
	ra, rb := p.sub(sa.c), p.sub(sb.c)
	rw := rn
	*rw = row{a: c.ia, b: c.ib, joint: int32(ci), kind: rowContact, lo: 0, hi: math.Inf(1), lam: c.lamN}
	rw.jaL, rw.jaA = n.mul(-1), ra.cross(n).mul(-1)
	rw.jbL, rw.jbA = n, rb.cross(n)
	rw.bias = w.contactBias(c, d, h)
	if park != nil && rw.bias > 0 && c.lamN == 0 && c.fric == (mgl64.Vec3{}) {
		*park = *rw
		return true
	}
	w.setW(rw)
	if c.rows == 1 {
		return false
	}
	t1, t2 := perpAxes3(n)
	for k, t := range [2]v3{t1, t2} {
		rw := r1
		if k == 1 {
			rw = r2
		}
		*rw = row{a: c.ia, b: c.ib, joint: int32(ci), kind: rowFric1 + rowKind(k), lam: v3of(c.fric).dot(t), mu: c.mu}
		rw.jaL, rw.jaA = t.mul(-1), ra.cross(t).mul(-1)
		rw.jbL, rw.jbA = t, rb.cross(t)
		w.setW(rw)
	}
	return false
}

// contactBias returns the normal row's bias b for contact c with gap d (see
// contactRows).
func (w *World) contactBias(c *contact, d, h float64) float64 {
	switch {
	case d > 0 && c.depth > contactTouch:
		// Speculative: the gap may close by the end of the step, no
		// further. A stage part-way through the step (its state already
		// moved by τ) has h − τ left; the last stage (the end state) none.
		// (Measured from each stage's own full step h, the later stages
		// braked bodies still well apart and lost energy.)
		if rem := w.stageRem; rem > 0 {
			return d / rem
		}
		return 1e30 // λ = 0
	case d > 0:
		return d / h // touching at the step's start: a resting body's support
	default:
		return max(-contactMaxPush, contactBeta/h*min(0, d+w.slop)) // as math.Max/Min but NaN
	}
}

// appendCoupledRows writes the rows of the coupled contacts (islands with
// joints) at rows[n:], as (normal, friction, friction) triples, and returns
// the new count; friction rows link to their normal row. With impact, only
// the impact pass's active contacts of triggered islands, with their
// target speeds and cold starts.
//
// With park (a stage solved with parking, see solveStage), the contacts
// that are apart and took no impulse go to park[*np:] as their normal row
// only.
func (w *World) appendCoupledRows(rows []row, n int, h float64, impact bool, park []row, np *int) int {
	cs := &w.contacts
	for i := range cs.cts {
		c := &cs.cts[i]
		if !c.coupled || impact && !(c.active && cs.ufFlag[c.island]&ufTrig != 0) {
			continue
		}
		var pk *row
		if park != nil {
			pk = &park[*np]
		}
		if w.contactRows(i, h, rows[n:n+int(c.rows)], pk) {
			*np++
			continue
		}
		if impact {
			rows[n].bias = -c.target
			for k := range c.rows {
				rows[n+int(k)].lam = 0
			}
		}
		for k := 1; k < int(c.rows); k++ {
			rows[n+k].link = int32(n)
		}
		n += int(c.rows)
	}
	return n
}

// keepContactImpulses stores the stage impulses of contact rows as warm
// starts and adds weight times them to the step totals.
func (w *World) keepContactImpulses(rows []row, weight float64, warm bool) {
	cts := w.contacts.cts
	for i := 0; i < len(rows); i++ {
		rw := &rows[i]
		switch rw.kind {
		case rowContact:
			c := &cts[rw.joint]
			c.impN += weight * rw.lam
			if warm {
				c.lamN = rw.lam
			}
		case rowFric1:
			c := &cts[rw.joint]
			r2 := &rows[i+1]
			f := rw.jbL.mul(rw.lam).axpy(r2.jbL, r2.lam).vec()
			c.impT = addScaled(c.impT, f, weight)
			if warm {
				c.fric = f
			}
			i++
		}
	}
}

// fmax is max for finite values, without math.Max's NaN and −0 cases.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

// relNormalSpeed returns the normal speed of contact c in the current state y.
func (w *World) relNormalSpeed(c *contact) float64 {
	v := 0.0
	if c.ib >= 0 {
		y := &w.y[c.ib]
		v += dot(c.n0, y.v.vec().Add(cross(y.w.vec(), c.p0.Sub(y.c.vec()))))
	}
	if c.ia >= 0 {
		y := &w.y[c.ia]
		v -= dot(c.n0, y.v.vec().Add(cross(y.w.vec(), c.p0.Sub(y.c.vec()))))
	}
	return v
}

// impactPass is the zero-duration collision pass before integration (design
// note §4). For each contact it measures the normal speed vn once and sets
// the target speed the pass enforces:
//
//	touching (gap ≤ 1 mm): impact speed v_c = max(−vn, pending); ε v_c if
//	    v_c > RestitutionThreshold (corrected for the gap so that the
//	    bounce's apex is ε² of the fall), else 0;
//	apart by d with the gap closing within dt: −d/dt, and the impact
//	    speed at arrival, sqrt(vn² − 2 a_n d), is kept as pending for the
//	    bounce in a later step.
//
// Islands with a contact below its target get the pass: their contacts'
// rows (normal J u' − target ≥ 0 and friction), and, if they hold joints,
// all joint rows (J u' = 0; limits as impacts), solved together. The
// impulses change the velocities directly.
func (w *World) impactPass(dt float64) {
	cs := &w.contacts
	trig := false
	for i := range cs.cts {
		c := &cs.cts[i]
		c.active, c.target, c.arrive, c.bounce = false, 0, false, 0
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
			if vn < -contactApproach && d+vn*dt < 0 {
				c.active, c.target, c.arrive = true, -d/dt, true
				c.pend = math.Max(c.pend, math.Sqrt(math.Max(0, vn*vn-2*an*d)))
			} else {
				c.pend, c.release = 0, 0
				continue
			}
		} else {
			c.active = true
			vc := math.Max(-vn, c.pend)
			c.pend = 0
			if vc > w.bounce && c.eps > 0 {
				s := c.eps * vc
				if d > 0 {
					s = math.Sqrt(math.Max(0, s*s+2*an*d))
				}
				c.target, c.bounce = s, s
			}
		}
		if vn < c.target-contactApproach {
			cs.ufFlag[c.island] |= ufTrig
			trig = true
		}
	}
	if !trig {
		return
	}
	w.stats.Impacts++
	t := w.now()

	// Energy guard: an island may not leave the pass with more kinetic
	// energy than it came in with plus what earlier passes held back from
	// the pending impacts it now releases. Newton's restitution at several
	// points of a tumbling body can break that (ε = 1 gained 4 % in a
	// test); then the island's bounce targets are scaled down (bisection on
	// the scale) and the pass solved again from the same velocities.
	nb := len(w.bodies)
	cs.ke0, cs.ke1 = resizeF64(cs.ke0, nb), resizeF64(cs.ke1, nb)
	cs.budget, cs.scale = resizeF64(cs.budget, nb), resizeF64(cs.scale, nb)
	cs.sLo, cs.sHi = resizeF64(cs.sLo, nb), resizeF64(cs.sHi, nb)
	clear(cs.budget)
	w.islandKE(cs.ke0)
	for i := range cs.cts {
		c := &cs.cts[i]
		r := c.island
		if cs.ufFlag[r]&ufTrig != 0 {
			cs.budget[r] += c.release
			cs.scale[r], cs.sLo[r], cs.sHi[r] = 1, 0, 1
			c.release = 0
		}
	}
	w.saveJointImpulses()
	const bisections = 6
	for attempt := 0; ; attempt++ {
		for i := range cs.cts {
			if c := &cs.cts[i]; c.bounce > 0 {
				c.target = cs.scale[c.island] * c.bounce
			}
		}
		if attempt > 0 {
			w.restoreImpact()
		}
		w.impactSolve(dt)
		w.islandKE(cs.ke1)
		if attempt == bisections+1 {
			break // solved with the last safe scales
		}
		// Per island: accept the scale, or bisect between the largest
		// scale found safe (sLo) and the smallest found not (sHi).
		search := false
		for i := range cs.cts {
			cs.ufFlag[cs.cts[i].island] &^= ufSeen
		}
		for i := range cs.cts {
			c := &cs.cts[i]
			r := c.island
			if c.bounce == 0 || cs.ufFlag[r]&(ufTrig|ufSeen) != ufTrig {
				continue
			}
			cs.ufFlag[r] |= ufSeen // once per island and attempt
			// 1e-6: the iterations stop at 1e-7 m/s, not at the exact solution.
			if cs.ke1[r] > (cs.ke0[r]+cs.budget[r])*(1+1e-6) {
				cs.sHi[r] = cs.scale[r]
			} else {
				cs.sLo[r] = cs.scale[r]
			}
			if cs.sLo[r] < cs.sHi[r] {
				search = true
				cs.scale[r] = 0.5 * (cs.sLo[r] + cs.sHi[r])
				if attempt == bisections {
					cs.scale[r] = cs.sLo[r]
				}
			}
		}
		if !search {
			break
		}
	}

	// Kinetic energy held back by speculative arrivals (−d/dt targets) is
	// owed to the bounce they defer: kept on the arriving points.
	clear(cs.sHi)
	for i := range cs.cts {
		if c := &cs.cts[i]; c.arrive {
			cs.sHi[c.island]++
		}
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		r := c.island
		if held := cs.ke0[r] + cs.budget[r] - cs.ke1[r]; c.arrive && held > 0 && cs.ufFlag[r]&ufTrig != 0 {
			c.release = held / cs.sHi[r]
		}
	}
	w.stats.Timings[StageSolve] += w.since(t)
}

// impactSolve solves the impact pass's rows (joints and contacts of the
// triggered islands, zero duration) and applies the impulses to the
// velocities.
func (w *World) impactSolve(dt float64) {
	cs := &w.contacts
	w.instantStage(true, true)
	coupled := false
	for i := range cs.cts {
		c := &cs.cts[i]
		if c.coupled && c.active && cs.ufFlag[c.island]&ufTrig != 0 {
			coupled = true
			break
		}
	}
	s := &w.solver
	if coupled {
		s.slotMode = slotNone // limits as bounded rows: impacts
		w.prepareRows(dt, false)
		eq := s.eq[:s.nEq]
		x := s.rhs[:s.nEq]
		for i := range eq {
			eq[i].bias = 0
		}
		nb := 0
		for q := range s.bd[:s.nBd] {
			if rw := &s.bd[q]; rw.kind != rowMotor && w.rowVel(rw, dt) < 0 {
				s.bd[nb] = *rw
				nb++
			}
		}
		s.nBd = w.appendCoupledRows(s.bd, nb, dt, true, nil, nil)
		w.factor()
		for i := range eq {
			x[i] = -w.rowVel(&eq[i], dt)
		}
		w.startEq(x)
		w.solveBounded(dt, false)
		w.totalImpulses(1, false)
		w.keepContactImpulses(s.bd[:s.nBd], 1, false)
	}
	w.solveFreeContacts(dt, 1, true)
	w.addVelocityChanges()
}

// islandKE sums the kinetic energy of each triggered island's bodies into
// ke[root].
func (w *World) islandKE(ke []float64) {
	cs := &w.contacts
	clear(ke)
	for i := range w.bodies {
		if w.bodies[i].static {
			continue
		}
		if r := w.ufFind(int32(i)); cs.ufFlag[r]&ufTrig != 0 {
			b, y := &w.bodies[i], &w.y[i]
			ke[r] += 0.5*b.m*y.v.dot(y.v) + 0.5*dot(y.w.vec(), w.spinMomentum(i))
		}
	}
}

// saveJointImpulses keeps the joints' impulse totals before the impact
// pass, so that a repeated pass does not count twice towards breaking.
func (w *World) saveJointImpulses() {
	cs := &w.contacts
	cs.jimp = cs.jimp[:0]
	for i := range w.joints.list {
		j := &w.joints.list[i]
		cs.jimp = append(cs.jimp, j.impLin, j.impAng)
	}
}

// restoreImpact undoes an impact pass: velocities from the step's start
// (the pass is the first thing to change them), contact and joint impulses.
func (w *World) restoreImpact() {
	cs := &w.contacts
	for i := range w.bodies {
		if !w.bodies[i].static {
			w.y[i].v, w.y[i].w = w.y0[i].v, w.y0[i].w
		}
	}
	for i := range cs.cts {
		c := &cs.cts[i]
		c.impN, c.impT = 0, mgl64.Vec3{}
	}
	for i := range w.joints.list {
		j := &w.joints.list[i]
		j.impLin, j.impAng = cs.jimp[2*i], cs.jimp[2*i+1]
	}
}

// finishContacts runs after the step: end-of-step contact geometry for
// debugging and diagnostics, warm starts kept for the next step, events.
func (w *World) finishContacts() {
	cs := &w.contacts
	cs.info = cs.info[:0]
	maxPen := 0.0
	var ra, rb mgl64.Mat3
	var n mgl64.Vec3
	for i := range cs.cts {
		c := &cs.cts[i]
		ya, yb := &w.y[c.ba], &w.y[c.bb]
		if i == 0 || c.pair != cs.cts[i-1].pair { // a pair's points share bodies and normal
			ra, rb = quatMat3(ya.q), quatMat3(yb.q)
			n = mulMV(&ra, c.nl)
		}
		pa := ya.c.vec().Add(mulMV(&ra, c.la))
		pb := yb.c.vec().Add(mulMV(&rb, c.lb))
		d := dot(n, pb.Sub(pa))
		maxPen = math.Max(maxPen, -d)
		cs.info = append(cs.info, ContactInfo{
			BodyA: c.ba, BodyB: c.bb, ShapeA: ShapeID(cs.pairs[c.pair].sa), ShapeB: ShapeID(cs.pairs[c.pair].sb),
			Point: pa.Add(pb).Mul(0.5), Normal: n, Depth: d, NormalImpulse: c.impN, FrictionImpulse: c.impT,
		})
		p := &cs.pairs[c.pair]
		pr := &p.pts[c.k]
		pr.lamN, pr.fric, pr.pend, pr.held = c.lamN, c.fric, c.pend, c.release
		p.imp += c.impN
	}
	w.stats.MaxPenetration = maxPen
	w.stats.Contacts = len(cs.cts)
	w.stats.ContactPairs = 0
	for i := range cs.pairs {
		p := &cs.pairs[i]
		if p.n > 0 {
			w.stats.ContactPairs++
		}
		touching := p.n > 0 && (p.minDepth <= contactTouch || p.imp > 0)
		switch {
		case touching && !p.touching:
			cs.events = append(cs.events, w.pairEvent(p, ContactBegin))
		case touching:
			cs.events = append(cs.events, w.pairEvent(p, ContactPersist))
		case p.touching:
			cs.events = append(cs.events, w.pairEvent(p, ContactEnd))
		}
		p.touching = touching
	}
	slices.SortStableFunc(cs.events, func(a, b ContactEvent) int {
		return cmp.Or(cmp.Compare(a.ShapeA, b.ShapeA), cmp.Compare(a.ShapeB, b.ShapeB))
	})
}

// ContactEvents returns the contact events of the last Step: one per pair of
// shapes that touch (Begin or Persist) or stopped touching (End), sorted by
// shape pair. The slice is reused by the next Step.
func (w *World) ContactEvents() []ContactEvent { return w.contacts.events }

// Contacts returns the contact points of the last Step (for debug drawing),
// including speculative ones (positive Depth). The slice is reused by the
// next Step.
func (w *World) Contacts() []ContactInfo { return w.contacts.info }

// resizeSlice returns s with length n, its first elements kept.
func resizeSlice[T any](s []T, n int) []T {
	if cap(s) < n {
		return append(s[:cap(s)], make([]T, n-cap(s))...)[:n]
	}
	return s[:n]
}
