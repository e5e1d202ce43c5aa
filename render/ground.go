package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

const (
	groundFar     = 1e5 // half size of the base ground quad (m): reaches the horizon
	groundTiles   = 14  // tiles drawn from the camera in each direction
	plumeSegments = 8
)

// defaultGround is grey-brown regolith (straight-alpha RGBA).
var defaultGround = [4]float32{0x6e / 255.0, 0x66 / 255.0, 0x5c / 255.0, 1}

// addGround adds the ground plane: a grid of regolith (or a checker, for a
// Plain ground) in a square around the point below the camera and, around
// that square, four large quads reaching the horizon. Nothing is drawn twice: under llvmpipe fill rate is the cost.
// Tiles grow by powers of two with height so that about three tiles span the
// camera's height above the ground.
func (s *scene) addGround(f *Frame) {
	g := f.Ground
	height := s.camPos[1] - g.Height
	if !(height > 0) || math.IsInf(height, 0) {
		return // seen from below: the plane faces away
	}
	gc := defaultGround
	if g.Color != nil {
		gc = rgba(g.Color)
	}
	base := s.shadeFlat(mgl64.Vec3{0, 1, 0}, gc)
	light := [4]float32{min(base[0]*1.18, 1), min(base[1]*1.18, 1), min(base[2]*1.18, 1), base[3]}

	cx, cz := s.camPos[0], s.camPos[2]
	tile := g.Tile
	if !(tile > 0) {
		tile = 4
	}
	for tile*3 < height {
		tile *= 2
	}
	// Tile corners are affine in the grid indices, so camera coordinates
	// come from one transformed origin and two edge vectors.
	i0 := math.Floor(cx/tile) - groundTiles
	j0 := math.Floor(cz/tile) - groundTiles
	const n = 2*groundTiles + 2 // corners per row
	x0, z0 := i0*tile, j0*tile
	x1, z1 := x0+float64(n-1)*tile, z0+float64(n-1)*tile
	far := groundFar * groundFar * 4
	s.groundQuad(g.Height, cx-groundFar, cz-groundFar, x0, cz+groundFar, base, far)
	s.groundQuad(g.Height, x1, cz-groundFar, cx+groundFar, cz+groundFar, base, far)
	s.groundQuad(g.Height, x0, cz-groundFar, x1, z0, base, far)
	s.groundQuad(g.Height, x0, z1, x1, cz+groundFar, base, far)
	o := s.toCamera(mgl64.Vec3{i0 * tile, g.Height, j0 * tile})
	ex := s.cam.Mul3x1(mgl64.Vec3{tile, 0, 0})
	ez := s.cam.Mul3x1(mgl64.Vec3{0, 0, tile})
	grid, gcol := &s.grid, &s.gridCol
	// The corners' regolith colours depend on where the grid lies and the
	// light only: worked out again when either changes (the camera crossed
	// a tile, the tiles grew), not every frame.
	key := gridKey{i0: i0, j0: j0, tile: tile, seed: g.Seed, gc: gc, light: s.light}
	fresh := g.Plain || key == s.gridKey
	s.gridKey = key
	if g.Plain {
		s.gridKey = gridKey{} // the colours were not worked out
	}
	for b := range n {
		p := o.Add(ez.Mul(float64(b)))
		for a := range n {
			grid[b*n+a] = p
			p = p.Add(ex)
			if fresh {
				continue
			}
			// The grid's outer corners take the far quads' colour, so
			// that no seam shows where the grid ends.
			edge := min(a, b, n-1-a, n-1-b)
			c := s.regolith(x0+float64(a)*tile, z0+float64(b)*tile, gc, g.Seed)
			if edge < 3 {
				w := float32(edge) / 3
				for k := range 3 {
					c[k] = c[k]*w + base[k]*(1-w)
				}
			}
			gcol[b*n+a] = c
		}
	}
	s.findPads(f, g.Height)
	for b := range n - 1 {
		for a := range n - 1 {
			p00, p01, p11, p10 := grid[b*n+a], grid[(b+1)*n+a], grid[(b+1)*n+a+1], grid[b*n+a+1]
			if p00[2] > -s.near && p01[2] > -s.near && p11[2] > -s.near && p10[2] > -s.near {
				continue // behind the camera
			}
			if s.underPad(x0+float64(a)*tile, z0+float64(b)*tile, tile, g.Height) {
				continue // hidden by a pad, which covers it: fill rate is the cost
			}
			c00, c01, c11, c10 := gcol[b*n+a], gcol[(b+1)*n+a], gcol[(b+1)*n+a+1], gcol[b*n+a+1]
			if g.Plain {
				c := light
				if (int64(i0)+int64(a)+int64(j0)+int64(b))&1 != 0 {
					c = base
				}
				c00, c01, c11, c10 = c, c, c, c
			}
			dx := (i0+float64(a)+0.5)*tile - cx
			dz := (j0+float64(b)+0.5)*tile - cz
			s.loop = append(s.loop[:0], cvert{p: p00, c: c00}, cvert{p: p01, c: c01}, cvert{p: p11, c: c11}, cvert{p: p10, c: c10})
			s.addPoly(layerGround, dx*dx+dz*dz+height*height)
		}
	}
}

