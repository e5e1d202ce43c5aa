package physics_test

// Static stability by construction (design notes §13): a resting piece
// stands when the centre of mass of everything it carries, itself
// included, lies over the piece's contact with its support — the overlap
// of the two faces that touch — at least 10 % of that overlap's inradius
// inside. The generator keeps a stack or a box on a slope only when this
// holds; such scenes must then come to rest, stay and sleep.

import (
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// stabilityMargin is the margin as a fraction of the contact's inradius.
const stabilityMargin = 0.1

// vec2 is a point of a horizontal plane: (x, z).
type vec2 [2]float64

// stableStack reports whether pieces stacked bottom to top on the ground
// (y = 0), each face down, turned by qs and at the horizontal offsets
// offs (their y unused), stand by the margin test, the ground's face
// being unbounded.
func stableStack(ps []part, qs []mgl64.Quat, offs []mgl64.Vec3) bool {
	return stackMargin(ps, qs, offs) >= stabilityMargin
}

// stackMargin returns the smallest, over the stack's contacts, distance
// from the centre of mass carried to the contact's edge over the
// contact's inradius (negative: outside).
func stackMargin(ps []part, qs []mgl64.Quat, offs []mgl64.Vec3) float64 {
	below := []vec2{{-1e3, -1e3}, {1e3, -1e3}, {1e3, 1e3}, {-1e3, 1e3}}
	worst := math.Inf(1)
	for k := range ps {
		support := hull2(intersect(facePoly(ps[k], qs[k], offs[k], false), below))
		var com mgl64.Vec3
		m := 0.0
		for j := k; j < len(ps); j++ {
			com = com.Add(offs[j].Mul(ps[j].mass))
			m += ps[j].mass
		}
		com = com.Mul(1 / m)
		if len(support) < 3 {
			return math.Inf(-1)
		}
		worst = math.Min(worst, depth(support, vec2{com[0], com[2]})/inradius(support))
		below = facePoly(ps[k], qs[k], offs[k], true)
	}
	return worst
}

// stableOn reports whether a piece turned by q with its centre of mass at
// c, both in a frame whose plane y = 0 it rests on, face down, stands by
// the margin test when gravity points along down (that frame).
func stableOn(p part, q mgl64.Quat, c, down mgl64.Vec3) bool {
	foot := facePoly(p, q, c, false)
	if !(down[1] < 0) || len(foot) < 3 {
		return false
	}
	v := c.Add(down.Mul(-c[1] / down[1])) // where the vertical through c meets the plane
	return depth(foot, vec2{v[0], v[2]}) >= stabilityMargin*inradius(foot)
}

// facePoly returns the horizontal outline (x, z) of the piece's lowest
// (top false) or highest face when turned by q with its centre of mass at
// c: the hull of the vertices within 1e-9 of its size of that level.
func facePoly(p part, q mgl64.Quat, c mgl64.Vec3, top bool) []vec2 {
	dir := up
	if !top {
		dir = up.Mul(-1)
	}
	level, tol := p.extent(q, dir), 1e-9*p.radius()
	var pts []vec2
	for _, v := range p.poly.Verts {
		w := q.Rotate(v)
		if w.Dot(dir) >= level-tol {
			pts = append(pts, vec2{c[0] + w[0], c[2] + w[2]})
		}
	}
	return hull2(pts)
}

// cross2 is (a − o) × (b − o): positive when b lies left of o → a.
func cross2(o, a, b vec2) float64 {
	return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
}

// hull2 returns the convex hull of pts counter-clockwise (Andrew's
// monotone chain), without collinear points.
func hull2(pts []vec2) []vec2 {
	var uniq []vec2 // points 1 nm apart count as one: rounding, not shape
	for _, p := range pts {
		if !slices.ContainsFunc(uniq, func(q vec2) bool { return math.Hypot(p[0]-q[0], p[1]-q[1]) < 1e-9 }) {
			uniq = append(uniq, p)
		}
	}
	pts = uniq
	slices.SortFunc(pts, func(a, b vec2) int {
		if a[0] != b[0] {
			return cmpF(a[0], b[0])
		}
		return cmpF(a[1], b[1])
	})
	if len(pts) < 3 {
		return pts
	}
	h := make([]vec2, 0, 2*len(pts))
	for pass := range 2 {
		start := len(h)
		for _, p := range pts {
			for len(h) >= start+2 && cross2(h[len(h)-2], h[len(h)-1], p) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1] // the last point starts the other chain
		if pass == 0 {
			slices.Reverse(pts)
		}
	}
	return h
}

func cmpF(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// clip keeps the part of the convex polygon p at least r left of the
// directed line a → b (Sutherland–Hodgman, one edge).
func clip(p []vec2, a, b vec2, r float64) []vec2 {
	l := math.Hypot(b[0]-a[0], b[1]-a[1])
	var out []vec2
	for i := range p {
		s, e := p[i], p[(i+1)%len(p)]
		ds, de := cross2(a, b, s)/l-r, cross2(a, b, e)/l-r
		if ds >= 0 {
			out = append(out, s)
		}
		if (ds >= 0) != (de >= 0) {
			t := ds / (ds - de)
			out = append(out, vec2{s[0] + t*(e[0]-s[0]), s[1] + t*(e[1]-s[1])})
		}
	}
	return out
}

// intersect returns the overlap of the convex polygons p and q.
func intersect(p, q []vec2) []vec2 {
	for i := range q {
		if len(p) == 0 {
			break
		}
		p = clip(p, q[i], q[(i+1)%len(q)], 0)
	}
	return p
}

// area2 is twice the signed area of p.
func area2(p []vec2) float64 {
	a := 0.0
	for i := range p {
		a += cross2(vec2{}, p[i], p[(i+1)%len(p)])
	}
	return a
}

// inradius returns the radius of the largest circle in the convex polygon
// p: the largest inward offset of its edges that leaves an area, by
// bisection.
func inradius(p []vec2) float64 {
	lo, hi := 0.0, 0.0
	for _, v := range p {
		hi = math.Max(hi, math.Hypot(v[0]-p[0][0], v[1]-p[0][1]))
	}
	for range 60 {
		mid := (lo + hi) / 2
		s := p
		for i := range p {
			s = clip(s, p[i], p[(i+1)%len(p)], mid)
			if len(s) < 3 {
				break
			}
		}
		if len(s) >= 3 && area2(s) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// depth returns how far c lies inside the counter-clockwise convex
// polygon p: its distance to the nearest edge, negative outside.
func depth(p []vec2, c vec2) float64 {
	d := math.Inf(1)
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		d = math.Min(d, cross2(a, b, c)/math.Hypot(b[0]-a[0], b[1]-a[1]))
	}
	return d
}
