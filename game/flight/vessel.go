package flight

import (
	"iter"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/game/hangar"
	"spaceflight/physics"
	"spaceflight/physics/fmath"
)

// Vessel is one craft flying in a Flight: the physics bodies of its parts,
// its thrusters, tanks and docking port.
//
// The craft frame (x pitch axis, y yaw axis and up, z roll axis and nose)
// rides on the hull body: control works in it, with the thrusters at their
// craft-frame positions about the current centre of mass.
type Vessel struct {
	Spec  *craft.Craft
	Built *craft.Built
	Hull  int // part index of the reference body (role hull, else the heaviest)
	Port  int // docking port index, −1 for none

	Fuel     []float64 // propellant per tank (kg)
	FuelUsed float64   // kg, including thrusters fed by no tank
	Level    []float64 // per thruster: throttle this tick, 0…1

	touchdown float64 // height of the centre of mass above the lowest point as built (m)
	size      float64 // bounding radius about the centre of mass as built (m)

	rcs, main  []int // craft thruster indices by group
	alloc      *control.Allocator
	firing     control.Firing
	sas        control.SAS
	dry        []bool // per tank: ran dry (its thrusters are off)
	tankBodies []int  // indices into Built.Distinct of bodies holding a tank (their mass changes)
	comTick    int    // ticks since the allocator's COM was refreshed
	comStale   bool   // fuel burnt since then: the COM may have moved
	faults     vesselFaults
}

// NewVessel builds spec into w as placed by at.
func NewVessel(w *physics.World, spec *craft.Craft, at craft.Placement) (*Vessel, error) {
	fuel := spec.FuelFor(at.Fuel)
	built, err := spec.Build(w, at, fuel)
	if err != nil {
		return nil, err
	}
	v := &Vessel{Spec: spec, Built: built, Hull: -1, Port: -1, Fuel: fuel, faults: vesselFaults{throttle: -1}}
	v.Level = make([]float64, len(spec.Thrusters))
	v.dry = make([]bool, len(spec.Tanks))
	heaviest := 0
	for i, p := range spec.Parts {
		if p.Role == craft.RoleHull && v.Hull < 0 {
			v.Hull = i
		}
		if p.Dry.Mass > spec.Parts[heaviest].Dry.Mass {
			heaviest = i
		}
	}
	for k, d := range built.Distinct {
		for _, i := range d.Parts {
			if len(spec.Parts[i].Tanks) > 0 {
				v.tankBodies = append(v.tankBodies, k)
				break
			}
		}
	}
	if v.Hull < 0 {
		v.Hull = heaviest
	}
	v.touchdown, v.size = v.asBuilt()
	if at.Port != "" {
		v.Port = spec.PortIndex(at.Port)
	} else if len(spec.Ports) > 0 {
		v.Port = 0
	}
	_, _, v.rcs, v.main = hangar.Layout(spec)
	if len(spec.Thrusters) > 0 && !at.Fixed {
		if v.alloc, err = hangar.NewAllocator(spec, v.Fuel); err != nil {
			return nil, err
		}
		v.firing = v.alloc.NewFiring()
	}
	return v, nil
}

// asBuilt measures the craft as built, with its initial fuel, from its
// centre of mass: its height above the craft's lowest point (m), where it
// stands when the feet touch (0 for a craft without shapes), and its
// bounding radius (m, at least 0.5).
func (v *Vessel) asBuilt() (touchdown, radius float64) {
	com := v.Spec.MassProps(v.Fuel).COM
	low := math.Inf(1)
	for _, p := range v.Spec.Parts {
		for _, s := range p.Shapes {
			if s.Poly == nil {
				continue
			}
			for _, x := range s.Poly.Verts {
				at := p.Position.Add(fmath.Rotate(p.Orientation, x))
				low = min(low, at[1])
				radius = max(radius, fmath.Len(at.Sub(com)))
			}
		}
	}
	if !math.IsInf(low, 1) {
		touchdown = com[1] - low
	}
	return touchdown, max(radius, 0.5)
}

// body returns the physics view of part i's body.
func (v *Vessel) body(w *physics.World, i int) physics.Body { return w.Body(v.Built.Bodies[i]) }

// Frame returns the craft frame's origin and orientation (craft → world),
// carried by the hull.
func (v *Vessel) Frame(w *physics.World) (origin mgl64.Vec3, q mgl64.Quat) {
	p := &v.Spec.Parts[v.Hull]
	pos, rot := v.Built.PartPose(w, v.Hull)
	q = fmath.QuatNormalize(fmath.QuatMul(rot, fmath.QuatInverse(p.Orientation)))
	return pos.Sub(fmath.Rotate(q, p.Position)), q
}

