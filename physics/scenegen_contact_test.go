package physics_test

// The contact kinds of the random scenes: piles, exact placements, stacks
// and slopes, and the static-stability test that decides which of them
// must come to rest (design notes §13: every partial centre of mass over
// its support with a margin of 10 % of the support's inradius).

import (
	"fmt"
	"math"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

var up = mgl64.Vec3{0, 1, 0}

// pile drops 2–12 random shapes at random poses and spins (up to
// 100 rad/s; zero for some) from random heights onto the ground, scattered
// so that they land on each other. Passive; not known to be stable.
func (g *gen) pile() {
	g.world(g.drawGravity())
	g.ground(g.material(0.3))
	n := g.count(2, 12)
	md := g.masses(n, massRandom)
	scatter := g.logU(0.3, 5)
	g.s.variant = fmt.Sprintf("scatter %.2g m", scatter)
	top := 0.0
	for i := range g.keep(n) {
		g.body(i, 0)
		p := makePart(g.shape(), g.mass(md, i))
		q := g.quat()
		top += g.unif(0, 1)
		pos := mgl64.Vec3{scatter * g.unif(-1, 1), top + p.extent(q, up.Mul(-1)), scatter * g.unif(-1, 1)}
		top = pos[1] + p.extent(q, up)
		mu, eps := g.material(0.3)
		id := g.add(p, pos, q, mu, eps, 0)
		g.setSpin(id, g.horizontal().Mul(g.unif(0, 2)), g.dir().Mul(g.rate(0.2, 100)))
	}
	g.sceneStream()
	g.run(math.Sqrt(2*top/g.s.gravity) + 4)
}

// touching sets 1–4 exact placements at rest side by side, the
// degenerate contacts: a box face down on the ground; a box face to face
// on another of the same footprint (coplanar faces); a box balanced on an
// edge and one on a vertex, the centre of mass exactly above (unstable
// equilibria); a box edge down across a static box edge up (edge on
// edge); a hull on its lowest vertex. Zero spin. Passive.
func (g *gen) touching() {
	g.world(g.drawGravity())
	g.ground(g.material(0.3))
	n := g.count(1, 4)
	md := g.masses(2*n, massRandom)
	x := 0.0
	var names []string
	for i := range g.keep(n) {
		g.body(i, 0)
		mu, eps := g.material(0.3)
		k := g.r.IntN(6)
		names = append(names, [...]string{"face", "pair", "edge", "vertex", "cross", "hull"}[k])
		h := g.half()
		p, q := makePart(geom.Box(h), g.mass(md, 2*i)), mgl64.QuatIdent()
		switch k {
		case 2:
			q = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{1, 0, 0})
		case 3:
			q = mgl64.QuatBetweenVectors(h.Normalize(), up.Mul(-1))
		case 4:
			q = mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 0, 1})
		case 5:
			p, q = makePart(g.hull(), p.mass), g.quat()
		}
		x += p.radius()
		r := p.radius() // the placement's half width along x
		base := 0.0
		switch k {
		case 1: // the same footprint below, face to face
			lower := makePart(geom.Box(mgl64.Vec3{h[0], g.logU(minSize, maxSize) / 2, h[2]}), g.mass(md, 2*i+1))
			base = 2 * lower.extent(q, up)
			g.add(lower, mgl64.Vec3{x, base / 2, 0}, q, mu, eps, 0)
		case 4: // a static box turned edge up about x under it, the edges crossing
			qs := mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{1, 0, 0})
			hs := g.half()
			under := makePart(geom.Box(hs), 1)
			base = under.extent(qs, up)
			if ru := under.radius(); ru > r {
				// the static box is the wider: clear the placement before
				x += ru - r
				r = ru
			}
			g.addStatic(hs, mgl64.Vec3{x, 0, 0}, qs, mu, eps)
		}
		g.add(p, mgl64.Vec3{x, base + p.extent(q, up.Mul(-1)), 0}, q, mu, eps, 0)
		x += r + 1
	}
	g.sceneStream()
	g.s.variant = strings.Join(names, ",")
	g.run(5)
}

