package view

// The hangar's editor as seen: what the cursor points at (a part's shape by
// ray cast, a thruster's arrow, a joint's anchor), the selection's outline
// and the handles that move, turn and resize it. Positions given in the
// craft frame are as built; the stand shows the craft as it hangs now, so
// they are mapped through the part they belong to.

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
	"spaceflight/render"
)

// EditMode is what the handles and axis keys do to the selection.
type EditMode int

const (
	ModeMove EditMode = iota // move along the craft axes
	ModeTurn                 // turn about the craft axes
	ModeSize                 // resize a part's shape; a hinge's limits
	NumModes
)

// ModeNames name the modes (a joint's ModeSize is its limits).
var ModeNames = [NumModes]string{"move", "turn", "size"}

// SelKind is what kind of thing is selected.
type SelKind int

const (
	SelNone SelKind = iota
	SelPart
	SelThruster
	SelJoint
)

// Selection is what the editor has selected, as the view draws it.
type Selection struct {
	Kind  SelKind
	Index int // part, thruster or joint index in the craft on the stand
	Shape int // the part's shape that was picked (resized in ModeSize)
	Mode  EditMode
	// Pivot is where a part turns (craft frame, as built): the anchor of
	// the joint it hangs by, else its origin.
	Pivot mgl64.Vec3
	Hot   int // the handle under the cursor or being dragged; -1 none
}

// Handle is one of the selection's handles: a segment along an axis (move,
// size) or a ring about it (turn).
type Handle struct {
	Axis int          // 0 x, 1 y, 2 z: of the craft, or of the shape when resizing
	At   mgl64.Vec3   // where it starts, or the ring's centre (world)
	Dir  mgl64.Vec3   // the axis (world, unit)
	Pts  []mgl64.Vec3 // its polyline (world)
	Ring bool
}

// Colours of the editor's marks.
var (
	colSel    = color.RGBA{120, 240, 255, 255}
	colHotAxs = [3]color.RGBA{{255, 170, 170, 255}, {180, 255, 190, 255}, {170, 200, 255, 255}}
)

// PartHit is where a ray met a part.
type PartHit struct {
	Part, Shape   int
	Point, Normal mgl64.Vec3 // world; Normal the outward normal of the face hit
	T             float64    // distance along the ray (m)
}

// PickPart casts the ray origin + t·dir (dir unit, world) against the
// collision shapes of the craft as it stands and returns the nearest hit.
func (h *Hangar) PickPart(origin, dir mgl64.Vec3) (PartHit, bool) {
	best := PartHit{T: math.Inf(1)}
	vs, w := h.flight.Player, h.flight.World
	for i, p := range h.stand.Craft.Parts {
		pos, rot := vs.Built.PartPose(w, i)
		xf := geom.Transform{Pos: pos, Rot: rot}
		for s, sh := range p.Shapes {
			if hit, ok := geom.RayCast(sh.Poly, xf, origin, dir, best.T); ok && hit.T < best.T {
				best = PartHit{Part: i, Shape: s, Point: hit.Point, Normal: hit.Normal, T: hit.T}
			}
		}
	}
	return best, !math.IsInf(best.T, 1)
}

// CraftPoint maps a world point on part i, as it is now, to the craft
// frame as built: where to write it in the file.
func (h *Hangar) CraftPoint(i int, x mgl64.Vec3) mgl64.Vec3 {
	p := &h.stand.Craft.Parts[i]
	pos, rot := h.flight.Player.Built.PartPose(h.flight.World, i)
	return p.Position.Add(p.Orientation.Rotate(rot.Inverse().Rotate(x.Sub(pos))))
}

// CraftDir is CraftPoint for a direction.
func (h *Hangar) CraftDir(i int, d mgl64.Vec3) mgl64.Vec3 {
	p := &h.stand.Craft.Parts[i]
	_, rot := h.flight.Player.Built.PartPose(h.flight.World, i)
	return p.Orientation.Rotate(rot.Inverse().Rotate(d))
}

// LookView is the view the hangar is drawn from with camera cam: the
// camera's, a little to the right so that the craft stands left of the
// side panel.
func (h *Hangar) LookView(cam *render.Camera) render.View {
	v := cam.View()
	s := h.flight.State()
	right := v.Orient.Rotate(mgl64.Vec3{1, 0, 0})
	v.Pos = v.Pos.Add(right.Mul(0.22 * v.Pos.Sub(s.Position).Len()))
	return v
}

// pickRadius is how near the cursor must come to a thruster's arrow, a
// joint's anchor or a handle to point at it (px at 720 px high).
const pickRadius = 9

