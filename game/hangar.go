package game

import (
	"fmt"
	"image/color"
	"io/fs"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/hangar"
	"spaceflight/game/view"
	"spaceflight/physics"
	"spaceflight/physics/geom"
	"spaceflight/render"
)

// The hangar: a craft on a test stand, under the lit scene, with its
// figures, warnings and switchable overlays, for modders. A Hangar is a
// scene: Update(HangarInput) once per tick, Frame() to draw; RunHangar
// hosts it in a window of its own (`spaceflight hangar CRAFT`), and the
// game shell can host it the same way.
//
// The stand is a column under the craft's centre of mass; the craft is
// held by a fixed joint from its hull to the world at the wet centre of
// mass, in the chosen gravity. What the joint holds is what the craft does
// to the stand: the reaction force and torque shown. Released, the stand
// lets go and drops out of the way (the column is only drawn, and not
// while the craft is free): the craft flies free for releaseTime — or
// falls to the floor on its feet — and is then put back. The stand's craft is a Flight of kind "free" on a ground plane,
// flown through the same Vessel, allocator and physics as a mission.
//
// Decisions where the issue is silent: firing a whole group ("rcs") sets
// every RCS thruster to full thrust directly, without the allocator and
// without burning propellant (a test stand is fed from outside); commands
// (pitch, translate, main) go through the allocator and burn propellant as
// in flight, and the stand is refuelled whenever the craft is put back.

// Stand geometry and timing.
const (
	standClearance = 1.2 // m: the craft's lowest point above the floor
	standGap       = 0.02
	standWidth     = 0.3 // m: the column's side
	releaseTime    = 5.0 // s a released craft flies before it is put back
	pollTicks      = 60  // ticks between looks at the craft's file (1 s at 60 Hz)
)

// Overlays, each switched by its number key.
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

var overlayNames = [NumOverlays]string{"COM", "inertia", "thrusters", "joints", "ports", "feet", "tanks"}

// standFire is one thing the stand can fire: controls as a pilot would set
// them, or a whole thruster group at full thrust.
type standFire struct {
	name  string
	ctl   flight.Controls
	group string // craft.GroupRCS: every RCS thruster at once
}

// standFires are the stand's choices, in the order F cycles them.
var standFires = [...]standFire{
	{name: "main", ctl: flight.Controls{Throttle: 1}},
	{name: "rcs", group: craft.GroupRCS},
	{name: "pitch-up", ctl: flight.Controls{Pitch: 1}}, {name: "pitch-down", ctl: flight.Controls{Pitch: -1}},
	{name: "yaw-left", ctl: flight.Controls{Yaw: -1}}, {name: "yaw-right", ctl: flight.Controls{Yaw: 1}},
	{name: "roll-left", ctl: flight.Controls{Roll: -1}}, {name: "roll-right", ctl: flight.Controls{Roll: 1}},
	{name: "left", ctl: flight.Controls{Translate: [3]float64{1, 0, 0}}}, {name: "right", ctl: flight.Controls{Translate: [3]float64{-1, 0, 0}}},
	{name: "up", ctl: flight.Controls{Translate: [3]float64{0, 1, 0}}}, {name: "down", ctl: flight.Controls{Translate: [3]float64{0, -1, 0}}},
	{name: "forward", ctl: flight.Controls{Translate: [3]float64{0, 0, 1}}}, {name: "back", ctl: flight.Controls{Translate: [3]float64{0, 0, -1}}},
}

// FireNames lists what the stand can fire (--fire).
func FireNames() []string {
	out := make([]string, len(standFires))
	for i, f := range standFires {
		out[i] = f.name
	}
	return out
}

// HangarOptions are the settings the hangar starts with.
type HangarOptions struct {
	Craft   string  // library name or .toml path
	Shipped fs.FS   // the game's own crafts/ (main passes the embedded data)
	DataDir string  // user folder; "" = craft.UserDir()
	Dt      float64 // physics step (s)
	Gravity string  // "moon" (default), "earth" or "none"
	Fire    string  // start firing this (FireNames); "" = nothing
	Release bool    // start released
	// Hide lists overlays to start with off (by name: "COM", "inertia", …).
	Hide []string
}

// HangarInput is one tick's input to the hangar, as plain values (the
// window turns keys into it).
type HangarInput struct {
	Toggle   [NumOverlays]bool // switch an overlay
	Gravity  bool              // next gravity
	NextFire bool              // next thing to fire
	PrevFire bool              // previous thing to fire
	Fire     bool              // start or stop firing
	Release  bool              // release the craft, or put it back
	Camera   render.CameraInput
}

