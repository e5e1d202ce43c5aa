package hangar

// Parts: moving, turning, resizing, weighing, copying (in symmetry) and
// deleting them, each with what hangs from it and what is mounted on it.

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
)

// Snap steps: a move or resize lands on a multiple of Grid (FineGrid with
// the fine modifier), a turn is Turn degrees (FineTurn).
const (
	Grid     = 0.05 // m
	FineGrid = 0.01 // m
	Turn     = 5.0  // degrees
	FineTurn = 1.0  // degrees
)

// StepTo returns the next multiple of step from x in the direction of dir
// (+1 or −1): 1.4056 steps up to 1.45 and down to 1.40.
func StepTo(x, dir, step float64) float64 {
	if dir > 0 {
		return round6((math.Floor(x/step+1e-6) + 1) * step)
	}
	return round6((math.Ceil(x/step-1e-6) - 1) * step)
}

// Snap rounds x to a multiple of step.
func Snap(x, step float64) float64 { return round6(math.Round(x/step) * step) }

// attached lists what goes with the parts of set: the joints that touch
// them, and the tanks, thrusters and ports mounted on them (indices in the
// file).
func (e *Editor) attached(set []string) (joints, tanks, thrusters, ports []int) {
	for j := range e.Doc.Len("joint") {
		if a, b := e.jointEnds(j); slices.Contains(set, a) || slices.Contains(set, b) {
			joints = append(joints, j)
		}
	}
	on := func(arr string) []int {
		var out []int
		for i := range e.Doc.Len(arr) {
			if slices.Contains(set, e.str(fmt.Sprintf("%s[%d].part", arr, i), "")) {
				out = append(out, i)
			}
		}
		return out
	}
	return joints, on("tank"), on("thruster"), on("port")
}

var zero mgl64.Vec3

// movePart moves the part written at path p by m: its pose and, for a
// mirror image, what it holds in its own frame.
func (e *Editor) movePart(p string, m motion) error {
	if err := e.setVecDefault(p+".position", m.point(e.vec(p+".position", zero)), zero); err != nil {
		return err
	}
	ori := e.vec(p+".orientation", zero)
	// A part that is round about its own y axis (a foot, a strut), turned
	// about the craft's y axis only, looks the same whichever way it is
	// turned about y, as does its mirror image: its orientation is left as
	// written rather than given an angle that changes nothing.
	round := ori[0] == 0 && ori[2] == 0 && e.roundAboutY(p) && (m.Mirror && m.about != 1 || !m.Mirror && m.about == 1)
	if m.M != mgl64.Ident3() && !round {
		if err := e.setAngles(p+".orientation", m.orientation(ori)); err != nil {
			return err
		}
	}
	if !m.Mirror {
		return nil
	}
	for _, arr := range []string{".shape", ".visual"} {
		for s := range e.Doc.Len(p + arr) {
			sp := fmt.Sprintf("%s%s[%d]", p, arr, s)
			if err := e.setVecDefault(sp+".position", m.partFrame(e.vec(sp+".position", zero)), zero); err != nil {
				return err
			}
			if err := e.setAngles(sp+".orientation", m.orientation(e.vec(sp+".orientation", zero))); err != nil {
				return err
			}
			if n := e.Doc.Len(sp + ".points"); n > 0 {
				pts := make([][]float64, n)
				for k := range n {
					q := m.partFrame(e.vec(fmt.Sprintf("%s.points[%d]", sp, k), zero))
					pts[k] = []float64{round6(q[0]), round6(q[1]), round6(q[2])}
				}
				if err := e.Doc.Set(sp+".points", pts); err != nil {
					return err
				}
			}
		}
	}
	if e.has(p + ".centre_of_mass") {
		if err := e.setVec(p+".centre_of_mass", m.partFrame(e.vec(p+".centre_of_mass", zero))); err != nil {
			return err
		}
	}
	if e.Doc.Len(p+".inertia") == 3 && e.Doc.Len(p+".inertia[0]") == 3 { // a full matrix: M I M
		k := m.about
		for i := range 3 {
			for j := range 3 {
				if (i == k) != (j == k) {
					ij := fmt.Sprintf("%s.inertia[%d][%d]", p, i, j)
					if err := e.Doc.Set(ij, -e.num(ij, 0)); err != nil {
						return err
					}
				}
			}
		}
	}
	return nil
}

