package physics_test

// Random physics scenes (issue 24; design notes §13): a generator that
// builds a world from one integer seed through the physics API alone —
// WorldDef at its defaults except gravity and sleep — and says which
// invariants the scene promises. The kinds are built in
// scenegen_contact_test.go (piles, exact placements, stacks, slopes) and
// scenegen_joints_test.go (chains, trees, landers, welded assemblies);
// invariants_test.go runs a scene and checks it; TestRandomScenes
// (randscene_test.go) runs many.

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// sceneKind names a family of generated scenes.
type sceneKind string

const (
	kindPile      sceneKind = "pile"        // random shapes, poses and spins dropped into a heap
	kindTouching  sceneKind = "touching"    // exact placements at rest: face on face, edge on face, edge on edge, vertex on face
	kindStack     sceneKind = "stack"       // boxes and prisms stacked exactly: same footprints, no yaw, no offsets (stable)
	kindYawed     sceneKind = "stack-yawed" // stacks with yaw and small offsets, set or dropped (stable)
	kindSlope     sceneKind = "slope"       // random shapes dropped on a tilted static box
	kindSlopeRest sceneKind = "slope-rest"  // boxes set flat on a slope with friction to spare (stable)
	kindChain     sceneKind = "chain"       // chains of ball, hinge and fixed joints, limits, springs, motors
	kindTree      sceneKind = "tree"        // the same joints branching
	kindLander    sceneKind = "lander"      // a heavy hull on four hinged legs held by their limits, landing (stable)
	kindAssembly  sceneKind = "assembly"    // bodies welded by fixed joints, spinning free in space
)

// sceneKinds lists the kinds; seed s builds sceneKinds[s mod len], so
// consecutive seeds try every kind in turn. Appending a kind changes the
// scene of every seed: regression seeds record their description
// (randscene_test.go) so that such a change is noticed.
var sceneKinds = []sceneKind{kindPile, kindTouching, kindStack, kindYawed, kindSlope, kindSlopeRest, kindChain, kindTree, kindLander, kindAssembly}

// scene is one generated world and the invariants it promises.
type scene struct {
	seed    int64
	kind    sceneKind
	variant string // what the kind's draw chose, for the description
	w       *physics.World
	gravity float64 // |g|, m/s²
	dt      float64
	steps   int
	sleep   bool

	// passive: no motors and no applied loads, so the energy (with
	// gravity's and the springs') never rises.
	passive bool
	// stable: every partial centre of mass lies over its support with a
	// margin, by construction: the scene comes to rest, stays and sleeps.
	stable bool
	// free: a rigid assembly in empty space: L about its centre of mass
	// and its kinetic energy are constant; principal: it spins about a
	// stable principal axis, so each body's |ω| is constant too.
	free, principal bool
	// floating: nothing static, no joint to the world, no field but a
	// uniform gravity — a chain or a tree flying free, whose L about its
	// centre of mass is constant whatever its joints do inside it.
	floating bool

	shapes     map[string]int // the random pieces drawn (gen.shape), by kind
	bodies     int            // dynamic bodies
	joints     int            // joints
	minM, maxM float64        // lightest and heaviest dynamic body, kg
	spin       float64        // fastest initial |ω| of a body, rad/s
}

// String is the scene's one-line description, printed with a failure.
func (s *scene) String() string {
	sleep := "off"
	if s.sleep {
		sleep = "on"
	}
	ratio := 1.0
	if s.minM > 0 {
		ratio = s.maxM / s.minM
	}
	shapes := ""
	if len(s.shapes) > 0 {
		shapes = " " + sortedCounts(s.shapes)
	}
	return fmt.Sprintf("%s %s: %d bodies%s, %d joints, mass ratio %.3g:1, spin %.3g rad/s, g %.3g, dt 1/%.4g, sleep %s, %.4g s",
		s.kind, s.variant, s.bodies, shapes, s.joints, ratio, s.spin, s.gravity, 1/s.dt, sleep, float64(s.steps)*s.dt)
}

// genOptions shrink a scene: at most maxBodies generated bodies (0: as
// drawn) and a run of at most maxTime seconds (0: as drawn).
type genOptions struct {
	maxBodies int
	maxTime   float64
}

