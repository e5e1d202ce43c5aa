package craft

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"
)

// baseCraft is a small valid craft; the broken variants below each change
// one snippet of it.
const baseCraft = `format = 1
name = "Test"

[[part]]
name = "hull"
mass = 100
  [[part.shape]]
  kind = "box"
  size = [2, 2, 2]

[[part]]
name = "leg1"
mass = 10
position = [0, -1.5, 0]
  [[part.shape]]
  kind = "cylinder"
  radius = 0.1
  length = 1

[[joint]]
kind = "hinge"
part_a = "hull"
part_b = "leg1"
anchor = [0, -1, 0]
axis = [1, 0, 0]
min_angle = -10
max_angle = 20

[[tank]]
name = "main"
part = "hull"
fuel = 20

[[thruster]]
part = "hull"
position = [0, -1, 0]
direction = [0, 1, 0]
max_thrust = 100
tank = "main"

[[thruster]]
part = "hull"
position = [1, 0, 0]
direction = [0, 0, 1]
max_thrust = 10
isp = 200

[[port]]
name = "top"
part = "hull"
position = [0, 1, 0]
axis = [0, 1, 0]
up = [0, 0, 1]
`

const baseMission = `format = 1
name = "Test"
kind = "dock"

[environment]
gravity = [0, 0, 0]

[player]
craft = "small"
position = [0, 0, 30]

[target]
craft = "small"
port = "top"

[thresholds]
closing_speed = 0.2
`

// marker marks where an expected error points in the test texts.
const marker = "«"

// variant applies old → new to base (old must occur exactly once) and
// returns the text without the marker and the marker's line and column.
func variant(t *testing.T, base, old, new string) (string, int, int) {
	t.Helper()
	if n := strings.Count(base, old); n != 1 {
		t.Fatalf("snippet %q occurs %d times in the base text", old, n)
	}
	s := strings.Replace(base, old, new, 1)
	i := strings.Index(s, marker)
	if i < 0 {
		t.Fatalf("no marker in %q", new)
	}
	line := strings.Count(s[:i], "\n") + 1
	col := utf8.RuneCountInString(s[strings.LastIndex(s[:i], "\n")+1:i]) + 1
	return strings.Replace(s, marker, "", 1), line, col
}

func TestBaseFilesValid(t *testing.T) {
	if _, err := ParseCraft("base.toml", []byte(baseCraft)); err != nil {
		t.Fatalf("base craft: %v", err)
	}
	if _, err := testLibrary(baseMission).LoadMission("m"); err != nil {
		t.Fatalf("base mission: %v", err)
	}
}

// testLibrary holds baseCraft as "small" and the given mission as "m".
func testLibrary(mission string) *Library {
	return NewLibrary(Layer{Name: "test", FS: fstest.MapFS{
		"crafts/small.toml":   {Data: []byte(baseCraft)},
		"missions/m.toml":     {Data: []byte(mission)},
		"crafts/station.toml": {Data: []byte(baseCraft)},
	}})
}