// State returns the craft's motion as control sees it: the centre of mass
// and its velocity, the craft-frame attitude and the hull's rate.
func (v *Vessel) State(w *physics.World) control.State {
	var m float64
	var c, p mgl64.Vec3
	for _, d := range v.Built.Distinct {
		b := w.Body(d.ID)
		bm := b.Mass()
		m += bm
		c = c.Add(b.Position().Mul(bm))
		p = p.Add(b.Velocity().Mul(bm))
	}
	_, q := v.Frame(w)
	st := control.State{Orientation: q, AngularVelocity: v.body(w, v.Hull).AngularVelocity()}
	if m > 0 {
		st.Position, st.Velocity = c.Mul(1/m), p.Mul(1/m)
	} else {
		st.Position = v.body(w, v.Hull).Position()
	}
	return st
}

// Plant returns mass, inertia about the centre of mass in the craft frame,
// and what the thrusters can give.
func (v *Vessel) Plant(w *physics.World, st control.State) control.Plant {
	var pl control.Plant
	var iw mgl64.Mat3
	for _, d := range v.Built.Distinct {
		b := w.Body(d.ID)
		m := b.Mass()
		pl.Mass += m
		d := b.Position().Sub(st.Position)
		// Parallel axes: I + m (|d|² 1 − d dᵀ), entry by entry (a chain
		// of mgl64 matrix operations was 8 % of a landing's free flight).
		ib := b.InertiaWorld()
		dd := fmath.Dot(d, d)
		for c := range 3 {
			for k := range 3 {
				e := ib[c*3+k] - float64(m*d[k]*d[c])
				if c == k {
					e += float64(m * dd)
				}
				iw[c*3+k] += e
			}
		}
	}
	r := fmath.QuatMat3(st.Orientation)
	pl.Inertia = fmath.MulMM(fmath.MulMM(r.Transpose(), iw), r)
	if v.alloc != nil {
		pl.Capacity = v.alloc.Capacity()
		pl.MainThrust, pl.MainAxis = v.alloc.MainThrust()
	}
	return pl
}

// FuelLeft is the propellant left in all tanks (kg); +Inf for a craft
// whose thrusters draw on no tank.
func (v *Vessel) FuelLeft() float64 {
	if len(v.Fuel) == 0 {
		return math.Inf(1)
	}
	var s float64
	for _, f := range v.Fuel {
		s += max(f, 0)
	}
	return s
}

// Fire allocates cmd to the thrusters, applies their forces at their
// positions on their parts for the coming step of length dt, and burns the
// propellant. It returns whether any thruster fires.
func (v *Vessel) Fire(w *physics.World, cmd control.Command, dt float64) (bool, error) {
	clear(v.Level)
	if v.alloc == nil {
		return false, nil
	}
	if v.comTick++; v.comTick >= 30 {
		// Unburnt fuel leaves the COM where the last refresh put it, and
		// SetCOM would ignore it: skip working it out again.
		v.comTick = 0
		if v.comStale {
			v.comStale = false
			v.alloc.SetCOM(v.Spec.MassProps(v.Fuel).COM)
		}
	}
	if v.faults.throttle >= 0 {
		cmd.Main = v.faults.throttle
	}
	if err := v.alloc.Allocate(cmd, &v.firing); err != nil {
		return false, err
	}
	for k, i := range v.rcs {
		v.Level[i] = v.firing.RCS[k]
	}
	for k, i := range v.main {
		v.Level[i] = v.firing.Main[k]
	}
	for _, i := range v.faults.stuck {
		v.Level[i] = 1
	}
	any := false
	burnt := false
	for i, u := range v.Level {
		if !(u > 0) {
			continue
		}
		t := &v.Spec.Thrusters[i]
		bt := &v.Built.Thrusters[i]
		if t.Tank >= 0 && v.dry[t.Tank] {
			v.Level[i] = 0
			continue
		}
		any = true
		if err := w.ApplyForceLocal(bt.Body, bt.Direction.Mul(u*t.MaxThrust), bt.Point); err != nil {
			return false, err
		}
		flow := float64(u * t.MassFlow() * dt)
		v.FuelUsed += flow
		if t.Tank >= 0 {
			v.drain(t.Tank, flow)
			burnt = true
		}
	}
	burnt = v.leak(dt) || burnt
	if burnt {
		v.comStale = true
		for _, k := range v.tankBodies {
			mp := v.Built.MassOf(k, v.Fuel)
			if err := w.Body(v.Built.Distinct[k].ID).SetMass(mp.Mass, mp.Inertia); err != nil {
				return any, err
			}
		}
	}
	return any, nil
}

// drain takes kg of propellant out of tank k; a tank that runs dry
// switches its thrusters off.
func (v *Vessel) drain(k int, kg float64) {
	v.Fuel[k] -= kg
	if v.Fuel[k] <= 0 {
		v.Fuel[k] = 0
		if !v.dry[k] {
			v.dry[k] = true
			v.disableTank(k)
		}
	}
}

