package hangar

// The hangar's craft editor: what a modder does with the mouse — move,
// turn and resize parts, copy them with their legs and jets in symmetry,
// delete them, add thrusters and joints — made as edits of the craft's
// TOML file through craft/tomledit, so that the file stays the source of
// truth, byte for byte as written except the values an edit changes. The
// editor reads the file's own values (not the loaded craft's), so it
// keeps working while an edit has left the craft with errors (an anchor
// moved too far): the next edit or an undo mends it.

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/craft/tomledit"
)

// Editor edits one craft file.
type Editor struct {
	File string // the file's name in messages
	Doc  *tomledit.Doc
}

// keyOrder is the order of the keys of each table of a craft file, as the
// docs list them (docs/craft-files.md): where a key the editor adds goes
// among those written, and the order of a new table's keys. Tested against
// the loader's schema.
var keyOrder = map[string][]string{
	"":           {"format", "name", "description", "part", "joint", "tank", "thruster", "port"},
	"part":       {"name", "role", "mass", "density", "position", "orientation", "centre_of_mass", "inertia", "friction", "restitution", "colour", "finish", "shape", "visual"},
	"part.shape": {"kind", "size", "radius", "length", "segments", "points", "position", "orientation", "colour", "finish"},
	"joint":      {"name", "kind", "part_a", "part_b", "anchor", "axis", "min_angle", "max_angle", "spring_stiffness", "spring_damping", "rest_angle", "motor_speed", "motor_max_torque", "break_impulse"},
	"thruster":   {"name", "part", "position", "direction", "max_thrust", "isp", "group", "tank"},
	"tank":       {"name", "part", "fuel", "capacity", "shape"},
	"port":       {"name", "part", "position", "axis", "up", "capture_radius"},
}

func init() { keyOrder["part.visual"] = keyOrder["part.shape"] }

// NewEditor reads text, the content of file, for editing. It fails only
// when the text is not TOML; a craft with errors can be edited.
func NewEditor(file string, text []byte) (*Editor, error) {
	d, err := tomledit.Parse(text)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", craft.Printable(file), err)
	}
	d.Order = func(table string) []string { return keyOrder[table] }
	return &Editor{File: file, Doc: d}, nil
}

// Craft loads the file as it is now.
func (e *Editor) Craft() (*craft.Craft, error) { return craft.ParseCraft(e.File, e.Doc.Text()) }

// Text is the file as it is now.
func (e *Editor) Text() []byte { return e.Doc.Text() }

// ---- reading the file's values ----

func (e *Editor) num(path string, def float64) float64 {
	v, _ := e.Doc.Get(path)
	switch x := v.(type) {
	case float64:
		return x
	case int64:
		return float64(x)
	}
	return def
}

func (e *Editor) str(path string, def string) string {
	if s, ok := e.Doc.Get(path); ok {
		if s, ok := s.(string); ok {
			return s
		}
	}
	return def
}

func (e *Editor) vec(path string, def mgl64.Vec3) mgl64.Vec3 {
	v, _ := e.Doc.Get(path)
	a, ok := v.([]any)
	if !ok || len(a) != 3 {
		return def
	}
	for i := range 3 {
		switch x := a[i].(type) {
		case float64:
			def[i] = x
		case int64:
			def[i] = float64(x)
		}
	}
	return def
}

func (e *Editor) has(path string) bool { _, ok := e.Doc.Get(path); return ok }

// ---- writing values ----

// round6 rounds a length, direction component or mass to a millionth, so
// that it is written briefly and reads back as the same number.
func round6(x float64) float64 {
	x = math.Round(x*1e6) / 1e6
	if x == 0 {
		return 0 // not -0
	}
	return x
}

// roundDeg rounds an angle in degrees to a ten-thousandth.
func roundDeg(x float64) float64 {
	x = math.Round(x*1e4) / 1e4
	if x == 0 {
		return 0
	}
	return x
}

func (e *Editor) setVec(path string, v mgl64.Vec3) error {
	return e.Doc.Set(path, []float64{round6(v[0]), round6(v[1]), round6(v[2])})
}

