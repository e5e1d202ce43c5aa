//go:build !js

package telemetry

import (
	"bytes"
	"encoding/xml"
	"errors"
	"flag"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/plotter"
)

const plotW, plotH = 900, 600

var plotDir = flag.String("plotdir", "", "write the tests' plots to this directory, to look at")

// flightPlot is a plot like the one `spaceflight sim --plot` draws for a
// landing: rates, altitude and speeds over 20 s.
func flightPlot() *Plot {
	p := NewPlot("Landing")
	for i := 0; i <= 2400; i++ {
		t := float64(i) / 120
		p.Add("rates (°/s)", "roll", t, 3*math.Sin(t))
		p.Add("rates (°/s)", "pitch", t, 2*math.Cos(0.7*t))
		p.Add("rates (°/s)", "yaw", t, 0.5*t-5)
		p.Add("altitude (m)", "altitude", t, 60*math.Exp(-t/5))
		p.Add("speeds (m/s)", "vertical (down +)", t, 12*math.Exp(-t/5))
		p.Add("speeds (m/s)", "horizontal", t, 0.3)
	}
	return p
}

// write draws p in format at plotW × plotH pixels, and keeps a copy in
// -plotdir.
func write(t *testing.T, p *Plot, format ImageFormat) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := p.Write(&buf, format, plotW, plotH); err != nil {
		t.Fatal(err)
	}
	if *plotDir != "" {
		os.WriteFile(filepath.Join(*plotDir, t.Name()+"."+string(format)), buf.Bytes(), 0o644)
	}
	return buf.Bytes()
}

// The PNG decodes to an image of the size asked for, with every series'
// colour in it.
func TestPlotPNG(t *testing.T) {
	img, err := png.Decode(bytes.NewReader(write(t, flightPlot(), PNG)))
	if err != nil {
		t.Fatal(err)
	}
	if got := img.Bounds().Size(); got != (image.Point{plotW, plotH}) {
		t.Errorf("image is %v, want %d×%d", got, plotW, plotH)
	}
	for i, c := range palette[:3] {
		n := 0
		for y := range plotH {
			for x := range plotW {
				if near(img.At(x, y), c) {
					n++
				}
			}
		}
		if n < 100 {
			t.Errorf("%d pixels of series colour %d, want a line's worth", n, i)
		}
	}
}

func near(a color.Color, b color.RGBA) bool {
	r, g, bl, _ := a.RGBA()
	d := func(x uint32, y uint8) bool { return max(int(x>>8)-int(y), int(y)-int(x>>8)) <= 8 }
	return d(r, b.R) && d(g, b.G) && d(bl, b.B)
}

// svgText returns the SVG's root size attributes and all its text.
func svgText(t *testing.T, b []byte) (width, height string, texts []string) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(b))
	inText := false
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return width, height, texts
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		switch tok := tok.(type) {
		case xml.StartElement:
			inText = tok.Name.Local == "text"
			if tok.Name.Local == "svg" {
				for _, a := range tok.Attr {
					switch a.Name.Local {
					case "width":
						width = a.Value
					case "height":
						height = a.Value
					}
				}
			}
		case xml.CharData:
			if inText {
				texts = append(texts, string(tok))
			}
		case xml.EndElement:
			inText = false
		}
	}
}

