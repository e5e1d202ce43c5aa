package render

import (
	"image/color"
	"math"
	"strconv"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// HUD holds the plain values shown over the scene. Angles and rates are in
// SI units (rad, rad/s) and shown in degrees. Nil panels are not drawn.
type HUD struct {
	Hidden bool // draw no HUD at all

	RollRate, PitchRate, YawRate float64 // body rates about the roll (z), pitch (x) and yaw (y) axes (rad/s)
	Omega                        float64 // |ω| (rad/s)
	AngMom                       float64 // |L| (kg·m²/s)
	Energy                       float64 // kinetic energy (J)
	RateScale                    float64 // full scale of the rate bars (rad/s); 0 means 30°/s
	TumbleRate                   float64 // |ω| above which TUMBLING shows (rad/s); 0 means 15°/s, negative never

	Attitude *Attitude  // navball
	Landing  *Landing   // landing panel
	Docking  *Docking   // docking panel
	Status   *Status    // fuel, throttle, SAS, warp, objective, timer
	Orbit    *OrbitPlot // relative motion in orbit (LVLH); nil elsewhere

	Crosshair bool     // a fixed crosshair at the screen centre (docking camera)
	Markers   []Marker // points kept in sight: the pad, the target
	Messages  []string // lines above the bottom instruments, oldest first ("Screenshot saved to …")
	Help      string   // one dim line at the very bottom: the key reminder
	Banner    string   // large centred text such as "PAUSED"; empty for none
}

// Status is the flight status line and gauges.
type Status struct {
	Fuel      float64 // propellant left as a fraction of full, 0…1
	FuelMass  float64 // propellant left (kg)
	Throttle  float64 // main engine throttle, 0…1
	SAS       string  // stability assist mode ("OFF", "HOLD", "RATE"…)
	Warp      float64 // time warp achieved (sim seconds per real second); 1 is real time
	WarpSet   int     // time warp asked for (ticks per frame); 0 means as achieved
	Objective string  // one line: what to do
	Time      float64 // mission time (s)
	Decided   float64 // when the mission was decided (s); 0 while it is open
	Camera    string  // camera mode name (Camera.Mode.String())
}

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
	Feet    []bool // per landing foot: touching the ground
	Gear    string // "DOWN", "UP" or "MOVING"; "" for a craft without gear
	Tol     LandingTolerances
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

// Docking is the docking panel's data: our port relative to the target port.
type Docking struct {
	Range        float64    // distance between the port centres (m)
	ClosingRate  float64    // rate the range shrinks (m/s), positive when closing
	Offset       [2]float64 // lateral offset across the target port axis: x right, y up in the target port frame (m)
	OffsetRate   [2]float64 // d/dt of Offset (m/s)
	Misalign     [3]float64 // pitch, yaw, roll misalignment (rad)
	MisalignRate [3]float64 // d/dt of Misalign (rad/s)
	Tol          DockingTolerances
	// Graded: the capture limits apply now (the final approach); before
	// that figures are neutral, with an arrow saying whether each offset
	// and angle grows or shrinks.
	Graded bool
}

// DockingTolerances are the mission's capture limits; zero fields are not
// graded.
type DockingTolerances struct {
	ClosingRate float64 // largest closing speed at capture (m/s)
	Offset      float64 // largest lateral offset (m)
	Angle       float64 // largest misalignment (rad)
	AngleRate   float64 // largest relative angular rate (rad/s)
}

const (
	defaultRateScale  = 30 / rad2deg
	defaultTumbleRate = 15 / rad2deg
)

func (r *Renderer) drawHUD(f *Frame, u *ui) {
	h := &f.HUD
	if h.Hidden {
		return
	}
	k := u.k
	r.drawMarkers(h, u)
	r.drawRates(h, u, 12*k, 12*k)
	if h.Orbit != nil {
		r.drawOrbit(h.Orbit, u, 12*k, 22*k+u.ratesHeight())
	}
	if h.Status != nil {
		r.drawStatus(h.Status, u)
	}
	if h.Attitude != nil {
		r.drawNavball(h.Attitude, u, u.w/2, u.h-152*k, 88*k)
	}
	py := 12 * k
	if h.Landing != nil {
		py = r.drawLanding(h.Landing, f, u, u.w-12*k-310*k, py) + 10*k
	}
	if h.Docking != nil {
		r.drawDocking(h.Docking, u, u.w-12*k-310*k, py)
	}
	if h.Crosshair {
		cx, cy := u.w/2, u.h/2
		for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			u.line2(cx+d[0]*8*k, cy+d[1]*8*k, cx+d[0]*40*k, cy+d[1]*40*k, 2*k, colOK)
		}
		u.circle(cx, cy, 3*k, 1.5*k, colOK)
	}
	tumble := h.TumbleRate
	if tumble == 0 {
		tumble = defaultTumbleRate
	}
	if tumble > 0 && h.Omega > tumble {
		r.drawTumbling(u)
	}
	if h.Help != "" {
		u.text(h.Help, u.mono, 12*k, u.h-12*k-u.line, colDim, text.AlignStart)
	}
	if len(h.Messages) > 0 {
		r.drawMessages(h, u)
	}
	r.drawLegend(f, u)
	if h.Banner != "" {
		u.text(h.Banner, u.big, u.w/2, u.h*0.3, colWarn, text.AlignCenter)
	}
}

