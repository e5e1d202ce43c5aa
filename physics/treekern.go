package physics

import "math"

// Unrolled L Lᵀ kernels of the tree's node blocks for the dimensions that
// occur (3: ball joint, 5: hinge, 6: fixed joint or body). The operations
// and their order are those of the loops in tnode.fwd, tnode.bwd and
// World.chol, so results are bit-identical; written out, the small loops
// lose their counters and bounds checks. Generated; keep in step with the
// loops in tree.go (TestTreeKernels compares them bit for bit).

func fwd3(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x0 := x[0] * inv[0]
	x1 := (x[1] - l[6]*x0) * inv[1]
	x2 := (x[2] - l[12]*x0 - l[13]*x1) * inv[2]
	x[0], x[1], x[2] = x0, x1, x2
}

func bwd3(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x2 := x[2] * inv[2]
	x1 := (x[1] - l[13]*x2) * inv[1]
	x0 := (x[0] - l[6]*x1 - l[12]*x2) * inv[0]
	x[0], x[1], x[2] = x0, x1, x2
}

// chol3 factors the block in place; it returns the number of regularised pivots.
func chol3(l *[36]float64, inv *[6]float64) int {
	sing := 0
	kii := l[0]
	d := kii
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[0] = math.Sqrt(d)
	inv[0] = 1 / l[0]
	l[6] = l[6] * inv[0]
	kii = l[7]
	d = kii - l[6]*l[6]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[7] = math.Sqrt(d)
	inv[1] = 1 / l[7]
	l[12] = l[12] * inv[0]
	l[13] = (l[13] - l[12]*l[6]) * inv[1]
	kii = l[14]
	d = kii - l[12]*l[12] - l[13]*l[13]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[14] = math.Sqrt(d)
	inv[2] = 1 / l[14]
	return sing
}

func fwd5(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x0 := x[0] * inv[0]
	x1 := (x[1] - l[6]*x0) * inv[1]
	x2 := (x[2] - l[12]*x0 - l[13]*x1) * inv[2]
	x3 := (x[3] - l[18]*x0 - l[19]*x1 - l[20]*x2) * inv[3]
	x4 := (x[4] - l[24]*x0 - l[25]*x1 - l[26]*x2 - l[27]*x3) * inv[4]
	x[0], x[1], x[2], x[3], x[4] = x0, x1, x2, x3, x4
}

func bwd5(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x4 := x[4] * inv[4]
	x3 := (x[3] - l[27]*x4) * inv[3]
	x2 := (x[2] - l[20]*x3 - l[26]*x4) * inv[2]
	x1 := (x[1] - l[13]*x2 - l[19]*x3 - l[25]*x4) * inv[1]
	x0 := (x[0] - l[6]*x1 - l[12]*x2 - l[18]*x3 - l[24]*x4) * inv[0]
	x[0], x[1], x[2], x[3], x[4] = x0, x1, x2, x3, x4
}

// chol5 factors the block in place; it returns the number of regularised pivots.
func chol5(l *[36]float64, inv *[6]float64) int {
	sing := 0
	kii := l[0]
	d := kii
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[0] = math.Sqrt(d)
	inv[0] = 1 / l[0]
	l[6] = l[6] * inv[0]
	kii = l[7]
	d = kii - l[6]*l[6]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[7] = math.Sqrt(d)
	inv[1] = 1 / l[7]
	l[12] = l[12] * inv[0]
	l[13] = (l[13] - l[12]*l[6]) * inv[1]
	kii = l[14]
	d = kii - l[12]*l[12] - l[13]*l[13]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[14] = math.Sqrt(d)
	inv[2] = 1 / l[14]
	l[18] = l[18] * inv[0]
	l[19] = (l[19] - l[18]*l[6]) * inv[1]
	l[20] = (l[20] - l[18]*l[12] - l[19]*l[13]) * inv[2]
	kii = l[21]
	d = kii - l[18]*l[18] - l[19]*l[19] - l[20]*l[20]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[21] = math.Sqrt(d)
	inv[3] = 1 / l[21]
	l[24] = l[24] * inv[0]
	l[25] = (l[25] - l[24]*l[6]) * inv[1]
	l[26] = (l[26] - l[24]*l[12] - l[25]*l[13]) * inv[2]
	l[27] = (l[27] - l[24]*l[18] - l[25]*l[19] - l[26]*l[20]) * inv[3]
	kii = l[28]
	d = kii - l[24]*l[24] - l[25]*l[25] - l[26]*l[26] - l[27]*l[27]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[28] = math.Sqrt(d)
	inv[4] = 1 / l[28]
	return sing
}

