package audio

import "math"

// limLen is the limiter's look-ahead in samples (1.3 ms at 48 kHz); it delays the output
// by limLen−1 samples.
const limLen = 64

// Limiter is a look-ahead peak limiter: it guarantees |output| ≤ Ceiling on both
// channels without hard clipping, by lowering the gain smoothly over the limLen samples
// before a peak and recovering with a release time constant afterwards.
//
// Gain for the sample x(t) is the mean over s in [t, t+L−1] of h(s), where h(s) is the
// minimum over [s−L+1, s] of the required gain r = min(1, Ceiling/peak) (with a release
// recurrence h(s) = min(that minimum, h(s−1) + (1−h(s−1))·c)). Every h(s) in the mean is
// ≤ r(t), so the mean is too: the output never exceeds the ceiling, and the gain is a
// moving average, so it has no steps. A final clamp catches rounding only; Clamped counts
// how often it bites.
type Limiter struct {
	// Ceiling is the largest output magnitude.
	Ceiling float64
	// Clamped counts samples where the safety clamp changed the output by more than
	// rounding (1e-9); it should stay 0.
	Clamped int

	relCoef float64

	delay [limLen - 1][2]float64
	di    int

	// sliding minimum of r over the last limLen samples: a monotonic deque
	dqVal        [limLen]float64
	dqAt         [limLen]int
	dqHead, dqN  int
	t            int
	hold         float64
	box          [limLen]float64
	boxSum       float64
	bi           int
	lastGain     float64
	minGainSince float64
}

// NewLimiter returns a limiter with ceiling (e.g. 0.98) and release time constant
// release (s) at sample rate rate (Hz).
func NewLimiter(ceiling, release, rate float64) *Limiter {
	l := &Limiter{}
	l.init(ceiling, release, rate)
	return l
}

func (l *Limiter) init(ceiling, release, rate float64) {
	*l = Limiter{Ceiling: ceiling, relCoef: 1 - math.Exp(-1/(release*rate)), hold: 1, boxSum: limLen, lastGain: 1, minGainSince: 1}
	for i := range l.box {
		l.box[i] = 1
	}
}

// Gain returns the gain applied to the last sample, 0..1.
func (l *Limiter) Gain() float64 { return l.lastGain }

// MinGain returns the smallest gain applied since the last call and resets it.
func (l *Limiter) MinGain() float64 {
	g := l.minGainSince
	l.minGainSince = l.lastGain
	return g
}

// Process limits samples in place.
func (l *Limiter) Process(samples [][2]float64) {
	for i := range samples {
		x := samples[i]
		peak := max(math.Abs(x[0]), math.Abs(x[1]))
		r := 1.0
		if peak > l.Ceiling {
			r = l.Ceiling / peak
		} else if peak != peak { // NaN: mute this sample rather than poison the mix
			r, x = 1, [2]float64{}
		}

		// Sliding minimum over the last limLen values of r.
		for l.dqN > 0 && l.dqVal[(l.dqHead+l.dqN-1)%limLen] >= r {
			l.dqN--
		}
		j := (l.dqHead + l.dqN) % limLen
		l.dqVal[j], l.dqAt[j] = r, l.t
		l.dqN++
		for l.dqAt[l.dqHead] <= l.t-limLen {
			l.dqHead = (l.dqHead + 1) % limLen
			l.dqN--
		}
		m := l.dqVal[l.dqHead]
		l.t++

		l.hold = min(m, l.hold+(1-l.hold)*l.relCoef)

		l.boxSum += l.hold - l.box[l.bi]
		l.box[l.bi] = l.hold
		l.bi++
		if l.bi == limLen {
			l.bi = 0
			l.boxSum = 0 // recompute now and then: no drift
			for _, b := range l.box {
				l.boxSum += b
			}
		}
		g := min(1, l.boxSum/limLen)
		l.lastGain = g
		l.minGainSince = min(l.minGainSince, g)

		y := l.delay[l.di]
		l.delay[l.di] = x
		l.di++
		if l.di == len(l.delay) {
			l.di = 0
		}
		for c := range 2 {
			v := y[c] * g
			if a := math.Abs(v); a > l.Ceiling {
				if a > l.Ceiling+1e-9 {
					l.Clamped++
				}
				v = math.Copysign(l.Ceiling, v)
			}
			samples[i][c] = v
		}
	}
}
