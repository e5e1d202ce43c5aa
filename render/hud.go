package render

import (
	"image/color"
	"math"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// HUD holds the plain values shown over the scene. Angles and rates are in
// SI units (rad, rad/s) and shown in degrees. Nil panels are not drawn.
// Where each panel goes is HUDLayout's: around the safe area, never over
// it.
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

	Crosshair bool     // a crosshair at the safe area's centre, where the docking camera looks
	Markers   []Marker // points kept in sight: the pad, the target
	Messages  []string // the left column's messages, oldest first ("Screenshot saved to …")
	Help      string   // one dim line at the very bottom: the key reminder
	Banner    string   // a word in the status strip such as "REPLAY"; empty for none
}

// Status is the flight status strip, the gauges and the modes.
type Status struct {
	Fuel     float64 // propellant left as a fraction of full, 0…1
	FuelMass float64 // propellant left (kg); +Inf for a craft whose thrusters draw on no tank
	// HoverTime is how long the fuel left would hold the craft hovering
	// (s), shown below the fuel gauge in its place; 0 = not shown.
	HoverTime float64
	Throttle  float64 // main engine throttle, 0…1
	// Hover is the throttle that holds the craft's weight now, marked on
	// the throttle gauge (above 1: it cannot hover); 0 = no mark.
	Hover     float64
	SAS       string // stability assist mode ("OFF", "HOLD", "KILL ROTATION"…)
	Aids      []Aid  // the landing aids this flight offers; nil for none
	Fine      bool   // fine control: the RCS at 10 %
	Warp      float64
	WarpSet   int    // time warp asked for (ticks per frame); 0 means as achieved
	Objective string // what to do: wrapped on two lines at most
	Time      float64
	Decided   float64 // when the mission was decided (s); 0 while it is open
	Camera    string  // camera mode name (Camera.Mode.String())
}

// Aid is a landing aid's switch as the modes panel shows it: lit when on,
// with what it holds.
type Aid struct {
	Name  string // "KILL H", "HOLD V/S"
	On    bool
	Value string // what it holds ("−0.8 m/s"); "" for nothing
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
	l := HUDLayout(int(u.w), int(u.h), f)
	k := u.k
	r.drawMarkers(h, u)
	r.drawRates(h, u, l.Rates)
	if h.Orbit != nil {
		r.drawOrbit(h.Orbit, u, l.Orbit.X, l.Orbit.Y)
	}
	if h.Status != nil {
		r.drawStatus(h.Status, h.Banner, u, l.Status)
		r.drawGauges(h.Status, u, l.Gauges)
		r.drawModes(h.Status, u, l.Modes)
	}
	if h.Attitude != nil {
		nb := l.Navball
		r.drawNavball(h.Attitude, u, nb.X+nb.W/2, nb.Y+nb.W/2, navRadius*k)
	}
	if h.Landing != nil {
		r.drawLanding(h.Landing, f, u, l.Landing)
	}
	if h.Docking != nil {
		r.drawDocking(h.Docking, u, l.Docking)
	}
	if h.Crosshair {
		cx, cy := l.Safe.Centre()
		for _, d := range [4][2]float64{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
			u.line2(cx+d[0]*8*k, cy+d[1]*8*k, cx+d[0]*40*k, cy+d[1]*40*k, 2*k, colOK)
		}
		u.circle(cx, cy, 3*k, 1.5*k, colOK)
	}
	if h.tumbling() {
		r.drawTumbling(u, l.Tumbling)
	}
	if h.Help != "" {
		face, help := u.mono, h.Help
		if text.Advance(help, face) > l.Hint.W {
			face = u.small
		}
		if text.Advance(help, face) > l.Hint.W { // still too long: its start
			help = cut(help, face, l.Hint.W-text.Advance(" …", face)) + " …"
		}
		u.text(help, face, l.Hint.X, l.Hint.Y, colDim, text.AlignStart)
	}
	if len(h.Messages) > 0 {
		r.drawMessages(h, u, l.Messages)
	}
	r.drawLegend(f, u, l.Legend)
	if h.Banner != "" && h.Status == nil { // with a status strip the banner is in it
		u.text(h.Banner, u.title, u.w/2, hudMargin*k, colWarn, text.AlignCenter)
	}
}

// maxLinesPerMessage is how many wrapped lines one message may take.
const maxLinesPerMessage = 5

