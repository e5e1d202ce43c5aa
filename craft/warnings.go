package craft

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Warning is something a craft file may legally say but its author most
// likely did not mean: the craft loads and flies, and flies badly. Check
// prints warnings after a file's summary line; they never change its exit
// code. The hangar shows them beside the craft.
type Warning struct {
	File      string // where the craft was loaded from
	Line, Col int    // position of Path in the file (1-based); 0 when unknown
	Path      string // key path it is about, e.g. "joint[2].part_a"; "" for the whole craft
	Code      string // stable name of the kind of warning (the Warn constants)
	Msg       string
}

// Kinds of warning (Warning.Code).
const (
	WarnNoFeet       = "no-feet"        // legs but no foot parts, or a landing mission's craft without feet
	WarnThrustOffCOM = "thrust-off-com" // the main engines' thrust line misses the centre of mass
	WarnJointOrder   = "joint-order"    // a joint's moving part is on part_a
	WarnExhaustHits  = "exhaust-hits"   // a thruster's exhaust runs into a part of its own craft
	WarnNoAuthority  = "no-authority"   // the RCS cannot turn the craft about an axis (the game's allocator decides: game/hangar)
)

// ThrustMissFraction is how far the main engines' line of thrust may pass
// from the centre of mass (wet or dry), as a fraction of the craft's radius
// about it, before Warnings complains: 1 %. The game's RCS trims what it
// can of the engines' torque, but a miss beyond this turns a lander over
// or spends its RCS propellant holding it straight.
const ThrustMissFraction = 0.01

// exhaustStart is how far downstream of a thruster's position its exhaust
// is traced from (m): a nozzle written on the surface of its part, or just
// inside it, does not count as firing into it.
const exhaustStart = 0.01

// String formats w as FILE:LINE:COL: path: warning: message (with nothing
// unprintable in it).
func (w *Warning) String() string {
	var b strings.Builder
	b.WriteString(Printable(w.File))
	if w.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", w.Line, w.Col)
	}
	b.WriteString(": ")
	if w.Path != "" {
		b.WriteString(Printable(w.Path) + ": ")
	}
	b.WriteString("warning: " + Printable(w.Msg))
	return b.String()
}

// Warnings returns the craft's warnings that need nothing but the craft:
// legs without feet, a main thrust line that misses the centre of mass,
// joints with their moving part on part_a, and exhaust that runs into the
// craft's own parts. They carry File and Path; Locate adds the lines.
func (c *Craft) Warnings() []Warning {
	var ws []Warning
	add := func(path, code, format string, args ...any) {
		ws = append(ws, Warning{File: c.File, Path: path, Code: code, Msg: fmt.Sprintf(format, args...)})
	}
	legs, feet := 0, 0
	for _, p := range c.Parts {
		switch p.Role {
		case RoleLeg:
			legs++
		case RoleFoot:
			feet++
		}
	}
	if legs > 0 && feet == 0 {
		add("part", WarnNoFeet, "%s but no part with role \"foot\": only feet may touch a landing pad, so this craft can never land", count(legs, "leg"))
	}
	c.warnThrustLine(add)
	c.warnJointOrder(add)
	c.warnExhaust(add)
	return ws
}

// MissionWarnings returns the warnings a mission adds to its crafts': a
// landing mission whose player craft has no foot parts.
func (m *Mission) MissionWarnings() []Warning {
	if m.Kind != KindLand || m.Player.Spec == nil {
		return nil
	}
	for _, p := range m.Player.Spec.Parts {
		if p.Role == RoleFoot {
			return nil
		}
	}
	return []Warning{{File: m.File, Path: "player.craft", Code: WarnNoFeet,
		Msg: fmt.Sprintf("craft %q has no part with role \"foot\": only feet may touch the pad, so this landing can never succeed", m.Player.Spec.Name)}}
}

// Radius returns the distance from point c (craft frame) to the farthest
// vertex of the craft's collision shapes (m); 0 for a craft without shapes.
func (c *Craft) Radius(about mgl64.Vec3) float64 {
	r := 0.0
	for _, p := range c.Parts {
		for _, s := range p.Shapes {
			if s.Poly == nil {
				continue
			}
			for _, x := range s.Poly.Verts {
				r = max(r, fmath.Len(p.Position.Add(fmath.Rotate(p.Orientation, x)).Sub(about)))
			}
		}
	}
	return r
}

// DryFuel returns a fuel vector (indexed like Tanks) with every tank empty.
func (c *Craft) DryFuel() []float64 { return make([]float64, len(c.Tanks)) }

// ThrustMiss returns how far the line of the main engines' total thrust
// at full throttle passes from the point com (m): |τ|/|F| with F the total
// force and τ its torque about com (a torque along F, from canted engines,
// counts too: it rolls the craft). It returns 0, false without main engines
// or when their forces cancel.
func (c *Craft) ThrustMiss(com mgl64.Vec3) (float64, bool) {
	var f, tq mgl64.Vec3
	n := 0
	for _, t := range c.Thrusters {
		if t.Group != GroupMain {
			continue
		}
		ft := t.Direction.Mul(t.MaxThrust)
		f = f.Add(ft)
		tq = tq.Add(fmath.Cross(t.Position.Sub(com), ft))
		n++
	}
	if n == 0 || !(fmath.Len(f) > 0) {
		return 0, false
	}
	return fmath.Len(tq) / fmath.Len(f), true
}

