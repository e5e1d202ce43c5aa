package physics

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Contact rows and the contact impulse.
//
// A contact point of two shapes A and B is anchored on both bodies: the
// surface points p_A = c_A + R_A l_A and p_B = c_B + R_B l_B, and the normal
// n = R_A n_A from A into B. Its rows (built in one place, contactRows):
//
//	gap     d  = n·(p_B − p_A)                  (negative: penetrating)
//	lever   r_A = p − c_A,  r_B = p − c_B,       p = ½ (p_A + p_B)
//	normal  J  = [ −nᵀ  −(r_A × n)ᵀ  nᵀ  (r_B × n)ᵀ ],   J u' + b ≥ 0,  λn ≥ 0
//	friction, for the tangents t1, t2 ⊥ n:  the same with t in place of n,
//	        b = 0, and (λ1, λ2) in the disc of radius μ λn (Coulomb)
//
// The normal row's bias (contactBias):
//
//	d > 0, apart at the step's start:  b = d/h  (speculative: the gap may
//	       close by the end of the sub-step, no further — no tunnelling)
//	touching at the start:  b = gapBias(d): 0 for d in [−slop, 10 µm] (at
//	       rest), (d − 10 µm)/h above, max(−1 m/s, (β/h)(d + slop)) below
//	       (h there the sub-step before a split, split.go); in the rest
//	       zone and moving off at v0 > 1 mm/s, v0: held to its mean
//	       velocity over the sub-step, not its end velocity (liftOff)
//
// with β = 0.2 and slop = WorldDef.ContactSlop, plus h J̇u on every row of
// a point that pivots (below). In an island with joints a
// push-out (b < 0: a contact deeper than the slop, a hinge past its stop)
// is compliant (pushImpulse): the row asks for max(0, −b − γλ), γ = K, so
// that the push beyond what holds the row is bounded where the joints
// cannot do what the pushes ask. The impulse of a row, given
// its velocity v = J u + b and K = J M⁻¹ Jᵀ, is computed in one place for
// every solver (rowImpulse, frictionImpulse): the accumulated impulse moves
// by −v/K and is clamped — λn to [0, ∞), limits and motors to their bounds,
// the friction pair together to its disc.

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

