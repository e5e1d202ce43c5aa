package geom

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// randomPlanePoints returns n points on a coarse grid (many equal u or v,
// some within tol of each other) with distinct vertex indices.
func randomPlanePoints(rng *rand.Rand, n int, tol float64) []pt2 {
	ps := make([]pt2, n)
	perm := rng.Perm(n)
	for i := range ps {
		ps[i] = pt2{u: float64(rng.IntN(20)) / 10, v: float64(rng.IntN(20)) / 10, vert: int32(perm[i])}
		if rng.IntN(3) == 0 {
			ps[i].u += tol * (2*rng.Float64() - 1)
			ps[i].v += tol * (2*rng.Float64() - 1)
		}
	}
	return ps
}

// TestManyPlanePoints: for more than manyPoints points, hull2D's sort and
// dedupe's windows give what the insertion sort and the comparison of every
// pair give.
func TestManyPlanePoints(t *testing.T) {
	rng := rand.New(rand.NewPCG(55, 56))
	var byU []int32
	for trial := range 300 {
		n := manyPoints + 1 + rng.IntN(300)
		tol := []float64{0, 1e-9, 0.03, 0.2}[trial%4]
		ps := randomPlanePoints(rng, n, tol)

		ref := slices.Clone(ps)
		for i := 1; i < len(ref); i++ {
			for j := i; j > 0 && ref[j].less(ref[j-1]); j-- {
				ref[j], ref[j-1] = ref[j-1], ref[j]
			}
		}
		sorted := slices.Clone(ps)
		got := hull2D(make([]pt2, 0, n+1), sorted, tol)
		want := hull2D(make([]pt2, 0, n+1), slices.Clone(ref), tol)
		if !slices.Equal(sorted, ref) || !slices.Equal(got, want) {
			t.Fatalf("trial %d: hull2D of %d points differs from the insertion sort's", trial, n)
		}

		want = dedupeAll(slices.Clone(ps), tol)
		if got := dedupe(slices.Clone(ps), tol, &byU); !slices.Equal(got, want) {
			t.Fatalf("trial %d: dedupe of %d points (tol %g) kept %d, want %d", trial, n, tol, len(got), len(want))
		}
	}
}
