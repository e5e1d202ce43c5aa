package audio

import (
	"errors"
	"fmt"
)

// SampleRate is the default output sample rate, Hz.
const SampleRate = 48000

// blockLen is the largest number of frames a voice renders per call.
const blockLen = 256

// Mixing levels: each bus is scaled by busHeadroom before the limiter, so a typical scene
// (a few thrusters and the engine) stays well below the ceiling and the limiter acts only
// on pile-ups.
const (
	busHeadroom     = 0.5
	limiterCeiling  = 0.98 // output never exceeds this (≈ −0.2 dBFS)
	limiterRelease  = 0.15 // s
	settingsSlewSec = 0.010
)

// ErrSampleRate reports a sample rate the synthesizer cannot run at.
var ErrSampleRate = errors.New("audio: sample rate out of range 8000..192000 Hz")

// Config configures a Synth.
type Config struct {
	// SampleRate is the output rate, Hz; 0 means SampleRate (48000).
	SampleRate int
	// Seed seeds the noise generators: the same seed and inputs give the same samples.
	Seed uint64
}

// Synth turns the per-tick Inputs into stereo samples: it owns every voice, two buses
// (effects, and alarms with cues), the volume settings and a limiter. It is a
// beep.Streamer. A Synth is not safe for concurrent use; Player wraps one for real time.
//
// Drive it by calling Apply at each tick boundary and then Stream for the tick's samples
// (Render does both). Neither allocates.
type Synth struct {
	rate float64
	seed uint64
	hits uint64 // count of one-shots started, to seed each one differently

	puffs  [MaxThrusterGroups]puff
	shots  [MaxShots]shot
	engine rumble
	alarms [alarmCount]alarm
	cues   [2]cue // success, failure

	settings Settings
	fxGain   ramp // master × effects, or 0 when muted
	uiGain   ramp // master, or 0 when muted

	lim Limiter

	fx, ui, tmp [blockLen][2]float64
	seen        [MaxThrusterGroups]bool
}

// NewSynth returns a silent Synth with DefaultSettings.
func NewSynth(cfg Config) (*Synth, error) {
	rate := cfg.SampleRate
	if rate == 0 {
		rate = SampleRate
	}
	if rate < 8000 || rate > 192000 {
		return nil, fmt.Errorf("%w: %d", ErrSampleRate, rate)
	}
	s := &Synth{rate: float64(rate), seed: cfg.Seed}
	for i := range s.puffs {
		s.puffs[i].init(-1, 0, s.rate)
	}
	s.engine.init(mix(cfg.Seed, 1), s.rate)
	for i := range s.alarms {
		s.alarms[i].init(&alarmPatterns[i], s.rate)
	}
	step := 1 / (settingsSlewSec * s.rate)
	s.fxGain.step, s.uiGain.step = step, step
	s.SetSettings(DefaultSettings())
	s.fxGain.value, s.uiGain.value = s.fxGain.target, s.uiGain.target
	s.lim.init(limiterCeiling, limiterRelease, s.rate)
	return s, nil
}

// mix derives a voice seed from the synth seed and a salt.
func mix(seed, salt uint64) uint64 {
	r := newRNG(seed ^ (salt * 0xd1b54a32d192ed03))
	return r.next()
}

// SampleRate returns the output rate, Hz.
func (s *Synth) SampleRate() int { return int(s.rate) }

// SetSettings changes the volumes; gains move there over 10 ms.
func (s *Synth) SetSettings(st Settings) {
	st.Master = clamp(st.Master, 0, 1)
	st.Effects = clamp(st.Effects, 0, 1)
	s.settings = st
	if st.Mute {
		s.fxGain.target, s.uiGain.target = 0, 0
		return
	}
	s.fxGain.target = st.Master * st.Effects * busHeadroom
	s.uiGain.target = st.Master * busHeadroom
}

// Settings returns the current settings (clamped).
func (s *Synth) Settings() Settings { return s.settings }

// Apply takes one tick's input: thruster levels, throttle and alarms replace the previous
// ones; events start their sounds. Out-of-range values are clamped, NaN counts as 0.
func (s *Synth) Apply(in *Input) {
	s.applyThrusters(in.Thrusters)
	s.engine.throttle.target = clamp(in.MainThrottle, 0, 1)
	for i := range s.alarms {
		s.alarms[i].raise(in.Alarms.Has(1 << i))
	}
	for i := range in.Events {
		if i == MaxEvents {
			break
		}
		s.trigger(&in.Events[i])
	}
}

