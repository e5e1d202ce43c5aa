package flight

import (
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/physics"
)

// A step that panics inside the physics ends the flight as diverged: the
// report names the panic, where it happened and the tick; the bodies, the
// tick and the figures are those before the step; later steps do nothing.
// The panic comes from a field of accelerations that panics on its 40th
// call, in the middle of a World.Step, after the step has begun moving
// things.
func TestStepPanicKeepsLastGoodState(t *testing.T) {
	m, err := shippedLibrary().LoadMission("land")
	if err != nil {
		t.Fatal(err)
	}
	def := worldDef(m, Options{})
	calls := 0
	def.Field = func(p, v mgl64.Vec3) mgl64.Vec3 {
		if calls++; calls == 40 {
			var none []int
			_ = none[calls] // an index out of range, as a bug would
		}
		return mgl64.Vec3{}
	}
	f, err := newFlightIn(m, DefaultDt, physics.NewWorld(def))
	if err != nil {
		t.Fatal(err)
	}
	twin := loadFlight(t, "land") // the same flight with no field: the same motion
	for f.Err == nil {
		f.Step(nil)
		if f.Err == nil {
			twin.Step(nil)
		}
	}
	if !errors.Is(f.Err, ErrPanic) {
		t.Fatalf("Err = %v, want ErrPanic", f.Err)
	}
	msg := f.Err.Error()
	for _, want := range []string{fmt.Sprintf("tick %d ", twin.Tick), "index out of range", "safety_test.go", "last good"} {
		if !strings.Contains(msg, want) {
			t.Errorf("report %q does not say %q", msg, want)
		}
	}
	if f.Tick != twin.Tick || f.Tel != twin.Tel || f.State() != twin.State() {
		t.Errorf("after the panic: tick %d, telemetry %+v; want the last good tick %d, %+v", f.Tick, f.Tel, twin.Tick, twin.Tel)
	}
	for i := range f.World.NumBodies() {
		a, b := f.World.Body(physics.BodyID(i)), twin.World.Body(physics.BodyID(i))
		dq := a.Orientation().Sub(b.Orientation())
		if a.Position() != b.Position() || a.Velocity() != b.Velocity() || a.AngularVelocity() != b.AngularVelocity() ||
			math.Abs(dq.W)+dq.V.Len() > 1e-15 {
			t.Errorf("body %d after the panic: at %v, moving %v; want the last good %v, %v", i, a.Position(), a.Velocity(), b.Position(), b.Velocity())
		}
	}
	if outcome, reason := Verdict(f); outcome != "diverged" || reason != msg {
		t.Errorf("verdict %q, %q; want diverged and the report", outcome, reason)
	}
	tick := f.Tick
	f.Step(nil)
	if f.Tick != tick {
		t.Errorf("a stopped flight stepped on to tick %d", f.Tick)
	}
}

// landings is how many random landings TestRandomLandings throws; the
// fuzz target FuzzRandomLanding (make fuzz) throws as many as it is given.
var landings = flag.Int("landings", 300, "random landings TestRandomLandings throws")

// randomLanding builds a flight of craft spec thrown at the Moon's ground
// and pad from seed: a random attitude, 0.5 to 6 m up, moving at up to 6
// m/s and spinning at 0 to 20 rad/s about a random axis, with default
// friction, and no autopilot.
func randomLanding(t testing.TB, spec *craft.Craft, seed uint64) *Flight {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 0x1a7d))
	m, err := craft.ParseMission("random-landing.toml", []byte(`format = 1
name = "Random landing"
kind = "land"
time_limit = 8
[environment]
gravity = [0, -1.62, 0]
[environment.ground]
height = 0
[environment.pad]
position = [0, 0.5, 0]
size = [20, 0.5, 20]
[player]
craft = "x"
`))
	if err != nil {
		t.Fatal(err)
	}
	unit := func() mgl64.Vec3 {
		for {
			v := mgl64.Vec3{2*r.Float64() - 1, 2*r.Float64() - 1, 2*r.Float64() - 1}
			if l := v.Len(); l > 0.1 && l <= 1 {
				return v.Mul(1 / l)
			}
		}
	}
	p := &m.Player
	p.Spec = spec
	reach := 0.0 // the farthest point of the craft from its origin: clear of the pad at any attitude
	for _, pt := range spec.Parts {
		for _, sh := range pt.Shapes {
			if sh.Poly != nil {
				for _, x := range sh.Poly.Verts {
					reach = max(reach, pt.Position.Add(pt.Orientation.Rotate(x)).Len())
				}
			}
		}
	}
	p.Position = mgl64.Vec3{8 * (2*r.Float64() - 1), 0.5 + reach + 0.5 + 5.5*r.Float64(), 8 * (2*r.Float64() - 1)}
	p.Orientation = mgl64.QuatRotate(2*math.Pi*r.Float64(), unit())
	p.Velocity = unit().Mul(6 * r.Float64())
	p.AngularVelocity = unit().Mul(20 * r.Float64())
	f, err := New(m, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// throwLanding flies a random landing to its end and checks that it ends
// with a report: an outcome and a reason, a state hash, and no panic
// escaping the flight.
func throwLanding(t testing.TB, spec *craft.Craft, seed uint64) (outcome string) {
	t.Helper()
	f := randomLanding(t, spec, seed)
	limit := uint64(math.Round(f.Spec.TimeLimit/f.Dt)) + 1
	for f.Tick < limit && f.Err == nil && !f.Over() {
		f.Step(nil)
	}
	outcome, reason := Verdict(f)
	if outcome == "" || reason == "" || len(f.StateHash()) != 16 {
		t.Fatalf("%s, seed %d: no report: outcome %q, reason %q", spec.Name, seed, outcome, reason)
	}
	if outcome == "diverged" {
		t.Logf("%s, seed %d: %s", spec.Name, seed, reason)
	}
	if outcome == "diverged" && !strings.Contains(reason, "tick ") {
		t.Errorf("%s, seed %d: diverged without the tick: %q", spec.Name, seed, reason)
	}
	return outcome
}

// Random landings of every shipped craft on the Moon — thrown at the
// ground at any attitude, spinning up to 20 rad/s — each end with a
// report, whatever the physics does: none takes the test down. -landings
// sets how many (split among the crafts); FuzzRandomLanding throws more.
func TestRandomLandings(t *testing.T) {
	lib := shippedLibrary()
	names := lib.Crafts()
	outcomes := map[string]int{}
	for i := range *landings {
		spec, err := lib.LoadCraft(names[i%len(names)])
		if err != nil {
			t.Fatal(err)
		}
		outcomes[throwLanding(t, spec, uint64(i))]++
	}
	t.Logf("%d landings: %v", *landings, outcomes)
}

// FuzzRandomLanding throws a random landing per input (a craft and a
// seed): `make fuzz` runs it with FUZZTIME inputs.
func FuzzRandomLanding(f *testing.F) {
	lib := shippedLibrary()
	names := lib.Crafts()
	specs := make([]*craft.Craft, len(names))
	for i, n := range names {
		var err error
		if specs[i], err = lib.LoadCraft(n); err != nil {
			f.Fatal(err)
		}
	}
	for i := range 4 {
		f.Add(uint8(i), uint64(i))
	}
	f.Fuzz(func(t *testing.T, c uint8, seed uint64) {
		throwLanding(t, specs[int(c)%len(specs)], seed)
	})
}
