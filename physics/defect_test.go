package physics

import (
	"math"
	"testing"

	"spaceflight/physics/geom"

	"github.com/go-gl/mathgl/mgl64"
)

// TestRedoKeepsImpulses: a cube dropped on an edge tips over it, and the
// sub-steps whose pivot ends off the bounded solve's model are done again
// (defect.go). Each step's contact impulses, as Contacts reports them,
// still balance the cube's momentum: m Δv = m g dt + Σ impulses on it, to
// 1e-9 of the weight's impulse — a redo that kept its first solve's
// impulses too would count them twice.
func TestRedoKeepsImpulses(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	id := addCube(w, 1, 100, mgl64.Vec3{0, 1.2, 0}, mgl64.QuatRotate(math.Pi/4+0.05, mgl64.Vec3{0, 0, 1}), 0.8, 0)
	b := w.Body(id)
	redos, worst := 0, 0.0
	for range 300 {
		p0 := b.Velocity().Mul(b.Mass())
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		redos += w.Stats().Redos
		imp := w.Gravity().Mul(b.Mass() * dt60)
		for _, c := range w.Contacts() {
			j := c.Normal.Mul(c.NormalImpulse).Add(c.FrictionImpulse)
			switch id {
			case c.BodyB:
				imp = imp.Add(j)
			case c.BodyA:
				imp = imp.Sub(j)
			}
		}
		off := b.Velocity().Mul(b.Mass()).Sub(p0).Sub(imp).Len()
		worst = math.Max(worst, off/(b.Mass()*9.81*dt60))
	}
	t.Logf("%d sub-steps done again; momentum off the impulses by %.2g of the weight's impulse at most", redos, worst)
	if redos == 0 {
		t.Fatal("no sub-step was done again: the test no longer reaches defect.go")
	}
	if worst > 1e-9 {
		t.Errorf("momentum off the reported impulses by %.2g of m g dt, want < 1e-9", worst)
	}
}

// TestRedoBesideSpinFrame: a hinged pair spinning as one at 100 rad/s,
// falling free high above a cube that tips over an edge, is integrated in
// its spin frame while the cube's sub-steps are done again (defect.go):
// a redo puts the framed bodies back in their frame too, and each keeps
// its rate to 1e-12, as alone (TestSpinningJointsKeepRate).
func TestRedoBesideSpinFrame(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	addCube(w, 1, 100, mgl64.Vec3{0, 1.2, 0}, mgl64.QuatRotate(math.Pi/4+0.05, mgl64.Vec3{0, 0, 1}), 0.8, 0)
	h := mgl64.Vec3{0.5, 0.25, 0.15}
	om := mgl64.Vec3{0, 0, 100}
	var ids [2]BodyID
	for k, x := range []float64{-0.5, 0.5} {
		c := mgl64.Vec3{x, 1000, 0}
		ids[k] = w.AddBody(BodyDef{Mass: 10, Inertia: boxInertia(10, h), Position: c,
			Velocity: om.Cross(mgl64.Vec3{x, 0, 0}), AngularVelocity: om, Shapes: []ShapeDef{{Poly: geom.Box(h)}}})
	}
	if _, err := w.AddHinge(HingeDef{A: ids[0], B: ids[1], Anchor: mgl64.Vec3{0, 1000, 0}, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	redos := 0
	for range 120 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		redos += w.Stats().Redos
	}
	if redos == 0 {
		t.Fatal("no sub-step was done again: the test no longer reaches defect.go")
	}
	for _, id := range ids {
		if d := math.Abs(w.Body(id).AngularVelocity().Len()/100 - 1); d > 1e-12 {
			t.Errorf("body %d turns at %.12g rad/s after %d redos, want 100 (%.3g off)", id, w.Body(id).AngularVelocity().Len(), redos, d)
		}
	}
}

// TestRedoAllocatesNothing: once the tipping cube has landed and the
// solvers' scratch has grown to its contacts, the steps in which its
// sub-steps are done again allocate nothing (TestContactAllocs): a redo
// reuses the sub-step's saved start.
func TestRedoAllocatesNothing(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	addCube(w, 1, 100, mgl64.Vec3{0, 1.2, 0}, mgl64.QuatRotate(math.Pi/4+0.05, mgl64.Vec3{0, 0, 1}), 0.8, 0)
	for range 72 { // past the cube's landing: the scratch grown to its contacts
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	redos := 0
	allocs := testing.AllocsPerRun(10, func() {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		redos += w.Stats().Redos
	})
	if redos == 0 {
		t.Fatal("no sub-step was done again: the test no longer reaches defect.go")
	}
	if allocs != 0 {
		t.Errorf("a step with %d redos over 11 steps allocates %.1f times, want 0", redos, allocs)
	}
}