// roundAboutY reports whether every shape of the part at p is a cylinder
// on the part's y axis: the part is the same turned about it.
func (e *Editor) roundAboutY(p string) bool {
	for _, arr := range []string{".shape", ".visual"} {
		for s := range e.Doc.Len(p + arr) {
			sp := fmt.Sprintf("%s%s[%d]", p, arr, s)
			pos, ori := e.vec(sp+".position", zero), e.vec(sp+".orientation", zero)
			if e.str(sp+".kind", "") != craft.ShapeCylinder || pos[0] != 0 || pos[2] != 0 || ori[0] != 0 || ori[2] != 0 {
				return false
			}
		}
	}
	return true
}

func (e *Editor) moveJoint(p string, m motion) error {
	if err := e.setVec(p+".anchor", m.point(e.vec(p+".anchor", zero))); err != nil {
		return err
	}
	if e.has(p + ".axis") {
		return e.setVec(p+".axis", m.axial(e.vec(p+".axis", zero)))
	}
	return nil
}

func (e *Editor) moveThruster(p string, m motion) error {
	if err := e.setVec(p+".position", m.point(e.vec(p+".position", zero))); err != nil {
		return err
	}
	return e.setVec(p+".direction", m.dir(e.vec(p+".direction", zero)))
}

func (e *Editor) movePort(p string, m motion) error {
	if err := e.setVec(p+".position", m.point(e.vec(p+".position", zero))); err != nil {
		return err
	}
	if err := e.setVec(p+".axis", m.dir(e.vec(p+".axis", zero))); err != nil {
		return err
	}
	up := mgl64.Vec3{0, 1, 0}
	return e.setVecDefault(p+".up", m.dir(e.vec(p+".up", up)), up)
}

// moveSet moves the parts named in set by m, with the joints that touch
// them and the thrusters and ports mounted on them.
func (e *Editor) moveSet(set []string, m motion) error {
	for i, n := range e.names("part") {
		if slices.Contains(set, n) {
			if err := e.movePart(partPath(i), m); err != nil {
				return err
			}
		}
	}
	joints, _, thrusters, ports := e.attached(set)
	for _, j := range joints {
		if err := e.moveJoint(jointPath(j), m); err != nil {
			return err
		}
	}
	for _, t := range thrusters {
		if err := e.moveThruster(thrusterPath(t), m); err != nil {
			return err
		}
	}
	for _, p := range ports {
		if err := e.movePort(fmt.Sprintf("port[%d]", p), m); err != nil {
			return err
		}
	}
	return nil
}

func (e *Editor) needPart(name string) (int, error) {
	i := e.Part(name)
	if i < 0 {
		return -1, fmt.Errorf("no part named %q in the file", name)
	}
	return i, nil
}

// MovePart moves the part named name by d (m, craft frame), with the parts
// that hang from it, the joints that touch them (the one it hangs by
// too: its anchor stays where it is on the moved part) and their thrusters
// and ports.
func (e *Editor) MovePart(name string, d mgl64.Vec3) error {
	if _, err := e.needPart(name); err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("move %s by %s", name, vecText(d)), func() error {
		return e.moveSet(e.Subtree(name), translation(d))
	})
}

// PartPosition is the position of the part named name as written.
func (e *Editor) PartPosition(name string) mgl64.Vec3 {
	return e.vec(partPath(max(e.Part(name), 0))+".position", zero)
}

// Pivot is the point a part turns about: the anchor of the joint it hangs
// by (a leg swings on its hinge), else its own origin.
func (e *Editor) Pivot(name string) mgl64.Vec3 {
	if j := e.parentJoint(name); j >= 0 {
		return e.vec(jointPath(j)+".anchor", zero)
	}
	return e.PartPosition(name)
}

