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
	Panel  *Panel // nil for none
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
			u.text(l.Label, u.small, xb+5*k, yb-7*k, l.Color, text.AlignStart)
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
			u.text(p.Label, u.small, x+(rad+4)*k, y-7*k, p.Color, text.AlignStart)
		}
	}
	if o.Panel != nil {
		drawPanel(o.Panel, u)
	}
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

// drawPanel draws p at the right edge, as tall as its lines.
func drawPanel(p *Panel, u *ui) {
	k := u.k
	w := p.Width
	if w == 0 {
		w = 440
	}
	w *= k
	lh := 0.9 * u.line
	h := float64(len(p.Lines))*lh + 12*k
	if p.Title != "" {
		h += 1.3 * u.line
	}
	x, y := u.w-12*k-w, 12*k
	h = min(h, u.h-24*k)
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
		face := u.small
		if l.Bold {
			face = u.bold
			c = colAccent
			if l.Color != (color.RGBA{}) {
				c = l.Color
			}
		}
		u.text(l.Text, face, tx, ty, c, text.AlignStart)
		ty += lh
	}
}
