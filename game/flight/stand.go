package flight

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/hangar"
	"spaceflight/physics"
	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// The hangar's test stand: a craft held in the chosen gravity by a fixed
// joint from its hull to the world at the wet centre of mass, on a column
// under it. What the joint holds is what the craft does to the stand: the
// reaction force and torque. Released, the stand lets go and the column
// drops out of the way (it is only drawn, and not while the craft is
// free): the craft flies free for ReleaseTime — or falls to the floor on
// its feet — and is then put back. The stand's craft is a Flight of kind
// "free" on a ground plane, flown through the same Vessel, allocator and
// physics as a mission; a step that fails stops it as it stops a flight
// (Flight.Err), and putting the craft back (Release) mounts it afresh.
//
// Decisions where the issue was silent: firing a whole group ("rcs") sets
// every RCS thruster to full thrust directly, without the allocator and
// without burning propellant (a test stand is fed from outside); commands
// (pitch, translate, main) go through the allocator and burn propellant as
// in flight, and the stand is refuelled whenever the craft is put back.

// Stand geometry and timing.
const (
	standClearance = 1.2  // m: the craft's lowest point above the floor
	standGap       = 0.02 // m between the column's top and the craft
	// StandWidth is the column's side (m).
	StandWidth = 0.3
	// ReleaseTime is how long a released craft flies before it is put
	// back (s).
	ReleaseTime = 5.0
)

// standFire is one thing the stand can fire: controls as a pilot would set
// them, or a whole thruster group at full thrust.
type standFire struct {
	name  string
	ctl   Controls
	group string // craft.GroupRCS: every RCS thruster at once
}

// standFires are the stand's choices, in the order they cycle.
var standFires = [...]standFire{
	{name: "main", ctl: Controls{Throttle: 1}},
	{name: "rcs", group: craft.GroupRCS},
	{name: "pitch-up", ctl: Controls{Pitch: 1}}, {name: "pitch-down", ctl: Controls{Pitch: -1}},
	{name: "yaw-left", ctl: Controls{Yaw: -1}}, {name: "yaw-right", ctl: Controls{Yaw: 1}},
	{name: "roll-left", ctl: Controls{Roll: -1}}, {name: "roll-right", ctl: Controls{Roll: 1}},
	{name: "left", ctl: Controls{Translate: [3]float64{1, 0, 0}}}, {name: "right", ctl: Controls{Translate: [3]float64{-1, 0, 0}}},
	{name: "up", ctl: Controls{Translate: [3]float64{0, 1, 0}}}, {name: "down", ctl: Controls{Translate: [3]float64{0, -1, 0}}},
	{name: "forward", ctl: Controls{Translate: [3]float64{0, 0, 1}}}, {name: "back", ctl: Controls{Translate: [3]float64{0, 0, -1}}},
}

// FireNames lists what the stand can fire, in the order NextFire cycles.
func FireNames() []string {
	out := make([]string, len(standFires))
	for i, f := range standFires {
		out[i] = f.name
	}
	return out
}

// Stand is a craft on the test stand.
type Stand struct {
	Craft   *craft.Craft
	Figures *hangar.Figures // the craft's figures, for the stand's anchor and the panel
	Flight  *Flight         // the stand's world; a new one each time the craft is mounted
	Gravity int             // index into hangar.Gravities
	Fire    int             // index into FireNames
	Firing  bool
	// Released: the craft flies free; it is put back ReleaseTime after
	// the release.
	Released bool
	// ColumnTop is the top centre of the column the craft stands on
	// (world, m): the column goes from the floor up to it.
	ColumnTop mgl64.Vec3

	ref           string // the craft as named
	dt            float64
	joint         physics.JointID
	anchor        mgl64.Vec3 // where the stand holds the craft (world, m)
	ticks         uint64     // steps since the stand was set up
	freeTick      uint64     // ticks at the release
	force, torque mgl64.Vec3
}

// NewStand mounts craft c (named ref, with figures fig) on a stand in
// gravity hangar.Gravities()[gravity], stepped at dt.
func NewStand(c *craft.Craft, ref string, fig *hangar.Figures, gravity int, dt float64) (*Stand, error) {
	if gravity < 0 || gravity >= len(hangar.Gravities()) {
		return nil, fmt.Errorf("stand: no gravity %d", gravity)
	}
	s := &Stand{Craft: c, Figures: fig, Gravity: gravity, ref: ref, dt: dt}
	return s, s.mount()
}

