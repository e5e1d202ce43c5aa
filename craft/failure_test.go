package craft

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-gl/mathgl/mgl64"
)

// failureMission is baseMission with one failure of each kind but the
// throttle's (the small craft's thrusters are all rcs).
const failureMission = baseMission + `
[[failure]]
kind = "leak"
tank = "main"
rate = 0.5
time = 10

[[failure]]
kind = "thruster_stuck"
thruster = "rcs-2"
distance = 5

[[failure]]
kind = "thruster_dead"
thruster = "rcs-1"

[[failure]]
kind = "leg_break"
joint = "hull-leg1"
impulse = 40
`

// failureLibrary is testLibrary with the small craft's leg1 a leg.
func failureLibrary(mission string) *Library {
	legged := strings.Replace(baseCraft, "name = \"leg1\"\n", "name = \"leg1\"\nrole = \"leg\"\n", 1)
	return NewLibrary(Layer{Name: "test", FS: fstest.MapFS{
		"crafts/small.toml": {Data: []byte(legged)},
		"missions/m.toml":   {Data: []byte(mission)},
	}})
}

func TestFailuresLoad(t *testing.T) {
	m, err := failureLibrary(failureMission).LoadMission("m")
	if err != nil {
		t.Fatal(err)
	}
	want := []Failure{
		{Kind: FailLeak, Thruster: -1, Tank: 0, Joint: -1, Name: "main", Level: -1, Rate: 0.5, Time: 10},
		{Kind: FailThrusterStuck, Thruster: 1, Tank: -1, Joint: -1, Name: "rcs-2", Level: -1, Distance: 5},
		{Kind: FailThrusterDead, Thruster: 0, Tank: -1, Joint: -1, Name: "rcs-1", Level: -1},
		{Kind: FailLegBreak, Thruster: -1, Tank: -1, Joint: 0, Name: "hull-leg1", Level: -1, Impulse: 40},
	}
	if len(m.Failures) != len(want) {
		t.Fatalf("got %d failures, want %d", len(m.Failures), len(want))
	}
	for i, f := range m.Failures {
		if f != want[i] {
			t.Errorf("failure %d: got %+v, want %+v", i, f, want[i])
		}
	}
}

