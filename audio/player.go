package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
	"github.com/jfreymuth/pulse"
)

// Output buffering, chosen for a command-to-sound latency under 50 ms:
//
//	device buffer (oto BufferSize)         15 ms
//	oto player buffer (SetBufferSize)      8 ms, holding 8..16 ms between refills
//	wait for the next pull of the synth   ≤ 8 ms (inputs are applied at each pull)
//	worst case from Push to the speaker   ≈ 15 + 16 + 8 = 39 ms (typically ~25 ms)
//
// A smaller device buffer risks dropouts on a busy machine. TestPlayerRealTime checks
// the budget on a fake device clock.
const (
	DeviceBuffer = 15 * time.Millisecond
	PlayerBuffer = 8 * time.Millisecond
	// readyTimeout bounds the wait for the sound device at start-up.
	readyTimeout = 3 * time.Second
)

// ErrNoDevice wraps the reason no sound device could be opened.
var ErrNoDevice = errors.New("audio: no sound device")

// The one oto context of the process (oto allows only one).
var device struct {
	once sync.Once
	ctx  *oto.Context
	err  error
}

// openDevice opens the process's oto context once, waiting for it to be ready.
//
// oto tries PulseAudio, then ALSA; when ALSA finds no card, libasound prints a dozen
// lines to stderr that no caller can suppress. So when there is no ALSA card (/dev/snd)
// the PulseAudio server is probed first, and without one oto is not started at all:
// the only output is the one line NewPlayer logs.
func openDevice() (*oto.Context, error) {
	device.once.Do(func() {
		if _, err := os.Stat("/dev/snd"); err != nil && runtime.GOOS == "linux" {
			c, perr := pulse.NewClient(pulse.ClientApplicationName("spaceflight"))
			if perr != nil {
				device.err = fmt.Errorf("%w: no ALSA card (/dev/snd) and no PulseAudio server (%w)", ErrNoDevice, perr)
				return
			}
			c.Close()
		}
		ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
			SampleRate:      SampleRate,
			ChannelCount:    2,
			Format:          oto.FormatFloat32LE,
			BufferSize:      DeviceBuffer,
			ApplicationName: "spaceflight",
		})
		if err != nil {
			device.err = fmt.Errorf("%w: %w", ErrNoDevice, err)
			return
		}
		select {
		case <-ready:
		case <-readyDeadline():
			device.err = fmt.Errorf("%w: not ready after %v", ErrNoDevice, readyTimeout)
			return
		}
		if err := ctx.Err(); err != nil {
			device.err = fmt.Errorf("%w: %w", ErrNoDevice, err)
			return
		}
		device.ctx = ctx
	})
	return device.ctx, device.err
}

// PlayerOptions configure NewPlayer.
type PlayerOptions struct {
	// Seed seeds the synthesizer's noise.
	Seed uint64
	// Settings are the initial volume settings; nil means DefaultSettings().
	Settings *Settings
	// Logf receives the one line logged when no device can be opened; nil means
	// log.Printf.
	Logf func(format string, args ...any)
}

// Player plays a Synth on the sound device in real time. The game's goroutine calls Push
// once per tick (and SetSettings when they change); oto's goroutine pulls samples. The
// handoff is a mutex around fixed-size arrays: neither side allocates.
//
// When no sound device can be opened the Player is a silent sink: Push and SetSettings
// still work (and cost almost nothing), nothing is rendered, Err reports why, and one
// line was logged.
type Player struct {
	mu      sync.Mutex
	pending handoff // guarded by mu

	// Owned by the pulling goroutine.
	synth *Synth
	cur   handoff
	in    Input
	buf   [blockLen][2]float64

	ready chan struct{} // closed once out or err is set
	out   output
	err   error
}

// output is what the Player needs of an oto player (tests stand a fake device in).
type output interface {
	// SetBufferSize sets how many bytes the output reads ahead from the Player.
	SetBufferSize(bytes int)
	Play()
	PauseAndStopReading()
}

// openOutput opens the process's sound device and an output pulling src.
func openOutput(src io.Reader) (output, error) {
	ctx, err := openDevice()
	if err != nil {
		return nil, err
	}
	return ctx.NewPlayer(src), nil
}

// handoff is one pull's worth of input: the latest thruster state, throttle, alarms and
// settings, and every event pushed since the previous pull (up to MaxEvents).
type handoff struct {
	thrusters  [MaxThrusterGroups]ThrusterState
	nThrusters int
	// fired lists each group that fired in any push since the last pull, so a pulse
	// shorter than a pull (several ticks in one frame) still starts its puff.
	fired    [MaxThrusterGroups]ThrusterState
	nFired   int
	throttle float64
	alarms   AlarmSet
	events   [MaxEvents]Event
	nEvents  int
	settings Settings
}

// NewPlayer starts playing. It returns at once: the sound device is opened (once per
// process) in the background, which takes 0.2–2 s with PulseAudio; until then pushed
// input is kept but not heard, and events from before the device was ready are dropped.
// It fails only on bad options; without a device the Player becomes a silent sink and
// one line is logged.
func NewPlayer(opts PlayerOptions) (*Player, error) { return newPlayer(opts, openOutput) }

