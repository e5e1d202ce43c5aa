package flight

import (
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"strings"
)

// What the game reports about a flight — sim's JSON, replays, scores —
// must survive whatever the physics did: a figure that went NaN or
// infinite is reported as such, never lost with the rest of the report.

// Verdict is how a flight ended, as sim reports it and replays record it:
// the mission's outcome ("success", "failure", "crash"), "undecided" while
// the mission is still open, or "diverged" when the physics failed; and
// the reason.
func Verdict(f *Flight) (outcome, reason string) {
	switch {
	case f.Err != nil:
		return "diverged", f.Err.Error()
	case f.Judge.Outcome == Flying:
		return "undecided", fmt.Sprintf("no outcome within %.0f s", f.Time())
	}
	return f.Judge.Outcome.String(), f.Judge.Reason
}

// Number is a figure in a report. JSON has no NaN or infinity, so a
// Number that is not finite is written as null.
type Number float64

// MarshalJSON writes n as a JSON number, or null when it is not finite.
func (n Number) MarshalJSON() ([]byte, error) {
	if !Finite(float64(n)) {
		return []byte("null"), nil
	}
	return json.Marshal(float64(n))
}

// NoteNonFinite adds to the reason every figure of r that is not finite
// (it is null in the JSON), by its JSON name.
func (r *Result) NoteNonFinite() {
	var bad []string
	v := reflect.ValueOf(r).Elem()
	for i := range v.NumField() {
		if x, ok := v.Field(i).Interface().(Number); ok && !Finite(float64(x)) {
			name, _, _ := strings.Cut(v.Type().Field(i).Tag.Get("json"), ",")
			bad = append(bad, fmt.Sprintf("%s is %v", name, float64(x)))
		}
	}
	if len(bad) > 0 {
		r.Reason += fmt.Sprintf(" (not finite, so null: %s)", strings.Join(bad, ", "))
	}
}

// Peak is the largest value of a statistic over a flight. A NaN value does
// not wipe out the finite peak so far (as Go's max would): it is passed
// over, and NaN remembers that it happened, for the report to say.
type Peak struct {
	Max float64
	NaN bool
}

// Add takes the value of one tick.
func (p *Peak) Add(v float64) {
	if math.IsNaN(v) {
		p.NaN = true
		return
	}
	p.Max = max(p.Max, v)
}

// Note is what the report adds to its reason about the peak named name.
func (p *Peak) Note(name string) string {
	if !p.NaN {
		return ""
	}
	return fmt.Sprintf(" (%s was NaN on some ticks; the largest other value is given)", name)
}

// Finite reports whether x is neither NaN nor ±Inf.
func Finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// RelDrift is how far x has drifted from x0, relative to |x0| (absolute
// when x0 is 0).
func RelDrift(x, x0 float64) float64 {
	if x0 == 0 {
		return math.Abs(x)
	}
	return math.Abs(x-x0) / math.Abs(x0)
}
