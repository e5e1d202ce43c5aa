// Package scenes builds the peer scenarios — the seven scenes that ODE,
// Bullet, Jolt and Rapier run in ../shared/peers (SCENARIOS.md there holds
// the exact definitions) — as physics Worlds, so that the peer runner
// (physics/internal/peerscenes) and the physics benchmarks build the same
// scene from one place.
//
// A scene sets only what its scenario defines: gravity, sleep on or off,
// the bodies (shapes, masses, inertias, poses, velocities), friction 0.8,
// restitution 0, the joints and the time step. Every other WorldDef field
// is left at its default: no solver setting is tuned per scene.
package scenes

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// The scenarios' constants (SCENARIOS.md; src/harness.h of the peers).
const (
	Friction = 0.8 // every shape; pairs combine to sqrt(0.8·0.8) = 0.8

	// S1 tumble: a free asymmetric body (Dzhanibekov).
	S1Mass     = 1000.0
	S1Duration = 600.0 // s

	// S2 drop: a 1 m cube of 100 kg from 2 m.
	S2Mass     = 100.0
	S2Y0       = 2.5 // centre, m
	S2Duration = 10.0
	EarthG     = 9.81 // m/s², S2, S4, S5, S7

	// S3 lander: a hull on four legs locked by hinge limits lo = hi = 0.
	S3HullMass = 1000.0
	S3LegMass  = 20.0
	S3G        = 1.62 // Moon, m/s²
	S3V0       = -2.0 // every body's initial vertical velocity, m/s
	S3Duration = 20.0

	// S4 chain: 10 hinged links 1 × 0.2 × 0.2 m, root 1000 kg, others 10 kg.
	S4Links    = 10
	S4Y        = 20.0 // height of the chain, m
	S4Heavy    = 1000.0
	S4Light    = 10.0
	S4Duration = 10.0

	// S5 pile: 1000 unit boxes of 1 kg, yawed, dropped into 100 columns.
	S5Boxes    = 1000
	S5Pitch    = 1.2 // m between box centres at the start
	S5Duration = 10.0

	// S6 latch: a chaser and a target, welded when their faces come close.
	S6Latch     = 1.30  // m, face-centre distance that triggers the latch
	S6After     = 120.0 // s run after the latch
	S6MaxBefore = 60.0  // s: no latch by then ends the run

	// S7 tall stack: 20 unit boxes stacked exactly on the ground.
	S7Boxes    = 20
	S7TopHeavy = 100.0 // kg, the heavy variant's top box
	S7Duration = 20.0
)

// Dt60 is the scenarios' default time step, s.
const Dt60 = 1.0 / 60

var (
	// S1Inertia is the tumbling body's principal inertia, set directly (no
	// solid box has it), kg m².
	S1Inertia = mgl64.Vec3{1000, 2000, 3000}
	// S1Omega0 is its initial angular velocity, rad/s (world = body frame at t = 0).
	S1Omega0 = mgl64.Vec3{0.01, 1.0, 0.01}
	// s1Plate is its collision shape's size: it never touches anything.
	s1Plate = mgl64.Vec3{4.898979485566356, 3.4641016151377544, 0.01}

	// S3HullHalf, S3LegHalf: half extents, m. The leg's long axis is local y.
	S3HullHalf = mgl64.Vec3{1, 1, 1}
	S3LegHalf  = mgl64.Vec3{0.1, 0.5, 0.1}
	// S3HullY0: the hull centre height at the start, which puts the lowest
	// leg vertex 1.0 m above the ground; S3HullYRest: its ideal rest height.
	S3HullY0    = 2.0 + cos30 + 0.05
	S3HullYRest = 1.0 + cos30 + 0.05

	// S4Half: a link's half extents, m (long axis x).
	S4Half = mgl64.Vec3{0.5, 0.1, 0.1}

	// S6 bodies: 0 = chaser, 1 = target.
	S6Mass    = [2]float64{1000, 5000}
	S6Size    = [2]mgl64.Vec3{{2, 2, 2}, {4, 3, 3}}
	s6PosT    = mgl64.Vec3{6, 0, 0}
	s6VChaser = mgl64.Vec3{0.1, 0, 0}
	s6WChaser = mgl64.Vec3{0, 0, 0.01}
	s6WTarget = mgl64.Vec3{0.10, 0.02, 0}

	groundHalf = mgl64.Vec3{50, 0.5, 50}
)

