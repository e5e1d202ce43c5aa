package craft

import (
	"fmt"
	"slices"

	"spaceflight/physics/fmath"
)

// Failures: a mission may break the player's craft in flight, from
// [[failure]] entries. Each names what fails and when; the game (game/
// failure.go) applies it. Names of thrusters, tanks and joints are resolved
// against the player's craft by Library.LoadMission.

// Failure kinds (Failure.Kind).
const (
	FailThrusterStuck = "thruster_stuck" // a thruster fires at full thrust from then on
	FailThrusterDead  = "thruster_dead"  // a thruster gives nothing from then on
	FailThrottleStuck = "throttle_stuck" // the main engines' throttle no longer moves
	FailLeak          = "leak"           // a tank loses propellant at a steady rate
	FailLegBreak      = "leg_break"      // a joint holding a leg breaks above an impulse
)

// Failure is one validated [[failure]] entry.
type Failure struct {
	Kind string // one of the Fail constants

	// What fails: indices into the player craft's Thrusters, Tanks and
	// Joints (−1 when the kind names none), resolved by Library.LoadMission
	// from the names as written.
	Thruster, Tank, Joint int
	Name                  string // the thruster, tank or joint as written

	Level   float64 // throttle_stuck: the throttle from then on, 0…1; < 0 = whatever it is when it happens
	Rate    float64 // leak: kg/s
	Impulse float64 // leg_break: N·s through the joint in one step

	// When: the first tick at which Time has passed and, when set, the
	// clearance below the craft is under Altitude or the distance between
	// the docking ports under Distance.
	Time     float64 // s since the start
	Altitude float64 // m; 0 = no condition
	Distance float64 // m; 0 = no condition
}

type failureFile struct {
	Kind     string   `toml:"kind" doc:"what fails; required" enum:"thruster_stuck,thruster_dead,throttle_stuck,leak,leg_break"`
	Thruster string   `toml:"thruster" doc:"thruster_stuck, thruster_dead: the name of a thruster of the player's craft"`
	Tank     string   `toml:"tank" doc:"leak: the name of a tank of the player's craft"`
	Joint    string   `toml:"joint" doc:"leg_break: the name of a joint of the player's craft that holds a leg (part_a or part_b has role leg)"`
	Level    *float64 `toml:"level" doc:"throttle_stuck: the main engines' throttle from then on, 0 to 1; default: the throttle at that moment"`
	Rate     float64  `toml:"rate" doc:"leak: propellant lost (kg/s), > 0" def:"0"`
	Impulse  float64  `toml:"impulse" doc:"leg_break: the joint breaks at the first step in which the impulse through it exceeds this (N·s), > 0" def:"0"`
	Time     float64  `toml:"time" doc:"when: not before this many seconds after the start" def:"0"`
	Altitude *float64 `toml:"altitude" doc:"when: once the clearance below the craft is less than this (m, > 0); needs gravity"`
	Distance *float64 `toml:"distance" doc:"when: once the docking ports are closer than this (m, > 0); needs a target"`
}

