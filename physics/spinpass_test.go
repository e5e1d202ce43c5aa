package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// TestSpinnerPassingKeepsEnergy: a box tumbling at 90 rad/s about no
// principal axis drifts past a static wall 0.3 m off it, in empty space.
// Its motion margin (|ω| r dt = 0.9 m) makes speculative contact points
// with the wall, which bear nothing: the box flies free, and a free body
// keeps its L and kinetic energy (freeRotation) to rounding — 1.3e-12
// over 2 s; the test allows 1e-10. Taken by RK4 because it had points, it
// drifted by 3.2e-5 (and random pile 12040 gained 1.3e-4 of its peak in a
// second; torqueFree, integrate.go).
func TestSpinnerPassingKeepsEnergy(t *testing.T) {
	w := NewWorld(WorldDef{})
	wall := mgl64.Vec3{0.5, 3, 3}
	w.AddBody(BodyDef{Name: "wall", Position: mgl64.Vec3{-0.5 - 0.3 - 0.6, 0, 0},
		Shapes: []ShapeDef{{Poly: geom.Box(wall)}}})
	h := mgl64.Vec3{0.2, 0.5, 0.3}
	q := mgl64.QuatRotate(0.4, mgl64.Vec3{1, 0, 0})
	id := w.AddBody(BodyDef{Name: "box", Mass: 10, Inertia: boxInertia(10, h), Position: mgl64.Vec3{0, 0, -1.5},
		Orientation: q, Shapes: []ShapeDef{{Poly: geom.Box(h)}}})
	b := w.Body(id)
	b.SetVelocity(mgl64.Vec3{0, 0, 1.5})
	b.SetAngularVelocity(mgl64.Vec3{30, 70, 50}.Normalize().Mul(90))
	e0, l0 := w.KineticEnergy(), b.AngularMomentum().Len()
	points := 0
	for range 120 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		points += w.Stats().Contacts
		for _, c := range w.Contacts() {
			if c.NormalImpulse != 0 {
				t.Fatalf("a point bore %.3g N s: the box touched the wall", c.NormalImpulse)
			}
		}
	}
	de, dl := w.KineticEnergy()/e0-1, b.AngularMomentum().Len()/l0-1
	t.Logf("%d speculative points over 2 s; kinetic energy %.3g, |L| %.3g off their start", points, de, dl)
	if points == 0 {
		t.Fatal("no speculative points: the test does not test them")
	}
	if math.Abs(de) > 1e-10 || math.Abs(dl) > 1e-10 {
		t.Errorf("kinetic energy %.3g and |L| %.3g off their start, want both within 1e-10", de, dl)
	}
}
