package geom

// The separating-axis search of Collide: the edge-pair planes, the
// placement of both shapes' vertices and face axes in one frame, their
// ranges along an axis, and the axis a PairCache remembers from last step.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// edgeAxisPlanes tests the planes of all pairs of edge directions by the
// range of both shapes along their normal. It returns the best separation,
// its normal (from A towards B) and axis indices; it stops at the first
// separation above margin.
func (c *Collider) edgeAxisPlanes(margin float64) (best float64, normal mgl64.Vec3, ia, ib int32) {
	c.placeEdgeAxesB()
	best, ia, ib = math.Inf(-1), -1, -1
	for i, ea := range c.ea {
		for j, eb := range c.eb {
			n := fmath.Cross(ea, eb)
			l2 := fmath.Dot(n, n)
			if l2 < 1e-12 {
				continue // parallel edges: their plane is a face plane
			}
			n = n.Mul(1 / math.Sqrt(l2))
			loA, hiA := c.rangeA(n)
			loB, hiB := c.rangeB(n)
			s := loB - hiA
			if s2 := loA - hiB; s2 > s {
				s, n = s2, n.Mul(-1)
			}
			if s > best {
				best, normal, ia, ib = s, n, int32(i), int32(j)
				if s > margin {
					return
				}
			}
		}
	}
	return
}

// bEdge is an edge of B in A's frame, prepared for edgePairPlanes.
type bEdge struct {
	p, d mgl64.Vec3 // first vertex and edge vector
	c, e mgl64.Vec3 // the negated normals of its two faces
	exc  mgl64.Vec3 // e × c
}

// useEdgePairs chooses between the two ways to test edge pairs: by edge
// directions with the full range of both shapes along each normal (cheap
// for boxes and prisms, which have few directions), or by the pairs of
// edges that form a face of the Minkowski difference (Gauss map arcs that
// cross), each tested through A's edge in O(1) (cheap for hulls with many
// directions). Both find the same best plane when the shapes overlap.
func (c *Collider) useEdgePairs() bool {
	a, b := c.a, c.b
	if a.edgeFaces == nil || b.edgeFaces == nil || b.axes == nil {
		return false
	}
	if c.edgeMode != 0 {
		return c.edgeMode == 2 // forced by a test
	}
	if c.ga != nil || c.gb != nil {
		return true // walked (climb.go): a few pairs per edge
	}
	cost := func(p *Polyhedron) int {
		if p.box != nil {
			return 4
		}
		return len(p.Verts)
	}
	axes := len(c.ea) * len(b.axes) * (cost(a) + cost(b))
	pairs := len(a.Edges)*len(b.Edges)*3 + 6*(len(b.Faces)+len(b.Edges))
	return pairs < axes
}

// edgePairPlanes tests, for each pair of an edge of A and an edge of B that
// form a face of the Minkowski difference, the plane through A's edge with
// normal ±(eA × eB) facing away from A's centre: its separation is the
// distance of B's edge in front of it. It returns like edgeAxisPlanes, with
// edge indices.
func (c *Collider) edgePairPlanes(margin float64) (best float64, normal mgl64.Vec3, ia, ib int32) {
	c.placeEdgesB()
	r := edgeBest{best: math.Inf(-1), ia: -1, ib: -1}
	for i := range c.a.Edges {
		ae := c.edgeOfA(i)
		if c.edgePairs(&ae, int32(i), nil, margin, &r) {
			break
		}
	}
	return r.best, r.normal, r.ia, r.ib
}

// edgeBest is the best edge pair found so far.
type edgeBest struct {
	best   float64
	normal mgl64.Vec3
	ia, ib int32
}

// edgePairs tests A's edge i, prepared as ae, against B's edges js (all
// of them if js is nil) and keeps in r the pair with the largest
// separation, of equal ones the first in the order (edge of A, edge of B).
// It reports a separation above margin (then it stopped there).
func (c *Collider) edgePairs(ae *aEdge, i int32, js []int32, margin float64, r *edgeBest) bool {
	n := len(c.be)
	if js != nil {
		n = len(js)
	}
	for k := range n {
		j := int32(k)
		if js != nil {
			j = js[k]
		}
		be := &c.be[j]
		// Do the arcs na–nb and −nB1–−nB2 cross on the unit sphere? Then
		// the edges form a face of the Minkowski difference.
		cba, dba := fmath.Dot(be.c, ae.bxa), fmath.Dot(be.e, ae.bxa)
		if cba*dba >= 0 {
			continue
		}
		adc, bdc := fmath.Dot(ae.na, be.exc), fmath.Dot(ae.nb, be.exc)
		if adc*bdc >= 0 || cba*bdc <= 0 {
			continue
		}
		s, nrm, ok := ae.plane(be)
		if !ok {
			continue
		}
		if s > r.best || s == r.best && (i < r.ia || i == r.ia && j < r.ib) {
			r.best, r.normal, r.ia, r.ib = s, nrm, i, j
		}
		if s > margin {
			return true
		}
	}
	return false
}

