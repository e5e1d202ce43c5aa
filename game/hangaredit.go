package game

// The hangar's editor, as the player works it: a click picks a part (by
// ray cast against its shapes), a thruster's arrow or a joint's anchor; the
// handles move, turn or resize what is picked (snapped: 0.05 m, 5°; 0.01 m
// and 1° with the fine key held); the axis keys do the same one step at a
// time; the other keys copy in symmetry, delete, add thrusters and joints
// where the player clicks, undo and redo, save. Every change is an edit of
// the craft's file (hangar.Editor), and the stand, overlays and figures
// follow at once.

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/hangar"
	"spaceflight/game/view"
	"spaceflight/render"
)

// editTool is what the next click on the craft does.
type editTool int

const (
	toolSelect   editTool = iota // pick what to edit
	toolThruster                 // add a thruster where the click meets a part
	toolJoint                    // pick two parts: the second click's point is the anchor
)

// clickSlop is how far (px) the cursor may move between press and
// release for a click, not a drag of the camera.
const clickSlop = 4

// handleDrag is a handle being dragged.
type handleDrag struct {
	handle view.Handle
	s0     float64    // where along the handle's axis the drag started (m from its At)
	ok     bool       // s0 was found: the axis does not point at the eye
	value  float64    // the coordinate or size at the start
	u      mgl64.Vec3 // ModeTurn: from the ring's centre to where the drag started
}

// editRun is a run of moves or turns of one thing along or about one axis
// — a drag, or one key pressed again and again: each step is made again
// from the run's start as a single edit, so that the values written do not
// drift by the roundings of many small steps (eighteen turns of 5° are
// one of 90°), and one undo takes the whole run back.
type editRun struct {
	key   string     // what is moved, how, along which axis
	from  int        // the document's steps at the start
	end   int        // … after the run's last step
	base  mgl64.Vec3 // the selection's position at the start (craft frame)
	total float64    // degrees turned so far
}

// editState is the editor's part of the hangar scene.
type editState struct {
	ed    *hangar.Editor
	sel   view.Selection
	name  string // the selected part's name: it keeps the selection across edits
	tool  editTool
	group string // the group of the next thruster added
	// first is the first part the joint tool picked, and where.
	first      *view.PartHit
	firstName  string
	drag       *handleDrag
	nudge      *editRun
	down       bool   // the mouse button was held at the last Update
	press      [2]int // where it went down
	pressMoved bool
}

// screen is the hangar as the player points at it.
func (h *hangarScene) screen(a *app) view.Screen {
	w, ht := float64(a.screen[0]), float64(a.screen[1])
	if w <= 0 || ht <= 0 {
		w, ht = ScreenWidth, ScreenHeight
	}
	return view.Screen{View: h.view.LookView(h.camera), W: w, H: ht}
}

// fineStep returns the grid and turn steps: fine while the fine key is
// held.
func fineStep(in *input) (grid, turn float64) {
	if in.pressed(ActEditFine) {
		return hangar.FineGrid, hangar.FineTurn
	}
	return hangar.Grid, hangar.Turn
}

// edited follows a change of the file: the stand, figures and warnings of
// the craft as it is now; a craft with errors shows them, the last good
// one staying on the stand. msg is said, or err.
func (h *hangarScene) edited(a *app, msg string, err error) {
	if err != nil {
		a.say(err.Error())
		return
	}
	if msg != "" {
		a.say(msg)
	}
	c, err := h.ed.Craft()
	if err != nil {
		h.errs = errorLines(err, maxShownErrors)
		return
	}
	fig, err := hangar.Compute(c)
	if err == nil {
		err = h.stand.Remount(c, fig)
	}
	if err != nil {
		h.errs = errorLines(err, maxShownErrors)
		return
	}
	h.errs = nil
	h.warnings = hangar.AllWarnings(c, fig, string(h.ed.Text()))
	h.do(a, nil)
	h.reselect()
}

