package view

import (
	"fmt"
	"hash/fnv"
	"image/color"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/game/flight"
	"spaceflight/physics"
	"spaceflight/physics/geom"
	"spaceflight/render"
)

// tumbleRate is the |ω| above which the HUD warns TUMBLING (rad/s).
const tumbleRate = 15 * math.Pi / 180

// plumeScale turns √(max thrust / N) into a plume's length at full thrust (m).
const plumeScale = 0.07

// The light besides the sun: on the ground the regolith around scatters
// some; in orbit the Earth below shines faintly blue.
const (
	groundAmbient = 0.22
	spaceAmbient  = 0.25
	earthshine    = 0.3
)

// view turns a Flight into render frames. It holds the meshes (built once
// per flight) and reuses its slices, so Draw allocates little.
type View struct {
	// NavSwap shows the navball in the other of its two frames (B): the
	// local one (surface, inertial; LVLH in orbit) when it would show the
	// target's, and the target's when it would show LVLH.
	NavSwap bool
	parts   []*render.Mesh // player parts, then target parts
	pad     *render.Mesh
	rocks   []*render.Mesh // the boulders, as Flight.Rocks
	// port is the player's docking port, target the target's with its
	// alignment target; nil without one.
	port, target *render.Mesh
	bodies       []render.Body
	plumes       []render.Plume
	frame        render.Frame
	feet         []bool
	marks        [1]render.Mark   // the predicted landing point
	markers      [1]render.Marker // the goal
	seed         uint64           // the surface's pattern, from the mission's name
	// quality is how the scene is drawn (settings.toml, --quality).
	Quality render.Quality
	ground  render.Ground
	cleared [1][3]float64 // the boulder field, where the renderer strews no rocks of its own

	objective string   // the HUD's goal line: the thresholds do not change in flight
	messages  []string // the HUD's message lines: the failures so far
	status    render.Status
	attitude  render.Attitude
	landing   render.Landing
	docking   render.Docking
	portMove  render.PortMotion // the docking panel's tumbling port
	ahead     portAhead         // the tumbling port's last look-ahead
	aids      [2]render.Aid     // the modes panel's landing aids
	holdText  textCache         // HOLD V/S's speed, as shown
	goalText  textCache         // the goal line while it counts
	debug     render.Debug
	trend     trend // the landing figures a moment ago, for their trends
	orbit     orbitView
}

// trend remembers the landing figures at an earlier tick, to show whether
// each grows or shrinks.
type trend struct {
	tick uint64
	v    [3]float64 // |vertical speed|, horizontal speed, tilt
	dir  [3]int8
}

// update takes the figures at tick and returns each one's trend over the
// last quarter second (display only: it reads the flight, changes nothing
// of it).
func (t *trend) update(tick uint64, dt float64, v [3]float64) [3]int8 {
	if tick < t.tick {
		*t = trend{}
	}
	if span := float64(tick-t.tick) * dt; span >= 0.25 {
		tol := [3]float64{0.02, 0.02, 0.2 / 180 * math.Pi} // per quarter second: below this, steady
		for i := range v {
			d := (v[i] - t.v[i]) * 0.25 / span
			t.dir[i] = 0
			if d > tol[i] {
				t.dir[i] = 1
			} else if d < -tol[i] {
				t.dir[i] = -1
			}
		}
		t.tick, t.v = tick, v
	}
	return t.dir
}

// FaceLoops are a polyhedron's faces as the renderer's vertex loops.
func FaceLoops(p *geom.Polyhedron) [][]int32 {
	loops := make([][]int32, len(p.Faces))
	for k, fc := range p.Faces {
		loops[k] = fc.Verts
	}
	return loops
}

