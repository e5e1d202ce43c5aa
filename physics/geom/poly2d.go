package geom

import (
	"math"
	"slices"

	"spaceflight/physics/fmath"
)

// pt2 is a point in the coordinates (u, v) of a contact plane, with its
// height h along the plane's normal and the polyhedron vertex it came from
// (−1 for points made by clipping).
type pt2 struct {
	u, v, h float64
	vert    int32
}

func cross2(o, a, b pt2) float64 {
	return float64((a.u-o.u)*(b.v-o.v)) - float64((a.v-o.v)*(b.u-o.u))
}

func dist2(a, b pt2) float64 {
	du, dv := a.u-b.u, a.v-b.v
	return math.Sqrt(float64(du*du) + float64(dv*dv))
}

// less orders points by u, then v, then vertex index: a total order, so the
// result does not depend on the input order.
func (a pt2) less(b pt2) bool {
	if a.u != b.u {
		return a.u < b.u
	}
	if a.v != b.v {
		return a.v < b.v
	}
	return a.vert < b.vert
}

// hull2D sorts pts in place and writes their convex hull, counter-clockwise
// in (u, v), into dst[:0] (which must have room for len(pts)+1 points).
// Points closer than tol to each other or to a hull edge's line are not
// corners. The result has 1 point (all coincide), 2 (collinear) or more.
func hull2D(dst, pts []pt2, tol float64) []pt2 {
	if len(pts) > manyPoints && finite2D(pts) {
		// The order is total (no two points share a vertex), so any
		// sort gives the same result.
		slices.SortFunc(pts, func(a, b pt2) int {
			switch {
			case a.less(b):
				return -1
			case b.less(a):
				return 1
			}
			return 0
		})
	}
	for i := 1; i < len(pts); i++ { // insertion sort: few points (or sorted)
		for j := i; j > 0 && pts[j].less(pts[j-1]); j-- {
			pts[j], pts[j-1] = pts[j-1], pts[j]
		}
	}
	h := dst[:0]
	if len(pts) == 0 {
		return h
	}
	// turn reports whether b turns left of the line o → a by more than tol.
	turn := func(o, a, b pt2) bool {
		return cross2(o, a, b) > tol*dist2(o, a)
	}
	for _, p := range pts { // lower chain
		if len(h) > 0 && dist2(h[len(h)-1], p) <= tol {
			continue
		}
		for len(h) >= 2 && !turn(h[len(h)-2], h[len(h)-1], p) {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h)
	for i := len(pts) - 2; i >= 0; i-- { // upper chain
		p := pts[i]
		if dist2(h[len(h)-1], p) <= tol {
			continue
		}
		for len(h) > lower && !turn(h[len(h)-2], h[len(h)-1], p) {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	if len(h) > 1 && dist2(h[0], h[len(h)-1]) <= tol {
		h = h[:len(h)-1] // the chain came back to the first point
	}
	return h
}

// manyPoints is the number of plane points above which hull2D and dedupe
// avoid their quadratic loops (big hulls' faces).
const manyPoints = 32

// finite2D reports whether no point has a NaN coordinate (then the order of
// less is total and sorting by u is consistent).
func finite2D(ps []pt2) bool {
	for _, p := range ps {
		if p.u != p.u || p.v != p.v {
			return false
		}
	}
	return true
}

// dedupeMany is dedupe for many points without NaNs: a point can be within
// tol of a kept one only if their u are within tol, so only the kept points
// in that window of byU (their indices, sorted by u) are compared.
func dedupeMany(ps []pt2, tol float64, byU *[]int32) []pt2 {
	out := ps[:0]
	idx := (*byU)[:0]
	// lower returns the first position in idx whose point has u ≥ x.
	lower := func(x float64) int {
		i, _ := slices.BinarySearchFunc(idx, x, func(k int32, x float64) int {
			if out[k].u < x {
				return -1
			}
			return 1
		})
		return i
	}
next:
	for _, p := range ps {
		// |du| ≤ dist2 up to rounding; the window is wider than that.
		w := float64(2*tol) + float64(1e-12*(math.Abs(p.u)+1))
		for i := lower(p.u - w); i < len(idx) && out[idx[i]].u <= p.u+w; i++ {
			if dist2(p, out[idx[i]]) <= tol {
				continue next
			}
		}
		out = append(out, p)
		idx = slices.Insert(idx, lower(p.u), int32(len(out)-1))
	}
	*byU = idx
	return out
}

// clipPolygon clips the convex polygon subj by the convex polygon clip (both
// counter-clockwise, at least 3 corners) with Sutherland–Hodgman, using buf
// as a second buffer; both dst and buf need room for len(subj)+len(clip)
// points. It returns the clipped polygon, in dst or buf.
func clipPolygon(dst, buf, subj, clip []pt2) []pt2 {
	out := append(dst[:0], subj...)
	in := buf
	for k := range clip {
		if len(out) == 0 {
			break
		}
		a, b := clip[k], clip[(k+1)%len(clip)]
		in, out = out, in[:0]
		prev := in[len(in)-1]
		dp := cross2(a, b, prev)
		for _, cur := range in {
			dc := cross2(a, b, cur)
			if (dp >= 0) != (dc >= 0) {
				t := dp / (dp - dc)
				out = append(out, pt2{u: prev.u + float64(t*(cur.u-prev.u)), v: prev.v + float64(t*(cur.v-prev.v)), vert: -1})
			}
			if dc >= 0 {
				out = append(out, cur)
			}
			prev, dp = cur, dc
		}
	}
	return out
}

// clipSegment clips the segment p0–p1 by the convex counter-clockwise
// polygon clip and appends the 0, 1 or 2 remaining end points to dst.
func clipSegment(dst []pt2, p0, p1 pt2, clip []pt2, tol float64) []pt2 {
	t0, t1 := 0.0, 1.0
	for k := range clip {
		a, b := clip[k], clip[(k+1)%len(clip)]
		f0, f1 := cross2(a, b, p0), cross2(a, b, p1)
		switch {
		case f0 < 0 && f1 < 0:
			return dst
		case f0 < 0:
			t0 = math.Max(t0, f0/(f0-f1))
		case f1 < 0:
			t1 = math.Min(t1, f0/(f0-f1))
		}
	}
	if t0 > t1 {
		return dst
	}
	at := func(t float64) pt2 {
		switch t {
		case 0:
			return p0
		case 1:
			return p1
		}
		return pt2{u: p0.u + float64(t*(p1.u-p0.u)), v: p0.v + float64(t*(p1.v-p0.v)), vert: -1}
	}
	q0 := at(t0)
	dst = append(dst, q0)
	if q1 := at(t1); dist2(q0, q1) > tol {
		dst = append(dst, q1)
	}
	return dst
}

// crossSegments appends to dst where the segments a0–a1 and b0–b1 meet:
// their crossing, the ends of their overlap when they are parallel, or the
// midpoint of their nearest points when they do not meet.
func crossSegments(dst []pt2, a0, a1, b0, b1 pt2, tol float64) []pt2 {
	du, dv := a1.u-a0.u, a1.v-a0.v
	eu, ev := b1.u-b0.u, b1.v-b0.v
	la, lb := fmath.Hypot(du, dv), fmath.Hypot(eu, ev)
	den := float64(du*ev) - float64(dv*eu)
	if math.Abs(den) > 1e-9*la*lb {
		// a0 + s·d = b0 + t·e
		wu, wv := b0.u-a0.u, b0.v-a0.v
		s := (float64(wu*ev) - float64(wv*eu)) / den
		t := (float64(wu*dv) - float64(wv*du)) / den
		slack := tol / math.Max(la, lb)
		if s >= -slack && s <= 1+slack && t >= -slack && t <= 1+slack {
			s = math.Min(1, math.Max(0, s))
			return append(dst, pt2{u: a0.u + float64(s*du), v: a0.v + float64(s*dv), vert: -1})
		}
		return append(dst, nearestPoint([]pt2{a0, a1}, []pt2{b0, b1}))
	}
	// Parallel: the overlap of b's projection on a.
	l2 := float64(du*du) + float64(dv*dv)
	s0 := (float64((b0.u-a0.u)*du) + float64((b0.v-a0.v)*dv)) / l2
	s1 := (float64((b1.u-a0.u)*du) + float64((b1.v-a0.v)*dv)) / l2
	lo := math.Max(0, math.Min(s0, s1))
	hi := math.Min(1, math.Max(s0, s1))
	if lo > hi { // no overlap
		return append(dst, nearestPoint([]pt2{a0, a1}, []pt2{b0, b1}))
	}
	// The overlap's ends, midway between the two lines.
	mu, mv := float64((b0.u+b1.u)/2)-float64((a0.u+a1.u)/2), float64((b0.v+b1.v)/2)-float64((a0.v+a1.v)/2)
	off := (float64(du*mv) - float64(dv*mu)) / l2 / 2 // half the offset of b's line, along the left normal
	p := pt2{u: a0.u + float64(lo*du) - float64(off*dv), v: a0.v + float64(lo*dv) + float64(off*du), vert: -1}
	dst = append(dst, p)
	if q := (pt2{u: a0.u + float64(hi*du) - float64(off*dv), v: a0.v + float64(hi*dv) + float64(off*du), vert: -1}); dist2(p, q) > tol {
		dst = append(dst, q)
	}
	return dst
}

// closestOnSegment returns the point of the segment a–b nearest to p.
func closestOnSegment(p, a, b pt2) pt2 {
	du, dv := b.u-a.u, b.v-a.v
	l2 := float64(du*du) + float64(dv*dv)
	t := 0.0
	if l2 > 0 {
		t = math.Min(1, math.Max(0, (float64((p.u-a.u)*du)+float64((p.v-a.v)*dv))/l2))
	}
	return pt2{u: a.u + float64(t*du), v: a.v + float64(t*dv), vert: -1}
}

// nearestPoint returns the midpoint of the nearest pair of points of the
// two convex point sets a and b (corners in order). It is the contact point
// when the shapes are apart and their near features do not overlap in the
// plane.
func nearestPoint(a, b []pt2) pt2 {
	best, mid := math.Inf(1), a[0]
	try := func(p, q pt2) {
		if d := dist2(p, q); d < best {
			best, mid = d, pt2{u: (p.u + q.u) / 2, v: (p.v + q.v) / 2, vert: -1}
		}
	}
	for _, p := range a {
		for k := range b {
			try(p, closestOnSegment(p, b[k], b[(k+1)%len(b)]))
		}
	}
	for _, q := range b {
		for k := range a {
			try(closestOnSegment(q, a[k], a[(k+1)%len(a)]), q)
		}
	}
	return mid
}

// inside2D reports whether p lies in the convex counter-clockwise polygon
// poly (boundary included).
func inside2D(poly []pt2, p pt2) bool {
	for k := range poly {
		if cross2(poly[k], poly[(k+1)%len(poly)], p) < 0 {
			return false
		}
	}
	return true
}
