package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// MaxManifoldPoints is the most contact points Collide reports for one pair.
// A larger contact polygon is reduced to its four most significant corners.
const MaxManifoldPoints = 4

// DefaultTolerance is the ε used when Collider.Tolerance is zero (m).
const DefaultTolerance = 1e-3

// FeatureID names the features of A and B that made a contact point, so a
// solver can match the point with last step's and warm-start it. It packs
// four 16-bit polyhedron vertex indices (A0, A1, B0, B1), 0xFFFF for none:
//
//	a corner i of A's contact polygon inside B's:   (i, none, none, none)
//	a corner j of B's contact polygon inside A's:   (none, none, j, none)
//	otherwise (edges crossing, or the nearest points of shapes still
//	apart) the features of A's and of B's polygon nearest to the point,
//	each an edge (a0 < a1) or a corner (a0, none).
//
// A point within 1e-5 of the polygons' size of a corner of A (else of B)
// takes that corner's id, so that nearly coincident corners — a box square
// on a box of the same size — keep their ids as the boxes drift. Vertex
// indices above 0xFFFE are folded to 0xFFFE. The ids of one manifold are
// distinct and do not depend on the order of the points or on which shape's
// face made the plane.
type FeatureID uint64

const noVert = 0xFFFF

func makeID(a0, a1, b0, b1 int32) FeatureID {
	f := func(i int32) uint64 {
		if i < 0 {
			return noVert
		}
		return uint64(min(i, noVert-1))
	}
	return FeatureID(f(a0) | f(a1)<<16 | f(b0)<<32 | f(b1)<<48)
}

// Verts returns the four packed vertex indices (A0, A1, B0, B1); −1 is none.
func (id FeatureID) Verts() (a0, a1, b0, b1 int) {
	g := func(k uint) int {
		v := int(id >> (16 * k) & 0xFFFF)
		if v == noVert {
			return -1
		}
		return v
	}
	return g(0), g(1), g(2), g(3)
}

// ContactPoint is one point of a contact manifold.
type ContactPoint struct {
	// Point is midway between the two surfaces along the normal (world, m).
	Point mgl64.Vec3
	// Depth is the signed separation of the surfaces at Point along the
	// normal (m): negative when they overlap, positive for a speculative
	// contact of shapes still apart.
	Depth float64
	// ID identifies the pair of features that made the point.
	ID FeatureID
}

// Manifold is the contact between two convex shapes A and B. The caller
// owns it; Collide overwrites it.
type Manifold struct {
	// Normal is the unit contact normal in world coordinates, pointing from
	// A into B: pushing B along Normal separates the shapes.
	Normal mgl64.Vec3
	// Separation is the distance between the shapes' supporting planes
	// along Normal (m): the separating plane's d, ≤ every point's Depth.
	Separation float64
	// Count is the number of valid entries of Points.
	Count  int
	Points [MaxManifoldPoints]ContactPoint
}

// Plane kinds of a PairCache.
const (
	planeNone     = iota
	planeFaceA    // face IA of A
	planeFaceB    // face IB of B
	planeEdges    // edge axis IA of A × edge axis IB of B
	planeEdgePair // edge IA of A × edge IB of B
)

// PairCache remembers the last best separating plane of one pair of shapes
// so that the next Collide of a still separated pair ends after testing one
// plane. The caller keeps one per ordered pair (zero value: empty). Any
// contents are safe: the cached plane is re-evaluated on the current shapes
// (indices out of range are ignored), so a stale cache only costs time.
//
// For big shapes it also holds a vertex of each near that plane, where the
// next call's climbs start (climb.go).
type PairCache struct {
	kind   uint8
	ia, ib int32
	va, vb int32
}