// setVecDefault sets a vector key, or leaves it unwritten when it is
// missing and v is its default.
func (e *Editor) setVecDefault(path string, v, def mgl64.Vec3) error {
	r := mgl64.Vec3{round6(v[0]), round6(v[1]), round6(v[2])}
	if !e.has(path) && r == def {
		return nil
	}
	return e.Doc.Set(path, []float64{r[0], r[1], r[2]})
}

func (e *Editor) setAngles(path string, deg mgl64.Vec3) error {
	r := mgl64.Vec3{roundDeg(deg[0]), roundDeg(deg[1]), roundDeg(deg[2])}
	if !e.has(path) && r == (mgl64.Vec3{}) {
		return nil
	}
	return e.Doc.Set(path, []float64{r[0], r[1], r[2]})
}

// ---- the craft's structure, from the file ----

// names lists the "name" of each element of an array of tables.
func (e *Editor) names(arr string) []string {
	n := e.Doc.Len(arr)
	out := make([]string, n)
	for i := range n {
		out[i] = e.str(fmt.Sprintf("%s[%d].name", arr, i), "")
	}
	return out
}

// PartName is the name of part i of the file ("" when there is none).
func (e *Editor) PartName(i int) string { return e.str(partPath(i)+".name", "") }

// Part returns the index in the file of the part named name, or -1.
func (e *Editor) Part(name string) int { return slices.Index(e.names("part"), name) }

func partPath(i int) string     { return fmt.Sprintf("part[%d]", i) }
func jointPath(i int) string    { return fmt.Sprintf("joint[%d]", i) }
func thrusterPath(i int) string { return fmt.Sprintf("thruster[%d]", i) }

// jointEnds returns the part names of joint j.
func (e *Editor) jointEnds(j int) (a, b string) {
	p := jointPath(j)
	return e.str(p+".part_a", ""), e.str(p+".part_b", "")
}

// root is the part the others hang from: the first hull, else the first
// part (as the loader's warnings take it).
func (e *Editor) root() string {
	names := e.names("part")
	for i, n := range names {
		if e.str(partPath(i)+".role", craft.RoleStructure) == craft.RoleHull {
			return n
		}
	}
	if len(names) > 0 {
		return names[0]
	}
	return ""
}

// tree returns, for each part by name, the part it hangs from (the one a
// step nearer the root, by joints) and how many joints away from the root
// it is. Parts not linked to the root are left out.
func (e *Editor) tree() (up map[string]string, depth map[string]int) {
	up, depth = map[string]string{}, map[string]int{}
	r := e.root()
	if r == "" {
		return up, depth
	}
	depth[r] = 0
	queue := []string{r}
	nj := e.Doc.Len("joint")
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for j := range nj {
			a, b := e.jointEnds(j)
			other := ""
			switch p {
			case a:
				other = b
			case b:
				other = a
			}
			if _, seen := depth[other]; other != "" && !seen {
				depth[other], up[other] = depth[p]+1, p
				queue = append(queue, other)
			}
		}
	}
	return up, depth
}

// Subtree lists the part named name and the parts that hang from it (its
// legs' feet, say), in the order of the file: what moves, is copied or is
// deleted with it.
func (e *Editor) Subtree(name string) []string {
	up, _ := e.tree()
	var out []string
	for _, n := range e.names("part") {
		for p := n; p != ""; p = up[p] {
			if p == name {
				out = append(out, n)
				break
			}
		}
	}
	if len(out) == 0 && e.Part(name) >= 0 { // not linked: itself only
		out = []string{name}
	}
	return out
}

// parentJoint returns the joint by which part name hangs from the part
// above it, or -1.
func (e *Editor) parentJoint(name string) int {
	up, _ := e.tree()
	above, ok := up[name]
	if !ok {
		return -1
	}
	for j := range e.Doc.Len("joint") {
		a, b := e.jointEnds(j)
		if a == above && b == name || a == name && b == above {
			return j
		}
	}
	return -1
}

// unique returns name, or name_2, name_3 … whichever is not in taken.
func unique(name string, taken []string) string {
	if !slices.Contains(taken, name) {
		return name
	}
	for n := 2; ; n++ {
		if c := fmt.Sprintf("%s_%d", name, n); !slices.Contains(taken, c) {
			return c
		}
	}
}
