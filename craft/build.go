package craft

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Built is a craft turned into physics bodies and joints, with everything
// the game needs to act on them expressed in body coordinates. Every shape
// of part i is a physics shape of body Bodies[i] with Tag i (so a contact
// names its part, and through Part.Role whether it is a foot or the hull)
// and the part's friction and restitution.
//
// Welding: parts joined by an unbreakable fixed joint are one rigid body
// (a foot on its leg, an adapter on the hull). A fixed joint holds two
// bodies together only as well as the solver does; one body is rigid
// exactly, and it has fewer constraint rows to solve each step. Those
// joints get no physics joint (Joints[k] is physics.NoJoint); breakable
// fixed joints stay joints so they can break.
//
// Body frames: a body has the axes of the first part in it and its origin
// at the centre of mass of all its parts (with the fuel at build).
// PartFrame[i] places part i's frame in its body: a point x of the part
// frame is PartFrame[i].Apply(x) in body coordinates.
type Built struct {
	Craft     *Craft
	Bodies    []physics.BodyID  // per part; welded parts share one
	Joints    []physics.JointID // per craft joint; physics.NoJoint where welded
	PartFrame []geom.Transform  // per part: part frame → body frame
	// Distinct lists each body once, in part order, with the parts in it.
	Distinct []BuiltBody
	// Group is the physics collision group of all the craft's bodies.
	Group int32

	// Shapes[i] are part i's collision polyhedra in body coordinates.
	Shapes [][]*geom.Polyhedron
	// Thrusters, per craft thruster, in body coordinates.
	Thrusters []BodyThruster
	// Ports, per craft port, in body coordinates.
	Ports []BodyPort
}

// BuiltBody is one physics body of a built craft and the parts welded in it.
type BuiltBody struct {
	ID    physics.BodyID
	Parts []int // part indices, the first one giving the body's axes

	// MassOf's cache: the parts without tanks combined in the body frame,
	// and the parts with tanks.
	dryOK  bool
	dry    MassProps
	tanked []int
}

// BodyThruster is a thruster in the coordinates of the body it pushes:
// apply it with World.ApplyForceLocal(Body, Direction·thrust, Point).
type BodyThruster struct {
	Body      physics.BodyID
	Point     mgl64.Vec3 // m, body coordinates
	Direction mgl64.Vec3 // unit, body coordinates
}

// BodyPort is a docking port in body coordinates.
type BodyPort struct {
	Body  physics.BodyID
	Point mgl64.Vec3 // centre of the docking face (m)
	Axis  mgl64.Vec3 // unit, outward
	Up    mgl64.Vec3 // unit
}

// toBody converts a craft-frame point of part i to body coordinates.
func (b *Built) toBody(i int, x mgl64.Vec3) mgl64.Vec3 {
	p := &b.Craft.Parts[i]
	return b.PartFrame[i].Apply(fmath.Rotate(fmath.QuatInverse(p.Orientation), x.Sub(p.Position)))
}

// toBodyDir converts a craft-frame direction on part i to body coordinates.
func (b *Built) toBodyDir(i int, d mgl64.Vec3) mgl64.Vec3 {
	return fmath.Rotate(b.PartFrame[i].Rot, fmath.Rotate(fmath.QuatInverse(b.Craft.Parts[i].Orientation), d))
}

// PartPose returns part i's frame in the world: origin and orientation
// (part → world).
func (b *Built) PartPose(w *physics.World, i int) (mgl64.Vec3, mgl64.Quat) {
	body := w.Body(b.Bodies[i])
	f := b.PartFrame[i]
	return body.WorldPoint(f.Pos), fmath.QuatNormalize(fmath.QuatMul(body.Orientation(), f.Rot))
}