// Screen is a view on a w×h px screen, for pointing.
type Screen struct {
	View render.View
	W, H float64
}

func (s Screen) project(p mgl64.Vec3) (float64, float64, bool) {
	return render.Project(s.View, int(s.W), int(s.H), p)
}

// near is how far (px) the point (x, y) is from the polyline pts on the
// screen.
func (s Screen) near(x, y float64, pts []mgl64.Vec3) float64 {
	best := math.Inf(1)
	for k := 1; k < len(pts); k++ {
		ax, ay, ok1 := s.project(pts[k-1])
		bx, by, ok2 := s.project(pts[k])
		if !ok1 || !ok2 {
			continue
		}
		best = min(best, segDist(x, y, ax, ay, bx, by))
	}
	if len(pts) == 1 {
		if px, py, ok := s.project(pts[0]); ok {
			best = math.Hypot(x-px, y-py)
		}
	}
	return best
}

// segDist is the distance from (x, y) to the segment from a to b.
func segDist(x, y, ax, ay, bx, by float64) float64 {
	dx, dy := bx-ax, by-ay
	t := 0.0
	if l := dx*dx + dy*dy; l > 0 {
		t = min(max(((x-ax)*dx+(y-ay)*dy)/l, 0), 1)
	}
	return math.Hypot(x-(ax+t*dx), y-(ay+t*dy))
}

// reach is pickRadius on this screen.
func (s Screen) reach() float64 { return pickRadius * s.H / 720 }

// thrusterArrow is thruster i's arrow as the overlay draws it (world).
func (h *Hangar) thrusterArrow(i int) (from, to mgl64.Vec3) {
	vs, w := h.flight.Player, h.flight.World
	bt := &vs.Built.Thrusters[i]
	b := w.Body(bt.Body)
	p := b.WorldPoint(bt.Point)
	return p, p.Add(b.WorldVector(bt.Direction).Mul(arrowScale * math.Sqrt(h.stand.Craft.Thrusters[i].MaxThrust)))
}

// PickThruster returns the thruster whose arrow is nearest the screen
// point (x, y), within reach; -1 for none.
func (h *Hangar) PickThruster(s Screen, x, y float64) int {
	best, at := -1, s.reach()
	for i := range h.stand.Craft.Thrusters {
		a, b := h.thrusterArrow(i)
		if d := s.near(x, y, []mgl64.Vec3{a, b}); d < at {
			best, at = i, d
		}
	}
	return best
}

// PickJoint returns the joint whose anchor is nearest the screen point
// (x, y), within reach; -1 for none.
func (h *Hangar) PickJoint(s Screen, x, y float64) int {
	best, at := -1, s.reach()
	for k, j := range h.stand.Craft.Joints {
		if d := s.near(x, y, []mgl64.Vec3{h.partPoint(j.A, j.Anchor)}); d < at {
			best, at = k, d
		}
	}
	return best
}

// PickHandle returns the handle of hs nearest the screen point (x, y),
// within reach; -1 for none.
func PickHandle(s Screen, hs []Handle, x, y float64) int {
	best, at := -1, s.reach()
	for k, hd := range hs {
		if d := s.near(x, y, hd.Pts); d < at {
			best, at = k, d
		}
	}
	return best
}

// handleLength is how long the handles are (m): in proportion to the
// craft, not less than 0.5 m.
func (h *Hangar) handleLength() float64 { return max(0.5, 0.35*h.stand.Figures.RadiusM) }

// craftFrame is the map from the craft frame as built to the world now.
func (h *Hangar) craftFrame() craftToWorld {
	origin, q := h.flight.Player.Frame(h.flight.World)
	return craftToWorld{origin, q}
}

