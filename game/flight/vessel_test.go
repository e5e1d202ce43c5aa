package flight

import (
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/physics"
)

// On the shipped lander, a pure pitch (yaw, roll) command produces the
// torque asked for with less than 1 % about the other axes and less than
// 1 % of the RCS's force as net force — computed from each thruster's force
// at its position about the lander's centre of mass, not from the
// allocator's own report.
func TestLanderAllocationCrossCoupling(t *testing.T) {
	spec, err := shippedLibrary().LoadCraft("lander")
	if err != nil {
		t.Fatal(err)
	}
	w := physics.NewWorld(physics.WorldDef{})
	v, err := NewVessel(w, spec, craft.Placement{Orientation: mgl64.QuatIdent()})
	if err != nil {
		t.Fatal(err)
	}
	com := spec.MassProps(v.Fuel).COM
	capy := v.alloc.Capacity()
	maxF := 0.0
	for _, i := range v.rcs {
		maxF += spec.Thrusters[i].MaxThrust
	}
	for axis, name := range []string{"pitch", "yaw", "roll"} {
		var want mgl64.Vec3
		want[axis] = 0.5 * capy.TorquePos[axis]
		if err := v.alloc.Allocate(control.Command{Torque: want}, &v.firing); err != nil {
			t.Fatal(err)
		}
		var torque, force mgl64.Vec3
		for k, i := range v.rcs {
			th := spec.Thrusters[i]
			f := th.Direction.Mul(v.firing.RCS[k] * th.MaxThrust)
			force = force.Add(f)
			torque = torque.Add(th.Position.Sub(com).Cross(f))
		}
		on := torque[axis]
		off := math.Hypot(torque[(axis+1)%3], torque[(axis+2)%3])
		if math.Abs(on-want[axis]) > 0.01*want[axis] {
			t.Errorf("%s: torque %.1f N m, want %.1f", name, on, want[axis])
		}
		if off > 0.01*math.Abs(on) {
			t.Errorf("%s: cross-axis torque %.3g N m = %.2g %% of %.1f", name, off, 100*off/on, on)
		}
		if force.Len() > 0.01*maxF {
			t.Errorf("%s: net force %.3g N, want < 1 %% of %.0f", name, force.Len(), maxF)
		}
		t.Logf("%s: %.1f N m, cross %.2g %%, net force %.2g N", name, on, 100*off/on, force.Len())
	}
}

// Soak: random commands on each shipped craft — no NaN, no divergence, no
// panic, and memory that stays flat. This short version flies 60 s per
// craft; SPACEFLIGHT_SOAK=1 makes it a simulated hour per craft (see the
// README).
func TestSoakRandomCommands(t *testing.T) {
	seconds := 60.0
	if soakLong {
		seconds = 3600
	}
	lib := shippedLibrary()
	for _, name := range lib.Crafts() {
		spec, err := lib.LoadCraft(name)
		if err != nil {
			t.Fatal(err)
		}
		m := &craft.Mission{Name: "soak " + name, Kind: craft.KindFree,
			Player: craft.Placement{Craft: name, Spec: spec, Orientation: mgl64.QuatIdent()}}
		f, err := New(m, DefaultDt, Options{})
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(1, uint64(len(name))))
		kinds := []Kind{KindPitch, KindYaw, KindRoll, KindTranslateX, KindTranslateY, KindTranslateZ, KindThrottle, KindSAS, KindFine}
		steps := uint64(seconds / f.Dt)
		var heap0 uint64
		var cmds []Command
		for f.Tick < steps {
			cmds = cmds[:0]
			if rng.IntN(20) == 0 {
				k := kinds[rng.IntN(len(kinds))]
				cmds = append(cmds, Command{Tick: f.Tick, Kind: k, Value: 2*rng.Float64() - 1})
			}
			f.Step(cmds)
			if f.Err != nil {
				t.Fatalf("%s: %v", name, f.Err)
			}
			if f.Tick == steps/10 {
				heap0 = heapInUse()
			}
		}
		st := f.Player.State(f.World)
		if !finite3(st.Position) || !finite3(st.Velocity) {
			t.Fatalf("%s: state went non-finite: %v %v", name, st.Position, st.Velocity)
		}
		if grow := int64(heapInUse()) - int64(heap0); grow > 4<<20 {
			t.Errorf("%s: heap grew by %d bytes over the run", name, grow)
		}
		t.Logf("%s: %.0f s, %.2f kg propellant, max joint gap %.2g m", name, f.Time(), f.Player.FuelUsed, f.World.MaxJointGap())
	}
}