// gen is the state of one scene's construction: its random sources,
// drawn in a fixed order so that the seed alone decides the scene. The
// scene's own choices come from one stream, each body's from a stream of
// its own (gen.body), so that a scene shrunk to fewer bodies draws the
// same for the scene and for the bodies it keeps.
type gen struct {
	r     *rand.Rand // the stream in use
	scene *rand.Rand // the scene's stream
	seed  uint64
	s     *scene
	opt   genOptions
}

// generate builds the scene of seed.
func generate(seed int64, opt genOptions) *scene {
	k := sceneKinds[uint64(seed)%uint64(len(sceneKinds))]
	main := rand.New(rand.NewPCG(uint64(seed), 0x5ce7e5))
	g := &gen{r: main, scene: main, seed: uint64(seed), s: &scene{seed: seed, kind: k, passive: true}, opt: opt}
	g.s.dt = 1 / (30 * math.Pow(8, g.r.Float64())) // 1/30 … 1/240 s
	g.s.sleep = g.chance(0.5)
	switch k {
	case kindPile:
		g.pile()
	case kindTouching:
		g.touching()
	case kindStack:
		g.stack(false)
	case kindYawed:
		g.stack(true)
	case kindSlope:
		g.slope()
	case kindSlopeRest:
		g.slopeRest()
	case kindChain:
		g.joints(false)
	case kindTree:
		g.joints(true)
	case kindLander:
		g.lander()
	case kindAssembly:
		g.assembly()
	}
	return g.s
}

// drawGravity draws the Moon's gravity or the Earth's, m/s².
func (g *gen) drawGravity() float64 {
	if g.chance(0.3) {
		return 1.62
	}
	return 9.81
}

// world makes the scene's world: defaults except gravity (m/s², down) and sleep.
func (g *gen) world(gravity float64) {
	g.s.gravity = gravity
	g.s.w = physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -gravity, 0}, Sleep: g.s.sleep})
}

// run sets the run's length, s (shortened by genOptions.maxTime).
func (g *gen) run(seconds float64) {
	if g.opt.maxTime > 0 {
		seconds = min(seconds, g.opt.maxTime)
	}
	g.s.steps = int(math.Ceil(seconds / g.s.dt))
}

// count draws a number of bodies in [lo, hi].
func (g *gen) count(lo, hi int) int { return lo + g.r.IntN(hi-lo+1) }

// keep is how many of n drawn bodies the scene builds: at most
// genOptions.maxBodies.
func (g *gen) keep(n int) int {
	if g.opt.maxBodies > 0 {
		return min(n, g.opt.maxBodies)
	}
	return n
}

// body switches the draws to body i's own stream for phase p of the
// construction (0 its piece and pose, 1 its joint); sceneStream switches
// back.
func (g *gen) body(i, p int) { g.r = rand.New(rand.NewPCG(g.seed, 0x10000+16*uint64(i)+uint64(p))) }
func (g *gen) sceneStream()  { g.r = g.scene }

func (g *gen) unif(lo, hi float64) float64 { return lo + (hi-lo)*g.r.Float64() }
func (g *gen) logU(lo, hi float64) float64 { return lo * math.Pow(hi/lo, g.r.Float64()) }
func (g *gen) chance(p float64) bool       { return g.r.Float64() < p }
func (g *gen) sign() float64 {
	if g.chance(0.5) {
		return -1
	}
	return 1
}

// rate draws an angular speed: 0 (the degenerate case) with probability
// p0, otherwise log-uniform in [0.01, max] rad/s.
func (g *gen) rate(p0, maxRate float64) float64 {
	if g.chance(p0) {
		return 0
	}
	return g.logU(0.01, maxRate)
}

// dir draws a uniform unit vector.
func (g *gen) dir() mgl64.Vec3 {
	z := g.unif(-1, 1)
	a := g.unif(0, 2*math.Pi)
	s := math.Sqrt(1 - z*z)
	return mgl64.Vec3{s * math.Cos(a), s * math.Sin(a), z}
}

// horizontal draws a uniform horizontal unit vector.
func (g *gen) horizontal() mgl64.Vec3 {
	a := g.unif(0, 2*math.Pi)
	return mgl64.Vec3{math.Cos(a), 0, math.Sin(a)}
}

