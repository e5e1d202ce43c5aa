package game

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A corrupt scores file is reported, and left exactly as it is until a
// score is saved: then it is kept aside, never overwritten. (A run that
// saves nothing, like --screenshot, moves nothing.)
func TestScoresCorruptKeptAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "scores.json")
	os.WriteFile(path, []byte("{not json"), 0o644)
	s, err := LoadScores(path)
	if err == nil || !strings.Contains(err.Error(), "corrupt") {
		t.Fatalf("want a corrupt-file message, got %v", err)
	}
	if len(s.Best) != 0 {
		t.Errorf("scores from a corrupt file: %v", s.Best)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("loading moved or wrote files: %v", ents)
	}
	if b, _ := os.ReadFile(path); string(b) != "{not json" {
		t.Errorf("loading altered the file: %q", b)
	}
	if !s.Record("land", Score{Score: 10}) || s.Record("land", Score{Score: 5}) || !s.Record("land", Score{Score: 11}) {
		t.Error("Record must keep only better scores")
	}
	if s.Record("dock", Score{Score: math.Inf(1)}) || s.Record("dock", Score{Score: 1, Fuel: math.NaN()}) {
		t.Error("Record kept a non-finite score")
	}
	if _, err := s.Save(path); err != nil {
		t.Fatal(err)
	}
	aside, _ := filepath.Glob(path + ".corrupt-*")
	if len(aside) != 1 {
		t.Fatalf("corrupt file not kept aside on save: %v", aside)
	}
	if b, _ := os.ReadFile(aside[0]); string(b) != "{not json" {
		t.Errorf("kept-aside file altered: %q", b)
	}
	s2, err := LoadScores(path)
	if err != nil || s2.Best["land"].Score != 11 {
		t.Errorf("reloaded: %v, %v", s2.Best, err)
	}
}
