package physics

import "github.com/go-gl/mathgl/mgl64"

// Fixed joint (a weld, a docking latch) = the point part (ball.go) + three
// angular rows about the axes X_B, Y_B, Z_B of B's joint frame, with C the
// rotation error about each to first order, from products of A's and B's
// frame axes:
//
//	g = X_B:  C = Y_A·Z_B      g = Y_B:  C = Z_A·X_B      g = Z_B:  C = X_A·Y_B
//
// J = [ 0  g  0  −g ] (angleRow in ball.go), K_gh = g·(I_A⁻¹ + I_B⁻¹) h over
// the three axes: with the point part a 6×6 block of the tree (tree.go).
// Ċ = J u up to terms of the size
// of the misalignment itself; the rows forbid exactly the rotations a weld
// forbids and their impulses do no work on any motion with J u = 0.

// FixedDef welds bodies A and B together (a docking latch).
type FixedDef struct {
	A, B                BodyID
	Anchor              mgl64.Vec3 // world point at creation, m
	BreakImpulse        float64    // N s; 0 = unbreakable
	BreakAngularImpulse float64    // N m s; 0 = unbreakable
}

// fixedRows writes a fixed joint's three angular rows (after its point rows).
func (k *jointKin) fixedRows(j *joint, rows []row, p *stepContext, bias rowBias) {
	xa := mulM3(k.ra, col3(&j.fa, 0))
	ya := mulM3(k.ra, col3(&j.fa, 1))
	za := mulM3(k.ra, col3(&j.fa, 2))
	xb := mulM3(k.rb, col3(&j.fb, 0))
	yb := mulM3(k.rb, col3(&j.fb, 1))
	zb := mulM3(k.rb, col3(&j.fb, 2))
	var ba, dw v3
	if bias != biasPosition {
		ba, dw = k.angleBias(p.h)
	}
	angleRow(&rows[0], xb, ya.dot(zb), ba, dw, p, bias)
	angleRow(&rows[1], yb, za.dot(xb), ba, dw, p, bias)
	angleRow(&rows[2], zb, xa.dot(yb), ba, dw, p, bias)
}
