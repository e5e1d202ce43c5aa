package flight

import (
	"fmt"
	"math"

	"spaceflight/craft"
)

// Outcome is where a mission stands.
type Outcome uint8

// Outcomes.
const (
	Flying  Outcome = iota // still going
	Success                // goal met (Grade says how well)
	Failure                // a limit broken (Reason names it with its value)
	Crash                  // land: hull contact, tilt past the crash limit, off the pad
)

var outcomeNames = [...]string{"flying", "success", "failure", "crash"}

func (o Outcome) String() string { return outcomeNames[o] }

// Telemetry is what the flight measures every tick for the mission to judge.
// Speeds in m/s, angles in rad, rates in rad/s, masses in kg.
type Telemetry struct {
	Time     float64 // simulated time since the start (s)
	Omega    float64 // |ω| of the craft's hull
	FuelLeft float64 // fuel left in all tanks
	Thrust   bool    // any thruster firing this tick

	// The pilot's controls and the craft's motion in its own frame, for
	// lessons: rates as pitch (+ nose up), yaw (+ right), roll (+ right)
	// (rad/s); velocity along the craft's x (left), y (up), z (forward)
	// (m/s); the SAS mode, fine control and the main engines' throttle.
	BodyRate     [3]float64
	BodyVelocity [3]float64
	SAS          SASMode
	Fine         bool
	Throttle     float64

	// Landing.
	FeetOnPad       int     // feet touching the pad
	FeetOffPad      int     // feet touching the ground outside the pad
	HullContact     bool    // a part other than a foot or leg touches the ground or pad
	ContactPart     string  // which part, for the reason
	RockContact     string  // a part touching a boulder, "" for none
	VerticalSpeed   float64 // downward speed of the hull (positive = descending)
	HorizontalSpeed float64 // horizontal speed of the hull
	Tilt            float64 // angle between the craft's up axis and world up
	Speed           float64 // |v| of the hull, for "settled"

	// Docking (own port relative to the target port, in its frame).
	InCapture     bool    // ports within the capture radius
	ClosingSpeed  float64 // rate at which the ports approach (positive = closing)
	LateralOffset float64 // distance off the target port's axis
	Misalignment  float64 // angle between the port axes (anti-parallel = 0)
	RelativeRate  float64 // |ω_own − ω_target|
	OtherContact  bool    // anything but the ports touching the target
}

// Judge judges one flight against its mission's thresholds (the spec,
// craft.Mission): feed it Telemetry every tick with Update; once Outcome
// leaves Flying it stays.
type Judge struct {
	Spec *craft.Mission

	Outcome Outcome
	Grade   string  // success: "soft" / "hard" (land), "docked", "stable"
	Reason  string  // what decided it, with the figures
	EndTime float64 // s
	// Docked is set at capture (the flight then latches the ports); a
	// mission with Detumble goes on flying.
	Docked bool

	// Land is where a landing stands (land missions only): flying,
	// touching, bounced, settling or down.
	Land LandState
	// Lesson is the lesson being taught (a mission with lessons): an index
	// into Spec.Lessons, len when all are done; LessonDone is when the
	// last one was done (s), 0 before.
	Lesson     int
	LessonDone float64

	holdSince   since   // tumble, detumble after docking: |ω| below the limit
	dockReason  string  // dock: how the capture went
	touchdowns  int     // land: touchdowns judged (each first touch after flying)
	touchSpeed  float64 // land: the hardest touchdown's vertical speed (m/s, down +)
	settleSince float64 // land: when the settle clock started, −1 when it is not running
	liftedAt    float64 // land: when the feet left the pad (bounced)
	lessonAt    float64 // lessons: when the lesson began, −1 before its first tick
	lessonV     [3]float64
	doneSince   since // lessons: the lesson's goal done
}

// NewJudge starts judging a flight of spec.
func NewJudge(spec *craft.Mission) *Judge {
	return &Judge{Spec: spec, holdSince: -1, settleSince: -1, lessonAt: -1, doneSince: -1}
}

