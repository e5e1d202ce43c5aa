package view

import (
	"fmt"
	"image/color"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/hangar"
	"spaceflight/physics/geom"
	"spaceflight/render"
)

// Colours of the hangar's overlays.
var (
	colCOM     = color.RGBA{255, 220, 60, 255}
	colDry     = color.RGBA{255, 170, 60, 255}
	colAxes    = [3]color.RGBA{{255, 90, 90, 255}, {90, 230, 110, 255}, {90, 150, 255, 255}}
	colMain    = color.RGBA{255, 140, 40, 255}
	colRCS     = color.RGBA{80, 210, 255, 255}
	colFiring  = color.RGBA{255, 255, 255, 255}
	colJoint   = color.RGBA{255, 80, 80, 255}
	colHinge   = color.RGBA{120, 255, 140, 255}
	colLimit   = color.RGBA{255, 230, 90, 255}
	colPort    = color.RGBA{230, 120, 255, 255}
	colFoot    = color.RGBA{120, 255, 200, 255}
	colTank    = color.RGBA{200, 200, 255, 255}
	colWarn    = color.RGBA{250, 200, 60, 255}
	colErr     = color.RGBA{255, 90, 80, 255}
	colDimText = color.RGBA{150, 160, 175, 255}
)

// arrowScale turns √(max thrust / N) into a thruster arrow's length (m):
// 0.2 m for a 50 N jet, 0.6 m for 445 N, 2.3 m for a 6 kN engine.
const arrowScale = 0.03

// Overlays of the hangar, each switched on and off by its own action.
const (
	OverlayCOM     = iota // centres of mass, wet and dry
	OverlayInertia        // principal axes of inertia
	OverlayThrust         // thrusters: arrows scaled by thrust, coloured by group
	OverlayJoints         // joint anchors, axes and hinge limits
	OverlayPorts          // docking ports and their axes
	OverlayFeet           // foot parts
	OverlayTanks          // tanks and their propellant
	NumOverlays
)

// OverlayNames name the overlays (`spaceflight hangar --hide`, the panel).
var OverlayNames = [NumOverlays]string{"COM", "inertia", "thrusters", "joints", "ports", "feet", "tanks"}

// Hangar draws a flight.Stand: the craft with its overlays, the column it
// stands on, and the side panel of its figures. It holds the meshes of the
// stand it was made for (a stand mounted afresh needs a new Hangar).
type Hangar struct {
	Show [NumOverlays]bool // the overlays drawn

	stand   *flight.Stand
	flight  *flight.Flight // the stand's flight the meshes were built for
	view    *View
	column  *render.Mesh
	overlay render.Overlay
	panel   render.Panel
	info    HangarInfo
}

// HangarInfo is what the hangar's panel shows besides the stand: the
// file's warnings and errors, and the keys of the stand's actions as bound.
type HangarInfo struct {
	Warnings []craft.Warning
	Errors   []string // the newest version's errors when it did not load
	// Keys name the bindings the panel mentions: what cycles the thing
	// to fire, what fires, and the overlays' keys.
	FireKeys, FiringKeys, OverlayKeys string
	// Sel is the editor's selection, drawn with its handles; nil for none.
	Sel *Selection
	// Editor is the editor's panel at the left: what is selected, the
	// mode, the keys; nil for none.
	Editor *render.Panel
}

// NewHangar builds the meshes of the stand st as it is now.
func NewHangar(st *flight.Stand) (*Hangar, error) {
	h := &Hangar{stand: st, flight: st.Flight}
	for i := range h.Show {
		h.Show[i] = true
	}
	return h, h.build()
}

// Stand is the stand the hangar draws.
func (h *Hangar) Stand() *flight.Stand { return h.stand }

// Current reports whether the meshes are those of the stand's flight (not
// of one before it was mounted afresh).
func (h *Hangar) Current() bool { return h.flight == h.stand.Flight }