// Every broken variant yields an error at the marked position with the
// right key path and message; the first error reported is that one.
func TestBrokenFiles(t *testing.T) {
	tests := []struct {
		name     string
		mission  bool
		old, new string
		path     string
		msg      string
	}{
		// Keys and types; several inside arrays of tables, where
		// BurntSushi/toml itself reports the last element's line.
		{name: "typo in 2nd of 2 thrusters", old: "max_thrust = 10\n", new: marker + "max_thurst = 10\n",
			path: "thruster[1].max_thurst", msg: `unknown key "max_thurst" (did you mean "max_thrust"?)`},
		{name: "typo in 1st of 2 thrusters", old: "max_thrust = 100\n", new: marker + "max_thurst = 100\n",
			path: "thruster[0].max_thurst", msg: `did you mean "max_thrust"?`},
		{name: "string mass in 1st of 2 parts", old: "mass = 100\n", new: "mass = " + marker + "\"heavy\"\n",
			path: "part[0].mass", msg: "must be a number, not a string"},
		{name: "bool in 1st thruster's position", old: "position = [0, -1, 0]\ndirection", new: "position = [0, " + marker + "true, 0]\ndirection",
			path: "thruster[0].position[1]", msg: "must be a number, not a boolean"},
		{name: "size with 2 numbers", old: "size = [2, 2, 2]", new: "size = " + marker + "[2, 2]",
			path: "part[0].shape[0].size", msg: "must be an array of 3 numbers, not 2"},
		{name: "integer given as float", old: "length = 1\n", new: "length = 1\n  segments = " + marker + "8.5\n",
			path: "part[1].shape[0].segments", msg: "must be an integer"},
		{name: "nan mass", old: "mass = 10\n", new: "mass = " + marker + "nan\n",
			path: "part[1].mass", msg: "must be a finite number"},
		{name: "huge number", old: "fuel = 20", new: "fuel = " + marker + "1e300",
			path: "tank[0].fuel", msg: "too large"},
		{name: "unknown top-level key", old: "name = \"Test\"", new: "name = \"Test\"\n" + marker + "descripton = \"x\"",
			path: "descripton", msg: `did you mean "description"?`},
		{name: "syntax error", old: "name = \"Test\"", new: "name = \"Test" + marker,
			path: "", msg: "syntax"},
		{name: "unclosed array, blank line after", old: "anchor = [0, -1, 0]\n", new: "anchor = [0, -1, 0" + marker + "\n\n",
			msg: "expected a comma (',') or array terminator (']') after this value, but got 'a' on line 26"},
		{name: "truncated after a minus sign", old: "up = [0, 0, 1]\n", new: "up = [0, 0, -" + marker, msg: "expected a digit but got the end of the file"},
		{name: "duplicate key in 2nd thruster", old: "isp = 200", new: "isp = 200\n" + marker + "isp = 300", path: "thruster[1].isp", msg: "duplicate key"},
		{name: "arrays nested too deep", old: "size = [2, 2, 2]", new: "size = " + strings.Repeat("[", 32) + marker + "[2]" + strings.Repeat("]", 32),
			path: "", msg: "nested deeper than 32"},
		{name: "nesting after a string ending in a quote", old: "size = [2, 2, 2]", new: "size = [\"\"\"x\"\"\"\", " + strings.Repeat("[", 31) + marker + "[2]" + strings.Repeat("]", 32),
			path: "", msg: "nested deeper than 32"},
		{name: "single brackets for shapes", old: "  [[part.shape]]\n  kind = \"cylinder\"", new: "  " + marker + "[part.shape]\n  kind = \"cylinder\"", path: "part[1].shape", msg: "write [[part.shape]] with double brackets"},
		{name: "missing format", old: "format = 1\n", new: marker, path: "format", msg: "missing"},
		{name: "future format", old: "format = 1", new: "format = " + marker + "2", path: "format", msg: "unsupported format 2"},
		// Meaning.
		{name: "negative mass", old: "mass = 10\n", new: "mass = " + marker + "-10\n", path: "part[1].mass", msg: "must be > 0"},
		{name: "mass and density", old: "mass = 10\n", new: "mass = 10\ndensity = " + marker + "3\n", path: "part[1].density", msg: "not both"},
		{name: "zero box edge", old: "size = [2, 2, 2]", new: "size = [2, " + marker + "0, 2]", path: "part[0].shape[0].size[1]", msg: "must be > 0"},
		{name: "cylinder without radius", old: "  kind = \"cylinder\"\n  radius = 0.1\n", new: "  kind = \"cylinder\"\n", path: "part[1].shape[0].radius",
			msg: "missing"}, // position checked below: the [[part.shape]] header
		{name: "shape kind typo", old: "kind = \"cylinder\"", new: "kind = " + marker + "\"cylindre\"", path: "part[1].shape[0].kind", msg: `did you mean "cylinder"?`},
		{name: "size on a cylinder", old: "radius = 0.1\n", new: "radius = 0.1\n  size = " + marker + "[1, 1, 1]\n", path: "part[1].shape[0].size", msg: "is for box shapes"},
		{name: "coplanar hull", old: "kind = \"box\"\n  size = [2, 2, 2]", new: "kind = \"hull\"\n  points = " + marker + "[[0, 0, 0], [1, 0, 0], [0, 1, 0], [1, 1, 0], [0.5, 0.5, 0]]",
			path: "part[0].shape[0].points", msg: "coplanar"},
		{name: "hull of 3 points", old: "kind = \"box\"\n  size = [2, 2, 2]", new: "kind = \"hull\"\n  points = " + marker + "[[0, 0, 0], [1, 0, 0], [0, 1, 0]]",
			path: "part[0].shape[0].points", msg: "at least 4 points"},
		{name: "asymmetric inertia", old: "mass = 100\n", new: "mass = 100\ninertia = " + marker + "[[10, 1, 0], [0, 10, 0], [0, 0, 10]]\n", path: "part[0].inertia", msg: "symmetric"},
		{name: "triangle inequality", old: "mass = 100\n", new: "mass = 100\ninertia = " + marker + "[1, 1, 3]\n", path: "part[0].inertia", msg: "triangle inequality"},
		{name: "not positive definite", old: "mass = 100\n", new: "mass = 100\ninertia = " + marker + "[-1, 2, 2]\n", path: "part[0].inertia", msg: "positive definite"},
		{name: "inertia of wrong shape", old: "mass = 100\n", new: "mass = 100\ninertia = " + marker + "[1, 2]\n", path: "part[0].inertia", msg: "must be [Ixx, Iyy, Izz]"},
		{name: "bad colour", old: "mass = 10\n", new: "mass = 10\ncolour = " + marker + "\"red\"\n", path: "part[1].colour", msg: "#rrggbb"},
		{name: "duplicate part name", old: "name = \"leg1\"", new: "name = " + marker + "\"hull\"", path: "part[1].name", msg: "already named"},
		{name: "unknown joint part", old: "part_b = \"leg1\"", new: "part_b = " + marker + "\"leg2\"", path: "joint[0].part_b", msg: `no part named "leg2" (did you mean "leg1"?)`},
		{name: "joint to itself", old: "part_b = \"leg1\"", new: "part_b = " + marker + "\"hull\"", path: "joint[0].part_b", msg: "itself"},
		{name: "anchor far from part", old: "anchor = [0, -1, 0]", new: "anchor = " + marker + "[0, 3, 0]", path: "joint[0].anchor", msg: "from part"},
		{name: "zero hinge axis", old: "axis = [1, 0, 0]", new: "axis = " + marker + "[0, 0, 0]", path: "joint[0].axis", msg: "zero vector"},
		{name: "limits reversed", old: "max_angle = 20", new: "max_angle = " + marker + "-20", path: "joint[0].max_angle", msg: "greater than min_angle"},
		{name: "only one limit", old: "max_angle = 20\n", new: "", path: "joint[0].max_angle", msg: "both"},
		{name: "axis on a fixed joint", old: "kind = \"hinge\"\npart_a = \"hull\"\npart_b = \"leg1\"\nanchor = [0, -1, 0]\naxis = ",
			new: "kind = \"fixed\"\npart_a = \"hull\"\npart_b = \"leg1\"\nanchor = [0, -1, 0]\naxis = " + marker, path: "joint[0].axis", msg: "is for hinge joints"},
		{name: "negative spring", old: "max_angle = 20\n", new: "max_angle = 20\nspring_stiffness = " + marker + "-5\n", path: "joint[0].spring_stiffness", msg: "≥ 0"},
		{name: "zero thrust direction", old: "direction = [0, 0, 1]", new: "direction = " + marker + "[0, 0, 0]", path: "thruster[1].direction", msg: "zero vector"},
		{name: "unknown tank", old: "tank = \"main\"", new: "tank = " + marker + "\"mian\"", path: "thruster[0].tank", msg: `did you mean "main"?`},
		{name: "thruster on unknown part", old: "part = \"hull\"\nposition = [1, 0, 0]", new: "part = " + marker + "\"wing\"\nposition = [1, 0, 0]", path: "thruster[1].part", msg: `no part named "wing"`},
		{name: "zero thrust", old: "max_thrust = 10\n", new: "max_thrust = " + marker + "0\n", path: "thruster[1].max_thrust", msg: "must be > 0"},
		{name: "bad group", old: "isp = 200", new: "isp = 200\ngroup = " + marker + "\"RCS\"", path: "thruster[1].group", msg: `did you mean "rcs"?`},
		{name: "capacity below fuel", old: "fuel = 20", new: "fuel = 20\ncapacity = " + marker + "10", path: "tank[0].capacity", msg: "at least fuel"},
		{name: "tank shape out of range", old: "fuel = 20", new: "fuel = 20\nshape = " + marker + "3", path: "tank[0].shape", msg: "shapes 0 to 0"},
		{name: "port up along axis", old: "up = [0, 0, 1]", new: "up = " + marker + "[0, 2, 0]", path: "port[0].up", msg: "parallel"},
		{name: "key in the wrong table", old: "isp = 200", new: "isp = 200\n" + marker + "fuel = 5", path: "thruster[1].fuel", msg: `unknown key "fuel" here; it belongs in [[tank]]`},
		{mission: true, name: "mission key in the wrong table", old: "closing_speed = 0.2", new: "closing_speed = 0.2\n" + marker + "gravity = [0, -1, 0]", path: "thresholds.gravity", msg: "belongs in [environment]"},
		{name: "unknown joint key", old: "[[joint]]\nkind", new: "[[joint]]\n" + marker + "part_c = 1\nkind", path: "joint[0].part_c", msg: "unknown key"},
		{name: "duplicate tank name", old: "[[thruster]]\npart = \"hull\"\nposition = [0, -1, 0]", new: "[[tank]]\nname = " + marker + "\"main\"\npart = \"leg1\"\n\n[[thruster]]\npart = \"hull\"\nposition = [0, -1, 0]", path: "tank[1].name", msg: "already named"},
		{name: "inline array of tables", old: "  [[part.shape]]\n  kind = \"box\"\n  size = [2, 2, 2]\n",
			new: "shape = [{ kind = \"box\", size = [2, " + marker + "-2, 2] }]\n", path: "part[0].shape[0].size[1]", msg: "must be > 0"},
		// Missions.
		{mission: true, name: "mission key typo", old: "position = [0, 0, 30]", new: "position = [0, 0, 30]\n" + marker + "velocty = [0, 0, -1]",
			path: "player.velocty", msg: `did you mean "velocity"?`},
		{mission: true, name: "mission kind typo", old: "kind = \"dock\"", new: "kind = " + marker + "\"dokc\"", path: "kind", msg: `did you mean "dock"?`},
		{mission: true, name: "negative threshold", old: "closing_speed = 0.2", new: "closing_speed = " + marker + "-0.2", path: "thresholds.closing_speed", msg: "must be > 0"},
		{mission: true, name: "dock without target", old: "[target]\ncraft = \"small\"\nport = \"top\"\n", new: "", path: "target", msg: "needs a [target]"},
		{mission: true, name: "land without pad", old: "kind = \"dock\"\n\n[environment]", new: "kind = \"land\"\n\n" + marker + "[environment]", path: "environment.pad", msg: "needs [environment.pad]"},
		{mission: true, name: "unknown craft", old: "craft = \"small\"\nposition", new: "craft = " + marker + "\"smal\"\nposition", path: "player.craft", msg: `no craft named "smal" (did you mean "small"?)`},
		{mission: true, name: "unknown port", old: "port = \"top\"", new: "port = " + marker + "\"tip\"", path: "target.port", msg: `did you mean "top"?`},
		{mission: true, name: "soft above hard", old: "closing_speed = 0.2", new: "closing_speed = 0.2\nsoft_vertical_speed = " + marker + "5", path: "thresholds.soft_vertical_speed", msg: "must not exceed"},
		{mission: true, name: "fixed target spinning", old: "port = \"top\"", new: "port = \"top\"\nangular_velocity = [0, 0, 1]\nfixed = " + marker + "true", path: "target.fixed", msg: "cannot move"},
		{mission: true, name: "negative order", old: "kind = \"dock\"", new: "kind = \"dock\"\norder = " + marker + "-1", path: "order", msg: "must be 1 or more"},
		{mission: true, name: "fractional order", old: "kind = \"dock\"", new: "kind = \"dock\"\norder = " + marker + "2.5", path: "order", msg: "must be an integer"},
		{mission: true, name: "order as a string", old: "kind = \"dock\"", new: "kind = \"dock\"\norder = " + marker + "\"first\"", path: "order", msg: "must be an integer, not a string"},
		{mission: true, name: "bronze above silver", old: "[environment]", new: "[scoring]\nsilver = 500\nbronze = " + marker + "700\n\n[environment]", path: "scoring.bronze", msg: "must not exceed silver"},
		{mission: true, name: "gold below silver", old: "[environment]", new: "[scoring]\nsilver = 800\ngold = " + marker + "700\n\n[environment]", path: "scoring.gold", msg: "must be at least"},
		{mission: true, name: "wrong table type", old: "[environment]\ngravity = [0, 0, 0]\n", new: "environment = " + marker + "3\n", path: "environment", msg: "must be a table, not an integer"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			base := baseCraft
			if tt.mission {
				base = baseMission
			}
			newText := tt.new
			if !strings.Contains(newText, marker) {
				// Missing keys point at the enclosing table's header.
				newText = tt.new
			}
			var src string
			var line, col int
			if strings.Contains(newText, marker) {
				src, line, col = variant(t, base, tt.old, newText)
			} else {
				src = strings.Replace(base, tt.old, newText, 1)
			}
			var err error
			if tt.mission {
				_, err = testLibrary(src).LoadMission("m")
			} else {
				_, err = ParseCraft("t.toml", []byte(src))
			}
			errs := Errors(err)
			if len(errs) == 0 {
				t.Fatalf("no error, want %s: %s", tt.path, tt.msg)
			}
			var got *Error
			for _, e := range errs {
				if e.Path == tt.path && strings.Contains(e.Msg, tt.msg) {
					got = e
					break
				}
				if tt.path == "" && strings.Contains(e.Msg, tt.msg) {
					got = e
					break
				}
			}
			if got == nil {
				t.Fatalf("want an error at %q containing %q; got:\n%v", tt.path, tt.msg, err)
			}
			if line > 0 && (got.Line != line || got.Col != col) {
				t.Errorf("error at %d:%d, want %d:%d: %v", got.Line, got.Col, line, col, got)
			}
			if errs[0] != got && line > 0 {
				t.Errorf("first error is %v, want %v", errs[0], got)
			}
			want := fmt.Sprintf("%s:%d:%d: ", got.File, got.Line, got.Col)
			if !strings.HasPrefix(got.Error(), want) {
				t.Errorf("message %q does not start with %q", got.Error(), want)
			}
		})
	}
	if len(tests) < 25 {
		t.Errorf("only %d broken variants", len(tests))
	}
}

