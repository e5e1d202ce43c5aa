package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Small float64 helpers on mgl64 values. mgl64 matrices are column-major:
// m[col*3+row].

// quatMat3 returns the rotation matrix of the unit quaternion q.
func quatMat3(q quat) mgl64.Mat3 {
	w, x, y, z := q.w, q.x, q.y, q.z
	xx, yy, zz := float64(x*x), float64(y*y), float64(z*z)
	xy, xz, yz := float64(x*y), float64(x*z), float64(y*z)
	wx, wy, wz := float64(w*x), float64(w*y), float64(w*z)
	return mgl64.Mat3{
		1 - float64(2*(yy+zz)), 2 * (xy + wz), 2 * (xz - wy), // column 0
		2 * (xy - wz), 1 - float64(2*(xx+zz)), 2 * (yz + wx), // column 1
		2 * (xz + wy), 2 * (yz - wx), 1 - float64(2*(xx+yy)), // column 2
	}
}

// mulMV returns m v, row by row: written out with its nine roundings it
// would cost more than the compiler's inlining budget (89 for 80), and
// not inlined it slows the contacts.
func mulMV(m *mgl64.Mat3, v mgl64.Vec3) (mv mgl64.Vec3) {
	for i := range 3 {
		mv[i] = float64(m[i]*v[0]) + float64(m[i+3]*v[1]) + float64(m[i+6]*v[2])
	}
	return mv
}

// mulMTV returns mᵀ v, column by column (as mulMV, to stay inlined).
func mulMTV(m *mgl64.Mat3, v mgl64.Vec3) (mv mgl64.Vec3) {
	for i := range 3 {
		mv[i] = float64(m[3*i]*v[0]) + float64(m[3*i+1]*v[1]) + float64(m[3*i+2]*v[2])
	}
	return mv
}

// rotate3 returns R A Rᵀ (an inertia tensor taken from body to world frame),
// summed in the order of mgl64's R.Mul3(A).Mul3(R.Transpose()).
func rotate3(r, a *mgl64.Mat3) mgl64.Mat3 {
	ra := mgl64.Mat3{
		float64(r[0]*a[0]) + float64(r[3]*a[1]) + float64(r[6]*a[2]), float64(r[1]*a[0]) + float64(r[4]*a[1]) + float64(r[7]*a[2]), float64(r[2]*a[0]) + float64(r[5]*a[1]) + float64(r[8]*a[2]),
		float64(r[0]*a[3]) + float64(r[3]*a[4]) + float64(r[6]*a[5]), float64(r[1]*a[3]) + float64(r[4]*a[4]) + float64(r[7]*a[5]), float64(r[2]*a[3]) + float64(r[5]*a[4]) + float64(r[8]*a[5]),
		float64(r[0]*a[6]) + float64(r[3]*a[7]) + float64(r[6]*a[8]), float64(r[1]*a[6]) + float64(r[4]*a[7]) + float64(r[7]*a[8]), float64(r[2]*a[6]) + float64(r[5]*a[7]) + float64(r[8]*a[8]),
	}
	return mgl64.Mat3{
		float64(ra[0]*r[0]) + float64(ra[3]*r[3]) + float64(ra[6]*r[6]), float64(ra[1]*r[0]) + float64(ra[4]*r[3]) + float64(ra[7]*r[6]), float64(ra[2]*r[0]) + float64(ra[5]*r[3]) + float64(ra[8]*r[6]),
		float64(ra[0]*r[1]) + float64(ra[3]*r[4]) + float64(ra[6]*r[7]), float64(ra[1]*r[1]) + float64(ra[4]*r[4]) + float64(ra[7]*r[7]), float64(ra[2]*r[1]) + float64(ra[5]*r[4]) + float64(ra[8]*r[7]),
		float64(ra[0]*r[2]) + float64(ra[3]*r[5]) + float64(ra[6]*r[8]), float64(ra[1]*r[2]) + float64(ra[4]*r[5]) + float64(ra[7]*r[8]), float64(ra[2]*r[2]) + float64(ra[5]*r[5]) + float64(ra[8]*r[8]),
	}
}

func cross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{float64(a[1]*b[2]) - float64(a[2]*b[1]), float64(a[2]*b[0]) - float64(a[0]*b[2]), float64(a[0]*b[1]) - float64(a[1]*b[0])}
}

func dot(a, b mgl64.Vec3) float64 {
	return float64(a[0]*b[0]) + float64(a[1]*b[1]) + float64(a[2]*b[2])
}

func finite3(v mgl64.Vec3) bool {
	return finite(v[0]) && finite(v[1]) && finite(v[2])
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// normQuat returns q/|q|; the zero quaternion becomes the identity.
func normQuat(q quat) quat {
	n := math.Sqrt(float64(q.w*q.w) + float64(q.x*q.x) + float64(q.y*q.y) + float64(q.z*q.z))
	if n == 0 {
		return quat{w: 1}
	}
	s := 1 / n
	return quat{q.w * s, q.x * s, q.y * s, q.z * s}
}

// quatDeriv returns q̇ = ½ (0, ω) ⊗ q for a world-frame ω.
func quatDeriv(w v3, q quat) quat {
	// (0,ω)⊗(qw,qv) = (−ω·qv, qw ω + ω × qv)
	qv := q.vec()
	c := w.cross(qv)
	return quat{-0.5 * w.dot(qv), 0.5 * (float64(q.w*w.x) + c.x), 0.5 * (float64(q.w*w.y) + c.y), 0.5 * (float64(q.w*w.z) + c.z)}
}

// perpAxes returns two unit vectors that with the unit vector x form a
// right-handed orthonormal frame (x, y, z).
func perpAxes(x mgl64.Vec3) (y, z mgl64.Vec3) {
	var t mgl64.Vec3
	if math.Abs(x[0]) < 0.57735 {
		t = mgl64.Vec3{1, 0, 0}
	} else if math.Abs(x[1]) < 0.57735 {
		t = mgl64.Vec3{0, 1, 0}
	} else {
		t = mgl64.Vec3{0, 0, 1}
	}
	z = fmath.Normalize(cross(x, t))
	y = cross(z, x)
	return y, z
}

// frameFromAxes returns the matrix with columns x, y, z.
func frameFromAxes(x, y, z mgl64.Vec3) mgl64.Mat3 {
	return mgl64.Mat3{x[0], x[1], x[2], y[0], y[1], y[2], z[0], z[1], z[2]}
}

func col(m *mgl64.Mat3, c int) mgl64.Vec3 { return mgl64.Vec3{m[3*c], m[3*c+1], m[3*c+2]} }

// resizeSlice returns s with length n, its first elements kept.
func resizeSlice[T any](s []T, n int) []T {
	if cap(s) < n {
		return append(s[:cap(s)], make([]T, n-cap(s))...)[:n]
	}
	return s[:n]
}

// fmax is max for finite values, without math.Max's NaN and −0 cases.
func fmax(a, b float64) float64 {
	if a > b {
		return a
	}
	return b
}

func addScaled(a, b mgl64.Vec3, s float64) mgl64.Vec3 {
	return mgl64.Vec3{a[0] + float64(s*b[0]), a[1] + float64(s*b[1]), a[2] + float64(s*b[2])}
}
