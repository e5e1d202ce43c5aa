package flight

import (
	"strings"
	"testing"
	"time"

	"spaceflight/data"
)

// BenchmarkSimAutopilot flies each mission kind headless under autopilot,
// as `spaceflight sim MISSION --autopilot` does, and reports how many times
// faster than real time it runs and the cost of one tick. The flights
// sleep once at rest, as the game's do; land-awake flies the landing with
// sleeping off, for the cost of the physics throughout; boulders lands among
// 110 static rocks, for the cost of a static field.
func BenchmarkSimAutopilot(b *testing.B) {
	for _, run := range []struct {
		name  string
		awake bool
	}{{"tumble", false}, {"dock", false}, {"land", false}, {"land-awake", true}, {"boulders", false}} {
		name := strings.TrimSuffix(run.name, "-awake")
		b.Run(run.name, func(b *testing.B) {
			var sim, wall float64
			var steps uint64
			for b.Loop() {
				start := time.Now()
				res, code, err := Run(RunOptions{Shipped: data.FS, Mission: name, Dt: DefaultDt, Autopilot: true, Awake: run.awake}, nil)
				if err != nil || code != 0 || res.Outcome != "success" {
					b.Fatalf("%s: %v %v %+v", name, code, err, res)
				}
				wall += time.Since(start).Seconds()
				sim += float64(res.SimTime)
				steps += res.Steps
			}
			b.ReportMetric(sim/wall, "x_realtime")
			b.ReportMetric(wall*1e9/float64(steps), "ns/tick")
		})
	}
}
