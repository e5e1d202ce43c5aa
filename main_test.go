package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"maps"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestMain lets a test run this very binary as the game: with
// SPACEFLIGHT_RUN_MAIN=1 in the environment it runs main's code instead of
// the tests, so the rendering test exercises the real program.
func TestMain(m *testing.M) {
	if os.Getenv("SPACEFLIGHT_RUN_MAIN") == "1" {
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// needDisplay skips a rendering test when there is no display, except in CI
// (CI=true), where a rendering test that cannot render fails.
func needDisplay(t *testing.T) {
	t.Helper()
	if os.Getenv("DISPLAY") != "" {
		return
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no DISPLAY in CI: rendering tests must run under xvfb-run (make test does this)")
	}
	t.Skip("no DISPLAY; run under xvfb-run (make test does this)")
}

func runSelf(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "SPACEFLIGHT_RUN_MAIN=1", "XDG_DATA_HOME="+t.TempDir())
	var o, e bytes.Buffer
	cmd.Stdout, cmd.Stderr = &o, &e
	err := cmd.Run()
	code = cmd.ProcessState.ExitCode()
	if err != nil && code < 0 {
		t.Fatalf("running the game: %v\n%s", err, e.String())
	}
	return o.String(), e.String(), code
}

// screenshot runs the game in the window with args plus --screenshot and
// returns the image it wrote. It needs a display.
func screenshot(t *testing.T, args ...string) image.Image {
	t.Helper()
	needDisplay(t)
	out := filepath.Join(t.TempDir(), "shot.png")
	_, stderr, code := runSelf(t, append(args, "--screenshot", out)...)
	if code != 0 {
		t.Fatalf("exit code %d, stderr:\n%s", code, stderr)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return img
}

// TestScreenshotPixels renders the first slice for real and checks pixels:
// the craft's colour near the centre, dark sky in the corners away from the
// HUD, and bright text pixels in the HUD panel at the top left.
func TestScreenshotPixels(t *testing.T) {
	img := screenshot(t, "--frames", "30")
	b := img.Bounds()
	if b.Dx() != 1280 || b.Dy() != 720 {
		t.Fatalf("screenshot is %dx%d, want 1280x720", b.Dx(), b.Dy())
	}
	rgb := func(x, y int) (r, g, b float64) {
		R, G, B, _ := img.At(x, y).RGBA()
		return float64(R >> 8), float64(G >> 8), float64(B >> 8)
	}
	count := func(r image.Rectangle, pred func(r, g, b float64) bool) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				if pred(rgb(x, y)) {
					n++
				}
			}
		}
		return n
	}
	mean := func(r image.Rectangle) float64 {
		var s float64
		for y := r.Min.Y; y < r.Max.Y; y++ {
			for x := r.Min.X; x < r.Max.X; x++ {
				R, G, B := rgb(x, y)
				s += (R + G + B) / 3
			}
		}
		return s / float64(r.Dx()*r.Dy())
	}

	// The craft is golden: red and green well above blue.
	centre := image.Rect(540, 260, 740, 460)
	golden := func(r, g, b float64) bool { return r > 50 && r > 1.6*b && g > 1.3*b }
	if n := count(centre, golden); n < 500 {
		t.Errorf("craft: %d golden pixels near the centre, want ≥ 500", n)
	}
	// The corners away from the HUD show no craft: the top one is dark sky
	// (a few stars allowed), the bottom ones the night side of the Earth
	// below, dark too.
	for i, c := range []image.Rectangle{
		image.Rect(1180, 0, 1280, 100), image.Rect(1180, 620, 1280, 720), image.Rect(900, 600, 1000, 700),
	} {
		limit := 25.0
		if i > 0 {
			limit = 60
		}
		if m := mean(c); m > limit {
			t.Errorf("corner %v: mean brightness %.1f, want dark (≤ %g)", c, m, limit)
		}
		if n := count(c, golden); n > 0 {
			t.Errorf("corner %v: %d craft-coloured pixels, want none", c, n)
		}
	}
	// HUD text: bright, nearly grey pixels in the rates panel.
	hud := image.Rect(10, 10, 310, 180)
	text := func(r, g, b float64) bool { return r > 170 && g > 170 && b > 170 }
	if n := count(hud, text); n < 300 {
		t.Errorf("HUD: %d text pixels in the panel, want ≥ 300", n)
	}
}