func (c *Craft) warnThrustLine(add func(path, code, format string, args ...any)) {
	wet := c.MassProps(nil).COM
	radius := c.Radius(wet)
	if !(radius > 0) {
		return
	}
	for _, at := range []struct {
		name string
		com  mgl64.Vec3
	}{{"wet", wet}, {"dry", c.MassProps(c.DryFuel()).COM}} {
		miss, ok := c.ThrustMiss(at.com)
		if !ok || miss <= ThrustMissFraction*radius {
			continue
		}
		first := ""
		for k, t := range c.Thrusters {
			if t.Group == GroupMain {
				first = idx("thruster", k)
				break
			}
		}
		add(first, WarnThrustOffCOM, "the main engines' line of thrust misses the %s centre of mass by %.3f m (%.1f %% of the craft's %.2f m radius; at most %g %%): it turns the craft under thrust",
			at.name, miss, 100*miss/radius, radius, 100*ThrustMissFraction)
		return // the dry COM says the same again
	}
}

// rootPart is the part the others hang from: the first hull, else part 0.
func (c *Craft) rootPart() int {
	for i, p := range c.Parts {
		if p.Role == RoleHull {
			return i
		}
	}
	return 0
}

// warnJointOrder flags joints whose part_a lies farther from the root part
// (in joints) than their part_b: the docs ask for the part that hangs on
// the other on part_b.
func (c *Craft) warnJointOrder(add func(path, code, format string, args ...any)) {
	if len(c.Parts) == 0 {
		return
	}
	depth := make([]int, len(c.Parts))
	for i := range depth {
		depth[i] = -1
	}
	root := c.rootPart()
	depth[root] = 0
	queue := []int{root}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		for _, j := range c.Joints {
			for _, pair := range [2][2]int{{j.A, j.B}, {j.B, j.A}} {
				if pair[0] == i && pair[1] >= 0 && depth[pair[1]] < 0 {
					depth[pair[1]] = depth[i] + 1
					queue = append(queue, pair[1])
				}
			}
		}
	}
	for k, j := range c.Joints {
		if j.A < 0 || j.B < 0 || depth[j.A] <= depth[j.B] {
			continue
		}
		add(idx("joint", k)+".part_a", WarnJointOrder, "part_a %q hangs from part_b %q (it is farther from %q): put the moving part on part_b — swap them, and the solver factors this joint once instead of every step",
			c.Parts[j.A].Name, c.Parts[j.B].Name, c.Parts[root].Name)
	}
}

// warnExhaust traces each thruster's exhaust, a ray from its position
// against its direction, through the craft's collision shapes as built.
func (c *Craft) warnExhaust(add func(path, code, format string, args ...any)) {
	for k, t := range c.Thrusters {
		e := t.Direction.Mul(-1)
		from := t.Position.Add(e.Mul(exhaustStart))
		best, part := math.Inf(1), -1
		for i, p := range c.Parts {
			xf := geom.Transform{Pos: p.Position, Rot: p.Orientation}
			for _, s := range p.Shapes {
				if s.Poly == nil {
					continue
				}
				if t, ok := rayInto(s.Poly, xf, from, e); ok && t < best {
					best, part = t, i
				}
			}
		}
		if part < 0 {
			continue
		}
		where := fmt.Sprintf("%.2f m downstream", best+exhaustStart)
		if best == 0 {
			where = "from inside it"
		}
		add(idx("thruster", k), WarnExhaustHits, "thruster %q fires its exhaust into part %q (%s): move it out, or turn it away",
			t.Name, c.Parts[part].Name, where)
	}
}

// exhaustMargin is how deep a ray must run into a shape to hit it (m): an
// exhaust that grazes a face, from a nozzle on an edge, does not.
const exhaustMargin = 0.005

// rayInto returns where the ray from + t·dir (t ≥ 0) enters the convex
// polyhedron p placed by xf and shrunk by exhaustMargin (Liang–Barsky
// clipping against its face planes): 0 when from is inside.
func rayInto(p *geom.Polyhedron, xf geom.Transform, from, dir mgl64.Vec3) (float64, bool) {
	inv := fmath.QuatInverse(xf.Rot)
	o, d := fmath.Rotate(inv, from.Sub(xf.Pos)), fmath.Rotate(inv, dir)
	enter, exit := 0.0, math.Inf(1)
	for _, f := range p.Faces {
		den := fmath.Dot(f.Normal, d)
		gap := f.D - exhaustMargin - fmath.Dot(f.Normal, o) // ≥ 0 behind the shrunk plane
		switch {
		case den == 0:
			if gap < 0 {
				return 0, false
			}
		case den < 0:
			enter = max(enter, gap/den)
		default:
			exit = min(exit, gap/den)
		}
		if enter > exit {
			return 0, false
		}
	}
	return enter, len(p.Faces) > 0
}

// Locate fills in the line and column of each warning from the text of the
// file it is about (positions of the keys and tables its Path names, or of
// the nearest enclosing one).
func Locate(ws []Warning, text string) {
	if len(ws) == 0 {
		return
	}
	pos, _ := scanPositions(text)
	for i := range ws {
		for p := ws[i].Path; p != ""; p = parentPath(p) {
			if e, ok := pos[p]; ok {
				ws[i].Line, ws[i].Col = e.key.line, e.key.col
				break
			}
		}
	}
}
