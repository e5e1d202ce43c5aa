package flight

import (
	"math"
	"testing"

	"spaceflight/game/hangar"
)

// newTestStand puts the shipped craft name on a stand in gravity g.
func newTestStand(t *testing.T, name, g string) *Stand {
	t.Helper()
	c, err := shippedLibrary().LoadCraft(name)
	if err != nil {
		t.Fatal(err)
	}
	fig, err := hangar.Compute(c)
	if err != nil {
		t.Fatal(err)
	}
	gi := -1
	for i, gr := range hangar.Gravities() {
		if gr.Name == g {
			gi = i
		}
	}
	s, err := NewStand(c, name, fig, gi, DefaultDt)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func (s *Stand) run(ticks int) {
	for range ticks {
		s.Step()
	}
}

// craftMass is the mass of the craft's bodies now (kg).
func (s *Stand) craftMass() float64 {
	m := 0.0
	for _, d := range s.Flight.Player.Built.Distinct {
		m += s.Flight.World.Body(d.ID).Mass()
	}
	return m
}

func closeRel(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1)
}

// On the stand the craft pushes down with its weight; firing the main
// engine it pushes up with the thrust less its weight; a pure pitch
// command turns the stand with the allocator's torque and pushes it not at
// all.
func TestStandReaction(t *testing.T) {
	s := newTestStand(t, "lander", "moon")
	s.run(180) // the legs settle on their springs
	f, tq, held := s.Reaction()
	m := s.craftMass()
	if !held || !closeRel(f[1], -m*1.62, 1e-3) || math.Abs(f[0])+math.Abs(f[2]) > 1e-3 || tq.Len() > 1e-2 {
		t.Errorf("at rest: force %v N, torque %v N·m on the stand; want (0, %.1f, 0) and none", f, tq, -m*1.62)
	}
	s.Fire, s.Firing = 0, true // main
	if s.FireName() != "main" {
		t.Fatalf("fire %q, want main", s.FireName())
	}
	s.run(60)
	f, tq, _ = s.Reaction()
	m = s.craftMass() // fuel burns on the stand
	if want := 6000 - m*1.62; !closeRel(f[1], want, 1e-3) || tq.Len() > 1e-2 {
		t.Errorf("main engine: force %v, torque %v; want (0, %.1f, 0) and none", f, tq, want)
	}

	sh := newTestStand(t, "shuttle", "none")
	for sh.FireName() != "pitch-up" {
		sh.NextFire(1)
	}
	sh.Firing = true
	sh.run(60)
	f, tq, _ = sh.Reaction()
	// Pitch up is a torque about −x: one forward and one aft jet 1.05 m off
	// the axis on opposite sides, 2 × 1.05 m × 220 N (the allocator
	// finds a few 1e-5 more, see game/hangar).
	if !closeRel(tq[0], -462, 1e-3) || math.Abs(tq[1])+math.Abs(tq[2]) > 1e-2 || f.Len() > 1e-2 {
		t.Errorf("pitch up: torque %v, force %v on the stand; want (−462, 0, 0) N·m and none", tq, f)
	}
}

// Released, the craft falls freely in the chosen gravity, lands on its
// feet, and is back on the stand after ReleaseTime.
func TestStandRelease(t *testing.T) {
	s := newTestStand(t, "lander", "moon")
	if err := s.Release(); err != nil {
		t.Fatal(err)
	}
	s.run(30)
	v := s.Flight.State().Velocity
	fall := float64(30) * DefaultDt * 1.62 // the release tick is the first of the 30
	if !s.Released || !closeRel(v[1], -fall, 1e-6) {
		t.Errorf("released: velocity %v, want (0, %.4f, 0)", v, -fall)
	}
	if _, _, held := s.Reaction(); held {
		t.Error("released, yet the stand holds it")
	}
	s.run(int(ReleaseTime/DefaultDt) - 40)
	if !s.Released || s.Flight.Tel.FeetOffPad == 0 {
		t.Errorf("after %.1f s: released %v, feet on the floor %d; want it standing on its feet", ReleaseTime-0.2, s.Released, s.Flight.Tel.FeetOffPad)
	}
	s.run(20)
	if s.Released {
		t.Errorf("after %g s the craft is still free", ReleaseTime)
	}
}

// A stand whose physics stopped stays stopped, and Release mounts the
// craft afresh, with its physics going again.
func TestStandStoppedRemounts(t *testing.T) {
	s := newTestStand(t, "lander", "moon")
	s.run(10)
	s.Flight.Err = ErrPanic // as a step that panicked leaves it
	stopped := s.Flight
	s.run(10)
	if s.Flight != stopped || stopped.Tick != 10 {
		t.Fatalf("a stopped stand stepped on: tick %d", stopped.Tick)
	}
	if err := s.Release(); err != nil {
		t.Fatal(err)
	}
	s.run(10)
	if s.Flight == stopped || s.Flight.Err != nil || s.Flight.Tick != 10 || s.Released {
		t.Errorf("after Release: a fresh stand %v, err %v, tick %d, released %v; want a fresh, held stand at tick 10",
			s.Flight != stopped, s.Flight.Err, s.Flight.Tick, s.Released)
	}
}
