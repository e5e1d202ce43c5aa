package audio

import (
	"math"

	"github.com/gopxl/beep/v2"
	"github.com/gopxl/beep/v2/generators"
)

// Every voice is a beep.Streamer that overwrites the samples it is given (no mixing) and
// renders silence (exact zeros) once idle. The Synth calls Stream with at most blockLen
// samples; voices keep their scratch buffers at that size.

// Envelope stages of a puff.
const (
	stageIdle = iota
	stageAttack
	stageDecay
	stageSustain
	stageRelease
)

// puff is an RCS thruster group: band-passed white noise with an attack/decay/sustain/
// release envelope, its level following the commanded thrust, panned by the group's side.
//
//	attack 4 ms → decay 50 ms to the sustain level (0.5, fine 0.3) → release 90 ms (fine 50 ms)
//
// A puff sounds at least 15 ms, so a one-tick pulse that the real-time player sees start
// and stop in the same pull is still heard.
type puff struct {
	group  int
	fine   bool
	firing bool
	stage  int
	env    float64
	relDec float64 // envelope decrement per sample during release
	minOn  int     // samples the puff still sounds even if released (puffMinOn)
	level  ramp    // commanded level × fine gain, 10 ms full swing
	pan    ramp    // −1..1, 20 ms full swing
	panSet bool    // gainL, gainR are up to date for a settled pan
	gainL  float64
	gainR  float64
	hp, bp svf
	noise  rng
	rate   float64
}

const (
	puffAttack      = 0.004 // s
	puffDecay       = 0.050 // s
	puffSustain     = 0.5
	puffFineSustain = 0.3
	puffRelease     = 0.090 // s
	puffFineRelease = 0.050 // s
	puffFineGain    = 0.35  // fine-control pulses relative to full pulses
	puffMinOn       = 0.015 // s: the shortest puff, even if released sooner
	puffGain        = 2.8   // output gain of a full-level puff
)

func (p *puff) init(group int, seed uint64, rate float64) {
	*p = puff{group: group, noise: newRNG(seed), rate: rate}
	p.level.step = 1 / (0.010 * rate)
	p.pan.step = 2 / (0.020 * rate)
	// Each group hisses in its own band so several thrusters stay distinguishable.
	centre := 2200 + 300*float64(uint(group)%7)
	p.hp.set(700, 0.7, rate)
	p.bp.set(centre, 0.9, rate)
}

func (p *puff) idle() bool { return p.stage == stageIdle }

// command sets the group's state for the coming tick; level 0 releases the puff.
func (p *puff) command(level, pan float64, fine bool) {
	gain := 1.0
	if fine {
		gain = puffFineGain
	}
	if pan != p.pan.target {
		p.pan.target, p.panSet = pan, false
	}
	if p.stage == stageIdle {
		p.pan.value = pan // a new voice starts where it is, no sweep
	}
	if level > 0 {
		p.level.target = level * gain
		p.fine = fine
		if !p.firing {
			p.firing = true
			p.stage = stageAttack // from the current envelope: no click on a retrigger
			p.minOn = int(puffMinOn * p.rate)
		}
		return
	}
	if p.firing {
		p.firing = false
		if p.minOn == 0 {
			p.release()
		} // else Stream releases once the puff has sounded puffMinOn
	}
}

func (p *puff) release() {
	rel := puffRelease
	if p.fine {
		rel = puffFineRelease
	}
	p.stage = stageRelease
	p.relDec = max(p.env, 1e-3) / (rel * p.rate)
}

// loudness estimates the voice's present amplitude, for voice stealing.
func (p *puff) loudness() float64 { return p.env * p.level.value }

