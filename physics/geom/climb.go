package geom

// Collide's queries on big polyhedra (climbMinVerts vertices or more)
// without a pass over every vertex: support values by hill climbing on
// the vertex graph, all faces of one shape against the other with each
// climb starting where a neighbouring face's ended, and the edge pairs
// that form a face of the Minkowski difference by walking each edge's Gauss
// arc over the other shape's vertex graph. The answers are those of the
// passes over every vertex and every edge pair (sat.go), which small shapes
// keep: the same values, the same tie-breaks.

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

// climbMinVerts is the vertex count from which Prepare builds a vertex
// graph and Collide climbs it instead of passing over every vertex. Below
// it the passes cost little (tens of µs) and boxes and prisms keep the
// test by edge directions, which the walks replace: the game's boxes,
// cylinders (up to 31 sides) and rocks keep exactly their old contacts.
const climbMinVerts = 64

// climbTolerance, times the size of the climbed shape (m), is how much a
// neighbour may exceed the lowest value found and still be searched: the
// rounding of the values and of the shape's placement, and faces a hull
// merged within its tolerance of 1e-10 that are not exactly planar, can
// stop a descent at a vertex a little above the true minimum; searching
// its near-equal neighbourhood reaches the minimum that a pass over all the
// vertices finds, exactly.
const climbTolerance = 1e-9

// vertexGraph is the adjacency of a big polyhedron, built once by Prepare.
type vertexGraph struct {
	first []int32 // vertex v's neighbours are nbr[first[v]:first[v+1]]
	nbr   []int32
	edge  []int32 // edge[k]: the index in Edges of the edge to nbr[k]
	// order lists the faces so that each face but the first shares an
	// edge with an earlier one, from[f] (−1 for the first face of each
	// connected part): a face's climb starts where from[f]'s ended.
	order, from []int32
	arcs        []arc   // the edges to walk (walk.go)
	radius      float64 // the largest |vertex| (m)
}

// climbGraph returns p's vertex graph, or nil if it has none.
func (p *Polyhedron) climbGraph() *vertexGraph {
	if p == nil || p.graph.first == nil {
		return nil
	}
	return &p.graph
}

// edgeTo returns the index of the edge from vertex a to b, or −1.
func (g *vertexGraph) edgeTo(a, b int32) int32 {
	if a < 0 || int(a) >= len(g.first)-1 {
		return -1
	}
	for k := g.first[a]; k < g.first[a+1]; k++ {
		if g.nbr[k] == b {
			return g.edge[k]
		}
	}
	return -1
}

// buildGraph returns the vertex graph of p, or none (the zero value) when p
// is small, its edges do not each border two faces or a vertex is on no
// edge.
func buildGraph(p *Polyhedron) vertexGraph {
	nv := len(p.Verts)
	if nv < climbMinVerts || p.edgeFaces == nil || nv > math.MaxInt32-1 {
		return vertexGraph{}
	}
	g := vertexGraph{first: make([]int32, nv+1)}
	for _, e := range p.Edges {
		if e[0] < 0 || int(e[0]) >= nv || e[1] < 0 || int(e[1]) >= nv {
			return vertexGraph{}
		}
		g.first[e[0]+1]++
		g.first[e[1]+1]++
	}
	for v := range nv {
		if g.first[v+1] == 0 {
			return vertexGraph{} // a vertex on no edge: only a pass finds it
		}
		g.first[v+1] += g.first[v]
	}
	g.nbr = make([]int32, 2*len(p.Edges))
	g.edge = make([]int32, 2*len(p.Edges))
	fill := append([]int32(nil), g.first[:nv]...)
	for k, e := range p.Edges {
		for s := range 2 {
			a, b := e[s], e[1-s]
			g.nbr[fill[a]], g.edge[fill[a]] = b, int32(k)
			fill[a]++
		}
	}
	for _, v := range p.Verts {
		g.radius = math.Max(g.radius, fmath.Len(v))
	}

	// Faces breadth first over shared edges.
	nf := len(p.Faces)
	g.order = make([]int32, 0, nf)
	g.from = make([]int32, nf)
	seen := make([]bool, nf)
	for root := range nf {
		if seen[root] {
			continue
		}
		seen[root] = true
		g.from[root] = -1
		head := len(g.order)
		g.order = append(g.order, int32(root))
		for ; head < len(g.order); head++ {
			f := g.order[head]
			loop := p.Faces[f].Verts
			for i, a := range loop {
				k := g.edgeTo(a, loop[(i+1)%len(loop)])
				if k < 0 {
					continue
				}
				ef := p.edgeFaces[k]
				other := ef[0]
				if other == f {
					other = ef[1]
				}
				if !seen[other] {
					seen[other] = true
					g.from[other] = f
					g.order = append(g.order, other)
				}
			}
		}
	}
	g.arcs = appendArcs(nil, p, &g)
	return g
}

