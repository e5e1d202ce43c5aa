package hangar

import (
	"encoding/json"
	"io/fs"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
)

func shippedText(t *testing.T, name string) []byte {
	t.Helper()
	b, err := fs.ReadFile(data.FS, "crafts/"+name+".toml")
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func editor(t *testing.T, name string) *Editor {
	t.Helper()
	e, err := NewEditor(name+".toml", shippedText(t, name))
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func loaded(t *testing.T, e *Editor) *craft.Craft {
	t.Helper()
	c, err := e.Craft()
	if err != nil {
		t.Fatalf("the edited craft does not load: %v\n%s", err, e.Text())
	}
	return c
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// keyOrder lists every key of every table of the craft format, and none
// other: checked against the schema the loader's own key list makes.
func TestKeyOrderIsTheFormat(t *testing.T) {
	b, err := fs.ReadFile(data.FS, "schema/craft.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var schema map[string]any
	if err := json.Unmarshal(b, &schema); err != nil {
		t.Fatal(err)
	}
	var walk func(table string, s map[string]any)
	walk = func(table string, s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		var keys []string
		for k, v := range props {
			keys = append(keys, k)
			if items, ok := v.(map[string]any)["items"].(map[string]any); ok && items["type"] == "object" {
				walk(strings.TrimPrefix(table+"."+k, "."), items)
			}
		}
		slices.Sort(keys)
		got := slices.Sorted(slices.Values(keyOrder[table]))
		if !slices.Equal(got, keys) {
			t.Errorf("keyOrder[%q] = %v, the format has %v", table, got, keys)
		}
	}
	walk("", schema)
}

// partByName finds a part of c.
func partByName(t *testing.T, c *craft.Craft, name string) *craft.Part {
	t.Helper()
	i := c.PartIndex(name)
	if i < 0 {
		t.Fatalf("no part %q", name)
	}
	return &c.Parts[i]
}

func jointByName(t *testing.T, c *craft.Craft, name string) *craft.Joint {
	t.Helper()
	for i := range c.Joints {
		if c.Joints[i].Name == name {
			return &c.Joints[i]
		}
	}
	t.Fatalf("no joint %q", name)
	return nil
}

func nearVec(a, b mgl64.Vec3, tol float64) bool { return a.Sub(b).Len() <= tol }

// sameRotation compares two orientations (q and −q are the same).
func sameRotation(a, b mgl64.Quat) bool {
	return math.Abs(math.Abs(a.Dot(b))-1) < 1e-9
}

// sameCraft checks that two crafts have the same parts, joints, thrusters
// and ports by name (in any order), placed the same.
func sameCraft(t *testing.T, got, want *craft.Craft) {
	t.Helper()
	if len(got.Parts) != len(want.Parts) || len(got.Joints) != len(want.Joints) || len(got.Thrusters) != len(want.Thrusters) {
		t.Fatalf("%d parts, %d joints, %d thrusters; want %d, %d, %d", len(got.Parts), len(got.Joints), len(got.Thrusters),
			len(want.Parts), len(want.Joints), len(want.Thrusters))
	}
	for _, w := range want.Parts {
		g := partByName(t, got, w.Name)
		// A cylinder turned half a turn about its own axis is the same
		// cylinder: compare where the part's axes point, y first.
		gy, wy := g.Orientation.Rotate(mgl64.Vec3{0, 1, 0}), w.Orientation.Rotate(mgl64.Vec3{0, 1, 0})
		if !nearVec(g.Position, w.Position, 1e-9) || !nearVec(gy, wy, 1e-9) || g.Role != w.Role || len(g.Shapes) != len(w.Shapes) {
			t.Errorf("part %s at %v axis %v, want %v axis %v", w.Name, g.Position, gy, w.Position, wy)
		}
		if math.Abs(g.Dry.Mass-w.Dry.Mass) > 1e-9 {
			t.Errorf("part %s: %g kg, want %g", w.Name, g.Dry.Mass, w.Dry.Mass)
		}
	}
	for _, w := range want.Joints {
		g := jointByName(t, got, w.Name)
		if g.Kind != w.Kind || got.Parts[g.A].Name != want.Parts[w.A].Name || got.Parts[g.B].Name != want.Parts[w.B].Name ||
			!nearVec(g.Anchor, w.Anchor, 1e-9) || !nearVec(g.Axis, w.Axis, 1e-9) || g.MinAngle != w.MinAngle || g.MaxAngle != w.MaxAngle {
			t.Errorf("joint %s: %+v, want %+v", w.Name, *g, w)
		}
	}
	for _, w := range want.Thrusters {
		k := slices.IndexFunc(got.Thrusters, func(x craft.Thruster) bool { return x.Name == w.Name })
		if k < 0 {
			t.Errorf("no thruster %s", w.Name)
			continue
		}
		g := got.Thrusters[k]
		if !nearVec(g.Position, w.Position, 1e-9) || !nearVec(g.Direction, w.Direction, 1e-9) || g.MaxThrust != w.MaxThrust || g.Group != w.Group {
			t.Errorf("thruster %s: at %v along %v, want %v along %v", w.Name, g.Position, g.Direction, w.Position, w.Direction)
		}
	}
}

// The lander's legs are mirror images and quarter turns of each other: a
// leg deleted and made again from another by symmetry is the leg it was —
// its foot, hinge (axis and limits) and ankle with it, under the lander's
// own names.
func TestSymmetryRemakesTheLandersLegs(t *testing.T) {
	orig := loaded(t, editor(t, "lander"))
	for _, c := range []struct {
		sym    Symmetry
		delete []string
	}{
		{MirrorX, []string{"leg_fl"}},
		{MirrorZ, []string{"leg_br"}},
		{Quad, []string{"leg_br", "leg_bl", "leg_fl"}},
	} {
		t.Run(SymmetryNames[c.sym], func(t *testing.T) {
			e := editor(t, "lander")
			for _, n := range c.delete {
				dep := e.Dependents(n)
				if !slices.Equal(dep.Parts, []string{n, "foot_" + n[4:]}) || len(dep.Joints) != 2 {
					t.Fatalf("deleting %s takes %+v", n, dep)
				}
				must(t, e.DeletePart(n))
			}
			loaded(t, e) // what is left loads
			copies, err := e.CopyPart("leg_fr", c.sym)
			must(t, err)
			slices.Sort(copies)
			want := slices.Sorted(slices.Values(c.delete))
			if !slices.Equal(copies, want) {
				t.Fatalf("copies named %v, want %v", copies, want)
			}
			sameCraft(t, loaded(t, e), orig)
		})
	}
}

// The lander's RCS quads, deleted and made again from the front right one
// by mirror images (its up jets are canted alternately, so that they
// cancel: mirror images of each other, not quarter turns): the same jets,
// and so the same authority the allocator finds.
func TestSymmetryRemakesRCSQuads(t *testing.T) {
	orig := loaded(t, editor(t, "lander"))
	e := editor(t, "lander")
	for i := e.Doc.Len("thruster") - 1; i >= 0; i-- {
		if n := e.label("thruster", i); strings.HasPrefix(n, "rcs_") && !strings.HasPrefix(n, "rcs_fr_") {
			must(t, e.DeleteThruster(i))
		}
	}
	n, err := e.CopyThrusters(slices.Index(e.names("thruster"), "rcs_fr_up"), MirrorX)
	must(t, err)
	for _, q := range []string{"rcs_fr_up", "rcs_fl_up"} {
		m, err := e.CopyThrusters(slices.Index(e.names("thruster"), q), MirrorZ)
		must(t, err)
		n += m
	}
	if n != 12 {
		t.Fatalf("%d jets made, want 12", n)
	}
	got := loaded(t, e)
	sameCraft(t, got, orig)
	fo, fg := figures(t, orig), figures(t, got)
	for k := range fo.RCS {
		if math.Abs(fo.RCS[k].AccelPos-fg.RCS[k].AccelPos) > 1e-9*math.Abs(fo.RCS[k].AccelPos)+1e-12 {
			t.Errorf("%s authority %g, was %g", fo.RCS[k].Axis, fg.RCS[k].AccelPos, fo.RCS[k].AccelPos)
		}
	}
}

// Moving a part moves what hangs from it and what is mounted on it, and
// writes only the values that changed.
func TestMovePart(t *testing.T) {
	e := editor(t, "lander")
	before := string(e.Text())
	must(t, e.MovePart("adapter", mgl64.Vec3{0, 0.05, 0}))
	after := string(e.Text())
	c := loaded(t, e)
	if p := partByName(t, c, "adapter").Position; !nearVec(p, mgl64.Vec3{0, 1.05, 0}, 1e-12) {
		t.Fatalf("adapter at %v", p)
	}
	if a := jointByName(t, c, "adapter").Anchor; !nearVec(a, mgl64.Vec3{0, 0.85, 0}, 1e-12) {
		t.Fatalf("its joint's anchor at %v", a)
	}
	if p := c.Ports[0].Position; !nearVec(p, mgl64.Vec3{0, 1.25, 0}, 1e-12) {
		t.Fatalf("its port at %v", p)
	}
	// Three values, one byte each ("1.0" → "1.05" and so on): the rest as it was.
	for _, r := range []struct{ old, new string }{
		{"position = [0.0, 1.0, 0.0]\ncolour = \"#9aa0a8\"", "position = [0.0, 1.05, 0.0]\ncolour = \"#9aa0a8\""},
		{"anchor = [0.0, 0.8, 0.0]", "anchor = [0.0, 0.85, 0.0]"},
		{"position = [0.0, 1.2, 0.0]\naxis = [0, 1, 0]", "position = [0.0, 1.25, 0.0]\naxis = [0, 1, 0]"},
	} {
		before = strings.Replace(before, r.old, r.new, 1)
	}
	if after != before {
		t.Fatalf("moving wrote more than the three values:\n%s", after)
	}
	e.Doc.Undo()
	if string(e.Text()) != string(shippedText(t, "lander")) {
		t.Fatal("undo did not give the file back")
	}
}

// Turning a leg swings it on its hinge with its foot: rigidly, about the
// hinge's anchor.
func TestTurnPart(t *testing.T) {
	e := editor(t, "lander")
	orig := loaded(t, e)
	must(t, e.TurnPart("leg_fr", 0, Turn))
	c := loaded(t, e)
	hinge := jointByName(t, orig, "hinge_fr").Anchor
	for _, n := range []string{"leg_fr", "foot_fr"} {
		a, b := partByName(t, orig, n), partByName(t, c, n)
		if math.Abs(a.Position.Sub(hinge).Len()-b.Position.Sub(hinge).Len()) > 1e-5 {
			t.Errorf("%s: %g m from the hinge, was %g", n, b.Position.Sub(hinge).Len(), a.Position.Sub(hinge).Len())
		}
		want := mgl64.QuatRotate(mgl64.DegToRad(Turn), mgl64.Vec3{1, 0, 0}).Mul(a.Orientation)
		if !sameRotation(b.Orientation, want) && !sameRotation(b.Orientation.Mul(mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 1, 0})), want) {
			t.Errorf("%s turned to %v, want %v", n, b.Orientation, want)
		}
	}
	if a := jointByName(t, c, "ankle_fr").Anchor; nearVec(a, jointByName(t, orig, "ankle_fr").Anchor, 1e-3) {
		t.Error("the ankle stayed where it was")
	}
}

func TestEulerRoundTrip(t *testing.T) {
	for _, deg := range []mgl64.Vec3{{0, 0, 0}, {-35, 45, 0}, {10, 20, 30}, {170, -80, -100}, {0, 90, 0}, {0, -90, 30}, {90, 0, 0}} {
		m := eulerMat(deg)
		back := eulerMat(eulerOf(m))
		for i := range m {
			if math.Abs(m[i]-back[i]) > 1e-12 {
				t.Fatalf("%v: %v ≠ %v", deg, eulerOf(m), deg)
			}
		}
	}
}

func TestCopyNames(t *testing.T) {
	for _, c := range []struct {
		name string
		sym  Symmetry
		k    int
		want string
	}{
		{"leg_fr", MirrorX, 1, "leg_fl"}, {"rcs_fr_cw", MirrorX, 1, "rcs_fl_ccw"}, {"leg_fr", MirrorZ, 1, "leg_br"},
		{"leg_fr", Quad, 1, "leg_br"}, {"leg_fr", Quad, 2, "leg_bl"}, {"leg_fr", Quad, 3, "leg_fl"},
		{"Left-Wing", MirrorX, 1, "Right-Wing"}, {"hull", MirrorX, 1, "hull_2"}, {"leg_fl", MirrorX, 1, "leg_fr_2"},
	} {
		if got := copyName(c.name, c.sym, c.k, []string{"hull", "leg_fr"}); got != c.want {
			t.Errorf("copy %d of %s by %s: %s, want %s", c.k, c.name, SymmetryNames[c.sym], got, c.want)
		}
	}
}

func TestSideWords(t *testing.T) {
	for _, c := range []struct {
		text string
		sym  Symmetry
		k    int
		want string
	}{
		{"leg, front right: a 2 m strut", Quad, 1, "leg, back right: a 2 m strut"},
		{"leg, front right: a 2 m strut", Quad, 3, "leg, front left: a 2 m strut"},
		{"leg, front right", MirrorX, 1, "leg, front left"},
		{"RCS quad, front", MirrorZ, 1, "RCS quad, back"},
		{"the frontier is bright", MirrorZ, 1, "the frontier is bright"},
	} {
		if got := sideWords(c.text, c.sym, c.k); got != c.want {
			t.Errorf("%q by %s ×%d: %q, want %q", c.text, SymmetryNames[c.sym], c.k, got, c.want)
		}
	}
}

func TestStepScale(t *testing.T) {
	for _, c := range []struct {
		x        float64
		up, fine bool
		want     float64
	}{
		{20, true, false, 25}, {20, false, false, 15}, {400, false, false, 300}, {100, false, false, 80}, {8, true, false, 10},
		{445, true, false, 500}, {445, false, false, 400}, {1000, true, false, 1200}, {100, true, true, 101}, {0.012, false, false, 0.01},
	} {
		if got := stepScale(c.x, c.up, c.fine); got != c.want {
			t.Errorf("stepScale(%g, up %v, fine %v) = %g, want %g", c.x, c.up, c.fine, got, c.want)
		}
	}
}

func TestStepTo(t *testing.T) {
	for _, c := range []struct{ x, dir, step, want float64 }{
		{1.4056, 1, 0.05, 1.45}, {1.4056, -1, 0.05, 1.4}, {1.4, 1, 0.05, 1.45}, {1.4, -1, 0.05, 1.35},
		{-0.05, 1, 0.05, 0}, {0.3, -1, 0.1, 0.2}, {0.07, 1, 0.01, 0.08},
	} {
		if got := StepTo(c.x, c.dir, c.step); got != c.want {
			t.Errorf("StepTo(%g, %g, %g) = %g, want %g", c.x, c.dir, c.step, got, c.want)
		}
	}
}

// A part without shapes of its own kind changed: box to cylinder and back;
// resizing; mass and role.
func TestShapeMassRole(t *testing.T) {
	e := editor(t, "lander")
	k, err := e.NextShapeKind("hull", 0)
	must(t, err)
	if k != craft.ShapeCylinder {
		t.Fatalf("box became %s", k)
	}
	// (The legs' hinges are now off the round cabin: the craft does not
	// load until it is a box again, and the editor goes on all the same.)
	if r, l := e.num("part[0].shape[0].radius", 0), e.num("part[0].shape[0].length", 0); r != 1 || l != 1.2 || e.has("part[0].shape[0].size") {
		t.Fatalf("cylinder r %g l %g", r, l)
	}
	must(t, e.ResizeShape("hull", 0, 1, 1, Grid))
	must(t, e.ResizeShape("hull", 0, 0, -1, Grid))
	if r, l := e.num("part[0].shape[0].radius", 0), e.num("part[0].shape[0].length", 0); r != 0.975 || l != 1.25 {
		t.Fatalf("resized: r %g l %g", r, l)
	}
	if _, err := e.NextShapeKind("hull", 0); err != nil {
		t.Fatal(err)
	}
	if s := partByName(t, loaded(t, e), "hull").Shapes[0]; s.Size != (mgl64.Vec3{1.95, 1.25, 1.95}) {
		t.Fatalf("back to a box of %v", s.Size)
	}
	must(t, e.StepMass("leg_fr", true, false))
	if m := partByName(t, loaded(t, e), "leg_fr").Dry.Mass; m != 25 {
		t.Fatalf("leg %g kg", m)
	}
	r, err := e.NextRole("adapter")
	must(t, err)
	// Named by its role, it is renamed with it.
	if r != craft.RoleEngine || partByName(t, loaded(t, e), "engine").Role != r {
		t.Fatalf("role %s, parts %v", r, e.names("part"))
	}
	for range 5 {
		e.Doc.Undo()
	}
	if _, ok := e.Doc.Undo(); !ok || string(e.Text()) != string(shippedText(t, "lander")) {
		t.Fatal("undoing did not give the file back")
	}
}

// Thrusters and joints added by pointing: written like the file's own,
// among them.
func TestAddThrusterAndJoint(t *testing.T) {
	e := editor(t, "lander")
	i, err := e.AddThruster("hull", mgl64.Vec3{0, 0.2, 1}, mgl64.Vec3{0, 0, -2}, craft.GroupRCS)
	must(t, err)
	c := loaded(t, e)
	th := c.Thrusters[i]
	if th.Name != "rcs_18" || th.Position != (mgl64.Vec3{0, 0.2, 1}) || th.Direction != (mgl64.Vec3{0, 0, -1}) || th.MaxThrust != 445 || th.Tank != 0 {
		t.Fatalf("new thruster %+v", th)
	}
	if !strings.HasSuffix(strings.Split(string(e.Text()), "[[port]]")[0], "[[thruster]]\nname = \"rcs_18\"\npart = \"hull\"\nposition = [0.0, 0.2, 1.0]\ndirection = [0, 0, -1]\nmax_thrust = 445.0\nisp = 290.0\ngroup = \"rcs\"\ntank = \"main\"\n\n") {
		t.Fatalf("written as:\n%s", e.Text())
	}
	g, err := e.NextGroup(i)
	must(t, err)
	if g != craft.GroupMain {
		t.Fatal(g)
	}
	j, err := e.AddJoint("leg_fr", "hull", mgl64.Vec3{1, -0.4, 1}, craft.JointBall)
	must(t, err)
	c = loaded(t, e)
	jt := c.Joints[j]
	if jt.Kind != craft.JointBall || c.Parts[jt.A].Name != "hull" || c.Parts[jt.B].Name != "leg_fr" {
		t.Fatalf("new joint %+v", jt)
	}
	k, err := e.NextJointKind(j) // ball → fixed
	must(t, err)
	if k != craft.JointFixed {
		t.Fatal(k)
	}
	k, _ = e.NextJointKind(j) // → hinge, about x
	must(t, e.StepLimit(j, true, 1, Turn))
	must(t, e.StepLimit(j, true, 1, Turn))
	c = loaded(t, e)
	if jt := c.Joints[j]; k != craft.JointHinge || jt.Axis != (mgl64.Vec3{1, 0, 0}) || !jt.HasLimits || math.Abs(mgl64.RadToDeg(jt.MaxAngle)-35) > 1e-9 {
		t.Fatalf("%s %+v", k, jt)
	}
	for range 3 {
		must(t, e.TurnJoint(j, 1, 30))
	}
	if a := loaded(t, e).Joints[j].Axis; !nearVec(a, mgl64.Vec3{0, 0, -1}, 1e-6) {
		t.Fatalf("axis turned to %v", a)
	}
	if k, _ = e.NextJointKind(j); k != craft.JointBall { // the hinge's keys go
		t.Fatal(k)
	}
	if strings.Contains(strings.Split(string(e.Text()), "name = \"hull_leg_fr\"")[1][:200], "axis") {
		t.Fatalf("the ball joint kept its axis:\n%s", e.Text())
	}
}

// Each template, finished as its comment says with the symmetry keys,
// loads without a warning: the copies make a balanced craft.
func TestTemplatesFinish(t *testing.T) {
	for _, c := range []struct {
		name   string
		finish func(e *Editor) error
		parts  int
		jets   int
	}{
		{"lander", func(e *Editor) error {
			if _, err := e.CopyPart("leg_fr", Quad); err != nil {
				return err
			}
			_, err := e.CopyThrusters(slices.Index(e.names("thruster"), "rcs_f_up"), Quad)
			return err
		}, 9, 17},
		{"shuttle", func(e *Editor) error {
			if _, err := e.CopyThrusters(slices.Index(e.names("thruster"), "rcs_fr_up"), MirrorX); err != nil {
				return err
			}
			if _, err := e.CopyThrusters(slices.Index(e.names("thruster"), "rcs_fr_up"), MirrorZ); err != nil {
				return err
			}
			_, err := e.CopyThrusters(slices.Index(e.names("thruster"), "rcs_fl_up"), MirrorZ)
			return err
		}, 1, 17},
		{"satellite", func(e *Editor) error { _, err := e.CopyPart("wing_r", MirrorX); return err }, 3, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			text, err := Template(c.name, "my-"+c.name)
			must(t, err)
			e, err := NewEditor("my-"+c.name+".toml", text)
			must(t, err)
			if got := loaded(t, e).Name; got != "My "+c.name {
				t.Fatalf("named %q", got)
			}
			must(t, c.finish(e))
			cr := loaded(t, e)
			if len(cr.Parts) != c.parts || len(cr.Thrusters) != c.jets {
				t.Fatalf("%d parts, %d thrusters; want %d, %d", len(cr.Parts), len(cr.Thrusters), c.parts, c.jets)
			}
			fig := figures(t, cr)
			if ws := AllWarnings(cr, fig, string(e.Text())); len(ws) > 0 {
				t.Errorf("warnings of the finished %s:\n%v\n%s", c.name, ws, e.Text())
			}
			if com := fig.COMWet; math.Abs(com[0]) > 1e-9 || math.Abs(com[2]) > 1e-9 {
				t.Errorf("centre of mass %v off the axis", com)
			}
		})
	}
}

// The worked example of docs/craft-files.md, the hopper, built from the
// lander template with the editor's operations alone — each one a click, a
// drag or a key in the hangar (named beside it) — has the hopper's mass,
// centre of mass, inertia and RCS authority. What the editor cannot do
// yet stays as the template has it: the port on the hull (the hopper's is
// on its collar), the parts' colours, the RCS jets' Isp (290 s, not 300).
func TestBuildHopperFromTemplate(t *testing.T) {
	text, err := Template("lander", "hopper")
	must(t, err)
	e, err := NewEditor("hopper.toml", text)
	must(t, err)
	thr := func(n string) int { return slices.Index(e.names("thruster"), n) }
	times := func(n int, f func() error) {
		t.Helper()
		for range n {
			must(t, f())
		}
	}
	must(t, e.DeletePart("leg_fr"))             // click the leg, Delete, "Yes"
	must(t, e.DeleteThruster(thr("rcs_f_cw")))  // click its arrow, Delete
	must(t, e.DeleteThruster(thr("rcs_f_ccw"))) // …
	for _, n := range []string{"rcs_f_up", "rcs_f_down"} {
		must(t, e.MoveThruster(thr(n), mgl64.Vec3{0, -0.3, 0}))              // click, K ×6
		times(3, func() error { return e.StepThrust(thr(n), false, false) }) // − ×3: 100, 80, 60, 50 N
	}
	_, err = e.CopyThrusters(thr("rcs_f_up"), Quad) // V
	must(t, err)
	times(3, func() error { _, err := e.StepFuel("hull", false, false); return err }) // click the hull, Q Q, − ×3

	// A skid: the hull copied (C), made a foot (E E: hull_2 becomes foot),
	// resized with the size handles, lightened, moved, joined (O, click,
	// click) and mirrored (X).
	copies, err := e.CopyPart("hull", CopyInPlace)
	must(t, err)
	times(2, func() error { _, err := e.NextRole(e.PartName(e.Doc.Len("part") - 1)); return err })
	must(t, e.SetShapeSize("foot", 0, 0, 0.1))
	must(t, e.SetShapeSize("foot", 0, 1, 0.1))
	times(16, func() error { return e.StepMass("foot", false, false) }) // 400 … 12, 10 kg
	must(t, e.MovePart("foot", mgl64.Vec3{0.8, -0.55, 0}))
	_, err = e.AddJoint("hull", "foot", mgl64.Vec3{0.8, -0.5, 0}, craft.JointFixed)
	must(t, err)
	_, err = e.CopyPart("foot", MirrorX)
	must(t, err)

	// The collar: the hull copied, made a cylinder (E in size mode),
	// resized, an adapter (E ×3), lightened, moved up and joined.
	copies, err = e.CopyPart("hull", CopyInPlace)
	must(t, err)
	_, err = e.NextShapeKind(copies[0], 0)
	must(t, err)
	must(t, e.SetShapeSize(copies[0], 0, 0, 0.8))
	must(t, e.SetShapeSize(copies[0], 0, 1, 0.5))
	times(3, func() error { _, err := e.NextRole(e.PartName(e.Doc.Len("part") - 1)); return err })
	times(11, func() error { return e.StepMass("adapter", false, false) }) // 400 … 40, 30 kg
	must(t, e.MovePart("adapter", mgl64.Vec3{0, 0.75, 0}))
	_, err = e.AddJoint("hull", "adapter", mgl64.Vec3{0, 0.5, 0}, craft.JointFixed)
	must(t, err)

	got := loaded(t, e)
	want, _ := hopper(t)
	if n := slices.Sorted(slices.Values(e.names("part"))); !slices.Equal(n, []string{"adapter", "foot_l", "foot_r", "hull"}) {
		t.Fatalf("parts %v", n)
	}
	fg, fw := figures(t, got), figures(t, want)
	near(t, "wet mass", fg.WetMassKg, fw.WetMassKg)
	near(t, "dry mass", fg.DryMassKg, fw.DryMassKg)
	for k := range 3 {
		near(t, "COM", fg.COMWet[k], fw.COMWet[k])
		near(t, "principal moment", fg.Principal[k], fw.Principal[k])
	}
	if len(got.Thrusters) != len(want.Thrusters) {
		t.Fatalf("%d thrusters, want %d", len(got.Thrusters), len(want.Thrusters))
	}
	for k := range fw.RCS {
		near(t, fw.RCS[k].Axis+" authority", fg.RCS[k].AccelPos, fw.RCS[k].AccelPos)
	}
	if ws := AllWarnings(got, fg, string(e.Text())); len(ws) != 1 || ws[0].Code != craft.WarnNoAuthority {
		t.Errorf("warnings %v, want the hopper's one (no yaw)", ws)
	}
}
