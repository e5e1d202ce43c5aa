package physics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Bodies: their creation data (BodyDef), runtime data, the per-stage data
// the solvers read, and the public view (Body).

// BodyID names a body of a World. IDs are indices, stable for the life of the
// world (bodies are never removed; Clear forgets them all).
type BodyID int32

// NoBody is the invalid BodyID: AddBody returns it for a bad BodyDef, and a
// joint whose B is NoBody is attached to the fixed world frame.
const NoBody BodyID = -1

// BodyDef is the creation data of a rigid body. It is plain data.
type BodyDef struct {
	Name string // for error reports and debugging

	// Mass in kg. Mass 0 makes a static body (inverse mass and inverse
	// inertia 0): it never moves, joints and contacts treat it as immovable.
	Mass float64
	// Inertia in kg m² about the centre of mass, in body coordinates. A full
	// symmetric positive-definite 3×3 matrix; ignored for static bodies.
	Inertia mgl64.Mat3

	Position        mgl64.Vec3 // centre of mass in the world, m
	Orientation     mgl64.Quat // body → world; normalised; the zero value means identity
	Velocity        mgl64.Vec3 // of the centre of mass, world frame, m/s
	AngularVelocity mgl64.Vec3 // world frame, rad/s

	// Shapes are the body's convex collision pieces, placed in the body
	// frame (origin at the centre of mass). None: the body never collides.
	Shapes []ShapeDef
	// Group: bodies with the same non-zero group never collide with each
	// other (the parts of one craft). Bodies joined by a joint never collide
	// either.
	Group int32
}

// Validate reports why d cannot make a body, or nil.
func (d *BodyDef) Validate() error {
	if !finite(d.Mass) || d.Mass < 0 {
		return fmt.Errorf("%w: body %q: mass %v kg must be finite and ≥ 0", ErrBadDef, d.Name, d.Mass)
	}
	if !finite3(d.Position) || !finite3(d.Velocity) || !finite3(d.AngularVelocity) ||
		!finite(d.Orientation.W) || !finite3(d.Orientation.V) {
		return fmt.Errorf("%w: body %q: non-finite initial state", ErrBadDef, d.Name)
	}
	for i := range d.Shapes {
		if err := d.Shapes[i].validate(d.Name, i); err != nil {
			return err
		}
	}
	if d.Mass == 0 {
		return nil
	}
	m := d.Inertia
	for i := range m {
		if !finite(m[i]) {
			return fmt.Errorf("%w: body %q: non-finite inertia", ErrBadDef, d.Name)
		}
	}
	scale := math.Abs(m[0]) + math.Abs(m[4]) + math.Abs(m[8])
	if math.Abs(m[1]-m[3]) > 1e-9*scale || math.Abs(m[2]-m[6]) > 1e-9*scale || math.Abs(m[5]-m[7]) > 1e-9*scale {
		return fmt.Errorf("%w: body %q: inertia is not symmetric", ErrBadDef, d.Name)
	}
	// Positive definite: leading principal minors > 0.
	m1 := m[0]
	m2 := float64(m[0]*m[4]) - float64(m[1]*m[3])
	if m1 <= 0 || m2 <= 0 || fmath.Det(m) <= 0 {
		return fmt.Errorf("%w: body %q: inertia is not positive definite", ErrBadDef, d.Name)
	}
	return nil
}

