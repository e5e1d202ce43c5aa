package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The Sun and the Earth in the sky, drawn with the starfield: the Sun as a
// disc in the frame's sun direction; the Earth lit by it, as a sphere seen
// from afar — small and high in the sky over a lunar surface, a great globe
// filling the sky below in orbit (no ground).

// Directions and sizes (angular radius, rad) of the sky bodies.
var (
	earthFromMoon = mgl64.Vec3{-0.35, 0.42, 0.84}.Normalize()
	earthOrbit    = mgl64.Vec3{0, -1, 0}
)

const (
	sunRadius        = 0.9 * math.Pi / 180 // larger than the true 0.27°, to read at a glance
	earthRadiusMoon  = 2.2 * math.Pi / 180
	earthRadiusOrbit = 58 * math.Pi / 180
	skyDist          = 1e4 // camera-space distance the sky bodies are drawn at (m)
	skySegments      = 32
)

var (
	earthOcean = [4]float32{0.16, 0.3, 0.62, 1}
	earthNight = [4]float32{0.01, 0.015, 0.03, 1}
)

// addSkyBodies adds the Sun and the Earth to the sky layer.
func (s *scene) addSkyBodies(f *Frame) {
	sun := s.light.sun
	sc := s.light.sunCol
	s.skyDisc(sun, sunRadius, 1, func(mgl64.Vec3) [4]float32 {
		return [4]float32{float32(sc[0]), float32(sc[1]), float32(sc[2]), 1}
	})
	dir, r := earthOrbit, earthRadiusOrbit
	if f.Ground != nil {
		dir, r = earthFromMoon, earthRadiusMoon
	}
	// The sphere's normal at a point of the disc: from the Earth's centre
	// out towards the viewer, so lit where it faces the sun.
	s.skyDisc(dir, r, 4, func(n mgl64.Vec3) [4]float32 {
		lit := float32(max(n.Dot(sun), 0))
		c := earthNight
		for k := range 3 {
			c[k] += earthOcean[k] * 1.6 * lit
		}
		// A bright limb of atmosphere.
		rim := float32(math.Pow(1-max(-n.Dot(dir), 0), 3)) * 0.35 * (0.2 + lit)
		c[0], c[1], c[2] = min(c[0]+rim*0.6, 1), min(c[1]+rim*0.8, 1), min(c[2]+rim, 1)
		return c
	})
}

// skyDisc adds a disc of angular radius r around direction dir, in rings
// rings, coloured at each vertex by colour(n), n the unit normal of a sphere
// seen there (towards the viewer at the centre).
func (s *scene) skyDisc(dir mgl64.Vec3, r float64, rings int, colour func(n mgl64.Vec3) [4]float32) {
	if s.cam.Mul3x1(dir)[2] > math.Sin(r) {
		return // wholly behind the camera
	}
	u := dir.Cross(mgl64.Vec3{0, 1, 0})
	if u.Len() < 1e-6 {
		u = dir.Cross(mgl64.Vec3{1, 0, 0})
	}
	u = u.Normalize()
	v := dir.Cross(u)
	tr := math.Tan(r)
	// point returns the camera-space point and normal at fraction rho of
	// the radius, angle a.
	point := func(rho, a float64) cvert {
		off := u.Mul(math.Cos(a)).Add(v.Mul(math.Sin(a))).Mul(rho)
		w := dir.Add(off.Mul(tr)).Normalize()
		n := off.Sub(dir.Mul(math.Sqrt(max(0, 1-rho*rho)))) // seen from the viewer: the near hemisphere faces −dir
		return cvert{p: s.cam.Mul3x1(w).Mul(skyDist), c: colour(n)}
	}
	for ring := range rings {
		r0, r1 := float64(ring)/float64(rings), float64(ring+1)/float64(rings)
		for k := range skySegments {
			a0 := -2 * math.Pi * float64(k) / skySegments
			a1 := -2 * math.Pi * float64(k+1) / skySegments
			s.loop = s.loop[:0]
			if ring == 0 {
				s.loop = append(s.loop, point(0, 0), point(r1, a0), point(r1, a1))
			} else {
				s.loop = append(s.loop, point(r0, a0), point(r1, a0), point(r1, a1), point(r0, a1))
			}
			s.addPoly(layerSky, 0)
		}
	}
}
