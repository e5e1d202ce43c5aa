package telemetry

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"strconv"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Plot is a figure of panels stacked top to bottom that share one time
// axis. Each panel has its own y axis and a legend of its named series.
// Panels and series appear in the order they were first named.
//
// Values that are NaN, ±Inf or larger than 1e300 in magnitude leave a gap
// in their line. Add points in increasing time: each is joined to the one
// added before it. A Plot is not safe for concurrent use.
type Plot struct {
	Title  string // drawn centred at the top; may be empty
	XLabel string // label of the time axis; "time (s)" when empty

	panels []*panel
	last   *Series // Add's cache of the series it used last
}

type panel struct {
	name   string
	series []*Series
}

// Series is one named line of a panel: values v over time t (s).
type Series struct {
	panel, name string
	t, v        []float64
}

// NewPlot returns an empty plot with the given title.
func NewPlot(title string) *Plot { return &Plot{Title: title} }

// Panel adds a panel named name (its title, with the unit: "speeds (m/s)")
// if there is none yet. A panel without data draws as "no data".
func (p *Plot) Panel(name string) {
	p.panel(name)
}

func (p *Plot) panel(name string) *panel {
	for _, pn := range p.panels {
		if pn.name == name {
			return pn
		}
	}
	pn := &panel{name: name}
	p.panels = append(p.panels, pn)
	return pn
}

// Series returns the series named name in the panel named panel, adding
// the panel and the series if they are new. Keep the pointer and call
// its Add to skip the look-up on each point.
func (p *Plot) Series(panel, name string) *Series {
	pn := p.panel(panel)
	for _, s := range pn.series {
		if s.name == name {
			return s
		}
	}
	s := &Series{panel: panel, name: name}
	pn.series = append(pn.series, s)
	return s
}

// Add appends the point (t s, v) to a series of a panel; see Series.
func (p *Plot) Add(panel, series string, t, v float64) {
	s := p.last
	if s == nil || s.name != series || s.panel != panel {
		s = p.Series(panel, series)
		p.last = s
	}
	s.Add(t, v)
}

// Add appends the point (t s, v).
func (s *Series) Add(t, v float64) {
	s.t = append(s.t, t)
	s.v = append(s.v, v)
}

// Grow makes room for n more points without reallocating.
func (s *Series) Grow(n int) {
	if n <= 0 {
		return
	}
	if cap(s.t)-len(s.t) < n {
		t := make([]float64, len(s.t), len(s.t)+n)
		copy(t, s.t)
		s.t = t
		v := make([]float64, len(s.v), len(s.v)+n)
		copy(v, s.v)
		s.v = v
	}
}

// Len returns the number of points.
func (s *Series) Len() int { return len(s.t) }

// ErrPlotSize reports an image too small for the plot's panels, or too big.
var ErrPlotSize = errors.New("telemetry: plot size")

// Limits of WritePNG's image size (pixels).
const (
	MinPlotWidth  = 240
	MinPlotHeight = 160
	MaxPlotSide   = 16384
)

// WritePNG draws the plot as a width × height pixel PNG image to w.
// Equal plots give equal bytes.
func (p *Plot) WritePNG(w io.Writer, width, height int) error {
	img, err := p.Image(width, height)
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// Image draws the plot into a new width × height pixel image.
func (p *Plot) Image(width, height int) (*image.RGBA, error) {
	if width < MinPlotWidth || height < MinPlotHeight || width > MaxPlotSide || height > MaxPlotSide {
		return nil, fmt.Errorf("%w: %d×%d pixels, want %d…%d × %d…%d", ErrPlotSize,
			width, height, MinPlotWidth, MaxPlotSide, MinPlotHeight, MaxPlotSide)
	}
	f, err := newFaces()
	if err != nil {
		return nil, err
	}
	l, err := p.layout(width, height, f)
	if err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, width, height))
	fillRect(img, img.Rect, colBackground)
	l.draw(img, p, f)
	return img, nil
}