// Rebuild builds the meshes for the stand as mounted now.
func (h *Hangar) Rebuild() error {
	h.flight = h.stand.Flight
	return h.build()
}

func (h *Hangar) build() error {
	st := h.stand
	v, err := New(st.Flight)
	if err != nil {
		return err
	}
	v.SetObjective("Hangar: " + st.Craft.Name)
	top := st.ColumnTop[1]
	box := geom.Box(mgl64.Vec3{flight.StandWidth / 2, top / 2, flight.StandWidth / 2})
	column := &render.Mesh{}
	if err := column.AddConvexFinish(box.Verts, FaceLoops(box), color.RGBA{96, 100, 110, 255}, render.FinishMetal, mgl64.Vec3{0, -top / 2, 0}, mgl64.QuatIdent()); err != nil {
		return err
	}
	h.view, h.column = v, column
	return nil
}

// StandCameraTarget is the craft on the stand as the orbit camera circles
// it.
func StandCameraTarget(st *flight.Stand) render.CameraTarget {
	s := st.Flight.State()
	return render.CameraTarget{Pos: s.Position, Orient: s.Orientation, Radius: max(st.Figures.RadiusM, 0.5), HasGround: true}
}

// Frame describes the hangar for the renderer, seen by cam and drawn at
// quality q. It changes nothing.
func (h *Hangar) Frame(cam *render.Camera, q render.Quality, info HangarInfo) *render.Frame {
	h.info = info
	st := h.stand
	f := st.Flight
	h.view.Quality = q
	fr := h.view.Build(f, cam, 1, 1, cam.Mode.String())
	fr.Quality = q
	if !st.Released {
		fr.Bodies = append(fr.Bodies, render.Body{Mesh: h.column, Pos: st.ColumnTop, Orient: mgl64.QuatIdent(), Shadow: true})
	}
	fr.Ground.Plain = true
	fr.View = h.LookView(cam)
	fr.HUD.Messages = nil
	// The side panel has the figures: no navball, gauges or goal marks.
	fr.HUD.Markers, fr.Marks, fr.HUD.Attitude, fr.HUD.Status = nil, nil, nil, nil
	h.buildOverlay()
	fr.Overlay = &h.overlay
	return fr
}

// craftToWorld maps craft-frame points and directions to the world as the
// craft is now.
type craftToWorld struct {
	origin mgl64.Vec3
	q      mgl64.Quat
}

func (c craftToWorld) point(x mgl64.Vec3) mgl64.Vec3 { return c.origin.Add(c.q.Rotate(x)) }
func (c craftToWorld) dir(d mgl64.Vec3) mgl64.Vec3   { return c.q.Rotate(d) }

// partPoint maps a craft-frame point on part i (as built) to the world
// where that part is now: a leg's points follow the leg.
func (h *Hangar) partPoint(i int, x mgl64.Vec3) mgl64.Vec3 {
	p := &h.stand.Craft.Parts[i]
	pos, rot := h.flight.Player.Built.PartPose(h.flight.World, i)
	return pos.Add(rot.Rotate(p.Orientation.Inverse().Rotate(x.Sub(p.Position))))
}

func (h *Hangar) partDir(i int, d mgl64.Vec3) mgl64.Vec3 {
	p := &h.stand.Craft.Parts[i]
	_, rot := h.flight.Player.Built.PartPose(h.flight.World, i)
	return rot.Rotate(p.Orientation.Inverse().Rotate(d))
}

