package physics

import (
	"math"
	"slices"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// pile returns n × n stacks of h unit cubes (10 kg, μ = 0.6) resting on the
// ground, 2 m apart, and the ids of the top cubes.
func pile(n, h int) (*World, []BodyID) {
	w := earthWorld()
	addGround(w, 0.6, 0)
	var tops []BodyID
	for i := range n {
		for j := range n {
			var top BodyID
			for k := range h {
				top = addCube(w, 1, 10, mgl64.Vec3{2 * float64(i), 0.5 + float64(k), 2 * float64(j)}, mgl64.QuatIdent(), 0.6, 0)
			}
			tops = append(tops, top)
		}
	}
	return w, tops
}

// standing returns the largest horizontal distance of a top cube from its
// stack's base position.
func standing(w *World, tops []BodyID, h int) float64 {
	worst := 0.0
	for _, id := range tops {
		base := w.Body(id - BodyID(h-1)).Position()
		p := w.Body(id).Position()
		worst = math.Max(worst, math.Hypot(p[0]-math.Round(base[0]/2)*2, p[2]-math.Round(base[2]/2)*2))
	}
	return worst
}

// TestPileStands: 3 × 3 stacks of 10 cubes stand for 20 s without sleeping:
// every top cube within 5 mm of its stack's axis.
func TestPileStands(t *testing.T) {
	w, tops := pile(3, 10)
	stepN(t, w, 1200, nil)
	d := standing(w, tops, 10)
	t.Logf("worst top-cube offset after 20 s: %.3f mm; stats %+v", d*1e3, w.Stats())
	if d > 5e-3 {
		t.Errorf("a stack leans: top cube %.2f mm off its axis, want < 5 mm", d*1e3)
	}
}

// BenchmarkStepPile1000: 1000 unit cubes as 100 stacks of 10 resting on the
// ground (sleeping off), ms per step; every stack must still stand.
func BenchmarkStepPile1000(b *testing.B) {
	w, tops := pile(10, 10)
	for range 60 { // settle: the cold start takes ~20 steps
		w.Step(dt60)
	}
	for b.Loop() {
		if err := w.Step(dt60); err != nil {
			b.Fatal(err)
		}
	}
	if d := standing(w, tops, 10); d > 5e-3 {
		b.Errorf("a stack leans: top cube %.2f mm off its axis", d*1e3)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/step")
	b.ReportMetric(float64(w.Stats().Contacts), "contacts")
	b.ReportMetric(float64(w.Stats().Iterations), "sweeps/step")
}

// BenchmarkStepLanderResting: the lander at rest on its pad (4 hinges,
// 4 foot contacts, collision included), ns per step.
func BenchmarkStepLanderResting(b *testing.B) {
	l := newLander(1.62, 0.05, -2)
	for range 300 {
		l.w.Step(dt60)
	}
	for b.Loop() {
		if err := l.w.Step(dt60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
}

// BenchmarkStepLanderStages splits the resting lander's step by stage.
func BenchmarkStepLanderStages(b *testing.B) {
	l := newLander(1.62, 0.05, -2)
	l.w.def.Timings = true
	for range 300 {
		l.w.Step(dt60)
	}
	var tot Timings
	for b.Loop() {
		l.w.Step(dt60)
		st := l.w.Stats()
		for s := range tot {
			tot[s] += st.Timings[s]
		}
	}
	for s := range tot {
		b.ReportMetric(float64(tot[s].Nanoseconds())/float64(b.N), "ns-"+Stage(s).String())
	}
}

// BenchmarkStepPileStages splits a step of the 1000-cube pile by stage.
func BenchmarkStepPileStages(b *testing.B) {
	w, _ := pile(10, 10)
	w.def.Timings = true
	for range 60 {
		w.Step(dt60)
	}
	var tot Timings
	for b.Loop() {
		w.Step(dt60)
		st := w.Stats()
		for s := range tot {
			tot[s] += st.Timings[s]
		}
	}
	for s := range tot {
		b.ReportMetric(float64(tot[s].Nanoseconds())/float64(b.N)/1e6, "ms-"+Stage(s).String())
	}
}

// BenchmarkStepLanderOnStops: the lander resting on its four flat pads, each
// leg held up by its hinge limit at the stop (52 bounded rows), ns per step.
func BenchmarkStepLanderOnStops(b *testing.B) {
	l := newLanderOnStops(WorldDef{})
	for range 120 {
		l.w.Step(dt60)
	}
	for b.Loop() {
		if err := l.w.Step(dt60); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/step")
}

// benchDrop drops the thousand boxes (dropGrid) for 10 s per op and reports
// the median and mean time of a step, and how many boxes sleep at the end.
func benchDrop(b *testing.B, sleep bool) {
	var med, mean []float64
	asleep := 0
	for b.Loop() {
		b.StopTimer()
		w, _ := dropGrid(WorldDef{Sleep: sleep}, 10, 10)
		b.StartTimer()
		ds := make([]float64, 600)
		tot := 0.0
		for i := range ds {
			t0 := time.Now()
			if err := w.Step(dt60); err != nil {
				b.Fatal(err)
			}
			ds[i] = float64(time.Since(t0).Nanoseconds()) / 1e6
			tot += ds[i]
		}
		slices.Sort(ds)
		med = append(med, ds[len(ds)/2])
		mean = append(mean, tot/600)
		asleep = w.Stats().Sleeping
	}
	slices.Sort(med)
	slices.Sort(mean)
	b.ReportMetric(med[len(med)/2], "median-ms/step")
	b.ReportMetric(mean[len(mean)/2], "mean-ms/step")
	b.ReportMetric(float64(asleep), "asleep")
}

// BenchmarkStepDrop1000: 1000 unit boxes dropped from a 10 × 10 × 10 grid
// onto the ground, 10 s with sleep off.
func BenchmarkStepDrop1000(b *testing.B) { benchDrop(b, false) }

// BenchmarkStepDrop1000Sleep: the same with WorldDef.Sleep.
func BenchmarkStepDrop1000Sleep(b *testing.B) { benchDrop(b, true) }

// TestDropStackSweeps: ten boxes dropped box by box onto one stack settle
// without the solver's sweep cap — the coarse correction (coarse.go) carries
// each landing through the stack — so that no step takes more than 8 sweeps
// (impact pass and bounded rows together; the caps are 40 + 20, which plain
// Gauss–Seidel hit every step for 1.5 s), and the stack stands.
func TestDropStackSweeps(t *testing.T) {
	w, tops := dropGrid(WorldDef{}, 1, 10)
	worst, total := 0, 0
	for range 600 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		worst = max(worst, w.Stats().Iterations)
		total += w.Stats().Iterations
	}
	t.Logf("10 s: %d sweeps, at most %d in a step", total, worst)
	if worst > 8 {
		t.Errorf("a step took %d sweeps, want ≤ 8", worst)
	}
	if d := standing(w, tops, 10); d > 5e-3 {
		t.Errorf("the stack leans: top cube %.2f mm off its axis", d*1e3)
	}
}

// TestDropStands: the thousand boxes dropped (dropGrid) with sleep off form
// their hundred stacks: after 10 s every stack stands (top cube within 5 mm
// of its stack's axis) and the top layer moves slower than 1 mm/s.
func TestDropStands(t *testing.T) {
	if testing.Short() {
		t.Skip("10 s of a thousand boxes")
	}
	w, tops := dropGrid(WorldDef{}, 10, 10)
	stepN(t, w, 600, nil)
	v := 0.0
	for _, id := range tops {
		v = max(v, w.Body(id).Velocity().Len())
	}
	d := standing(w, tops, 10)
	t.Logf("after 10 s: worst top-cube offset %.3f mm, fastest top cube %.3g m/s", d*1e3, v)
	if d > 5e-3 {
		t.Errorf("a stack leans: top cube %.2f mm off its axis", d*1e3)
	}
	if v > 1e-3 {
		t.Errorf("the top layer still moves at %.3g m/s", v)
	}
}

// TestDropSleeps: with sleep on, every one of the thousand boxes is asleep
// by 10 s, and the stacks stand.
func TestDropSleeps(t *testing.T) {
	w, tops := dropGrid(WorldDef{Sleep: true}, 10, 10)
	stepN(t, w, 600, nil)
	if st := w.Stats(); st.Sleeping != 1000 {
		t.Errorf("after 10 s %d of 1000 boxes asleep", st.Sleeping)
	}
	if d := standing(w, tops, 10); d > 5e-3 {
		t.Errorf("a stack leans: top cube %.2f mm off its axis", d*1e3)
	}
}

// TestLanderOnStops: the lander resting on its pads with its legs on their
// stops holds every joint to 1e-9 m (1e-6 mm) and stays put.
func TestLanderOnStops(t *testing.T) {
	l := newLanderOnStops(WorldDef{})
	gap := 0.0
	h0 := l.w.Body(l.hull).Position()
	for range 600 {
		if err := l.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		gap = max(gap, l.w.MaxJointGap())
	}
	moved := l.w.Body(l.hull).Position().Sub(h0).Len()
	t.Logf("10 s at rest: largest joint gap %.3g m, hull moved %.3g m", gap, moved)
	if gap > 1e-9 {
		t.Errorf("a joint opened by %.3g m", gap)
	}
	if moved > 1e-3 {
		t.Errorf("the resting hull moved %.3g m", moved)
	}
}
