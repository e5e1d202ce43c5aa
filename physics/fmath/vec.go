// Package fmath is floating-point arithmetic that gives the same bits on
// every machine: the mgl64 operations and the math functions the flight
// uses, with every product that meets a sum rounded by an explicit
// float64 conversion, so that no compiler fuses it into a multiply-add
// (Go fuses x*y + z on arm64, ppc64, s390x and riscv64, and on amd64 built
// with GOAMD64=v3, unless a conversion forces the product's rounding).
// Each is mgl64's or Go's pure-Go math's operations in the same order, so
// where nothing is fused (amd64, wasm) the results are bit for bit theirs.
//
// A function of this package rounds its float64 arguments before it sums
// them: inlined into its caller, it must not fuse a product the
// caller hands it. Arrays (Vec3, Mat3, Quat) are passed in memory, rounded.
//
// math.Sqrt, Abs, Floor, Ceil, Trunc, Min, Max and Mod are exact (correctly
// rounded) on every machine and need no stand-in. docs/determinism.md says
// why this package exists and how the rest of the code is checked.
package fmath

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Dot returns a·b: mgl64's Vec3.Dot.
func Dot(a, b mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

// Cross returns a × b: mgl64's Vec3.Cross.
func Cross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(a[1]*b[2]) - float64(a[2]*b[1]),
		float64(a[2]*b[0]) - float64(a[0]*b[2]),
		float64(a[0]*b[1]) - float64(a[1]*b[0]),
	}
}

// Len returns |v|: mgl64's Vec3.Len.
func Len(v mgl64.Vec3) float64 { return math.Sqrt(Dot(v, v)) }

// Normalize returns v/|v| (infinite or NaN for the zero vector):
// mgl64's Vec3.Normalize.
func Normalize(v mgl64.Vec3) mgl64.Vec3 {
	l := 1.0 / Len(v)
	return mgl64.Vec3{v[0] * l, v[1] * l, v[2] * l}
}

// AddScaled returns a + s b, term by term.
func AddScaled(a, b mgl64.Vec3, s float64) mgl64.Vec3 {
	return mgl64.Vec3{a[0] + float64(s*b[0]), a[1] + float64(s*b[1]), a[2] + float64(s*b[2])}
}

// MulMV returns m v: mgl64's Mat3.Mul3x1.
func MulMV(m mgl64.Mat3, v mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		float64(m[0]*v[0]) + float64(m[3]*v[1]) + float64(m[6]*v[2]),
		float64(m[1]*v[0]) + float64(m[4]*v[1]) + float64(m[7]*v[2]),
		float64(m[2]*v[0]) + float64(m[5]*v[1]) + float64(m[8]*v[2]),
	}
}

// MulMM returns a b: mgl64's Mat3.Mul3.
func MulMM(a, b mgl64.Mat3) mgl64.Mat3 {
	var m mgl64.Mat3
	for c := range 3 {
		col := MulMV(a, mgl64.Vec3{b[3*c], b[3*c+1], b[3*c+2]})
		m[3*c], m[3*c+1], m[3*c+2] = col[0], col[1], col[2]
	}
	return m
}

// Det returns the determinant of m: mgl64's Mat3.Det.
func Det(m mgl64.Mat3) float64 {
	return float64(m[0]*m[4]*m[8]) + float64(m[3]*m[7]*m[2]) + float64(m[6]*m[1]*m[5]) -
		float64(m[6]*m[4]*m[2]) - float64(m[3]*m[1]*m[8]) - float64(m[0]*m[7]*m[5])
}

// Inv returns m⁻¹, or the zero matrix when m's determinant is within
// mgl64's epsilon of 0: mgl64's Mat3.Inv.
func Inv(m mgl64.Mat3) mgl64.Mat3 {
	det := Det(m)
	if mgl64.FloatEqual(det, 0) {
		return mgl64.Mat3{}
	}
	d := func(a, b, c, e int) float64 { return float64(m[a]*m[b]) - float64(m[c]*m[e]) }
	return mgl64.Mat3{
		d(4, 8, 5, 7), d(2, 7, 1, 8), d(1, 5, 2, 4),
		d(5, 6, 3, 8), d(0, 8, 2, 6), d(2, 3, 0, 5),
		d(3, 7, 4, 6), d(1, 6, 0, 7), d(0, 4, 1, 3),
	}.Mul(1 / det)
}

// Rotate returns v turned by the unit quaternion q: mgl64's Quat.Rotate,
// v + 2w (q⃗ × v) + 2q⃗ × (q⃗ × v).
func Rotate(q mgl64.Quat, v mgl64.Vec3) mgl64.Vec3 {
	c := Cross(q.V, v)
	return v.Add(c.Mul(2 * q.W)).Add(Cross(q.V.Mul(2), c))
}

// QuatMul returns the Hamilton product a b: mgl64's Quat.Mul.
func QuatMul(a, b mgl64.Quat) mgl64.Quat {
	return mgl64.Quat{
		W: float64(a.W*b.W) - Dot(a.V, b.V),
		V: Cross(a.V, b.V).Add(b.V.Mul(a.W)).Add(a.V.Mul(b.W)),
	}
}

// QuatDot returns a·b as 4-vectors: mgl64's Quat.Dot.
func QuatDot(a, b mgl64.Quat) float64 {
	return float64(a.W*b.W) + float64(a.V[0]*b.V[0]) + float64(a.V[1]*b.V[1]) + float64(a.V[2]*b.V[2])
}

// QuatLen returns |q|: mgl64's Quat.Len.
func QuatLen(q mgl64.Quat) float64 { return math.Sqrt(QuatDot(q, q)) }

// QuatInverse returns q⁻¹ = q̄/|q|²: mgl64's Quat.Inverse.
func QuatInverse(q mgl64.Quat) mgl64.Quat { return q.Conjugate().Scale(1 / QuatDot(q, q)) }

// QuatNormalize returns q/|q|, q itself when |q| is within mgl64's epsilon
// of 1, the identity for the zero quaternion: mgl64's Quat.Normalize.
func QuatNormalize(q mgl64.Quat) mgl64.Quat {
	l := QuatLen(q)
	switch {
	case mgl64.FloatEqual(1, l):
		return q
	case l == 0:
		return mgl64.QuatIdent()
	case math.IsInf(l, 1):
		l = math.MaxFloat64
	}
	return mgl64.Quat{W: q.W * 1 / l, V: q.V.Mul(1 / l)}
}

// QuatRotate returns the rotation by angle (radians) about the unit axis:
// mgl64's QuatRotate.
func QuatRotate(angle float64, axis mgl64.Vec3) mgl64.Quat {
	s, c := Sincos(angle / 2)
	return mgl64.Quat{W: c, V: axis.Mul(s)}
}

// QuatMat3 returns the rotation matrix of the unit quaternion q: the upper
// left of mgl64's Quat.Mat4.
func QuatMat3(q mgl64.Quat) mgl64.Mat3 {
	w, x, y, z := q.W, q.V[0], q.V[1], q.V[2]
	return mgl64.Mat3{
		1 - float64(2*y*y) - float64(2*z*z), float64(2*x*y) + float64(2*w*z), float64(2*x*z) - float64(2*w*y),
		float64(2*x*y) - float64(2*w*z), 1 - float64(2*x*x) - float64(2*z*z), float64(2*y*z) + float64(2*w*x),
		float64(2*x*z) + float64(2*w*y), float64(2*y*z) - float64(2*w*x), 1 - float64(2*x*x) - float64(2*y*y),
	}
}