const cos30, sin30 = 0.8660254037844386, 0.5

// Scene is a built scenario: its world, its bodies in the scenario's order,
// its time step and how many steps a run takes.
type Scene struct {
	World  *physics.World
	Def    physics.WorldDef // the WorldDef the world was made from
	Bodies []physics.BodyID // S3: hull, legs 0–3; S4: links 0–9; S5: boxes n; S6: chaser, target; S7: boxes k
	Dt     float64
	Steps  int // 0 for S6, which runs until 120 s after its latch
}

// steps returns the number of steps of duration d at dt.
func steps(d, dt float64) int { return int(math.Round(d / dt)) }

// BoxInertia returns the inertia of a solid box of mass m and half extents
// h: m/12 diag(ly²+lz², lx²+lz², lx²+ly²) for the full sides l = 2h.
func BoxInertia(m float64, h mgl64.Vec3) mgl64.Mat3 {
	x, y, z := 2*h[0], 2*h[1], 2*h[2]
	return mgl64.Diag3(mgl64.Vec3{m * (y*y + z*z) / 12, m * (x*x + z*z) / 12, m * (x*x + y*y) / 12})
}

// newScene makes the world of a scene with the scenario's gravity (m/s²,
// downwards) and sleep setting, and nothing else.
func newScene(g float64, sleep bool, dt float64, n int) *Scene {
	def := physics.WorldDef{Gravity: mgl64.Vec3{0, -g, 0}, Sleep: sleep}
	return &Scene{World: physics.NewWorld(def), Def: def, Dt: dt, Steps: n}
}

// addGround adds the static 100 × 1 × 100 m box whose top face is y = 0.
func (s *Scene) addGround() error {
	id := s.World.AddBody(physics.BodyDef{Name: "ground", Position: mgl64.Vec3{0, -groundHalf[1], 0},
		Shapes: []physics.ShapeDef{{Poly: geom.Box(groundHalf), Friction: Friction}}})
	if id == physics.NoBody {
		return fmt.Errorf("peer scene: cannot add the ground")
	}
	return nil
}

// addBox adds a dynamic solid box (mass m, half extents h) at p, q; with
// collide false it has no shape. A mass of 0 makes it static.
func (s *Scene) addBox(name string, m float64, h, p mgl64.Vec3, q mgl64.Quat, collide bool, group int32) (physics.BodyID, error) {
	def := physics.BodyDef{Name: name, Mass: m, Position: p, Orientation: q, Group: group}
	if m > 0 {
		def.Inertia = BoxInertia(m, h)
	}
	if collide {
		def.Shapes = []physics.ShapeDef{{Poly: geom.Box(h), Friction: Friction}}
	}
	if err := def.Validate(); err != nil {
		return physics.NoBody, err
	}
	id := s.World.AddBody(def)
	s.Bodies = append(s.Bodies, id)
	return id, nil
}

// Tumble is S1: one body of inertia diag(1000, 2000, 3000) kg m² spinning at
// ω0 = (0.01, 1, 0.01) rad/s, no gravity, for 600 s at dt.
func Tumble(dt float64) (*Scene, error) {
	s := newScene(0, false, dt, steps(S1Duration, dt))
	def := physics.BodyDef{Name: "tumbler", Mass: S1Mass, Inertia: mgl64.Diag3(S1Inertia),
		Orientation: mgl64.QuatIdent(), AngularVelocity: S1Omega0,
		Shapes: []physics.ShapeDef{{Poly: geom.Box(s1Plate.Mul(0.5)), Friction: Friction}}}
	if err := def.Validate(); err != nil {
		return nil, err
	}
	s.Bodies = append(s.Bodies, s.World.AddBody(def))
	return s, nil
}

// Drop is S2: a 1 m cube of 100 kg released 2 m above the ground, 10 s.
func Drop() (*Scene, error) {
	s := newScene(EarthG, false, Dt60, steps(S2Duration, Dt60))
	if err := s.addGround(); err != nil {
		return nil, err
	}
	if _, err := s.addBox("cube", S2Mass, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Vec3{0, S2Y0, 0}, mgl64.QuatIdent(), true, 0); err != nil {
		return nil, err
	}
	return s, nil
}

