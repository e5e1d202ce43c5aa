package physics_test

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// shippedLanding builds the land mission's pad, ground and lander (as the
// game's flight does) with the lander's lowest point h above the pad,
// falling at vy (m/s) and drifting at vx.
func shippedLanding(tb testing.TB, h, vx, vy float64, sleep bool) (*physics.World, *craft.Built) {
	tb.Helper()
	m, err := craft.NewLibrary(craft.Shipped(data.FS)).LoadMission("land")
	if err != nil {
		tb.Fatal(err)
	}
	w := physics.NewWorld(physics.WorldDef{Gravity: m.Gravity, Sleep: sleep})
	if g := m.Ground; g != nil {
		w.AddBody(physics.BodyDef{Name: "ground", Position: mgl64.Vec3{0, g.Height - 5, 0},
			Shapes: []physics.ShapeDef{{Poly: geom.Box(mgl64.Vec3{2000, 5, 2000}), Friction: g.Friction, Restitution: g.Restitution}}})
	}
	p := m.Pad
	w.AddBody(physics.BodyDef{Name: "pad", Position: p.Centre(), Orientation: p.Orientation,
		Shapes: []physics.ShapeDef{{Poly: geom.Box(p.Size.Mul(0.5)), Friction: p.Friction, Restitution: p.Restitution}}})
	c := m.Player.Spec
	low := math.Inf(1)
	for _, pt := range c.Parts {
		for _, s := range pt.Shapes {
			for _, v := range s.Poly.Verts {
				low = min(low, pt.Position.Add(pt.Orientation.Rotate(v))[1])
			}
		}
	}
	b, err := c.Build(w, craft.Placement{Position: mgl64.Vec3{0, p.Position[1] + h - low, 0}, Velocity: mgl64.Vec3{vx, vy, 0}}, nil)
	if err != nil {
		tb.Fatal(err)
	}
	return w, b
}

// BenchmarkStepLanderTouchdown: the shipped lander (flat feet, μ = 0.15
// on the pad) set down at 1 m/s, from first contact until it sleeps
// (about 40 steps: the feet slide out while the leg springs take the load), µs
// per step. The scene is built with the timer stopped.
func BenchmarkStepLanderTouchdown(b *testing.B) { benchTouchdown(b, -1) }

// BenchmarkStepLanderTouchdownSoft: the same at 0.41 m/s, the autopilot's
// touchdown speed in `sim land --autopilot`.
func BenchmarkStepLanderTouchdownSoft(b *testing.B) { benchTouchdown(b, -0.41) }

func benchTouchdown(b *testing.B, vy float64) {
	steps, iters := 0, 0
	for b.Loop() {
		b.StopTimer()
		w, _ := shippedLanding(b, 0.02, 0, vy, true)
		b.StartTimer()
		for n := 0; !w.Stats().Asleep; n++ {
			if n == 120 {
				b.Fatal("the lander did not sleep within 2 s")
			}
			if err := w.Step(1.0 / 60); err != nil {
				b.Fatal(err)
			}
			iters += w.Stats().Iterations
			steps++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps)/1e3, "µs/step")
	b.ReportMetric(float64(iters)/float64(steps), "sweeps/step")
}

// TestShippedTouchdown: the shipped lander set down at 1 m/s on the land
// mission's pad settles and sleeps within 1 s, its joints closed (peak gap
// < 1e-6 m).
func TestShippedTouchdown(t *testing.T) {
	w, _ := shippedLanding(t, 0.02, 0, -1, true)
	gap, sweeps, steps := 0.0, 0, 0
	for !w.Stats().Asleep {
		if steps == 60 {
			t.Fatalf("not asleep after %d steps", steps)
		}
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		gap = max(gap, w.MaxJointGap())
		sweeps += w.Stats().Iterations
		steps++
	}
	t.Logf("asleep after %d steps, %d sweeps, peak joint gap %.2e m", steps, sweeps, gap)
	if gap > 1e-6 {
		t.Errorf("peak joint gap %.3g m, want < 1e-6 m", gap)
	}
}
