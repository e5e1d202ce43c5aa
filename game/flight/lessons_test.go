package flight

import (
	"strings"
	"testing"
)

// The first flight, flown with the keys as a pilot would — each key held
// until the goal line moves on — goes through every lesson in order, each
// waiting for its action, and succeeds by hand.
func TestFirstFlightByKeys(t *testing.T) {
	f := firstFlightByKeys(t)
	if f.Judge.Outcome != Success || f.Assisted || !strings.Contains(f.Judge.Reason, "all 9 lessons done") {
		t.Fatalf("the first flight by keys: %v %q, assisted %v, lessons seen %v", f.Judge.Outcome, f.Judge.Reason, f.Assisted, f.seen)
	}
	for i, n := range f.seen {
		if n != i {
			t.Fatalf("lessons in the order %v, want each in turn", f.seen)
		}
	}
	t.Logf("%s at %.1f s", f.Judge.Reason, f.Time())
}

// byKeys is a flight flown by scripted keys: the commands it was given and
// the lessons it went through.
type byKeys struct {
	*Flight
	cmds []Command
	seen []int
}

// firstFlightByKeys flies the first flight with the keys each lesson
// names, held until it moves on (a toggle pressed once), then on until
// the flight is over.
func firstFlightByKeys(t *testing.T) byKeys {
	t.Helper()
	f := byKeys{Flight: loadFlight(t, "first-flight")}
	type press struct {
		kind  Kind
		value float64
		once  bool // a toggle: pressed once, not held
	}
	keys := map[string]press{
		"pitch_up": {KindPitch, 1, false}, "pitch_down": {KindPitch, -1, false}, "yaw_right": {KindYaw, 1, false},
		"roll_left": {KindRoll, -1, false}, "kill_rotation": {KindSAS, 0, true}, "translate_up": {KindTranslateY, 1, false},
		"translate_down": {KindTranslateY, -1, false}, "fine_control": {KindFine, 1, true},
	}
	step := func(cmds []Command) {
		f.cmds = append(f.cmds, cmds...)
		f.Step(cmds)
	}
	pressed := -1 // the lesson whose toggle was pressed
	for f.Judge.Outcome == Flying && f.Tick < 300*60 {
		n := f.Judge.Lesson
		if len(f.seen) == 0 || f.seen[len(f.seen)-1] != n {
			f.seen = append(f.seen, n)
		}
		l := f.Spec.Lessons[n]
		var cmds []Command
		if p, ok := keys[l.Do]; ok && (!p.once || pressed != n) {
			cmds = append(cmds, Command{Tick: f.Tick, Kind: p.kind, Value: p.value})
			if p.once {
				pressed = n
			}
		}
		if l.Do == "stop" { // tap against the drift, watching the velocity
			cmds = []Command{{Tick: f.Tick, Kind: KindTranslateY, Value: 0}}
			if vy := f.State().Velocity.Dot(f.State().Orientation.Rotate([3]float64{0, 1, 0})); vy < -0.02 {
				cmds[0].Value = 1
			} else if vy > 0.02 {
				cmds[0].Value = -1
			}
		}
		before := f.Judge.Lesson
		step(cmds)
		if f.Judge.Lesson != before { // let go of the held keys
			step([]Command{{Tick: f.Tick, Kind: KindPitch}, {Tick: f.Tick, Kind: KindYaw}, {Tick: f.Tick, Kind: KindRoll}, {Tick: f.Tick, Kind: KindTranslateY}})
		}
	}
	for !f.Over() && f.Err == nil {
		step(nil)
	}
	return f
}

// A lesson waits for its own action: the wrong key (yawing when asked to
// pitch) moves nothing on, and the goal must hold for the lesson's hold.
func TestLessonWaits(t *testing.T) {
	f := loadFlight(t, "first-flight")
	for f.Tick < 5*60 {
		f.Step([]Command{{Tick: f.Tick, Kind: KindYaw, Value: 1}})
	}
	if f.Judge.Lesson != 0 {
		t.Errorf("yawing for 5 s moved the lessons on to %d; the first asks for pitch", f.Judge.Lesson)
	}
	j := NewJudge(f.Spec)
	tel := Telemetry{BodyRate: [3]float64{1, 0, 0}} // pitching up fast
	for i := range 20 {
		tel.Time = float64(i) / 60
		j.Update(&tel)
	}
	if j.Lesson != 0 {
		t.Errorf("a third of a second of pitch moved on: lesson %d; want it held for %.1f s", j.Lesson, f.Spec.Lessons[0].Hold)
	}
	for i := 20; i < 40; i++ {
		tel.Time = float64(i) / 60
		j.Update(&tel)
	}
	if j.Lesson != 1 || j.LessonDone == 0 {
		t.Errorf("two thirds of a second of pitch: lesson %d (done at %.2f s), want the next", j.Lesson, j.LessonDone)
	}
}
