package game

import (
	"fmt"
	"strings"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/hangar"
	"spaceflight/game/view"
	"spaceflight/render"
)

// The hangar: a craft on a test stand (flight.Stand), under the lit scene,
// with its figures, warnings and switchable overlays, for modders. It is a
// scene of the game like the others: the main menu's "Hangar" entry lists
// the crafts (shipped and the player's), and `spaceflight hangar CRAFT`
// opens the game on one. Its keys are bindable actions (settings, F1);
// back goes to the list of crafts. The craft's file is watched: a good
// new version goes on the stand, a broken one shows its errors while the
// last good craft stays.

// pollTicks is how often the craft's file is looked at (Updates: once a
// second at 60 TPS).
const pollTicks = 60

// hangarScene is a craft on the stand.
type hangarScene struct {
	back   Scene // the list of crafts; nil: a new one, over the missions
	ref    string
	watch  *craft.Watcher[*craft.Craft]
	stand  *flight.Stand
	view   *view.Hangar
	camera *render.Camera

	warnings []craft.Warning
	errs     []string // the newest version's errors when it did not load
	ticks    uint64

	editState
	save    string // where Save writes the file; "" nowhere
	shipped bool   // the file is the shipped craft's: the first save makes the player's copy
}

// newHangarScene loads the craft o names and puts it on the stand. A craft
// that does not load is an error (there is nothing to show yet).
func newHangarScene(a *app, o HangarOptions, back Scene) (*hangarScene, error) {
	gravity := 0
	if o.Gravity != "" {
		gravity = -1
		for i, g := range hangar.Gravities() {
			if g.Name == o.Gravity {
				gravity = i
			}
		}
		if gravity < 0 {
			return nil, fmt.Errorf("--gravity %q: want moon, earth or none", o.Gravity)
		}
	}
	fire := 0
	if o.Fire != "" {
		if fire = indexOf(flight.FireNames(), o.Fire); fire < 0 {
			return nil, fmt.Errorf("--fire %q: want one of %s", o.Fire, strings.Join(flight.FireNames(), ", "))
		}
	}
	var hide []int
	for _, n := range o.Hide {
		i := indexOf(view.OverlayNames[:], n)
		if i < 0 {
			return nil, fmt.Errorf("--hide %q: want one of %s", n, strings.Join(view.OverlayNames[:], ", "))
		}
		hide = append(hide, i)
	}
	w, err := a.lib.WatchCraft(o.Craft)
	if err != nil {
		return nil, fmt.Errorf("craft %q:\n%w", o.Craft, err)
	}
	fig, err := hangar.Compute(w.Value)
	if err != nil {
		return nil, err
	}
	st, err := flight.NewStand(w.Value, o.Craft, fig, gravity, a.opts.Dt)
	if err != nil {
		return nil, err
	}
	st.Fire, st.Firing = fire, o.Fire != ""
	v, err := view.NewHangar(st)
	if err != nil {
		return nil, err
	}
	for _, i := range hide {
		v.Show[i] = false
	}
	text := w.Files()[w.Value.File]
	ed, err := hangar.NewEditor(w.Value.File, text)
	if err != nil {
		return nil, err
	}
	h := &hangarScene{back: back, ref: o.Craft, watch: w, stand: st, view: v}
	h.ed, h.sel.Hot, h.group = ed, -1, craft.GroupRCS
	h.save, h.shipped = a.craftTarget(o.Craft)
	h.warnings = hangar.AllWarnings(w.Value, fig, string(text))
	if err := h.preselect(o.Select, o.Mode); err != nil {
		return nil, err
	}
	h.camera = render.NewCamera()
	h.camera.SetOrbit(0.7, 0.3)
	h.camera.Update(a.opts.Dt, view.StandCameraTarget(st), render.CameraInput{Zoom: -2}) // a little further out than the flight's 3 radii
	if o.Release {
		h.do(a, st.Release())
	}
	return h, nil
}

func indexOf(list []string, s string) int {
	for i, n := range list {
		if strings.EqualFold(n, s) {
			return i
		}
	}
	return -1
}

// do reports what went wrong with a change of the stand, and builds the
// meshes again for a stand mounted afresh.
func (h *hangarScene) do(a *app, err error) {
	if err != nil {
		a.say(err.Error())
	}
	if !h.view.Current() {
		if err := h.view.Rebuild(); err != nil {
			a.say(err.Error())
		}
	}
}