// reselect keeps the selection on what it was after an edit: a part by
// its name, a thruster or joint by its index while there is one.
func (h *hangarScene) reselect() {
	c := h.stand.Craft
	switch h.sel.Kind {
	case view.SelPart:
		h.sel.Index = c.PartIndex(h.name)
		if h.sel.Index < 0 {
			h.sel.Kind = view.SelNone
		} else {
			h.sel.Shape = min(h.sel.Shape, len(c.Parts[h.sel.Index].Shapes)-1)
			h.sel.Pivot = h.ed.Pivot(h.name)
		}
	case view.SelThruster:
		if h.sel.Index >= len(c.Thrusters) {
			h.sel.Kind = view.SelNone
		}
	case view.SelJoint:
		if h.sel.Index >= len(c.Joints) {
			h.sel.Kind = view.SelNone
		}
	}
}

// selectPart selects part i of the craft on the stand, shape s of it.
func (h *hangarScene) selectPart(i, s int) {
	h.sel = view.Selection{Kind: view.SelPart, Index: i, Shape: s, Mode: h.sel.Mode, Hot: -1}
	h.name = h.stand.Craft.Parts[i].Name
	h.sel.Pivot = h.ed.Pivot(h.name)
	h.fixMode()
}

func (h *hangarScene) selectOther(kind view.SelKind, i int) {
	h.sel = view.Selection{Kind: kind, Index: i, Mode: h.sel.Mode, Hot: -1}
	h.name = ""
	h.fixMode()
}

// modeOK reports whether mode m does something to the selection: a
// thruster has nothing to resize, a joint other than a hinge nothing to
// turn or limit.
func (h *hangarScene) modeOK(m view.EditMode) bool {
	switch h.sel.Kind {
	case view.SelThruster:
		return m != view.ModeSize
	case view.SelJoint:
		return m == view.ModeMove || h.stand.Craft.Joints[h.sel.Index].Kind == craft.JointHinge
	}
	return true
}

func (h *hangarScene) fixMode() {
	for range view.NumModes {
		if h.modeOK(h.sel.Mode) {
			return
		}
		h.sel.Mode = (h.sel.Mode + 1) % view.NumModes
	}
}

// editUpdate runs the editor for one Update: the mouse, then the keys.
// It returns a scene to show instead (a confirmation, the menu), or nil.
func (h *hangarScene) editUpdate(a *app, in *input) Scene {
	h.mouse(a, in)
	return h.keys(a, in)
}