// TestBenchmarkCommand runs --benchmark for a few frames: it prints one
// JSON object with the frame figures (their values depend on the machine;
// only their consistency is checked).
func TestBenchmarkCommand(t *testing.T) {
	needDisplay(t)
	stdout, stderr, code := runSelf(t, "--mission", "land", "--autopilot", "--mute", "--frames", "40", "--benchmark")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Frames     int     `json:"frames"`
		Timed      int     `json:"timed"`
		MedianFPS  float64 `json:"median_fps"`
		MedianMS   float64 `json:"median_frame_ms"`
		P99FrameMS float64 `json:"p99_frame_ms"`
		Width      int     `json:"width"`
		Triangles  int     `json:"triangles"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("output is not one JSON object: %v\n%s", err, stdout)
	}
	if res.Frames != 40 || res.Timed < 20 {
		t.Errorf("frames %d, timed %d; want 40 frames and at least 20 timed", res.Frames, res.Timed)
	}
	if !(res.MedianFPS > 0) || res.P99FrameMS < res.MedianMS || res.Width != 1280 || res.Triangles == 0 {
		t.Errorf("inconsistent figures: %+v", res)
	}
}

// TestNoDisplay: without a display the game exits non-zero with one line
// that names both ways forward.
func TestNoDisplay(t *testing.T) {
	cmd := exec.Command(os.Args[0])
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DISPLAY=") && !strings.HasPrefix(kv, "WAYLAND_DISPLAY=") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(env, "SPACEFLIGHT_RUN_MAIN=1")
	var e bytes.Buffer
	cmd.Stderr = &e
	err := cmd.Run()
	if err == nil {
		t.Fatal("exit code 0 without a display, want non-zero")
	}
	msg := strings.TrimSpace(e.String())
	if strings.Count(msg, "\n") != 0 {
		t.Errorf("message has %d lines, want 1:\n%s", strings.Count(msg, "\n")+1, msg)
	}
	for _, want := range []string{"xvfb-run make play", "spaceflight sim"} {
		if !strings.Contains(msg, want) {
			t.Errorf("message %q does not name %q", msg, want)
		}
	}
}

// TestSimCommand runs the headless simulator and checks its JSON result: a
// torque-free tumble keeps |L| and E to 1e-5 over 120 s.
func TestSimCommand(t *testing.T) {
	stdout, stderr, code := runSelf(t, "sim", "tumble", "--duration", "120")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var res struct {
		Steps  uint64  `json:"steps"`
		LDrift float64 `json:"angular_momentum_drift"`
		EDrift float64 `json:"energy_drift"`
		Hash   string  `json:"state_hash"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, stdout)
	}
	if res.Steps != 7200 {
		t.Errorf("steps = %d, want 7200", res.Steps)
	}
	if res.LDrift > 1e-5 || res.EDrift > 1e-5 {
		t.Errorf("drift |ΔL|/|L| = %g, |ΔE|/E = %g, want ≤ 1e-5", res.LDrift, res.EDrift)
	}
	again, _, _ := runSelf(t, "sim", "tumble", "--duration", "120")
	var res2 struct {
		Hash string `json:"state_hash"`
	}
	json.Unmarshal([]byte(again), &res2)
	if res2.Hash != res.Hash || res.Hash == "" {
		t.Errorf("state hash %q then %q: two identical runs must agree", res.Hash, res2.Hash)
	}
}