// Every broken failure entry is reported at its own line and key.
func TestBrokenFailures(t *testing.T) {
	checkBroken(t, failureMission, failureLibrary, []brokenCase{
		{"unknown kind", `kind = "leak"`, `kind = ` + marker + `"leek"`, "failure[0].kind", `did you mean "leak"?`},
		{"unknown tank", `tank = "main"`, `tank = ` + marker + `"mian"`, "failure[0].tank", `craft "Test" has no tank named "mian" (did you mean "main"?)`},
		{"unknown thruster", `thruster = "rcs-2"`, `thruster = ` + marker + `"rcs-3"`, "failure[1].thruster", `no thruster named "rcs-3"`},
		{"no thruster", "[[failure]]\nkind = \"thruster_dead\"\nthruster = \"rcs-1\"\n", marker + "[[failure]]\nkind = \"thruster_dead\"\n", "failure[2]", "needs thruster"},
		{"negative rate", "rate = 0.5", "rate = " + marker + "-0.5", "failure[0].rate", "must be > 0"},
		{"zero impulse", "impulse = 40", "impulse = " + marker + "0", "failure[3].impulse", "must be > 0"},
		{"key of another kind", "impulse = 40", "impulse = 40\nrate = " + marker + "3", "failure[3].rate", "only for a leak failure"},
		{"misplaced name", "rate = 0.5", "rate = 0.5\nthruster = " + marker + "\"rcs-1\"", "failure[0].thruster", "not used by a leak failure"},
		{"level above 1", "kind = \"thruster_dead\"\nthruster = \"rcs-1\"\n", "kind = \"throttle_stuck\"\nlevel = " + marker + "1.5\n", "failure[2].level", "must be between 0 and 1"},
		{"no main engine", "kind = \"thruster_dead\"\nthruster = \"rcs-1\"\n", "kind = " + marker + "\"throttle_stuck\"\n", "failure[2].kind", "no main engine"},
		{"altitude without gravity", "time = 10", "altitude = " + marker + "10", "failure[0].altitude", "needs gravity"},
		{"both conditions", "distance = 5", "distance = " + marker + "5\naltitude = 3", "failure[1].distance", "not both"},
		{"negative time", "time = 10", "time = " + marker + "-1", "failure[0].time", "must be ≥ 0"},
	})
	// A failure written twice would happen twice (the game trims a stuck
	// jet once per entry): an entry with the kind, target and moment of an
	// earlier one is refused, naming the earlier one's line.
	stuck := "[[failure]]\nkind = \"thruster_stuck\"\nthruster = \"rcs-2\"\ndistance = 5\n"
	checkBroken(t, failureMission, failureLibrary, []brokenCase{
		{"the same failure twice", "impulse = 40\n", "impulse = 40\n\n" + marker + stuck, "failure[4]",
			`the same failure as failure[1] on line 25 (thruster_stuck of thruster "rcs-2" at the same moment)`},
		{"the same leak twice", "impulse = 40\n", "impulse = 40\n\n" + marker + "[[failure]]\nkind = \"leak\"\ntank = \"main\"\nrate = 2\ntime = 10\n", "failure[4]",
			`the same failure as failure[0] on line 19 (leak of tank "main" at the same moment)`},
		{"dead twice", "kind = \"thruster_dead\"\nthruster = \"rcs-1\"\n", "kind = \"thruster_dead\"\nthruster = \"rcs-1\"\n\n" + marker +
			"[[failure]]\nkind = \"thruster_dead\"\nthruster = \"rcs-1\"\ntime = 0\n", "failure[3]", "the same failure as failure[2] on line 30 (thruster_dead of"},
	})
	// The same target at another moment, or another target, is another failure.
	for name, more := range map[string]string{
		"later":                strings.Replace(stuck, "distance = 5", "distance = 5\ntime = 3", 1),
		"closer":               strings.Replace(stuck, "distance = 5", "distance = 2", 1),
		"another thruster":     strings.Replace(stuck, "rcs-2", "rcs-1", 1),
		"another kind":         strings.Replace(stuck, "thruster_stuck", "thruster_dead", 1),
		"leak at another time": "[[failure]]\nkind = \"leak\"\ntank = \"main\"\nrate = 2\ntime = 11\n",
	} {
		if _, err := failureLibrary(failureMission + "\n" + more).LoadMission("m"); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A list of failures has a limit.
	many := failureMission + strings.Repeat("\n[[failure]]\nkind = \"thruster_dead\"\nthruster = \"rcs-1\"\ntime = 1\n", MaxFailures)
	if _, err := failureLibrary(many).LoadMission("m"); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("failure: %d entries; the limit is %d", MaxFailures+4, MaxFailures)) {
		t.Errorf("%d failures: %v", MaxFailures+4, err)
	}

	// The same joint on the small craft as testLibrary holds it, whose leg
	// has no role leg.
	checkBroken(t, failureMission, testLibrary, []brokenCase{
		{"not a leg", `joint = "hull-leg1"`, `joint = ` + marker + `"hull-leg1"`, "failure[3].joint", `joint "hull-leg1" holds no leg`},
	})
}

