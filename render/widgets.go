package render

import (
	"bytes"
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Grade rates a figure against its tolerance. The HUD shows it by colour and
// also by an icon shape and a word, so it reads without colour vision.
type Grade int

const (
	GradeNone    Grade = iota // no tolerance: plain figure
	GradeOK                   // within 75 % of the tolerance: green disc, "OK"
	GradeCaution              // within the tolerance but close: amber triangle, "NEAR"
	GradeBad                  // beyond the tolerance: red square with a cross, "OVER"
)

// GradeOf grades |v| against tol (same units). tol ≤ 0 or NaN gives
// GradeNone.
func GradeOf(v, tol float64) Grade {
	if !(tol > 0) {
		return GradeNone
	}
	a := math.Abs(v)
	switch {
	case math.IsNaN(a) || a > tol:
		return GradeBad
	case a > 0.75*tol:
		return GradeCaution
	default:
		return GradeOK
	}
}

// String returns the word shown next to a graded figure.
func (g Grade) String() string {
	switch g {
	case GradeOK:
		return "OK"
	case GradeCaution:
		return "NEAR"
	case GradeBad:
		return "OVER"
	}
	return ""
}

func (g Grade) color() color.RGBA {
	switch g {
	case GradeOK:
		return colOK
	case GradeCaution:
		return colWarn
	case GradeBad:
		return colBad
	}
	return colText
}

// HUD colours.
var (
	colPanel  = color.RGBA{0, 0, 0, 160}
	colBorder = color.RGBA{90, 110, 140, 200}
	colText   = color.RGBA{225, 232, 240, 255}
	colDim    = color.RGBA{140, 150, 165, 255}
	colAccent = color.RGBA{120, 200, 255, 255}
	colOK     = color.RGBA{80, 220, 110, 255}
	colWarn   = color.RGBA{250, 200, 60, 255}
	colBad    = color.RGBA{255, 80, 70, 255}
	colBarBg  = color.RGBA{40, 48, 60, 220}
	colMarker = color.RGBA{255, 150, 40, 255}
	colWhite  = color.RGBA{255, 255, 255, 255}
	colBlack  = color.RGBA{0, 0, 0, 255}
)

// toRGBA converts c to a premultiplied color.RGBA; nil is white.
func toRGBA(c color.Color) color.RGBA {
	if c == nil {
		return colWhite
	}
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

// ui draws widgets at one HUD scale. Shapes go into one vertex batch and
// text into a list; flush draws the shapes in one DrawTriangles32 call and
// then the text over them. Batching matters: under Mesa's llvmpipe every
// separate (and every antialiased) vector draw costs far more than its
// pixels.
type ui struct {
	dst               target
	shader            *ebiten.Shader // Renderer.fill
	opts              *ebiten.DrawTrianglesShaderOptions
	k                 float64 // scale: 1 at 1280×720
	w, h              float64 // screen size (px)
	mono, bold, small *text.GoTextFace
	big, title        *text.GoTextFace
	line              float64 // line height (px)

	verts  []ebiten.Vertex
	idx    []uint32
	texts  []textItem
	glyphs []text.Glyph // layout scratch
}

// textItem is a deferred text draw.
type textItem struct {
	s     string
	face  *text.GoTextFace
	x, y  float64
	c     color.RGBA
	align text.Align
}

// ui returns the renderer's widget drawer for dst, with text faces for its
// scale.
func (r *Renderer) ui(dst target) *ui {
	b := dst.Bounds()
	w, h := b.Dx(), b.Dy()
	k := hudScale(w, h)
	u := &r.uiState
	u.dst, u.shader, u.opts = dst, r.fill, &r.blendOpts
	u.w, u.h = float64(w), float64(h)
	if u.k != k || u.mono == nil {
		u.k = k
		u.mono = &text.GoTextFace{Source: r.fonts.mono, Size: 15 * k}
		u.small = &text.GoTextFace{Source: r.fonts.mono, Size: 12 * k}
		u.bold = &text.GoTextFace{Source: r.fonts.bold, Size: 15 * k}
		u.title = &text.GoTextFace{Source: r.fonts.bold, Size: 24 * k}
		u.big = &text.GoTextFace{Source: r.fonts.bold, Size: 44 * k}
		u.line = 20 * k
	}
	return u
}

// hudScale returns the HUD scale for a w×h screen: 1 at 1280×720.
func hudScale(w, h int) float64 {
	return max(0.6, min(float64(w)/1280, float64(h)/720))
}

// flush draws the batched shapes, then the queued text.
func (u *ui) flush() {
	if len(u.idx) > 0 {
		u.dst.DrawTrianglesShader32(u.verts, u.idx, u.shader, u.opts)
	}
	u.verts, u.idx = u.verts[:0], u.idx[:0]
	// Like text.Draw, which wants an *ebiten.Image where the window's final
	// screen is not one: lay the glyphs out at the origin, then draw each
	// glyph image translated.
	for i := range u.texts {
		t := &u.texts[i]
		lo := text.LayoutOptions{PrimaryAlign: t.align}
		u.glyphs = text.AppendGlyphs(u.glyphs[:0], t.s, t.face, &lo)
		var op ebiten.DrawImageOptions
		// As ColorScale.ScaleWithColor(t.c), without boxing t.c.
		c := t.c
		op.ColorScale.Scale(float32(c.R)*0x101/0xffff, float32(c.G)*0x101/0xffff, float32(c.B)*0x101/0xffff, float32(c.A)*0x101/0xffff)
		for k := range u.glyphs {
			g := &u.glyphs[k]
			if g.Image == nil {
				continue
			}
			op.GeoM.Reset()
			op.GeoM.Translate(g.X+t.x, g.Y+t.y)
			u.dst.DrawImage(g.Image, &op)
		}
		u.texts[i] = textItem{}
	}
	clear(u.glyphs)
	u.texts = u.texts[:0]
}

// text queues s with its top at y and its start, centre or end at x.
func (u *ui) text(s string, f *text.GoTextFace, x, y float64, c color.RGBA, align text.Align) {
	u.texts = append(u.texts, textItem{s: s, face: f, x: x, y: y, c: c, align: align})
}

// vertex appends one vertex of colour c (premultiplied, as the fill shader
// wants) and returns its index.
func (u *ui) vertex(x, y float64, c color.RGBA) uint32 {
	u.verts = append(u.verts, ebiten.Vertex{DstX: float32(x), DstY: float32(y),
		ColorR: float32(c.R) / 0xff, ColorG: float32(c.G) / 0xff, ColorB: float32(c.B) / 0xff, ColorA: float32(c.A) / 0xff})
	return uint32(len(u.verts) - 1)
}

func (u *ui) quad(x0, y0, x1, y1, x2, y2, x3, y3 float64, c color.RGBA) {
	a := u.vertex(x0, y0, c)
	b := u.vertex(x1, y1, c)
	cc := u.vertex(x2, y2, c)
	d := u.vertex(x3, y3, c)
	u.idx = append(u.idx, a, b, cc, a, cc, d)
}

func (u *ui) panel(x, y, w, h float64) {
	u.rect(x, y, w, h, colPanel)
	u.frame(x, y, w, h, u.k, colBorder)
}

// titledPanel draws a panel with its title at the top left and returns
// where its first line of content starts.
func (u *ui) titledPanel(title string, x, y, w, h float64) (tx, ty float64) {
	u.panel(x, y, w, h)
	tx, ty = x+10*u.k, y+6*u.k
	u.text(title, u.bold, tx, ty, colAccent, text.AlignStart)
	return tx, ty + u.line*1.3
}

func (u *ui) rect(x, y, w, h float64, c color.RGBA) {
	u.quad(x, y, x+w, y, x+w, y+h, x, y+h, c)
}

// frame strokes the outline of a rectangle with lines of width lw inside it.
func (u *ui) frame(x, y, w, h, lw float64, c color.RGBA) {
	u.rect(x, y, w, lw, c)
	u.rect(x, y+h-lw, w, lw, c)
	u.rect(x, y+lw, lw, h-2*lw, c)
	u.rect(x+w-lw, y+lw, lw, h-2*lw, c)
}

func (u *ui) line2(x0, y0, x1, y1, width float64, c color.RGBA) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	if !(l > 1e-9) {
		return
	}
	nx, ny := -dy/l*width/2, dx/l*width/2
	u.quad(x0+nx, y0+ny, x1+nx, y1+ny, x1-nx, y1-ny, x0-nx, y0-ny, c)
}

// segments returns how many segments approximate a circle of radius r px.
func segments(r float64) int {
	return int(clamp(r*0.8, 12, 64))
}

func (u *ui) circle(x, y, r, width float64, c color.RGBA) {
	n := segments(r)
	ri, ro := r-width/2, r+width/2
	base := uint32(len(u.verts))
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		cs, sn := math.Cos(a), math.Sin(a)
		u.vertex(x+ri*cs, y+ri*sn, c)
		u.vertex(x+ro*cs, y+ro*sn, c)
	}
	for i := range uint32(n) {
		j := (i + 1) % uint32(n)
		u.idx = append(u.idx, base+2*i, base+2*i+1, base+2*j+1, base+2*i, base+2*j+1, base+2*j)
	}
}

