package physics_test

// The jointed kinds of the random scenes: chains and trees of ball, hinge
// and fixed joints with limits, springs and motors; landers on legs held
// by their limits; rigid assemblies welded by fixed joints, spinning in
// empty space.

import (
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// links places n random shapes (each drawn in its body's stream) as a
// chain (tree false: each on the one before) or a tree (each on a random
// earlier one), each where its bounding sphere touches its parent's in a
// random direction; the joint's anchor is that point. It returns the
// parts, orientations, centres, parents (−1 for the root) and anchors.
func (g *gen) links(n int, tree bool, md massDraw) ([]part, []mgl64.Quat, []mgl64.Vec3, []int, []mgl64.Vec3) {
	ps, qs, cs := make([]part, n), make([]mgl64.Quat, n), make([]mgl64.Vec3, n)
	parent, anchor := make([]int, n), make([]mgl64.Vec3, n)
	for i := range n {
		g.body(i, 0)
		ps[i] = makePart(g.shape(), g.mass(md, i))
		qs[i] = g.quat()
		parent[i] = -1
		if i == 0 {
			continue
		}
		parent[i] = i - 1
		if tree {
			parent[i] = g.r.IntN(i)
		}
		p, d := parent[i], g.dir()
		anchor[i] = cs[p].Add(d.Mul(ps[p].radius()))
		cs[i] = anchor[i].Add(d.Mul(ps[i].radius()))
	}
	g.sceneStream()
	return ps, qs, cs, parent, anchor
}

// massPatterns names the mass patterns.
var massPatterns = [...]string{massRandom: "random masses", massHeavyRoot: "heavy root", massAlternating: "alternating"}

// jointSpec is a drawn joint between a parent (or the world) and a link.
type jointSpec struct {
	kind physics.JointKind
	axis mgl64.Vec3 // hinge axis
	rate float64    // initial relative rate about the axis (hinge) or along rel (ball), rad/s
	rel  mgl64.Vec3 // ball: direction of the initial relative rate
}

// drawJoint draws a joint kind and its initial relative motion.
func (g *gen) drawJoint() jointSpec {
	j := jointSpec{kind: physics.HingeJoint, axis: g.dir(), rate: g.sign() * g.rate(0.3, 100), rel: g.dir()}
	switch x := g.r.Float64(); {
	case x < 0.35:
		j.kind = physics.BallJoint
	case x < 0.55:
		j.kind, j.rate = physics.FixedJoint, 0
	}
	return j
}

// addJoint adds j between bodies a and b (either may be the world) at the
// anchor, with, for a hinge, limits, a spring and a motor drawn for a link
// of inertia inertia about the axis (kg m²). It returns a description.
func (g *gen) addJoint(j jointSpec, a, b physics.BodyID, anchor mgl64.Vec3, inertia float64) string {
	w := g.s.w
	g.s.joints++
	// Either orientation of the rows; the world frame (NoBody) only as B.
	if swap := g.chance(0.3); a == physics.NoBody || swap && b != physics.NoBody {
		a, b = b, a
	}
	var err error
	name := ""
	switch j.kind {
	case physics.BallJoint:
		_, err = w.AddBall(physics.BallDef{A: a, B: b, Anchor: anchor})
		name = "ball"
	case physics.FixedJoint:
		_, err = w.AddFixed(physics.FixedDef{A: a, B: b, Anchor: anchor})
		name = "fixed"
	default:
		h := physics.HingeDef{A: a, B: b, Anchor: anchor, Axis: j.axis}
		stop := func() float64 { // 0 (the angle on its stop) or up to 1.5 rad
			if g.chance(0.25) {
				return 0
			}
			return g.unif(0, 1.5)
		}
		name = "hinge"
		switch g.r.IntN(4) {
		case 1:
			h.EnableLimits, name = true, "hinge one-sided"
			if g.chance(0.5) {
				h.Lower, h.Upper = -math.Pi, stop()
			} else {
				h.Lower, h.Upper = -stop(), math.Pi
			}
		case 2:
			h.EnableLimits, h.Lower, h.Upper, name = true, -stop(), stop(), "hinge two-sided"
		case 3:
			h.EnableLimits, name = true, "hinge closed"
		}
		if g.chance(0.3) {
			h.SpringStiffness, h.SpringDamping = g.spring(inertia, 10, 0)
			h.SpringAngle = g.unif(-0.5, 0.5)
			name += " spring"
		}
		if g.chance(0.15) {
			h.EnableMotor, h.MotorSpeed, h.MaxMotorTorque = true, g.unif(-5, 5), inertia*g.logU(0.1, 100)
			g.s.passive = false
			name += " motor"
		}
		_, err = w.AddHinge(h)
	}
	if err != nil {
		panic(fmt.Sprintf("generator: joint refused: %v", err))
	}
	return name
}

// spring draws a hinge spring-damper for a part of inertia inertia about
// the hinge (kg m²): a natural period log-uniform from 0.3 s to maxPeriod
// and a damping ratio from minZeta to 1 (0 for some when minZeta is 0) —
// the springs of a craft's gear, not stiffer than any step can follow.
func (g *gen) spring(inertia, maxPeriod, minZeta float64) (k, c float64) {
	k = inertia * math.Pow(2*math.Pi/g.logU(0.3, maxPeriod), 2)
	if damped := g.chance(0.7); damped || minZeta > 0 {
		c = 2 * g.unif(minZeta, 1) * math.Sqrt(k*inertia)
	}
	return k, c
}

// axisInertia is the inertia of part p turned by q, centred at c, about
// the axis through anchor along the unit a, kg m².
func axisInertia(p part, q mgl64.Quat, c, anchor, a mgl64.Vec3) float64 {
	r := q.Mat4().Mat3()
	iw := r.Mul3(p.inertia).Mul3(r.Transpose())
	return a.Dot(iw.Mul3x1(a)) + p.mass*a.Cross(c.Sub(anchor)).LenSqr()
}

// joints builds a chain (tree false) or a tree of 2–12 links, random
// shapes of 0.2–5 m placed by links, joined by ball, hinge or fixed joints
// (drawJoint, addJoint: hinges without limits, one-sided — the far stop at
// ±π —, two-sided or closed limits, lower = upper = 0 the angle at
// creation, a stop at the starting angle for some; springs; motors, which
// make the scene active). The root hangs from a static body or from the
// world frame by a random joint, or flies free. Masses with the scene's
// ratio (massPattern). The links never collide with each other (one
// group); half the scenes have a ground under the links. The initial
// velocities are a motion every joint allows — a rate about each hinge,
// any relative rate at each ball, none at a weld — scaled so that no body
// turns faster than 100 rad/s. Gravity: the Earth's, the Moon's or none.
func (g *gen) joints(tree bool) {
	grav := g.drawGravity()
	if g.chance(0.25) {
		grav = 0
	}
	g.world(grav)
	nDrawn := g.count(2, 12)
	md := g.masses(nDrawn, g.r.IntN(3))
	n := g.keep(nDrawn)
	ps, qs, cs, parent, anchor := g.links(n, tree, md)
	root := g.r.IntN(3) // 0 free, 1 to a static body, 2 to the world frame
	rootDir := g.dir()
	rootAnchor := cs[0].Sub(rootDir.Mul(ps[0].radius()))
	ground := g.chance(0.5)
	if ground { // the lowest point 0.5–2.5 m above it
		low := math.Inf(1)
		for i := range n {
			low = math.Min(low, cs[i][1]-ps[i].extent(qs[i], up.Mul(-1)))
		}
		lift := up.Mul(g.unif(0.5, 2.5) - low)
		for i := range n {
			cs[i], anchor[i] = cs[i].Add(lift), anchor[i].Add(lift)
		}
		rootAnchor = rootAnchor.Add(lift)
		g.ground(g.material(0.3))
	}
	mu, eps := g.material(0.3)
	ids := make([]physics.BodyID, n)
	for i := range n {
		ids[i] = g.add(ps[i], cs[i], qs[i], mu, eps, 1)
	}

	// Velocities: the root's, then each link's from its parent's so that
	// the joint's anchor moves as one point and the relative rate is one
	// the joint allows.
	om, v := make([]mgl64.Vec3, n), make([]mgl64.Vec3, n)
	names := map[string]int{}
	rootJoint := g.drawJoint()
	switch root {
	case 0:
		om[0], v[0] = g.dir().Mul(g.rate(0.2, 100)), g.dir().Mul(g.unif(0, 2))
	default:
		switch rootJoint.kind {
		case physics.HingeJoint:
			om[0] = rootJoint.axis.Mul(rootJoint.rate)
		case physics.BallJoint:
			om[0] = rootJoint.rel.Mul(rootJoint.rate)
		}
		v[0] = om[0].Cross(cs[0].Sub(rootAnchor))
		world := physics.NoBody
		if root == 1 {
			world = g.s.w.AddBody(physics.BodyDef{Name: "anchor", Position: rootAnchor})
		}
		names["root "+g.addJoint(rootJoint, world, ids[0], rootAnchor, axisInertia(ps[0], qs[0], cs[0], rootAnchor, rootJoint.axis))]++
	}
	for i := 1; i < n; i++ {
		g.body(i, 1)
		p, j := parent[i], g.drawJoint()
		rel := mgl64.Vec3{}
		switch j.kind {
		case physics.HingeJoint:
			rel = j.axis.Mul(j.rate)
		case physics.BallJoint:
			rel = j.rel.Mul(j.rate)
		}
		om[i] = om[p].Add(rel)
		v[i] = v[p].Add(om[p].Cross(anchor[i].Sub(cs[p]))).Sub(om[i].Cross(anchor[i].Sub(cs[i])))
		names[g.addJoint(j, ids[p], ids[i], anchor[i], axisInertia(ps[i], qs[i], cs[i], anchor[i], j.axis))]++
	}
	g.sceneStream()
	fastest := 0.0
	for i := range n {
		fastest = math.Max(fastest, om[i].Len())
	}
	scale := 1.0
	if fastest > 100 {
		scale = 100 / fastest
	}
	for i := range n {
		g.setSpin(ids[i], v[i].Mul(scale), om[i].Mul(scale))
	}
	g.s.floating = root == 0 && !ground
	g.s.variant = fmt.Sprintf("%s, root %s, ground %v, joints %v",
		massPatterns[md.pattern], [...]string{"free", "on a static body", "on the world"}[root], ground, sortedCounts(names))
	g.run(5)
}

// sortedCounts prints the counts of names in name order.
func sortedCounts(m map[string]int) string {
	s := ""
	for i, k := range slices.Sorted(maps.Keys(m)) {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%d %s", m[k], k)
	}
	return "[" + s + "]"
}

// Lander leg modes: how the limits (or a weld) hold each leg at its splay.
var legModes = [...]string{"closed limits", "one-sided stop", "two-sided stop", "welded"}

// lander is S3 of /work/shared/peers/SCENARIOS.md with random draws: a
// 2 m box hull of 20·R kg (R log-uniform 1…10⁴) on four 20 kg legs
// (0.2 × 1 × 0.2 m boxes splayed 30°) hinged at its lower corners, held
// at 0 by closed limits (lower = upper = 0, as S3), by a one-sided or a
// two-sided limit with the landing load pressing the leg onto its stop at
// 0 (a spring preloading it there for some, period 0.3–2 s and damping
// ratio 0.5–1 for the leg and a quarter of the hull), or welded. It
// touches down on flat ground (friction 0.8, restitution 0) at 0–4 m/s,
// tilted by up to 10° about a random horizontal axis and drifting at up
// to 0.3 m/s, in the Moon's or the Earth's gravity. Passive, and stable:
// the centre of mass stands over the middle of the four feet.
func (g *gen) lander() {
	g.world(g.drawGravity())
	g.ground(0.8, 0)
	ratio := g.logU(1, 1e4)
	mode := g.r.IntN(len(legModes))
	vt, tilt := g.unif(0, 4), g.unif(0, 10)*math.Pi/180
	if g.chance(0.1) {
		vt = 0 // set on the ground
	}
	qt := mgl64.QuatRotate(tilt, g.horizontal().Cross(up).Normalize())
	hullPart := makePart(geom.Box(mgl64.Vec3{1, 1, 1}), 20*ratio)
	legPart := makePart(geom.Box(mgl64.Vec3{0.1, 0.5, 0.1}), 20)
	nLegs := 4
	if g.opt.maxBodies > 0 {
		nLegs = max(0, min(4, g.opt.maxBodies-1))
	}
	// Poses before the tilt, the hull at the origin; the tilt turns the
	// whole lander about the hull's centre.
	hull := g.add(hullPart, mgl64.Vec3{}, qt, 0.8, 0, 1)
	ids := []physics.BodyID{hull}
	spring := mode != 0 && mode != 3 && g.chance(0.5)
	// Gear that settles the lander within a second or so: a stable scene
	// must come to rest 5 s after its last impact. The spring and damper
	// are drawn for what they carry — the leg and a quarter of the hull at
	// the leg's length (1 m), the hull's rocking on its gear — with a
	// period of 0.3–2 s and a damping ratio of 0.5–1. Drawn for the leg
	// alone, a 1,178 kg hull rocked on them at ζ 0.11 and ω 0.5 rad/s, an
	// e-fold in 18 s (random lander 16158): the physics of the scene drawn,
	// not a stable one.
	share := axisInertia(legPart, mgl64.QuatIdent(), mgl64.Vec3{0, -0.5, 0}, mgl64.Vec3{}, mgl64.Vec3{1, 0, 0}) + hullPart.mass/4
	k, c := g.spring(share, 2, 0.5)
	preload := g.unif(0.05, 0.3)
	for i := range nLegs {
		sx, sz := float64(1-2*(i&1)), float64(1-2*(i>>1))
		corner := mgl64.Vec3{sx, -1, sz}
		radial := mgl64.Vec3{sx, 0, sz}.Normalize()
		axis := radial.Cross(up) // splay grows with the hinge angle
		d := radial.Mul(0.5).Sub(up.Mul(math.Sqrt(3) / 2))
		ql := mgl64.QuatRotate(math.Pi/6, axis).Mul(mgl64.QuatRotate(math.Atan2(-sz, sx), up))
		leg := g.add(legPart, qt.Rotate(corner.Add(d.Mul(0.5))), qt.Mul(ql), 0.8, 0, 1)
		ids = append(ids, leg)
		anchor := qt.Rotate(corner)
		g.s.joints++
		if mode == 3 {
			if _, err := g.s.w.AddFixed(physics.FixedDef{A: hull, B: leg, Anchor: anchor}); err != nil {
				panic(err)
			}
			continue
		}
		h := physics.HingeDef{A: hull, B: leg, Anchor: anchor, Axis: qt.Rotate(axis), EnableLimits: true}
		switch mode {
		case 1:
			h.Lower = -math.Pi
		case 2:
			h.Lower = -0.5
		}
		if spring {
			h.SpringStiffness, h.SpringDamping, h.SpringAngle = k, c, preload
		}
		if _, err := g.s.w.AddHinge(h); err != nil {
			panic(err)
		}
	}
	// The lowest point h0 above the ground, falling at v0 so that it
	// touches down at vt; drifting sideways.
	low := math.Inf(1)
	for _, id := range ids {
		b := g.s.w.Body(id)
		p := legPart
		if id == hull {
			p = hullPart
		}
		low = math.Min(low, b.Position()[1]-p.extent(b.Orientation(), up.Mul(-1)))
	}
	h0 := g.unif(0, 1) * vt * vt / (2 * g.s.gravity)
	v := g.horizontal().Mul(g.unif(0, 0.3)).Sub(up.Mul(math.Sqrt(math.Max(0, vt*vt-2*g.s.gravity*h0))))
	for _, id := range ids {
		b := g.s.w.Body(id)
		b.SetPosition(b.Position().Add(up.Mul(h0 - low)))
		b.SetVelocity(v)
	}
	desc := legModes[mode]
	if spring {
		desc += fmt.Sprintf(" sprung (k %.3g N m/rad, c %.3g N m s/rad, preload %.2f rad)", k, c, preload)
	}
	g.s.variant = fmt.Sprintf("%s, touchdown %.2f m/s, tilt %.1f°", desc, vt, tilt*180/math.Pi)
	// Stable: on four legs (shrunk to fewer, it may fall), and no leg that
	// can hang free. A leg on a one-sided stop without a spring, lifted
	// off the ground by a tilted touchdown, swings from its stop toward
	// the vertical and back to it with nothing to damp it: a pendulum for
	// good (random lander 38: its leg swinging at 0.46 m/s 5 s after the
	// last impact, with no contact, once Newton's method finished the
	// solves that had ended above the stop test; fresh landers 53128,
	// 55298 and 53438, unsprung on one-sided stops too, failed so before
	// that, their legs at 0.9–1.7 m/s). Its energy, gaps and
	// tunnelling are still checked.
	g.s.stable = nLegs == 4 && (mode != 1 || spring)
	g.run(20)
}

// assembly welds 2–6 random shapes, placed by links, into one rigid body
// by fixed joints (a chain or a tree), in empty space: no gravity, no
// ground, no contact (one group). It spins about the principal axis of
// the whole's largest or smallest moment — stable spins, in which each
// body's |ω| is constant — at up to 100 rad/s, zero for some; or
// (variant tumble) about a random axis at up to 0.5 rad/s, where |ω|
// changes but L and the energy do not. It drifts at up to 1 m/s.
// Passive and free.
func (g *gen) assembly() {
	g.world(0)
	nDrawn := g.count(2, 6)
	md := g.masses(nDrawn, g.r.IntN(3))
	n := g.keep(nDrawn)
	ps, qs, cs, parent, anchor := g.links(n, g.chance(0.5), md)
	mp := make([]craft.MassProps, n)
	for i := range n {
		mp[i] = craft.MassProps{Mass: ps[i].mass, Inertia: ps[i].inertia}.Transform(cs[i], qs[i])
	}
	whole := craft.Combine(mp...)
	moments, axes := craft.PrincipalMoments(whole.Inertia)
	var om mgl64.Vec3
	variant := "tumble"
	if g.chance(0.75) {
		col := 2 * g.r.IntN(2) // the smallest or the largest moment
		om = axes.Col(col).Mul(g.sign() * g.rate(0.1, 100))
		variant = fmt.Sprintf("spin about the %s axis (moments %.3g %.3g %.3g)", [...]string{"minor", "", "major"}[col], moments[0], moments[1], moments[2])
		g.s.principal = true
	} else {
		om = g.dir().Mul(g.logU(0.01, 0.5))
	}
	vc := g.dir().Mul(g.unif(0, 1))
	mu, eps := g.material(0)
	ids := make([]physics.BodyID, n)
	for i := range n {
		ids[i] = g.add(ps[i], cs[i], qs[i], mu, eps, 1)
		g.setSpin(ids[i], vc.Add(om.Cross(cs[i].Sub(whole.COM))), om)
		if i > 0 {
			a, b := ids[parent[i]], ids[i]
			if g.body(i, 1); g.chance(0.3) {
				a, b = b, a
			}
			if _, err := g.s.w.AddFixed(physics.FixedDef{A: a, B: b, Anchor: anchor[i]}); err != nil {
				panic(err)
			}
			g.s.joints++
		}
	}
	g.sceneStream()
	g.s.variant = fmt.Sprintf("%s, %s", variant, massPatterns[md.pattern])
	g.s.free = true
	g.run(10)
}
