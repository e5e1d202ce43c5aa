package fmath

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestSymmetricEigen: random inertias — distinct, nearly equal and equal
// moments, at random orientations — give A v = λ v, ascending moments and
// a rotation of axes to rounding.
func TestSymmetricEigen(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	worst := 0.0
	for n := range 2000 {
		d := [3]float64{0.1 + 10*rng.Float64(), 0.1 + 10*rng.Float64(), 0.1 + 10*rng.Float64()}
		switch n % 4 {
		case 1:
			d[1] = d[0] * (1 + 1e-9*rng.Float64())
		case 2:
			d[1] = d[0]
		case 3:
			d[1], d[2] = d[0], d[0]
		}
		r := mgl64.QuatRotate(2*math.Pi*rng.Float64(), mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()).Mat4().Mat3()
		a := r.Mul3(mgl64.Diag3(mgl64.Vec3{d[0], d[1], d[2]})).Mul3(r.Transpose())
		moments, axes := SymmetricEigen(a)
		scale := max(d[0], d[1], d[2])
		for k := range 3 {
			v := axes.Col(k)
			worst = max(worst, a.Mul3x1(v).Sub(v.Mul(moments[k])).Len()/scale)
			for l := range 3 {
				want := 0.0
				if k == l {
					want = 1
				}
				worst = max(worst, math.Abs(v.Dot(axes.Col(l))-want))
			}
		}
		if !(moments[0] <= moments[1] && moments[1] <= moments[2]) || math.Abs(axes.Det()-1) > 1e-12 {
			t.Fatalf("case %d: moments %v not ascending or axes not a rotation (det %g)", n, moments, axes.Det())
		}
	}
	t.Logf("worst residual |A v − λ v|/|A|, |vᵢ·vⱼ − δᵢⱼ|: %.2e", worst)
	if worst > 1e-13 {
		t.Errorf("worst residual %.3g, want < 1e-13", worst)
	}
}
