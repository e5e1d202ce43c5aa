package telemetry

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// fakeClock is a wall clock the test moves by hand.
type fakeClock struct{ t time.Time }

func (c *fakeClock) now() time.Time       { return c.t }
func (c *fakeClock) add(d time.Duration)  { c.t = c.t.Add(d) }
func newFakeClock() *fakeClock            { return &fakeClock{time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)} }
func forced(c *fakeClock) ProgressOptions { return ProgressOptions{Now: c.now, Terminal: true} }
func run(p *Progress, c *fakeClock, sim0, dsim float64, dt time.Duration, n int) float64 {
	for range n {
		c.add(dt)
		sim0 += dsim
		p.Update(sim0)
	}
	return sim0
}

func TestProgressNotTerminal(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 60, ProgressOptions{Now: c.now})
	run(p, c, 0, 0.1, 10*time.Millisecond, 1000) // 10 s of wall time
	p.Finish()
	if buf.Len() != 0 {
		t.Errorf("wrote %q to a non-terminal", buf.String())
	}

	f, err := os.Create(filepath.Join(t.TempDir(), "log"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if IsTerminal(f) {
		t.Error("a regular file is taken for a terminal")
	}
	if IsTerminal(&buf) {
		t.Error("a bytes.Buffer is taken for a terminal")
	}
}

func TestProgressShortRunSilent(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 60, forced(c))
	run(p, c, 0, 1, 10*time.Millisecond, 200) // exactly 2 s: not more
	p.Finish()
	if buf.Len() != 0 {
		t.Errorf("a 2 s run wrote %q", buf.String())
	}
}

// last returns the line drawn last: the text after the last '\r'.
func last(s string) string { return s[strings.LastIndexByte(s, '\r')+1:] }

func TestProgressLine(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 60, forced(c))
	// 3 s of wall time, 30 s simulated: 50 %, 10× real time.
	c.add(3 * time.Second)
	p.Update(30)
	drawn := buf.String()
	if got := last(drawn); !strings.Contains(got, "50% |██████████          |") || !strings.Contains(got, "30.0 s sim, 10× real time") {
		t.Fatalf("line %q, want a half-full bar at 50%% and 30.0 s sim, 10× real time", got)
	}
	// Too soon to redraw.
	c.add(50 * time.Millisecond)
	p.Update(31)
	if buf.String() != drawn {
		t.Errorf("redrawn after 50 ms: %q", buf.String())
	}
	// Finish draws the last state (past the end: clamped to 100 %) and a newline.
	c.add(1 * time.Second)
	p.Update(80)
	p.Finish()
	got := buf.String()
	if !strings.HasSuffix(got, "\n") || !strings.Contains(last(strings.TrimSuffix(got, "\n")), "100% |████████████████████|  80.0 s sim, 20× real time") {
		t.Errorf("last line %q", last(got))
	}
	n := buf.Len()
	p.Finish()
	p.Update(90)
	if buf.Len() != n {
		t.Error("wrote after Finish")
	}
}

func TestProgressRateLimit(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 1000, forced(c))
	c.add(ProgressDelay)
	// 1000 updates over 5 s: at most 10 draws per second, each showing a
	// new simulated time.
	run(p, c, 0, 0.5, 5*time.Millisecond, 1000)
	draws := map[string]bool{}
	for _, m := range regexp.MustCompile(`[0-9.]+ s sim`).FindAllString(buf.String(), -1) {
		draws[m] = true
	}
	if len(draws) < 45 || len(draws) > 51 {
		t.Errorf("%d draws in 5 s, want about 50 (≤ 10 per second)", len(draws))
	}
}

func TestProgressUnknownTotal(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 0, forced(c))
	c.add(4 * time.Second)
	p.Update(12345.67)
	c.add(time.Second)
	p.Update(1)
	p.Finish()
	if got := buf.String(); strings.Contains(got, "%") || !strings.Contains(got, "12345.7 s sim, 3086× real time") ||
		!strings.Contains(last(strings.TrimSuffix(got, "\n")), "1.0 s sim, 0.2× real time") {
		t.Errorf("drew %q, want no percentage, 12345.7 s sim, 3086× real time, then 1.0 s sim, 0.2× real time", got)
	}
}

// Between draws, Update — called every step — allocates nothing.
func TestProgressAllocs(t *testing.T) {
	c := newFakeClock()
	var buf bytes.Buffer
	p := NewProgress(&buf, 100, forced(c))
	c.add(3 * time.Second)
	p.Update(1)
	sim := 1.0
	if n := testing.AllocsPerRun(100, func() {
		c.add(100 * time.Microsecond) // 101 calls: 10 ms, less than ProgressInterval
		sim += 0.01
		p.Update(sim)
	}); n != 0 {
		t.Errorf("Update allocates %v times between draws", n)
	}
}
