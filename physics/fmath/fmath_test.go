package fmath

import (
	"fmt"
	"hash/fnv"
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The reference arithmetic: each operation done in big.Float and rounded
// to float64, as IEEE 754 rounds each operation — what unfused float64
// arithmetic gives on every machine.
func ref(op byte, a, b float64) float64 {
	x, y := big.NewFloat(a), big.NewFloat(b)
	z := new(big.Float).SetPrec(200)
	switch op {
	case '*':
		z.Mul(x, y)
	case '+':
		z.Add(x, y)
	case '-':
		z.Sub(x, y)
	}
	f, _ := z.Float64()
	return f
}

func mul(a, b float64) float64 { return ref('*', a, b) }
func add(a, b float64) float64 { return ref('+', a, b) }
func sub(a, b float64) float64 { return ref('-', a, b) }

func refDot(a, b mgl64.Vec3) float64 {
	return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]))
}

func refCross(a, b mgl64.Vec3) mgl64.Vec3 {
	return mgl64.Vec3{
		sub(mul(a[1], b[2]), mul(a[2], b[1])),
		sub(mul(a[2], b[0]), mul(a[0], b[2])),
		sub(mul(a[0], b[1]), mul(a[1], b[0])),
	}
}

func randVec(r *rand.Rand) mgl64.Vec3 {
	v := mgl64.Vec3{}
	for i := range v {
		v[i] = signed(r) * math.Pow(10, float64(r.IntN(7)-3))
	}
	return v
}

// signed returns a number in [−1, 1). (The tests' own arithmetic is
// written so that no compiler fuses it either: they run on arm64 too, and
// must try the same inputs there.)
func signed(r *rand.Rand) float64 { return float64(r.Float64()*2) - 1 }

func randQuat(r *rand.Rand) mgl64.Quat {
	q := mgl64.Quat{W: signed(r), V: randVec(r)}
	return q.Scale(1 / math.Sqrt(add(add(add(mul(q.W, q.W), mul(q.V[0], q.V[0])), mul(q.V[1], q.V[1])), mul(q.V[2], q.V[2]))))
}

// The vector helpers give, bit for bit, what rounding every operation
// gives: on a machine that fuses multiply-adds too (this test runs on
// linux/arm64 and js/wasm in make crossarch).
func TestVectorsRoundEveryOperation(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 2000 {
		a, b, c := randVec(r), randVec(r), randVec(r)
		if got, want := Dot(a, b), refDot(a, b); got != want {
			t.Fatalf("Dot(%v, %v) = %v, want %v", a, b, got, want)
		}
		if got, want := Cross(a, b), refCross(a, b); got != want {
			t.Fatalf("Cross(%v, %v) = %v, want %v", a, b, got, want)
		}
		if got, want := Len(a), math.Sqrt(refDot(a, a)); got != want {
			t.Fatalf("Len(%v) = %v, want %v", a, got, want)
		}
		m := mgl64.Mat3FromCols(a, b, c)
		mv := MulMV(m, a)
		for i := range 3 {
			row := mgl64.Vec3{m[i], m[3+i], m[6+i]}
			if want := refDot(row, a); mv[i] != want {
				t.Fatalf("MulMV row %d = %v, want %v", i, mv[i], want)
			}
		}
		if got, want := AddScaled(a, b, c[0]), (mgl64.Vec3{add(a[0], mul(c[0], b[0])), add(a[1], mul(c[0], b[1])), add(a[2], mul(c[0], b[2]))}); got != want {
			t.Fatalf("AddScaled = %v, want %v", got, want)
		}
		det := sub(sub(sub(add(add(mul(mul(m[0], m[4]), m[8]), mul(mul(m[3], m[7]), m[2])), mul(mul(m[6], m[1]), m[5])),
			mul(mul(m[6], m[4]), m[2])), mul(mul(m[3], m[1]), m[8])), mul(mul(m[0], m[7]), m[5]))
		if got := Det(m); got != det {
			t.Fatalf("Det = %v, want %v", got, det)
		}
		q, p := randQuat(r), randQuat(r)
		qp := QuatMul(q, p)
		wantW := sub(mul(q.W, p.W), refDot(q.V, p.V))
		cr := refCross(q.V, p.V)
		var wantV mgl64.Vec3
		for i := range 3 {
			wantV[i] = add(add(cr[i], mul(p.V[i], q.W)), mul(q.V[i], p.W))
		}
		if qp.W != wantW || qp.V != wantV {
			t.Fatalf("QuatMul = %v, want %v %v", qp, wantW, wantV)
		}
		rc := refCross(q.V, a)
		rc2 := refCross(q.V.Mul(2), rc)
		var wantR mgl64.Vec3
		for i := range 3 {
			wantR[i] = add(add(a[i], mul(rc[i], mul(2, q.W))), rc2[i])
		}
		if got := Rotate(q, a); got != wantR {
			t.Fatalf("Rotate(%v, %v) = %v, want %v", q, a, got, wantR)
		}
	}
}

