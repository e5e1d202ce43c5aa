package physics

import (
	"testing"
)

func TestZZStack(t *testing.T) {
	for _, h := range []int{1, 2, 3, 5, 10} {
		w, tops := pile(1, h)
		for i := range 1200 {
			if err := w.Step(dt60); err != nil {
				t.Fatal(err)
			}
			if i%300 == 299 || i < 3 {
				st := w.Stats()
				t.Logf("h %d step %d: offset %.3f mm, top v %v, it %d, pen %.3g", h, i, standing(w, tops, h)*1e3, w.Body(tops[0]).Velocity(), st.Iterations, st.MaxPenetration)
			}
		}
	}
}
