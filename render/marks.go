package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Mark is a ring lying flat on the ground or a pad, drawn over the surface
// and its shadows: the predicted landing point.
type Mark struct {
	Pos    mgl64.Vec3 // centre on the surface, world (m)
	Radius float64    // outer radius (m); 0 means 1
	Color  color.RGBA
}

// Marker is a point of the scene the HUD keeps in sight at any distance: a
// diamond at its place on the screen with its label under it, or, when the
// point is out of view or behind the camera, an arrow at the edge of the
// screen pointing the way to turn.
type Marker struct {
	Pos   mgl64.Vec3 // world (m)
	Label string     // e.g. "PAD"; Range follows it
	Range float64    // distance shown after the label (m), e.g. from the craft
	Color color.RGBA
}

const markSegments = 24

// straight returns the straight-alpha colour of c without boxing it in a
// color.Color (which would allocate every frame).
func straight(c color.RGBA) [4]float32 {
	if c.A == 0 {
		return [4]float32{}
	}
	a := float32(c.A)
	return [4]float32{float32(c.R) / a, float32(c.G) / a, float32(c.B) / a, a / 255}
}

// addMarks adds the frame's rings: a ring and a small cross at the centre,
// lifted above shadows and drawn after them.
func (s *scene) addMarks(f *Frame) {
	for i := range f.Marks {
		mk := &f.Marks[i]
		if !finite3(mk.Pos) || s.camPos[1] <= mk.Pos[1] {
			continue
		}
		r := mk.Radius
		if !(r > 0) {
			r = 1
		}
		w := max(0.06*r, 0.04)
		c := straight(mk.Color)
		y := mk.Pos[1] + 2*shadowLift
		for k := range markSegments {
			a0 := -2 * math.Pi * float64(k) / markSegments
			a1 := -2 * math.Pi * float64(k+1) / markSegments
			s.loop = s.loop[:0]
			for _, p := range [4][2]float64{{r - w, a0}, {r - w, a1}, {r, a1}, {r, a0}} {
				wp := mgl64.Vec3{mk.Pos[0] + p[0]*math.Cos(p[1]), y, mk.Pos[2] + p[0]*math.Sin(p[1])}
				s.loop = append(s.loop, cvert{p: s.toCamera(wp), c: c})
			}
			s.addPoly(layerMarks, -1)
		}
		for _, d := range [2][2]float64{{1, 0}, {0, 1}} {
			l := 0.35 * r
			ux, uz := d[0]*l, d[1]*l
			vx, vz := -d[1]*w/2, d[0]*w/2
			s.loop = s.loop[:0]
			for _, q := range [4][2]float64{{-ux - vx, -uz - vz}, {-ux + vx, -uz + vz}, {ux + vx, uz + vz}, {ux - vx, uz - vz}} {
				s.loop = append(s.loop, cvert{p: s.toCamera(mgl64.Vec3{mk.Pos[0] + q[0], y, mk.Pos[2] + q[1]}), c: c})
			}
			s.addPoly(layerMarks, -1)
		}
	}
}

// drawMarkers draws the HUD's markers with the camera of the scene just
// built.
func (r *Renderer) drawMarkers(h *HUD, u *ui) {
	s := &r.scene
	k := u.k
	margin := 36 * k
	for i := range h.Markers {
		m := &h.Markers[i]
		if !finite3(m.Pos) {
			continue
		}
		c := s.toCamera(m.Pos)
		prec := 0
		if m.Range < 10 {
			prec = 1
		}
		label := m.Label + " " + fmtNum(m.Range, prec, false, " m")
		if c[2] < -s.near {
			x, y := s.toScreen(c)
			if x >= margin && x <= u.w-margin && y >= margin && y <= u.h-margin {
				d := 7 * k
				u.poly(m.Color, x, y-d, x+d, y, x, y+d, x-d, y)
				u.poly(colBlack, x, y-d/2, x+d/2, y, x, y+d/2, x-d/2, y)
				u.text(label, u.mono, x, y+d+2*k, m.Color, text.AlignCenter)
				continue
			}
		}
		// Out of view: an arrow at the edge, towards the point.
		dx, dy := c[0], -c[1] // screen directions (y down)
		if c[2] > 0 {
			// Behind the camera: point the way to turn.
			dx, dy = -dx, -dy
			if math.Hypot(dx, dy) < 1e-9 {
				dy = 1
			}
		}
		l := math.Hypot(dx, dy)
		if !(l > 0) {
			continue
		}
		dx, dy = dx/l, dy/l
		cx, cy := u.w/2, u.h/2
		t := math.Min((u.w/2-margin)/math.Max(math.Abs(dx), 1e-9), (u.h/2-margin)/math.Max(math.Abs(dy), 1e-9))
		x, y := cx+dx*t, cy+dy*t
		a := 12 * k
		px, py := -dy, dx
		u.poly(m.Color, x+dx*a, y+dy*a, x+px*a*0.6, y+py*a*0.6, x-px*a*0.6, y-py*a*0.6)
		u.text(label, u.mono, x-dx*10*k, y-dy*10*k-u.line/2, m.Color, text.AlignCenter)
	}
}