func (h *Hangar) buildOverlay() {
	o := &h.overlay
	o.Lines, o.Points = o.Lines[:0], o.Points[:0]
	f, vs, c := h.flight, h.flight.Player, h.stand.Craft
	w := f.World
	origin, q := vs.Frame(w)
	cw := craftToWorld{origin, q}
	fig := h.stand.Figures
	radius := max(fig.RadiusM, 0.5)
	if h.Show[OverlayCOM] {
		o.Points = append(o.Points,
			render.OverlayPoint{Pos: cw.point(fig.COMWet), Color: colCOM, Radius: 6, Label: "COM wet"},
			render.OverlayPoint{Pos: cw.point(fig.COMDry), Color: colDry, Radius: 7, Ring: true, Label: "dry"})
	}
	if h.Show[OverlayInertia] {
		at := cw.point(fig.COMWet)
		for k := range 3 {
			a := cw.dir(mgl64.Vec3(fig.PrincipalAxes[k])).Mul(0.6 * radius)
			o.Lines = append(o.Lines, render.OverlayLine{A: at.Sub(a), B: at.Add(a), Color: colAxes[k], Width: 2,
				Label: fmt.Sprintf("I%d %.4g", k+1, fig.Principal[k])})
		}
	}
	if h.Show[OverlayThrust] {
		for i, t := range c.Thrusters {
			bt := &vs.Built.Thrusters[i]
			b := w.Body(bt.Body)
			p := b.WorldPoint(bt.Point)
			d := b.WorldVector(bt.Direction).Mul(arrowScale * math.Sqrt(t.MaxThrust))
			col, width, label := colRCS, 1.5, ""
			if t.Group == craft.GroupMain {
				col, width, label = colMain, 3, fmt.Sprintf("%s %.0f N", t.Name, t.MaxThrust)
			}
			if vs.Level[i] > 0 {
				col, width = colFiring, width+1
			}
			o.Lines = append(o.Lines, render.OverlayLine{A: p, B: p.Add(d), Color: col, Width: width, Arrow: true, Label: label})
		}
	}
	if h.Show[OverlayJoints] {
		h.jointOverlay()
	}
	if h.Show[OverlayPorts] {
		for _, pt := range c.Ports {
			p := h.partPoint(pt.Part, pt.Position)
			o.Lines = append(o.Lines,
				render.OverlayLine{A: p, B: p.Add(h.partDir(pt.Part, pt.Axis).Mul(0.6)), Color: colPort, Width: 2.5, Arrow: true, Label: "port " + pt.Name},
				render.OverlayLine{A: p, B: p.Add(h.partDir(pt.Part, pt.Up).Mul(0.3)), Color: colPort, Width: 1.5})
		}
	}
	if h.Show[OverlayFeet] {
		for i, p := range c.Parts {
			if p.Role == craft.RoleFoot {
				pos, rot := vs.Built.PartPose(w, i)
				o.Points = append(o.Points, render.OverlayPoint{Pos: pos.Add(rot.Rotate(p.Dry.COM)), Color: colFoot, Radius: 9, Ring: true, Label: "foot"})
			}
		}
	}
	if h.Show[OverlayTanks] {
		for k, t := range c.Tanks {
			pos, rot := vs.Built.PartPose(w, t.Part)
			o.Points = append(o.Points, render.OverlayPoint{Pos: pos.Add(rot.Rotate(t.Unit.COM)), Color: colTank, Radius: 5,
				Label: fmt.Sprintf("tank %s %.0f/%.0f kg", t.Name, vs.Fuel[k], t.Capacity)})
		}
	}
	if h.info.Sel != nil {
		h.selectionOverlay(*h.info.Sel)
	}
	h.buildPanel()
	o.Panel = &h.panel
	o.Side = h.info.Editor
}

