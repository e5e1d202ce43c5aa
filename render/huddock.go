package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The docking panel: range, closing speed, the offset and the turn still
// to make — all in the pilot's own frame — the tumbling target's port, and
// the alignment display.

// Docking is the docking panel's data, in the pilot's own frame: as seen
// looking out of the craft's own port, x right and y up, so that each
// translation and rotation key always moves its figure and mark the same
// way, whatever the target's attitude.
type Docking struct {
	Range       float64 // distance between the port centres (m)
	ClosingRate float64 // rate the range shrinks (m/s), positive when closing
	// Offset is where the target port's approach line is from the own
	// port, across the own port's axis: x right, y up (m). The disc shows
	// it: translate towards it (right when it is right) and it comes to the
	// centre. OffsetRate is its rate of change (m/s).
	Offset, OffsetRate [2]float64
	// Keys names the translation keys that close the offset ("L I"); ""
	// when there is hardly any.
	Keys string
	// Turn is the rotation still to make to line up with the target port,
	// as pitch (+ nose up), yaw (+ nose right) and roll (+ right) (rad):
	// turn towards the cross and the roll tick. Rate is the craft's turn
	// rate relative to the target's, the same way round (rad/s).
	Turn, Rate [3]float64
	// Port is how the target's port swings when the target tumbles; nil
	// for a target whose port axis holds still.
	Port *PortMotion
	Tol  DockingTolerances
	// Graded: the capture limits apply now (the final approach); before
	// that figures are neutral, with an arrow saying whether each offset
	// and angle grows or shrinks.
	Graded bool
}

// PortMotion is how a tumbling target's port moves relative to the craft.
type PortMotion struct {
	Facing float64 // angle between the port's axis and the line to the craft (rad): 0 = facing it
	Swing  float64 // rate Facing changes (rad/s): negative while turning towards the craft
	// Faces is the time until the port next faces the craft (s); 0 while
	// it does, +Inf when not within the look-ahead.
	Faces float64
	// Flip is the time until the target's next flip, when the port swings
	// to the other side of its momentum axis (s); +Inf for none ahead.
	Flip float64
}

// DockingTolerances are the mission's capture limits; zero fields are not
// graded.
type DockingTolerances struct {
	ClosingRate float64 // largest closing speed at capture (m/s)
	Offset      float64 // largest lateral offset (m)
	Angle       float64 // largest misalignment (rad)
	AngleRate   float64 // largest relative angular rate (rad/s)
}

// dockingHeight is the docking panel's height at scale k.
func dockingHeight(d *Docking, k float64) float64 {
	rows := 10.6 + legendLine
	if d.Port != nil {
		rows += 2
	}
	return rows*hudLine*k + dockDisplay*k + 26*k
}

// dockDisplay is the alignment display's size at k = 1 (px).
const dockDisplay = 160

