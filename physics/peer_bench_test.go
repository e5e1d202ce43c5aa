package physics_test

// Benchmarks of three peer scenarios, the scenes ODE and Bullet run in
// ../shared/peers (SCENARIOS.md), built by the same code as the peer runner
// (physics/internal/peerscenes/scenes) so that `go test -bench Peer` and
// `make compare` measure the same work. They live in package physics_test
// because the scenes package imports physics: a test in package physics
// importing it would be an import cycle.
//
// One op is a whole run of the scenario — touchdown and rest for the lander
// — and the benchmark reports the mean (ns/step) and the median step
// (median-ns/step, what `make compare` sets beside the peers; the median
// over ops of each op's median).

import (
	"slices"
	"testing"
	"time"

	"spaceflight/physics/internal/peerscenes/scenes"
)

// benchPeer runs the scene that build makes, once per op.
func benchPeer(b *testing.B, build func() (*scenes.Scene, error), reportAsleep bool) {
	var meds []float64
	steps, asleep, redos := 0, 0, 0
	for b.Loop() {
		b.StopTimer()
		s, err := build()
		if err != nil {
			b.Fatal(err)
		}
		ds := make([]float64, s.Steps)
		b.StartTimer()
		redos += runPeer(b, s, ds)
		b.StopTimer()
		slices.Sort(ds)
		meds = append(meds, ds[len(ds)/2])
		steps += s.Steps
		asleep = 0
		for _, id := range s.Bodies {
			if s.World.Body(id).Asleep() {
				asleep++
			}
		}
		b.StartTimer()
	}
	slices.Sort(meds)
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(steps), "ns/step")
	b.ReportMetric(meds[len(meds)/2], "median-ns/step")
	b.ReportMetric(float64(redos)/float64(steps), "redos/step")
	if reportAsleep {
		b.ReportMetric(float64(asleep), "asleep")
	}
}

// runPeer steps s for its run, each step's time into ds (ns), and returns
// the sub-steps done again (Stats.Redos). A panic in Step fails the
// benchmark with its text, and the other benchmarks go on.
func runPeer(b *testing.B, s *scenes.Scene, ds []float64) (redos int) {
	i := 0
	defer func() {
		if p := recover(); p != nil {
			b.Fatalf("step %d panicked: %v", i+1, p)
		}
	}()
	for ; i < len(ds); i++ {
		t0 := time.Now()
		if err := s.World.Step(s.Dt); err != nil {
			b.Fatalf("step %d: %v", i+1, err)
		}
		ds[i] = float64(time.Since(t0).Nanoseconds())
		redos += s.World.Stats().Redos
	}
	return redos
}

// BenchmarkPeerLander is S3: a 1000 kg hull on four 20 kg legs locked by
// hinge limits lower = upper, touching down at 2 m/s in Moon gravity, 20 s.
func BenchmarkPeerLander(b *testing.B) {
	benchPeer(b, func() (*scenes.Scene, error) { return scenes.Lander(scenes.S3HullMass) }, false)
}

// BenchmarkPeerChain is S4: ten hinged links, the root 1000 kg on a hinge to
// the world and the others 10 kg, released horizontal, 10 s.
func BenchmarkPeerChain(b *testing.B) {
	benchPeer(b, func() (*scenes.Scene, error) { return scenes.Chain(false) }, false)
}

// BenchmarkPeerPile is S5: a thousand unit boxes yawed −5…+5° dropped into
// 100 columns of 10, 10 s, sleep off.
func BenchmarkPeerPile(b *testing.B) {
	benchPeer(b, func() (*scenes.Scene, error) { return scenes.Pile(false) }, false)
}

// BenchmarkPeerPileSleep is S5 with WorldDef.Sleep; it also reports how
// many boxes sleep at the end (all 1000 in Bullet).
func BenchmarkPeerPileSleep(b *testing.B) {
	benchPeer(b, func() (*scenes.Scene, error) { return scenes.Pile(true) }, true)
}