func (p *puff) Stream(samples [][2]float64) (int, bool) {
	if p.stage == stageIdle {
		clear(samples)
		return len(samples), true
	}
	sustain := puffSustain
	if p.fine {
		sustain = puffFineSustain
	}
	atk := 1 / (puffAttack * p.rate)
	dec := (1 - sustain) / (puffDecay * p.rate)
	for i := range samples {
		if p.minOn > 0 {
			p.minOn--
			if p.minOn == 0 && !p.firing {
				p.release()
			}
		}
		switch p.stage {
		case stageAttack:
			p.env += atk
			if p.env >= 1 {
				p.env, p.stage = 1, stageDecay
			}
		case stageDecay:
			p.env -= dec
			if p.env <= sustain {
				p.env, p.stage = sustain, stageSustain
			}
		case stageSustain:
			// A fine pulse that sustains drops toward its own level.
			if p.env > sustain {
				p.env = max(sustain, p.env-dec)
			}
		case stageRelease:
			p.env -= p.relDec
			if p.env <= 0 {
				p.env, p.stage = 0, stageIdle
			}
		}
		if p.stage == stageIdle {
			clear(samples[i:])
			return len(samples), true
		}
		_, _, hp := p.hp.process(p.noise.noise())
		_, bp, _ := p.bp.process(hp)
		v := (0.6*bp + 0.12*hp) * p.env * p.level.next() * puffGain
		if !p.pan.settled() || !p.panSet {
			p.gainL, p.gainR = panGains(p.pan.next())
			p.panSet = true
		}
		samples[i] = [2]float64{v * p.gainL, v * p.gainR}
	}
	return len(samples), true
}

func (p *puff) Err() error { return nil }

// rumble is the main engine: low-passed noise whose cutoff opens with throttle, slowly
// amplitude-modulated, plus two low sine tones (38 and 57 Hz, beep generators). Throttle
// is ramped per sample (full swing in 150 ms), so a stepped throttle never clicks.
type rumble struct {
	throttle     ramp
	lp1, lp2     svf
	mod          svf
	noise        rng
	tone1, tone2 beep.Streamer
	buf1, buf2   [blockLen][2]float64
	rate         float64
}

const (
	rumbleSwing     = 0.150 // s for a full 0→1 throttle change
	rumbleNoiseGain = 3.2
	rumbleToneGain  = 0.12
)

func (r *rumble) init(seed uint64, rate float64) {
	*r = rumble{noise: newRNG(seed), rate: rate}
	r.throttle.step = 1 / (rumbleSwing * rate)
	r.tone1, _ = generators.SineTone(beep.SampleRate(rate), 38) // rate ≥ 8 kHz: no error
	r.tone2, _ = generators.SineTone(beep.SampleRate(rate), 57)
	r.mod.set(7, 0.7, rate)
}

func (r *rumble) idle() bool { return r.throttle.value == 0 && r.throttle.settled() }

func (r *rumble) Stream(samples [][2]float64) (int, bool) {
	if r.idle() {
		clear(samples)
		return len(samples), true
	}
	n := len(samples)
	r.tone1.Stream(r.buf1[:n])
	r.tone2.Stream(r.buf2[:n])
	for i := range samples {
		t := r.throttle.next()
		r.lp1.set(60+160*t, 0.8, r.rate)
		r.lp2.set(60+160*t, 0.6, r.rate)
		x := r.noise.noise()
		a, _, _ := r.lp1.process(x)
		b, _, _ := r.lp2.process(a)
		m, _, _ := r.mod.process(r.noise.noise())
		wobble := 1 + clamp(25*m, -0.6, 0.6)
		loud := math.Sqrt(t) // perceived loudness grows fast at low throttle
		v := loud * (rumbleNoiseGain*b*wobble +
			rumbleToneGain*(0.6*r.buf1[i][0]+0.4*r.buf2[i][0])*(0.5+0.5*t))
		samples[i] = [2]float64{v, v}
	}
	return n, true
}

func (r *rumble) Err() error { return nil }

// shot is a percussive one-shot: up to four exponentially damped sine partials (modal
// synthesis), a falling pitch for thumps, and a filtered noise burst, panned. Impacts,
// touchdowns and docking clunks are shots with different partials.
type shot struct {
	active     bool
	delay      int // samples of silence before the hit
	age        int // samples since the hit
	nPartial   int
	freq       [4]float64 // Hz
	amp        [4]float64
	decay      [4]float64 // amplitude multiplier per sample
	phase      [4]float64 // cycles
	env        [4]float64 // present amplitude of each partial
	drop       float64    // pitch multiplier: starts at 1+drop, falls to 1
	dropDecay  float64    // per sample
	noiseAmp   float64
	noiseDecay float64
	noiseF     svf
	noise      rng
	gainL      float64
	gainR      float64
	rate       float64
}

