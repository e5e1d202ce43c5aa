package flight

import "math"

// Kind names what a Command asks for.
type Kind uint8

// Command kinds. Axis commands carry a value in [−1, 1] and hold until the
// next command of the same kind; throttle carries 0…1; the rest are
// one-shot. Pause and restart belong to the scene and are never recorded.
const (
	KindNone       Kind = iota
	KindPitch           // −1 nose down … 1 nose up
	KindYaw             // −1 left … 1 right
	KindRoll            // −1 left … 1 right
	KindTranslateX      // −1 right … 1 left (craft +x)
	KindTranslateY      // −1 down … 1 up (craft +y)
	KindTranslateZ      // −1 back … 1 forward (craft +z)
	KindThrottle        // main throttle, 0 … 1
	KindFine            // fine control (10 %): 0 off, 1 on
	KindSAS             // cycle the SAS mode
	KindAutopilot       // toggle the mission's autopilot
	KindGear            // deploy or stow the landing gear
	KindUndock          // release a docking latch
	KindKillH           // toggle KILL H: the RCS nulls the drift across the ground
	KindHoldVS          // toggle HOLD V/S: the main engine holds a vertical speed
	KindTrim            // HOLD V/S: change the speed held by Value steps of TrimStep (+ up)
	KindSASBack         // cycle the SAS mode backwards: the previous one
	KindPause           // scene: toggle pause
	KindRestart         // scene: restart the mission
	kindCount
)

var kindNames = [...]string{"none", "pitch", "yaw", "roll", "translate_x", "translate_y", "translate_z",
	"throttle", "fine", "sas", "autopilot", "gear", "undock", "kill_h", "hold_vs", "trim", "sas_back", "pause", "restart"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Command is one thing the player (or the autopilot, or a replay) asks of the
// game at a tick. Devices are turned into Commands before the game sees them;
// the game never reads the keyboard itself, so a list of Commands replays a
// flight exactly.
type Command struct {
	Tick  uint64  // the tick the command takes effect on
	Kind  Kind    // what it asks for
	Value float64 // axis or throttle value; unused for one-shot kinds
}

// Controls is the state that commands set: what the craft is being asked to
// do this tick.
type Controls struct {
	Pitch, Yaw, Roll float64    // each in [−1, 1]
	Translate        [3]float64 // craft x, y, z, each in [−1, 1]
	Throttle         float64    // main engine, 0 … 1
	Fine             bool       // scale RCS commands to 10 %
	SAS              SASMode
	Autopilot        bool
	GearStowed       bool
	// The landing aids, each a switch of its own beside the SAS (aids.go):
	// KillH nulls the drift across the ground with the RCS; HoldVS holds
	// the vertical speed HoldRate (m/s, up +) with the main engine — the
	// speed it found when switched on, trimmed in TrimStep steps.
	KillH, HoldVS bool
	HoldRate      float64
}

// TrimStep is how much one trim command changes the vertical speed HOLD
// V/S holds (m/s): a click of Apollo's rate-of-descent switch was 1 ft/s.
const TrimStep = 1.0 / trimsPerMS

// trimsPerMS is the number of trim steps in 1 m/s.
const trimsPerMS = 10

// MaxHoldVS is the fastest vertical speed HOLD V/S holds, up or down (m/s).
const MaxHoldVS = 10.0

// apply sets what a command asks for, clamping values. It returns true for
// commands the flight must act on beyond setting a control (SAS engage,
// undock, gear) and for scene commands.
func (c *Controls) apply(cmd Command) (act bool) {
	v := min(max(cmd.Value, -1), 1)
	switch cmd.Kind {
	case KindPitch:
		c.Pitch = v
	case KindYaw:
		c.Yaw = v
	case KindRoll:
		c.Roll = v
	case KindTranslateX, KindTranslateY, KindTranslateZ:
		c.Translate[cmd.Kind-KindTranslateX] = v
	case KindThrottle:
		c.Throttle = max(v, 0)
	case KindFine:
		c.Fine = cmd.Value != 0
	case KindAutopilot:
		c.Autopilot = !c.Autopilot
	case KindGear:
		c.GearStowed = !c.GearStowed
		return true
	case KindTrim:
		if c.HoldVS {
			c.HoldRate = trimmed(c.HoldRate, v)
		}
	default:
		return true
	}
	return false
}

// dueAt appends to dst the commands of cs (in tick order, as a replay
// keeps them) for tick, reading on from cs[*next] and moving *next past
// them and past any of an earlier tick: a replay's commands are walked with
// one cursor, not searched each tick.
func DueAt(dst, cs []Command, next *int, tick uint64) []Command {
	for *next < len(cs) && cs[*next].Tick <= tick {
		if cs[*next].Tick == tick {
			dst = append(dst, cs[*next])
		}
		*next++
	}
	return dst
}

// stick returns the pilot's rotation and translation demand in the craft
// frame, each axis in [−1, 1]. Craft axes: x is the pitch axis (+x left),
// y the yaw axis (up), z the roll axis (the nose). A positive rotation
// about +x lowers the nose, about +y turns it left, about +z rolls right.
func (c *Controls) stick() (rot, trans [3]float64) {
	rot = [3]float64{-c.Pitch, -c.Yaw, c.Roll}
	return rot, c.Translate
}

// SASMode is the stability assist's mode as the pilot picks it (T cycles).
type SASMode uint8

// SAS modes, in the order T cycles through them (F goes back).
const (
	SASOff        SASMode = iota
	SASKill               // kill rotation: ω → 0
	SASHold               // hold the attitude it had when engaged
	SASPrograde           // point the craft's thrust axis along the velocity
	SASRetrograde         // … against the velocity (braking)
	SASTarget             // … at the docking target
	SASUp                 // … straight up (away from gravity)
	SASMatch              // turn and roll with the target port: aligned for docking, its rotation matched
	NumSASModes
)

var sasNames = [...]string{"off", "kill rotation", "hold", "prograde", "retrograde", "target", "up", "match port"}

func (m SASMode) String() string {
	if m < NumSASModes {
		return sasNames[m]
	}
	return "unknown"
}

// trimmed is the held vertical speed v trimmed by steps (−1…1) steps of
// TrimStep, on the step grid (n/10 exactly, as a float64 rounds it) and
// within ±MaxHoldVS.
func trimmed(v, steps float64) float64 {
	n := math.Round(float64(v*trimsPerMS) + math.Round(min(max(steps, -1), 1)))
	return min(max(n/trimsPerMS, -MaxHoldVS), MaxHoldVS)
}
