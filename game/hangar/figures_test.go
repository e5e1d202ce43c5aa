package hangar

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/data"
)

// rel is the tolerance of figures that follow from the files exactly:
// masses, centres of mass, inertia, thrust-to-weight, Δv.
const rel = 1e-9

// relAlloc is the tolerance of RCS authority against a hand-counted
// couple. The allocator minimises K·(cross-coupling)² + (shortfall)² with
// K = 1e4, so where other jets can add a little torque at the price of a
// little coupling it takes it: the capacity exceeds the pure couple by a
// few 1e-5 (the lander's 1869 N·m comes out 1869.04). Where no jet can
// add anything (the box) it is exact.
const relAlloc = 1e-4

func near(t *testing.T, what string, got, want float64) {
	t.Helper()
	nearTol(t, what, got, want, rel)
}

func nearTol(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !(math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1e-300)) && !(want == 0 && math.Abs(got) < 1e-12) {
		t.Errorf("%s = %.12g, want %.12g (by hand, to %g)", what, got, want, tol)
	}
}

func shipped(t *testing.T, name string) *craft.Craft {
	t.Helper()
	c, err := craft.NewLibrary(craft.Shipped(data.FS)).LoadCraft(name)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// hopper is the worked example of docs/craft-files.md, as the docs give it.
func hopper(t *testing.T) (*craft.Craft, string) {
	t.Helper()
	b, err := os.ReadFile("../../docs/craft-files.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "## Worked example")
	j := strings.Index(doc[i:], "```toml\n") + i + len("```toml\n")
	text := doc[j : j+strings.Index(doc[j:], "```")]
	c, err := craft.ParseCraft("crafts/hopper.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return c, text
}

func figures(t *testing.T, c *craft.Craft) *Figures {
	t.Helper()
	f, err := Compute(c)
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// The worked example by hand (docs/craft-files.md): a 400 kg hull box
// 2 × 1 × 2 m holding 100 kg of fuel, a 30 kg collar cylinder (r 0.4 m,
// l 0.5 m) 0.75 m up, two 10 kg skids (0.1 × 0.1 × 2 m) 0.55 m down and
// 0.8 m out, a 3000 N main engine of Isp 300 s on the axis, and 50 N jets
// pushing up and down at the middle of each side face.
func TestFiguresHopper(t *testing.T) {
	c, _ := hopper(t)
	f := figures(t, c)
	wet, dry := 550.0, 450.0
	near(t, "wet mass", f.WetMassKg, wet)
	near(t, "dry mass", f.DryMassKg, dry)
	near(t, "fuel", f.FuelKg, 100)
	cw, cd := (30*0.75-20*0.55)/wet, (30*0.75-20*0.55)/dry
	near(t, "wet COM y", f.COMWet[1], cw)
	near(t, "dry COM y", f.COMDry[1], cd)
	skid := [3]float64{10 * (0.01 + 4) / 12, 10 * (0.01 + 4) / 12, 10 * (0.01 + 0.01) / 12}
	ixx := 500*(1+4)/12.0 + 500*cw*cw + 30*(3*0.16+0.25)/12 + 30*(0.75-cw)*(0.75-cw) + 2*(skid[0]+10*(0.55+cw)*(0.55+cw))
	iyy := 500*(4+4)/12.0 + 30*0.16/2 + 2*(skid[1]+10*0.64)
	izz := 500*(1+4)/12.0 + 500*cw*cw + 30*(3*0.16+0.25)/12 + 30*(0.75-cw)*(0.75-cw) + 2*(skid[2]+10*(0.64+(0.55+cw)*(0.55+cw)))
	near(t, "Ixx", f.Inertia[0][0], ixx)
	near(t, "Iyy", f.Inertia[1][1], iyy)
	near(t, "Izz", f.Inertia[2][2], izz)
	near(t, "principal 1", f.Principal[0], ixx)
	near(t, "principal 2", f.Principal[1], izz)
	near(t, "principal 3", f.Principal[2], iyy)
	if math.Abs(f.PrincipalAxes[2][1]) < 1-rel {
		t.Errorf("largest principal axis %v, want ±y", f.PrincipalAxes[2])
	}
	if f.Main == nil {
		t.Fatal("no main engines")
	}
	near(t, "main thrust", f.Main.ThrustN, 3000)
	near(t, "TWR moon", f.Main.TWR[0].Ratio, 3000/(wet*1.62))
	near(t, "TWR earth", f.Main.TWR[1].Ratio, 3000/(wet*9.80665))
	near(t, "Δv main", f.DeltaV[0].DeltaVMS, 300*9.80665*math.Log(wet/dry))
	near(t, "Δv rcs", f.DeltaV[1].DeltaVMS, 300*9.80665*math.Log(wet/dry))
	// Pitch: front up with back down, 2 × 50 N × 1 m; roll the same with
	// the side jets; nothing turns it about y; the up jets lift it with
	// 4 × 50 N.
	for j, tq := range [3]float64{100, 0, 100} {
		a := f.RCS[j]
		nearTol(t, a.Axis+"+ torque", a.Pos, tq, relAlloc)
		nearTol(t, a.Axis+"− torque", a.Neg, tq, relAlloc)
		nearTol(t, a.Axis+"+ α", a.AccelPos, tq/f.Inertia[j][j], relAlloc)
	}
	nearTol(t, "y+ force", f.RCS[4].Pos, 200, relAlloc)
	nearTol(t, "y+ a", f.RCS[4].AccelPos, 200/wet, relAlloc)
}

// The box: inertia given as diag(1000, 2000, 3000) kg·m², twelve 50 N
// thrusters in couples: pitch 2 × 50 N × 1.732 m, yaw and roll
// 2 × 50 N × 2.45 m; translation 100 N along y, 200 N along z, none
// along x; no tanks, so unlimited Δv.
func TestFiguresBox(t *testing.T) {
	f := figures(t, shipped(t, "box"))
	near(t, "mass", f.WetMassKg, 1000)
	for i, want := range [3]float64{1000, 2000, 3000} {
		near(t, "principal", f.Principal[i], want)
	}
	torque := [3]float64{2 * 50 * 1.732, 2 * 50 * 2.45, 2 * 50 * 2.45}
	force := [3]float64{0, 100, 200}
	for j := range 3 {
		r, tr := f.RCS[j], f.RCS[j+3]
		near(t, r.Axis+"+ torque", r.Pos, torque[j])
		near(t, r.Axis+"− torque", r.Neg, torque[j])
		near(t, r.Axis+"+ α", r.AccelPos, torque[j]/f.Principal[j])
		near(t, tr.Axis+"+ force", tr.Pos, force[j])
		near(t, tr.Axis+"+ a", tr.AccelPos, force[j]/1000)
	}
	if f.Main != nil || len(f.DeltaV) != 1 || !f.DeltaV[0].Unlimited {
		t.Errorf("main %v, Δv %v: want no main engines and unlimited RCS Δv", f.Main, f.DeltaV)
	}
}

// The shuttle: 2500 kg dry over a fuselage cylinder (r 1, l 5 m), a collar
// (r 0.5, l 0.3 m, 2.65 m forward) and a bell (r 0.5, l 0.5 m, 2.75 m aft)
// by volume, all along z; 300 kg fuel in the fuselage; 4 kN main engine of
// Isp 300 s; 16 RCS thrusters of 220 N (Isp 280 s) 1.05 m out.
func TestFiguresShuttle(t *testing.T) {
	f := figures(t, shipped(t, "shuttle"))
	type cyl struct{ r, l, z, m float64 }
	vol := func(c cyl) float64 { return math.Pi * c.r * c.r * c.l }
	cs := []cyl{{1, 5, 0, 0}, {0.5, 0.3, 2.65, 0}, {0.5, 0.5, -2.75, 0}}
	var v float64
	for _, c := range cs {
		v += vol(c)
	}
	for i := range cs {
		cs[i].m = 2500 * vol(cs[i]) / v
	}
	cs[0].m += 300
	var m, mz float64
	for _, c := range cs {
		m += c.m
		mz += c.m * c.z
	}
	com := mz / m
	var ixx, izz float64
	for _, c := range cs {
		ixx += c.m*(3*c.r*c.r+c.l*c.l)/12 + c.m*(c.z-com)*(c.z-com)
		izz += c.m * c.r * c.r / 2
	}
	near(t, "wet mass", f.WetMassKg, 2800)
	near(t, "COM z", f.COMWet[2], com)
	near(t, "Ixx", f.Inertia[0][0], ixx)
	near(t, "Iyy", f.Inertia[1][1], ixx)
	near(t, "Izz", f.Inertia[2][2], izz)
	near(t, "TWR moon", f.Main.TWR[0].Ratio, 4000/(2800*1.62))
	near(t, "Δv main", f.DeltaV[0].DeltaVMS, 300*9.80665*math.Log(2800.0/2500))
	near(t, "Δv rcs", f.DeltaV[1].DeltaVMS, 280*9.80665*math.Log(2800.0/2500))
	// Pitch and yaw: a forward and an aft jet 1.05 m off the axis on
	// opposite sides, 2 × 1.05 × 220 N·m; roll: four tangential jets.
	for j, tq := range [3]float64{2 * 1.05 * 220, 2 * 1.05 * 220, 4 * 1.05 * 220} {
		a := f.RCS[j]
		nearTol(t, a.Axis+"+ torque", a.Pos, tq, relAlloc)
		nearTol(t, a.Axis+"− torque", a.Neg, tq, relAlloc)
		nearTol(t, a.Axis+"+ α", a.AccelPos, tq/f.Inertia[j][j], relAlloc)
	}
	for j, fc := range [3]float64{2 * 220, 2 * 220, 4 * 220} { // x and y: two jets; z: the four forward ones
		nearTol(t, f.RCS[j+3].Axis+"+ force", f.RCS[j+3].Pos, fc, relAlloc)
	}
}

// The lander: 1150 kg dry (1000 hull, 50 adapter, 4 × 20 legs, 4 × 5
// feet) and 300 kg in the tank cylinder 0.7 m under the cabin floor; a
// 6 kN descent engine of Isp 311 s; four RCS quads of 445 N (Isp 290 s)
// at (±1.05, 0.6, ±1.05). Their up jets are canted (0.3, 1, 0.3)/√1.18
// across the legs below, so that pitch and roll come from two up jets at
// full thrust, two down jets throttled to their vertical part c = 1/√1.18
// and four tangential jets cancelling the up jets' sideways push (whose
// moment those cancel too): 4 × 1.05 × 445 × c N·m; up, 4 × 445 × c N.
// The allocator's answer leaves a few tenths of a newton over: 2 relAlloc.
func TestFiguresLander(t *testing.T) {
	c := shipped(t, "lander")
	f := figures(t, c)
	near(t, "wet mass", f.WetMassKg, 1450)
	near(t, "dry mass", f.DryMassKg, 1150)
	// The wet centre of mass is the dry one with 300 kg added at y = −0.7.
	near(t, "wet COM y", f.COMWet[1], (1150*f.COMDry[1]+300*-0.7)/1450)
	near(t, "TWR moon", f.Main.TWR[0].Ratio, 6000/(1450*1.62))
	near(t, "Δv main", f.DeltaV[0].DeltaVMS, 311*9.80665*math.Log(1450.0/1150))
	near(t, "Δv rcs", f.DeltaV[1].DeltaVMS, 290*9.80665*math.Log(1450.0/1150))
	if f.Main.MissWetM > 1e-12 || f.Main.MissDryM > 1e-12 {
		t.Errorf("thrust line misses the COM by %g (wet), %g (dry); the engine is on the axis", f.Main.MissWetM, f.Main.MissDryM)
	}
	cant := 1 / math.Sqrt(1.18)
	for _, j := range []int{0, 2} {
		a := f.RCS[j]
		nearTol(t, a.Axis+"+ torque", a.Pos, 4*1.05*445*cant, 2*relAlloc)
		nearTol(t, a.Axis+"− torque", a.Neg, 4*1.05*445*cant, 2*relAlloc)
		nearTol(t, a.Axis+"+ α", a.AccelPos, 4*1.05*445*cant/f.Inertia[j][j], 2*relAlloc)
	}
	nearTol(t, "y+ force", f.RCS[4].Pos, 4*445*cant, 2*relAlloc)
}

// A pure command couples into nothing on the symmetric shipped crafts,
// and the coupling of the commanded axis is 1.
func TestCouplingShipped(t *testing.T) {
	for _, n := range []string{"lander", "shuttle", "box"} {
		f := figures(t, shipped(t, n))
		for j, a := range f.RCS {
			if a.Pos == 0 {
				continue
			}
			for k, c := range a.Coupling {
				want := 0.0
				if k == j {
					want = 1
				}
				if math.Abs(c-want) > 1e-6 {
					t.Errorf("%s %s: coupling into %s %g, want %g", n, a.Axis, axisNames[k], c, want)
				}
			}
		}
	}
}

// A craft whose mass is off its axes couples through its inertia: a pure
// pitch torque τ gives α = I⁻¹τ, with a roll part (I⁻¹)zx/(I⁻¹)xx of the
// pitch one. The hopper with 40 kg of ballast at (0.5, 0, 0.5).
func TestCouplingInertia(t *testing.T) {
	_, text := hopper(t)
	text = strings.Replace(text, "[[joint]]", `[[part]]
name = "ballast"
mass = 40
position = [0.5, 0, 0.5]
  [[part.shape]]
  kind = "box"
  size = [0.2, 0.2, 0.2]

[[joint]]
kind = "fixed"
part_a = "hull"
part_b = "ballast"
anchor = [0.5, 0, 0.5]

[[joint]]`, 1)
	c, err := craft.ParseCraft("ballast.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	f := figures(t, c)
	var I [9]float64
	for r := range 3 {
		for k := range 3 {
			I[k*3+r] = f.Inertia[r][k]
		}
	}
	inv := mgl64.Mat3(I).Inv()
	if math.Abs(f.Inertia[2][0]) < 1 {
		t.Fatalf("Ixz = %g: the ballast should make a product of inertia", f.Inertia[2][0])
	}
	pitch := f.RCS[0]
	want := inv.At(2, 0) / inv.At(0, 0)
	nearTol(t, "pitch → roll coupling", pitch.Coupling[2], want, 1e-3)
	if math.Abs(pitch.Coupling[0]-1) > 1e-9 {
		t.Errorf("pitch → pitch %g, want 1", pitch.Coupling[0])
	}
	t.Logf("pitch: %.2f %% roll", 100*pitch.Coupling[2])
}

// Warnings: the hopper has no RCS authority about yaw (no jet) and,
// with only its front pair, none about pitch (those jets push it up or
// down too); the lander, the shuttle and the box have it about all three
// axes; the station, with no thrusters, is not flown and gets none.
func TestAuthorityWarnings(t *testing.T) {
	c, text := hopper(t)
	ws := Warnings(c)
	if len(ws) != 1 || ws[0].Code != craft.WarnNoAuthority || !strings.Contains(ws[0].Msg, "about yaw (y axis): no RCS thruster turns") {
		t.Errorf("hopper: %v, want no authority about yaw", ws)
	}
	// Only the front pair: pitch is coupled, roll and yaw have nothing.
	for _, n := range []string{"back_up", "back_down", "right_up", "right_down", "left_up", "left_down"} {
		i := strings.Index(text, "[[thruster]]\nname = \""+n)
		j := i + strings.Index(text[i:], "\n\n") + 2
		text = text[:i] + text[j:]
	}
	c, err := craft.ParseCraft("front.toml", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	ws = Warnings(c)
	if len(ws) != 3 || !strings.Contains(ws[0].Msg, "about pitch (x axis): the jets that turn it the + way push it along too") {
		t.Errorf("front pair only: %v, want no authority about pitch, yaw and roll", ws)
	}
	for _, n := range []string{"lander", "shuttle", "box", "station"} {
		if ws := Warnings(shipped(t, n)); len(ws) != 0 {
			t.Errorf("%s: %v, want none", n, ws)
		}
	}
}

// `check --report` prints the figures as text and as JSON; a broken craft
// is reported with its errors and exit code 1.
func TestRunReport(t *testing.T) {
	dir := t.TempDir()
	_, text := hopper(t)
	p := filepath.Join(dir, "hopper.toml")
	os.WriteFile(p, []byte(text), 0o644)
	lib := craft.NewLibrary(craft.Shipped(data.FS))
	var out, errOut strings.Builder
	if code := RunReport(lib, []string{p, "lander"}, false, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errOut.String())
	}
	for _, want := range []string{"Hopper (" + p + ")", "mass            550.00 kg wet, 450.00 kg dry, 100.00 kg fuel",
		"Δv main         590.4 m/s", "no RCS authority about yaw", p + ":", "Lander (data/crafts/lander.toml)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	os.WriteFile(p, []byte(strings.Replace(text, "mass = 400", "mass = -400", 1)), 0o644)
	if code := RunReport(lib, []string{p}, true, &out, &errOut); code != 1 {
		t.Errorf("broken craft: exit %d, want 1", code)
	}
	if !strings.Contains(out.String(), `"ok": false`) || !strings.Contains(out.String(), "must be > 0") {
		t.Errorf("JSON for a broken craft:\n%s", out.String())
	}
}

// A craft file with more errors than craft.MaxErrors: `check --report
// --json` lists the first ones and carries the count of the rest in the
// last item's "more", as `check --json` does.
func TestRunReportMoreErrors(t *testing.T) {
	p := filepath.Join(t.TempDir(), "many.toml")
	var b strings.Builder
	const n = craft.MaxErrors + 57
	for i := range n {
		fmt.Fprintf(&b, "unknown_%d = 1\n", i)
	}
	os.WriteFile(p, []byte(b.String()), 0o644)
	var out, errOut strings.Builder
	if code := RunReport(craft.NewLibrary(craft.Shipped(data.FS)), []string{p}, true, &out, &errOut); code != 1 {
		t.Fatalf("exit %d, want 1: %s", code, errOut.String())
	}
	var reps []Report
	if err := json.Unmarshal([]byte(out.String()), &reps); err != nil || len(reps) != 1 {
		t.Fatalf("JSON: %v\n%.2000s", err, out.String())
	}
	errs := reps[0].Errors
	listed, more := 0, 0
	for _, e := range errs {
		if e.More > 0 {
			more += e.More
		} else {
			listed++
		}
	}
	if len(errs) == 0 || errs[len(errs)-1].More == 0 || listed+more < n {
		t.Errorf("%d errors listed, more = %d in %d items: want the count of those not listed, %d in all", listed, more, len(errs), n)
	}
}
