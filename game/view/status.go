package view

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/game/flight"
	"spaceflight/render"
)

// The status strip, the gauges and the modes: the goal line as the flight
// stands, fuel as hover time where there is gravity, the hover mark on
// the throttle, the landing aids' lamps and fine control.
//
// Texts name keys by their action, "{throttle_cut}": the game puts in the
// keys bound to it (the view knows no bindings).

// fillStatus fills the status strip, gauges and modes.
func (v *View) fillStatus(f *flight.Flight, warp int, achieved float64, camName string) {
	vs, c := f.Player, &f.Controls
	v.status = render.Status{Throttle: vs.MainLevel(), SAS: sasLabels[min(c.SAS, flight.NumSASModes)], Warp: achieved, WarpSet: warp,
		Time: f.Time(), Camera: camName, Objective: v.goalLine(f), Fine: c.Fine}
	if f.Judge.Outcome != flight.Flying {
		v.status.Decided = f.Judge.EndTime
	}
	if c.Autopilot {
		v.status.SAS = "AUTOPILOT"
	}
	full, left := vs.FuelCapacity(), vs.FuelLeft()
	if !math.IsInf(left, 1) && full > 0 {
		v.status.Fuel, v.status.FuelMass = left/full, left
	} else {
		v.status.Fuel, v.status.FuelMass = 1, math.Inf(1)
	}
	if g := f.Spec.Gravity; g.Len() > 0 && vs.MainFlow() > 0 {
		st := f.State()
		hover, secs := control.Hover(st, vs.Plant(f.World, st), g, left, vs.MainFlow(), vs.LeakRate())
		if !math.IsInf(hover, 1) {
			v.status.Hover = hover
		}
		if hover <= 1 && !math.IsInf(secs, 1) {
			v.status.HoverTime = secs
		}
	}
	v.status.Aids = v.aids[:0]
	killH, holdVS := f.AidsAvailable()
	if killH {
		v.status.Aids = append(v.status.Aids, render.Aid{Name: "KILL H", On: c.KillH})
	}
	if holdVS {
		value := v.holdText.get(int64(math.Round(c.HoldRate*10)), func() string { return fmt.Sprintf("%+.1f m/s", c.HoldRate) })
		v.status.Aids = append(v.status.Aids, render.Aid{Name: "HOLD V/S", On: c.HoldVS, Value: value})
	}
}

// goalLine is the HUD's goal line: the mission's objective, or what the
// landing needs now that a foot touches or has touched, or what is left
// once docked — with the hold's count where a rate must be held.
func (v *View) goalLine(f *flight.Flight) string {
	j, now := f.Judge, f.Time()
	th := &f.Spec.Thresholds
	if s := j.Held(now); s > 0 && j.Outcome == flight.Flying && (f.Latch != flight.NoJoint || f.Spec.Kind == craft.KindTumble) {
		goal := v.objective
		if f.Latch != flight.NoJoint {
			goal = dockedObjective(f.Spec)
		}
		return v.goalText.get(int64(s*10)+1e6*int64(f.Latch+2), func() string {
			return fmt.Sprintf("%s — held %.1f of %.0f s", goal, math.Floor(s*10)/10, th.HoldTime)
		})
	}
	if ls := f.Spec.Lessons; len(ls) > 0 && j.Lesson < len(ls) {
		good := j.LessonDone > 0 && now-j.LessonDone < lessonPraise
		l := &ls[j.Lesson]
		// A stop names the drift and the keys against it: the HUD has no
		// speed figure in free flight, and the navball's marks no length.
		var drift float64
		var keys string
		if l.Do == craft.DoStop {
			st := f.State()
			drift = st.Velocity.Len()
			keys = moveKeys(st.Orientation.Conjugate().Rotate(st.Velocity.Mul(-1)), [3]bool{true, true, true}, l.Amount)
		}
		key := -(int64(j.Lesson)+1)*1e6 - btoi(good)*1e9 - int64(drift*100)
		return v.goalText.get(key, func() string {
			line := fmt.Sprintf("%d/%d  %s", j.Lesson+1, len(ls), l.Say)
			if good {
				line = "Good!  " + line
			}
			if l.Do == craft.DoStop {
				line += fmt.Sprintf(" — drifting %.2f m/s", math.Floor(drift*100)/100)
				if keys != "" {
					line += ": " + keys
				}
			}
			return line
		})
	}
	switch {
	case f.Latch != flight.NoJoint:
		return dockedObjective(f.Spec)
	case f.Spec.Kind == craft.KindTumble:
		return v.objective
	case f.Spec.Kind != craft.KindLand || j.Outcome != flight.Flying:
		return v.objective
	}
	c := &f.Controls
	switch j.Land {
	case flight.LandBounced:
		return "Bounced: ease the throttle ({throttle_down}) and settle back onto the pad"
	case flight.LandTouching:
		switch {
		case !f.Firing || c.Autopilot:
			return "Down: coming to rest"
		case f.Player.MainLevel() > 0:
			return "Down: cut the engine ({throttle_cut}) to settle"
		case c.SAS != flight.SASOff:
			return "Down: the SAS still fires the RCS: set it OFF ({sas_cycle}) to settle"
		}
		return "Down: a thruster still fires: let go of the keys to settle"
	case flight.LandSettling:
		s := j.Settled(now)
		return v.goalText.get(int64(s*10), func() string {
			return fmt.Sprintf("Down: keep still — %.1f of %.0f s", math.Floor(s*10)/10, th.SettleTime)
		})
	}
	return v.objective
}

// lessonPraise is how long the goal line praises a lesson done (s).
const lessonPraise = 1.5

// btoi is 1 for true, 0 for false.
func btoi(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// moveKeys names the translation keys that push a craft along off (craft
// frame, m or m/s; +x left, +y up, +z forward, as the keys push), on the
// axes use says, as the game's key placeholders: each axis whose part is
// at least a third of the whole, forward or back first; "" when the whole
// is below least.
func moveKeys(off mgl64.Vec3, use [3]bool, least float64) string {
	for i := range off {
		if !use[i] {
			off[i] = 0
		}
	}
	d := off.Len()
	if !(d >= least) || d == 0 {
		return ""
	}
	var way [3]int // per axis: 0 none, 1 the positive key, 2 the negative
	for i, c := range off {
		if math.Abs(c) >= d/3 {
			way[i] = 1
			if c < 0 {
				way[i] = 2
			}
		}
	}
	return moveKeyNames[way[2]][way[0]][way[1]]
}

// moveKeyNames are moveKeys' answers, by forward/back, left/right and
// up/down (none, positive, negative): made once, so a frame allocates none.
var moveKeyNames = func() (t [3][3][3]string) {
	keys := [3][3]string{ // by axis z, x, y
		{"", "{translate_forward}", "{translate_back}"},
		{"", "{translate_left}", "{translate_right}"},
		{"", "{translate_up}", "{translate_down}"},
	}
	for z := range 3 {
		for x := range 3 {
			for y := range 3 {
				var parts []string
				for a, w := range [3]int{z, x, y} {
					if w > 0 {
						parts = append(parts, keys[a][w])
					}
				}
				t[z][x][y] = strings.Join(parts, " ")
			}
		}
	}
	return t
}()

// textCache keeps the last text made for a key, so that a figure shown to
// a tenth is formatted once per tenth, not every frame.
type textCache struct {
	key int64
	s   string
	ok  bool
}

// get returns the text for key, making it when the key changed.
func (c *textCache) get(key int64, make func() string) string {
	if !c.ok || c.key != key {
		c.key, c.s, c.ok = key, make(), true
	}
	return c.s
}