// Update runs one tick: the stand's actions, the file watch, then one
// step of the stand's physics. A run that plays itself (--screenshot)
// takes no input.
func (h *hangarScene) Update(a *app) (Scene, error) {
	in := a.in
	if a.scripted() {
		in = &input{}
	}
	switch {
	case back(in) && h.tool != toolSelect:
		h.tool, h.first = toolSelect, nil
		return h, nil
	case back(in) && h.sel.Kind != view.SelNone:
		h.sel.Kind = view.SelNone
		return h, nil
	case back(in) && h.ed.Doc.Dirty():
		return h.leaveUnsaved(a), nil
	case back(in):
		return h.leave(a), nil
	case in.just(ActHelp):
		return &helpScene{back: h}, nil
	case in.just(ActQuit):
		return confirmQuit(h), nil
	}
	h.ticks++
	if next := h.editUpdate(a, in); next != nil {
		return next, nil
	}
	st := h.stand
	for k := range view.NumOverlays {
		if in.just(ActOverlayCOM + Action(k)) {
			h.view.Show[k] = !h.view.Show[k]
		}
	}
	if in.just(ActStandGravity) {
		h.do(a, st.NextGravity())
	}
	if in.just(ActStandFireNext) {
		st.NextFire(1)
	}
	if in.just(ActStandFirePrev) {
		st.NextFire(-1)
	}
	if in.just(ActStandFire) {
		st.Firing = !st.Firing
	}
	if in.just(ActStandRelease) {
		h.do(a, st.Release())
	}
	if h.ticks%pollTicks == 0 {
		h.poll(a)
	}
	st.Step()
	h.do(a, nil) // put back after its free flight: a fresh stand
	cam := in.camera()
	cam.Cycle = false                                           // the stand has its orbit camera only
	if h.drag != nil || h.tool != toolSelect && !h.pressMoved { // the mouse drags a handle, or points for a tool
		cam.Yaw, cam.Pitch = 0, 0
	}
	h.camera.Update(st.Flight.Dt, view.StandCameraTarget(st), cam)
	return h, nil
}

func (h *hangarScene) Frame(a *app) *render.Frame {
	s := &a.settings
	sel := h.sel
	fr := h.view.Frame(h.camera, a.quality, view.HangarInfo{Warnings: h.warnings, Errors: h.errs,
		FireKeys: keysOf(s, ActStandFireNext), FiringKeys: keysOf(s, ActStandFire), OverlayKeys: overlayKeys(s),
		Sel: &sel, Editor: h.editorPanel(a)})
	fr.HUD.Help = hangarHint(s)
	return fr
}

// hangarMenuScene lists the crafts to put on the stand.
type hangarMenuScene struct {
	back   Scene
	crafts []string
	sel    int
	screen render.Screen
}

func newHangarMenu(a *app, back Scene) *hangarMenuScene {
	m := &hangarMenuScene{back: back, crafts: a.lib.Crafts()}
	m.screen = render.Screen{Title: "HANGAR", ListWidth: 380, Hint: menuHint(&a.settings, "open", "back"),
		Text: "Choose a craft to put on the stand."}
	for _, c := range m.crafts {
		m.screen.Items = append(m.screen.Items, c)
	}
	m.screen.Items = append(m.screen.Items, "Back")
	return m
}

func (m *hangarMenuScene) Update(a *app) (Scene, error) {
	chosen := choose(a.in, &m.sel, len(m.screen.Items))
	m.screen.Selected = m.sel
	switch {
	case back(a.in), chosen && m.sel == len(m.crafts):
		return m.back, nil
	case chosen:
		h, err := newHangarScene(a, HangarOptions{Craft: m.crafts[m.sel]}, m)
		if err != nil {
			a.sayErrors(fmt.Errorf("hangar: %w", err))
			return m, nil
		}
		return h, nil
	}
	return m, nil
}

func (m *hangarMenuScene) Frame(a *app) *render.Frame {
	f := backdrop(a, sortieOf(m.back))
	f.Screen = &m.screen
	return f
}

func (h *hangarScene) helpGroups() []helpGroup { return hangarHelpGroups }
