package game

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
)

// press sets a reading in which a went down this frame (and is held).
func press(a *app, acts ...Action) {
	a.in.now, a.in.spent = reading{}, false
	for _, act := range acts {
		a.in.now.down[act], a.in.now.press[act] = true, true
	}
}

// flyToResults updates the flight scene of s, a frame at a time with no
// key pressed, for at most frames frames, and returns the results scene
// the flight ends on; it fails the test if none comes.
func flyToResults(t *testing.T, a *app, s *sortie, frames int) *resultsScene {
	t.Helper()
	var sc Scene = &flightScene{s: s}
	for range frames {
		press(a)
		next, err := sc.Update(a)
		if err != nil {
			t.Fatal(err)
		}
		if sc = next; sc != Scene(nil) {
			if res, ok := sc.(*resultsScene); ok {
				return res
			}
		}
	}
	t.Fatalf("no results after %d frames: %T, outcome %v", frames, sc, s.flight.Judge.Outcome)
	return nil
}

// hold keeps the same keys held with no new press, as the next frames see them.
func hold(a *app) {
	a.in.now.press, a.in.spent = [actionCount]bool{}, false
}

// flyFrames runs the flight scene for n frames, the first with the
// reading set, the rest with the keys still held.
func flyFrames(t *testing.T, a *app, sc Scene, n int) Scene {
	t.Helper()
	for i := range n {
		if i > 0 {
			hold(a)
		}
		next, err := sc.Update(a)
		if err != nil {
			t.Fatal(err)
		}
		sc = next
	}
	return sc
}

// Under time warp a frame runs many ticks, but a key pressed once is one
// command: at ×4 one press of T moves SAS exactly one mode; at ×8 one
// press of U engages the autopilot (and leaves it engaged).
func TestWarpTogglesOncePerPress(t *testing.T) {
	for _, tc := range []struct {
		name string
		warp int
		act  Action
		ok   func(f *flight.Flight) bool
		want string
	}{
		{"T at ×4", 4, ActSASCycle, func(f *flight.Flight) bool { return f.Controls.SAS == flight.SASKill }, "SAS kill rotation"},
		{"U at ×8", 8, ActAutopilot, func(f *flight.Flight) bool { return f.Controls.Autopilot && f.Assisted }, "autopilot engaged"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := testApp(t)
			a.opts.Warp = tc.warp
			s, err := a.newSortie("land")
			if err != nil {
				t.Fatal(err)
			}
			press(a, tc.act)
			sc := flyFrames(t, a, &flightScene{s: s}, 3)
			if _, ok := sc.(*flightScene); !ok {
				t.Fatalf("scene %T, want the flight", sc)
			}
			f := s.flight
			if f.Tick != uint64(3*tc.warp) {
				t.Errorf("%d ticks after 3 frames at ×%d", f.Tick, tc.warp)
			}
			if !tc.ok(f) {
				t.Errorf("after one press: SAS %v, autopilot %v; want %s", f.Controls.SAS, f.Controls.Autopilot, tc.want)
			}
			n := 0
			for _, c := range s.record {
				if c.Kind == flight.KindSAS || c.Kind == flight.KindAutopilot {
					n++
				}
			}
			if n != 1 {
				t.Errorf("%d toggle commands recorded, want 1: %v", n, s.record)
			}
		})
	}
}