// The headless simulator renders a flight's soundtrack without a sound
// card: a WAV file with sound in it while the thrusters fire, and the
// windowed game (TestScreenshotPixels) runs with no device as well.
func TestSimAudioOut(t *testing.T) {
	wav := filepath.Join(t.TempDir(), "tumble.wav")
	_, stderr, code := runSelf(t, "sim", "tumble", "--autopilot", "--audio-out", wav)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(wav)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 44 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatalf("not a WAV file (%d bytes)", len(b))
	}
	// 10 s of flight at 48 kHz, 16-bit stereo.
	if len(b) < 10*48000*4 {
		t.Errorf("WAV holds %d bytes, want ≥ %d for 10 s", len(b), 10*48000*4)
	}
	loud := 0
	for i := 44; i+1 < len(b); i += 2 {
		if v := int16(uint16(b[i]) | uint16(b[i+1])<<8); v > 300 || v < -300 {
			loud++
		}
	}
	if loud < 1000 {
		t.Errorf("only %d audible samples: the thrusters should be heard", loud)
	}
}

// A mission flown to its end in the window shows the results page (and
// writes no score or replay in screenshot mode).
func TestScreenshotResultsPage(t *testing.T) {
	img := screenshot(t, "--mission", "tumble", "--autopilot", "--warp", "16", "--frames", "80")
	// The results page's success marker and title are bright green and
	// light blue over a dimmed scene: count green text pixels in the panel.
	green := 0
	for y := 140; y < 180; y++ {
		for x := 490; x < 800; x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if g>>8 > 150 && r>>8 < 120 && b>>8 < 140 {
				green++
			}
		}
	}
	if green < 100 {
		t.Errorf("%d green pixels where the SUCCESS line should be, want ≥ 100", green)
	}
}

// The landing scene puts things where they belong: the golden lander near
// the centre, the light-grey pad below it, dark sky above the horizon, the
// landing panel's text at the top right.
func TestLandingScene(t *testing.T) {
	img := screenshot(t, "--mission", "game/flight/testdata/missions/landed.toml", "--frames", "20")
	rgb := func(x, y int) (r, g, b float64) {
		R, G, B, _ := img.At(x, y).RGBA()
		return float64(R >> 8), float64(G >> 8), float64(B >> 8)
	}
	count := func(r image.Rectangle, pred func(r, g, b float64) bool) int {
		n := 0
		for y := r.Min.Y; y < r.Max.Y; y += 2 {
			for x := r.Min.X; x < r.Max.X; x += 2 {
				if pred(rgb(x, y)) {
					n++
				}
			}
		}
		return n
	}
	hull := func(r, g, b float64) bool { return r > 60 && r > 1.3*b && g > 1.1*b && r-b > 25 }
	if n := count(image.Rect(540, 260, 740, 420), hull); n < 300 {
		t.Errorf("lander: %d hull-coloured samples near the centre, want ≥ 300", n)
	}
	dark := func(r, g, b float64) bool { return r+g+b < 90 }
	// Between the status strip and the horizon: the camera frames the
	// lander and the pad in the safe area, looking down on them.
	if n := count(image.Rect(400, 90, 900, 124), dark); n < 2500 {
		t.Errorf("sky: %d dark samples above the horizon, want ≥ 2500 of 4250", n)
	}
	text := func(r, g, b float64) bool { return r > 170 && g > 170 && b > 170 }
	if n := count(image.Rect(960, 10, 1270, 175), text); n < 30 {
		t.Errorf("landing panel: %d text samples at the top right, want ≥ 30", n)
	}
	// The pad is below the lander: a light, nearly grey surface or its
	// yellow markings fill much of the lower middle.
	pad := func(r, g, b float64) bool {
		grey := r > 120 && math.Abs(r-b) < 30 && math.Abs(g-b) < 30
		yellow := r > 180 && g > 140 && b < 90
		return grey || yellow
	}
	if n := count(image.Rect(300, 560, 980, 700), pad); n < 3000 {
		t.Errorf("pad: %d pad samples below the lander, want ≥ 3000", n)
	}
}

