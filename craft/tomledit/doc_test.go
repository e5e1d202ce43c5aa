package tomledit

import (
	"strings"
	"testing"
)

const sample = `# A craft.
format = 1
name = "Test"   # the name

[[part]]                 # the hull
name = "hull"
mass = 1000.0            # kg
position = [0.0, 0.5, 0]

  [[part.shape]]         # 0: cabin
  kind = "box"
  size = [2, 1.2, 2.0]

  [[part.shape]]
  kind = "cylinder"
  radius = 0.6
  length = 0.6

[[part]]
name = "leg"
mass = 20
  [[part.shape]]
  kind = "box"
  size = [0.1, 2, 0.1]

# The joints.
[[joint]]
name = "hip"
kind = "hinge"
part_a = "hull"
part_b = "leg"
anchor = [1, -0.4, 1]
axis = [-1, 0, 1]

[[thruster]]
name = "main"
part = "hull"
position = [0, -1.4, 0]
direction = [0, 1, 0]
points = [[1, 2, 3],
          [4, 5, 6]]   # multi-line
`

func mustParse(t *testing.T, s string) *Doc {
	t.Helper()
	d, err := Parse([]byte(s))
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func check(t *testing.T, d *Doc, want string) {
	t.Helper()
	if got := string(d.Text()); got != want {
		t.Fatalf("text:\n%s\nwant:\n%s", got, want)
	}
}

func TestSetKeepsStyle(t *testing.T) {
	for _, c := range []struct {
		path     string
		v        any
		old, new string
	}{
		{"part[0].mass", 1200.0, "mass = 1000.0 ", "mass = 1200.0 "},                     // a float stays a float
		{"part[1].mass", 25, "mass = 20\n", "mass = 25\n"},                               // an integer an integer
		{"part[1].mass", 20.5, "mass = 20\n", "mass = 20.5\n"},                           // unless it has a fraction now
		{"part[0].position", []float64{0.05, 0.5, 0}, "[0.0, 0.5, 0]", "[0.05, 0.5, 0]"}, // only the element that changed
		{"part[0].position[2]", -1.25, "[0.0, 0.5, 0]", "[0.0, 0.5, -1.25]"},
		{"part[0].shape[0].size", []float64{2, 1.2, 2.5}, "[2, 1.2, 2.0]", "[2, 1.2, 2.5]"},
		{"name", "Tést \"x\"", `name = "Test"   # the name`, `name = "Tést \"x\""   # the name`},
		{"thruster[0].points[1][0]", 7.0, "[4, 5, 6]]   # multi-line", "[7, 5, 6]]   # multi-line"},
		{"part[0].position", []float64{1, 2}, "[0.0, 0.5, 0]", "[1.0, 2.0]"}, // another length: the whole array, in the style of its first element
	} {
		d := mustParse(t, sample)
		if err := d.Set(c.path, c.v); err != nil {
			t.Fatalf("%s: %v", c.path, err)
		}
		if !strings.Contains(sample, c.old) {
			t.Fatalf("%s: the sample has no %q", c.path, c.old)
		}
		check(t, d, strings.Replace(sample, c.old, c.new, 1))
	}
}

func TestInsertKeyInOrder(t *testing.T) {
	order := map[string][]string{
		"part":       {"name", "role", "mass", "position", "orientation", "colour"},
		"part.shape": {"kind", "size", "radius", "length", "position", "orientation"},
		"joint":      {"name", "kind", "part_a", "part_b", "anchor", "axis", "min_angle", "max_angle"},
	}
	d := mustParse(t, sample)
	d.Order = func(table string) []string { return order[table] }
	steps := []struct {
		path string
		v    any
	}{
		{"part[0].orientation", []float64{0, 45, 0}}, // after position
		{"part[1].position", []float64{1, -1, 1}},    // after mass
		{"part[1].role", "leg"},                      // between name and mass
		{"part[1].shape[0].position", []float64{0, 0, 0.5}},
		{"joint[0].min_angle", -10.0},
		{"joint[0].max_angle", 25.0},
		{"part[0].colour", "#ffffff"}, // not after the sub-tables: at the end of the part's own keys
	}
	for _, s := range steps {
		if err := d.Set(s.path, s.v); err != nil {
			t.Fatalf("%s: %v", s.path, err)
		}
	}
	want := strings.NewReplacer(
		"position = [0.0, 0.5, 0]\n", "position = [0.0, 0.5, 0]\norientation = [0, 45, 0]\ncolour = \"#ffffff\"\n",
		"name = \"leg\"\nmass = 20\n", "name = \"leg\"\nrole = \"leg\"\nmass = 20\nposition = [1.0, -1.0, 1.0]\n",
		"size = [0.1, 2, 0.1]\n", "size = [0.1, 2, 0.1]\n  position = [0, 0, 0.5]\n",
		"axis = [-1, 0, 1]\n", "axis = [-1, 0, 1]\nmin_angle = -10\nmax_angle = 25\n",
	).Replace(sample)
	check(t, d, want)
}

func TestRemoveAndUndo(t *testing.T) {
	d := mustParse(t, sample)
	if err := d.Remove("part[0].mass"); err != nil {
		t.Fatal(err)
	}
	check(t, d, strings.Replace(sample, "mass = 1000.0            # kg\n", "", 1))
	if err := d.Remove("joint[0]"); err != nil {
		t.Fatal(err)
	}
	// The joint's header, keys and the blank line after it go; the comment
	// above it stays.
	want := strings.Replace(sample, "mass = 1000.0            # kg\n", "", 1)
	want = strings.Replace(want, "[[joint]]\nname = \"hip\"\nkind = \"hinge\"\npart_a = \"hull\"\npart_b = \"leg\"\nanchor = [1, -0.4, 1]\naxis = [-1, 0, 1]\n\n", "", 1)
	check(t, d, want)
	if err := d.Remove("part[1]"); err != nil { // its shape goes with it
		t.Fatal(err)
	}
	if n := d.Len("part"); n != 1 {
		t.Fatalf("%d parts left", n)
	}
	if strings.Contains(string(d.Text()), "0.1, 2, 0.1") {
		t.Fatal("the removed part's shape is still there")
	}
	for range 3 {
		if _, ok := d.Undo(); !ok {
			t.Fatal("nothing to undo")
		}
	}
	check(t, d, sample)
	if _, ok := d.Undo(); ok {
		t.Fatal("undid more than was done")
	}
	for range 3 {
		d.Redo()
	}
	if n := d.Len("part"); n != 1 || d.Len("joint") != 0 {
		t.Fatalf("redo: %d parts, %d joints", n, d.Len("joint"))
	}
}

func TestAppendCopyAndNew(t *testing.T) {
	d := mustParse(t, sample)
	p, err := d.AppendCopy("part[0]")
	if err != nil {
		t.Fatal(err)
	}
	if p != "part[2]" {
		t.Fatalf("copy at %s", p)
	}
	// After the last part, before the comment that heads the joints, with
	// the blank line the parts are separated by.
	hull := sample[strings.Index(sample, "[[part]]                 # the hull") : strings.Index(sample, "\n\n[[part]]\nname = \"leg\"")+1]
	leg := "[[part]]\nname = \"leg\"\nmass = 20\n  [[part.shape]]\n  kind = \"box\"\n  size = [0.1, 2, 0.1]\n"
	want := strings.Replace(sample, leg+"\n# The joints.", leg+"\n"+hull+"\n# The joints.", 1)
	check(t, d, want)
	if err := d.Set("part[2].name", "hull_2"); err != nil {
		t.Fatal(err)
	}
	s, err := d.Append("thruster", []KV{{"name", "rcs"}, {"part", "hull"}, {"position", []float64{1, 0, 0}}, {"direction", []float64{-1, 0, 0}}})
	if err != nil || s != "thruster[1]" {
		t.Fatal(s, err)
	}
	if !strings.HasSuffix(string(d.Text()), "   # multi-line\n\n[[thruster]]\nname = \"rcs\"\npart = \"hull\"\nposition = [1, 0, 0]\ndirection = [-1, 0, 0]\n") {
		t.Fatalf("new thruster:\n%s", d.Text())
	}
	// The first port: an array with no element yet goes at the end.
	if _, err := d.Append("port", []KV{{"name", "top"}}); err != nil {
		t.Fatal(err)
	}
	// A new shape of the copied part, indented like the file's shapes.
	sp, err := d.Append("part[2].shape", []KV{{"kind", "box"}, {"size", []float64{1, 1, 1}}})
	if err != nil || sp != "part[2].shape[2]" {
		t.Fatal(sp, err)
	}
	if !strings.Contains(string(d.Text()), "  length = 0.6\n\n  [[part.shape]]\n  kind = \"box\"\n  size = [1, 1, 1]\n\n# The joints.") {
		t.Fatalf("new shape:\n%s", d.Text())
	}
}

func TestInlineTables(t *testing.T) {
	src := "format = 1\n[[part]]\nname = \"a\"\nshape = [{ kind = \"box\", size = [1, 1, 1] }, { kind = \"box\", size = [2, 2, 2] }]\n"
	d := mustParse(t, src)
	if err := d.Set("part[0].shape[1].size[0]", 3); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("part[0].shape[0].position", []float64{0, 1, 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AppendCopy("part[0].shape[0]"); err != nil {
		t.Fatal(err)
	}
	if err := d.Remove("part[0].shape[1]"); err != nil {
		t.Fatal(err)
	}
	want := "format = 1\n[[part]]\nname = \"a\"\nshape = [{ kind = \"box\", size = [1, 1, 1], position = [0, 1, 0] }, { kind = \"box\", size = [1, 1, 1], position = [0, 1, 0] }]\n"
	check(t, d, want)
	if _, err := d.Append("part[0].shape", []KV{{"kind", "box"}}); err == nil {
		t.Fatal("appended a table to an inline array")
	}
}

func TestCRLF(t *testing.T) {
	src := strings.ReplaceAll(sample, "\n", "\r\n")
	d := mustParse(t, src)
	d.Order = func(string) []string { return []string{"name", "mass", "position", "orientation"} }
	if err := d.Set("part[0].orientation", []float64{0, 90, 0}); err != nil {
		t.Fatal(err)
	}
	if err := d.Set("part[0].mass", 5.0); err != nil {
		t.Fatal(err)
	}
	if _, err := d.AppendCopy("joint[0]"); err != nil {
		t.Fatal(err)
	}
	if strings.Count(string(d.Text()), "\n") != strings.Count(string(d.Text()), "\r\n") {
		t.Fatalf("a bare LF in a CRLF file:\n%q", d.Text())
	}
}

func TestBadEdits(t *testing.T) {
	d := mustParse(t, sample)
	for _, f := range []func() error{
		func() error { return d.Set("part[7].mass", 1) },
		func() error { return d.Set("part[0].shape", 1) }, // a table written with headers
		func() error { return d.Remove("part[0].nothing") },
		func() error { _, err := d.AppendCopy("name"); return err },
	} {
		if err := f(); err == nil {
			t.Error("no error")
		}
	}
	check(t, d, sample)
	if names, _ := d.History(); len(names) != 0 {
		t.Fatalf("failed edits in the history: %v", names)
	}
}

func TestRewind(t *testing.T) {
	d := mustParse(t, sample)
	from := d.Done()
	for _, v := range []float64{1, 2, 3} {
		if err := d.Set("part[1].mass", v); err != nil {
			t.Fatal(err)
		}
	}
	d.Rewind(from)
	check(t, d, sample)
	if _, ok := d.Redo(); ok {
		t.Fatal("a rewound step could be redone")
	}
}

func TestHeaderComment(t *testing.T) {
	d := mustParse(t, sample)
	if c, ok := d.HeaderComment("part[0]"); !ok || c != "the hull" {
		t.Fatalf("%q %v", c, ok)
	}
	if _, ok := d.HeaderComment("part[1]"); ok {
		t.Fatal("a comment on a header without one")
	}
	if err := d.SetHeaderComment("part[0].shape[0]", "0: the cabin"); err != nil {
		t.Fatal(err)
	}
	check(t, d, strings.Replace(sample, "[[part.shape]]         # 0: cabin", "[[part.shape]]         # 0: the cabin", 1))
	if err := d.SetHeaderComment("part[1]", "x"); err == nil {
		t.Fatal("wrote a comment where there was none")
	}
}
