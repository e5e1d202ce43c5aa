package geom

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func brutePairs(boxes []AABB, skip func(a, b int) bool) []Pair {
	var out []Pair
	for a := range boxes {
		for b := a + 1; b < len(boxes); b++ {
			if boxes[a].Overlaps(boxes[b]) && (skip == nil || !skip(a, b)) {
				out = append(out, Pair{int32(a), int32(b)})
			}
		}
	}
	return out
}

// randomBoxes returns n boxes of 0.5…1.5 m placed by random transforms in a
// cube of the given side.
func randomBoxes(rng *rand.Rand, n int, side float64) ([]*Polyhedron, []Transform, []AABB) {
	shapes := make([]*Polyhedron, n)
	xfs := make([]Transform, n)
	boxes := make([]AABB, n)
	for i := range n {
		shapes[i] = Box(mgl64.Vec3{0.25 + 0.5*rng.Float64(), 0.25 + 0.5*rng.Float64(), 0.25 + 0.5*rng.Float64()})
		xfs[i] = randomTransform(rng, side/2)
		boxes[i] = shapes[i].Bounds(xfs[i])
	}
	return shapes, xfs, boxes
}

func TestSweepAndPruneMatchesBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const n = 1000
	_, _, boxes := randomBoxes(rng, n, 40)
	var sap SweepAndPrune
	for step := range 20 {
		got := sap.Update(boxes)
		want := brutePairs(boxes, nil)
		if !slices.Equal(got, want) {
			t.Fatalf("step %d: %d pairs, brute force %d", step, len(got), len(want))
		}
		// A box meets about n·(2.6 m)/(40 m) others on the sort axis:
		// ~3.5 % of n²; brute force would make n²/2.
		if sap.Tests > n*n/20 {
			t.Errorf("step %d: %d box tests, want far below n² = %d", step, sap.Tests, n*n)
		}
		if step == 0 {
			t.Logf("%d boxes: %d pairs from %d tests (n²/2 = %d)", n, len(got), sap.Tests, n*n/2)
		}
		// Move every box a little, as in a step.
		for i := range boxes {
			d := mgl64.Vec3{0.3 * rng.NormFloat64(), 0.3 * rng.NormFloat64(), 0.3 * rng.NormFloat64()}
			boxes[i].Min, boxes[i].Max = boxes[i].Min.Add(d), boxes[i].Max.Add(d)
		}
	}
}

// pileBoxes returns the boxes of 100 stacks of 10 unit cubes on a 10 × 10
// grid, 2 m apart, grown by 1 cm (physics' BenchmarkStepPile1000 scene).
func pileBoxes() []AABB {
	var boxes []AABB
	for i := range 10 {
		for k := range 10 {
			for j := range 10 {
				c := mgl64.Vec3{2 * float64(i), 0.5 + float64(j), 2 * float64(k)}
				boxes = append(boxes, AABB{c.Sub(mgl64.Vec3{0.5, 0.5, 0.5}), c.Add(mgl64.Vec3{0.5, 0.5, 0.5})}.Expand(0.01))
			}
		}
	}
	return boxes
}

// TestSweepAndPrunePile counts tests on the pile scene: 100 stacks of 10
// unit boxes on a 10 × 10 grid, 2 m apart.
func TestSweepAndPrunePile(t *testing.T) {
	boxes := pileBoxes()
	var sap SweepAndPrune
	got := sap.Update(boxes)
	if want := brutePairs(boxes, nil); !slices.Equal(got, want) || len(got) != 900 {
		t.Fatalf("%d pairs, brute force %d, want 900 (9 per stack)", len(got), len(want))
	}
	n := len(boxes)
	t.Logf("pile: %d pairs from %d tests (n²/2 = %d)", len(got), sap.Tests, n*n/2)
	if sap.Tests > n*n/8 {
		t.Errorf("%d tests, want far below n²/2", sap.Tests)
	}
}

func TestSweepAndPruneExcludeAndFilter(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	_, _, boxes := randomBoxes(rng, 200, 10)
	var sap SweepAndPrune
	all := slices.Clone(sap.Update(boxes))
	if len(all) < 10 {
		t.Fatalf("only %d pairs", len(all))
	}
	ex := map[[2]int]bool{}
	for _, p := range all[:5] {
		sap.Exclude(int(p.B), int(p.A)) // either order
		ex[[2]int{int(p.A), int(p.B)}] = true
	}
	sap.Filter = func(a, b int) bool { return (a+b)%3 != 0 }
	got := sap.Update(boxes)
	want := brutePairs(boxes, func(a, b int) bool { return ex[[2]int{a, b}] || (a+b)%3 == 0 })
	if !slices.Equal(got, want) {
		t.Fatalf("%d pairs, want %d", len(got), len(want))
	}
	sap.Include(int(all[0].A), int(all[0].B))
	if sap.Excluded(int(all[0].A), int(all[0].B)) || !sap.Excluded(int(all[1].A), int(all[1].B)) {
		t.Errorf("Include/Excluded disagree")
	}
}

func TestSweepAndPruneDeterministic(t *testing.T) {
	// Two broad phases with different histories see the same boxes.
	rng := rand.New(rand.NewPCG(17, 18))
	_, _, boxes := randomBoxes(rng, 300, 15)
	shuffled := slices.Clone(boxes)
	rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
	var s1, s2 SweepAndPrune
	s1.Update(shuffled)
	a := slices.Clone(s1.Update(boxes))
	b := s2.Update(boxes)
	if !slices.Equal(a, b) {
		t.Errorf("results depend on history")
	}
}

func TestSweepAndPruneAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	_, _, boxes := randomBoxes(rng, 1000, 30)
	var sap SweepAndPrune
	sap.Exclude(1, 2)
	sap.Update(boxes)
	i := 0
	if n := testing.AllocsPerRun(20, func() {
		i++
		d := mgl64.Vec3{0.01 * math.Sin(float64(i)), 0, 0}
		for k := range boxes {
			boxes[k].Min, boxes[k].Max = boxes[k].Min.Add(d), boxes[k].Max.Add(d)
		}
		sap.Update(boxes)
	}); n != 0 {
		t.Errorf("Update allocates %g times per run, want 0", n)
	}
}

func TestBounds(t *testing.T) {
	b := cube.Bounds(rotAt(rotY45, 1, 2, 3))
	want := AABB{mgl64.Vec3{1 - math.Sqrt2/2, 1.5, 3 - math.Sqrt2/2}, mgl64.Vec3{1 + math.Sqrt2/2, 2.5, 3 + math.Sqrt2/2}}
	if b.Min.Sub(want.Min).Len() > 1e-12 || b.Max.Sub(want.Max).Len() > 1e-12 {
		t.Errorf("Bounds = %v, want %v", b, want)
	}
}

func TestRayCast(t *testing.T) {
	down := mgl64.Vec3{0, -1, 0}
	for _, tc := range []struct {
		name        string
		p           *Polyhedron
		xf          Transform
		origin, dir mgl64.Vec3
		maxT        float64
		hit         bool
		t           float64
		normal      mgl64.Vec3
	}{
		{"altitude over ground", ground, at(0, 0, 0), mgl64.Vec3{1, 10, 2}, down, 100, true, 9.5, mgl64.Vec3{0, 1, 0}},
		{"too short", ground, at(0, 0, 0), mgl64.Vec3{1, 10, 2}, down, 9, false, 0, mgl64.Vec3{}},
		{"beside", ground, at(0, 0, 0), mgl64.Vec3{6, 10, 0}, down, 100, false, 0, mgl64.Vec3{}},
		{"pointing away", ground, at(0, 0, 0), mgl64.Vec3{0, 10, 0}, down.Mul(-1), 100, false, 0, mgl64.Vec3{}},
		{"inside", ground, at(0, 0, 0), mgl64.Vec3{0, 0, 0}, down, 100, true, 0, mgl64.Vec3{0, 1, 0}},
		{"rotated roof", cube, rotAt(rotZ45, 0, 0, 0), mgl64.Vec3{0.1, 5, 0}, down, 100, true, 5 - (s2 - 0.1), mgl64.Vec3{s2, s2, 0}},
		{"slanted, scaled dir", cube, at(0, 0, 0), mgl64.Vec3{-3, 0.2, 0}, mgl64.Vec3{2, 0, 0}, 100, true, 1.25, mgl64.Vec3{-1, 0, 0}},
	} {
		h, ok := RayCast(tc.p, tc.xf, tc.origin, tc.dir, tc.maxT)
		if ok != tc.hit {
			t.Errorf("%s: hit %v, want %v", tc.name, ok, tc.hit)
			continue
		}
		if !ok {
			continue
		}
		if math.Abs(h.T-tc.t) > 1e-12 || h.Normal.Sub(tc.normal).Len() > 1e-12 ||
			h.Point.Sub(tc.origin.Add(tc.dir.Mul(tc.t))).Len() > 1e-12 {
			t.Errorf("%s: got %+v, want t %g normal %v", tc.name, h, tc.t, tc.normal)
		}
	}
	if _, ok := RayCast(cube, at(0, 0, 0), mgl64.Vec3{0, 2, 0}, mgl64.Vec3{}, 10); ok {
		t.Errorf("zero direction hit")
	}
	if _, ok := RayCast(cube, at(0, 0, 0), mgl64.Vec3{math.NaN(), 2, 0}, down, 10); ok {
		t.Errorf("NaN origin hit")
	}
}

// TestPlace: the local bounds turned by a transform hold the exact Bounds
// (many-vertex hulls, off-centre shapes) and equal them for a box.
func TestPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	cyl := Cylinder(0.7, 2, 24).Transformed(Transform{Pos: mgl64.Vec3{0.3, -1, 2}, Rot: mgl64.QuatRotate(0.5, mgl64.Vec3{1, 2, 3}.Normalize())})
	for i := range 200 {
		xf := randomTransform(rng, 10)
		for _, p := range []*Polyhedron{cube, cyl} {
			exact, got := p.Bounds(xf), p.LocalBounds().Place(xf)
			for k := range 3 {
				if got.Min[k] > exact.Min[k]+1e-12 || got.Max[k] < exact.Max[k]-1e-12 {
					t.Fatalf("%d: Place %v does not hold Bounds %v", i, got, exact)
				}
			}
		}
	}
	// A box turned about y by 45°: exact, as its local axes are the box's.
	if got, want := cube.LocalBounds().Place(rotAt(rotY45, 1, 2, 3)), cube.Bounds(rotAt(rotY45, 1, 2, 3)); got.Min.Sub(want.Min).Len() > 1e-12 || got.Max.Sub(want.Max).Len() > 1e-12 {
		t.Errorf("Place = %v, want %v", got, want)
	}
}
