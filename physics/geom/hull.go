package geom

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Errors returned by Hull. Test with errors.Is.
var (
	// ErrDegenerate means the points do not span a volume: fewer than four
	// points, or all of them (within the hull tolerance) coincident,
	// collinear or coplanar.
	ErrDegenerate = errors.New("geom: points do not span a volume")
	// ErrNonFinite means a coordinate is NaN or infinite.
	ErrNonFinite = errors.New("geom: non-finite coordinate")
	// errHullTopology reports an internal failure of the hull's bookkeeping
	// on pathological input; it is wrapped in the error Hull returns.
	errHullTopology = errors.New("geom: hull construction failed")
)

// hullTolerance is the relative distance, times the extent of the point
// cloud, below which a point counts as on a plane (coplanar, duplicate or
// inside). It also decides which hull triangles merge into one face.
const hullTolerance = 1e-10

// Hull returns the convex hull of points as a Polyhedron (3-D quickhull).
//
// Points that lie inside the hull or on it within a relative tolerance of
// 1e-10 of the cloud's extent (duplicates, points on faces or edges) are not
// vertices. Coplanar triangles are merged into convex polygon faces, so the
// hull of a cube's corners plus any interior or face points has 8 vertices
// and 6 quadrilateral faces. The vertices keep their input order and exact
// input values. Hull returns an error wrapping ErrNonFinite for NaN or
// infinite input and ErrDegenerate when the points do not span a volume.
func Hull(points []mgl64.Vec3) (*Polyhedron, error) {
	for i, p := range points {
		for _, c := range p {
			if math.IsNaN(c) || math.IsInf(c, 0) {
				return nil, fmt.Errorf("%w: point %d is %v", ErrNonFinite, i, p)
			}
		}
	}
	if len(points) < 4 {
		return nil, fmt.Errorf("%w: %d points, need at least 4", ErrDegenerate, len(points))
	}
	if len(points) > math.MaxInt32 {
		return nil, fmt.Errorf("%w: too many points", ErrDegenerate)
	}
	h := quickhull{}
	if err := h.build(points); err != nil {
		return nil, err
	}
	return h.polyhedron(points)
}

// hullFace is a triangle of the hull under construction.
type hullFace struct {
	v       [3]int32   // point indices, counter-clockwise seen from outside
	adj     [3]int32   // adj[k]: the face across edge v[k] → v[k+1]
	n       mgl64.Vec3 // unit outward normal (centred coordinates)
	d       float64    // n·x = d on the plane
	outside []int32    // points in front of this face (conflict list)
	dead    bool
	mark    int // visit stamp
}

type horizonEdge struct {
	a, b int32 // directed as in the visible face
	face int32 // the face beyond the edge, which stays
}

type quickhull struct {
	pts     []mgl64.Vec3 // points relative to the centre of their bounding box
	eps     float64
	faces   []hullFace
	stamp   int
	horizon []horizonEdge
	visible []int32
}

func (h *quickhull) dist(f *hullFace, i int32) float64 {
	return fmath.Dot(f.n, h.pts[i]) - f.d
}

// newFace appends the triangle (a, b, c) and returns its index.
func (h *quickhull) newFace(a, b, c int32) int32 {
	pa, pb, pc := h.pts[a], h.pts[b], h.pts[c]
	n := fmath.Cross(pb.Sub(pa), pc.Sub(pa))
	l := fmath.Len(n)
	if l > 0 {
		n = n.Mul(1 / l)
	}
	// The offset is averaged over the three corners to reduce rounding.
	d := (fmath.Dot(n, pa) + fmath.Dot(n, pb) + fmath.Dot(n, pc)) / 3
	h.faces = append(h.faces, hullFace{v: [3]int32{a, b, c}, adj: [3]int32{-1, -1, -1}, n: n, d: d})
	return int32(len(h.faces) - 1)
}

