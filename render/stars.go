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
		inv := 1 / -d[2]
		x := s.w/2 + s.focal*d[0]*inv
		y := s.h/2 - s.focal*d[1]*inv
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
