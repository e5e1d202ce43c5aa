package craft

import "math"

// Lessons: a free mission may teach, from [[lesson]] entries. Each says
// what to do and names what it waits for; the game (game/flight's judge)
// moves on to the next once the pilot has done it, and the mission
// succeeds when the last is done. A lesson's text names keys by their
// action, "{pitch_up}", as settings.toml names them: the game puts in the
// keys bound now.

// What a lesson waits for (Lesson.Do).
const (
	DoPitchUp          = "pitch_up" // turning nose up at Amount (rad/s) or faster
	DoPitchDown        = "pitch_down"
	DoYawLeft          = "yaw_left"
	DoYawRight         = "yaw_right"
	DoRollLeft         = "roll_left"
	DoRollRight        = "roll_right"
	DoTranslateUp      = "translate_up" // Amount (m/s) gained along the craft's up axis since the lesson began
	DoTranslateDown    = "translate_down"
	DoTranslateLeft    = "translate_left"
	DoTranslateRight   = "translate_right"
	DoTranslateForward = "translate_forward"
	DoTranslateBack    = "translate_back"
	DoKillRotation     = "kill_rotation" // the SAS killing the rotation, |ω| below Amount (rad/s)
	DoFineControl      = "fine_control"  // fine control on
	DoThrottle         = "throttle"      // the main engines at Amount (0…1) or more
	DoStop             = "stop"          // slower than Amount (m/s)
)

// lessonDos are the Do values as the file's enum lists them, with each
// one's default Amount in the file's units (°/s, m/s, a fraction).
var lessonDos = []struct {
	do  string
	def float64
}{
	{DoPitchUp, 3}, {DoPitchDown, 3}, {DoYawLeft, 3}, {DoYawRight, 3}, {DoRollLeft, 3}, {DoRollRight, 3},
	{DoTranslateUp, 0.2}, {DoTranslateDown, 0.2}, {DoTranslateLeft, 0.2}, {DoTranslateRight, 0.2},
	{DoTranslateForward, 0.2}, {DoTranslateBack, 0.2},
	{DoKillRotation, 0.5}, {DoFineControl, 0}, {DoThrottle, 0.5}, {DoStop, 0.05},
}

const lessonDoEnum = "pitch_up,pitch_down,yaw_left,yaw_right,roll_left,roll_right,translate_up,translate_down,translate_left,translate_right,translate_forward,translate_back,kill_rotation,fine_control,throttle,stop"

// MaxLessons is the most [[lesson]] entries a mission may have.
const MaxLessons = 32

// Lesson is one validated [[lesson]] entry.
type Lesson struct {
	Say    string  // what to do, one line; {action} names a key by its action
	Do     string  // what it waits for: one of the Do constants
	Amount float64 // how much: a rate (rad/s), a speed (m/s) or a throttle (0…1), as Do says
	Hold   float64 // how long the goal must hold before the next lesson (s)
}

type lessonFile struct {
	Say    string   `toml:"say" doc:"what to do, one line; {action} is replaced by the keys bound to that action (its name in settings.toml, e.g. {pitch_up}); required"`
	Do     string   `toml:"do" doc:"what the lesson waits for; required" enum:"pitch_up,pitch_down,yaw_left,yaw_right,roll_left,roll_right,translate_up,translate_down,translate_left,translate_right,translate_forward,translate_back,kill_rotation,fine_control,throttle,stop"`
	Amount *float64 `toml:"amount" doc:"how much, > 0: a turn's rate (°/s, default 3); a translation's speed gained along that axis since the lesson began (m/s, default 0.2); kill_rotation's rate to stay below (°/s, default 0.5); stop's speed to stay below (m/s, default 0.05); throttle's level (0 to 1, default 0.5); not for fine_control"`
	Hold   *float64 `toml:"hold" doc:"how long the goal must hold before the next lesson (s, ≥ 0)" def:"0.5"`
}

// buildLessons validates the [[lesson]] entries of a mission.
func (d *decoder) buildLessons(mf *missionFile, m *Mission) {
	if len(mf.Lessons) == 0 {
		return
	}
	if mf.Kind != KindFree {
		d.check("lesson", "only for a free mission: its goal is to do its lessons")
	}
	if len(mf.Lessons) > MaxLessons {
		d.check("lesson", "%d entries; the limit is %d", len(mf.Lessons), MaxLessons)
		return
	}
	for i, lf := range mf.Lessons {
		p := idx("lesson", i)
		if lf.Say == "" {
			d.check(p+".say", "missing: what the pilot is to do")
		}
		d.enum(p+".do", lf.Do, lessonDoEnum)
		l := Lesson{Say: lf.Say, Do: lf.Do, Hold: 0.5}
		for _, def := range lessonDos {
			if def.do == lf.Do {
				l.Amount = def.def
			}
		}
		if lf.Amount != nil {
			switch {
			case lf.Do == DoFineControl:
				d.check(p+".amount", "not used by fine_control")
			case lf.Do == DoThrottle:
				d.positive(p+".amount", *lf.Amount)
				d.unitInterval(p+".amount", *lf.Amount)
			default:
				d.positive(p+".amount", *lf.Amount)
			}
			l.Amount = *lf.Amount
		}
		switch lf.Do {
		case DoPitchUp, DoPitchDown, DoYawLeft, DoYawRight, DoRollLeft, DoRollRight, DoKillRotation:
			l.Amount *= math.Pi / 180
		}
		if lf.Hold != nil {
			d.nonNegative(p+".hold", *lf.Hold)
			l.Hold = *lf.Hold
		}
		m.Lessons = append(m.Lessons, l)
	}
}
