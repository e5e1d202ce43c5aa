package audio_test

import (
	"fmt"
	"os"
	"path/filepath"

	"spaceflight/audio"
)

// A headless run records its soundtrack: one Input per tick into a Recorder.
func ExampleRecorder() {
	f, err := os.Create(filepath.Join(os.TempDir(), "spaceflight-example.wav"))
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.Remove(f.Name())
	defer f.Close()

	rec, err := audio.NewRecorder(f, audio.Config{Seed: 1}, audio.DefaultTickRate)
	if err != nil {
		fmt.Println(err)
		return
	}
	for tick := range 120 { // two seconds at 60 Hz
		in := audio.Input{MainThrottle: 0.8}
		if tick < 10 {
			in.Thrusters = []audio.ThrusterState{{Group: 4, Level: 1, Pan: -0.5}}
		}
		if tick == 60 {
			in.Events = []audio.Event{{Kind: audio.EventTouchdown, Foot: 2}}
		}
		if err := rec.Tick(&in); err != nil {
			fmt.Println(err)
			return
		}
	}
	if err := rec.Close(); err != nil {
		fmt.Println(err)
		return
	}
	st, _ := f.Stat()
	fmt.Println(st.Size(), "bytes:", (st.Size()-44)/4, "stereo 16-bit frames")
	// Output: 384044 bytes: 96000 stereo 16-bit frames
}
