package flight

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/data"
	"spaceflight/game/control"
)

// Hostile input, round 2 (issue 27): what a flight refuses, and what it
// makes of input that is legal but extreme.

// The physics step is bounded to MinDt…MaxDt wherever it comes from: a
// replay's dt, sim's --dt, the window's --dt. A replay of dt 1e-9 and
// 3·10¹¹ ticks (177 days of flying) is refused as it loads; so is
// `sim --dt 1e-9`, with the usage exit code, before it flies a tick.
func TestDtBounds(t *testing.T) {
	for _, dt := range []float64{MinDt, DefaultDt, 0.05, MaxDt} {
		if err := CheckDt(dt); err != nil {
			t.Errorf("CheckDt(%g): %v", dt, err)
		}
	}
	for _, dt := range []float64{0, -DefaultDt, 1e-300, 5e-324, 1e-9, MinDt * 0.999, MaxDt * 1.001, 0.2, 1e300} {
		if err := CheckDt(dt); err == nil || !strings.Contains(err.Error(), "1/2000") {
			t.Errorf("CheckDt(%g) = %v, want a refusal naming the range", dt, err)
		}
	}
	const tail = `"final_hash":"0123456789abcdef","outcome":"success","reason":"r"}`
	for _, c := range []struct {
		dt    string
		ticks uint64
		ok    bool
	}{
		{"1e-9", 300_000_000_000, false},
		{"1e-300", 10, false},
		{"0.2", 10, false},
		{"0.0005", 10, true},
		{"0.1", 10, true},
	} {
		text := fmt.Sprintf(`{"format":2,"mission":"m","dt":%s,"ticks":%d,`, c.dt, c.ticks) + tail
		_, err := ParseReplay("x.replay", []byte(text))
		if (err == nil) != c.ok || err != nil && !errors.Is(err, ErrReplay) {
			t.Errorf("replay of dt %s, %d ticks: %v, want ok %t", c.dt, c.ticks, err, c.ok)
		}
	}
	for _, dt := range []float64{1e-9, 0.2} {
		_, code, err := Run(RunOptions{Mission: "tumble", Shipped: data.FS, Data: t.TempDir(), Dt: dt, Duration: 1e-6}, nil)
		if code != ExitUsage || err == nil {
			t.Errorf("run at dt %g: exit %d (%v), want %d", dt, code, err, ExitUsage)
		}
	}
}

// A replay file is one JSON value and nothing else: text after it, or a
// second copy of it, is refused as it loads.
func TestReplayOneValue(t *testing.T) {
	good := `{"format":2,"mission":"m","dt":0.0166,"ticks":10,"commands":[[5,"pitch",1]],"final_hash":"0123456789abcdef","outcome":"success","reason":"r"}`
	if _, err := ParseReplay("x.replay", []byte(good+"\n \t\n")); err != nil {
		t.Fatalf("with white space after it: %v", err)
	}
	for name, text := range map[string]string{
		"text after":   good + "\nthis flight was really 267 s",
		"second copy":  good + good,
		"second value": good + "\n[]",
		"a number":     good + " 0",
	} {
		if _, err := ParseReplay("x.replay", []byte(text)); err == nil || !errors.Is(err, ErrReplay) || !strings.Contains(err.Error(), "x.replay") {
			t.Errorf("%s: %v, want a refusal naming the file", name, err)
		}
	}
}

// The recorded tick count is checked against the re-run's end: a re-run
// stops where its flight is over (decided, plus the run-on) or where the
// recording ends, whichever comes first. A replay that claims more ticks
// than its flight took — even with the final hash of a flight flown that
// long — or fewer is a mismatch; the untouched recording matches.
func TestReplayTicksTampered(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "tumble.replay")
	opts := RunOptions{Mission: "tumble", Shipped: data.FS, Data: dir, Dt: DefaultDt, Autopilot: true}
	rec := opts
	rec.Record = path
	res, code, err := Run(rec, nil)
	if err != nil || code != ExitFlown || res.Outcome != "success" {
		t.Fatalf("recording: exit %d, %v, %+v", code, err, res)
	}
	rp, err := LoadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	rerun := func(r *Replay) (*Result, int) {
		t.Helper()
		p := filepath.Join(dir, "tampered.replay")
		if err := r.Save(p); err != nil {
			t.Fatal(err)
		}
		o := RunOptions{Replay: p, Shipped: data.FS, Data: dir}
		res, code, err := Run(o, nil)
		if err != nil {
			t.Fatalf("re-run: %v", err)
		}
		return res, code
	}
	if res, code := rerun(rp); code != ExitFlown || !*res.ReplayMatch {
		t.Fatalf("the untouched recording: exit %d, mismatches %q", code, res.ReplayMismatches)
	}
	// The same flight flown on by hand, 1000 ticks past its end: the
	// hash a tamperer would write.
	m, err := shippedLibrary().LoadMission("tumble")
	if err != nil {
		t.Fatal(err)
	}
	f, err := New(m, rp.Dt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	longer := *rp
	longer.Ticks += 1000
	next := 0
	var tick []Command
	for f.Tick < longer.Ticks && f.Err == nil {
		tick = DueAt(tick[:0], rp.Commands, &next, f.Tick)
		f.Step(tick)
	}
	longer.FinalHash = f.StateHash()
	shorter := *rp
	shorter.Ticks -= 60
	for name, r := range map[string]*Replay{"1000 ticks more": &longer, "60 ticks fewer": &shorter} {
		res, code := rerun(r)
		if code != ExitMismatch || *res.ReplayMatch || !strings.Contains(strings.Join(res.ReplayMismatches, "\n"), "ticks") && name != "60 ticks fewer" {
			t.Errorf("%s: exit %d, mismatches %q; want %d and the ticks named", name, code, res.ReplayMismatches, ExitMismatch)
		}
	}
}