// Collider generates contacts between convex polyhedra. It holds the scratch
// buffers, so that Collide allocates nothing once they have grown; it is not
// safe for concurrent use (use one per goroutine). The zero value is ready.
type Collider struct {
	// Tolerance is ε (m): points within ε of their shape's supporting plane
	// take part in the contact polygon. Zero means DefaultTolerance.
	Tolerance float64

	// Everything is computed in A's local frame: B is moved into it by
	// rot and pos, and the results are moved back to the world.
	a, b       *Polyhedron
	rot        rotation     // B's local frame → A's
	pos        mgl64.Vec3   // B's origin in A's frame
	va, vb     []mgl64.Vec3 // vertices (va is A's own slice: read only)
	vbReady    bool
	ebReady    bool         // eb holds B's edge axes
	boxA, boxB boxShape     // the shapes' boxes in A's frame, if boxes
	ea, eb     []mgl64.Vec3 // edge axes (ea may be A's own slice: read only)
	fa, fb     []faceAxis   // face axes (fa may be A's own slice: read only)
	axA, axB   []mgl64.Vec3 // local edge axes of shapes without them
	fxA, fxB   []faceAxis   // local face axes of shapes without them
	nb         []mgl64.Vec3 // B's face normals, for edge pairs
	edgeMode   int          // tests: 1 forces edge axes, 2 edge pairs
	be         []bEdge      // B's edges, for edge pairs
	sa, sb     []pt2        // points near the plane
	ha, hb     []pt2        // their 2-D hulls
	pa, pb, pc []pt2        // clipping buffers
	kept       [MaxManifoldPoints]pt2

	// Climbing big shapes (climb.go, walk.go): the tolerances and first
	// starts of the climbs over A's and B's vertices, per face the other
	// shape's vertex nearest its plane, the face loop's separations, the
	// walks' arcs and crossed edges, the floods' marks.
	ga, gb       *vertexGraph // the shapes' vertex graphs, if big
	tolA, tolB   float64
	hintA, hintB int32
	supA, supB   []faceSup
	axisOf       []int32
	sep          []float64
	na           []mgl64.Vec3 // A's face normals
	arcs         []arc
	crossed      []int32
	byU          []int32 // dedupe's scratch
	mark, queue  []int32
	stamp        int32

	// GJK adapters for Distance.
	suppA, suppB PolyhedronSupport
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/2)
	}
	return s[:n]
}