// Leg is leg k of the S3 lander (k = 0…3 at the hull corners (+,+), (−,+),
// (−,−), (+,−) in x, z) for a hull centred at height hullY: the hinge point
// C, the radial and tangential (hinge axis) directions, the leg's centre
// and orientation (local −y along the leg, splayed 30° outwards).
type Leg struct {
	Corner, Radial, Tangent, Center mgl64.Vec3
	Rot                             mgl64.Quat
}

// LanderLeg returns leg k of a hull centred at height hullY.
func LanderLeg(k int, hullY float64) Leg {
	sxs, szs := [4]float64{1, -1, -1, 1}, [4]float64{1, 1, -1, -1}
	sx, sz, r2 := sxs[k], szs[k], 1/math.Sqrt2
	l := Leg{Corner: mgl64.Vec3{sx, hullY - 1, sz}, Radial: mgl64.Vec3{sx * r2, 0, sz * r2}, Tangent: mgl64.Vec3{-sz * r2, 0, sx * r2}}
	d := l.Radial.Mul(sin30).Sub(mgl64.Vec3{0, cos30, 0}) // hinge → foot
	l.Center = l.Corner.Add(d.Mul(0.5))
	psi := math.Atan2(-sz, sx)
	l.Rot = mgl64.QuatRotate(math.Pi/6, l.Tangent).Mul(mgl64.QuatRotate(psi, mgl64.Vec3{0, 1, 0}))
	return l
}

// Lander is S3: a 2 m cube hull (hullMass kg; the scenario's is 1000) on four
// 20 kg legs, each held at its 30° splay by a hinge whose limits are both 0,
// all five bodies falling at 2 m/s with the lowest leg vertex 1 m above
// the ground, Moon gravity, 20 s. Hull and legs collide only with the
// ground.
func Lander(hullMass float64) (*Scene, error) {
	s := newScene(S3G, false, Dt60, steps(S3Duration, Dt60))
	if err := s.addGround(); err != nil {
		return nil, err
	}
	const group = 1 // the lander's bodies never collide with each other
	hull, err := s.addBox("hull", hullMass, S3HullHalf, mgl64.Vec3{0, S3HullY0, 0}, mgl64.QuatIdent(), true, group)
	if err != nil {
		return nil, err
	}
	for k := range 4 {
		l := LanderLeg(k, S3HullY0)
		leg, err := s.addBox("leg", S3LegMass, S3LegHalf, l.Center, l.Rot, true, group)
		if err != nil {
			return nil, err
		}
		if _, err := s.World.AddHinge(physics.HingeDef{A: hull, B: leg, Anchor: l.Corner, Axis: l.Tangent,
			EnableLimits: true, Lower: 0, Upper: 0}); err != nil {
			return nil, err
		}
	}
	for _, id := range s.Bodies {
		s.World.Body(id).SetVelocity(mgl64.Vec3{0, S3V0, 0})
	}
	return s, nil
}