// contactRows writes contact point c's normal row at rows[0] and, unless
// the pair is frictionless, its friction rows at rows[1:3], from the stage
// poses in w.sb, with bias for a sub-step of h; warm starts from the
// contact's last impulses. It returns the number of rows.
func (w *World) contactRows(ci int, rows []row, turn []float64, h float64) int {
	c := &w.contacts.cts[ci]
	sa, sb := &w.sb[c.ba], &w.sb[c.bb]
	pa := sa.c.add(mulM3(&sa.r, v3of(c.la)))
	pb := sb.c.add(mulM3(&sb.r, v3of(c.lb)))
	n := mulM3(&sa.r, v3of(c.nl))
	d := n.dot(pb.sub(pa))
	p := pa.add(pb).mul(0.5)
	ra, rb := p.sub(sa.c), p.sub(sb.c)
	// Each row is cleared in place, then its fields stored: a composite
	// literal was built aside and block-copied over, its 16-byte loads of
	// fields just stored 8 bytes at a time stalling on store forwarding.
	r := &rows[0]
	*r = row{}
	r.a, r.b, r.owner, r.kind, r.lo, r.hi, r.lam = c.ia, c.ib, int32(ci), rowNormal, 0, posInf, c.lamN
	r.jaL, r.jaA = n.neg(), ra.cross(n).neg()
	r.jbL, r.jbA = n, rb.cross(n)
	// A point that pivots — its anchors on both bodies move together —
	// has the rows' velocity J u' + h J̇u at the sub-step's end, not the
	// linear model's J u': the anchors turn with their bodies (centripetal
	// terms) and n and the tangents with A,
	//
	//	J̇u = x·(ω_B × (ω_B × r_B) − ω_A × (ω_A × r_A)) + (ω_A × x)·ṗ
	//
	// for the row's direction x and the anchors' relative velocity ṗ
	// (anchorTerms, with B as body 1: n and the tangents turn with A).
	// Left out, a body tipping over an edge has its pivot's anchors held
	// at the linear model's velocity while they turn upwards: it is lifted
	// by about h²ω²r a sub-step and gains energy (TestTippingKeepsEnergy).
	// A point whose anchors move apart faster than that term (sliding,
	// rolling, striking) is not a pivot: the next instant another point
	// bears, which the material anchors do not follow, and the term would
	// only let the body sink; it is left out there.
	// The term stays in the model the end of the sub-step is checked
	// against (turn, defect.go): the anchors do turn through the sub-step.
	dp, turned := anchorTerms(sb.v, sb.w, rb, sa.v, sa.w, ra)
	turned = turned.mul(h)
	cen := turned
	if dp.dot(dp) > cen.dot(cen) {
		cen = v3{}
	}
	b := w.contactBias(c, d, h)
	r.bias = b + n.dot(cen) + liftOff(b, n.dot(dp), false)
	turn[0] = n.dot(turned)
	if c.rows == 1 {
		return 1
	}
	t1, t2 := perpAxes3(n)
	fr := v3of(c.fric)
	for k, t := range [2]v3{t1, t2} {
		r := &rows[1+k]
		*r = row{}
		r.a, r.b, r.owner, r.kind = c.ia, c.ib, int32(ci), rowFric1+rowKind(k)
		r.lam, r.mu, r.lo, r.hi = fr.dot(t), c.mu, negInf, posInf
		r.jaL, r.jaA = t.neg(), ra.cross(t).neg()
		r.jbL, r.jbA = t, rb.cross(t)
		r.bias = t.dot(cen)
		turn[1+k] = t.dot(turned)
	}
	return 3
}

// contactBias returns the normal row's bias b for contact c with gap d over
// a sub-step h (see the top of the file).
func (w *World) contactBias(c *contact, d, h float64) float64 {
	if d > 0 && c.depth > contactTouch {
		return d / h
	}
	return max(-contactMaxPush, gapBias(d, contactRest, w.set.slop, contactBeta, h, w.ctx.pushH))
}

// gapBias is the bias of a row that keeps a gap g ≥ 0 (a contact's, a
// hinge limit's) touching or closed: 0 while g lies in the rest zone
// [−slop, rest], (g − rest)/h above it (the row may close the gap within
// the sub-step, no further) and (β/hPush)(g + slop) below it (a slow push
// back; hPush the sub-step before a split, split.go). The zone makes the
// bias of redundant rows — a pad's four corners, a leg's limit and its pad
// — agree at rest to the last bit, so that their exact solution exists; a
// kink at g = 0 would leave them inconsistent by g/h, a few 1e-7 m/s,
// which no solver can remove.
func gapBias(g, rest, slop, beta, h, hPush float64) float64 {
	switch {
	case g > rest:
		return (g - rest) / h
	case g >= -slop:
		return 0
	}
	return beta / hPush * (g + slop)
}

