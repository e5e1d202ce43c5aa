package render

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

// Drawing layers, drawn in this order; polygons are sorted far to near
// within a layer.
const (
	layerSky         int8 = iota // the Sun and the Earth, at infinity
	layerGround                  // the ground plane and its tiles
	layerGroundMarks             // shadows and markers on the ground, under the pads
	layerUnderlay                // Body.Underlay bodies (pads)
	layerMarks                   // shadows and markers on the pads
	layerBodies                  // bodies and plumes
)

// Polygon kinds: how a polygon is drawn.
const (
	polyPlain  uint8 = iota // its colour is final: the fill shader
	polyLit                 // the lit shader lights it per pixel
	polyShadow              // a shadow: the fill shader with a min blend
)

const (
	defaultFovY    = 60 * math.Pi / 180
	defaultNear    = 0.05
	defaultAmbient = 0.3
)

// cvert is a polygon vertex in camera space with its colour and, for
// polygons the lit shader draws, its world normal and material code.
type cvert struct {
	p mgl64.Vec3
	c [4]float32 // straight-alpha colour: lit already, or the surface's for the lit shader
	n [4]float32 // lit shader: world normal x, y, z and materialCode
}

// spoint is a projected vertex: screen pixels and attributes.
type spoint struct {
	x, y float32
	c, n [4]float32
}

// poly is one projected convex polygon waiting to be sorted.
type poly struct {
	key      float64 // squared distance from the camera used for sorting (m²)
	seq      int32   // insertion order, breaks ties deterministically
	first, n int32   // points in scene.pts
	layer    int8
	kind     uint8 // polyPlain, polyLit or polyShadow
}

// scene turns a Frame into sorted screen-space triangles. It keeps all its
// buffers between frames, so building allocates nothing after warm-up.
type scene struct {
	w, h             float64    // screen size (px)
	focal            float64    // focal length (px)
	near             float64    // near plane distance (m)
	camPos           mgl64.Vec3 // eye, world (m)
	cam              mgl64.Mat3 // world → camera rotation
	camRot           mgl64.Mat3 // camera → world rotation
	light            lighting
	lit              bool                                                  // per-pixel lighting (QualityHigh): body faces go to the lit shader
	originX, originY float64                                               // the target's top-left pixel
	planes           [5]plane                                              // view frustum, camera space
	grid             [(2*groundTiles + 2) * (2*groundTiles + 2)]mgl64.Vec3 // ground tile corners, camera space
	gridCol          [(2*groundTiles + 2) * (2*groundTiles + 2)][4]float32 // their lit regolith colours
	gridKey          gridKey                                               // what gridCol was worked out for
	pads             []padFootprint                                        // this frame's upright pads on the ground
	rocks            []Body                                                // the rocks near the camera this frame
	rockMesh         []*Mesh                                               // rock meshes, built once per seed
	rockSeed         uint64

	bodies      []Body       // the frame's bodies, for sunVisibility
	recv        []receiver   // planes shadows fall on this frame
	hull        [][2]float64 // shadow outline scratch
	hullScratch [][2]float64 // shadow outline scratch
	cv          []mgl64.Vec3 // camera-space vertices of the current mesh
	sunv        []float32    // sun visibility of the current mesh's vertices; −1 = not yet known
	loop        []cvert      // current polygon
	clipA       []cvert      // clipping scratch
	clipB       []cvert      // clipping scratch
	pts         []spoint
	polys       []poly
	verts       []ebiten.Vertex
	idx         []uint32
	batches     []batch
	stars       []ebiten.Vertex
	starIx      []uint32
	sky         []ebiten.Vertex
	skyIx       []uint32
}

// setup prepares the camera for a w×h pixel target.
func (s *scene) setup(f *Frame, w, h int) {
	s.w, s.h = float64(w), float64(h)
	s.focal, s.near = f.View.lens(s.h)
	s.camPos = f.View.Pos
	s.camRot = quatMat(f.View.Orient)
	s.cam = s.camRot.Transpose()
	s.light.set(f)
	s.lit = f.Quality == QualityHigh
	s.planes = s.frustum()
	s.pts = s.pts[:0]
	s.polys = s.polys[:0]
	s.verts = s.verts[:0]
	s.idx = s.idx[:0]
}

