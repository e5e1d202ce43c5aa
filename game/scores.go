package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"spaceflight/craft"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
)

// Score is the best result of one mission.
type Score struct {
	Score   float64   `json:"score"`
	Outcome string    `json:"outcome"`
	Time    float64   `json:"time_s"`
	Fuel    float64   `json:"fuel_used_kg"`
	When    time.Time `json:"when"`
	Replay  string    `json:"replay,omitempty"` // file name of the flight's replay
	Medal   string    `json:"medal,omitempty"`  // "gold", "silver", "bronze" or none (hand-flown only)
	// Assisted: the autopilot flew at some moment of the flight. Such a
	// flight never counts as a best by hand, and wins no medal.
	Assisted bool `json:"assisted,omitempty"`
}

// Scores holds the best score per mission name. It lives in scores.json in
// DataDir and is written atomically.
type Scores struct {
	// Best is the best hand-flown flight per mission (by the name it was
	// flown by: a library name or a path): the scores and medals the
	// mission menu shows, the player's progress along the path.
	Best map[string]Score `json:"best"`
	// Assisted is the best flight per mission in which the autopilot flew.
	Assisted map[string]Score `json:"assisted,omitempty"`

	// aside is set when the file at the path loaded could not be used —
	// corrupt, or not readable at all (permission, I/O error, a folder in
	// its place) — and must be kept aside before anything is written
	// there: the word that names it, "corrupt" or "unreadable".
	aside string
}

// MaxScoresSize is the largest scores file LoadScores reads (bytes).
const MaxScoresSize = 4 << 20

// LoadScores reads the scores file. A missing file gives empty scores.
// One that cannot be used — corrupt, too large, or not readable at all
// (no permission, an I/O error, a folder or a device in its place) —
// gives empty scores and an error saying so; nothing is moved or written
// until Save, which first keeps that file aside (as path +
// ".corrupt-TIME" or ".unreadable-TIME") so nothing is lost: a player's
// gold is never written over because the file could not be read that
// once. A run that saves nothing (a --screenshot run) leaves the file as
// it found it.
func LoadScores(path string) (*Scores, error) {
	s := &Scores{Best: map[string]Score{}}
	b, err := storage.ReadFile(path, MaxScoresSize)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		s.aside = "unreadable"
		return s, fmt.Errorf("scores file %s could not be read (%w); starting afresh, and it is kept aside, not overwritten, when a score is saved", craft.Printable(path), err)
	}
	var got Scores
	if err := json.Unmarshal(b, &got); err != nil || got.Best == nil {
		if err == nil {
			err = errors.New(`no "best" table`)
		}
		s.aside = "corrupt"
		return s, fmt.Errorf("scores file %s is corrupt (%v); starting afresh, and it is kept aside, not overwritten, when a score is saved", craft.Printable(path), err)
	}
	return &got, nil
}

// Record keeps sc as the mission's best if it beats the old best (higher
// score wins; a tie keeps the older): a hand-flown flight among the
// hand-flown ones, an assisted flight (sc.Assisted) among the assisted
// ones, so the autopilot never takes a best by hand. It reports whether it
// did. A score with a non-finite figure is never kept: JSON cannot hold
// it, and it would stop every later save.
func (s *Scores) Record(mission string, sc Score) bool {
	if !flight.Finite(sc.Score) || !flight.Finite(sc.Time) || !flight.Finite(sc.Fuel) {
		return false
	}
	table := &s.Best
	if sc.Assisted {
		sc.Medal = ""
		table = &s.Assisted
	}
	if *table == nil {
		*table = map[string]Score{}
	}
	old, ok := (*table)[mission]
	if ok && old.Score >= sc.Score {
		return false
	}
	(*table)[mission] = sc
	return true
}

// best is the best hand-flown flight of the mission flown as ref; scores
// saved before missions were kept by library name are found by the
// mission's display name.
func (s *Scores) best(ref, display string) (Score, bool) {
	if b, ok := s.Best[ref]; ok {
		return b, true
	}
	b, ok := s.Best[display]
	return b, ok
}

// Save writes the scores atomically. When they were loaded from a file
// that could not be used, that file is first moved aside, never
// overwritten, and aside is its new name (for the player to be told);
// when it cannot be moved, nothing is written.
func (s *Scores) Save(path string) (aside string, err error) {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return "", err
	}
	if s.aside != "" {
		aside = fmt.Sprintf("%s.%s-%s", path, s.aside, time.Now().UTC().Format("20060102T150405")) // a file name, not game state
		if err := storage.Rename(path, aside); errors.Is(err, fs.ErrNotExist) {
			aside = "" // gone since: nothing to keep
		} else if err != nil {
			return "", fmt.Errorf("the %s scores file could not be kept aside, so it is not overwritten: %w", s.aside, err)
		}
		s.aside = ""
	}
	return aside, storage.WriteFileAtomic(path, append(b, '\n'))
}
