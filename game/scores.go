package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"time"

	"spaceflight/craft"
)

// Score is the best result of one mission.
type Score struct {
	Score   float64   `json:"score"`
	Outcome string    `json:"outcome"`
	Time    float64   `json:"time_s"`
	Fuel    float64   `json:"fuel_used_kg"`
	When    time.Time `json:"when"`
	Replay  string    `json:"replay,omitempty"` // file name of the flight's replay
}

// Scores holds the best score per mission name. It lives in scores.json in
// DataDir and is written atomically.
type Scores struct {
	Best map[string]Score `json:"best"`

	// corrupt is set when the file loaded was corrupt: Save keeps it aside
	// before writing over it.
	corrupt bool
}

// MaxScoresSize is the largest scores file LoadScores reads (bytes).
const MaxScoresSize = 4 << 20

// LoadScores reads the scores file. A missing file gives empty scores. A
// corrupt one gives empty scores and an error saying so; nothing is moved
// or written until Save, which first keeps the corrupt file aside (as path
// + ".corrupt-<time>") so nothing is lost. A run that saves nothing (a
// --screenshot run) leaves the file as it found it.
func LoadScores(path string) (*Scores, error) {
	s := &Scores{Best: map[string]Score{}}
	b, err := ReadFile(path, MaxScoresSize)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if errors.Is(err, craft.ErrTooLarge) {
		s.corrupt = true
		return s, fmt.Errorf("scores not loaded: %w; starting afresh (the file is kept aside when a score is saved)", err)
	}
	if err != nil {
		return s, fmt.Errorf("scores not loaded: %w", err)
	}
	var got Scores
	if err := json.Unmarshal(b, &got); err != nil || got.Best == nil {
		if err == nil {
			err = errors.New(`no "best" table`)
		}
		s.corrupt = true
		return s, fmt.Errorf("scores file %q is corrupt (%v); starting afresh (the file is kept aside when a score is saved)", path, err)
	}
	return &got, nil
}

// Record keeps sc as the mission's best if it beats the old best (higher
// score wins; a tie keeps the older). It reports whether it did. A score
// with a non-finite figure is never kept: JSON cannot hold it, and it
// would stop every later save.
func (s *Scores) Record(mission string, sc Score) bool {
	if !finite(sc.Score) || !finite(sc.Time) || !finite(sc.Fuel) {
		return false
	}
	old, ok := s.Best[mission]
	if ok && old.Score >= sc.Score {
		return false
	}
	s.Best[mission] = sc
	return true
}

// Save writes the scores atomically. When they were loaded from a corrupt
// file, that file is first moved aside, never overwritten.
func (s *Scores) Save(path string) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	if s.corrupt {
		aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405"))
		if err := files.Rename(path, aside); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("the corrupt scores file could not be kept aside, so it is not overwritten: %w", err)
		}
		s.corrupt = false
	}
	return WriteFileAtomic(path, append(b, '\n'))
}
