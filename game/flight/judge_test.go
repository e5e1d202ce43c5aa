package flight

import (
	"math"
	"slices"
	"strings"
	"testing"

	"spaceflight/craft"
)

func shippedMission(t *testing.T, name string) *craft.Mission {
	t.Helper()
	m, err := shippedLibrary().LoadMission(name)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// run feeds a mission ticks at 60 Hz from a telemetry function until it ends
// or maxT passes.
func runMission(m *Judge, maxT float64, tel func(t float64) Telemetry) {
	for i := 0; m.Outcome == Flying; i++ {
		tt := float64(i) / 60
		if tt > maxT {
			return
		}
		x := tel(tt)
		x.Time = tt
		if x.FuelLeft == 0 {
			x.FuelLeft = 100
		}
		m.Update(&x)
	}
}

const degree = math.Pi / 180

func TestMissionTumble(t *testing.T) {
	m := NewJudge(shippedMission(t, "tumble"))
	// ω falls below 0.5°/s at t = 9.5 s; success 3 s later.
	runMission(m, 100, func(tt float64) Telemetry {
		return Telemetry{Omega: max(0, 10-tt) * degree}
	})
	if m.Outcome != Success || math.Abs(m.EndTime-12.5) > 0.05 {
		t.Errorf("outcome %v at %.2f s (%s), want success at 12.5 s", m.Outcome, m.EndTime, m.Reason)
	}
	// A blip above the limit restarts the hold.
	m = NewJudge(shippedMission(t, "tumble"))
	runMission(m, 100, func(tt float64) Telemetry {
		if tt > 2 && tt < 2.1 {
			return Telemetry{Omega: 1 * degree}
		}
		return Telemetry{Omega: 0.1 * degree}
	})
	if m.Outcome != Success || m.EndTime < 5.09 {
		t.Errorf("hold not restarted: success at %.2f s", m.EndTime)
	}
	m = NewJudge(shippedMission(t, "tumble"))
	runMission(m, 100, func(tt float64) Telemetry { return Telemetry{Omega: 1, FuelLeft: -1} })
	if m.Outcome != Failure || m.Reason != "out of fuel" {
		t.Errorf("dry tumble: %v %q", m.Outcome, m.Reason)
	}
}

func TestMissionDockLimits(t *testing.T) {
	for _, tc := range []struct {
		name string
		tel  Telemetry
		out  Outcome
		want string
	}{
		{"gentle", Telemetry{InCapture: true, ClosingSpeed: 0.1, LateralOffset: 0.05, Misalignment: 1 * degree}, Success, "captured"},
		{"fast", Telemetry{InCapture: true, ClosingSpeed: 0.34}, Failure, "closing speed 0.34 m/s > 0.20"},
		{"offset", Telemetry{InCapture: true, ClosingSpeed: 0.1, LateralOffset: 0.3}, Failure, "lateral offset 0.30 m > 0.20"},
		{"skewed", Telemetry{InCapture: true, Misalignment: 7 * degree}, Failure, "misalignment 7.0° > 5.0"},
		{"spinning", Telemetry{InCapture: true, RelativeRate: 2 * degree}, Failure, "relative rate 2.00°/s > 1.00"},
		{"bump", Telemetry{OtherContact: true}, Failure, "contact with the target"},
	} {
		m := NewJudge(shippedMission(t, "dock"))
		runMission(m, 1, func(float64) Telemetry { return tc.tel })
		if m.Outcome != tc.out || !strings.Contains(m.Reason, tc.want) {
			t.Errorf("%s: %v %q, want %v %q", tc.name, m.Outcome, m.Reason, tc.out, tc.want)
		}
	}
}

func TestMissionLanding(t *testing.T) {
	touch := func(vs, hs, tilt float64) func(float64) Telemetry {
		return func(tt float64) Telemetry {
			if tt < 1 {
				return Telemetry{VerticalSpeed: vs, HorizontalSpeed: hs, Tilt: tilt, Speed: vs, Thrust: true}
			}
			if tt < 1.1 { // the first ticks on the pad
				return Telemetry{FeetOnPad: 4, VerticalSpeed: vs, HorizontalSpeed: hs, Tilt: tilt, Speed: vs}
			}
			return Telemetry{FeetOnPad: 4, Tilt: tilt, Speed: math.Max(0, 1.5-tt)}
		}
	}
	for _, tc := range []struct {
		name  string
		tel   func(float64) Telemetry
		out   Outcome
		grade string
		want  string
	}{
		{"soft", touch(1.0, 0.2, 2*degree), Success, "soft", "touched down at 1.00 m/s"},
		{"hard", touch(2.5, 0.2, 2*degree), Success, "hard", "touched down at 2.50 m/s"},
		{"too fast", touch(3.4, 0.2, 2*degree), Crash, "", "vertical speed 3.40 m/s > 3.00"},
		{"sideways", touch(1, 1.5, 2*degree), Failure, "", "horizontal speed 1.50 m/s > 1.20"},
		{"tilted", touch(1, 0.2, 9*degree), Failure, "", "tilt 9.0° > 8.0"},
		{"hull first", func(float64) Telemetry { return Telemetry{HullContact: true} }, Crash, "", "hull touched"},
		{"off pad", func(float64) Telemetry { return Telemetry{FeetOffPad: 1} }, Crash, "", "off the pad"},
		{"tipped", func(float64) Telemetry { return Telemetry{FeetOnPad: 2, Tilt: 30 * degree} }, Crash, "", "tipped over"},
	} {
		m := NewJudge(shippedMission(t, "land"))
		runMission(m, 60, tc.tel)
		if m.Outcome != tc.out || m.Grade != tc.grade || !strings.Contains(m.Reason, tc.want) {
			t.Errorf("%s: %v/%s %q, want %v/%s %q", tc.name, m.Outcome, m.Grade, m.Reason, tc.out, tc.grade, tc.want)
		}
	}
	// Engines firing keeps a landed craft from counting as settled.
	m := NewJudge(shippedMission(t, "land"))
	runMission(m, 20, func(tt float64) Telemetry { return Telemetry{FeetOnPad: 4, Thrust: true, VerticalSpeed: 0.5} })
	if m.Outcome != Flying {
		t.Errorf("settled with engines on: %v %q", m.Outcome, m.Reason)
	}
}

func TestMissionTimeLimitAndScore(t *testing.T) {
	spec := shippedMission(t, "land")
	m := NewJudge(spec)
	runMission(m, spec.TimeLimit+1, func(float64) Telemetry { return Telemetry{VerticalSpeed: 0} })
	if m.Outcome != Failure || !strings.Contains(m.Reason, "time limit") {
		t.Errorf("hovering forever: %v %q", m.Outcome, m.Reason)
	}
	if m.Score(10) != 0 {
		t.Error("a failed mission scores 0")
	}
	m = &Judge{Spec: spec, Outcome: Success, Grade: "hard", EndTime: 2 * spec.Scoring.ParTime}
	if got := m.Score(spec.Scoring.ParFuel); got != 500 {
		t.Errorf("twice par time at par fuel: score %g, want 500", got)
	}
}

// A landing's states: a touch of the pad that bounces back up is not a
// landing, and the lander in the air is flying again, with its tilt free;
// only the touch it then settles after decides, graded by the hardest.
func TestLandingStates(t *testing.T) {
	spec := shippedMission(t, "land")
	j := NewJudge(spec)
	var states []LandState
	feed := func(tt float64, x Telemetry) {
		x.Time, x.FuelLeft = tt, 100
		j.Update(&x)
		if len(states) == 0 || states[len(states)-1] != j.Land {
			states = append(states, j.Land)
		}
	}
	tick := 1.0 / 60
	tt := 0.0
	run := func(d float64, x Telemetry) {
		for end := tt + d; tt < end-1e-9 && j.Outcome == Flying; tt += tick {
			feed(tt, x)
		}
	}
	run(1, Telemetry{VerticalSpeed: 1, Speed: 1, Thrust: true})                      // descending
	run(0.1, Telemetry{FeetOnPad: 2, VerticalSpeed: 1.0, Speed: 1, Thrust: true})    // touches at 1 m/s, full throttle
	run(0.2, Telemetry{VerticalSpeed: -2, Speed: 2, Thrust: true})                   // climbs away
	run(0.05, Telemetry{FeetOnPad: 1, VerticalSpeed: 0.3, Speed: 0.3, Thrust: true}) // a rattle within the bounce time
	run(3, Telemetry{VerticalSpeed: -3, Speed: 3, Thrust: true, Tilt: 30 * degree})  // up, leaning far past the crash tilt
	if j.Outcome != Flying || j.Land != LandFlying {
		t.Fatalf("after a bounce and a lean in the air: %v %q, state %v; want flying", j.Outcome, j.Reason, j.Land)
	}
	run(1, Telemetry{VerticalSpeed: 2, Speed: 2})                                   // falls back
	run(0.2, Telemetry{FeetOnPad: 4, VerticalSpeed: 2.2, Speed: 2.2, Thrust: true}) // a second, harder touchdown
	run(5, Telemetry{FeetOnPad: 4})                                                 // engines off, at rest
	want := []LandState{LandFlying, LandTouching, LandBounced, LandTouching, LandBounced, LandFlying, LandTouching, LandSettling, LandDown}
	if !slices.Equal(states, want) {
		t.Errorf("states %v, want %v", states, want)
	}
	if j.Outcome != Success || j.Grade != "hard" || !strings.Contains(j.Reason, "touched down 2 times, the hardest at 2.20 m/s") {
		t.Errorf("outcome %v/%s %q, want a hard landing after 2 touchdowns, the hardest 2.20 m/s", j.Outcome, j.Grade, j.Reason)
	}
	if got := tt - j.EndTime; got > 5-spec.Thresholds.SettleTime+0.1 {
		t.Errorf("decided %.2f s before the end of the feed, want the settle time after rest", got)
	}

	// A second touchdown too fast crashes, though the first was soft.
	j = NewJudge(spec)
	states, tt = nil, 0
	run(0.1, Telemetry{FeetOnPad: 4, VerticalSpeed: 0.5, Speed: 0.5, Thrust: true})
	run(1, Telemetry{VerticalSpeed: -1, Speed: 1, Thrust: true})
	run(0.1, Telemetry{FeetOnPad: 4, VerticalSpeed: 3.5, Speed: 3.5})
	if j.Outcome != Crash || !strings.Contains(j.Reason, "vertical speed 3.50 m/s > 3.00 at touchdown") {
		t.Errorf("hard second touchdown: %v %q", j.Outcome, j.Reason)
	}

	// Firing while settling stops the settle clock; Settled reads it.
	j = NewJudge(spec)
	states, tt = nil, 0
	run(0.1, Telemetry{FeetOnPad: 4, VerticalSpeed: 0.5, Speed: 0.5})
	run(2, Telemetry{FeetOnPad: 4})
	if s := j.Settled(tt); j.Land != LandSettling || s < 1.8 || s > 2.1 {
		t.Errorf("settling for %.2f s in state %v, want about 2 s settling", s, j.Land)
	}
	run(0.1, Telemetry{FeetOnPad: 4, Thrust: true})
	if j.Land != LandTouching || j.Settled(tt) != 0 {
		t.Errorf("firing on the pad: state %v, settled %.2f s; want touching, 0", j.Land, j.Settled(tt))
	}
}

// A score is its parts multiplied: time and fuel against par, precision
// for a soft landing; the parts say what they were judged on.
func TestScoreParts(t *testing.T) {
	spec := shippedMission(t, "land")
	j := &Judge{Spec: spec, Outcome: Success, Grade: "soft", EndTime: 2 * spec.Scoring.ParTime, touchSpeed: 0.44, touchdowns: 1}
	p := j.ScoreParts(1.5 * spec.Scoring.ParFuel)
	if p.Time != 0.5 || math.Abs(p.Fuel-2.0/3) > 1e-15 || p.Precision != 1.2 || p.How != "soft touchdown, 0.44 m/s" {
		t.Errorf("parts %+v; want time 0.5, fuel 2/3, precision 1.2 for a soft touchdown at 0.44 m/s", p)
	}
	if want := math.Round(1000 * 0.5 * 2.0 / 3 * 1.2); p.Total != want || j.Score(1.5*spec.Scoring.ParFuel) != want {
		t.Errorf("total %g, Score %g; want %g", p.Total, j.Score(1.5*spec.Scoring.ParFuel), want)
	}
	j.Grade = "hard"
	if p := j.ScoreParts(10); p.Precision != 1 || p.Time != 0.5 || p.Fuel != 1 || !strings.HasPrefix(p.How, "hard touchdown") {
		t.Errorf("a hard landing within par fuel: %+v", p)
	}
	j.Outcome = Crash
	if p := j.ScoreParts(10); p != (ScoreParts{}) {
		t.Errorf("a crash: %+v, want nothing", p)
	}
}
