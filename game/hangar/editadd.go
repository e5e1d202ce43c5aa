package hangar

// Thrusters and joints: added where the modder points, moved, turned,
// copied in symmetry (an RCS quad), their group, kind and limits.

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/craft/tomledit"
)

func (e *Editor) needIndex(arr string, i int) (string, error) {
	if i < 0 || i >= e.Doc.Len(arr) {
		return "", fmt.Errorf("no %s %d in the file", arr, i)
	}
	return fmt.Sprintf("%s[%d]", arr, i), nil
}

// label names element i of arr for a step's name.
func (e *Editor) label(arr string, i int) string { return e.labels(arr, []int{i})[0] }

// MoveThruster moves thruster i by d (m, craft frame).
func (e *Editor) MoveThruster(i int, d mgl64.Vec3) error {
	p, err := e.needIndex("thruster", i)
	if err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("move %s by %s", e.label("thruster", i), vecText(d)), func() error {
		return e.setVec(p+".position", e.vec(p+".position", zero).Add(d))
	})
}

// ThrusterPosition is where thruster i is written to be.
func (e *Editor) ThrusterPosition(i int) mgl64.Vec3 { return e.vec(thrusterPath(i)+".position", zero) }

// TurnThruster turns thruster i's direction by deg degrees about craft axis
// k.
func (e *Editor) TurnThruster(i, k int, deg float64) error {
	p, err := e.needIndex("thruster", i)
	if err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("turn %s %+g° about %c", e.label("thruster", i), deg, "xyz"[k]), func() error {
		return e.setVec(p+".direction", rotation(k, deg, zero).dir(e.vec(p+".direction", mgl64.Vec3{0, 1, 0})))
	})
}

// NextGroup moves thruster i to the other group (rcs, main) and returns
// it.
func (e *Editor) NextGroup(i int) (string, error) {
	p, err := e.needIndex("thruster", i)
	if err != nil {
		return "", err
	}
	next := craft.GroupMain
	if e.str(p+".group", craft.GroupRCS) == craft.GroupMain {
		next = craft.GroupRCS
	}
	return next, e.Doc.Do(fmt.Sprintf("%s: group %s", e.label("thruster", i), next), func() error { return e.Doc.Set(p+".group", next) })
}

// StepThrust makes thruster i stronger or weaker, to the next round
// number (1 % fine).
func (e *Editor) StepThrust(i int, up, fine bool) error {
	p, err := e.needIndex("thruster", i)
	if err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("%s thrust", e.label("thruster", i)), func() error {
		return e.Doc.Set(p+".max_thrust", stepScale(e.num(p+".max_thrust", 100), up, fine))
	})
}

// cluster lists the thrusters mounted with thruster i: on the same part at
// the same point (an RCS quad's nozzles).
func (e *Editor) cluster(i int) []int {
	part, at := e.str(thrusterPath(i)+".part", ""), e.ThrusterPosition(i)
	var out []int
	for t := range e.Doc.Len("thruster") {
		if e.str(thrusterPath(t)+".part", "") == part && e.ThrusterPosition(t).Sub(at).Len() < 1e-9 {
			out = append(out, t)
		}
	}
	return out
}

// CopyThrusters copies thruster i with the others at its point (a quad)
// by sym, on the same part, and returns how many it made.
func (e *Editor) CopyThrusters(i int, sym Symmetry) (int, error) {
	if _, err := e.needIndex("thruster", i); err != nil {
		return 0, err
	}
	set := e.cluster(i)
	n := 0
	err := e.Doc.Do(fmt.Sprintf("%s and %d more: %s", e.label("thruster", i), len(set)-1, SymmetryNames[sym]), func() error {
		for k, m := range motions(sym) {
			if _, err := e.copyAll("thruster", set, sym, k+1, nil, m.moveFn(e.moveThruster)); err != nil {
				return err
			}
			n += len(set)
		}
		return nil
	})
	return n, err
}

// DeleteThruster deletes thruster i.
func (e *Editor) DeleteThruster(i int) error {
	p, err := e.needIndex("thruster", i)
	if err != nil {
		return err
	}
	return e.Doc.Do("delete "+e.label("thruster", i), func() error { return e.Doc.Remove(p) })
}

// Default thrusts of a new thruster when the file has none to copy (N).
const (
	newRCSThrust  = 100
	newMainThrust = 1000
)

