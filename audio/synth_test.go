package audio

import (
	"math"
	"testing"
)

// TestSoundLevels renders each sound alone: no sample may exceed 1.0, and the RMS over the
// sound's window must fall in its stated range (dBFS; the design targets: effects and
// alarms between about −30 and −12 dBFS, fine RCS pulses clearly quieter).
func TestSoundLevels(t *testing.T) {
	for _, c := range soundCases() {
		t.Run(c.name, func(t *testing.T) {
			x := render(t, 1, c.inputs)
			if p := peak(x); p > 1 {
				t.Errorf("peak %.3f, want ≤ 1", p)
			}
			w := x[int(c.from*SampleRate):int(c.to*SampleRate)]
			if db := dBFS(rms(w)); db < c.minDB || db > c.maxDB {
				t.Errorf("RMS %.1f dBFS, want %v..%v", db, c.minDB, c.maxDB)
			}
		})
	}
}

// TestRumbleBelowHiss compares spectral centroids: the engine rumble must sit far below
// the RCS hiss.
func TestRumbleBelowHiss(t *testing.T) {
	hiss := render(t, 1, ticks(60, thrust(1, false)))[SampleRate/10:]
	rumble := render(t, 1, ticks(60, Input{MainThrottle: 1}))[SampleRate/10:]
	ch, cr := centroid(hiss, SampleRate), centroid(rumble, SampleRate)
	t.Logf("centroid: hiss %.0f Hz, rumble %.0f Hz", ch, cr)
	if cr > 300 {
		t.Errorf("rumble centroid %.0f Hz, want < 300 Hz", cr)
	}
	if ch < 2000 {
		t.Errorf("hiss centroid %.0f Hz, want > 2000 Hz", ch)
	}
	if ch < 8*cr {
		t.Errorf("hiss/rumble centroid ratio %.1f, want ≥ 8", ch/cr)
	}
}

func allZero(x [][2]float64) bool {
	for _, f := range x {
		if f[0] != 0 || f[1] != 0 {
			return false
		}
	}
	return true
}

// TestSilence: nothing commanded means exact zeros, also after sounds have died away, with
// thrusters listed at level 0, and when muted.
func TestSilence(t *testing.T) {
	t.Run("nothing", func(t *testing.T) {
		if x := render(t, 1, ticks(60, Input{})); !allZero(x) {
			t.Errorf("peak %g, want exact silence", peak(x))
		}
	})
	t.Run("zero-levels", func(t *testing.T) {
		in := Input{Thrusters: []ThrusterState{{Group: 1}, {Group: 2, Pan: 1, Fine: true}}}
		if x := render(t, 1, ticks(60, in)); !allZero(x) {
			t.Errorf("peak %g, want exact silence", peak(x))
		}
	})
	t.Run("after-sounds", func(t *testing.T) {
		in := []Input{{
			Thrusters:    []ThrusterState{{Group: 1, Level: 1}},
			MainThrottle: 1,
			Alarms:       AlarmLowFuel | AlarmTumbling | AlarmDescentTooFast,
			Events: []Event{{Kind: EventImpact, Impulse: 1e5}, {Kind: EventDockLatch},
				{Kind: EventTouchdown}, {Kind: EventSuccess}, {Kind: EventFailure}},
		}}
		in = append(in, ticks(5*60, Input{})...) // the failure cue lasts 4.5 s
		x := render(t, 1, in)
		if tail := x[len(x)-SampleRate/10:]; !allZero(tail) {
			t.Errorf("tail peak %g, want exact silence", peak(tail))
		}
		if peak(x[:SampleRate]) < 0.1 {
			t.Errorf("the sounds themselves are missing")
		}
	})
	t.Run("muted", func(t *testing.T) {
		s, _ := NewSynth(Config{Seed: 1})
		s.SetSettings(Settings{Master: 1, Effects: 1, Mute: true})
		x, _ := Render(s, ticks(60, Input{MainThrottle: 1, Alarms: AlarmLowFuel}), DefaultTickRate)
		// gains reach 0 within 10 ms, plus the limiter's 63-sample delay
		if tail := x[SampleRate/50:]; !allZero(tail) {
			t.Errorf("muted peak %g, want exact silence", peak(tail))
		}
	})
}

func busy(n int) []Input {
	in := Input{
		Thrusters: []ThrusterState{
			{Group: 1, Level: 1, Pan: -0.8}, {Group: 2, Level: 0.4, Pan: 0.5, Fine: true},
		},
		MainThrottle: 0.7,
		Alarms:       AlarmLowFuel,
		Events:       []Event{{Kind: EventImpact, Impulse: 300, MassA: 2000, MassB: 800}},
	}
	return ticks(n, in)
}