// TurnPart turns the part named name by deg degrees about craft axis k (0
// x, 1 y, 2 z) through its Pivot, with what MovePart moves.
func (e *Editor) TurnPart(name string, k int, deg float64) error {
	if _, err := e.needPart(name); err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("turn %s %+g° about %c", name, deg, "xyz"[k]), func() error {
		return e.moveSet(e.Subtree(name), rotation(k, deg, e.Pivot(name)))
	})
}

// ResizeShape changes shape s of the part named name along the shape's own
// axis k to the next multiple of step in the direction dir: a box's edge,
// a cylinder's length (y) or diameter (x, z). A hull's points are left to
// a text editor.
func (e *Editor) ResizeShape(name string, s, k int, dir, step float64) error {
	i, err := e.needPart(name)
	if err != nil {
		return err
	}
	sp := fmt.Sprintf("%s.shape[%d]", partPath(i), s)
	return e.Doc.Do(fmt.Sprintf("resize %s shape %d along %c", name, s, "xyz"[k]), func() error {
		switch kind := e.str(sp+".kind", ""); kind {
		case craft.ShapeBox:
			size := e.vec(sp+".size", mgl64.Vec3{1, 1, 1})
			size[k] = max(StepTo(size[k], dir, step), step)
			return e.setVec(sp+".size", size)
		case craft.ShapeCylinder:
			if k == 1 {
				return e.Doc.Set(sp+".length", max(StepTo(e.num(sp+".length", 1), dir, step), step))
			}
			d := max(StepTo(2*e.num(sp+".radius", 0.5), dir, step), step)
			return e.Doc.Set(sp+".radius", round6(d/2))
		default:
			return fmt.Errorf("%s shape %d is a %s: change its points in a text editor", name, s, kind)
		}
	})
}

// NextShapeKind turns shape s of the part named name from a box into a
// cylinder of the box's height and width, or back; it returns the new
// kind. A hull stays a hull.
func (e *Editor) NextShapeKind(name string, s int) (string, error) {
	i, err := e.needPart(name)
	if err != nil {
		return "", err
	}
	sp := fmt.Sprintf("%s.shape[%d]", partPath(i), s)
	kind := e.str(sp+".kind", "")
	next := ""
	err = e.Doc.Do(fmt.Sprintf("%s shape %d: box or cylinder", name, s), func() error {
		switch kind {
		case craft.ShapeBox:
			size := e.vec(sp+".size", mgl64.Vec3{1, 1, 1})
			next = craft.ShapeCylinder
			if err := e.Doc.Set(sp+".kind", next); err != nil {
				return err
			}
			if err := e.Doc.Remove(sp + ".size"); err != nil {
				return err
			}
			if err := e.Doc.Set(sp+".radius", round6(max(size[0], size[2])/2)); err != nil {
				return err
			}
			return e.Doc.Set(sp+".length", size[1])
		case craft.ShapeCylinder:
			r, l := e.num(sp+".radius", 0.5), e.num(sp+".length", 1)
			next = craft.ShapeBox
			if err := e.Doc.Set(sp+".kind", next); err != nil {
				return err
			}
			for _, k := range []string{".radius", ".length", ".segments"} {
				if e.has(sp + k) {
					if err := e.Doc.Remove(sp + k); err != nil {
						return err
					}
				}
			}
			return e.setVec(sp+".size", mgl64.Vec3{2 * r, l, 2 * r})
		}
		return fmt.Errorf("%s shape %d is a %s: it stays one", name, s, kind)
	})
	return next, err
}

// roundSig rounds x to n significant digits.
func roundSig(x float64, n int) float64 {
	if x == 0 {
		return 0
	}
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'g', n, 64), 64)
	return v
}

// ladder is the round numbers a mass or thrust steps through, per decade:
// 10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100 kg — the numbers a modder
// writes by hand.
var ladder = []float64{1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8}

