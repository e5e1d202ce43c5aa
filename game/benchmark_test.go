package game

import (
	"bytes"
	"encoding/json"
	"testing"
	"time"
)

// The benchmark's figures come from the frame intervals after the warm-up:
// a steady 10 ms frame with one 50 ms stall reads as 100 FPS median and a
// 99th percentile of 50 ms once there are fewer than 100 intervals.
func TestFrameClockSummary(t *testing.T) {
	var c frameClock
	now := time.Unix(0, 0)
	for i := range benchWarmup + 51 {
		c.tick(now, 0)
		dt := 10 * time.Millisecond
		if i < benchWarmup {
			dt = time.Second // warm-up frames are not timed
		}
		if i == benchWarmup+20 {
			dt = 50 * time.Millisecond
		}
		now = now.Add(dt)
	}
	var r BenchmarkResult
	c.summary(&r)
	if r.Frames != benchWarmup+51 || r.Timed != 50 {
		t.Errorf("frames %d timed %d, want %d and 50", r.Frames, r.Timed, benchWarmup+51)
	}
	if r.MedianFPS != 100 || r.MedianFrameMS != 10 {
		t.Errorf("median %g FPS %g ms, want 100 FPS 10 ms", r.MedianFPS, r.MedianFrameMS)
	}
	if r.P99FrameMS != 50 {
		t.Errorf("p99 %g ms, want 50", r.P99FrameMS)
	}
	var b bytes.Buffer
	if err := r.write(&b); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(b.Bytes(), &back); err != nil {
		t.Fatalf("%v: %s", err, b.String())
	}
	for _, k := range []string{"median_fps", "p99_frame_ms", "frames"} {
		if _, ok := back[k]; !ok {
			t.Errorf("no %q in %s", k, b.String())
		}
	}
}
