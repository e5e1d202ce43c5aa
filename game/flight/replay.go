package flight

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"spaceflight/craft"
	"spaceflight/game/storage"
)

// ReplayFormat is the version of the replay file layout. Format 2 added
// the reason and made the outcome required: a re-run must match both.
const ReplayFormat = 2

// Replay is a recorded flight: which mission, the exact files it used (by
// hash), the step, every command with its tick, and how it ended. Re-running
// the commands with the same binary reproduces the flight bit for bit; a
// re-run is checked as a whole against Ticks, Outcome, Reason and FinalHash
// (Mismatches).
type Replay struct {
	Format    int               `json:"format"`
	Mission   string            `json:"mission"` // a library name, or a .toml path relative to the replay's folder
	Files     map[string]string `json:"files"`   // file name → SHA-256 of its bytes when recorded
	Dt        float64           `json:"dt"`
	Ticks     uint64            `json:"ticks"`      // length of the flight
	Commands  []Command         `json:"commands"`   // in tick order
	FinalHash string            `json:"final_hash"` // Flight.StateHash at the end
	Outcome   string            `json:"outcome"`    // as verdict gives it
	Reason    string            `json:"reason"`
	// Assisted: the autopilot was engaged at some moment of the flight
	// (Flight.Assisted). Absent in replays recorded before it was kept.
	Assisted *bool `json:"assisted,omitempty"`
}

// MaxFlightTime bounds every flight (s): a sim run, and a replay of a
// mission without a time limit. A day at 60 ticks a second is 5.2 million
// ticks.
const MaxFlightTime = 24 * 3600.0

// maxTicks is the most ticks a flight of m can last at step dt: its time
// limit (or MaxFlightTime), the run-on after the decision, and a tick of
// slack for rounding.
func maxTicks(m *craft.Mission, dt float64) uint64 {
	limit := m.TimeLimit
	if !(limit > 0 && limit < MaxFlightTime) {
		limit = MaxFlightTime
	}
	return uint64(math.Ceil(limit/dt)) + uint64(math.Round(runOn/dt)) + 2
}

// Fits checks the replay against the mission it names: it cannot have
// flown longer than the mission lets a flight last.
func (r *Replay) Fits(m *craft.Mission) error {
	if n := maxTicks(m, r.Dt); r.Ticks > n {
		return fmt.Errorf("%w: ticks %d: mission %q ends a flight within %d ticks of %g s", ErrReplay, r.Ticks, m.Name, n, r.Dt)
	}
	return nil
}

// Ended reports whether the re-run f of the recording has come to where
// the recording ends: the flight is over (decided, and the run-on flown)
// or stopped, or it has flown the recorded ticks. Every re-run stops
// there — sim's, the window's, a ghost's — so the recorded tick count is
// checked against the flight itself: a recording that claims more ticks
// than its flight took ends early (Mismatches names the ticks), one that
// claims fewer ends before its flight was decided or over (the outcome or
// the final hash differ). A recording may end during the run-on (sim
// --duration stops it where it is).
func (r *Replay) Ended(f *Flight) bool {
	return f.Err != nil || f.Over() || f.Tick >= r.Ticks
}

// Mismatches compares the re-run flight f, stopped where Ended says, with
// the recording, field by field, and describes each that differs: ticks,
// outcome, reason, final_hash. None means the re-run reproduced the
// recording.
func (r *Replay) Mismatches(f *Flight) []string {
	outcome, reason := Verdict(f)
	var out []string
	if f.Tick != r.Ticks {
		out = append(out, fmt.Sprintf("ticks: recorded %d, but the re-run's flight ended at tick %d", r.Ticks, f.Tick))
	}
	if outcome != r.Outcome {
		out = append(out, fmt.Sprintf("outcome: recorded %q, re-run %q", r.Outcome, outcome))
	}
	if reason != r.Reason {
		out = append(out, fmt.Sprintf("reason: recorded %q, re-run %q", r.Reason, reason))
	}
	if r.Assisted != nil && *r.Assisted != f.Assisted {
		out = append(out, fmt.Sprintf("assisted: recorded %t, re-run %t", *r.Assisted, f.Assisted))
	}
	if h := f.StateHash(); h != r.FinalHash {
		out = append(out, fmt.Sprintf("final_hash: recorded %q, re-run %q", r.FinalHash, h))
	}
	return out
}

