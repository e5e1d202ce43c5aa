package fmath

import "math"

// Atan, Atan2, Asin and Acos: Cephes's arctangent (Moshier, via Go's math
// package) — a rational function on [0, 0.66], and the identities
// atan x = π/4 + atan((x−1)/(x+1)) and π/2 − atan(1/x) above — with every
// product that meets a sum rounded, in Go's order.

// xatan is atan x for x in [0, 0.66].
func xatan(x float64) float64 {
	const (
		p0, p1, p2, p3, p4 = -8.750608600031904122785e-01, -1.615753718733365076637e+01, -7.500855792314704667340e+01, -1.228866684490136173410e+02, -6.485021904942025371773e+01
		q0, q1, q2, q3, q4 = +2.485846490142306297962e+01, +1.650270098316988542046e+02, +4.328810604912902668951e+02, +4.853903996359136964868e+02, +1.945506571482613964425e+02
	)
	z := x * x
	z = z * horner([]float64{p0, p1, p2, p3, p4}, z) / horner1([]float64{q0, q1, q2, q3, q4}, z)
	return float64(x*z) + x
}

// satan is atan x for x ≥ 0.
func satan(x float64) float64 {
	const (
		morebits = 6.123233995736765886130e-17 // π/2 = math.Pi/2 + morebits
		tan3pio8 = 2.41421356237309504880      // tan 3π/8
	)
	if x <= 0.66 {
		return xatan(x)
	}
	if x > tan3pio8 {
		return math.Pi/2 - xatan(1/x) + morebits
	}
	return math.Pi/4 + xatan((x-1)/(x+1)) + 0.5*morebits
}

// Atan returns the arctangent of x (radians), within 1 ulp of math.Atan.
func Atan(x float64) float64 {
	x = float64(x) // rounded: see the package doc
	switch {
	case x == 0:
		return x
	case x > 0:
		return satan(x)
	}
	return -satan(-x)
}

// Atan2 returns the arctangent of y/x in (−π, π], the quadrant from the
// signs of both, with math.Atan2's special cases; within 1 ulp of it.
func Atan2(y, x float64) float64 {
	y, x = float64(y), float64(x) // rounded: see the package doc
	switch {
	case math.IsNaN(y) || math.IsNaN(x):
		return math.NaN()
	case y == 0:
		if x >= 0 && !math.Signbit(x) {
			return math.Copysign(0, y)
		}
		return math.Copysign(math.Pi, y)
	case x == 0:
		return math.Copysign(math.Pi/2, y)
	case math.IsInf(x, 0):
		switch {
		case math.IsInf(x, 1) && math.IsInf(y, 0):
			return math.Copysign(math.Pi/4, y)
		case math.IsInf(x, 1):
			return math.Copysign(0, y)
		case math.IsInf(y, 0):
			return math.Copysign(3*math.Pi/4, y)
		}
		return math.Copysign(math.Pi, y)
	case math.IsInf(y, 0):
		return math.Copysign(math.Pi/2, y)
	}
	q := Atan(y / x)
	if x < 0 {
		if q <= 0 {
			return q + math.Pi
		}
		return q - math.Pi
	}
	return q
}

// Asin returns the arcsine of x in [−π/2, π/2]; NaN outside [−1, 1].
// Within 1 ulp of math.Asin.
func Asin(x float64) float64 {
	x = float64(x) // rounded: see the package doc
	if x == 0 {
		return x
	}
	a := math.Abs(x)
	if a > 1 {
		return math.NaN()
	}
	r := math.Sqrt(1 - float64(a*a))
	if a > 0.7 {
		r = math.Pi/2 - satan(r/a)
	} else {
		r = satan(a / r)
	}
	if x < 0 {
		r = -r
	}
	return r
}

// Acos returns the arccosine of x in [0, π]; NaN outside [−1, 1].
func Acos(x float64) float64 { return math.Pi/2 - Asin(x) }

// Hypot returns √(p² + q²) as max·√(1 + (min/max)²), without overflow or
// underflow in between: math.Hypot's algorithm (and its amd64 assembly's).
func Hypot(p, q float64) float64 {
	p, q = float64(p), float64(q) // rounded: see the package doc
	p, q = math.Abs(p), math.Abs(q)
	switch {
	case math.IsInf(p, 1) || math.IsInf(q, 1):
		return math.Inf(1)
	case math.IsNaN(p) || math.IsNaN(q):
		return math.NaN()
	}
	if p < q {
		p, q = q, p
	}
	if p == 0 {
		return 0
	}
	q = q / p
	return p * math.Sqrt(1+float64(q*q))
}
