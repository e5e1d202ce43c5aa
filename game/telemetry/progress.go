package telemetry

import (
	"fmt"
	"io"
	"math"
	"os"
	"time"

	"github.com/schollz/progressbar/v3"
)

// Progress timing.
const (
	ProgressDelay    = 2 * time.Second        // nothing is drawn before the run has lasted this long
	ProgressInterval = 100 * time.Millisecond // least time between redraws
)

// ProgressOptions configure a Progress; the zero value gives the defaults.
type ProgressOptions struct {
	Now      func() time.Time // wall clock; time.Now when nil
	Terminal bool             // draw even when the writer is not a terminal
}

// Progress shows how far a simulation has got on a one-line progress bar
// (github.com/schollz/progressbar),
//
//	45% |█████████           | 12.3 s sim, 1234× real time
//
// redrawn in place at most every ProgressInterval, and only when the
// writer is a terminal (a character device) and the run has lasted more
// than ProgressDelay: short runs and redirected output stay clean. Write
// errors are ignored: the bar is a courtesy. Not safe for concurrent use.
type Progress struct {
	w     io.Writer
	total float64 // simulated time of the whole run (s); 0 if unknown
	now   func() time.Time
	on    bool // the writer is a terminal
	start time.Time
	last  time.Time                // last draw
	bar   *progressbar.ProgressBar // nil until first drawn
	sim   float64                  // last simulated time given (s)
	done  bool
}

// NewProgress returns a progress bar writing to w (usually os.Stderr) for
// a run of total seconds of simulated time (≤ 0 if unknown: a spinner, no
// percentage). The run's wall-clock time starts now.
func NewProgress(w io.Writer, total float64, opt ProgressOptions) *Progress {
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	if !(total > 0) || math.IsInf(total, 0) {
		total = 0
	}
	return &Progress{w: w, total: total, now: now, on: opt.Terminal || IsTerminal(w), start: now()}
}

// IsTerminal reports whether w is a file that is a character device, such
// as a terminal.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(interface{ Stat() (os.FileInfo, error) })
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// Update reports that the run has reached sim seconds of simulated time.
// It costs a clock read when the bar is on and nothing otherwise; calling
// it every step is fine.
func (p *Progress) Update(sim float64) {
	if !p.on || p.done {
		return
	}
	p.sim = sim
	now := p.now()
	if now.Sub(p.start) <= ProgressDelay || (p.bar != nil && now.Sub(p.last) < ProgressInterval) {
		return
	}
	p.draw(now)
}

// Finish ends the bar: if it was drawn, it is drawn once more with the
// last simulated time and ended with a newline. Later calls do nothing.
func (p *Progress) Finish() {
	if p.done {
		return
	}
	p.done = true
	if p.bar != nil {
		p.draw(p.now())
		p.bar.Exit()
		io.WriteString(p.w, "\n")
	}
}

// progressSteps is the bar's resolution: steps per second of simulated time.
const progressSteps = 1000

func (p *Progress) draw(now time.Time) {
	if p.bar == nil {
		max := int64(-1) // a spinner
		if p.total > 0 {
			max = int64(math.Ceil(p.total * progressSteps))
		}
		p.bar = progressbar.NewOptions64(max,
			progressbar.OptionSetWriter(p.w),
			progressbar.OptionSetWidth(20),
			progressbar.OptionShowDescriptionAtLineEnd(),
			progressbar.OptionSetPredictTime(false),
			progressbar.OptionSetElapsedTime(false),
			progressbar.OptionSetSpinnerChangeInterval(0), // no redraws of its own
		)
	}
	p.last = now
	switch {
	case p.total == 0:
		p.bar.Add64(1) // turn the spinner
	case p.sim >= 0: // not NaN
		p.bar.Set64(int64(min(p.sim, p.total) * progressSteps))
	}
	desc := fmt.Sprintf("%.1f s sim", p.sim)
	if wall := now.Sub(p.start).Seconds(); wall > 0 {
		rate, prec := p.sim/wall, 0
		if rate < 10 {
			prec = 1
		}
		desc += fmt.Sprintf(", %.*f× real time", prec, rate)
	}
	p.bar.Describe(desc) // and draw
}