// Colours: Okabe & Ito's palette, which stays distinct for the common
// forms of colour blindness, darkest first so lines read on white.
var palette = []color.RGBA{
	{0x00, 0x72, 0xB2, 0xFF}, // blue
	{0xD5, 0x5E, 0x00, 0xFF}, // vermillion
	{0x00, 0x9E, 0x73, 0xFF}, // bluish green
	{0xCC, 0x79, 0xA7, 0xFF}, // reddish purple
	{0xE6, 0x9F, 0x00, 0xFF}, // orange
	{0x56, 0xB4, 0xE9, 0xFF}, // sky blue
	{0x00, 0x00, 0x00, 0xFF}, // black
	{0xF0, 0xE4, 0x42, 0xFF}, // yellow
}

var (
	colBackground = color.RGBA{0xFF, 0xFF, 0xFF, 0xFF}
	colText       = color.RGBA{0x22, 0x22, 0x22, 0xFF}
	colMuted      = color.RGBA{0x88, 0x88, 0x88, 0xFF}
	colFrame      = color.RGBA{0x55, 0x55, 0x55, 0xFF}
	colGrid       = color.RGBA{0xE4, 0xE4, 0xE4, 0xFF}
	colZero       = color.RGBA{0xB0, 0xB0, 0xB0, 0xFF}
)

// Line styles so that series differ without colour: dash patterns (on,
// off, … in pixels along the line; nil is solid) and marker shapes.
var dashes = [][]float64{nil, {9, 5}, {2, 4}, {10, 4, 2, 4}}

type marker int

const (
	markNone marker = iota
	markSquare
	markTriangle
	markDiamond
	markCircle
)

var markers = []marker{markNone, markSquare, markTriangle, markDiamond, markCircle}

// style is how series i of a panel is drawn.
type style struct {
	col    color.RGBA
	dash   []float64
	marker marker
}

func styleOf(i int) style {
	return style{palette[i%len(palette)], dashes[i%len(dashes)], markers[i%len(markers)]}
}

// Sizes in pixels.
const (
	pad          = 10    // outer margin
	panelGap     = 10    // above each panel header but the first
	lineHalf     = 1.0   // half the line width
	markerRadius = 3.5   // marker half size
	markerStep   = 64    // marker spacing along x
	legendSample = 34    // length of a legend's line sample
	legendGap    = 18    // between legend entries
	tickLen      = 4     // tick mark length
	yTickSpacing = 36    // least spacing of y ticks
	xLabelGap    = 14    // least gap between x tick labels
	maxMagnitude = 1e300 // larger values are gaps
)

type faces struct {
	title, heading, label font.Face
	lineH                 int // label line height
	ascent                int // label ascent
	titleH                int
	titleAscent           int
}

var parseFonts = sync.OnceValues(func() ([2]*opentype.Font, error) {
	reg, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return [2]*opentype.Font{}, err
	}
	bold, err := opentype.Parse(gobold.TTF)
	return [2]*opentype.Font{reg, bold}, err
})