// drawMessages draws the messages in the left column's room r, the newest
// at the bottom, each wrapped to the column; what does not fit drops off
// the top, oldest first.
func (r *Renderer) drawMessages(h *HUD, u *ui, room Rect) {
	k := u.k
	line := 16 * k
	lines := r.msgLines[:0]
	for _, m := range h.Messages {
		ls := wrap(m, u.small, room.W-16*k)
		if len(ls) > maxLinesPerMessage { // the start says what it is about
			ls = ls[:maxLinesPerMessage]
			ls[len(ls)-1] += " …"
		}
		lines = append(lines, ls...)
	}
	if fit := int((room.H - 8*k) / line); len(lines) > fit {
		lines = lines[len(lines)-max(fit, 0):]
	}
	r.msgLines = lines
	if len(lines) == 0 {
		return
	}
	ph := float64(len(lines))*line + 8*k
	y := room.Y + room.H - ph
	u.panel(room.X, y, room.W, ph)
	y += 4 * k
	for _, m := range lines {
		u.text(m, u.small, room.X+8*k, y, colText, text.AlignStart)
		y += line
	}
}

// ratesHeight is the height of the body-rates panel at scale k.
func ratesHeight(k float64) float64 { return 7.6*hudLine*k + 12*k }

// drawRates draws the body-rate bars and |ω|, |L|, KE in the panel p.
func (r *Renderer) drawRates(h *HUD, u *ui, p Rect) {
	k, line := u.k, u.line
	x, y, pw := p.X, p.Y, p.W
	tx, ty := u.titledPanel("BODY RATES", x, y, pw, p.H)
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

// drawTumbling draws the TUMBLING warning in the box p (under the body
// rates): a red box with a warning triangle and the word, so it reads
// without colour.
func (r *Renderer) drawTumbling(u *ui, p Rect) {
	k := u.k
	x, y, w, h := p.X, p.Y, p.W, p.H
	u.rect(x, y, w, h, colBad)
	u.rect(x+3*k, y+3*k, w-6*k, h-6*k, color.RGBA{60, 0, 0, 230})
	s := 13 * k
	cx, cy := x+28*k, y+h/2+2*k
	u.poly(colBad, cx, cy-s, cx+s, cy+s*0.8, cx-s, cy+s*0.8)
	u.rect(cx-1.5*k, cy-s*0.45, 3*k, s*0.7, colBlack)
	u.rect(cx-1.5*k, cy+s*0.35, 3*k, 3*k, colBlack)
	u.text("TUMBLING", u.title, x+w/2+14*k, y+8*k, colBad, text.AlignCenter)
}

// drawStatus draws the status strip p: the banner (REPLAY…), the clock
// and the warp on the first line, the goal on two lines below.
func (r *Renderer) drawStatus(s *Status, banner string, u *ui, p Rect) {
	k := u.k
	top := "T+ " + fmtClock(s.Time)
	if s.Decided > 0 {
		top += "  (decided " + fmtClock(s.Decided) + ")"
	}
	top += warpLabel(s)
	u.panel(p.X, p.Y, p.W, p.H)
	cx := p.X + p.W/2
	u.text(top, u.bold, cx, p.Y+4*k, colText, text.AlignCenter)
	if banner != "" {
		u.text(banner, u.bold, p.X+10*k, p.Y+4*k, colWarn, text.AlignStart)
	}
	lines := wrap(s.Objective, u.mono, p.W-20*k)
	if len(lines) > 2 {
		lines = lines[:2]
		lines[1] += " …"
	}
	for i, l := range lines {
		u.text(l, u.mono, cx, p.Y+4*k+u.line*(1.2+float64(i)), colAccent, text.AlignCenter)
	}
}

// drawGauges draws the fuel and throttle gauges in the panel p: the
// throttle's hover mark where the craft's weight is held, and below the
// fuel either how long it would hover or how much is left.
func (r *Renderer) drawGauges(s *Status, u *ui, p Rect) {
	k := u.k
	u.panel(p.X, p.Y, p.W, p.H)
	bw, bh := 24*k, p.H-76*k
	fx, tx, by := p.X+26*k, p.X+p.W-50*k, p.Y+24*k
	fc := colOK
	switch {
	case s.Fuel < 0.1:
		fc = colBad
	case s.Fuel < 0.25:
		fc = colWarn
	}
	u.text("FUEL", u.small, fx+bw/2, p.Y+6*k, colDim, text.AlignCenter)
	u.vbar(fx, by, bw, bh, s.Fuel, fc)
	u.text("THR", u.small, tx+bw/2, p.Y+6*k, colDim, text.AlignCenter)
	u.vbar(tx, by, bw, bh, s.Throttle, colMarker)
	if s.Hover > 0 && !math.IsInf(s.Hover, 0) {
		// The hover mark: a white bar across the gauge with a notch out to
		// its left, pinned at the top (red) when the engine cannot hover.
		hy, hc := by+bh*(1-min(s.Hover, 1)), colWhite
		if s.Hover > 1 {
			hc = colBad
		}
		u.rect(tx-6*k, hy-1.5*k, bw+6*k, 3*k, hc)
		u.poly(hc, tx-12*k, hy-5*k, tx-5*k, hy, tx-12*k, hy+5*k)
		u.text("HOV", u.small, tx-14*k, hy-8*k, hc, text.AlignEnd)
	}
	ty := by + bh + 3*k
	u.text(fmtNum(100*s.Fuel, 0, false, "%"), u.small, fx+bw/2, ty, colText, text.AlignCenter)
	u.text(fmtNum(100*s.Throttle, 0, false, "%"), u.small, tx+bw/2, ty, colText, text.AlignCenter)
	ty += 17 * k
	first, second := fuelText(s)
	fc = colDim
	if s.HoverTime > 0 {
		fc = colText
		if s.HoverTime < 20 {
			fc = colWarn
		}
	}
	u.text(first, u.small, p.X+p.W/2, ty, fc, text.AlignCenter)
	if second != "" {
		u.text(second, u.small, p.X+p.W/2, ty+16*k, colDim, text.AlignCenter)
	}
}

// fuelText is what the gauges say of the fuel below them: how long it
// would hover the craft and how much is left, or only how much, or that
// the craft's thrusters draw on no tank.
func fuelText(s *Status) (first, second string) {
	switch {
	case math.IsInf(s.FuelMass, 1):
		return "no tanks", ""
	case s.HoverTime > 0:
		return "HOVER " + fmtDuration(s.HoverTime), fmtNum(s.FuelMass, 0, false, " kg")
	}
	return fmtNum(s.FuelMass, 0, false, " kg"), ""
}

// fmtDuration formats seconds as "42 s" or "3:05" (m:ss).
func fmtDuration(t float64) string {
	switch {
	case math.IsNaN(t) || t < 0:
		return "—"
	case math.IsInf(t, 1) || t >= 6000:
		return "∞"
	case t < 100:
		return fmtNum(t, 0, false, " s")
	}
	s := int64(t)
	return string(pad2([]byte(fmtNum(float64(s/60), 0, false, ":")), s%60))
}

// drawModes draws the modes panel p: the SAS mode, the landing aids' and
// fine control's lamps, and the camera.
func (r *Renderer) drawModes(s *Status, u *ui, p Rect) {
	k := u.k
	u.panel(p.X, p.Y, p.W, p.H)
	x, y := p.X+10*k, p.Y+6*k
	sas := s.SAS
	if sas == "" {
		sas = "OFF"
	}
	sc := colOK
	if sas == "OFF" {
		sc = colDim
	}
	u.text("SAS", u.small, x, y, colDim, text.AlignStart)
	u.text(sas, u.bold, x, y+14*k, sc, text.AlignStart)
	y += 42 * k
	for _, a := range s.Aids {
		y = u.lamp(a.Name, a.Value, a.On, x, y)
	}
	y = u.lamp("FINE", "RCS 10 %", s.Fine, x, y)
	y += 4 * k
	u.text("CAM", u.small, x, y, colDim, text.AlignStart)
	u.text(s.Camera, u.bold, x+36*k, y-2*k, colText, text.AlignStart)
}

// lamp draws a switch's lamp and name at (x, y): a lit disc when on, with
// its value beside; a hollow ring when off. It returns the next line's y.
func (u *ui) lamp(name, value string, on bool, x, y float64) float64 {
	k := u.k
	c := colDim
	if on {
		c = colOK
		u.disc(x+6*k, y+8*k, 5*k, colOK)
	} else {
		u.circle(x+6*k, y+8*k, 5*k, 1.5*k, colDim)
	}
	u.text(name, u.small, x+16*k, y+1*k, c, text.AlignStart)
	if on && value != "" {
		u.text(value, u.small, x+16*k+text.Advance(name+" ", u.small), y+1*k, colText, text.AlignStart)
	}
	return y + 19*k
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

// trendArrow is a figure's trend: ↑ growing, ↓ shrinking — in size,
// whatever its sign: V.SPD −2.6 m/s ↓ is a descent slowing, not falling.
// The panels that show them say so at their foot (trendLegend), and so
// does the help overlay (panelNotes).
func trendArrow(t int8) string {
	switch {
	case t > 0:
		return " ↑"
	case t < 0:
		return " ↓"
	}
	return ""
}

// trendLegend explains the trend arrows at the foot of the landing and
// docking panels.
const trendLegend = "↑ growing  ↓ shrinking (in size)"

// gradeIf grades v against tol when the limits apply, else not at all.
func gradeIf(graded bool, v, tol float64) Grade {
	if !graded {
		return GradeNone
	}
	return GradeOf(v, tol)
}
