package fmath

import (
	"math"
	"math/bits"
)

// Sin, Cos, Sincos and Tan: Cephes's kernels (Moshier, via Go's math
// package): the argument reduced to z in [−π/4, π/4] and an octant j —
// Cody–Waite with π/4 in three parts below 2²⁹, Payne–Hanek with the bits
// of 4/π above — then a polynomial in z². The same operations in the same
// order as Go's pure-Go math, with every product that meets a sum rounded.

// reduceThreshold is where Cody–Waite reduction stops being exact: beyond
// it y·PI4A has more bits than a float64 holds.
const reduceThreshold = 1 << 29

// Coefficients of sin z ≈ z + z³·S(z²) and cos z ≈ 1 − z²/2 + z⁴·C(z²) on
// [−π/4, π/4], highest degree first.
var (
	sinCoef = [...]float64{
		1.58962301576546568060e-10, -2.50507477628578072866e-8, 2.75573136213857245213e-6,
		-1.98412698295895385996e-4, 8.33333333332211858878e-3, -1.66666666666666307295e-1,
	}
	cosCoef = [...]float64{
		-1.13585365213876817300e-11, 2.08757008419747316778e-9, -2.75573141792967388112e-7,
		2.48015872888517045348e-5, -1.38888888888730564116e-3, 4.16666666666665929218e-2,
	}
	// tan z ≈ z + z·z²·P(z²)/Q(z²); Q's leading coefficient is 1.
	tanP = [...]float64{-1.30936939181383777646e4, 1.15351664838587416140e6, -1.79565251976484877988e7}
	tanQ = [...]float64{1.36812963470692954678e4, -1.32089234440210967447e6, 2.50083801823357915839e7, -5.38695755929454629881e7}
)

// Sin returns the sine of x (radians), within 1 ulp of math.Sin (equal to
// it where Go does not fuse, as on amd64).
func Sin(x float64) float64 {
	x = float64(x) // rounded: see the package doc
	s, _ := Sincos(x)
	return s
}

// Cos returns the cosine of x (radians), within 1 ulp of math.Cos.
func Cos(x float64) float64 {
	x = float64(x) // rounded: see the package doc
	_, c := Sincos(x)
	return c
}

// Sincos returns Sin(x), Cos(x).
func Sincos(x float64) (sin, cos float64) {
	x = float64(x) // rounded: see the package doc
	switch {
	case x == 0:
		return x, 1
	case math.IsNaN(x) || math.IsInf(x, 0):
		return math.NaN(), math.NaN()
	}
	sinNeg, cosNeg := x < 0, false
	j, z := reduce(math.Abs(x))
	j &= 7
	if j > 3 { // reflect in the x axis
		j -= 4
		sinNeg, cosNeg = !sinNeg, !cosNeg
	}
	if j > 1 {
		cosNeg = !cosNeg
	}
	zz := z * z
	cos = 1.0 - float64(0.5*zz) + float64(zz*zz*horner(cosCoef[:], zz))
	sin = z + float64(z*zz*horner(sinCoef[:], zz))
	if j == 1 || j == 2 {
		sin, cos = cos, sin
	}
	if cosNeg {
		cos = -cos
	}
	if sinNeg {
		sin = -sin
	}
	return sin, cos
}

// Tan returns the tangent of x (radians), within 1 ulp of math.Tan.
func Tan(x float64) float64 {
	x = float64(x) // rounded: see the package doc
	switch {
	case x == 0 || math.IsNaN(x):
		return x
	case math.IsInf(x, 0):
		return math.NaN()
	}
	j, z := reduce(math.Abs(x))
	zz := z * z
	y := z
	if zz > 1e-14 {
		y = z + float64(z*(zz*horner(tanP[:], zz)/horner1(tanQ[:], zz)))
	}
	if j&2 == 2 {
		y = -1 / y
	}
	if x < 0 {
		y = -y
	}
	return y
}

