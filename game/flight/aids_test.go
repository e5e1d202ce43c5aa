package flight

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
)

// HOLD V/S holds the vertical speed it found, moves by a tenth of a m/s
// per trim, lands the lander by itself when trimmed to a slow descent —
// and the flight counts as assisted.
func TestHoldVS(t *testing.T) {
	f := loadFlight(t, "land")
	for range 10 {
		f.Step(nil)
	}
	found := f.State().Velocity[1]
	f.Step([]Command{{Tick: f.Tick, Kind: KindHoldVS}})
	if want := math.Round(found*10) / 10; !f.Controls.HoldVS || f.Controls.HoldRate != want {
		t.Fatalf("switched on at %.3f m/s: HOLD V/S %v holding %.17g; want on, holding the speed it found, %.1f", found, f.Controls.HoldVS, f.Controls.HoldRate, want)
	}
	held := f.Controls.HoldRate
	for end := f.Tick + 5*60; f.Tick < end; f.Step(nil) {
	}
	if vs := f.State().Velocity[1]; math.Abs(vs-held) > 0.05 {
		t.Errorf("holding %.1f m/s: %.3f m/s after 5 s", held, vs)
	}
	for range int(math.Round((held + 0.8) / -TrimStep)) { // up to −0.8 m/s
		f.Step([]Command{{Tick: f.Tick, Kind: KindTrim, Value: 1}})
	}
	if got := f.Controls.HoldRate; math.Abs(got+0.8) > 1e-12 {
		t.Errorf("trimmed up: holding %.17g, want −0.8 exactly on the grid", got)
	}
	for end := f.Tick + 4*60; f.Tick < end; f.Step(nil) {
	}
	if vs := f.State().Velocity[1]; math.Abs(vs+0.8) > 0.05 {
		t.Errorf("trimmed to −0.8 m/s: %.3f m/s after 4 s", vs)
	}
	for f.Judge.Outcome == Flying && f.Err == nil && f.Tick < 200*60 {
		f.Step(nil)
	}
	if f.Judge.Outcome != Success || f.Judge.Grade != "soft" {
		t.Errorf("HOLD V/S at −0.8 m/s down to the pad: %v/%s %q; want a soft landing", f.Judge.Outcome, f.Judge.Grade, f.Judge.Reason)
	}
	if !f.Assisted || f.Aids != AidHoldVS {
		t.Errorf("assisted %v, aids %q; want assisted by HOLD V/S", f.Assisted, f.Aids)
	}
}

// Trims stay on the 0.1 m/s grid and within ±MaxHoldVS, and do nothing
// while HOLD V/S is off.
func TestTrim(t *testing.T) {
	c := Controls{HoldVS: true, HoldRate: -1.2}
	for range 7 {
		c.apply(Command{Kind: KindTrim, Value: -1})
	}
	if c.HoldRate != -1.9 {
		t.Errorf("−1.2 trimmed down 7 times: %.17g, want −1.9", c.HoldRate)
	}
	c.apply(Command{Kind: KindTrim, Value: 1e9})
	if c.HoldRate != -1.8 { // a value is one step at most (clamped to ±1)
		t.Errorf("a huge trim: %.17g, want one step", c.HoldRate)
	}
	c = Controls{HoldVS: true, HoldRate: MaxHoldVS}
	c.apply(Command{Kind: KindTrim, Value: 1})
	if c.HoldRate != MaxHoldVS {
		t.Errorf("trimmed past the top: %g", c.HoldRate)
	}
	c = Controls{HoldRate: -1}
	c.apply(Command{Kind: KindTrim, Value: 1})
	if c.HoldRate != -1 {
		t.Errorf("trimmed while off: %g", c.HoldRate)
	}
}

