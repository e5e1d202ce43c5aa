package physics

import (
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestStageListDocumented: doc.go lists the stages of a step in the order
// of the Stage constants, which is the order Step runs them in.
func TestStageListDocumented(t *testing.T) {
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	var doc []string
	for _, m := range regexp.MustCompile(`(?m)^//\t(Stage[A-Za-z0-9]+)\s`).FindAllStringSubmatch(string(src), -1) {
		doc = append(doc, strings.ToLower(m[1]))
	}
	var code []string
	for s := Stage(0); s < NumStages; s++ {
		code = append(code, "stage"+s.String())
	}
	if strings.Join(doc, " ") != strings.Join(code, " ") {
		t.Errorf("doc.go lists the stages\n  %v\nthe code runs\n  %v", doc, code)
	}
}

// TestStageOrder: a step with sub-steps runs the stages in the documented
// order, the sub-step stages once per sub-step (read from the timings: a
// stage that ran has a positive time).
func TestStageOrder(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, SubSteps: 3, Timings: true})
	addGround(w, 0.5, 0)
	addCube(w, 1, 10, mgl64.Vec3{0, 0.6, 0}, mgl64.QuatIdent(), 0.5, 0)
	if err := w.Step(dt60); err != nil {
		t.Fatal(err)
	}
	st := w.Stats()
	if st.SubSteps != 3 {
		t.Errorf("%d sub-steps, want 3", st.SubSteps)
	}
	for s := Stage(0); s < NumStages; s++ {
		if st.Timings[s] <= 0 {
			t.Errorf("stage %v did not run", s)
		}
	}
}