// build fills s.verts and s.idx with the scene's triangles, far to near.
func (s *scene) build(f *Frame, w, h int) {
	s.setup(f, w, h)
	if !finite3(s.camPos) || w <= 0 || h <= 0 {
		return // nothing sensible to draw
	}
	s.bodies = f.Bodies
	if f.SkyBodies {
		s.addSkyBodies(f)
	}
	if f.Ground != nil {
		s.addGround(f)
	}
	s.placeRocks(f)
	for i := range s.rocks {
		s.addBody(&s.rocks[i], layerBodies)
	}
	for i := range f.Bodies {
		b := &f.Bodies[i]
		if b.Mesh == nil || len(b.Mesh.faces) == 0 || !finite3(b.Pos) {
			continue
		}
		layer := layerBodies
		if b.Underlay {
			layer = layerUnderlay
		}
		s.addBody(b, layer)
	}
	s.addShadows(f)
	s.addMarks(f)
	for i := range f.Plumes {
		s.addPlume(&f.Plumes[i])
	}
	slices.SortFunc(s.polys, comparePolys)
	s.emit()
}

// comparePolys orders polygons by layer, then far to near.
func comparePolys(a, b poly) int {
	if a.layer != b.layer {
		return cmp.Compare(a.layer, b.layer)
	}
	if a.key != b.key {
		return cmp.Compare(b.key, a.key)
	}
	return cmp.Compare(a.seq, b.seq)
}

// toCamera returns world point p in camera coordinates, subtracting the eye
// in float64 first.
func (s *scene) toCamera(p mgl64.Vec3) mgl64.Vec3 {
	return s.cam.Mul3x1(p.Sub(s.camPos))
}

// toScreen returns the screen position of camera-space point c, which must
// be in front of the camera (c[2] < 0).
func (s *scene) toScreen(c mgl64.Vec3) (x, y float64) { return screenPoint(s.w, s.h, s.focal, c) }

// screenPoint is where camera-space point c (in front: c[2] < 0) appears
// on a w×h screen with the focal length focal (px).
func screenPoint(w, h, focal float64, c mgl64.Vec3) (x, y float64) {
	inv := 1 / -c[2]
	return w/2 + focal*c[0]*inv, h/2 - focal*c[1]*inv
}

// lens returns v's focal length on a screen h px high (px) and its near
// clipping distance (m), defaults filled in.
func (v View) lens(h float64) (focal, near float64) {
	fov := v.FovY
	if !(fov > 1e-3 && fov < math.Pi-1e-3) {
		fov = defaultFovY
	}
	near = v.Near
	if !(near > 0) {
		near = defaultNear
	}
	return 0.5 * h / math.Tan(fov/2), near
}

// sphereVisible reports whether a sphere (camera coordinates) can be seen:
// not wholly behind the near plane nor outside a side of the view frustum.
func (s *scene) sphereVisible(c mgl64.Vec3, r float64) bool {
	if c[2]-r > -s.near {
		return false
	}
	hw, hh := s.w/2, s.h/2
	nx := math.Hypot(s.focal, hw)
	ny := math.Hypot(s.focal, hh)
	if (s.focal*c[0]+hw*c[2])/nx > r || (-s.focal*c[0]+hw*c[2])/nx > r {
		return false
	}
	if (s.focal*c[1]+hh*c[2])/ny > r || (-s.focal*c[1]+hh*c[2])/ny > r {
		return false
	}
	return true
}

