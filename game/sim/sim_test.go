package sim

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/flight"
)

// The report survives figures that are not finite: each is null in the
// JSON, and the reason names it.
func TestSimResultNonFinite(t *testing.T) {
	res := &flight.Result{Mission: "m", Outcome: "diverged", Reason: "tick 3: physics failed", StateHash: "0123456789abcdef",
		MaxPenetration: flight.Number(math.NaN()), MaxJointGap: flight.Number(math.Inf(1)), Score: flight.Number(math.NaN()), SimTime: 0.05}
	res.NoteNonFinite()
	var b strings.Builder
	if err := writeResult(&b, res); err != nil {
		t.Fatalf("the report is lost: %v", err)
	}
	var got map[string]any
	if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	for _, k := range []string{"max_penetration_m", "max_joint_gap_m", "score"} {
		if v, ok := got[k]; !ok || v != nil {
			t.Errorf("%s = %v, want null", k, v)
		}
		if !strings.Contains(got["reason"].(string), k) {
			t.Errorf("reason %q does not name %s", got["reason"], k)
		}
	}
	if got["sim_time_s"] != 0.05 || !strings.HasPrefix(got["reason"].(string), "tick 3: physics failed (not finite") {
		t.Errorf("finite figures or the reason spoilt: %v", got)
	}

	var p flight.Peak
	for _, v := range []float64{0.5, math.NaN(), 0.25} {
		p.Add(v)
	}
	if p.Max != 0.5 || !p.NaN || !strings.Contains(p.Note("x"), "x was NaN") {
		t.Errorf("peak over 0.5, NaN, 0.25: %+v, note %q", p, p.Note("x"))
	}
}

// A legal craft the physics cannot follow: sim prints its whole report
// (outcome diverged, exit code 1), with the peaks of the steps that
// succeeded only — the failed step's state was rolled back.
func TestSimDivergedReport(t *testing.T) {
	mission := filepath.Join("..", "flight", "testdata", "missions", "diverge.toml")
	var stdout, stderr strings.Builder
	code := Run(data.FS, []string{mission}, &stdout, &stderr)
	var res map[string]any
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil {
		t.Fatalf("exit %d, no JSON report: %v\nstdout %q\nstderr %q", code, err, stdout.String(), stderr.String())
	}
	if code != flight.ExitDiverged || res["outcome"] != "diverged" || !strings.Contains(res["reason"].(string), "tick ") {
		t.Fatalf("exit %d, outcome %v (%v): want %d and diverged", code, res["outcome"], res["reason"], flight.ExitDiverged)
	}
	// The same flight by hand: the peaks over the ticks that stepped.
	f := loadFlight(t, mission)
	var gap, pen float64
	for f.Err == nil {
		f.Step(nil)
		if f.Err == nil {
			gap, pen = max(gap, f.World.MaxJointGap()), max(pen, f.World.Stats().MaxPenetration)
		}
	}
	if res["max_joint_gap_m"] != gap || res["max_penetration_m"] != pen {
		t.Errorf("peaks %v m and %v m, want %g and %g from the steps that succeeded", res["max_joint_gap_m"], res["max_penetration_m"], gap, pen)
	}
}

// An output that cannot be written does not lose the report either: the
// JSON comes with the error and exit code 3.
func TestSimOutputError(t *testing.T) {
	blocker := filepath.Join(t.TempDir(), "file")
	os.WriteFile(blocker, nil, 0o644)
	bad := filepath.Join(blocker, "x.replay") // a file stands where the folder should be
	var stdout, stderr strings.Builder
	code := Run(data.FS, []string{"tumble", "--duration", "1", "--record", bad}, &stdout, &stderr)
	var res flight.Result
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil || code != flight.ExitOutput || res.Error == "" || res.Steps != 60 {
		t.Errorf("exit %d, report %+v (%v)", code, res, err)
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a replay was written after all")
	}
}

// sim says whether the autopilot flew: `sim --autopilot` is assisted, a
// replay of hand-flown commands is not, and the replay keeps the mark.
func TestSimAssisted(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) map[string]any {
		t.Helper()
		var stdout, stderr bytes.Buffer
		if code := Run(data.FS, args, &stdout, &stderr); code != flight.ExitFlown {
			t.Fatalf("sim %v: exit %d\n%s", args, code, stderr.String())
		}
		var res map[string]any
		if err := json.Unmarshal(stdout.Bytes(), &res); err != nil {
			t.Fatal(err)
		}
		return res
	}
	if got := run("tumble", "--autopilot", "--duration", "5"); got["assisted"] != true {
		t.Errorf("sim --autopilot: assisted = %v, want true", got["assisted"])
	}
	// A hand flight (no autopilot: here no commands at all), recorded,
	// then re-run from its replay.
	hand := filepath.Join(dir, "hand.replay")
	if got := run("tumble", "--duration", "2", "--record", hand); got["assisted"] != false {
		t.Errorf("sim without the autopilot: assisted = %v, want false", got["assisted"])
	}
	rerun := filepath.Join(dir, "rerun.replay")
	if got := run("--replay", hand, "--record", rerun); got["assisted"] != false {
		t.Errorf("sim --replay of a hand flight: assisted = %v, want false", got["assisted"])
	}
	back, err := flight.LoadReplay(rerun)
	if err != nil {
		t.Fatal(err)
	}
	if back.Assisted == nil || *back.Assisted {
		t.Errorf("recorded replay's assisted = %v, want false", back.Assisted)
	}
}