func newFaces() (*faces, error) {
	fonts, err := parseFonts()
	if err != nil {
		return nil, fmt.Errorf("telemetry: font: %w", err)
	}
	label, err := opentype.NewFace(fonts[0], &opentype.FaceOptions{Size: 12, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	heading, err := opentype.NewFace(fonts[1], &opentype.FaceOptions{Size: 12, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	title, err := opentype.NewFace(fonts[1], &opentype.FaceOptions{Size: 16, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		return nil, err
	}
	lm, tm := label.Metrics(), title.Metrics()
	return &faces{
		title: title, heading: heading, label: label,
		lineH: lm.Height.Ceil() + 2, ascent: lm.Ascent.Ceil(),
		titleH: tm.Height.Ceil() + 6, titleAscent: tm.Ascent.Ceil(),
	}, nil
}

func textWidth(f font.Face, s string) int { return font.MeasureString(f, s).Ceil() }

// fitText returns s, or s shortened with "…" to fit in w pixels.
func fitText(f font.Face, s string, w int) string {
	if textWidth(f, s) <= w {
		return s
	}
	r := []rune(s)
	for n := len(r) - 1; n > 0; n-- {
		if t := string(r[:n]) + "…"; textWidth(f, t) <= w {
			return t
		}
	}
	return ""
}

// axis is a linear map from data values to pixels with its ticks.
type axis struct {
	lo, hi float64 // data range
	step   float64 // tick spacing
	ticks  []float64
	labels []string
}

// layout is where everything goes, in image pixels.
type layout struct {
	x         axis
	panels    []panelLayout
	title     image.Point // baseline start of the title
	titleText string      // the title, shortened to fit
}

type panelLayout struct {
	y       axis
	rect    image.Rectangle // data area; the frame is drawn just outside it
	header  image.Point     // baseline start of the panel name
	legend  []legendEntry
	hasData bool
}

type legendEntry struct {
	at    image.Point // left end of the line sample, at the text's middle
	label image.Point // baseline start of the name
	name  string
	style style
}

func usable(x float64) bool { return x >= -maxMagnitude && x <= maxMagnitude }

func (p *Plot) layout(width, height int, f *faces) (*layout, error) {
	l := &layout{}
	n := len(p.panels)
	if n == 0 {
		n = 1 // an empty plot draws one empty panel
	}
	l.panels = make([]panelLayout, n)

	// Data ranges.
	t0, t1 := math.Inf(1), math.Inf(-1)
	for i, pn := range p.panels {
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, s := range pn.series {
			for k, v := range s.v {
				t := s.t[k]
				if !usable(v) || !usable(t) {
					continue
				}
				lo, hi = min(lo, v), max(hi, v)
				t0, t1 = min(t0, t), max(t1, t)
			}
		}
		pl := &l.panels[i]
		pl.hasData = lo <= hi
		pl.y.lo, pl.y.hi = padRange(lo, hi, 0.05)
	}
	if len(p.panels) == 0 {
		l.panels[0].y.lo, l.panels[0].y.hi = 0, 1
	}
	l.x.lo, l.x.hi = padRange(t0, t1, 0)

	// Vertical: title, then per panel a header and the data area, then
	// the time axis's labels.
	top := pad
	if p.Title != "" {
		l.title = image.Point{0, top + f.titleAscent}
		top += f.titleH
	}
	bottom := height - pad - 2*f.lineH - tickLen
	// Horizontal: y tick labels on the left. Their width depends on the
	// ticks, which depend on the panel height; guess the height first.
	guessH := (bottom - top - n*(f.lineH+4)) / n
	if guessH < 2*f.lineH {
		return nil, fmt.Errorf("%w: %d pixels high is too low for %d panels", ErrPlotSize, height, n)
	}
	left := 0
	for i := range l.panels {
		y := &l.panels[i].y
		y.yTicks(guessH, f.lineH)
		for _, s := range y.labels {
			left = max(left, textWidth(f.label, s))
		}
	}
	left += pad + tickLen + 4
	right := width - pad - textWidth(f.label, "0000")/2
	if right-left < 100 {
		return nil, fmt.Errorf("%w: %d pixels wide is too narrow", ErrPlotSize, width)
	}
	if p.Title != "" {
		l.titleText = fitText(f.title, p.Title, width-2*pad)
		l.title.X = max(pad, (left+right-textWidth(f.title, l.titleText))/2)
		l.title.X = min(l.title.X, width-pad-textWidth(f.title, l.titleText))
	}
	l.x.xTicks(right-left, f)

	// Headers: the panel name, then the legend, wrapped to the data width.
	headerH := make([]int, n)
	total := 0
	for i := range l.panels {
		pl := &l.panels[i]
		name := "(empty)"
		var series []*Series
		if i < len(p.panels) {
			name, series = p.panels[i].name, p.panels[i].series
		}
		line := 0
		x := left + textWidth(f.heading, name) + legendGap
		for k, s := range series {
			w := legendSample + 6 + textWidth(f.label, s.name)
			if x+w > right && x > left {
				line++
				x = left
			}
			pl.legend = append(pl.legend, legendEntry{
				at:    image.Point{x, line},
				label: image.Point{x + legendSample + 6, line},
				name:  s.name, style: styleOf(k),
			})
			x += w + legendGap
		}
		headerH[i] = (line+1)*f.lineH + 4
		if i > 0 {
			headerH[i] += panelGap
		}
		total += headerH[i]
	}
	plotH := (bottom - top - total) / n
	if plotH < 2*f.lineH {
		return nil, fmt.Errorf("%w: %d pixels high is too low for %d panels", ErrPlotSize, height, n)
	}
	y := top
	for i := range l.panels {
		pl := &l.panels[i]
		if i > 0 {
			y += panelGap
		}
		pl.header = image.Point{left, y + f.ascent}
		for k := range pl.legend {
			e := &pl.legend[k]
			base := y + f.ascent + e.at.Y*f.lineH
			e.label.Y = base
			e.at.Y = base - f.ascent/2 + 1
		}
		y += headerH[i]
		if i > 0 {
			y -= panelGap
		}
		pl.rect = image.Rect(left, y, right, y+plotH)
		pl.y.yTicks(plotH, f.lineH)
		y += plotH
	}
	return l, nil
}

// padRange returns [lo, hi] widened by frac of its span on each side; an
// empty range becomes [0, 1] and a single value v a range around v.
func padRange(lo, hi, frac float64) (float64, float64) {
	if !(lo <= hi) {
		return 0, 1
	}
	if lo == hi {
		d := math.Abs(lo) * 0.1
		if d == 0 {
			d = 1
		}
		return lo - d, hi + d
	}
	m := (hi - lo) * frac
	return lo - m, hi + m
}

// niceStep returns the least step of the form {1, 2, 5} × 10^k that is at
// least span/n.
func niceStep(span float64, n int) float64 {
	raw := span / float64(max(n, 1))
	mag := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*mag >= raw*(1-1e-12) {
			return m * mag
		}
	}
	return 10 * mag
}

// nextStep returns the nice step after step.
func nextStep(step float64) float64 { return niceStep(step*1.01, 1) }

// yTicks chooses ticks about yTickSpacing pixels apart over px pixels,
// at least three where labels one line high (lineH px) still fit.
func (a *axis) yTicks(px, lineH int) {
	span := a.hi - a.lo
	step := niceStep(span, max(px/yTickSpacing, 3))
	for range 20 {
		if float64(px)*step/span >= float64(lineH+4) {
			break
		}
		step = nextStep(step)
	}
	a.setStep(step)
}

// xTicks chooses time ticks whose labels do not touch.
func (a *axis) xTicks(px int, f *faces) {
	step := niceStep(a.hi-a.lo, max(px/80, 1))
	for range 20 {
		a.setStep(step)
		widest := 0
		for _, s := range a.labels {
			widest = max(widest, textWidth(f.label, s))
		}
		if len(a.ticks) < 2 || float64(px)*step/(a.hi-a.lo) >= float64(widest+xLabelGap) {
			return
		}
		step = nextStep(step)
	}
}

func (a *axis) setStep(step float64) {
	a.step = step
	a.ticks, a.labels = a.ticks[:0], a.labels[:0]
	k0, k1 := math.Ceil(a.lo/step), math.Floor(a.hi/step)
	if !(k1-k0 < 1000) {
		return
	}
	for k := k0; k <= k1; k++ {
		a.ticks = append(a.ticks, k*step)
	}
	big := max(math.Abs(a.lo), math.Abs(a.hi))
	for _, v := range a.ticks {
		a.labels = append(a.labels, tickLabel(v, step, big))
	}
}

// tickLabel formats tick v of an axis with ticks step apart and values up
// to big in magnitude, with just the digits the step needs.
func tickLabel(v, step, big float64) string {
	if math.Abs(v) < step*1e-9 {
		return "0"
	}
	if big >= 1e6 || step < 1e-4 {
		digits := int(math.Floor(math.Log10(math.Abs(v))+1e-9)-math.Floor(math.Log10(step)+1e-9)) + 1
		return strconv.FormatFloat(v, 'e', max(min(digits, 15), 1)-1, 64)
	}
	decimals := max(0, int(-math.Floor(math.Log10(step)+1e-9)))
	return strconv.FormatFloat(v, 'f', decimals, 64)
}

// px maps a value to a pixel coordinate between p0 (at lo) and p1 (at hi).
func (a *axis) px(v float64, p0, p1 int) float64 {
	return float64(p0) + (v-a.lo)/(a.hi-a.lo)*float64(p1-p0)
}

func (l *layout) draw(img *image.RGBA, p *Plot, f *faces) {
	if p.Title != "" {
		drawText(img, f.title, colText, l.title, l.titleText)
	}
	for i := range l.panels {
		pl := &l.panels[i]
		r := pl.rect
		name := "(empty)"
		var series []*Series
		if i < len(p.panels) {
			name, series = p.panels[i].name, p.panels[i].series
		}
		drawText(img, f.heading, colText, pl.header, name)

		// Grid and ticks.
		for k, v := range pl.y.ticks {
			if !pl.hasData {
				break
			}
			y := int(math.Round(pl.y.px(v, r.Max.Y, r.Min.Y)))
			y = min(max(y, r.Min.Y), r.Max.Y-1)
			c := colGrid
			if v == 0 {
				c = colZero
			}
			fillRect(img, image.Rect(r.Min.X, y, r.Max.X, y+1), c)
			fillRect(img, image.Rect(r.Min.X-1-tickLen, y, r.Min.X-1, y+1), colFrame)
			s := pl.y.labels[k]
			drawText(img, f.label, colText, image.Point{r.Min.X - 1 - tickLen - 3 - textWidth(f.label, s), y + f.ascent/2 - 1}, s)
		}
		for k, v := range l.x.ticks {
			x := int(math.Round(l.x.px(v, r.Min.X, r.Max.X)))
			x = min(max(x, r.Min.X), r.Max.X-1)
			fillRect(img, image.Rect(x, r.Min.Y, x+1, r.Max.Y), colGrid)
			if i == len(l.panels)-1 {
				fillRect(img, image.Rect(x, r.Max.Y+1, x+1, r.Max.Y+1+tickLen), colFrame)
				s := l.x.labels[k]
				drawText(img, f.label, colText, image.Point{x - textWidth(f.label, s)/2, r.Max.Y + 1 + tickLen + f.ascent + 2}, s)
			}
		}
		frame(img, r.Inset(-1), colFrame)

		if !pl.hasData {
			msg := "no data"
			drawText(img, f.label, colMuted, image.Point{(r.Min.X + r.Max.X - textWidth(f.label, msg)) / 2, (r.Min.Y+r.Max.Y)/2 + f.ascent/2}, msg)
		}
		cov := newCover(r)
		for k, s := range series {
			st := styleOf(k)
			cov.clear()
			marks := drawSeries(cov, s, &l.x, &pl.y, st, k)
			cov.composite(img, st.col)
			if st.marker != markNone {
				cov.clear()
				for _, m := range marks {
					cov.marker(st.marker, m[0], m[1])
				}
				cov.composite(img, st.col)
			}
		}
		for _, e := range pl.legend {
			c := newCover(image.Rect(e.at.X, e.at.Y-8, e.at.X+legendSample, e.at.Y+9))
			c.segment(float64(e.at.X)+1, float64(e.at.Y)+0.5, float64(e.at.X+legendSample)-1, float64(e.at.Y)+0.5, e.style.dash, 0)
			c.composite(img, e.style.col)
			if e.style.marker != markNone {
				c.clear()
				c.marker(e.style.marker, float64(e.at.X)+legendSample/2, float64(e.at.Y)+0.5)
				c.composite(img, e.style.col)
			}
			drawText(img, f.label, colText, e.label, e.name)
		}
	}
	last := l.panels[len(l.panels)-1].rect
	xl := p.XLabel
	if xl == "" {
		xl = "time (s)"
	}
	drawText(img, f.label, colText, image.Point{(last.Min.X + last.Max.X - textWidth(f.label, xl)) / 2, last.Max.Y + 1 + tickLen + f.lineH + f.ascent + 2}, xl)
}

// drawSeries draws s into cov and returns where its markers go. Points
// are gathered per pixel column: a column's first point joins the last
// point of the column before, and a vertical stroke spans the column's
// least and greatest value, so a million points cost a few thousand
// strokes and keep every peak.
func drawSeries(cov *cover, s *Series, xa, ya *axis, st style, index int) [][2]float64 {
	r := cov.rect
	x0, x1 := r.Min.X, r.Max.X
	y0, y1 := r.Max.Y, r.Min.Y // value lo at the bottom
	var (
		open      bool    // a column is being gathered
		joined    bool    // the open column is joined to the one before
		col       int     // its pixel column
		fx, lx    float64 // x of its first and last point
		fy, ly    float64 // y of its first and last point
		ymin      float64 // its extent in y
		ymax      float64
		prevOpen  bool // a finished column can be joined
		px, py    float64
		prevAlone bool // the finished column is a lone point so far
		arc       float64
		marks     [][2]float64
		nextMark  = float64(x0) + float64((index*23)%markerStep) + 8
	)
	dot := func(x, y float64) { cov.segment(x, y, x, y, nil, 0) }
	finish := func() {
		if !open {
			return
		}
		if ymax > ymin {
			cov.segment(float64(col)+0.5, ymin, float64(col)+0.5, ymax, st.dash, arc)
			arc += ymax - ymin
		}
		prevOpen, px, py = true, lx, ly
		prevAlone = !joined && ymax == ymin
		if lx >= nextMark {
			marks = append(marks, [2]float64{lx, ly})
			nextMark = lx + markerStep
		}
		open = false
	}
	breakLine := func() {
		finish()
		if prevOpen && prevAlone {
			dot(px, py)
		}
		prevOpen = false
	}
	for k, v := range s.v {
		t := s.t[k]
		if !usable(v) || !usable(t) {
			breakLine()
			continue
		}
		x := xa.px(t, x0, x1)
		y := ya.px(v, y0, y1)
		c := int(math.Floor(x))
		if open && c == col {
			lx, ly = x, y
			ymin, ymax = min(ymin, y), max(ymax, y)
			continue
		}
		finish()
		open, col = true, c
		fx, fy, lx, ly, ymin, ymax = x, y, x, y, y, y
		joined = prevOpen
		if joined {
			cov.segment(px, py, fx, fy, st.dash, arc)
			arc += math.Hypot(fx-px, fy-py)
			prevAlone = false
		}
	}
	breakLine()
	return marks
}

// cover is an anti-aliased coverage mask over a rectangle of the image:
// strokes raise each pixel's coverage to the largest they give it, so
// joined strokes do not darken where they overlap.
type cover struct {
	rect image.Rectangle
	a    []float32
}

func newCover(r image.Rectangle) *cover {
	return &cover{rect: r, a: make([]float32, r.Dx()*r.Dy())}
}

func (c *cover) clear() { clear(c.a) }

// set raises the coverage of pixel (x, y) to v.
func (c *cover) set(x, y int, v float64) {
	if v <= 0 || !(image.Point{x, y}.In(c.rect)) {
		return
	}
	i := (y-c.rect.Min.Y)*c.rect.Dx() + x - c.rect.Min.X
	if f := float32(min(v, 1)); f > c.a[i] {
		c.a[i] = f
	}
}

// segment strokes the segment from (xa, ya) to (xb, yb) (pixels, round
// ends) lineHalf×2 wide. With a dash pattern, s0 is the arc length (px)
// of the line before this segment, so that dashes run on across joins.
func (c *cover) segment(xa, ya, xb, yb float64, dash []float64, s0 float64) {
	dx, dy := xb-xa, yb-ya
	length := math.Hypot(dx, dy)
	reach := lineHalf + 1
	steep := math.Abs(dy) > math.Abs(dx)
	// Walk the major axis; on each step cover the minor-axis span of the
	// stroke there.
	a0, a1, b0, db := xa, xb, ya, dy/dx
	if steep {
		a0, a1, b0, db = ya, yb, xa, dx/dy
	}
	if length == 0 {
		db = 0
	}
	lo, hi := min(a0, a1), max(a0, a1)
	width := reach * math.Sqrt(1+db*db)
	// Clip the walk to the mask.
	var m0, m1 int
	if steep {
		m0, m1 = c.rect.Min.Y, c.rect.Max.Y-1
	} else {
		m0, m1 = c.rect.Min.X, c.rect.Max.X-1
	}
	start := max(int(math.Floor(lo-reach)), m0)
	end := min(int(math.Ceil(hi+reach)), m1)
	for m := start; m <= end; m++ {
		am := float64(m) + 0.5
		ac := min(max(am, lo), hi)
		bc := b0 + (ac-a0)*db
		if length == 0 {
			bc = b0
		}
		for n := int(math.Floor(bc - width)); n <= int(math.Ceil(bc+width)); n++ {
			x, y := am, float64(n)+0.5
			if steep {
				x, y = y, x
			}
			// Distance from the pixel centre to the segment.
			u := 0.0
			if length > 0 {
				u = ((x-xa)*dx + (y-ya)*dy) / length
			}
			uc := min(max(u, 0), length)
			ex, ey := x-(xa+dx*uc/max(length, 1e-300)), y-(ya+dy*uc/max(length, 1e-300))
			d := math.Hypot(ex, ey)
			cv := lineHalf + 0.5 - d
			if cv <= 0 {
				continue
			}
			if dash != nil && !dashOn(dash, s0+uc) {
				continue
			}
			px, py := int(math.Floor(x)), int(math.Floor(y))
			c.set(px, py, cv)
		}
	}
}

// dashOn reports whether arc length s (px) falls on a dash.
func dashOn(dash []float64, s float64) bool {
	period := 0.0
	for _, d := range dash {
		period += d
	}
	s = math.Mod(s, period)
	for i, d := range dash {
		if s < d {
			return i%2 == 0
		}
		s -= d
	}
	return true
}

// marker covers a marker shape centred at (x, y).
func (c *cover) marker(m marker, x, y float64) {
	r := markerRadius
	for py := int(math.Floor(y - r - 2)); py <= int(math.Ceil(y+r+2)); py++ {
		for px := int(math.Floor(x - r - 2)); px <= int(math.Ceil(x+r+2)); px++ {
			dx, dy := float64(px)+0.5-x, float64(py)+0.5-y
			var sd float64 // signed distance to the outline, negative inside
			switch m {
			case markSquare:
				sd = max(math.Abs(dx), math.Abs(dy)) - r*0.85
			case markDiamond:
				sd = (math.Abs(dx)+math.Abs(dy))/math.Sqrt2 - r*0.8
			case markCircle:
				sd = math.Hypot(dx, dy) - r
			case markTriangle: // pointing up
				const s3 = 0.8660254037844386 // √3/2
				h := r * 1.1
				sd = max(dy-h*0.5, (-dy*0.5+dx*s3)-h*0.5, (-dy*0.5-dx*s3)-h*0.5)
			default:
				return
			}
			c.set(px, py, 0.5-sd)
		}
	}
}

// composite blends col into img through the mask.
func (c *cover) composite(img *image.RGBA, col color.RGBA) {
	r := c.rect.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		row := c.a[(y-c.rect.Min.Y)*c.rect.Dx():]
		for x := r.Min.X; x < r.Max.X; x++ {
			a := row[x-c.rect.Min.X]
			if a <= 0 {
				continue
			}
			o := img.PixOffset(x, y)
			p := img.Pix[o : o+4 : o+4]
			if a >= 1 {
				p[0], p[1], p[2] = col.R, col.G, col.B
				continue
			}
			p[0] = blend(p[0], col.R, a)
			p[1] = blend(p[1], col.G, a)
			p[2] = blend(p[2], col.B, a)
		}
	}
}

func blend(dst, src uint8, a float32) uint8 {
	return uint8(float32(dst) + (float32(src)-float32(dst))*a + 0.5)
}

func fillRect(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	r = r.Intersect(img.Rect)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetRGBA(x, y, c)
		}
	}
}

// frame draws the one-pixel outline of r.
func frame(img *image.RGBA, r image.Rectangle, c color.RGBA) {
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Max.X, r.Min.Y+1), c)
	fillRect(img, image.Rect(r.Min.X, r.Max.Y-1, r.Max.X, r.Max.Y), c)
	fillRect(img, image.Rect(r.Min.X, r.Min.Y, r.Min.X+1, r.Max.Y), c)
	fillRect(img, image.Rect(r.Max.X-1, r.Min.Y, r.Max.X, r.Max.Y), c)
}

// drawText draws s with its baseline starting at at.
func drawText(img *image.RGBA, f font.Face, c color.RGBA, at image.Point, s string) {
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(at.X, at.Y)}
	d.DrawString(s)
}