// body is the runtime data of one rigid body.
type body struct {
	name           string
	static         bool
	m              float64    // kg (0 for static)
	invM           float64    // 1/kg (0 for static)
	i0             mgl64.Mat3 // inertia, body frame, kg m²
	invI0          mgl64.Mat3 // inverse inertia, body frame
	symFor         mgl64.Mat3 // the i0 that sym was found for (jointRate)
	sym            bool       // i0 is symmetric about an axis (axisymmetric)
	massVer        uint32     // counts SetMass calls (kept joint blocks check it)
	nJoint         int        // alive joints attached (topology)
	group          int32      // collision group (0 = none)
	contact        bool       // has contact points this step
	near           bool       // some contact point of it is within contactMargin (touching or about to)
	awake          bool       // dynamic and not asleep (island.go)
	sleepTime      float64    // how long it has been below the sleep thresholds, s
	stalls         int32      // as a free island's first body: its solves in a row whose sweeps ended at the cap (sequential.go)
	stallStep      int        // the step (Stats.Steps) that last counted stalls
	shape0, nShape int32      // its shapes

	// Its weld group (weld.go): −1 none; welded for a member other than
	// the group's root (left out of the solver); its centre of mass and
	// orientation in the group's frame.
	weld   int32
	welded bool
	wp     v3
	wq     quat
	wr     mgl64.Mat3
	boxR   float64 // largest distance of a corner of a shape's local bounds from the centre of mass
	shapeR float64 // largest distance of a shape vertex from the centre of mass
	// A static body's exact world box of its shapes at the pose worldBoxAt
	// (nearBodies).
	worldBox   geom.AABB
	worldBoxAt state
	worldBoxOK bool

	// Loads for the next Step, cleared after it.
	forceW, torqueW mgl64.Vec3 // world frame, N and N m (torque about the centre of mass)
	forceB, torqueB mgl64.Vec3 // body frame: they turn with the body inside the step
	force           mgl64.Vec3 // forceW + m g, for the step
	local           bool       // forceB or torqueB non-zero
	fc, tc          v3         // the bounded rows' impulses of the sub-step as a force and torque, N and N m
}

// state is one body's slice of the stacked RK4 state y = (c, q, v, ω).
type state struct {
	c v3   // centre of mass, m
	q quat // body → world
	v v3   // m/s
	w v3   // rad/s, world frame
}

// finite reports whether every number of the state is finite: x·0 is 0
// for a finite x and NaN for ±Inf or NaN, and a NaN stays NaN in a sum.
func (s *state) finite() bool {
	z := float64(s.c.x*0) + float64(s.c.y*0) + float64(s.c.z*0) + float64(s.q.w*0) + float64(s.q.x*0) + float64(s.q.y*0) + float64(s.q.z*0) +
		float64(s.v.x*0) + float64(s.v.y*0) + float64(s.v.z*0) + float64(s.w.x*0) + float64(s.w.y*0) + float64(s.w.z*0)
	return z == 0
}

// deriv is the time derivative of a state.
type deriv struct {
	c v3
	q quat
	v v3
	w v3
}

// stageBody is what one RK4 stage knows about a body: its normalised pose,
// loads, free acceleration and the velocity change from joint impulses.
type stageBody struct {
	c      v3
	r      mgl64.Mat3 // rotation body → world
	invI   mgl64.Mat3 // world inverse inertia (only for bodies with joints or contacts)
	v, w   v3         // stage velocity
	force  v3         // N, world, all loads
	torque v3         // N m, world, all loads incl. springs, without gyroscopic term
	a, alp v3         // free accelerations (loads + gyroscopic term)
}

// Body is a view of one body of a World: its methods read the current state.
// It stays valid while the world lives; a view of a bad id reads zeros.
type Body struct {
	w  *World
	id BodyID
}

func (b Body) ok() bool { return b.w != nil && b.w.validBody(b.id) }

// ID returns the body's id.
func (b Body) ID() BodyID { return b.id }

// Valid reports whether the view names a body of its world.
func (b Body) Valid() bool { return b.ok() }

// Name returns the BodyDef name.
func (b Body) Name() string {
	if !b.ok() {
		return ""
	}
	return b.w.bodies[b.id].name
}

// Static reports whether the body is static (mass 0).
func (b Body) Static() bool { return b.ok() && b.w.bodies[b.id].static }

// Position returns the centre of mass in the world, m.
func (b Body) Position() mgl64.Vec3 {
	if !b.ok() {
		return mgl64.Vec3{}
	}
	return b.w.y[b.id].c.vec()
}

// Orientation returns the unit quaternion body → world.
func (b Body) Orientation() mgl64.Quat {
	if !b.ok() {
		return mgl64.QuatIdent()
	}
	return b.w.y[b.id].q.mgl()
}

// Velocity returns the velocity of the centre of mass, m/s, world frame.
func (b Body) Velocity() mgl64.Vec3 {
	if !b.ok() {
		return mgl64.Vec3{}
	}
	return b.w.y[b.id].v.vec()
}

// AngularVelocity returns the angular velocity, rad/s, world frame.
func (b Body) AngularVelocity() mgl64.Vec3 {
	if !b.ok() {
		return mgl64.Vec3{}
	}
	return b.w.y[b.id].w.vec()
}

