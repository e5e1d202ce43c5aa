package audio

import (
	"math"
	"math/cmplx"
	"testing"
)

// ticks returns n copies of in (events only in the first).
func ticks(n int, in Input) []Input {
	out := make([]Input, n)
	for i := range out {
		out[i] = in
		if i > 0 {
			out[i].Events = nil
		}
	}
	return out
}

func render(t testing.TB, seed uint64, inputs []Input) [][2]float64 {
	t.Helper()
	s, err := NewSynth(Config{Seed: seed})
	if err != nil {
		t.Fatal(err)
	}
	out, err := Render(s, inputs, DefaultTickRate)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func peak(x [][2]float64) float64 {
	p := 0.0
	for _, f := range x {
		p = max(p, math.Abs(f[0]), math.Abs(f[1]))
	}
	return p
}

func rms(x [][2]float64) float64 {
	if len(x) == 0 {
		return 0
	}
	s := 0.0
	for _, f := range x {
		s += f[0]*f[0] + f[1]*f[1]
	}
	return math.Sqrt(s / float64(2*len(x)))
}

func dBFS(x float64) float64 { return 20 * math.Log10(x) }

// maxStep is the largest sample-to-sample change on either channel.
func maxStep(x [][2]float64) float64 {
	d := 0.0
	for i := 1; i < len(x); i++ {
		d = max(d, math.Abs(x[i][0]-x[i-1][0]), math.Abs(x[i][1]-x[i-1][1]))
	}
	return d
}

// fft is an in-place radix-2 FFT; len(a) must be a power of two.
func fft(a []complex128) {
	n := len(a)
	for i, j := 1, 0; i < n; i++ {
		bit := n >> 1
		for ; j&bit != 0; bit >>= 1 {
			j ^= bit
		}
		j ^= bit
		if i < j {
			a[i], a[j] = a[j], a[i]
		}
	}
	for size := 2; size <= n; size <<= 1 {
		w := cmplx.Exp(complex(0, -2*math.Pi/float64(size)))
		for start := 0; start < n; start += size {
			wk := complex(1, 0)
			for k := 0; k < size/2; k++ {
				u, v := a[start+k], a[start+k+size/2]*wk
				a[start+k], a[start+k+size/2] = u+v, u-v
				wk *= w
			}
		}
	}
}

// spectrum returns the power spectrum (bins 0..n/2) of the left channel, averaged over
// Hann-windowed frames of n samples, and the bin width in Hz.
func spectrum(x [][2]float64, n int, rate float64) ([]float64, float64) {
	pow := make([]float64, n/2+1)
	buf := make([]complex128, n)
	for off := 0; off+n <= len(x); off += n / 2 {
		for i := range n {
			w := 0.5 - 0.5*math.Cos(2*math.Pi*float64(i)/float64(n))
			buf[i] = complex(x[off+i][0]*w, 0)
		}
		fft(buf)
		for k := range pow {
			pow[k] += real(buf[k])*real(buf[k]) + imag(buf[k])*imag(buf[k])
		}
	}
	return pow, rate / float64(n)
}

// centroid returns the spectral centroid (Hz): the power-weighted mean frequency.
func centroid(x [][2]float64, rate float64) float64 {
	pow, df := spectrum(x, 4096, rate)
	var num, den float64
	for k, p := range pow {
		num += float64(k) * df * p
		den += p
	}
	return num / den
}

// dominant returns the frequency (Hz) of the strongest spectral bin.
func dominant(x [][2]float64, rate float64) float64 {
	pow, df := spectrum(x, 8192, rate)
	best := 1
	for k := 1; k < len(pow); k++ {
		if pow[k] > pow[best] {
			best = k
		}
	}
	return float64(best) * df
}
