package physics

import (
	"math"
	"math/rand/v2"
	"testing"
)

func TestZZLU(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 8; n++ {
		a := make([]float64, n*n)
		for i := range a {
			a[i] = rng.Float64()*2 - 1
		}
		x := make([]float64, n)
		for i := range x {
			x[i] = rng.Float64()
		}
		b := make([]float64, n)
		for i := range n {
			for j := range n {
				b[i] += a[i*n+j] * x[j]
			}
		}
		f := append([]float64(nil), a...)
		piv := make([]int32, n)
		luDense(f, n, piv)
		y := append([]float64(nil), b...)
		luSolve(f, n, piv, y, make([]float64, n))
		e := 0.0
		for i := range x {
			e = math.Max(e, math.Abs(x[i]-y[i]))
		}
		if e > 1e-9 {
			t.Errorf("n %d: err %g", n, e)
		}
	}
}
