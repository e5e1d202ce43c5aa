package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Overlay is drawn over the scene: labelled lines, arrows and points in the
// world (the hangar's centre of mass, principal axes, thrusters, joints and
// their limits, ports, feet and tanks), then a side panel of text at the
// right. Positions are world coordinates (m).
type Overlay struct {
	Lines  []OverlayLine
	Points []OverlayPoint
	Panel  *Panel // at the top right; nil for none
	Side   *Panel // at the left, under the HUD's body rates; nil for none
}

// OverlayLine is a world segment from A to B, with an arrowhead at B when
// Arrow is set and Label beside B.
type OverlayLine struct {
	A, B  mgl64.Vec3
	Color color.RGBA
	Width float64 // px at 1280×720; 0 means 2
	Arrow bool
	Label string
}

// OverlayPoint is a marked world point: a disc (or a ring) and a label.
type OverlayPoint struct {
	Pos    mgl64.Vec3
	Color  color.RGBA
	Radius float64 // px at 1280×720; 0 means 5
	Ring   bool    // an open circle instead of a disc
	Label  string
}

// Panel is a column of text lines on a dark panel at the right edge of the
// screen, from the top.
type Panel struct {
	Title string
	Lines []PanelLine
	Width float64 // px at 1280×720; 0 means 440
}

// PanelLine is one line of a Panel.
type PanelLine struct {
	Text  string
	Color color.RGBA // zero means the HUD's text colour
	Bold  bool       // a heading
}

func (r *Renderer) drawOverlay(o *Overlay, u *ui) {
	k := u.k
	r.labels = r.labels[:0]
	for _, l := range o.Lines {
		w := l.Width
		if w == 0 {
			w = 2
		}
		r.line3(u, l.A, l.B, w*k, l.Color)
		if !l.Arrow && l.Label == "" {
			continue
		}
		xb, yb, okB := r.scene.project(l.B)
		if !okB {
			continue
		}
		if l.Arrow {
			if xa, ya, okA := r.scene.project(l.A); okA {
				r.arrowHead(u, xa, ya, xb, yb, 4*w*k, l.Color)
			}
		}
		if l.Label != "" {
			r.label(u, l.Label, xb+5*k, yb-7*k, l.Color)
		}
	}
	for _, p := range o.Points {
		x, y, ok := r.scene.project(p.Pos)
		if !ok {
			continue
		}
		rad := p.Radius
		if rad == 0 {
			rad = 5
		}
		if p.Ring {
			u.circle(x, y, rad*k, 2*k, p.Color)
		} else {
			u.disc(x, y, rad*k+1.5*k, colBlack)
			u.disc(x, y, rad*k, p.Color)
		}
		if p.Label != "" {
			r.label(u, p.Label, x+(rad+4)*k, y-7*k, p.Color)
		}
	}
	if o.Panel != nil {
		drawPanel(o.Panel, u, false)
	}
	if o.Side != nil {
		drawPanel(o.Side, u, true)
	}
}

// labelBox is the screen rectangle an overlay label took.
type labelBox struct{ x0, y0, x1, y1 float64 }

// label draws an overlay label at (x, y) or, when it would cover a label
// already drawn this frame, on the first free line below (the centre of
// mass, a tank and an axis often project onto the same spot).
func (r *Renderer) label(u *ui, s string, x, y float64, c color.RGBA) {
	b := place(r.labels, labelBox{x, y, x + text.Advance(s, u.small), y + 0.8*u.line})
	r.labels = append(r.labels, b)
	u.text(s, u.small, b.x0, b.y0, c, text.AlignStart)
}

// place moves b down past the boxes in taken it overlaps, a few times at
// most, and returns where it lands.
func place(taken []labelBox, b labelBox) labelBox {
	for range 8 {
		moved := false
		for _, o := range taken {
			if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
				b.y0, b.y1 = o.y1, o.y1+(b.y1-b.y0)
				moved = true
				break
			}
		}
		if !moved {
			break
		}
	}
	return b
}

// arrowHead draws a filled head of size s px at (xb, yb) pointing away
// from (xa, ya).
func (r *Renderer) arrowHead(u *ui, xa, ya, xb, yb, s float64, c color.RGBA) {
	dx, dy := xb-xa, yb-ya
	l := dx*dx + dy*dy
	if l < 1 {
		return
	}
	n := 1 / math.Sqrt(l)
	dx, dy = dx*n, dy*n
	u.poly(c, xb+dx*s*0.6, yb+dy*s*0.6, xb-dx*s*0.6-dy*s*0.5, yb-dy*s*0.6+dx*s*0.5, xb-dx*s*0.6+dy*s*0.5, yb-dy*s*0.6-dx*s*0.5)
}

// panelFace is the face of a panel line: bold for a heading.
func panelFace(u *ui, l PanelLine) *text.GoTextFace {
	if l.Bold {
		return u.bold
	}
	return u.small
}

// panelIndent starts a panel line's wrapped continuation lines.
const panelIndent = "  "

// panelWrap is wrap for a panel line that is too wide, into lines that fit
// w with the continuations indented by panelIndent; a line that fits keeps
// its spaces (the figures' columns line up by them).
func panelWrap(s string, f *text.GoTextFace, w float64) []string {
	if text.Advance(s, f) <= w {
		return []string{s}
	}
	lines := wrap(s, f, w-text.Advance(panelIndent, f))
	for i := 1; i < len(lines); i++ {
		lines[i] = panelIndent + lines[i]
	}
	return lines
}

// panelBottom is how far down a side panel may reach: above the key line
// at the bottom of the screen (HUD.Help) and its gap.
func panelBottom(u *ui) float64 { return u.h - (hudMargin+hudLine+hudGap)*u.k }

// drawPanel draws p at the top right (or at the left, under the HUD's body
// rates), as tall as its lines but no lower than the key line (a line too
// long for the panel wraps, indented; what does not fit is left out).
func drawPanel(p *Panel, u *ui, left bool) {
	k := u.k
	w := p.Width
	if w == 0 {
		w = 440
	}
	w *= k
	lh := 0.9 * u.line
	n := 0
	for _, l := range p.Lines {
		n += len(panelWrap(l.Text, panelFace(u, l), w-20*k))
	}
	h := float64(n)*lh + 12*k
	if p.Title != "" {
		h += 1.3 * u.line
	}
	x, y := u.w-12*k-w, 12*k
	if left {
		x, y = hudMargin*k, (hudMargin+hudGap)*k+ratesHeight(k)
	}
	h = min(h, panelBottom(u)-y) // clear of the key line at the bottom
	tx, ty := x+10*k, y+6*k
	u.panel(x, y, w, h)
	if p.Title != "" {
		tx, ty = u.titledPanel(p.Title, x, y, w, h)
	}
	for _, l := range p.Lines {
		if ty+lh > y+h {
			break
		}
		c := l.Color
		if c == (color.RGBA{}) {
			c = colText
		}
		face := panelFace(u, l)
		if l.Bold {
			c = colAccent
			if l.Color != (color.RGBA{}) {
				c = l.Color
			}
		}
		for i, ln := range panelWrap(l.Text, face, w-20*k) {
			if i > 0 && ty+lh > y+h {
				break
			}
			u.text(ln, face, tx, ty, c, text.AlignStart)
			ty += lh
		}
	}
}