// newView builds the meshes of a flight's craft and pad.
func New(f *flight.Flight) (*View, error) {
	v := &View{objective: Objective(f.Spec), seed: surfaceSeed(f.Spec.Name)}
	for _, vs := range f.Vessels() {
		for i, p := range vs.Spec.Parts {
			m := &render.Mesh{}
			at := vs.Built.PartFrame[i] // part frame → body frame
			for _, group := range [2][]craft.Shape{p.Shapes, p.Visuals} {
				for _, sh := range group {
					if sh.Poly == nil {
						continue
					}
					if err := m.AddConvexFinish(sh.Poly.Verts, FaceLoops(sh.Poly), sh.Colour, finishOf(sh.Finish), at.Pos, at.Rot); err != nil {
						return nil, fmt.Errorf("craft %q, part %q: %w", vs.Spec.Name, p.Name, err)
					}
				}
			}
			v.parts = append(v.parts, m)
		}
	}
	var err error
	if f.Player.Port >= 0 {
		if v.port, err = render.PortMesh(false); err != nil {
			return nil, err
		}
	}
	if f.Target != nil && f.Target.Port >= 0 {
		if v.target, err = render.PortMesh(true); err != nil {
			return nil, err
		}
	}
	if pad := f.Spec.Pad; pad != nil {
		m, err := render.PadMesh(pad.Size, color.RGBA{205, 205, 210, 255})
		if err != nil {
			return nil, err
		}
		v.pad = m
	}
	if v.rocks, err = rockMeshes(f); err != nil {
		return nil, err
	}
	return v, nil
}

// surfaceSeed picks a mission's surface pattern (craters and rocks) from its
// name: each mission has its own, the same every time it is flown.
func surfaceSeed(name string) uint64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return h.Sum64()
}

// finishOf maps a craft file's finish to the renderer's.
func finishOf(f string) render.Finish {
	switch f {
	case craft.FinishMetal:
		return render.FinishMetal
	case craft.FinishFoil:
		return render.FinishFoil
	case craft.FinishSolar:
		return render.FinishSolar
	case craft.FinishLight:
		return render.FinishLight
	}
	return render.FinishPaint
}

// cameraTarget tells the camera where the craft and its port are.
func CameraTarget(f *flight.Flight) render.CameraTarget {
	st := f.State()
	t := render.CameraTarget{Pos: st.Position, Orient: st.Orientation, Radius: f.Player.Radius()}
	t.Docked = f.Latch != flight.NoJoint
	if port, ok := f.PlayerPort(); ok {
		t.PortPos = st.Position.Add(st.Orientation.Rotate(port.Pos))
		t.PortAxis = st.Orientation.Rotate(port.Axis)
		t.PortUp = st.Orientation.Rotate(port.Up)
		t.Nose = port.Axis
	}
	if g := f.Spec.Ground; g != nil {
		t.HasGround, t.GroundY = true, g.Height
	}
	switch {
	case f.Spec.Kind == craft.KindLand && f.Spec.Pad != nil:
		// Near the pad the plain chase view shows the craft, the ground
		// and the horizon together. The touchdown ring is kept in view too.
		t.Goal, t.HasGoal, t.GoalNear = f.Spec.Pad.Position, true, 4*f.Player.Radius()
		if at, ok := landingPoint(f.Spec, st, f.Altitude()); ok {
			t.Keep = []render.Sphere{{Centre: at, Radius: touchdownRing}}
		}
	case f.Target != nil && f.Latch == flight.NoJoint:
		if target, ok := f.TargetPort(); ok {
			t.Goal, t.HasGoal = target.Position, true
		}
	}
	return t
}

// newCamera returns the camera a mission starts with: the orbit camera,
// fixed in the world, for a tumble (a chase camera turning with the craft
// would hide it); the chase camera otherwise.
func NewCamera(m *craft.Mission) *render.Camera {
	c := render.NewCamera()
	if m.Kind == craft.KindTumble {
		c.SetOrbit(2.5, 0.35)
	}
	return c
}

