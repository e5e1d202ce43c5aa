package flight

import (
	"math"
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