// The boulder field and the player's fuel are validated with the rest.
func TestBrokenBouldersAndFuel(t *testing.T) {
	land := strings.Replace(baseMission, "kind = \"dock\"", "kind = \"land\"", 1)
	land = strings.Replace(land, "gravity = [0, 0, 0]", "gravity = [0, -1.62, 0]\n\n[environment.ground]\n\n[environment.pad]\n\n[environment.boulders]\ncount = 20", 1)
	if m, err := failureLibrary(land).LoadMission("m"); err != nil || m.Boulders == nil || m.Boulders.Count != 20 {
		t.Fatalf("a land mission with boulders: %v", err)
	}
	checkBroken(t, land, failureLibrary, []brokenCase{
		{"too many rocks", "count = 20", "count = " + marker + "5000", "environment.boulders.count", "must be 1 to 500"},
		{"sizes crossed", "count = 20", "count = 20\nmin_size = 3\nmax_size = " + marker + "1", "environment.boulders.max_size", "at least min_size"},
		{"too much fuel", "position = [0, 0, 30]", "position = [0, 0, 30]\nfuel = " + marker + "50", "player.fuel", "holds at most 20 kg"},
		{"no fuel", "position = [0, 0, 30]", "position = [0, 0, 30]\nfuel = " + marker + "0", "player.fuel", "must be > 0"},
		{"detumble a landing", "kind = \"land\"", "kind = \"land\"\ndetumble = " + marker + "true", "detumble", "only for a dock mission"},
	})
	m, err := failureLibrary(strings.Replace(land, "position = [0, 0, 30]", "position = [0, 0, 30]\nfuel = 5", 1)).LoadMission("m")
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Player.Spec.FuelFor(m.Player.Fuel); len(got) != 1 || got[0] != 5 {
		t.Errorf("fuel = 5 fills the tank with %v kg, want [5]", got)
	}
}

// The same field every time; no rock over the pad or beyond the radius.
func TestBoulderField(t *testing.T) {
	pad := &Pad{Position: [3]float64{10, 0.5, -5}, Size: [3]float64{12, 0.5, 12}, Orientation: mgl64.QuatIdent()}
	b := &Boulders{Count: 80, Radius: 40, Clear: 2, MinSize: 0.6, MaxSize: 2.5, Seed: 7}
	a, again := b.Field(pad, 0), b.Field(pad, 0)
	if len(a) != 80 {
		t.Fatalf("%d rocks, want 80", len(a))
	}
	for i := range a {
		if a[i].Position != again[i].Position || len(a[i].Poly.Verts) != len(again[i].Poly.Verts) {
			t.Fatalf("rock %d differs between two calls", i)
		}
		p := a[i].Position
		dx, dz := p[0]-pad.Position[0], p[2]-pad.Position[2]
		if dx*dx+dz*dz > 40*40 {
			t.Errorf("rock %d at %v: beyond the radius", i, p)
		}
		for _, v := range a[i].Poly.Verts {
			w := p.Add(a[i].Orientation.Rotate(v))
			if w[0] > 4-2 && w[0] < 16+2 && w[2] > -11-2 && w[2] < 1+2 {
				t.Errorf("rock %d reaches over the pad and its clear margin: vertex at %v", i, w)
			}
		}
	}
}

// brokenCase is a mission with one snippet old changed to new, and the
// error it must give: at the marker in new, at path, containing msg.
type brokenCase struct{ name, old, new, path, msg string }

// checkBroken loads each case's variant of base from lib.
func checkBroken(t *testing.T, base string, lib func(mission string) *Library, cases []brokenCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			src, line, col := variant(t, base, tt.old, tt.new)
			_, err := lib(src).LoadMission("m")
			checkError(t, err, tt.path, tt.msg, line, col)
		})
	}
}

// checkError finds the error at path whose message contains msg, and
// checks its line and column.
func checkError(t *testing.T, err error, path, msg string, line, col int) {
	t.Helper()
	for _, e := range Errors(err) {
		if e.Path == path && strings.Contains(e.Msg, msg) {
			if e.Line != line || e.Col != col {
				t.Errorf("error at %d:%d, want %d:%d: %v", e.Line, e.Col, line, col, e)
			}
			return
		}
	}
	t.Errorf("want an error at %q containing %q; got:\n%v", path, msg, err)
}
