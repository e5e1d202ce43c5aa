package craft

// Parsing a craft file: the decoded TOML checked key by key and turned into
// a Craft — parts, shapes, tanks, joints, thrusters and ports — with every
// problem reported at its line (the types are in craft.go).

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"path"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// ParseCraft decodes and validates a craft file. file names it in messages
// (and gives the default display name). On any problem it returns a nil
// Craft and an ErrorList with every problem found.
func ParseCraft(file string, src []byte) (*Craft, error) {
	return parseFile(file, src, (*decoder).buildCraft)
}

func stem(file string) string {
	b := path.Base(strings.ReplaceAll(file, "\\", "/"))
	return strings.TrimSuffix(b, path.Ext(b))
}

func vec(a vec3) mgl64.Vec3 { return mgl64.Vec3(a) }

// checkFormat checks the format key.
func (d *decoder) checkFormat(format int) {
	switch {
	case !d.has("format"):
		d.errorf("format", "missing: add format = %d at the top of the file", FormatVersion)
	case format != FormatVersion:
		d.check("format", "unsupported format %d; this version reads format = %d", format, FormatVersion)
	}
}

// positive checks that a value written at path is > 0.
func (d *decoder) positive(path string, v float64) {
	if !(v > 0) {
		d.check(path, "must be > 0, not %g", v)
	}
}

func (d *decoder) nonNegative(path string, v float64) {
	if !(v >= 0) {
		d.check(path, "must be ≥ 0, not %g", v)
	}
}

// unitVec checks that v is not (nearly) zero and returns it normalised.
func (d *decoder) unitVec(path string, v vec3) mgl64.Vec3 {
	u := vec(v)
	l := fmath.Len(u)
	if !(l > 1e-9) {
		d.check(path, "must not be the zero vector")
		return mgl64.Vec3{0, 1, 0}
	}
	return u.Mul(1 / l)
}

func (d *decoder) enum(path, v, list string) {
	for rest := list; ; {
		opt, more, _ := strings.Cut(rest, ",")
		if opt == v {
			return
		}
		if more == "" {
			break
		}
		rest = more
	}
	opts := strings.Split(list, ",")
	if !slices.Contains(opts, v) {
		if v == "" {
			d.check(path, "missing: one of %s", strings.Join(opts, ", "))
			return
		}
		d.check(path, "%q is not one of %s%s", v, strings.Join(opts, ", "), didYouMean(v, opts))
	}
}

// uniqueName checks the required name written at path against the names
// of the entries before it.
func (d *decoder) uniqueName(path, what, name string, earlier []string) {
	switch {
	case name == "":
		d.check(path, "missing: every %s needs a name", what)
	case slices.Contains(earlier, name):
		d.check(path, "another %s is already named %q", what, name)
	}
}

// nameIndex resolves a part (or tank, port) name written at path.
func (d *decoder) nameIndex(path, what, name string, names []string) int {
	if name == "" {
		d.check(path, "missing: the name of a %s", what)
		return -1
	}
	i := slices.Index(names, name)
	if i < 0 {
		d.check(path, "no %s named %q%s", what, name, didYouMean(name, names))
	}
	return i
}