// KILL H stops the lander's drift across the ground with the RCS, and
// with SAS UP stands it upright; the flight counts as assisted. Without
// it the drift stays.
func TestKillH(t *testing.T) {
	for _, kill := range []bool{false, true} {
		m, err := shippedLibrary().LoadMission("land")
		if err != nil {
			t.Fatal(err)
		}
		m.Player.Position[1] = 400 // high enough not to come down in the 15 s
		m.Player.Velocity = mgl64.Vec3{1.2, 0, -0.8}
		m.Player.Orientation = mgl64.QuatRotate(0.1, mgl64.Vec3{1, 0, 0})
		f, err := New(m, DefaultDt, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if kill {
			sasTo(t, f, SASUp)
			f.Step([]Command{{Tick: f.Tick, Kind: KindKillH}})
		}
		for f.Tick < 15*60 && f.Err == nil {
			f.Step(nil)
		}
		vh := math.Hypot(f.State().Velocity[0], f.State().Velocity[2])
		switch {
		case kill && (vh > 0.02 || Deg(f.Tel.Tilt) > 1):
			t.Errorf("KILL H for 15 s: drifting at %.3f m/s, tilted %.2f°; want at rest across, upright", vh, Deg(f.Tel.Tilt))
		case kill && (!f.Assisted || f.Aids != AidKillH):
			t.Errorf("KILL H: assisted %v, aids %q", f.Assisted, f.Aids)
		case !kill && vh < 1:
			t.Errorf("no aid: drift %.3f m/s after 15 s, want it kept", vh)
		case !kill && f.Assisted:
			t.Error("no aid, yet assisted")
		}
	}
}

// The landing aids are not offered where there is nothing to land on: the
// switches do nothing there.
func TestLandingAidsNeedASurface(t *testing.T) {
	spec, err := shippedLibrary().LoadCraft("lander")
	if err != nil {
		t.Fatal(err)
	}
	m := &craft.Mission{Name: "aloft", Kind: craft.KindFree, Gravity: mgl64.Vec3{0, -1.62, 0},
		Player: craft.Placement{Craft: "lander", Spec: spec, Orientation: mgl64.QuatIdent()}}
	f, err := New(m, DefaultDt, Options{})
	if err != nil {
		t.Fatal(err)
	}
	f.Step([]Command{{Kind: KindKillH}, {Kind: KindHoldVS}})
	if k, h := f.AidsAvailable(); k || h || f.Controls.KillH || f.Controls.HoldVS || f.Assisted {
		t.Errorf("free fall with no ground: aids offered %v %v, on %v %v, assisted %v; want none", k, h, f.Controls.KillH, f.Controls.HoldVS, f.Assisted)
	}
	if !f.SASAvailable(SASUp) || f.SASAvailable(SASTarget) || f.SASAvailable(SASMatch) {
		t.Error("under gravity with no target: want up offered, target and match not")
	}
}

// A pure translation of the lander hardly turns it (issue 26: its RCS once
// rolled it at 1°/s): each translation key held for two seconds, in the
// air with the SAS off, keeps its rate below 0.2°/s — the legs, on their
// hinges, sway a little as the hull accelerates (≈ 0.07°/s).
func TestLanderTranslatesWithoutTurning(t *testing.T) {
	for _, k := range []Kind{KindTranslateX, KindTranslateY, KindTranslateZ} {
		for _, v := range []float64{-1, 1} {
			m, err := shippedLibrary().LoadMission("land")
			if err != nil {
				t.Fatal(err)
			}
			m.Player.Position[1] = 400
			f, err := New(m, DefaultDt, Options{})
			if err != nil {
				t.Fatal(err)
			}
			f.Step([]Command{{Tick: 0, Kind: k, Value: v}})
			worst := 0.0
			for f.Tick < 120 {
				f.Step(nil)
				worst = max(worst, f.State().AngularVelocity.Len())
			}
			if Deg(worst) > 0.2 {
				t.Errorf("%v %+g for 2 s: turned at %.3f°/s", k, v, Deg(worst))
			}
		}
	}
}
