package render

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// Shadows. Every convex piece of a Body with Shadow set is projected along
// the sun onto the ground plane and onto the top face of every Underlay
// body (a pad): the projection of a convex solid is the convex hull of its
// projected corners, so each piece gives one convex polygon. The ground's
// shadows are drawn before the pads (which cover them), the pads' shadows,
// clipped to the pad's top, after.
//
// A shadow polygon is drawn with a min blend in the colour its receiver has
// in the shade (ambient and earthshine only): a pixel takes the darker of
// that colour and what is there. Overlapping pieces darken once, in any
// order, and no destination alpha is needed (the window may have none).
//
// Bodies shadow each other more coarsely: a face corner that does not see
// the sun — the ray towards the sun passes through a convex piece of another
// body — loses its sunlight (sunVisibility); across a face the light is
// interpolated between its corners.

// minSunElevation: below this sine of the sun's elevation shadows would
// reach the horizon; none are drawn.
const minSunElevation = 0.03

// shadowLift raises shadows above their receiver so the depth order of
// coplanar polygons never matters (m).
const shadowLift = 0.01

// receiver is a plane shadows fall on: the ground, or a pad's top face
// clipped to its footprint.
type receiver struct {
	pos    mgl64.Vec3 // a point of the plane (world); a pad's top-face centre
	rot    mgl64.Mat3 // receiver frame → world; the plane's normal is its y axis
	lo, hi [2]float64 // footprint in the receiver frame's x and z; unbounded for the ground
	bound  bool
	col    [4]float32 // the receiver's colour in the shade
	layer  int8
}

// addShadows adds the shadows of f's shadow-casting bodies.
func (s *scene) addShadows(f *Frame) {
	sun := s.light.sun
	if f.Ground == nil || sun[1] < minSunElevation {
		return
	}
	s.recv = s.recv[:0]
	gc := defaultGround
	if f.Ground.Color != nil {
		gc = rgba(f.Ground.Color)
	}
	if s.camPos[1] > f.Ground.Height {
		s.recv = append(s.recv, receiver{pos: mgl64.Vec3{0, f.Ground.Height, 0}, rot: mgl64.Ident3(),
			col: s.inShade(mgl64.Vec3{0, 1, 0}, gc), layer: layerGroundMarks})
	}
	for i := range f.Bodies {
		b := &f.Bodies[i]
		if !b.Underlay || b.Mesh == nil || !finite3(b.Pos) || len(b.Mesh.pieces) == 0 {
			continue
		}
		m := b.Mesh
		rot := quatMat(b.Orient)
		up := rot.Col(1)
		if up.Dot(sun) < minSunElevation || up.Dot(s.camPos.Sub(b.Pos)) <= 0 {
			continue // the sun or the camera is below the top face
		}
		s.recv = append(s.recv, receiver{pos: b.Pos.Add(up.Mul(m.top)), rot: rot, lo: [2]float64{m.lo[0], m.lo[2]}, hi: [2]float64{m.hi[0], m.hi[2]},
			bound: true, col: s.inShade(up, m.faces[m.pieces[0].firstFace].col), layer: layerMarks})
	}
	for i := range len(f.Bodies) + len(s.rocks) {
		var b *Body
		if i < len(f.Bodies) {
			b = &f.Bodies[i]
		} else {
			b = &s.rocks[i-len(f.Bodies)]
		}
		if !b.Shadow || b.Underlay || b.Mesh == nil || !finite3(b.Pos) {
			continue
		}
		rot := quatMat(b.Orient)
		for pi := range b.Mesh.pieces {
			if pc := &b.Mesh.pieces[pi]; !pc.decal {
				for ri := range s.recv {
					s.castPiece(b, rot, pc, &s.recv[ri])
				}
			}
		}
	}
}

// inShade is the colour of a matt surface of colour c and normal n out of
// the sun.
func (s *scene) inShade(n mgl64.Vec3, c [4]float32) [4]float32 {
	out := s.light.shade(n, c, FinishPaint, 0, n)
	out[3] = 1
	return out
}