const shotAttack = 0.001 // s, fade-in that keeps the onset click-free

func (s *shot) idle() bool { return !s.active }

func (s *shot) loudness() float64 {
	if !s.active {
		return 0
	}
	l := s.noiseAmp
	for k := range s.nPartial {
		l += s.env[k]
	}
	return l
}

// decayPerSample returns the per-sample multiplier of an exponential decay with time
// constant tau (s).
func decayPerSample(tau, rate float64) float64 { return math.Exp(-1 / (tau * rate)) }

func (s *shot) Stream(samples [][2]float64) (int, bool) {
	if !s.active {
		clear(samples)
		return len(samples), true
	}
	atk := shotAttack * s.rate
	for i := range samples {
		if s.delay > 0 {
			s.delay--
			samples[i] = [2]float64{}
			continue
		}
		fade := min(1, float64(s.age)/atk)
		pitch := 1 + s.drop
		s.drop *= s.dropDecay
		var v float64
		loud := 0.0
		for k := range s.nPartial {
			v += s.env[k] * math.Sin(2*math.Pi*s.phase[k])
			s.phase[k] += s.freq[k] * pitch / s.rate
			s.phase[k] -= math.Floor(s.phase[k])
			s.env[k] *= s.decay[k]
			loud += s.env[k]
		}
		if s.noiseAmp > 1e-5 {
			lp, _, _ := s.noiseF.process(s.noise.noise())
			v += s.noiseAmp * lp
			s.noiseAmp *= s.noiseDecay
			loud += s.noiseAmp
		}
		v *= fade
		s.age++
		samples[i] = [2]float64{v * s.gainL, v * s.gainR}
		if loud < 1e-4 { // −80 dB: done
			s.active = false
			clear(samples[i+1:])
			return len(samples), true
		}
	}
	return len(samples), true
}

func (s *shot) Err() error { return nil }

// Impact loudness mapping: Impulse (N·s) on a log scale from impactMin to impactMax.
const (
	impactMin = 1.0 // N·s, inaudible below
	impactMax = 1e5 // N·s, full loudness
)

// impactLoudness maps a contact impulse (N·s) to an amplitude 0..1.
func impactLoudness(impulse float64) float64 {
	if !(impulse > impactMin) {
		return 0
	}
	x := math.Log(impulse/impactMin) / math.Log(impactMax/impactMin)
	return 0.15 + 0.85*clamp(x, 0, 1)
}

// impactPitch maps two masses (kg; 0 or +Inf = static) to a fundamental (Hz): 110 Hz for a
// reduced mass of 1000 kg, scaling as μ^(−1/3) (a body's resonance falls with its size),
// clamped to 35..500 Hz.
func impactPitch(massA, massB float64) float64 {
	static := func(m float64) bool { return !(m > 0) || math.IsInf(m, 1) }
	var mu float64
	switch {
	case static(massA) && static(massB):
		mu = 1000
	case static(massA):
		mu = massB
	case static(massB):
		mu = massA
	default:
		mu = massA * massB / (massA + massB)
	}
	return clamp(110*math.Cbrt(1000/mu), 35, 500)
}

func (s *shot) start(seed uint64, rate, pan, gain float64) {
	*s = shot{active: true, noise: newRNG(seed), rate: rate, dropDecay: 1}
	l, r := panGains(clamp(pan, -1, 1))
	s.gainL, s.gainR = l*gain, r*gain
}

func (s *shot) partial(freq, amp, tau float64) {
	k := s.nPartial
	s.freq[k], s.amp[k], s.env[k] = freq, amp, amp
	s.decay[k] = decayPerSample(tau, s.rate)
	s.nPartial++
}

func (s *shot) burst(amp, tau, cutoff float64) {
	s.noiseAmp = amp
	s.noiseDecay = decayPerSample(tau, s.rate)
	s.noiseF.set(cutoff, 0.7, s.rate)
}