// The vector helpers are mgl64's operations: the same result, to a few
// ulps where mgl64's are fused, exactly where not (mgl_exact_test.go).
func TestVectorsAreMgl64s(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		a, b, c := randVec(r), randVec(r), randVec(r)
		m, n := mgl64.Mat3FromCols(a, b, c), mgl64.Mat3FromCols(c, a, b)
		q, p := randQuat(r), randQuat(r)
		for _, tc := range []struct {
			name      string
			got, want []float64
		}{
			{"Dot", []float64{Dot(a, b)}, []float64{a.Dot(b)}},
			{"Cross", sl(Cross(a, b)), sl(a.Cross(b))},
			{"Len", []float64{Len(a)}, []float64{a.Len()}},
			{"Normalize", sl(Normalize(a)), sl(a.Normalize())},
			{"MulMV", sl(MulMV(m, b)), sl(m.Mul3x1(b))},
			{"MulMM", sl(MulMM(m, n)), sl(m.Mul3(n))},
			{"Det", []float64{Det(m)}, []float64{m.Det()}},
			{"Inv", sl(Inv(m)), sl(m.Inv())},
			{"Rotate", sl(Rotate(q, a)), sl(q.Rotate(a))},
			{"QuatMul", quat4(QuatMul(q, p)), quat4(q.Mul(p))},
			{"QuatLen", []float64{QuatLen(q)}, []float64{q.Len()}},
			{"QuatInverse", quat4(QuatInverse(q)), quat4(q.Inverse())},
			{"QuatNormalize", quat4(QuatNormalize(q.Scale(3))), quat4(q.Scale(3).Normalize())},
			{"QuatRotate", quat4(QuatRotate(a[0], Normalize(b))), quat4(mgl64.QuatRotate(a[0], Normalize(b)))},
			{"QuatMat3", sl(QuatMat3(q)), sl(q.Mat4().Mat3())},
		} {
			for i := range tc.got {
				if !near(tc.got[i], tc.want[i], 1e-12) {
					t.Fatalf("%s: %v, mgl64 %v", tc.name, tc.got, tc.want)
				}
			}
			checkExact(t, tc.name, tc.got, tc.want)
		}
	}
}

// sl is the elements of a vector or matrix, for comparing.
func sl[A mgl64.Vec3 | mgl64.Mat3](a A) []float64 {
	switch v := any(a).(type) {
	case mgl64.Vec3:
		return v[:]
	case mgl64.Mat3:
		return v[:]
	}
	return nil
}

func quat4(q mgl64.Quat) []float64 { return []float64{q.W, q.V[0], q.V[1], q.V[2]} }

