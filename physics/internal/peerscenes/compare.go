package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strings"
)

// The comparison table of `make compare`: JSON Lines files of several
// engines and rounds in, one markdown table of step times (the median of
// each run's median step, ratios ours / Bullet and ours / ODE) and one of
// accuracy metrics side by side out.
//
// Runs are matched across engines by scenario and by what the scenario
// varies (dt, fixed root, sleep, top mass, hull mass); where an engine
// printed several runs for one such key (ODE's dWorldStep beside its
// default QuickStep, Bullet's gyroscopic modes) the one marked
// default_settings, else the first, is taken.

// peerLine is one line of a peer's output: a scenario and its runs.
type peerLine struct {
	Engine   string           `json:"engine"`
	Scenario string           `json:"scenario"`
	Runs     []map[string]any `json:"runs"`
}

// engineOrder: columns in this order, engines not listed after them.
var engineOrder = []string{"go", "ode", "bullet", "bullet_f64", "jolt", "rapier"}

// scenarioOrder: rows in this order.
var scenarioOrder = []string{"S1_tumble", "S2_drop", "S3_lander", "X_S3_massratio", "S4_chain", "S5_pile", "S6_latch", "S7_tall_stack"}

// accuracy lists the metrics shown per scenario: JSON name, label, scale.
var accuracy = map[string][]metricCol{
	"S1_tumble": {{"flips", "flips", 1}, {"first_flip_s", "first flip s", 1},
		{"max_rel_drift_Lmag", "max Δ‖L‖/‖L0‖", 1}, {"max_rel_drift_E", "max ΔE/E0", 1}, {"max_rel_drift_Lvec", "max ‖ΔL‖/‖L0‖", 1}},
	"S2_drop": {{"max_penetration_m", "max penetration mm", 1e3}, {"mean_penetration_last5s_m", "mean penetration last 5 s mm", 1e3},
		{"final_height_error_m", "final height error mm", 1e3}, {"jitter_max_v_last5s", "max ‖v‖ last 5 s m/s", 1}},
	"S3_lander":      landerCols,
	"X_S3_massratio": landerCols,
	"S4_chain": {{"max_anchor_sep_mm", "max joint gap mm", 1}, {"max_anchor_sep_last5s_mm", "max joint gap last 5 s mm", 1},
		{"energy_change_end_over_KEmax", "ΔE(10 s)/KE_max", 1}, {"energy_change_max_over_KEmax", "max ΔE/KE_max", 1}, {"max_link_w_rad_s", "max link ω rad/s", 1}},
	"S5_pile": {{"displaced_boxes", "displaced boxes", 1}, {"displaced_stacks", "displaced stacks", 1}, {"asleep_at_end", "asleep at end", 1},
		{"top_layer_mean_y_error_m", "top layer y error mm", 1e3}, {"top_layer_max_v", "top layer max ‖v‖ m/s", 1}},
	"S6_latch": {{"latch_time_s", "latch s", 1}, {"ke_rel_err_min_after_1s", "KE/KE_exact − 1, min after 1 s", 1},
		{"ke_rel_err_max_after_1s", "KE/KE_exact − 1, max after 1 s", 1}, {"ke_rel_err_end", "KE/KE_exact − 1 at the end", 1},
		{"max_rel_dL_after_latch", "max ‖ΔL‖/‖L0‖ after latch", 1}, {"max_joint_gap_mm", "max joint gap mm", 1}},
	"S7_tall_stack": {{"toppled", "toppled", 1}, {"topple_time_s", "topple s", 1}, {"max_top_horizontal_drift_mm", "max top drift mm", 1},
		{"final_top_height_error_mm", "final top height error mm", 1}, {"max_penetration_mm", "max penetration mm", 1}, {"jitter_max_v_last5s", "max ‖v‖ last 5 s m/s", 1}},
}

var landerCols = []metricCol{{"max_joint_sep_mm", "max joint gap mm", 1}, {"max_joint_sep_after10s_mm", "joint gap after 10 s mm", 1},
	{"max_hinge_angle_err_deg", "max hinge error °", 1}, {"final_hull_tilt_deg", "final hull tilt °", 1},
	{"final_hull_y_error_m", "final hull y error mm", 1e3}, {"jitter_max_v_last5s", "max ‖v‖ last 5 s m/s", 1}}

type metricCol struct {
	key, label string
	scale      float64
}

// cell is one scenario variant: the chosen run of each line, per engine.
type cell struct {
	scenario, key string
	runs          map[string][]map[string]any // engine → one run per line read
}

// table is what the files hold, in row order.
type table struct {
	cells     []*cell
	engines   []string
	reference map[string]any // the RK4 reference's S1 run, if given
}

// compareFiles reads the JSON Lines files and writes the tables to w.
func compareFiles(w io.Writer, files []string) error {
	if len(files) == 0 {
		return fmt.Errorf("-compare needs JSON Lines files")
	}
	var t table
	for _, f := range files {
		if err := t.read(f); err != nil {
			return err
		}
	}
	t.sort()
	t.write(w)
	return nil
}

