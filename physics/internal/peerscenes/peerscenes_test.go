package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/internal/peerscenes/scenes"
)

// The metric names the peers print (src/harness.h), per scenario.
var peerMetricNames = map[string][]string{
	"S1": {"max_rel_drift_Lmag", "max_rel_drift_Lvec", "max_rel_drift_E", "flips", "first_flip_s", "mean_flip_interval_s",
		"last_flip_s", "final_rel_E", "final_rel_Lmag", "final_w_body", "nonfinite", "flip_times_s"},
	"S2": {"first_contact_s", "max_penetration_m", "mean_penetration_last5s_m", "max_rebound_m", "final_center_y_m",
		"final_height_error_m", "jitter_max_v_last5s", "jitter_max_w_last5s", "final_horizontal_drift_m",
		"max_horizontal_drift_m", "final_tilt_deg", "nonfinite"},
	"S3": {"touchdown_s", "max_joint_sep_mm", "max_joint_sep_after10s_mm", "final_joint_sep_mm", "max_hinge_angle_err_deg",
		"max_hinge_angle_err_after10s_deg", "max_leg_penetration_m", "min_hull_y_m", "max_hull_y_after_touchdown_m",
		"final_hull_y_m", "final_hull_y_error_m", "final_hull_tilt_deg", "jitter_max_v_last5s", "jitter_max_w_last5s",
		"final_hull_drift_xz_m", "nonfinite"},
	"S4": {"max_anchor_sep_mm", "max_anchor_sep_last5s_mm", "final_anchor_sep_mm", "max_anchor_sep_first_joint_mm",
		"energy_change_end_over_KEmax", "energy_change_min_over_KEmax", "energy_change_max_over_KEmax", "tip_y_final_m",
		"max_link_w_rad_s", "nonfinite"},
	"S5": {"bodies", "asleep_at_end", "displaced_boxes", "displaced_stacks", "final_max_v", "top_layer_max_v",
		"top_layer_mean_y_error_m", "nonfinite_bodies"},
	"S6": {"latched", "latch_step", "latch_time_s", "latch_face_distance_m", "min_face_distance_before_latch_m", "P0_kg_m_s",
		"L0_kg_m2_s", "KE0_J", "KE_before_latch_J", "KE_exact_after_latch_J", "max_rel_dP", "max_rel_dL_before_latch",
		"max_rel_dL_after_latch", "max_rel_dL_vs_latch_instant", "ke_rel_err_first_step_after", "ke_rel_err_min_after",
		"ke_rel_err_max_after", "ke_rel_err_min_after_1s", "ke_rel_err_max_after_1s", "ke_rel_err_end", "max_joint_gap_mm",
		"max_joint_angle_err_deg", "max_rel_com_offset_err_mm", "final_joint_gap_mm", "final_joint_angle_err_deg",
		"steps_after_latch", "nonfinite"},
	"S7": {"max_top_horizontal_drift_mm", "final_top_horizontal_drift_mm", "max_any_horizontal_drift_mm",
		"final_top_height_error_mm", "max_penetration_mm", "final_max_penetration_mm", "toppled", "topple_time_s",
		"jitter_max_v_last5s", "jitter_max_w_last5s", "final_top_tilt_deg", "nonfinite"},
}

