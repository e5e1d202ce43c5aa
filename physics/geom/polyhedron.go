package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Polyhedron is a convex polyhedron in local coordinates.
type Polyhedron struct {
	Verts []mgl64.Vec3 // vertices
	Faces []Face       // convex faces, outward normals
	Edges [][2]int32   // each undirected edge once, as vertex indices

	// axes are the distinct edge directions (unit, one per parallel
	// class), filled by the constructors; Collide derives them itself
	// when they are missing.
	axes []mgl64.Vec3
	// faceAxes pair each face with its opposite face, if any.
	faceAxes []faceAxis
	// edgeFaces are the two faces of each edge; centroid is the mean of
	// the vertices, an interior point.
	edgeFaces [][2]int32
	centroid  mgl64.Vec3
	// box, if not nil, marks a box, whose projections and support points
	// need no loop over the vertices.
	box *boxShape
	// graph, for polyhedra of climbMinVerts vertices or more, is the
	// vertex adjacency that Collide climbs instead of passing over every
	// vertex (climb.go).
	graph vertexGraph
}

// boxShape is a box in a polyhedron's local frame.
type boxShape struct {
	half   mgl64.Vec3 // half extents (m)
	centre mgl64.Vec3
	axes   rotation // rows: the box's unit axes
}

// extent returns the centre's projection and the half width of the box's
// projection on n (local frame).
func (b *boxShape) extent(n mgl64.Vec3) (c, r float64) {
	a := &b.axes
	m0 := float64(a[0][0]*n[0]) + float64(a[0][1]*n[1]) + float64(a[0][2]*n[2])
	m1 := float64(a[1][0]*n[0]) + float64(a[1][1]*n[1]) + float64(a[1][2]*n[2])
	m2 := float64(a[2][0]*n[0]) + float64(a[2][1]*n[1]) + float64(a[2][2]*n[2])
	c = float64(b.centre[0]*n[0]) + float64(b.centre[1]*n[1]) + float64(b.centre[2]*n[2])
	return c, float64(b.half[0]*math.Abs(m0)) + float64(b.half[1]*math.Abs(m1)) + float64(b.half[2]*math.Abs(m2))
}

// support returns the corner furthest along d (local frame); of corners
// equally far, the one on the negative side of each tied axis.
func (b *boxShape) support(d mgl64.Vec3) mgl64.Vec3 {
	m := b.axes.apply(d)
	v := b.half
	for k := range 3 {
		if !(m[k] > 0) {
			v[k] = -v[k]
		}
	}
	return b.axes.applyT(v).Add(b.centre)
}

// Prepare fills in what the constructors (Box, Cylinder, Hull,
// Transformed) compute for Collide and Distance — the edge list if Edges is
// empty, the distinct edge directions, the pairs of opposite faces, the two
// faces of each edge and, for a big polyhedron, its vertex graph — for a
// Polyhedron built by hand. Collide works on a polyhedron that was not
// prepared, but derives part of this on every call and cannot use the
// cheaper edge-pair test or climb a big one. Call it once, before the
// polyhedron is shared.
func (p *Polyhedron) Prepare() {
	if len(p.Edges) == 0 {
		p.Edges = edgesOf(p.Faces)
	}
	p.axes = appendEdgeAxes(nil, p.Verts, p.Edges)
	p.faceAxes = appendFaceAxes(nil, p.Faces)
	p.edgeFaces = edgeFacesOf(p.Faces, p.Edges)
	var c mgl64.Vec3
	for _, v := range p.Verts {
		c = c.Add(v)
	}
	if len(p.Verts) > 0 {
		c = c.Mul(1 / float64(len(p.Verts)))
	}
	p.centroid = c
	p.graph = buildGraph(p)
}

// Transformed returns a copy of p moved by xf: each vertex x becomes
// xf.Apply(x), faces and edges keep their indices. Use it to place a part's
// shape in its body's frame; the copy is prepared like p (a box stays a box
// for the fast paths).
func (p *Polyhedron) Transformed(xf Transform) *Polyhedron {
	r := rotationOf(xf.Rot)
	out := &Polyhedron{
		Verts: make([]mgl64.Vec3, len(p.Verts)),
		Faces: make([]Face, len(p.Faces)),
		Edges: append([][2]int32(nil), p.Edges...),
	}
	for i, v := range p.Verts {
		out.Verts[i] = r.apply(v).Add(xf.Pos)
	}
	total := 0
	for _, f := range p.Faces {
		total += len(f.Verts)
	}
	idx := make([]int32, 0, total) // one array for the faces' vertex lists
	for i, f := range p.Faces {
		n := r.apply(f.Normal)
		var verts []int32
		if len(f.Verts) > 0 {
			k := len(idx)
			idx = append(idx, f.Verts...)
			verts = idx[k:len(idx):len(idx)]
		}
		out.Faces[i] = Face{Verts: verts, Normal: n, D: f.D + fmath.Dot(n, xf.Pos)}
	}
	out.Prepare()
	if p.box != nil {
		b := *p.box
		for k := range 3 {
			b.axes[k] = r.apply(p.box.axes[k])
		}
		b.centre = r.apply(p.box.centre).Add(xf.Pos)
		out.box = &b
	}
	return out
}