// liftOff returns what a touching one-sided row — a contact normal or a
// hinge's one-sided stop whose gap lies in the rest zone (bias b = 0,
// gapBias), or with push a stop passed (b < 0: it pushes out at p = −b) —
// adds to its bias where it moves off its surface or stop at the
// sub-step's start at v0 = J u0 faster than it asks to: a corner lifting
// as its body tips onto another, a cube kicked up, a leg swinging off its
// stop. Such a row is held to the mean of its start and end velocities
// instead of its end velocity, (v0 + J u')/2 ≥ p, that is
// J u' + b + (v0 − p) ≥ 0.
//
// The row's impulse acts as a force held through the sub-step, and does
// λ (v0 + v1)/2 of work while the row's velocity goes from v0 to v1. Held
// to its end velocity, a row that moves away at the start and must be
// stopped by the end (gravity brings the corner back within the sub-step)
// is pushed while it moves away: λ (v0 − p)/2 of energy made beyond its
// push. A cube kicked up at 2 cm/s ended its step at rest above the ground
// with 15 times the kick's energy (TestHopKeepsEnergy), a hull tipping
// onto a new corner made 1.6e-3 of its peak kinetic energy in a step
// (random scene 7941), a chain's stop 5e-4 (7806). Sunk past its stop, a
// chain's link swinging off it under a 1e5 N s load made 2e3 J a sub-step
// (random chain 1706; also 2826, 16976 and tree 9197), and an arm sunk
// 1e-4 rad past its stop and kicked off it gained 10 times what its push
// could give back (TestPushOffKeepsEnergy). Held to its mean, the row does
// no work beyond its push where it bears and ends its sub-step where its
// surface or stop is; it may end moving towards it, and the next sub-step
// stops it there (its impact pass, or the row), without restitution.
//
// Only rows moving off faster than slipRest, the rest speed, and than
// their push are held so: at rest the redundant rows of a pad's corners
// keep their biases, which agree to the last bit (gapBias), and a push
// that must still lift its load keeps it. A row apart (b > 0, speculative)
// is held as before: its bias lets it close its gap by the end, and the
// same rule there made a lander set down tilted gain energy
// (TestSetDownSliding). A contact's push-out keeps its end velocity: held
// to its mean, a body's sunk corners that moved off faster than their push
// ended their sub-steps moving back in, and random slope 1304 tunnelled
// 23 cm into the ground (a cube sunk 0.1 mm past the slop and kicked up
// still gains up to 12 times what its push could give back). A push-out
// whose bias stays negative keeps its compliance (pushImpulse). A pivot's
// terms (contactRows) are its end velocity's, and are added apart.
func liftOff(b, v0 float64, push bool) float64 {
	if (b == 0 || push && b < 0) && v0 > max(-b, slipRest) {
		return float64(v0) + b // v0 may be a product inlined: rounded, not fused
	}
	return 0
}

// rowImpulse returns a row's new accumulated impulse from its impulse lam,
// its velocity v = J u + b and K: lam − v/K clamped to the row's bounds
// (λn ≥ 0 for a contact normal, a limit's λ ≥ 0, a motor's torque bound,
// none for an equality row).
func rowImpulse(r *row, lam, v, k float64) float64 {
	if r.compliant() {
		l, _ := pushImpulse(r, lam, v, k)
		return min(max(l, r.lo), r.hi)
	}
	return min(max(lam-v/k, r.lo), r.hi)
}

// frictionImpulse returns a contact's new friction impulses (λ1, λ2) from
// their impulses, their velocities (v1, v2), one effective mass K for both
// (the mean of the pair's: the update then opposes the slip, maximum
// dissipation) and the limit μ λn: the pair moves by −v/K and is clamped
// together to the disc of radius lim.
func frictionImpulse(l1, l2, v1, v2, k, lim float64) (float64, float64) {
	n1, n2 := l1-v1/k, l2-v2/k
	if s := float64(n1*n1) + float64(n2*n2); s > lim*lim {
		f := lim / math.Sqrt(s)
		n1, n2 = n1*f, n2*f
	}
	return n1, n2
}

