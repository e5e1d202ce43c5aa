package physics

import (
	"fmt"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Benchmarks report ns/step (one Step of 1/60 s).

func BenchmarkStepTumble(b *testing.B) {
	w, _ := tumbleWorld(mgl64.Vec3{0.01, 1, 0.01})
	for b.Loop() {
		if err := w.Step(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
}

func BenchmarkStepCraft(b *testing.B) {
	c := newCraft(WorldDef{})
	c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
	c.w.Step(1.0 / 60)
	i := 0
	for b.Loop() {
		craftLoads(c, i)
		i++
		if err := c.w.Step(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
}

func benchChain(b *testing.B, n int) {
	w, _ := newChain(n, 100, 100, 0.3)
	w.Step(1.0 / 60)
	for b.Loop() {
		if err := w.Step(1.0 / 60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/link")
}

// BenchmarkStepReactionWheel: a 10 kg wheel spinning at 300 rad/s on a
// hinge through its centre in a 1,000 kg hull that turns (reactionWheel).
func BenchmarkStepReactionWheel(b *testing.B) {
	w, _, _ := reactionWheel(300, mgl64.Vec3{}, 1)
	subs := 0
	for b.Loop() {
		if err := w.Step(1.0 / 60); err != nil {
			b.Fatal(err)
		}
		subs += w.Stats().SubSteps
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
	b.ReportMetric(float64(subs)/float64(b.N), "substeps/step")
}

func BenchmarkStepChain10(b *testing.B)  { benchChain(b, 10) }
func BenchmarkStepChain50(b *testing.B)  { benchChain(b, 50) }
func BenchmarkStepChain100(b *testing.B) { benchChain(b, 100) }

// BenchmarkStepCraftStages reports the share of each stage (WorldDef.Timings).
func BenchmarkStepCraftStages(b *testing.B) {
	c := newCraft(WorldDef{Timings: true})
	c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
	c.w.Step(1.0 / 60)
	var tot Timings
	i := 0
	for b.Loop() {
		craftLoads(c, i)
		i++
		c.w.Step(1.0 / 60)
		st := c.w.Stats()
		for s := range tot {
			tot[s] += st.Timings[s]
		}
	}
	for s := range tot {
		b.ReportMetric(float64(tot[s].Nanoseconds())/float64(b.N), fmt.Sprintf("ns-%s", Stage(s)))
	}
}