// disableTank switches off every thruster fed by tank k.
func (v *Vessel) disableTank(k int) {
	for i, t := range v.Spec.Thrusters {
		if t.Tank == k {
			v.setEnabled(i, false)
		}
	}
}

// PortSituation returns the vessel's docking port as control sees it (from
// the centre of mass, in the craft frame), ok false without a port.
func (v *Vessel) PortSituation(w *physics.World, st control.State) (control.Port, bool) {
	if v.Port < 0 {
		return control.Port{}, false
	}
	pt := &v.Built.Ports[v.Port]
	b := w.Body(pt.Body)
	inv := fmath.QuatInverse(st.Orientation)
	return control.Port{
		Pos:  fmath.Rotate(inv, b.WorldPoint(pt.Point).Sub(st.Position)),
		Axis: fmath.Rotate(inv, b.WorldVector(pt.Axis)),
		Up:   fmath.Rotate(inv, b.WorldVector(pt.Up)),
	}, true
}

// PortPose returns the vessel's docking port as a target: the port frame has
// +Z out of the port and +Y along its up vector.
func (v *Vessel) PortPose(w *physics.World) (control.PortPose, bool) {
	if v.Port < 0 {
		return control.PortPose{}, false
	}
	pt := &v.Built.Ports[v.Port]
	b := w.Body(pt.Body)
	z := fmath.Normalize(b.WorldVector(pt.Axis))
	y := b.WorldVector(pt.Up)
	y = fmath.Normalize(y.Sub(z.Mul(fmath.Dot(y, z))))
	x := fmath.Cross(y, z)
	p := b.WorldPoint(pt.Point)
	return control.PortPose{
		Position:        p,
		Orientation:     fmath.QuatNormalize(mgl64.Mat4ToQuat(mgl64.Mat4{x[0], x[1], x[2], 0, y[0], y[1], y[2], 0, z[0], z[1], z[2], 0, 0, 0, 0, 1})),
		Velocity:        b.PointVelocity(p),
		AngularVelocity: b.AngularVelocity(),
	}, true
}

// SetGear stows (folds towards the hinge's upper limit) or deploys (back to
// the rest angle) the landing legs: every hinge whose part B is a leg. A
// hinge with a motor is driven by it; one with only a spring has the
// spring's rest angle moved, as a gear actuator would.
func (v *Vessel) SetGear(w *physics.World, stowed bool) error {
	for j, jt := range v.legHinges(w) {
		var err error
		switch {
		case j.MotorMaxTorque > 0:
			speed := math.Abs(j.MotorSpeed)
			if !stowed {
				speed = -speed
			}
			err = jt.SetMotor(true, speed, j.MotorMaxTorque)
		case j.Stiffness > 0:
			angle := j.RestAngle
			if stowed && j.HasLimits {
				angle = j.MaxAngle
			}
			err = jt.SetSpring(j.Stiffness, j.Damping, angle)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// legHinges yields the landing gear: every valid hinge whose part B is a
// leg, as specified and as built.
func (v *Vessel) legHinges(w *physics.World) iter.Seq2[*craft.Joint, physics.Joint] {
	return func(yield func(*craft.Joint, physics.Joint) bool) {
		for k := range v.Spec.Joints {
			j := &v.Spec.Joints[k]
			if j.Kind != craft.JointHinge || v.Spec.Parts[j.B].Role != craft.RoleLeg {
				continue
			}
			if jt := w.Joint(v.Built.Joints[k]); jt.Valid() && !yield(j, jt) {
				return
			}
		}
	}
}

// MainLevel is the main engines' throttle in the last tick, 0…1.
func (v *Vessel) MainLevel() float64 {
	var u float64
	for _, i := range v.main {
		u = max(u, v.Level[i])
	}
	return u
}

// lowestPoint is the smallest world height of any vertex of the craft (m).
func (v *Vessel) lowestPoint(f *Flight) float64 {
	low := math.Inf(1)
	for i, shapes := range v.Built.Shapes {
		b := f.World.Body(v.Built.Bodies[i])
		for _, poly := range shapes {
			for _, x := range poly.Verts {
				low = min(low, b.WorldPoint(x)[1])
			}
		}
	}
	return low
}

// Radius is the craft's bounding radius about its centre of mass as
// built (m, at least 0.5).
func (v *Vessel) Radius() float64 { return v.size }

// FuelCapacity is the total tank capacity (kg).
func (v *Vessel) FuelCapacity() float64 {
	var c float64
	for _, t := range v.Spec.Tanks {
		c += t.Capacity
	}
	return c
}

// MainFlow is the main engines' propellant flow at full throttle (kg/s).
func (v *Vessel) MainFlow() float64 {
	var flow float64
	for _, i := range v.main {
		flow += v.Spec.Thrusters[i].MassFlow()
	}
	return flow
}