// Several problems are all reported, in line order.
func TestSeveralErrors(t *testing.T) {
	src := strings.NewReplacer(
		"mass = 100\n", "mass = -100\n",
		"max_thrust = 10\n", "max_thurst = 10\n",
		"up = [0, 0, 1]", "up = [0, 1, 0]",
	).Replace(baseCraft)
	_, err := ParseCraft("t.toml", []byte(src))
	errs := Errors(err)
	var paths []string
	for _, e := range errs {
		paths = append(paths, e.Path)
	}
	want := []string{"part[0].mass", "thruster[1].max_thurst", "port[0].up"}
	if strings.Join(paths, " ") != strings.Join(want, " ") {
		t.Errorf("paths %v, want %v\n%v", paths, want, err)
	}
	for i := 1; i < len(errs); i++ {
		if errs[i].Line < errs[i-1].Line {
			t.Errorf("errors out of order: %v", err)
		}
	}
	var l ErrorList
	if !errors.As(err, &l) {
		t.Errorf("error is %T, want ErrorList", err)
	}
}

// A missing key points at the header of the table it belongs in.
func TestMissingKeyPointsAtTable(t *testing.T) {
	src := strings.Replace(baseCraft, "  kind = \"cylinder\"\n  radius = 0.1\n", "  kind = \"cylinder\"\n", 1)
	_, err := ParseCraft("t.toml", []byte(src))
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Path != "part[1].shape[0].radius" {
		t.Fatalf("got %v", err)
	}
	lines := strings.Split(src, "\n")
	if got := strings.TrimSpace(lines[errs[0].Line-1]); got != "[[part.shape]]" || errs[0].Line != 15 {
		t.Errorf("points at line %d %q, want line 15 [[part.shape]]", errs[0].Line, got)
	}
}

