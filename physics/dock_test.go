package physics

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestDockUndock: a fixed joint added at run time makes two drifting bodies
// move as one (momentum shared), and removing it frees them.
func TestDockUndock(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{})
	ship := w.AddBody(BodyDef{Name: "ship", Mass: 1000, Inertia: mgl64.Diag3(mgl64.Vec3{500, 600, 700}), Velocity: mgl64.Vec3{0.1, 0, 0}})
	station := w.AddBody(BodyDef{Name: "station", Mass: 4000, Inertia: mgl64.Diag3(mgl64.Vec3{4000, 5000, 6000}), Position: mgl64.Vec3{3, 0, 0}})
	p0, l0 := w.LinearMomentum(), w.AngularMomentum()
	for range 60 {
		w.Step(dt)
	}
	latch, err := w.AddFixed(FixedDef{A: ship, B: station, Anchor: mgl64.Vec3{2, 0.1, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for range 120 {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
	}
	vs, vt := w.Body(ship).Velocity(), w.Body(station).Velocity()
	// Inelastic capture: common velocity = P / (m1 + m2) = 100/5000.
	want := mgl64.Vec3{0.02, 0, 0}
	if vs.Sub(want).Len() > 1e-6 || vt.Sub(want).Len() > 1e-6 {
		t.Errorf("docked velocities %v and %v, want both %v", vs, vt, want)
	}
	if dp := w.LinearMomentum().Sub(p0).Len(); dp > 1e-9 {
		t.Errorf("docking changed momentum by %v", dp)
	}
	if dl := w.AngularMomentum().Sub(l0).Len(); dl > 1e-6 {
		t.Errorf("docking changed angular momentum by %v", dl)
	}
	if g := w.Joint(latch).Gap(); g > 1e-9 {
		t.Errorf("latch gap %v m", g)
	}
	if err := w.RemoveJoint(latch); err != nil {
		t.Fatal(err)
	}
	if err := w.RemoveJoint(latch); !errors.Is(err, ErrNoJoint) {
		t.Errorf("second RemoveJoint = %v, want ErrNoJoint", err)
	}
	w.ApplyImpulse(ship, mgl64.Vec3{-50, 0, 0}, w.Body(ship).Position())
	for range 60 {
		w.Step(dt)
	}
	if v := w.Body(station).Velocity(); v.Sub(want).Len() > 1e-12 {
		t.Errorf("undocked station velocity %v, want it unchanged %v", v, want)
	}
	if v := w.Body(ship).Velocity(); math.Abs(v[0]-(0.02-0.05)) > 1e-12 {
		t.Errorf("undocked ship velocity %v, want %v", v, 0.02-0.05)
	}
}

// TestJointBreak: a hinge with a break threshold holds a load below it and
// breaks, with an event, above it.
func TestJointBreak(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	base := w.AddBody(BodyDef{Name: "base"})
	// 10 kg weight hanging: the hinge carries m g dt = 1.635 N s per step.
	bob := w.AddBody(BodyDef{Name: "weight", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{0.1, 0.1, 0.1}), Position: mgl64.Vec3{0, -1, 0}})
	j, _ := w.AddHinge(HingeDef{A: base, B: bob, Anchor: mgl64.Vec3{}, Axis: mgl64.Vec3{0, 0, 1}, BreakImpulse: 3})
	for range 30 {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		if len(w.Events()) != 0 {
			t.Fatalf("broke under its own weight: %+v", w.Events())
		}
	}
	lin, _ := w.Joint(j).Impulse()
	if want := 10 * 9.81 * dt; math.Abs(lin.Len()-want) > 1e-6 {
		t.Errorf("hinge impulse %v N s, want m g dt = %v", lin.Len(), want)
	}
	// Pull down with 200 N: 10·9.81 + 200 = 298 N → 4.97 N s > 3.
	w.ApplyCentralForce(bob, mgl64.Vec3{0, -200, 0})
	if err := w.Step(dt); err != nil {
		t.Fatal(err)
	}
	ev := w.Events()
	if len(ev) != 1 || ev[0].Joint != j || ev[0].Kind != HingeJoint || ev[0].Impulse < 3 {
		t.Fatalf("events %+v, want one break of joint %d", ev, j)
	}
	if w.Joint(j).Valid() {
		t.Error("broken joint still valid")
	}
	y0 := w.Body(bob).Position()[1]
	for range 30 {
		w.Step(dt)
	}
	if y := w.Body(bob).Position()[1]; y > y0-0.3 {
		t.Errorf("weight did not fall after the break: y %v → %v", y0, y)
	}
}

func TestJointBadInput(t *testing.T) {
	w := NewWorld(WorldDef{})
	a := w.AddBody(BodyDef{Mass: 1, Inertia: mgl64.Ident3()})
	cases := []struct {
		name string
		err  error
		add  func() (JointID, error)
	}{
		{"bad body", ErrNoBody, func() (JointID, error) { return w.AddBall(BallDef{A: 5, B: a}) }},
		{"self", ErrBadDef, func() (JointID, error) { return w.AddBall(BallDef{A: a, B: a}) }},
		{"zero axis", ErrBadDef, func() (JointID, error) { return w.AddHinge(HingeDef{A: a, B: NoBody}) }},
		{"limits", ErrBadDef, func() (JointID, error) {
			return w.AddHinge(HingeDef{A: a, B: NoBody, Axis: mgl64.Vec3{0, 1, 0}, EnableLimits: true, Lower: 1, Upper: -1})
		}},
		{"NaN anchor", ErrBadDef, func() (JointID, error) {
			return w.AddFixed(FixedDef{A: a, B: NoBody, Anchor: mgl64.Vec3{math.NaN(), 0, 0}})
		}},
	}
	for _, c := range cases {
		if id, err := c.add(); !errors.Is(err, c.err) || id != NoJoint {
			t.Errorf("%s: got (%v, %v), want (NoJoint, %v)", c.name, id, err, c.err)
		}
	}
	if err := w.Joint(3).SetMotor(true, 1, 1); !errors.Is(err, ErrNoJoint) {
		t.Errorf("SetMotor on a bad joint: %v", err)
	}
}