// MassOf returns the mass properties of body k of Distinct with the given
// fuel (nil = initial), in body coordinates: for SetMass as fuel burns. The
// centre of mass it reports may drift from the body origin as a tank
// empties; the body keeps its origin.
func (b *Built) MassOf(k int, fuel []float64) MassProps {
	d := &b.Distinct[k]
	var buf [8]MassProps // a body of up to 8 welded parts combines without allocating
	if !d.dryOK {
		// The parts without tanks never change: combined once (the game
		// calls MassOf every tick a tank burns).
		ms := buf[:0]
		for _, i := range d.Parts {
			if len(b.Craft.Parts[i].Tanks) > 0 {
				d.tanked = append(d.tanked, i)
				continue
			}
			f := b.PartFrame[i]
			ms = append(ms, b.Craft.PartMass(i, nil).Transform(f.Pos, f.Rot))
		}
		d.dry, d.dryOK = Combine(ms...), true
	}
	ms := append(buf[:0], d.dry)
	for _, i := range d.tanked {
		f := b.PartFrame[i]
		ms = append(ms, b.Craft.PartMass(i, fuel).Transform(f.Pos, f.Rot))
	}
	return Combine(ms...)
}

// welds groups parts joined by unbreakable fixed joints: it returns, per
// part, the index of the first part of its group.
func (c *Craft) welds() []int {
	return c.groups(func(j *Joint) bool { return j.Kind == JointFixed && j.BreakImpulse == 0 })
}

// groups returns, per part, the index of the first part of its group, where
// parts are grouped by the joints for which link is true. Joints naming no
// part (index -1, in a craft that failed to load) link nothing.
func (c *Craft) groups(link func(*Joint) bool) []int {
	root := make([]int, len(c.Parts))
	for i := range root {
		root[i] = i
	}
	find := func(i int) int {
		for root[i] != i {
			i = root[i]
		}
		return i
	}
	for k := range c.Joints {
		j := &c.Joints[k]
		if j.A >= 0 && j.B >= 0 && link(j) {
			a, b := find(j.A), find(j.B)
			root[max(a, b)] = min(a, b)
		}
	}
	for i := range root {
		root[i] = find(i)
	}
	return root
}