// Chain is S4: ten links released horizontal at y = 20 m, hinged about z at
// their ends, link 0 of 1000 kg and the others 10 kg, no collisions, 10 s.
// With fixedRoot link 0 is static and there is no joint 0; otherwise it is
// dynamic on a hinge to the world at the origin end.
func Chain(fixedRoot bool) (*Scene, error) {
	s := newScene(EarthG, false, Dt60, steps(S4Duration, Dt60))
	for i := range S4Links {
		m := S4Light
		if i == 0 {
			m = S4Heavy
			if fixedRoot {
				m = 0
			}
		}
		if _, err := s.addBox("link", m, S4Half, mgl64.Vec3{0.5 + float64(i), S4Y, 0}, mgl64.QuatIdent(), false, 0); err != nil {
			return nil, err
		}
	}
	z := mgl64.Vec3{0, 0, 1}
	if !fixedRoot {
		if _, err := s.World.AddHinge(physics.HingeDef{A: s.Bodies[0], B: physics.NoBody, Anchor: mgl64.Vec3{0, S4Y, 0}, Axis: z}); err != nil {
			return nil, err
		}
	}
	for i := 1; i < S4Links; i++ {
		if _, err := s.World.AddHinge(physics.HingeDef{A: s.Bodies[i-1], B: s.Bodies[i], Anchor: mgl64.Vec3{float64(i), S4Y, 0}, Axis: z}); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// PileBox returns box n's start (centre p, orientation q) and layer j in
// the S5 grid: i = n mod 10, k = ⌊n/10⌋ mod 10, j = ⌊n/100⌋, centre
// (1.2 (i − 4.5), 0.6 + 1.2 j, 1.2 (k − 4.5)), yawed by
// ((3i + 5j + 7k) mod 11 − 5)°.
func PileBox(n int) (p mgl64.Vec3, q mgl64.Quat, layer int) {
	i, k, j := n%10, (n/10)%10, n/100
	p = mgl64.Vec3{S5Pitch * (float64(i) - 4.5), 0.6 + S5Pitch*float64(j), S5Pitch * (float64(k) - 4.5)}
	yaw := float64((3*i+5*j+7*k)%11 - 5)
	return p, mgl64.QuatRotate(yaw*math.Pi/180, mgl64.Vec3{0, 1, 0}), j
}

// Pile is S5: a thousand 1 kg unit boxes, yawed −5…+5°, dropped from a
// 10 × 10 × 10 grid into 100 columns of 10, 10 s, with sleep on or off.
func Pile(sleep bool) (*Scene, error) {
	s := newScene(EarthG, sleep, Dt60, steps(S5Duration, Dt60))
	if err := s.addGround(); err != nil {
		return nil, err
	}
	for n := range S5Boxes {
		p, q, _ := PileBox(n)
		if _, err := s.addBox("box", 1, mgl64.Vec3{0.5, 0.5, 0.5}, p, q, true, 0); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// LatchFaces returns the S6 face centres: the chaser's +x face and the
// target's −x face, for their current poses.
func LatchFaces(w *physics.World, chaser, target physics.BodyID) (fc, ft mgl64.Vec3) {
	return w.Body(chaser).WorldPoint(mgl64.Vec3{S6Size[0][0] / 2, 0, 0}), w.Body(target).WorldPoint(mgl64.Vec3{-S6Size[1][0] / 2, 0, 0})
}

// Latch is S6 before its latch: a 1000 kg chaser (2 m cube) moving at
// 0.1 m/s towards a 5000 kg target (4 × 3 × 3 m) 6 m away, both spinning,
// no gravity, no shapes. The runner welds them (Weld) once the face
// centres come closer than S6Latch.
func Latch(dt float64) (*Scene, error) {
	s := newScene(0, false, dt, 0)
	pos := [2]mgl64.Vec3{{}, s6PosT}
	for i := range 2 {
		if _, err := s.addBox([2]string{"chaser", "target"}[i], S6Mass[i], S6Size[i].Mul(0.5), pos[i], mgl64.QuatIdent(), false, 0); err != nil {
			return nil, err
		}
	}
	w := s.World
	w.Body(s.Bodies[0]).SetVelocity(s6VChaser)
	w.Body(s.Bodies[0]).SetAngularVelocity(s6WChaser)
	w.Body(s.Bodies[1]).SetAngularVelocity(s6WTarget)
	return s, nil
}

// Weld adds S6's fixed joint between chaser and target, holding their
// current relative pose, anchored at the midpoint of the face centres.
func (s *Scene) Weld() (mid mgl64.Vec3, err error) {
	fc, ft := LatchFaces(s.World, s.Bodies[0], s.Bodies[1])
	mid = fc.Add(ft).Mul(0.5)
	_, err = s.World.AddFixed(physics.FixedDef{A: s.Bodies[0], B: s.Bodies[1], Anchor: mid})
	return mid, err
}

// TallStack is S7: twenty unit boxes of 1 kg stacked exactly on the ground,
// the top one topMass kg (1 or S7TopHeavy), sleep off, 20 s.
func TallStack(topMass float64) (*Scene, error) {
	s := newScene(EarthG, false, Dt60, steps(S7Duration, Dt60))
	if err := s.addGround(); err != nil {
		return nil, err
	}
	for k := range S7Boxes {
		m := 1.0
		if k == S7Boxes-1 {
			m = topMass
		}
		if _, err := s.addBox("box", m, mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Vec3{0, 0.5 + float64(k), 0}, mgl64.QuatIdent(), true, 0); err != nil {
			return nil, err
		}
	}
	return s, nil
}