// stack builds 1–3 stacks of 2–8 pieces (boxes, or prisms standing on an
// end) on the ground, face down on one of their faces, set touching or
// dropped with gaps of up to 20 cm, restitution 0. Exact (yawed false):
// within a stack every piece has the same footprint, no yaw and no offset
// — coplanar faces, the degenerate case. Yawed: footprints 0.7–1.4 of
// the stack's, each piece yawed by up to 5° or anywhere, offset by up to
// 15 % of its width; the offsets are halved until stableStack holds.
// Every piece is at most twice as tall as it is wide. Passive and stable.
func (g *gen) stack(yawed bool) {
	g.world(g.drawGravity())
	g.ground(g.unif(0.3, 1.2), 0)
	dropped := g.chance(0.5)
	nStacks := 1 + g.r.IntN(3)
	counts := make([]int, nStacks)
	total := 0
	for i := range counts {
		counts[i] = 2 + g.r.IntN(7)
		total += counts[i]
	}
	md := g.masses(total, massRandom)
	how := "set"
	if dropped {
		how = "dropped"
	}
	x, top, first, kept := 0.0, 0.0, 0, g.keep(total)
	prisms := 0
	for _, n := range counts {
		n = max(0, min(n, kept-first))
		ps, qs, pos, prism := g.stackPieces(first, n, yawed, md)
		if prism {
			prisms++
		}
		r := 0.0
		for _, p := range ps {
			r = math.Max(r, p.radius())
		}
		x += r
		y := 0.0
		for k, p := range ps {
			g.body(first+k, 1)
			if dropped {
				y += g.unif(0, 0.2)
			}
			c := mgl64.Vec3{x + pos[k][0], y + p.extent(qs[k], up.Mul(-1)), pos[k][2]}
			y = c[1] + p.extent(qs[k], up)
			mu, _ := g.material(0)
			g.add(p, c, qs[k], mu, 0, 0)
		}
		g.sceneStream()
		first += n
		top = math.Max(top, y)
		x += r + 0.5
	}
	g.s.variant = fmt.Sprintf("%d stacks (%d of prisms), %s", nStacks, prisms, how)
	g.s.stable = true
	g.run(math.Sqrt(2*top/g.s.gravity) + 19)
}

// stackPieces draws one stack's n pieces, bodies first… of the scene, and
// their orientations and horizontal offsets (their y unused), stable by
// stableStack; and whether they are prisms.
func (g *gen) stackPieces(first, n int, yawed bool, md massDraw) ([]part, []mgl64.Quat, []mgl64.Vec3, bool) {
	prism := g.chance(0.2)
	fx, fz := g.logU(minSize, maxSize)/2, g.logU(minSize, maxSize)/2
	segs := 6 + g.r.IntN(19)
	ps, qs, offs := make([]part, n), make([]mgl64.Quat, n), make([]mgl64.Vec3, n)
	for k := range n {
		g.body(first+k, 0)
		m := g.mass(md, first+k)
		ax, az := fx, fz
		if yawed {
			ax = math.Min(math.Max(fx*g.unif(0.7, 1.4), minSize/2), maxSize/2)
			az = math.Min(math.Max(fz*g.unif(0.7, 1.4), minSize/2), maxSize/2)
		}
		if prism {
			az = ax
		}
		hy := g.logU(minSize, math.Max(minSize, math.Min(maxSize, 4*math.Min(ax, az)))) / 2
		var q0 mgl64.Quat
		if prism {
			q0 = mgl64.QuatIdent()
			if g.chance(0.5) {
				q0 = mgl64.QuatRotate(math.Pi, mgl64.Vec3{1, 0, 0})
			}
			ps[k] = makePart(geom.Cylinder(ax, 2*hy, segs), m)
		} else {
			q0 = g.faceDown()
			w := q0.Conjugate().Rotate(mgl64.Vec3{ax, hy, az}) // the local half extents
			ps[k] = makePart(geom.Box(mgl64.Vec3{math.Abs(w[0]), math.Abs(w[1]), math.Abs(w[2])}), m)
		}
		yaw := 0.0
		if yawed {
			yaw = g.unif(-math.Pi, math.Pi)
			if g.chance(0.5) {
				yaw = g.unif(-5, 5) * math.Pi / 180
			}
			offs[k] = mgl64.Vec3{g.unif(-0.3, 0.3) * math.Min(ax, az), 0, g.unif(-0.3, 0.3) * math.Min(ax, az)}
		}
		qs[k] = mgl64.QuatRotate(yaw, up).Mul(q0)
	}
	g.sceneStream()
	for range 10 {
		if stableStack(ps, qs, offs) {
			return ps, qs, offs, prism
		}
		for k := range offs {
			offs[k] = offs[k].Mul(0.5)
		}
	}
	for k := range offs {
		offs[k] = mgl64.Vec3{}
	}
	if !stableStack(ps, qs, offs) {
		panic("generator: a centred stack fails the stability test")
	}
	return ps, qs, offs, prism
}

// faceDown draws one of the 24 orientations that map the body axes onto
// the world axes.
func (g *gen) faceDown() mgl64.Quat {
	tip := [...]mgl64.Quat{
		mgl64.QuatIdent(),
		mgl64.QuatRotate(math.Pi, mgl64.Vec3{1, 0, 0}),
		mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{1, 0, 0}),
		mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{1, 0, 0}),
		mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 0, 1}),
		mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{0, 0, 1}),
	}[g.r.IntN(6)]
	return mgl64.QuatRotate(float64(g.r.IntN(4))*math.Pi/2, up).Mul(tip)
}