// placeEdgesB prepares B's edges in A's frame for the edge-pair tests.
func (c *Collider) placeEdgesB() {
	b := c.b
	c.placeVertsB()
	c.nb = grow(c.nb, len(b.Faces))
	for i := range b.Faces {
		c.nb[i] = c.rot.apply(b.Faces[i].Normal)
	}
	c.be = grow(c.be, len(b.Edges))
	for j, e := range b.Edges {
		f := b.edgeFaces[j]
		cc, ee := c.nb[f[0]].Mul(-1), c.nb[f[1]].Mul(-1)
		p := c.vb[e[0]]
		c.be[j] = bEdge{p: p, d: c.vb[e[1]].Sub(p), c: cc, e: ee, exc: fmath.Cross(ee, cc)}
	}
}

// aEdge is an edge of A prepared for the edge-pair tests.
type aEdge struct {
	na, nb mgl64.Vec3 // the normals of its two faces
	bxa    mgl64.Vec3 // nb × na
	pa, da mgl64.Vec3 // first vertex and edge vector
	out    mgl64.Vec3 // pa − A's centroid
	la2    float64    // |da|²
}

// edgeOfA returns A's edge i prepared for the edge-pair tests.
func (c *Collider) edgeOfA(i int) aEdge {
	a := c.a
	f, e := a.edgeFaces[i], a.Edges[i]
	na, nb := a.Faces[f[0]].Normal, a.Faces[f[1]].Normal
	pa := a.Verts[e[0]]
	da := a.Verts[e[1]].Sub(pa)
	return aEdge{na: na, nb: nb, bxa: fmath.Cross(nb, na), pa: pa, da: da, out: pa.Sub(a.centroid), la2: fmath.Dot(da, da)}
}

// plane returns the plane through ae with normal ±(eA × eB) facing away
// from A's centre, and the distance of be in front of it; not ok for
// parallel edges (their plane is a face plane).
func (ae *aEdge) plane(be *bEdge) (s float64, n mgl64.Vec3, ok bool) {
	n = fmath.Cross(ae.da, be.d)
	l2 := fmath.Dot(n, n)
	if l2 < 1e-12*ae.la2*fmath.Dot(be.d, be.d) {
		return 0, n, false
	}
	n = n.Mul(1 / math.Sqrt(l2))
	if fmath.Dot(n, ae.out) < 0 {
		n = n.Mul(-1)
	}
	return fmath.Dot(n, be.p.Sub(ae.pa)), n, true
}

// faceLoop tests the planes of A's faces against B, or of B's against A
// (ofB): the best separation, its face and the contact normal (the face's
// normal for A's, its opposite for B's); apart reports a face separated by
// more than margin (then the scan stopped there). Opposite faces share an
// axis, so one projection serves both. A big other shape is climbed
// (climbFaces).
func (c *Collider) faceLoop(ofB bool, margin float64) (best float64, face int32, normal mgl64.Vec3, apart bool) {
	axes, nf, own, other := c.fa, len(c.a.Faces), c.ga, c.gb
	if ofB {
		axes, nf, own, other = c.fb, len(c.b.Faces), c.gb, c.ga
	}
	if other != nil {
		fs := faceSide{axes: axes, faces: nf, own: own, g: other, ofB: ofB}
		if ofB {
			c.supB = grow(c.supB, nf)
			fs.xs, fs.tol, fs.start = c.va, c.tolA, c.hintA
			best, face, normal, apart = c.climbFaces(&fs, margin, c.supB)
			if face >= 0 {
				c.hintA = c.supB[face].v
			}
		} else {
			c.placeVertsB()
			c.supA = grow(c.supA, nf)
			fs.xs, fs.tol, fs.start = c.vb, c.tolB, c.hintB
			best, face, normal, apart = c.climbFaces(&fs, margin, c.supA)
			if face >= 0 {
				c.hintB = c.supA[face].v
			}
		}
		return best, face, normal, apart
	}
	best, face = math.Inf(-1), -1
	for _, ax := range axes {
		var lo, hi float64
		n := ax.n
		if ofB {
			lo, hi = c.rangeA(ax.n)
			n = ax.n.Mul(-1)
		} else {
			lo, hi = c.rangeB(ax.n)
		}
		if ax.pos >= 0 {
			if s := lo - ax.dPos; s > best {
				best, face, normal = s, ax.pos, n
			}
		}
		if ax.neg >= 0 {
			if s := -hi - ax.dNeg; s > best {
				best, face, normal = s, ax.neg, n.Mul(-1)
			}
		}
		if best > margin {
			return best, face, normal, true
		}
	}
	return best, face, normal, false
}