// Hangar is the hangar scene.
type Hangar struct {
	Quality render.Quality // how Frame's scene is drawn

	opts  HangarOptions
	lib   *craft.Library
	watch *craft.Watcher[*craft.Craft]

	spec     *craft.Craft // on the stand: the last version that loaded
	text     string       // its file's text
	figures  *hangar.Figures
	warnings []craft.Warning
	errs     []string // the newest version's errors when it did not load
	messages []string // what happened (reloads)

	flight   *flight.Flight
	view     *view.View
	camera   *render.Camera
	stand    physics.JointID
	anchor   mgl64.Vec3 // where the stand holds the craft (world, m)
	column   *render.Mesh
	columnAt mgl64.Vec3 // the column's top centre (world)
	released bool
	freeTick uint64 // the flight tick of the release

	show    [NumOverlays]bool
	gravity int // index into hangar.Gravities
	fire    int // index into standFires
	firing  bool
	force   mgl64.Vec3 // on the stand in the last tick (N, world)
	torque  mgl64.Vec3 // on the stand about the anchor (N·m, world)
	ticks   uint64

	overlay render.Overlay
	panel   render.Panel
}

// NewHangar loads the craft and puts it on the stand. A craft that does not
// load is an error (there is nothing to show yet).
func NewHangar(opts HangarOptions) (*Hangar, error) {
	h := &Hangar{opts: opts, lib: craft.DefaultLibrary(opts.Shipped, opts.DataDir)}
	for i := range h.show {
		h.show[i] = true
	}
	for _, n := range opts.Hide {
		i := indexOf(overlayNames[:], n)
		if i < 0 {
			return nil, fmt.Errorf("--hide %q: want one of %s", n, strings.Join(overlayNames[:], ", "))
		}
		h.show[i] = false
	}
	if opts.Gravity != "" {
		h.gravity = -1
		for i, g := range hangar.Gravities() {
			if g.Name == opts.Gravity {
				h.gravity = i
			}
		}
		if h.gravity < 0 {
			return nil, fmt.Errorf("--gravity %q: want moon, earth or none", opts.Gravity)
		}
	}
	if opts.Fire != "" {
		h.fire = indexOf(FireNames(), opts.Fire)
		if h.fire < 0 {
			return nil, fmt.Errorf("--fire %q: want one of %s", opts.Fire, strings.Join(FireNames(), ", "))
		}
		h.firing = true
	}
	w, err := h.lib.WatchCraft(opts.Craft)
	if err != nil {
		return nil, fmt.Errorf("craft %q:\n%w", opts.Craft, err)
	}
	h.watch = w
	if err := h.load(); err != nil {
		return nil, err
	}
	h.camera = render.NewCamera()
	h.camera.SetOrbit(0.7, 0.3)
	h.camera.Update(opts.Dt, h.cameraTarget(), render.CameraInput{Zoom: -2}) // a little further out than the flight's 3 radii
	if opts.Release {
		h.release()
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

// load takes the watcher's good craft: its figures, warnings, and a fresh
// stand.
func (h *Hangar) load() error {
	c := h.watch.Value
	f, err := hangar.Compute(c)
	if err != nil {
		return err
	}
	h.spec, h.figures = c, f
	h.text = string(h.watch.Files()[c.File])
	h.warnings = hangar.AllWarnings(c, f, h.text)
	return h.mount()
}

// mount builds the stand's world with the craft clamped on it.
func (h *Hangar) mount() error {
	c := h.spec
	g := hangar.Gravities()[h.gravity]
	low := math.Inf(1)
	for _, p := range c.Parts {
		for _, s := range p.Shapes {
			if s.Poly == nil {
				continue
			}
			for _, x := range s.Poly.Verts {
				low = min(low, p.Position.Add(p.Orientation.Rotate(x))[1])
			}
		}
	}
	if math.IsInf(low, 1) {
		low = 0
	}
	origin := mgl64.Vec3{0, standClearance - low, 0}
	m, err := craft.ParseMission("hangar", []byte(fmt.Sprintf(`format = 1
name = "Hangar"
kind = "free"
[environment]
gravity = [0, %g, 0]
[environment.ground]
height = 0
[player]
craft = "stand"
position = [0, %g, 0]
`, -g.G, origin[1])))
	if err != nil {
		return err
	}
	m.Player.Spec = c
	m.Player.Craft = h.opts.Craft
	fl, err := flight.New(m, h.opts.Dt, flight.Options{Awake: true})
	if err != nil {
		return err
	}
	v, err := view.New(fl)
	if err != nil {
		return err
	}
	v.SetObjective("Hangar: " + c.Name)
	vs := fl.Player
	h.anchor = origin.Add(h.figures.COMWet)
	// The column: from the floor up to the craft's underside below the
	// centre of mass, less the gap.
	top := h.anchor[1] - 0.5
	from := mgl64.Vec3{h.anchor[0], 0, h.anchor[2]}
	for i, shapes := range vs.Built.Shapes {
		b := fl.World.Body(vs.Built.Bodies[i])
		xf := geom.Transform{Pos: b.Position(), Rot: b.Orientation()}
		for _, p := range shapes {
			if hit, ok := geom.RayCast(p, xf, from, mgl64.Vec3{0, 1, 0}, h.anchor[1]); ok {
				top = min(top, hit.Point[1])
			}
		}
	}
	top = max(top-standGap, 0.1)
	h.columnAt = mgl64.Vec3{h.anchor[0], top, h.anchor[2]}
	box := geom.Box(mgl64.Vec3{standWidth / 2, top / 2, standWidth / 2})
	h.column = &render.Mesh{}
	if err := h.column.AddConvexFinish(box.Verts, view.FaceLoops(box), color.RGBA{96, 100, 110, 255}, render.FinishMetal, mgl64.Vec3{0, -top / 2, 0}, mgl64.QuatIdent()); err != nil {
		return err
	}
	h.stand, err = fl.World.AddFixed(physics.FixedDef{A: vs.Built.Bodies[vs.Hull], B: physics.NoBody, Anchor: h.anchor})
	if err != nil {
		return err
	}
	h.flight, h.view, h.released = fl, v, false
	h.force, h.torque = mgl64.Vec3{}, mgl64.Vec3{}
	return nil
}

// release lets the craft go, or puts a released one back on the stand.
func (h *Hangar) release() {
	if h.released {
		if err := h.mount(); err != nil {
			h.say(err.Error())
		}
		return
	}
	if err := h.flight.World.RemoveJoint(h.stand); err == nil {
		h.released, h.freeTick = true, h.flight.Tick
		h.force, h.torque = mgl64.Vec3{}, mgl64.Vec3{}
	}
}

func (h *Hangar) say(s string) {
	h.messages = append(h.messages, s)
	if len(h.messages) > 3 {
		h.messages = h.messages[len(h.messages)-3:]
	}
}

// Update runs one tick: input, the file watch, then one physics step.
func (h *Hangar) Update(in HangarInput) {
	h.ticks++
	for i, t := range in.Toggle {
		if t {
			h.show[i] = !h.show[i]
		}
	}
	if in.Gravity {
		h.gravity = (h.gravity + 1) % len(hangar.Gravities())
		if err := h.mount(); err != nil {
			h.say(err.Error())
		}
	}
	n := len(standFires)
	if in.NextFire {
		h.fire = (h.fire + 1) % n
	}
	if in.PrevFire {
		h.fire = (h.fire + n - 1) % n
	}
	if in.Fire {
		h.firing = !h.firing
	}
	if in.Release {
		h.release()
	}
	if h.ticks%pollTicks == 0 {
		h.poll()
	}
	f := h.flight
	if h.released && float64(f.Tick-h.freeTick)*f.Dt >= releaseTime {
		h.release() // back on the stand
		f = h.flight
	}
	fire := standFires[h.fire]
	f.Controls = flight.Controls{}
	if h.firing {
		f.Controls = fire.ctl
	}
	vs := f.Player
	if h.firing && fire.group != "" {
		for i, t := range vs.Spec.Thrusters {
			if t.Group == fire.group {
				bt := &vs.Built.Thrusters[i]
				if err := f.World.ApplyForceLocal(bt.Body, bt.Direction.Mul(t.MaxThrust), bt.Point); err != nil {
					f.Err = err
				}
			}
		}
	}
	f.Step(nil)
	if h.firing && fire.group != "" {
		for i, t := range vs.Spec.Thrusters {
			if t.Group == fire.group {
				vs.Level[i] = 1
			}
		}
	}
	if !h.released {
		lin, ang := f.World.Joint(h.stand).Impulse()
		h.force, h.torque = lin.Mul(-1/f.Dt), ang.Mul(-1/f.Dt)
	}
	h.camera.Update(f.Dt, h.cameraTarget(), in.Camera)
}

// cameraTarget is the craft as the orbit camera circles it.
func (h *Hangar) cameraTarget() render.CameraTarget {
	st := h.flight.State()
	return render.CameraTarget{Pos: st.Position, Orient: st.Orientation, Radius: max(h.figures.RadiusM, 0.5), HasGround: true}
}

// poll reloads the craft when its file changed: a good version goes on the
// stand; a broken one shows its errors and the last good craft stays.
func (h *Hangar) poll() {
	if !h.watch.Changed() {
		return
	}
	if !h.watch.Reload() {
		h.errs = h.errs[:0]
		for _, e := range craft.Errors(h.watch.Err) {
			h.errs = append(h.errs, e.Error())
		}
		if len(h.errs) == 0 && h.watch.Err != nil {
			h.errs = append(h.errs, h.watch.Err.Error())
		}
		return
	}
	h.errs = nil
	if err := h.load(); err != nil {
		h.errs = []string{err.Error()}
		return
	}
	h.say("Reloaded " + craft.Printable(h.spec.File))
}

// StandReaction returns the force (N) and torque about the clamp point
// (N·m) the craft put on the stand in the last tick, world frame (the
// craft frame while clamped), and false once it is released.
func (h *Hangar) StandReaction() (force, torque mgl64.Vec3, held bool) {
	return h.force, h.torque, !h.released
}
