package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"
)

// TestPlayer opens the real output. Without a sound device (no PulseAudio server, no ALSA
// card — this machine) NewPlayer must still succeed, log exactly one line, report
// ErrNoDevice and accept input. With a device (e.g. a PulseAudio null sink:
// XDG_RUNTIME_DIR=/tmp/audio-pulse, see docs/perf/audio.md) it must pull samples at real
// time, and a thruster pushed must be rendered soon enough for the 50 ms budget.
func TestPlayer(t *testing.T) {
	var mu sync.Mutex
	var lines []string
	logf := func(format string, args ...any) {
		mu.Lock()
		lines = append(lines, fmt.Sprintf(format, args...))
		mu.Unlock()
	}
	var m meter
	start := time.Now()
	p, err := newPlayer(PlayerOptions{Seed: 1, Logf: logf}, m.hook)
	m.mu.Lock()
	m.p = p
	m.mu.Unlock()
	if err != nil {
		t.Fatalf("NewPlayer: %v", err)
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("NewPlayer blocked for %v", d)
	}
	in := busy(1)[0]
	for range 30 { // usable while the device opens
		p.Push(&in)
		p.SetSettings(Settings{Master: 0.1, Effects: 1})
	}
	p.Wait()
	t.Logf("device ready after %v", time.Since(start))
	defer p.Close()
	if p.Silent() {
		if !errors.Is(p.Err(), ErrNoDevice) {
			t.Errorf("silent player's Err = %v, want ErrNoDevice", p.Err())
		}
		if len(lines) != 1 {
			t.Errorf("logged %d lines, want exactly 1: %q", len(lines), lines)
		}
		t.Logf("no device: %s", lines)
		// A second player in the same process reuses the outcome, again one line.
		q, err := NewPlayer(PlayerOptions{Logf: logf})
		if err == nil {
			q.Wait()
		}
		if err != nil || !q.Silent() || len(lines) != 2 {
			t.Errorf("second player: err %v, silent %v, %d lines", err, q.Silent(), len(lines))
		}
		return
	}
	if len(lines) != 0 {
		t.Errorf("a device was opened but logged %q", lines)
	}
	testDevice(t, p, &m)
}

// meter watches what a live player renders.
type meter struct {
	mu     sync.Mutex
	p      *Player
	frames int
	pushed time.Time
	heard  time.Time
	ahead  int // frames queued in oto when the thrust was first rendered
}

func (m *meter) hook(n int, loud bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.frames += n
	if loud && m.heard.IsZero() && !m.pushed.IsZero() && m.p != nil {
		m.heard = time.Now()
		m.ahead = m.p.out.BufferedSize() / 8
	}
}

// testDevice measures a live player: frames pulled per second of wall time, and the delay
// from Push to the first non-silent rendering plus what is buffered ahead of it.
func testDevice(t *testing.T, p *Player, m *meter) {
	time.Sleep(300 * time.Millisecond) // settle
	m.mu.Lock()
	m.frames = 0
	m.mu.Unlock()
	t0 := time.Now()
	time.Sleep(time.Second)
	m.mu.Lock()
	rate := float64(m.frames) / time.Since(t0).Seconds()
	m.mu.Unlock()
	t.Logf("device pulls %.0f frames/s", rate)
	if rate < 0.9*SampleRate || rate > 1.1*SampleRate {
		t.Errorf("pulled %.0f frames/s, want about %d", rate, SampleRate)
	}

	var worst time.Duration
	for trial := range 10 {
		m.mu.Lock()
		m.pushed, m.heard = time.Now(), time.Time{}
		m.mu.Unlock()
		p.Push(&Input{Thrusters: []ThrusterState{{Group: trial, Level: 1}}})
		time.Sleep(100 * time.Millisecond)
		m.mu.Lock()
		if m.heard.IsZero() {
			m.mu.Unlock()
			t.Fatalf("trial %d: thrust not rendered within 100 ms", trial)
		}
		render := m.heard.Sub(m.pushed)
		queued := time.Duration(m.ahead) * time.Second / SampleRate
		m.mu.Unlock()
		total := render + queued + DeviceBuffer
		worst = max(worst, total)
		t.Logf("trial %d: rendered after %v, %v queued in oto ahead of it, + %v device buffer = %v",
			trial, render.Round(100*time.Microsecond), queued.Round(100*time.Microsecond), DeviceBuffer, total.Round(100*time.Microsecond))
		p.Push(&Input{})
		time.Sleep(150 * time.Millisecond)
	}
	t.Logf("worst estimated command-to-sound latency %v", worst.Round(100*time.Microsecond))
	if worst > 50*time.Millisecond {
		t.Errorf("estimated latency %v > 50 ms", worst)
	}

	// Close stops playback: the synth is pulled no more.
	if err := p.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	m.mu.Lock()
	before := m.frames
	m.mu.Unlock()
	time.Sleep(200 * time.Millisecond)
	m.mu.Lock()
	after := m.frames
	m.mu.Unlock()
	if after != before {
		t.Errorf("%d frames pulled in the 200 ms after Close, want 0", after-before)
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
