package game

// Kind names what a Command asks for.
type Kind uint8

// Command kinds. Axis commands carry a value in [−1, 1] and hold until the
// next command of the same kind; the others are one-shot.
const (
	KindNone    Kind = iota
	KindPitch        // value: −1 (nose down) … 1 (nose up)
	KindYaw          // value: −1 (left) … 1 (right)
	KindRoll         // value: −1 (left) … 1 (right)
	KindPause        // toggles pause
	KindRestart      // restarts the mission
	kindCount
)

var kindNames = [...]string{"none", "pitch", "yaw", "roll", "pause", "restart"}

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
	Value float64 // axis value in [−1, 1]; unused for one-shot kinds
}

// Controls is the state that axis commands set: what the craft is being
// asked to do this tick.
type Controls struct {
	Pitch, Yaw, Roll float64 // each in [−1, 1]
}

// apply sets the axis a command names, clamping its value to [−1, 1].
// One-shot kinds return true so the caller acts on them.
func (c *Controls) apply(cmd Command) (oneShot bool) {
	v := min(max(cmd.Value, -1), 1)
	switch cmd.Kind {
	case KindPitch:
		c.Pitch = v
	case KindYaw:
		c.Yaw = v
	case KindRoll:
		c.Roll = v
	default:
		return true
	}
	return false
}
