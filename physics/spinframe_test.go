package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// spinPair returns a world of two 10 kg boxes (1 × 0.5 × 0.3 m) side by
// side along x, joined at the origin by a hinge about axis (or, axis 0, a
// ball), the pair turning at om about the origin — its centre of mass —
// as one body, and each box turning by rel more about the hinge's axis,
// half each way; and the two bodies.
func spinPair(axis, om mgl64.Vec3, rel float64) (*World, [2]BodyID) {
	w := NewWorld(WorldDef{})
	h := mgl64.Vec3{0.5, 0.25, 0.15}
	var ids [2]BodyID
	for k, x := range []float64{-0.5, 0.5} {
		c := mgl64.Vec3{x, 0, 0}
		o := om.Add(axis.Mul(rel * x))
		ids[k] = w.AddBody(BodyDef{Mass: 10, Inertia: boxInertia(10, h), Position: c,
			Velocity: o.Cross(c), AngularVelocity: o, Shapes: []ShapeDef{{Poly: geom.Box(h)}}})
	}
	var err error
	if axis == (mgl64.Vec3{}) {
		_, err = w.AddBall(BallDef{A: ids[0], B: ids[1]})
	} else {
		_, err = w.AddHinge(HingeDef{A: ids[0], B: ids[1], Axis: axis})
	}
	if err != nil {
		panic(err)
	}
	return w, ids
}

// totalL returns the dynamic bodies' angular momentum about the origin.
func totalL(w *World) mgl64.Vec3 {
	var l mgl64.Vec3
	for i := range w.NumBodies() {
		b := w.Body(BodyID(i))
		if b.Static() {
			continue
		}
		l = l.Add(b.Position().Cross(b.Velocity().Mul(b.Mass()))).Add(b.AngularMomentum())
	}
	return l
}

var spinJoints = []struct {
	name string
	axis mgl64.Vec3
}{{"hinge x", mgl64.Vec3{1, 0, 0}}, {"hinge y", mgl64.Vec3{0, 1, 0}}, {"hinge z", mgl64.Vec3{0, 0, 1}}, {"ball", mgl64.Vec3{}}}

// TestSpinningJointsKeepRate: two bodies on a hinge or a ball, spinning
// as one at 100 rad/s about the pair's largest axis, are one rigid body
// in motion: over 10 s at dt 1/60 and 1/30 each keeps its rate, and the
// pair its kinetic energy and angular momentum, to 1e-12. In the world
// frame, 24–48 sub-steps a step, they lost 1.8 % of their energy and
// 0.9 % of their rate (the joints' drift correction and projection
// turning RK4's error on the anchors' circles into loss); in the spin
// frame (spinframe.go) nothing moves.
func TestSpinningJointsKeepRate(t *testing.T) {
	for _, jt := range spinJoints {
		for _, dt := range []float64{1.0 / 60, 1.0 / 30} {
			t.Run(fmt.Sprintf("%s dt 1/%.0f", jt.name, 1/dt), func(t *testing.T) {
				w, ids := spinPair(jt.axis, mgl64.Vec3{0, 0, 100}, 0)
				ke0, l0 := w.KineticEnergy(), totalL(w)
				for range int(10 / dt) {
					if err := w.Step(dt); err != nil {
						t.Fatal(err)
					}
				}
				dKE := math.Abs(w.KineticEnergy()/ke0 - 1)
				dL := totalL(w).Sub(l0).Len() / l0.Len()
				t.Logf("dKE/KE %.2g, dL/L %.2g, sub-steps %d", dKE, dL, w.Stats().SubSteps)
				if dKE > 1e-12 || dL > 1e-12 {
					t.Errorf("kinetic energy off by %.3g, L by %.3g of |L|, want < 1e-12", dKE, dL)
				}
				for _, id := range ids {
					if d := math.Abs(w.Body(id).AngularVelocity().Len()/100 - 1); d > 1e-12 {
						t.Errorf("body %d turns at %.12g rad/s, want 100 (%.3g off)", id, w.Body(id).AngularVelocity().Len(), d)
					}
				}
			})
		}
	}
}

// TestSpinningJointsFlex: the same pairs with their joint flexing (a
// relative rate of 0.1–20 rad/s about the hinge's axis, or about x for
// the ball) — a passive, free system — never gain more than 1e-4 of
// their kinetic energy and keep L to 1e-4 over 10 s. In the world frame
// they kept L only to 0.75 %.
func TestSpinningJointsFlex(t *testing.T) {
	for _, jt := range spinJoints {
		for _, rel := range []float64{0.1, 5, 20} {
			t.Run(fmt.Sprintf("%s rel %g", jt.name, rel), func(t *testing.T) {
				w, _ := spinPair(jt.axis, mgl64.Vec3{0, 0, 100}, rel)
				if jt.axis == (mgl64.Vec3{}) {
					w, _ = spinPair(mgl64.Vec3{}, mgl64.Vec3{0, 0, 100}.Add(mgl64.Vec3{rel / 2, 0, 0}), 0)
					w.Body(1).SetAngularVelocity(mgl64.Vec3{-rel / 2, 0, 100})
				}
				ke0, l0 := w.KineticEnergy(), totalL(w)
				rise, dL := 0.0, 0.0
				for range 600 {
					if err := w.Step(1.0 / 60); err != nil {
						t.Fatal(err)
					}
					rise = math.Max(rise, w.KineticEnergy()/ke0-1)
					dL = math.Max(dL, totalL(w).Sub(l0).Len()/l0.Len())
				}
				t.Logf("energy rose at most %.2g, L off by at most %.2g, gap %.2g m; state %.16s", rise, dL, w.MaxJointGap(), stateHash(w))
				if rise > 1e-4 || dL > 1e-4 {
					t.Errorf("energy rose by %.3g, L drifted by %.3g of |L|, want < 1e-4 each", rise, dL)
				}
			})
		}
	}
}

// TestSpinFrameImpulse: Joint.Impulse of a joint in a spin frame is the
// world's: the ball holding the pair spinning at 100 rad/s passes each box
// its centripetal force F = m ω² r, whose direction turns with the pair,
// so that over a step it sums to F (2/ω) sin(ω dt/2) — not F dt, what the
// frame's fixed axes would sum.
func TestSpinFrameImpulse(t *testing.T) {
	w, _ := spinPair(mgl64.Vec3{}, mgl64.Vec3{0, 0, 100}, 0)
	const dt = 1.0 / 60
	if err := w.Step(dt); err != nil {
		t.Fatal(err)
	}
	lin, _ := w.Joint(0).Impulse()
	f := 10 * 100.0 * 100 * 0.5
	want := f * 2 / 100 * math.Sin(100*dt/2)
	t.Logf("|impulse| %.9g N s, want %.9g (F dt = %.6g)", lin.Len(), want, f*dt)
	if d := math.Abs(lin.Len()/want - 1); d > 1e-6 {
		t.Errorf("the ball's impulse over a step is %.9g N s, want %.9g (%.3g off)", lin.Len(), want, d)
	}
}