// jointOverlay marks every joint's anchor; a hinge also gets its axis and
// its limits as an arc swept from part B's direction.
func (h *Hangar) jointOverlay() {
	o := &h.overlay
	vs, w := h.flight.Player, h.flight.World
	for k, j := range h.stand.Craft.Joints {
		at := h.partPoint(j.A, j.Anchor)
		label := ""
		if j.Kind != craft.JointFixed {
			label = j.Name
		}
		o.Points = append(o.Points, render.OverlayPoint{Pos: at, Color: colJoint, Radius: 4, Label: label})
		if j.Kind != craft.JointHinge {
			continue
		}
		axis := h.partDir(j.A, j.Axis).Normalize()
		o.Lines = append(o.Lines, render.OverlayLine{A: at.Sub(axis.Mul(0.35)), B: at.Add(axis.Mul(0.35)), Color: colHinge, Width: 2})
		if !j.HasLimits {
			continue
		}
		pos, _ := vs.Built.PartPose(w, j.B)
		u := pos.Sub(at)
		u = u.Sub(axis.Mul(u.Dot(axis)))
		if u.Len() < 1e-6 {
			continue
		}
		u = u.Normalize().Mul(0.45)
		theta := 0.0
		if jt := w.Joint(vs.Built.Joints[k]); jt.Valid() {
			theta = jt.Angle()
		}
		const n = 16
		prev := at
		for s := 0; s <= n; s++ {
			phi := j.MinAngle - theta + (j.MaxAngle-j.MinAngle)*float64(s)/n
			p := at.Add(mgl64.QuatRotate(phi, axis).Rotate(u))
			if s > 0 {
				o.Lines = append(o.Lines, render.OverlayLine{A: prev, B: p, Color: colLimit, Width: 2})
			} else {
				o.Lines = append(o.Lines, render.OverlayLine{A: at, B: p, Color: colLimit, Width: 1})
			}
			prev = p
		}
		o.Lines = append(o.Lines, render.OverlayLine{A: at, B: prev, Color: colLimit, Width: 1},
			render.OverlayLine{A: at, B: at.Add(u), Color: colHinge, Width: 1.5})
	}
}

// buildPanel fills the side panel: figures, the stand, warnings and the
// file's errors.
func (h *Hangar) buildPanel() {
	p := &h.panel
	fig := h.stand.Figures
	p.Title = "HANGAR — " + craft.Printable(fig.Craft)
	p.Width = 470
	p.Lines = p.Lines[:0]
	add := func(c color.RGBA, format string, args ...any) {
		p.Lines = append(p.Lines, render.PanelLine{Text: fmt.Sprintf(format, args...), Color: c})
	}
	head := func(s string) { p.Lines = append(p.Lines, render.PanelLine{Text: s, Bold: true}) }
	add(colDimText, "%s", craft.Printable(fig.File))
	if len(h.info.Errors) > 0 {
		head("FILE HAS ERRORS — showing the last good version")
		for i, e := range h.info.Errors {
			if i == 4 {
				add(colErr, "… and %d more (spaceflight check lists them)", len(h.info.Errors)-i)
				break
			}
			add(colErr, "%s", e)
		}
	}
	g := hangar.Gravities()[h.stand.Gravity]
	add(plain, "Mass %.1f kg wet, %.1f dry (%.1f fuel)", fig.WetMassKg, fig.DryMassKg, fig.FuelKg)
	add(plain, "Inertia %.4g  %.4g  %.4g kg·m²", fig.Principal[0], fig.Principal[1], fig.Principal[2])
	add(colDimText, "  about the wet COM, principal axes I1 I2 I3 (red, green, blue)")
	gname := fmt.Sprintf("%s %.2f m/s²", g.Name, g.G)
	if m := fig.Main; m != nil {
		twr := "—"
		if g.G > 0 {
			twr = fmt.Sprintf("%.3g", m.ThrustN/(fig.WetMassKg*g.G))
		}
		add(plain, "Main %.0f N: thrust/weight %s in %s", m.ThrustN, twr, gname)
		add(plain, "  thrust line %.3f m from the wet COM, %.3f m dry", m.MissWetM, m.MissDryM)
	} else {
		add(plain, "Main engines: none   (gravity: %s)", gname)
	}
	for _, dv := range fig.DeltaV {
		if dv.Unlimited {
			add(plain, "Δv %-4s unlimited (no tank), Isp %.0f s", dv.Group, dv.IspS)
		} else {
			add(plain, "Δv %-4s %.1f m/s  Isp %.0f s, %.1f → %.1f kg", dv.Group, dv.DeltaVMS, dv.IspS, dv.WetKg, dv.DryKg)
		}
	}
	if len(fig.RCS) > 0 {
		head("RCS AUTHORITY       +            −        full + also")
		for j, a := range fig.RCS {
			unit, k := "m/s²", 1.0
			if a.Rotation {
				unit, k = "°/s²", 180/math.Pi
			}
			add(plain, "%-6s %8.3g %8.3g %-5s %s", a.Axis, a.AccelPos*k, a.AccelNeg*k, unit, couplingShort(j, a))
		}
	} else {
		add(plain, "RCS: none")
	}
	head("TEST STAND")
	st := h.stand
	state := "off"
	if st.Firing {
		state = "FIRING"
	}
	add(plain, "Fire %s: %s   (%s next, %s on/off)", st.FireName(), state, h.info.FireKeys, h.info.FiringKeys)
	if force, torque, held := st.Reaction(); !held {
		add(colWarn, "Released: flying free, back on the stand in %.1f s", st.FreeLeft())
	} else {
		add(plain, "On stand force  %s N", vecText(force))
		add(plain, "         torque %s N·m", vecText(torque))
	}
	if h.flight.Err != nil {
		add(colErr, "Physics stopped: %s", h.flight.Err)
	}
	if len(h.info.Warnings) > 0 {
		head(fmt.Sprintf("WARNINGS (%d)", len(h.info.Warnings)))
		for i, wn := range h.info.Warnings {
			if i == 6 {
				add(colWarn, "… and %d more (spaceflight check)", len(h.info.Warnings)-i)
				break
			}
			loc := ""
			if wn.Line > 0 {
				loc = fmt.Sprintf("line %d: ", wn.Line)
			}
			for k, ln := range wrapText(loc+wn.Msg, 58) {
				if k == 2 {
					break
				}
				add(colWarn, "%s", ln)
			}
		}
	} else {
		add(colOKText, "No warnings")
	}
	var on []string
	for i, s := range h.Show {
		if s {
			on = append(on, OverlayNames[i])
		}
	}
	add(colDimText, "Overlays (keys %s): %s", h.info.OverlayKeys, joinOr(on, "none"))
}

