package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSleep: a cube dropped on the ground with WorldDef.Sleep falls asleep
// once it has rested for the sleep time; asleep, Step changes nothing and
// keeps the contact as persisting; a load, an impulse or a setter wakes it.
func TestSleep(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, Sleep: true})
	ground := addGround(w, 0.8, 0)
	cube := addCube(w, 1, 100, mgl64.Vec3{0, 1.5, 0}, mgl64.QuatIdent(), 0.8, 0)
	slept := -1
	for i := range 600 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		if w.Asleep() {
			slept = i
			break
		}
	}
	if slept < 0 {
		t.Fatal("the resting cube never fell asleep in 10 s")
	}
	// It lands after ~0.45 s and must rest 0.5 s before sleeping.
	if s := float64(slept+1) * dt60; s < 0.9 || s > 3 {
		t.Errorf("asleep after %.2f s, want between 0.9 and 3 s", s)
	}
	b := w.Body(cube)
	if b.Velocity() != (mgl64.Vec3{}) || b.AngularVelocity() != (mgl64.Vec3{}) {
		t.Errorf("asleep with v %v, ω %v; want zero", b.Velocity(), b.AngularVelocity())
	}
	p, q := b.Position(), b.Orientation()
	if y := p[1]; y < 0.495 || y > 0.501 {
		t.Errorf("asleep at height %.4f m, want the cube resting on the ground (0.5)", y)
	}
	steps := w.Stats().Steps
	for range 120 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	st := w.Stats()
	if !st.Asleep || st.Steps != steps+120 || st.Factorizations != 0 {
		t.Errorf("asleep steps: %+v", st)
	}
	if b.Position() != p || b.Orientation() != q {
		t.Errorf("a sleeping cube moved: %v → %v", p, b.Position())
	}
	ev := w.ContactEvents()
	if len(ev) != 1 || ev[0].Kind != ContactPersist || ev[0].BodyA != ground && ev[0].BodyB != ground {
		t.Errorf("asleep contact events %+v, want one persisting cube–ground contact", ev)
	}

	// A sideways push wakes it and it slides.
	w.ApplyCentralForce(cube, mgl64.Vec3{2000, 0, 0})
	if err := w.Step(dt60); err != nil {
		t.Fatal(err)
	}
	if w.Asleep() || w.Stats().Asleep || !(b.Velocity()[0] > 0) {
		t.Errorf("pushed: asleep %v, v %v; want awake and moving along +x", w.Asleep(), b.Velocity())
	}

	// Asleep again, then each setter wakes it.
	wakes := map[string]func(){
		"ApplyImpulse":       func() { w.ApplyImpulse(cube, mgl64.Vec3{0, 100, 0}, p) },
		"SetVelocity":        func() { b.SetVelocity(mgl64.Vec3{0, 1, 0}) },
		"SetAngularVelocity": func() { b.SetAngularVelocity(mgl64.Vec3{0, 1, 0}) },
		"SetPosition":        func() { b.SetPosition(b.Position().Add(mgl64.Vec3{0, 1, 0})) },
		"SetGravity":         func() { w.SetGravity(mgl64.Vec3{0, -1.62, 0}) },
	}
	for _, name := range []string{"ApplyImpulse", "SetVelocity", "SetAngularVelocity", "SetPosition", "SetGravity"} {
		for i := 0; !w.Asleep(); i++ {
			if i > 1200 {
				t.Fatalf("before %s: not asleep again after 20 s", name)
			}
			if err := w.Step(dt60); err != nil {
				t.Fatal(err)
			}
		}
		wakes[name]()
		if w.Asleep() {
			t.Errorf("%s did not wake the world", name)
		}
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		if w.Stats().Asleep {
			t.Errorf("%s: the next step slept", name)
		}
	}
}

// TestSleepOff: without WorldDef.Sleep a resting world never sleeps, and a
// body drifting or spinning freely never sleeps with it.
func TestSleepOff(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	addCube(w, 1, 100, mgl64.Vec3{0, 0.5, 0}, mgl64.QuatIdent(), 0.8, 0)
	stepN(t, w, 300, nil)
	if w.Asleep() || w.Stats().Asleep {
		t.Error("a world without Sleep fell asleep")
	}

	w = NewWorld(WorldDef{Sleep: true})
	id := w.AddBody(BodyDef{Mass: 1, Inertia: mgl64.Ident3(), Orientation: mgl64.QuatIdent(), Velocity: mgl64.Vec3{0.02, 0, 0}})
	stepN(t, w, 300, nil)
	if w.Asleep() {
		t.Errorf("a body drifting at 2 cm/s fell asleep")
	}
	w.Body(id).SetVelocity(mgl64.Vec3{})
	w.Body(id).SetAngularVelocity(mgl64.Vec3{0, 0.05, 0})
	stepN(t, w, 300, nil)
	if w.Asleep() {
		t.Errorf("a body turning at 0.05 rad/s fell asleep")
	}
}