// stepScale returns the next round number of the ladder above x (up) or
// below it; fine, x changed by 1 % instead, rounded to 4 significant
// digits (and changed at least in the last of them).
func stepScale(x float64, up, fine bool) float64 {
	if !(x > 0) {
		return 1
	}
	if fine {
		f := 1.01
		if !up {
			f = 1 / f
		}
		y := roundSig(x*f, 4)
		if y == x {
			unit := math.Pow(10, math.Floor(math.Log10(x))-3)
			y = round6(x + math.Copysign(unit, f-1))
		}
		return y
	}
	dec := math.Pow(10, math.Floor(math.Log10(x)))
	var below, above float64
	for d := dec / 10; d <= dec*10; d *= 10 {
		for _, l := range ladder {
			v := roundSig(l*d, 3)
			if v < x*(1-1e-9) {
				below = v
			}
			if v > x*(1+1e-9) && above == 0 {
				above = v
			}
		}
	}
	if up {
		return above
	}
	return below
}

// StepMass makes the part named name heavier or lighter, to the next round
// number (1 % when fine): its mass, or its density when it gives one.
func (e *Editor) StepMass(name string, up, fine bool) error {
	i, err := e.needPart(name)
	if err != nil {
		return err
	}
	p := partPath(i)
	key := ".mass"
	if !e.has(p+key) && e.has(p+".density") {
		key = ".density"
	}
	return e.Doc.Do(fmt.Sprintf("%s %s", name, map[bool]string{true: "heavier", false: "lighter"}[up]), func() error {
		return e.Doc.Set(p+key, stepScale(e.num(p+key, 100), up, fine))
	})
}

// Roles in the order NextRole goes through them.
var roles = []string{craft.RoleHull, craft.RoleLeg, craft.RoleFoot, craft.RoleAdapter, craft.RoleEngine, craft.RoleTank, craft.RoleStructure}

// NextRole gives the part named name the next role and returns it. A
// part named by its role, or a copy's made-up name (hull_2), is renamed
// with it.
func (e *Editor) NextRole(name string) (string, error) {
	i, err := e.needPart(name)
	if err != nil {
		return "", err
	}
	p := partPath(i)
	role := e.str(p+".role", craft.RoleStructure)
	next := roles[(slices.Index(roles, role)+1)%len(roles)]
	return next, e.Doc.Do(fmt.Sprintf("%s: role %s", name, next), func() error {
		if err := e.Doc.Set(p+".role", next); err != nil {
			return err
		}
		// A copy's made-up name, or a name that only says the role,
		// follows the role: hull_2 made a leg is leg, then foot.
		if base, _, _ := strings.Cut(name, "_"); copied(name) || base == role {
			others := slices.DeleteFunc(e.names("part"), func(n string) bool { return n == name })
			return e.renamePart(name, unique(next, others))
		}
		return nil
	})
}

// copied reports whether a part's name is one a copy was given: another
// name with _2, _3 … added.
func copied(name string) bool {
	i := strings.LastIndexByte(name, '_')
	if i <= 0 || i == len(name)-1 {
		return false
	}
	n, err := strconv.Atoi(name[i+1:])
	return err == nil && n >= 2
}

// motions are the placements of the copies a symmetry makes.
func motions(sym Symmetry) []motion {
	switch sym {
	case MirrorX:
		return []motion{mirror(0)}
	case MirrorZ:
		return []motion{mirror(2)}
	case Quad:
		return []motion{rotation(1, 90, zero), rotation(1, 180, zero), rotation(1, -90, zero)}
	}
	return []motion{translation(zero)}
}

