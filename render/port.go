package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Docking port drawing. A port is drawn in its own frame: +z out of the
// port along its axis, +y its up vector, the origin the centre of its
// docking face. Draw the mesh as a Body at the port's position with the
// orientation port frame → world.

// Sizes of a drawn port (m).
const (
	portRingRadius = 0.45 // outer radius of the docking ring
	portRingWidth  = 0.07 // radial width of the ring
	portRingDepth  = 0.08 // how far the ring stands out of the face
	targetStandOff = 0.3  // how far the cross stands in front of its disc
	targetDisc     = 0.22 // radius of the target's back disc
)

var (
	portMetal   = color.RGBA{190, 192, 198, 255}
	targetDark  = color.RGBA{24, 24, 28, 255}
	targetWhite = color.RGBA{240, 240, 240, 255}
)

// PortMesh returns a docking port: a ring of metal with three guide
// petals, and running lights (green to port, red to starboard, white on
// top). With target set it also carries the stand-off alignment target of
// a passive port, as on real stations: a black disc with a white rim and,
// targetStandOff in front of it on a post, a white cross. Seen from the
// other port's axis the cross is centred on the disc exactly when the
// offset and the angle between the axes are zero; a lateral offset shows
// as the cross standing off the disc's centre (parallax), an angle as the
// whole target off the view's centre.
func PortMesh(target bool) (*Mesh, error) {
	m := &Mesh{}
	const n = 16
	r0, r1 := portRingRadius-portRingWidth, portRingRadius
	// The ring as n convex blocks.
	for i := range n {
		a0, a1 := 2*math.Pi*float64(i)/n, 2*math.Pi*float64(i+1)/n
		c0, s0, c1, s1 := math.Cos(a0), math.Sin(a0), math.Cos(a1), math.Sin(a1)
		v := []mgl64.Vec3{
			{r0 * c0, r0 * s0, 0}, {r1 * c0, r1 * s0, 0}, {r1 * c1, r1 * s1, 0}, {r0 * c1, r0 * s1, 0},
			{r0 * c0, r0 * s0, portRingDepth}, {r1 * c0, r1 * s0, portRingDepth}, {r1 * c1, r1 * s1, portRingDepth}, {r0 * c1, r0 * s1, portRingDepth},
		}
		if err := m.AddConvexFinish(v, prismLoops(4), portMetal, FinishMetal, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
			return nil, err
		}
	}
	// Three guide petals leaning out from the ring.
	for i := range 3 {
		a := 2*math.Pi*float64(i)/3 + math.Pi/2
		rot := mgl64.QuatRotate(a, mgl64.Vec3{0, 0, 1}).Mul(mgl64.QuatRotate(0.35, mgl64.Vec3{1, 0, 0}))
		// A thin trapezoid plate in the x–z plane of its own frame (counter-
		// clockwise seen from +y, the side it is thickened towards).
		v := []mgl64.Vec3{
			{-0.14, 0, 0}, {-0.06, 0, 0.22}, {0.06, 0, 0.22}, {0.14, 0, 0},
			{-0.14, 0.02, 0}, {-0.06, 0.02, 0.22}, {0.06, 0.02, 0.22}, {0.14, 0.02, 0},
		}
		for k := range v {
			v[k] = rot.Rotate(v[k].Add(mgl64.Vec3{0, -0.01, 0})).Add(mgl64.QuatRotate(a, mgl64.Vec3{0, 0, 1}).Rotate(mgl64.Vec3{0, r0 + 0.02, portRingDepth}))
		}
		if err := m.AddConvexFinish(v, prismLoops(4), portMetal, FinishMetal, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
			return nil, err
		}
	}
	// Running lights on the ring's rim.
	lights := []struct {
		a float64
		c color.RGBA
	}{{math.Pi, color.RGBA{60, 255, 90, 255}}, {0, color.RGBA{255, 50, 40, 255}}, {math.Pi / 2, color.RGBA{255, 255, 230, 255}}}
	for _, l := range lights {
		p := mgl64.Vec3{(r1 + 0.03) * math.Cos(l.a), (r1 + 0.03) * math.Sin(l.a), portRingDepth / 2}
		v, lp := boxFaces(p.Sub(mgl64.Vec3{0.03, 0.03, 0.03}), p.Add(mgl64.Vec3{0.03, 0.03, 0.03}))
		if err := m.AddConvexFinish(v, lp, l.c, FinishLight, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
			return nil, err
		}
	}
	if !target {
		return m, nil
	}
	// The target: a disc, its rim, a post and a cross at its tip.
	disc, loops := zPrism(targetDisc, 0.005, 0.02, 24)
	if err := m.AddConvexFinish(disc, loops, targetDark, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
		return nil, err
	}
	var rv []mgl64.Vec3
	var rl [][]int32
	const rn = 24
	for i := range rn {
		a0, a1 := 2*math.Pi*float64(i)/rn, 2*math.Pi*float64(i+1)/rn
		b := int32(len(rv))
		ri, ro := targetDisc-0.03, targetDisc
		const z = 0.023
		rv = append(rv,
			mgl64.Vec3{ri * math.Cos(a0), ri * math.Sin(a0), z}, mgl64.Vec3{ro * math.Cos(a0), ro * math.Sin(a0), z},
			mgl64.Vec3{ro * math.Cos(a1), ro * math.Sin(a1), z}, mgl64.Vec3{ri * math.Cos(a1), ri * math.Sin(a1), z})
		rl = append(rl, []int32{b, b + 1, b + 2, b + 3}) // counter-clockwise seen from +z
	}
	if err := m.AddDecal(rv, rl, targetWhite); err != nil {
		return nil, err
	}
	const post = 0.012
	v, lp := boxFaces(mgl64.Vec3{-post, -post, 0.02}, mgl64.Vec3{post, post, targetStandOff})
	if err := m.AddConvexFinish(v, lp, targetDark, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
		return nil, err
	}
	const arm, w, t = 0.1, 0.015, 0.01
	for _, half := range []mgl64.Vec3{{arm, w, t}, {w, arm, t}} {
		c := mgl64.Vec3{0, 0, targetStandOff + t}
		v, lp := boxFaces(c.Sub(half), c.Add(half))
		if err := m.AddConvexFinish(v, lp, targetWhite, FinishPaint, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
			return nil, err
		}
	}
	return m, nil
}

// zPrism returns a regular n-sided prism of circumradius r along z from z0
// to z1, with outward counter-clockwise faces.
func zPrism(r, z0, z1 float64, n int) ([]mgl64.Vec3, [][]int32) {
	v := make([]mgl64.Vec3, 0, 2*n)
	for _, z := range []float64{z0, z1} {
		for i := range n {
			a := 2 * math.Pi * float64(i) / float64(n)
			v = append(v, mgl64.Vec3{r * math.Cos(a), r * math.Sin(a), z})
		}
	}
	return v, prismLoops(n)
}

// prismLoops returns the faces of a prism whose vertices are a bottom
// polygon 0…n−1 (counter-clockwise seen from +z) and the top n…2n−1 above
// it: outward and counter-clockwise seen from outside.
func prismLoops(n int) [][]int32 {
	loops := make([][]int32, 0, n+2)
	bottom := make([]int32, n)
	top := make([]int32, n)
	for i := range n {
		bottom[i] = int32(n - 1 - i)
		top[i] = int32(n + i)
		j := (i + 1) % n
		loops = append(loops, []int32{int32(i), int32(j), int32(n + j), int32(n + i)})
	}
	return append(loops, bottom, top)
}
