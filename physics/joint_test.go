package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestPendulum: a bob on a ball joint swings with the small-angle period
// 2π√(L/g) within 0.5 % and keeps its energy within 1e-3 over 100 s.
func TestPendulum(t *testing.T) {
	for _, toWorld := range []bool{false, true} {
		t.Run(map[bool]string{false: "static pivot", true: "world frame"}[toWorld], func(t *testing.T) { testPendulum(t, toWorld) })
	}
}

func testPendulum(t *testing.T, toWorld bool) {
	const L, g, dt, amp = 1.0, 9.81, 1.0 / 60, 0.05
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -g, 0}})
	pivot := w.AddBody(BodyDef{Name: "pivot", Position: mgl64.Vec3{0, 2, 0}})
	if toWorld {
		pivot = NoBody
	}
	bob := w.AddBody(BodyDef{
		Name: "bob", Mass: 1, Inertia: mgl64.Diag3(mgl64.Vec3{1e-4, 1e-4, 1e-4}),
		Position:    mgl64.Vec3{L * math.Sin(amp), 2 - L*math.Cos(amp), 0},
		Orientation: mgl64.QuatIdent(),
	})
	if _, err := w.AddBall(BallDef{A: bob, B: pivot, Anchor: mgl64.Vec3{0, 2, 0}}); err != nil {
		t.Fatal(err)
	}
	e0 := w.Energy()
	var cross0 []float64
	prev := w.Body(bob).Position()[0]
	maxE, maxGap := 0.0, 0.0
	for i := 1; i <= int(100/dt); i++ {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		x := w.Body(bob).Position()[0]
		if prev > 0 && x <= 0 {
			cross0 = append(cross0, (float64(i)-1+prev/(prev-x))*dt)
		}
		prev = x
		maxE = math.Max(maxE, math.Abs(w.Energy()-e0)/(w.KineticEnergy()+w.Body(bob).Mass()*g*L*(1-math.Cos(amp))))
		maxGap = math.Max(maxGap, w.MaxJointGap())
	}
	period := (cross0[len(cross0)-1] - cross0[0]) / float64(len(cross0)-1)
	want := 2 * math.Pi * math.Sqrt(L/g)
	t.Logf("period %.6f s, 2π√(L/g) = %.6f s; energy drift %.2e of the swing energy; max gap %.2e m", period, want, maxE, maxGap)
	if rel := math.Abs(period-want) / want; rel > 0.005 {
		t.Errorf("period %.5f s, want %.5f s within 0.5 %% (off %.2f %%)", period, want, 100*rel)
	}
	// Energy drift relative to the pendulum's total swing energy (the energy
	// that can move), which is the hard measure.
	if maxE > 1e-3 {
		t.Errorf("energy drift %.3g, want < 1e-3", maxE)
	}
}
