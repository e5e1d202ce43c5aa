package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Frame is everything drawn in one frame, filled by the game. Render reads it
// and never modifies it or anything it points to.
type Frame struct {
	View     View       // the camera
	SunDir   mgl64.Vec3 // unit vector from the scene toward the sun (world); zero means (0.3, 0.8, 0.5)
	SunColor color.RGBA // the sunlight's colour; zero means a slightly warm white
	Ambient  float64    // light on faces turned away from the sun, 0…1; 0 means 0.3
	// Earthshine is the strength (0…1) of a faint blue light from below,
	// the Earth's, for scenes in orbit; 0 = none.
	Earthshine float64
	Quality    Quality // how the scene is drawn; the zero value is QualityHigh

	Bodies []Body   // craft, station, pad…
	Ground *Ground  // nil in open space
	Plumes []Plume  // thruster exhaust
	Marks  []Mark   // rings on the surface: the predicted landing point
	HUD    HUD      // text and instruments over the scene
	Debug  *Debug   // F3 overlay; nil when off
	Screen *Screen  // menu, pause or results page over everything; nil in flight
	Help   *Help    // help overlay (F1) over everything, the screen too; nil when closed
	Stars  StarMode // starfield drawing
	// SkyBodies draws the Sun (in SunDir) and the Earth: high in the sky
	// over a Ground, a great lit globe below in orbit.
	SkyBodies bool
	// Overlay: labelled lines and points in the world and a side panel
	// (the hangar); nil for none.
	Overlay *Overlay
}

// Quality selects how much work a frame's pixels get.
type Quality uint8

const (
	// QualityHigh lights every pixel of the craft (the lit Kage shader):
	// smooth highlights on metal and foil.
	QualityHigh Quality = iota
	// QualityLow lights the corners of each face on the CPU and
	// interpolates (Gouraud): the cheap fill shader for every pixel, for
	// software renderers.
	QualityLow
)

// String returns "high" or "low".
func (q Quality) String() string {
	if q == QualityLow {
		return "low"
	}
	return "high"
}

// StarMode selects how the starfield is drawn.
type StarMode int

const (
	StarsOn  StarMode = iota // stars fixed in the inertial frame
	StarsOff                 // black sky
)

// View is a camera pose and lens.
type View struct {
	Pos    mgl64.Vec3 // eye position, world (m)
	Orient mgl64.Quat // camera → world; the camera looks along its local −z with +y up
	FovY   float64    // vertical field of view (rad); 0 means 60°
	Near   float64    // near clipping distance (m); 0 means 0.05
}

// LookAt returns the orientation of a camera at eye looking at target with
// up as close to the given up vector as possible. If the view direction is
// parallel to up another up vector is chosen.
func LookAt(eye, target, up mgl64.Vec3) mgl64.Quat {
	f := target.Sub(eye)
	if f.Len() < 1e-12 {
		return mgl64.QuatIdent()
	}
	f = f.Normalize()
	r := f.Cross(up)
	if r.Len() < 1e-9*up.Len() || up.Len() == 0 {
		r = f.Cross(mgl64.Vec3{0, 0, 1})
		if r.Len() < 1e-6 {
			r = f.Cross(mgl64.Vec3{1, 0, 0})
		}
	}
	r = r.Normalize()
	u := r.Cross(f)
	return mat3Quat(mgl64.Mat3{r[0], r[1], r[2], u[0], u[1], u[2], -f[0], -f[1], -f[2]})
}

// mat3Quat converts a rotation matrix (columns = rotated axes) to a unit
// quaternion (Shepperd's method).
func mat3Quat(m mgl64.Mat3) mgl64.Quat {
	m00, m11, m22 := m.At(0, 0), m.At(1, 1), m.At(2, 2)
	tr := m00 + m11 + m22
	var q mgl64.Quat
	switch {
	case tr > 0:
		s := 0.5 / math.Sqrt(tr+1)
		q = mgl64.Quat{W: 0.25 / s, V: mgl64.Vec3{(m.At(2, 1) - m.At(1, 2)) * s, (m.At(0, 2) - m.At(2, 0)) * s, (m.At(1, 0) - m.At(0, 1)) * s}}
	case m00 > m11 && m00 > m22:
		s := 2 * math.Sqrt(1+m00-m11-m22)
		q = mgl64.Quat{W: (m.At(2, 1) - m.At(1, 2)) / s, V: mgl64.Vec3{0.25 * s, (m.At(0, 1) + m.At(1, 0)) / s, (m.At(0, 2) + m.At(2, 0)) / s}}
	case m11 > m22:
		s := 2 * math.Sqrt(1+m11-m00-m22)
		q = mgl64.Quat{W: (m.At(0, 2) - m.At(2, 0)) / s, V: mgl64.Vec3{(m.At(0, 1) + m.At(1, 0)) / s, 0.25 * s, (m.At(1, 2) + m.At(2, 1)) / s}}
	default:
		s := 2 * math.Sqrt(1+m22-m00-m11)
		q = mgl64.Quat{W: (m.At(1, 0) - m.At(0, 1)) / s, V: mgl64.Vec3{(m.At(0, 2) + m.At(2, 0)) / s, (m.At(1, 2) + m.At(2, 1)) / s, 0.25 * s}}
	}
	return q.Normalize()
}

// Body is one mesh placed in the world.
type Body struct {
	Mesh   *Mesh
	Pos    mgl64.Vec3 // body origin, world (m)
	Orient mgl64.Quat // body → world
	// Underlay draws the body before all ordinary bodies, like ground
	// markings: use it for flat things lying on the ground (a landing pad) so
	// that craft standing on them are never hidden by them.
	Underlay bool
	// Shadow: the body casts its shadow along the sun onto the ground and
	// the tops of Underlay bodies (Frame.Ground needed), and darkens other
	// bodies' pieces that it hides the sun from.
	Shadow bool
	// Ghost draws the body translucent (GhostAlpha), lit per corner and
	// casting no shadow: a recorded flight's craft flying beside the
	// player's.
	Ghost bool
}

// GhostAlpha is the opacity of a Ghost body's faces.
const GhostAlpha = 0.35

// Ground is a flat ground plane y = Height: a lunar surface of mottled
// regolith shaded by craters, with rocks strewn on it away from the pads,
// all from Seed (the craters are light and shade only: the plane stays
// flat; the rocks are drawn, not solid). Plain draws a checker instead,
// whose tiles grow with the camera's height.
type Ground struct {
	Height float64     // plane height, world y (m)
	Tile   float64     // grid cell edge at low altitude (m); 0 means 4
	Color  color.Color // base colour; nil means grey-brown regolith
	Seed   uint64      // the surface's pattern: craters and rocks
	Plain  bool        // a checker, no craters or rocks
	// Cleared lists discs (x, z, radius; m) where no rocks are strewn:
	// solid rocks lie there, drawn as Bodies where they collide.
	Cleared [][3]float64
}

// Plume is the exhaust of one thruster.
type Plume struct {
	Pos    mgl64.Vec3 // nozzle exit centre, world (m)
	Dir    mgl64.Vec3 // direction the exhaust flows (world, any length > 0)
	Level  float64    // current thrust over maximum thrust, 0…1
	Length float64    // plume length at full thrust (m); 0 means 1.5
	Radius float64    // nozzle exit radius (m); 0 means Length/8
}
