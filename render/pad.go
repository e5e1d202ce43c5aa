package render

import (
	"image/color"
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// PadMesh returns a landing pad: a box of the given size (width along x,
// thickness along y, depth along z, metres) whose top face is centred on the
// body origin, marked with a ring, an "H" and corner stripes. Draw it as an
// Underlay body at the pad's top-face centre.
func PadMesh(size mgl64.Vec3, c color.Color) (*Mesh, error) {
	w, t, d := size[0]/2, size[1], size[2]/2
	m := &Mesh{}
	verts, loops := boxFaces(mgl64.Vec3{-w, -t, -d}, mgl64.Vec3{w, 0, d})
	if err := m.AddConvex(verts, loops, c); err != nil {
		return nil, err
	}
	const lift = 0.005 // m above the top face
	var dv []mgl64.Vec3
	var dl [][]int32
	// quad adds the rectangle [x0,x1]×[z0,z1] on the top, counter-clockwise
	// seen from above.
	quad := func(x0, z0, x1, z1 float64) {
		b := int32(len(dv))
		dv = append(dv, mgl64.Vec3{x0, lift, z0}, mgl64.Vec3{x0, lift, z1}, mgl64.Vec3{x1, lift, z1}, mgl64.Vec3{x1, lift, z0})
		dl = append(dl, []int32{b, b + 1, b + 2, b + 3})
	}
	r := 0.38 * min(w, d) * 2
	lw := max(0.04*r, 0.05) // line width (m)
	// "H"
	hh, hw := 0.45*r, 0.3*r
	quad(-hw-lw/2, -hh, -hw+lw, hh)
	quad(hw-lw, -hh, hw+lw/2, hh)
	quad(-hw+lw, -lw, hw-lw, lw)
	if err := m.AddDecal(dv, dl, color.RGBA{240, 240, 240, 255}); err != nil {
		return nil, err
	}
	// Ring and corner stripes.
	dv, dl = dv[:0], dl[:0]
	const n = 32
	for i := range n {
		a0, a1 := 2*math.Pi*float64(i)/n, 2*math.Pi*float64(i+1)/n
		b := int32(len(dv))
		ri, ro := r-lw, r+lw
		dv = append(dv,
			mgl64.Vec3{ri * math.Cos(a0), lift, ri * math.Sin(a0)},
			mgl64.Vec3{ri * math.Cos(a1), lift, ri * math.Sin(a1)},
			mgl64.Vec3{ro * math.Cos(a1), lift, ro * math.Sin(a1)},
			mgl64.Vec3{ro * math.Cos(a0), lift, ro * math.Sin(a0)},
		)
		// Inner edge with the angle rising from +x towards +z, then out:
		// counter-clockwise seen from above (+y).
		dl = append(dl, []int32{b, b + 1, b + 2, b + 3})
	}
	e := 0.12 * min(w, d) // corner stripe length
	for _, sx := range [2]float64{-1, 1} {
		for _, sz := range [2]float64{-1, 1} {
			x, z := sx*(w-2*lw), sz*(d-2*lw)
			quad(min(x, x-sx*e), min(z, z-sz*lw*2), max(x, x-sx*e), max(z, z-sz*lw*2))
			quad(min(x, x-sx*lw*2), min(z, z-sz*e), max(x, x-sx*lw*2), max(z, z-sz*e))
		}
	}
	if err := m.AddDecal(dv, dl, color.RGBA{250, 200, 40, 255}); err != nil {
		return nil, err
	}
	// Edge lights: lamps at the corners and along the edges, green on the
	// +z edge (the approach side) and white elsewhere, so the pad's outline
	// shows from afar.
	const lamp = 0.12 // half edge (m)
	for i := range 4 {
		for j := range 4 {
			if i != 0 && i != 3 && j != 0 && j != 3 {
				continue // only the rim
			}
			x, z := -w+lamp+float64(i)*(2*w-2*lamp)/3, -d+lamp+float64(j)*(2*d-2*lamp)/3
			c := color.RGBA{255, 250, 225, 255}
			if j == 3 {
				c = color.RGBA{80, 255, 120, 255}
			}
			v, l := boxFaces(mgl64.Vec3{x - lamp, 0, z - lamp}, mgl64.Vec3{x + lamp, 2 * lamp, z + lamp})
			if err := m.AddConvexFinish(v, l, c, FinishLight, mgl64.Vec3{}, mgl64.QuatIdent()); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}
