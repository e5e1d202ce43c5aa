package physics

import (
	"math"
	"testing"
)

// TestLCPNewtonLander: the lander of TestContactDeterminism (pointed feet,
// 3 m/s touchdown) with the coupled contacts' direct solve and with sweeps
// only: the joints stay closed and the two runs end within a few mm of each
// other (the sweeps alone stop at their cap, short of the LCP's solution,
// while the feet slide).
func TestLCPNewtonLander(t *testing.T) {
	run := func(off bool) (*World, float64, int) {
		l := newLander(1.62, 0.3, -3)
		l.w.contacts.lcp.off = off
		gap, sweeps := 0.0, 0
		for range 300 {
			if err := l.w.Step(dt60); err != nil {
				t.Fatal(err)
			}
			gap = max(gap, l.w.MaxJointGap())
			sweeps += l.w.Stats().Iterations
		}
		return l.w, gap, sweeps
	}
	wn, gapN, itN := run(false)
	wo, gapO, itO := run(true)
	d := 0.0
	for i := range wn.y {
		e := wn.y[i].c.sub(wo.y[i].c)
		d = max(d, math.Sqrt(e.dot(e)))
	}
	t.Logf("direct solve: peak joint gap %.2e m, %d sweeps; sweeps only: %.2e m, %d sweeps; bodies %.3g m apart after 5 s", gapN, itN, gapO, itO, d)
	if gapN > 1e-6 {
		t.Errorf("peak joint gap %.3g m with the direct solve, want < 1e-6 m", gapN)
	}
	if d > 0.01 || math.IsNaN(d) {
		t.Errorf("the runs end %.3g m apart, want < 1 cm", d)
	}
}
