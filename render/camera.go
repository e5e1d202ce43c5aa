package render

import (
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"
)

// CameraMode selects how the camera follows the craft.
type CameraMode int

const (
	// CameraChase sits behind the craft's nose heading, above it, with world
	// up kept level; drag/keys swing it around, the wheel zooms.
	CameraChase CameraMode = iota
	// CameraOrbit circles the craft at angles fixed in the world, so the
	// craft's own rotation is plain to see.
	CameraOrbit
	// CameraDocking looks out from the docking port along its axis, rolled
	// with the port's up vector; draw HUD.Crosshair with it.
	CameraDocking
	// CameraFree flies on its own: Move translates, Look turns.
	CameraFree
	cameraModes
)

var cameraNames = [...]string{"CHASE", "ORBIT", "DOCKING", "FREE"}

// ParseCameraMode returns the mode named s ("chase", "orbit", "docking",
// "free", in any case).
func ParseCameraMode(s string) (CameraMode, bool) {
	for m, n := range cameraNames {
		if strings.EqualFold(n, s) {
			return CameraMode(m), true
		}
	}
	return 0, false
}

// String returns the mode's HUD name.
func (m CameraMode) String() string {
	if m >= 0 && m < cameraModes {
		return cameraNames[m]
	}
	return "CAMERA?"
}

// CameraTarget is what the camera follows, from the game's state.
type CameraTarget struct {
	Pos    mgl64.Vec3 // craft centre of mass, world (m)
	Orient mgl64.Quat // craft body → world
	Radius float64    // bounding radius about Pos: chase and orbit stay outside it (m)
	Nose   mgl64.Vec3 // craft's nose axis in body coordinates; zero means +z

	PortPos  mgl64.Vec3 // docking port centre, world (m); used by CameraDocking
	PortAxis mgl64.Vec3 // port's outward axis, world
	PortUp   mgl64.Vec3 // port's roll reference, world
	// Docked: the port is latched to another, so looking out of it is
	// looking into the other craft: CameraDocking shows the chase view.
	Docked bool

	HasGround bool    // keep the camera above the ground plane
	GroundY   float64 // ground height (m)

	// Goal is what the pilot flies to (the pad's centre, the target port),
	// world (m); HasGoal says there is one. While it is further than
	// GoalNear (m; 0 means half the radius) the chase camera looks past the
	// craft towards it.
	Goal     mgl64.Vec3
	HasGoal  bool
	GoalNear float64
	// Keep are more things the chase camera keeps in the safe area while
	// it frames the craft and the goal (the touchdown ring).
	Keep []Sphere
}

// Sphere is a thing a camera frames: its centre (world, m) and radius (m).
type Sphere struct {
	Centre mgl64.Vec3
	Radius float64
}

// goalRadius is the radius the cameras frame a goal point with (m).
const goalRadius = 0.5

// goalFill is the share of the safe area the chase camera lets craft and
// goal fill, along its fuller side: the rest is a margin round them.
const goalFill = 0.85

// CameraInput is the camera part of one tick's input, as plain values.
type CameraInput struct {
	Cycle bool       // switch to the next mode (the C key)
	Yaw   float64    // swing left/right this tick (rad): orbit angle, or free-camera turn
	Pitch float64    // swing up/down this tick (rad)
	Zoom  float64    // wheel steps this tick; positive moves closer
	Move  mgl64.Vec3 // free camera: translation this tick in camera axes (m)
}

// Camera turns a followed craft and input into a View. The game calls
// Update once per fixed tick and hands View() to Frame.View. It is pure Go
// and has no other state than its own.
type Camera struct {
	Mode CameraMode
	FovY float64 // vertical field of view (rad); 0 means 60°
	// Follow is the smoothing rate of the chase heading (1/s): the camera
	// closes 1−e^(−Follow·dt) of the gap each tick. 0 means 4.
	Follow float64

	// Screen is the size of the screen the view is drawn on (px): the
	// chase, orbit and docking cameras put what they frame in its HUD's
	// safe area (SafeArea), clear of every panel. Zero means 1280×720.
	Screen [2]int

	yaw, pitch float64 // chase: offsets from behind; orbit: world angles (rad)
	dist       float64 // distance from the target (m)
	heading    float64 // smoothed chase heading: azimuth of the nose (rad)
	headingSet bool
	view       View     // the current view
	keep       []Sphere // what the view frames, reused
}

// NewCamera returns a chase camera.
func NewCamera() *Camera {
	return &Camera{Mode: CameraChase, pitch: 0.25, dist: 0}
}

