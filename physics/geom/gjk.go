package geom

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// Support is a convex shape in world coordinates, known by its support
// mapping: Support returns a point of the shape furthest along dir (m). dir
// need not be unit length; for a zero dir any point of the shape will do.
type Support interface {
	Support(dir mgl64.Vec3) mgl64.Vec3
}

// PolyhedronSupport is a Polyhedron placed by a Transform, as a Support.
// Make it with SupportOf or Set; pass a pointer to it, which does not
// allocate.
type PolyhedronSupport struct {
	poly *Polyhedron
	pos  mgl64.Vec3
	rot  rotation
}

// SupportOf returns p placed by xf as a Support.
func SupportOf(p *Polyhedron, xf Transform) PolyhedronSupport {
	var s PolyhedronSupport
	s.Set(p, xf)
	return s
}

// Set places p by xf.
func (s *PolyhedronSupport) Set(p *Polyhedron, xf Transform) {
	s.poly, s.pos, s.rot = p, xf.Pos, rotationOf(xf.Rot)
}

// Support returns the vertex furthest along dir, in world coordinates; of
// equally far vertices the first. It is O(vertices).
func (s *PolyhedronSupport) Support(dir mgl64.Vec3) mgl64.Vec3 {
	d := s.rot.applyT(dir)
	if bx := s.poly.box; bx != nil {
		return s.rot.apply(bx.support(d)).Add(s.pos)
	}
	best, bi := math.Inf(-1), 0
	for i, v := range s.poly.Verts {
		if x := fmath.Dot(d, v); x > best {
			best, bi = x, i
		}
	}
	return s.rot.apply(s.poly.Verts[bi]).Add(s.pos)
}

// Sphere is a ball as a Support; Radius 0 makes it a point.
type Sphere struct {
	Center mgl64.Vec3 // world (m)
	Radius float64    // m
}

// Support returns the point of the sphere furthest along dir.
func (s *Sphere) Support(dir mgl64.Vec3) mgl64.Vec3 {
	l := fmath.Len(dir)
	if l == 0 || s.Radius == 0 {
		return s.Center
	}
	return s.Center.Add(dir.Mul(s.Radius / l))
}

// DistanceResult is the outcome of Distance.
type DistanceResult struct {
	// Distance between the shapes (m); 0 when they overlap.
	Distance float64
	// PointA and PointB are closest points of A and B (world, m):
	// |PointB − PointA| = Distance. When the shapes overlap they are a
	// common point of both, approximately.
	PointA, PointB mgl64.Vec3
	// Overlap reports that the shapes intersect (or touch within 1e-12 of
	// their size).
	Overlap bool
	// Iterations is the number of support points taken.
	Iterations int
}

// gjkMaxIterations bounds the loop for curved shapes, which converge only
// in the limit; polytopes finish in a few iterations.
const gjkMaxIterations = 64

// gjkSimplex is up to four pairs of support points, one of A and one of B,
// and their differences w = a − b (points of the Minkowski difference).
type gjkSimplex struct {
	n       int
	a, b, w [4]mgl64.Vec3
}

// Distance returns the distance and the closest points of the convex shapes
// a and b, with GJK (design note §7): the closest point of the Minkowski
// difference A − B to the origin is searched over simplices of support
// point pairs; the closest point of a simplex comes from a least-squares
// solve on the whole simplex, and when that falls outside, from recursing
// on the sub-simplices with one point left out. The loop stops when a new
// support point brings no progress (relative 1e-12). Distance allocates
// nothing when a and b are pointers.
func Distance(a, b Support) DistanceResult {
	var s gjkSimplex
	d0 := mgl64.Vec3{1, 0, 0}
	s.a[0], s.b[0] = a.Support(d0), b.Support(d0.Mul(-1))
	s.w[0] = s.a[0].Sub(s.b[0])
	s.n = 1
	v := s.w[0]
	pa, pb := s.a[0], s.b[0]
	scale := fmath.Len(s.a[0]) + fmath.Len(s.b[0])
	res := DistanceResult{Iterations: 1}
	for res.Iterations < gjkMaxIterations {
		vv := fmath.Dot(v, v)
		if vv <= 1e-24*(1+float64(scale*scale)) {
			res.Overlap = true
			break
		}
		na, nb := a.Support(v.Mul(-1)), b.Support(v)
		w := na.Sub(nb)
		res.Iterations++
		scale = math.Max(scale, fmath.Len(na)+fmath.Len(nb))
		if vv-fmath.Dot(v, w) <= 1e-12*vv {
			break // w is no closer than v: v is the closest point
		}
		dup := false
		for i := range s.n {
			if s.w[i] == w {
				dup = true
			}
		}
		if dup {
			break
		}
		s.a[s.n], s.b[s.n], s.w[s.n] = na, nb, w
		s.n++
		nv, lam, mask, ok := s.closest(uint8(1)<<s.n - 1)
		if !ok || fmath.Dot(nv, nv) >= vv {
			s.n--
			break // no progress: rounding; keep the previous answer
		}
		// Keep the points that carry weight.
		var t gjkSimplex
		pa, pb = mgl64.Vec3{}, mgl64.Vec3{}
		for i := range s.n {
			if mask&(1<<i) != 0 {
				pa = pa.Add(s.a[i].Mul(lam[i]))
				pb = pb.Add(s.b[i].Mul(lam[i]))
				t.a[t.n], t.b[t.n], t.w[t.n] = s.a[i], s.b[i], s.w[i]
				t.n++
			}
		}
		s, v = t, nv
		if s.n == 4 {
			res.Overlap = true // the origin is inside the tetrahedron
			break
		}
	}
	if res.Overlap {
		res.PointA, res.PointB = pa, pa
		return res
	}
	res.PointA, res.PointB = pa, pb
	res.Distance = fmath.Len(pb.Sub(pa))
	return res
}