// Collide finds the contact between the convex polyhedra a and b placed by
// xfA and xfB, with the separating plane method (design note §6):
//
//  1. Candidate planes are the faces of A, the faces of B and, for pairs of
//     an edge of A and an edge of B, the plane through A's edge with normal
//     ±(eA × eB) facing away from A. The separation of a plane is the
//     distance of B's nearest vertex in front of it. Edge pairs are tested
//     whichever way is cheaper: over the distinct edge directions with the
//     full extent of both shapes along each normal (boxes, prisms), or only
//     over the pairs that form a face of the Minkowski difference, whose
//     plane through A's edge is exact (hulls with many directions). On
//     shapes of climbMinVerts vertices or more the lowest vertex along a
//     face's normal comes from a climb on the vertex graph, and the
//     Minkowski-face pairs from walks along the Gauss arcs (climb.go,
//     walk.go): the same planes, without a pass over every vertex for
//     every face or every pair of edges.
//  2. The plane with the largest separation d wins (faces are preferred to
//     edge pairs within a small tolerance, for stable normals). If
//     d > margin the shapes are apart: Collide returns false.
//  3. Otherwise the plane is moved to the middle of the gap or overlap; the
//     vertices of A and of B within ½|d| + ε of it (within ε of their own
//     supporting plane, or past the other's when the shapes overlap by
//     more than ε) are expressed in two in-plane axes u, v; each set's
//     2-D convex hull is taken; the two polygons are intersected.
//  4. The corners of the intersection go back to 3-D, each with its own
//     depth: the gap between the surfaces of B and A along the normal at
//     that corner. More than MaxManifoldPoints corners are reduced to the
//     deepest one, the one furthest from it and the two spanning the
//     largest area with them.
//
// margin ≥ 0 (m) is the speculative distance: shapes apart by less than it
// get contacts with positive depth, so that a fast body is stopped before it
// tunnels. cache may be nil. Collide reports whether m holds contacts; it
// returns false and leaves m.Count = 0 for nil or empty shapes.
func (c *Collider) Collide(a *Polyhedron, xfA Transform, b *Polyhedron, xfB Transform, margin float64, cache *PairCache, m *Manifold) bool {
	m.Count = 0
	if a == nil || b == nil || len(a.Verts) == 0 || len(b.Verts) == 0 || len(a.Faces) == 0 || len(b.Faces) == 0 {
		return false
	}
	eps := c.Tolerance
	if eps <= 0 {
		eps = DefaultTolerance
	}
	c.place(a, xfA, b, xfB)
	c.hintA, c.hintB = 0, 0
	if cache != nil {
		if cache.va > 0 && int(cache.va) < len(a.Verts) {
			c.hintA = cache.va
		}
		if cache.vb > 0 && int(cache.vb) < len(b.Verts) {
			c.hintB = cache.vb
		}
	}

	// A cached plane that still separates ends the test.
	if cache != nil && cache.kind != planeNone {
		if s, ok := c.cachedSeparation(cache); ok && s > margin {
			return false
		}
	}
	c.placeAxes()

	// 1–2. The best separating plane.
	bestA, faceA, normalA, apart := c.faceLoop(false, margin)
	if apart {
		return c.apart(cache, planeFaceA, faceA, 0)
	}
	bestB, faceB, normalB, apart := c.faceLoop(true, margin)
	if apart {
		return c.apart(cache, planeFaceB, 0, faceB)
	}
	if faceA < 0 || faceB < 0 {
		return false // non-finite input
	}
	kind, normal, best := uint8(planeFaceA), normalA, bestA
	ia, ib := faceA, int32(0)
	if bestB > bestA+faceTolerance {
		kind, normal, best = planeFaceB, normalB, bestB
		ia, ib = 0, faceB
	}
	var bestE float64
	var edgeN mgl64.Vec3
	var eiA, eiB int32
	edgeKind := uint8(planeEdges)
	switch {
	case c.useEdgePairs() && (c.ga != nil || c.gb != nil):
		edgeKind = planeEdgePair
		// Only a pair above this changes the answer (below).
		matters := math.Min(margin, best+float64(edgeRelTolerance*math.Abs(best))+faceTolerance)
		bestE, edgeN, eiA, eiB = c.edgeWalkPlanes(margin, matters)
	case c.useEdgePairs():
		edgeKind = planeEdgePair
		bestE, edgeN, eiA, eiB = c.edgePairPlanes(margin)
	default:
		bestE, edgeN, eiA, eiB = c.edgeAxisPlanes(margin)
	}
	if bestE > margin {
		return c.apart(cache, edgeKind, eiA, eiB)
	}
	if eiA >= 0 && bestE > best+float64(edgeRelTolerance*math.Abs(best))+faceTolerance {
		kind, normal = edgeKind, edgeN
		ia, ib = eiA, eiB
	}
	if cache != nil {
		*cache = PairCache{kind: kind, ia: ia, ib: ib, va: c.hintA, vb: c.hintB}
	}

	// 3. Points near the plane, in plane coordinates.
	n := normal
	u, v := perpendicular(n)
	c.placeVertsB()
	_, hA := minMaxDot(c.va, n)
	hB, _ := minMaxDot(c.vb, n)
	// A shape's slab reaches at least the other's supporting plane: when
	// the shapes overlap by more than ε every vertex inside the overlap
	// takes part, not only those within ε of the deepest.
	loA, hiB := math.Min(hA-eps, hB), math.Max(hB+eps, hA)
	c.sa = c.sa[:0]
	for i, x := range c.va {
		if h := fmath.Dot(n, x); h >= loA {
			c.sa = append(c.sa, pt2{u: fmath.Dot(u, x), v: fmath.Dot(v, x), h: h, vert: int32(i)})
		}
	}
	c.sb = c.sb[:0]
	for j, x := range c.vb {
		if h := fmath.Dot(n, x); h <= hiB {
			c.sb = append(c.sb, pt2{u: fmath.Dot(u, x), v: fmath.Dot(v, x), h: h, vert: int32(j)})
		}
	}
	// Lengths below tol count as zero in the plane (1e-9 of the features'
	// size, at least 1e-12 m).
	tol := 1e-12 + float64(1e-9*(spread(c.sa)+spread(c.sb)))
	c.ha = hull2D(grow(c.ha, len(c.sa)+1), c.sa, tol)
	c.hb = hull2D(grow(c.hb, len(c.sb)+1), c.sb, tol)
	if len(c.ha) == 0 || len(c.hb) == 0 {
		return false // non-finite input
	}

	// Polygon intersection.
	room := len(c.ha) + len(c.hb) + 4
	c.pa, c.pb = grow(c.pa, room), grow(c.pb, room)
	poly := c.pc[:0]
	switch na, nb := len(c.ha), len(c.hb); {
	case na == 1 && nb >= 3:
		if inside2D(c.hb, c.ha[0]) {
			poly = append(poly, c.ha[0])
		}
	case nb == 1 && na >= 3:
		if inside2D(c.ha, c.hb[0]) {
			poly = append(poly, c.hb[0])
		}
	case na == 1 || nb == 1:
		// vertex against vertex or edge: the nearest points, below
	case na == 2 && nb == 2:
		poly = crossSegments(poly, c.ha[0], c.ha[1], c.hb[0], c.hb[1], tol)
	case na == 2:
		poly = clipSegment(poly, c.ha[0], c.ha[1], c.hb, tol)
	case nb == 2:
		poly = clipSegment(poly, c.hb[0], c.hb[1], c.ha, tol)
	default:
		poly = append(poly, clipPolygon(c.pa, c.pb, c.ha, c.hb)...)
	}
	// Corners closer than snap merge, and a corner within snap of a hull
	// corner takes that corner's id: nearly coincident corners (a box
	// square on a box of the same size) keep their ids while the shapes
	// drift by less than snap.
	snap := tol + float64(1e-5*(spread(c.ha)+spread(c.hb)))
	poly = dedupe(poly, snap, &c.byU)
	if len(poly) == 0 {
		// The near features do not overlap in the plane (shapes apart
		// corner to corner, or rounding): one point between them.
		poly = append(poly, nearestPoint(c.ha, c.hb))
	}
	c.pc = poly

	// 4. Back to 3-D with per-point depth and feature ids.
	surfA := surfaceOf(c.ha, c.fa, n, u, v, loA, hA, true)
	surfB := surfaceOf(c.hb, c.fb, n, u, v, hB, hiB, false)
	if len(poly) > MaxManifoldPoints {
		poly = reduce(&c.kept, poly, surfA, surfB)
	}
	// The plane's axes in the world.
	ra := rotationOf(xfA.Rot)
	wu, wv, wn := ra.apply(u), ra.apply(v), ra.apply(n)
	m.Normal = wn
	m.Separation = hB - hA
	for k, q := range poly {
		ta, tb := surfA.height(q), surfB.height(q)
		p := wu.Mul(q.u).Add(wv.Mul(q.v)).Add(wn.Mul((ta + tb) / 2)).Add(xfA.Pos)
		id, edges := c.featureID(q, snap)
		for _, o := range m.Points[:k] {
			if o.ID == id {
				id = edges // two corners near one hull corner
			}
		}
		m.Points[k] = ContactPoint{Point: p, Depth: tb - ta, ID: id}
	}
	m.Count = len(poly)
	return true
}

