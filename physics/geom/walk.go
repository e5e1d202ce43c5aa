package geom

// The edge pairs of Collide for big shapes: the pairs of an edge of A and
// an edge of B that form a face of the Minkowski difference are those
// whose Gauss arcs cross (an edge's arc runs between its two faces'
// normals). Along the arc of an edge of A, from normal p0 to p1, the vertex
// of B lowest along (1−t)·p0 + t·p1 changes exactly where the arc crosses
// the (negated) arc of an edge of B, so a walk over B's vertex graph meets
// them, a step per crossing: a few per edge instead of every edge of B.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// arc is an edge walked from the normal of face from to that of face to.
type arc struct {
	edge, from, to int32
}

// appendArcs appends the arcs of p's edges to dst: for a big polyhedron
// face by face in the order of its graph, each face's edges in the order of
// its loop (so that the arcs leaving one face follow each other round it),
// each edge once; else the edges in order, from their first face.
func appendArcs(dst []arc, p *Polyhedron, g *vertexGraph) []arc {
	if g == nil {
		for i, f := range p.edgeFaces {
			dst = append(dst, arc{edge: int32(i), from: f[0], to: f[1]})
		}
		return dst
	}
	listed := make([]bool, len(p.Edges))
	for _, f := range g.order {
		loop := p.Faces[f].Verts
		for i, a := range loop {
			k := g.edgeTo(a, loop[(i+1)%len(loop)])
			if k < 0 || listed[k] {
				continue
			}
			listed[k] = true
			ef := p.edgeFaces[k]
			to := ef[0]
			if to == f {
				to = ef[1]
			}
			dst = append(dst, arc{edge: k, from: f, to: to})
		}
	}
	return dst
}

// arcsOf returns the arcs of a shape's edges: its graph's, else made in
// c.arcs.
func (c *Collider) arcsOf(p *Polyhedron, g *vertexGraph) []arc {
	if g != nil {
		return g.arcs
	}
	c.arcs = appendArcs(c.arcs[:0], p, nil)
	return c.arcs
}

// edgeWalkPlanes is edgePairPlanes for big shapes. The edges of A walk
// over B's graph, or, when only A is big or B has fewer edges, B's edges
// over A's; the edges each walk crosses are tested as edgePairPlanes tests
// them. An edge none of whose pairs can separate by more than matters
// (see arcBound) is not walked: below it no pair changes Collide's answer
// (the best face wins, the shapes are not apart), so the answer is
// edgePairPlanes' whenever it matters, and its pair.
func (c *Collider) edgeWalkPlanes(margin, matters float64) (best float64, normal mgl64.Vec3, ia, ib int32) {
	a, b := c.a, c.b
	c.placeEdgesB()
	r := edgeBest{best: math.Inf(-1), ia: -1, ib: -1}
	if c.gb != nil && (c.ga == nil || len(a.Edges) <= len(b.Edges)) {
		c.na = grow(c.na, len(a.Faces))
		for f := range a.Faces {
			c.na[f] = a.Faces[f].Normal
		}
		c.walkArcs(c.arcsOf(a, c.ga), c.na, c.supA, a.Verts, a.Edges, c.vb, c.gb, c.tolB, matters, len(b.Edges), func(i int32, cand []int32) bool {
			ae := c.edgeOfA(int(i))
			return c.edgePairs(&ae, i, cand, margin, &r)
		})
	} else {
		c.walkArcs(c.arcsOf(b, c.gb), c.nb, c.supB, c.vb, b.Edges, c.va, c.ga, c.tolA, matters, len(a.Edges), func(j int32, cand []int32) bool {
			for _, i := range cand {
				ae := c.edgeOfA(int(i))
				if c.edgePairs(&ae, i, []int32{j}, margin, &r) {
					return true
				}
			}
			return false
		})
	}
	return r.best, r.normal, r.ia, r.ib
}

// walkArcs walks the arcs of one shape, whose face normals are ns, whose
// vertices and edges are ps and edges (in A's frame) and whose faces'
// lowest vertices of the other shape are sup, over the other shape
// (vertices xs, graph g, climbing tolerance tol, n edges), and calls visit
// with each arc's edge and the edges it crossed, until visit reports
// true. Arcs whose pairs cannot separate by more than matters are skipped.
//
// A walk starts at the vertex the face loop found for the arc's first
// face, climbed along that face's own normal if the loop climbed along its
// axis. When the face meets a face of the other shape flat (the loop's
// climb found several lowest vertices), the walks of the arcs leaving it,
// which follow each other round it, start where the last one left the
// shared plane: a step or two along the other face's edge instead of up
// to half of it.
func (c *Collider) walkArcs(arcs []arc, ns []mgl64.Vec3, sup []faceSup, ps []mgl64.Vec3, edges [][2]int32, xs []mgl64.Vec3, g *vertexGraph, tol, matters float64, n int, visit func(edge int32, cand []int32) bool) {
	last, lex := int32(-1), int32(-1)
	for _, ar := range arcs {
		p0, p1 := ns[ar.from], ns[ar.to]
		s0, s1 := sup[ar.from], sup[ar.to]
		if arcBound(p0, p1, xs[s0.v], xs[s1.v], ps[edges[ar.edge][0]]) < matters {
			continue
		}
		start := s0.v
		switch {
		case ar.from == last && s0.flat:
			start = lex
		case !s0.exact:
			_, start, _ = c.climb(xs, g, p0, start, tol)
		}
		end := walkEnd{v: -1, low: math.Inf(-1)}
		if s1.exact {
			end.v = s1.v
		}
		if s1.flat {
			x := &xs[s1.v]
			end.low = float64(p1[0]*x[0]) + float64(p1[1]*x[1]) + float64(p1[2]*x[2]) + tol
		}
		walked, off := c.walk(xs, g, p0, p1, start, end)
		last, lex = ar.from, off
		cand := c.crossed
		if !walked { // rounding kept it going: every edge
			cand = cand[:0]
			for k := range n {
				cand = append(cand, int32(k))
			}
			c.crossed = cand
		}
		if visit(ar.edge, cand) {
			return
		}
	}
}