// maxMessageLines is how many wrapped lines of messages the HUD shows; the
// newest messages win.
const maxMessageLines = 8

// maxLinesPerMessage is how many wrapped lines one message may take.
const maxLinesPerMessage = 4

// drawMessages draws the messages on a panel above the bottom instruments
// (the navball's top is at u.h−240k, the gauges at u.h−260k), each
// wrapped to the screen's width, so long lines never run over them or off
// the screen.
//
// In orbit the relative-motion panel fills the left side down to where the
// messages would stand: they go below it instead, as wide as the room left
// of the gauges.
func (r *Renderer) drawMessages(h *HUD, u *ui) {
	k := u.k
	maxW := u.w - 36*k
	top := -1.0 // the panel's top when it hangs below the orbit panel
	if h.Orbit != nil {
		maxW = u.w/2 - 292*k
		top = 30*k + u.ratesHeight() + orbitPlotHeight(k)
	}
	lines := r.msgLines[:0]
	for _, m := range h.Messages {
		ls := wrap(m, u.mono, maxW)
		if len(ls) > maxLinesPerMessage { // the start says what it is about
			ls = ls[:maxLinesPerMessage]
			ls[len(ls)-1] += " …"
		}
		lines = append(lines, ls...)
	}
	if len(lines) > maxMessageLines {
		lines = lines[len(lines)-maxMessageLines:]
	}
	r.msgLines = lines
	w := 0.0
	for _, m := range lines {
		w = max(w, text.Advance(m, u.mono))
	}
	bottom := u.h - 268*k
	if h.Attitude == nil && h.Status == nil {
		bottom = u.h - 12*k - 1.5*u.line
	}
	n := len(lines)
	y := bottom - float64(n)*u.line
	if top >= 0 {
		if room := int((u.h - 30*k - top) / u.line); n > room {
			lines, n = lines[n-max(room, 0):], max(room, 0)
		}
		y = top + 4*k
	}
	u.panel(6*k, y-4*k, min(w+12*k, u.w-12*k), float64(n)*u.line+8*k)
	for _, m := range lines {
		u.text(m, u.mono, 12*k, y, colText, text.AlignStart)
		y += u.line
	}
}

// ratesHeight is the height of the body-rates panel.
func (u *ui) ratesHeight() float64 { return 7.6*u.line + 12*u.k }

// drawRates draws the body-rate bars and |ω|, |L|, KE.
func (r *Renderer) drawRates(h *HUD, u *ui, x, y float64) {
	k, line := u.k, u.line
	pw := 310 * k
	tx, ty := u.titledPanel("BODY RATES", x, y, pw, u.ratesHeight())
	right := x + pw - 10*k
	u.text("°/s", u.mono, right, y+6*k, colDim, text.AlignEnd) // beside the title
	scale := h.RateScale
	if !(scale > 0) {
		scale = defaultRateScale
	}
	for _, row := range [3]struct {
		name string
		v    float64
	}{{"ROLL", h.RollRate}, {"PITCH", h.PitchRate}, {"YAW", h.YawRate}} {
		u.text(row.name, u.mono, tx, ty, colText, text.AlignStart)
		c := colAccent
		if math.Abs(row.v) > scale {
			c = colWarn
		}
		u.hbar(tx+58*k, ty+4*k, 150*k, line-8*k, row.v, scale, c)
		u.text(fmtNum(row.v*rad2deg, 1, true, ""), u.mono, right, ty, colText, text.AlignEnd)
		ty += line
	}
	ty += line * 0.3
	u.text("|ω|", u.mono, tx, ty, colText, text.AlignStart)
	u.text(fmtNum(h.Omega*rad2deg, 2, false, " °/s"), u.mono, right, ty, colText, text.AlignEnd)
	ty += line
	u.text("|L|", u.mono, tx, ty, colText, text.AlignStart)
	u.text(fmtNum(h.AngMom, 1, false, " kg·m²/s"), u.mono, right, ty, colText, text.AlignEnd)
	ty += line
	u.text("KE", u.mono, tx, ty, colText, text.AlignStart)
	u.text(fmtNum(h.Energy, 1, false, " J"), u.mono, right, ty, colText, text.AlignEnd)
}