// Plane choice tolerances: B's face must beat A's by faceTolerance (m), an
// edge pair must beat the best face by edgeRelTolerance of its separation
// plus faceTolerance, so that nearly equal planes do not flip between steps.
const (
	faceTolerance    = 1e-6
	edgeRelTolerance = 0.05
)

func (c *Collider) apart(cache *PairCache, kind uint8, ia, ib int32) bool {
	if cache != nil {
		*cache = PairCache{kind: kind, ia: ia, ib: ib, va: c.hintA, vb: c.hintB}
	}
	return false
}

// place expresses b's vertices in a's local frame.
func (c *Collider) place(a *Polyhedron, xfA Transform, b *Polyhedron, xfB Transform) {
	ra := rotationOf(xfA.Rot)
	rb := rotationOf(xfB.Rot)
	c.a, c.b = a, b
	for k := range 3 { // R = RAᵀ RB
		col := mgl64.Vec3{rb[0][k], rb[1][k], rb[2][k]}
		t := ra.applyT(col)
		c.rot[0][k], c.rot[1][k], c.rot[2][k] = t[0], t[1], t[2]
	}
	c.pos = ra.applyT(xfB.Pos.Sub(xfA.Pos))
	c.va = a.Verts
	c.vbReady, c.ebReady = false, false
	c.ga, c.gb = a.climbGraph(), b.climbGraph()
	if c.ga != nil {
		c.tolA = climbTolerance * c.ga.radius
	}
	if c.gb != nil {
		c.tolB = climbTolerance * (fmath.Len(c.pos) + c.gb.radius)
	}
	if a.box != nil {
		c.boxA = *a.box
	}
	if bx := b.box; bx != nil { // B's box in A's frame
		c.boxB.half = bx.half
		c.boxB.centre = c.rot.apply(bx.centre).Add(c.pos)
		for k := range 3 {
			c.boxB.axes[k] = c.rot.apply(bx.axes[k])
		}
	}
}

// placeVertsB moves B's vertices into A's frame, once per call.
func (c *Collider) placeVertsB() {
	if c.vbReady {
		return
	}
	c.vbReady = true
	c.vb = grow(c.vb, len(c.b.Verts))
	for i, x := range c.b.Verts {
		c.vb[i] = c.rot.apply(x).Add(c.pos)
	}
}

// rangeA returns the range of n·x over A (in A's frame): from the half
// extents for a box, else over the vertices.
func (c *Collider) rangeA(n mgl64.Vec3) (lo, hi float64) {
	if c.a.box != nil {
		m, r := c.boxA.extent(n)
		return m - r, m + r
	}
	if g := c.ga; g != nil {
		return c.climbRange(c.va, g, n, c.hintA, c.tolA)
	}
	return minMaxDot(c.va, n)
}

// rangeB returns the range of n·x over B (in A's frame).
func (c *Collider) rangeB(n mgl64.Vec3) (lo, hi float64) {
	if c.b.box != nil {
		m, r := c.boxB.extent(n)
		return m - r, m + r
	}
	c.placeVertsB()
	if g := c.gb; g != nil {
		return c.climbRange(c.vb, g, n, c.hintB, c.tolB)
	}
	return minMaxDot(c.vb, n)
}