// drawDocking draws the docking panel in p: figures graded against the
// tolerances and the alignment display.
func (r *Renderer) drawDocking(d *Docking, u *ui, p Rect) {
	k, line := u.k, u.line
	x, y, pw := p.X, p.Y, p.W
	title := "DOCKING"
	if !d.Graded {
		title = "DOCKING · limits on final approach"
	}
	tx, ty := u.titledPanel(title, x, y, pw, p.H)
	w := pw - 20*k
	g := d.Graded
	// trend says whether |v| grows (↑) or shrinks (↓) at rate dv.
	trend := func(v, dv float64) string {
		if math.Abs(dv) < 1e-4 {
			return ""
		}
		return trendArrow(int8(math.Copysign(1, v*dv)))
	}
	u.gradedRow("RANGE", fmtNum(d.Range, 2, false, " m"), GradeNone, tx, ty, w)
	ty += line
	// Closing too fast is bad; opening is not graded against capture speed.
	u.gradedRow("CLOSE", fmtNum(d.ClosingRate, 3, true, " m/s"), gradeIf(g, math.Max(d.ClosingRate, 0), d.Tol.ClosingRate), tx, ty, w)
	ty += line
	off := math.Hypot(d.Offset[0], d.Offset[1])
	u.gradedRow("RIGHT", fmtNum(d.Offset[0], 3, true, " m")+trend(d.Offset[0], d.OffsetRate[0]), gradeIf(g, d.Offset[0], d.Tol.Offset), tx, ty, w)
	if d.Keys != "" { // the keys that close the offset
		u.text(d.Keys, u.mono, tx+62*k, ty, colAccent, text.AlignStart)
	}
	ty += line
	u.gradedRow("UP", fmtNum(d.Offset[1], 3, true, " m")+trend(d.Offset[1], d.OffsetRate[1]), gradeIf(g, d.Offset[1], d.Tol.Offset), tx, ty, w)
	ty += line
	u.gradedRow("d/dt", offsetRateText(d.OffsetRate), GradeNone, tx, ty, w)
	ty += line
	names := [3]string{"PITCH", "YAW", "ROLL"}
	for i, n := range names {
		// The turn still to make shrinks at the rate the craft turns.
		u.gradedRow(n, fmtNum(d.Turn[i]*rad2deg, 1, true, "°")+trend(d.Turn[i], -d.Rate[i]), gradeIf(g, d.Turn[i], d.Tol.Angle), tx, ty, w)
		ty += line
	}
	var worstRate float64
	for _, v := range d.Rate {
		worstRate = math.Max(worstRate, math.Abs(v))
	}
	u.gradedRow("RATES", turnRateText(d.Rate), gradeIf(g, worstRate, d.Tol.AngleRate), tx, ty, w)
	ty += line
	if m := d.Port; m != nil {
		// How far the port faces off the craft, and how fast that changes
		// (↓: it turns towards the craft).
		way := ""
		if math.Abs(m.Swing) > 1e-4 {
			way = pick(m.Swing < 0, " ↓ ", " ↑ ") + fmtNum(math.Abs(m.Swing)*rad2deg, 1, false, "°/s")
		}
		u.gradedRow("PORT", fmtNum(m.Facing*rad2deg, 0, false, "° off")+way, GradeNone, tx, ty, w)
		ty += line
		faces := "FACES YOU NOW"
		if m.Faces > 0 {
			faces = "FACES YOU " + fmtWhen(m.Faces)
		}
		u.text(faces, u.small, tx, ty+2*k, pick(m.Faces == 0, colOK, colText), text.AlignStart)
		u.text("FLIPS "+fmtWhen(m.Flip), u.small, tx+w, ty+2*k, colWarn, text.AlignEnd)
		ty += line
	}
	ty += line * 0.3

	// Alignment display, as seen out of the own port: the square is the
	// offset tolerance; the disc is where the approach line is, the cross
	// where the nose must turn (full scale = twice the tolerance), the tick
	// on the ring the roll still to make. Fly towards the marks.
	size := dockDisplay * k
	cx, cy := x+pw/2, ty+size/2
	half := size / 2
	u.rect(cx-half, cy-half, size, size, color.RGBA{10, 20, 30, 220})
	u.line2(cx-half, cy, cx+half, cy, k, colDim)
	u.line2(cx, cy-half, cx, cy+half, k, colDim)
	offTol := d.Tol.Offset
	if !(offTol > 0) {
		offTol = 0.2
	}
	angTol := d.Tol.Angle
	if !(angTol > 0) {
		angTol = 5 / rad2deg
	}
	tolBox := half / 2 // the tolerance sits at half scale
	gOff := gradeIf(g, off, d.Tol.Offset)
	boxC := colDim
	if gOff != GradeNone {
		boxC = gOff.color()
	}
	u.line2(cx-tolBox, cy-tolBox, cx+tolBox, cy-tolBox, 1.5*k, boxC)
	u.line2(cx+tolBox, cy-tolBox, cx+tolBox, cy+tolBox, 1.5*k, boxC)
	u.line2(cx+tolBox, cy+tolBox, cx-tolBox, cy+tolBox, 1.5*k, boxC)
	u.line2(cx-tolBox, cy+tolBox, cx-tolBox, cy-tolBox, 1.5*k, boxC)
	lim := (half - 16*k) / tolBox // display edge in tolerances, inside the frame
	ox := cx + clamp(d.Offset[0]/offTol, -lim, lim)*tolBox
	oy := cy - clamp(d.Offset[1]/offTol, -lim, lim)*tolBox
	u.disc(ox, oy, 6*k, boxC)
	u.circle(ox, oy, 6*k, 1.2*k, colWhite)
	if math.Abs(d.Offset[0]) > lim*offTol || math.Abs(d.Offset[1]) > lim*offTol {
		// Off the scale: an arrow beside the pinned disc points to the offset.
		dx, dy := d.Offset[0], -d.Offset[1]
		l := math.Hypot(dx, dy)
		dx, dy = dx/l, dy/l
		bx, by := ox+dx*8*k, oy+dy*8*k
		u.poly(boxC, bx+dx*7*k, by+dy*7*k, bx-dy*5*k, by+dx*5*k, bx+dy*5*k, by-dx*5*k)
	}
	// The turn's cross: yaw moves it sideways, pitch up and down.
	gAng := gradeIf(g, math.Max(math.Abs(d.Turn[0]), math.Abs(d.Turn[1])), d.Tol.Angle)
	ax := cx + clamp(d.Turn[1]/angTol, -2, 2)*tolBox
	ay := cy - clamp(d.Turn[0]/angTol, -2, 2)*tolBox
	u.line2(ax-9*k, ay, ax+9*k, ay, 3*k, gAng.color())
	u.line2(ax, ay-9*k, ax, ay+9*k, 3*k, gAng.color())
	// Roll: a tick on a ring, at the top when aligned.
	rr := half - 10*k
	u.circle(cx, cy, rr, k, colDim)
	gRoll := gradeIf(g, d.Turn[2], d.Tol.Angle)
	ra := d.Turn[2]
	u.line2(cx+math.Sin(ra)*(rr-8*k), cy-math.Cos(ra)*(rr-8*k), cx+math.Sin(ra)*(rr+6*k), cy-math.Cos(ra)*(rr+6*k), 3*k, gRoll.color())
	u.text("fly to: ● line  + nose  | roll", u.small, cx, cy+half+3*k, colDim, text.AlignCenter)
	u.text(trendLegend, u.small, cx, cy+half+3*k+legendLine*line, colDim, text.AlignCenter)
}