// Build adds the craft to w — one body per group of welded parts and one
// joint per remaining craft joint — placed rigidly by at (Position,
// Orientation, Velocity, AngularVelocity and Fixed; at.Craft and at.Spec
// are not used), with the given propellant per tank (nil = the initial
// fuel). A fixed placement makes every part static. On error the bodies
// already added stay in w (physics never removes bodies); the error names
// the part or joint.
func (c *Craft) Build(w *physics.World, at Placement, fuel []float64) (*Built, error) {
	q := at.Orientation
	if q == (mgl64.Quat{}) {
		q = mgl64.QuatIdent()
	}
	q = fmath.QuatNormalize(q)
	n := len(c.Parts)
	b := &Built{Craft: c, Bodies: make([]physics.BodyID, n), PartFrame: make([]geom.Transform, n), Shapes: make([][]*geom.Polyhedron, n)}
	// One collision group per built craft, unique in w: its parts never
	// collide with each other (legs overlap the hull at their hinges).
	group := int32(w.NumBodies()) + 1
	b.Group = group
	roots := c.welds()
	for r := range c.Parts {
		if roots[r] != r {
			continue
		}
		// The body: parts of group r, in the axes of part r.
		pr := &c.Parts[r]
		inv := fmath.QuatInverse(pr.Orientation)
		var parts []int
		var ms []MassProps
		for i := range c.Parts {
			if roots[i] == r {
				pi := &c.Parts[i]
				rel := geom.Transform{Pos: fmath.Rotate(inv, pi.Position.Sub(pr.Position)), Rot: fmath.QuatNormalize(fmath.QuatMul(inv, pi.Orientation))}
				b.PartFrame[i] = rel
				parts = append(parts, i)
				ms = append(ms, c.PartMass(i, fuel).Transform(rel.Pos, rel.Rot))
			}
		}
		mp := Combine(ms...)
		name := c.Name + "/" + pr.Name
		if len(parts) > 1 {
			name += fmt.Sprintf("+%d", len(parts)-1)
		}
		com := at.Position.Add(fmath.Rotate(q, pr.Position.Add(fmath.Rotate(pr.Orientation, mp.COM))))
		def := physics.BodyDef{
			Name:            name,
			Mass:            mp.Mass,
			Inertia:         mp.Inertia,
			Position:        com,
			Orientation:     fmath.QuatNormalize(fmath.QuatMul(q, pr.Orientation)),
			Velocity:        at.Velocity.Add(fmath.Cross(at.AngularVelocity, com.Sub(at.Position))),
			AngularVelocity: at.AngularVelocity,
			Group:           group,
		}
		if at.Fixed {
			def.Mass, def.Velocity, def.AngularVelocity = 0, mgl64.Vec3{}, mgl64.Vec3{}
		}
		for _, i := range parts {
			p := &c.Parts[i]
			b.PartFrame[i].Pos = b.PartFrame[i].Pos.Sub(mp.COM) // now relative to the body origin
			f := b.PartFrame[i]
			for _, s := range p.Shapes {
				if s.Poly == nil {
					continue
				}
				def.Shapes = append(def.Shapes, physics.ShapeDef{
					Poly: s.Poly, Local: f,
					Friction: p.Friction, Restitution: p.Restitution,
					Tag: int32(i),
				})
			}
		}
		if err := def.Validate(); err != nil {
			return b, fmt.Errorf("craft %q, part %q: %w", c.Name, pr.Name, err)
		}
		id := w.AddBody(def)
		if id == physics.NoBody {
			return b, fmt.Errorf("craft %q, part %q: physics refused the body", c.Name, pr.Name)
		}
		for _, i := range parts {
			b.Bodies[i] = id
		}
		// The world has placed the shapes in the body frame: share them.
		first, _ := w.Body(id).Shapes()
		for k, sd := range def.Shapes {
			info, _ := w.Shape(first + physics.ShapeID(k))
			b.Shapes[sd.Tag] = append(b.Shapes[sd.Tag], info.Poly)
		}
		b.Distinct = append(b.Distinct, BuiltBody{ID: id, Parts: parts})
	}
	world := func(x mgl64.Vec3) mgl64.Vec3 { return at.Position.Add(fmath.Rotate(q, x)) }
	for _, j := range c.Joints {
		A, B := b.Bodies[j.A], b.Bodies[j.B]
		if A == B { // welded
			b.Joints = append(b.Joints, physics.NoJoint)
			continue
		}
		var id physics.JointID
		var err error
		switch j.Kind {
		case JointHinge:
			id, err = w.AddHinge(physics.HingeDef{
				A: A, B: B, Anchor: world(j.Anchor), Axis: fmath.Rotate(q, j.Axis),
				EnableLimits: j.HasLimits, Lower: j.MinAngle, Upper: j.MaxAngle,
				SpringStiffness: j.Stiffness, SpringDamping: j.Damping, SpringAngle: j.RestAngle,
				EnableMotor: j.MotorMaxTorque > 0, MotorSpeed: j.MotorSpeed, MaxMotorTorque: j.MotorMaxTorque,
				BreakImpulse: j.BreakImpulse,
			})
		case JointBall:
			id, err = w.AddBall(physics.BallDef{A: A, B: B, Anchor: world(j.Anchor), BreakImpulse: j.BreakImpulse})
		case JointFixed:
			id, err = w.AddFixed(physics.FixedDef{A: A, B: B, Anchor: world(j.Anchor), BreakImpulse: j.BreakImpulse})
		default:
			err = fmt.Errorf("unknown kind %q", j.Kind)
		}
		if err != nil {
			return b, fmt.Errorf("craft %q, joint %q: %w", c.Name, j.Name, err)
		}
		b.Joints = append(b.Joints, id)
	}
	for _, t := range c.Thrusters {
		b.Thrusters = append(b.Thrusters, BodyThruster{
			Body:      b.Bodies[t.Part],
			Point:     b.toBody(t.Part, t.Position),
			Direction: b.toBodyDir(t.Part, t.Direction),
		})
	}
	for _, pt := range c.Ports {
		b.Ports = append(b.Ports, BodyPort{
			Body: b.Bodies[pt.Part], Point: b.toBody(pt.Part, pt.Position),
			Axis: b.toBodyDir(pt.Part, pt.Axis), Up: b.toBodyDir(pt.Part, pt.Up),
		})
	}
	return b, nil
}