// mouse handles the cursor: a press on a handle drags it; a click (press
// and release in place) picks; any other drag turns the camera (Update).
func (h *hangarScene) mouse(a *app, in *input) {
	r := &in.now
	sc := h.screen(a)
	x, y := float64(r.cursor[0]), float64(r.cursor[1])
	switch {
	case r.dragStart:
		h.press, h.pressMoved = r.cursor, false
		if k := view.PickHandle(sc, h.view.Handles(h.sel), x, y); k >= 0 && h.tool == toolSelect {
			h.startDrag(a, sc, h.view.Handles(h.sel)[k])
			h.sel.Hot = k
		}
	case r.drag && h.down:
		if abs(r.cursor[0]-h.press[0])+abs(r.cursor[1]-h.press[1]) > clickSlop {
			h.pressMoved = true
		}
		if h.drag != nil {
			h.dragTo(a, sc, r.cursor)
		}
	case !r.drag && h.down: // released
		if h.drag != nil {
			h.drag, h.nudge = nil, nil
		} else if !h.pressMoved {
			h.click(a, sc, x, y)
		}
	}
	h.down = r.drag
	if h.drag == nil {
		h.sel.Hot = view.PickHandle(sc, h.view.Handles(h.sel), x, y)
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// pickNear casts the ray through (x, y) and, when it misses, rays a few
// pixels round it, nearest first: a thin strut is hit within a few pixels.
func (h *hangarScene) pickNear(sc view.Screen, x, y float64) (view.PartHit, bool) {
	for _, r := range []float64{0, 3, 6} {
		n := 1
		if r > 0 {
			n = 8
		}
		best, found := view.PartHit{T: math.Inf(1)}, false
		for k := range n {
			ang := 2 * math.Pi * float64(k) / float64(n)
			o, d := sc.View.Ray(x+r*sc.H/720*math.Cos(ang), y+r*sc.H/720*math.Sin(ang), sc.W, sc.H)
			if hit, ok := h.view.PickPart(o, d); ok && hit.T < best.T {
				best, found = hit, true
			}
		}
		if found {
			return best, true
		}
	}
	return view.PartHit{}, false
}

// click picks what is under the cursor, or places what the tool adds.
func (h *hangarScene) click(a *app, sc view.Screen, x, y float64) {
	hit, onPart := h.pickNear(sc, x, y)
	c := h.stand.Craft
	switch h.tool {
	case toolThruster:
		if !onPart {
			a.say("Click a part's surface to put the thruster on")
			return
		}
		name := c.Parts[hit.Part].Name
		normal := h.view.CraftDir(hit.Part, hit.Normal)
		at := onGrid(h.view.CraftPoint(hit.Part, hit.Point), normal, a.in)
		i, err := h.ed.AddThruster(name, at, normal.Mul(-1), h.group)
		h.tool = toolSelect
		h.edited(a, fmt.Sprintf("Added an %s thruster on %s: it pushes into the surface; turn it with the turn handles", strings.ToUpper(h.group), name), err)
		if err == nil {
			h.selectOther(view.SelThruster, i)
		}
		return
	case toolJoint:
		if !onPart {
			a.say("Click a part to join")
			return
		}
		name := c.Parts[hit.Part].Name
		if h.first == nil {
			h.first, h.firstName = &hit, name
			a.say("Joint from " + name + ": now click the other part where they meet (the anchor)")
			return
		}
		at := onGrid(h.view.CraftPoint(hit.Part, hit.Point), h.view.CraftDir(hit.Part, hit.Normal), a.in)
		j, err := h.ed.AddJoint(h.firstName, name, at, craft.JointFixed)
		h.tool, h.first = toolSelect, nil
		h.edited(a, fmt.Sprintf("Joined %s and %s (fixed): %s makes it a hinge or a ball", h.firstName, name, keysOf(&a.settings, ActEditKind)), err)
		if err == nil {
			h.selectOther(view.SelJoint, j)
		}
		return
	}
	if h.view.Show[view.OverlayThrust] {
		if i := h.view.PickThruster(sc, x, y); i >= 0 {
			h.selectOther(view.SelThruster, i)
			return
		}
	}
	if h.view.Show[view.OverlayJoints] {
		if j := h.view.PickJoint(sc, x, y); j >= 0 {
			h.selectOther(view.SelJoint, j)
			return
		}
	}
	if onPart {
		h.selectPart(hit.Part, hit.Shape)
		return
	}
	h.sel = view.Selection{Mode: h.sel.Mode, Hot: -1}
}

// onGrid snaps a clicked point on a face with outward normal n (craft
// frame) to the grid along the axes the face runs along (those within 6°
// of it); the point stays on the face.
func onGrid(p, n mgl64.Vec3, in *input) mgl64.Vec3 {
	grid, _ := fineStep(in)
	for k := range 3 {
		if math.Abs(n[k]) < 0.1 && n.Len() > 0 {
			p[k] = hangar.Snap(p[k], grid)
		}
	}
	return p
}

// startDrag starts dragging handle hd.
func (h *hangarScene) startDrag(a *app, sc view.Screen, hd view.Handle) {
	dr := &handleDrag{handle: hd}
	dr.s0, dr.ok = axisPoint(sc, hd, a.in.now.cursor)
	h.nudge = nil
	h.startRun(fmt.Sprintf("drag %d", hd.Axis))
	switch h.sel.Mode {
	case view.ModeTurn:
		p, ok := ringPoint(sc, hd, a.in.now.cursor)
		if !ok {
			return
		}
		dr.u = p.Sub(hd.At)
	case view.ModeSize:
		dr.value = h.ed.ShapeSize(h.name, h.sel.Shape, hd.Axis)
	default:
		dr.value = h.selPosition()[hd.Axis]
	}
	h.drag = dr
}

// axisPoint is where along a handle's axis (m from its At) the cursor
// points: the point of the axis line nearest the cursor's ray. False when
// the axis points at the eye.
func axisPoint(sc view.Screen, hd view.Handle, cur [2]int) (float64, bool) {
	o, d := sc.View.Ray(float64(cur[0]), float64(cur[1]), sc.W, sc.H)
	w := hd.At.Sub(o)
	b := hd.Dir.Dot(d)
	den := 1 - b*b
	if den < 1e-3 {
		return 0, false
	}
	return (b*d.Dot(w) - hd.Dir.Dot(w)) / den, true
}

// ringPoint is where the cursor's ray meets the plane of a turn handle's
// ring; false when the ring is seen edge-on.
func ringPoint(sc view.Screen, hd view.Handle, cur [2]int) (mgl64.Vec3, bool) {
	o, d := sc.View.Ray(float64(cur[0]), float64(cur[1]), sc.W, sc.H)
	den := d.Dot(hd.Dir)
	if math.Abs(den) < 0.05 {
		return mgl64.Vec3{}, false
	}
	return o.Add(d.Mul(hd.At.Sub(o).Dot(hd.Dir) / den)), true
}

// dragTo follows the cursor with the dragged handle: the value it moves
// goes to the multiple of the step nearest the cursor.
func (h *hangarScene) dragTo(a *app, sc view.Screen, cur [2]int) {
	dr := h.drag
	grid, turn := fineStep(a.in)
	k := dr.handle.Axis
	if h.sel.Mode == view.ModeTurn {
		if dr.u == (mgl64.Vec3{}) {
			return
		}
		p, ok := ringPoint(sc, dr.handle, cur)
		if !ok {
			return
		}
		v := p.Sub(dr.handle.At)
		ang := mgl64.RadToDeg(math.Atan2(dr.u.Cross(v).Dot(dr.handle.Dir), dr.u.Dot(v)))
		if want := math.Round(ang/turn) * turn; want != h.nudge.total {
			h.turnTo(a, k, want)
		}
		return
	}
	s, ok := axisPoint(sc, dr.handle, cur)
	if !ok || !dr.ok {
		return
	}
	target := hangar.Snap(dr.value+s-dr.s0, grid)
	if h.sel.Mode == view.ModeSize {
		if size := max(target, grid); size != h.ed.ShapeSize(h.name, h.sel.Shape, k) {
			h.edited(a, "", h.ed.SetShapeSize(h.name, h.sel.Shape, k, size))
		}
		return
	}
	if math.Abs(target-h.selPosition()[k]) > 1e-9 {
		h.moveTo(a, k, target)
	}
}

// startRun goes on with the run of edits named key when the last edit was
// its last step, else starts one here.
func (h *hangarScene) startRun(key string) {
	key = fmt.Sprintf("%d %d %s %d %s", h.sel.Kind, h.sel.Index, h.name, h.sel.Mode, key)
	if r := h.nudge; r != nil && r.key == key && r.end == h.ed.Doc.Done() {
		return
	}
	h.nudge = &editRun{key: key, from: h.ed.Doc.Done(), end: -1, base: h.selPosition()}
}

// moveTo moves the selection so that its coordinate k is target: one move
// from where the run started.
func (h *hangarScene) moveTo(a *app, k int, target float64) {
	r := h.nudge
	h.ed.Doc.Rewind(r.from)
	d := mgl64.Vec3{}
	d[k] = target - r.base[k]
	var err error
	if math.Abs(d[k]) > 1e-9 {
		switch h.sel.Kind {
		case view.SelPart:
			err = h.ed.MovePart(h.name, d)
		case view.SelThruster:
			err = h.ed.MoveThruster(h.sel.Index, d)
		case view.SelJoint:
			err = h.ed.MoveJoint(h.sel.Index, d)
		}
	}
	r.end = h.ed.Doc.Done()
	h.edited(a, "", err)
}

// turnTo turns the selection deg degrees about craft axis k from where the
// run started, in one turn.
func (h *hangarScene) turnTo(a *app, k int, deg float64) {
	r := h.nudge
	h.ed.Doc.Rewind(r.from)
	r.total = deg
	var err error
	if deg != 0 {
		switch h.sel.Kind {
		case view.SelPart:
			err = h.ed.TurnPart(h.name, k, deg)
		case view.SelThruster:
			err = h.ed.TurnThruster(h.sel.Index, k, deg)
		case view.SelJoint:
			err = h.ed.TurnJoint(h.sel.Index, k, deg)
		}
	}
	r.end = h.ed.Doc.Done()
	h.edited(a, "", err)
}

// selName names the selection in messages.
func (h *hangarScene) selName() string {
	c := h.stand.Craft
	switch h.sel.Kind {
	case view.SelPart:
		return h.name
	case view.SelThruster:
		return c.Thrusters[h.sel.Index].Name
	case view.SelJoint:
		return c.Joints[h.sel.Index].Name
	}
	return ""
}

// selPosition is where the selection is written to be (craft frame).
func (h *hangarScene) selPosition() mgl64.Vec3 {
	switch h.sel.Kind {
	case view.SelPart:
		return h.ed.PartPosition(h.name)
	case view.SelThruster:
		return h.ed.ThrusterPosition(h.sel.Index)
	case view.SelJoint:
		return h.ed.JointAnchor(h.sel.Index)
	}
	return mgl64.Vec3{}
}

// apply does the mode's step along axis k, dir +1 or −1: a move to the
// next multiple of the grid, a turn by the turn step, a resize, a limit's
// change. Moves and turns by the same key again make one run.
func (h *hangarScene) apply(a *app, k int, dir float64) {
	grid, turn := fineStep(a.in)
	var err error
	switch h.sel.Mode {
	case view.ModeMove:
		h.startRun(fmt.Sprintf("move %d", k))
		h.moveTo(a, k, hangar.StepTo(h.selPosition()[k], dir, grid))
		return
	case view.ModeTurn:
		h.startRun(fmt.Sprintf("turn %d", k))
		h.turnTo(a, k, h.nudge.total+dir*turn)
		return
	case view.ModeSize:
		switch h.sel.Kind {
		case view.SelPart:
			err = h.ed.ResizeShape(h.name, h.sel.Shape, k, dir, grid)
		case view.SelJoint: // x: the lower limit, y: the upper
			err = h.ed.StepLimit(h.sel.Index, k != 0, dir, turn)
		}
	}
	h.edited(a, "", err)
}

// axisKeys are the keys that step the selection along, about or by each
// craft axis, both ways.
var axisKeys = [3][2]Action{{ActEditXPlus, ActEditXMinus}, {ActEditYPlus, ActEditYMinus}, {ActEditZPlus, ActEditZMinus}}

// keys handles the editor's keys.
func (h *hangarScene) keys(a *app, in *input) Scene {
	sel := h.sel.Kind != view.SelNone
	fine := in.pressed(ActEditFine)
	switch {
	case in.just(ActEditUndo):
		name, ok := h.ed.Doc.Undo()
		h.edited(a, map[bool]string{true: "Undone: " + name, false: "Nothing to undo"}[ok], nil)
	case in.just(ActEditRedo):
		name, ok := h.ed.Doc.Redo()
		h.edited(a, map[bool]string{true: "Redone: " + name, false: "Nothing to redo"}[ok], nil)
	case in.just(ActEditSave):
		h.saveFile(a)
	case in.just(ActEditMenu):
		return h.editMenu(a)
	case in.just(ActEditAddThruster):
		h.tool, h.first = toolThruster, nil
		if h.group == "" {
			h.group = craft.GroupRCS
		}
		a.say(fmt.Sprintf("Click a part's surface for the new %s thruster (%s: the other group first)", strings.ToUpper(h.group), firstKey(&a.settings, ActEditKind)))
	case in.just(ActEditAddJoint):
		h.tool, h.first = toolJoint, nil
		a.say("Click the first part to join")
	case in.just(ActEditKind) && h.tool == toolThruster:
		h.group = map[string]string{craft.GroupRCS: craft.GroupMain, craft.GroupMain: craft.GroupRCS}[h.group]
		a.say("The new thruster will be " + strings.ToUpper(h.group))
	case !sel:
		if in.just(ActEditMode) || in.just(ActEditCopy) || in.just(ActEditDelete) || in.just(ActEditKind) {
			a.say("Click a part, a thruster's arrow or a joint first")
		}
	case in.just(ActEditMode):
		h.sel.Mode = (h.sel.Mode + 1) % view.NumModes
		h.fixMode()
	case in.just(ActEditMore), in.just(ActEditLess):
		up := in.just(ActEditMore)
		switch h.sel.Kind {
		case view.SelPart:
			if h.sel.Mode == view.ModeSize { // the propellant of its tank
				tank, err := h.ed.StepFuel(h.name, up, fine)
				h.edited(a, "Tank "+tank, err)
				break
			}
			h.edited(a, "", h.ed.StepMass(h.name, up, fine))
		case view.SelThruster:
			h.edited(a, "", h.ed.StepThrust(h.sel.Index, up, fine))
		}
	case in.just(ActEditKind):
		h.nextKind(a)
	case in.just(ActEditCopy), in.just(ActEditMirrorX), in.just(ActEditMirrorZ), in.just(ActEditQuad):
		sym := hangar.CopyInPlace
		switch {
		case in.just(ActEditMirrorX):
			sym = hangar.MirrorX
		case in.just(ActEditMirrorZ):
			sym = hangar.MirrorZ
		case in.just(ActEditQuad):
			sym = hangar.Quad
		}
		h.copySel(a, sym)
	case in.just(ActEditDelete):
		return h.deleteSel(a)
	default:
		for k, pair := range axisKeys {
			for s, act := range pair {
				if in.just(act) {
					h.apply(a, k, float64(1-2*s))
				}
			}
		}
	}
	return nil
}

// nextKind gives the selection its next role (a part; in ModeSize the
// picked shape's kind), group (a thruster) or kind (a joint).
func (h *hangarScene) nextKind(a *app) {
	var what string
	var err error
	switch h.sel.Kind {
	case view.SelPart:
		i := h.ed.Part(h.name)
		defer func() { h.name = h.ed.PartName(i); h.reselect() }() // a copy's made-up name follows its role
		if h.sel.Mode == view.ModeSize {
			what, err = h.ed.NextShapeKind(h.name, h.sel.Shape)
			what = fmt.Sprintf("%s shape %d: %s", h.name, h.sel.Shape, what)
		} else {
			what, err = h.ed.NextRole(h.name)
			what = h.name + ": role " + what
		}
	case view.SelThruster:
		what, err = h.ed.NextGroup(h.sel.Index)
		what = h.selName() + ": group " + what
	case view.SelJoint:
		what, err = h.ed.NextJointKind(h.sel.Index)
		what = h.selName() + ": " + what
	}
	h.edited(a, what, err)
	h.fixMode()
}

// copySel copies the selection by sym: a part with what hangs from it, a
// thruster with the others at its point.
func (h *hangarScene) copySel(a *app, sym hangar.Symmetry) {
	switch h.sel.Kind {
	case view.SelPart:
		i := h.ed.Part(h.name)
		names, err := h.ed.CopyPart(h.name, sym)
		h.name = h.ed.PartName(i) // mirrored, it may have been given its side
		h.reselect()
		h.edited(a, fmt.Sprintf("%s: %s → %s", h.name, hangar.SymmetryNames[sym], strings.Join(names, ", ")), err)
		if err == nil && len(names) > 0 && sym == hangar.CopyInPlace {
			if i := h.stand.Craft.PartIndex(names[0]); i >= 0 {
				h.selectPart(i, h.sel.Shape)
			}
		}
	case view.SelThruster:
		n, err := h.ed.CopyThrusters(h.sel.Index, sym)
		h.edited(a, fmt.Sprintf("%s: %s, %d thrusters made", h.selName(), hangar.SymmetryNames[sym], n), err)
	default:
		a.say("Joints are copied with their parts")
	}
}

// deleteSel deletes a thruster or joint at once (Undo brings it back),
// and asks first for a part, listing what goes with it.
func (h *hangarScene) deleteSel(a *app) Scene {
	switch h.sel.Kind {
	case view.SelThruster, view.SelJoint:
		name := h.selName()
		var err error
		if h.sel.Kind == view.SelThruster {
			err = h.ed.DeleteThruster(h.sel.Index)
		} else {
			err = h.ed.DeleteJoint(h.sel.Index)
		}
		h.sel.Kind = view.SelNone
		h.edited(a, "Deleted "+name+" ("+keysOf(&a.settings, ActEditUndo)+" undoes)", err)
		return nil
	}
	name := h.name
	dep := h.ed.Dependents(name)
	text := "Delete the part " + name + "?"
	if lines := dep.List(); len(lines) > 0 {
		text += " With it go\n" + strings.Join(lines, "\n")
	}
	return &choiceScene{back: h, screen: render.Screen{Title: "DELETE " + strings.ToUpper(name) + "?", Text: text,
		Items: []string{"No, keep it", "Yes, delete"}},
		pick: func(a *app, i int) Scene {
			if i == 1 {
				err := h.ed.DeletePart(name)
				if err == nil {
					h.sel.Kind = view.SelNone
				}
				h.edited(a, "Deleted "+name+" ("+keysOf(&a.settings, ActEditUndo)+" undoes)", err)
			}
			return h
		}}
}