// `sim --plot` draws the panels of the mission's kind, as PNG or SVG by the
// file's extension, and refuses any other extension before flying.
func TestSimPlot(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		mission, file string
		want, not     []string
	}{
		{"dock", "dock.svg", []string{"Dock", "rates (°/s)", "range (m)", "speeds (m/s)", "closing", "time (s)"}, []string{"altitude (m)"}},
		{"land", "land.svg", []string{"altitude (m)", "vertical (up +)"}, []string{"range (m)", "closing"}},
		{"tumble", "tumble.svg", []string{"rates (°/s)", "yaw"}, []string{"altitude (m)", "range (m)"}},
	} {
		path := filepath.Join(dir, tc.file)
		if _, code, err := run(options{run: flight.RunOptions{Shipped: data.FS, Mission: tc.mission, Duration: 3, Dt: flight.DefaultDt}, plot: path, every: 1}, io.Discard); err != nil || code != 0 {
			t.Fatalf("%s: code %d, %v", tc.mission, code, err)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range tc.want {
			if !bytes.Contains(b, []byte(">"+s+"</text>")) {
				t.Errorf("%s: no %q in the plot", tc.mission, s)
			}
		}
		for _, s := range tc.not {
			if bytes.Contains(b, []byte(">"+s+"</text>")) {
				t.Errorf("%s: %q in the plot", tc.mission, s)
			}
		}
	}
	path := filepath.Join(dir, "land.png")
	if _, code, err := run(options{run: flight.RunOptions{Shipped: data.FS, Mission: "land", Duration: 1, Dt: flight.DefaultDt}, plot: path, every: 1}, io.Discard); err != nil || code != 0 {
		t.Fatalf("png: code %d, %v", code, err)
	}
	if f, err := os.Open(path); err != nil {
		t.Error(err)
	} else {
		defer f.Close()
		if cfg, err := png.DecodeConfig(f); err != nil || cfg.Width != 1200 || cfg.Height != 900 {
			t.Errorf("png: %d×%d, %v; want 1200×900", cfg.Width, cfg.Height, err)
		}
	}
	_, code, err := run(options{run: flight.RunOptions{Shipped: data.FS, Mission: "land", Dt: flight.DefaultDt}, plot: filepath.Join(dir, "land.gif"), every: 1}, io.Discard)
	if code != 2 || err == nil || !strings.Contains(err.Error(), ".png or .svg") {
		t.Errorf("gif: code %d, %v; want 2 and an error asking for .png or .svg", code, err)
	}
}

func loadFlight(t *testing.T, name string) *flight.Flight {
	t.Helper()
	m, err := craft.NewLibrary(craft.Shipped(data.FS)).LoadMission(name)
	if err != nil {
		t.Fatal(err)
	}
	f, err := flight.New(m, flight.DefaultDt, flight.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// A flight whose step panics — a tumbling drop on which the physics of
// the time panicked at tick 12 (issue 27.1) — still ends with the whole
// report and the exit code of a flight outcome: 1 and "diverged", with
// the panic and its tick in the reason; or, once the physics holds, 0.
// Never 2, which means bad input, and never a crash without a report.
func TestSimPanicReport(t *testing.T) {
	mission := filepath.Join("..", "flight", "testdata", "missions", "tumbling-drop.toml")
	var stdout, stderr strings.Builder
	code := Run(data.FS, []string{mission}, &stdout, &stderr)
	var res flight.Result
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil {
		t.Fatalf("exit %d, no JSON report: %v\nstderr %q", code, err, stderr.String())
	}
	switch {
	case code == flight.ExitDiverged && res.Outcome == "diverged" && strings.Contains(res.Reason, "tick ") && len(res.StateHash) == 16:
		t.Logf("diverged: %s", res.Reason)
	case code == flight.ExitFlown && res.Outcome != "diverged":
		t.Logf("flown: %s, %s", res.Outcome, res.Reason)
	default:
		t.Errorf("exit %d, outcome %q (%s): want 1 and diverged with the tick, or 0 and an outcome", code, res.Outcome, res.Reason)
	}
}

// Telemetry reads as the HUD does: vertical speed up + (a descent is
// negative), and the throttle the main engines fire at — the autopilot's
// too, where the controls' throttle stays 0.
func TestSimTelemetryAsTheHUD(t *testing.T) {
	csvPath := filepath.Join(t.TempDir(), "land.csv")
	var stdout, stderr bytes.Buffer
	if code := Run(data.FS, []string{"land", "--autopilot", "--duration", "10", "--telemetry", csvPath}, &stdout, &stderr); code != flight.ExitFlown {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	b, err := os.ReadFile(csvPath)
	if err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := func(name string) int { return slices.Index(rows[0], name) }
	vs, thr := col("vertical_speed_m_s"), col("throttle")
	if vs < 0 || thr < 0 {
		t.Fatalf("columns %v", rows[0])
	}
	first, _ := strconv.ParseFloat(rows[1][vs], 64)
	burning := 0
	for _, r := range rows[1:] {
		if u, _ := strconv.ParseFloat(r[thr], 64); u > 0 {
			burning++
		}
	}
	if first > -2.9 || first < -3.1 {
		t.Errorf("vertical speed at the start %g m/s, want about −3 (descending)", first)
	}
	if burning == 0 {
		t.Error("the throttle column stays 0 while the autopilot burns")
	}
}