// CopyPart copies the part named name with the parts that hang from it,
// the joints that touch them (so the copy hangs from what the original
// hangs from), and the tanks, thrusters and ports mounted on them, placed
// by sym: a leg with its foot, hinge, ankle and jets. CopyInPlace copies
// the part alone (with the joint it hangs by, if any): a new part to
// shape, resize and join. It returns the names of the copies of the part
// itself. Each copy is its original's text, comments and all, with the
// values that differ.
func (e *Editor) CopyPart(name string, sym Symmetry) ([]string, error) {
	i, err := e.needPart(name)
	if err != nil {
		return nil, err
	}
	var out []string
	err = e.Doc.Do(fmt.Sprintf("%s: %s", name, SymmetryNames[sym]), func() error {
		if err := e.sideNames(name, sym); err != nil {
			return err
		}
		name = e.names("part")[i]
		set := e.Subtree(name)
		joints, tanks, thrusters, ports := e.attached(set)
		if sym == CopyInPlace { // a new part to shape: the part alone, hung where it hangs
			set, joints, tanks, thrusters, ports = []string{name}, nil, nil, nil, nil
			if j := e.parentJoint(name); j >= 0 {
				joints = []int{j}
			}
		}
		for k, m := range motions(sym) {
			parts, err := e.copyAll("part", indicesOf(e.names("part"), set), sym, k+1, nil, m.moveFn(e.movePart))
			if err != nil {
				return err
			}
			out = append(out, parts[name])
			if _, err := e.copyAll("joint", joints, sym, k+1, map[string]map[string]string{"part_a": parts, "part_b": parts}, m.moveFn(e.moveJoint)); err != nil {
				return err
			}
			tk, err := e.copyAll("tank", tanks, sym, k+1, map[string]map[string]string{"part": parts}, nil)
			if err != nil {
				return err
			}
			if _, err := e.copyAll("thruster", thrusters, sym, k+1, map[string]map[string]string{"part": parts, "tank": tk}, m.moveFn(e.moveThruster)); err != nil {
				return err
			}
			if _, err := e.copyAll("port", ports, sym, k+1, map[string]map[string]string{"part": parts}, m.moveFn(e.movePort)); err != nil {
				return err
			}
		}
		return nil
	})
	return out, err
}

// sideNames gets a part ready to be mirrored: when its name (or a name
// of a part hanging from it) says nothing of its side, the side it is on
// is added — skid at x = 0.8 becomes skid_r, so that its mirror image is
// skid_l — with every reference to it. Parts on the mirror's plane are
// left as they are.
func (e *Editor) sideNames(name string, sym Symmetry) error {
	k, side := 0, [2]string{"r", "l"} // +x is right, as the lander's legs have it
	switch sym {
	case MirrorX:
	case MirrorZ:
		k, side = 2, [2]string{"f", "b"}
	default:
		return nil
	}
	at := e.PartPosition(name)[k]
	if math.Abs(at) < 1e-9 {
		return nil
	}
	suffix := side[0]
	if at < 0 {
		suffix = side[1]
	}
	for _, n := range e.Subtree(name) {
		if copyName(n, sym, 1, nil) != n { // it names a side already
			continue
		}
		if err := e.renamePart(n, unique(n+"_"+suffix, e.names("part"))); err != nil {
			return err
		}
	}
	return nil
}