// perpendicular returns unit u, v with u × v = n for a unit n.
func perpendicular(n mgl64.Vec3) (u, v mgl64.Vec3) {
	// Cross with the axis least aligned with n.
	ax, ay, az := math.Abs(n[0]), math.Abs(n[1]), math.Abs(n[2])
	switch {
	case ax <= ay && ax <= az:
		u = mgl64.Vec3{0, -n[2], n[1]}
	case ay <= az:
		u = mgl64.Vec3{n[2], 0, -n[0]}
	default:
		u = mgl64.Vec3{-n[1], n[0], 0}
	}
	u = fmath.Normalize(u)
	return u, fmath.Cross(n, u)
}

// spread is the size of a point set's bounding box in the plane.
func spread(ps []pt2) float64 {
	if len(ps) == 0 {
		return 0
	}
	lu, hu, lv, hv := ps[0].u, ps[0].u, ps[0].v, ps[0].v
	for _, p := range ps[1:] {
		lu, hu = math.Min(lu, p.u), math.Max(hu, p.u)
		lv, hv = math.Min(lv, p.v), math.Max(hv, p.v)
	}
	return (hu - lu) + (hv - lv)
}

// dedupe removes points closer than tol to an earlier one, in place. Of
// many points, each is compared only with the kept ones whose u is near
// its own (byU, scratch, holds them sorted by u): the same result without
// comparing every pair.
func dedupe(ps []pt2, tol float64, byU *[]int32) []pt2 {
	if len(ps) > manyPoints && finite2D(ps) {
		return dedupeMany(ps, tol, byU)
	}
	return dedupeAll(ps, tol)
}

// dedupeAll is dedupe comparing every pair.
func dedupeAll(ps []pt2, tol float64) []pt2 {
	out := ps[:0]
next:
	for _, p := range ps {
		for _, q := range out {
			if dist2(p, q) <= tol {
				continue next
			}
		}
		out = append(out, p)
	}
	return out
}

// surface describes one shape's surface next to the contact plane: its
// height along the normal above a plane point (u, v).
type surface struct {
	hull   []pt2
	n      mgl64.Vec3 // the face of the shape best aligned with the contact normal (≥ 3 hull points)
	d, nn  float64    // its offset and n·normal
	nu, nv float64    // n·u and n·v
	lo, hi float64    // the surface lies within these heights
}

// surfaceOf prepares the height function of one side: for a face (3 or
// more hull points), the plane of the shape's face most aligned with the
// contact normal (most anti-aligned for B); for an edge the line through
// it; for a vertex its height. Heights are clamped to [lo, hi], the slab the
// hull points came from.
func surfaceOf(hull []pt2, axes []faceAxis, n, u, v mgl64.Vec3, lo, hi float64, isA bool) surface {
	s := surface{hull: hull, lo: lo, hi: hi}
	if len(hull) < 3 {
		return s
	}
	best := math.Inf(-1)
	sign := 1.0
	if !isA {
		sign = -1
	}
	for _, ax := range axes {
		al := fmath.Dot(ax.n, n) * sign
		if ax.pos >= 0 && al > best {
			best, s.n, s.d = al, ax.n, ax.dPos
		}
		if ax.neg >= 0 && -al > best {
			best, s.n, s.d = -al, ax.n.Mul(-1), ax.dNeg
		}
	}
	s.nn = fmath.Dot(s.n, n)
	s.nu, s.nv = fmath.Dot(s.n, u), fmath.Dot(s.n, v)
	return s
}

