package audio

import (
	"math"
	"testing"
)

// TestLimiterManySines sums 64 full-scale sines (peaks up to 64): the output never exceeds
// the ceiling, the gain never steps by more than 1/limLen per sample (it is a moving
// average), and a signal below the ceiling passes unchanged, only delayed.
func TestLimiterManySines(t *testing.T) {
	const n = SampleRate / 2
	l := NewLimiter(0.98, 0.15, SampleRate)
	x := make([][2]float64, n)
	for i := range x {
		for k := range 64 {
			f := 100 + 37*float64(k)
			x[i][0] += math.Sin(2 * math.Pi * f * float64(i) / SampleRate)
			x[i][1] += math.Cos(2 * math.Pi * f * float64(i) / SampleRate)
		}
	}
	in := peak(x)
	prev := 1.0
	maxDG := 0.0
	for i := range x {
		l.Process(x[i : i+1])
		maxDG = max(maxDG, math.Abs(l.Gain()-prev))
		prev = l.Gain()
	}
	if p := peak(x); p > 0.98 {
		t.Errorf("limited peak %.4f (input %.1f), want ≤ 0.98", p, in)
	}
	if maxDG > 1.0/limLen+1e-12 {
		t.Errorf("gain changed by %.4f in one sample, want ≤ 1/%d", maxDG, limLen)
	}
	if l.Clamped > 0 {
		t.Errorf("the safety clamp bit %d times; the look-ahead should keep the peaks", l.Clamped)
	}

	quiet := NewLimiter(0.98, 0.15, SampleRate)
	y := make([][2]float64, 1000)
	for i := range y {
		y[i] = [2]float64{0.9 * math.Sin(float64(i)/10), -0.5}
	}
	want := append([][2]float64(nil), y...)
	quiet.Process(y)
	for i := limLen - 1; i < len(y); i++ {
		if y[i] != want[i-(limLen-1)] {
			t.Fatalf("below the ceiling, frame %d = %v, want %v delayed by %d", i, y[i], want[i-(limLen-1)], limLen-1)
		}
	}
}

// TestMaxVoicesNeverClip starts every voice at once at full strength — 32 thruster
// groups, 26 of the hardest impacts, the engine, three alarms and both cues — and checks
// the output stays at or below the limiter's ceiling while the limiter is visibly working.
func TestMaxVoicesNeverClip(t *testing.T) {
	var in Input
	for g := range MaxThrusterGroups {
		in.Thrusters = append(in.Thrusters, ThrusterState{Group: g, Level: 1, Pan: float64(g%3) - 1})
	}
	for k := range MaxShots {
		in.Events = append(in.Events, Event{Kind: EventImpact, Impulse: 1e6, MassA: 100 + 50*float64(k), Pan: 0})
	}
	in.Events = append(in.Events, Event{Kind: EventSuccess}, Event{Kind: EventFailure})
	in.MainThrottle = 1
	in.Alarms = AlarmDescentTooFast | AlarmLowFuel | AlarmTumbling

	s, _ := NewSynth(Config{Seed: 3})
	buf := make([][2]float64, SampleRate/DefaultTickRate)
	s.Apply(&in)
	s.Stream(buf[:1])
	if n := s.ActiveVoices(); n != MaxVoices || MaxVoices != 64 {
		t.Fatalf("%d voices active, MaxVoices %d, want 64", n, MaxVoices)
	}
	var all [][2]float64
	for range 60 {
		s.Apply(&Input{Thrusters: in.Thrusters, MainThrottle: 1, Alarms: in.Alarms})
		s.Stream(buf)
		all = append(all, buf...)
	}
	if p := peak(all); p > limiterCeiling {
		t.Errorf("peak %.4f with %d voices, want ≤ %v", p, MaxVoices, limiterCeiling)
	}
	if c := s.Limiter().Clamped; c != 0 {
		t.Errorf("the limiter's safety clamp bit %d times", c)
	}
	if g := s.Limiter().MinGain(); g > 0.5 {
		t.Errorf("limiter min gain %.3f: the test is not loud enough to exercise it", g)
	}
	t.Logf("64 voices: peak %.3f, RMS %.1f dBFS, limiter min gain %.3f, clamped %d",
		peak(all), dBFS(rms(all)), s.Limiter().MinGain(), s.Limiter().Clamped)
}

// BenchmarkSynth reports µs of CPU per 10 ms of audio (480 frames at 48 kHz), for a busy
// but typical scene and for all 64 voices at once.
func BenchmarkSynth(b *testing.B) {
	full := Input{MainThrottle: 1, Alarms: AlarmDescentTooFast | AlarmLowFuel | AlarmTumbling}
	for g := range MaxThrusterGroups {
		full.Thrusters = append(full.Thrusters, ThrusterState{Group: g, Level: 1})
	}
	for range MaxShots {
		full.Events = append(full.Events, Event{Kind: EventImpact, Impulse: 1e5, MassA: 1000})
	}
	full.Events = append(full.Events, Event{Kind: EventSuccess}, Event{Kind: EventFailure})
	for _, c := range []struct {
		name string
		in   Input
	}{
		{"silent", Input{}},
		{"typical", busy(1)[0]},
		{"64voices", full},
	} {
		b.Run(c.name, func(b *testing.B) {
			s, _ := NewSynth(Config{Seed: 1})
			buf := make([][2]float64, SampleRate/100)
			in := c.in
			for b.Loop() {
				s.Apply(&in)
				if s.ActiveVoices() < len(c.in.Thrusters) {
					b.Fatal("voices died")
				}
				in.Events = nil // events start once; the voices keep ringing ~0.3 s
				s.Stream(buf)
				if s.shots[0].idle() && len(c.in.Events) > 0 {
					in.Events = c.in.Events // retrigger, to keep all voices busy
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N), "µs/10ms")
			b.ReportMetric(float64(s.ActiveVoices()), "voices")
		})
	}
}