// View returns the camera's current view.
func (c *Camera) View() View { return c.view }

// Update advances the camera by one tick of dt seconds.
func (c *Camera) Update(dt float64, t CameraTarget, in CameraInput) {
	if in.Cycle {
		prev := c.Mode
		c.Mode = (c.Mode + 1) % cameraModes
		if c.Mode == CameraOrbit && prev == CameraChase {
			// Start the orbit where the chase camera is.
			off := c.view.Pos.Sub(t.Pos)
			if off.Len() > 1e-9 {
				c.yaw = math.Atan2(off[0], off[2])
				c.pitch = math.Asin(clamp(off[1]/off.Len(), -1, 1))
			}
		}
		if c.Mode == CameraChase {
			c.yaw, c.pitch = 0, 0.25
		}
	}
	radius := t.Radius
	if !(radius > 0) {
		radius = 1
	}
	minDist := 1.3*radius + 0.2
	if c.dist == 0 {
		c.dist = c.fitDistance(radius)
	}
	if in.Zoom != 0 {
		c.dist *= math.Pow(0.9, in.Zoom)
	}
	c.dist = clamp(c.dist, minDist, 5000)
	c.view.FovY = c.FovY
	c.view.Near = clamp(0.02*radius, 0.02, 0.5)

	mode := c.Mode
	if mode == CameraDocking && t.Docked {
		mode = CameraChase
	}
	switch mode {
	case CameraChase:
		c.yaw = wrapAngle(c.yaw + in.Yaw)
		c.pitch = clamp(c.pitch+in.Pitch, -1.4, 1.4)
		near := t.GoalNear
		if !(near > 0) {
			near = goalNear * radius
		}
		if t.HasGoal && t.Goal.Sub(t.Pos).Len() > near {
			c.chaseGoal(dt, t)
			break
		}
		nose := t.Nose
		if nose.Len() < 1e-12 {
			nose = mgl64.Vec3{0, 0, 1}
		}
		n := quatMat(t.Orient).Mul3x1(nose)
		if math.Hypot(n[0], n[2]) > 0.05 { // nose not vertical: follow its azimuth
			h := math.Atan2(n[0], n[2])
			if !c.headingSet {
				c.heading, c.headingSet = h, true
			}
			k := c.Follow
			if !(k > 0) {
				k = 4
			}
			a := 1 - math.Exp(-k*dt)
			c.heading = wrapAngle(c.heading + a*wrapAngle(h-c.heading))
		}
		// Behind the nose: azimuth heading+π, plus the player's swing.
		az := c.heading + math.Pi + c.yaw
		c.place(t, az, c.pitch, t.HasGoal)
	case CameraOrbit:
		c.yaw = wrapAngle(c.yaw + in.Yaw)
		c.pitch = clamp(c.pitch+in.Pitch, -1.5, 1.5)
		c.place(t, c.yaw, c.pitch, false)
	case CameraDocking:
		axis := t.PortAxis
		if axis.Len() < 1e-12 {
			axis = quatMat(t.Orient).Mul3x1(mgl64.Vec3{0, 0, 1})
		}
		axis = axis.Normalize()
		up := t.PortUp
		if up.Len() < 1e-12 {
			up = mgl64.Vec3{0, 1, 0}
		}
		c.view.Pos = t.PortPos.Add(axis.Mul(0.05))
		c.view.Near = 0.02
		// The port's axis at the safe area's centre, where the HUD draws
		// the crosshair: turn the view by the rotation that takes that
		// centre's direction onto the view axis.
		x0, x1, y0, y1 := c.safe()
		centre := mgl64.Vec3{(x0 + x1) / 2, (y0 + y1) / 2, -1}.Normalize()
		shift := mgl64.QuatBetweenVectors(centre, mgl64.Vec3{0, 0, -1})
		c.view.Orient = LookAt(c.view.Pos, c.view.Pos.Add(axis), up).Mul(shift).Normalize()
	case CameraFree:
		if c.view.Orient == (mgl64.Quat{}) {
			c.view.Orient = mgl64.QuatIdent()
		}
		// Turn about world up (yaw) and the camera's right axis (pitch).
		q := mgl64.QuatRotate(-in.Yaw, mgl64.Vec3{0, 1, 0}).Mul(c.view.Orient)
		right := quatMat(q).Mul3x1(mgl64.Vec3{1, 0, 0})
		q = mgl64.QuatRotate(in.Pitch, right).Mul(q).Normalize()
		c.view.Orient = q
		c.view.Pos = c.view.Pos.Add(quatMat(q).Mul3x1(in.Move))
		// Never inside the craft.
		off := c.view.Pos.Sub(t.Pos)
		if l := off.Len(); l < minDist {
			if l < 1e-9 {
				off = mgl64.Vec3{0, 0, 1}
				l = 1
			}
			c.view.Pos = t.Pos.Add(off.Mul(minDist / l))
		}
		c.keepAboveGround(t)
	}
}

