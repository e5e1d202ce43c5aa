package flight

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/physics/fmath"
)

// A teaching mission's lessons, judged one at a time (craft.Lesson): the
// judge waits until the pilot does what the current lesson asks, for its
// hold time, then moves on; the mission succeeds when the last is done.

// lessons judges a tick of a mission with lessons; it returns true when the
// mission ended.
func (j *Judge) lessons(t *Telemetry) bool {
	ls := j.Spec.Lessons
	if j.Lesson >= len(ls) {
		return false
	}
	l := &ls[j.Lesson]
	if j.lessonAt < 0 {
		j.lessonAt, j.lessonV = t.Time, t.BodyVelocity
	}
	if !j.doneSince.hold(lessonDone(l, t, j.lessonV), t.Time, l.Hold) {
		return false
	}
	j.Lesson++
	j.LessonDone, j.lessonAt, j.doneSince = t.Time, -1, -1
	if j.Lesson < len(ls) {
		return false
	}
	j.end(t, Success, "done", fmt.Sprintf("all %d lessons done in %.0f s", len(ls), t.Time))
	return true
}

// lessonDone reports whether the pilot does now what lesson l asks (t
// measured this tick; v0 the craft-frame velocity when the lesson began).
// Turns and moves are in the pilot's senses: pitch + nose up, yaw + right,
// roll + right; the craft frame's +x is left, +y up, +z forward.
func lessonDone(l *craft.Lesson, t *Telemetry, v0 [3]float64) bool {
	a := l.Amount
	moved := func(axis int, sign float64) bool { return sign*(t.BodyVelocity[axis]-v0[axis]) >= a }
	switch l.Do {
	case craft.DoPitchUp:
		return t.BodyRate[0] >= a
	case craft.DoPitchDown:
		return -t.BodyRate[0] >= a
	case craft.DoYawRight:
		return t.BodyRate[1] >= a
	case craft.DoYawLeft:
		return -t.BodyRate[1] >= a
	case craft.DoRollRight:
		return t.BodyRate[2] >= a
	case craft.DoRollLeft:
		return -t.BodyRate[2] >= a
	case craft.DoTranslateLeft:
		return moved(0, 1)
	case craft.DoTranslateRight:
		return moved(0, -1)
	case craft.DoTranslateUp:
		return moved(1, 1)
	case craft.DoTranslateDown:
		return moved(1, -1)
	case craft.DoTranslateForward:
		return moved(2, 1)
	case craft.DoTranslateBack:
		return moved(2, -1)
	case craft.DoKillRotation:
		return t.SAS == SASKill && t.Omega < a
	case craft.DoFineControl:
		return t.Fine
	case craft.DoThrottle:
		return t.Throttle >= a
	case craft.DoStop:
		return t.Speed < a
	}
	return false
}

// lessonAutopilot flies the lesson being taught, as a demonstration: the
// stick on the lesson's axis for a turn or a move (the SAS killing the
// rotation for a move), the SAS switched to KILL ROTATION or fine control
// switched on when the lesson asks for it, the throttle opened, the craft
// brought to rest for a stop — and, with every lesson done, the craft held
// still. ok is false for a mission without lessons.
func (f *Flight) lessonAutopilot(st control.State, pl control.Plant) (control.Command, bool) {
	ls := f.Spec.Lessons
	if len(ls) == 0 {
		return control.Command{}, false
	}
	still := control.AttitudeTorque(mgl64.Vec3{}, fmath.Rotate(st.Orientation.Conjugate(), st.AngularVelocity), pl, f.sas)
	if f.Judge.Lesson >= len(ls) {
		return control.Command{Torque: still, Force: control.KillVelocity(st, pl), Fine: f.Controls.Fine}, true
	}
	l := &ls[f.Judge.Lesson]
	cmd := control.Command{Torque: still, Fine: f.Controls.Fine}
	if stick, ok := lessonSticks[l.Do]; ok {
		torque, force := pl.Capacity.Stick(stick[0], stick[1])
		if stick[0] != (mgl64.Vec3{}) {
			cmd.Torque = torque
		}
		cmd.Force = force
	}
	switch l.Do {
	case craft.DoKillRotation:
		f.Controls.SAS = SASKill
	case craft.DoFineControl:
		f.Controls.Fine = true
	case craft.DoThrottle:
		cmd.Main = min(l.Amount+0.05, 1)
	case craft.DoStop:
		cmd.Force = control.KillVelocity(st, pl)
	}
	return cmd, true
}

// lessonSticks are the stick a lesson's turn or move is flown with, as
// Controls.stick gives it: rotation, translation.
var lessonSticks = map[string][2]mgl64.Vec3{
	craft.DoPitchUp: {{-1, 0, 0}}, craft.DoPitchDown: {{1, 0, 0}}, craft.DoYawRight: {{0, -1, 0}},
	craft.DoYawLeft: {{0, 1, 0}}, craft.DoRollRight: {{0, 0, 1}}, craft.DoRollLeft: {{0, 0, -1}},
	craft.DoTranslateLeft: {{}, {1, 0, 0}}, craft.DoTranslateRight: {{}, {-1, 0, 0}}, craft.DoTranslateUp: {{}, {0, 1, 0}},
	craft.DoTranslateDown: {{}, {0, -1, 0}}, craft.DoTranslateForward: {{}, {0, 0, 1}}, craft.DoTranslateBack: {{}, {0, 0, -1}},
}
