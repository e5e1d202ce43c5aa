package audio

// Limits of the fixed-size voice pools. Input beyond them is ignored, never an error:
// a 33rd firing thruster group is simply not heard.
const (
	// MaxThrusterGroups is the number of RCS voices: thruster groups heard at once.
	MaxThrusterGroups = 32
	// MaxShots is the number of one-shot voices (impacts, touchdowns, docking clunks)
	// sounding at once; a new one steals the quietest when all are busy.
	MaxShots = 26
	// MaxEvents is the number of events queued between two pulls of the sound device
	// (Player) or taken from one Input (Synth.Apply); later ones are dropped.
	MaxEvents = 64
	// MaxVoices is the total voice count: RCS, one-shots, the main engine, three alarms
	// and two cues.
	MaxVoices = MaxThrusterGroups + MaxShots + 1 + alarmCount + 2
)

// Input is what the game hands the audio package once per tick: plain values, no
// references into physics. The Synth keeps no reference to it (slices are copied).
type Input struct {
	// Thrusters lists the RCS thruster groups with their commanded level. A group that is
	// absent or has Level 0 is silent (its puff releases). Each distinct Group gets one
	// voice.
	Thrusters []ThrusterState
	// MainThrottle is the main engine's throttle, 0..1 (clamped).
	MainThrottle float64
	// Alarms is the set of alarms currently raised. An alarm repeats its beep pattern
	// for as long as its bit stays set.
	Alarms AlarmSet
	// Events are the one-off sounds that happened during this tick.
	Events []Event
}

// ThrusterState is one RCS thruster group's command during a tick.
type ThrusterState struct {
	// Group identifies the thruster group; the same id must be used from tick to tick.
	Group int
	// Level is the commanded thrust as a fraction of full thrust, 0..1 (clamped).
	Level float64
	// Pan places the group left (−1) or right (+1) of the listener, relative to the
	// camera; 0 is centre (clamped to −1..1).
	Pan float64
	// Fine marks fine-control pulses, played quieter and shorter.
	Fine bool
}

// AlarmSet is a set of alarms, one bit each.
type AlarmSet uint8

// The alarms, each with its own beep pattern.
const (
	// AlarmDescentTooFast: three fast high beeps (1400 Hz), repeating every 0.6 s.
	AlarmDescentTooFast AlarmSet = 1 << iota
	// AlarmLowFuel: a falling two-tone (880 Hz then 660 Hz), repeating every 1.2 s.
	AlarmLowFuel
	// AlarmTumbling: a fast warble (330/440 Hz ×4), repeating every 0.9 s.
	AlarmTumbling

	alarmCount = iota
)

// Has reports whether a is in the set.
func (s AlarmSet) Has(a AlarmSet) bool { return s&a != 0 }

// EventKind says which one-off sound an Event makes.
type EventKind uint8

// The event kinds.
const (
	// EventNone is ignored.
	EventNone EventKind = iota
	// EventImpact is a contact between two bodies: a thump whose loudness follows
	// Impulse and whose pitch follows MassA and MassB.
	EventImpact
	// EventTouchdown is one landing foot touching the ground (Foot, Impulse optional).
	EventTouchdown
	// EventDockLatch is the docking latch closing: a metallic clunk.
	EventDockLatch
	// EventSuccess is the mission-success cue.
	EventSuccess
	// EventFailure is the mission-failure cue.
	EventFailure
)

// Event is a one-off sound. Fields that do not apply to Kind are ignored.
type Event struct {
	Kind EventKind
	// Impulse is the contact impulse magnitude, N·s (EventImpact, EventTouchdown).
	// Impacts below 1 N·s are inaudible; loudness grows with log(Impulse) up to 1e5 N·s.
	// A touchdown with Impulse 0 plays at a default loudness.
	Impulse float64
	// MassA and MassB are the two bodies' masses, kg (EventImpact). 0 or +Inf means
	// static (the ground). Pitch falls with the reduced mass: heavier sounds lower.
	MassA, MassB float64
	// Foot is the landing foot's index (EventTouchdown), used only to vary the sound.
	Foot int
	// Pan places the sound left (−1) or right (+1) of the listener; 0 is centre.
	Pan float64
}

// Settings are the player's volume settings.
type Settings struct {
	// Master scales everything, 0..1 (clamped).
	Master float64
	// Effects scales the sound effects (thrusters, engine, impacts, docking), 0..1
	// (clamped); alarms and cues follow Master only.
	Effects float64
	// Mute silences all output (ramped over 10 ms, so no click).
	Mute bool
}

// DefaultSettings returns full volume, not muted.
func DefaultSettings() Settings { return Settings{Master: 1, Effects: 1} }
