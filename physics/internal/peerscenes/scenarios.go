package main

import (
	"fmt"
	"math"

	"spaceflight/physics/internal/peerscenes/scenes"
)

// The runs of each scenario, as the peers' ode_peer.cpp and bullet_peer.cpp
// make them: build the scene (package scenes), step it, time each Step
// call, feed the state after each step to the scenario's metrics.

// scenario is one line of output: a scenario id and its runs.
type scenario struct {
	arg, id, notes string
	runs           func() []*run
}

var scenarioList = []scenario{
	{"S1", "S1_tumble", "gyroscopic term ω × Iω always in Euler's equations (RK4); no variant without it", func() []*run {
		return []*run{s1Run(1.0 / 30), s1Run(1.0 / 60), s1Run(1.0 / 120)}
	}},
	{"S2", "S2_drop", "sleep off", func() []*run { return []*run{s2Run()} }},
	{"S3", "S3_lander", "hull and legs in one collision group; joined bodies never collide; sleep off", func() []*run {
		return []*run{s3Run(scenes.S3HullMass)}
	}},
	{"XS3", "X_S3_massratio", "S3 geometry, heavier hull (legs 20 kg)", func() []*run {
		return []*run{s3Run(20000), s3Run(100000)}
	}},
	{"S4", "S4_chain", "no shapes (no collisions); sleep off", func() []*run {
		return []*run{s4Run(false), s4Run(true)}
	}},
	{"S5", "S5_pile", "friction 0.8 on every shape: every pair combines to 0.8 (geometric mean)", func() []*run {
		return []*run{s5Run(true), s5Run(false)}
	}},
	{"S6", "S6_latch", "zero gravity; no shapes; World.AddFixed at the midpoint of the face centres after the step at which they come within 1.30 m; 120 s after the latch", func() []*run {
		return []*run{s6Run(1.0 / 60), s6Run(1.0 / 30), s6Run(1.0 / 120)}
	}},
	{"S7", "S7_tall_stack", "20 unit boxes stacked exactly on the ground; friction 0.8 everywhere; sleep off", func() []*run {
		return []*run{s7Run(1), s7Run(scenes.S7TopHeavy)}
	}},
}

// variantDt names a run by its step.
func variantDt(v string, dt float64) string { return fmt.Sprintf("%s, dt 1/%.0f", v, 1/dt) }

// runScene builds a scene and runs body on it, guarded (run.guard); kv are
// the scenario's own keys of the run (name, value pairs).
func runScene(build func() (*scenes.Scene, error), variant string, body func(s *scenes.Scene, r *run) error, kv ...any) *run {
	s, err := build()
	if err != nil {
		r := &run{err: "building the scene: " + err.Error()}
		r.head.set("variant", variant)
		return r
	}
	r := newRun(s, variant, kv...)
	r.guard(func(r *run) error { return body(s, r) })
	return r
}

// stepAll takes the scene's steps, handing the bodies' states after step i
// (at t = i dt) to record.
func (r *run) stepAll(s *scenes.Scene, record func(t float64, st []bodyState)) error {
	var st []bodyState
	for i := 1; i <= s.Steps; i++ {
		if err := r.stepWorld(s.World, s.Dt); err != nil {
			return err
		}
		st = readStates(s.World, s.Bodies, st)
		record(float64(i)*s.Dt, st)
	}
	return nil
}

func s1Run(dt float64) *run {
	return runScene(func() (*scenes.Scene, error) { return scenes.Tumble(dt) }, "default", func(s *scenes.Scene, r *run) error {
		k := newS1Tracker(dt)
		st := readStates(s.World, s.Bodies, nil)
		k.record(0, st[0].q, st[0].w)
		if err := r.stepAll(s, func(t float64, st []bodyState) { k.record(t, st[0].q, st[0].w) }); err != nil {
			return err
		}
		r.metrics = k.metrics()
		r.extra.set("samples", k.samples())
		return nil
	})
}