// placeAxes prepares A's edge axes and the face axes, after place.
func (c *Collider) placeAxes() {
	a, b := c.a, c.b
	c.ea = a.axes
	if c.ea == nil {
		c.axA = appendEdgeAxes(c.axA[:0], a.Verts, a.Edges)
		c.ea = c.axA
	}

	c.fa = a.faceAxes
	if c.fa == nil {
		c.fxA = appendFaceAxes(c.fxA[:0], a.Faces)
		c.fa = c.fxA
	}
	fxB := b.faceAxes
	if fxB == nil {
		c.fxB = appendFaceAxes(c.fxB[:0], b.Faces)
		fxB = c.fxB
	}
	c.fb = grow(c.fb, len(fxB))
	for i, ax := range fxB {
		n := c.rot.apply(ax.n)
		d := fmath.Dot(n, c.pos)
		c.fb[i] = faceAxis{n: n, pos: ax.pos, neg: ax.neg, dPos: ax.dPos + d, dNeg: ax.dNeg - d}
	}
}

// placeEdgeAxesB prepares B's edge axes in A's frame, once per call (only
// the tests by edge directions need them).
func (c *Collider) placeEdgeAxesB() {
	if c.ebReady {
		return
	}
	c.ebReady = true
	axB := c.b.axes
	if axB == nil {
		c.axB = appendEdgeAxes(c.axB[:0], c.b.Verts, c.b.Edges)
		axB = c.axB
	}
	c.eb = grow(c.eb, len(axB))
	for i, e := range axB {
		c.eb[i] = c.rot.apply(e)
	}
}

// cachedSeparation evaluates the plane of the cache, if still valid.
func (c *Collider) cachedSeparation(pc *PairCache) (float64, bool) {
	switch pc.kind {
	case planeFaceA:
		if int(pc.ia) < len(c.a.Faces) {
			f := &c.a.Faces[pc.ia]
			lo, _ := c.rangeB(f.Normal)
			return lo - f.D, true
		}
	case planeFaceB:
		if int(pc.ib) < len(c.b.Faces) {
			f := &c.b.Faces[pc.ib]
			n := c.rot.apply(f.Normal)
			lo, _ := c.rangeA(n)
			return lo - (f.D + fmath.Dot(n, c.pos)), true
		}
	case planeEdgePair:
		a, b := c.a, c.b
		if int(pc.ia) >= len(a.Edges) || int(pc.ib) >= len(b.Edges) {
			return 0, false
		}
		e, f := a.Edges[pc.ia], b.Edges[pc.ib]
		ea := a.Verts[e[1]].Sub(a.Verts[e[0]])
		eb := c.rot.apply(b.Verts[f[1]].Sub(b.Verts[f[0]]))
		n := fmath.Cross(ea, eb)
		if l2 := fmath.Dot(n, n); l2 >= 1e-12*fmath.Dot(ea, ea)*fmath.Dot(eb, eb) {
			n = n.Mul(1 / math.Sqrt(l2))
			loA, hiA := c.rangeA(n)
			loB, hiB := c.rangeB(n)
			return max(loB-hiA, loA-hiB), true
		}
	case planeEdges:
		var ea, eb mgl64.Vec3
		if c.a.axes != nil && c.b.axes != nil {
			if int(pc.ia) >= len(c.a.axes) || int(pc.ib) >= len(c.b.axes) {
				return 0, false
			}
			ea, eb = c.a.axes[pc.ia], c.rot.apply(c.b.axes[pc.ib])
		} else {
			c.placeAxes() // hand-made shapes: derive the axes first
			c.placeEdgeAxesB()
			if int(pc.ia) >= len(c.ea) || int(pc.ib) >= len(c.eb) {
				return 0, false
			}
			ea, eb = c.ea[pc.ia], c.eb[pc.ib]
		}
		n := fmath.Cross(ea, eb)
		if l2 := fmath.Dot(n, n); l2 >= 1e-12 {
			n = n.Mul(1 / math.Sqrt(l2))
			loA, hiA := c.rangeA(n)
			loB, hiB := c.rangeB(n)
			return max(loB-hiA, loA-hiB), true
		}
	}
	return 0, false
}

// minMaxDot returns the range of n·x over xs. NaNs are skipped.
func minMaxDot(xs []mgl64.Vec3, n mgl64.Vec3) (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, x := range xs {
		d := float64(n[0]*x[0]) + float64(n[1]*x[1]) + float64(n[2]*x[2])
		if d < lo {
			lo = d
		}
		if d > hi {
			hi = d
		}
	}
	return lo, hi
}