// castPiece adds the shadow of one convex piece of body b on receiver r.
func (s *scene) castPiece(b *Body, rot mgl64.Mat3, pc *meshPiece, r *receiver) {
	m := b.Mesh
	// In the receiver frame the plane is y = 0 and the sun's direction l;
	// a point p lands at p − l·(p_y / l_y).
	inv := r.rot.Transpose()
	l := inv.Mul3x1(s.light.sun)
	if l[1] < minSunElevation {
		return
	}
	centre := inv.Mul3x1(rot.Mul3x1(pc.centre).Add(b.Pos).Sub(r.pos))
	if centre[1]+pc.radius <= 0 {
		return // wholly below the receiver
	}
	if r.bound { // can the shadow reach the footprint at all?
		x := centre[0] - l[0]*centre[1]/l[1]
		z := centre[2] - l[2]*centre[1]/l[1]
		reach := pc.radius * (1 + math.Hypot(l[0], l[2])/l[1])
		if x+reach < r.lo[0] || x-reach > r.hi[0] || z+reach < r.lo[1] || z-reach > r.hi[1] {
			return
		}
	}
	// Cull a shadow that cannot be in view: a sphere about where the
	// piece's centre lands, grown by how far the shadow stretches.
	stretch := pc.radius * (1 + math.Hypot(l[0], l[2])/l[1])
	landed := mgl64.Vec3{centre[0] - l[0]*centre[1]/l[1], 0, centre[2] - l[2]*centre[1]/l[1]}
	if !s.sphereVisible(s.toCamera(r.rot.Mul3x1(landed).Add(r.pos)), stretch) {
		return
	}
	mc := inv.Mul3(rot)
	t := inv.Mul3x1(b.Pos.Sub(r.pos))
	s.hull = s.hull[:0]
	above := false
	for _, v := range m.verts[pc.firstVert : pc.firstVert+pc.nVerts] {
		p := mc.Mul3x1(v).Add(t)
		if p[1] > 0 {
			above = true
		} else {
			p[1] = 0 // a corner below the plane: its own footprint (the piece stands in it)
		}
		s.hull = append(s.hull, [2]float64{p[0] - l[0]*p[1]/l[1], p[2] - l[2]*p[1]/l[1]})
	}
	if !above {
		return
	}
	s.hull = convexHull2(s.hull, &s.hullScratch)
	if r.bound {
		s.hull = clipRect(s.hull, r.lo, r.hi, &s.hullScratch)
	}
	if len(s.hull) < 3 {
		return
	}
	s.loop = s.loop[:0]
	for _, q := range s.hull {
		w := r.rot.Mul3x1(mgl64.Vec3{q[0], shadowLift, q[1]}).Add(r.pos)
		s.loop = append(s.loop, cvert{p: s.toCamera(w), c: r.col})
	}
	s.addPolyKind(r.layer, 0, polyShadow)
}

