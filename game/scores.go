package game

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
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
}

// LoadScores reads the scores file. A missing file gives empty scores. A
// corrupt one is moved aside (to path + ".corrupt-<time>") so nothing is
// lost, empty scores are returned, and the error says where it went.
func LoadScores(path string) (*Scores, error) {
	s := &Scores{Best: map[string]Score{}}
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, err
	}
	var got Scores
	if err := json.Unmarshal(b, &got); err != nil || got.Best == nil {
		aside := fmt.Sprintf("%s.corrupt-%s", path, time.Now().UTC().Format("20060102T150405"))
		if rerr := os.Rename(path, aside); rerr != nil {
			return s, fmt.Errorf("scores file %s is corrupt (%v) and could not be moved aside: %v", path, err, rerr)
		}
		return s, fmt.Errorf("scores file %s was corrupt; kept it as %s and started afresh", path, aside)
	}
	return &got, nil
}

// Record keeps sc as the mission's best if it beats the old best (higher
// score wins; a tie keeps the older). It reports whether it did.
func (s *Scores) Record(mission string, sc Score) bool {
	old, ok := s.Best[mission]
	if ok && old.Score >= sc.Score {
		return false
	}
	s.Best[mission] = sc
	return true
}

// Save writes the scores atomically.
func (s *Scores) Save(path string) error {
	b, err := json.MarshalIndent(s, "", " ")
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, append(b, '\n'))
}