func (u *ui) disc(x, y, r float64, c color.RGBA) {
	n := segments(r)
	centre := u.vertex(x, y, c)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		u.vertex(x+r*math.Cos(a), y+r*math.Sin(a), c)
	}
	for i := range uint32(n) {
		u.idx = append(u.idx, centre, centre+1+i, centre+1+(i+1)%uint32(n))
	}
}

// poly fills a convex polygon given as x, y pairs.
func (u *ui) poly(c color.RGBA, xy ...float64) {
	base := uint32(len(u.verts))
	n := uint32(len(xy) / 2)
	for i := uint32(0); i < n; i++ {
		u.vertex(xy[2*i], xy[2*i+1], c)
	}
	for i := uint32(1); i+1 < n; i++ {
		u.idx = append(u.idx, base, base+i, base+i+1)
	}
}

// gradeIcon draws the shape of g centred at (x, y) with half size s: a disc,
// a triangle or a square with a cross.
func (u *ui) gradeIcon(g Grade, x, y, s float64) {
	c := g.color()
	switch g {
	case GradeOK:
		u.disc(x, y, s*0.85, c)
	case GradeCaution:
		u.poly(c, x, y-s, x+s, y+s*0.8, x-s, y+s*0.8)
		u.rect(x-s*0.1, y-s*0.35, s*0.2, s*0.6, colBlack)
	case GradeBad:
		u.rect(x-s, y-s, 2*s, 2*s, c)
		u.line2(x-s*0.6, y-s*0.6, x+s*0.6, y+s*0.6, s*0.3, colBlack)
		u.line2(x-s*0.6, y+s*0.6, x+s*0.6, y-s*0.6, s*0.3, colBlack)
	}
}

