package render

import (
	"image/color"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Help is the help overlay (F1): every binding in force, in columns, and
// the legend of the HUD's markers. The game fills it from its settings.
type Help struct {
	Title  string
	Groups []HelpGroup // one column each
	Legend bool        // draw the marker legend below the columns
	Hint   string      // how to close it
}

// HelpGroup is one column of the help overlay.
type HelpGroup struct {
	Title string
	Rows  []HelpRow
}

// HelpRow is one action: its keys, its gamepad buttons and what it does.
type HelpRow struct {
	Keys, Buttons, Action string
}

// drawHelp dims everything and draws h.
func (r *Renderer) drawHelp(h *Help, u *ui) {
	k := u.k
	u.rect(0, 0, u.w, u.h, color.RGBA{0, 0, 0, 170})
	pw, ph := u.w-40*k, u.h-40*k
	x, y := 20*k, 20*k
	// Opaque: over the pause menu or the results, nothing shows through.
	u.rect(x, y, pw, ph, colOpaque)
	u.frame(x, y, pw, ph, k, colBorder)
	u.text(h.Title, u.title, u.w/2, y+12*k, colAccent, text.AlignCenter)
	top := y + 52*k
	n := max(len(h.Groups), 1)
	cw := (pw - 30*k) / float64(n)
	line := 17 * k
	bottom := top
	for i, g := range h.Groups {
		cx := x + 15*k + float64(i)*cw
		ty := top
		u.text(g.Title, u.bold, cx, ty, colAccent, text.AlignStart)
		ty += line * 1.4
		// Keys, buttons and actions in columns as wide as their widest entry;
		// an action too long for what is left of the column is cut short.
		var kw, bw float64
		for _, row := range g.Rows {
			kw = max(kw, text.Advance(row.Keys, u.small))
			bw = max(bw, text.Advance(row.Buttons, u.small))
		}
		bx := cx + kw + 12*k
		ax := bx
		if bw > 0 {
			ax += bw + 12*k
		}
		room := cx + cw - 10*k - ax
		for _, row := range g.Rows {
			u.text(row.Keys, u.small, cx, ty, colWhite, text.AlignStart)
			if row.Buttons != "" {
				u.text(row.Buttons, u.small, bx, ty, colOK, text.AlignStart)
			}
			action := row.Action
			if text.Advance(action, u.small) > room {
				action = cut(action, u.small, room-text.Advance("…", u.small)) + "…"
			}
			u.text(action, u.small, ax, ty, colText, text.AlignStart)
			ty += line
		}
		bottom = max(bottom, ty)
	}
	if h.Legend {
		ly := bottom + 10*k
		u.line2(x+15*k, ly, x+pw-15*k, ly, k, colBorder)
		u.text("MARKERS", u.bold, x+15*k, ly+8*k, colAccent, text.AlignStart)
		r.drawLegendRow(u, x+120*k, ly+8*k, pw-130*k, allLegend)
		ly += 8*k + line*1.8
		u.text("PANELS", u.bold, x+15*k, ly, colAccent, text.AlignStart)
		for _, n := range panelNotes {
			for _, ln := range wrap(n, u.small, pw-135*k) {
				u.text(ln, u.small, x+120*k, ly+2*k, colText, text.AlignStart)
				ly += line
			}
		}
	}
	u.text(h.Hint, u.small, u.w/2, y+ph-24*k, colDim, text.AlignCenter)
}

// panelNotes say how to read the landing and docking panels, below the
// markers in the help overlay.
var panelNotes = []string{
	"↑ ↓ beside a figure: it grows or shrinks in size, whatever its sign — V.SPD −2.6 m/s ↓ is a descent slowing, RIGHT −0.4 m ↓ an offset closing",
	"d/dt (docking): how fast RIGHT and UP change, in m/s   ·   near the goal each figure is graded against the mission's limit: OK, NEAR, OVER",
}

// legendItem is one marker the HUD draws, for the legend.
type legendItem uint8

const (
	legendPrograde legendItem = iota
	legendRetrograde
	legendRelative
	legendTarget
	legendAxis
	legendCraft
	legendGoal
	legendLanding
	legendCount
)

var legendNames = [legendCount]string{"prograde", "retrograde", "moving to/from target", "target", "rotation axis", "craft nose", "goal (pad, port)", "touchdown point"}

// allLegend lists every marker.
var allLegend = func() (l []legendItem) {
	for i := range legendCount {
		l = append(l, i)
	}
	return l
}()

// legendSymbol draws item's symbol centred at (x, y).
func (u *ui) legendSymbol(it legendItem, x, y float64) {
	k := u.k
	s := 7 * k
	switch it {
	case legendPrograde:
		u.progradeMark(x, y, s)
	case legendRetrograde:
		u.retrogradeMark(x, y, s)
	case legendRelative:
		u.relativeMark(x-5*k, y, s*0.8, true)
		u.relativeMark(x+6*k, y, s*0.8, false)
	case legendTarget:
		u.targetMark(x, y, s)
	case legendAxis:
		u.disc(x, y, s*0.6, colAxisMark)
	case legendCraft:
		u.line2(x-12*k, y, x-4*k, y, 2*k, colMarker)
		u.line2(x-4*k, y, x, y+4*k, 2*k, colMarker)
		u.line2(x, y+4*k, x+4*k, y, 2*k, colMarker)
		u.line2(x+4*k, y, x+12*k, y, 2*k, colMarker)
	case legendGoal:
		d := 7 * k
		u.poly(colGoalMark, x, y-d, x+d, y, x, y+d, x-d, y)
		u.poly(colBlack, x, y-d/2, x+d/2, y, x, y+d/2, x-d/2, y)
	case legendLanding:
		u.circle(x, y, 7*k, 2*k, colLandingMark)
		u.line2(x-3*k, y, x+3*k, y, 1.5*k, colLandingMark)
		u.line2(x, y-3*k, x, y+3*k, 1.5*k, colLandingMark)
	}
}

// colOpaque is the help overlay's background.
var colOpaque = color.RGBA{12, 15, 22, 255}

// Colours the game gives the goal marker and the touchdown ring (the
// legend shows them the same).
var (
	colGoalMark    = color.RGBA{120, 230, 255, 255}
	colLandingMark = color.RGBA{255, 120, 220, 255}
)

// drawLegendRow draws items in a row from (x, y), wrapping within w.
func (r *Renderer) drawLegendRow(u *ui, x, y, w float64, items []legendItem) {
	k := u.k
	cx, cy := x, y
	for _, it := range items {
		iw := 30*k + text.Advance(legendNames[it], u.small) + 16*k
		if cx+iw > x+w && cx > x {
			cx, cy = x, cy+22*k
		}
		u.legendSymbol(it, cx+12*k, cy+8*k)
		u.text(legendNames[it], u.small, cx+28*k, cy+1*k, colText, text.AlignStart)
		cx += iw
	}
}

// legendItems appends to dst the markers frame f shows, for its legend.
func legendItems(f *Frame, dst []legendItem) []legendItem {
	h := &f.HUD
	if a := h.Attitude; a != nil {
		if a.Prograde.Len() > 1e-9 {
			dst = append(dst, legendPrograde, legendRetrograde)
		}
		if a.Relative.Len() > 1e-9 {
			dst = append(dst, legendRelative)
		}
		if a.Target.Len() > 1e-9 {
			dst = append(dst, legendTarget)
		}
		if a.ShowAxis && a.Axis.Len() > 1e-9 {
			dst = append(dst, legendAxis)
		}
		dst = append(dst, legendCraft)
	}
	if len(h.Markers) > 0 {
		dst = append(dst, legendGoal)
	}
	if len(f.Marks) > 0 {
		dst = append(dst, legendLanding)
	}
	return dst
}

// The legend panel's width at k = 1 and its height for n rows at scale k.
const legendWidth = 210

func legendHeight(n int, k float64) float64 { return float64(n)*19*k + 30*k }

// drawLegend draws the legend of the markers this frame shows in the
// panel p (HUDLayout's, at the bottom of the right column).
func (r *Renderer) drawLegend(f *Frame, u *ui, p Rect) {
	var buf [legendCount]legendItem
	items := legendItems(f, buf[:0])
	if len(items) == 0 {
		return
	}
	k := u.k
	tx, ty := u.titledPanel("MARKERS", p.X, p.Y, p.W, p.H)
	ty -= 6 * k
	for _, it := range items {
		u.legendSymbol(it, tx+12*k, ty+8*k)
		u.text(legendNames[it], u.small, tx+32*k, ty+1*k, colText, text.AlignStart)
		ty += 19 * k
	}
}
