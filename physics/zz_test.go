package physics

import (
	"testing"
)

func TestZZChain(t *testing.T) {
	c := chainSpec{20, 1000, false, false, true, true, 1.0 / 30}
	w := c.build()
	for i := range 7 {
		debugStages = i >= 5
		if err := w.Step(c.dt); err != nil {
			t.Logf("step %d: %v", i, err)
			break
		}
	}
}