// newPlayer is NewPlayer with the output opened by open, in the background.
func newPlayer(opts PlayerOptions, open func(src io.Reader) (output, error)) (*Player, error) {
	s, err := NewSynth(Config{Seed: opts.Seed})
	if err != nil {
		return nil, err
	}
	p := &Player{synth: s, ready: make(chan struct{})}
	st := DefaultSettings()
	if opts.Settings != nil {
		st = *opts.Settings
	}
	p.pending.settings = st
	s.SetSettings(st)
	s.fxGain.value, s.uiGain.value = s.fxGain.target, s.uiGain.target
	logf := opts.Logf
	if logf == nil {
		logf = log.Printf
	}
	go p.start(open, logf)
	return p, nil
}

// start opens the output and starts playing, or records why not.
func (p *Player) start(open func(io.Reader) (output, error), logf func(string, ...any)) {
	defer close(p.ready)
	out, err := open(&frameReader{p: p})
	if err != nil {
		p.err = err
		logf("audio: sound off: %v", err)
		return
	}
	p.mu.Lock()
	p.pending.nEvents = 0 // stale by now
	p.mu.Unlock()
	p.out = out
	p.out.SetBufferSize(int(PlayerBuffer.Seconds()*SampleRate) * 8)
	p.out.Play()
}

// Wait blocks until the device is open and playing, or known to be missing.
func (p *Player) Wait() { <-p.ready }

// Silent reports whether the Player renders nothing: no device, or not open yet.
func (p *Player) Silent() bool {
	select {
	case <-p.ready:
		return p.out == nil
	default:
		return true
	}
}

// Err returns why the Player is silent (wrapping ErrNoDevice), or nil (also while the
// device is still opening).
func (p *Player) Err() error {
	select {
	case <-p.ready:
		return p.err
	default:
		return nil
	}
}

// Push hands the Player one tick's input. It copies what it needs; in may be reused.
// Events accumulate until the audio goroutine next pulls (every ≤ 8 ms); thruster
// levels, throttle and alarms replace the previous tick's.
func (p *Player) Push(in *Input) {
	p.mu.Lock()
	h := &p.pending
	h.nThrusters = copy(h.thrusters[:], in.Thrusters)
	for _, t := range h.thrusters[:h.nThrusters] {
		if !(t.Level > 0) {
			continue
		}
		j := 0
		for j < h.nFired && h.fired[j].Group != t.Group {
			j++
		}
		if j == h.nFired {
			if j == len(h.fired) {
				continue
			}
			h.nFired++
		}
		h.fired[j] = t
	}
	h.throttle = in.MainThrottle
	h.alarms = in.Alarms
	k := copy(h.events[h.nEvents:], in.Events)
	h.nEvents += k
	p.mu.Unlock()
}

// SetSettings changes the volumes and mute; they take effect at the next pull, ramped
// over 10 ms.
func (p *Player) SetSettings(s Settings) {
	p.mu.Lock()
	p.pending.settings = s
	p.mu.Unlock()
}

// Close stops playback, after waiting for the device to finish opening: once it returns
// the synth is no longer pulled. The process's device stays open for a later Player.
func (p *Player) Close() error {
	p.Wait()
	if p.out == nil {
		return nil
	}
	// oto's Player.Close does nothing since oto v3.4 (the player is closed only when it
	// is garbage collected), so it would leave the sound playing.
	p.out.PauseAndStopReading()
	return nil
}

// pull moves the pending input to the synthesizer. Called on the audio goroutine.
func (p *Player) pull() {
	p.mu.Lock()
	p.cur = p.pending // a copy of fixed arrays: no allocation
	p.pending.nEvents = 0
	p.pending.nFired = 0
	p.mu.Unlock()

	c := &p.cur
	if c.settings != p.synth.Settings() {
		p.synth.SetSettings(c.settings)
	}
	p.in.MainThrottle = c.throttle
	p.in.Alarms = c.alarms
	p.in.Events = nil
	if c.nFired > 0 {
		// Start every puff fired since the last pull, then apply the latest state.
		p.in.Thrusters = c.fired[:c.nFired]
		p.synth.Apply(&p.in)
	}
	p.in.Thrusters = c.thrusters[:c.nThrusters]
	p.in.Events = c.events[:c.nEvents]
	p.synth.Apply(&p.in)
}

// frameReader is the io.Reader oto pulls: interleaved little-endian float32 stereo frames
// rendered from the Player's synth.
type frameReader struct{ p *Player }

func (r *frameReader) Read(b []byte) (int, error) {
	p := r.p
	frames := len(b) / 8
	if frames == 0 {
		return 0, nil
	}
	p.pull()
	for off := 0; off < frames; {
		k := min(blockLen, frames-off)
		p.synth.Stream(p.buf[:k])
		encodeFloat32(b[8*off:], p.buf[:k])
		off += k
	}
	return 8 * frames, nil
}

// encodeFloat32 writes frames as interleaved little-endian float32 into b.
func encodeFloat32(b []byte, frames [][2]float64) {
	for i, f := range frames {
		binary.LittleEndian.PutUint32(b[8*i:], math.Float32bits(float32(f[0])))
		binary.LittleEndian.PutUint32(b[8*i+4:], math.Float32bits(float32(f[1])))
	}
}