// Slopes: a static box tilted by θ about a random horizontal axis, its top
// face 30 × 30 m centred at slopeTop, above the ground.
var slopeTop = mgl64.Vec3{0, 12, 0}

// slopeWorld makes the world, the ground and the slope box tilted by tilt
// rad with friction mu; it returns the slope's frame (its y the face's normal).
func (g *gen) slopeWorld(tilt, mu float64) mgl64.Quat {
	g.world(g.drawGravity())
	g.ground(g.material(0.3))
	qs := mgl64.QuatRotate(g.unif(-math.Pi, math.Pi), up).Mul(mgl64.QuatRotate(tilt, mgl64.Vec3{0, 0, 1}))
	half := mgl64.Vec3{15, 5, 15}
	g.addStatic(half, slopeTop.Sub(qs.Rotate(mgl64.Vec3{0, half[1], 0})), qs, mu, 0)
	return qs
}

// slope drops 1–10 random shapes at random poses and spins onto a slope
// of 5–40°, one above the other. Passive; not known to be stable.
func (g *gen) slope() {
	tilt := g.unif(5, 40) * math.Pi / 180
	mu, _ := g.material(0)
	qs := g.slopeWorld(tilt, mu)
	n := g.normalOf(qs)
	g.s.variant = fmt.Sprintf("%.0f°", tilt*180/math.Pi)
	cnt := g.count(1, 10)
	md := g.masses(cnt, massRandom)
	top := slopeTop[1]
	for i := range g.keep(cnt) {
		g.body(i, 0)
		p := makePart(g.shape(), g.mass(md, i))
		q := g.quat()
		c := mgl64.Vec3{g.unif(-5, 5), 0, g.unif(-5, 5)}
		// Clear of the slope along its normal and above the last body.
		off := p.extent(q, n.Mul(-1)) + g.unif(0, 1)
		c[1] = slopeTop[1] + (off-(c[0]-slopeTop[0])*n[0]-(c[2]-slopeTop[2])*n[2])/n[1]
		c[1] = math.Max(c[1], top+p.extent(q, up.Mul(-1)))
		top = c[1] + p.extent(q, up)
		mu, eps := g.material(0.3)
		id := g.add(p, c, q, mu, eps, 0)
		g.setSpin(id, mgl64.Vec3{}, g.dir().Mul(g.rate(0.2, 100)))
	}
	g.sceneStream()
	g.run(math.Sqrt(2*top/g.s.gravity) + 5)
}

func (g *gen) normalOf(q mgl64.Quat) mgl64.Vec3 { return q.Rotate(up) }

// slopeRest sets 1–6 boxes face down on a slope of 5–35°, touching,
// yawed anywhere about the slope's normal, with friction to spare (the
// pair's μ 1–1.5 × 1.5 tan θ) and the vertical through each centre of mass
// inside the box's face on the slope by stableStack's margin. Passive and
// stable.
func (g *gen) slopeRest() {
	tilt := g.unif(5, 35) * math.Pi / 180
	qs := g.slopeWorld(tilt, 1)
	g.s.variant = fmt.Sprintf("%.0f°", tilt*180/math.Pi)
	cnt := g.count(1, 6)
	md := g.masses(cnt, massRandom)
	var placed []mgl64.Vec3 // (u, radius, w) in the slope's frame
	for i := range g.keep(cnt) {
		g.body(i, 0)
		m := g.mass(md, i)
		for range 20 {
			h := g.half()
			p := makePart(geom.Box(h), m)
			ql := mgl64.QuatRotate(g.unif(-math.Pi, math.Pi), up).Mul(g.faceDown())
			r := p.radius()
			u, w := g.unif(-14+r, 14-r), g.unif(-14+r, 14-r)
			if r > 7 || overlaps(placed, u, w, r) {
				continue
			}
			cs := mgl64.Vec3{u, p.extent(ql, up.Mul(-1)), w}
			if !stableOn(p, ql, cs, qs.Conjugate().Rotate(up.Mul(-1))) {
				continue
			}
			placed = append(placed, mgl64.Vec3{u, r, w})
			muPair := 1.5 * math.Tan(tilt) * g.unif(1, 1.5)
			g.add(p, slopeTop.Add(qs.Rotate(cs)), qs.Mul(ql), muPair*muPair, 0, 0)
			break
		}
	}
	g.sceneStream()
	g.s.stable = true
	g.run(20)
}

// overlaps reports whether a circle at (u, w) of radius r comes within
// 0.3 m of one of placed (u, r, w).
func overlaps(placed []mgl64.Vec3, u, w, r float64) bool {
	for _, o := range placed {
		if math.Hypot(u-o[0], w-o[2]) < r+o[1]+0.3 {
			return true
		}
	}
	return false
}