func (d *decoder) buildCraft(cf *craftFile) *Craft {
	d.checkFormat(cf.Format)
	c := &Craft{Name: cf.Name, Description: cf.Description, File: d.file}
	if c.Name == "" {
		c.Name = stem(d.file)
	}
	switch {
	case len(cf.Parts) == 0:
		d.check("part", "a craft needs at least one [[part]]")
	case len(cf.Parts) > MaxParts:
		d.check("part", "%d parts; the limit is %d", len(cf.Parts), MaxParts)
		return c
	}
	if len(cf.Thrusters) > MaxThrusters {
		d.check("thruster", "%d thrusters; the limit is %d", len(cf.Thrusters), MaxThrusters)
		return c
	}
	for _, l := range []struct {
		key   string
		n, mx int
	}{{"joint", len(cf.Joints), MaxJoints}, {"tank", len(cf.Tanks), MaxTanks}, {"port", len(cf.Ports), MaxPorts}} {
		if l.n > l.mx {
			d.check(l.key, "%d entries; the limit is %d", l.n, l.mx)
			return c
		}
	}

	partNames := make([]string, len(cf.Parts))
	for i := range cf.Parts {
		partNames[i] = cf.Parts[i].Name
	}
	for i := range cf.Parts {
		c.Parts = append(c.Parts, d.buildPart(idx("part", i), &cf.Parts[i], partNames[:i]))
	}

	// Tanks before thrusters (thrusters name tanks).
	tankNames := make([]string, len(cf.Tanks))
	for i, t := range cf.Tanks {
		tankNames[i] = t.Name
	}
	for i := range cf.Tanks {
		c.Tanks = append(c.Tanks, d.buildTank(c, idx("tank", i), &cf.Tanks[i], partNames, tankNames[:i]))
	}
	for ti, t := range c.Tanks {
		if t.Part >= 0 {
			c.Parts[t.Part].Tanks = append(c.Parts[t.Part].Tanks, ti)
		}
	}

	jointNames := []string{}
	for i := range cf.Joints {
		j := d.buildJoint(c, idx("joint", i), &cf.Joints[i], partNames)
		if slices.Contains(jointNames, j.Name) && d.has(idx("joint", i)+".name") {
			d.check(idx("joint", i)+".name", "another joint is already named %q", j.Name)
		}
		jointNames = append(jointNames, j.Name)
		c.Joints = append(c.Joints, j)
	}
	d.checkConnected(c)

	groupCount := map[string]int{}
	thrNames := []string{}
	for i := range cf.Thrusters {
		t := d.buildThruster(idx("thruster", i), &cf.Thrusters[i], partNames, tankNames)
		if t.Name == "" {
			groupCount[t.Group]++
			t.Name = fmt.Sprintf("%s-%d", t.Group, groupCount[t.Group])
		} else if slices.Contains(thrNames, t.Name) {
			d.check(idx("thruster", i)+".name", "another thruster is already named %q", t.Name)
		}
		thrNames = append(thrNames, t.Name)
		c.Thrusters = append(c.Thrusters, t)
	}

	portNames := make([]string, len(cf.Ports))
	for i, p := range cf.Ports {
		portNames[i] = p.Name
	}
	for i := range cf.Ports {
		c.Ports = append(c.Ports, d.buildPort(idx("port", i), &cf.Ports[i], partNames, portNames[:i]))
	}
	return c
}

func (d *decoder) buildPart(p string, pf *partFile, earlier []string) Part {
	part := Part{
		Name: pf.Name, Role: pf.Role,
		Position: vec(pf.Position), Orientation: eulerQuat(pf.Orientation),
		Friction: pf.Friction, Restitution: pf.Restitution,
	}
	d.uniqueName(p+".name", "part", pf.Name, earlier)
	d.enum(p+".role", pf.Role, "hull,leg,foot,adapter,engine,tank,structure")
	d.nonNegative(p+".friction", pf.Friction)
	if !(pf.Restitution >= 0 && pf.Restitution <= 1) {
		d.check(p+".restitution", "must be between 0 and 1, not %g", pf.Restitution)
	}
	if col, ok := parseColour(pf.Colour); ok {
		part.Colour = col
	} else {
		d.check(p+".colour", "must be a colour written \"#rrggbb\", not %q", pf.Colour)
	}

	switch {
	case len(pf.Shapes) == 0:
		d.check(p+".shape", "missing: a part needs at least one [[part.shape]]")
	case len(pf.Shapes) > MaxShapesPerPart:
		d.check(p+".shape", "%d shapes; the limit is %d", len(pf.Shapes), MaxShapesPerPart)
		return part
	}
	part.Finish = pf.Finish
	d.enum(p+".finish", pf.Finish, finishes)
	var volume float64
	for i := range pf.Shapes {
		s := d.buildShape(idx(p+".shape", i), &pf.Shapes[i], &part)
		part.Shapes = append(part.Shapes, s)
		volume += s.Volume
	}
	if len(pf.Visuals) > MaxVisualsPerPart {
		d.check(p+".visual", "%d visual shapes; the limit is %d", len(pf.Visuals), MaxVisualsPerPart)
	} else {
		for i := range pf.Visuals {
			s := d.buildShape(idx(p+".visual", i), &pf.Visuals[i], &part)
			s.Volume, s.Unit = 0, MassProps{}
			part.Visuals = append(part.Visuals, s)
		}
	}

	// Dry mass from mass or density, spread over the shapes by volume.
	var mass float64
	switch {
	case pf.Mass != nil && pf.Density != nil:
		d.check(p+".density", "give mass or density, not both")
	case pf.Mass != nil:
		mass = *pf.Mass
		d.positive(p+".mass", mass)
	case pf.Density != nil:
		d.positive(p+".density", *pf.Density)
		mass = *pf.Density * volume
	default:
		d.check(p+".mass", "missing: give mass (kg) or density (kg/m³)")
	}
	if !(mass > 0) || !(volume > 0) || d.isBad(p) {
		part.Dry = MassProps{Mass: max(mass, 0), Inertia: mgl64.Ident3()}
		return part
	}
	dry := shapesUnit(part.Shapes).Scale(mass / volume)
	if pf.COM != nil {
		// Inertia about the given centre of mass: shift back from the shapes' COM.
		c := vec(*pf.COM)
		dry.Inertia = dry.Inertia.Add(shiftInertia(mass, c.Sub(dry.COM)))
		dry.COM = c
	}
	if pf.Inertia != nil {
		I := mgl64.Mat3{}
		for i := range 3 {
			for j := range 3 {
				I.Set(i, j, pf.Inertia.m[i][j])
			}
		}
		if msg := inertiaProblem(I, pf.Inertia.full); msg != "" {
			d.check(p+".inertia", "%s", msg)
		}
		dry.Inertia = I
	}
	part.Dry = dry
	return part
}