// namesFile reports whether a mission reference is a file path rather than
// a library name, as the craft library tells them apart.
func namesFile(ref string) bool {
	return strings.HasSuffix(ref, ".toml") || strings.ContainsAny(ref, `/\`)
}

// missionRefFrom is how a replay saved at replayPath names mission (as the
// user gave it): a library name as it is; a path relative to the replay's
// folder, with /, so that the replay finds it again where it is allowed to
// look (craft.Library.WatchMissionNamedIn).
func MissionRefFrom(replayPath, mission string) string {
	if !namesFile(mission) {
		return mission
	}
	dir, err1 := filepath.Abs(filepath.Dir(replayPath))
	abs, err2 := filepath.Abs(mission)
	if err1 != nil || err2 != nil {
		return mission
	}
	rel, err := filepath.Rel(dir, abs)
	if err != nil {
		return mission
	}
	return filepath.ToSlash(rel)
}

// MarshalJSON writes a command as [tick, "kind", value]: short, and the kind
// by name so a file stays readable and survives reordering of the constants.
func (c Command) MarshalJSON() ([]byte, error) {
	return json.Marshal([]any{c.Tick, c.Kind.String(), c.Value})
}

// UnmarshalJSON reads the form MarshalJSON writes.
func (c *Command) UnmarshalJSON(b []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil || len(raw) != 3 {
		return fmt.Errorf("command %.80q: want [tick, \"kind\", value]", b)
	}
	var name string
	if err := json.Unmarshal(raw[0], &c.Tick); err != nil {
		return fmt.Errorf("command %.80q: tick: %v", b, err)
	}
	if err := json.Unmarshal(raw[1], &name); err != nil {
		return fmt.Errorf("command %.80q: kind: %v", b, err)
	}
	k, ok := kindByName(name)
	if !ok {
		return fmt.Errorf("command %.80q: unknown kind %q", b, name)
	}
	c.Kind = k
	if err := json.Unmarshal(raw[2], &c.Value); err != nil {
		return fmt.Errorf("command %.80q: value: %v", b, err)
	}
	return nil
}

func kindByName(name string) (Kind, bool) {
	for k := range kindCount {
		if k.String() == name && k != KindNone {
			return k, true
		}
	}
	return 0, false
}

// HashFile is the hash a replay keeps of each file it used.
func HashFile(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// Encode returns the replay as indented JSON.
func (r *Replay) Encode() ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetIndent("", " ")
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Save writes the replay atomically: a crash mid-write leaves any old file
// whole.
func (r *Replay) Save(path string) error {
	b, err := r.Encode()
	if err != nil {
		return err
	}
	return storage.WriteFileAtomic(path, b)
}

// ErrReplay marks a replay file that cannot be used.
var ErrReplay = errors.New("bad replay")

// MaxReplaySize is the largest replay file LoadReplay reads (bytes): a
// flight of hours with a command every tick fits.
const MaxReplaySize = 64 << 20

// LoadReplay reads and checks a replay: a file, or a link that carries
// one (IsLink, ReplayFromLink).
func LoadReplay(path string) (*Replay, error) {
	if IsLink(path) {
		return ReplayFromLink(path)
	}
	b, err := storage.ReadFile(path, MaxReplaySize)
	if err != nil {
		return nil, err
	}
	return ParseReplay(path, b)
}

// ParseReplay checks the content b of the replay file path: its layout,
// and every field on its own. Whether it fits its mission is checked once
// the mission is loaded (fits), whether it reproduces by re-running it.
func ParseReplay(path string, b []byte) (*Replay, error) {
	var r Replay
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", craft.Printable(path), ErrReplay, err)
	}
	bad := func(format string, args ...any) (*Replay, error) {
		return nil, fmt.Errorf("%s: %w: %s", craft.Printable(path), ErrReplay, fmt.Sprintf(format, args...))
	}
	// One JSON value and nothing else: what follows it (a note, a second
	// copy) would be read by nobody, so a file that has it is not one
	// the game wrote.
	if _, err := dec.Token(); err != io.EOF {
		return bad("more after the replay's JSON object (at byte %d): a replay file is that object alone", dec.InputOffset())
	}
	switch {
	case r.Format != ReplayFormat:
		return bad("format %d, this game reads %d", r.Format, ReplayFormat)
	case r.Mission == "":
		return bad("mission: missing")
	case CheckDt(r.Dt) != nil:
		return bad("%v", CheckDt(r.Dt))
	case r.Ticks > uint64(MaxFlightTime/r.Dt)+uint64(math.Round(runOn/r.Dt))+2:
		return bad("ticks %d: more than a flight of %g s lasts", r.Ticks, MaxFlightTime)
	case !slices.IsSortedFunc(r.Commands, func(a, b Command) int { return cmp.Compare(a.Tick, b.Tick) }):
		return bad("commands out of tick order")
	case len(r.Commands) > 0 && r.Commands[len(r.Commands)-1].Tick > r.Ticks:
		return bad("commands: one at tick %d, after the flight's end (ticks %d)", r.Commands[len(r.Commands)-1].Tick, r.Ticks)
	case r.Outcome == "":
		return bad("outcome: missing")
	case len(r.FinalHash) != 16:
		return bad("final_hash %q: want 16 hex digits", r.FinalHash)
	}
	return &r, nil
}

// ChangedFiles compares the recorded hashes with the files the flight uses
// now (name → bytes) and returns, sorted, the names that differ: a file
// whose bytes changed, a recorded file no longer used or readable, and a
// file used now that the replay does not know.
func (r *Replay) ChangedFiles(current map[string][]byte) []string {
	var changed []string
	for name, h := range r.Files {
		data, ok := current[name]
		if !ok || HashFile(data) != h {
			changed = append(changed, name)
		}
	}
	for name := range current {
		if _, ok := r.Files[name]; !ok {
			changed = append(changed, name)
		}
	}
	sort.Strings(changed)
	return changed
}

// HashFiles returns the hashes a replay keeps of the files a flight used.
func HashFiles(files map[string][]byte) map[string]string {
	out := make(map[string]string, len(files))
	for name, b := range files {
		out[name] = HashFile(b)
	}
	return out
}

// FileSafe turns s into a name fit for a file or a telemetry channel:
// letters, digits and '-' kept, anything else '_'.
func FileSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '_'
	}, s)
}