// TestDeterministic: the same seed gives bit-identical output, another seed other noise.
func TestDeterministic(t *testing.T) {
	a := render(t, 7, busy(30))
	b := render(t, 7, busy(30))
	c := render(t, 8, busy(30))
	for i := range a {
		if a[i] != b[i] {
			t.Fatalf("frame %d differs for the same seed: %v vs %v", i, a[i], b[i])
		}
	}
	same := 0
	for i := range a {
		if a[i] == c[i] {
			same++
		}
	}
	if same > len(a)/10 {
		t.Errorf("%d of %d frames equal with another seed; the seed is not used", same, len(a))
	}
}

// TestThrottleStepsDoNotClick steps the throttle 0→1→0.2→1→0 and bounds the largest
// sample-to-sample change by 1.5× that of steady full throttle. With the per-sample ramp
// removed the same bound must fail, so the test can tell.
func TestThrottleStepsDoNotClick(t *testing.T) {
	var in []Input
	for _, th := range []float64{0, 1, 0.2, 1, 0} {
		in = append(in, ticks(18, Input{MainThrottle: th})...)
	}
	steady := maxStep(render(t, 1, ticks(60, Input{MainThrottle: 1}))[SampleRate/5:])
	bound := 1.5 * steady

	stepped := maxStep(render(t, 1, in))
	t.Logf("max step: steady %.4f, stepped %.4f, bound %.4f", steady, stepped, bound)
	if stepped > bound {
		t.Errorf("stepped throttle: max sample step %.4f > %.4f (a click)", stepped, bound)
	}

	s, _ := NewSynth(Config{Seed: 1})
	s.engine.throttle.step = 1 // no ramp
	x, _ := Render(s, in, DefaultTickRate)
	if d := maxStep(x); d <= bound {
		t.Errorf("without the ramp the max step is %.4f ≤ %.4f: the test cannot see clicks", d, bound)
	}
}

// TestFinePulsesQuieter: a fine pulse is at least 6 dB below a full one.
func TestFinePulsesQuieter(t *testing.T) {
	pulse := func(fine bool) float64 {
		in := append([]Input{thrust(1, fine)}, ticks(10, Input{})...)
		return rms(render(t, 1, in)[:SampleRate/20])
	}
	full, fine := pulse(false), pulse(true)
	if d := dBFS(full) - dBFS(fine); d < 6 {
		t.Errorf("fine pulse only %.1f dB below a full one, want ≥ 6", d)
	}
}

// TestPan: a thruster panned hard left is (almost) only in the left channel.
func TestPan(t *testing.T) {
	in := Input{Thrusters: []ThrusterState{{Group: 1, Level: 1, Pan: -1}}}
	x := render(t, 1, ticks(20, in))
	var l, r float64
	for _, f := range x {
		l += f[0] * f[0]
		r += f[1] * f[1]
	}
	if r > 1e-6*l || l == 0 {
		t.Errorf("pan −1: left energy %g, right %g", l, r)
	}
}

// TestImpactLoudnessAndPitch: a harder hit is louder; the thump's pitch follows
// impactPitch, 110 Hz for a reduced mass of 1000 kg, an octave lower for 8000 kg.
func TestImpactLoudnessAndPitch(t *testing.T) {
	hit := func(impulse, mA, mB float64) [][2]float64 {
		return render(t, 1, ticks(30, Input{Events: []Event{{Kind: EventImpact, Impulse: impulse, MassA: mA, MassB: mB}}}))
	}
	soft, hard := rms(hit(30, 1000, 0)), rms(hit(3e4, 1000, 0))
	if hard < 2*soft {
		t.Errorf("RMS: 3e4 N·s %.4f vs 30 N·s %.4f, want the hard hit ≥ 2× louder", hard, soft)
	}
	if x := hit(0.5, 1000, 0); !allZero(x) {
		t.Errorf("a 0.5 N·s contact should be inaudible, peak %g", peak(x))
	}
	for _, c := range []struct{ mA, mB, want float64 }{
		{1000, 0, 110},
		{2000, 2000, 110}, // reduced mass 1000 kg
		{8000, math.Inf(1), 55},
	} {
		got := dominant(hit(3e4, c.mA, c.mB), SampleRate)
		if math.Abs(got-c.want) > 0.12*c.want {
			t.Errorf("masses %v, %v kg: dominant %.0f Hz, want %.0f ± 12%%", c.mA, c.mB, got, c.want)
		}
	}
}