// flyVariant flies mission dock-failure by autopilot with extra appended
// to its file, to the end, and returns the flight.
func flyVariant(t *testing.T, extra string) *Flight {
	t.Helper()
	text, err := fs.ReadFile(data.FS, "missions/dock-failure.toml")
	if err != nil {
		t.Fatal(err)
	}
	// The [[failure]] tables go before [scoring], which must stay last.
	at := strings.Index(string(text), "\n[scoring]")
	p := filepath.Join(t.TempDir(), "variant.toml")
	os.WriteFile(p, []byte(string(text[:at])+"\n"+extra+string(text[at:])), 0o644)
	f := loadFlight(t, p)
	cmds := []Command{{Tick: 0, Kind: KindAutopilot}}
	for f.Err == nil && !f.Over() {
		f.Step(cmds)
	}
	return f
}

// A thruster stuck open by two [[failure]] entries (at two moments)
// sticks once, and the autopilot trims it once: the flight is the flight
// with one entry, bit for bit. Before, it trimmed the jet once per entry,
// pushing against a thrust twice what the jet gave.
func TestStuckTwiceSticksOnce(t *testing.T) {
	once := flyVariant(t, "")
	twice := flyVariant(t, "[[failure]]\nkind = \"thruster_stuck\"\nthruster = \"rcs_top_fwd\"\ndistance = 11\n")
	if once.Tick != twice.Tick || once.StateHash() != twice.StateHash() || once.Judge.Outcome != twice.Judge.Outcome {
		t.Errorf("stuck once: %v at tick %d (%s); stuck twice: %v at tick %d (%s): want the same flight",
			once.Judge.Outcome, once.Tick, once.StateHash(), twice.Judge.Outcome, twice.Tick, twice.StateHash())
	}
	if n := len(twice.Faults.Lines); n != len(once.Faults.Lines)+1 || !strings.Contains(twice.Faults.Lines[n-1], "already") {
		t.Errorf("fault lines %q: want the second sticking said to be no change", twice.Faults.Lines)
	}
}

// Dead is final: a thruster_dead after a thruster_stuck un-sticks the jet
// (it gives nothing from then on, and the autopilot trims nothing for it),
// and a thruster_stuck after a thruster_dead leaves it dark.
func TestDeadUnsticks(t *testing.T) {
	text, err := os.ReadFile("testdata/missions/failures.toml")
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(t.TempDir(), "dead-stuck.toml")
	os.WriteFile(p, append(text, `
[[failure]]
kind = "thruster_dead"
thruster = "rcs_bl_up"
time = 2.5

[[failure]]
kind = "thruster_stuck"
thruster = "rcs_fr_up"
time = 2.5
`...), 0o644)
	f := loadFlight(t, p)
	fr, bl := thruster(t, f, "rcs_fr_up"), thruster(t, f, "rcs_bl_up")
	for f.Time() < 2.2 {
		f.Step(nil)
	}
	if f.Player.Level[bl] != 1 || f.Player.Level[fr] != 0 {
		t.Fatalf("before: stuck rcs_bl_up at %g, dead rcs_fr_up at %g", f.Player.Level[bl], f.Player.Level[fr])
	}
	for f.Time() < 3 {
		f.Step(nil)
	}
	if f.Player.Level[bl] != 0 || f.Player.Level[fr] != 0 || len(f.Player.faults.stuck) != 0 {
		t.Errorf("after: rcs_bl_up at %g, rcs_fr_up at %g, stuck %v: want both dark", f.Player.Level[bl], f.Player.Level[fr], f.Player.faults.stuck)
	}
	lines := strings.Join(f.Faults.Lines, "\n")
	for _, want := range []string{"rcs_bl_up dead: stuck open until now, it no longer fires", "rcs_fr_up stuck open, but it is dead"} {
		if !strings.Contains(lines, want) {
			t.Errorf("fault lines %q lack %q", lines, want)
		}
	}
	if cmd := f.Player.trim(control.Command{}); cmd != (control.Command{}) {
		t.Errorf("the autopilot trims %+v for jets that give nothing", cmd)
	}
}
