package flight

import (
	"errors"
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/physics"
	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// DefaultDt is the fixed physics step: one tick per Ebiten Update at 60 TPS.
const DefaultDt = 1.0 / 60

// The physics step a flight may have (s), wherever it comes from — a
// replay's dt, sim's --dt, the window's --dt. Finer than 1/2000 s only
// makes a flight longer to fly (a day at 1e-9 s is 8.6·10¹³ ticks, and
// at 1e-300 the tick count overflows); coarser than 1/10 s the contacts
// and joints are no longer followed.
const (
	MinDt = 1.0 / 2000
	MaxDt = 0.1
)

// CheckDt refuses a step outside MinDt…MaxDt.
func CheckDt(dt float64) error {
	if !(dt >= MinDt && dt <= MaxDt) {
		return fmt.Errorf("dt %g s: the step must be from 1/2000 s to 1/10 s", dt)
	}
	return nil
}

// Flight is the simulated state of one mission: the physics world, the
// player's craft and the docking target, the controls, the tick count and
// the mission judge. It changes only through Step, so the same commands
// give the same flight bit for bit.
type Flight struct {
	Spec   *craft.Mission
	Judge  *Judge
	World  *physics.World
	Player *Vessel
	Target *Vessel // docking target; nil when the mission has none

	Controls Controls
	// Assisted is set once the autopilot or a landing aid (aids.go) has
	// been engaged, at any moment: such a flight is not hand-flown,
	// whatever its score. Aids says which.
	Assisted bool
	Aids     Aids
	// Notices are what the flight has said to the pilot, oldest first (a
	// mode refused, and why).
	Notices []Notice
	Tick    uint64
	Dt      float64
	// Err is set when the simulation diverged — the physics refused a step
	// or a step panicked (ErrPanic) — and the flight then stops; it names
	// the tick.
	Err error

	Latch  physics.JointID // docking latch, NoJoint when undocked
	Faults Faults          // the mission's failures: which happened (failure.go)
	Firing bool            // a thruster fired in the last tick
	Tel    Telemetry       // what was measured in the last tick

	Ground, Pad physics.BodyID  // static environment bodies, NoBody when absent
	Rocks       []craft.Boulder // the boulder field around the pad (boulders.go)
	firstRock   physics.BodyID  // the first boulder's body; the others follow it
	// Touching[i] is true while part i of the player's craft touches
	// anything outside the craft (from the physics contact events).
	Touching []bool
	player   []bool           // per body: one of the player's
	all      []*Vessel        // the player's craft, then the target
	padPoly  *geom.Polyhedron // the pad's box, centred, for Altitude
	gjk      geom.Collider

	L0, E0 float64       // |L| and E at the start, for the drift readouts
	st     control.State // the player's craft now: measured after each step
	ports  ports         // the docking ports now: measured after each step
	alt    altitude      // the clearance below the craft, measured when first asked each tick
	sas    control.Gains
	last   lastGood // the state before the step being taken (safety.go)
}

// NoJoint is a JointID that names no joint.
const NoJoint physics.JointID = -1

// Options are the ways a flight's physics can differ from the game's.
type Options struct {
	// Timings makes physics time its stages (for the F3 overlay; it reads
	// the clock but changes no state).
	Timings bool
	// Awake keeps the world from sleeping (benchmarks measure both ways).
	Awake bool
}

// New builds the flight of mission m at step dt.
//
// The world sleeps (physics.WorldDef.Sleep, default thresholds: every body
// slower than 1 cm/s and 2°/s for 0.5 s, engines and thrusters off): a
// lander settled on its pad costs nothing until the player fires a
// thruster. Sleeping zeroes velocities that are already below those
// thresholds, so a mission's "settled" and "at rest" judgments read the
// same outcome either way; replays record and re-run with it. In orbit
// nothing sleeps: a craft at rest there does not stay so.
func New(m *craft.Mission, dt float64, o Options) (*Flight, error) {
	if m.Player.Spec == nil {
		return nil, fmt.Errorf("mission %q: player craft %q not loaded", m.Name, m.Player.Craft)
	}
	return newFlightIn(m, dt, physics.NewWorld(worldDef(m, o)))
}

// worldDef is the physics world of mission m.
func worldDef(m *craft.Mission, o Options) physics.WorldDef {
	def := physics.WorldDef{Gravity: m.Gravity, Field: orbitField(m), Timings: o.Timings, Sleep: !o.Awake && m.Orbit == nil}
	if m.Orbit != nil {
		def.FrameRate = m.Orbit.FrameRate() // attitude stays inertial in the turning LVLH frame
	}
	return def
}

// newFlightIn builds the flight of mission m in the empty world w.
func newFlightIn(m *craft.Mission, dt float64, w *physics.World) (*Flight, error) {
	f := &Flight{Spec: m, Judge: NewJudge(m), World: w, Dt: dt, Latch: NoJoint, sas: control.DefaultGains(),
		Ground: physics.NoBody, Pad: physics.NoBody}
	if err := f.addEnvironment(); err != nil {
		return nil, fmt.Errorf("mission %q: %w", m.Name, err)
	}
	var err error
	if f.Player, err = NewVessel(w, m.Player.Spec, m.Player); err != nil {
		return nil, fmt.Errorf("mission %q: %w", m.Name, err)
	}
	if m.Target != nil && m.Target.Spec != nil {
		if f.Target, err = NewVessel(w, m.Target.Spec, *m.Target); err != nil {
			return nil, fmt.Errorf("mission %q: target: %w", m.Name, err)
		}
	}
	f.all = append(f.all, f.Player)
	if f.Target != nil {
		f.all = append(f.all, f.Target)
	}
	f.Touching = make([]bool, len(f.Player.Spec.Parts))
	f.player = make([]bool, w.NumBodies())
	for _, id := range f.Player.Built.Bodies {
		f.player[id] = true
	}
	f.L0 = fmath.Len(w.AngularMomentum())
	f.E0 = w.Energy()
	f.last.init(f)
	f.measure() // the figures at tick 0, for a briefing's HUD
	return f, nil
}

// groundSize is the extent of the ground slab (m): far beyond any mission.
const groundSize = 4000

// addEnvironment adds the mission's ground and pad as static bodies.
func (f *Flight) addEnvironment() error {
	m, w := f.Spec, f.World
	if g := m.Ground; g != nil {
		f.Ground = w.AddBody(physics.BodyDef{Name: "ground", Position: mgl64.Vec3{0, g.Height - 5, 0},
			Shapes: []physics.ShapeDef{{Poly: geom.Box(mgl64.Vec3{groundSize / 2, 5, groundSize / 2}), Friction: g.Friction, Restitution: g.Restitution}}})
		if f.Ground == physics.NoBody {
			return fmt.Errorf("ground: physics refused it")
		}
	}
	if p := m.Pad; p != nil {
		f.padPoly = geom.Box(p.Size.Mul(0.5))
		f.Pad = w.AddBody(physics.BodyDef{Name: "pad", Position: p.Centre(), Orientation: p.Orientation,
			Shapes: []physics.ShapeDef{{Poly: f.padPoly, Friction: p.Friction, Restitution: p.Restitution}}})
		if f.Pad == physics.NoBody {
			return fmt.Errorf("pad: physics refused it")
		}
	}
	return f.addBoulders()
}

// State is the player's craft's motion now (centre of mass, attitude,
// rates), as control sees it.
func (f *Flight) State() control.State { return f.st }

// Time is the simulated time, s.
func (f *Flight) Time() float64 { return float64(f.Tick) * f.Dt }

// runOn is how long a decided mission flies on before it is over (s), so
// the player sees how it comes to rest.
const runOn = 2.0

// Over reports whether the mission was decided runOn or more ago: the game
// then shows the results, and a headless run stops.
func (f *Flight) Over() bool {
	if f.Judge.Outcome == Flying {
		return false
	}
	end := uint64(math.Round(f.Judge.EndTime / f.Dt)) // the tick that decided it
	return f.Tick >= end+uint64(math.Round(runOn/f.Dt))
}

// Step advances the flight by one tick after applying the commands due at
// this tick (commands for other ticks are ignored).
//
// A step that fails ends the flight: f.Err says why, and Step does nothing
// more. When the physics refuses a step (an error from World.Step), it has
// returned the bodies to where they were. When anything in the step
// panics — a bug, in the physics or here — Step recovers (see recoverStep):
// the flight ends with ErrPanic, and the bodies, the tick and the
// measured figures are put back to the last good state, the one before
// the step. That is a safety net that keeps the game and `spaceflight
// sim` up with a report, not a fix for the bug behind the panic.
func (f *Flight) Step(cmds []Command) {
	if f.Err != nil {
		return
	}
	f.last.save(f)
	defer f.recoverStep()
	f.step(cmds)
}

// step is Step's work.
func (f *Flight) step(cmds []Command) {
	w := f.World
	st := f.st // measured after the last step: nothing moved since
	for _, c := range cmds {
		if c.Tick != f.Tick {
			continue
		}
		act := f.Controls.apply(c)
		if !act {
			continue
		}
		switch c.Kind {
		case KindSAS:
			f.cycleSAS(st, 1)
		case KindSASBack:
			f.cycleSAS(st, NumSASModes-1) // one back, modulo NumSASModes
		case KindKillH, KindHoldVS:
			f.switchAid(c.Kind, st)
		case KindGear:
			if err := f.Player.SetGear(w, f.Controls.GearStowed); err != nil {
				f.Err = err
				return
			}
		case KindUndock:
			if f.Latch != NoJoint {
				w.RemoveJoint(f.Latch)
				f.Latch = NoJoint
			}
		}
	}

	f.Aids = f.Aids.with(&f.Controls)
	f.Assisted = f.Aids != 0
	f.Faults.trigger(f)
	cmd := f.command(st)
	fired, err := f.Player.Fire(w, cmd, f.Dt)
	if err == nil {
		err = w.Step(f.Dt)
	}
	if err != nil {
		f.Err = fmt.Errorf("tick %d (t = %.2f s): %w", f.Tick, f.Time(), err)
		return
	}
	f.Faults.breakJoints(f)
	f.Firing = fired
	f.Tick++
	f.measure()
	f.Judge.Update(&f.Tel)
	if f.Judge.Docked && f.Latch == NoJoint {
		f.latch()
	}
}

// command turns the controls — or the autopilot — into a thrust command.
func (f *Flight) command(st control.State) control.Command {
	v := f.Player
	if v.alloc == nil {
		return control.Command{}
	}
	pl := v.Plant(f.World, st)
	c := &f.Controls
	if c.Autopilot {
		if cmd, ok := f.autopilot(st, pl); ok {
			return f.Player.trim(cmd)
		}
	}
	rot, trans := c.stick()
	torque, force := pl.Capacity.Stick(rot, trans)
	main := c.Throttle
	if c.SAS != SASOff {
		v.sas.Mode = f.sasMode()
		v.sas.Gains = control.Gains{}
		switch v.sas.Mode {
		case control.SASPoint:
			v.sas.Axis = v.pointAxis()
			v.sas.Direction = f.sasDirection(st)
		case control.SASAlign:
			// Match port: turn and roll with the target's port, so the
			// pilot only translates; with none, kill rotation.
			if d, ok := f.docking(st); ok {
				rel := d.Relative()
				v.sas.Error, v.sas.Rate = rel.Error, rel.Rate
				v.sas.Gains = f.matchGains(fmath.Len(d.Target.AngularVelocity))
			} else {
				v.sas.Mode = control.SASKillRotation
			}
		}
		torque = control.Override(torque, v.sas.Torque(st, pl))
	}
	force, main = f.landingAids(st, pl, force, main)
	return control.Command{Torque: torque, Force: force, Main: main, Fine: c.Fine}
}

// sasMode is the control law behind the pilot's SAS mode.
func (f *Flight) sasMode() control.SASMode {
	switch f.Controls.SAS {
	case SASOff:
		return control.SASOff
	case SASKill:
		return control.SASKillRotation
	case SASHold:
		return control.SASHold
	case SASMatch:
		return control.SASAlign
	}
	return control.SASPoint
}

// docking returns the player's port and the target's for the craft state
// st; ok is false when there is nothing to dock with: no target or port,
// or the craft already latched.
func (f *Flight) docking(st control.State) (d control.DockSituation, ok bool) {
	if f.Target == nil || f.Latch != NoJoint {
		return d, false
	}
	port, ok := f.Player.PortSituation(f.World, st)
	target, ok2 := f.Target.PortPose(f.World)
	return control.DockSituation{Craft: st, Port: port, Target: target}, ok && ok2
}

// sasDirection is the world direction the pointing SAS modes aim at: the
// velocity (relative to the target when there is one), its opposite, the
// target, or up. Zero when there is nothing to point at (the SAS then
// gives no torque).
func (f *Flight) sasDirection(st control.State) mgl64.Vec3 {
	var rel, toTarget mgl64.Vec3
	rel = st.Velocity
	if f.Target != nil {
		ts := f.Target.State(f.World)
		rel = st.Velocity.Sub(ts.Velocity)
		toTarget = ts.Position.Sub(st.Position)
	}
	const still = 0.01 // m/s: slower than this, velocity has no direction to point at
	switch f.Controls.SAS {
	case SASPrograde:
		if fmath.Len(rel) < still {
			return mgl64.Vec3{}
		}
		return rel
	case SASRetrograde:
		if fmath.Len(rel) < still {
			return mgl64.Vec3{}
		}
		return rel.Mul(-1)
	case SASTarget:
		return toTarget
	case SASUp:
		return f.up()
	}
	return mgl64.Vec3{}
}

// pointAxis is the body axis the pointing SAS modes aim: the main engines'
// thrust axis, or the nose (+z) of a craft without main engines.
func (v *Vessel) pointAxis() mgl64.Vec3 {
	if v.alloc != nil {
		if f, axis := v.alloc.MainThrust(); f > 0 {
			return axis
		}
	}
	return mgl64.Vec3{0, 0, 1}
}

// autopilot flies the mission's program: detumble, docking approach,
// landing, or a demonstration of the lessons. ok is false when the
// mission kind has none.
func (f *Flight) autopilot(st control.State, pl control.Plant) (control.Command, bool) {
	switch f.Spec.Kind {
	case craft.KindFree:
		return f.lessonAutopilot(st, pl)
	case craft.KindTumble:
		return control.Detumble(st, pl, f.sas), true
	case craft.KindDock:
		return f.dockAutopilot(st, pl)
	case craft.KindLand:
		if f.Spec.Pad == nil {
			return control.Command{}, false
		}
		if f.Tel.FeetOnPad > 0 || f.Tel.FeetOffPad > 0 {
			return control.Command{}, true // contact light: engines off, as real landers do
		}
		return control.Land(control.LandSituation{
			Craft: st, Pad: f.Spec.Pad.Position, Gravity: f.Spec.Gravity,
			TouchdownHeight: f.Player.touchdown,
		}, pl, control.DefaultLandParams()), true
	}
	return control.Command{}, false
}

// ports are the docking ports as measured after a step.
type ports struct {
	own      control.Port     // the player's port, from its centre of mass in its craft frame
	ownPose  control.PortPose // … and as a pose in the world
	ownOK    bool             // the player's craft has a port
	target   control.PortPose // the target's port
	targetOK bool             // there is a target with a port
	dock     control.DockSituation
	rel      control.DockRelative
	// dockOK: there is a port to dock with — a target with a port, not
	// latched — and dock and rel are measured.
	dockOK bool
}

// measure fills f.Tel, the state and the ports from the world.
func (f *Flight) measure() {
	w := f.World
	f.st = f.Player.State(w)
	st := f.st
	f.ports = ports{}
	f.ports.own, f.ports.ownOK = f.Player.PortSituation(w, st)
	f.ports.ownPose, _ = f.Player.PortPose(w)
	if f.Target != nil {
		f.ports.target, f.ports.targetOK = f.Target.PortPose(w)
	}
	t := Telemetry{
		Time:     f.Time(),
		Omega:    fmath.Len(st.AngularVelocity),
		FuelLeft: f.Player.FuelLeft(),
		Thrust:   f.Firing,
		Speed:    fmath.Len(st.Velocity),
		SAS:      f.Controls.SAS,
		Fine:     f.Controls.Fine,
		Throttle: f.Player.MainLevel(),
	}
	t.BodyRate[2], t.BodyRate[0], t.BodyRate[1] = f.BodyRates() // roll, pitch, yaw
	t.BodyVelocity = fmath.Rotate(fmath.QuatInverse(st.Orientation), st.Velocity)
	up := mgl64.Vec3{0, 1, 0}
	if g := f.Spec.Gravity; fmath.Len(g) > 0 {
		up = g.Mul(-1 / fmath.Len(g))
	}
	f.contacts(&t)
	t.VerticalSpeed = -fmath.Dot(st.Velocity, up)
	t.HorizontalSpeed = fmath.Len(st.Velocity.Sub(up.Mul(fmath.Dot(st.Velocity, up))))
	t.Tilt = fmath.Acos(min(1, max(-1, fmath.Dot(fmath.Rotate(st.Orientation, mgl64.Vec3{0, 1, 0}), up))))

	if d, ok := f.docking(st); ok {
		rel := d.Relative()
		f.ports.dock, f.ports.rel, f.ports.dockOK = d, rel, true
		radius := f.Target.Spec.Ports[f.Target.Port].CaptureRadius
		t.InCapture = fmath.Len(rel.Pos) <= radius
		t.ClosingSpeed = rel.Closing()
		t.LateralOffset = rel.Lateral()
		t.Misalignment = rel.Misalignment()
		t.RelativeRate = fmath.Len(rel.Rate)
	}
	f.Tel = t
}

// contacts reads the physics contact events of the last step: which parts
// of the player's craft touch the pad, the ground or the target.
func (f *Flight) contacts(t *Telemetry) {
	clear(f.Touching)
	for _, e := range f.World.ContactEvents() {
		if e.Kind == physics.ContactEnd {
			continue
		}
		part, other, ok := f.playerSide(e)
		if !ok {
			continue
		}
		f.Touching[part] = true
		role := f.Player.Spec.Parts[part].Role
		foot := role == craft.RoleFoot
		switch {
		case f.isRock(other):
			t.RockContact = f.Player.Spec.Parts[part].Name
		case other == f.Pad && foot:
			t.FeetOnPad++
		case other == f.Ground && foot:
			t.FeetOffPad++
		case other == f.Pad || other == f.Ground:
			if role != craft.RoleLeg { // a leg brushing the pad is not a crash
				t.HullContact = true
				t.ContactPart = f.Player.Spec.Parts[part].Name
			}
		case f.Target != nil && f.Latch == NoJoint:
			t.OtherContact = true
		}
	}
}

// Altitude is the clearance below the player's craft (m): the GJK distance
// from its nearest part to the pad, or the height of its lowest point above
// the ground plane, whichever is less; +Inf with neither. Negative never:
// touching is 0.
//
// It is measured at most once per tick, when first asked for (by a
// failure that waits for an altitude, the HUD, sim's telemetry): at every
// tick it would cost a landing several times its physics step.
func (f *Flight) Altitude() float64 {
	if a := &f.alt; !a.ok || a.tick != f.Tick {
		a.m, a.tick, a.ok = f.measureAltitude(), f.Tick, true
	}
	return f.alt.m
}

// altitude is Altitude's measurement and the tick it was made at.
type altitude struct {
	m    float64
	tick uint64
	ok   bool
}

// measureAltitude works out Altitude.
func (f *Flight) measureAltitude() float64 {
	alt := math.Inf(1)
	if g := f.Spec.Ground; g != nil {
		alt = f.Player.lowestPoint(f) - g.Height
	}
	if p := f.Spec.Pad; p != nil {
		padXf := geom.Transform{Pos: p.Centre(), Rot: p.Orientation}
		vs := f.Player
		for i, shapes := range vs.Built.Shapes {
			b := f.World.Body(vs.Built.Bodies[i])
			xf := geom.Transform{Pos: b.Position(), Rot: b.Orientation()}
			for _, poly := range shapes {
				alt = min(alt, f.gjk.Distance(poly, xf, f.padPoly, padXf).Distance)
			}
		}
	}
	return max(alt, 0)
}

// Docking returns the ports as measured after the last tick: the player's
// port and the target's, and where the one is relative to the other; ok
// is false when there is nothing to dock with (no target or port, or the
// craft latched).
func (f *Flight) Docking() (d control.DockSituation, rel control.DockRelative, ok bool) {
	p := &f.ports
	return p.dock, p.rel, p.dockOK && f.Latch == NoJoint // latched since: after the capture tick
}

// TargetPort returns the target's docking port as measured after the last
// tick; ok is false without a target or a port.
func (f *Flight) TargetPort() (control.PortPose, bool) { return f.ports.target, f.ports.targetOK }

// PlayerPort returns the player's docking port as measured after the last
// tick (from the centre of mass, in the craft frame); ok is false for a
// craft without one.
func (f *Flight) PlayerPort() (control.Port, bool) { return f.ports.own, f.ports.ownOK }

// PlayerPortPose returns the player's docking port as measured after the
// last tick, as a pose in the world; ok is false for a craft without one.
func (f *Flight) PlayerPortPose() (control.PortPose, bool) { return f.ports.ownPose, f.ports.ownOK }

// isPlayer reports whether body id belongs to the player's craft.
func (f *Flight) isPlayer(id physics.BodyID) bool {
	return id >= 0 && int(id) < len(f.player) && f.player[id]
}

// playerSide returns, for a contact between the player's craft and
// something else, the player's part (from the shape's tag) and the other
// body; ok is false for any other contact.
func (f *Flight) playerSide(e physics.ContactEvent) (part int32, other physics.BodyID, ok bool) {
	a, b := f.isPlayer(e.BodyA), f.isPlayer(e.BodyB)
	switch {
	case a && !b:
		return e.TagA, e.BodyB, true
	case b && !a:
		return e.TagB, e.BodyA, true
	}
	return -1, physics.NoBody, false
}

// latch joins the docked ports with a fixed joint: from now on the two
// craft move as one body system.
func (f *Flight) latch() {
	a := f.Player.Built.Ports[f.Player.Port]
	b := f.Target.Built.Ports[f.Target.Port]
	anchor := f.World.Body(a.Body).WorldPoint(a.Point)
	id, err := f.World.AddFixed(physics.FixedDef{A: a.Body, B: b.Body, Anchor: anchor})
	if err != nil {
		f.Err = errors.Join(f.Err, fmt.Errorf("docking latch: %w", err))
		return
	}
	f.Latch = id
}

// BodyRates returns the craft's angular velocity in its own frame as
// roll (+ right), pitch (+ nose up) and yaw (+ right), rad/s.
func (f *Flight) BodyRates() (roll, pitch, yaw float64) {
	st := f.st
	wb := fmath.Rotate(fmath.QuatInverse(st.Orientation), st.AngularVelocity)
	return wb[2], -wb[0], -wb[1]
}

// Vessels returns the player's craft and the target, if any.
func (f *Flight) Vessels() []*Vessel { return f.all }

// FootContact reports whether a contact is between one of the player's
// feet and something else.
func (f *Flight) FootContact(e physics.ContactEvent) bool {
	part, _, ok := f.playerSide(e)
	return ok && f.Player.Spec.Parts[part].Role == craft.RoleFoot
}