// faceAxis is a face normal shared by a face and, if there is one, the
// parallel face on the other side: pos has normal n and offset dPos, neg
// has normal −n and offset dNeg. −1 means no such face.
type faceAxis struct {
	n          mgl64.Vec3
	pos, neg   int32
	dPos, dNeg float64
}

// appendFaceAxes appends the face axes of faces to dst.
func appendFaceAxes(dst []faceAxis, faces []Face) []faceAxis {
	start := len(dst)
next:
	for i, f := range faces {
		for k := start; k < len(dst); k++ {
			if dst[k].neg < 0 && fmath.Dot(f.Normal, dst[k].n) < -1+1e-12 {
				dst[k].neg, dst[k].dNeg = int32(i), f.D
				continue next
			}
		}
		dst = append(dst, faceAxis{n: f.Normal, pos: int32(i), neg: -1, dPos: f.D})
	}
	return dst
}

// Face is one convex face of a Polyhedron.
type Face struct {
	Verts  []int32    // vertex indices, counter-clockwise seen from outside
	Normal mgl64.Vec3 // unit outward normal
	D      float64    // plane offset: Normal·x = D for x on the face
}

// Box returns the box with the given half extents, centred on the origin.
func Box(half mgl64.Vec3) *Polyhedron {
	hx, hy, hz := half[0], half[1], half[2]
	verts := []mgl64.Vec3{
		{-hx, -hy, -hz}, {hx, -hy, -hz}, {hx, hy, -hz}, {-hx, hy, -hz},
		{-hx, -hy, hz}, {hx, -hy, hz}, {hx, hy, hz}, {-hx, hy, hz},
	}
	faces := [][]int32{
		{0, 3, 2, 1}, // -z
		{4, 5, 6, 7}, // +z
		{0, 4, 7, 3}, // -x
		{1, 2, 6, 5}, // +x
		{0, 1, 5, 4}, // -y
		{3, 7, 6, 2}, // +y
	}
	p := fromFaceLoops(verts, faces)
	p.box = &boxShape{
		half: mgl64.Vec3{math.Abs(hx), math.Abs(hy), math.Abs(hz)},
		axes: rotation{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
	}
	return p
}

// Cylinder returns a right prism with a regular n-gon section approximating a
// cylinder of the given radius and length, centred on the origin with its
// axis along local y. The polygon's vertices lie on the circle. segments is
// clamped to at least 3.
func Cylinder(radius, length float64, segments int) *Polyhedron {
	p := cylinder(radius, length, segments)
	p.Prepare()
	return p
}

// CylinderTransformed returns Cylinder(radius, length,
// segments).Transformed(xf), bit for bit, without preparing the cylinder
// it moves.
func CylinderTransformed(radius, length float64, segments int, xf Transform) *Polyhedron {
	return cylinder(radius, length, segments).Transformed(xf)
}

// cylinder is Cylinder before Prepare.
func cylinder(radius, length float64, segments int) *Polyhedron {
	n := max(segments, 3)
	h := length / 2
	verts := make([]mgl64.Vec3, 0, 2*n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		x, z := radius*fmath.Cos(a), radius*fmath.Sin(a)
		verts = append(verts, mgl64.Vec3{x, -h, z})
	}
	for i := range n {
		v := verts[i]
		verts = append(verts, mgl64.Vec3{v[0], h, v[2]})
	}
	faces := make([][]int32, 0, n+2)
	loops := make([]int32, 6*n) // every loop's indices in one array
	bottom := loops[:n:n]       // seen from −y the angle runs counter-clockwise
	top := loops[n : 2*n : 2*n]
	for i := range n {
		bottom[i] = int32(i)
		top[i] = int32(n + (n - 1 - i))
	}
	faces = append(faces, bottom, top)
	for i := range n {
		j := (i + 1) % n
		side := loops[2*n+4*i : 2*n+4*i+4 : 2*n+4*i+4]
		side[0], side[1], side[2], side[3] = int32(i), int32(n+i), int32(n+j), int32(j)
		faces = append(faces, side)
	}
	return faceLoops(verts, faces)
}

// fromFaceLoops builds a Polyhedron from vertex loops, computing each face's
// plane with Newell's method (robust for any convex loop) and the edge list.
// Loops may be given in either winding: a face whose normal points towards
// the centroid is reversed.
func fromFaceLoops(verts []mgl64.Vec3, loops [][]int32) *Polyhedron {
	p := faceLoops(verts, loops)
	p.Prepare()
	return p
}

// faceLoops is fromFaceLoops before Prepare.
func faceLoops(verts []mgl64.Vec3, loops [][]int32) *Polyhedron {
	var centroid mgl64.Vec3
	for _, v := range verts {
		centroid = centroid.Add(v)
	}
	centroid = centroid.Mul(1 / float64(len(verts)))

	p := &Polyhedron{Verts: verts, Faces: make([]Face, 0, len(loops))}
	for _, loop := range loops {
		var n, c mgl64.Vec3
		for i, ia := range loop {
			a, b := verts[ia], verts[loop[(i+1)%len(loop)]]
			n[0] += float64((a[1] - b[1]) * (a[2] + b[2]))
			n[1] += float64((a[2] - b[2]) * (a[0] + b[0]))
			n[2] += float64((a[0] - b[0]) * (a[1] + b[1]))
			c = c.Add(a)
		}
		c = c.Mul(1 / float64(len(loop)))
		n = fmath.Normalize(n)
		if fmath.Dot(n, c.Sub(centroid)) < 0 {
			rev := make([]int32, len(loop))
			for i := range loop {
				rev[i] = loop[len(loop)-1-i]
			}
			loop, n = rev, n.Mul(-1)
		}
		p.Faces = append(p.Faces, Face{Verts: loop, Normal: n, D: fmath.Dot(n, c)})
	}
	return p
}

// appendEdgeAxes appends to dst the unit directions of the edges, one per
// class of parallel edges (cross product squared below 1e-18), in the order
// first met.
func appendEdgeAxes(dst []mgl64.Vec3, verts []mgl64.Vec3, edges [][2]int32) []mgl64.Vec3 {
	start := len(dst)
	// While every direction is unit to 1e-12 (always, but for overflow or
	// subnormal edges), |a·d| < 0.9 proves |a×d|² > 0.18: not parallel,
	// without the cross product. The answer is the same either way.
	allUnit := true
	// An edge is kept unless some axis is parallel to it, so the axes may
	// be tried in any order: first the one the last edge matched or added
	// (a prism's side edges all match the same one).
	last := -1
next:
	for _, e := range edges {
		d := verts[e[1]].Sub(verts[e[0]])
		l := fmath.Len(d)
		if l == 0 {
			continue
		}
		d = d.Mul(1 / l)
		unit := math.Abs(fmath.Dot(d, d)-1) < 1e-12
		fast := allUnit && unit
		axes := dst[start:]
		if last >= 0 && parallel(&axes[last], &d, fast) {
			continue
		}
		for k := range axes {
			a := &axes[k]
			if fast && math.Abs(float64(a[0]*d[0])+float64(a[1]*d[1])+float64(a[2]*d[2])) < 0.9 || k == last {
				continue // not parallel (see parallel), or tried above
			}
			if c := fmath.Cross(*a, d); fmath.Dot(c, c) < 1e-18 {
				last = k
				continue next
			}
		}
		last = len(axes)
		dst = append(dst, d)
		allUnit = fast
	}
	return dst
}

// parallel reports whether unit directions a and d are parallel for
// appendEdgeAxes: cross product squared below 1e-18. With fast (both unit
// to 1e-12) it first rules out |a·d| < 0.9, which implies |a×d|² > 0.18.
func parallel(a, d *mgl64.Vec3, fast bool) bool {
	if fast && math.Abs(float64(a[0]*d[0])+float64(a[1]*d[1])+float64(a[2]*d[2])) < 0.9 {
		return false
	}
	c := fmath.Cross(*a, *d)
	return fmath.Dot(c, c) < 1e-18
}

// edgeLists chains edges by their first vertex: head[v] is the last edge
// added from v, next[k] the one added from the same vertex before edge k
// (−1: none). It replaces a map for the small polyhedra here.
type edgeLists struct {
	head, next []int32
}

// newEdgeLists returns lists for vertex indices 0 to n−1 and room for m
// edges.
func newEdgeLists(n, m int) edgeLists {
	buf := make([]int32, n, n+m)
	for i := range buf {
		buf[i] = -1
	}
	return edgeLists{head: buf, next: buf[n : n : n+m]}
}

// add records edge k (the k-th added) from vertex a.
func (l *edgeLists) add(a int32) {
	l.next = append(l.next, l.head[a])
	l.head[a] = int32(len(l.next) - 1)
}

// indexRange returns one more than the largest vertex index of the faces,
// or −1 if an index is negative or too large for edgeLists to pay.
func indexRange(faces []Face) (n, total int) {
	for _, f := range faces {
		total += len(f.Verts)
		for _, v := range f.Verts {
			if v < 0 {
				return -1, total
			}
			n = max(n, int(v)+1)
		}
	}
	if n > 4*total+64 {
		return -1, total
	}
	return n, total
}

// edgesOf lists each undirected edge of the faces once, in the order first met.
func edgesOf(faces []Face) [][2]int32 {
	n, total := indexRange(faces)
	if n < 0 {
		return edgesOfMap(faces)
	}
	var edges [][2]int32
	if total > 0 {
		edges = make([][2]int32, 0, total/2)
	}
	lists := newEdgeLists(n, total)
	for _, f := range faces {
		for i, a := range f.Verts {
			b := f.Verts[(i+1)%len(f.Verts)]
			e := [2]int32{min(a, b), max(a, b)}
			seen := false
			for k := lists.head[e[0]]; k >= 0; k = lists.next[k] {
				if edges[k][1] == e[1] {
					seen = true
					break
				}
			}
			if !seen {
				lists.add(e[0])
				edges = append(edges, e)
			}
		}
	}
	return edges
}

// edgesOfMap is edgesOf for any vertex indices.
func edgesOfMap(faces []Face) [][2]int32 {
	var edges [][2]int32
	seen := make(map[[2]int32]bool)
	for _, f := range faces {
		for i, a := range f.Verts {
			b := f.Verts[(i+1)%len(f.Verts)]
			e := [2]int32{min(a, b), max(a, b)}
			if !seen[e] {
				seen[e] = true
				edges = append(edges, e)
			}
		}
	}
	return edges
}

// edgeFacesOf returns the two faces of each edge, or nil if some edge does
// not border exactly two faces. A directed edge that several faces share
// belongs to the last of them.
func edgeFacesOf(faces []Face, edges [][2]int32) [][2]int32 {
	n, total := indexRange(faces)
	if n < 0 {
		return edgeFacesOfMap(faces, edges)
	}
	// The directed edges of the faces, chained by start vertex; walking a
	// chain meets the last face first.
	to := make([]int32, 0, total)
	face := make([]int32, 0, total)
	lists := newEdgeLists(n, total)
	for f, fc := range faces {
		for i, a := range fc.Verts {
			lists.add(a)
			to = append(to, fc.Verts[(i+1)%len(fc.Verts)])
			face = append(face, int32(f))
		}
	}
	owner := func(a, b int32) (int32, bool) {
		if a < 0 || int(a) >= n {
			return 0, false
		}
		for k := lists.head[a]; k >= 0; k = lists.next[k] {
			if to[k] == b {
				return face[k], true
			}
		}
		return 0, false
	}
	out := make([][2]int32, len(edges))
	for k, e := range edges {
		f1, ok1 := owner(e[0], e[1])
		f2, ok2 := owner(e[1], e[0])
		if !ok1 || !ok2 {
			return nil
		}
		out[k] = [2]int32{f1, f2}
	}
	return out
}

// edgeFacesOfMap is edgeFacesOf for any vertex indices.
func edgeFacesOfMap(faces []Face, edges [][2]int32) [][2]int32 {
	owner := make(map[[2]int32]int32) // directed edge → its face
	for f, face := range faces {
		for i, a := range face.Verts {
			owner[[2]int32{a, face.Verts[(i+1)%len(face.Verts)]}] = int32(f)
		}
	}
	out := make([][2]int32, len(edges))
	for k, e := range edges {
		f1, ok1 := owner[[2]int32{e[0], e[1]}]
		f2, ok2 := owner[[2]int32{e[1], e[0]}]
		if !ok1 || !ok2 {
			return nil
		}
		out[k] = [2]int32{f1, f2}
	}
	return out
}