// closest returns the point of the sub-simplex mask nearest to the origin,
// its barycentric weights lam (indexed like the simplex) and the subset
// used that carries them; ok is false if no subset of mask is usable.
func (s *gjkSimplex) closest(mask uint8) (v mgl64.Vec3, lam [4]float64, used uint8, ok bool) {
	if p, l, good := s.leastSquares(mask); good {
		return p, l, mask, true
	}
	best := math.Inf(1)
	for i := range s.n {
		bit := uint8(1) << i
		if mask&bit == 0 || mask == bit {
			continue
		}
		if p, l, u, good := s.closest(mask &^ bit); good {
			if d := fmath.Dot(p, p); d < best {
				best, v, lam, used, ok = d, p, l, u, true
			}
		}
	}
	return v, lam, used, ok
}

// leastSquares solves H t ≈ −w0 with H = [w1−w0 … wk−w0] over the points
// of mask; good is true when the simplex is not degenerate and the solution
// lies inside it (all t ≥ 0, Σt ≤ 1).
func (s *gjkSimplex) leastSquares(mask uint8) (p mgl64.Vec3, lam [4]float64, good bool) {
	var idx [4]int
	k := 0
	for i := range s.n {
		if mask&(1<<i) != 0 {
			idx[k] = i
			k++
		}
	}
	w0 := s.w[idx[0]]
	if k == 1 {
		lam[idx[0]] = 1
		return w0, lam, true
	}
	var h [3]mgl64.Vec3
	for j := 1; j < k; j++ {
		h[j-1] = s.w[idx[j]].Sub(w0)
	}
	m := k - 1
	// Normal equations G t = r, G = HᵀH, r = −Hᵀw0.
	var g [3][3]float64
	var r [3]float64
	for i := range m {
		for j := range m {
			g[i][j] = fmath.Dot(h[i], h[j])
		}
		r[i] = -fmath.Dot(h[i], w0)
	}
	var t [3]float64
	switch m {
	case 1:
		if g[0][0] <= 0 {
			return p, lam, false
		}
		t[0] = r[0] / g[0][0]
	case 2:
		det := float64(g[0][0]*g[1][1]) - float64(g[0][1]*g[1][0])
		if det <= 1e-14*g[0][0]*g[1][1] {
			return p, lam, false
		}
		t[0] = (float64(r[0]*g[1][1]) - float64(g[0][1]*r[1])) / det
		t[1] = (float64(g[0][0]*r[1]) - float64(r[0]*g[1][0])) / det
	case 3:
		c00 := float64(g[1][1]*g[2][2]) - float64(g[1][2]*g[2][1])
		c01 := float64(g[1][2]*g[2][0]) - float64(g[1][0]*g[2][2])
		c02 := float64(g[1][0]*g[2][1]) - float64(g[1][1]*g[2][0])
		det := float64(g[0][0]*c00) + float64(g[0][1]*c01) + float64(g[0][2]*c02)
		if det <= 1e-14*g[0][0]*g[1][1]*g[2][2] {
			return p, lam, false
		}
		// Cramer's rule.
		for c := range 3 {
			var a [3][3]float64
			for i := range 3 {
				for j := range 3 {
					a[i][j] = g[i][j]
				}
				a[i][c] = r[i]
			}
			t[c] = (float64(a[0][0]*(float64(a[1][1]*a[2][2])-float64(a[1][2]*a[2][1]))) -
				float64(a[0][1]*(float64(a[1][0]*a[2][2])-float64(a[1][2]*a[2][0]))) +
				float64(a[0][2]*(float64(a[1][0]*a[2][1])-float64(a[1][1]*a[2][0])))) / det
		}
	}
	sum := 0.0
	p = w0
	for j := range m {
		if !(t[j] > 0) {
			return p, lam, false
		}
		sum += t[j]
		p = p.Add(h[j].Mul(t[j]))
		lam[idx[j+1]] = t[j]
	}
	if sum >= 1 {
		return p, lam, false
	}
	lam[idx[0]] = 1 - sum
	return p, lam, true
}

// Distance is Distance for two polyhedra placed by transforms, using
// adapters kept in the Collider (no allocation).
func (c *Collider) Distance(a *Polyhedron, xfA Transform, b *Polyhedron, xfB Transform) DistanceResult {
	c.suppA.Set(a, xfA)
	c.suppB.Set(b, xfB)
	return Distance(&c.suppA, &c.suppB)
}
