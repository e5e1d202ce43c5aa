package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// OrbitPlot is the HUD's relative-motion panel for a scene in orbit: the
// orbit plane of the local-vertical/local-horizontal frame seen from the
// orbit normal side (+z toward the viewer), +x (ahead, along the orbital
// velocity) to the right, +y (up, away from the Earth) up. The target sits
// at the centre of the frame's axes; the craft and the path it coasts along
// are drawn relative to it, at one scale on both axes, zoomed to fit.
type OrbitPlot struct {
	Craft mgl64.Vec3   // the craft from the target (m, LVLH)
	Path  []mgl64.Vec3 // where the craft coasts, from the target (m, LVLH), from now on, Step apart
	Step  float64      // s between Path points
	Range float64      // distance to the target's port (m); 0 hides it
	// Mirror shows the plane from its other side (−z toward the viewer):
	// ahead to the left, as a camera looking from that side sees it, so
	// that the path bends the same way in the panel as in the scene.
	Mirror bool
}

// Colours of the coasting path (as the game's predicted landing point) and
// the frame's axes.
var (
	colCoast     = color.RGBA{255, 120, 220, 255}
	colOrbitAxis = color.RGBA{110, 125, 150, 255}
)

// orbitPlotHeight is the relative-motion panel's height at scale k.
func orbitPlotHeight(k float64) float64 { return 260 * k }

// drawOrbit draws the relative-motion panel with its top left at (x, y).
func (r *Renderer) drawOrbit(o *OrbitPlot, u *ui, x, y float64) {
	k := u.k
	pw, ph := 310*k, orbitPlotHeight(k)
	tx, ty := u.titledPanel("ORBIT · LVLH", x, y, pw, ph)
	right := x + pw - 10*k
	horizon := o.Step * float64(max(len(o.Path)-1, 0))
	u.text(fmtNum(horizon/60, 0, false, " min coast"), u.mono, right, y+6*k, colDim, text.AlignEnd)

	// The plot area and the scale that fits the target, the craft and the
	// path, with a margin, the same along both axes.
	ax, ay, aw, ah := tx, ty, pw-20*k, ph-(ty-y)-u.line*1.4
	lo, hi := [2]float64{o.Craft[0], o.Craft[1]}, [2]float64{o.Craft[0], o.Craft[1]}
	grow := func(p mgl64.Vec3) {
		for i := range 2 {
			lo[i], hi[i] = min(lo[i], p[i]), max(hi[i], p[i])
		}
	}
	grow(mgl64.Vec3{})
	for _, p := range o.Path {
		grow(p)
	}
	span := max((hi[0]-lo[0])/aw, (hi[1]-lo[1])/ah) * 1.15 // m per px
	span = max(span, 10/min(aw, ah))                       // at least 10 m across
	cx, cy := (lo[0]+hi[0])/2, (lo[1]+hi[1])/2
	ahead := 1.0 // screen x per m of +x
	if o.Mirror {
		ahead = -1
	}
	px := func(p mgl64.Vec3) (float64, float64) {
		return ax + aw/2 + ahead*(p[0]-cx)/span, ay + ah/2 - (p[1]-cy)/span
	}
	u.rect(ax, ay, aw, ah, color.RGBA{8, 12, 20, 200})

	// The V-bar (the target's orbit) and the R-bar through the target.
	ox, oy := px(mgl64.Vec3{})
	if oy >= ay && oy <= ay+ah {
		u.line2(ax, oy, ax+aw, oy, k, colOrbitAxis)
		if o.Mirror {
			u.text("← ahead, V-bar", u.small, ax+4*k, oy+2*k, colOrbitAxis, text.AlignStart)
		} else {
			u.text("V-bar, ahead →", u.small, ax+aw-4*k, oy+2*k, colOrbitAxis, text.AlignEnd)
		}
	}
	if ox >= ax && ox <= ax+aw {
		u.line2(ox, ay, ox, ay+ah, k, colOrbitAxis)
		if ox < ax+aw/2 {
			u.text("↑ R-bar, up", u.small, ox+4*k, ay+2*k, colOrbitAxis, text.AlignStart)
		} else {
			u.text("up, R-bar ↑", u.small, ox-4*k, ay+2*k, colOrbitAxis, text.AlignEnd)
		}
	}
	u.rect(ox-4*k, oy-4*k, 8*k, 8*k, colTargetMark)

	// The coasting path: dashes a Step long, a dot each minute.
	for i := 1; i < len(o.Path); i++ {
		if i%2 == 1 {
			x0, y0 := px(o.Path[i-1])
			x1, y1 := px(o.Path[i])
			u.line2(x0, y0, x1, y1, 2*k, colCoast)
		}
		if t := float64(i) * o.Step; o.Step > 0 && math.Mod(t+1e-9, 60) < 1e-6 {
			x1, y1 := px(o.Path[i])
			u.disc(x1, y1, 2.5*k, colCoast)
		}
	}
	cxp, cyp := px(o.Craft)
	u.disc(cxp, cyp, 5*k, colMarker)

	ty = ay + ah + 4*k
	u.text("z "+fmtNum(o.Craft[2], 1, true, " m"), u.mono, tx, ty, colText, text.AlignStart)
	if o.Range > 0 {
		u.text("port "+fmtNum(o.Range, 1, false, " m"), u.mono, right, ty, colText, text.AlignEnd)
	}
}