// near reports whether a and b agree to rel relative to the larger, or
// to rel absolutely near 0 (the differences of fused and unfused
// cancellation are of the size of the terms, not of the result).
func near(a, b, rel float64) bool {
	return math.Abs(a-b) <= rel*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// ulps is how many float64s lie between a and b (0: equal; NaNs equal
// NaNs).
func ulps(a, b float64) uint64 {
	if math.IsNaN(a) && math.IsNaN(b) || a == b {
		return 0
	}
	if math.Signbit(a) != math.Signbit(b) {
		return ulps(math.Abs(a), 0) + ulps(math.Abs(b), 0)
	}
	x, y := math.Float64bits(math.Abs(a)), math.Float64bits(math.Abs(b))
	if x > y {
		return x - y
	}
	return y - x
}

// scalar is one of fmath's functions of one or two arguments and its
// math twin, with the inputs to try it on.
type scalar struct {
	name     string
	f, twin  func(x, y float64) float64
	gen      func(r *rand.Rand) (x, y float64)
	specials [][2]float64
}

func uniform(lo, hi float64) func(r *rand.Rand) (float64, float64) {
	return func(r *rand.Rand) (float64, float64) { return lo + float64((hi-lo)*r.Float64()), 0 }
}

var inf, nan = math.Inf(1), math.NaN()

func scalars() []scalar {
	one := func(f func(float64) float64) func(x, y float64) float64 {
		return func(x, _ float64) float64 { return f(x) }
	}
	trigSpecials := [][2]float64{{0, 0}, {math.Copysign(0, -1), 0}, {inf, 0}, {-inf, 0}, {nan, 0},
		{math.Pi / 4, 0}, {math.Pi / 2, 0}, {math.Pi, 0}, {-3 * math.Pi / 4, 0}, {1 << 29, 0}, {1e300, 0}, {math.MaxFloat64, 0}, {5e-324, 0}}
	wide := func(r *rand.Rand) (float64, float64) {
		x := signed(r) * math.Pow(2, float64(r.IntN(70)-20))
		return x, 0
	}
	pair := func(r *rand.Rand) (float64, float64) {
		s := math.Pow(10, float64(r.IntN(9)-4))
		return signed(r) * s, signed(r) * math.Pow(10, float64(r.IntN(9)-4))
	}
	return []scalar{
		{"Sin", one(Sin), one(math.Sin), wide, trigSpecials},
		{"Cos", one(Cos), one(math.Cos), wide, trigSpecials},
		{"Sincos.sin", func(x, _ float64) float64 { s, _ := Sincos(x); return s }, func(x, _ float64) float64 { s, _ := math.Sincos(x); return s }, uniform(-10, 10), trigSpecials},
		{"Sincos.cos", func(x, _ float64) float64 { _, c := Sincos(x); return c }, func(x, _ float64) float64 { _, c := math.Sincos(x); return c }, uniform(-10, 10), trigSpecials},
		{"Tan", one(Tan), one(math.Tan), wide, trigSpecials},
		{"Atan", one(Atan), one(math.Atan), wide, [][2]float64{{0, 0}, {inf, 0}, {-inf, 0}, {nan, 0}, {0.66, 0}, {2.41421356237309504880, 0}}},
		{"Asin", one(Asin), one(math.Asin), uniform(-1, 1), [][2]float64{{0, 0}, {1, 0}, {-1, 0}, {0.7, 0}, {1.5, 0}, {nan, 0}}},
		{"Acos", one(Acos), one(math.Acos), uniform(-1, 1), [][2]float64{{0, 0}, {1, 0}, {-1, 0}, {0.7, 0}, {-1.5, 0}, {nan, 0}}},
		{"Atan2", Atan2, math.Atan2, pair, [][2]float64{{0, 1}, {0, -1}, {math.Copysign(0, -1), -1}, {1, 0}, {-1, 0}, {inf, inf}, {inf, -inf},
			{-inf, inf}, {1, inf}, {1, -inf}, {inf, 1}, {nan, 1}, {1, nan}, {0, 0}, {0, math.Copysign(0, -1)}}},
		{"Hypot", Hypot, math.Hypot, pair, [][2]float64{{0, 0}, {3, 4}, {inf, nan}, {nan, -inf}, {nan, 1}, {1e300, 1e300}, {1e-300, 1e-310}}},
	}
}

// fmath's functions are Go's math: its kernels, with the products rounded
// where Go may fuse them. Where nothing fuses (amd64, wasm) they are equal
// bit for bit (checkExact, mgl_exact_test.go); where math's own are fused
// they agree to a few ulps of the larger of the result and 1 (Acos near 1
// is π/2 − Asin: a difference of an ulp of π/2 is many of the result's).
func TestScalarsAreGosMath(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	for _, s := range scalars() {
		check := func(x, y float64) {
			got, want := s.f(x, y), s.twin(x, y)
			if !near(got, want, 2e-15) && ulps(got, want) != 0 || math.Signbit(got) != math.Signbit(want) && got == 0 {
				t.Errorf("%s(%v, %v) = %v, math %v: %d ulps", s.name, x, y, got, want, ulps(got, want))
			}
			checkExact(t, s.name, []float64{got}, []float64{want})
		}
		for _, sp := range s.specials {
			check(sp[0], sp[1])
		}
		for range 20000 {
			check(s.gen(r))
		}
	}
}

// The pinned hash of every helper and function over fixed inputs: the same
// on every machine (make crossarch runs this test on linux/arm64 and
// js/wasm; the hash was pinned on linux/amd64 and cross-checked there).
func TestSameBitsEverywhere(t *testing.T) {
	const want = "29b7596c897a0ccc"
	h := fnv.New64a()
	put := func(vs ...float64) {
		for _, v := range vs {
			b := math.Float64bits(v)
			h.Write([]byte{byte(b), byte(b >> 8), byte(b >> 16), byte(b >> 24), byte(b >> 32), byte(b >> 40), byte(b >> 48), byte(b >> 56)})
		}
	}
	r := rand.New(rand.NewPCG(7, 8))
	for _, s := range scalars() {
		for range 5000 {
			put(s.f(s.gen(r)))
		}
	}
	for range 2000 {
		a, b, c := randVec(r), randVec(r), randVec(r)
		m := mgl64.Mat3FromCols(a, b, c)
		q, p := randQuat(r), randQuat(r)
		put(Dot(a, b), Len(c), Det(m))
		put(sl(Cross(a, b))...)
		put(sl(Normalize(c))...)
		put(sl(AddScaled(a, b, c[1]))...)
		put(sl(MulMM(m, Inv(m)))...)
		put(sl(Rotate(q, a))...)
		put(quat4(QuatMul(q, p))...)
		put(quat4(QuatInverse(q))...)
		put(quat4(QuatNormalize(p.Scale(2)))...)
		put(quat4(QuatRotate(a[1], Normalize(b)))...)
		put(sl(QuatMat3(q))...)
	}
	if got := fmt.Sprintf("%016x", h.Sum64()); got != want {
		t.Errorf("hash of fmath's results %s, pinned %s", got, want)
	}
}
