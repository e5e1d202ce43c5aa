package game

import (
	"bytes"
	"cmp"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"sort"

	"spaceflight/craft"
)

// ReplayFormat is the version of the replay file layout.
const ReplayFormat = 1

// Replay is a recorded flight: which mission, the exact files it used (by
// hash), the step, and every command with its tick. Re-running the commands
// with the same binary reproduces the flight bit for bit; FinalHash lets a
// re-run prove it.
type Replay struct {
	Format    int               `json:"format"`
	Mission   string            `json:"mission"`
	Files     map[string]string `json:"files"` // file name → SHA-256 of its bytes when recorded
	Dt        float64           `json:"dt"`
	Ticks     uint64            `json:"ticks"`      // length of the flight
	Commands  []Command         `json:"commands"`   // in tick order
	FinalHash string            `json:"final_hash"` // Flight.StateHash at the end
	Outcome   string            `json:"outcome,omitempty"`
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
	return WriteFileAtomic(path, b)
}

// ErrReplay marks a replay file that cannot be used.
var ErrReplay = errors.New("bad replay")

// MaxReplaySize is the largest replay file LoadReplay reads (bytes): a
// flight of hours with a command every tick fits.
const MaxReplaySize = 64 << 20

// LoadReplay reads and checks a replay file.
func LoadReplay(path string) (*Replay, error) {
	b, err := craft.ReadFile(path, MaxReplaySize)
	if err != nil {
		return nil, err
	}
	var r Replay
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%s: %w: %v", craft.Printable(path), ErrReplay, err)
	}
	switch {
	case r.Format != ReplayFormat:
		return nil, fmt.Errorf("%s: %w: format %d, this game reads %d", craft.Printable(path), ErrReplay, r.Format, ReplayFormat)
	case !(r.Dt > 0 && r.Dt <= 0.1):
		return nil, fmt.Errorf("%s: %w: dt %g out of range", craft.Printable(path), ErrReplay, r.Dt)
	case !slices.IsSortedFunc(r.Commands, func(a, b Command) int { return cmp.Compare(a.Tick, b.Tick) }):
		return nil, fmt.Errorf("%s: %w: commands out of tick order", craft.Printable(path), ErrReplay)
	}
	return &r, nil
}

// ChangedFiles compares the recorded hashes with the files as they are now
// (name → bytes; a name missing from current counts as changed) and returns
// the names that differ, sorted.
func (r *Replay) ChangedFiles(current map[string][]byte) []string {
	var changed []string
	for name, h := range r.Files {
		data, ok := current[name]
		if !ok || HashFile(data) != h {
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