func s2Run() *run {
	return runScene(scenes.Drop, "default", func(s *scenes.Scene, r *run) error {
		k := newS2Tracker()
		if err := r.stepAll(s, func(t float64, st []bodyState) { k.record(t, st[0]) }); err != nil {
			return err
		}
		r.metrics = k.metrics()
		return nil
	})
}

func s3Run(hullMass float64) *run {
	v := "default, HingeDef limits Lower = Upper = 0"
	if hullMass != scenes.S3HullMass {
		v += fmt.Sprintf(", hull %.0f kg (%.0f:1)", hullMass, hullMass/scenes.S3LegMass)
	}
	build := func() (*scenes.Scene, error) { return scenes.Lander(hullMass) }
	return runScene(build, v, func(s *scenes.Scene, r *run) error {
		k := newS3Tracker(readStates(s.World, s.Bodies, nil))
		if err := r.stepAll(s, k.record); err != nil {
			return err
		}
		r.metrics = k.metrics()
		return nil
	}, "hull_mass_kg", hullMass)
}

func s4Run(fixedRoot bool) *run {
	v := "root link dynamic 1000 kg on a hinge to the world (HingeDef B = NoBody)"
	if fixedRoot {
		v = "root link static (mass 0), no joint 0"
	}
	build := func() (*scenes.Scene, error) { return scenes.Chain(fixedRoot) }
	return runScene(build, v, func(s *scenes.Scene, r *run) error {
		k := newS4Tracker(readStates(s.World, s.Bodies, nil), fixedRoot)
		if err := r.stepAll(s, k.record); err != nil {
			return err
		}
		r.metrics = k.metrics()
		return nil
	}, "fixed_root", fixedRoot)
}

func s5Run(sleep bool) *run {
	v := "sleep off (WorldDef default)"
	if sleep {
		v = "sleep on (WorldDef.Sleep, default thresholds)"
	}
	build := func() (*scenes.Scene, error) { return scenes.Pile(sleep) }
	return runScene(build, v, func(s *scenes.Scene, r *run) error {
		for range s.Steps {
			if err := r.stepWorld(s.World, s.Dt); err != nil {
				return err
			}
		}
		asleep := 0
		for _, id := range s.Bodies {
			if s.World.Body(id).Asleep() {
				asleep++
			}
		}
		r.metrics = s5Metrics(readStates(s.World, s.Bodies, nil), asleep)
		return nil
	}, "sleeping", sleep)
}

func s6Run(dt float64) *run {
	build := func() (*scenes.Scene, error) { return scenes.Latch(dt) }
	return runScene(build, variantDt("default, World.AddFixed at the latch", dt), func(s *scenes.Scene, r *run) error {
		st := readStates(s.World, s.Bodies, nil)
		k := newS6Tracker(st)
		nAfter := int(math.Round(scenes.S6After / dt))
		for i := 1; ; i++ {
			if err := r.stepWorld(s.World, dt); err != nil {
				return err
			}
			st = readStates(s.World, s.Bodies, st)
			res := k.record(i, float64(i)*dt, st, nAfter)
			if res == s6Done {
				break
			}
			if res == s6Weld {
				if _, err := s.Weld(); err != nil {
					return err
				}
			}
		}
		r.metrics = k.metrics()
		if k.latched {
			r.afterLatch = k.latchStep
		}
		return nil
	})
}

func s7Run(topMass float64) *run {
	v := "20 x 1 kg"
	if topMass != 1 {
		v = "19 x 1 kg + top 100 kg"
	}
	build := func() (*scenes.Scene, error) { return scenes.TallStack(topMass) }
	return runScene(build, v, func(s *scenes.Scene, r *run) error {
		k := newS7Tracker()
		if err := r.stepAll(s, k.record); err != nil {
			return err
		}
		r.metrics = k.metrics()
		return nil
	}, "top_mass_kg", topMass)
}