// AddThruster adds a thruster of group on the part named part at pos (m,
// craft frame), pushing along dir (the exhaust leaves the other way), and
// returns its index. It is a copy of the last thruster of its group (its
// thrust, Isp, tank and layout), else of any; in a file with none it is
// written new, fed by the first tank.
func (e *Editor) AddThruster(part string, pos, dir mgl64.Vec3, group string) (int, error) {
	if _, err := e.needPart(part); err != nil {
		return -1, err
	}
	n := e.Doc.Len("thruster")
	tmpl := -1
	for t := range n {
		if tmpl < 0 || e.str(thrusterPath(t)+".group", craft.GroupRCS) == group {
			tmpl = t
		}
	}
	name := unique(fmt.Sprintf("%s_%d", group, n+1), e.names("thruster"))
	dir = dir.Normalize()
	err := e.Doc.Do(fmt.Sprintf("add thruster %s on %s", name, part), func() error {
		var p string
		var err error
		if tmpl >= 0 {
			if p, err = e.Doc.AppendCopy(thrusterPath(tmpl)); err != nil {
				return err
			}
			if err := e.Doc.Set(p+".name", name); err != nil {
				return err
			}
			if err := e.Doc.Set(p+".part", part); err != nil {
				return err
			}
			if e.str(p+".group", craft.GroupRCS) != group { // "rcs", the default, left unwritten where it was
				if err := e.Doc.Set(p+".group", group); err != nil {
					return err
				}
			}
		} else {
			thrust := float64(newRCSThrust)
			if group == craft.GroupMain {
				thrust = newMainThrust
			}
			kvs := []tomledit.KV{{Key: "name", Value: name}, {Key: "part", Value: part}, {Key: "position", Value: []float64{0, 0, 0}},
				{Key: "direction", Value: []float64{0, 1, 0}}, {Key: "max_thrust", Value: thrust}}
			if group != craft.GroupRCS {
				kvs = append(kvs, tomledit.KV{Key: "group", Value: group})
			}
			if tanks := e.names("tank"); len(tanks) > 0 && tanks[0] != "" {
				kvs = append(kvs, tomledit.KV{Key: "tank", Value: tanks[0]})
			}
			if p, err = e.Doc.Append("thruster", kvs); err != nil {
				return err
			}
		}
		if err := e.setVec(p+".position", pos); err != nil {
			return err
		}
		return e.setVec(p+".direction", dir)
	})
	return n, err
}

// ---- joints ----

// MoveJoint moves joint j's anchor by d (m, craft frame).
func (e *Editor) MoveJoint(j int, d mgl64.Vec3) error {
	p, err := e.needIndex("joint", j)
	if err != nil {
		return err
	}
	return e.Doc.Do(fmt.Sprintf("move %s by %s", e.label("joint", j), vecText(d)), func() error {
		return e.setVec(p+".anchor", e.vec(p+".anchor", zero).Add(d))
	})
}

// JointAnchor is joint j's anchor as written.
func (e *Editor) JointAnchor(j int) mgl64.Vec3 { return e.vec(jointPath(j)+".anchor", zero) }

// TurnJoint turns hinge j's axis by deg degrees about craft axis k.
func (e *Editor) TurnJoint(j, k int, deg float64) error {
	p, err := e.needIndex("joint", j)
	if err != nil {
		return err
	}
	if !e.has(p + ".axis") {
		return fmt.Errorf("%s is not a hinge: it has no axis to turn", e.label("joint", j))
	}
	return e.Doc.Do(fmt.Sprintf("turn %s's axis %+g° about %c", e.label("joint", j), deg, "xyz"[k]), func() error {
		return e.setVec(p+".axis", rotation(k, deg, zero).dir(e.vec(p+".axis", mgl64.Vec3{1, 0, 0})))
	})
}

// hingeKeys are the keys only a hinge may have.
var hingeKeys = []string{"axis", "min_angle", "max_angle", "spring_stiffness", "spring_damping", "rest_angle", "motor_speed", "motor_max_torque"}

var jointKinds = []string{craft.JointFixed, craft.JointHinge, craft.JointBall}

// NextJointKind makes joint j the next kind (fixed, hinge, ball) and
// returns it: a new hinge turns about x, and a joint that stops being one
// loses the hinge's keys.
func (e *Editor) NextJointKind(j int) (string, error) {
	p, err := e.needIndex("joint", j)
	if err != nil {
		return "", err
	}
	next := jointKinds[(slices.Index(jointKinds, e.str(p+".kind", ""))+1)%len(jointKinds)]
	return next, e.Doc.Do(fmt.Sprintf("%s: %s", e.label("joint", j), next), func() error {
		return e.setJointKind(p, next)
	})
}

func (e *Editor) setJointKind(p, kind string) error {
	if err := e.Doc.Set(p+".kind", kind); err != nil {
		return err
	}
	if kind == craft.JointHinge {
		if !e.has(p + ".axis") {
			return e.Doc.Set(p+".axis", []float64{1, 0, 0})
		}
		return nil
	}
	for _, k := range hingeKeys {
		if e.has(p + "." + k) {
			if err := e.Doc.Remove(p + "." + k); err != nil {
				return err
			}
		}
	}
	return nil
}