// The SVG is well-formed XML of the size asked for (at 96 pixels per inch)
// and names the figure, every panel, every series and the time axis.
func TestPlotSVG(t *testing.T) {
	p := flightPlot()
	p.Add("range (m)", "range", 0, math.NaN())
	w, h, texts := svgText(t, write(t, p, SVG))
	if want := "675pt"; w != want {
		t.Errorf("width %q, want %q (%d px)", w, want, plotW)
	}
	if want := "450pt"; h != want {
		t.Errorf("height %q, want %q (%d px)", h, want, plotH)
	}
	for _, want := range []string{"Landing", "rates (°/s)", "altitude (m)", "speeds (m/s)", "range (m) — no data",
		"roll", "pitch", "yaw", "altitude", "vertical (down +)", "horizontal", "range", "time (s)"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
}

// A figure without panels, or with panels of nothing to draw, still draws.
func TestPlotEmpty(t *testing.T) {
	p := NewPlot("")
	write(t, p, PNG)
	p.Series("nothing (m)", "x")
	p.Add("infinite (m)", "y", 0, math.Inf(1))
	p.Add("infinite (m)", "y", 1, math.NaN())
	_, _, texts := svgText(t, write(t, p, SVG))
	for _, want := range []string{"nothing (m) — no data", "infinite (m) — no data"} {
		if !slices.Contains(texts, want) {
			t.Errorf("no text %q in %q", want, texts)
		}
	}
}

func TestThinGaps(t *testing.T) {
	var ts, vs []float64
	for i := 0; i <= 1000; i++ {
		tt := float64(i) / 1000
		v := math.Sin(6 * tt)
		switch {
		case tt > 0.4 && tt < 0.6:
			v = math.NaN()
		case i == 800:
			v = 2e300 // too large to draw: a gap of one point
		}
		ts, vs = append(ts, tt), append(vs, v)
	}
	runs := thin(ts, vs, 0, 1, 100)
	if len(runs) != 3 {
		t.Fatalf("%d runs, want 3 (gaps at 0.4…0.6 and 0.8)", len(runs))
	}
	for _, run := range runs {
		for _, xy := range run {
			if xy.X > 0.4 && xy.X < 0.6 || xy.X == 0.8 {
				t.Errorf("point %v in a gap", xy)
			}
		}
	}
	if first, last := runs[0][0].X, runs[2][len(runs[2])-1].X; first != 0 || last != 1 {
		t.Errorf("runs span %g…%g, want 0…1", first, last)
	}
}

// A million points of small noise and one spike: thinning to 1000 columns
// keeps the spike and at most four points per column, in time order.
func TestThinKeepsSpikes(t *testing.T) {
	const n, spike = 1_000_000, 654_321
	ts, vs := make([]float64, n), make([]float64, n)
	for i := range n {
		ts[i], vs[i] = float64(i), 0.01*math.Sin(float64(i)*0.7)
	}
	vs[spike] = 1
	runs := thin(ts, vs, 0, n-1, 1000)
	if len(runs) != 1 {
		t.Fatalf("%d runs, want 1", len(runs))
	}
	run := runs[0]
	if len(run) > 4*1001 {
		t.Errorf("%d points kept for 1000 columns", len(run))
	}
	if !slices.ContainsFunc(run, func(xy plotter.XY) bool { return xy.X == spike && xy.Y == 1 }) {
		t.Error("spike thinned away")
	}
	for i := 1; i < len(run); i++ {
		if run[i].X <= run[i-1].X {
			t.Fatalf("point %d at t = %g after t = %g", i, run[i].X, run[i-1].X)
		}
	}
}

func TestPlotDeterministic(t *testing.T) {
	build := func(last float64, format ImageFormat) []byte {
		p := flightPlot()
		p.Add("speeds (m/s)", "horizontal", 20.01, last)
		var buf bytes.Buffer
		if err := p.Write(&buf, format, 640, 400); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	for _, f := range []ImageFormat{PNG, SVG} {
		a, b := build(0.3, f), build(0.3, f)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: equal plots gave different bytes", f)
		}
		if bytes.Equal(a, build(5, f)) {
			t.Errorf("%s: a different last point gave the same bytes", f)
		}
	}
}

func TestPlotSizeErrors(t *testing.T) {
	many := NewPlot("")
	for i := range 20 {
		many.Add(string(rune('a'+i)), "s", 0, 1)
	}
	for _, tc := range []struct {
		p    *Plot
		w, h int
	}{
		{NewPlot(""), 0, 0},
		{NewPlot(""), -5, 400},
		{NewPlot(""), 100, 100},
		{NewPlot(""), 1 << 20, 400},
		{many, 800, 600},
	} {
		err := tc.p.Write(io.Discard, PNG, tc.w, tc.h)
		if !errors.Is(err, ErrPlotSize) {
			t.Errorf("%d×%d with %d panels: got %v, want ErrPlotSize", tc.w, tc.h, len(tc.p.panels), err)
		}
	}
}

func TestImageFormatFromPath(t *testing.T) {
	for path, want := range map[string]ImageFormat{"a.png": PNG, "dir.x/B.PNG": PNG, "c.svg": SVG, "d.Svg": SVG} {
		if got, err := ImageFormatFromPath(path); got != want || err != nil {
			t.Errorf("%s: %q, %v; want %q", path, got, err, want)
		}
	}
	for _, path := range []string{"a.jpg", "png", "a.png.txt", ""} {
		if _, err := ImageFormatFromPath(path); !errors.Is(err, ErrFormat) {
			t.Errorf("%s: %v, want ErrFormat", path, err)
		}
	}
	if err := NewPlot("").Write(io.Discard, "gif", plotW, plotH); !errors.Is(err, ErrFormat) {
		t.Errorf("Write as gif: %v, want ErrFormat", err)
	}
}

func TestTicks(t *testing.T) {
	for _, tc := range []struct {
		lo, hi float64
		n      int
		want   string // the labels, space-separated
	}{
		{0, 10, 5, "0 2 4 6 8 10"},
		{-0.27, 0.16, 4, "-0.2 -0.1 0 0.1"},
		{0, 86, 8, "0 10 20 30 40 50 60 70 80"},
		{-2.6e-11, 1.7e-11, 4, "-2e-11 -1e-11 0 1e-11"},
		{1.2e6, 3.1e6, 4, "1.5e+06 2e+06 2.5e+06 3e+06"},
		{0.29, 0.71, 4, "0.3 0.4 0.5 0.6 0.7"},
	} {
		var labels []string
		for _, tk := range roundTicks(tc.n, true).Ticks(tc.lo, tc.hi) {
			if tk.Value < tc.lo || tk.Value > tc.hi {
				t.Errorf("%g…%g: tick at %g", tc.lo, tc.hi, tk.Value)
			}
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if got := strings.Join(labels, " "); got != tc.want {
			t.Errorf("%g…%g, about %d: labels %q, want %q", tc.lo, tc.hi, tc.n, got, tc.want)
		}
	}
	// Spans at the limits of float64 give no ticks rather than a hang.
	for _, r := range [][2]float64{{1e20, 1e20 + 1e5}, {-1e300, 1e300}, {1e-310, 2e-310}} {
		if n := len(roundTicks(5, true).Ticks(r[0], r[1])); n > 300 {
			t.Errorf("%g…%g: %d ticks", r[0], r[1], n)
		}
	}
}

func BenchmarkPlotMillion(b *testing.B) {
	p := NewPlot("bench")
	for i := range 1_000_000 {
		p.Add("panel", "v", float64(i)*1e-3, math.Sin(float64(i)*1e-4)+0.01*math.Sin(float64(i)))
	}
	for _, f := range []ImageFormat{PNG, SVG} {
		b.Run(string(f), func(b *testing.B) {
			for b.Loop() {
				if err := p.Write(io.Discard, f, 1200, 800); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