// reduce returns, for x ≥ 0, the octant j and z = x − j·π/4, with odd
// octants mapped to the next even one so that |z| ≤ π/4.
func reduce(x float64) (j uint64, z float64) {
	const (
		pi4A = 7.85398125648498535156e-1  // π/4 in three parts: 0x3fe921fb40000000,
		pi4B = 3.77489470793079817668e-8  // 0x3e64442d00000000
		pi4C = 2.69515142907905952645e-15 // and 0x3ce8469898cc5170
	)
	if x >= reduceThreshold {
		return payneHanek(x)
	}
	j = uint64(x * (4 / math.Pi))
	y := float64(j)
	if j&1 == 1 {
		j++
		y++
	}
	return j, ((x - float64(y*pi4A)) - float64(y*pi4B)) - float64(y*pi4C)
}

// fourOverPi holds the bits of 4/π, 64 at a time, from 2⁰ down.
var fourOverPi = [...]uint64{
	0x0000000000000001, 0x45f306dc9c882a53, 0xf84eafa3ea69bb81, 0xb6c52b3278872083,
	0xfca2c757bd778ac3, 0x6e48dc74849ba5c0, 0x0c925dd413a32439, 0xfc3bd63962534e7d,
	0xd1046bea5d768909, 0xd338e04d68befc82, 0x7323ac7306a673e9, 0x3908bf177bf25076,
	0x3ff12fffbc0b301f, 0xde5e2316b414da3e, 0xda6cfd9e4f96136e, 0x9e8c7ecd3cbfd45a,
	0xea4f758fd7cbe2f6, 0x7a0e73ef14a525d4, 0xd7f6bf623f1aba10, 0xac06608df8f6d757,
}

// payneHanek reduces x ≥ reduceThreshold exactly: x's mantissa times the
// 192 bits of 4/π that matter for its exponent, in integers; the top three
// bits of the product are the octant and the rest the fraction.
func payneHanek(x float64) (j uint64, z float64) {
	const (
		shift = 52
		mask  = 0x7ff
		bias  = 1023
	)
	ix := math.Float64bits(x)
	exp := int(ix>>shift&mask) - bias - shift
	ix = ix&^(mask<<shift) | 1<<shift
	digit, bitshift := uint(exp+61)/64, uint(exp+61)%64
	z0 := fourOverPi[digit]<<bitshift | fourOverPi[digit+1]>>(64-bitshift)
	z1 := fourOverPi[digit+1]<<bitshift | fourOverPi[digit+2]>>(64-bitshift)
	z2 := fourOverPi[digit+2]<<bitshift | fourOverPi[digit+3]>>(64-bitshift)
	z2hi, _ := bits.Mul64(z2, ix)
	z1hi, z1lo := bits.Mul64(z1, ix)
	lo, c := bits.Add64(z1lo, z2hi, 0)
	hi, _ := bits.Add64(z0*ix, z1hi, c)
	j = hi >> 61
	hi = hi<<3 | lo>>61
	lz := uint(bits.LeadingZeros64(hi))
	e := uint64(bias - (lz + 1))
	hi = (hi<<(lz+1) | lo>>(64-(lz+1))) >> (64 - shift)
	z = math.Float64frombits(hi | e<<shift)
	if j&1 == 1 {
		j = (j + 1) & 7
		z--
	}
	return j, float64(z * (math.Pi / 4))
}

// horner returns c[0]·xⁿ⁻¹ + … + c[n−1], each product rounded.
func horner(c []float64, x float64) float64 {
	p := c[0]
	for _, ci := range c[1:] {
		p = float64(p*x) + ci
	}
	return p
}

// horner1 is horner with a leading coefficient 1 before c: xⁿ + c[0]·xⁿ⁻¹ + … + c[n−1].
func horner1(c []float64, x float64) float64 {
	p := float64(x) + c[0] // rounded: see the package doc
	for _, ci := range c[1:] {
		p = float64(p*x) + ci
	}
	return p
}
