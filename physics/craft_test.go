package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestCraftMassRatio: the 1000 kg hull with four 20 kg legs on hinges and a
// 50 kg adapter on a fixed joint, spun at 0.5 rad/s about a non-principal
// axis and kicked by off-axis thrust: anchor gaps < 0.01 mm and total
// angular momentum drift < 1e-4 over 600 s.
func TestCraftMassRatio(t *testing.T) {
	for _, swing := range []bool{false, true} {
		name := map[bool]string{false: "legs on their stops", true: "legs swinging"}[swing]
		t.Run(name, func(t *testing.T) { testCraftMassRatio(t, swing) })
	}
}

func testCraftMassRatio(t *testing.T, swing bool) {
	T := 600.0
	if testing.Short() {
		T = 60
	}
	const dt = 1.0 / 60
	c := newCraft(WorldDef{})
	w := c.w
	if swing {
		// Softer springs, wide limits, no preload: the legs sway under the
		// spin and the thrust.
		for _, h := range c.hinges {
			w.Joint(h).SetLimits(true, -0.4, 0.4)
			w.Joint(h).SetSpring(500, 5, 0)
		}
	}
	c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
	// Kick: 2 s of 20 kN main-engine thrust (1.8 g on the craft), its line
	// of action 2 cm off the centre of mass and tilted, fixed to the hull.
	kick := int(2 / dt)
	for range kick {
		w.ApplyForceLocal(c.hull, mgl64.Vec3{300, 20000, -200}, mgl64.Vec3{0.02, -1.5, 0.01})
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
	}
	l0 := w.AngularMomentum()
	p0 := w.LinearMomentum()
	maxGap, maxMis, maxL := w.MaxJointGap(), w.MaxJointMisalignment(), 0.0
	minAngle, maxAngle := 0.0, 0.0
	for i := kick; i < int(T/dt); i++ {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		maxGap = math.Max(maxGap, w.MaxJointGap())
		maxMis = math.Max(maxMis, w.MaxJointMisalignment())
		maxL = math.Max(maxL, w.AngularMomentum().Sub(l0).Len()/l0.Len())
		for _, h := range c.hinges {
			a := w.Joint(h).Angle()
			minAngle, maxAngle = math.Min(minAngle, a), math.Max(maxAngle, a)
		}
	}
	dp := w.LinearMomentum().Sub(p0).Len() / p0.Len()
	t.Logf("%v s: max gap %.2e m, max misalignment %.2e rad, L drift %.2e, P drift %.2e, leg angles [%.3f, %.3f] rad, stats %+v",
		T, maxGap, maxMis, maxL, dp, minAngle, maxAngle, w.Stats())
	if maxGap > 1e-5 {
		t.Errorf("max anchor gap %.3g m, want < 1e-5 m", maxGap)
	}
	if maxL > 1e-4 {
		t.Errorf("angular momentum drift %.3g, want < 1e-4", maxL)
	}
	if dp > 1e-9 {
		t.Errorf("linear momentum drift %.3g, want < 1e-9", dp)
	}
	if want := map[bool]float64{false: 0.01, true: 0.1}[swing]; maxAngle-minAngle < want {
		t.Errorf("legs did not move (angles [%v, %v]): the test is not exercising the hinges", minAngle, maxAngle)
	}
}

// TestChainMassRatio: a 10-link hinge chain with 100:1 alternating link
// masses hangs from a static body in 1 g and swings: gaps < 0.1 mm.
func TestChainMassRatio(t *testing.T) {
	const dt = 1.0 / 60
	w, _ := newChain(10, 100, 100, 0.6)
	maxGap, maxMis := 0.0, 0.0
	e0 := w.Energy()
	for range int(20 / dt) {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		maxGap = math.Max(maxGap, w.MaxJointGap())
		maxMis = math.Max(maxMis, w.MaxJointMisalignment())
	}
	t.Logf("max gap %.2e m, misalignment %.2e rad, energy %.6g → %.6g J", maxGap, maxMis, e0, w.Energy())
	if maxGap > 1e-4 {
		t.Errorf("max anchor gap %.3g m, want < 1e-4 m", maxGap)
	}
}
