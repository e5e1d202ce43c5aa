package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
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
	// box marks a box centred on the origin with half extents half, whose
	// projections need no loop over the vertices.
	box  bool
	half mgl64.Vec3
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
			if dst[k].neg < 0 && f.Normal.Dot(dst[k].n) < -1+1e-12 {
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
	p.box, p.half = true, mgl64.Vec3{math.Abs(hx), math.Abs(hy), math.Abs(hz)}
	return p
}

// Cylinder returns a right prism with a regular n-gon section approximating a
// cylinder of the given radius and length, centred on the origin with its
// axis along local y. The polygon's vertices lie on the circle. segments is
// clamped to at least 3.
func Cylinder(radius, length float64, segments int) *Polyhedron {
	n := max(segments, 3)
	h := length / 2
	verts := make([]mgl64.Vec3, 0, 2*n)
	for i := range n {
		a := 2 * math.Pi * float64(i) / float64(n)
		x, z := radius*math.Cos(a), radius*math.Sin(a)
		verts = append(verts, mgl64.Vec3{x, -h, z})
	}
	for i := range n {
		v := verts[i]
		verts = append(verts, mgl64.Vec3{v[0], h, v[2]})
	}
	faces := make([][]int32, 0, n+2)
	bottom := make([]int32, n) // seen from −y the angle runs counter-clockwise
	top := make([]int32, n)
	for i := range n {
		bottom[i] = int32(i)
		top[i] = int32(n + (n - 1 - i))
	}
	faces = append(faces, bottom, top)
	for i := range n {
		j := (i + 1) % n
		faces = append(faces, []int32{int32(i), int32(n + i), int32(n + j), int32(j)})
	}
	return fromFaceLoops(verts, faces)
}

// fromFaceLoops builds a Polyhedron from vertex loops, computing each face's
// plane with Newell's method (robust for any convex loop) and the edge list.
// Loops may be given in either winding: a face whose normal points towards
// the centroid is reversed.
func fromFaceLoops(verts []mgl64.Vec3, loops [][]int32) *Polyhedron {
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
			n[0] += (a[1] - b[1]) * (a[2] + b[2])
			n[1] += (a[2] - b[2]) * (a[0] + b[0])
			n[2] += (a[0] - b[0]) * (a[1] + b[1])
			c = c.Add(a)
		}
		c = c.Mul(1 / float64(len(loop)))
		n = n.Normalize()
		if n.Dot(c.Sub(centroid)) < 0 {
			rev := make([]int32, len(loop))
			for i := range loop {
				rev[i] = loop[len(loop)-1-i]
			}
			loop, n = rev, n.Mul(-1)
		}
		p.Faces = append(p.Faces, Face{Verts: loop, Normal: n, D: n.Dot(c)})
	}
	p.Edges = edgesOf(p.Faces)
	p.axes = appendEdgeAxes(nil, p.Verts, p.Edges)
	p.faceAxes = appendFaceAxes(nil, p.Faces)
	p.centroid = centroid
	p.edgeFaces = edgeFacesOf(p.Faces, p.Edges)
	return p
}

// appendEdgeAxes appends to dst the unit directions of the edges, one per
// class of parallel edges, in the order first met.
func appendEdgeAxes(dst []mgl64.Vec3, verts []mgl64.Vec3, edges [][2]int32) []mgl64.Vec3 {
	start := len(dst)
next:
	for _, e := range edges {
		d := verts[e[1]].Sub(verts[e[0]])
		l := d.Len()
		if l == 0 {
			continue
		}
		d = d.Mul(1 / l)
		for _, a := range dst[start:] {
			if c := a.Cross(d); c.Dot(c) < 1e-18 {
				continue next
			}
		}
		dst = append(dst, d)
	}
	return dst
}

// edgesOf lists each undirected edge of the faces once, in the order first met.
func edgesOf(faces []Face) [][2]int32 {
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
// not border exactly two faces.
func edgeFacesOf(faces []Face, edges [][2]int32) [][2]int32 {
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
