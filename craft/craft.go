package craft

// A validated craft and its parts, shapes, joints, thrusters, tanks and
// ports, with their mass properties (parse.go builds one from a file).

import (
	"image/color"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// Limits against hostile or broken files.
const (
	MaxParts          = 64
	MaxShapesPerPart  = 16
	MaxVisualsPerPart = 32
	MaxThrusters      = 256
	MaxJoints         = 256
	MaxTanks          = 64
	MaxPorts          = 16
	MaxHullPoints     = 1024
	MaxCylinderSides  = 64
	MaxFailures       = 64   // [[failure]] entries in a mission
	MaxMagnitude      = 1e9  // largest absolute value of any number in a file
	AnchorTolerance   = 0.25 // m: how far a joint anchor may lie outside each of its parts
	standardGravityG0 = 9.80665
)

// Lengths of strings in a file, in characters: a name (of a craft, part,
// thruster, mission …) and every other string but these: a description or
// briefing, a craft named in a mission, and a line for the HUD (a
// lesson's).
const (
	MaxNameLength = 64
	MaxTextLength = 4000
	MaxRefLength  = 256
	MaxLineLength = 160
)

// Craft is a validated craft: its parts with computed mass properties,
// joints, thrusters, tanks and ports. Everything is in SI units and radians;
// positions and directions are in the craft frame (y up, as built) unless a
// doc comment says otherwise. A Craft is plain data: the game turns it into
// physics bodies and must not change it (it may be shared by the library).
type Craft struct {
	Name        string // display name
	Description string
	File        string // where it was loaded from, for messages

	Parts     []Part
	Joints    []Joint
	Thrusters []Thruster
	Tanks     []Tank
	Ports     []Port
}

// Part roles (Part.Role).
const (
	RoleHull      = "hull"
	RoleLeg       = "leg"
	RoleFoot      = "foot"
	RoleAdapter   = "adapter"
	RoleEngine    = "engine"
	RoleTank      = "tank"
	RoleStructure = "structure"
)

// Part is one rigid part, which becomes one physics body.
type Part struct {
	Name string
	Role string // one of the Role constants

	// Pose of the part frame in the craft frame.
	Position    mgl64.Vec3 // m
	Orientation mgl64.Quat // part frame → craft frame

	Shapes      []Shape
	Friction    float64 // Coulomb coefficient
	Restitution float64 // 0 … 1
	Colour      color.RGBA
	Finish      string // one of the Finish constants

	// Visuals are shapes that are only drawn: no mass, no collision. Their
	// Unit and Volume are zero.
	Visuals []Shape

	// Dry mass properties in the part frame (COM in m, inertia about the COM
	// along part axes in kg·m²). Use Craft.PartMass for the mass with fuel.
	Dry MassProps

	Tanks []int // indices into Craft.Tanks of the tanks this part holds
}

// Surface finishes (Part.Finish, Shape.Finish): how a surface takes the
// light, for drawing only.
const (
	FinishPaint = "paint" // matt
	FinishMetal = "metal" // bright highlight tinted by the colour
	FinishFoil  = "foil"  // crinkled insulation foil: broad, bright highlight
	FinishSolar = "solar" // solar cells: dark and glossy
	FinishLight = "light" // a lamp: lit by itself
)

// Shape kinds (Shape.Kind).
const (
	ShapeBox      = "box"
	ShapeCylinder = "cylinder"
	ShapeHull     = "hull"
)

// Shape is one convex piece of a part.
type Shape struct {
	Kind     string     // ShapeBox, ShapeCylinder or ShapeHull
	Size     mgl64.Vec3 // box: full edge lengths (m)
	Radius   float64    // cylinder (m)
	Length   float64    // cylinder, along the shape's y axis (m)
	Segments int        // cylinder: sides of the collision polygon
	Points   []mgl64.Vec3

	// Pose of the shape in the part frame.
	Position    mgl64.Vec3
	Orientation mgl64.Quat

	// Colour and Finish of the shape: its own, or else the part's.
	Colour color.RGBA
	Finish string

	// Poly is the collision polyhedron in the part frame.
	Poly *geom.Polyhedron
	// Volume of the solid the mass is computed from (m³): for a cylinder the
	// true circular cylinder, not the polygon.
	Volume float64
	// Unit is the shape's mass properties at density 1 kg/m³ in the part
	// frame (so Unit.Mass == Volume).
	Unit MassProps
}

// Joint kinds (Joint.Kind).
const (
	JointHinge = "hinge"
	JointBall  = "ball"
	JointFixed = "fixed"
)

// Joint connects parts A and B. Anchor and Axis are in the craft frame as
// built; the hinge angle is 0 as built and positive for a right-handed
// rotation of B relative to A about Axis.
type Joint struct {
	Name   string
	Kind   string // JointHinge, JointBall or JointFixed
	A, B   int    // part indices
	Anchor mgl64.Vec3
	Axis   mgl64.Vec3 // unit; hinge only

	HasLimits          bool
	MinAngle, MaxAngle float64 // rad
	Stiffness          float64 // N·m/rad; 0 = no spring
	Damping            float64 // N·m·s/rad
	RestAngle          float64 // rad
	MotorSpeed         float64 // rad/s
	MotorMaxTorque     float64 // N·m; 0 = no motor
	BreakImpulse       float64 // N·s; 0 = unbreakable
}

// Thruster groups (Thruster.Group).
const (
	GroupRCS  = "rcs"
	GroupMain = "main"
)

// Thruster pushes its part with up to MaxThrust along Direction at Position
// (both craft frame).
type Thruster struct {
	Name      string
	Part      int
	Position  mgl64.Vec3 // m
	Direction mgl64.Vec3 // unit: direction of the force on the craft
	MaxThrust float64    // N
	Isp       float64    // s
	Group     string     // GroupRCS or GroupMain
	Tank      int        // index into Craft.Tanks, -1 = none
}

// MassFlow returns the propellant flow at full thrust (kg/s):
// MaxThrust / (Isp · g0).
func (t *Thruster) MassFlow() float64 { return t.MaxThrust / (t.Isp * standardGravityG0) }

// Tank holds propellant inside a part.
type Tank struct {
	Name     string
	Part     int
	Fuel     float64 // initial propellant (kg)
	Capacity float64 // kg
	// Unit is the mass properties of 1 kg of propellant in the part frame:
	// spread uniformly over the tank's shape (or the part's shapes).
	Unit MassProps
}

// Port is a docking port. Position, Axis and Up are in the craft frame.
type Port struct {
	Name          string
	Part          int
	Position      mgl64.Vec3 // centre of the docking face (m)
	Axis          mgl64.Vec3 // unit, outward
	Up            mgl64.Vec3 // unit, perpendicular to Axis
	CaptureRadius float64    // m
}

// PartIndex returns the index of the part with the given name, or -1.
func (c *Craft) PartIndex(name string) int {
	return slices.IndexFunc(c.Parts, func(p Part) bool { return p.Name == name })
}

// PortIndex returns the index of the port with the given name, or -1.
func (c *Craft) PortIndex(name string) int {
	return slices.IndexFunc(c.Ports, func(p Port) bool { return p.Name == name })
}

// InitialFuel returns the propellant of every tank at the start (kg),
// indexed like Tanks.
func (c *Craft) InitialFuel() []float64 {
	f := make([]float64, len(c.Tanks))
	for i, t := range c.Tanks {
		f[i] = t.Fuel
	}
	return f
}

// PartMass returns the mass properties of part i in its part frame with the
// given propellant in each tank (kg, indexed like Tanks; nil = the initial
// fuel). Burning fuel moves the centre of mass when a tank fills only one
// shape of a compound part.
func (c *Craft) PartMass(i int, fuel []float64) MassProps {
	p := &c.Parts[i]
	if len(p.Tanks) == 0 {
		return p.Dry
	}
	var buf [8]MassProps // a part with up to 7 tanks combines without allocating (MassOf, every tick that burns)
	ms := append(buf[:0], p.Dry)
	for _, ti := range p.Tanks {
		f := c.Tanks[ti].Fuel
		if fuel != nil {
			f = max(fuel[ti], 0)
		}
		ms = append(ms, c.Tanks[ti].Unit.Scale(f))
	}
	return Combine(ms...)
}

// MassProps returns the whole craft's mass properties in the craft frame as
// built, with the given fuel (nil = initial).
func (c *Craft) MassProps(fuel []float64) MassProps {
	var buf [16]MassProps // a craft of up to 16 parts combines without allocating (the game's centre-of-mass refresh)
	ms := buf[:0]
	for i := range c.Parts {
		ms = append(ms, c.PartMass(i, fuel).Transform(c.Parts[i].Position, c.Parts[i].Orientation))
	}
	return Combine(ms...)
}

// Scale returns m with mass and inertia multiplied by k (same COM).
func (m MassProps) Scale(k float64) MassProps {
	return MassProps{Mass: m.Mass * k, COM: m.COM, Inertia: m.Inertia.Mul(k)}
}
