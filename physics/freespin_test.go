package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestFreeSpinNearLargestAxis: a free body spinning about its largest axis,
// whose two largest moments are close (1750, 9500, 10600 kg m², as random
// assembly 3709), at 91.5 rad/s — 2.2 rad a step at dt 1/40.89 — keeps its
// kinetic energy and |ω| to 1e-9 over 10 s, at any orientation of its
// inertia in its body frame, and off the axis by up to a microradian (the
// spin is stable: its nutation stays as small, and |ω| with it). The
// energy's level curves about that axis are long, thin ellipses, and
// Newton's steps along the gradient alone left up to 5e-5 of E a step: the
// energy rose by 2.4e-4 of itself, and |ω| by 8e-4 (energyCircle).
func TestFreeSpinNearLargestAxis(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for n := range 6 {
		r := mgl64.QuatRotate(2*math.Pi*rng.Float64(), mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()).Mat4().Mat3()
		in := mgl64.Diag3(mgl64.Vec3{1750, 9500, 10600})
		i0 := rotate3(&r, &in)
		tilt := [...]float64{0, 0, 1e-8, 1e-8, 1e-6, 1e-6}[n]
		axis := r.Mul3x1(mgl64.Vec3{tilt, tilt, 1}.Normalize())
		w := NewWorld(WorldDef{Gravity: mgl64.Vec3{}})
		id := w.AddBody(BodyDef{Mass: 500, Inertia: i0, AngularVelocity: axis.Mul(91.5)})
		e0 := w.KineticEnergy()
		w0 := 91.5
		worstE, worstW := 0.0, 0.0
		for range 409 {
			if err := w.Step(1 / 40.89); err != nil {
				t.Fatal(err)
			}
			worstE = max(worstE, math.Abs(w.KineticEnergy()-e0)/e0)
			worstW = max(worstW, math.Abs(w.Body(id).AngularVelocity().Len()-w0)/w0)
		}
		t.Logf("tilt %.0e rad: |ΔE|/E %.2e, |Δ|ω||/|ω| %.2e", tilt, worstE, worstW)
		if worstE > 1e-9 || worstW > 1e-9 {
			t.Errorf("tilt %.0e rad: |ΔE|/E %.3g, |Δ|ω||/|ω| %.3g, want ≤ 1e-9", tilt, worstE, worstW)
		}
	}
}