// Mass returns the mass in kg (0 for a static body).
func (b Body) Mass() float64 {
	if !b.ok() {
		return 0
	}
	return b.w.bodies[b.id].m
}

// InertiaBody returns the inertia about the centre of mass in body
// coordinates, kg m².
func (b Body) InertiaBody() mgl64.Mat3 {
	if !b.ok() {
		return mgl64.Mat3{}
	}
	return b.w.bodies[b.id].i0
}

// InertiaWorld returns the inertia about the centre of mass in world
// coordinates, R I0 Rᵀ, kg m².
func (b Body) InertiaWorld() mgl64.Mat3 {
	if !b.ok() {
		return mgl64.Mat3{}
	}
	r := quatMat3(b.w.y[b.id].q)
	return rotate3(&r, &b.w.bodies[b.id].i0)
}

// AngularMomentum returns I ω about the body's centre of mass, kg m²/s.
func (b Body) AngularMomentum() mgl64.Vec3 {
	if !b.ok() {
		return mgl64.Vec3{}
	}
	return b.w.spinMomentum(int(b.id))
}

// WorldPoint returns the world position of a point given in body coordinates.
func (b Body) WorldPoint(local mgl64.Vec3) mgl64.Vec3 {
	if !b.ok() {
		return local
	}
	s := &b.w.y[b.id]
	r := quatMat3(s.q)
	return s.c.vec().Add(mulMV(&r, local))
}

// WorldVector returns a body-frame direction in world coordinates.
func (b Body) WorldVector(local mgl64.Vec3) mgl64.Vec3 {
	if !b.ok() {
		return local
	}
	r := quatMat3(b.w.y[b.id].q)
	return mulMV(&r, local)
}

// LocalPoint returns the body coordinates of a world point.
func (b Body) LocalPoint(p mgl64.Vec3) mgl64.Vec3 {
	if !b.ok() {
		return p
	}
	s := &b.w.y[b.id]
	r := quatMat3(s.q)
	return mulMTV(&r, p.Sub(s.c.vec()))
}

// PointVelocity returns the world velocity of the body point at world
// position p, v + ω × (p − c), m/s.
func (b Body) PointVelocity(p mgl64.Vec3) mgl64.Vec3 {
	if !b.ok() {
		return mgl64.Vec3{}
	}
	s := &b.w.y[b.id]
	return s.v.vec().Add(cross(s.w.vec(), p.Sub(s.c.vec())))
}

// SetPosition moves the centre of mass (teleport; no effect on a static body's
// role). Joints attached will pull the body back.
func (b Body) SetPosition(p mgl64.Vec3) {
	if b.ok() && finite3(p) {
		b.w.y[b.id].c = v3of(p)
		b.w.moved(b.id)
		b.w.touchWeld(b.id)
	}
}

// SetOrientation sets the orientation (normalised).
func (b Body) SetOrientation(q mgl64.Quat) {
	if b.ok() && finite(q.W) && finite3(q.V) {
		b.w.y[b.id].q = normQuat(quatOf(q))
		b.w.moved(b.id)
		b.w.touchWeld(b.id)
	}
}

// SetVelocity sets the velocity, m/s, world frame. Ignored for static bodies.
func (b Body) SetVelocity(v mgl64.Vec3) {
	if b.ok() && !b.w.bodies[b.id].static && finite3(v) {
		b.w.y[b.id].v = v3of(v)
		b.w.wakeBody(b.id)
		b.w.touchWeld(b.id)
	}
}

// SetAngularVelocity sets ω, rad/s, world frame. Ignored for static bodies.
func (b Body) SetAngularVelocity(w mgl64.Vec3) {
	if b.ok() && !b.w.bodies[b.id].static && finite3(w) {
		b.w.y[b.id].w = v3of(w)
		b.w.wakeBody(b.id)
		b.w.touchWeld(b.id)
	}
}

// Asleep reports whether the body is dynamic and asleep (WorldDef.Sleep).
func (b Body) Asleep() bool {
	return b.ok() && !b.w.bodies[b.id].static && !b.w.bodies[b.id].awake
}

// moved wakes what a teleported body may disturb: the body, or every body
// when a static one moved (what rested on it has lost its support).
func (w *World) moved(id BodyID) {
	if w.bodies[id].static {
		w.wakeAll()
		return
	}
	w.wakeBody(id)
}
