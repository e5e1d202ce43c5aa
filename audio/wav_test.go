package audio

import (
	"bytes"
	"flag"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/gopxl/beep/v2/wav"
)

var listenDir = flag.String("listen", "", "keep the listen-check WAV files in `DIR`")

// decodeWAV reads a WAV file with beep's decoder (an independent reader) and checks the
// format.
func decodeWAV(t *testing.T, path string) [][2]float64 {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, format, err := wav.Decode(f)
	if err != nil {
		t.Fatalf("beep cannot decode %s: %v", path, err)
	}
	if format.SampleRate != SampleRate || format.NumChannels != 2 || format.Precision != 2 {
		t.Fatalf("format %+v, want 48000 Hz, 2 channels, 16 bit", format)
	}
	var out [][2]float64
	buf := make([][2]float64, 4096)
	for {
		n, ok := st.Stream(buf)
		out = append(out, buf[:n]...)
		if !ok {
			break
		}
	}
	return out
}

// TestRenderWAV: the file decodes, has one tick's frames per input, matches the float
// render to 16-bit precision, and is byte-identical for the same seed.
func TestRenderWAV(t *testing.T) {
	dir := t.TempDir()
	in := busy(45)
	write := func(name string, seed uint64) []byte {
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := RenderWAV(f, in, DefaultTickRate, Config{Seed: seed}); err != nil {
			t.Fatal(err)
		}
		if err := f.Close(); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		return b
	}
	a, b, c := write("a.wav", 5), write("b.wav", 5), write("c.wav", 6)
	if !bytes.Equal(a, b) {
		t.Error("two renders with the same seed differ")
	}
	if bytes.Equal(a, c) {
		t.Error("renders with different seeds are identical")
	}
	got := decodeWAV(t, filepath.Join(dir, "a.wav"))
	if want := 45 * SampleRate / DefaultTickRate; len(got) != want {
		t.Fatalf("%d frames, want %d", len(got), want)
	}
	ref := render(t, 5, in)
	for i := range got {
		for ch := range 2 {
			if d := math.Abs(got[i][ch] - ref[i][ch]); d > 1.0/32767 {
				t.Fatalf("frame %d ch %d: WAV %.6f, float render %.6f", i, ch, got[i][ch], ref[i][ch])
			}
		}
	}
	if _, err := NewRecorder(nil, Config{}, -1); err == nil {
		t.Error("NewRecorder accepted tick rate −1")
	}
}

// TestListen renders each sound to a WAV (kept with -listen DIR), reads it back with beep
// and reports its level: the file is what a listener would hear.
func TestListen(t *testing.T) {
	dir := *listenDir
	if dir == "" {
		dir = t.TempDir()
	} else if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, c := range soundCases() {
		path := filepath.Join(dir, c.name+".wav")
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := RenderWAV(f, c.inputs, DefaultTickRate, Config{Seed: 1}); err != nil {
			t.Fatal(err)
		}
		f.Close()
		x := decodeWAV(t, path)
		w := x[int(c.from*SampleRate):int(c.to*SampleRate)]
		db := dBFS(rms(w))
		t.Logf("%-14s %5.2f s  peak %.3f  RMS %6.1f dBFS  centroid %5.0f Hz", c.name+".wav",
			float64(len(x))/SampleRate, peak(x), db, centroid(w, SampleRate))
		if peak(x) > 1 || db < c.minDB || db > c.maxDB {
			t.Errorf("%s: peak %.3f, RMS %.1f dBFS, want ≤ 1 and %v..%v", c.name, peak(x), db, c.minDB, c.maxDB)
		}
	}
}
