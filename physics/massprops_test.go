package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// After SetMass the body keeps its velocities and responds to loads with the
// new mass and inertia: a = F/m, α = τ/I.
func TestSetMass(t *testing.T) {
	w := NewWorld(WorldDef{})
	id := w.AddBody(BodyDef{Mass: 100, Inertia: mgl64.Diag3(mgl64.Vec3{10, 20, 30}), Velocity: mgl64.Vec3{1, 0, 0}})
	b := w.Body(id)
	if err := b.SetMass(50, mgl64.Diag3(mgl64.Vec3{5, 10, 15})); err != nil {
		t.Fatal(err)
	}
	if b.Mass() != 50 || b.Velocity() != (mgl64.Vec3{1, 0, 0}) {
		t.Fatalf("mass %g, v %v", b.Mass(), b.Velocity())
	}
	w.ApplyCentralForce(id, mgl64.Vec3{0, 100, 0})
	w.ApplyTorque(id, mgl64.Vec3{0, 0, 15})
	if err := w.Step(0.5); err != nil {
		t.Fatal(err)
	}
	if got := b.Velocity()[1]; math.Abs(got-1) > 1e-12 { // 100 N / 50 kg · 0.5 s
		t.Errorf("v_y = %.15g, want 1", got)
	}
	if got := b.AngularVelocity()[2]; math.Abs(got-0.5) > 1e-12 { // 15 N m / 15 kg m² · 0.5 s
		t.Errorf("ω_z = %.15g, want 0.5", got)
	}
	for _, bad := range []float64{0, -1, math.NaN()} {
		if err := b.SetMass(bad, mgl64.Ident3()); err == nil {
			t.Errorf("SetMass(%g) accepted", bad)
		}
	}
	if err := b.SetMass(1, mgl64.Diag3(mgl64.Vec3{1, -1, 1})); err == nil {
		t.Error("non-positive-definite inertia accepted")
	}
	if b.Mass() != 50 {
		t.Errorf("a rejected SetMass changed the mass to %g", b.Mass())
	}
	s := w.AddBody(BodyDef{})
	if err := w.Body(s).SetMass(1, mgl64.Ident3()); err == nil {
		t.Error("SetMass on a static body accepted")
	}
}