// build fills and returns the frame for the flight's current state.
//
// warp is the time warp set (ticks per frame), achieved what the machine
// keeps up with (sim seconds per real second).
func (v *View) Build(f *flight.Flight, cam *render.Camera, warp int, achieved float64, camName string) *render.Frame {
	w := f.World
	v.bodies = v.bodies[:0]
	k := 0
	for _, vs := range f.Vessels() {
		for i := range vs.Spec.Parts {
			b := w.Body(vs.Built.Bodies[i])
			v.bodies = append(v.bodies, render.Body{Mesh: v.parts[k], Pos: b.Position(), Orient: b.Orientation(), Shadow: true})
			k++
		}
	}
	if pose, ok := f.PlayerPortPose(); ok && v.port != nil {
		v.bodies = append(v.bodies, render.Body{Mesh: v.port, Pos: pose.Position, Orient: pose.Orientation, Shadow: true})
	}
	if pose, ok := f.TargetPort(); ok && v.target != nil {
		v.bodies = append(v.bodies, render.Body{Mesh: v.target, Pos: pose.Position, Orient: pose.Orientation, Shadow: true})
	}
	if v.pad != nil {
		p := f.Spec.Pad
		v.bodies = append(v.bodies, render.Body{Mesh: v.pad, Pos: p.Position, Orient: p.Orientation, Underlay: true}) // PadMesh's origin is its top face
	}
	v.addRocks(f)
	v.plumes = v.plumes[:0]
	vs := f.Player
	for i, u := range vs.Level {
		if u <= 0 {
			continue
		}
		bt := &vs.Built.Thrusters[i]
		b := w.Body(bt.Body)
		// A plume's full length grows with the thruster's size: 1 m for a
		// 200 N RCS jet, 4.4 m for a 4 kN engine; render scales it and its
		// brightness by this tick's throttle.
		length := plumeScale * math.Sqrt(vs.Spec.Thrusters[i].MaxThrust)
		v.plumes = append(v.plumes, render.Plume{Pos: b.WorldPoint(bt.Point), Dir: b.WorldVector(bt.Direction).Mul(-1), Level: u, Length: length})
	}
	sun := &f.Spec.Sun
	v.frame = render.Frame{View: cam.View(), Bodies: v.bodies, Plumes: v.plumes,
		SunDir: sun.Direction, SunColor: sun.Colour, Quality: v.Quality, SkyBodies: true}
	if g := f.Spec.Ground; g != nil {
		v.ground = render.Ground{Height: g.Height, Seed: v.seed}
		v.clearField(f)
		v.frame.Ground = &v.ground
		v.frame.Ambient = groundAmbient
	} else {
		v.frame.Ambient, v.frame.Earthshine = spaceAmbient, earthshine
	}
	v.hud(f, warp, achieved, camName)
	v.goalMarks(f)
	v.orbitMarks(f, cam.View().Orient.Rotate(mgl64.Vec3{1, 0, 0}))
	return &v.frame
}

// touchdownRing is the radius of the ring where a lander will touch down (m).
const touchdownRing = 1.2

// Colours of the goal marker and the predicted landing point.
var (
	colGoal    = color.RGBA{120, 230, 255, 255}
	colLanding = color.RGBA{255, 120, 220, 255}
)

// goalMarks marks the goal in the HUD (the pad, the target port), so it can
// be found at any distance, and, while a lander is in the air, where it
// will touch down if nothing changes.
func (v *View) goalMarks(f *flight.Flight) {
	st := f.State()
	switch {
	case f.Spec.Kind == craft.KindLand && f.Spec.Pad != nil:
		p := f.Spec.Pad.Position
		if d := p.Sub(st.Position).Len(); d > 4*f.Player.Radius() { // nearer, the pad fills the view
			v.markers[0] = render.Marker{Pos: p.Add(mgl64.Vec3{0, 1, 0}), Label: "PAD", Range: d, Color: colGoal}
			v.frame.HUD.Markers = v.markers[:1]
		}
		if at, ok := landingPoint(f.Spec, st, v.landing.Altitude); ok { // hud worked the altitude out this frame
			v.marks[0] = render.Mark{Pos: at, Radius: touchdownRing, Color: colLanding}
			v.frame.Marks = v.marks[:1]
		}
	case f.Target != nil && f.Latch == flight.NoJoint:
		// Close in, the docking panel and the port's own target take over.
		if t, ok := f.TargetPort(); ok && v.docking.Range > 8 {
			v.markers[0] = render.Marker{Pos: t.Position, Label: "PORT", Range: v.docking.Range, Color: colGoal}
			v.frame.HUD.Markers = v.markers[:1]
		}
	}
}

// landingPoint predicts where a craft in state st on mission m touches
// down on the pad or the ground if it keeps falling freely from its
// current velocity, alt (Flight.Altitude) above it: false when there is no
// gravity or the craft is down.
func landingPoint(m *craft.Mission, st control.State, alt float64) (mgl64.Vec3, bool) {
	g := -m.Gravity[1]
	if !(g > 0) || !(alt > 0.3) || math.IsInf(alt, 0) {
		return mgl64.Vec3{}, false
	}
	vy := st.Velocity[1]
	t := (vy + math.Sqrt(vy*vy+2*g*alt)) / g // alt + vy t − g t²/2 = 0
	at := st.Position.Add(mgl64.Vec3{st.Velocity[0] * t, 0, st.Velocity[2] * t})
	at[1] = surfaceAt(m, at)
	return at, true
}