// drawTumbling draws the TUMBLING warning at the top centre: a red box with
// a warning triangle and the word, so it reads without colour.
func (r *Renderer) drawTumbling(u *ui) {
	k := u.k
	w, h := 250*k, 44*k
	x, y := u.w/2-w/2, 96*k
	u.rect(x, y, w, h, colBad)
	u.rect(x+3*k, y+3*k, w-6*k, h-6*k, color.RGBA{60, 0, 0, 230})
	s := 13 * k
	cx, cy := x+28*k, y+h/2+2*k
	u.poly(colBad, cx, cy-s, cx+s, cy+s*0.8, cx-s, cy+s*0.8)
	u.rect(cx-1.5*k, cy-s*0.45, 3*k, s*0.7, colBlack)
	u.rect(cx-1.5*k, cy+s*0.35, 3*k, 3*k, colBlack)
	u.text("TUMBLING", u.title, x+w/2+14*k, y+8*k, colBad, text.AlignCenter)
}

// drawStatus draws the objective and timer at the top centre and the fuel
// and throttle gauges, SAS, warp and camera beside the navball.
func (r *Renderer) drawStatus(s *Status, u *ui) {
	k := u.k
	top := "T+ " + fmtClock(s.Time)
	if s.Decided > 0 {
		top += "  (decided " + fmtClock(s.Decided) + ")"
	}
	top += warpLabel(s)
	pw := 460 * k
	if s.Objective != "" {
		pw = max(pw, text.Advance(s.Objective, u.mono)+30*k)
	}
	u.panel(u.w/2-pw/2, 12*k, pw, 2.5*u.line+6*k)
	u.text(top, u.bold, u.w/2, 16*k, colText, text.AlignCenter)
	if s.Objective != "" {
		u.text(s.Objective, u.mono, u.w/2, 16*k+u.line*1.2, colAccent, text.AlignCenter)
	}

	// Gauges left of the navball.
	gx, gy, gh := u.w/2-88*k-160*k, u.h-230*k, 140*k
	u.panel(gx-14*k, gy-30*k, 136*k, gh+68*k)
	fc := colOK
	switch {
	case s.Fuel < 0.1:
		fc = colBad
	case s.Fuel < 0.25:
		fc = colWarn
	}
	u.text("FUEL", u.small, gx+12*k, gy-22*k, colDim, text.AlignCenter)
	u.vbar(gx, gy, 24*k, gh, s.Fuel, fc)
	u.text(fmtNum(100*s.Fuel, 0, false, "%"), u.small, gx+12*k, gy+gh+3*k, colText, text.AlignCenter)
	u.text("THR", u.small, gx+72*k, gy-22*k, colDim, text.AlignCenter)
	u.vbar(gx+60*k, gy, 24*k, gh, s.Throttle, colMarker)
	u.text(fmtNum(100*s.Throttle, 0, false, "%"), u.small, gx+72*k, gy+gh+3*k, colText, text.AlignCenter)
	if s.FuelMass > 0 {
		u.text(fmtNum(s.FuelMass, 0, false, " kg"), u.small, gx+12*k, gy+gh+19*k, colDim, text.AlignCenter)
	}

	// Modes right of the navball.
	mx, my := u.w/2+88*k+24*k, u.h-230*k
	u.panel(mx, my-30*k, 150*k, 3*u.line+40*k)
	sas := s.SAS
	if sas == "" {
		sas = "OFF"
	}
	sc := colOK
	if sas == "OFF" {
		sc = colDim
	}
	u.text("SAS", u.small, mx+10*k, my-22*k, colDim, text.AlignStart)
	u.text(sas, u.bold, mx+10*k, my-6*k, sc, text.AlignStart)
	u.text("CAM", u.small, mx+10*k, my+u.line, colDim, text.AlignStart)
	u.text(s.Camera, u.bold, mx+10*k, my+u.line+16*k, colText, text.AlignStart)
}

// warpLabel is the time warp as set, and what the machine achieves when
// that falls short: "   WARP ×4, running ×3".
func warpLabel(s *Status) string {
	set := float64(s.WarpSet)
	if s.WarpSet == 0 {
		set = s.Warp
	}
	if !(set > 1) {
		return ""
	}
	l := "   WARP ×" + fmtNum(set, 0, false, "")
	if s.Warp > 0 && s.Warp < 0.9*set {
		l += ", running ×" + fmtNum(s.Warp, 0, false, "")
	}
	return l
}

// trendArrow is a figure's trend: ↑ growing, ↓ shrinking.
func trendArrow(t int8) string {
	switch {
	case t > 0:
		return " ↑"
	case t < 0:
		return " ↓"
	}
	return ""
}

// gradeIf grades v against tol when the limits apply, else not at all.
func gradeIf(graded bool, v, tol float64) Grade {
	if !graded {
		return GradeNone
	}
	return GradeOf(v, tol)
}

