package telemetry

import (
	"io"
	"math"
	"os"
	"strconv"
	"time"
	"unicode/utf8"
)

// Progress timing.
const (
	ProgressDelay    = 2 * time.Second        // nothing is drawn before the run has lasted this long
	ProgressInterval = 100 * time.Millisecond // least time between redraws
	progressBarWidth = 20                     // characters
)

// ProgressOptions configure a Progress; the zero value gives the defaults.
type ProgressOptions struct {
	Now      func() time.Time // wall clock; time.Now when nil
	Terminal bool             // draw even when the writer is not a terminal
}

// Progress draws a one-line progress bar of a simulation,
//
//	[#########...........] 45% 12.3 s sim, 1234× real time
//
// redrawn in place with '\r', at most every ProgressInterval, and only when
// the writer is a terminal (a character device) and the run has lasted
// more than ProgressDelay: short runs and redirected output stay clean.
// Write errors are ignored: the bar is a courtesy. Not safe for
// concurrent use.
type Progress struct {
	w      io.Writer
	total  float64 // simulated time of the whole run (s); ≤ 0 if unknown
	now    func() time.Time
	on     bool // the writer is a terminal
	start  time.Time
	last   time.Time // last draw
	drawn  bool
	done   bool
	sim    float64 // last simulated time given (s)
	width  int     // characters of the last line drawn
	buf    []byte
	barBuf [progressBarWidth]byte
}

// NewProgress returns a progress bar writing to w (usually os.Stderr) for
// a run of total seconds of simulated time (≤ 0 if unknown: no bar, no
// percentage). The run's wall-clock time starts now.
func NewProgress(w io.Writer, total float64, opt ProgressOptions) *Progress {
	now := opt.Now
	if now == nil {
		now = time.Now
	}
	if !(total > 0) || math.IsInf(total, 0) {
		total = 0
	}
	p := &Progress{w: w, total: total, now: now, on: opt.Terminal || IsTerminal(w)}
	p.start = now()
	p.buf = make([]byte, 0, 96)
	return p
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
	if now.Sub(p.start) <= ProgressDelay || (p.drawn && now.Sub(p.last) < ProgressInterval) {
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
	if p.drawn {
		p.draw(p.now())
		p.w.Write([]byte{'\n'})
	}
}

func (p *Progress) draw(now time.Time) {
	p.last, p.drawn = now, true
	b := append(p.buf[:0], '\r')
	if p.total > 0 {
		frac := min(max(p.sim/p.total, 0), 1)
		if math.IsNaN(frac) {
			frac = 0
		}
		n := int(frac * progressBarWidth)
		for i := range p.barBuf {
			p.barBuf[i] = '.'
			if i < n {
				p.barBuf[i] = '#'
			}
		}
		b = append(b, '[')
		b = append(b, p.barBuf[:]...)
		b = append(b, "] "...)
		b = strconv.AppendInt(b, int64(frac*100), 10)
		b = append(b, "% "...)
	}
	b = strconv.AppendFloat(b, p.sim, 'f', 1, 64)
	b = append(b, " s sim"...)
	if wall := now.Sub(p.start).Seconds(); wall > 0 {
		rate := p.sim / wall
		prec := 0
		if rate < 10 {
			prec = 1
		}
		b = append(b, ", "...)
		b = strconv.AppendFloat(b, rate, 'f', prec, 64)
		b = append(b, "× real time"...)
	}
	// Blank out what is left of a longer previous line.
	width := utf8.RuneCount(b) - 1
	for i := width; i < p.width; i++ {
		b = append(b, ' ')
	}
	p.width = width
	p.buf = b
	p.w.Write(b)
}
