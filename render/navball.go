package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Attitude is the navball's data: the craft's orientation against a
// reference frame (world up for landing, the target port's frame for
// docking) and marker directions in that reference frame.
//
// The ball's upper half (reference +y) is sky blue, the lower half brown.
// Its centre shows where the craft's Forward axis points; up on the ball is
// the craft's Up axis.
type Attitude struct {
	Orient  mgl64.Quat // craft body → reference frame
	Forward mgl64.Vec3 // body axis shown at the ball's centre; zero means +z (the nose)
	Up      mgl64.Vec3 // body axis shown up on the ball; zero means +y

	Prograde mgl64.Vec3 // velocity, reference frame; zero hides prograde and retrograde
	// Relative is the velocity relative to the target, reference frame:
	// where the craft moves towards (a yellow ring with a "T") and away
	// from (a yellow crossed ring); zero hides both. On the target marker,
	// it closes straight in.
	Relative mgl64.Vec3
	Target   mgl64.Vec3 // direction to the target, reference frame; zero hides
	Axis     mgl64.Vec3 // rotation axis ω, reference frame; shown when ShowAxis
	ShowAxis bool       // show the rotation axis (set when tumbling)
	Label    string     // reference frame name under the ball ("SURFACE", "TARGET")
}

const (
	navLat = 12 // latitude bands (15° each)
	navLon = 24 // longitude segments (15° each)
)

var (
	colSky    = [3]float32{0.23, 0.48, 0.85}
	colGround = [3]float32{0.55, 0.36, 0.18}
)

// navGrid holds the ball's cell corners: unit directions in the reference
// frame at latitude 90° − 180°·i/navLat and longitude 360°·j/navLon.
var navGrid = func() (g [navLat + 1][navLon + 1]mgl64.Vec3) {
	for i := range g {
		for j := range g[i] {
			lat := math.Pi/2 - math.Pi*float64(i)/navLat
			lon := 2 * math.Pi * float64(j) / navLon
			g[i][j] = mgl64.Vec3{math.Cos(lat) * math.Sin(lon), math.Sin(lat), math.Cos(lat) * math.Cos(lon)}
		}
	}
	return g
}()

// navPitchLats are the latitudes (degrees) of the horizon and the pitch
// lines drawn on the ball.
var navPitchLats = [5]float64{-60, -30, 0, 30, 60}

// navPitchSegs is the number of segments of each pitch line.
const navPitchSegs = 48

// navPitch holds the pitch lines' points: unit directions in the reference
// frame at latitude navPitchLats[i] and longitude 360°·j/navPitchSegs.
var navPitch = func() (p [len(navPitchLats)][navPitchSegs + 1]mgl64.Vec3) {
	for i, lat := range navPitchLats {
		la := lat / rad2deg
		for j := range p[i] {
			lon := 2 * math.Pi * float64(j) / navPitchSegs
			p[i][j] = mgl64.Vec3{math.Cos(la) * math.Sin(lon), math.Sin(la), math.Cos(la) * math.Cos(lon)}
		}
	}
	return p
}()

// navballAxes returns the body axes that map to the ball view's x (right),
// y (up) and z (toward the viewer).
func navballAxes(a *Attitude) (right, up, fwd mgl64.Vec3) {
	fwd, up = a.Forward, a.Up
	if fwd.Len() < 1e-12 {
		fwd = mgl64.Vec3{0, 0, 1}
	}
	if up.Len() < 1e-12 {
		up = mgl64.Vec3{0, 1, 0}
	}
	fwd = fwd.Normalize()
	up = up.Sub(fwd.Mul(up.Dot(fwd)))
	if up.Len() < 1e-9 {
		up = fwd.Cross(mgl64.Vec3{1, 0, 0})
		if up.Len() < 1e-9 {
			up = fwd.Cross(mgl64.Vec3{0, 0, 1})
		}
	}
	up = up.Normalize()
	return up.Cross(fwd), up, fwd
}

// navballView returns the matrix taking reference-frame directions to ball
// view coordinates (x right, y up, z toward the viewer).
func navballView(a *Attitude) mgl64.Mat3 {
	right, up, fwd := navballAxes(a)
	toBody := quatMat(a.Orient).Transpose() // reference → body
	// Rows of the view matrix are the body axes.
	axes := mgl64.Mat3{right[0], up[0], fwd[0], right[1], up[1], fwd[1], right[2], up[2], fwd[2]}
	return axes.Mul3(toBody)
}