// decode turns a run's record into what a reader of the JSON sees.
func decode(t *testing.T, o object) map[string]any {
	t.Helper()
	b, err := json.Marshal(o)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func keys(m map[string]any) []string {
	var k []string
	for s := range m {
		k = append(k, s)
	}
	slices.Sort(k)
	return k
}

// TestMetricNames: every run prints the peers' metric names (and S1 its
// samples, S6 its timing after the latch), the timing block the peers
// print, and the WorldDef in force. The short scenarios run in full; S5's
// metrics are checked on a state (TestPileMetrics).
func TestMetricNames(t *testing.T) {
	cases := []struct {
		name string
		r    *run
	}{
		{"S1", s1Run(1.0 / 30)}, {"S2", s2Run()}, {"S3", s3Run(scenes.S3HullMass)},
		{"S4", s4Run(false)}, {"S4", s4Run(true)}, {"S6", s6Run(1.0 / 30)}, {"S7", s7Run(1)},
		{"S5", &run{metrics: s5Metrics(make([]bodyState, scenes.S5Boxes), 0)}},
	}
	for _, c := range cases {
		m := decode(t, c.r.record())
		if m["failed"] == true {
			t.Errorf("%s failed: %v", c.name, m["error"])
			continue
		}
		got := keys(m["metrics"].(map[string]any))
		want := slices.Sorted(slices.Values(peerMetricNames[c.name]))
		if !slices.Equal(got, want) {
			t.Errorf("%s metrics %v, want %v", c.name, got, want)
		}
		if c.name == "S5" {
			continue
		}
		tm := m["timing"].(map[string]any)
		for _, k := range []string{"steps", "median_ns", "mean_ns", "p99_ns", "max_ns", "total_s"} {
			if _, ok := tm[k]; !ok {
				t.Errorf("%s timing has no %s: %v", c.name, k, tm)
			}
		}
		if s := m["settings"].(map[string]any); s["SolverIterations"] != 0.0 || s["Gravity"] == nil {
			t.Errorf("%s settings %v: want the WorldDef, its solver fields zero (default)", c.name, s)
		}
		if c.name == "S1" {
			if got := keys(m["samples"].(map[string]any)); !slices.Equal(got, []string{"E", "L_world", "every_s", "q_wxyz", "w_body"}) {
				t.Errorf("S1 samples %v", got)
			}
		}
		if c.name == "S6" {
			if _, ok := tm["after_latch"].(map[string]any)["median_ns"]; !ok {
				t.Errorf("S6 timing has no after_latch median: %v", tm)
			}
		}
	}
}

// TestGuard: a run whose body panics or returns an error is reported as
// failed, with the panic's text and the step it happened in; one that
// does not is not.
func TestGuard(t *testing.T) {
	s, err := scenes.Drop()
	if err != nil {
		t.Fatal(err)
	}
	r := newRun(s, "panics")
	r.guard(func(r *run) error {
		for range 3 {
			if err := r.stepWorld(s.World, s.Dt); err != nil {
				return err
			}
		}
		r.step++
		var a []int
		_ = a[r.step] // index out of range, as in World.Step
		return nil
	})
	m := decode(t, r.record())
	if m["failed"] != true || !strings.Contains(m["error"].(string), "panic: runtime error: index out of range [4]") || m["failed_step"] != 4.0 {
		t.Errorf("panicking run: failed %v, error %q, step %v", m["failed"], m["error"], m["failed_step"])
	}
	if _, ok := m["metrics"]; ok {
		t.Error("a failed run reports metrics")
	}
	if tm := m["timing"].(map[string]any); tm["steps"] != 3.0 {
		t.Errorf("timing of the steps before the panic: %v, want 3 steps", tm)
	}

	r = newRun(s, "errs")
	r.guard(func(r *run) error { return os.ErrInvalid })
	if m := decode(t, r.record()); m["failed"] != true || m["error"] != os.ErrInvalid.Error() {
		t.Errorf("run with an error: %v", m)
	}
	r = newRun(s, "fine")
	r.guard(func(r *run) error { return nil })
	if m := decode(t, r.record()); m["failed"] != nil {
		t.Errorf("a good run is reported failed: %v", m)
	}
}

// TestFlipDetection: with body-frame ω_y = cos(πt/P) (the body frame held
// on the world's), the S1 metrics count a flip at each zero crossing
// t = P (k + ½), timed by linear interpolation between steps.
func TestFlipDetection(t *testing.T) {
	const dt, P, T = 1.0 / 60, 7.3, 100.0
	k := newS1Tracker(dt)
	for i := 0; i <= int(T/dt); i++ {
		ti := float64(i) * dt
		k.record(ti, mgl64.QuatIdent(), mgl64.Vec3{0.01, math.Cos(math.Pi * ti / P), 0.01})
	}
	n := int(math.Floor(T/P + 0.5)) // crossings at P/2, 3P/2, … up to T
	if len(k.crossings) != n {
		t.Fatalf("%d flips, want %d", len(k.crossings), n)
	}
	for j, c := range k.crossings {
		want := P * (float64(j) + 0.5)
		if math.Abs(c-want) > 1e-4 {
			t.Errorf("flip %d at %.6f s, want %.6f", j, c, want)
		}
	}
	m := decode(t, k.metrics())
	if got := m["mean_flip_interval_s"].(float64); math.Abs(got-P) > 1e-5 {
		t.Errorf("mean flip interval %v, want %v", got, P)
	}
}

// TestLatchRigidEnergy: for two bodies already moving as one rigid body
// (v_i = V + Ω × (p_i − C), ω_i = Ω), the perfectly inelastic energy of the
// latch equals their kinetic energy: nothing is lost.
func TestLatchRigidEnergy(t *testing.T) {
	V, W := mgl64.Vec3{0.3, -0.2, 0.1}, mgl64.Vec3{0.05, 0.2, -0.1}
	q := [2]mgl64.Quat{mgl64.QuatRotate(0.4, mgl64.Vec3{1, 2, 3}.Normalize()), mgl64.QuatRotate(-1.1, mgl64.Vec3{0, 1, 1}.Normalize())}
	p := [2]mgl64.Vec3{{0.5, 1, -2}, {6, -1, 0.3}}
	s := make([]bodyState, 2)
	for i := range 2 {
		s[i] = bodyState{p: p[i], q: q[i], v: V.Add(W.Cross(p[i])), w: W} // about the origin: a rigid motion still
	}
	P, L, ke, isys := s6System(s)
	exact := P.Dot(P)/(2*(scenes.S6Mass[0]+scenes.S6Mass[1])) + 0.5*L.Dot(isys.Inv().Mul3x1(L))
	if math.Abs(exact/ke-1) > 1e-12 {
		t.Errorf("inelastic KE %v J, kinetic %v J: want equal", exact, ke)
	}
}

// TestPileMetrics: a box moved off its column or fallen a layer counts as
// displaced, with its stack; the others do not.
func TestPileMetrics(t *testing.T) {
	s := make([]bodyState, scenes.S5Boxes)
	for n := range s {
		p, q, layer := scenes.PileBox(n)
		s[n] = bodyState{p: mgl64.Vec3{p[0], 0.5 + float64(layer) - 0.002, p[2]}, q: q}
	}
	s[905].p[0] += 0.3  // top layer, sideways
	s[17].p[1] -= 0.6   // bottom layer, sunk
	s[117].v[1] = -0.25 // the same stack, moving
	m := decode(t, s5Metrics(s, 7))
	if m["displaced_boxes"] != 2.0 || m["displaced_stacks"] != 2.0 || m["asleep_at_end"] != 7.0 {
		t.Errorf("displaced %v in %v stacks, asleep %v; want 2, 2, 7", m["displaced_boxes"], m["displaced_stacks"], m["asleep_at_end"])
	}
	if e := m["top_layer_mean_y_error_m"].(float64); math.Abs(e+0.002) > 1e-12 {
		t.Errorf("top layer error %v m, want −0.002", e)
	}
	if v := m["final_max_v"].(float64); v != 0.25 {
		t.Errorf("final max v %v, want 0.25", v)
	}
}

// TestCompare: the table takes the median over runs of each run's median,
// picks each engine's default run for a variant, matches variants across
// engines, and lists failed runs.
func TestCompare(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, lines ...string) string {
		f := filepath.Join(dir, name)
		if err := os.WriteFile(f, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return f
	}
	line := func(engine string, runs ...string) string {
		return `{"engine":"` + engine + `","scenario":"S4_chain","runs":[` + strings.Join(runs, ",") + `]}`
	}
	run := func(fixed bool, def bool, med int, metric float64) string {
		b, _ := json.Marshal(map[string]any{"dt": 1.0 / 60, "fixed_root": fixed, "default_settings": def,
			"timing":  map[string]any{"median_ns": med, "mean_ns": med},
			"metrics": map[string]any{"max_anchor_sep_mm": metric}})
		return string(b)
	}
	failed := `{"dt":0.0166,"fixed_root":true,"failed":true,"error":"panic: boom","failed_step":87,"timing":{"median_ns":1}}`
	files := []string{
		write("go1", line("go", run(false, true, 30000, 1e-6), run(true, true, 9000, 2e-6))),
		write("go2", line("go", run(false, true, 50000, 1e-6), failed)),
		write("go3", line("go", run(false, true, 40000, 1e-6))),
		// ODE's second run for the same variant is its default one.
		write("ode1", line("ode", run(false, false, 1, 99), run(false, true, 20000, 200))),
		write("bullet1", line("bullet", run(false, true, 10000, 300), run(true, true, 3000, 400))),
		write("bullet2", line("bullet", run(false, true, 12000, 300))),
	}
	var out bytes.Buffer
	if err := compareFiles(&out, files); err != nil {
		t.Fatal(err)
	}
	txt := out.String()
	for _, want := range []string{
		"| S4_chain | dynamic root | 40 µs | 20 µs | 11 µs | 3.64 | 2.00 |", // medians 40, 20, (10+12)/2
		"| S4_chain | fixed root | 9.00 µs (1 failed) | — | 3.00 µs | 3.00 | — |",
		"| S4_chain | dynamic root | max joint gap mm | 1.0e-06 | 200 | 300 |",
		"- go S4_chain fixed root, run 2: step 87: panic: boom",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("table lacks %q:\n%s", want, txt)
		}
	}
}