// read adds the lines of one file.
func (t *table) read(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20) // S1's lines carry 600 s of samples
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		var l peerLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return fmt.Errorf("%s:%d: %v", path, n, err)
		}
		t.add(l)
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// add files one line's runs under their scenario variants.
func (t *table) add(l peerLine) {
	if l.Engine == "reference" {
		if len(l.Runs) > 0 {
			t.reference = l.Runs[0]
		}
		return
	}
	if !slices.Contains(t.engines, l.Engine) {
		t.engines = append(t.engines, l.Engine)
	}
	chosen := map[string]map[string]any{}
	var keys []string
	for _, r := range l.Runs {
		k := variantKey(l.Scenario, r)
		if prev, ok := chosen[k]; !ok || (r["default_settings"] == true && prev["default_settings"] != true) {
			if !ok {
				keys = append(keys, k)
			}
			chosen[k] = r
		}
	}
	for _, k := range keys {
		c := t.cell(l.Scenario, k)
		c.runs[l.Engine] = append(c.runs[l.Engine], chosen[k])
	}
}

func (t *table) cell(scenario, key string) *cell {
	for _, c := range t.cells {
		if c.scenario == scenario && c.key == key {
			return c
		}
	}
	c := &cell{scenario: scenario, key: key, runs: map[string][]map[string]any{}}
	t.cells = append(t.cells, c)
	return c
}

// sort puts rows in scenario order (variants as first read) and engines
// in engineOrder.
func (t *table) sort() {
	rank := func(list []string, s string) int {
		if i := slices.Index(list, s); i >= 0 {
			return i
		}
		return len(list)
	}
	slices.SortStableFunc(t.cells, func(a, b *cell) int { return rank(scenarioOrder, a.scenario) - rank(scenarioOrder, b.scenario) })
	slices.SortStableFunc(t.engines, func(a, b string) int { return rank(engineOrder, a) - rank(engineOrder, b) })
}

// variantKey names what a scenario varies, the same for every engine.
func variantKey(scenario string, r map[string]any) string {
	num := func(k string) float64 { f, _ := r[k].(float64); return f }
	switch scenario {
	case "S1_tumble", "S6_latch":
		return fmt.Sprintf("dt 1/%.0f", 1/num("dt"))
	case "S4_chain":
		if r["fixed_root"] == true {
			return "fixed root"
		}
		return "dynamic root"
	case "S5_pile":
		if r["sleeping"] == true {
			return "sleep on"
		}
		return "sleep off"
	case "S7_tall_stack":
		return fmt.Sprintf("top %.0f kg", num("top_mass_kg"))
	case "X_S3_massratio":
		return fmt.Sprintf("hull %.0f kg (%.0f:1)", num("hull_mass_kg"), num("hull_mass_kg")/20)
	}
	return ""
}

// stepTimes returns the median step time (ns) of each run that did not
// fail — S6: of the steps after the latch — its mean, and the number of
// failed runs.
func stepTimes(scenario string, runs []map[string]any) (med, mean []float64, failed int) {
	for _, r := range runs {
		if r["failed"] == true {
			failed++
			continue
		}
		t, _ := r["timing"].(map[string]any)
		if a, ok := t["after_latch"].(map[string]any); ok && scenario == "S6_latch" {
			t = a
		}
		if m, ok := t["median_ns"].(float64); ok {
			med = append(med, m)
		}
		if m, ok := t["mean_ns"].(float64); ok {
			mean = append(mean, m)
		}
	}
	return med, mean, failed
}