// LandState is where a landing stands, as a lander's crew calls it. A
// landing goes flying → touching (a foot on the pad: each such touch is a
// touchdown, judged against the limits) → settling (feet down, nothing
// firing, at rest: the settle clock runs) → down (settled for the settle
// time: success). Firing or moving again while settling goes back to
// touching; the feet leaving the pad is a bounce, and a bounce that stays
// up for bounceTime is flying again: its next touch is judged as a new
// touchdown. Tilt is judged only while a foot touches: in the air a lander
// may lean as far as it likes.
type LandState uint8

// Landing states.
const (
	LandFlying   LandState = iota // no foot on the pad
	LandTouching                  // a foot on the pad; engines firing or still moving
	LandBounced                   // the feet left the pad after touching it
	LandSettling                  // feet down, nothing firing, at rest: the settle clock runs
	LandDown                      // settled for the settle time: landed
)

var landStateNames = [...]string{"flying", "touching", "bounced", "settling", "down"}

func (s LandState) String() string {
	if int(s) < len(landStateNames) {
		return landStateNames[s]
	}
	return "unknown"
}

// bounceTime is how long the feet must stay off the pad after touching it
// before the lander counts as flying again (s): shorter gaps are the feet
// rattling on the pad, part of the same touchdown.
const bounceTime = 0.5

// Deg turns radians into degrees.
func Deg(rad float64) float64 { return rad * 180 / math.Pi }

// settledSpeed is the hull speed below which a landed craft counts as at
// rest (m/s).
const settledSpeed = 0.05

// Update judges one tick.
func (j *Judge) Update(t *Telemetry) {
	if j.Outcome != Flying {
		return
	}
	th := &j.Spec.Thresholds
	switch j.Spec.Kind {
	case craft.KindTumble:
		if j.held(t, th, "stable", "") {
			return
		}
	case craft.KindDock:
		if j.Docked {
			if j.held(t, th, "docked", j.dockReason+", then ") {
				return
			}
			break
		}
		if t.OtherContact {
			j.end(t, Failure, "", "contact with the target away from the docking port")
			return
		}
		if t.InCapture {
			if r := dockLimit(t, th); r != "" {
				j.end(t, Failure, "", r)
				return
			}
			j.Docked = true
			j.dockReason = fmt.Sprintf("captured at %.2f m/s, %.2f m off axis, %.1f° misaligned", t.ClosingSpeed, t.LateralOffset, Deg(t.Misalignment))
			if !j.Spec.Detumble {
				j.end(t, Success, "docked", j.dockReason)
				return
			}
		}
	case craft.KindLand:
		if j.landing(t, th) {
			return
		}
	case craft.KindFree:
		if j.lessons(t) {
			return
		}
	}
	if j.Spec.TimeLimit > 0 && t.Time >= j.Spec.TimeLimit {
		j.end(t, Failure, "", fmt.Sprintf("time limit %.0f s reached", j.Spec.TimeLimit))
		return
	}
	if t.FuelLeft <= 0 && !j.onPad() && j.Spec.Kind != craft.KindFree {
		j.end(t, Failure, "", "out of fuel")
	}
}

// held judges a hold of the rotation below the rate limit: success once
// |ω| has stayed below it for the hold time. It returns true when the
// mission ended.
func (j *Judge) held(t *Telemetry, th *craft.Thresholds, grade, before string) bool {
	if !j.holdSince.hold(t.Omega < th.MaxRate, t.Time, th.HoldTime) {
		return false
	}
	j.end(t, Success, grade, fmt.Sprintf("%s|ω| %.2f°/s < %.2f held for %.0f s", before, Deg(t.Omega), Deg(th.MaxRate), th.HoldTime))
	return true
}