// impact sets s up as a thump of amplitude loud (impactLoudness of the event, > 0): a
// fundamental at the masses' pitch with a falling pitch, a weaker partial a fifth and an
// octave above, and a short low noise burst.
func (s *shot) impact(e *Event, loud float64, seed uint64, rate float64) {
	f := impactPitch(e.MassA, e.MassB)
	s.start(seed, rate, e.Pan, 0.9*loud)
	s.partial(f, 0.7, 0.12)
	s.partial(1.5*f, 0.25, 0.06)
	s.partial(2.1*f, 0.12, 0.04)
	s.drop, s.dropDecay = 0.6, decayPerSample(0.03, rate)
	s.burst(0.5, 0.02, min(8*f, 2000))
}

// touchdown is a landing foot: a short damped "thunk" of the leg's spring plus a gravel
// scrape, varying a little with the foot.
func (s *shot) touchdown(e *Event, seed uint64, rate float64) {
	loud := 0.5
	if e.Impulse > 0 {
		loud = impactLoudness(e.Impulse)
		if loud == 0 {
			loud = 0.15
		}
	}
	f := 150 * (1 + 0.04*float64(uint(e.Foot)%4))
	s.start(seed, rate, e.Pan, 1.1*loud)
	s.partial(f, 0.6, 0.07)
	s.partial(2.7*f, 0.2, 0.03)
	s.drop, s.dropDecay = 0.3, decayPerSample(0.02, rate)
	s.burst(0.5, 0.04, 1800)
}

// clunk is the docking latch's strike: a low body thump plus the inharmonic modes of a
// free steel bar (ratios 1 : 2.756 : 5.404, ringing ~0.3 s).
func (s *shot) clunk(e *Event, seed uint64, rate float64) {
	s.start(seed, rate, e.Pan, 0.8)
	s.partial(95, 0.6, 0.08)
	s.partial(420, 0.35, 0.35)
	s.partial(420*2.756, 0.22, 0.25)
	s.partial(420*5.404, 0.12, 0.15)
	s.burst(0.4, 0.01, 3000)
}

// latch is the click that follows the clunk 90 ms later: higher, shorter bar modes.
func (s *shot) latch(e *Event, seed uint64, rate float64) {
	s.start(seed, rate, e.Pan, 0.5)
	s.delay = int(0.09 * rate)
	s.partial(1250, 0.3, 0.06)
	s.partial(1250*2.756, 0.2, 0.04)
	s.burst(0.3, 0.005, 5000)
}

// alarmStep is one element of an alarm's beep pattern.
type alarmStep struct {
	tone int     // index into the alarm's tones
	on   float64 // s of tone
	off  float64 // s of silence after it
}

// alarmPattern describes an alarm: its tones (Hz) and the steps it repeats.
type alarmPattern struct {
	freqs [2]float64
	steps []alarmStep
}

// alarmPatterns, indexed by bit position in AlarmSet. Read-only.
var alarmPatterns = [alarmCount]alarmPattern{
	{ // descent too fast: three fast high beeps
		freqs: [2]float64{1400, 1400},
		steps: []alarmStep{{0, 0.07, 0.05}, {0, 0.07, 0.05}, {0, 0.07, 0.29}},
	},
	{ // low fuel: a falling two-tone
		freqs: [2]float64{880, 660},
		steps: []alarmStep{{0, 0.15, 0.02}, {1, 0.25, 0.78}},
	},
	{ // tumbling: a warble
		freqs: [2]float64{330, 440},
		steps: []alarmStep{{0, 0.06, 0}, {1, 0.06, 0}, {0, 0.06, 0}, {1, 0.06, 0.66}},
	},
}

// alarm plays one alarm's pattern for as long as it is raised, finishing the current
// beep when it is cleared. Tones are beep sine generators; a 3 ms gate ramp keeps beeps
// click-free.
type alarm struct {
	pattern *alarmPattern
	raised  bool
	playing bool
	step    int
	pos     int // samples into the step
	gate    ramp
	tones   [2]beep.Streamer
	bufs    [2][blockLen][2]float64
	rate    float64
}

const alarmGain = 0.3

func (a *alarm) init(p *alarmPattern, rate float64) {
	*a = alarm{pattern: p, rate: rate}
	a.gate.step = 1 / (0.003 * rate)
	for k, f := range p.freqs {
		a.tones[k], _ = generators.SineTone(beep.SampleRate(rate), f)
	}
}

func (a *alarm) raise(on bool) {
	a.raised = on
	if on && !a.playing {
		a.playing, a.step, a.pos = true, 0, 0
	}
}