// surfaceAt is the height of mission m's pad top or ground under x, z (m).
func surfaceAt(m *craft.Mission, p mgl64.Vec3) float64 {
	var y float64
	if g := m.Ground; g != nil {
		y = g.Height
	}
	if pad := m.Pad; pad != nil {
		d := p.Sub(pad.Position)
		if math.Abs(d[0]) <= pad.Size[0]/2 && math.Abs(d[2]) <= pad.Size[2]/2 {
			y = pad.Position[1]
		}
	}
	return y
}

// hud fills the instruments.
func (v *View) hud(f *flight.Flight, warp int, achieved float64, camName string) {
	w := f.World
	st := f.State()
	roll, pitch, yaw := f.BodyRates()
	h := &v.frame.HUD
	l, ke := f.Player.Motion(w, st)
	*h = render.HUD{
		RollRate: roll, PitchRate: pitch, YawRate: yaw,
		Omega: st.AngularVelocity.Len(), AngMom: l.Len(), Energy: ke,
		TumbleRate: tumbleRate,
	}
	v.fillStatus(f, warp, achieved, camName)
	h.Status = &v.status
	v.messages = append(v.messages[:0], f.Faults.Lines...) // the app appends its own
	for _, n := range f.Notices {
		if float64(f.Tick-n.Tick)*f.Dt < noticeTime {
			v.messages = append(v.messages, n.Text)
		}
	}
	h.Messages = v.messages

	// The attitude ball: against world up for landing and free flight,
	// against the target port's frame for docking (in orbit: the LVLH
	// frame, orbitMarks); NavSwap gives the other one. With a target, the
	// velocity relative to it has its own marks: straight towards the
	// target when they sit on its diamond.
	ref := mgl64.QuatIdent()
	v.attitude = render.Attitude{Label: localFrame(f.Spec), Prograde: st.Velocity}
	d, rel, docking := f.Docking()
	if docking {
		target := d.Target
		v.attitude.Relative = st.Velocity.Sub(target.Velocity)
		v.attitude.Target = target.Position.Sub(st.Position)
		if v.targetBall(f.Spec) {
			ref = target.Orientation
			v.attitude.Label = "TARGET"
			inv := ref.Inverse()
			v.attitude.Prograde = mgl64.Vec3{} // in the target's frame, velocity is relative
			v.attitude.Relative = inv.Rotate(v.attitude.Relative)
			v.attitude.Target = inv.Rotate(v.attitude.Target)
			v.attitude.Forward = d.Port.Axis
		}
	}
	v.attitude.Orient = ref.Inverse().Mul(st.Orientation)
	v.attitude.Axis = ref.Inverse().Rotate(st.AngularVelocity)
	v.attitude.ShowAxis = st.AngularVelocity.Len() > tumbleRate/3
	h.Attitude = &v.attitude

	switch f.Spec.Kind {
	case craft.KindLand:
		v.fillLanding(f)
		h.Landing = &v.landing
	case craft.KindDock:
		if docking {
			v.fillDocking(f, d, rel)
			h.Docking = &v.docking
		}
	}
}

// noticeTime is how long a notice of the flight stays among the HUD's
// messages (s of flight).
const noticeTime = 8.0

// fillLanding fills the landing panel.
func (v *View) fillLanding(f *flight.Flight) {
	st, t, th := f.State(), &f.Tel, &f.Spec.Thresholds
	var padOff mgl64.Vec3
	if p := f.Spec.Pad; p != nil {
		padOff = p.Position.Sub(st.Position)
	}
	alt := f.Altitude()
	inv := st.Orientation.Conjugate()
	up := mgl64.Vec3{0, 1, 0}
	drift := st.Velocity.Sub(up.Mul(st.Velocity.Dot(up)))
	state := ""
	if s := f.Judge.Land; s != flight.LandFlying {
		state = strings.ToUpper(s.String())
	}
	v.landing = render.Landing{
		Altitude: alt, VerticalSpeed: -t.VerticalSpeed, HorizontalSpeed: t.HorizontalSpeed,
		Tilt: t.Tilt, PadOffset: padOff, Feet: v.feetLights(f), Gear: f.Player.Gear(f.World, f.Controls.GearStowed),
		PadKeys:   moveKeys(inv.Rotate(padOff), [3]bool{true, false, true}, 0.5),
		DriftKeys: moveKeys(inv.Rotate(drift.Mul(-1)), [3]bool{true, false, true}, 0.05),
		State:     state,
		Tol:       render.LandingTolerances{VerticalSpeed: th.VerticalSpeed, HorizontalSpeed: th.HorizontalSpeed, Tilt: th.Tilt},
		Graded:    landingGraded(alt, t.VerticalSpeed, t.FeetOnPad+t.FeetOffPad > 0),
		Trend:     v.trend.update(f.Tick, f.Dt, [3]float64{math.Abs(t.VerticalSpeed), t.HorizontalSpeed, t.Tilt}),
	}
}