func (h *quickhull) build(points []mgl64.Vec3) error {
	lo, hi := points[0], points[0]
	for _, p := range points {
		for k := range 3 {
			lo[k] = math.Min(lo[k], p[k])
			hi[k] = math.Max(hi[k], p[k])
		}
	}
	centre := lo.Add(hi).Mul(0.5)
	extent := math.Max(hi[0]-lo[0], math.Max(hi[1]-lo[1], hi[2]-lo[2]))
	h.eps = hullTolerance * extent
	h.pts = make([]mgl64.Vec3, len(points))
	for i, p := range points {
		h.pts[i] = p.Sub(centre)
	}
	if extent == 0 || math.IsInf(extent, 0) {
		return fmt.Errorf("%w: extent %g", ErrDegenerate, extent)
	}

	// Initial tetrahedron: the two most distant axis extremes, the point
	// furthest from their line, the point furthest from their plane.
	var ext [6]int32
	for i, p := range h.pts {
		for k := range 3 {
			if p[k] < h.pts[ext[2*k]][k] {
				ext[2*k] = int32(i)
			}
			if p[k] > h.pts[ext[2*k+1]][k] {
				ext[2*k+1] = int32(i)
			}
		}
	}
	i0, i1, best := int32(0), int32(0), -1.0
	for a := range 6 {
		for b := a + 1; b < 6; b++ {
			if d := fmath.Len(h.pts[ext[a]].Sub(h.pts[ext[b]])); d > best {
				i0, i1, best = ext[a], ext[b], d
			}
		}
	}
	if best <= h.eps {
		return fmt.Errorf("%w: all points coincide", ErrDegenerate)
	}
	line := fmath.Normalize(h.pts[i1].Sub(h.pts[i0]))
	i2, best := int32(-1), h.eps
	for i, p := range h.pts {
		r := p.Sub(h.pts[i0])
		if d := fmath.Len(r.Sub(line.Mul(fmath.Dot(r, line)))); d > best {
			i2, best = int32(i), d
		}
	}
	if i2 < 0 {
		return fmt.Errorf("%w: points are collinear", ErrDegenerate)
	}
	pn := fmath.Normalize(fmath.Cross(h.pts[i1].Sub(h.pts[i0]), h.pts[i2].Sub(h.pts[i0])))
	i3, best := int32(-1), h.eps
	for i, p := range h.pts {
		if d := math.Abs(fmath.Dot(pn, p.Sub(h.pts[i0]))); d > best {
			i3, best = int32(i), d
		}
	}
	if i3 < 0 {
		return fmt.Errorf("%w: points are coplanar", ErrDegenerate)
	}
	if fmath.Dot(pn, h.pts[i3].Sub(h.pts[i0])) > 0 {
		i1, i2 = i2, i1 // make (i0, i1, i2) counter-clockwise seen from outside
	}
	h.newFace(i0, i1, i2)
	h.newFace(i0, i3, i1)
	h.newFace(i1, i3, i2)
	h.newFace(i2, i3, i0)
	for f := range h.faces {
		for k := range 3 {
			a, b := h.faces[f].v[k], h.faces[f].v[(k+1)%3]
			for g := range h.faces {
				if g == f {
					continue
				}
				for j := range 3 {
					if h.faces[g].v[j] == b && h.faces[g].v[(j+1)%3] == a {
						h.faces[f].adj[k] = int32(g)
					}
				}
			}
		}
	}
	for i := range h.pts {
		if i := int32(i); i != i0 && i != i1 && i != i2 && i != i3 {
			h.assign(i, 0)
		}
	}

	for iter := 0; ; iter++ {
		if iter > 4*len(h.pts)+16 {
			return fmt.Errorf("%w: no convergence", errHullTopology)
		}
		// The first live face with points outside, and its furthest point.
		fi, eye, far := int32(-1), int32(-1), 0.0
		for f := range h.faces {
			if !h.faces[f].dead && len(h.faces[f].outside) > 0 {
				fi = int32(f)
				break
			}
		}
		if fi < 0 {
			return nil
		}
		for _, i := range h.faces[fi].outside {
			if d := h.dist(&h.faces[fi], i); d > far {
				eye, far = i, d
			}
		}
		if err := h.addPoint(fi, eye); err != nil {
			return err
		}
	}
}

// assign puts point i on the outside list of the first live face at or
// after index from that it is more than eps in front of; if there is none,
// the point is inside the hull and dropped.
func (h *quickhull) assign(i int32, from int) {
	for f := from; f < len(h.faces); f++ {
		if hf := &h.faces[f]; !hf.dead && h.dist(hf, i) > h.eps {
			hf.outside = append(hf.outside, i)
			return
		}
	}
}

// addPoint adds eye, which lies in front of face fi, to the hull.
func (h *quickhull) addPoint(fi, eye int32) error {
	h.stamp++
	h.horizon = h.horizon[:0]
	h.visible = h.visible[:0]
	h.findHorizon(fi, 0, eye)
	// The horizon must be one closed loop.
	nh := len(h.horizon)
	if nh < 3 {
		return fmt.Errorf("%w: horizon of %d edges", errHullTopology, nh)
	}
	for k := range nh {
		if h.horizon[k].b != h.horizon[(k+1)%nh].a {
			return fmt.Errorf("%w: horizon is not a loop", errHullTopology)
		}
	}
	first := len(h.faces)
	for k, e := range h.horizon {
		nf := h.newFace(e.a, e.b, eye)
		if h.faces[nf].n == (mgl64.Vec3{}) {
			return fmt.Errorf("%w: degenerate face", errHullTopology)
		}
		// Link across the horizon edge.
		h.faces[nf].adj[0] = e.face
		of := &h.faces[e.face]
		for j := range 3 {
			if of.v[j] == e.b && of.v[(j+1)%3] == e.a {
				of.adj[j] = nf
			}
		}
		// Link to the previous new face: edge b→eye of the previous one is
		// edge eye→a of this one... the loop order makes them neighbours.
		if k > 0 {
			prev := nf - 1
			h.faces[nf].adj[2] = prev // edge eye → a
			h.faces[prev].adj[1] = nf // edge b → eye
		}
	}
	last := int32(len(h.faces) - 1)
	h.faces[first].adj[2] = last
	h.faces[last].adj[1] = int32(first)

	for _, f := range h.visible {
		h.faces[f].dead = true
	}
	for _, f := range h.visible {
		out := h.faces[f].outside
		h.faces[f].outside = nil
		for _, i := range out {
			if i != eye {
				h.assign(i, first)
			}
		}
	}
	return nil
}

