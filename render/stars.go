package render

import (
	"math"
	"math/rand/v2"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"
)

const starCount = 1800

// star is a direction in the inertial (world) frame; stars are infinitely
// far away, so they move on screen only when the camera turns.
type star struct {
	dir  mgl64.Vec3 // unit, world
	lum  float32    // brightness 0…1
	size float32    // square edge (px)
	tint [3]float32
}

// makeStars returns a fixed, reproducible starfield.
func makeStars() []star {
	rng := rand.New(rand.NewPCG(0x5747, 0x1234))
	stars := make([]star, starCount)
	for i := range stars {
		// Uniform on the sphere: z uniform in [−1,1], azimuth uniform.
		z := 2*rng.Float64() - 1
		a := 2 * math.Pi * rng.Float64()
		r := math.Sqrt(1 - z*z)
		m := rng.Float64()
		lum := float32(0.25 + 0.75*m*m*m)
		size := float32(1)
		if m > 0.93 {
			size = 2
		}
		tint := [3]float32{1, 1, 1}
		switch rng.IntN(6) {
		case 0:
			tint = [3]float32{0.75, 0.85, 1}
		case 1:
			tint = [3]float32{1, 0.9, 0.75}
		}
		stars[i] = star{dir: mgl64.Vec3{r * math.Cos(a), z, r * math.Sin(a)}, lum: lum, size: size, tint: tint}
	}
	return stars
}

// buildStars fills s.stars/s.starIx with one small square per visible star.
// With a ground plane, stars below the horizon are left out.
func (s *scene) buildStars(stars []star, ground bool) {
	s.stars = s.stars[:0]
	s.starIx = s.starIx[:0]
	for i := range stars {
		st := &stars[i]
		if ground && st.dir[1] < 0 {
			continue
		}
		d := s.cam.Mul3x1(st.dir)
		if d[2] > -1e-3 {
			continue
		}
		x, y := s.toScreen(d)
		if x < -2 || y < -2 || x > s.w+2 || y > s.h+2 {
			continue
		}
		x0, y0 := float32(math.Floor(x)), float32(math.Floor(y))
		x1, y1 := x0+st.size, y0+st.size
		r, g, b := st.tint[0]*st.lum, st.tint[1]*st.lum, st.tint[2]*st.lum
		base := uint32(len(s.stars))
		for _, p := range [4][2]float32{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}} {
			s.stars = append(s.stars, ebiten.Vertex{DstX: p[0], DstY: p[1], ColorR: r, ColorG: g, ColorB: b, ColorA: 1})
		}
		s.starIx = append(s.starIx, base, base+1, base+2, base, base+2, base+3)
	}
}

// buildSky fills s.sky/s.skyIx with the sky: the part of the screen the
// ground does not cover, in colour c (opaque), so that the sky and the ground
// write every pixel once and nothing needs clearing first (llvmpipe's fill
// rate is the frame budget). Call it after build.
//
// The ground covers every direction more than its far edge's dip below the
// horizon; the sky polygon is the screen rectangle clipped to the half-plane
// above that, with a 2 px overlap. Without a ground plane, with the camera
// below it, or so close to it that the near plane could cut the ground
// inside the view, the sky fills the whole screen.
func (s *scene) buildSky(f *Frame, c [4]float32) {
	s.sky = s.sky[:0]
	s.skyIx = s.skyIx[:0]
	w, h := s.w, s.h
	if !(w > 0 && h > 0) {
		return
	}
	poly := [6][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}
	n := 4
	// Length of the ray through a screen corner, (x−w/2, −(y−h/2), −focal),
	// guard band included: the longest ray through any drawn pixel.
	dmax := math.Sqrt((w/2+guardBand)*(w/2+guardBand) + (h/2+guardBand)*(h/2+guardBand) + s.focal*s.focal)
	if g := f.Ground; g != nil && finite3(s.camPos) {
		height := s.camPos[1] - g.Height
		if height > 2*s.near*dmax/s.focal && !math.IsInf(height, 0) {
			// Pixel (x, y) looks along d = (x−w/2, −(y−h/2), −focal) in
			// camera space; with u = world up in camera space, d·u is
			// a·x + b·y + c0 and it is ≥ 0 above the horizon. The ground ends
			// groundFar away, at most sinDip below the horizon.
			u := s.cam.Mul3x1(mgl64.Vec3{0, 1, 0})
			a, b := u[0], -u[1]
			c0 := -u[0]*w/2 + u[1]*h/2 - u[2]*s.focal
			sinDip := height / math.Hypot(height, groundFar)
			c0 += sinDip*dmax + 2*math.Hypot(a, b)
			n = clipHalfPlane(&poly, n, a, b, c0)
		}
	}
	for i := range n {
		s.sky = append(s.sky, ebiten.Vertex{DstX: float32(poly[i][0]), DstY: float32(poly[i][1]), ColorR: c[0], ColorG: c[1], ColorB: c[2], ColorA: 1})
	}
	for i := uint32(1); i+1 < uint32(n); i++ {
		s.skyIx = append(s.skyIx, 0, i, i+1)
	}
}

// clipHalfPlane clips the convex polygon poly[:n] to a·x + b·y + c ≥ 0 in
// place and returns its new vertex count (a quadrilateral clipped by one
// line has at most 5 vertices).
func clipHalfPlane(poly *[6][2]float64, n int, a, b, c float64) int {
	var out [6][2]float64
	m := 0
	for i := range n {
		p, q := poly[i], poly[(i+1)%n]
		dp, dq := a*p[0]+b*p[1]+c, a*q[0]+b*q[1]+c
		if dp >= 0 {
			out[m] = p
			m++
		}
		if (dp >= 0) != (dq >= 0) && m < len(out) {
			t := dp / (dp - dq)
			out[m] = [2]float64{p[0] + t*(q[0]-p[0]), p[1] + t*(q[1]-p[1])}
			m++
		}
	}
	*poly = out
	if m < 3 {
		return 0
	}
	return m
}
