package craft

import (
	"strings"
	"testing"
)

// warnCraft has none of the warnings: two legs with feet, hinges with the
// hull on part_a, an engine under the centre of mass firing down between
// the legs, and a thruster on top firing up.
const warnCraft = `format = 1
name = "Warn"

[[part]]
name = "hull"
role = "hull"
mass = 100
  [[part.shape]]
  kind = "box"
  size = [2, 2, 2]

[[part]]
name = "leg_r"
role = "leg"
mass = 10
position = [1.5, -1.5, 0]
  [[part.shape]]
  kind = "cylinder"
  radius = 0.1
  length = 1

[[part]]
name = "foot_r"
role = "foot"
mass = 5
position = [1.5, -2.05, 0]
  [[part.shape]]
  kind = "box"
  size = [0.4, 0.1, 0.4]

[[part]]
name = "leg_l"
role = "leg"
mass = 10
position = [-1.5, -1.5, 0]
  [[part.shape]]
  kind = "cylinder"
  radius = 0.1
  length = 1

[[part]]
name = "foot_l"
role = "foot"
mass = 5
position = [-1.5, -2.05, 0]
  [[part.shape]]
  kind = "box"
  size = [0.4, 0.1, 0.4]

[[joint]]
kind = "hinge"
part_a = "hull"
part_b = "leg_r"
anchor = [1.25, -1, 0]
axis = [0, 0, 1]

[[joint]]
kind = "fixed"
part_a = "leg_r"
part_b = "foot_r"
anchor = [1.5, -2, 0]

[[joint]]
kind = "hinge"
part_a = "hull"
part_b = "leg_l"
anchor = [-1.25, -1, 0]
axis = [0, 0, 1]

[[joint]]
kind = "fixed"
part_a = "leg_l"
part_b = "foot_l"
anchor = [-1.5, -2, 0]

[[thruster]]
name = "engine"
part = "hull"
position = [0, -1, 0]
direction = [0, 1, 0]
max_thrust = 3000
group = "main"

[[thruster]]
name = "top"
part = "hull"
position = [0, 1, 0]
direction = [0, -1, 0]
max_thrust = 50
`

// Each warning: the craft above has none, and a one-snippet change gives
// exactly that one, placed at the right line.
func TestCraftWarnings(t *testing.T) {
	good, err := ParseCraft("warn.toml", []byte(warnCraft))
	if err != nil {
		t.Fatal(err)
	}
	if ws := good.Warnings(); len(ws) != 0 {
		t.Fatalf("the good craft warns: %v", ws)
	}
	for _, c := range []struct {
		code     string
		old, new string
		path     string
		line     string // the line the warning points at
		msg      string // part of the message
	}{
		{WarnNoFeet, `role = "foot"`, `role = "structure"`, "part", "", "2 legs but no part"},
		{WarnThrustOffCOM, "position = [0, -1, 0]", "position = [0.3, -1, 0]", "thruster[0]", "[[thruster]]", "misses the wet centre of mass by 0.300 m"},
		{WarnJointOrder, `part_a = "hull"
part_b = "leg_l"`, `part_a = "leg_l"
part_b = "hull"`, "joint[2].part_a", `part_a = "leg_l"`, `part_a "leg_l" hangs from part_b "hull"`},
		{WarnExhaustHits, `position = [0, 1, 0]
direction = [0, -1, 0]`, `position = [0, 1, 0]
direction = [0, 1, 0]`, "thruster[1]", "", `thruster "top" fires its exhaust into part "hull" (from inside it)`},
		{WarnExhaustHits, `position = [0, 1, 0]
direction = [0, -1, 0]`, `position = [1.5, 1, 0]
direction = [0, 1, 0]`, "thruster[1]", "", `into part "leg_r" (2.00 m downstream)`},
	} {
		if strings.Count(warnCraft, c.old) == 0 {
			t.Fatalf("%s: no %q in the craft", c.code, c.old)
		}
		text := strings.ReplaceAll(warnCraft, c.old, c.new)
		cr, err := ParseCraft("warn.toml", []byte(text))
		if err != nil {
			t.Fatalf("%s: %v", c.code, err)
		}
		ws := cr.Warnings()
		Locate(ws, text)
		if len(ws) != 1 || ws[0].Code != c.code {
			t.Errorf("%s: got %v, want one %s warning", c.code, ws, c.code)
			continue
		}
		w := ws[0]
		if !strings.Contains(w.Msg, c.msg) {
			t.Errorf("%s: %q does not say %q", c.code, w.Msg, c.msg)
		}
		if c.path != "" && w.Path != c.path {
			t.Errorf("%s: path %q, want %q", c.code, w.Path, c.path)
		}
		if c.line != "" {
			lines := strings.Split(text, "\n")
			if w.Line < 1 || w.Line > len(lines) || !strings.HasPrefix(lines[w.Line-1], c.line) {
				t.Errorf("%s: points at line %d, want the line %q", c.code, w.Line, c.line)
			}
		}
		if s := w.String(); !strings.HasPrefix(s, "warn.toml:") || !strings.Contains(s, "warning: ") {
			t.Errorf("%s: printed as %q", c.code, s)
		}
	}
}

// The thrust line is judged against the dry centre of mass too: a tank off
// the engine's axis moves the centre of mass as it empties.
func TestThrustLineDry(t *testing.T) {
	text := strings.Replace(warnCraft, `[[thruster]]
name = "engine"`, `[[tank]]
name = "side"
part = "leg_r"
fuel = 200

[[thruster]]
name = "engine"`, 1)
	text = strings.Replace(text, "position = [0, -1, 0]", "position = [0.909091, -1, 0]", 1) // under the wet COM: 200 kg · 1.5 m / 330 kg
	c, err := ParseCraft("warn.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	wet := c.MassProps(nil).COM
	if miss, _ := c.ThrustMiss(wet); miss > 1e-5 {
		t.Fatalf("the engine misses the wet COM %v by %.3f m; the test wants it under it", wet, miss)
	}
	ws := c.Warnings()
	if len(ws) != 1 || ws[0].Code != WarnThrustOffCOM || !strings.Contains(ws[0].Msg, "dry centre of mass") {
		t.Errorf("got %v, want the dry thrust-line warning", ws)
	}
}

// A landing mission warns when its craft has no feet; a docking one and a
// landing one with feet do not.
func TestMissionNoFeet(t *testing.T) {
	footless, err := ParseCraft("f.toml", []byte(strings.ReplaceAll(warnCraft, `role = "foot"`, `role = "structure"`)))
	if err != nil {
		t.Fatal(err)
	}
	footed, err := ParseCraft("g.toml", []byte(warnCraft))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		kind  string
		craft *Craft
		want  int
	}{{KindLand, footless, 1}, {KindLand, footed, 0}, {KindDock, footless, 0}} {
		m := &Mission{Kind: c.kind, File: "m.toml", Player: Placement{Spec: c.craft}}
		if ws := m.MissionWarnings(); len(ws) != c.want || (c.want == 1 && ws[0].Code != WarnNoFeet) {
			t.Errorf("%s mission with %s: %v, want %d no-feet warnings", c.kind, c.craft.File, ws, c.want)
		}
	}
}