// findHorizon marks face f visible from eye and walks its neighbours,
// starting with the edge after entry, collecting the horizon edges in
// counter-clockwise order. Recursion depth is bounded by the face count.
func (h *quickhull) findHorizon(f int32, entry int, eye int32) {
	hf := &h.faces[f]
	hf.mark = h.stamp
	h.visible = append(h.visible, f)
	for k := range 3 {
		e := (entry + k) % 3
		if f != h.visible[0] && k == 0 {
			continue // the edge we came through
		}
		g := h.faces[f].adj[e]
		if g < 0 {
			continue
		}
		hg := &h.faces[g]
		if hg.mark == h.stamp {
			continue
		}
		if h.dist(hg, eye) > h.eps {
			// Enter g through the edge that points back to f.
			for j := range 3 {
				if hg.adj[j] == f {
					h.findHorizon(g, j, eye)
					break
				}
			}
		} else {
			hf := &h.faces[f]
			h.horizon = append(h.horizon, horizonEdge{a: hf.v[e], b: hf.v[(e+1)%3], face: g})
		}
	}
}

// polyhedron merges coplanar triangles into polygons and builds the result.
func (h *quickhull) polyhedron(points []mgl64.Vec3) (*Polyhedron, error) {
	live := make([]int32, 0, len(h.faces))
	for f := range h.faces {
		if !h.faces[f].dead {
			live = append(live, int32(f))
		}
	}
	parent := make(map[int32]int32, len(live))
	for _, f := range live {
		parent[f] = f
	}
	find := func(f int32) int32 {
		for parent[f] != f {
			parent[f] = parent[parent[f]]
			f = parent[f]
		}
		return f
	}
	coplanar := func(f, g int32) bool {
		hf, hg := &h.faces[f], &h.faces[g]
		if fmath.Dot(hf.n, hg.n) <= 0 {
			return false
		}
		for _, v := range hg.v {
			if math.Abs(h.dist(hf, v)) > h.eps {
				return false
			}
		}
		for _, v := range hf.v {
			if math.Abs(h.dist(hg, v)) > h.eps {
				return false
			}
		}
		return true
	}
	for _, f := range live {
		for _, g := range h.faces[f].adj {
			if g > f && coplanar(f, g) {
				if rf, rg := find(f), find(g); rf != rg {
					parent[max(rf, rg)] = min(rf, rg)
				}
			}
		}
	}

	// Boundary loop of each group, groups in order of their first face.
	var loops [][]int32
	for _, root := range live {
		if find(root) != root {
			continue
		}
		next := map[int32]int32{}
		start := int32(-1)
		for _, f := range live {
			if find(f) != root {
				continue
			}
			hf := &h.faces[f]
			for k := range 3 {
				if find(hf.adj[k]) != root {
					a, b := hf.v[k], hf.v[(k+1)%3]
					if _, dup := next[a]; dup {
						return nil, fmt.Errorf("%w: face boundary is not a simple loop", errHullTopology)
					}
					next[a] = b
					if start < 0 {
						start = a
					}
				}
			}
		}
		loop := []int32{start}
		for v := next[start]; v != start; v = next[v] {
			if len(loop) > len(next) {
				return nil, fmt.Errorf("%w: face boundary does not close", errHullTopology)
			}
			loop = append(loop, v)
		}
		if len(loop) != len(next) {
			return nil, fmt.Errorf("%w: face boundary has several loops", errHullTopology)
		}
		loops = append(loops, loop)
	}

	// A vertex on only two faces lies on an edge between them: drop it.
	count := make([]int, len(h.pts))
	for _, l := range loops {
		for _, v := range l {
			count[v]++
		}
	}
	for i, l := range loops {
		loops[i] = slices.DeleteFunc(l, func(v int32) bool { return count[v] < 3 })
		if len(loops[i]) < 3 {
			return nil, fmt.Errorf("%w: face with %d vertices", errHullTopology, len(loops[i]))
		}
	}

	// Keep the used points in input order.
	index := make([]int32, len(h.pts))
	var verts []mgl64.Vec3
	for i := range h.pts {
		index[i] = -1
		if count[i] >= 3 {
			index[i] = int32(len(verts))
			verts = append(verts, points[i])
		}
	}
	for _, l := range loops {
		for j, v := range l {
			l[j] = index[v]
		}
	}
	p := fromFaceLoops(verts, loops)
	if v, f, e := len(p.Verts), len(p.Faces), len(p.Edges); v-e+f != 2 {
		return nil, fmt.Errorf("%w: Euler characteristic %d", errHullTopology, v-e+f)
	}
	return p, nil
}