// mount builds the stand's world with the craft clamped on it.
func (s *Stand) mount() error {
	c := s.Craft
	g := hangar.Gravities()[s.Gravity]
	low := math.Inf(1)
	for _, p := range c.Parts {
		for _, sh := range p.Shapes {
			if sh.Poly == nil {
				continue
			}
			for _, x := range sh.Poly.Verts {
				low = min(low, p.Position.Add(fmath.Rotate(p.Orientation, x))[1])
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
	m.Player.Craft = s.ref
	fl, err := New(m, s.dt, Options{Awake: true})
	if err != nil {
		return err
	}
	vs := fl.Player
	anchor := origin.Add(s.Figures.COMWet)
	// The column: from the floor up to the craft's underside below the
	// centre of mass, less the gap.
	top := anchor[1] - 0.5
	from := mgl64.Vec3{anchor[0], 0, anchor[2]}
	for i, shapes := range vs.Built.Shapes {
		b := fl.World.Body(vs.Built.Bodies[i])
		xf := geom.Transform{Pos: b.Position(), Rot: b.Orientation()}
		for _, p := range shapes {
			if hit, ok := geom.RayCast(p, xf, from, mgl64.Vec3{0, 1, 0}, anchor[1]); ok {
				top = min(top, hit.Point[1])
			}
		}
	}
	top = max(top-standGap, 0.1)
	joint, err := fl.World.AddFixed(physics.FixedDef{A: vs.Built.Bodies[vs.Hull], B: physics.NoBody, Anchor: anchor})
	if err != nil {
		return err
	}
	s.Flight, s.joint, s.anchor, s.Released = fl, joint, anchor, false
	s.ColumnTop = mgl64.Vec3{anchor[0], top, anchor[2]}
	s.force, s.torque = mgl64.Vec3{}, mgl64.Vec3{}
	return nil
}

// Release lets the craft go, or puts a released one back on the stand. A
// stand whose physics stopped (Flight.Err) is mounted afresh.
func (s *Stand) Release() error {
	if s.Released || s.Flight.Err != nil {
		return s.mount()
	}
	if err := s.Flight.World.RemoveJoint(s.joint); err != nil {
		return err
	}
	s.Released, s.freeTick = true, s.ticks
	s.force, s.torque = mgl64.Vec3{}, mgl64.Vec3{}
	return nil
}

// NextGravity mounts the craft afresh in the next of hangar.Gravities.
func (s *Stand) NextGravity() error {
	s.Gravity = (s.Gravity + 1) % len(hangar.Gravities())
	return s.mount()
}

// NextFire chooses the next thing to fire (by FireNames' order); by −1,
// the one before.
func (s *Stand) NextFire(by int) {
	n := len(standFires)
	s.Fire = ((s.Fire+by)%n + n) % n
}

// FireName names what the stand fires.
func (s *Stand) FireName() string { return standFires[s.Fire].name }

// Remount puts craft c (with figures fig), a new version of the one on the
// stand, on a fresh stand.
func (s *Stand) Remount(c *craft.Craft, fig *hangar.Figures) error {
	s.Craft, s.Figures = c, fig
	return s.mount()
}

// FreeLeft is how long a released craft still flies before it is put
// back (s).
func (s *Stand) FreeLeft() float64 {
	return max(ReleaseTime-float64(float64(s.ticks-s.freeTick)*s.dt), 0)
}

// Step runs one tick: a released craft whose time is up goes back on the
// stand; the stand fires what it fires; the physics steps; the stand's
// reaction is read.
func (s *Stand) Step() {
	if s.Released && float64(s.ticks-s.freeTick)*s.dt >= ReleaseTime {
		if err := s.mount(); err != nil { // back on the stand
			s.Flight.Err = err
		}
	}
	s.ticks++
	f := s.Flight
	if f.Err != nil {
		return // stopped: Release mounts it afresh
	}
	fire := standFires[s.Fire]
	f.Controls = Controls{}
	if s.Firing {
		f.Controls = fire.ctl
	}
	vs := f.Player
	group := s.Firing && fire.group != ""
	if group {
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
	if f.Err != nil {
		return
	}
	if group {
		for i, t := range vs.Spec.Thrusters {
			if t.Group == fire.group {
				vs.Level[i] = 1
			}
		}
	}
	if !s.Released {
		lin, ang := f.World.Joint(s.joint).Impulse()
		s.force, s.torque = lin.Mul(-1/f.Dt), ang.Mul(-1/f.Dt)
	}
}

// Reaction returns the force (N) and torque about the clamp point (N·m)
// the craft put on the stand in the last tick, world frame (the craft
// frame while clamped), and false once it is released.
func (s *Stand) Reaction() (force, torque mgl64.Vec3, held bool) {
	return s.force, s.torque, !s.Released
}