// median returns the median (the mean of the middle two for an even count), NaN for none.
func median(x []float64) float64 {
	if len(x) == 0 {
		return math.NaN()
	}
	s := slices.Clone(x)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// fmtTime writes a step time in µs or ms.
func fmtTime(ns float64) string {
	switch {
	case math.IsNaN(ns):
		return "—"
	case ns >= 1e6:
		return fmt.Sprintf("%.2f ms", ns/1e6)
	case ns >= 1e4:
		return fmt.Sprintf("%.0f µs", ns/1e3)
	}
	return fmt.Sprintf("%.2f µs", ns/1e3)
}

// fmtNum writes a metric: integers as such, small and large numbers in
// e-notation, others with four significant digits.
func fmtNum(x float64) string {
	switch {
	case math.IsNaN(x):
		return "—"
	case x == math.Trunc(x) && math.Abs(x) < 1e6:
		return fmt.Sprintf("%.0f", x)
	case math.Abs(x) < 1e-3 || math.Abs(x) >= 1e5:
		return fmt.Sprintf("%.1e", x)
	}
	return fmt.Sprintf("%.4g", x)
}

func fmtRatio(a, b float64) string {
	if math.IsNaN(a) || math.IsNaN(b) || b == 0 {
		return "—"
	}
	return fmt.Sprintf("%.2f", a/b)
}

// write prints the two tables and the failed runs.
func (t *table) write(w io.Writer) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format, a...) }
	row := func(cols []string) { p("| %s |\n", strings.Join(cols, " | ")) }
	rule := func(n int) { p("|%s\n", strings.Repeat(" --- |", n)) }
	has := func(e string) bool { return slices.Contains(t.engines, e) }

	p("## Step time: median over runs of each run's median step\n\n")
	head := []string{"scenario", "variant"}
	for _, e := range t.engines {
		head = append(head, e)
	}
	for _, e := range []string{"bullet", "ode"} {
		if has("go") && has(e) {
			head = append(head, "go/"+e)
		}
	}
	if has("go") && has("bullet") {
		head = append(head, "go/bullet (means)")
	}
	head = append(head, "go sub-steps/step", "runs")
	row(head)
	rule(len(head))
	for _, c := range t.cells {
		med, mean := map[string]float64{}, map[string]float64{}
		cols := []string{c.scenario, c.label()}
		var counts []string
		for _, e := range t.engines {
			m, mn, failed := stepTimes(c.scenario, c.runs[e])
			med[e], mean[e] = median(m), median(mn)
			s := fmtTime(med[e])
			if failed > 0 {
				s += fmt.Sprintf(" (%d failed)", failed)
			}
			cols = append(cols, s)
			counts = append(counts, fmt.Sprint(len(c.runs[e])))
		}
		for _, e := range []string{"bullet", "ode"} {
			if has("go") && has(e) {
				cols = append(cols, fmtRatio(med["go"], med[e]))
			}
		}
		if has("go") && has("bullet") {
			cols = append(cols, fmtRatio(mean["go"], mean["bullet"]))
		}
		cols = append(cols, fmtNum(c.meanStat("go", "SubSteps")), strings.Join(counts, "/"))
		row(cols)
	}
	p("\nS6: the steps after the latch. Runs: per engine, in the column order.\n\n")

	p("## Accuracy (median over runs; * where runs differ)\n\n")
	if t.reference != nil {
		m, _ := t.reference["metrics"].(map[string]any)
		f := func(k string) float64 { x, _ := m[k].(float64); return x }
		p("S1 reference (RK4, h = 1e-4 s): %s flips, first at %s s, mean interval %s s.\n\n",
			fmtNum(f("flips")), fmtNum(f("first_flip_s")), fmtNum(f("mean_flip_interval_s")))
	}
	head = []string{"scenario", "variant", "metric"}
	head = append(head, t.engines...)
	row(head)
	rule(len(head))
	for _, c := range t.cells {
		for _, mc := range accuracy[c.scenario] {
			cols := []string{c.scenario, c.label(), mc.label}
			for _, e := range t.engines {
				cols = append(cols, c.metric(e, mc))
			}
			row(cols)
		}
	}
	t.writeFailures(w)
}

// label names the variant in the table.
func (c *cell) label() string {
	if c.key == "" {
		return "default"
	}
	return c.key
}

// meanStat is the median over engine e's runs that did not fail of its
// stats.mean[name].
func (c *cell) meanStat(e, name string) float64 {
	var xs []float64
	for _, r := range c.runs[e] {
		if r["failed"] == true {
			continue
		}
		st, _ := r["stats"].(map[string]any)
		mean, _ := st["mean"].(map[string]any)
		if x, ok := mean[name].(float64); ok {
			xs = append(xs, x)
		}
	}
	return median(xs)
}

// metric formats engine e's metric over its runs that did not fail:
// the median of numbers, yes/no for flags.
func (c *cell) metric(e string, mc metricCol) string {
	var nums []float64
	var strs []string
	for _, r := range c.runs[e] {
		m, ok := r["metrics"].(map[string]any)
		if !ok {
			continue
		}
		switch x := m[mc.key].(type) {
		case float64:
			nums = append(nums, x*mc.scale)
		case bool:
			strs = append(strs, map[bool]string{true: "yes", false: "no"}[x])
		case nil:
			nums = append(nums, math.NaN())
		}
	}
	if len(strs) > 0 {
		s := strs[0]
		if slices.ContainsFunc(strs, func(x string) bool { return x != s }) {
			s += "*"
		}
		return s
	}
	if len(nums) == 0 {
		return "—"
	}
	s := fmtNum(median(nums))
	if slices.ContainsFunc(nums, func(x float64) bool { return fmtNum(x) != fmtNum(nums[0]) }) {
		s += "*"
	}
	return s
}

// writeFailures lists the runs that failed, with their error.
func (t *table) writeFailures(w io.Writer) {
	first := true
	for _, c := range t.cells {
		for _, e := range t.engines {
			for i, r := range c.runs[e] {
				if r["failed"] != true {
					continue
				}
				if first {
					fmt.Fprintf(w, "\n## Failed runs\n\n")
					first = false
				}
				msg, _ := r["error"].(string)
				step, _ := r["failed_step"].(float64)
				fmt.Fprintf(w, "- %s %s %s, run %d: step %.0f: %s\n", e, c.scenario, c.label(), i+1, step, msg)
			}
		}
	}
}
