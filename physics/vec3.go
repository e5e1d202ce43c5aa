package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// v3 is a 3-vector as a struct of three float64: unlike mgl64.Vec3 (an
// array, which the Go compiler keeps in memory), a struct of up to four
// fields lives in registers, so the temporaries of the contact arithmetic
// cost no loads and stores. The operations are those of dot, cross,
// mulMV, addScaled, term by term and in the same order: results are
// bit-identical to the mgl64.Vec3 helpers.
type v3 struct{ x, y, z float64 }

func v3of(a mgl64.Vec3) v3 { return v3{a[0], a[1], a[2]} }

func (a v3) vec() mgl64.Vec3 { return mgl64.Vec3{a.x, a.y, a.z} }

func (a v3) add(b v3) v3 { return v3{a.x + b.x, a.y + b.y, a.z + b.z} }

func (a v3) sub(b v3) v3 { return v3{a.x - b.x, a.y - b.y, a.z - b.z} }

// mul rounds its products: inlined, they are summed by the caller
// (a.mul(s).add(b)), and a compiler that may would fuse them into
// multiply-adds (docs/determinism.md). Where nothing fuses, a rounding is
// no instruction and the results are the same.
func (a v3) mul(s float64) v3 { return v3{float64(a.x * s), float64(a.y * s), float64(a.z * s)} }

// neg is a.Mul(−1), exactly.
func (a v3) neg() v3 { return v3{-a.x, -a.y, -a.z} }

func (a v3) dot(b v3) float64 { return float64(a.x*b.x) + float64(a.y*b.y) + float64(a.z*b.z) }

func (a v3) cross(b v3) v3 {
	return v3{float64(a.y*b.z) - float64(a.z*b.y), float64(a.z*b.x) - float64(a.x*b.z), float64(a.x*b.y) - float64(a.y*b.x)}
}

// at returns component k (0 x, 1 y, 2 z).
func (a v3) at(k int) float64 {
	switch k {
	case 0:
		return a.x
	case 1:
		return a.y
	}
	return a.z
}

// axpy returns a + s b (addScaled).
func (a v3) axpy(b v3, s float64) v3 {
	return v3{a.x + float64(s*b.x), a.y + float64(s*b.y), a.z + float64(s*b.z)}
}

// mulM3 returns m v (mulMV). It indexes m[:], not m: each m[k] counts an
// implicit *m against the compiler's inlining budget, and with its nine
// roundings mulM3 would no longer be inlined (a cost of 83 for 80), which
// slows the step by a few percent. The slice's length is the constant 9:
// no bounds checks.
func mulM3(m *mgl64.Mat3, v v3) v3 {
	a := m[:]
	return v3{
		float64(a[0]*v.x) + float64(a[3]*v.y) + float64(a[6]*v.z),
		float64(a[1]*v.x) + float64(a[4]*v.y) + float64(a[7]*v.z),
		float64(a[2]*v.x) + float64(a[5]*v.y) + float64(a[8]*v.z),
	}
}

// perpAxes3 is perpAxes on v3 (the same operations: cross with the chosen
// unit axis, mgl64's Normalize, cross).
func perpAxes3(x v3) (y, z v3) {
	var t v3
	if math.Abs(x.x) < 0.57735 {
		t = v3{1, 0, 0}
	} else if math.Abs(x.y) < 0.57735 {
		t = v3{0, 1, 0}
	} else {
		t = v3{0, 0, 1}
	}
	z = x.cross(t)
	l := 1.0 / math.Sqrt(float64(z.x*z.x)+float64(z.y*z.y)+float64(z.z*z.z))
	z = v3{z.x * l, z.y * l, z.z * l}
	y = z.cross(x)
	return y, z
}

// mulMT3 returns mᵀ v (mulMTV). It indexes m[:] to stay inlined, as
// mulM3 does.
func mulMT3(m *mgl64.Mat3, v v3) v3 {
	a := m[:]
	return v3{
		float64(a[0]*v.x) + float64(a[1]*v.y) + float64(a[2]*v.z),
		float64(a[3]*v.x) + float64(a[4]*v.y) + float64(a[5]*v.z),
		float64(a[6]*v.x) + float64(a[7]*v.y) + float64(a[8]*v.z),
	}
}

// col3 returns column c of m (col).
func col3(m *mgl64.Mat3, c int) v3 { return v3{m[3*c], m[3*c+1], m[3*c+2]} }

// unit3 returns the unit vector along axis k (0, 1, 2).
func unit3(k int) v3 {
	switch k {
	case 0:
		return v3{1, 0, 0}
	case 1:
		return v3{0, 1, 0}
	}
	return v3{0, 0, 1}
}

// quat is a quaternion as four float64 fields (in registers, like v3):
// w + x i + y j + z k. The helpers below do mgl64's operations in mgl64's
// order, so results are bit-identical.
type quat struct{ w, x, y, z float64 }

func quatOf(q mgl64.Quat) quat { return quat{q.W, q.V[0], q.V[1], q.V[2]} }

func (q quat) mgl() mgl64.Quat { return mgl64.Quat{W: q.w, V: mgl64.Vec3{q.x, q.y, q.z}} }

// vec returns the vector part.
func (q quat) vec() v3 { return v3{q.x, q.y, q.z} }

// axpy returns q + s p component-wise.
func (q quat) axpy(p quat, s float64) quat {
	return quat{q.w + float64(s*p.w), q.x + float64(s*p.x), q.y + float64(s*p.y), q.z + float64(s*p.z)}
}