// dockLimit names the first capture tolerance broken, or "".
func dockLimit(t *Telemetry, th *craft.Thresholds) string {
	switch {
	case t.ClosingSpeed > th.ClosingSpeed:
		return fmt.Sprintf("closing speed %.2f m/s > %.2f", t.ClosingSpeed, th.ClosingSpeed)
	case t.LateralOffset > th.LateralOffset:
		return fmt.Sprintf("lateral offset %.2f m > %.2f", t.LateralOffset, th.LateralOffset)
	case t.Misalignment > th.Misalignment:
		return fmt.Sprintf("misalignment %.1f° > %.1f", Deg(t.Misalignment), Deg(th.Misalignment))
	case t.RelativeRate > th.RelativeRate:
		return fmt.Sprintf("relative rate %.2f°/s > %.2f", Deg(t.RelativeRate), Deg(th.RelativeRate))
	}
	return ""
}

// landing judges a landing tick; it returns true when the mission ended.
func (j *Judge) landing(t *Telemetry, th *craft.Thresholds) bool {
	contact := t.FeetOnPad > 0
	switch {
	case t.RockContact != "":
		j.end(t, Crash, "", fmt.Sprintf("the %s hit a boulder", t.RockContact))
		return true
	case t.HullContact:
		part := t.ContactPart
		if part == "" {
			part = "hull"
		}
		j.end(t, Crash, "", fmt.Sprintf("the %s touched the ground", part))
		return true
	case t.FeetOffPad > 0:
		j.end(t, Crash, "", "landed off the pad")
		return true
	case contact && t.Tilt > th.CrashTilt:
		j.end(t, Crash, "", fmt.Sprintf("tilt %.1f° > %.1f: tipped over", Deg(t.Tilt), Deg(th.CrashTilt)))
		return true
	}
	switch j.Land {
	case LandFlying:
		if contact {
			j.Land = LandTouching
			return j.touchdown(t, th)
		}
	case LandBounced:
		switch {
		case contact:
			j.Land = LandTouching // the feet rattled: the same touchdown
		case t.Time-j.liftedAt >= bounceTime:
			j.Land = LandFlying
		}
	case LandTouching, LandSettling:
		if !contact {
			j.Land, j.liftedAt = LandBounced, t.Time
		}
	}
	if !contact {
		j.settleSince = -1
		return false
	}
	if t.Thrust || t.Speed >= settledSpeed {
		j.Land, j.settleSince = LandTouching, -1
		return false
	}
	if j.Land != LandSettling {
		j.Land, j.settleSince = LandSettling, t.Time
	}
	if t.Time-j.settleSince < th.SettleTime {
		return false
	}
	j.Land = LandDown
	grade := "hard"
	if j.touchSpeed <= th.SoftVerticalSpeed {
		grade = "soft"
	}
	reason := fmt.Sprintf("touched down at %.2f m/s, settled for %.0f s", j.touchSpeed, th.SettleTime)
	if j.touchdowns > 1 {
		reason = fmt.Sprintf("touched down %d times, the hardest at %.2f m/s, settled for %.0f s", j.touchdowns, j.touchSpeed, th.SettleTime)
	}
	j.end(t, Success, grade, reason)
	return true
}

// touchdown judges a touch of the pad after flying against the touchdown
// limits; it returns true when the mission ended.
func (j *Judge) touchdown(t *Telemetry, th *craft.Thresholds) bool {
	j.touchdowns++
	j.touchSpeed = max(j.touchSpeed, t.VerticalSpeed)
	switch {
	case t.VerticalSpeed > th.VerticalSpeed:
		j.end(t, Crash, "", fmt.Sprintf("vertical speed %.2f m/s > %.2f at touchdown", t.VerticalSpeed, th.VerticalSpeed))
		return true
	case t.HorizontalSpeed > th.HorizontalSpeed:
		j.end(t, Failure, "", fmt.Sprintf("horizontal speed %.2f m/s > %.2f at touchdown", t.HorizontalSpeed, th.HorizontalSpeed))
		return true
	case t.Tilt > th.Tilt:
		j.end(t, Failure, "", fmt.Sprintf("tilt %.1f° > %.1f at touchdown", Deg(t.Tilt), Deg(th.Tilt)))
		return true
	}
	return false
}