func (s *surface) height(q pt2) float64 {
	var h float64
	switch len(s.hull) {
	case 0:
		return s.lo
	case 1:
		h = s.hull[0].h
	case 2:
		a, b := s.hull[0], s.hull[1]
		du, dv := b.u-a.u, b.v-a.v
		t := 0.0
		if l2 := float64(du*du) + float64(dv*dv); l2 > 0 {
			t = math.Min(1, math.Max(0, (float64((q.u-a.u)*du)+float64((q.v-a.v)*dv))/l2))
		}
		h = a.h + float64(t*(b.h-a.h))
	default:
		if math.Abs(s.nn) < 1e-9 {
			return (s.lo + s.hi) / 2
		}
		h = (s.d - float64(s.nu*q.u) - float64(s.nv*q.v)) / s.nn
	}
	return math.Min(s.hi, math.Max(s.lo, h))
}

// featureID names the features behind the intersection corner q: a corner
// of A's hull within snap of it, else such a corner of B's hull, else the
// nearest features of both hulls; edges is always the last.
func (c *Collider) featureID(q pt2, snap float64) (id, edges FeatureID) {
	a0, a1 := nearestEdge(c.ha, q)
	b0, b1 := nearestEdge(c.hb, q)
	edges = makeID(a0, a1, b0, b1)
	for _, p := range c.ha {
		if dist2(p, q) <= snap {
			return makeID(p.vert, -1, -1, -1), edges
		}
	}
	for _, p := range c.hb {
		if dist2(p, q) <= snap {
			return makeID(-1, -1, p.vert, -1), edges
		}
	}
	return edges, edges
}

// nearestEdge returns the feature of the hull nearest to q: an edge as its
// two vertex indices (smaller first), or a corner as (index, −1) when the
// nearest point is an end of the edge, so that two edges meeting at that
// corner cannot tie.
func nearestEdge(h []pt2, q pt2) (int32, int32) {
	if len(h) == 1 {
		return h[0].vert, -1
	}
	best, i0, i1 := math.Inf(1), int32(-1), int32(-1)
	for k := range h {
		a, b := h[k], h[(k+1)%len(h)]
		du, dv := b.u-a.u, b.v-a.v
		t := 0.0
		if l2 := float64(du*du) + float64(dv*dv); l2 > 0 {
			t = (float64((q.u-a.u)*du) + float64((q.v-a.v)*dv)) / l2
		}
		var d float64
		var f0, f1 int32
		switch {
		case t <= 0:
			d, f0, f1 = dist2(q, a), a.vert, -1
		case t >= 1:
			d, f0, f1 = dist2(q, b), b.vert, -1
		default:
			d = dist2(q, pt2{u: a.u + float64(t*du), v: a.v + float64(t*dv)})
			f0, f1 = min(a.vert, b.vert), max(a.vert, b.vert)
		}
		if d < best {
			best, i0, i1 = d, f0, f1
		}
		if len(h) == 2 {
			break
		}
	}
	return i0, i1
}

// reduce picks the four most significant corners of poly, in their order:
// the deepest, the one furthest from it, and the two that span the largest
// triangles with them on either side. It writes them to dst.
func reduce(dst *[MaxManifoldPoints]pt2, poly []pt2, sa, sb surface) []pt2 {
	i0, deepest := 0, math.Inf(1)
	for k, q := range poly {
		if d := sb.height(q) - sa.height(q); d < deepest {
			i0, deepest = k, d
		}
	}
	i1, far := -1, -1.0
	for k, q := range poly {
		if d := dist2(q, poly[i0]); d > far {
			i1, far = k, d
		}
	}
	i2, i3, pos, neg := -1, -1, 0.0, 0.0
	for k, q := range poly {
		a := cross2(poly[i0], poly[i1], q)
		if a > pos {
			i2, pos = k, a
		}
		if a < neg {
			i3, neg = k, a
		}
	}
	n := 0
	for k, q := range poly {
		if k == i0 || k == i1 || k == i2 || k == i3 {
			dst[n] = q
			n++
		}
	}
	return dst[:n]
}
