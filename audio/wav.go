package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// DefaultTickRate is the game's tick rate, Hz.
const DefaultTickRate = 60

// ErrTickRate reports a tick rate that is not positive and finite or exceeds the sample
// rate.
var ErrTickRate = errors.New("audio: tick rate must be > 0 and ≤ the sample rate")

// Ticker cuts a sample stream into ticks: tick k covers frames
// [round(k·rate/tickRate), round((k+1)·rate/tickRate)), so no drift accumulates at tick
// rates that do not divide the sample rate.
type Ticker struct {
	rate, tickRate float64
	tick           int64
}

// NewTicker returns a Ticker for sampleRate and tickRate (Hz).
func NewTicker(sampleRate int, tickRate float64) (*Ticker, error) {
	if !(tickRate > 0) || math.IsInf(tickRate, 0) || tickRate > float64(sampleRate) {
		return nil, fmt.Errorf("%w: %v Hz", ErrTickRate, tickRate)
	}
	return &Ticker{rate: float64(sampleRate), tickRate: tickRate}, nil
}

// Next returns the number of frames in the next tick.
func (t *Ticker) Next() int {
	a := math.Round(float64(t.tick) * t.rate / t.tickRate)
	b := math.Round(float64(t.tick+1) * t.rate / t.tickRate)
	t.tick++
	return int(b - a)
}

// Recorder renders a Synth offline, tick by tick, into a 16-bit stereo PCM WAV file. The
// WAV header is written first and its sizes patched by Close, so w must be seekable.
//
//	rec, err := audio.NewRecorder(f, audio.Config{Seed: 1}, 60)
//	for each tick { rec.Tick(&in) }
//	err = rec.Close()
type Recorder struct {
	synth  *Synth
	ticker *Ticker
	w      io.WriteSeeker
	frames int64
	buf    [blockLen][2]float64
	bytes  [blockLen * 4]byte
	err    error
}

// NewRecorder writes a WAV header to w and returns a Recorder for tickRate ticks/s.
func NewRecorder(w io.WriteSeeker, cfg Config, tickRate float64) (*Recorder, error) {
	s, err := NewSynth(cfg)
	if err != nil {
		return nil, err
	}
	t, err := NewTicker(s.SampleRate(), tickRate)
	if err != nil {
		return nil, err
	}
	r := &Recorder{synth: s, ticker: t, w: w}
	if err := r.header(); err != nil {
		return nil, err
	}
	return r, nil
}

// Synth returns the recorder's synthesizer (e.g. to change settings).
func (r *Recorder) Synth() *Synth { return r.synth }

// Tick applies one tick's input and renders that tick's samples. After a write error it
// does nothing and returns that error again.
func (r *Recorder) Tick(in *Input) error {
	if r.err != nil {
		return r.err
	}
	r.synth.Apply(in)
	for n := r.ticker.Next(); n > 0; {
		k := min(n, blockLen)
		r.synth.Stream(r.buf[:k])
		for i := range k {
			for c := range 2 {
				v := int16(math.Round(clamp(r.buf[i][c], -1, 1) * 32767))
				binary.LittleEndian.PutUint16(r.bytes[4*i+2*c:], uint16(v))
			}
		}
		if _, err := r.w.Write(r.bytes[:4*k]); err != nil {
			r.err = fmt.Errorf("audio: writing WAV: %w", err)
			return r.err
		}
		r.frames += int64(k)
		n -= k
	}
	return nil
}

// Close patches the WAV header with the final sizes. It does not close w.
func (r *Recorder) Close() error {
	if r.err != nil {
		return r.err
	}
	if _, err := r.w.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("audio: finishing WAV: %w", err)
	}
	if err := r.header(); err != nil {
		return err
	}
	_, err := r.w.Seek(0, io.SeekEnd)
	return err
}

// header writes the 44-byte RIFF/WAVE header for the frames recorded so far.
func (r *Recorder) header() error {
	const channels, bytesPerSample = 2, 2
	data := r.frames * channels * bytesPerSample
	if data > math.MaxUint32-36 {
		return errors.New("audio: WAV longer than 4 GiB")
	}
	var h [44]byte
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+data))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], 1) // PCM
	binary.LittleEndian.PutUint16(h[22:], channels)
	binary.LittleEndian.PutUint32(h[24:], uint32(r.synth.SampleRate()))
	binary.LittleEndian.PutUint32(h[28:], uint32(r.synth.SampleRate()*channels*bytesPerSample))
	binary.LittleEndian.PutUint16(h[32:], channels*bytesPerSample)
	binary.LittleEndian.PutUint16(h[34:], 8*bytesPerSample)
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(data))
	if _, err := r.w.Write(h[:]); err != nil {
		return fmt.Errorf("audio: writing WAV header: %w", err)
	}
	return nil
}

// RenderWAV renders inputs, one per tick at tickRate (Hz), to w as a 16-bit stereo WAV
// at cfg's sample rate. The output is the same for the same cfg.Seed and inputs.
func RenderWAV(w io.WriteSeeker, inputs []Input, tickRate float64, cfg Config) error {
	r, err := NewRecorder(w, cfg, tickRate)
	if err != nil {
		return err
	}
	for i := range inputs {
		if err := r.Tick(&inputs[i]); err != nil {
			return err
		}
	}
	return r.Close()
}

// Render applies inputs at tickRate (Hz) to s and returns the rendered samples: the
// offline path used by tests and tools.
func Render(s *Synth, inputs []Input, tickRate float64) ([][2]float64, error) {
	t, err := NewTicker(s.SampleRate(), tickRate)
	if err != nil {
		return nil, err
	}
	var out [][2]float64
	for i := range inputs {
		s.Apply(&inputs[i])
		n := t.Next()
		start := len(out)
		out = append(out, make([][2]float64, n)...)
		s.Stream(out[start:])
	}
	return out, nil
}