// offsetRateText is the docking panel's d/dt row: how fast the RIGHT and
// UP offsets change, each named as its row is, in m/s ("RIGHT +0.012
// UP -0.003 m/s"); to the centimetre per second from 1 m/s, so that the
// row fits its panel.
func offsetRateText(rate [2]float64) string {
	prec := func(v float64) int { return pick(math.Abs(v) < 1, 3, 2) }
	return "RIGHT " + fmtNum(rate[0], prec(rate[0]), true, "") + " UP " + fmtNum(rate[1], prec(rate[1]), true, " m/s")
}

// turnRateText is the docking panel's RATES row: how fast the craft turns
// relative to the target about the PITCH, YAW and ROLL rows' axes, in °/s
// as the BODY RATES panel, each figure after its row's initial
// ("P+0.4 Y-1.2 R+0.0"), to the degree from 10°/s so that the row fits
// beside its label (a unit would not).
func turnRateText(rate [3]float64) string {
	f := func(v float64) string { return fmtNum(v*rad2deg, pick(math.Abs(v*rad2deg) < 9.95, 1, 0), true, "") }
	return "P" + f(rate[0]) + " Y" + f(rate[1]) + " R" + f(rate[2])
}

// fmtWhen formats a time ahead: "in 42 s", "in 2:10", "—" beyond sight.
func fmtWhen(t float64) string {
	if math.IsInf(t, 1) || math.IsNaN(t) {
		return "—"
	}
	return "in " + fmtDuration(t)
}

// pick is a if c, else b.
func pick[T any](c bool, a, b T) T {
	if c {
		return a
	}
	return b
}