func TestFileTooLarge(t *testing.T) {
	src := baseCraft + "\n#" + strings.Repeat("x", MaxFileSize)
	_, err := ParseCraft("big.toml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("got %v, want a size error", err)
	}
}

func TestTooManyParts(t *testing.T) {
	var b strings.Builder
	b.WriteString("format = 1\n")
	for i := range MaxParts + 1 {
		fmt.Fprintf(&b, "[[part]]\nname = \"p%d\"\nmass = 1\n[[part.shape]]\nkind = \"box\"\nsize = [1, 1, 1]\n", i)
	}
	_, err := ParseCraft("many.toml", []byte(b.String()))
	if err == nil || !strings.Contains(err.Error(), "65 parts; the limit is 64") {
		t.Errorf("got %v", err)
	}
}

func TestSuggest(t *testing.T) {
	keys := []string{"max_thrust", "isp", "direction", "position"}
	for in, want := range map[string]string{"max_thurst": "max_thrust", "dirction": "direction", "Position": "position", "xyz": "", "thrust_max": ""} {
		if got := suggest(in, keys); got != want {
			t.Errorf("suggest(%q) = %q, want %q", in, got, want)
		}
	}
}

// A part that no joint links to the rest is reported at its header.
func TestPartNotJoined(t *testing.T) {
	i := strings.Index(baseCraft, "[[joint]]")
	j := strings.Index(baseCraft, "[[tank]]")
	src := baseCraft[:i] + baseCraft[j:]
	_, err := ParseCraft("t.toml", []byte(src))
	errs := Errors(err)
	if len(errs) != 1 || errs[0].Path != "part[1]" || errs[0].Line != 11 || !strings.Contains(errs[0].Msg, "not joined") {
		t.Errorf("got %v, want part[1] at line 11: not joined", err)
	}
}
