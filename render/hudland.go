package render

import (
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// The landing panel: height, speeds and tilt graded against the touchdown
// limits near the ground, the keys that stop the drift and lead to the
// pad, the gear and the feet.

// Landing is the landing panel's data.
type Landing struct {
	Altitude        float64    // height of the craft's lowest point above the ground (m)
	VerticalSpeed   float64    // m/s, positive up
	HorizontalSpeed float64    // m/s
	Tilt            float64    // angle between the craft's up axis and world up (rad)
	PadOffset       mgl64.Vec3 // from the craft to the pad centre, world (m); its bearing is shown relative to the view
	// PadKeys names the translation keys that push the craft towards the
	// pad (e.g. "H J"): the chase camera looks at the pad, not along the
	// craft, so the screen does not tell them. "" when over the pad.
	PadKeys string
	// DriftKeys names the translation keys that push against the drift
	// across the ground ("N L"); "" when there is hardly any.
	DriftKeys string
	// State is the landing's state as the judge has it ("TOUCHING",
	// "BOUNCED", "SETTLING"…), shown in the title; "" while flying.
	State string
	Feet  []bool // per landing foot: touching the ground
	Gear  string // "DOWN", "UP" or "MOVING"; "" for a craft without gear
	Tol   LandingTolerances
	// Graded: the touchdown limits apply now (the last metres or seconds
	// before touchdown): figures are graded against Tol. Before that they
	// are neutral, with Trend.
	Graded bool
	// Trend of |vertical speed|, |horizontal speed| and tilt: +1 growing,
	// −1 shrinking, 0 steady.
	Trend [3]int8
}

// LandingTolerances are the mission's touchdown limits; zero fields are not
// graded.
type LandingTolerances struct {
	VerticalSpeed   float64 // m/s
	HorizontalSpeed float64 // m/s
	Tilt            float64 // rad
}

// landingHeight is the landing panel's height at scale k.
func landingHeight(l *Landing, k float64) float64 {
	h := (7.5+legendLine)*hudLine*k + 12*k
	if l.Gear != "" {
		h += hudLine * k
	}
	return h
}

// drawLanding draws the landing panel in p.
func (r *Renderer) drawLanding(l *Landing, f *Frame, u *ui, p Rect) {
	k, line := u.k, u.line
	x, y, pw := p.X, p.Y, p.W
	title := "LANDING"
	switch {
	case l.State != "":
		title += " · " + l.State
	case !l.Graded:
		title += " · limits from 10 m"
	}
	tx, ty := u.titledPanel(title, x, y, pw, p.H)
	w := pw - 20*k
	u.gradedRow("ALT", fmtNum(l.Altitude, 1, false, " m"), GradeNone, tx, ty, w)
	ty += line
	vs := gradeIf(l.Graded, math.Min(l.VerticalSpeed, 0), l.Tol.VerticalSpeed) // climbing is never too fast
	u.gradedRow("V.SPD", fmtNum(l.VerticalSpeed, 2, true, " m/s")+trendArrow(l.Trend[0]), vs, tx, ty, w)
	ty += line
	u.gradedRow("H.SPD", fmtNum(l.HorizontalSpeed, 2, false, " m/s")+trendArrow(l.Trend[1]), gradeIf(l.Graded, l.HorizontalSpeed, l.Tol.HorizontalSpeed), tx, ty, w)
	if l.DriftKeys != "" { // the keys that stop the drift
		u.text(l.DriftKeys, u.mono, tx+60*k, ty, colAccent, text.AlignStart)
	}
	ty += line
	u.gradedRow("TILT", fmtNum(l.Tilt*rad2deg, 1, false, "°")+trendArrow(l.Trend[2]), gradeIf(l.Graded, l.Tilt, l.Tol.Tilt), tx, ty, w)
	ty += line
	if l.Gear != "" {
		gc := colText
		switch l.Gear {
		case "UP":
			gc = colWarn
		case "MOVING":
			gc = colAccent
		}
		u.text("GEAR", u.mono, tx, ty, colDim, text.AlignStart)
		u.text(l.Gear, u.bold, tx+w, ty, gc, text.AlignEnd)
		ty += line
	}

	// Pad: horizontal distance and an arrow showing its bearing relative to
	// the view direction (up = straight ahead on screen).
	d := math.Hypot(l.PadOffset[0], l.PadOffset[2])
	u.gradedRow("PAD", fmtNum(d, 1, false, " m"), GradeNone, tx, ty, w-36*k)
	if l.PadKeys != "" {
		u.text(l.PadKeys, u.mono, tx+60*k, ty, colAccent, text.AlignStart)
	}
	ax, ay, ar := x+pw-24*k, ty+line/2, 11*k
	u.circle(ax, ay, ar, k, colDim)
	fwd := quatMat(f.View.Orient).Mul3x1(mgl64.Vec3{0, 0, -1})
	if d > 0.05 && math.Hypot(fwd[0], fwd[2]) > 1e-6 {
		bearing := math.Atan2(l.PadOffset[0], l.PadOffset[2]) - math.Atan2(fwd[0], fwd[2]) // left-handed from above
		sx, sy := -math.Sin(bearing), -math.Cos(bearing)
		u.line2(ax-sx*ar*0.6, ay-sy*ar*0.6, ax+sx*ar, ay+sy*ar, 2*k, colAccent)
		u.disc(ax+sx*ar, ay+sy*ar, 2.5*k, colAccent)
	} else {
		u.disc(ax, ay, 3*k, colOK)
	}
	ty += line * 1.2

	// Feet: filled disc when touching, hollow ring when not, with a count.
	u.text("FEET", u.mono, tx, ty, colDim, text.AlignStart)
	n := 0
	for i, on := range l.Feet {
		cx := tx + 70*k + float64(i)*22*k
		if on {
			u.disc(cx, ty+line/2, 7*k, colOK)
			n++
		} else {
			u.circle(cx, ty+line/2, 7*k, 1.5*k, colDim)
		}
	}
	u.text(strconv.Itoa(n)+"/"+strconv.Itoa(len(l.Feet)), u.mono, x+pw-10*k, ty, colText, text.AlignEnd)
	ty += line
	u.text(trendLegend, u.small, tx, ty+2*k, colDim, text.AlignStart)
}

// legendLine is the height of a panel's legend line in lines: the small
// face.
const legendLine = 0.9