// renamePart renames part old to new with every reference to it: the
// joints' part_a and part_b, and the part of what is mounted on it.
func (e *Editor) renamePart(old, new string) error {
	if err := e.Doc.Set(partPath(e.Part(old))+".name", new); err != nil {
		return err
	}
	for _, ref := range []struct{ arr, key string }{{"joint", "part_a"}, {"joint", "part_b"}, {"tank", "part"}, {"thruster", "part"}, {"port", "part"}} {
		for i := range e.Doc.Len(ref.arr) {
			p := fmt.Sprintf("%s[%d].%s", ref.arr, i, ref.key)
			if e.str(p, "") == old {
				if err := e.Doc.Set(p, new); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func (m motion) moveFn(f func(string, motion) error) func(string) error {
	return func(p string) error { return f(p, m) }
}

func indicesOf(names, set []string) []int {
	var out []int
	for i, n := range names {
		if slices.Contains(set, n) {
			out = append(out, i)
		}
	}
	return out
}

// copyAll appends copies of elements idx of the array of tables arr, the
// k-th copies by sym: each renamed (copyName; an element without a name
// keeps none), its references (keys of refs) changed to the copies they
// name, then moved by move. It returns the copies' names by original
// name.
func (e *Editor) copyAll(arr string, idx []int, sym Symmetry, k int, refs map[string]map[string]string, move func(string) error) (map[string]string, error) {
	renamed := map[string]string{}
	for _, i := range idx {
		orig := fmt.Sprintf("%s[%d]", arr, i)
		p, err := e.Doc.AppendCopy(orig)
		if err != nil {
			return nil, err
		}
		if n := e.str(orig+".name", ""); n != "" {
			nn := copyName(n, sym, k, e.names(arr))
			renamed[n] = nn
			if err := e.Doc.Set(p+".name", nn); err != nil {
				return nil, err
			}
		}
		if c, ok := e.Doc.HeaderComment(p); ok {
			if nc := sideWords(c, sym, k); nc != c {
				if err := e.Doc.SetHeaderComment(p, nc); err != nil {
					return nil, err
				}
			}
		}
		for _, key := range slices.Sorted(maps.Keys(refs)) {
			if to, ok := refs[key][e.str(p+"."+key, "")]; ok {
				if err := e.Doc.Set(p+"."+key, to); err != nil {
					return nil, err
				}
			}
		}
		if move != nil {
			if err := move(p); err != nil {
				return nil, err
			}
		}
	}
	return renamed, nil
}

// Dependents is what deleting a part takes with it.
type Dependents struct {
	Parts, Joints, Tanks, Thrusters, Ports []string // names ("thruster 3" for one without)
	// Unfed are thrusters elsewhere fed by a tank that goes: they lose
	// their tank.
	Unfed []string
}

// List is what goes, as lines for a confirmation.
func (d Dependents) List() []string {
	var out []string
	for _, g := range []struct {
		what  string
		names []string
	}{{"parts", d.Parts}, {"joints", d.Joints}, {"tanks", d.Tanks}, {"thrusters", d.Thrusters}, {"ports", d.Ports}, {"thrusters that lose their tank", d.Unfed}} {
		if len(g.names) > 0 {
			out = append(out, fmt.Sprintf("%s: %s", g.what, joinNames(g.names)))
		}
	}
	return out
}

func joinNames(names []string) string {
	s := ""
	for i, n := range names {
		if i > 0 {
			s += ", "
		}
		if i == 12 {
			return s + fmt.Sprintf("… %d more", len(names)-i)
		}
		s += n
	}
	return s
}

func (e *Editor) labels(arr string, idx []int) []string {
	var out []string
	for _, i := range idx {
		n := e.str(fmt.Sprintf("%s[%d].name", arr, i), "")
		if n == "" {
			n = fmt.Sprintf("%s %d", arr, i)
		}
		out = append(out, n)
	}
	return out
}

// Dependents lists what deleting the part named name takes with it: the
// parts that hang from it, the joints that touch them, what is mounted on
// them.
func (e *Editor) Dependents(name string) Dependents {
	set := e.Subtree(name)
	joints, tanks, thrusters, ports := e.attached(set)
	d := Dependents{Parts: set, Joints: e.labels("joint", joints), Tanks: e.labels("tank", tanks),
		Thrusters: e.labels("thruster", thrusters), Ports: e.labels("port", ports)}
	gone := e.labels("tank", tanks)
	for i := range e.Doc.Len("thruster") {
		if !slices.Contains(thrusters, i) && slices.Contains(gone, e.str(thrusterPath(i)+".tank", "")) {
			d.Unfed = append(d.Unfed, e.labels("thruster", []int{i})...)
		}
	}
	return d
}

// ErrLastPart is returned when a delete would leave no part.
var ErrLastPart = errors.New("a craft needs at least one part: this would delete them all")

// DeletePart deletes the part named name and its Dependents.
func (e *Editor) DeletePart(name string) error {
	if _, err := e.needPart(name); err != nil {
		return err
	}
	set := e.Subtree(name)
	if len(set) == e.Doc.Len("part") {
		return ErrLastPart
	}
	dep := e.Dependents(name)
	return e.Doc.Do("delete "+name, func() error {
		joints, tanks, thrusters, ports := e.attached(set)
		for i := range e.Doc.Len("thruster") {
			if !slices.Contains(thrusters, i) && slices.Contains(dep.Tanks, e.str(thrusterPath(i)+".tank", "")) {
				if err := e.Doc.Remove(thrusterPath(i) + ".tank"); err != nil {
					return err
				}
			}
		}
		for _, g := range []struct {
			arr string
			idx []int
		}{{"port", ports}, {"thruster", thrusters}, {"tank", tanks}, {"joint", joints}, {"part", indicesOf(e.names("part"), set)}} {
			for k := len(g.idx) - 1; k >= 0; k-- { // the last first: the others keep their places
				if err := e.Doc.Remove(fmt.Sprintf("%s[%d]", g.arr, g.idx[k])); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

func vecText(v mgl64.Vec3) string {
	return fmt.Sprintf("(%g, %g, %g)", round6(v[0]), round6(v[1]), round6(v[2]))
}

// ShapeSize is shape s of the part named name along its axis k (m): a
// box's edge, a cylinder's length (y) or diameter; 0 for a hull.
func (e *Editor) ShapeSize(name string, s, k int) float64 {
	sp := fmt.Sprintf("%s.shape[%d]", partPath(max(e.Part(name), 0)), s)
	switch e.str(sp+".kind", "") {
	case craft.ShapeBox:
		return e.vec(sp+".size", mgl64.Vec3{1, 1, 1})[k]
	case craft.ShapeCylinder:
		if k == 1 {
			return e.num(sp+".length", 1)
		}
		return 2 * e.num(sp+".radius", 0.5)
	}
	return 0
}

// SetShapeSize makes shape s of the part named name size (m) along its
// axis k, as ShapeSize measures it.
func (e *Editor) SetShapeSize(name string, s, k int, size float64) error {
	i, err := e.needPart(name)
	if err != nil {
		return err
	}
	sp := fmt.Sprintf("%s.shape[%d]", partPath(i), s)
	if size == e.ShapeSize(name, s, k) {
		return nil
	}
	return e.Doc.Do(fmt.Sprintf("resize %s shape %d along %c", name, s, "xyz"[k]), func() error {
		switch kind := e.str(sp+".kind", ""); kind {
		case craft.ShapeBox:
			v := e.vec(sp+".size", mgl64.Vec3{1, 1, 1})
			v[k] = size
			return e.setVec(sp+".size", v)
		case craft.ShapeCylinder:
			if k == 1 {
				return e.Doc.Set(sp+".length", round6(size))
			}
			return e.Doc.Set(sp+".radius", round6(size/2))
		default:
			return fmt.Errorf("%s shape %d is a %s: change its points in a text editor", name, s, kind)
		}
	})
}

// StepFuel fills the first tank on the part named name with more or less
// propellant, to the next round number (1 % fine); its capacity, when it
// gives one, grows with it. It returns the tank's name.
func (e *Editor) StepFuel(name string, up, fine bool) (string, error) {
	if _, err := e.needPart(name); err != nil {
		return "", err
	}
	for i := range e.Doc.Len("tank") {
		p := fmt.Sprintf("tank[%d]", i)
		if e.str(p+".part", "") != name {
			continue
		}
		tank := e.str(p+".name", "")
		return tank, e.Doc.Do(fmt.Sprintf("tank %s %s", tank, map[bool]string{true: "fuller", false: "emptier"}[up]), func() error {
			fuel := stepScale(e.num(p+".fuel", 0), up, fine)
			if err := e.Doc.Set(p+".fuel", fuel); err != nil {
				return err
			}
			if e.has(p+".capacity") && e.num(p+".capacity", 0) < fuel {
				return e.Doc.Set(p+".capacity", fuel)
			}
			return nil
		})
	}
	return "", fmt.Errorf("%s holds no tank", name)
}