// addBody adds the visible faces of a body.
func (s *scene) addBody(b *Body, layer int8) {
	m := b.Mesh
	rot := quatMat(b.Orient)
	t := s.toCamera(b.Pos)
	if !s.sphereVisible(t, m.radius) {
		return
	}
	mc := s.cam.Mul3(rot) // body → camera
	if cap(s.cv) < len(m.verts) {
		s.cv = make([]mgl64.Vec3, len(m.verts))
	}
	cv := s.cv[:len(m.verts)]
	for i, v := range m.verts {
		cv[i] = mc.Mul3x1(v).Add(t)
	}
	if cap(s.sunv) < len(m.verts) {
		s.sunv = make([]float32, len(m.verts))
	}
	s.sunv = s.sunv[:len(m.verts)]
	for i := range s.sunv {
		s.sunv[i] = -1 // not worked out yet
	}
	hostKey := 0.0
	for pi := range m.pieces {
		pc := &m.pieces[pi]
		centre := mc.Mul3x1(pc.centre).Add(t)
		pieceKey := centre.Dot(centre)
		switch {
		case pc.decal:
			pieceKey = hostKey * (1 - 1e-9) // just nearer than the host: drawn after it
		case pc.host >= 0:
			// On a face of its host: right after the host when that face
			// is towards the camera, right before it (hidden) otherwise.
			h := &m.pieces[pc.host]
			hc := mc.Mul3x1(h.centre).Add(t)
			hk := hc.Dot(hc)
			fc := &m.faces[pc.hostFace]
			if mc.Mul3x1(fc.normal).Dot(cv[m.idx[fc.first]]) < 0 {
				pieceKey = hk * (1 - 1e-9)
			} else {
				pieceKey = hk * (1 + 1e-9)
			}
			hostKey = pieceKey
		default:
			hostKey = pieceKey
		}
		if !s.sphereVisible(centre, pc.radius) {
			continue
		}
		for fi := pc.firstFace; fi < pc.firstFace+pc.nFaces; fi++ {
			fc := &m.faces[fi]
			loop := m.idx[fc.first : fc.first+fc.n]
			nc := mc.Mul3x1(fc.normal)
			if nc.Dot(cv[loop[0]]) >= 0 {
				continue // back face or edge-on
			}
			s.loop = s.loop[:0]
			var sum mgl64.Vec3
			sunward := b.Shadow && fc.finish != FinishLight && rot.Mul3x1(fc.normal).Dot(s.light.sun) > -0.2
			for k, vi := range loop {
				vis := 1.0
				if sunward {
					vis = s.vertexSun(b, rot, vi)
				}
				code := materialCode(fc.finish, vis)
				n := rot.Mul3x1(m.vn[int(fc.first)+k])
				v := cvert{p: cv[vi], c: fc.col}
				if s.lit && !b.Ghost {
					v.n = [4]float32{float32(n[0]), float32(n[1]), float32(n[2]), code}
				} else {
					eye := s.camRot.Mul3x1(cv[vi].Mul(-1 / max(cv[vi].Len(), 1e-9)))
					v.c = s.light.shade(n, fc.col, fc.finish, vis, eye)
					if b.Ghost {
						v.c[3] *= GhostAlpha
					}
				}
				s.loop = append(s.loop, v)
				sum = sum.Add(cv[vi])
			}
			key := pieceKey
			if !pc.convex && !pc.decal {
				c := sum.Mul(1 / float64(len(loop)))
				key = c.Dot(c)
			}
			kind := polyPlain
			if s.lit && !b.Ghost {
				kind = polyLit
			}
			s.addPolyKind(layer, key, kind)
		}
	}
}

// shadeFlat lights a matt surface of colour c with world normal n (the
// ground, the pad's markings): the view direction does not matter for it.
func (s *scene) shadeFlat(n mgl64.Vec3, c [4]float32) [4]float32 {
	return s.light.shade(n, c, FinishPaint, 1, n)
}

// guardBand is how far (px) polygons may reach beyond the screen edges
// before they are clipped; it keeps projected coordinates small.
const guardBand = 64

// plane is a clipping plane in camera space: points with n·p ≤ o are kept.
type plane struct {
	n mgl64.Vec3
	o float64
}

// frustum returns the near plane and the four side planes (widened by the
// guard band).
func (s *scene) frustum() [5]plane {
	hw, hh := s.w/2+guardBand, s.h/2+guardBand
	return [5]plane{
		{mgl64.Vec3{0, 0, 1}, -s.near},
		{mgl64.Vec3{s.focal, 0, hw}, 0},
		{mgl64.Vec3{-s.focal, 0, hw}, 0},
		{mgl64.Vec3{0, s.focal, hh}, 0},
		{mgl64.Vec3{0, -s.focal, hh}, 0},
	}
}

// addPoly clips s.loop (camera space) against the view frustum, projects it
// and queues it for sorting; its colours are final.
func (s *scene) addPoly(layer int8, key float64) { s.addPolyKind(layer, key, polyPlain) }