// goalNear: by default the chase camera looks towards the goal while it is
// more than this many craft radii away (closer, the craft is at its goal).
const goalNear = 0.5

// goalLift is how far above the line from the goal through the craft the
// chase camera sits (rad), so that the craft does not hide the goal; up to
// goalLiftNear more as the goal comes within goalClose craft radii.
const (
	goalBack     = 2 // distance, relative to the chase camera's
	goalLift     = 0.3
	goalLiftNear = 0.45
	goalClose    = 6
)

// chaseGoal places the chase camera behind the craft as seen from the goal,
// lifted by goalLift plus the player's swing, and turns it so that craft
// and goal (and what else it keeps) are in the HUD's safe area — backing
// off until they fit: the pad below a descending lander, the station's
// port beyond the shuttle.
func (c *Camera) chaseGoal(dt float64, t CameraTarget) {
	back := t.Pos.Sub(t.Goal)
	d := back.Len()
	back = back.Mul(1 / d)
	if h := math.Hypot(back[0], back[2]); h > 0.05 {
		az := math.Atan2(back[0], back[2])
		if !c.headingSet {
			c.heading, c.headingSet = az+math.Pi, true
		}
		k := c.Follow
		if !(k > 0) {
			k = 4
		}
		// c.heading is the azimuth the camera looks along (the chase
		// convention): opposite to where it sits.
		c.heading = wrapAngle(c.heading + (1-math.Exp(-k*dt))*wrapAngle(az+math.Pi-c.heading))
	}
	lift := goalLift + goalLiftNear*max(0, 1-d/(goalClose*max(t.Radius, 0.5)))
	// Over ground the camera stays above the craft's level, a little below
	// at most; in space it may sit well below, as behind a shuttle coming
	// up the R-bar to a station overhead — held at −0.3 rad it looked at
	// the station past a craft 70° away, backed off until the shuttle was
	// a few pixels.
	lowest := -0.3
	if !t.HasGround {
		lowest = -1.2
	}
	el := clamp(math.Asin(clamp(back[1], -1, 1))+lift+c.pitch-0.25, lowest, 0.8)
	az := c.heading + math.Pi + c.yaw
	off := mgl64.Vec3{math.Cos(el) * math.Sin(az), math.Sin(el), math.Cos(el) * math.Cos(az)}
	// Further back than the plain chase view, so that craft and goal both
	// fit in the safe area; further still when they do not.
	c.view.Pos = t.Pos.Add(off.Mul(c.dist * goalBack))
	c.keepAboveGround(t)
	c.frameAll(t, t.Goal.Sub(c.view.Pos).Normalize().Add(t.Pos.Sub(c.view.Pos).Normalize()))
}

// frameAll turns the camera, from where it stands, onto the craft, the goal
// and what else t keeps, starting from the view direction fwd, and backs it
// off from the craft until they fit in goalFill of the safe area.
func (c *Camera) frameAll(t CameraTarget, fwd mgl64.Vec3) {
	keep := append(c.keep[:0], Sphere{t.Pos, max(t.Radius, 0.5)}, Sphere{t.Goal, goalRadius})
	keep = append(keep, t.Keep...)
	c.keep = keep
	for range 6 {
		fill := c.aim(keep, fwd)
		if fill <= goalFill {
			break
		}
		c.view.Pos = t.Pos.Add(c.view.Pos.Sub(t.Pos).Mul(fill / goalFill * 1.02))
		c.keepAboveGround(t)
	}
}

// fitDistance is how far from a craft of radius r the plain chase and
// orbit cameras stand at first: where the craft fills nine tenths of the
// safe area's smaller side.
func (c *Camera) fitDistance(r float64) float64 {
	x0, x1, y0, y1 := c.safe()
	half := min(math.Atan(x1)-math.Atan(x0), math.Atan(y1)-math.Atan(y0)) / 2
	return r / math.Sin(0.9*half)
}

// safe is the HUD's safe area on the camera's screen as tangents of the
// angles from the view axis (safeLens).
func (c *Camera) safe() (x0, x1, y0, y1 float64) {
	return safeLens(c.Screen[0], c.Screen[1], View{FovY: c.FovY})
}