// onPad reports whether a foot is on the pad now (touching or settling).
func (j *Judge) onPad() bool { return j.Land == LandTouching || j.Land == LandSettling }

// TouchedDown reports whether a foot's touch of the pad was ever judged.
func (j *Judge) TouchedDown() bool { return j.touchdowns > 0 }

// Settled is how long the settle clock has run (s, at time now), 0 when
// it is not running.
func (j *Judge) Settled(now float64) float64 {
	if j.Land != LandSettling || j.settleSince < 0 {
		return 0
	}
	return now - j.settleSince
}

// Held is how long the rotation has been held below the rate limit (s, at
// time now; tumble and detumble), 0 while above.
func (j *Judge) Held(now float64) float64 {
	if j.holdSince < 0 {
		return 0
	}
	return now - float64(j.holdSince)
}

// since is how long a condition has held: the time it began to, −1 while
// it does not.
type since float64

// hold notes whether the condition holds at time now (s) and reports
// whether it has held for need seconds or more.
func (s *since) hold(ok bool, now, need float64) bool {
	if !ok {
		*s = -1
		return false
	}
	if *s < 0 {
		*s = since(now)
	}
	return now-float64(*s) >= need
}

func (j *Judge) end(t *Telemetry, o Outcome, grade, reason string) {
	j.Outcome, j.Grade, j.Reason, j.EndTime = o, grade, reason, t.Time
}

// Score is 0 unless the mission succeeded; then 1000 scaled down by time and
// fuel beyond the mission's par values (each halves the score when twice
// par), plus 20 % for a soft landing (ScoreParts says how it is made).
func (j *Judge) Score(fuelUsed float64) float64 { return j.ScoreParts(fuelUsed).Total }

// ScoreParts is how a score is made: 1000 × Time × Fuel × Precision,
// rounded.
type ScoreParts struct {
	Time      float64 // par time over the time taken, at most 1
	Fuel      float64 // par fuel over the fuel used, at most 1
	Precision float64 // 1.2 for a soft landing, else 1
	ParTime   float64 // s, the mission's or the default 60
	ParFuel   float64 // kg, the mission's or the default 50
	// How is what the precision was judged on ("soft touchdown at
	// 0.44 m/s"); "" when nothing is.
	How   string
	Total float64
}

// ScoreParts breaks down the score of a flight that used fuelUsed kg of
// propellant; all zero unless the mission succeeded.
func (j *Judge) ScoreParts(fuelUsed float64) ScoreParts {
	if j.Outcome != Success {
		return ScoreParts{}
	}
	p := ScoreParts{ParTime: j.Spec.Scoring.ParTime, ParFuel: j.Spec.Scoring.ParFuel, Precision: 1}
	if p.ParTime <= 0 {
		p.ParTime = 60
	}
	if p.ParFuel <= 0 {
		p.ParFuel = 50
	}
	p.Time = p.ParTime / max(p.ParTime, j.EndTime)
	p.Fuel = p.ParFuel / max(p.ParFuel, fuelUsed)
	switch {
	case j.Spec.Kind == craft.KindLand && j.Grade == "soft":
		p.Precision = 1.2
		p.How = fmt.Sprintf("soft touchdown, %.2f m/s", j.touchSpeed)
	case j.Spec.Kind == craft.KindLand:
		p.How = fmt.Sprintf("hard touchdown, %.2f m/s (soft ≤ %.1f)", j.touchSpeed, j.Spec.Thresholds.SoftVerticalSpeed)
	}
	p.Total = math.Round(1000 * p.Time * p.Fuel * p.Precision)
	return p
}