// A scripted run (--screenshot) writes its image and nothing else: a
// broken settings file, a corrupt scores file and the leftovers of killed
// saves are all left exactly as they were, though the flight is decided
// and the results page shown.
func TestScreenshotRunLeavesNoTrace(t *testing.T) {
	needDisplay(t)
	config, data := t.TempDir(), t.TempDir()
	old := time.Now().Add(-time.Hour)
	for path, text := range map[string]string{
		filepath.Join(config, "spaceflight", "settings.toml"):         "[audio]\nmute = \"yes\"\n",
		filepath.Join(config, "spaceflight", ".settings.toml.tmp123"): "half a settings file",
		filepath.Join(data, "spaceflight", "scores.json"):             "{not json",
		filepath.Join(data, "spaceflight", ".scores.json.tmp456"):     "half a scores file",
	} {
		os.MkdirAll(filepath.Dir(path), 0o755)
		os.WriteFile(path, []byte(text), 0o644)
		os.Chtimes(path, old, old)
	}
	snapshot := func() map[string]string {
		files := map[string]string{}
		for _, root := range []string{config, data} {
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					b, _ := os.ReadFile(p)
					fi, _ := d.Info()
					files[p] = fmt.Sprintf("%s %v", b, fi.ModTime())
				}
				return err
			})
		}
		return files
	}
	before := snapshot()
	out := filepath.Join(t.TempDir(), "shot.png")
	cmd := exec.Command(os.Args[0], "--mission", "tumble", "--autopilot", "--warp", "16", "--frames", "80", "--screenshot", out)
	cmd.Env = append(os.Environ(), "SPACEFLIGHT_RUN_MAIN=1", "XDG_DATA_HOME="+data, "XDG_CONFIG_HOME="+config)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, b)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatalf("no screenshot: %v", err)
	}
	if after := snapshot(); !maps.Equal(before, after) {
		t.Errorf("the run changed files:\nbefore %v\nafter  %v", before, after)
	}
}

// A step outside 1/2000…1/10 s is refused with exit code 2 before
// anything flies, by every command that takes --dt (issue 27, item 2).
func TestBadDtExit2(t *testing.T) {
	for _, args := range [][]string{
		{"--dt", "0.5"},
		{"--dt", "1e-9", "--mission", "tumble"},
		{"hangar", "box", "--dt", "1e-300"},
		{"sim", "tumble", "--dt", "1e-300"},
		{"sim", "tumble", "--dt", "1e-9", "--duration", "1e-6"},
	} {
		stdout, stderr, code := runSelf(t, args...)
		if code != 2 || stdout != "" || !strings.Contains(stderr, "1/2000") {
			t.Errorf("spaceflight %q: exit %d, stdout %q, stderr %q; want 2 and the range", args, code, stdout, stderr)
		}
	}
}

// --screenshot to what is not a regular file (here a link to /dev/full)
// is refused with exit code 3 before a frame is drawn, in the game and
// the hangar, and what is there is left alone (issue 27, item 11).
func TestScreenshotRefusesSpecialFile(t *testing.T) {
	if _, err := os.Stat("/dev/full"); err != nil {
		t.Skip("no /dev/full here")
	}
	link := filepath.Join(t.TempDir(), "shot.png")
	os.Symlink("/dev/full", link)
	for _, args := range [][]string{{"--screenshot", link}, {"hangar", "box", "--screenshot", link}} {
		_, stderr, code := runSelf(t, args...)
		if code != 3 || !strings.Contains(stderr, "not a regular file: it is a device") {
			t.Errorf("spaceflight %q: exit %d, %q; want 3 and the refusal", args, code, stderr)
		}
	}
	if target, err := os.Readlink(link); err != nil || target != "/dev/full" {
		t.Errorf("the link was replaced: %q, %v", target, err)
	}
}