func (a *alarm) idle() bool { return !a.playing }

func (a *alarm) Stream(samples [][2]float64) (int, bool) {
	if !a.playing {
		clear(samples)
		return len(samples), true
	}
	n := len(samples)
	a.tones[0].Stream(a.bufs[0][:n])
	a.tones[1].Stream(a.bufs[1][:n])
	for i := range samples {
		st := &a.pattern.steps[a.step]
		on := int(st.on * a.rate)
		if a.pos < on {
			a.gate.target = 1
		} else {
			a.gate.target = 0
		}
		g := a.gate.next()
		v := alarmGain * g * a.bufs[st.tone][i][0]
		samples[i] = [2]float64{v, v}
		a.pos++
		if a.pos >= on+int(st.off*a.rate) {
			a.pos = 0
			a.step++
			if a.step == len(a.pattern.steps) {
				a.step = 0
			}
		}
		// Cleared: stop at the end of the current beep, once the gate has closed.
		if !a.raised && a.pos >= on && g == 0 {
			a.playing = false
			clear(samples[i+1:])
			return n, true
		}
	}
	return n, true
}

func (a *alarm) Err() error { return nil }

// cueNote is one bell-like note of a cue.
type cueNote struct {
	start float64 // s
	freq  float64 // Hz
	tau   float64 // s, amplitude decay time constant
	amp   float64
}

// cue plays a short melody of bell-like notes (partials 1, 2, 3 with amplitudes 1, 0.3,
// 0.12 for success; 1, 3, 5 with 1, 0.3, 0.15, hollow, for failure).
type cue struct {
	active bool
	notes  []cueNote
	harm   [3]float64
	hamp   [3]float64
	phase  [4][3]float64
	t      int // samples since start
	endT   int
	rate   float64
	gain   float64
}

var (
	successNotes = []cueNote{ // C5 E5 G5 C6, rising
		{0, 523.25, 0.25, 0.5}, {0.12, 659.26, 0.25, 0.5}, {0.24, 783.99, 0.25, 0.5}, {0.36, 1046.5, 0.7, 0.6},
	}
	failureNotes = []cueNote{ // G4 E♭4 C4, falling, the last held
		{0, 392.00, 0.25, 0.5}, {0.25, 311.13, 0.25, 0.5}, {0.5, 261.63, 0.8, 0.6},
	}
)

const cueGain = 0.45

func (c *cue) start(notes []cueNote, success bool, rate float64) {
	*c = cue{active: true, notes: notes, rate: rate, gain: cueGain}
	if success {
		c.harm, c.hamp = [3]float64{1, 2, 3}, [3]float64{1, 0.3, 0.12}
	} else {
		c.harm, c.hamp = [3]float64{1, 3, 5}, [3]float64{1, 0.3, 0.15}
	}
	last := notes[len(notes)-1]
	c.endT = int((last.start + 5*last.tau) * rate) // e^−5 ≈ −43 dB, then faded
}

func (c *cue) idle() bool { return !c.active }

func (c *cue) Stream(samples [][2]float64) (int, bool) {
	if !c.active {
		clear(samples)
		return len(samples), true
	}
	for i := range samples {
		ts := float64(c.t) / c.rate
		var v float64
		for k := range c.notes {
			nt := &c.notes[k]
			dt := ts - nt.start
			if dt < 0 {
				continue
			}
			env := nt.amp * math.Exp(-dt/nt.tau) * min(1, dt/0.004)
			for h := range 3 {
				v += env * c.hamp[h] * math.Sin(2*math.Pi*c.phase[k][h])
				c.phase[k][h] += nt.freq * c.harm[h] / c.rate
				c.phase[k][h] -= math.Floor(c.phase[k][h])
			}
		}
		// The tail fades linearly over its last 100 ms so the stop is exact and silent.
		fadeLen := int(0.1 * c.rate)
		if rem := c.endT - c.t; rem < fadeLen {
			v *= float64(rem) / float64(fadeLen)
		}
		v *= c.gain
		samples[i] = [2]float64{v, v}
		c.t++
		if c.t >= c.endT {
			c.active = false
			clear(samples[i+1:])
			return len(samples), true
		}
	}
	return len(samples), true
}

func (c *cue) Err() error { return nil }
