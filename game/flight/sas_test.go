package flight

import (
	"encoding/json"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// T cycles through the modes that mean something in each mission: no
// target modes on a lander, no landing aids or up in orbit or free space.
func TestSASCycle(t *testing.T) {
	checkCycle(t, KindSAS, map[string][]SASMode{
		"land":   {SASKill, SASHold, SASPrograde, SASRetrograde, SASUp, SASOff},
		"dock":   {SASKill, SASHold, SASPrograde, SASRetrograde, SASTarget, SASMatch, SASOff},
		"tumble": {SASKill, SASHold, SASPrograde, SASRetrograde, SASOff},
	})
}

// checkCycle presses the command kind from SAS off once per wanted mode in
// each mission and wants the modes in that order.
func checkCycle(t *testing.T, kind Kind, want map[string][]SASMode) {
	t.Helper()
	for _, mission := range []string{"land", "dock", "tumble"} {
		f := loadFlight(t, mission)
		var got []SASMode
		for range want[mission] {
			f.Step([]Command{{Tick: f.Tick, Kind: kind}})
			got = append(got, f.Controls.SAS)
		}
		if !slices.Equal(got, want[mission]) {
			t.Errorf("%s: %v cycles %v, want %v", mission, kind, got, want[mission])
		}
	}
}

// F steps the SAS back through the same modes T cycles, the other way
// round, one mode a press: from UP back to RETROGRADE without passing
// through OFF, KILL, HOLD and PROGRADE (and firing jets for each). A
// sas_back command survives a replay file.
func TestSASCycleBack(t *testing.T) {
	checkCycle(t, KindSASBack, map[string][]SASMode{
		"land":   {SASUp, SASRetrograde, SASPrograde, SASHold, SASKill, SASOff},
		"dock":   {SASMatch, SASTarget, SASRetrograde, SASPrograde, SASHold, SASKill, SASOff},
		"tumble": {SASRetrograde, SASPrograde, SASHold, SASKill, SASOff},
	})
	f := loadFlight(t, "land")
	sasTo(t, f, SASUp)
	f.Step([]Command{{Tick: f.Tick, Kind: KindSASBack}})
	if f.Controls.SAS != SASRetrograde {
		t.Errorf("F from UP: %v, want retrograde", f.Controls.SAS)
	}
	b, err := json.Marshal(Command{Tick: 7, Kind: KindSASBack})
	if err != nil {
		t.Fatal(err)
	}
	var c Command
	if err := json.Unmarshal(b, &c); err != nil || c.Kind != KindSASBack || string(b) != `[7,"sas_back",0]` {
		t.Errorf("sas_back in a replay: %s read back as %+v (%v)", b, c, err)
	}
}

// MATCH PORT refuses, with a notice, to follow the capture's satellite
// while its port faces away (the SAS kills the rotation instead); once the
// port has turned to the craft it follows it — slowly, for the satellite
// rolls at 6°/s about it — never turning the craft faster than
// matchSafeRate.
func TestSASMatchRefuses(t *testing.T) {
	f := loadFlight(t, "capture")
	sasTo(t, f, SASTarget)
	f.Step([]Command{{Tick: f.Tick, Kind: KindSAS}})
	if f.Controls.SAS != SASKill || len(f.Notices) != 1 || !strings.Contains(f.Notices[0].Text, "MATCH PORT refused: the port faces away") {
		t.Fatalf("matching a port facing away: SAS %v, notices %v; want kill rotation and a refusal", f.Controls.SAS, f.Notices)
	}
	// Wait for the port to face the shuttle (the satellite flips).
	facing := func() float64 {
		d, _, ok := f.Docking()
		if !ok {
			t.Fatal("no port to dock with")
		}
		out := d.Target.Orientation.Rotate(mgl64.Vec3{0, 0, 1})
		to := f.State().Position.Sub(d.Target.Position).Normalize()
		return Deg(math.Acos(min(1, out.Dot(to))))
	}
	for f.Tick < 400*60 && facing() > 30 {
		f.Step(nil)
	}
	if a := facing(); a > 30 {
		t.Fatalf("the port never faced the shuttle in 400 s (%.0f° off)", a)
	}
	sasTo(t, f, SASMatch)
	if n := len(f.Notices); n != 1 {
		t.Fatalf("matching a port that faces the craft was refused: %v", f.Notices[n-1])
	}
	worst := 0.0
	for end := f.Tick + 45*60; f.Tick < end; f.Step(nil) {
		worst = max(worst, f.State().AngularVelocity.Len())
	}
	t.Logf("following the satellite's port: the shuttle turned at %.2f°/s at most; misalignment %.1f°, relative rate %.2f°/s after 45 s",
		Deg(worst), Deg(f.Tel.Misalignment), Deg(f.Tel.RelativeRate))
	if worst > matchSafeRate*1.05 {
		t.Errorf("MATCH PORT turned the shuttle at %.2f°/s, above the safe %.0f°/s", Deg(worst), Deg(matchSafeRate))
	}
	if Deg(f.Tel.RelativeRate) > 0.5 {
		t.Errorf("after 45 s of MATCH PORT the relative rate is %.2f°/s, want it matched", Deg(f.Tel.RelativeRate))
	}
}