// addPolyKind is addPoly for a polygon of the given kind.
func (s *scene) addPolyKind(layer int8, key float64, kind uint8) {
	in := s.loop
	planes := &s.planes
	var outside [5]int // vertices outside each plane
	for i := range in {
		for k := range planes {
			if planes[k].n.Dot(in[i].p) > planes[k].o {
				outside[k]++
			}
		}
	}
	for k := range planes {
		switch outside[k] {
		case 0:
		case len(in):
			return // wholly outside one plane
		default:
			// Ping-pong between two scratch buffers, never the input.
			if len(in) > 0 && len(s.clipA) > 0 && &in[0] == &s.clipA[0] {
				s.clipB = clipPlane(s.clipB[:0], in, planes[k])
				in = s.clipB
			} else {
				s.clipA = clipPlane(s.clipA[:0], in, planes[k])
				in = s.clipA
			}
			if len(in) < 3 {
				return
			}
		}
	}
	first := len(s.pts)
	for i := range in {
		x, y := s.toScreen(in[i].p)
		s.pts = append(s.pts, spoint{x: float32(x), y: float32(y), c: in[i].c, n: in[i].n})
	}
	s.polys = append(s.polys, poly{key: key, seq: int32(len(s.polys)), first: int32(first), n: int32(len(in)), layer: layer, kind: kind})
}

// clipPlane appends to dst the part of the convex polygon in that lies on
// the kept side of pl (Sutherland–Hodgman against one plane), interpolating
// colours.
func clipPlane(dst, in []cvert, pl plane) []cvert {
	n := len(in)
	for i := range n {
		a, b := in[i], in[(i+1)%n]
		da, db := pl.n.Dot(a.p)-pl.o, pl.n.Dot(b.p)-pl.o
		ain, bin := da <= 0, db <= 0
		if ain {
			dst = append(dst, a)
		}
		if ain != bin {
			t := da / (da - db)
			p := a.p.Add(b.p.Sub(a.p).Mul(t))
			if pl.n == (mgl64.Vec3{0, 0, 1}) {
				p[2] = pl.o // exact, so nothing lands in front of the near plane by rounding
			}
			var c, nv [4]float32
			for k := range c {
				c[k] = a.c[k] + float32(t)*(b.c[k]-a.c[k])
				nv[k] = a.n[k] + float32(t)*(b.n[k]-a.n[k])
			}
			dst = append(dst, cvert{p: p, c: c, n: nv})
		}
	}
	return dst
}

// clipNear clips the convex polygon in to z ≤ zmax.
func clipNear(dst, in []cvert, zmax float64) []cvert {
	return clipPlane(dst, in, plane{mgl64.Vec3{0, 0, 1}, zmax})
}

// batch is a run of consecutive triangles drawn in one call: opaque runs
// replace the pixels (no blending: cheaper under llvmpipe), translucent runs
// blend; lit runs go through the lit shader, shadow runs take the minimum.
type batch struct {
	v0, v1      int // vertices s.verts[v0:v1]
	i0, i1      int // indices s.idx[i0:i1], relative to v0
	translucent bool
	kind        uint8
}

// emit turns the sorted polygons into a triangle fan each, grouped in
// batches of equal translucency and shader.
func (s *scene) emit() {
	s.batches = s.batches[:0]
	for _, pg := range s.polys {
		pts := s.pts[pg.first : pg.first+pg.n]
		translucent := false
		for _, p := range pts {
			translucent = translucent || p.c[3] < 1
		}
		if n := len(s.batches); n == 0 || s.batches[n-1].translucent != translucent || s.batches[n-1].kind != pg.kind {
			s.batches = append(s.batches, batch{v0: len(s.verts), v1: len(s.verts), i0: len(s.idx), i1: len(s.idx), translucent: translucent, kind: pg.kind})
		}
		b := &s.batches[len(s.batches)-1]
		base := uint32(len(s.verts) - b.v0)
		for _, p := range pts {
			a := p.c[3] // the shaders take premultiplied colours
			s.verts = append(s.verts, ebiten.Vertex{
				DstX: p.x, DstY: p.y,
				ColorR: p.c[0] * a, ColorG: p.c[1] * a, ColorB: p.c[2] * a, ColorA: a,
				Custom0: p.n[0], Custom1: p.n[1], Custom2: p.n[2], Custom3: p.n[3],
			})
		}
		for k := uint32(1); k+1 < uint32(pg.n); k++ {
			s.idx = append(s.idx, base, base+k, base+k+1)
		}
		b.v1, b.i1 = len(s.verts), len(s.idx)
	}
}

// Triangles returns the number of triangles built for the last frame.
func (s *scene) triangles() int { return len(s.idx) / 3 }