// arcBound returns a bound, above by a margin for rounding, on the
// separation of every edge pair on an arc from the face normal p0 to p1: the
// separation along a direction n on the arc is min n·(x − e) over the
// other shape's vertices x, e a point of the arc's edge (whose shape's
// support is that edge all along the arc), so it is at most n·(xs − e)
// and n·(xe − e) for any two vertices xs, xe (the lowest at the ends).
// Along u = (1−t)·p0 + t·p1 both are linear in t; the largest of their
// smaller one, over |u| ≥ |p0 + p1|/2, bounds the separation along n =
// u/|u|.
func arcBound(p0, p1, xs, xe, e mgl64.Vec3) float64 {
	ws, we := xs.Sub(e), xe.Sub(e)
	s0, s1 := fmath.Dot(p0, ws), fmath.Dot(p1, ws) // n·(xs − e) at t = 0 and 1
	e0, e1 := fmath.Dot(p0, we), fmath.Dot(p1, we)
	v := math.Max(math.Min(s0, e0), math.Min(s1, e1))
	if d := (s1 - s0) - (e1 - e0); d != 0 {
		if t := (e0 - s0) / d; t > 0 && t < 1 { // where the two lines cross
			v = math.Max(v, s0+float64(t*(s1-s0)))
		}
	}
	if v > 0 {
		v /= fmath.Len(p0.Add(p1)) / 2
	}
	// Rounding: of the bound and of the pairs' own separations.
	slack := float64(1e-9 * (math.Abs(ws[0]) + math.Abs(ws[1]) + math.Abs(ws[2]) + math.Abs(we[0]) + math.Abs(we[1]) + math.Abs(we[2]) + math.Abs(e[0]) + math.Abs(e[1]) + math.Abs(e[2])))
	return v + slack
}

// walkEnd tells a walk where it may stop: at vertex v, or at a vertex
// whose value along p1 is at most low (the other end's face meets a face
// flat: any of its vertices will do).
type walkEnd struct {
	v   int32
	low float64
}

// walkTie is the arc parameter below which a walk's moves count as made
// at its start (ties of the start vertex, when its face meets one of the
// other shape flat).
const walkTie = 1e-9

// walk follows the vertex of the shape (xs, g) lowest along
// (1−t)·p0 + t·p1 as t goes from 0 to 1, from v, the lowest along p0, and
// records in c.crossed the edges it moves along: where it moves from a
// vertex to the next, both are lowest, so the arc p0–p1 crosses the Gauss
// arc of the edge between them. From a vertex it moves to the neighbour
// that becomes lower first; every move lowers p1·x, so the walk ends, at
// the vertex lowest along p1. A vertex lowest along p0 on the way and along
// p1 is lowest on the rest of the arc: the walk stops there when end says
// it is one. It reports false if rounding kept it going for more steps
// than there are vertices, and returns the vertex where it was after the
// moves made at the start (t ≤ walkTie): the lowest along p0, then along
// p1.
func (c *Collider) walk(xs []mgl64.Vec3, g *vertexGraph, p0, p1 mgl64.Vec3, v int32, end walkEnd) (walked bool, off int32) {
	c.crossed = c.crossed[:0]
	off, leaving := v, true
	for range len(xs) {
		xv := xs[v]
		if v == end.v || float64(p1[0]*xv[0])+float64(p1[1]*xv[1])+float64(p1[2]*xv[2]) <= end.low {
			return true, off
		}
		next, edge, first := int32(-1), int32(-1), math.Inf(1)
		for k := g.first[v]; k < g.first[v+1]; k++ {
			w := g.nbr[k]
			e := xs[w].Sub(xv)
			hi := fmath.Dot(p1, e)
			if !(hi < 0) {
				continue // not lower at t = 1: never lower on the way
			}
			t := 0.0 // lower already at the start (rounding, or a tie)
			if lo := fmath.Dot(p0, e); lo > 0 {
				t = lo / (lo - hi) // where (1−t)·lo + t·hi = 0
			}
			if t < first {
				next, edge, first = w, g.edge[k], t
			}
		}
		if next < 0 {
			return true, off
		}
		v = next
		c.crossed = append(c.crossed, edge)
		if leaving = leaving && first <= walkTie; leaving {
			off = v
		}
	}
	return false, off
}
