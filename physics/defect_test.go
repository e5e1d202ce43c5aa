package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestRedoKeepsImpulses: a cube dropped on an edge tips over it, and the
// sub-steps whose pivot ends off the bounded solve's model are done again
// (defect.go). Each step's contact impulses, as Contacts reports them,
// still balance the cube's momentum: m Δv = m g dt + Σ impulses on it, to
// 1e-9 of the weight's impulse — a redo that kept its first solve's
// impulses too would count them twice.
func TestRedoKeepsImpulses(t *testing.T) {
	w, id := tippingCube()
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

// TestRedoAllocatesNothing: a cube dropped on an edge tips over it, its
// tipping sub-steps done again (defect.go); dropped the same way again,
// once the solvers' scratch has grown to the scene, the whole drop and its
// redos allocate nothing (TestContactAllocs): a redo reuses the sub-step's
// saved start.
func TestRedoAllocatesNothing(t *testing.T) {
	w, id := tippingCube()
	b := w.Body(id)
	redos := 0
	drop := func() {
		b.SetPosition(mgl64.Vec3{0, 1.2, 0})
		b.SetOrientation(tipped)
		b.SetVelocity(mgl64.Vec3{})
		b.SetAngularVelocity(mgl64.Vec3{})
		redos = 0
		for range 150 {
			if err := w.Step(dt60); err != nil {
				t.Fatal(err)
			}
			redos += w.Stats().Redos
		}
	}
	// The first drop grows the scratch; the first drop from a body set
	// back in place grows the steps' that follow a teleport; AllocsPerRun
	// drops once more to warm up and counts the next.
	drop()
	allocs := testing.AllocsPerRun(1, drop)
	if redos == 0 {
		t.Fatal("no sub-step was done again: the test no longer reaches defect.go")
	}
	if allocs != 0 {
		t.Errorf("a second drop with %d redos allocates %.1f times, want 0", redos, allocs)
	}
}

// tipped is the cube's drop orientation: on an edge, 0.05 rad past it.
var tipped = mgl64.QuatRotate(math.Pi/4+0.05, mgl64.Vec3{0, 0, 1})

// tippingCube returns a world with a 100 kg unit cube 1.2 m up, to land on
// an edge and tip over it, and the cube.
func tippingCube() (*World, BodyID) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	return w, addCube(w, 1, 100, mgl64.Vec3{0, 1.2, 0}, tipped, 0.8, 0)
}