// finishContacts is StageEvents: end-of-step contact geometry for
// debugging and diagnostics, warm starts kept for the next step, events;
// the step's joint and island counts.
func (w *World) finishContacts() {
	w.stats.Joints, w.stats.Rows, w.stats.Islands, w.stats.SubSteps = w.joints.alive, w.activeRows(), len(w.islands.list), w.ctx.sub+1
	cs := &w.contacts
	if cs.still {
		// Asleep: the same touching pairs persist, with no impulse.
		ev := cs.events[:0]
		for _, e := range cs.events {
			if e.Kind != ContactEnd {
				e.Kind, e.NormalImpulse = ContactPersist, 0
				ev = append(ev, e)
			}
		}
		cs.events = ev
		for i := range cs.info {
			cs.info[i].NormalImpulse, cs.info[i].FrictionImpulse = 0, mgl64.Vec3{}
		}
		return
	}
	cs.info = cs.info[:0]
	cs.events = append(cs.events[:0], cs.ended...)
	maxPen := 0.0
	var ra, rb mgl64.Mat3
	var n v3
	// On v3, the same operations as mulMV and mgl64's Add, Sub and Mul:
	// the mgl64 arrays went through memory (a tenth of S7's step).
	for i := range cs.cts {
		c := &cs.cts[i]
		ya, yb := &w.y[c.ba], &w.y[c.bb]
		if i == 0 || c.pair != cs.cts[i-1].pair { // a pair's points share bodies and normal
			ra, rb = quatMat3(ya.q), quatMat3(yb.q)
			n = mulM3(&ra, v3of(c.nl))
		}
		pa := ya.c.add(mulM3(&ra, v3of(c.la)))
		pb := yb.c.add(mulM3(&rb, v3of(c.lb)))
		d := n.dot(pb.sub(pa))
		maxPen = math.Max(maxPen, -d)
		sa, sb := cs.pairs[c.pair].sa, cs.pairs[c.pair].sb
		cs.info = append(cs.info, ContactInfo{
			BodyA: cs.shapes[sa].body, BodyB: cs.shapes[sb].body, ShapeA: ShapeID(sa), ShapeB: ShapeID(sb),
			Point: pa.add(pb).mul(0.5).vec(), Normal: n.vec(), Depth: d, NormalImpulse: c.impN, FrictionImpulse: c.impT,
		})
	}
	w.keepWarm()
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
	if len(cs.events) > 1 {
		slices.SortStableFunc(cs.events, func(a, b ContactEvent) int {
			return cmp.Or(cmp.Compare(a.ShapeA, b.ShapeA), cmp.Compare(a.ShapeB, b.ShapeB))
		})
	}
}

// keepWarm keeps each contact point's impulses on its pair for the next
// collision pass (warm starts) and adds its normal impulse to the pair's
// total of the step.
func (w *World) keepWarm() {
	cs := &w.contacts
	for i := range cs.cts {
		c := &cs.cts[i]
		p := &cs.pairs[c.pair]
		pr := &p.pts[c.k]
		pr.lamN, pr.fric, pr.pend, pr.held = c.lamN, c.fric, c.pend, c.release
		p.imp += c.impN
		c.impN = 0
	}
}

// ContactEvents returns the contact events of the last Step: one per pair of
// shapes that touch (Begin or Persist) or stopped touching (End), sorted by
// shape pair. The slice is reused by the next Step.
func (w *World) ContactEvents() []ContactEvent { return w.contacts.events }

// Contacts returns the contact points of the last Step (for debug drawing),
// including speculative ones (positive Depth). The slice is reused by the
// next Step.
func (w *World) Contacts() []ContactInfo { return w.contacts.info }

// pushImpulse is the update of a push-out row (a contact or a limit whose
// bias b < 0 pushes its bodies apart, row.soft ≠ 0): the push is
// compliant — the row asks for the separating speed max(0, −b − γλ), γ =
// soft·K — so that its impulse beyond what holds the row at rest is
// bounded by −b/γ. It returns the row's new impulse before its bounds and
// whether it lies on the compliant branch (λ ≤ −b/γ).
//
// A damper row (rowDamper, bias 0) is all compliant branch: it asks for
// the speed −γλ, so that its impulse is λ = −c h v1, v1 its velocity at
// the sub-step's end — the damper's torque taken implicitly.
func pushImpulse(r *row, lam, v, k float64) (float64, bool) {
	g := r.compliance(k)
	if l := lam - (v+float64(g*lam))/(k+g); r.onCompliant(l, g) {
		return l, true
	}
	return lam - (v-r.bias)/k, false
}
