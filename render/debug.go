package render

import (
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Debug is the F3 overlay: physics internals drawn over the scene. All
// positions are world coordinates (m).
type Debug struct {
	Contacts []DebugContact
	Joints   []DebugJoint
	Vectors  []DebugVector // ω, L and others, already scaled to metres by the game
	Boxes    []DebugBox    // AABBs
	Timings  []DebugTiming // per-stage step timings
	Lines    []string      // more text under the timings
}

// DebugContact is one contact point.
type DebugContact struct {
	Pos    mgl64.Vec3 // contact point
	Normal mgl64.Vec3 // unit normal; drawn 0.5 m long
	Depth  float64    // penetration (m), shown when > 1 mm
}

// DebugJoint is one joint's anchors and axis.
type DebugJoint struct {
	AnchorA, AnchorB mgl64.Vec3 // the anchors on body A and body B; apart when the joint drifts
	Axis             mgl64.Vec3 // hinge axis (unit); zero for a ball joint
}

// DebugVector is an arrow from Origin to Origin+Vec.
type DebugVector struct {
	Origin, Vec mgl64.Vec3
	Label       string
	Color       color.Color // nil means white
}

// DebugBox is an axis-aligned box.
type DebugBox struct{ Min, Max mgl64.Vec3 }

// DebugTiming is one stage's time in the last physics step.
type DebugTiming struct {
	Stage   string
	Seconds float64
}

// project returns the screen position of world point p, valid when ok.
func (s *scene) project(p mgl64.Vec3) (x, y float64, ok bool) {
	c := s.toCamera(p)
	if c[2] > -s.near {
		return 0, 0, false
	}
	x, y = s.toScreen(c)
	return x, y, true
}

// line3 draws a world-space segment, clipped at the near plane.
func (r *Renderer) line3(u *ui, a, b mgl64.Vec3, width float64, c color.RGBA) {
	s := &r.scene
	ca, cb := s.toCamera(a), s.toCamera(b)
	z := -s.near
	if ca[2] > z && cb[2] > z {
		return
	}
	if ca[2] > z || cb[2] > z {
		t := (z - ca[2]) / (cb[2] - ca[2])
		p := ca.Add(cb.Sub(ca).Mul(t))
		if ca[2] > z {
			ca = p
		} else {
			cb = p
		}
	}
	x0, y0 := s.toScreen(ca)
	x1, y1 := s.toScreen(cb)
	u.line2(x0, y0, x1, y1, width, c)
}

func (r *Renderer) drawDebug(d *Debug, u *ui) {
	k := u.k
	yellow := color.RGBA{255, 230, 0, 255}
	red := color.RGBA{255, 60, 60, 255}
	green := color.RGBA{60, 255, 120, 255}
	for _, b := range d.Boxes {
		lo, hi := b.Min, b.Max
		corner := func(i int) mgl64.Vec3 {
			p := lo
			if i&1 != 0 {
				p[0] = hi[0]
			}
			if i&2 != 0 {
				p[1] = hi[1]
			}
			if i&4 != 0 {
				p[2] = hi[2]
			}
			return p
		}
		for i := range 8 {
			for _, bit := range [3]int{1, 2, 4} {
				if i&bit == 0 {
					r.line3(u, corner(i), corner(i|bit), k, color.RGBA{120, 160, 255, 200})
				}
			}
		}
	}
	for _, j := range d.Joints {
		r.line3(u, j.AnchorA, j.AnchorB, 2*k, red)
		if j.Axis.Len() > 1e-9 {
			ax := j.Axis.Normalize().Mul(0.6)
			r.line3(u, j.AnchorA.Sub(ax), j.AnchorA.Add(ax), 2*k, green)
		}
		for _, p := range [2]mgl64.Vec3{j.AnchorA, j.AnchorB} {
			if x, y, ok := r.scene.project(p); ok {
				u.circle(x, y, 4*k, 1.5*k, red)
			}
		}
	}
	for _, c := range d.Contacts {
		r.line3(u, c.Pos, c.Pos.Add(c.Normal.Mul(0.5)), 2*k, yellow)
		if x, y, ok := r.scene.project(c.Pos); ok {
			u.rect(x-3*k, y-3*k, 6*k, 6*k, yellow)
			if c.Depth > 1e-3 {
				u.text(fmtNum(c.Depth*1000, 0, false, " mm"), u.small, x+6*k, y-6*k, yellow, text.AlignStart)
			}
		}
	}
	for _, v := range d.Vectors {
		col := toRGBA(v.Color)
		tip := v.Origin.Add(v.Vec)
		r.line3(u, v.Origin, tip, 2.5*k, col)
		if x, y, ok := r.scene.project(tip); ok {
			u.disc(x, y, 3.5*k, col)
			if v.Label != "" {
				u.text(v.Label, u.small, x+6*k, y-8*k, col, text.AlignStart)
			}
		}
	}

	// Timings and lines: a panel under the rates panel.
	n := len(d.Timings) + len(d.Lines)
	if n == 0 {
		return
	}
	x, y := 12*k, 12*k+ratesHeight(k)+12*k
	u.panel(x, y, 310*k, float64(n+1)*u.line+12*k)
	ty := y + 6*k
	u.text("DEBUG (F3)", u.bold, x+10*k, ty, colAccent, text.AlignStart)
	ty += u.line
	var total float64
	for _, t := range d.Timings {
		total += t.Seconds
	}
	for _, t := range d.Timings {
		u.text(t.Stage, u.small, x+10*k, ty+2*k, colText, text.AlignStart)
		if total > 0 {
			u.rect(x+150*k, ty+5*k, 70*k*t.Seconds/total, u.line-10*k, colAccent)
		}
		u.text(fmtNum(t.Seconds*1e6, 0, false, " µs"), u.small, x+300*k, ty+2*k, colText, text.AlignEnd)
		ty += u.line
	}
	for _, l := range d.Lines {
		u.text(l, u.small, x+10*k, ty+2*k, colText, text.AlignStart)
		ty += u.line
	}
}