// A flight the autopilot flew is assisted: its score goes to the assisted
// bests and never replaces the best by hand.
func TestAssistedKeepsHandBest(t *testing.T) {
	a := testApp(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	hand := Score{Score: 500, Outcome: "hard", Medal: MedalBronze, Time: 50, Fuel: 40}
	a.scores.Record("land", hand)
	s, err := a.newSortie("land")
	if err != nil {
		t.Fatal(err)
	}
	s.autopilot = true
	s.warp = maxWarp
	res := flyToResults(t, a, s, 1000)
	if !s.flight.Assisted || s.flight.Judge.Score(s.flight.Player.FuelUsed) <= hand.Score {
		t.Fatalf("the autopilot's landing: assisted %v, score %v; the test needs an assisted flight beating %v",
			s.flight.Assisted, s.flight.Judge.Score(s.flight.Player.FuelUsed), hand.Score)
	}
	if got := a.scores.Best["land"]; got != hand {
		t.Errorf("hand-flown best after an assisted flight: %+v, want %+v", got, hand)
	}
	if got, ok := a.scores.Assisted["land"]; !ok || !got.Assisted || got.Medal != "" {
		t.Errorf("assisted best %+v (kept %v), want it kept, marked assisted, without a medal", got, ok)
	}
	figs := map[string]string{}
	for _, fig := range res.screen.Result.Figures {
		figs[fig.Label] = fig.Value
	}
	if flown := figs["Flown"]; flown != "assisted (autopilot): no medal" {
		t.Errorf("results say flown %q, want assisted by the autopilot", flown)
	}
	// The score's breakdown: time, fuel and precision, each with its figures.
	p := s.flight.Judge.ScoreParts(s.flight.Player.FuelUsed)
	for label, want := range map[string]string{
		"× Time":      fmt.Sprintf("%.2f   ", p.Time),
		"× Fuel":      fmt.Sprintf("%.2f   %.1f kg, par 60 kg", p.Fuel, s.flight.Player.FuelUsed),
		"× Precision": "1.20   soft touchdown, ",
	} {
		if got := figs[label]; !strings.HasPrefix(got, want) {
			t.Errorf("results' %q: %q, want %q…", label, got, want)
		}
	}
	// The replay records it.
	matches, _ := filepath.Glob(filepath.Join(storage.DataDir(), "replays", "*.replay"))
	if len(matches) != 1 {
		t.Fatalf("replays saved: %v", matches)
	}
	rp, err := flight.LoadReplay(matches[0])
	if err != nil {
		t.Fatal(err)
	}
	if rp.Assisted == nil || !*rp.Assisted {
		t.Errorf("replay's assisted = %v, want true", rp.Assisted)
	}
	// And the scores file keeps the two apart.
	var onDisk Scores
	b, _ := json.Marshal(a.scores)
	if err := json.Unmarshal(b, &onDisk); err != nil || onDisk.Best["land"] != hand {
		t.Errorf("scores round trip: %v, %+v", err, onDisk.Best["land"])
	}
}

// A broken user file keeps only the missions that use it from flying:
// interactive play opens on the menu (asked for one of those missions, it
// says why), lists the missions in the path's order with the broken ones
// marked, and every other mission starts on its briefing.
func TestBrokenUserFileOnlyItsMissions(t *testing.T) {
	user := t.TempDir()
	if err := os.MkdirAll(filepath.Join(user, "crafts"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(user, "crafts", "box.toml"), []byte("format = 1\nname = \"Box\"\nmass = [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := testApp(t)
	a.lib = craft.DefaultLibrary(data.FS, user)
	a.opts.Mission = "tumble" // flies the box
	sc, err := a.firstScene()
	if err != nil {
		t.Fatalf("a broken craft stopped the game: %v", err)
	}
	m, ok := sc.(*menuScene)
	if !ok {
		t.Fatalf("first scene %T, want the menu", sc)
	}
	if msgs := a.toasts.lines(a.tick, nil); len(msgs) == 0 || !strings.Contains(strings.Join(msgs, "\n"), "box.toml") {
		t.Errorf("messages %q do not name the broken file", msgs)
	}
	var order []string
	for _, e := range m.missions {
		order = append(order, e.ref)
		usesBox := e.ref == "tumble" || e.ref == "flatspin"
		if (e.err != nil) != usesBox {
			t.Errorf("mission %s: error %v; want one only for the missions flying the box", e.ref, e.err)
		}
		if e.err == nil {
			if _, err := a.newSortie(e.ref); err != nil {
				t.Errorf("mission %s does not start: %v", e.ref, err)
			}
		}
	}
	// In the path's order; the missions that do not load at the end.
	if want := "first-flight land dock dock-rotating land-slope rbar vbar dock-failure land-failure boulders capture flatspin tumble"; strings.Join(order, " ") != want {
		t.Errorf("menu order %q, want %q", order, want)
	}
	// Choosing a good mission opens its briefing, paused at tick 0.
	m.sel = 0
	press(a, ActMenuSelect)
	next, err := m.Update(a)
	if b, ok := next.(*briefingScene); err != nil || !ok || b.s.flight.Tick != 0 {
		t.Errorf("choosing land: %T, %v; want its briefing at tick 0", next, err)
	}
}

// Briefing text from a TOML file is reflowed: hard line breaks joined,
// paragraphs and list items kept.
func TestReflow(t *testing.T) {
	in := "Descend from 60 m onto the pad. Touch down\non the feet only.\n\nThen:\n- shut down\n- settle\n"
	want := "Descend from 60 m onto the pad. Touch down on the feet only.\n\nThen:\n- shut down\n- settle"
	if got := reflow(in); got != want {
		t.Errorf("reflow:\n%q\nwant\n%q", got, want)
	}
}

// Medals come from the mission's thresholds, with the documented defaults.
func TestMedalFor(t *testing.T) {
	def := &craft.Mission{}
	own := &craft.Mission{Scoring: craft.Scoring{Bronze: 300, Silver: 700, Gold: 1100}}
	for _, tc := range []struct {
		m     *craft.Mission
		score float64
		want  string
	}{
		{def, 0, ""}, {def, 1, MedalBronze}, {def, 599, MedalBronze}, {def, 600, MedalSilver}, {def, 900, MedalGold},
		{own, 299, ""}, {own, 300, MedalBronze}, {own, 1000, MedalSilver}, {own, 1100, MedalGold},
	} {
		if got := medalFor(tc.m, tc.score); got != tc.want {
			t.Errorf("medal for %v with %+v: got %q, want %q", tc.score, tc.m.Scoring, got, tc.want)
		}
	}
}

// Time warp never turns a tap into a longer burn: a key held for F frames
// acts on F ticks — the first tick of each frame — at ×1 and at ×4 alike,
// so the fuel a pitch tap burns and the throttle the throttle keys reach
// are the same at every warp; only the coasting between is faster.
func TestWarpBurnsRealTime(t *testing.T) {
	const held = 36 // frames: a 0.6 s tap
	type burn struct {
		ticks    int     // ticks with a pitch command on
		fuel     float64 // kg burnt by the tap
		throttle float64 // reached by holding the throttle key as long
	}
	fly := func(warp int) burn {
		var b burn
		for _, key := range []Action{ActPitchUp, ActThrottleUp} {
			a := testApp(t)
			a.opts.Warp = warp
			s, err := a.newSortie("land")
			if err != nil {
				t.Fatal(err)
			}
			var sc Scene = &flightScene{s: s}
			press(a, key)
			sc = flyFrames(t, a, sc, held)
			press(a)
			sc = flyFrames(t, a, sc, 10)
			if _, ok := sc.(*flightScene); !ok {
				t.Fatalf("×%d: scene %T, want the flight", warp, sc)
			}
			if key == ActThrottleUp {
				b.throttle = s.flight.Controls.Throttle
				continue
			}
			on, at := 0.0, uint64(0)
			for _, c := range s.record {
				if c.Kind != flight.KindPitch {
					continue
				}
				if on != 0 {
					b.ticks += int(c.Tick - at)
				}
				on, at = c.Value, c.Tick
			}
			b.fuel = s.flight.Player.FuelUsed
		}
		return b
	}
	one, four := fly(1), fly(4)
	t.Logf("×1: %+v; ×4: %+v", one, four)
	if one.ticks != held || four.ticks != held {
		t.Errorf("pitch held %d frames: on for %d ticks at ×1, %d at ×4; want %d at both", held, one.ticks, four.ticks, held)
	}
	if math.Abs(four.throttle-one.throttle) > 1e-12 {
		t.Errorf("throttle key held %d frames: %.4f at ×1, %.4f at ×4", held, one.throttle, four.throttle)
	}
	if d := math.Abs(four.fuel-one.fuel) / one.fuel; d > 0.02 {
		t.Errorf("fuel for the same tap: %.4f kg at ×1, %.4f kg at ×4 (%.1f %% apart)", one.fuel, four.fuel, 100*d)
	}
}

// With HOLD V/S on, the throttle keys trim the speed it holds — a step a
// press, ten a second once held — and leave the pilot's throttle alone;
// O switches it on and Y KILL H, each one command a press.
func TestHoldVSTrimKeys(t *testing.T) {
	a := testApp(t)
	s, err := a.newSortie("land")
	if err != nil {
		t.Fatal(err)
	}
	var sc Scene = &flightScene{s: s}
	press(a, ActHoldVS, ActKillH)
	sc = flyFrames(t, a, sc, 2)
	f := s.flight
	if !f.Controls.HoldVS || !f.Controls.KillH {
		t.Fatalf("after O and Y: HOLD V/S %v, KILL H %v; want both on", f.Controls.HoldVS, f.Controls.KillH)
	}
	start := f.Controls.HoldRate
	press(a, ActThrottleUp) // a tap: one step
	sc = flyFrames(t, a, sc, 3)
	press(a)
	sc = flyFrames(t, a, sc, 2)
	if got := f.Controls.HoldRate - start; math.Abs(got-0.1) > 1e-9 {
		t.Errorf("one tap up: trimmed by %.3f m/s, want +0.1", got)
	}
	start = f.Controls.HoldRate
	press(a, ActThrottleDown) // held one second: 1 + (60−24)/6 steps
	sc = flyFrames(t, a, sc, 60)
	press(a)
	flyFrames(t, a, sc, 1)
	if got, want := f.Controls.HoldRate-start, -0.1*float64(1+(60-trimDelay)/trimEvery); math.Abs(got-want) > 1e-9 {
		t.Errorf("held down a second: trimmed by %.3f m/s, want %.3f", got, want)
	}
	if f.Controls.Throttle != 0 {
		t.Errorf("the pilot's throttle moved to %.3f under HOLD V/S", f.Controls.Throttle)
	}
}

// The last flight's messages stay with it: "Replay saved to …" is gone
// from the next mission's briefing and flight.
func TestReplaySavedStaysBehind(t *testing.T) {
	a := testApp(t)
	t.Setenv("XDG_DATA_HOME", t.TempDir())
	s, err := a.newSortie("tumble")
	if err != nil {
		t.Fatal(err)
	}
	s.autopilot, s.warp = true, maxWarp
	res := flyToResults(t, a, s, 1000)
	saved := func() bool { return strings.Contains(strings.Join(a.toasts.lines(a.tick, nil), "\n"), "Replay saved") }
	if !saved() {
		t.Fatal("the results do not say the replay was saved")
	}
	res.sel = slices.Index(res.screen.Items, "Next mission")
	press(a, ActMenuSelect)
	next, err := res.Update(a)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := next.(*briefingScene); !ok {
		t.Fatalf("next mission: %T, want its briefing", next)
	}
	if saved() {
		t.Errorf("the next mission's briefing still says %q", a.toasts.lines(a.tick, nil))
	}
}

// A mission file saved while it is flown readies a new flight and shows
// its briefing, paused at tick 0 — not one already falling — and says
// "Reloaded"; a broken save says what is wrong, never "Reloaded", and the
// flight goes on.
func TestReloadShowsTheBriefing(t *testing.T) {
	dir := t.TempDir()
	os.MkdirAll(filepath.Join(dir, "missions"), 0o755)
	land, err := data.FS.Open("missions/land.toml")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(land)
	land.Close()
	path := filepath.Join(dir, "missions", "mine.toml")
	save := func(text string, age time.Duration) {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		os.Chtimes(path, at, at)
	}
	save(string(b), time.Hour)
	a := testApp(t)
	a.lib = craft.NewLibrary(craft.Shipped(data.FS), craft.Layer{Name: dir, FS: os.DirFS(dir), Dir: dir})
	s, err := a.newSortie("mine")
	if err != nil {
		t.Fatal(err)
	}
	var sc Scene = &flightScene{s: s}
	fly := func(n int) {
		for range n {
			a.tick++
			press(a)
			if sc, err = sc.Update(a); err != nil {
				t.Fatal(err)
			}
		}
	}
	said := func(what string) bool { return strings.Contains(strings.Join(a.toasts.lines(a.tick, nil), "\n"), what) }
	fly(90)
	save(strings.Replace(string(b), "position = [0, 60, 0]", "position = [0, 50, 0]", 1), 30*time.Minute)
	fly(pollEvery + 1)
	if _, ok := sc.(*briefingScene); !ok || s.flight.Tick != 0 || !said("Reloaded") {
		t.Fatalf("after a good save: scene %T at tick %d, messages %q; want the briefing at tick 0 and Reloaded", sc, s.flight.Tick, a.toasts.lines(a.tick, nil))
	}
	sc = &flightScene{s: s}
	a.toasts.clear()
	fly(90)
	save(strings.Replace(string(b), "time_limit = 300", "time_limit = -3", 1), 0)
	fly(pollEvery + 1)
	if _, ok := sc.(*flightScene); !ok || s.flight.Tick < 90 || said("Reloaded") || !said("time_limit") {
		t.Errorf("after a broken save: scene %T at tick %d, messages %q; want the flight going on and the error", sc, s.flight.Tick, a.toasts.lines(a.tick, nil))
	}
}

// Fine control slows the throttle keys as it slows the RCS: holding the
// throttle key up for a second opens the engine 50 % at the full rate and
// 5 % with fine control on, so that a lander's hover is set to the percent.
func TestFineThrottle(t *testing.T) {
	for _, tc := range []struct {
		fine bool
		want float64
	}{{false, 0.5}, {true, 0.05}} {
		a := testApp(t)
		s, err := a.newSortie("land")
		if err != nil {
			t.Fatal(err)
		}
		var sc Scene = &flightScene{s: s}
		if tc.fine {
			press(a, ActFineControl)
			sc = flyFrames(t, a, sc, 1)
		}
		press(a, ActThrottleUp)
		sc = flyFrames(t, a, sc, 60)
		press(a)
		flyFrames(t, a, sc, 2)
		if got := s.flight.Controls.Throttle; math.Abs(got-tc.want) > 0.02 {
			t.Errorf("fine %v: a second of throttle up reached %.3f, want %.2f", tc.fine, got, tc.want)
		}
	}
}
