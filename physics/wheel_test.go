package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// reactionWheel builds a 1,000 kg hull turning slowly (0.33 rad/s) and a
// 10 kg wheel on a hinge through its centre, 0.54 m off the hull's,
// spinning at spin rad/s about the hinge's axis against the hull; no
// gravity. The hinge's anchor is off the wheel's centre by off;
// subSteps forces at least that many sub-steps a step.
func reactionWheel(spin float64, off mgl64.Vec3, subSteps int) (w *World, hull, wheel BodyID) {
	w = NewWorld(WorldDef{SubSteps: subSteps})
	hull = w.AddBody(BodyDef{Name: "hull", Mass: 1000, Inertia: mgl64.Diag3(mgl64.Vec3{500, 800, 700}), Orientation: mgl64.QuatIdent()})
	at := mgl64.Vec3{0.5, 0.2, 0}
	wheel = w.AddBody(BodyDef{Name: "wheel", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{0.45, 0.225, 0.225}), Position: at, Orientation: mgl64.QuatIdent()})
	if _, err := w.AddHinge(HingeDef{A: hull, B: wheel, Anchor: at.Add(off), Axis: mgl64.Vec3{1, 0, 0}}); err != nil {
		panic(err)
	}
	turn := mgl64.Vec3{0.05, 0.3, 0.1}
	w.Body(hull).SetAngularVelocity(turn)
	w.Body(wheel).SetAngularVelocity(turn.Add(mgl64.Vec3{spin, 0, 0}))
	w.Body(wheel).SetVelocity(turn.Cross(at))
	return w, hull, wheel
}

// TestReactionWheel: a wheel spinning at 300 rad/s on a hinge through its
// centre, in a hull that turns, is integrated in 11 sub-steps a step at
// dt 1/60 — its spin at 0.5 rad a sub-step, where RK4's attitude loses
// 1e-5 rad of its phase — not the 72 that MaxRotation asks of a body whose
// joints turn with it: its anchor is its centre and the hinge's axis its
// spin axis, so nothing in its joint's rows turns with the spin. Over 10 s
// the energy and angular momentum hold to 1e-9, and the hull's attitude
// (which the wheel's gyroscopic torque steers) and the wheel's spin phase
// agree with a run at 72 sub-steps a step to 1e-9 and 0.1 rad of the 3,000
// rad it turns. The same with the anchor a nanometre off the centre, as a
// craft file's rounding puts it. On a ball joint its axis is free, and its
// spin counts at MaxRotation as every other jointed body's does. A free chain's links, their anchors at
// their ends and their angular velocity across them, still take
// MaxRotation (TestChainEnergy).
func TestReactionWheel(t *testing.T) {
	for _, off := range []mgl64.Vec3{{}, {0, 1e-9, -1e-9}} {
		testReactionWheel(t, off)
	}
	// On a ball joint at its centre its axis is free, and its spin counts
	// whole, as before: 72 sub-steps a step.
	w := NewWorld(WorldDef{})
	hull := w.AddBody(BodyDef{Name: "hull", Mass: 1000, Inertia: mgl64.Diag3(mgl64.Vec3{500, 800, 700}), Orientation: mgl64.QuatIdent()})
	at := mgl64.Vec3{0.5, 0.2, 0}
	wheel := w.AddBody(BodyDef{Name: "wheel", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{0.45, 0.225, 0.225}), Position: at, Orientation: mgl64.QuatIdent()})
	if _, err := w.AddBall(BallDef{A: hull, B: wheel, Anchor: at}); err != nil {
		t.Fatal(err)
	}
	w.Body(wheel).SetAngularVelocity(mgl64.Vec3{300, 0, 0})
	if err := w.Step(1.0 / 60); err != nil {
		t.Fatal(err)
	}
	if n := w.Stats().SubSteps; n != 72 {
		t.Errorf("a wheel on a ball joint: %d sub-steps, want 72", n)
	}
}