// navballProject returns the screen position of reference direction d on a
// ball of radius r at (cx, cy), and whether it is on the visible half.
func navballProject(m mgl64.Mat3, d mgl64.Vec3, cx, cy, r float64) (x, y float64, ok bool) {
	l := d.Len()
	if !(l > 1e-12) || math.IsInf(l, 0) {
		return 0, 0, false
	}
	v := m.Mul3x1(d.Mul(1 / l))
	return cx + r*v[0], cy - r*v[1], v[2] > 0
}

// ball appends the navball's visible cells to the shape batch, shaded as a
// sphere lit from the viewer; m is navballView of the attitude.
func (u *ui) ball(m mgl64.Mat3, cx, cy, rad float64) {
	// Grid corners in view coordinates, each transformed once.
	var g [navLat + 1][navLon + 1]mgl64.Vec3
	for i := range g {
		for j := range g[i] {
			g[i][j] = m.Mul3x1(navGrid[i][j])
		}
	}
	// Cells straddling the rim first, then the wholly visible ones over them.
	for pass := range 2 {
		for i := range navLat {
			for j := range navLon {
				vs := [4]mgl64.Vec3{g[i][j], g[i+1][j], g[i+1][j+1], g[i][j+1]}
				nFront := 0
				for _, v := range vs {
					if v[2] > 0 {
						nFront++
					}
				}
				if nFront == 0 || (pass == 0) != (nFront < 4) {
					continue
				}
				base := colSky
				if i >= navLat/2 {
					base = colGround
				}
				// 30° checker in latitude and longitude.
				if (i/2+j/2)%2 == 1 {
					base = [3]float32{base[0] * 0.82, base[1] * 0.82, base[2] * 0.82}
				}
				b := uint32(len(u.verts))
				for _, v := range vs {
					z := max(v[2], 0)
					s := float32(0.35 + 0.65*z)
					u.verts = append(u.verts, ebiten.Vertex{
						DstX: float32(cx + rad*v[0]), DstY: float32(cy - rad*v[1]),
						ColorR: base[0] * s, ColorG: base[1] * s, ColorB: base[2] * s, ColorA: 1,
					})
				}
				u.idx = append(u.idx, b, b+1, b+2, b, b+2, b+3)
			}
		}
	}
}

// drawNavball draws the attitude ball centred at (cx, cy) with radius rad.
func (r *Renderer) drawNavball(a *Attitude, u *ui, cx, cy, rad float64) {
	k := u.k
	m := navballView(a)
	u.disc(cx, cy, rad+6*k, color.RGBA{20, 24, 30, 255})
	u.ball(m, cx, cy, rad)
	u.circle(cx, cy, rad+3*k, 6*k, color.RGBA{20, 24, 30, 255})
	u.circle(cx, cy, rad, 1.5*k, colBorder)

	// Horizon (reference equator) and pitch lines every 30°.
	for i, lat := range navPitchLats {
		width, c := 1.0*k, color.RGBA{255, 255, 255, 110}
		if lat == 0 {
			width, c = 2.5*k, color.RGBA{255, 255, 255, 255}
		}
		px, py, pok := 0.0, 0.0, false
		for _, d := range navPitch[i] {
			x, y, ok := navballProject(m, d, cx, cy, rad)
			if ok && pok {
				u.line2(px, py, x, y, width, c)
			}
			px, py, pok = x, y, ok
		}
	}
	// Heading labels on the horizon.
	for _, h := range [4]struct {
		s   string
		lon float64
	}{{"0", 0}, {"90", 90}, {"180", 180}, {"270", 270}} {
		lon := h.lon / rad2deg
		if x, y, ok := navballProject(m, mgl64.Vec3{math.Sin(lon), 0, math.Cos(lon)}, cx, cy, rad); ok {
			u.text(h.s, u.small, x, y-16*k, colText, text.AlignCenter)
		}
	}

	// Markers, each with its own shape (the legend draws the same).
	s := 9 * k
	if a.Prograde.Len() > 1e-9 {
		if x, y, ok := navballProject(m, a.Prograde, cx, cy, rad); ok {
			u.progradeMark(x, y, s)
		}
		if x, y, ok := navballProject(m, a.Prograde.Mul(-1), cx, cy, rad); ok {
			u.retrogradeMark(x, y, s)
		}
	}
	if a.Relative.Len() > 1e-9 {
		if x, y, ok := navballProject(m, a.Relative, cx, cy, rad); ok {
			u.relativeMark(x, y, s, true)
		}
		if x, y, ok := navballProject(m, a.Relative.Mul(-1), cx, cy, rad); ok {
			u.relativeMark(x, y, s, false)
		}
	}
	if a.Target.Len() > 1e-9 {
		if x, y, ok := navballProject(m, a.Target, cx, cy, rad); ok {
			u.targetMark(x, y, s)
		}
	}
	if a.ShowAxis && a.Axis.Len() > 1e-9 {
		if x, y, ok := navballProject(m, a.Axis, cx, cy, rad); ok {
			u.axisMark(x, y, s, true)
		}
		if x, y, ok := navballProject(m, a.Axis.Mul(-1), cx, cy, rad); ok {
			u.axisMark(x, y, s, false)
		}
	}
	// Fixed craft marker at the centre.
	u.line2(cx-30*k, cy, cx-10*k, cy, 3*k, colMarker)
	u.line2(cx-10*k, cy, cx, cy+8*k, 3*k, colMarker)
	u.line2(cx, cy+8*k, cx+10*k, cy, 3*k, colMarker)
	u.line2(cx+10*k, cy, cx+30*k, cy, 3*k, colMarker)
	u.disc(cx, cy, 2.5*k, colMarker)
	if a.Label != "" {
		u.text(a.Label, u.small, cx, cy+rad+8*k, colDim, text.AlignCenter)
	}
}

