package craft

import (
	"math"
	"strings"
	"testing"
)

// lessonMission is baseMission as a free mission with three lessons.
var lessonMission = strings.Replace(baseMission, `kind = "dock"`, `kind = "free"`, 1) + `
[[lesson]]
say = "Pitch up: hold {pitch_up}"
do = "pitch_up"

[[lesson]]
say = "Move up"
do = "translate_up"
amount = 0.4
hold = 2

[[lesson]]
say = "Fine control"
do = "fine_control"
`

func TestLessonsLoad(t *testing.T) {
	m, err := failureLibrary(lessonMission).LoadMission("m")
	if err != nil {
		t.Fatal(err)
	}
	want := []Lesson{
		{Say: "Pitch up: hold {pitch_up}", Do: DoPitchUp, Amount: 3 * math.Pi / 180, Hold: 0.5},
		{Say: "Move up", Do: DoTranslateUp, Amount: 0.4, Hold: 2},
		{Say: "Fine control", Do: DoFineControl, Hold: 0.5},
	}
	if len(m.Lessons) != len(want) {
		t.Fatalf("got %d lessons, want %d", len(m.Lessons), len(want))
	}
	for i, l := range m.Lessons {
		if l != want[i] {
			t.Errorf("lesson %d: got %+v, want %+v", i, l, want[i])
		}
	}
}

// Every broken lesson is reported at its own line and key.
func TestBrokenLessons(t *testing.T) {
	checkBroken(t, lessonMission, failureLibrary, []brokenCase{
		{"unknown do", `do = "pitch_up"`, `do = ` + marker + `"pitch_upp"`, "lesson[0].do", `did you mean "pitch_up"?`},
		{"nothing to say", `say = "Move up"`, `say = ` + marker + `""`, "lesson[1].say", "missing"},
		{"negative amount", "amount = 0.4", "amount = " + marker + "-0.4", "lesson[1].amount", "must be > 0"},
		{"amount of fine control", "do = \"fine_control\"\n", "do = \"fine_control\"\namount = " + marker + "1\n", "lesson[2].amount", "not used by fine_control"},
		{"negative hold", "hold = 2", "hold = " + marker + "-2", "lesson[1].hold", "must be ≥ 0"},
		{"a say too long", `say = "Move up"`, `say = ` + marker + `"` + strings.Repeat("x", MaxLineLength+1) + `"`, "lesson[1].say", "the limit is 160"},
	})
	tumble := strings.Replace(lessonMission, `kind = "free"`, `kind = "tumble"`, 1)
	if _, err := failureLibrary(tumble).LoadMission("m"); err == nil || !strings.Contains(err.Error(), "lesson: only for a free mission") {
		t.Errorf("lessons in a tumble mission: %v", err)
	}
}