// shapesUnit returns the mass properties of shapes together at density
// 1 kg/m³ (part frame).
func shapesUnit(shapes []Shape) MassProps {
	us := make([]MassProps, len(shapes))
	for i, s := range shapes {
		us[i] = s.Unit
	}
	return Combine(us...)
}

// inertiaProblem returns what is physically wrong with an inertia tensor, or "".
func inertiaProblem(I mgl64.Mat3, full bool) string {
	scale := math.Abs(I.At(0, 0)) + math.Abs(I.At(1, 1)) + math.Abs(I.At(2, 2))
	if full {
		for i := range 3 {
			for j := i + 1; j < 3; j++ {
				if math.Abs(I.At(i, j)-I.At(j, i)) > 1e-9*scale {
					return fmt.Sprintf("must be symmetric: row %d column %d is %g but row %d column %d is %g",
						i+1, j+1, I.At(i, j), j+1, i+1, I.At(j, i))
				}
			}
		}
	}
	m, _ := PrincipalMoments(I)
	if !(m[0] > 0) {
		return fmt.Sprintf("must be positive definite; its smallest principal moment is %g kg·m²", m[0])
	}
	if m[0]+m[1] < m[2]*(1-1e-9) {
		return fmt.Sprintf("principal moments %g, %g, %g kg·m² break the triangle inequality (%g + %g < %g): no real body has them",
			m[0], m[1], m[2], m[0], m[1], m[2])
	}
	return ""
}

func parseColour(s string) (color.RGBA, bool) {
	if len(s) != 7 || s[0] != '#' {
		return color.RGBA{}, false
	}
	v, err := strconv.ParseUint(s[1:], 16, 32)
	if err != nil {
		return color.RGBA{}, false
	}
	return color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, true
}

// finishes lists the Finish values as the enum check takes them.
const finishes = FinishPaint + "," + FinishMetal + "," + FinishFoil + "," + FinishSolar + "," + FinishLight