func (s *Synth) applyThrusters(ts []ThrusterState) {
	clear(s.seen[:])
	for i := range ts {
		t := &ts[i]
		level := clamp(t.Level, 0, 1)
		v := s.puffFor(t.Group, level > 0)
		if v < 0 {
			continue
		}
		s.seen[v] = true
		s.puffs[v].command(level, clamp(t.Pan, -1, 1), t.Fine)
	}
	for i := range s.puffs {
		if !s.seen[i] && !s.puffs[i].idle() {
			s.puffs[i].command(0, s.puffs[i].pan.target, false)
		}
	}
}

// puffFor returns the index of the voice playing group, or assigns one if want is set:
// an idle voice, else the quietest releasing one. It returns −1 if none is available.
func (s *Synth) puffFor(group int, want bool) int {
	for i := range s.puffs {
		if s.puffs[i].group == group && !s.puffs[i].idle() {
			return i
		}
	}
	if !want {
		return -1
	}
	best, bestLoud := -1, 0.0
	for i := range s.puffs {
		p := &s.puffs[i]
		if p.idle() {
			best = i
			break
		}
		if !p.firing && !s.seen[i] && (best < 0 || p.loudness() < bestLoud) {
			best, bestLoud = i, p.loudness()
		}
	}
	if best >= 0 {
		s.hits++
		s.puffs[best].init(group, mix(s.seed, 1000+s.hits), s.rate)
	}
	return best
}

// freeShot returns an idle one-shot voice, or steals the quietest.
func (s *Synth) freeShot() *shot {
	best := 0
	for i := range s.shots {
		if s.shots[i].idle() {
			return &s.shots[i]
		}
		if s.shots[i].loudness() < s.shots[best].loudness() {
			best = i
		}
	}
	return &s.shots[best]
}

func (s *Synth) trigger(e *Event) {
	s.hits++
	seed := mix(s.seed, 1000+s.hits)
	switch e.Kind {
	case EventImpact:
		// A silent impact must not steal a voice.
		if loud := impactLoudness(e.Impulse); loud > 0 {
			s.freeShot().impact(e, loud, seed, s.rate)
		}
	case EventTouchdown:
		s.freeShot().touchdown(e, seed, s.rate)
	case EventDockLatch:
		s.freeShot().clunk(e, seed, s.rate)
		s.freeShot().latch(e, mix(seed, 2), s.rate)
	case EventSuccess:
		s.cues[0].start(successNotes, true, s.rate)
	case EventFailure:
		s.cues[1].start(failureNotes, false, s.rate)
	}
}

// voice is what every voice type (puff, rumble, shot, alarm, cue) provides.
type voice interface {
	idle() bool // silent until commanded again
	Stream(samples [][2]float64) (int, bool)
}

// eachVoice calls f with every voice, in mixing order, and whether it plays
// on the alarm and cue bus (else the effects bus).
func (s *Synth) eachVoice(f func(v voice, ui bool)) {
	for i := range s.puffs {
		f(&s.puffs[i], false)
	}
	f(&s.engine, false)
	for i := range s.shots {
		f(&s.shots[i], false)
	}
	for i := range s.alarms {
		f(&s.alarms[i], true)
	}
	for i := range s.cues {
		f(&s.cues[i], true)
	}
}

// ActiveVoices returns the number of voices sounding now (0..MaxVoices).
func (s *Synth) ActiveVoices() int {
	n := 0
	s.eachVoice(func(v voice, _ bool) {
		if !v.idle() {
			n++
		}
	})
	return n
}

// Limiter returns the output limiter, for inspection.
func (s *Synth) Limiter() *Limiter { return &s.lim }

// Stream renders len(samples) stereo frames, in −Ceiling..Ceiling. It always fills
// samples and returns (len(samples), true): a Synth never ends.
func (s *Synth) Stream(samples [][2]float64) (int, bool) {
	for off := 0; off < len(samples); off += blockLen {
		s.block(samples[off:min(off+blockLen, len(samples))])
	}
	return len(samples), true
}

// Err returns nil: a Synth cannot fail.
func (s *Synth) Err() error { return nil }

func addInto(dst, src [][2]float64) {
	for i := range dst {
		dst[i][0] += src[i][0]
		dst[i][1] += src[i][1]
	}
}

func (s *Synth) block(out [][2]float64) {
	n := len(out)
	fx, ui, tmp := s.fx[:n], s.ui[:n], s.tmp[:n]
	clear(fx)
	clear(ui)
	s.eachVoice(func(v voice, onUI bool) {
		if v.idle() {
			return
		}
		v.Stream(tmp)
		if onUI {
			addInto(ui, tmp)
		} else {
			addInto(fx, tmp)
		}
	})
	for i := range out {
		gf, gu := s.fxGain.next(), s.uiGain.next()
		out[i] = [2]float64{gf*fx[i][0] + gu*ui[i][0], gf*fx[i][1] + gu*ui[i][1]}
	}
	s.lim.Process(out)
}
