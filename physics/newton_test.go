package physics

import (
	"bufio"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// loadRows reads a dumped solve: one line per row ("row q kind K a A b B
// lam λ r R k K mu μ bias B soft S lo L hi H"), then S, a line per row.
func loadRows(t *testing.T, path string) (d []row, S, r []float64) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var lines []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		lines = append(lines, sc.Text())
	}
	num := func(s string) float64 {
		v, err := strconv.ParseFloat(s, 64)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		return v
	}
	for _, l := range lines {
		if !strings.HasPrefix(l, "row ") {
			break
		}
		f := strings.Fields(l)
		v := map[string]float64{}
		for i := 2; i+1 < len(f); i += 2 {
			v[f[i]] = num(f[i+1])
		}
		d = append(d, row{kind: rowKind(v["kind"]), a: int32(v["a"]), b: int32(v["b"]), lam: v["lam"],
			k: v["k"], mu: v["mu"], bias: v["bias"], soft: v["soft"], lo: v["lo"], hi: v["hi"]})
		r = append(r, v["r"])
	}
	n := len(d)
	if len(lines) < 2*n {
		t.Fatalf("%s: %d rows and %d lines", path, n, len(lines))
	}
	for _, l := range lines[n : 2*n] {
		for _, x := range strings.Fields(l) {
			S = append(S, num(x))
		}
	}
	if len(S) != n*n {
		t.Fatalf("%s: S has %d entries for %d rows", path, len(S), n)
	}
	return d, S, r
}

// coulombError checks the contact rows d (normal, friction, friction) for
// Signorini's and Coulomb's conditions from their impulses and velocities
// r, on their own terms rather than through the solver's residual: it
// returns the largest violation, in m/s for velocities and in units of
// the contact's impulse for forces.
func coulombError(d []row, r []float64) float64 {
	worst := 0.0
	for q := 0; q+2 < len(d); q += 3 {
		ln, vn := d[q].lam, r[q]
		t1, t2 := d[q+1].lam, d[q+2].lam
		v1, v2 := r[q+1], r[q+2]
		scale := max(math.Abs(ln), 1)
		worst = max(worst, -ln/scale, -vn, math.Abs(ln*vn)/scale) // push only, no sinking, no pull while opening
		lim := d[q+1].mu * ln
		ft := math.Hypot(t1, t2)
		worst = max(worst, (ft-lim)/scale) // inside the cone
		if slip := math.Hypot(v1, v2); slip > 1e-9 {
			// sliding: friction on the cone's edge against the slip
			worst = max(worst, math.Hypot(t1+lim*v1/slip, t2+lim*v2/slip)/scale)
		}
	}
	return worst
}

// TestNewtonFinishesCrush solves one sub-step of random slope 17684 (a
// 1.1 kg body sliding on a 34° slope under a 6.5 t box whose contact
// sticks): the rows as a free island's sweeps left them. The sweeps and
// active-set steps of finishFree end far from the solution (the sliding
// friction turns 2 mrad a sweep); Newton's method on the natural residual
// must reach it, checked on Signorini's and Coulomb's conditions.
func TestNewtonFinishesCrush(t *testing.T) {
	d, S, r := loadRows(t, "testdata/crush15.txt")
	var bd boundedSet
	t.Logf("residual %.3g m/s as the sweeps and active-set steps left it", bd.residual(d, r))
	steps := bd.newton(d, S, r, 1e-12)
	res := bd.residual(d, r)
	cerr := coulombError(d, r)
	t.Logf("after %d Newton steps: residual %.3g m/s, Coulomb error %.3g", steps, res, cerr)
	if !(res < 1e-9) || !(cerr < 1e-9) {
		t.Fatalf("Newton's method ended at residual %.3g m/s, Coulomb error %.3g, after %d steps", res, cerr, steps)
	}
}