func fwd6(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x0 := x[0] * inv[0]
	x1 := (x[1] - l[6]*x0) * inv[1]
	x2 := (x[2] - l[12]*x0 - l[13]*x1) * inv[2]
	x3 := (x[3] - l[18]*x0 - l[19]*x1 - l[20]*x2) * inv[3]
	x4 := (x[4] - l[24]*x0 - l[25]*x1 - l[26]*x2 - l[27]*x3) * inv[4]
	x5 := (x[5] - l[30]*x0 - l[31]*x1 - l[32]*x2 - l[33]*x3 - l[34]*x4) * inv[5]
	x[0], x[1], x[2], x[3], x[4], x[5] = x0, x1, x2, x3, x4, x5
}

func bwd6(l *[36]float64, inv *[6]float64, x *[6]float64) {
	x5 := x[5] * inv[5]
	x4 := (x[4] - l[34]*x5) * inv[4]
	x3 := (x[3] - l[27]*x4 - l[33]*x5) * inv[3]
	x2 := (x[2] - l[20]*x3 - l[26]*x4 - l[32]*x5) * inv[2]
	x1 := (x[1] - l[13]*x2 - l[19]*x3 - l[25]*x4 - l[31]*x5) * inv[1]
	x0 := (x[0] - l[6]*x1 - l[12]*x2 - l[18]*x3 - l[24]*x4 - l[30]*x5) * inv[0]
	x[0], x[1], x[2], x[3], x[4], x[5] = x0, x1, x2, x3, x4, x5
}

// chol6 factors the block in place; it returns the number of regularised pivots.
func chol6(l *[36]float64, inv *[6]float64) int {
	sing := 0
	kii := l[0]
	d := kii
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[0] = math.Sqrt(d)
	inv[0] = 1 / l[0]
	l[6] = l[6] * inv[0]
	kii = l[7]
	d = kii - l[6]*l[6]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[7] = math.Sqrt(d)
	inv[1] = 1 / l[7]
	l[12] = l[12] * inv[0]
	l[13] = (l[13] - l[12]*l[6]) * inv[1]
	kii = l[14]
	d = kii - l[12]*l[12] - l[13]*l[13]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[14] = math.Sqrt(d)
	inv[2] = 1 / l[14]
	l[18] = l[18] * inv[0]
	l[19] = (l[19] - l[18]*l[6]) * inv[1]
	l[20] = (l[20] - l[18]*l[12] - l[19]*l[13]) * inv[2]
	kii = l[21]
	d = kii - l[18]*l[18] - l[19]*l[19] - l[20]*l[20]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[21] = math.Sqrt(d)
	inv[3] = 1 / l[21]
	l[24] = l[24] * inv[0]
	l[25] = (l[25] - l[24]*l[6]) * inv[1]
	l[26] = (l[26] - l[24]*l[12] - l[25]*l[13]) * inv[2]
	l[27] = (l[27] - l[24]*l[18] - l[25]*l[19] - l[26]*l[20]) * inv[3]
	kii = l[28]
	d = kii - l[24]*l[24] - l[25]*l[25] - l[26]*l[26] - l[27]*l[27]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[28] = math.Sqrt(d)
	inv[4] = 1 / l[28]
	l[30] = l[30] * inv[0]
	l[31] = (l[31] - l[30]*l[6]) * inv[1]
	l[32] = (l[32] - l[30]*l[12] - l[31]*l[13]) * inv[2]
	l[33] = (l[33] - l[30]*l[18] - l[31]*l[19] - l[32]*l[20]) * inv[3]
	l[34] = (l[34] - l[30]*l[24] - l[31]*l[25] - l[32]*l[26] - l[33]*l[27]) * inv[4]
	kii = l[35]
	d = kii - l[30]*l[30] - l[31]*l[31] - l[32]*l[32] - l[33]*l[33] - l[34]*l[34]
	if !(d > 1e-12*kii) {
		d = math.Max(1e-12*kii, 1e-300)
		sing++
	}
	l[35] = math.Sqrt(d)
	inv[5] = 1 / l[35]
	return sing
}
