package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"sync"
	"testing"
)

// TestPlayer opens the real output. Without a sound device (no PulseAudio server, no ALSA
// card — this machine) NewPlayer must still succeed, log exactly one line, report
// ErrNoDevice and accept input; a second Player reuses the outcome. With a device (e.g. a
// PulseAudio null sink, see docs/performance.md) it must open without logging. How the
// Player keeps time with a device is TestPlayerRealTime's, on a fake device clock.
func TestPlayer(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	logf := func(format string, args ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	p, err := NewPlayer(PlayerOptions{Seed: 1, Logf: logf})
	if err != nil {
		t.Fatalf("NewPlayer: %v", err)
	}
	in := busy(1)[0]
	for range 30 { // usable while the device opens
		p.Push(&in)
		p.SetSettings(Settings{Master: 0.1, Effects: 1})
	}
	p.Wait()
	defer p.Close()
	mu.Lock()
	defer mu.Unlock()
	if !p.Silent() {
		if len(lines) != 0 {
			t.Errorf("a device was opened but logged %q", lines)
		}
		return
	}
	if !errors.Is(p.Err(), ErrNoDevice) {
		t.Errorf("silent player's Err = %v, want ErrNoDevice", p.Err())
	}
	if len(lines) != 1 {
		t.Errorf("logged %d lines, want exactly 1: %q", len(lines), lines)
	}
	t.Logf("no device: %s", lines)
	mu.Unlock()
	q, err := NewPlayer(PlayerOptions{Logf: logf})
	if err == nil {
		q.Wait()
	}
	mu.Lock()
	if err != nil || !q.Silent() || len(lines) != 2 {
		t.Errorf("second player: err %v, silent %v, %d lines", err, q.Silent(), len(lines))
	}
}

// fakeDevice stands in for oto and the sound card, on a clock of its own: each tick
// plays one frame, at SampleRate frames per second of device time. Like oto's mixer it
// keeps the device buffer (DeviceBuffer) full from the output's buffer, and reads the
// Player — one read of the size set by SetBufferSize — whenever that buffer holds less.
type fakeDevice struct {
	src      io.Reader
	bufBytes int
	playing  bool
	stopped  bool
	queued   [][2]float64 // the device buffer, then the output's buffer; oldest first
	pulled   int          // frames read from the Player
	played   int          // ticks of the clock
}

// deviceFrames is the device buffer in frames.
var deviceFrames = int(DeviceBuffer.Seconds() * SampleRate)

func (d *fakeDevice) SetBufferSize(bytes int) { d.bufBytes = bytes }
func (d *fakeDevice) Play()                   { d.playing = true }
func (d *fakeDevice) PauseAndStopReading()    { d.stopped = true }

// tick tops up the buffers and plays the next frame (silence when they are empty).
func (d *fakeDevice) tick(t *testing.T) [2]float64 {
	t.Helper()
	if d.playing && !d.stopped {
		if d.bufBytes < 8 {
			t.Fatalf("output buffer of %d bytes", d.bufBytes)
		}
		for len(d.queued)-deviceFrames < d.bufBytes/8 {
			b := make([]byte, d.bufBytes)
			n, err := d.src.Read(b)
			if n != len(b) || err != nil {
				t.Fatalf("read %d of %d bytes: %v", n, len(b), err)
			}
			d.queued = append(d.queued, decodeFloat32(b)...)
			d.pulled += n / 8
		}
	}
	d.played++
	if len(d.queued) == 0 {
		return [2]float64{}
	}
	f := d.queued[0]
	d.queued = d.queued[1:]
	return f
}

// play ticks n frames and returns them.
func (d *fakeDevice) play(t *testing.T, n int) [][2]float64 {
	t.Helper()
	out := make([][2]float64, n)
	for i := range out {
		out[i] = d.tick(t)
	}
	return out
}

// fakePlayer returns a Player on a fake device, which opens once open is closed.
func fakePlayer(t *testing.T, open chan struct{}) (*Player, *fakeDevice) {
	t.Helper()
	dev := &fakeDevice{}
	p, err := newPlayer(PlayerOptions{Seed: 1, Logf: t.Errorf}, func(src io.Reader) (output, error) {
		<-open
		dev.src = src
		return dev, nil
	})
	if err != nil {
		t.Fatalf("newPlayer: %v", err)
	}
	return p, dev
}

// TestPlayerRealTime drives a Player from a fake device clock. It fills every read, so
// one second of device time pulls one second of frames and the speaker never starves; a
// thrust pushed at any moment reaches the speaker within the 50 ms budget; after Close
// it is read no more.
func TestPlayerRealTime(t *testing.T) {
	open := make(chan struct{})
	close(open)
	p, dev := fakePlayer(t, open)
	p.Wait()
	if p.Silent() || !dev.playing {
		t.Fatalf("not playing: silent %v, err %v", p.Silent(), p.Err())
	}

	x := dev.play(t, SampleRate)
	ahead := len(dev.queued)
	if dev.pulled != SampleRate+ahead {
		t.Errorf("pulled %d frames in one second, want %d played + %d buffered", dev.pulled, SampleRate, ahead)
	}
	if limit := deviceFrames + 2*dev.bufBytes/8; ahead > limit {
		t.Errorf("%d frames buffered ahead, want at most %d", ahead, limit)
	}
	if !allZero(x) {
		t.Errorf("sound before any input")
	}

	budget := int(0.050 * SampleRate)
	worst := 0
	// The output reads every cycle frames: push at points spread over that cycle.
	const trials = 12
	cycle := dev.bufBytes / 8
	for trial := range trials {
		dev.play(t, cycle+trial*cycle/trials-dev.played%cycle)
		p.Push(&Input{Thrusters: []ThrusterState{{Group: trial, Level: 1}}})
		wait := 0
		for f := dev.tick(t); f == [2]float64{}; f = dev.tick(t) {
			if wait++; wait > 4*budget {
				t.Fatalf("trial %d: thrust not heard after %d frames", trial, wait)
			}
		}
		worst = max(worst, wait)
		p.Push(&Input{})
		if tail := dev.play(t, SampleRate/4)[3*SampleRate/20:]; !allZero(tail) {
			t.Fatalf("trial %d: thrust still sounding 150 ms after it stopped", trial)
		}
	}
	t.Logf("worst push-to-speaker delay: %d frames (%.1f ms)", worst, 1000*float64(worst)/SampleRate)
	if worst > budget {
		t.Errorf("push-to-speaker delay %d frames, budget %d (50 ms)", worst, budget)
	}

	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	before := dev.pulled
	dev.play(t, SampleRate/5)
	if dev.pulled != before {
		t.Errorf("%d frames pulled after Close, want 0", dev.pulled-before)
	}
}

// TestPlayerOpensInBackground: NewPlayer returns while the device is still opening (were
// it to wait, this test would hang), and the input pushed meanwhile is kept — all but
// the events, stale by the time the device is ready.
func TestPlayerOpensInBackground(t *testing.T) {
	for _, tt := range []struct {
		name string
		in   Input
		loud bool
	}{
		{"thrust", Input{Thrusters: []ThrusterState{{Group: 1, Level: 1}}}, true},
		{"impact", Input{Events: []Event{{Kind: EventImpact, Impulse: 300, MassA: 2000, MassB: 800}}}, false},
	} {
		open := make(chan struct{})
		p, dev := fakePlayer(t, open)
		if !p.Silent() || p.Err() != nil {
			t.Fatalf("%s: before the device opened: silent %v, err %v", tt.name, p.Silent(), p.Err())
		}
		p.Push(&tt.in)
		close(open)
		p.Wait()
		if loud := !allZero(dev.play(t, SampleRate/10)); loud != tt.loud {
			t.Errorf("%s pushed before the device opened: heard %v, want %v", tt.name, loud, tt.loud)
		}
	}
}

// TestPlayerShortPulse: a one-tick RCS pulse pushed together with the next tick's
// "off" before the audio goroutine pulls (two game ticks in one frame) is still heard.
func TestPlayerShortPulse(t *testing.T) {
	s, _ := NewSynth(Config{Seed: 1})
	p := &Player{synth: s}
	r := &frameReader{p: p}
	on := Input{Thrusters: []ThrusterState{{Group: 5, Level: 1, Fine: true}}}
	off := Input{Thrusters: []ThrusterState{{Group: 5}}}
	p.Push(&on)
	p.Push(&off)
	b := make([]byte, 8*384)
	var x [][2]float64
	for range 10 {
		r.Read(b)
		x = append(x, decodeFloat32(b)...)
	}
	if p := peak(x); p < 0.01 {
		t.Errorf("pulse peak %.4f: not heard", p)
	}
	if tail := x[len(x)-384:]; !allZero(tail) {
		t.Errorf("puff still sounding 80 ms later")
	}
}

func decodeFloat32(b []byte) [][2]float64 {
	out := make([][2]float64, len(b)/8)
	for i := range out {
		out[i][0] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[8*i:])))
		out[i][1] = float64(math.Float32frombits(binary.LittleEndian.Uint32(b[8*i+4:])))
	}
	return out
}
