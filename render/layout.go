package render

import "github.com/go-gl/mathgl/mgl64"

// The HUD's layout: where each panel goes on a w×h screen, and the safe
// area between them where the cameras frame the craft and its goal.
//
// The screen is three columns and two bands. The left column holds the
// body rates, the orbit plot, the TUMBLING warning and the messages; the
// right column the landing or docking panel and the marker legend. In the
// middle the status strip runs along the top, and the instrument cluster
// — gauges, navball, modes — with the key line along the bottom. What is
// left in the middle is the safe area: no panel is ever drawn over it, and
// the cameras (Camera.Screen) keep the craft, the pad, the touchdown ring
// and the target port inside it; paused, the pause menu sits there
// (Screen.Beside). Everything scales with the screen (k = 1
// at 1280×720), so the safe area is the same share of any 16:9 screen.

// Rect is a rectangle on the screen (px): its top left corner and size.
type Rect struct{ X, Y, W, H float64 }

// Contains reports whether the point (x, y) lies inside r.
func (r Rect) Contains(x, y float64) bool {
	return x >= r.X && x <= r.X+r.W && y >= r.Y && y <= r.Y+r.H
}

// Overlaps reports whether r and o share any area.
func (r Rect) Overlaps(o Rect) bool {
	return r.X < o.X+o.W && o.X < r.X+r.W && r.Y < o.Y+o.H && o.Y < r.Y+r.H
}

// Inside reports whether r lies wholly inside o.
func (r Rect) Inside(o Rect) bool {
	return r.X >= o.X && r.Y >= o.Y && r.X+r.W <= o.X+o.W && r.Y+r.H <= o.Y+o.H
}

// Centre is the middle of r.
func (r Rect) Centre() (x, y float64) { return r.X + r.W/2, r.Y + r.H/2 }

// Sizes of the layout at k = 1 (px).
const (
	hudMargin   = 12  // from the screen's edges
	hudGap      = 10  // between panels
	hudColumn   = 310 // the side columns' width
	hudLine     = 20  // a line of text
	navRadius   = 80  // the navball's
	navRing     = 6   // the navball's rim beyond its radius
	navLabel    = 18  // the navball's frame name below it
	gaugesWidth = 136
	modesWidth  = 168
	clusterH    = 2*(navRadius+navRing) + navLabel // the instrument cluster's height
	tumblingH   = 44
)

// statusHeight is the status strip's height at scale k: the clock line and
// two lines of goal.
func statusHeight(k float64) float64 { return 4*k + 3.2*hudLine*k + 6*k }

// Layout is where the HUD's panels go on one screen. A panel the HUD does
// not show has a zero Rect.
type Layout struct {
	K    float64 // scale: 1 at 1280×720
	Safe Rect    // where the cameras frame the craft and the goal

	Rates, Orbit, Tumbling, Messages Rect // left column, top down (Messages: the room left)
	Status                           Rect // top strip
	Gauges, Navball, Modes, Hint     Rect // bottom band (Navball: the ball, its rim and its label)
	Landing, Docking, Legend         Rect // right column (Legend: at the bottom)
}

// SafeArea is the part of a w×h screen no HUD panel covers (HUDLayout's
// Safe, the same for every HUD).
func SafeArea(w, h int) Rect { return HUDLayout(w, h, nil).Safe }