// buildFailures validates the [[failure]] entries of a mission; names are
// resolved later, against the player's craft.
func (d *decoder) buildFailures(mf *missionFile, m *Mission) {
	if len(mf.Failures) > MaxFailures {
		d.check("failure", "%d entries; the limit is %d", len(mf.Failures), MaxFailures)
		return
	}
	first := map[failureMoment]int{} // the first entry of each kind, target and moment
	for i, ff := range mf.Failures {
		p := idx("failure", i)
		d.enum(p+".kind", ff.Kind, "thruster_stuck,thruster_dead,throttle_stuck,leak,leg_break")
		f := Failure{Kind: ff.Kind, Thruster: -1, Tank: -1, Joint: -1, Level: -1, Rate: ff.Rate, Impulse: ff.Impulse, Time: ff.Time}
		// Each kind's own key is required; the others' are refused, so that
		// a misplaced key is not silently ignored.
		need := map[string]string{
			FailThrusterStuck: "thruster", FailThrusterDead: "thruster", FailThrottleStuck: "",
			FailLeak: "tank", FailLegBreak: "joint",
		}[ff.Kind]
		for _, k := range []struct {
			key, val string
		}{{"thruster", ff.Thruster}, {"tank", ff.Tank}, {"joint", ff.Joint}} {
			switch {
			case k.key == need && k.val == "":
				d.check(p, "missing: a %s failure needs %s = \"name\"", ff.Kind, k.key)
			case k.key != need && d.has(p+"."+k.key):
				d.check(p+"."+k.key, "not used by a %s failure", ff.Kind)
			case k.key == need:
				f.Name = k.val
			}
		}
		only := func(key, kind string, given bool) {
			if given && ff.Kind != kind {
				d.check(p+"."+key, "only for a %s failure", kind)
			}
		}
		only("level", FailThrottleStuck, ff.Level != nil)
		only("rate", FailLeak, d.has(p+".rate"))
		only("impulse", FailLegBreak, d.has(p+".impulse"))
		switch ff.Kind {
		case FailThrottleStuck:
			if ff.Level != nil {
				d.unitInterval(p+".level", *ff.Level)
				f.Level = *ff.Level
			}
		case FailLeak:
			d.positive(p+".rate", ff.Rate)
		case FailLegBreak:
			d.positive(p+".impulse", ff.Impulse)
		}
		d.nonNegative(p+".time", ff.Time)
		switch {
		case ff.Altitude != nil && ff.Distance != nil:
			d.check(p+".distance", "give altitude or distance, not both")
		case ff.Altitude != nil:
			d.positive(p+".altitude", *ff.Altitude)
			f.Altitude = *ff.Altitude
			if !(fmath.Len(m.Gravity) > 0) {
				d.check(p+".altitude", "needs gravity: there is no down in this mission")
			}
		case ff.Distance != nil:
			d.positive(p+".distance", *ff.Distance)
			f.Distance = *ff.Distance
			if mf.Target == nil {
				d.check(p+".distance", "needs a [target] with a docking port")
			}
		}
		at := failureMoment{f.Kind, f.Name, f.Time, f.Altitude, f.Distance}
		if j, dup := first[at]; dup {
			d.check(p, "the same failure as failure[%d] on line %d (%s%s at the same moment): every entry happens, "+
				"so this one would happen twice; write it once", j, d.where(idx("failure", j), true).line, f.Kind, failureTarget(ff))
		} else {
			first[at] = i
		}
		m.Failures = append(m.Failures, f)
	}
}

// failureMoment is what makes two [[failure]] entries the same failure:
// the same kind of the same thruster, tank or joint at the same moment.
type failureMoment struct {
	kind, name               string
	time, altitude, distance float64
}

// failureTarget names what a failure entry breaks, as " of thruster "x"",
// or "" for a kind that names nothing.
func failureTarget(ff failureFile) string {
	for _, k := range []struct{ key, val string }{{"thruster", ff.Thruster}, {"tank", ff.Tank}, {"joint", ff.Joint}} {
		if k.val != "" {
			return fmt.Sprintf(" of %s %q", k.key, k.val)
		}
	}
	return ""
}

// resolveFailures finds the thrusters, tanks and joints the failures name
// in the player's craft c; fail reports a problem at a key path.
func (m *Mission) resolveFailures(c *Craft, fail func(path, format string, args ...any)) {
	names := func(n int, name func(int) string) []string {
		s := make([]string, n)
		for i := range s {
			s[i] = name(i)
		}
		return s
	}
	thrusters := names(len(c.Thrusters), func(i int) string { return c.Thrusters[i].Name })
	tanks := names(len(c.Tanks), func(i int) string { return c.Tanks[i].Name })
	joints := names(len(c.Joints), func(i int) string { return c.Joints[i].Name })
	find := func(path, what, name string, list []string) int {
		k := slices.Index(list, name)
		if k < 0 {
			fail(path, "craft %q has no %s named %q%s", c.Name, what, name, didYouMean(name, list))
		}
		return k
	}
	for i := range m.Failures {
		f := &m.Failures[i]
		p := idx("failure", i)
		switch f.Kind {
		case FailThrusterStuck, FailThrusterDead:
			f.Thruster = find(p+".thruster", "thruster", f.Name, thrusters)
		case FailLeak:
			f.Tank = find(p+".tank", "tank", f.Name, tanks)
		case FailLegBreak:
			if f.Joint = find(p+".joint", "joint", f.Name, joints); f.Joint >= 0 {
				j := &c.Joints[f.Joint]
				if c.Parts[j.A].Role != RoleLeg && c.Parts[j.B].Role != RoleLeg {
					fail(p+".joint", "joint %q holds no leg: neither %q nor %q has role \"leg\"", f.Name, c.Parts[j.A].Name, c.Parts[j.B].Name)
					f.Joint = -1
				}
			}
		case FailThrottleStuck:
			if !slices.ContainsFunc(c.Thrusters, func(t Thruster) bool { return t.Group == GroupMain }) {
				fail(p+".kind", "craft %q has no main engine whose throttle could stick", c.Name)
			}
		}
	}
}
