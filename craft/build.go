package craft

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// Built is a craft turned into physics bodies and joints, with everything
// the game needs to act on them expressed in body coordinates. Every shape
// of part i is a physics shape of body Bodies[i] with Tag i (so a contact
// names its part, and through Part.Role whether it is a foot or the hull)
// and the part's friction and restitution.
//
// Body frames: body i is part i's frame moved to the part's centre of mass
// (same axes), so a point x of the part frame is x − COM in body
// coordinates, where COM is BodyCOM[i].
type Built struct {
	Craft   *Craft
	Bodies  []physics.BodyID  // per part
	Joints  []physics.JointID // per craft joint
	BodyCOM []mgl64.Vec3      // per part: centre of mass in the part frame used at build (m)
	// Group is the physics collision group of all the craft's bodies.
	Group int32

	// Shapes[i] are part i's collision polyhedra in body coordinates.
	Shapes [][]*geom.Polyhedron
	// Thrusters, per craft thruster, in body coordinates.
	Thrusters []BodyThruster
	// Ports, per craft port, in body coordinates.
	Ports []BodyPort
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
	return p.Orientation.Inverse().Rotate(x.Sub(p.Position)).Sub(b.BodyCOM[i])
}

// Build adds the craft to w as one body per part and one joint per craft
// joint, placed rigidly by at (Position, Orientation, Velocity,
// AngularVelocity and Fixed; at.Craft and at.Spec are not used), with the
// given propellant per tank (nil = the initial fuel). A fixed placement makes
// every part static. On error the bodies already added stay in w (physics
// never removes bodies); the error names the part or joint.
func (c *Craft) Build(w *physics.World, at Placement, fuel []float64) (*Built, error) {
	q := at.Orientation
	if q == (mgl64.Quat{}) {
		q = mgl64.QuatIdent()
	}
	q = q.Normalize()
	b := &Built{Craft: c}
	// One collision group per built craft, unique in w: its parts never
	// collide with each other (legs overlap the hull at their hinges).
	group := int32(w.NumBodies()) + 1
	b.Group = group
	for i := range c.Parts {
		p := &c.Parts[i]
		mp := c.PartMass(i, fuel)
		com := at.Position.Add(q.Rotate(p.Position.Add(p.Orientation.Rotate(mp.COM))))
		def := physics.BodyDef{
			Name:            c.Name + "/" + p.Name,
			Mass:            mp.Mass,
			Inertia:         mp.Inertia,
			Position:        com,
			Orientation:     q.Mul(p.Orientation).Normalize(),
			Velocity:        at.Velocity.Add(at.AngularVelocity.Cross(com.Sub(at.Position))),
			AngularVelocity: at.AngularVelocity,
		}
		if at.Fixed {
			def.Mass, def.Velocity, def.AngularVelocity = 0, mgl64.Vec3{}, mgl64.Vec3{}
		}
		for _, s := range p.Shapes {
			if s.Poly != nil {
				def.Shapes = append(def.Shapes, physics.ShapeDef{
					Poly:     s.Poly,
					Local:    geom.Transform{Pos: mp.COM.Mul(-1), Rot: mgl64.QuatIdent()},
					Friction: p.Friction, Restitution: p.Restitution,
					Tag: int32(i),
				})
			}
		}
		def.Group = group
		if err := def.Validate(); err != nil {
			return b, fmt.Errorf("craft %s, part %q: %w", c.Name, p.Name, err)
		}
		id := w.AddBody(def)
		if id == physics.NoBody {
			return b, fmt.Errorf("craft %s, part %q: physics refused the body", c.Name, p.Name)
		}
		b.Bodies = append(b.Bodies, id)
		b.BodyCOM = append(b.BodyCOM, mp.COM)
		shapes := make([]*geom.Polyhedron, 0, len(p.Shapes))
		for _, s := range p.Shapes {
			if s.Poly != nil {
				shapes = append(shapes, transformPolyhedron(s.Poly, mp.COM.Mul(-1), mgl64.QuatIdent()))
			}
		}
		b.Shapes = append(b.Shapes, shapes)
	}
	world := func(x mgl64.Vec3) mgl64.Vec3 { return at.Position.Add(q.Rotate(x)) }
	for _, j := range c.Joints {
		A, B := b.Bodies[j.A], b.Bodies[j.B]
		var id physics.JointID
		var err error
		switch j.Kind {
		case JointHinge:
			id, err = w.AddHinge(physics.HingeDef{
				A: A, B: B, Anchor: world(j.Anchor), Axis: q.Rotate(j.Axis),
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
			return b, fmt.Errorf("craft %s, joint %q: %w", c.Name, j.Name, err)
		}
		b.Joints = append(b.Joints, id)
	}
	for _, t := range c.Thrusters {
		p := &c.Parts[t.Part]
		b.Thrusters = append(b.Thrusters, BodyThruster{
			Body:      b.Bodies[t.Part],
			Point:     b.toBody(t.Part, t.Position),
			Direction: p.Orientation.Inverse().Rotate(t.Direction),
		})
	}
	for _, pt := range c.Ports {
		p := &c.Parts[pt.Part]
		inv := p.Orientation.Inverse()
		b.Ports = append(b.Ports, BodyPort{
			Body: b.Bodies[pt.Part], Point: b.toBody(pt.Part, pt.Position),
			Axis: inv.Rotate(pt.Axis), Up: inv.Rotate(pt.Up),
		})
	}
	return b, nil
}