// soakLong makes TestSoakRandomCommands fly a simulated hour per craft:
// SPACEFLIGHT_SOAK=1 go test -run Soak -timeout 2h ./game/flight/
var soakLong = os.Getenv("SPACEFLIGHT_SOAK") == "1"

func heapInUse() uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	return ms.HeapInuse
}

func finite3(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// A flight tick allocates nothing, also while the engines burn and the tank
// body's mass is updated every tick, and while landed with contacts.
func TestFlightStepAllocs(t *testing.T) {
	f := loadFlight(t, "land")
	f.Step([]Command{{Tick: 0, Kind: KindAutopilot}})
	for f.Tick < 120 {
		f.Step(nil)
	}
	fuel := f.Player.FuelUsed
	if n := testing.AllocsPerRun(100, func() { f.Step(nil) }); n != 0 {
		t.Errorf("burning: %v allocations per tick, want 0", n)
	}
	if f.Player.FuelUsed <= fuel {
		t.Fatal("the engines did not burn during the measurement")
	}
	// Per 60-tick batches too: testing.AllocsPerRun rounds the average down,
	// so a per-tick measurement hides an allocation every 30 ticks (the
	// centre-of-mass refresh while burning allocated, in the dock mission
	// once per refresh).
	for _, name := range []string{"land", "dock"} {
		f := loadFlight(t, name)
		f.Step([]Command{{Tick: 0, Kind: KindAutopilot}})
		for f.Tick < 120 {
			f.Step(nil)
		}
		fuel := f.Player.FuelUsed
		if n := testing.AllocsPerRun(3, func() {
			for range 60 {
				f.Step(nil)
			}
		}); n != 0 {
			t.Errorf("%s, burning: %v allocations per 60 ticks, want 0", name, n)
		}
		if f.Player.FuelUsed <= fuel {
			t.Fatalf("%s: the thrusters did not burn during the measurement", name)
		}
	}
	f = loadFlight(t, "testdata/missions/landed.toml")
	for f.Tick < 60 {
		f.Step(nil)
	}
	if n := testing.AllocsPerRun(100, func() { f.Step(nil) }); n != 0 {
		t.Errorf("landed: %v allocations per tick, want 0", n)
	}
}

// A craft whose thrusters are idle does not work its centre of mass out
// again at the allocator's periodic refresh (every 30 ticks): nothing burnt,
// nothing moved. Thirty idle ticks allocate nothing.
func TestIdleCOMRefresh(t *testing.T) {
	f := loadFlight(t, "tumble")
	f.Step([]Command{{Tick: 0, Kind: KindAutopilot}})
	for f.Judge.Outcome == Flying && f.Tick < 3000 {
		f.Step(nil)
	}
	// Hands off: the autopilot and the SAS let go, and the box turns on at
	// whatever rate the detumble left (free motion is never put to rest).
	f.Step([]Command{{Tick: f.Tick, Kind: KindAutopilot}})
	for f.Controls.SAS != SASOff {
		f.Step([]Command{{Tick: f.Tick, Kind: KindSAS}})
	}
	for range 120 {
		f.Step(nil)
	}
	used := f.Player.FuelUsed
	if n := testing.AllocsPerRun(10, func() {
		for range 30 {
			f.Step(nil)
		}
	}); n != 0 {
		t.Errorf("%v allocations per 30 idle ticks, want 0", n)
	}
	if f.Player.FuelUsed != used {
		t.Fatal("the thrusters fired during the measurement")
	}
}
