package physics

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"flag"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// stateHash hashes the exact bits of every body's state.
func stateHash(w *World) string {
	h := sha256.New()
	var buf [8]byte
	put := func(x float64) {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(x))
		h.Write(buf[:])
	}
	for i := range w.NumBodies() {
		s := &w.y[i]
		for _, v := range [...]mgl64.Vec3{s.c.vec(), s.v.vec(), s.w.vec(), s.q.vec().vec()} {
			put(v[0])
			put(v[1])
			put(v[2])
		}
		put(s.q.w)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// craftLoads drives the craft as the game would: a main engine off the
// centre, a varying attitude thruster, a leg motor now and then.
func craftLoads(c *craft, i int) {
	tt := float64(i) / 60
	c.w.ApplyForceLocal(c.hull, mgl64.Vec3{300, 20000, -200}, mgl64.Vec3{0.02, -1.5, 0.01})
	c.w.ApplyTorque(c.hull, mgl64.Vec3{200 * fmath.Sin(tt), 0, 100 * fmath.Cos(0.3*tt)})
	c.w.ApplyForce(c.adapter, mgl64.Vec3{0, 0, 50}, c.w.Body(c.adapter).WorldPoint(mgl64.Vec3{0.5, 0, 0}))
}

// TestDeterminism: two worlds fed the same loads stay bit-identical, and a
// 10 s run matches the golden hash.
func TestDeterminism(t *testing.T) {
	a, b := newCraft(WorldDef{}), newCraft(WorldDef{})
	om := fmath.Normalize(mgl64.Vec3{1, 2, 0.5}).Mul(0.5)
	a.spin(om)
	b.spin(om)
	for i := range 600 {
		craftLoads(a, i)
		craftLoads(b, i)
		if err := a.w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		if err := b.w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
		if ha, hb := stateHash(a.w), stateHash(b.w); ha != hb {
			t.Fatalf("step %d: worlds differ: %s vs %s", i, ha, hb)
		}
	}
	checkGolden(t, "craft10s.hash", stateHash(a.w))
}

// checkGolden compares got with the golden file testdata/name, rewriting it
// first with -update. A difference means the step's arithmetic changed.
func checkGolden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if w := strings.TrimSpace(string(want)); got != w {
		t.Errorf("%s: run hash changed (run with -update if intended):\n%s\ngolden:\n%s", name, got, w)
	}
}

// TestStepAllocs: Step allocates nothing on the craft.
func TestStepAllocs(t *testing.T) {
	c := newCraft(WorldDef{Timings: true})
	c.spin(mgl64.Vec3{0.1, 0.5, 0})
	i := 0
	c.w.Step(1.0 / 60) // first step orders the joints
	allocs := testing.AllocsPerRun(200, func() {
		craftLoads(c, i)
		i++
		if err := c.w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	})
	if allocs != 0 {
		t.Errorf("Step allocates %v times per call, want 0", allocs)
	}
	st := c.w.Stats()
	// 20 joint rows (the four hinges; the adapter's fixed joint is a weld,
	// weld.go: hull and adapter move as one body); the legs' limits make
	// the bounded stage factor the tree, and RK4's first evaluation uses
	// that factor.
	if st.Timings[StageRK4] <= 0 || st.Factorizations != 4 || st.Rows != 20 {
		t.Errorf("stats not filled: %+v", st)
	}
}