func testReactionWheel(t *testing.T, off mgl64.Vec3) {
	const dt = 1.0 / 60
	run := func(subSteps int) (hull, wheel mgl64.Quat, subs float64) {
		w, h, wh := reactionWheel(300, off, subSteps)
		e0, l0 := w.KineticEnergy(), w.AngularMomentum()
		n := 0
		for range 600 {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			n += w.Stats().SubSteps
		}
		de, dl := math.Abs(w.KineticEnergy()-e0)/e0, w.AngularMomentum().Sub(l0).Len()/l0.Len()
		t.Logf("anchor off by %.0e m, at least %d sub-steps: %.1f a step, energy %.1e, L %.1e, gap %.1e m", off.Len(), subSteps, float64(n)/600, de, dl, w.MaxJointGap())
		if de > 1e-9 || dl > 1e-9 {
			t.Errorf("at least %d sub-steps: energy moved by %.2g, L by %.2g, want 1e-9", subSteps, de, dl)
		}
		return w.Body(h).Orientation(), w.Body(wh).Orientation(), float64(n) / 600
	}
	hull, wheel, subs := run(1)
	refHull, refWheel, _ := run(72)
	dh := 2 * math.Acos(min(1, math.Abs(hull.Dot(refHull))))
	dw := 2 * math.Acos(min(1, math.Abs(wheel.Dot(refWheel))))
	t.Logf("the hull's attitude %.2g rad off the fine run's, the wheel's spin phase %.2g rad", dh, dw)
	if subs > 12 {
		t.Errorf("%.1f sub-steps a step, want 11", subs)
	}
	if dh > 1e-9 {
		t.Errorf("the hull's attitude is %.2g rad off the fine run's", dh)
	}
	if dw > 0.1 {
		t.Errorf("the wheel's spin phase is %.2g rad off the fine run's", dw)
	}
}

// TestInertiaTurn: the rate at which a body's inertia turns in the world
// with its angular velocity ω (jointRate): |ω × â| for a body symmetric
// about â, none for a spin about that axis or for three equal moments, and
// |ω| for three distinct moments (1 % apart too).
func TestInertiaTurn(t *testing.T) {
	for _, c := range []struct {
		moments mgl64.Vec3
		om      v3
		want    float64
	}{
		{mgl64.Vec3{1, 1, 2}, v3{0, 0, 5}, 0},
		{mgl64.Vec3{1, 1, 2}, v3{3, 0, 4}, 3},
		{mgl64.Vec3{2, 1, 2}, v3{3, 4, 0}, 3},
		{mgl64.Vec3{1, 2, 3}, v3{0, 0, 5}, 5},
		{mgl64.Vec3{1, 2, 3}, v3{3, 0, 4}, 5},
		{mgl64.Vec3{1, 1, 1}, v3{1, 2, 3}, 0},
		{mgl64.Vec3{1, 1.01, 2}, v3{0, 0, 5}, 5},
		{mgl64.Vec3{1, 1 + 1e-9, 2}, v3{3, 0, 4}, 3},
	} {
		i0 := mgl64.Diag3(c.moments)
		if got := inertiaTurn(&i0, c.om); math.Abs(got-c.want) > 1e-3*max(1, c.want) {
			t.Errorf("moments %v, ω %v: %.4g rad/s, want %.4g", c.moments, c.om, got, c.want)
		}
	}
	// Turned: the same rate for the inertia R I0 Rᵀ and ω R.
	q := mgl64.QuatRotate(0.7, mgl64.Vec3{1, 2, 3}.Normalize())
	r := q.Mat4().Mat3()
	i0 := r.Mul3(mgl64.Diag3(mgl64.Vec3{1, 1, 2})).Mul3(r.Transpose())
	om := r.Mul3x1(mgl64.Vec3{3, 0, 4})
	if got := inertiaTurn(&i0, v3of(om)); math.Abs(got-3) > 1e-9 {
		t.Errorf("turned: %.10g rad/s, want 3", got)
	}
	// Its axis, moments and spin (symmetryAxis), for a disc and a rod.
	for _, m := range []mgl64.Vec3{{1, 1, 2}, {2, 2, 1}} {
		i0 := r.Mul3(mgl64.Diag3(m)).Mul3(r.Transpose())
		ax, i3, i1, spin := symmetryAxis(&i0, v3of(om))
		want := v3of(r.Mul3x1(mgl64.Vec3{0, 0, 1}))
		if c := ax.cross(want); c.dot(c) > 1e-24 || math.Abs(i3-m[2]) > 1e-12 || math.Abs(i1-m[0]) > 1e-12 || math.Abs(spin-4) > 1e-12 {
			t.Errorf("moments %v: axis %v (want ±%v), I3 %v, I1 %v, spin %v (want 4)", m, ax, want, i3, i1, spin)
		}
	}
}
