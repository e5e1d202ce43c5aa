package render

import (
	"image/color"
	"math"
	"strconv"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
	"github.com/hajimehoshi/ebiten/v2/vector"
)

// HUD holds the plain numbers shown over the scene. Angular values are in
// SI units (rad, rad/s) and shown in degrees.
type HUD struct {
	Hidden bool // draw no HUD at all

	RollRate, PitchRate, YawRate float64 // body rates about the roll, pitch and yaw axes (rad/s)
	Omega                        float64 // |ω| (rad/s)
	AngMom                       float64 // |L| (kg·m²/s)
	Energy                       float64 // rotational + translational kinetic energy (J)

	Messages []string // free lines at the bottom left, oldest first ("Screenshot saved to …")
	Banner   string   // large centred text such as "PAUSED"; empty for none
}

// HUD colours.
var (
	colPanel  = color.RGBA{0, 0, 0, 150}
	colText   = color.RGBA{225, 232, 240, 255}
	colDim    = color.RGBA{140, 150, 165, 255}
	colAccent = color.RGBA{120, 200, 255, 255}
	colOK     = color.RGBA{80, 220, 110, 255}
	colWarn   = color.RGBA{250, 200, 60, 255}
	colBad    = color.RGBA{255, 80, 70, 255}
)

// hudScale returns the HUD scale for a w×h screen: 1 at 1280×720.
func hudScale(w, h int) float64 {
	return max(0.6, min(float64(w)/1280, float64(h)/720))
}

// face returns a text face of the given source and pixel size.
func face(src *text.GoTextFaceSource, size float64) *text.GoTextFace {
	return &text.GoTextFace{Source: src, Size: size}
}

// drawText draws s with its top-left (align start), top-centre or top-right
// at (x, y).
func drawText(dst *ebiten.Image, s string, f text.Face, x, y float64, c color.Color, align text.Align) {
	var op text.DrawOptions
	op.GeoM.Translate(x, y)
	op.ColorScale.ScaleWithColor(c)
	op.PrimaryAlign = align
	text.Draw(dst, s, f, &op)
}

// fmtNum formats v with prec decimals and an explicit sign when signed.
func fmtNum(v float64, prec int, signed bool) string {
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return "—"
	}
	var buf [32]byte
	b := buf[:0]
	if signed && v >= 0 {
		b = append(b, '+')
	}
	b = strconv.AppendFloat(b, v, 'f', prec, 64)
	return string(b)
}

const rad2deg = 180 / math.Pi

func (r *Renderer) drawHUD(dst *ebiten.Image, h *HUD) {
	if h.Hidden {
		return
	}
	b := dst.Bounds()
	w, hh := b.Dx(), b.Dy()
	k := hudScale(w, hh)
	mono := face(r.fonts.mono, 15*k)
	bold := face(r.fonts.bold, 15*k)
	line := 20 * k

	// Body rates panel, top left.
	x, y := 12*k, 12*k
	pw, ph := 290*k, 8*line+10*k
	vector.FillRect(dst, float32(x), float32(y), float32(pw), float32(ph), colPanel, false)
	tx, ty := x+10*k, y+6*k
	drawText(dst, "BODY RATES", bold, tx, ty, colAccent, text.AlignStart)
	drawText(dst, "°/s", mono, x+pw-10*k, ty, colDim, text.AlignEnd)
	ty += line * 1.2
	for _, row := range [3]struct {
		name string
		v    float64
	}{{"ROLL", h.RollRate}, {"PITCH", h.PitchRate}, {"YAW", h.YawRate}} {
		drawText(dst, row.name, mono, tx, ty, colText, text.AlignStart)
		drawText(dst, fmtNum(row.v*rad2deg, 1, true), mono, x+pw-10*k, ty, colText, text.AlignEnd)
		ty += line
	}
	ty += line * 0.2
	drawText(dst, "|ω|", mono, tx, ty, colText, text.AlignStart)
	drawText(dst, fmtNum(h.Omega, 3, false)+" rad/s", mono, x+pw-10*k, ty, colText, text.AlignEnd)
	ty += line
	drawText(dst, "|L|", mono, tx, ty, colText, text.AlignStart)
	drawText(dst, fmtNum(h.AngMom, 1, false)+" kg·m²/s", mono, x+pw-10*k, ty, colText, text.AlignEnd)
	ty += line
	drawText(dst, "KE", mono, tx, ty, colText, text.AlignStart)
	drawText(dst, fmtNum(h.Energy, 1, false)+" J", mono, x+pw-10*k, ty, colText, text.AlignEnd)

	// Messages, bottom left, newest at the bottom.
	if n := len(h.Messages); n > 0 {
		my := float64(hh) - 12*k - float64(n)*line
		for _, m := range h.Messages {
			drawText(dst, m, mono, 12*k, my, colText, text.AlignStart)
			my += line
		}
	}

	if h.Banner != "" {
		big := face(r.fonts.bold, 48*k)
		drawText(dst, h.Banner, big, float64(w)/2, float64(hh)*0.3, colWarn, text.AlignCenter)
	}
}
