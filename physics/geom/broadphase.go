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

// LocalBounds returns the AABB of p's vertices in its own frame.
func (p *Polyhedron) LocalBounds() AABB {
	return p.Bounds(Identity())
}

// Place returns an AABB holding the box b (in a local frame) placed by xf:
// centre R c + Pos, half extents |R| h (R the rotation of xf, |R| its
// entries' absolute values). For the local bounds of a shape it holds the
// shape's exact Bounds: equal for a box whose axes are the local ones,
// larger (by up to √3 for a rotated sphere-like hull) otherwise, and it
// costs 9 products instead of a pass over the vertices. The broad phase
// may use it (slightly larger boxes, a few more candidate pairs, which the
// narrow phase rejects).
func (b AABB) Place(xf Transform) AABB {
	r := rotationOf(xf.Rot)
	c := b.Min.Add(b.Max).Mul(0.5)
	h := b.Max.Sub(b.Min).Mul(0.5)
	var o AABB
	for k := range 3 {
		row := &r[k]
		ck := float64(row[0]*c[0]) + float64(row[1]*c[1]) + float64(row[2]*c[2]) + xf.Pos[k]
		hk := float64(math.Abs(row[0])*h[0]) + float64(math.Abs(row[1])*h[1]) + float64(math.Abs(row[2])*h[2])
		o.Min[k], o.Max[k] = ck-hk, ck+hk
	}
	return o
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

	axis    int        // sort axis, chosen at each rebuild
	ents    []sapEntry // boxes sorted by Min[axis]
	exclude []uint64
	pairs   []Pair
	sorted  []Pair  // pairs in (A, B) order
	count   []int32 // counting sort of the pairs by A
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
func (s *SweepAndPrune) Reset() { s.ents = s.ents[:0] }

// Update returns the pairs of overlapping boxes, excluded and filtered pairs
// left out, sorted by (A, B): the result depends only on the boxes, not on
// their history. The slice is reused by the next Update. When the number of
// boxes changes the order is rebuilt and the sort axis chosen anew: the
// axis along which the box centres are most spread.
func (s *SweepAndPrune) Update(boxes []AABB) []Pair {
	n := len(boxes)
	if len(s.ents) != n {
		s.rebuild(boxes)
	}
	// Refresh the sorted copies, then an insertion sort by (lo, index): a
	// total order, deterministic, nearly free when little moved.
	ax, ay, az := s.axis, (s.axis+1)%3, (s.axis+2)%3
	ents := s.ents
	for i := range ents {
		b := &boxes[ents[i].idx]
		ents[i].lo, ents[i].hi = b.Min[ax], b.Max[ax]
		ents[i].lo1, ents[i].hi1 = b.Min[ay], b.Max[ay]
		ents[i].lo2, ents[i].hi2 = b.Min[az], b.Max[az]
	}
	for i := 1; i < n; i++ {
		x := ents[i]
		j := i
		for ; j > 0 && (x.lo < ents[j-1].lo || x.lo == ents[j-1].lo && x.idx < ents[j-1].idx); j-- {
			ents[j] = ents[j-1]
		}
		ents[j] = x
	}

	// The sweep keeps its count and box a's bounds in locals: a store to
	// s.Tests in the loop made the compiler reload them every test.
	tests := 0
	s.pairs = s.pairs[:0]
	for i := range ents {
		ea := &ents[i]
		hi, lo1, hi1, lo2, hi2 := ea.hi, ea.lo1, ea.hi1, ea.lo2, ea.hi2
		for j := i + 1; j < n; j++ {
			eb := &ents[j]
			if eb.lo > hi {
				break
			}
			tests++
			if eb.lo1 > hi1 || lo1 > eb.hi1 || eb.lo2 > hi2 || lo2 > eb.hi2 {
				continue
			}
			p := Pair{min(ea.idx, eb.idx), max(ea.idx, eb.idx)}
			if len(s.exclude) > 0 && s.Excluded(int(p.A), int(p.B)) {
				continue
			}
			if s.Filter != nil && !s.Filter(int(p.A), int(p.B)) {
				continue
			}
			s.pairs = append(s.pairs, p)
		}
	}
	s.Tests = tests
	return s.sortPairs(n)
}

// sortPairs returns s.pairs in (A, B) order: a counting sort by A (the
// pairs are unique), then an insertion sort of each A's few partners by B.
// Cheaper than a comparison sort of all pairs.
func (s *SweepAndPrune) sortPairs(n int) []Pair {
	if len(s.pairs) < 32 {
		slices.SortFunc(s.pairs, comparePairs)
		return s.pairs
	}
	if cap(s.count) < n+1 {
		s.count = make([]int32, n+1)
	}
	cnt := s.count[:n+1]
	clear(cnt)
	for _, p := range s.pairs {
		cnt[p.A+1]++
	}
	for i := range n {
		cnt[i+1] += cnt[i]
	}
	if cap(s.sorted) < len(s.pairs) {
		s.sorted = make([]Pair, len(s.pairs), cap(s.pairs))
	}
	out := s.sorted[:len(s.pairs)]
	for _, p := range s.pairs {
		out[cnt[p.A]] = p
		cnt[p.A]++
	}
	// cnt[a] is now the end of a's run; runs are short: insertion sort.
	start := int32(0)
	for a := range n {
		end := cnt[a]
		for i := start + 1; i < end; i++ {
			x := out[i]
			j := i
			for ; j > start && out[j-1].B > x.B; j-- {
				out[j] = out[j-1]
			}
			out[j] = x
		}
		start = end
	}
	s.sorted, s.pairs = s.pairs, out
	return out
}

// sapEntry is a box in sort order: its bounds on the sort axis and on the
// two others, and its index.
type sapEntry struct {
	lo, hi, lo1, hi1, lo2, hi2 float64
	idx                        int32
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
			sq[k] += float64(c[k] * c[k])
		}
	}
	s.axis = 0
	if n > 0 {
		best := -1.0
		for k := range 3 {
			m := mean[k] / float64(n)
			if v := sq[k]/float64(n) - float64(m*m); v > best {
				best, s.axis = v, k
			}
		}
	}
	s.ents = s.ents[:0]
	for i := range n {
		s.ents = append(s.ents, sapEntry{lo: boxes[i].Min[s.axis], idx: int32(i)})
	}
	slices.SortFunc(s.ents, func(a, b sapEntry) int {
		if c := cmp.Compare(a.lo, b.lo); c != 0 {
			return c
		}
		return cmp.Compare(a.idx, b.idx)
	})
}
