package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// The lunar surface. The ground stays the flat plane the physics collides
// with: craters are shading only (the light of a bowl and its rim, as if the
// surface were shaped so, worked out at each ground-grid corner), and rocks
// are drawn bodies with no collision, kept off the pads. All of it is a pure
// function of the world position and Ground.Seed, so the same mission looks
// the same every time and nothing is stored per frame.

// Crater fields: in each square cell of a field at most one crater, with the
// given chance and radii (m).
var craterFields = [...]struct {
	cell, chance, rMin, rMax float64
}{
	{cell: 30, chance: 0.55, rMin: 2.5, rMax: 9},
	{cell: 140, chance: 0.45, rMin: 14, rMax: 45},
}

// hash3 mixes two cell coordinates and a seed into 64 well-spread bits
// (splitmix64 steps).
func hash3(a, b int64, seed uint64) uint64 {
	x := seed ^ uint64(a)*0x9e3779b97f4a7c15 ^ uint64(b)*0xc2b2ae3d27d4eb4f
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// unit returns the k-th 16 bits of h as a number in [0, 1).
func unit(h uint64, k uint) float64 { return float64((h>>(16*k))&0xffff) / 65536 }

// valueNoise is smooth noise in [0, 1) at (x, z) with features of size cell.
func valueNoise(x, z, cell float64, seed uint64) float64 {
	fx, fz := x/cell, z/cell
	ix, iz := math.Floor(fx), math.Floor(fz)
	tx, tz := fx-ix, fz-iz
	tx, tz = tx*tx*(3-2*tx), tz*tz*(3-2*tz)
	a, b := int64(ix), int64(iz)
	v00 := unit(hash3(a, b, seed), 0)
	v10 := unit(hash3(a+1, b, seed), 0)
	v01 := unit(hash3(a, b+1, seed), 0)
	v11 := unit(hash3(a+1, b+1, seed), 0)
	return (v00*(1-tx)+v10*tx)*(1-tz) + (v01*(1-tx)+v11*tx)*tz
}

// craterSlope returns the slope (dh/dx, dh/dz) of the crater fields at (x, z):
// inside a crater of radius R a bowl h = 0.2R((r/R)² − 1), around it a rim
// 0.06R high that falls away over 0.6R.
func craterSlope(x, z float64, seed uint64) (sx, sz float64) {
	for fi, fl := range craterFields {
		ci, cj := math.Floor(x/fl.cell), math.Floor(z/fl.cell)
		for dj := -1.0; dj <= 1; dj++ {
			for di := -1.0; di <= 1; di++ {
				h := hash3(int64(ci+di), int64(cj+dj), seed+uint64(fi)*0x51ed27)
				if unit(h, 0) >= fl.chance {
					continue
				}
				u := unit(h, 3)
				R := fl.rMin + (fl.rMax-fl.rMin)*u*u // small ones more often
				cx := (ci + di + unit(h, 1)) * fl.cell
				cz := (cj + dj + unit(h, 2)) * fl.cell
				dx, dz := x-cx, z-cz
				r2 := dx*dx + dz*dz
				if r2 >= 2.56*R*R || r2 < 1e-18 {
					continue // beyond the rim
				}
				r := math.Sqrt(r2)
				var s float64 // dh/dr
				if r < R {
					s = 0.4 * r / R
				} else {
					w := 0.6 * R
					s = -2 * 0.06 * R * (1 - (r-R)/w) / w
				}
				sx += s * dx / r
				sz += s * dz / r
			}
		}
	}
	return sx, sz
}

// regolith returns the lit colour of the ground of colour gc at world (x, z):
// mottled by two octaves of noise, and shaded by the crater slopes there.
func (s *scene) regolith(x, z float64, gc [4]float32, seed uint64) [4]float32 {
	m := 0.78 + 0.2*valueNoise(x, z, 7, seed) + 0.12*valueNoise(x, z, 1.7, seed+1)
	c := [4]float32{gc[0] * float32(m), gc[1] * float32(m), gc[2] * float32(m), gc[3]}
	sx, sz := craterSlope(x, z, seed)
	n := mgl64.Vec3{-sx, 1, -sz}.Normalize()
	return s.shadeFlat(n, c)
}

// Rocks: in each rockCell-square cell, with chance rockChance, one rock of
// radius rockMin…rockMax, none within rockClear of a pad's edge.
const (
	rockCell   = 9.0
	rockChance = 0.35
	rockMin    = 0.15
	rockMax    = 0.9
	rockClear  = 6.0
	rockReach  = 60.0 // rocks are drawn within this distance of the camera's ground point (m)
	rockShapes = 6    // distinct rock shapes…
	rockSizes  = 3    // …each in this many sizes, rockMin to rockMax
)

var rockColor = [4]float32{0x80 / 255.0, 0x79 / 255.0, 0x70 / 255.0, 1}

// rockSize is the size (m) of size class k.
func rockSize(k int) float64 {
	return rockMin * math.Pow(rockMax/rockMin, float64(k)/(rockSizes-1))
}

// rockMeshes builds rockShapes irregular convex rocks (jittered octahedra,
// flattened a little, from the seed) in rockSizes sizes: mesh k·rockSizes+s
// is shape k in size class s.
func rockMeshes(seed uint64) []*Mesh {
	ms := make([]*Mesh, 0, rockShapes*rockSizes)
	for k := range rockShapes {
		h := hash3(int64(k), 7, seed)
		h2 := hash3(int64(k), 8, seed)
		j := func(i uint) float64 { return 0.75 + 0.5*unit(h, i%4) }
		j2 := func(i uint) float64 { return 0.75 + 0.5*unit(h2, i%4) }
		v := []mgl64.Vec3{
			{j(0), 0, 0.2 * j2(0)}, {-j(1), 0, -0.15 * j2(1)}, {0.1, 0.65 * j(2), 0.1}, {0, -0.35, 0},
			{0.1 * j2(2), 0, j(3)}, {-0.2, 0.05, -j2(3)},
		}
		loops := [][]int32{{0, 2, 4}, {4, 2, 1}, {1, 2, 5}, {5, 2, 0}, {0, 4, 3}, {4, 1, 3}, {1, 5, 3}, {5, 0, 3}}
		c := rockColor
		tint := float32(0.85 + 0.3*unit(h2, 0))
		col := rgbaColor([4]float32{c[0] * tint, c[1] * tint, c[2] * tint, 1})
		for sc := range rockSizes {
			size := rockSize(sc)
			sv := make([]mgl64.Vec3, len(v))
			for i := range v {
				sv[i] = v[i].Mul(size)
			}
			m := &Mesh{}
			if err := m.AddConvex(sv, loops, col); err != nil {
				m = BoxMesh(mgl64.Vec3{size / 2, size / 3, size / 2}, col)
			}
			ms = append(ms, m)
		}
	}
	return ms
}

// placeRocks fills s.rocks with the rocks near the camera.
func (s *scene) placeRocks(f *Frame) {
	s.rocks = s.rocks[:0]
	g := f.Ground
	if g == nil || g.Plain {
		return
	}
	if s.rockMesh == nil || s.rockSeed != g.Seed {
		s.rockMesh, s.rockSeed = rockMeshes(g.Seed), g.Seed
	}
	cx, cz := s.camPos[0], s.camPos[2]
	i0, i1 := math.Floor((cx-rockReach)/rockCell), math.Floor((cx+rockReach)/rockCell)
	j0, j1 := math.Floor((cz-rockReach)/rockCell), math.Floor((cz+rockReach)/rockCell)
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			h := hash3(int64(i), int64(j), g.Seed^0x70c4)
			if unit(h, 0) >= rockChance {
				continue
			}
			x := (i + unit(h, 1)) * rockCell
			z := (j + unit(h, 2)) * rockCell
			u := unit(h, 3)
			sc := min(int(u*u*rockSizes), rockSizes-1) // small ones more often
			size := rockSize(sc)
			if s.nearPad(f, x, z, size+rockClear) || cleared(g, x, z, size) {
				continue
			}
			m := s.rockMesh[int(h>>58%rockShapes)*rockSizes+sc]
			q := mgl64.QuatRotate(2*math.Pi*unit(hash3(int64(i), int64(j), g.Seed^0x1234), 0), mgl64.Vec3{0, 1, 0})
			s.rocks = append(s.rocks, Body{Mesh: m, Pos: mgl64.Vec3{x, g.Height + 0.2*size, z}, Orient: q, Shadow: true})
		}
	}
}

// cleared reports whether a rock of the given size at (x, z) would reach
// into one of g's Cleared discs.
func cleared(g *Ground, x, z, size float64) bool {
	for _, c := range g.Cleared {
		if dx, dz, r := x-c[0], z-c[1], c[2]+size; dx*dx+dz*dz < r*r {
			return true
		}
	}
	return false
}

// nearPad reports whether (x, z) lies within margin of an Underlay body.
func (s *scene) nearPad(f *Frame, x, z, margin float64) bool {
	for i := range f.Bodies {
		b := &f.Bodies[i]
		if !b.Underlay || b.Mesh == nil {
			continue
		}
		if dx, dz, r := x-b.Pos[0], z-b.Pos[2], b.Mesh.radius+margin; dx*dx+dz*dz < r*r {
			return true
		}
	}
	return false
}

// rgbaColor turns a straight-alpha colour back into a color.RGBA for the
// Mesh constructors.
func rgbaColor(c [4]float32) color.RGBA {
	a := c[3]
	return color.RGBA{uint8(c[0]*a*255 + 0.5), uint8(c[1]*a*255 + 0.5), uint8(c[2]*a*255 + 0.5), uint8(a*255 + 0.5)}
}
