package physics

import "testing"

// BenchmarkFreeContactsStage: the free-contact solve of one RK4 stage of the
// settled 1000-cube pile (build, prepare, sweeps, impulses kept), without the
// rest of the step: ms per stage.
func BenchmarkFreeContactsStage(b *testing.B) {
	w, _ := pile(10, 10)
	for range 60 {
		w.Step(dt60)
	}
	w.collide(dt60)
	w.classify()
	w.stageRem = dt60
	w.evaluate(w.y, dt60, 1.0/6)
	for b.Loop() {
		for i := range w.sb {
			w.sb[i].dv, w.sb[i].dw = w.sb[i].pv.mul(0), w.sb[i].pw.mul(0)
		}
		w.solveFreeContacts(dt60, 0, false)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e6, "ms/stage")
}
