package physics

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Wheels on axles: the sub-step rate of a jointed body (subStepRate,
// integrate.go) is its |ω|, since its joints turn with it — unless nothing
// in its joints turns with its spin: a body symmetric about an axis that a
// hinge holds parallel to another body's, a reaction wheel or a rover's
// wheel. This file finds such bodies and the rates at which what is
// attached to them turns.

// jointRate returns the fastest rate at which a jointed body's joints turn
// with it (subStepRate). That is its |ω| (less its spin frame's Ω in a
// frame, whose |Ω| is then added) — unless it is a wheel on an axle:
// symmetric about an axis (inertia with two equal moments) that a hinge
// holds parallel to another body's. Then nothing in its joints turns with
// its spin about that axis, and its rate is the largest of
//
//   - |ω × r̂| for each joint's anchor r from its centre of mass — the rate
//     at which the centre circles the anchor — unless the anchor is the
//     centre (within anchorNear of its radius of gyration: the circle's
//     error scales with its radius);
//   - |ω × x̂| for a hinge's axis x, the rate at which the axis turns, |ω|
//     for a fixed joint, and a sprung hinge's θ̇ (the spring's torque is a
//     function of the angle, and wraps at the top, where RK4 loses its
//     order);
//   - |ω × â|, the rate at which its inertia turns (inertiaTurn);
//   - its axis's nutation, I3 ω_s / I1 for a spin ω_s about it (a
//     gyroscope's wobble), I1 its transverse moment plus the least moment
//     of the body the hinge holds it to (a reaction wheel nutates with
//     its hull);
//   - its spin |ω|, counted at spinTurn instead of MaxRotation.
//
// — and never more than its |ω|: a wheel is spared sub-steps, not given
// more. So only bodies symmetric about an axis are looked at closely, and
// only those whose |ω| exceeds the fastest rate found so far (the fastest
// first).
func (w *World) jointRate() float64 {
	n := len(w.bodies)
	w.jturn = resize(w.jturn, n)
	w.jom = resizeSlice(w.jom, n)
	w.jfr = resize(w.jfr, n)
	top, first := 0.0, -1
	for i := range w.bodies {
		b := &w.bodies[i]
		w.jturn[i] = -1
		if b.nJoint == 0 || b.static || !b.awake {
			continue
		}
		om, fr := w.y[i].w, 0.0
		if fi := w.frameIdx(int32(i)); fi >= 0 {
			f := &w.frames[fi]
			om, fr = om.sub(f.om), math.Sqrt(f.om.dot(f.om))
		}
		u := math.Sqrt(om.dot(om))
		if b.symFor != b.i0 {
			b.sym, b.symFor = axisymmetric(&b.i0), b.i0
		}
		if !b.sym {
			top = max(top, u+fr)
			continue
		}
		w.jturn[i], w.jom[i], w.jfr[i] = u, om, fr // a bound, to look at
		if first < 0 || u+fr > w.jturn[first]+w.jfr[first] {
			first = i
		}
	}
	if first < 0 {
		return top
	}
	top = max(top, w.symmetricRate(int32(first))+w.jfr[first])
	for i := range n {
		if i != first && w.jturn[i] >= 0 && w.jturn[i]+w.jfr[i] > top {
			top = max(top, w.symmetricRate(int32(i))+w.jfr[i])
		}
	}
	return top
}

// hingeRate returns a hinge's |ω_B − ω_A|.
func (w *World) hingeRate(j *joint) float64 {
	var wa, wb v3
	if j.a != NoBody {
		wa = w.y[j.a].w
	}
	if j.b != NoBody {
		wb = w.y[j.b].w
	}
	d := wb.sub(wa)
	return math.Sqrt(d.dot(d))
}

// symmetricRate is jointRate's rate (less its frame's) for a body i
// symmetric about an axis, with ω = w.jom[i].
func (w *World) symmetricRate(i int32) float64 {
	b, om, t := &w.bodies[i], w.jom[i], &w.tree
	r := quatMat3(w.y[i].q)
	omb := mulMT3(&r, om)
	ax, i3, i1, spin := symmetryAxis(&b.i0, omb)
	ax = mulM3(&r, ax)
	// (anchorNear k)², k the radius of gyration
	near := anchorNear * anchorNear * (b.i0[0] + b.i0[4] + b.i0[8]) * 0.5 * b.invM
	// held: the least moment of the bodies its hinges hold its axis to;
	// rate: what turns with it — its anchors' circles, hinges' axes, springs
	held, rate := 0.0, 0.0
	for _, ji := range t.adj[t.adjStart[i]:t.adjStart[i+1]] {
		j := &w.joints.list[ji]
		l, f, other := j.la, &j.fa, j.b
		if j.b == BodyID(i) {
			l, f, other = j.lb, &j.fb, j.a
		}
		switch j.kind {
		case FixedJoint:
			rate = max(rate, math.Sqrt(om.dot(om)))
		case HingeJoint:
			x := mulM3(&r, col3(f, 0))
			c := om.cross(x)
			rate = max(rate, math.Sqrt(c.dot(c)/x.dot(x)))
			if j.k > 0 {
				rate = max(rate, w.hingeRate(j))
			}
			if i3 == i1 && held == 0 {
				// Three equal moments: symmetric about any axis, the
				// hinge's too.
				ax = x.mul(1 / math.Sqrt(x.dot(x)))
				spin = math.Abs(om.dot(ax))
			}
			if c := ax.cross(x); c.dot(c) < 1e-6*x.dot(x) {
				if other == NoBody || w.bodies[other].static {
					held = math.Inf(1)
				} else {
					held = max(held, leastMoment(&w.bodies[other].invI0))
				}
			}
		}
		if a := mulM3(&r, v3of(l)); a.dot(a) > near {
			c := om.cross(a)
			rate = max(rate, math.Sqrt(c.dot(c)/a.dot(a)))
		}
	}
	if held == 0 {
		// No hinge holds its axis: its spin counts whole (a cylinder on
		// ball joints at its ends, spun about its axis, gained energy in
		// chains at 0.5 rad a sub-step).
		return math.Sqrt(om.dot(om))
	}
	// Its axis nutates with the body it is held to: at I3 ω_s / I1 with
	// that body's inertia added (a gyroscope's wobble).
	rate = max(rate, inertiaTurn(&b.i0, omb), math.Sqrt(om.dot(om))*w.set.maxRot/max(spinTurn, w.set.maxRot), float64(i3*spin)/(i1+held))
	// Never more than its |ω|, as for any other body: a wheel is spared
	// sub-steps, not given more.
	return min(rate, math.Sqrt(om.dot(om)))
}

// symmetryAxis returns, for an inertia i0 symmetric about an axis, that
// axis â (unit, body frame), the moment about it I3, the transverse one
// I1, and |ω_b · â|. D = I0 − tr/3 = c (ââᵀ − 1/3), c = I3 − I1, with
// ‖D‖² = 2c²/3 and det D = 2c³/27.
func symmetryAxis(i0 *mgl64.Mat3, omb v3) (ax v3, i3, i1, spin float64) {
	d, dd := deviator(i0)
	t := (i0[0] + i0[4] + i0[8]) / 3
	if dd == 0 {
		return v3{x: 1}, t, t, 0
	}
	c := math.Sqrt(1.5 * dd)
	if fmath.Det(d) < 0 {
		c = -c
	}
	// ââᵀ = D/c + 1/3: â is its largest column, normalised.
	k := 0
	for m := 1; m < 3; m++ {
		if d[4*m]/c > d[4*k]/c {
			k = m
		}
	}
	col := col3(&d, k).mul(1 / c)
	switch k {
	case 0:
		col.x += 1.0 / 3
	case 1:
		col.y += 1.0 / 3
	default:
		col.z += 1.0 / 3
	}
	ax = col.mul(1 / math.Sqrt(col.dot(col)))
	return ax, t + 2*c/3, t - c/3, math.Abs(omb.dot(ax))
}

// leastMoment returns a lower bound on an inertia's least principal
// moment from its inverse inv, 1/maxInverseMoment (+Inf for none).
func leastMoment(inv *mgl64.Mat3) float64 {
	top := maxInverseMoment(inv)
	if top == 0 {
		return math.Inf(1)
	}
	return 1 / top
}

// maxInverseMoment returns an upper bound on an inverse inertia's largest
// eigenvalue (1 over the least principal moment): its largest row sum of
// magnitudes (Gershgorin).
func maxInverseMoment(inv *mgl64.Mat3) float64 {
	top := 0.0
	for r := range 3 {
		top = max(top, math.Abs(inv[r])+math.Abs(inv[3+r])+math.Abs(inv[6+r]))
	}
	return top
}

// inertiaTurn returns the rate at which a body's inertia in the world, R I0
// Rᵀ, turns with its angular velocity ω (body frame): for a body symmetric
// about an axis â (two of its moments equal to about 1e-5), |ω × â| — none
// for a spin about its axis — and otherwise |ω|. The symmetric body's rate
// is ‖[ω×, D]‖ / (√3 ‖D‖) (D = I0 − tr I0/3; the commutator is the
// inertia's rate of change), exactly |ω × â| at equal moments; a body is
// taken as symmetric where s = 1 − 27 J3² / 4 J2³ (J2 = ½ tr D², J3 =
// det D), 0 at two equal moments and about 6.75 ε² at moments ε apart
// (relative to the third's distance), is at most axisTol. A body with
// three equal moments (a cube, a sphere) turns nothing.
func inertiaTurn(i0 *mgl64.Mat3, om v3) float64 {
	d, dd := deviator(i0)
	if dd == 0 {
		return 0
	}
	if !symmetricAbout(&d, dd) {
		return math.Sqrt(om.dot(om))
	}
	// [ω×, D] = W D − D W = M + Mᵀ with M = W D (D symmetric, W the
	// cross-product matrix of ω): M's columns are ω × D's.
	var m [3]v3
	for k := range 3 {
		m[k] = om.cross(col3(&d, k))
	}
	cc := 0.0
	for a := range 3 {
		for b := range 3 {
			v := m[b].at(a) + m[a].at(b)
			cc += float64(v * v)
		}
	}
	return math.Sqrt(cc / float64(3*dd))
}

// deviator returns D = I0 − tr I0/3 and ‖D‖² (0 for three equal moments,
// to rounding).
func deviator(i0 *mgl64.Mat3) (mgl64.Mat3, float64) {
	t := (i0[0] + i0[4] + i0[8]) / 3
	d := *i0
	d[0], d[4], d[8] = d[0]-t, d[4]-t, d[8]-t
	dd := 0.0
	for _, v := range d {
		dd += float64(v * v)
	}
	if !(dd > 1e-24*t*t) {
		return d, 0
	}
	return d, dd
}

// axisymmetric reports whether an inertia has two equal moments (or three)
// to axisTol: s = 1 − 27 J3² / 4 J2³ ≤ axisTol (J2 = ½ tr D², J3 = det D).
func axisymmetric(i0 *mgl64.Mat3) bool {
	d, dd := deviator(i0)
	return dd == 0 || symmetricAbout(&d, dd)
}

// symmetricAbout is axisymmetric for the deviator d with ‖d‖² = dd > 0.
func symmetricAbout(d *mgl64.Mat3, dd float64) bool {
	j2, j3 := 0.5*dd, fmath.Det(*d)
	return 1-float64(27*j3*j3)/float64(4*j2*j2*j2) <= axisTol
}

// axisTol is how close to symmetric about an axis a body's inertia counts
// as symmetric (inertiaTurn): two moments equal to about 1e-5 of the third's
// distance from them — a wheel as a craft file's shape gives it, to
// rounding.
const axisTol = 1e-9

// anchorNear is how close to a body's centre of mass, in radii of
// gyration, a joint's anchor counts as at the centre (jointRate): a wheel
// hinged at its centre as a craft file places it, to rounding.
const anchorNear = 1e-6

// spinTurn is the most a jointed body turns about itself in one sub-step,
// rad, where its joints do not turn with it (or MaxRotation, if larger):
// RK4's attitude q' = ½ ω q loses (ωh/2)⁵/120 of its phase a sub-step —
// 8e-6 rad at 0.5, 0.07 rad over the 3,000 rad a reaction wheel turns in
// 10 s (TestReactionWheel).
const spinTurn = 0.5