// gridKey is what the ground grid's corner colours depend on.
type gridKey struct {
	i0, j0, tile float64
	seed         uint64
	gc           [4]float32
	light        lighting
}

// padFootprint is an upright pad's slab seen from above: the ground under
// it is never seen.
type padFootprint struct {
	pos    mgl64.Vec3
	inv    mgl64.Mat3 // world → pad
	lo, hi mgl64.Vec3 // the slab, pad frame
}

// findPads lists the upright Underlay bodies (pads) standing on or in the
// ground at groundY: a tilted one, or one whose bottom is above the ground,
// shows the ground under its edges.
func (s *scene) findPads(f *Frame, groundY float64) {
	s.pads = s.pads[:0]
	for i := range f.Bodies {
		b := &f.Bodies[i]
		if !b.Underlay || b.Mesh == nil || !b.Mesh.based || !finite3(b.Pos) {
			continue
		}
		m := b.Mesh
		rot := quatMat(b.Orient)
		if rot.At(1, 1) < 0.999 || b.Pos[1]+m.lo[1]*rot.At(1, 1) > groundY+0.05 {
			continue
		}
		s.pads = append(s.pads, padFootprint{pos: b.Pos, inv: rot.Transpose(), lo: m.lo, hi: m.hi})
	}
}

// underPad reports whether the ground tile [x, x+tile]×[z, z+tile] lies
// wholly under one of s.pads, which is drawn over it anyway.
func (s *scene) underPad(x, z, tile, groundY float64) bool {
	for i := range s.pads {
		pd := &s.pads[i]
		inside := true
		for _, c := range [4][2]float64{{x, z}, {x + tile, z}, {x, z + tile}, {x + tile, z + tile}} {
			p := pd.inv.Mul3x1(mgl64.Vec3{c[0], groundY, c[1]}.Sub(pd.pos))
			if p[0] < pd.lo[0] || p[0] > pd.hi[0] || p[2] < pd.lo[2] || p[2] > pd.hi[2] {
				inside = false
				break
			}
		}
		if inside {
			return true
		}
	}
	return false
}

// groundQuad adds the rectangle [x0,x1]×[z0,z1] of the plane y = h facing up.
func (s *scene) groundQuad(h, x0, z0, x1, z1 float64, c [4]float32, key float64) {
	s.loop = append(s.loop[:0],
		cvert{p: s.toCamera(mgl64.Vec3{x0, h, z0}), c: c},
		cvert{p: s.toCamera(mgl64.Vec3{x0, h, z1}), c: c},
		cvert{p: s.toCamera(mgl64.Vec3{x1, h, z1}), c: c},
		cvert{p: s.toCamera(mgl64.Vec3{x1, h, z0}), c: c},
	)
	s.addPoly(layerGround, key)
}

// addPlume adds a thruster plume: a cone from the nozzle, as long as the
// thrust level demands, bright at the nozzle and fading to its tip.
func (s *scene) addPlume(p *Plume) {
	level := min(p.Level, 1)
	dl := p.Dir.Len()
	if !(level > 0.01) || !(dl > 1e-12) || math.IsInf(dl, 0) || !finite3(p.Pos) {
		return
	}
	length := p.Length
	if !(length > 0) {
		length = 1.5
	}
	radius := p.Radius
	if !(radius > 0) {
		radius = length / 8
	}
	d := p.Dir.Mul(1 / dl)
	length *= 0.3 + 0.7*level
	// An orthonormal basis (u, v) across the plume.
	u := d.Cross(mgl64.Vec3{0, 1, 0})
	if u.Len() < 0.1 {
		u = d.Cross(mgl64.Vec3{1, 0, 0})
	}
	u = u.Normalize()
	v := d.Cross(u)
	apex := s.toCamera(p.Pos.Add(d.Mul(length)))
	centre := s.toCamera(p.Pos.Add(d.Mul(length / 2)))
	if !s.sphereVisible(centre, length) {
		return
	}
	hot := [4]float32{1, 0.93, 0.7, float32(0.55 + 0.4*level)}
	tip := [4]float32{1, 0.45, 0.1, 0}
	key := centre.Dot(centre)
	var ring [plumeSegments]mgl64.Vec3
	for k := range ring {
		a := 2 * math.Pi * float64(k) / plumeSegments
		w := u.Mul(radius * math.Cos(a)).Add(v.Mul(radius * math.Sin(a)))
		ring[k] = s.toCamera(p.Pos.Add(w))
	}
	for k := range ring {
		a, b := ring[k], ring[(k+1)%plumeSegments]
		// Outward side faces, counter-clockwise seen from outside; cull back
		// sides so each pixel gets at most two layers of glow.
		n := b.Sub(a).Cross(apex.Sub(a))
		if n.Dot(a) >= 0 {
			continue
		}
		s.loop = append(s.loop[:0], cvert{p: a, c: hot}, cvert{p: b, c: hot}, cvert{p: apex, c: tip})
		s.addPoly(layerBodies, key)
	}
}