// gradedRow draws "LABEL  value unit  [icon] WORD" on one line of a panel
// that spans [x, x+w].
func (u *ui) gradedRow(label, value string, g Grade, x, y, w float64) {
	k := u.k
	u.text(label, u.mono, x, y, colDim, text.AlignStart)
	vx := x + w - 62*k
	if g == GradeNone {
		vx = x + w
	}
	u.text(value, u.mono, vx, y, g.color(), text.AlignEnd)
	if g != GradeNone {
		u.gradeIcon(g, vx+12*k, y+u.line*0.45, 6*k)
		u.text(g.String(), u.small, vx+22*k, y+2*k, g.color(), text.AlignStart)
	}
}

// hbar draws a bar centred on zero for v in [−scale, scale]; values beyond
// the scale pin the bar and draw an arrow head.
func (u *ui) hbar(x, y, w, h, v, scale float64, c color.RGBA) {
	u.rect(x, y, w, h, colBarBg)
	mid := x + w/2
	u.rect(mid-0.5*u.k, y-2*u.k, u.k, h+4*u.k, colDim)
	if !(scale > 0) || math.IsNaN(v) {
		return
	}
	f := clamp(v/scale, -1, 1)
	bx, bw := mid, f*w/2
	if bw < 0 {
		bx, bw = mid+bw, -bw
	}
	u.rect(bx, y+1, bw, h-2, c)
	if math.Abs(v) > scale {
		tip := x + w + 6*u.k
		base := x + w
		if v < 0 {
			tip, base = x-6*u.k, x
		}
		u.poly(c, base, y-2*u.k, tip, y+h/2, base, y+h+2*u.k)
	}
}

// vbar draws a vertical gauge filled from the bottom to frac (0…1).
func (u *ui) vbar(x, y, w, h, frac float64, c color.RGBA) {
	u.rect(x, y, w, h, colBarBg)
	f := clamp(frac, 0, 1)
	u.rect(x, y+h*(1-f), w, h*f, c)
	u.frame(x, y, w, h, u.k, colBorder)
}

// fmtNum formats v with prec decimals and an explicit sign when signed,
// followed by unit, in one allocation. A value that rounds to zero is shown
// without a minus sign.
func fmtNum(v float64, prec int, signed bool, unit string) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "—" + unit
	}
	var buf [48]byte
	b := strconv.AppendFloat(append(buf[:0], '+'), v, 'f', prec, 64)
	if b[1] == '-' && !bytes.ContainsAny(b[2:], "123456789") {
		b = append(b[:1], b[2:]...) // −0.00 is +0.00
	}
	if b[1] == '-' || !signed {
		b = b[1:]
	}
	return string(append(b, unit...))
}

// fmtClock formats seconds as m:ss.s (or h:mm:ss beyond an hour).
func fmtClock(t float64) string {
	if math.IsNaN(t) || math.IsInf(t, 0) {
		return "—"
	}
	neg := t < 0
	t = math.Abs(t)
	tenths := int64(math.Floor(t * 10))
	s := tenths / 10
	b := make([]byte, 0, 16)
	if neg {
		b = append(b, '-')
	}
	if s >= 3600 {
		b = strconv.AppendInt(b, s/3600, 10)
		b = append(b, ':')
		b = pad2(b, (s/60)%60)
		b = append(b, ':')
		return string(pad2(b, s%60))
	}
	b = strconv.AppendInt(b, s/60, 10)
	b = append(b, ':')
	b = pad2(b, s%60)
	b = append(b, '.')
	b = strconv.AppendInt(b, tenths%10, 10)
	return string(b)
}

func pad2(b []byte, v int64) []byte {
	if v < 10 {
		b = append(b, '0')
	}
	return strconv.AppendInt(b, v, 10)
}

const rad2deg = 180 / math.Pi
