package game

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/data"
)

// The report survives figures that are not finite: each is null in the
// JSON, and the reason names it.
func TestSimResultNonFinite(t *testing.T) {
	res := &SimResult{Mission: "m", Outcome: "diverged", Reason: "tick 3: physics failed", StateHash: "0123456789abcdef",
		MaxPenetration: Number(math.NaN()), MaxJointGap: Number(math.Inf(1)), Score: Number(math.NaN()), SimTime: 0.05}
	res.noteNonFinite()
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

	var p peak
	for _, v := range []float64{0.5, math.NaN(), 0.25} {
		p.add(v)
	}
	if p.max != 0.5 || !p.nan || !strings.Contains(p.note("x"), "x was NaN") {
		t.Errorf("peak over 0.5, NaN, 0.25: %+v, note %q", p, p.note("x"))
	}
}

// A legal craft the physics cannot follow: sim prints its whole report
// (outcome diverged, exit code 1), with the peaks of the steps that
// succeeded only — the failed step's state was rolled back.
func TestSimDivergedReport(t *testing.T) {
	mission := filepath.Join("testdata", "missions", "diverge.toml")
	var stdout, stderr strings.Builder
	code := RunSim(data.FS, []string{mission}, &stdout, &stderr)
	var res map[string]any
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil {
		t.Fatalf("exit %d, no JSON report: %v\nstdout %q\nstderr %q", code, err, stdout.String(), stderr.String())
	}
	if code != ExitDiverged || res["outcome"] != "diverged" || !strings.Contains(res["reason"].(string), "tick ") {
		t.Fatalf("exit %d, outcome %v (%v): want %d and diverged", code, res["outcome"], res["reason"], ExitDiverged)
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
	code := RunSim(data.FS, []string{"tumble", "--duration", "1", "--record", bad}, &stdout, &stderr)
	var res SimResult
	if err := json.Unmarshal([]byte(stdout.String()), &res); err != nil || code != ExitOutput || res.Error == "" || res.Steps != 60 {
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
		if code := RunSim(data.FS, args, &stdout, &stderr); code != ExitFlown {
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
	back, err := LoadReplay(rerun)
	if err != nil {
		t.Fatal(err)
	}
	if back.Assisted == nil || *back.Assisted {
		t.Errorf("recorded replay's assisted = %v, want false", back.Assisted)
	}
}