// HUDLayout lays out frame f's HUD on a w×h screen; f nil gives only the
// safe area and the scale.
func HUDLayout(w, h int, f *Frame) Layout {
	W, H := float64(w), float64(h)
	k := hudScale(w, h)
	m, g, col := hudMargin*k, hudGap*k, hudColumn*k
	l := Layout{K: k}
	clusterTop := H - m - hudLine*k - g/2 - clusterH*k
	x0, x1 := m+col+g, W-m-col-g
	y0, y1 := m+statusHeight(k)+g, clusterTop-g
	l.Safe = Rect{x0, y0, max(x1-x0, 0), max(y1-y0, 0)}
	if f == nil || f.HUD.Hidden {
		return l
	}
	hud := &f.HUD

	// Left column.
	y := m
	left := func(height float64) Rect {
		r := Rect{m, y, col, height}
		y += height + g
		return r
	}
	l.Rates = left(ratesHeight(k))
	if hud.Orbit != nil {
		l.Orbit = left(orbitPlotHeight(k))
	}
	if hud.tumbling() {
		l.Tumbling = left(tumblingH * k)
	}
	if len(hud.Messages) > 0 {
		l.Messages = Rect{m, y, col, max(clusterTop+clusterH*k-y, 0)}
	}

	// Top and bottom bands.
	if hud.Status != nil {
		l.Status = Rect{x0, m, x1 - x0, statusHeight(k)}
	}
	if hud.Help != "" {
		l.Hint = Rect{m, H - m - hudLine*k, W - 2*m, hudLine * k}
	}
	cx := W / 2
	nr := (navRadius + navRing) * k
	if hud.Attitude != nil {
		l.Navball = Rect{cx - nr, clusterTop, 2 * nr, clusterH * k}
	}
	if hud.Status != nil {
		l.Gauges = Rect{cx - nr - g - gaugesWidth*k, clusterTop, gaugesWidth * k, clusterH * k}
		l.Modes = Rect{cx + nr + g, clusterTop, modesWidth * k, clusterH * k}
	}

	// Right column.
	rx := W - m - col
	if hud.Landing != nil {
		l.Landing = Rect{rx, m, col, landingHeight(hud.Landing, k)}
	}
	if hud.Docking != nil {
		l.Docking = Rect{rx, m, col, dockingHeight(hud.Docking, k)}
	}
	if n := len(legendItems(f, nil)); n > 0 {
		lh := legendHeight(n, k)
		l.Legend = Rect{W - m - legendWidth*k, clusterTop + clusterH*k - lh, legendWidth * k, lh}
	}
	return l
}

// Panels returns the rectangles of the panels l lays out (those shown).
func (l Layout) Panels() []Rect {
	var out []Rect
	for _, r := range [...]Rect{l.Rates, l.Orbit, l.Tumbling, l.Messages, l.Status, l.Gauges, l.Navball, l.Modes, l.Hint, l.Landing, l.Docking, l.Legend} {
		if r.W > 0 && r.H > 0 {
			out = append(out, r)
		}
	}
	return out
}

// tumbling reports whether the TUMBLING warning shows.
func (h *HUD) tumbling() bool {
	tumble := h.TumbleRate
	if tumble == 0 {
		tumble = defaultTumbleRate
	}
	return tumble > 0 && h.Omega > tumble
}

// safeLens is the safe area of a w×h screen (zero: 1280×720) seen through
// view v's lens: its edges as tangents of the angles from the view axis (x
// right, y up), as a camera frames with them.
func safeLens(w, h int, v View) (x0, x1, y0, y1 float64) {
	if w <= 0 || h <= 0 {
		w, h = 1280, 720
	}
	s := SafeArea(w, h)
	focal, _ := v.lens(float64(h))
	t := 1 / focal // tangent per pixel
	cx, cy := float64(w)/2, float64(h)/2
	x0, x1 = (s.X-cx)*t, (s.X+s.W-cx)*t
	y0, y1 = (cy-s.Y-s.H)*t, (cy-s.Y)*t
	if !(x1 > x0) || !(y1 > y0) { // a screen too small for the panels: the whole view
		x0, x1, y0, y1 = -t*cx, t*cx, -t*cy, t*cy
	}
	return x0, x1, y0, y1
}

// Project returns where world point p appears on a w×h screen seen through
// view v (px, y down), and whether it lies in front of the camera — the
// projection the scene is drawn with.
func Project(v View, w, h int, p mgl64.Vec3) (x, y float64, ok bool) {
	focal, near := v.lens(float64(h))
	c := quatMat(v.Orient).Transpose().Mul3x1(p.Sub(v.Pos))
	if !(c[2] < -near) {
		return 0, 0, false
	}
	x, y = screenPoint(float64(w), float64(h), focal, c)
	return x, y, true
}