// Handles returns the selection's handles, in the world as the craft is
// now: three arrows along the craft axes to move, three rings about them
// to turn, three segments along the picked shape's axes to resize. A
// joint other than a hinge has nothing to turn, and a joint nothing to
// resize (its limits are drawn with the joints).
func (h *Hangar) Handles(sel Selection) []Handle {
	c := h.stand.Craft
	cw := h.craftFrame()
	var at mgl64.Vec3
	var axes [3]mgl64.Vec3
	for k := range 3 {
		var e mgl64.Vec3
		e[k] = 1
		axes[k] = cw.dir(e)
	}
	switch sel.Kind {
	case SelPart:
		if sel.Index < 0 || sel.Index >= len(c.Parts) {
			return nil
		}
		p := &c.Parts[sel.Index]
		at = h.partPoint(sel.Index, p.Position)
		switch sel.Mode {
		case ModeTurn:
			at = h.partPoint(sel.Index, sel.Pivot)
		case ModeSize:
			if sel.Shape < 0 || sel.Shape >= len(p.Shapes) {
				return nil
			}
			sh := &p.Shapes[sel.Shape]
			pos, rot := h.flight.Player.Built.PartPose(h.flight.World, sel.Index)
			at = pos.Add(rot.Rotate(sh.Position))
			for k := range 3 {
				var e mgl64.Vec3
				e[k] = 1
				axes[k] = rot.Rotate(sh.Orientation.Rotate(e))
			}
		}
	case SelThruster:
		if sel.Index < 0 || sel.Index >= len(c.Thrusters) {
			return nil
		}
		at, _ = h.thrusterArrow(sel.Index)
		if sel.Mode == ModeSize {
			return nil
		}
	case SelJoint:
		if sel.Index < 0 || sel.Index >= len(c.Joints) {
			return nil
		}
		j := c.Joints[sel.Index]
		at = h.partPoint(j.A, j.Anchor)
		if sel.Mode == ModeSize || sel.Mode == ModeTurn && j.Kind != "hinge" {
			return nil
		}
	default:
		return nil
	}
	l := h.handleLength()
	out := make([]Handle, 3)
	for k := range 3 {
		hd := Handle{Axis: k, At: at, Dir: axes[k]}
		switch sel.Mode {
		case ModeTurn:
			hd.Ring = true
			u := axes[(k+1)%3].Mul(0.8 * l)
			const n = 32
			for s := 0; s <= n; s++ {
				hd.Pts = append(hd.Pts, at.Add(mgl64.QuatRotate(2*math.Pi*float64(s)/n, axes[k]).Rotate(u)))
			}
		case ModeSize:
			hd.Pts = []mgl64.Vec3{at.Add(axes[k].Mul(0.5 * l)), at.Add(axes[k].Mul(l))}
		default:
			hd.Pts = []mgl64.Vec3{at.Add(axes[k].Mul(0.15 * l)), at.Add(axes[k].Mul(l))}
		}
		out[k] = hd
	}
	return out
}

// selectionOverlay draws the selection: a part's outline (its collision
// shapes' edges), a thruster's arrow or a joint's anchor picked out, and
// its handles.
func (h *Hangar) selectionOverlay(sel Selection) {
	o := &h.overlay
	c := h.stand.Craft
	switch sel.Kind {
	case SelPart:
		if sel.Index < 0 || sel.Index >= len(c.Parts) {
			return
		}
		pos, rot := h.flight.Player.Built.PartPose(h.flight.World, sel.Index)
		for s, sh := range c.Parts[sel.Index].Shapes {
			width := 1.5
			if s == sel.Shape && sel.Mode == ModeSize {
				width = 3
			}
			for _, f := range sh.Poly.Faces {
				for k := range f.Verts {
					a := sh.Poly.Verts[f.Verts[k]]
					b := sh.Poly.Verts[f.Verts[(k+1)%len(f.Verts)]]
					o.Lines = append(o.Lines, render.OverlayLine{A: pos.Add(rot.Rotate(a)), B: pos.Add(rot.Rotate(b)), Color: colSel, Width: width})
				}
			}
		}
	case SelThruster:
		if sel.Index < 0 || sel.Index >= len(c.Thrusters) {
			return
		}
		a, b := h.thrusterArrow(sel.Index)
		o.Lines = append(o.Lines, render.OverlayLine{A: a, B: b, Color: colSel, Width: 4, Arrow: true, Label: c.Thrusters[sel.Index].Name})
	case SelJoint:
		if sel.Index < 0 || sel.Index >= len(c.Joints) {
			return
		}
		j := c.Joints[sel.Index]
		o.Points = append(o.Points, render.OverlayPoint{Pos: h.partPoint(j.A, j.Anchor), Color: colSel, Radius: 9, Ring: true, Label: j.Name})
	}
	for k, hd := range h.Handles(sel) {
		col, width := colAxes[hd.Axis], 4.0
		if k == sel.Hot {
			col, width = colHotAxs[hd.Axis], 6
		}
		for s := 1; s < len(hd.Pts); s++ {
			o.Lines = append(o.Lines, render.OverlayLine{A: hd.Pts[s-1], B: hd.Pts[s], Color: col, Width: width,
				Arrow: !hd.Ring && sel.Mode == ModeMove})
		}
		if sel.Mode == ModeSize {
			o.Points = append(o.Points, render.OverlayPoint{Pos: hd.Pts[len(hd.Pts)-1], Color: col, Radius: width + 2})
		}
	}
}
