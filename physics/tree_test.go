package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestJointBlock: the kept factor of a joint whose child is a leaf on its B
// side (tnode.kc) is the block N = J_B M_B⁻¹ J_Bᵀ of the current rows after
// the craft has turned and its legs swung, and after a leg's mass changes.
func TestJointBlock(t *testing.T) {
	c := newCraft(WorldDef{})
	c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
	w := c.w
	check := func(when string) {
		t.Helper()
		n := 0
		for i := range w.tree.nodes {
			nd := &w.tree.nodes[i]
			if !nd.kc {
				continue
			}
			n++
			w.jointBlock(nd)
			m := int(nd.m)
			rows := w.eq[nd.rows : int(nd.rows)+m]
			worst, big := 0.0, 0.0
			for r := range m {
				for q := 0; q <= r; q++ {
					want := rows[r].jbL.dot(rows[q].wbL) + rows[r].jbA.dot(rows[q].wbA)
					got := 0.0
					for k := 0; k <= q; k++ {
						got += nd.l[r*6+k] * nd.l[q*6+k]
					}
					worst = max(worst, math.Abs(got-want))
					big = max(big, math.Abs(want))
				}
			}
			if worst > 1e-12*big {
				t.Errorf("%s: joint node %d (m %d): kept L Lᵀ differs from J M⁻¹ Jᵀ by %.2e (largest entry %.2e)", when, i, m, worst, big)
			}
		}
		if n != 4 {
			t.Fatalf("%s: %d constant joint blocks, want the craft's 4 legs' (its adapter is welded)", when, n)
		}
	}
	for i := range 120 {
		craftLoads(c, i)
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	check("after 2 s")
	if err := w.Body(c.legs[0]).SetMass(35, mgl64.Diag3(mgl64.Vec3{7, 0.2, 7})); err != nil {
		t.Fatal(err)
	}
	if err := w.Step(dt60); err != nil {
		t.Fatal(err)
	}
	check("after a leg's mass changed")
}