// Colours of the navball's target and rotation-axis markers.
var (
	colTargetMark = color.RGBA{240, 80, 240, 255}
	colAxisMark   = color.RGBA{80, 240, 240, 255}
)

// progradeMark draws the prograde marker: a circle with three ticks.
func (u *ui) progradeMark(x, y, s float64) {
	k := u.k
	u.circle(x, y, s*0.7, 2*k, colOK)
	u.line2(x, y-s*0.7, x, y-s*1.4, 2*k, colOK)
	u.line2(x-s*0.7, y, x-s*1.4, y, 2*k, colOK)
	u.line2(x+s*0.7, y, x+s*1.4, y, 2*k, colOK)
}

// retrogradeMark draws the retrograde marker: a circle with a cross.
func (u *ui) retrogradeMark(x, y, s float64) {
	k := u.k
	u.circle(x, y, s*0.7, 2*k, colOK)
	u.line2(x-s*0.5, y-s*0.5, x+s*0.5, y+s*0.5, 2*k, colOK)
	u.line2(x-s*0.5, y+s*0.5, x+s*0.5, y-s*0.5, 2*k, colOK)
}

// colRelative is the colour of the velocity relative to the target.
var colRelative = color.RGBA{255, 225, 60, 255}

// relativeMark draws the velocity relative to the target: towards, a
// yellow ring with a "T" above; away, a yellow ring with a cross.
func (u *ui) relativeMark(x, y, s float64, towards bool) {
	k := u.k
	u.circle(x, y, s*0.65, 2*k, colRelative)
	if towards {
		u.line2(x-s*0.5, y-s*1.2, x+s*0.5, y-s*1.2, 2*k, colRelative)
		u.line2(x, y-s*1.2, x, y-s*0.65, 2*k, colRelative)
		return
	}
	u.line2(x-s*0.45, y-s*0.45, x+s*0.45, y+s*0.45, 2*k, colRelative)
	u.line2(x-s*0.45, y+s*0.45, x+s*0.45, y-s*0.45, 2*k, colRelative)
}

// targetMark draws the target marker: a magenta diamond.
func (u *ui) targetMark(x, y, s float64) {
	k, c := u.k, colTargetMark
	u.line2(x, y-s, x+s, y, 2.5*k, c)
	u.line2(x+s, y, x, y+s, 2.5*k, c)
	u.line2(x, y+s, x-s, y, 2.5*k, c)
	u.line2(x-s, y, x, y-s, 2.5*k, c)
	u.disc(x, y, 2*k, c)
}

// axisMark draws the rotation axis: a filled disc with "ω" at +ω, a
// hollow ring at −ω.
func (u *ui) axisMark(x, y, s float64, plus bool) {
	if plus {
		u.disc(x, y, s*0.6, colAxisMark)
		u.text("ω", u.small, x+s*0.8, y-s*1.2, colAxisMark, text.AlignStart)
		return
	}
	u.circle(x, y, s*0.6, 2*u.k, colAxisMark)
}
