package telemetry

import (
	"bytes"
	"errors"
	"flag"
	"image"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"testing"
)

const plotW, plotH = 900, 600

var plotDir = flag.String("plotdir", "", "write the tests' plots as PNG files to this directory, to look at")

// render draws p and returns the image and the data rectangle of each panel.
func render(t *testing.T, p *Plot) (*image.RGBA, []image.Rectangle) {
	t.Helper()
	img, err := p.Image(plotW, plotH)
	if err != nil {
		t.Fatal(err)
	}
	f, err := newFaces()
	if err != nil {
		t.Fatal(err)
	}
	l, err := p.layout(plotW, plotH, f)
	if err != nil {
		t.Fatal(err)
	}
	var rects []image.Rectangle
	for _, pl := range l.panels {
		rects = append(rects, pl.rect)
	}
	if *plotDir != "" {
		var buf bytes.Buffer
		p.WritePNG(&buf, plotW, plotH)
		os.WriteFile(filepath.Join(*plotDir, t.Name()+".png"), buf.Bytes(), 0o644)
	}
	return img, rects
}

// pixelsOf lists the pixels in r that have exactly colour c.
func pixelsOf(img *image.RGBA, r image.Rectangle, c color.RGBA) []image.Point {
	var pts []image.Point
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if img.RGBAAt(x, y) == c {
				pts = append(pts, image.Point{x, y})
			}
		}
	}
	return pts
}

// extremeColumn returns the mean column (pixel centre) of the topmost (or
// bottommost) row holding pixels of colour c, and that row.
func extremeColumn(img *image.RGBA, r image.Rectangle, c color.RGBA, top bool) (float64, int) {
	pts := pixelsOf(img, r, c)
	row := pts[0].Y
	if !top {
		row = pts[len(pts)-1].Y
	}
	sum, n := 0.0, 0
	for _, p := range pts {
		if p.Y == row {
			sum += float64(p.X) + 0.5
			n++
		}
	}
	return sum / float64(n), row
}

func TestPlotSinePeak(t *testing.T) {
	// sin(2πt) on [0, 1]: greatest at t = 1/4, least at t = 3/4.
	p := NewPlot("sine")
	for i := 0; i <= 2000; i++ {
		tt := float64(i) / 2000
		p.Add("wave", "sin", tt, math.Sin(2*math.Pi*tt))
	}
	img, rects := render(t, p)
	r := rects[0]
	for _, tc := range []struct {
		top  bool
		frac float64
	}{{true, 0.25}, {false, 0.75}} {
		col, row := extremeColumn(img, r, palette[0], tc.top)
		want := float64(r.Min.X) + tc.frac*float64(r.Dx())
		if math.Abs(col-want) > 1.5 {
			t.Errorf("top=%v: extreme at column %.1f, want %.1f", tc.top, col, want)
		}
		// The auto-scaled range keeps the curve inside, near the edges.
		edge := float64(row-r.Min.Y) / float64(r.Dy())
		if !tc.top {
			edge = float64(r.Max.Y-1-row) / float64(r.Dy())
		}
		if edge <= 0 || edge > 0.1 {
			t.Errorf("top=%v: extreme row %d is %.3f of the height from its edge, want (0, 0.1]", tc.top, row, edge)
		}
	}
}

func TestPlotConstant(t *testing.T) {
	p := NewPlot("")
	for i := 0; i <= 100; i++ {
		p.Add("level (m)", "h", float64(i)/10, 7)
	}
	img, rects := render(t, p)
	r := rects[0]
	pts := pixelsOf(img, r, palette[0])
	if len(pts) == 0 {
		t.Fatal("constant series not drawn")
	}
	mid := float64(r.Min.Y+r.Max.Y) / 2
	cols := map[int]bool{}
	for _, q := range pts {
		if math.Abs(float64(q.Y)+0.5-mid) > 2 {
			t.Fatalf("pixel %v is off the middle row %.1f of %v", q, mid, r)
		}
		cols[q.X] = true
	}
	if len(cols) < r.Dx()*98/100 {
		t.Errorf("line covers %d of %d columns", len(cols), r.Dx())
	}
}

func TestPlotEmpty(t *testing.T) {
	// No panels at all.
	if _, err := NewPlot("nothing").Image(plotW, plotH); err != nil {
		t.Errorf("empty plot: %v", err)
	}
	// An empty panel beside a full one, and a series of only NaN.
	p := NewPlot("")
	p.Add("full", "a", 0, 1)
	p.Add("full", "a", 1, 2)
	p.Panel("empty")
	p.Add("nan", "x", 0, math.NaN())
	p.Add("nan", "x", 1, math.Inf(1))
	img, rects := render(t, p)
	if n := len(pixelsOf(img, rects[0], palette[0])); n == 0 {
		t.Error("full panel has no line")
	}
	for _, r := range rects[1:] {
		for _, c := range palette[:3] {
			if n := len(pixelsOf(img, r, c)); n != 0 {
				t.Errorf("empty panel %v has %d pixels of a series colour", r, n)
			}
		}
	}
}

