package flight

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"spaceflight/data"
)

// Hostile input, round 2 (issue 27): what a flight refuses, and what it
// makes of input that is legal but extreme.

// The physics step is bounded to MinDt…MaxDt wherever it comes from: a
// replay's dt, sim's --dt, the window's --dt. A replay of dt 1e-9 and
// 3·10¹¹ ticks (177 days of flying) is refused as it loads; so is
// `sim --dt 1e-9`, with the usage exit code, before it flies a tick.
func TestDtBounds(t *testing.T) {
	for _, dt := range []float64{MinDt, DefaultDt, 0.05, MaxDt} {
		if err := CheckDt(dt); err != nil {
			t.Errorf("CheckDt(%g): %v", dt, err)
		}
	}
	for _, dt := range []float64{0, -DefaultDt, 1e-300, 5e-324, 1e-9, MinDt * 0.999, MaxDt * 1.001, 0.2, 1e300} {
		if err := CheckDt(dt); err == nil || !strings.Contains(err.Error(), "1/2000") {
			t.Errorf("CheckDt(%g) = %v, want a refusal naming the range", dt, err)
		}
	}
	const tail = `"final_hash":"0123456789abcdef","outcome":"success","reason":"r"}`
	for _, c := range []struct {
		dt    string
		ticks uint64
		ok    bool
	}{
		{"1e-9", 300_000_000_000, false},
		{"1e-300", 10, false},
		{"0.2", 10, false},
		{"0.0005", 10, true},
		{"0.1", 10, true},
	} {
		text := fmt.Sprintf(`{"format":2,"mission":"m","dt":%s,"ticks":%d,`, c.dt, c.ticks) + tail
		_, err := ParseReplay("x.replay", []byte(text))
		if (err == nil) != c.ok || err != nil && !errors.Is(err, ErrReplay) {
			t.Errorf("replay of dt %s, %d ticks: %v, want ok %t", c.dt, c.ticks, err, c.ok)
		}
	}
	for _, dt := range []float64{1e-9, 0.2} {
		_, code, err := Run(RunOptions{Mission: "tumble", Shipped: data.FS, Data: t.TempDir(), Dt: dt, Duration: 1e-6}, nil)
		if code != ExitUsage || err == nil {
			t.Errorf("run at dt %g: exit %d (%v), want %d", dt, code, err, ExitUsage)
		}
	}
}