// climb returns the smallest q·x over the vertices xs of a polyhedron
// whose graph is g, and a vertex where it is reached, starting at vertex
// v: steepest descent along the edges, then a search of the vertices
// within tol of the lowest value that are connected to it (flat reports
// one). On a convex polyhedron a vertex with no lower neighbour is the
// lowest; the search catches what rounding hides. The value is bit for
// bit that of minMaxDot.
func (c *Collider) climb(xs []mgl64.Vec3, g *vertexGraph, q mgl64.Vec3, v int32, tol float64) (low float64, at int32, flat bool) {
	x := &xs[v]
	best := float64(q[0]*x[0]) + float64(q[1]*x[1]) + float64(q[2]*x[2])
	for {
		next, low, near := int32(-1), best, false
		for k := g.first[v]; k < g.first[v+1]; k++ {
			w := g.nbr[k]
			x := &xs[w]
			d := float64(q[0]*x[0]) + float64(q[1]*x[1]) + float64(q[2]*x[2])
			if d < low {
				next, low = w, d
			} else if d <= best+tol {
				near = true
			}
		}
		if next < 0 {
			if near {
				low, at = c.flood(xs, g, q, v, best, best+tol)
				return low, at, true
			}
			return best, v, false
		}
		v, best = next, low
	}
}

// flood returns the lowest q·x, and its vertex, over the vertices with
// q·x ≤ limit connected to v (value best) through such vertices.
func (c *Collider) flood(xs []mgl64.Vec3, g *vertexGraph, q mgl64.Vec3, v int32, best, limit float64) (float64, int32) {
	stamp := c.nextStamp(len(xs))
	c.mark[v] = stamp
	queue := append(c.queue[:0], v)
	for head := 0; head < len(queue); head++ {
		u := queue[head]
		for k := g.first[u]; k < g.first[u+1]; k++ {
			w := g.nbr[k]
			if c.mark[w] == stamp {
				continue
			}
			x := &xs[w]
			d := float64(q[0]*x[0]) + float64(q[1]*x[1]) + float64(q[2]*x[2])
			if d <= limit {
				c.mark[w] = stamp
				queue = append(queue, w)
				if d < best {
					best, v = d, w
				}
			}
		}
	}
	c.queue = queue
	return best, v
}

// nextStamp returns a fresh mark for n vertices or edges.
func (c *Collider) nextStamp(n int) int32 {
	if len(c.mark) < n {
		c.mark = make([]int32, n+n/2)
		c.stamp = 0
	}
	c.stamp++
	if c.stamp == math.MaxInt32 {
		clear(c.mark)
		c.stamp = 1
	}
	return c.stamp
}

// climbRange returns the range of n·x over the vertices xs of a shape with
// graph g, from vertex v, as minMaxDot does.
func (c *Collider) climbRange(xs []mgl64.Vec3, g *vertexGraph, n mgl64.Vec3, v int32, tol float64) (lo, hi float64) {
	lo, _, _ = c.climb(xs, g, n, v, tol)
	hi, _, _ = c.climb(xs, g, n.Mul(-1), v, tol)
	return lo, -hi
}

// faceSide is one shape's faces tested against the other shape's vertices
// by climbing.
type faceSide struct {
	axes  []faceAxis   // the faces' axes, in A's frame
	faces int          // number of faces
	own   *vertexGraph // the faces' shape's graph (for the order), or nil
	xs    []mgl64.Vec3 // the other shape's vertices, in A's frame
	g     *vertexGraph // and its graph
	tol   float64
	start int32 // the first climb's start
	ofB   bool  // the faces are B's: the contact normal is their opposite
}

// faceSup is, for one face, the other shape's vertex nearest to its plane:
// lowest along the face's axis (see faceAxis), which is the face's own
// normal bit for bit if exact; flat if other vertices are as low (the
// shapes' faces are parallel).
type faceSup struct {
	v           int32
	exact, flat bool
}

// climbFaces is the face loop of Collide for one side, by climbing: the
// best separation of the faces, the face and the contact normal, as the
// loop over the axes with minMaxDot finds them. sup receives each face's
// faceSup. apart reports a face separated by more than margin (returned as
// face; the scan stopped there).
func (c *Collider) climbFaces(fs *faceSide, margin float64, sup []faceSup) (best float64, face int32, normal mgl64.Vec3, apart bool) {
	c.axisOf = grow(c.axisOf, fs.faces)
	for k, ax := range fs.axes {
		c.axisOf[ax.pos] = int32(k)
		if ax.neg >= 0 {
			c.axisOf[ax.neg] = int32(k)
		}
	}
	c.sep = grow(c.sep, fs.faces)
	for i := range fs.faces {
		f := int32(i)
		from := f - 1
		if fs.own != nil {
			f, from = fs.own.order[i], fs.own.from[fs.own.order[i]]
		}
		v := fs.start
		if from >= 0 {
			v = sup[from].v
		}
		ax := &fs.axes[c.axisOf[f]]
		q, d := ax.n, ax.dPos
		if ax.pos != f {
			q, d = ax.n.Mul(-1), ax.dNeg
		}
		lo, w, flat := c.climb(fs.xs, fs.g, q, v, fs.tol)
		sup[f] = faceSup{v: w, exact: ax.pos == f, flat: flat}
		s := lo - d // as lo − dPos, or −hi − dNeg
		c.sep[f] = s
		if s > margin {
			if fs.ofB {
				q = q.Mul(-1)
			}
			return s, f, q, true
		}
	}
	// The best face, chosen in the order and with the ties of Collide's
	// loop over the axes.
	best, face = math.Inf(-1), -1
	for _, ax := range fs.axes {
		n := ax.n
		if fs.ofB {
			n = ax.n.Mul(-1)
		}
		if s := c.sep[ax.pos]; s > best {
			best, face, normal = s, ax.pos, n
		}
		if ax.neg >= 0 {
			if s := c.sep[ax.neg]; s > best {
				best, face, normal = s, ax.neg, n.Mul(-1)
			}
		}
	}
	return best, face, normal, false
}