func TestPlotNaNGap(t *testing.T) {
	p := NewPlot("")
	for i := 0; i <= 1000; i++ {
		tt := float64(i) / 1000
		v := math.Sin(6 * tt)
		if tt > 0.4 && tt < 0.6 {
			v = math.NaN()
		}
		p.Add("gappy", "v", tt, v)
	}
	img, rects := render(t, p)
	r := rects[0]
	x := func(tt float64) int { return r.Min.X + int(tt*float64(r.Dx())) }
	pts := pixelsOf(img, r, palette[0])
	inGap, left, right := 0, 0, 0
	for _, q := range pts {
		switch {
		case q.X > x(0.4)+3 && q.X < x(0.6)-3:
			inGap++
		case q.X < x(0.4):
			left++
		case q.X > x(0.6):
			right++
		}
	}
	if inGap != 0 || left == 0 || right == 0 {
		t.Errorf("pixels in the gap %d (want 0), left of it %d, right %d (want > 0)", inGap, left, right)
	}
}

func TestPlotKeepsSpikes(t *testing.T) {
	// A million points of small noise and one spike: the min/max per
	// column must keep the spike.
	const n = 1_000_000
	const spike = 654_321
	p := NewPlot("")
	s := p.Series("noise", "v")
	s.Grow(n)
	for i := range n {
		v := 0.01 * math.Sin(float64(i)*0.7)
		if i == spike {
			v = 1
		}
		s.Add(float64(i), v)
	}
	img, rects := render(t, p)
	r := rects[0]
	col, row := extremeColumn(img, r, palette[0], true)
	want := float64(r.Min.X) + float64(spike)/(n-1)*float64(r.Dx())
	if math.Abs(col-want) > 1.5 || row > r.Min.Y+r.Dy()/10 {
		t.Errorf("spike drawn at column %.1f row %d, want column %.1f near the top of %v", col, row, want, r)
	}
}

func TestPlotDeterministic(t *testing.T) {
	build := func(last float64) []byte {
		p := NewPlot("determinism")
		for i := 0; i <= 500; i++ {
			tt := float64(i) * 0.02
			p.Add("a (m)", "x", tt, math.Sin(tt))
			p.Add("a (m)", "y", tt, math.Cos(tt*1.3))
			p.Add("b (m/s)", "z", tt, tt*tt)
		}
		p.Add("b (m/s)", "z", 10.02, last)
		var buf bytes.Buffer
		if err := p.WritePNG(&buf, 640, 400); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	a, b := build(100), build(100)
	if !bytes.Equal(a, b) {
		t.Error("equal plots gave different PNG bytes")
	}
	if bytes.Equal(a, build(150)) {
		t.Error("a different last point gave the same PNG bytes")
	}
}

func TestPlotSizeErrors(t *testing.T) {
	many := NewPlot("")
	for i := range 40 {
		many.Add(string(rune('a'+i%26))+string(rune('0'+i/26)), "s", 0, 1)
	}
	for _, tc := range []struct {
		p    *Plot
		w, h int
	}{
		{NewPlot(""), 0, 0},
		{NewPlot(""), -5, 400},
		{NewPlot(""), 100, 100},
		{NewPlot(""), 1 << 20, 400},
		{many, 800, 300},
	} {
		err := tc.p.WritePNG(io.Discard, tc.w, tc.h)
		if !errors.Is(err, ErrPlotSize) {
			t.Errorf("%d×%d with %d panels: got %v, want ErrPlotSize", tc.w, tc.h, len(tc.p.panels), err)
		}
	}
}

func TestTickLabels(t *testing.T) {
	for _, tc := range []struct {
		v, step, big float64
		want         string
	}{
		{0, 1, 10, "0"},
		{1e-17, 0.1, 1, "0"},
		{0.30000000000000004, 0.1, 1, "0.3"},
		{-2.5, 0.5, 3, "-2.5"},
		{20, 5, 100, "20"},
		{1200, 200, 1300, "1200"},
		{0.002, 0.001, 0.01, "0.002"},
		{2.5e6, 5e5, 3e6, "2.5e+06"},
		{3e-5, 1e-5, 4e-5, "3e-05"},
	} {
		if got := tickLabel(tc.v, tc.step, tc.big); got != tc.want {
			t.Errorf("tickLabel(%v, %v, %v) = %q, want %q", tc.v, tc.step, tc.big, got, tc.want)
		}
	}
	for _, tc := range []struct {
		span float64
		n    int
		want float64
	}{{10, 5, 2}, {10, 4, 5}, {1, 10, 0.1}, {7, 3, 5}, {0.03, 3, 0.01}, {100, 1, 100}} {
		if got := niceStep(tc.span, tc.n); math.Abs(got-tc.want) > 1e-12*tc.want {
			t.Errorf("niceStep(%v, %d) = %v, want %v", tc.span, tc.n, got, tc.want)
		}
	}
}

func BenchmarkPlotMillion(b *testing.B) {
	p := NewPlot("bench")
	s := p.Series("panel", "v")
	s.Grow(1_000_000)
	for i := range 1_000_000 {
		s.Add(float64(i)*1e-3, math.Sin(float64(i)*1e-4)+0.01*math.Sin(float64(i)))
	}
	b.Run("image", func(b *testing.B) {
		for b.Loop() {
			if _, err := p.Image(1200, 800); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("png", func(b *testing.B) {
		for b.Loop() {
			if err := p.WritePNG(io.Discard, 1200, 800); err != nil {
				b.Fatal(err)
			}
		}
	})
}
