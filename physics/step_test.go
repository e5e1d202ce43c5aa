package physics

import (
	"errors"
	"math"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestStageListDocumented: doc.go lists the stages of a step in the order
// of the Stage constants, which is the order Step runs them in.
func TestStageListDocumented(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, m := range regexp.MustCompile(`(?m)^//\t(Stage[A-Za-z0-9]+)\s`).FindAllStringSubmatch(string(src), -1) {
		doc = append(doc, strings.ToLower(m[1]))
	}
	var code []string
	for s := Stage(0); s < NumStages; s++ {
		code = append(code, "stage"+s.String())
	}
	if strings.Join(doc, " ") != strings.Join(code, " ") {
		t.Errorf("doc.go lists the stages\n  %v\nthe code runs\n  %v", doc, code)
	}
}

// TestStageOrder: a step with sub-steps runs the stages in the documented
// order, the sub-step stages once per sub-step (read from the timings: a
// stage that ran has a positive time).
func TestStageOrder(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, SubSteps: 3, Timings: true})
	addGround(w, 0.5, 0)
	addCube(w, 1, 10, mgl64.Vec3{0, 0.6, 0}, mgl64.QuatIdent(), 0.5, 0)
	if err := w.Step(dt60); err != nil {
		t.Fatal(err)
	}
	st := w.Stats()
	if st.SubSteps != 3 {
		t.Errorf("%d sub-steps, want 3", st.SubSteps)
	}
	for s := Stage(0); s < NumStages; s++ {
		if st.Timings[s] <= 0 {
			t.Errorf("stage %v did not run", s)
		}
	}
}

// TestFailedStepLeavesWorld (issue 24): a Step that fails leaves the world
// as it was — every body's state and sleep, the joints' impulses, the
// contact points and events, the joint breaks, the stats — but for the
// loads it was given, which it consumed; the next Step goes on as a twin
// world's that never saw the failing load. Joint breaks and contact events used to run before the
// check that rolled back only the state and the stats.
func TestFailedStepLeavesWorld(t *testing.T) {
	build := func() (*World, BodyID, JointID) {
		w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, MaxSpeed: 50, Sleep: true})
		addGround(w, 0.8, 0)
		var top BodyID
		for k := range 3 {
			top = addCube(w, 1, 10, mgl64.Vec3{0, 0.5 + float64(k), 0}, mgl64.QuatIdent(), 0.8, 0)
		}
		post := w.AddBody(BodyDef{Name: "post", Position: mgl64.Vec3{5, 3, 0}})
		bob := w.AddBody(BodyDef{Name: "bob", Mass: 2, Inertia: mgl64.Diag3(mgl64.Vec3{0.1, 0.1, 0.1}), Position: mgl64.Vec3{6, 3, 0}})
		j, err := w.AddHinge(HingeDef{A: post, B: bob, Anchor: mgl64.Vec3{5, 3, 0}, Axis: mgl64.Vec3{0, 0, 1}, EnableLimits: true, Lower: -0.5, Upper: 0.3, BreakImpulse: 1e6})
		if err != nil {
			t.Fatal(err)
		}
		return w, top, j
	}
	type snap struct {
		States         []state
		Asleep         []bool
		Lin, Ang       mgl64.Vec3
		Events         []ContactEvent
		Contacts       []ContactInfo
		Breaks         []JointBreak
		Stats          Stats
		ForceW, ForceB []mgl64.Vec3
	}
	take := func(w *World, j JointID) snap {
		var s snap
		s.States = append(s.States, w.y...)
		for i := range w.NumBodies() {
			s.Asleep = append(s.Asleep, w.Body(BodyID(i)).Asleep())
			s.ForceW = append(s.ForceW, w.bodies[i].forceW)
			s.ForceB = append(s.ForceB, w.bodies[i].forceB)
		}
		s.Lin, s.Ang = w.Joint(j).Impulse()
		s.Events = append(s.Events, w.ContactEvents()...)
		s.Contacts = append(s.Contacts, w.Contacts()...)
		s.Breaks = append(s.Breaks, w.Events()...)
		s.Stats = w.Stats()
		return s
	}
	w, top, j := build()
	twin, _, _ := build()
	for range 90 {
		for _, x := range []*World{w, twin} {
			if err := x.Step(dt60); err != nil {
				t.Fatal(err)
			}
		}
	}
	before := take(w, j)
	w.ApplyCentralForce(top, mgl64.Vec3{1e6, 0, 0}) // 1.7 km/s in a step: past MaxSpeed
	err := w.Step(dt60)
	if !errors.Is(err, ErrRunaway) {
		t.Fatalf("Step = %v, want a runaway", err)
	}
	if after := take(w, j); !reflect.DeepEqual(before, after) {
		t.Errorf("the failed step changed the world:\nbefore %+v\nafter  %+v", before, after)
	}
	for range 60 {
		for _, x := range []*World{w, twin} {
			if err := x.Step(dt60); err != nil {
				t.Fatal(err)
			}
		}
	}
	worst := 0.0
	for i := range w.NumBodies() {
		a, b := w.Body(BodyID(i)), twin.Body(BodyID(i))
		worst = max(worst, a.Position().Sub(b.Position()).Len(), a.Velocity().Sub(b.Velocity()).Len())
	}
	if worst > 1e-9 {
		t.Errorf("after the failed step the world strays %.2g from its twin", worst)
	}
}

// TestBlownUpRateEndsStep: a body on a hinge spun at 1e30 rad/s asks
// MaxRotation for 1e29 sub-steps; the step ends within maxSubSteps of
// them (capSubSteps), here as a runaway, and leaves the world as it was. Counted in int, the request overflowed to a negative
// number on amd64, the cap let a sub-step of 1e-32 s through, and this
// step crawled on for 48 s.
func TestBlownUpRateEndsStep(t *testing.T) {
	for _, tc := range []struct{ sub, n, want float64 }{
		{0, 1e30, maxSubSteps}, {10, 1e30, maxSubSteps - 10}, {0, math.Inf(1), maxSubSteps},
		{3, math.NaN(), maxSubSteps - 3}, {maxSubSteps, 1e30, 1}, {0, 7, 7}, {249, 7, 7}, {250, 7, 6},
	} {
		if got := capSubSteps(int(tc.sub), tc.n); got != tc.want {
			t.Errorf("capSubSteps(%g, %g) = %g, want %g", tc.sub, tc.n, got, tc.want)
		}
	}
	w := NewWorld(WorldDef{})
	base := w.AddBody(BodyDef{Name: "base"})
	b := w.AddBody(BodyDef{Name: "arm", Mass: 5, Inertia: mgl64.Diag3(mgl64.Vec3{1, 3, 2}), Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
	if _, err := w.AddHinge(HingeDef{A: base, B: b, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
		t.Fatal(err)
	}
	om := mgl64.Vec3{0, 0, 1e30}
	w.Body(b).SetAngularVelocity(om)
	// Stopped at the runaway limit after its first sub-step (the check
	// between sub-steps), not at the NaN the rest of the step made.
	if err := w.Step(1.0 / 60); !errors.Is(err, ErrRunaway) {
		t.Errorf("a step at 1e30 rad/s: %v, want ErrRunaway", err)
	}
	if got := w.Body(b).AngularVelocity(); got != om {
		t.Errorf("after the failed step ω = %v, want %v as it was", got, om)
	}
}
