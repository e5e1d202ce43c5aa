package craft

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

// Boulders is a field of solid rocks strewn on the ground around the pad:
// static convex bodies the feet and the hull can hit. The field is a pure
// function of these values, so the same mission has the same rocks every
// time, in the physics and on the screen.
type Boulders struct {
	Count            int     // rocks
	Radius           float64 // the field reaches this far from the pad's centre, horizontally (m)
	Clear            float64 // no rock within this distance of the pad's edge (m)
	MinSize, MaxSize float64 // across (m)
	Seed             uint64
}

// Boulder is one rock of a field: a convex hull in its own frame, standing
// on the ground.
type Boulder struct {
	Position    mgl64.Vec3 // origin of the rock's frame, world (m)
	Orientation mgl64.Quat // rock frame → world
	Poly        *geom.Polyhedron
}

type rocksFile struct {
	Count   int     `toml:"count" doc:"number of rocks (1 to 500)" def:"60"`
	Radius  float64 `toml:"radius" doc:"the field reaches this far from the pad's centre, horizontally (m)" def:"50"`
	Clear   float64 `toml:"clear" doc:"no rock within this distance of the pad's edge (m)" def:"2"`
	MinSize float64 `toml:"min_size" doc:"the smallest rock, across (m)" def:"0.6"`
	MaxSize float64 `toml:"max_size" doc:"the largest rock, across (m); small rocks are more common" def:"2.5"`
	Seed    int     `toml:"seed" doc:"the field's pattern: another seed strews other rocks" def:"1"`
}

func (b *rocksFile) setDefaults() {
	*b = rocksFile{Count: 60, Radius: 50, Clear: 2, MinSize: 0.6, MaxSize: 2.5, Seed: 1}
}

// maxBoulders bounds a field: every rock is a body the broad phase keeps.
const maxBoulders = 500

func (d *decoder) buildBoulders(bf *rocksFile, m *Mission) {
	const p = "environment.boulders"
	if bf.Count < 1 || bf.Count > maxBoulders {
		d.check(p+".count", "must be 1 to %d, not %d", maxBoulders, bf.Count)
	}
	d.positive(p+".radius", bf.Radius)
	d.nonNegative(p+".clear", bf.Clear)
	d.positive(p+".min_size", bf.MinSize)
	if bf.MaxSize < bf.MinSize {
		d.check(p+".max_size", "must be at least min_size (%g m), not %g", bf.MinSize, bf.MaxSize)
	}
	if m.Pad == nil {
		d.check(p, "needs an [environment.pad] to lie around")
	}
	if m.Ground == nil {
		d.check(p, "needs an [environment.ground] to lie on")
	}
	m.Boulders = &Boulders{Count: bf.Count, Radius: bf.Radius, Clear: bf.Clear, MinSize: bf.MinSize, MaxSize: bf.MaxSize, Seed: uint64(bf.Seed)}
}

// Field strews the rocks around the pad on the ground at height ground:
// uniformly over the ring between the pad's edge (plus Clear) and Radius,
// each a lumpy dome sunk a little into the ground.
// Rocks may touch each other; none reaches over the pad.
func (b *Boulders) Field(pad *Pad, ground float64) []Boulder {
	if b == nil || pad == nil {
		return nil
	}
	padR := float64(fmath.Hypot(pad.Size[0], pad.Size[2]) / 2) // the pad's corners
	out := make([]Boulder, 0, b.Count)
	h := b.Seed*0x9e3779b97f4a7c15 + 1
	next := func() float64 { // splitmix64 → [0, 1)
		h += 0x9e3779b97f4a7c15
		x := h
		x ^= x >> 30
		x *= 0xbf58476d1ce4e5b9
		x ^= x >> 27
		x *= 0x94d049bb133111eb
		x ^= x >> 31
		return float64(float64(x>>11) / (1 << 53)) // rounded: a product by 2⁻⁵³ to the compiler, never to be fused with a sum
	}
	for tries := 0; len(out) < b.Count && tries < 50*b.Count; tries++ {
		u := next()
		size := b.MinSize + float64((b.MaxSize-b.MinSize)*u*u) // small ones more often
		r := float64(size / 2)
		// Uniform over the disc of radius Radius, then kept only outside
		// the pad's rectangle grown by Clear and the rock's own reach.
		rho := b.Radius * math.Sqrt(next())
		phi := 2 * math.Pi * next()
		x, z := pad.Position[0]+float64(rho*fmath.Cos(phi)), pad.Position[2]+float64(rho*fmath.Sin(phi))
		if rho < padR+b.Clear+r && b.overPad(pad, x, z, b.Clear+r) {
			continue
		}
		// A lumpy half-sunk ellipsoid: a ring of seven points at the
		// ground, four above, a crown and a point below, each jittered.
		tall := 0.5 + float64(0.35*next()) // height over half-width
		pts := make([]mgl64.Vec3, 0, 13)
		for k := range 7 {
			a := 2 * math.Pi * (float64(k) + float64(0.4*next())) / 7
			w := r * (0.75 + float64(0.35*next()))
			pts = append(pts, mgl64.Vec3{w * fmath.Cos(a), 0.15 * r * next(), w * fmath.Sin(a)})
		}
		for k := range 4 {
			a := float64(2*math.Pi*(float64(k)+float64(0.5*next()))/4) + 0.4
			w := r * (0.45 + float64(0.25*next()))
			pts = append(pts, mgl64.Vec3{w * fmath.Cos(a), tall * r * (0.55 + float64(0.25*next())), w * fmath.Sin(a)})
		}
		pts = append(pts, mgl64.Vec3{0.2 * r * (next() - 0.5), tall * r, 0.2 * r * (next() - 0.5)}, mgl64.Vec3{0, -0.4 * r, 0})
		poly, err := geom.Hull(pts)
		if err != nil {
			continue
		}
		yaw := fmath.QuatRotate(2*math.Pi*next(), mgl64.Vec3{0, 1, 0})
		out = append(out, Boulder{Position: mgl64.Vec3{x, ground, z}, Orientation: yaw, Poly: poly})
	}
	return out
}

// overPad reports whether (x, z) lies within margin of the pad's rectangle
// (in the pad's own horizontal axes).
func (b *Boulders) overPad(pad *Pad, x, z, margin float64) bool {
	d := fmath.Rotate(fmath.QuatInverse(pad.Orientation), mgl64.Vec3{x - pad.Position[0], 0, z - pad.Position[2]})
	return math.Abs(d[0]) < float64(pad.Size[0]/2)+margin && math.Abs(d[2]) < float64(pad.Size[2]/2)+margin
}
