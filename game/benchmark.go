package game

import (
	"encoding/json"
	"io"
	"math"
	"slices"
	"time"
)

// benchWarmup is how many frames a benchmark drops before it starts timing:
// the first frames compile shaders and grow buffers.
const benchWarmup = 10

// frameClock records when each frame was drawn, for `--benchmark`. The game
// never reads it: it is a measurement, not a clock the flight runs on.
type frameClock struct {
	times []time.Time
	cpu   []time.Duration // process CPU time at each frame
}

// tick records that a frame has just been drawn, and the CPU time used.
func (c *frameClock) tick(now time.Time, cpu time.Duration) {
	c.times = append(c.times, now)
	c.cpu = append(c.cpu, cpu)
}

// BenchmarkResult is what `spaceflight --benchmark` prints, as one JSON
// object: frame times over the frames after the warm-up.
type BenchmarkResult struct {
	Mission       string  `json:"mission"`
	Quality       string  `json:"quality"`         // graphics quality: "high" or "low"
	Renderer      string  `json:"renderer"`        // GL_RENDERER, when it could be read
	Frames        int     `json:"frames"`          // frames flown (warm-up included)
	Timed         int     `json:"timed"`           // frame intervals timed
	MedianFPS     float64 `json:"median_fps"`      // 1 / median frame time
	MedianFrameMS float64 `json:"median_frame_ms"` // ms
	P99FrameMS    float64 `json:"p99_frame_ms"`    // 99th percentile frame time (ms)
	MeanFPS       float64 `json:"mean_fps"`        // frames timed / time taken
	CPUFrameMS    float64 `json:"cpu_frame_ms"`    // process CPU time per timed frame, all threads (ms): steadier than wall time on a shared machine
	Width         int     `json:"width"`           // window size (px)
	Height        int     `json:"height"`
	Triangles     int     `json:"triangles"` // scene triangles in the last frame
}

// summary fills the frame-time figures of r from the recorded frames.
func (c *frameClock) summary(r *BenchmarkResult) {
	r.Frames = len(c.times)
	first := min(benchWarmup, max(len(c.times)-2, 0))
	ts := c.times[first:]
	if len(ts) < 2 {
		return
	}
	dts := make([]float64, len(ts)-1)
	for i := range dts {
		dts[i] = ts[i+1].Sub(ts[i]).Seconds()
	}
	total := ts[len(ts)-1].Sub(ts[0]).Seconds()
	slices.Sort(dts)
	med := dts[len(dts)/2]
	if len(dts)%2 == 0 {
		med = (dts[len(dts)/2-1] + dts[len(dts)/2]) / 2
	}
	p99 := dts[min(len(dts)-1, int(math.Ceil(0.99*float64(len(dts))))-1)]
	r.Timed = len(dts)
	r.MedianFrameMS = round2(med * 1e3)
	r.P99FrameMS = round2(p99 * 1e3)
	if med > 0 {
		r.MedianFPS = round2(1 / med)
	}
	if total > 0 {
		r.MeanFPS = round2(float64(len(dts)) / total)
	}
	if len(c.cpu) == len(c.times) {
		r.CPUFrameMS = round2((c.cpu[len(c.cpu)-1] - c.cpu[first]).Seconds() * 1e3 / float64(len(dts)))
	}
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// write prints r as one line of JSON.
func (r *BenchmarkResult) write(w io.Writer) error {
	b, err := json.Marshal(r)
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}
