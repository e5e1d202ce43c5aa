//go:build !js

package telemetry

// Drawing a Plot with gonum.org/v1/plot. The browser build leaves it out
// (plot_js.go): the page never draws plots, and gonum's plot and fonts are
// a large part of a download.

import (
	"fmt"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	xfont "golang.org/x/image/font"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// dpi relates the image's pixels to gonum's points (1/72 inch): text
// sizes in points then look as they do in a browser.
const dpi = 96

// Write draws the plot, width × height pixels, to w as a PNG or an SVG
// image. Equal plots give equal bytes.
func (p *Plot) Write(w io.Writer, format ImageFormat, width, height int) error {
	n := max(len(p.panels), 1)
	if width < MinPlotWidth || height < MinPlotHeight || width > MaxPlotSide || height > MaxPlotSide || height/n < minPanelHeight {
		return fmt.Errorf("%w: %d×%d pixels for %d panels, want %d…%d × %d…%d and %d per panel", ErrPlotSize,
			width, height, len(p.panels), MinPlotWidth, MaxPlotSide, MinPlotHeight, MaxPlotSide, minPanelHeight)
	}
	wPt, hPt := vg.Length(width)*vg.Inch/dpi, vg.Length(height)*vg.Inch/dpi
	var canvas vg.CanvasWriterTo
	switch format {
	case PNG:
		canvas = vgimg.PngCanvas{Canvas: vgimg.NewWith(vgimg.UseWH(wPt, hPt), vgimg.UseDPI(dpi))}
	case SVG:
		canvas = vgsvg.NewWith(vgsvg.UseWH(wPt, hPt))
	default:
		return fmt.Errorf("%w: %q (want png or svg)", ErrFormat, format)
	}
	p.draw(draw.New(canvas))
	_, err := canvas.WriteTo(w)
	return err
}

// Okabe & Ito's colours, which stay distinct for the common forms of
// colour blindness, darkest first so lines read on white; and dash
// patterns, so that series differ without colour too.
var (
	palette = []color.RGBA{
		{0x00, 0x72, 0xB2, 0xFF}, // blue
		{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
		{0x00, 0x9E, 0x73, 0xFF}, // bluish green
		{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
		{0xE6, 0x9F, 0x00, 0xFF}, // orange
		{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	}
	dashes = [][]vg.Length{nil, {7, 4}, {2, 3}, {8, 3, 2, 3}}
)

// sans is the figure's typeface at a size (points) and weight.
func sans(size vg.Length, weight xfont.Weight) font.Font {
	return font.Font{Typeface: "Liberation", Variant: "Sans", Weight: weight, Size: size}
}

// draw lays out the figure on c: the title, the panels one above the
// other, and each panel's legend to the right of it.
func (p *Plot) draw(c draw.Canvas) {
	c.SetColor(color.White)
	c.Fill(c.Rectangle.Path())
	pad := vg.Points(8)
	if p.Title != "" {
		st := text.Style{Color: color.Black, Font: sans(13, xfont.WeightBold), Handler: plot.DefaultTextHandler,
			XAlign: draw.XCenter, YAlign: draw.YTop}
		c.FillText(st, vg.Point{X: c.Center().X, Y: c.Max.Y - pad}, p.Title)
		c.Max.Y -= st.Height(p.Title) + pad
	}

	t0, t1 := p.timeRange()
	panels := p.panels
	if len(panels) == 0 {
		panels = []*panel{{}}
	}
	plots := make([][]*plot.Plot, len(panels))
	legends := make([]plot.Legend, len(panels))
	legendW := vg.Length(0)
	px := func(l vg.Length) int { return int(l/vg.Inch*dpi) + 1 }
	for i, pn := range panels {
		pl, lg := p.panelPlot(pn, t0, t1, px(c.Size().X), px(c.Size().Y)/len(panels), i == len(panels)-1)
		plots[i], legends[i] = []*plot.Plot{pl}, lg
		legendW = max(legendW, lg.Rectangle(c).Size().X)
	}
	// The legends get a fifth more room than Liberation Sans needs: an SVG
	// viewer without it substitutes a wider face.
	legendX := c.Max.X - pad - legendW*6/5
	tiles := draw.Tiles{Rows: len(panels), Cols: 1, PadY: pad, PadTop: pad, PadBottom: pad / 2, PadLeft: pad,
		PadRight: c.Max.X - legendX + pad}
	for i, tile := range plot.Align(plots, tiles, c) {
		plots[i][0].Draw(tile[0])
		legends[i].Draw(draw.Canvas{Canvas: c.Canvas, Rectangle: vg.Rectangle{
			Min: vg.Point{X: legendX, Y: tile[0].Min.Y},
			Max: vg.Point{X: c.Max.X - pad, Y: tile[0].Max.Y - pad},
		}})
	}
}

// timeRange returns the first and last usable time of all series.
func (p *Plot) timeRange() (t0, t1 float64) {
	t0, t1 = 0, 1
	first := true
	for _, pn := range p.panels {
		for _, s := range pn.series {
			for _, t := range s.t {
				if usable(t) {
					if first {
						t0, t1, first = t, t, false
					}
					t0, t1 = min(t0, t), max(t1, t)
				}
			}
		}
	}
	if t1 == t0 {
		t1 = t0 + 1
	}
	return t0, t1
}

// panelPlot makes the plot of one panel over [t0, t1], its data thinned to
// what columns pixel columns can show, and its legend; rows is about its
// height in pixels. Only the bottom panel labels the time axis.
func (p *Plot) panelPlot(pn *panel, t0, t1 float64, columns, rows int, bottom bool) (*plot.Plot, plot.Legend) {
	pl := plot.New()
	pl.Title.Text, pl.Title.TextStyle.Font = pn.name, sans(11, xfont.WeightBold)
	pl.Title.Padding = vg.Points(4)
	for _, a := range []*plot.Axis{&pl.X, &pl.Y} {
		a.Tick.Label.Font = sans(9, xfont.WeightNormal)
		a.Label.TextStyle.Font = sans(10, xfont.WeightNormal)
		a.Padding = 0
	}
	pl.X.Min, pl.X.Max = t0, t1
	pl.X.Tick.Marker = roundTicks(columns/100, bottom)
	pl.Y.Tick.Marker = roundTicks(rows/60, true)
	if bottom {
		pl.X.Label.Text = p.XLabel
		if pl.X.Label.Text == "" {
			pl.X.Label.Text = "time (s)"
		}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color = color.Gray{0xE0}
	grid.Horizontal.Color = color.Gray{0xE0}
	pl.Add(grid)

	lg := plot.NewLegend()
	lg.TextStyle.Font, lg.Top, lg.Left, lg.Padding = sans(10, xfont.WeightNormal), true, true, vg.Points(3)
	lo, hi := 0.0, 0.0
	empty := true
	for i, s := range pn.series {
		style := draw.LineStyle{Color: palette[i%len(palette)], Width: vg.Points(1.5), Dashes: dashes[i%len(dashes)]}
		for _, run := range thin(s.t, s.v, t0, t1, columns) {
			for _, xy := range run {
				if empty {
					lo, hi, empty = xy.Y, xy.Y, false
				}
				lo, hi = min(lo, xy.Y), max(hi, xy.Y)
			}
			pl.Add(&plotter.Line{XYs: run, LineStyle: style})
		}
		lg.Add(s.name, &plotter.Line{LineStyle: style})
	}
	if empty {
		if pl.Title.Text != "" {
			pl.Title.Text += " — "
		}
		pl.Title.Text += "no data"
		lo, hi = 0, 1
	}
	// A twentieth of the span free above and below, so no line runs along
	// the frame; a constant sits in the middle.
	span := hi - lo
	if span == 0 {
		span = max(1, abs(lo))
	}
	pl.Y.Min, pl.Y.Max = lo-span/20, hi+span/20
	return pl, lg
}

func abs(x float64) float64 { return max(x, -x) }

// roundTicks marks about n round values — 1, 2 or 5 × 10^k apart, so zero
// is among them when in range — labelled if label is set, and the
// midpoints between them. (gonum's DefaultTicks labels only about three.)
func roundTicks(n int, label bool) plot.Ticker {
	return plot.TickerFunc(func(lo, hi float64) []plot.Tick {
		raw := (hi - lo) / float64(max(n, 2))
		mag := math.Pow(10, math.Floor(math.Log10(raw)))
		step := mag
		for _, m := range []float64{2, 5, 10} { // the nearest on a log scale
			if math.Abs(math.Log(m*mag/raw)) < math.Abs(math.Log(step/raw)) {
				step = m * mag
			}
		}
		if !(step > 0) || (hi-lo)/step > 100 { // spans near the limits of float64
			return nil
		}
		var ticks []plot.Tick
		first := math.Ceil(lo/step - 0.5)
		for k := range int((hi-lo)/step) + 2 {
			v := (first + float64(k)) * step
			if v >= lo && v <= hi {
				t := plot.Tick{Value: v}
				if label {
					t.Label = tickLabel(v, step)
				}
				ticks = append(ticks, t)
			}
			if m := v + step/2; m >= lo && m <= hi {
				ticks = append(ticks, plot.Tick{Value: m})
			}
		}
		return ticks
	})
}

// tickLabel writes v, a multiple of step, with no more digits than step
// needs: "0.3", not "0.30000000000000004"; "2.5e+06" for large or small
// values.
func tickLabel(v, step float64) string {
	if abs(v) < step/2 {
		return "0"
	}
	if big := max(abs(v), step); big >= 1e6 || step < 1e-4 {
		digits := int(math.Floor(math.Log10(big))-math.Floor(math.Log10(step))) + 1
		return strconv.FormatFloat(v, 'g', digits, 64)
	}
	return strconv.FormatFloat(v, 'f', max(0, -int(math.Floor(math.Log10(step)))), 64)
}

// maxMagnitude is the largest value drawn; anything larger leaves a gap.
const maxMagnitude = 1e300

func usable(x float64) bool { return x >= -maxMagnitude && x <= maxMagnitude }

// thin splits a series into runs of usable points and keeps of each of n
// equal time buckets of [t0, t1] only its first, least, greatest and last
// point, in time order: all that n pixel columns can show, spikes included.
func thin(t, v []float64, t0, t1 float64, n int) []plotter.XYs {
	var runs []plotter.XYs
	var run plotter.XYs
	bucket, keep := -1, make([]int, 0, 4)
	var first, lo, hi, last int
	flush := func() {
		if bucket >= 0 {
			keep = append(keep[:0], first, lo, hi, last)
			slices.Sort(keep)
			for _, i := range slices.Compact(keep) {
				run = append(run, plotter.XY{X: t[i], Y: v[i]})
			}
		}
		bucket = -1
	}
	for i := range t {
		if !usable(t[i]) || !usable(v[i]) {
			flush()
			if len(run) > 0 {
				runs, run = append(runs, run), nil
			}
			continue
		}
		if b := int(float64(n) * (t[i] - t0) / (t1 - t0)); b != bucket {
			flush()
			bucket, first, lo, hi = b, i, i, i
		}
		if v[i] < v[lo] {
			lo = i
		}
		if v[i] > v[hi] {
			hi = i
		}
		last = i
	}
	flush()
	if len(run) > 0 {
		runs = append(runs, run)
	}
	return runs
}
