package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestFreeContactReuse: the later RK4 stages reuse the first stage's rows
// of pairs whose bodies have not moved (reuseTol); a scene with resting
// stacks, a cube sliding onto one and a tumbling cube hitting another
// (islands with moving and resting bodies) stays within 1e-7 m of the same
// run with the rows rebuilt in every stage.
func TestFreeContactReuse(t *testing.T) {
	build := func(off bool) *World {
		w, _ := pile(2, 5)
		w.contacts.reuse.off = off
		id := addCube(w, 0.5, 5, mgl64.Vec3{-2, 0.25, 0}, mgl64.QuatIdent(), 0.6, 0)
		w.Body(id).SetVelocity(mgl64.Vec3{3, 0, 0})
		id = addCube(w, 0.5, 5, mgl64.Vec3{2, 7, -2}, mgl64.QuatRotate(0.4, mgl64.Vec3{1, 1, 0}.Normalize()), 0.6, 0.3)
		w.Body(id).SetVelocity(mgl64.Vec3{0, 0, 4})
		w.Body(id).SetAngularVelocity(mgl64.Vec3{0, 3, 5})
		return w
	}
	a, b := build(false), build(true)
	worst := 0.0
	for i := range 300 {
		for _, w := range []*World{a, b} {
			if err := w.Step(dt60); err != nil {
				t.Fatalf("step %d: %v", i, err)
			}
		}
		for k := range a.y {
			worst = math.Max(worst, a.y[k].c.vec().Sub(b.y[k].c.vec()).Len())
		}
	}
	t.Logf("largest position difference, rows reused vs rebuilt: %.3g m", worst)
	if worst == 0 {
		t.Errorf("bit-identical runs: no rows were reused")
	}
	if worst > 1e-7 {
		t.Errorf("reused rows moved a body %.3g m from the rebuilt rows' run, want < 1e-7 m", worst)
	}
}
