package geom

import (
	"cmp"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl64"
)

// AABB is an axis-aligned box in world coordinates (m).
type AABB struct {
	Min, Max mgl64.Vec3
}

// Overlaps reports whether b and o intersect (touching counts).
func (b AABB) Overlaps(o AABB) bool {
	return b.Min[0] <= o.Max[0] && o.Min[0] <= b.Max[0] &&
		b.Min[1] <= o.Max[1] && o.Min[1] <= b.Max[1] &&
		b.Min[2] <= o.Max[2] && o.Min[2] <= b.Max[2]
}

// Expand returns b grown by m on every side (m), e.g. by the speculative
// margin so that pairs about to touch are found.
func (b AABB) Expand(m float64) AABB {
	e := mgl64.Vec3{m, m, m}
	return AABB{b.Min.Sub(e), b.Max.Add(e)}
}

// Union returns the smallest box holding b and o.
func (b AABB) Union(o AABB) AABB {
	var u AABB
	for k := range 3 {
		u.Min[k] = math.Min(b.Min[k], o.Min[k])
		u.Max[k] = math.Max(b.Max[k], o.Max[k])
	}
	return u
}

// Bounds returns the world AABB of p placed by xf (exact: over the
// vertices).
func (p *Polyhedron) Bounds(xf Transform) AABB {
	r := rotationOf(xf.Rot)
	inf := math.Inf(1)
	b := AABB{Min: mgl64.Vec3{inf, inf, inf}, Max: mgl64.Vec3{-inf, -inf, -inf}}
	for _, v := range p.Verts {
		w := r.apply(v)
		for k := range 3 {
			b.Min[k] = math.Min(b.Min[k], w[k])
			b.Max[k] = math.Max(b.Max[k], w[k])
		}
	}
	return AABB{b.Min.Add(xf.Pos), b.Max.Add(xf.Pos)}
}

// Pair is a candidate pair of the broad phase: indices into the boxes given
// to Update, A < B.
type Pair struct {
	A, B int32
}

// SweepAndPrune is a sort-and-sweep broad phase: boxes are kept sorted by
// their lower bound on one axis (an insertion sort, nearly free when bodies
// move a little between steps); a sweep tests each box only against the
// boxes that start before it ends on that axis. The zero value is ready.
// After the first Updates with a given number of boxes, Update allocates
// nothing.
type SweepAndPrune struct {
	// Filter, if set, is asked about every overlapping pair (a < b) and
	// drops it by returning false. It must not retain or change anything
	// that Update uses.
	Filter func(a, b int) bool

	// Tests is the number of box-box tests in the last Update.
	Tests int

	axis    int     // sort axis, chosen at each rebuild
	order   []int32 // box indices sorted by Min[axis]
	exclude []uint64
	pairs   []Pair
}

func pairKey(a, b int) uint64 {
	if a > b {
		a, b = b, a
	}
	return uint64(uint32(a))<<32 | uint64(uint32(b))
}

// Exclude makes Update skip the pair (a, b) from now on: for bodies joined
// by a joint. Excluding a pair twice is harmless.
func (s *SweepAndPrune) Exclude(a, b int) {
	k := pairKey(a, b)
	if i, found := slices.BinarySearch(s.exclude, k); !found {
		s.exclude = slices.Insert(s.exclude, i, k)
	}
}

// Include undoes Exclude.
func (s *SweepAndPrune) Include(a, b int) {
	if i, found := slices.BinarySearch(s.exclude, pairKey(a, b)); found {
		s.exclude = slices.Delete(s.exclude, i, i+1)
	}
}

// Excluded reports whether the pair (a, b) is excluded.
func (s *SweepAndPrune) Excluded(a, b int) bool {
	_, found := slices.BinarySearch(s.exclude, pairKey(a, b))
	return found
}

// Reset forgets the sort order, so that the next Update chooses the sort
// axis afresh.
func (s *SweepAndPrune) Reset() { s.order = s.order[:0] }

// Update returns the pairs of overlapping boxes, excluded and filtered pairs
// left out, sorted by (A, B): the result depends only on the boxes, not on
// their history. The slice is reused by the next Update. When the number of
// boxes changes the order is rebuilt and the sort axis chosen anew: the
// axis along which the box centres are most spread.
func (s *SweepAndPrune) Update(boxes []AABB) []Pair {
	n := len(boxes)
	if len(s.order) != n {
		s.rebuild(boxes)
	}
	ax := s.axis
	ord := s.order
	// Insertion sort by (Min[axis], index): a total order, deterministic.
	less := func(i, j int32) bool {
		a, b := boxes[i].Min[ax], boxes[j].Min[ax]
		return a < b || (a == b && i < j)
	}
	for i := 1; i < n; i++ {
		x := ord[i]
		j := i
		for ; j > 0 && less(x, ord[j-1]); j-- {
			ord[j] = ord[j-1]
		}
		ord[j] = x
	}

	s.Tests = 0
	s.pairs = s.pairs[:0]
	for i, a := range ord {
		ba := &boxes[a]
		for _, b := range ord[i+1:] {
			bb := &boxes[b]
			if bb.Min[ax] > ba.Max[ax] {
				break
			}
			s.Tests++
			if !ba.Overlaps(*bb) {
				continue
			}
			p := Pair{min(a, b), max(a, b)}
			if len(s.exclude) > 0 && s.Excluded(int(p.A), int(p.B)) {
				continue
			}
			if s.Filter != nil && !s.Filter(int(p.A), int(p.B)) {
				continue
			}
			s.pairs = append(s.pairs, p)
		}
	}
	slices.SortFunc(s.pairs, comparePairs)
	return s.pairs
}

func comparePairs(p, q Pair) int {
	if c := cmp.Compare(p.A, q.A); c != 0 {
		return c
	}
	return cmp.Compare(p.B, q.B)
}

// rebuild sorts all boxes afresh along the axis of largest spread of their
// centres.
func (s *SweepAndPrune) rebuild(boxes []AABB) {
	n := len(boxes)
	var mean, sq mgl64.Vec3
	for i := range boxes {
		c := boxes[i].Min.Add(boxes[i].Max).Mul(0.5)
		mean = mean.Add(c)
		for k := range 3 {
			sq[k] += c[k] * c[k]
		}
	}
	s.axis = 0
	if n > 0 {
		best := -1.0
		for k := range 3 {
			m := mean[k] / float64(n)
			if v := sq[k]/float64(n) - m*m; v > best {
				best, s.axis = v, k
			}
		}
	}
	s.order = s.order[:0]
	for i := range n {
		s.order = append(s.order, int32(i))
	}
	ax := s.axis
	slices.SortFunc(s.order, func(i, j int32) int {
		if c := cmp.Compare(boxes[i].Min[ax], boxes[j].Min[ax]); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
}