// buildShape checks a shape of part (whose colour and finish it inherits).
func (d *decoder) buildShape(p string, sf *shapeFile, part *Part) Shape {
	s := Shape{Kind: sf.Kind, Segments: sf.Segments, Position: vec(sf.Position), Orientation: eulerQuat(sf.Orientation),
		Colour: part.Colour, Finish: part.Finish}
	d.enum(p+".kind", sf.Kind, "box,cylinder,hull")
	if sf.Colour != "" {
		if col, ok := parseColour(sf.Colour); ok {
			s.Colour = col
		} else {
			d.check(p+".colour", "must be a colour written \"#rrggbb\", not %q", sf.Colour)
		}
	}
	if sf.Finish != "" {
		d.enum(p+".finish", sf.Finish, finishes)
		s.Finish = sf.Finish
	}
	// Keys that belong to another kind are mistakes, not noise.
	only := func(key string, given bool, kind string) {
		if given && sf.Kind != kind && sf.Kind != "" {
			d.check(p+"."+key, "is for %s shapes; this shape's kind is %q", kind, sf.Kind)
		}
	}
	only("size", sf.Size != nil, ShapeBox)
	only("radius", sf.Radius != nil, ShapeCylinder)
	only("length", sf.Length != nil, ShapeCylinder)
	only("segments", d.has(p+".segments"), ShapeCylinder)
	only("points", sf.Points != nil, ShapeHull)

	var local *geom.Polyhedron
	var unit MassProps
	switch sf.Kind {
	case ShapeBox:
		if sf.Size == nil {
			d.check(p+".size", "missing: a box needs size = [x, y, z] (m)")
			return s
		}
		s.Size = vec(*sf.Size)
		for i, v := range sf.Size {
			d.positive(idx(p+".size", i), v)
		}
		if d.isBad(p + ".size") {
			return s
		}
		s.Volume = s.Size[0] * s.Size[1] * s.Size[2]
		local = geom.Box(s.Size.Mul(0.5))
		unit = BoxMass(s.Size, s.Volume)
	case ShapeCylinder:
		if sf.Radius == nil {
			d.check(p+".radius", "missing: a cylinder needs radius (m)")
		} else {
			s.Radius = *sf.Radius
			d.positive(p+".radius", s.Radius)
		}
		if sf.Length == nil {
			d.check(p+".length", "missing: a cylinder needs length (m)")
		} else {
			s.Length = *sf.Length
			d.positive(p+".length", s.Length)
		}
		if sf.Segments < 3 || sf.Segments > MaxCylinderSides {
			d.check(p+".segments", "must be 3 to %d, not %d", MaxCylinderSides, sf.Segments)
		}
		if d.isBad(p+".radius") || d.isBad(p+".length") || d.isBad(p+".segments") {
			return s
		}
		s.Volume = math.Pi * s.Radius * s.Radius * s.Length
		// Placed directly: the same as geom.Cylinder(…).Transformed(…)
		// without preparing the unplaced one.
		s.Poly = geom.CylinderTransformed(s.Radius, s.Length, s.Segments, geom.Transform{Pos: s.Position, Rot: s.Orientation})
		unit = CylinderMass(s.Radius, s.Length, s.Volume)
	case ShapeHull:
		switch n := len(sf.Points); {
		case sf.Points == nil:
			d.check(p+".points", "missing: a hull needs points = [[x, y, z], …] (m)")
			return s
		case n < 4:
			d.check(p+".points", "a hull needs at least 4 points, not %d", n)
			return s
		case n > MaxHullPoints:
			d.check(p+".points", "%d points; the limit is %d", n, MaxHullPoints)
			return s
		}
		if d.isBad(p + ".points") {
			return s
		}
		s.Points = make([]mgl64.Vec3, len(sf.Points))
		for i, q := range sf.Points {
			s.Points[i] = vec(q)
		}
		h, err := geom.Hull(s.Points)
		if err != nil {
			if errors.Is(err, geom.ErrDegenerate) {
				d.check(p+".points", "the points are coplanar or collinear: they enclose no volume")
			} else {
				d.check(p+".points", "no convex hull: %v", err)
			}
			return s
		}
		local = h
		unit = PolyhedronMass(h, 1)
		s.Volume = unit.Mass
		if !(s.Volume > 0) {
			d.check(p+".points", "the points enclose no volume")
			return s
		}
	default:
		return s
	}
	if s.Poly == nil {
		s.Poly = local.Transformed(geom.Transform{Pos: s.Position, Rot: s.Orientation})
	}
	s.Unit = unit.Transform(s.Position, s.Orientation)
	return s
}