// quat draws a uniform random orientation (Shoemake 1992).
func (g *gen) quat() mgl64.Quat {
	u1, u2, u3 := g.r.Float64(), 2*math.Pi*g.r.Float64(), 2*math.Pi*g.r.Float64()
	a, b := math.Sqrt(1-u1), math.Sqrt(u1)
	return mgl64.Quat{W: b * math.Cos(u3), V: mgl64.Vec3{a * math.Sin(u2), a * math.Cos(u2), b * math.Sin(u3)}}
}

// Mass patterns of a scene's bodies.
const (
	massRandom      = iota // log-uniform between the extremes, two bodies at them
	massHeavyRoot          // body 0 heavy, the others light
	massAlternating        // even bodies heavy, odd light
)

// massDraw is a scene's mass draw: the light mass m0 (log-uniform in
// 1…100 kg), the ratio (log-uniform in 1…10⁴), the pattern and, for
// massRandom, the bodies at the extremes.
type massDraw struct {
	m0, ratio    float64
	pattern      int
	heavy, light int
}

// masses draws the masses of n bodies in the given pattern.
func (g *gen) masses(n, pattern int) massDraw {
	d := massDraw{m0: g.logU(1, 100), ratio: g.logU(1, 1e4), pattern: pattern, heavy: -1, light: -1}
	if n >= 2 {
		d.heavy = g.r.IntN(n)
		d.light = (d.heavy + 1 + g.r.IntN(n-1)) % n
	}
	return d
}

// mass returns body i's mass, drawing in the stream in use.
func (g *gen) mass(d massDraw, i int) float64 {
	heavy := false
	switch d.pattern {
	case massHeavyRoot:
		heavy = i == 0
	case massAlternating:
		heavy = i%2 == 0
	default:
		switch i {
		case d.heavy:
			heavy = true
		case d.light:
		default:
			return d.m0 * math.Pow(d.ratio, g.r.Float64())
		}
	}
	if heavy {
		return d.m0 * d.ratio
	}
	return d.m0
}

// part is one body's convex piece and mass properties, the piece placed
// with the centre of mass at the body origin.
type part struct {
	poly    *geom.Polyhedron
	mass    float64    // kg
	inertia mgl64.Mat3 // about the centre of mass, body frame, kg m²
}

// makePart gives the solid polyhedron p (any placement) the mass m.
func makePart(p *geom.Polyhedron, m float64) part {
	mp := craft.PolyhedronMass(p, 1) // unit density: mp.Mass is the volume
	return part{
		poly:    p.Transformed(geom.Transform{Pos: mp.COM.Mul(-1)}),
		mass:    m,
		inertia: mp.Inertia.Mul(m / mp.Mass),
	}
}

// extent is how far the part, turned by q, reaches from its centre of mass
// along the unit direction d, m.
func (p part) extent(q mgl64.Quat, d mgl64.Vec3) float64 {
	e := math.Inf(-1)
	for _, v := range p.poly.Verts {
		e = math.Max(e, q.Rotate(v).Dot(d))
	}
	return e
}

// radius is the part's bounding radius about its centre of mass, m.
func (p part) radius() float64 {
	r := 0.0
	for _, v := range p.poly.Verts {
		r = math.Max(r, v.Len())
	}
	return r
}

// Piece sizes: every edge, diameter or length 0.2–5 m, log-uniform.
const minSize, maxSize = 0.2, 5.0

// half draws a box's half extents.
func (g *gen) half() mgl64.Vec3 {
	return mgl64.Vec3{g.logU(minSize, maxSize) / 2, g.logU(minSize, maxSize) / 2, g.logU(minSize, maxSize) / 2}
}

// box draws a box.
func (g *gen) box() *geom.Polyhedron { return geom.Box(g.half()) }

// cylinder draws a prism of 6–24 sides approximating a cylinder, axis y.
func (g *gen) cylinder() *geom.Polyhedron {
	return geom.Cylinder(g.logU(minSize, maxSize)/2, g.logU(minSize, maxSize), 6+g.r.IntN(19))
}

