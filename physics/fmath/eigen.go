package fmath

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// SymmetricEigen returns the eigenvalues of the symmetric matrix I in
// ascending order and the matching unit eigenvectors as the columns of axes
// (a rotation: its determinant is +1) — an inertia's principal moments and
// axes. It uses cyclic Jacobi rotations, every product that meets a sum
// rounded, so that every machine finds the same bits.
func SymmetricEigen(I mgl64.Mat3) (moments mgl64.Vec3, axes mgl64.Mat3) {
	var a [3][3]float64
	for i := range 3 {
		for j := range 3 {
			a[i][j] = (I.At(i, j) + I.At(j, i)) / 2
		}
	}
	v := [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for sweep := 0; sweep < 50; sweep++ {
		off := float64(a[0][1]*a[0][1]) + float64(a[0][2]*a[0][2]) + float64(a[1][2]*a[1][2])
		diag := float64(a[0][0]*a[0][0]) + float64(a[1][1]*a[1][1]) + float64(a[2][2]*a[2][2])
		if off <= 1e-30*diag || off == 0 {
			break
		}
		for p := 0; p < 2; p++ {
			for q := p + 1; q < 3; q++ {
				if a[p][q] == 0 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := math.Copysign(1, theta) / (math.Abs(theta) + math.Sqrt(float64(theta*theta)+1))
				c := 1 / math.Sqrt(float64(t*t)+1)
				s := t * c
				for k := range 3 {
					akp, akq := a[k][p], a[k][q]
					a[k][p], a[k][q] = float64(c*akp)-float64(s*akq), float64(s*akp)+float64(c*akq)
				}
				for k := range 3 {
					apk, aqk := a[p][k], a[q][k]
					a[p][k], a[q][k] = float64(c*apk)-float64(s*aqk), float64(s*apk)+float64(c*aqk)
				}
				for k := range 3 {
					vkp, vkq := v[k][p], v[k][q]
					v[k][p], v[k][q] = float64(c*vkp)-float64(s*vkq), float64(s*vkp)+float64(c*vkq)
				}
			}
		}
	}
	idx := [3]int{0, 1, 2}
	for i := 0; i < 3; i++ { // sort ascending
		for j := i + 1; j < 3; j++ {
			if a[idx[j]][idx[j]] < a[idx[i]][idx[i]] {
				idx[i], idx[j] = idx[j], idx[i]
			}
		}
	}
	for c, k := range idx {
		moments[c] = a[k][k]
		axes.SetCol(c, mgl64.Vec3{v[0][k], v[1][k], v[2][k]})
	}
	if Det(axes) < 0 {
		axes.SetCol(2, axes.Col(2).Mul(-1))
	}
	return moments, axes
}