func (d *decoder) buildTank(c *Craft, p string, tf *tankFile, partNames, earlier []string) Tank {
	t := Tank{Name: tf.Name, Fuel: tf.Fuel, Capacity: tf.Fuel}
	d.uniqueName(p+".name", "tank", tf.Name, earlier)
	t.Part = d.nameIndex(p+".part", "part", tf.Part, partNames)
	d.nonNegative(p+".fuel", tf.Fuel)
	if tf.Capacity != nil {
		t.Capacity = *tf.Capacity
		if !(t.Capacity >= tf.Fuel) {
			d.check(p+".capacity", "must be at least fuel (%g kg), not %g", tf.Fuel, t.Capacity)
		}
	}
	if t.Part < 0 {
		return t
	}
	part := &c.Parts[t.Part]
	var unit MassProps
	if tf.Shape != nil {
		k := *tf.Shape
		if k < 0 || k >= len(part.Shapes) {
			d.check(p+".shape", "part %q has shapes 0 to %d, not %d", part.Name, len(part.Shapes)-1, k)
			return t
		}
		unit = part.Shapes[k].Unit
	} else {
		unit = shapesUnit(part.Shapes)
	}
	if unit.Mass > 0 {
		t.Unit = unit.Scale(1 / unit.Mass)
	}
	return t
}

func (d *decoder) buildJoint(c *Craft, p string, jf *jointFile, partNames []string) Joint {
	j := Joint{
		Name: jf.Name, Kind: jf.Kind, Anchor: vec(jf.Anchor), Axis: mgl64.Vec3{0, 1, 0},
		Stiffness: jf.Stiffness, Damping: jf.Damping, RestAngle: mgl64.DegToRad(jf.RestAngle),
		MotorSpeed: mgl64.DegToRad(jf.MotorSpeed), MotorMaxTorque: jf.MotorMaxTorque, BreakImpulse: jf.BreakImpulse,
	}
	d.enum(p+".kind", jf.Kind, "hinge,ball,fixed")
	j.A = d.nameIndex(p+".part_a", "part", jf.PartA, partNames)
	j.B = d.nameIndex(p+".part_b", "part", jf.PartB, partNames)
	if j.Name == "" {
		j.Name = jf.PartA + "-" + jf.PartB
	}
	if j.A >= 0 && j.A == j.B {
		d.check(p+".part_b", "joins part %q to itself; part_a and part_b must differ", jf.PartB)
	}
	if !d.has(p + ".anchor") {
		d.check(p+".anchor", "missing: the joint point [x, y, z] in the craft frame (m)")
	} else {
		for _, k := range []int{j.A, j.B} {
			if k < 0 || k >= len(c.Parts) || len(c.Parts[k].Shapes) == 0 {
				continue
			}
			if dist := partDistance(&c.Parts[k], j.Anchor); dist > AnchorTolerance && !math.IsInf(dist, 1) {
				d.check(p+".anchor", "lies %.3g m from part %q; it must be within %g m of both parts", dist, c.Parts[k].Name, AnchorTolerance)
			}
		}
	}
	hingeOnly := []string{"axis", "min_angle", "max_angle", "spring_stiffness", "spring_damping", "rest_angle", "motor_speed", "motor_max_torque"}
	if jf.Kind != JointHinge {
		for _, k := range hingeOnly {
			if d.has(p + "." + k) {
				d.check(p+"."+k, "is for hinge joints; this joint's kind is %q", jf.Kind)
			}
		}
		return j
	}
	if jf.Axis == nil {
		d.check(p+".axis", "missing: a hinge needs axis = [x, y, z]")
	} else {
		j.Axis = d.unitVec(p+".axis", *jf.Axis)
	}
	switch {
	case (jf.MinAngle == nil) != (jf.MaxAngle == nil):
		miss := "min_angle"
		if jf.MaxAngle == nil {
			miss = "max_angle"
		}
		d.check(p+"."+miss, "missing: give both min_angle and max_angle, or neither")
	case jf.MinAngle != nil:
		lo, hi := *jf.MinAngle, *jf.MaxAngle
		if !(lo < hi) {
			d.check(p+".max_angle", "must be greater than min_angle (%g°), not %g°", lo, hi)
		}
		if lo < -180 || hi > 180 {
			d.check(p+".min_angle", "limits must lie within −180° … 180°")
		}
		j.HasLimits = true
		j.MinAngle, j.MaxAngle = mgl64.DegToRad(lo), mgl64.DegToRad(hi)
	}
	d.nonNegative(p+".spring_stiffness", jf.Stiffness)
	d.nonNegative(p+".spring_damping", jf.Damping)
	d.nonNegative(p+".motor_max_torque", jf.MotorMaxTorque)
	d.nonNegative(p+".break_impulse", jf.BreakImpulse)
	return j
}