// TestSleepLander: the lander resting on its pad falls asleep with its
// joints closed and its feet on the pad, and wakes to a kick.
func TestSleepLander(t *testing.T) {
	l := newLanderDef(WorldDef{Sleep: true}, 1.62, 0.05, -2)
	stepN(t, l.w, 600, nil)
	if !l.w.Asleep() {
		t.Fatal("the lander resting on its pad did not fall asleep in 10 s")
	}
	if g := l.w.MaxJointGap(); g > 1e-8 {
		t.Errorf("asleep with a joint gap of %.3g m", g)
	}
	feet := 0
	for _, e := range l.w.ContactEvents() {
		if e.Kind == ContactPersist && (e.TagA == landerFootTag || e.TagB == landerFootTag) {
			feet++
		}
	}
	if feet != 4 {
		t.Errorf("asleep with %d feet touching, want 4", feet)
	}
	h := l.w.Body(l.hull)
	y := h.Position()[1]
	l.w.ApplyImpulse(l.hull, mgl64.Vec3{0, 2000, 0}, h.Position())
	stepN(t, l.w, 10, nil)
	if l.w.Asleep() || !(h.Position()[1] > y+0.01) {
		t.Errorf("kicked up: asleep %v, hull rose %.4f m; want awake and rising", l.w.Asleep(), h.Position()[1]-y)
	}
}

// TestSleepIslands: sleep goes island by island. Two stacks on the ground
// fall asleep while a box spinning slowly in the air above them never
// does; a cube thrown at one stack wakes that stack only, and it sleeps
// again once it has settled.
func TestSleepIslands(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, Sleep: true})
	addGround(w, 0.6, 0)
	var a, b []BodyID
	for k := range 3 {
		a = append(a, addCube(w, 1, 10, mgl64.Vec3{0, 0.5 + float64(k), 0}, mgl64.QuatIdent(), 0.6, 0))
		b = append(b, addCube(w, 1, 10, mgl64.Vec3{6, 0.5 + float64(k), 0}, mgl64.QuatIdent(), 0.6, 0))
	}
	// In free fall far above, turning at 1°/s: no support, so never asleep.
	spin := mgl64.Vec3{0, 0, mgl64.DegToRad(1)}
	free := w.AddBody(BodyDef{Mass: 1, Inertia: mgl64.Ident3(), Position: mgl64.Vec3{0, 1000, 0}, Orientation: mgl64.QuatIdent(), AngularVelocity: spin})
	asleep := func(ids []BodyID) bool {
		for _, id := range ids {
			if !w.Body(id).Asleep() {
				return false
			}
		}
		return true
	}
	stepN(t, w, 120, nil)
	if !asleep(a) || !asleep(b) {
		t.Fatalf("stacks asleep after 2 s: %v, %v; want both", asleep(a), asleep(b))
	}
	if w.Body(free).Asleep() || w.Body(free).AngularVelocity() != spin {
		t.Fatalf("the free box: asleep %v, ω %v; want awake at %v", w.Body(free).Asleep(), w.Body(free).AngularVelocity(), spin)
	}
	pb := w.Body(b[2]).Position()
	thrown := addCube(w, 0.5, 5, mgl64.Vec3{-3, 2.5, 0}, mgl64.QuatIdent(), 0.6, 0)
	w.Body(thrown).SetVelocity(mgl64.Vec3{8, 1, 0})
	woke := false
	for range 30 {
		stepN(t, w, 1, nil)
		woke = woke || !asleep(a)
		if !asleep(b) {
			t.Fatal("the untouched stack woke")
		}
	}
	if !woke {
		t.Fatal("the struck stack did not wake")
	}
	if w.Body(b[2]).Position() != pb {
		t.Error("the sleeping stack moved")
	}
	stepN(t, w, 600, nil)
	if !asleep(a) || !asleep(b) || !w.Body(thrown).Asleep() {
		t.Errorf("10 s after the throw: stacks asleep %v, %v, thrown cube %v; want all", asleep(a), asleep(b), w.Body(thrown).Asleep())
	}
}