// aim turns the camera, level with world up, so that the spheres keep
// seen from where it stands are centred in the safe area, starting from
// the view direction fwd. It returns how many times over the safe area
// their extent is, along its fuller side (≤ 1: they fit). Spheres behind
// the camera or around it are left out.
//
// Seen from the eye, a sphere's extent across the view is its centre's
// angle ± asin(radius / distance) in each of the view's two planes, and on
// the screen the tangents of those; the camera turns (yaw about world up,
// then pitch about its right axis) by the angle between the extent's
// middle and the safe area's, a few times over, as each turn moves the
// other plane's angles a little.
func (c *Camera) aim(keep []Sphere, fwd mgl64.Vec3) (fill float64) {
	eye := c.view.Pos
	x0, x1, y0, y1 := c.safe()
	up := mgl64.Vec3{0, 1, 0}
	f := fwd
	if !(f.Len() > 1e-12) || !finite3(f) {
		f = keep[0].Centre.Sub(eye)
	}
	f = f.Normalize()
	const edge = math.Pi/2 - 0.01 // a tangent stays finite
	for range 10 {
		right := f.Cross(up)
		if right.Len() < 1e-3 { // looking straight up or down: no level view to turn
			break
		}
		right = right.Normalize()
		u := right.Cross(f)
		lo, hi := [2]float64{math.Inf(1), math.Inf(1)}, [2]float64{math.Inf(-1), math.Inf(-1)}
		for _, s := range keep {
			d := s.Centre.Sub(eye)
			z := d.Dot(f)
			if !(z > s.Radius) {
				continue
			}
			for i, across := range [2]float64{d.Dot(right), d.Dot(u)} {
				a := math.Atan2(across, z)
				half := math.Asin(min(1, s.Radius/math.Hypot(across, z)))
				lo[i] = min(lo[i], math.Tan(max(a-half, -edge)))
				hi[i] = max(hi[i], math.Tan(min(a+half, edge)))
			}
		}
		if math.IsInf(lo[0], 1) {
			break
		}
		fill = max((hi[0]-lo[0])/(x1-x0), (hi[1]-lo[1])/(y1-y0))
		dx := math.Atan((lo[0]+hi[0])/2) - math.Atan((x0+x1)/2)
		dy := math.Atan((lo[1]+hi[1])/2) - math.Atan((y0+y1)/2)
		if math.Abs(dx) < 1e-7 && math.Abs(dy) < 1e-7 {
			break
		}
		f = mgl64.QuatRotate(-dx, up).Rotate(mgl64.QuatRotate(dy, right).Rotate(f)).Normalize()
	}
	c.view.Orient = LookAt(eye, eye.Add(f), up)
	return fill
}

// SetOrbit switches to the orbit camera at world azimuth yaw and elevation
// pitch (rad): a view fixed in the world, where a tumble shows.
func (c *Camera) SetOrbit(yaw, pitch float64) {
	c.Mode = CameraOrbit
	c.yaw, c.pitch = wrapAngle(yaw), clamp(pitch, -1.5, 1.5)
}

// place puts the camera at distance c.dist from the target at azimuth az
// (from +z towards +x) and elevation el, with world up level, the craft
// in the middle of the safe area — and, with goal set, the goal and what
// else t keeps too, further back when they do not fit (near the goal: the
// chase camera looks past a goal further away).
func (c *Camera) place(t CameraTarget, az, el float64, goal bool) {
	off := mgl64.Vec3{math.Cos(el) * math.Sin(az), math.Sin(el), math.Cos(el) * math.Cos(az)}
	c.view.Pos = t.Pos.Add(off.Mul(c.dist))
	c.keepAboveGround(t)
	if goal {
		c.frameAll(t, t.Pos.Sub(c.view.Pos))
		return
	}
	c.keep = append(c.keep[:0], Sphere{t.Pos, max(t.Radius, 0.5)})
	c.aim(c.keep, t.Pos.Sub(c.view.Pos))
}

func (c *Camera) keepAboveGround(t CameraTarget) {
	if t.HasGround {
		c.view.Pos[1] = max(c.view.Pos[1], t.GroundY+0.5)
	}
}

func clamp(x, lo, hi float64) float64 {
	if math.IsNaN(x) {
		return lo
	}
	return min(max(x, lo), hi)
}

// wrapAngle returns a in (−π, π].
func wrapAngle(a float64) float64 {
	if math.IsNaN(a) || math.IsInf(a, 0) {
		return 0
	}
	a = math.Mod(a, 2*math.Pi)
	if a > math.Pi {
		a -= 2 * math.Pi
	} else if a <= -math.Pi {
		a += 2 * math.Pi
	}
	return a
}