// TestAlarmsDistinct: the three alarms differ in pitch.
func TestAlarmsDistinct(t *testing.T) {
	alarms := []AlarmSet{AlarmDescentTooFast, AlarmLowFuel, AlarmTumbling}
	var f []float64
	for _, a := range alarms {
		f = append(f, dominant(render(t, 1, ticks(72, Input{Alarms: a})), SampleRate))
	}
	for i := range f {
		for j := range i {
			if math.Abs(f[i]-f[j]) < 0.1*max(f[i], f[j]) {
				t.Errorf("alarms %d and %d both peak near %.0f / %.0f Hz", i, j, f[i], f[j])
			}
		}
	}
	// Cleared, an alarm stops within one pattern step.
	in := append(ticks(10, Input{Alarms: AlarmLowFuel}), ticks(60, Input{})...)
	if x := render(t, 1, in); !allZero(x[SampleRate/2:]) {
		t.Errorf("low-fuel alarm still sounding 0.5 s after it was cleared")
	}
}

// TestSettings: master scales the output linearly (below the limiter), effects volume
// leaves alarms alone.
func TestSettings(t *testing.T) {
	level := func(st Settings, in Input) float64 {
		s, _ := NewSynth(Config{Seed: 1})
		s.SetSettings(st)
		x, _ := Render(s, ticks(30, in), DefaultTickRate)
		return rms(x[SampleRate/10:])
	}
	rumble := Input{MainThrottle: 1}
	full := level(DefaultSettings(), rumble)
	half := level(Settings{Master: 0.5, Effects: 1}, rumble)
	if r := half / full; math.Abs(r-0.5) > 0.01 {
		t.Errorf("master 0.5: RMS ratio %.3f, want 0.5", r)
	}
	if r := level(Settings{Master: 1, Effects: 0.25}, rumble) / full; math.Abs(r-0.25) > 0.01 {
		t.Errorf("effects 0.25: RMS ratio %.3f, want 0.25", r)
	}
	alarm := Input{Alarms: AlarmDescentTooFast}
	if r := level(Settings{Master: 1, Effects: 0}, alarm) / level(DefaultSettings(), alarm); math.Abs(r-1) > 1e-9 {
		t.Errorf("effects 0 changed the alarm's level by ×%.3f", r)
	}
}

// TestBadInput: NaNs, infinities, huge counts and odd ids neither panic nor leak into the
// output.
func TestBadInput(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	var ths []ThrusterState
	for g := range 100 {
		ths = append(ths, ThrusterState{Group: -g, Level: []float64{nan, inf, -1, 2}[g%4], Pan: []float64{nan, -inf, 5, 0}[g%4]})
	}
	var evs []Event
	for k := range 200 {
		evs = append(evs, Event{Kind: EventKind(k % 9), Impulse: []float64{nan, inf, -5, 1e30}[k%4],
			MassA: []float64{nan, -1, 0, inf}[k%4], MassB: nan, Foot: -k, Pan: nan})
	}
	x := render(t, 1, ticks(60, Input{Thrusters: ths, Events: evs, MainThrottle: nan, Alarms: 0xff}))
	for i, f := range x {
		if math.IsNaN(f[0]) || math.IsNaN(f[1]) {
			t.Fatalf("NaN at frame %d", i)
		}
	}
	if p := peak(x); p > 1 {
		t.Errorf("peak %g", p)
	}
	if _, err := NewSynth(Config{SampleRate: 100}); err == nil {
		t.Error("NewSynth accepted 100 Hz")
	}
	if _, err := NewTicker(48000, 0); err == nil {
		t.Error("NewTicker accepted 0 Hz")
	}
}

// TestTicker: tick lengths add up to exactly one second at any tick rate.
func TestTicker(t *testing.T) {
	for _, rate := range []float64{60, 144, 50, 7} {
		tk, err := NewTicker(48000, rate)
		if err != nil {
			t.Fatal(err)
		}
		sum := 0
		for range int(rate) {
			sum += tk.Next()
		}
		if sum != 48000 {
			t.Errorf("%v Hz: %d frames per second, want 48000", rate, sum)
		}
	}
}

// TestNoAllocs: the per-tick paths allocate nothing.
func TestNoAllocs(t *testing.T) {
	s, _ := NewSynth(Config{Seed: 1})
	in := busy(1)[0]
	buf := make([][2]float64, 800)
	if n := testing.AllocsPerRun(100, func() { s.Apply(&in); s.Stream(buf) }); n != 0 {
		t.Errorf("Apply+Stream: %v allocs per tick", n)
	}
	p := &Player{synth: s}
	r := &frameReader{p: p}
	b := make([]byte, 8*384)
	if n := testing.AllocsPerRun(100, func() { p.Push(&in); r.Read(b) }); n != 0 {
		t.Errorf("Push+Read: %v allocs", n)
	}
}