// Limits returns hinge j's limits (degrees); ok is false when it has none.
func (e *Editor) Limits(j int) (lo, hi float64, ok bool) {
	p := jointPath(j)
	return e.num(p+".min_angle", 0), e.num(p+".max_angle", 0), e.has(p+".min_angle") && e.has(p+".max_angle")
}

// Default limits of a hinge that had none (degrees).
const defaultLimit = 30

// SetLimits gives hinge j the limits lo < hi (degrees, as built = 0),
// rounded to a hundredth of a degree.
func (e *Editor) SetLimits(j int, lo, hi float64) error {
	p, err := e.needIndex("joint", j)
	if err != nil {
		return err
	}
	if e.str(p+".kind", "") != craft.JointHinge {
		return fmt.Errorf("%s is not a hinge: it has no limits", e.label("joint", j))
	}
	lo, hi = math.Round(lo*100)/100, math.Round(hi*100)/100
	if !(lo < hi) {
		return fmt.Errorf("the lower limit %g° must be below the upper %g°", lo, hi)
	}
	return e.Doc.Do(fmt.Sprintf("%s: limits %g° to %g°", e.label("joint", j), lo, hi), func() error {
		if err := e.Doc.Set(p+".min_angle", lo); err != nil {
			return err
		}
		return e.Doc.Set(p+".max_angle", hi)
	})
}

// StepLimit moves hinge j's upper (hi) or lower limit to the next multiple
// of step degrees in the direction dir; a hinge without limits gets ±30°.
func (e *Editor) StepLimit(j int, hi bool, dir, step float64) error {
	lo, up, ok := e.Limits(j)
	if !ok {
		return e.SetLimits(j, -defaultLimit, defaultLimit)
	}
	if hi {
		up = StepTo(up, dir, step)
	} else {
		lo = StepTo(lo, dir, step)
	}
	return e.SetLimits(j, lo, up)
}

// DeleteJoint deletes joint j.
func (e *Editor) DeleteJoint(j int) error {
	p, err := e.needIndex("joint", j)
	if err != nil {
		return err
	}
	return e.Doc.Do("delete "+e.label("joint", j), func() error { return e.Doc.Remove(p) })
}

// AddJoint joins the parts named a and b with a joint of kind at anchor
// (m, craft frame) and returns its index. The part nearer the hull by
// joints goes on part_a (the solver's cheap order). It is a copy of the
// last joint of its kind, else of any, with the keys of its kind; in a file
// with none it is written new. A new hinge turns about x.
func (e *Editor) AddJoint(a, b string, anchor mgl64.Vec3, kind string) (int, error) {
	if _, err := e.needPart(a); err != nil {
		return -1, err
	}
	if _, err := e.needPart(b); err != nil {
		return -1, err
	}
	if a == b {
		return -1, fmt.Errorf("a joint joins two parts, not %s to itself", a)
	}
	if _, depth := e.tree(); depthOf(depth, b) < depthOf(depth, a) {
		a, b = b, a
	}
	n := e.Doc.Len("joint")
	tmpl := -1
	for j := range n {
		if tmpl < 0 || e.str(jointPath(j)+".kind", "") == kind {
			tmpl = j
		}
	}
	name := unique(a+"_"+b, e.names("joint"))
	err := e.Doc.Do(fmt.Sprintf("add %s joint %s", kind, name), func() error {
		var p string
		var err error
		if tmpl >= 0 {
			if p, err = e.Doc.AppendCopy(jointPath(tmpl)); err != nil {
				return err
			}
			for _, kv := range []tomledit.KV{{Key: "name", Value: name}, {Key: "part_a", Value: a}, {Key: "part_b", Value: b}} {
				if err := e.Doc.Set(p+"."+kv.Key, kv.Value); err != nil {
					return err
				}
			}
			if e.has(p + ".break_impulse") {
				if err := e.Doc.Remove(p + ".break_impulse"); err != nil {
					return err
				}
			}
			if err := e.setJointKind(p, kind); err != nil {
				return err
			}
		} else {
			kvs := []tomledit.KV{{Key: "name", Value: name}, {Key: "kind", Value: kind}, {Key: "part_a", Value: a}, {Key: "part_b", Value: b},
				{Key: "anchor", Value: []float64{0, 0, 0}}}
			if kind == craft.JointHinge {
				kvs = append(kvs, tomledit.KV{Key: "axis", Value: []float64{1, 0, 0}})
			}
			if p, err = e.Doc.Append("joint", kvs); err != nil {
				return err
			}
		}
		return e.setVec(p+".anchor", anchor)
	})
	return n, err
}

// depthOf is how many joints part n is from the root; one not linked to
// it counts as farthest.
func depthOf(depth map[string]int, n string) int {
	if d, ok := depth[n]; ok {
		return d
	}
	return math.MaxInt
}
