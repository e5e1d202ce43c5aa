package render

import (
	"errors"
	"fmt"
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// ErrBadMesh reports invalid mesh input: an index out of range, a face with
// fewer than three vertices or a degenerate (zero-area) face.
var ErrBadMesh = errors.New("render: bad mesh")

// Mesh is a body's shape for drawing: polygon faces in body coordinates
// (metres), each with its own colour, grouped in pieces. Build it once (for
// example when a craft file is loaded) and hand it to Body every frame. A
// Mesh is never modified by drawing.
type Mesh struct {
	verts  []mgl64.Vec3 // body coordinates (m)
	idx    []int32      // face loops, concatenated
	vn     []mgl64.Vec3 // per entry of idx: the vertex normal of that face's corner (unit, body coordinates)
	faces  []meshFace
	pieces []meshPiece
	radius float64 // bounding radius about the body origin (m)
	// lo, hi bound the first convex piece (body coordinates, m), top =
	// hi[1]: a pad (Underlay body) receives shadows on that piece's top
	// within lo…hi.
	lo, hi mgl64.Vec3
	top    float64
	based  bool // lo, hi and top are set
}

type meshFace struct {
	first, n int32      // loop in idx
	normal   mgl64.Vec3 // unit outward normal, body coordinates
	col      [4]float32 // straight-alpha RGBA in [0,1]
	finish   Finish
}

type meshPiece struct {
	firstFace, nFaces int32
	firstVert, nVerts int32      // its vertices in Mesh.verts (some may be unused by its faces)
	centre            mgl64.Vec3 // centroid of the vertices, body coordinates (m)
	radius            float64    // bounding radius about centre (m)
	convex            bool
	decal             bool // drawn just after the piece before it (its host)
	// A thin convex piece lying on a face of an earlier convex piece (a
	// marking, a window) is drawn right after that piece when the face
	// is towards the camera and right before it otherwise: sorting by
	// centres alone would let a marking on the far side of a wide plate
	// show through it. host is the piece's index, −1 for none.
	host, hostFace int32
}

// NewMesh returns a mesh with one convex piece; see AddConvex.
func NewMesh(verts []mgl64.Vec3, loops [][]int32, c color.Color) (*Mesh, error) {
	m := &Mesh{}
	if err := m.AddConvex(verts, loops, c); err != nil {
		return nil, err
	}
	return m, nil
}

// AddConvex adds a convex polyhedron given by its vertices (body
// coordinates, metres) and its faces as vertex index loops, counter-clockwise
// seen from outside (the geom.Polyhedron convention), all in colour c.
func (m *Mesh) AddConvex(verts []mgl64.Vec3, loops [][]int32, c color.Color) error {
	return m.add(verts, loops, nil, c, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent(), true)
}

// AddConvexAt is AddConvex for a part placed in the body: vertex v of the
// part lands at pos + rot·v in body coordinates.
func (m *Mesh) AddConvexAt(verts []mgl64.Vec3, loops [][]int32, c color.Color, pos mgl64.Vec3, rot mgl64.Quat) error {
	return m.add(verts, loops, nil, c, FinishPaint, pos, rot, true)
}

// AddConvexFinish is AddConvexAt with a surface finish other than paint.
func (m *Mesh) AddConvexFinish(verts []mgl64.Vec3, loops [][]int32, c color.Color, f Finish, pos mgl64.Vec3, rot mgl64.Quat) error {
	return m.add(verts, loops, nil, c, f, pos, rot, true)
}

// AddConvexColors is AddConvex with one colour per face.
func (m *Mesh) AddConvexColors(verts []mgl64.Vec3, loops [][]int32, colors []color.Color) error {
	if len(colors) != len(loops) {
		return fmt.Errorf("%w: %d colours for %d faces", ErrBadMesh, len(colors), len(loops))
	}
	return m.add(verts, loops, colors, nil, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent(), true)
}

// AddDecal adds flat markings lying on the surface of the piece added just
// before (a pad's circle and letter): polygons, each convex and
// counter-clockwise seen from its visible side, drawn right after that
// piece so they are never hidden by the surface they lie on. Lift them a few
// millimetres off the surface.
func (m *Mesh) AddDecal(verts []mgl64.Vec3, loops [][]int32, c color.Color) error {
	if len(m.pieces) == 0 {
		return fmt.Errorf("%w: a decal needs a piece to lie on", ErrBadMesh)
	}
	if err := m.add(verts, loops, nil, c, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent(), false); err != nil {
		return err
	}
	m.pieces[len(m.pieces)-1].decal = true
	return nil
}

// AddFaces adds polygons that need not form a convex solid (a station hull
// made of several faces, a flat marking). Each polygon must itself be convex
// and counter-clockwise seen from its visible side; its faces are sorted one
// by one.
func (m *Mesh) AddFaces(verts []mgl64.Vec3, loops [][]int32, c color.Color) error {
	return m.add(verts, loops, nil, c, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent(), false)
}

// smoothAngle is the crease angle of vertex normals: a face's corner takes
// the mean normal of the piece's faces at that vertex that turn less than
// this from its own (a cylinder's sides shade smoothly, a box's faces stay
// flat).
var smoothCos = math.Cos(40 * math.Pi / 180)

func (m *Mesh) add(verts []mgl64.Vec3, loops [][]int32, colors []color.Color, c color.Color, finish Finish, pos mgl64.Vec3, rot mgl64.Quat, convex bool) error {
	if len(loops) == 0 {
		return fmt.Errorf("%w: no faces", ErrBadMesh)
	}
	rm := quatMat(rot)
	base := int32(len(m.verts))
	placed := make([]mgl64.Vec3, len(verts))
	var centre mgl64.Vec3
	for i, v := range verts {
		if !finite3(v) {
			return fmt.Errorf("%w: vertex %d is not finite: %v", ErrBadMesh, i, v)
		}
		placed[i] = rm.Mul3x1(v).Add(pos)
		centre = centre.Add(placed[i])
	}
	if len(verts) > 0 {
		centre = centre.Mul(1 / float64(len(verts)))
	}
	faces := make([]meshFace, 0, len(loops))
	idx := make([]int32, 0, 4*len(loops))
	used := make([]bool, len(verts))
	for fi, loop := range loops {
		if len(loop) < 3 {
			return fmt.Errorf("%w: face %d has %d vertices, want at least 3", ErrBadMesh, fi, len(loop))
		}
		for _, vi := range loop {
			if vi < 0 || int(vi) >= len(verts) {
				return fmt.Errorf("%w: face %d: vertex index %d out of range [0,%d)", ErrBadMesh, fi, vi, len(verts))
			}
		}
		var n mgl64.Vec3 // Newell's normal: robust for any planar polygon
		for k, vi := range loop {
			a, b := placed[vi], placed[loop[(k+1)%len(loop)]]
			n[0] += (a[1] - b[1]) * (a[2] + b[2])
			n[1] += (a[2] - b[2]) * (a[0] + b[0])
			n[2] += (a[0] - b[0]) * (a[1] + b[1])
			used[vi] = true
		}
		l := n.Len()
		if !(l > 1e-12) {
			return fmt.Errorf("%w: face %d is degenerate (zero area)", ErrBadMesh, fi)
		}
		fc := c
		if colors != nil {
			fc = colors[fi]
		}
		if fc == nil {
			fc = color.White
		}
		f := meshFace{first: int32(len(m.idx) + len(idx)), n: int32(len(loop)), normal: n.Mul(1 / l), col: rgba(fc), finish: finish}
		for _, vi := range loop {
			idx = append(idx, base+vi)
		}
		faces = append(faces, f)
	}
	var r float64
	for i, v := range placed {
		if used[i] {
			r = math.Max(r, v.Sub(centre).Len())
		}
	}
	host, hostFace := int32(-1), int32(-1)
	if convex {
		host, hostFace = m.restsOn(placed, used)
	}
	m.pieces = append(m.pieces, meshPiece{
		firstFace: int32(len(m.faces)), nFaces: int32(len(faces)), firstVert: base, nVerts: int32(len(placed)),
		centre: centre, radius: r, convex: convex, host: host, hostFace: hostFace,
	})
	// Vertex normals: at each corner, the faces of this piece that meet
	// there and turn less than the crease angle from this one.
	at := make([][]int32, len(verts)) // faces at each vertex
	for fi, loop := range loops {
		for _, vi := range loop {
			at[vi] = append(at[vi], int32(fi))
		}
	}
	for fi, loop := range loops {
		nf := faces[fi].normal
		for _, vi := range loop {
			var sum mgl64.Vec3
			for _, g := range at[vi] {
				if ng := faces[g].normal; ng.Dot(nf) >= smoothCos {
					sum = sum.Add(ng)
				}
			}
			m.vn = append(m.vn, sum.Normalize())
		}
	}
	m.verts = append(m.verts, placed...)
	m.idx = append(m.idx, idx...)
	m.faces = append(m.faces, faces...)
	for i, v := range placed {
		if used[i] {
			m.radius = math.Max(m.radius, v.Len())
		}
	}
	if convex && !m.based {
		m.based = true
		first := true
		for i, v := range placed {
			if !used[i] {
				continue
			}
			if first {
				m.lo, m.hi, first = v, v, false
			}
			for k := range 3 {
				m.lo[k], m.hi[k] = min(m.lo[k], v[k]), max(m.hi[k], v[k])
			}
		}
		m.top = m.hi[1]
	}
	return nil
}

// Tolerances of restsOn (m): how far a resting piece may sink into its
// host's face, stand off it, and reach past the face's edges.
const (
	restSink  = 0.012
	restThick = 0.06
	restEdge  = 0.012
)

// restsOn finds an earlier convex piece on one of whose faces the points
// (the used ones) lie: all within restSink below and restThick above the
// face's plane, and inside the host's other face planes. It returns the
// host piece and that face, or −1, −1.
func (m *Mesh) restsOn(pts []mgl64.Vec3, used []bool) (int32, int32) {
	for hi := range m.pieces {
		h := &m.pieces[hi]
		if !h.convex || h.decal {
			continue
		}
		for fi := h.firstFace; fi < h.firstFace+h.nFaces; fi++ {
			if m.restsOnFace(h, fi, pts, used) {
				return int32(hi), fi
			}
		}
	}
	return -1, -1
}

func (m *Mesh) restsOnFace(h *meshPiece, fi int32, pts []mgl64.Vec3, used []bool) bool {
	plane := func(f int32) (mgl64.Vec3, float64) {
		fc := &m.faces[f]
		return fc.normal, fc.normal.Dot(m.verts[m.idx[fc.first]])
	}
	n, d := plane(fi)
	for i, p := range pts {
		if !used[i] {
			continue
		}
		if lift := n.Dot(p) - d; lift < -restSink || lift > restThick {
			return false
		}
		for g := h.firstFace; g < h.firstFace+h.nFaces; g++ {
			if g == fi {
				continue
			}
			if ng, dg := plane(g); ng.Dot(n) < 0.9 && ng.Dot(p)-dg > restEdge {
				return false
			}
		}
	}
	return true
}

// Radius returns the radius of a sphere about the body origin that holds the
// whole mesh (m).
func (m *Mesh) Radius() float64 { return m.radius }

// Faces returns the number of faces.
func (m *Mesh) Faces() int { return len(m.faces) }

// BoxMesh returns a box with the given half extents (m) centred on the body
// origin, in one colour. It is a convenience for tests and placeholders.
func BoxMesh(half mgl64.Vec3, c color.Color) *Mesh {
	verts, loops := boxFaces(half.Mul(-1), half)
	m, err := NewMesh(verts, loops, c)
	if err != nil {
		// Unreachable for finite non-zero extents; keep an empty mesh otherwise.
		return &Mesh{}
	}
	return m
}

// boxFaces returns the corners and outward counter-clockwise face loops of
// the axis-aligned box [lo, hi].
func boxFaces(lo, hi mgl64.Vec3) ([]mgl64.Vec3, [][]int32) {
	return []mgl64.Vec3{
			{lo[0], lo[1], lo[2]}, {hi[0], lo[1], lo[2]}, {hi[0], hi[1], lo[2]}, {lo[0], hi[1], lo[2]},
			{lo[0], lo[1], hi[2]}, {hi[0], lo[1], hi[2]}, {hi[0], hi[1], hi[2]}, {lo[0], hi[1], hi[2]},
		},
		[][]int32{{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 4, 7, 3}, {1, 2, 6, 5}, {0, 1, 5, 4}, {3, 7, 6, 2}}
}

func rgba(c color.Color) [4]float32 {
	r, g, b, a := c.RGBA() // premultiplied, 16 bit
	if a == 0 {
		return [4]float32{}
	}
	fa := float32(a)
	return [4]float32{float32(r) / fa, float32(g) / fa, float32(b) / fa, fa / 0xffff}
}

func finite3(v mgl64.Vec3) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// quatMat returns the rotation matrix of q after normalising it; a zero or
// non-finite quaternion gives the identity.
func quatMat(q mgl64.Quat) mgl64.Mat3 {
	n := q.W*q.W + q.V.Dot(q.V)
	if !(n > 1e-300) || math.IsInf(n, 0) {
		return mgl64.Ident3()
	}
	s := 1 / math.Sqrt(n)
	w, x, y, z := q.W*s, q.V[0]*s, q.V[1]*s, q.V[2]*s
	// Column-major: m[col*3+row].
	return mgl64.Mat3{
		1 - 2*(y*y+z*z), 2 * (x*y + w*z), 2 * (x*z - w*y),
		2 * (x*y - w*z), 1 - 2*(x*x+z*z), 2 * (y*z + w*x),
		2 * (x*z + w*y), 2 * (y*z - w*x), 1 - 2*(x*x+y*y),
	}
}