// hull draws the convex hull of 6–24 points, in a box or on an ellipsoid,
// of random extents.
func (g *gen) hull() *geom.Polyhedron {
	half := g.half()
	round := g.chance(0.5)
	pts := make([]mgl64.Vec3, 6+g.r.IntN(19))
	for i := range pts {
		var p mgl64.Vec3
		if round {
			p = g.dir()
		} else {
			p = mgl64.Vec3{g.unif(-1, 1), g.unif(-1, 1), g.unif(-1, 1)}
		}
		pts[i] = mgl64.Vec3{p[0] * half[0], p[1] * half[1], p[2] * half[2]}
	}
	h, err := geom.Hull(pts)
	if err != nil { // flat or degenerate draw: a box of the same extents
		return geom.Box(half)
	}
	return h
}

// shape draws a box, a cylinder or a hull, and counts it.
func (g *gen) shape() *geom.Polyhedron {
	if g.s.shapes == nil {
		g.s.shapes = map[string]int{}
	}
	switch g.r.IntN(3) {
	case 0:
		g.s.shapes["box"]++
		return g.box()
	case 1:
		g.s.shapes["cylinder"]++
		return g.cylinder()
	}
	g.s.shapes["hull"]++
	return g.hull()
}

// material draws a friction coefficient and, with probability pBounce, a
// restitution (otherwise 0).
func (g *gen) material(pBounce float64) (mu, eps float64) {
	mu = g.unif(0.1, 1.2)
	if g.chance(pBounce) {
		eps = g.unif(0, 0.9)
	}
	return mu, eps
}

// add adds a dynamic body made of p.
func (g *gen) add(p part, pos mgl64.Vec3, q mgl64.Quat, mu, eps float64, group int32) physics.BodyID {
	id := g.s.w.AddBody(physics.BodyDef{
		Name: fmt.Sprintf("body%d", g.s.bodies), Mass: p.mass, Inertia: p.inertia, Position: pos, Orientation: q,
		Shapes: []physics.ShapeDef{{Poly: p.poly, Friction: mu, Restitution: eps}}, Group: group,
	})
	if id == physics.NoBody {
		panic(fmt.Sprintf("generator: body %d refused (mass %g)", g.s.bodies, p.mass))
	}
	if g.s.bodies == 0 || p.mass < g.s.minM {
		g.s.minM = p.mass
	}
	g.s.maxM = math.Max(g.s.maxM, p.mass)
	g.s.bodies++
	return id
}

// addStatic adds a static box of half extents half.
func (g *gen) addStatic(half, pos mgl64.Vec3, q mgl64.Quat, mu, eps float64) physics.BodyID {
	return g.s.w.AddBody(physics.BodyDef{Name: "static", Position: pos, Orientation: q,
		Shapes: []physics.ShapeDef{{Poly: geom.Box(half), Friction: mu, Restitution: eps}}})
}

// ground adds the static 200 × 1 × 200 m slab whose top face is y = 0.
func (g *gen) ground(mu, eps float64) physics.BodyID {
	return g.addStatic(mgl64.Vec3{100, 0.5, 100}, mgl64.Vec3{0, -0.5, 0}, mgl64.QuatIdent(), mu, eps)
}

// setSpin sets a body's initial velocities and notes the fastest spin.
func (g *gen) setSpin(id physics.BodyID, v, om mgl64.Vec3) {
	b := g.s.w.Body(id)
	b.SetVelocity(v)
	b.SetAngularVelocity(om)
	g.s.spin = math.Max(g.s.spin, om.Len())
}

// The touching scenes are what they say: every placement touches its
// support exactly and no other — the first step's contacts start at a
// depth of zero to rounding, never inside another shape (a cross's long
// static box once reached 18 cm into the next placement, seed 3451).
func TestTouchingPlacements(t *testing.T) {
	k := int64(slices.Index(sceneKinds, kindTouching))
	for i := range int64(300) {
		seed := k + i*int64(len(sceneKinds))
		s := generate(seed, genOptions{})
		if err := s.w.Step(s.dt); err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, e := range s.w.ContactEvents() {
			if e.Kind != physics.ContactEnd && e.Depth < -1e-9 {
				t.Errorf("seed %d (%s): bodies %d and %d start %.3g m inside each other", seed, s.variant, e.BodyA, e.BodyB, -e.Depth)
			}
		}
	}
}