// When the HUD grades figures against the mission's limits: only where
// they apply, so that a red figure means trouble. A lander's touchdown
// limits apply in the last gradeAltitude metres or gradeSeconds before
// touchdown (and while a foot touches); a docking's capture limits on the
// final approach, within gradeCaptureRadii capture radii of the port or
// gradeSeconds from contact at the closing speed.
const (
	gradeAltitude     = 10.0 // m
	gradeSeconds      = 10.0 // s to contact, docking
	gradeLandSeconds  = 5.0  // s to touchdown, landing
	gradeCaptureRadii = 3.0
)

// landingGraded reports whether the touchdown limits apply: alt metres up,
// descending at down m/s (positive down).
func landingGraded(alt, down float64, touching bool) bool {
	return touching || alt <= gradeAltitude || down > 0 && alt/down <= gradeLandSeconds
}

// dockingGraded reports whether the capture limits apply: the ports rng
// metres apart, closing at closing m/s, with capture radius radius.
func dockingGraded(rng, closing, radius float64) bool {
	return rng <= gradeCaptureRadii*radius || closing > 0 && rng/closing <= gradeSeconds
}

// feetLights returns one light per foot part of the player's craft, lit
// while the physics reports it touching.
func (v *View) feetLights(f *flight.Flight) []bool {
	v.feet = v.feet[:0]
	for i, p := range f.Player.Spec.Parts {
		if p.Role == craft.RoleFoot {
			v.feet = append(v.feet, f.Touching[i])
		}
	}
	return v.feet
}

// sasLabels are the SAS modes as the HUD shows them, by SASMode; the last
// is for a mode out of range.
var sasLabels = func() (l [flight.NumSASModes + 1]string) {
	for m := range l {
		l[m] = strings.ToUpper(flight.SASMode(m).String())
	}
	return l
}()

// navballFrames names the navball's frame now and the one B swaps to, for
// the message when the pilot swaps: the target's frame exists only while
// there is a port to dock with.
func (v *View) NavballFrames(f *flight.Flight) string {
	local := localFrame(f.Spec)
	switch {
	case f.Target == nil || f.Latch != flight.NoJoint:
		return local + " (no target to swap to)"
	case v.targetBall(f.Spec):
		return "TARGET (press again for " + local + ")"
	}
	return local + " (press again for TARGET)"
}

// localFrame names the navball's frame when it is not the target's: LVLH
// in orbit, the surface under gravity, else inertial.
func localFrame(m *craft.Mission) string {
	switch _, inOrbit := flight.OrbitDynamics(m); {
	case inOrbit:
		return "LVLH"
	case m.Gravity.Len() > 0:
		return "SURFACE"
	}
	return "INERTIAL"
}

// targetBall reports whether the navball is in the target's frame while
// there is a port to dock with: by default off orbit, swapped (B) in it.
func (v *View) targetBall(m *craft.Mission) bool {
	_, inOrbit := flight.OrbitDynamics(m)
	return inOrbit == v.NavSwap
}

// Objective is the one-line goal shown in the HUD before docking.
func Objective(m *craft.Mission) string {
	th := &m.Thresholds
	switch m.Kind {
	case craft.KindTumble:
		return fmt.Sprintf("Stop the tumble: |ω| below %.1f°/s for %.0f s", flight.Deg(th.MaxRate), th.HoldTime)
	case craft.KindDock:
		return fmt.Sprintf("Dock: close ≤ %.2f m/s, offset ≤ %.2f m, ≤ %.0f°", th.ClosingSpeed, th.LateralOffset, flight.Deg(th.Misalignment))
	case craft.KindLand:
		return fmt.Sprintf("Land on the pad: ≤ %.1f m/s down, ≤ %.1f m/s across, ≤ %.0f° tilt", th.VerticalSpeed, th.HorizontalSpeed, flight.Deg(th.Tilt))
	}
	if n := len(m.Lessons); n > 0 {
		return fmt.Sprintf("Learn to fly: %d lessons, each waiting for you", n)
	}
	return "Free flight"
}

