package audio

import "math"

// rng is a splitmix64 generator: a small, seeded, allocation-free source of noise.
// Every voice owns one, so the output depends only on the seed and the inputs.
type rng struct{ state uint64 }

func newRNG(seed uint64) rng { return rng{state: seed} }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// noise returns white noise, uniform in [−1, 1).
func (r *rng) noise() float64 {
	return float64(r.next()>>11)*(2.0/(1<<53)) - 1
}

// svf is a state-variable filter in Andrew Simper's trapezoidal (TPT) form: stable under
// per-sample cutoff changes, giving low-, band- and high-pass outputs at once.
type svf struct {
	a1, a2, a3, k   float64
	ic1eq, ic2eq    float64
	cutoff, q, rate float64
}

// set sets the cutoff (Hz) and quality factor for sample rate rate (Hz).
func (f *svf) set(cutoff, q, rate float64) {
	if cutoff == f.cutoff && q == f.q && rate == f.rate {
		return
	}
	f.cutoff, f.q, f.rate = cutoff, q, rate
	cutoff = min(cutoff, 0.45*rate)
	g := math.Tan(math.Pi * cutoff / rate)
	f.k = 1 / q
	f.a1 = 1 / (1 + g*(g+f.k))
	f.a2 = g * f.a1
	f.a3 = g * f.a2
}

// process filters one sample and returns the low-, band- and high-pass outputs.
func (f *svf) process(v0 float64) (lp, bp, hp float64) {
	v3 := v0 - f.ic2eq
	v1 := f.a1*f.ic1eq + f.a2*v3
	v2 := f.ic2eq + f.a2*f.ic1eq + f.a3*v3
	f.ic1eq = 2*v1 - f.ic1eq
	f.ic2eq = 2*v2 - f.ic2eq
	return v2, v1, v0 - f.k*v1 - v2
}

// ramp is a parameter that moves linearly toward its target by at most step per sample,
// so a stepped control never makes a click. It reaches the target exactly.
type ramp struct{ value, target, step float64 }

func (r *ramp) next() float64 {
	switch d := r.target - r.value; {
	case d > r.step:
		r.value += r.step
	case d < -r.step:
		r.value -= r.step
	default:
		r.value = r.target
	}
	return r.value
}

func (r *ramp) settled() bool { return r.value == r.target }

// panGains returns the equal-power left and right gains for pan p in −1..1.
func panGains(p float64) (l, r float64) {
	a := (p + 1) * (math.Pi / 4)
	return math.Cos(a), math.Sin(a)
}

// clamp returns x limited to lo..hi; NaN becomes lo.
func clamp(x, lo, hi float64) float64 {
	if !(x >= lo) { // also NaN
		return lo
	}
	if x > hi {
		return hi
	}
	return x
}