// drawLanding draws the landing panel at (x, y) and returns its bottom.
func (r *Renderer) drawLanding(l *Landing, f *Frame, u *ui, x, y float64) float64 {
	k, line := u.k, u.line
	pw := 310 * k
	ph := 7.5*line + 12*k
	if l.Gear != "" {
		ph += line
	}
	title := "LANDING"
	if !l.Graded {
		title = "LANDING · limits from 10 m"
	}
	tx, ty := u.titledPanel(title, x, y, pw, ph)
	w := pw - 20*k
	u.gradedRow("ALT", fmtNum(l.Altitude, 1, false, " m"), GradeNone, tx, ty, w)
	ty += line
	vs := gradeIf(l.Graded, math.Min(l.VerticalSpeed, 0), l.Tol.VerticalSpeed) // climbing is never too fast
	u.gradedRow("V.SPD", fmtNum(l.VerticalSpeed, 2, true, " m/s")+trendArrow(l.Trend[0]), vs, tx, ty, w)
	ty += line
	u.gradedRow("H.SPD", fmtNum(l.HorizontalSpeed, 2, false, " m/s")+trendArrow(l.Trend[1]), gradeIf(l.Graded, l.HorizontalSpeed, l.Tol.HorizontalSpeed), tx, ty, w)
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
	return y + ph
}

// drawDocking draws the docking panel at (x, y): figures graded against the
// tolerances and an alignment display.
func (r *Renderer) drawDocking(d *Docking, u *ui, x, y float64) {
	k, line := u.k, u.line
	pw := 310 * k
	title := "DOCKING"
	if !d.Graded {
		title = "DOCKING · limits on final approach"
	}
	tx, ty := u.titledPanel(title, x, y, pw, 10.6*line+186*k)
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
	u.gradedRow("OFS X", fmtNum(d.Offset[0], 3, true, " m")+trend(d.Offset[0], d.OffsetRate[0]), gradeIf(g, d.Offset[0], d.Tol.Offset), tx, ty, w)
	ty += line
	u.gradedRow("OFS Y", fmtNum(d.Offset[1], 3, true, " m")+trend(d.Offset[1], d.OffsetRate[1]), gradeIf(g, d.Offset[1], d.Tol.Offset), tx, ty, w)
	ty += line
	u.gradedRow("d/dt", fmtNum(d.OffsetRate[0], 3, true, "")+" "+fmtNum(d.OffsetRate[1], 3, true, ""), GradeNone, tx, ty, w)
	ty += line
	names := [3]string{"PITCH", "YAW", "ROLL"}
	for i, n := range names {
		u.gradedRow(n, fmtNum(d.Misalign[i]*rad2deg, 1, true, "°")+trend(d.Misalign[i], d.MisalignRate[i]), gradeIf(g, d.Misalign[i], d.Tol.Angle), tx, ty, w)
		ty += line
	}
	var worstRate float64
	for _, v := range d.MisalignRate {
		worstRate = math.Max(worstRate, math.Abs(v))
	}
	u.gradedRow("RATES", fmtNum(d.MisalignRate[0]*rad2deg, 1, true, "")+" "+fmtNum(d.MisalignRate[1]*rad2deg, 1, true, "")+" "+fmtNum(d.MisalignRate[2]*rad2deg, 1, true, ""), gradeIf(g, worstRate, d.Tol.AngleRate), tx, ty, w)
	ty += line * 1.3

	// Alignment display: the square is the offset tolerance; the disc is our
	// port's lateral offset, the cross our axis misalignment (full scale =
	// twice the tolerance), the tick on the ring our roll error.
	size := 160 * k
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
	// Misalignment cross: yaw moves it sideways, pitch up and down.
	gAng := gradeIf(g, math.Max(math.Abs(d.Misalign[0]), math.Abs(d.Misalign[1])), d.Tol.Angle)
	ax := cx + clamp(d.Misalign[1]/angTol, -2, 2)*tolBox
	ay := cy - clamp(d.Misalign[0]/angTol, -2, 2)*tolBox
	u.line2(ax-9*k, ay, ax+9*k, ay, 3*k, gAng.color())
	u.line2(ax, ay-9*k, ax, ay+9*k, 3*k, gAng.color())
	// Roll: a tick on a ring, at the top when aligned.
	rr := half - 10*k
	u.circle(cx, cy, rr, k, colDim)
	gRoll := gradeIf(g, d.Misalign[2], d.Tol.Angle)
	ra := d.Misalign[2]
	u.line2(cx+math.Sin(ra)*(rr-8*k), cy-math.Cos(ra)*(rr-8*k), cx+math.Sin(ra)*(rr+6*k), cy-math.Cos(ra)*(rr+6*k), 3*k, gRoll.color())
	u.text("● offset  + angle  | roll", u.small, cx, cy+half+3*k, colDim, text.AlignCenter)
}