// partDistance returns how far x (craft frame) lies outside part's shapes
// (0 inside), measured as the largest face-plane distance of the nearest
// shape: exact near faces, a little short near edges and corners.
func partDistance(part *Part, x mgl64.Vec3) float64 {
	local := fmath.Rotate(fmath.QuatInverse(part.Orientation), x.Sub(part.Position))
	best := math.Inf(1)
	for _, s := range part.Shapes {
		if s.Poly == nil {
			continue
		}
		dmax := math.Inf(-1)
		for _, f := range s.Poly.Faces {
			dmax = max(dmax, fmath.Dot(f.Normal, local)-f.D)
		}
		best = min(best, max(dmax, 0))
	}
	return best
}

// checkConnected reports parts that no chain of joints links to the first.
func (d *decoder) checkConnected(c *Craft) {
	if len(c.Parts) < 2 {
		return
	}
	root := c.groups(func(*Joint) bool { return true })
	for i := 1; i < len(c.Parts); i++ {
		if root[i] != 0 && c.Parts[i].Name != "" && !d.isBad("joint") {
			d.check(idx("part", i), "part %q is not joined to part %q: add a [[joint]] (kind = \"fixed\" to make them one)", c.Parts[i].Name, c.Parts[0].Name)
		}
	}
}

func (d *decoder) buildThruster(p string, tf *thrusterFile, partNames, tankNames []string) Thruster {
	t := Thruster{Name: tf.Name, Position: vec(tf.Position), MaxThrust: tf.MaxThrust, Isp: tf.Isp, Group: tf.Group, Tank: -1}
	t.Part = d.nameIndex(p+".part", "part", tf.Part, partNames)
	if !d.has(p + ".position") {
		d.check(p+".position", "missing: where the force acts, [x, y, z] in the craft frame (m)")
	}
	if !d.has(p + ".direction") {
		d.check(p+".direction", "missing: the direction of the force, [x, y, z] in the craft frame")
	} else {
		t.Direction = d.unitVec(p+".direction", tf.Direction)
	}
	if !d.has(p + ".max_thrust") {
		d.check(p+".max_thrust", "missing: thrust at full throttle (N)")
	} else {
		d.positive(p+".max_thrust", tf.MaxThrust)
	}
	d.positive(p+".isp", tf.Isp)
	d.enum(p+".group", tf.Group, "rcs,main")
	if tf.Tank != "" {
		t.Tank = d.nameIndex(p+".tank", "tank", tf.Tank, tankNames)
	}
	return t
}

func (d *decoder) buildPort(p string, pf *portFile, partNames, earlier []string) Port {
	port := Port{Name: pf.Name, Position: vec(pf.Position), CaptureRadius: pf.CaptureRadius}
	d.uniqueName(p+".name", "port", pf.Name, earlier)
	port.Part = d.nameIndex(p+".part", "part", pf.Part, partNames)
	if !d.has(p + ".position") {
		d.check(p+".position", "missing: centre of the docking face, [x, y, z] in the craft frame (m)")
	}
	if !d.has(p + ".axis") {
		d.check(p+".axis", "missing: the outward direction [x, y, z] in the craft frame")
	}
	port.Axis = d.unitVec(p+".axis", pf.Axis)
	up := d.unitVec(p+".up", pf.Up)
	perp := up.Sub(port.Axis.Mul(fmath.Dot(up, port.Axis)))
	if fmath.Len(perp) < 1e-3 {
		d.check(p+".up", "must not be parallel to axis")
		perp = mgl64.Vec3{1, 0, 0}
	}
	port.Up = fmath.Normalize(perp)
	d.positive(p+".capture_radius", pf.CaptureRadius)
	return port
}