var (
	colOKText = color.RGBA{110, 230, 130, 255}
	plain     color.RGBA // the panel's text colour
)

// couplingShort lists what a full +axis command gives besides, the largest
// first, as the panel has room for.
func couplingShort(j int, a hangar.Authority) string {
	if a.Pos == 0 {
		return "none"
	}
	best, bk := 0.0, -1
	for k, c := range a.Coupling {
		if k != j && (k < 3) == (j < 3) && math.Abs(c) > math.Abs(best) {
			best, bk = c, k
		}
	}
	if bk < 0 || math.Abs(best) < 1e-3 {
		return "pure"
	}
	names := [6]string{"pitch", "yaw", "roll", "x", "y", "z"}
	return fmt.Sprintf("%+.1f %% %s", 100*best, names[bk])
}

func vecText(v mgl64.Vec3) string {
	for i := range v {
		if math.Abs(v[i]) < 0.05 {
			v[i] = 0
		}
	}
	return fmt.Sprintf("(%8.1f, %8.1f, %8.1f)", v[0], v[1], v[2])
}

// wrapText breaks s into lines of at most n runes at spaces; lines after
// the first are indented by two.
func wrapText(s string, n int) []string {
	var out []string
	r := []rune(s)
	for len(r) > n {
		cut := n
		for cut > n/2 && r[cut] != ' ' {
			cut--
		}
		out = append(out, string(r[:cut]))
		r = r[cut:]
		for len(r) > 0 && r[0] == ' ' {
			r = r[1:]
		}
		r = append([]rune("  "), r...)
	}
	return append(out, string(r))
}

func joinOr(list []string, none string) string {
	if len(list) == 0 {
		return none
	}
	return strings.Join(list, " ")
}