// convexHull2 returns the convex hull of pts, counter-clockwise seen from
// +y in the receiver's x–z plane (so that it faces up), in pts' storage;
// scratch is reused. Andrew's monotone chain.
func convexHull2(pts [][2]float64, scratch *[][2]float64) [][2]float64 {
	if len(pts) < 3 {
		return pts[:0]
	}
	slices.SortFunc(pts, func(a, b [2]float64) int {
		if c := cmp.Compare(a[0], b[0]); c != 0 {
			return c
		}
		return cmp.Compare(a[1], b[1])
	})
	// cross > 0: a left turn in (x, z), which is clockwise seen from +y.
	cross := func(o, a, b [2]float64) float64 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	h := (*scratch)[:0]
	for _, p := range pts { // lower chain
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-12 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(pts) - 2; i >= 0; i-- { // upper chain
		p := pts[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 1e-12 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	h = h[:len(h)-1]
	*scratch = h
	// h turns left in (x, z): reverse it so that it is counter-clockwise
	// seen from +y.
	out := pts[:0]
	for i := len(h) - 1; i >= 0; i-- {
		out = append(out, h[i])
	}
	return out
}

// clipRect clips the convex polygon p to lo ≤ (x, z) ≤ hi, in p's storage.
func clipRect(p [][2]float64, lo, hi [2]float64, scratch *[][2]float64) [][2]float64 {
	for k := range 4 {
		axis, sign, bound := k%2, 1.0, hi[k%2]
		if k >= 2 {
			sign, bound = -1, -lo[k%2]
		}
		out := (*scratch)[:0]
		for i := range p {
			a, b := p[i], p[(i+1)%len(p)]
			da, db := sign*a[axis]-bound, sign*b[axis]-bound
			if da <= 0 {
				out = append(out, a)
			}
			if (da <= 0) != (db <= 0) {
				t := da / (da - db)
				out = append(out, [2]float64{a[0] + t*(b[0]-a[0]), a[1] + t*(b[1]-a[1])})
			}
		}
		*scratch = out
		p = append(p[:0], out...)
		if len(p) < 3 {
			return p[:0]
		}
	}
	return p
}

// vertexSun returns the sun visibility of vertex vi of body b (rotation
// rot), worked out once per frame and vertex.
func (s *scene) vertexSun(b *Body, rot mgl64.Mat3, vi int32) float64 {
	if v := s.sunv[vi]; v >= 0 {
		return float64(v)
	}
	v := s.sunVisibility(b, rot.Mul3x1(b.Mesh.verts[vi]).Add(b.Pos))
	s.sunv[vi] = float32(v)
	return v
}

// sunVisibility is how much of the sun point p of body b sees: 0 when the
// ray from p towards the sun passes through a convex piece of another
// shadow-casting body, else 1.
func (s *scene) sunVisibility(b *Body, p mgl64.Vec3) float64 {
	sun := s.light.sun
	for i := range s.bodies {
		o := &s.bodies[i]
		if o == b || !o.Shadow || o.Mesh == nil || !finite3(o.Pos) {
			continue
		}
		rel := p.Sub(o.Pos)
		// Quick reject: the ray misses the body's bounding sphere.
		if tc := rel.Dot(sun); tc > 0 && rel.Dot(rel) > o.Mesh.radius*o.Mesh.radius {
			continue
		} else if rel.Dot(rel)-tc*tc > o.Mesh.radius*o.Mesh.radius {
			continue
		}
		inv := quatMat(o.Orient).Transpose()
		p0, d := inv.Mul3x1(rel), inv.Mul3x1(sun)
		for pi := range o.Mesh.pieces {
			if pc := &o.Mesh.pieces[pi]; !pc.decal && pc.convex && rayHitsPiece(o.Mesh, pc, p0, d) {
				return 0
			}
		}
	}
	return 1
}

// rayHitsPiece reports whether the ray p0 + t·d (t > 0, body coordinates)
// passes through the convex piece (Cyrus–Beck against its face planes).
func rayHitsPiece(m *Mesh, pc *meshPiece, p0, d mgl64.Vec3) bool {
	c := p0.Sub(pc.centre)
	if tc := c.Dot(d); tc > 0 && c.Dot(c) > pc.radius*pc.radius {
		return false // starts outside the piece's sphere, heading away
	} else if c.Dot(c)-tc*tc > pc.radius*pc.radius {
		return false
	}
	tIn, tOut := 0.0, math.Inf(1)
	for fi := pc.firstFace; fi < pc.firstFace+pc.nFaces; fi++ {
		fc := &m.faces[fi]
		n := fc.normal
		dist := n.Dot(m.verts[m.idx[fc.first]].Sub(p0)) // > 0: p0 inside this face's plane
		den := n.Dot(d)
		switch {
		case den == 0:
			if dist < 0 {
				return false
			}
		case den > 0:
			tOut = min(tOut, dist/den)
		default:
			tIn = max(tIn, dist/den)
		}
		if tIn > tOut {
			return false
		}
	}
	return tOut-tIn > 1e-3 // through it, not grazing a face it starts on
}