// debugOverlay fills the F3 overlay: joint anchors and axes, the craft's ω
// and L, and the physics step's statistics.
func (v *View) DebugOverlay(f *flight.Flight) *render.Debug {
	w := f.World
	d := &v.debug
	d.Joints, d.Vectors, d.Timings, d.Lines = d.Joints[:0], d.Vectors[:0], d.Timings[:0], d.Lines[:0]
	d.Contacts, d.Boxes = d.Contacts[:0], d.Boxes[:0]
	for _, c := range w.Contacts() {
		d.Contacts = append(d.Contacts, render.DebugContact{Pos: c.Point, Normal: c.Normal, Depth: -c.Depth})
	}
	for _, vs := range f.Vessels() {
		for i, shapes := range vs.Built.Shapes {
			b := w.Body(vs.Built.Bodies[i])
			xf := geom.Transform{Pos: b.Position(), Rot: b.Orientation()}
			for _, p := range shapes {
				box := p.Bounds(xf)
				d.Boxes = append(d.Boxes, render.DebugBox{Min: box.Min, Max: box.Max})
			}
		}
	}
	for _, vs := range f.Vessels() {
		for _, id := range vs.Built.Joints {
			j := w.Joint(id)
			if !j.Valid() {
				continue
			}
			a, b := j.Anchors()
			d.Joints = append(d.Joints, render.DebugJoint{AnchorA: a, AnchorB: b, Axis: j.Axis()})
		}
	}
	st := f.State()
	pl := f.Player.Plant(w, st)
	r := st.Orientation.Mat4().Mat3()
	l := r.Mul3(pl.Inertia).Mul3(r.Transpose()).Mul3x1(st.AngularVelocity)
	d.Vectors = append(d.Vectors,
		render.DebugVector{Origin: st.Position, Vec: st.AngularVelocity.Mul(5), Label: "ω", Color: color.RGBA{255, 220, 80, 255}},
		render.DebugVector{Origin: st.Position, Vec: l.Mul(5 / max(1, pl.Inertia.At(1, 1))), Label: "L", Color: color.RGBA{120, 200, 255, 255}})
	s := w.Stats()
	for k, t := range s.Timings {
		d.Timings = append(d.Timings, render.DebugTiming{Stage: physics.Stage(k).String(), Seconds: t.Seconds()})
	}
	asleep := ""
	if s.Asleep {
		asleep = "  asleep (at rest: nothing computed)"
	}
	d.Lines = append(d.Lines,
		fmt.Sprintf("joints %d  rows %d  iterations %d%s", s.Joints, s.Rows, s.Iterations, asleep),
		fmt.Sprintf("contacts %d in %d pairs  deepest %.2f mm", s.Contacts, s.ContactPairs, 1000*s.MaxPenetration),
		fmt.Sprintf("max joint gap %.3g m  misalignment %.3g rad", w.MaxJointGap(), w.MaxJointMisalignment()),
		fmt.Sprintf("|L| drift %.2g  E drift %.2g", flight.RelDrift(w.AngularMomentum().Len(), f.L0), flight.RelDrift(w.Energy(), f.E0)))
	return d
}

// SetObjective replaces the HUD's goal line (the hangar names its craft).
func (v *View) SetObjective(s string) { v.objective = s }

// Ghost appends ghost g's craft to dst, drawn translucent with the meshes
// of the player's parts (it is the same craft).
func (v *View) Ghost(dst []render.Body, g *flight.Ghost) []render.Body {
	vs := g.Flight.Player
	for i := range vs.Spec.Parts {
		if i >= len(v.parts) {
			break
		}
		b := g.Flight.World.Body(vs.Built.Bodies[i])
		dst = append(dst, render.Body{Mesh: v.parts[i], Pos: b.Position(), Orient: b.Orientation(), Ghost: true})
	}
	return dst
}
