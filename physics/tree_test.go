package physics

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestTreeMatchesEnvelope: the body-space tree factorization and the
// joint-space envelope Cholesky solve the same equations exactly, so two
// copies of a scene, one per solver, stay together to rounding after 2 s:
// craft spinning with its legs on their stops and taking thrust, lander
// touching down (positions within 1e-9 m, velocities 1e-8 m/s); chain of
// 8 links with masses falling 100:1, swinging from a world joint (the
// tree's joint-rooted case), whose conditioning amplifies rounding to about
// 1e-9 of the velocities (5e-11 m/s after the first step already, then
// no growth): within 1e-8 m and 1e-7 m/s.
func TestTreeMatchesEnvelope(t *testing.T) {
	type scene struct {
		name   string
		make   func() (*World, func(w *World, i int))
		tx, tv float64
	}
	scenes := []scene{
		{"craft", func() (*World, func(*World, int)) {
			c := newCraft(WorldDef{})
			c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
			return c.w, func(w *World, i int) {
				w.ApplyForceLocal(c.hull, mgl64.Vec3{300, 20000, -200}, mgl64.Vec3{0.02, -1.5, 0.01})
			}
		}, 1e-8, 1e-8}, // the legs' limit impacts (steps 3–7) are bounded rows solved by Gauss-Seidel to its tolerance: 5e-9 m apart at step 4
		{"lander", func() (*World, func(*World, int)) {
			return newLander(1.62, 0.05, -2).w, nil
		}, 1e-9, 1e-8},
		{"chain", func() (*World, func(*World, int)) {
			w, _ := newChain(8, 100, 100, 0.3)
			return w, nil
		}, 1e-8, 1e-7},
	}
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			wt, load := sc.make()
			we, _ := sc.make()
			wt.solver.tree.mode, we.solver.tree.mode = 1, -1
			// The envelope never holds a limit in its slot; the
			// projection treats a held limit differently (see project),
			// so the tree world keeps its limits bounded too.
			// TestLimitSlot checks the slots against bounded rows.
			wt.solver.noSlots = true
			// Reusing the bounded rows' Schur complement reaches another
			// point within the Gauss-Seidel's stop tolerance; here the
			// factorizations are compared (TestSchurReuse checks reuse).
			wt.solver.noSchurReuse = true
			wt.joints.dirty, we.joints.dirty = true, true
			for i := range 120 {
				if load != nil {
					load(wt, i)
					load(we, i)
				}
				if err := wt.Step(dt60); err != nil {
					t.Fatal(err)
				}
				if err := we.Step(dt60); err != nil {
					t.Fatal(err)
				}
			}
			if !wt.solver.tree.ok || we.solver.tree.ok {
				t.Fatalf("solver choice not forced: tree %v, envelope world tree %v", wt.solver.tree.ok, we.solver.tree.ok)
			}
			dx, dv := 0.0, 0.0
			for i := range wt.bodies {
				dx = max(dx, wt.y[i].c.vec().Sub(we.y[i].c.vec()).Len())
				dv = max(dv, wt.y[i].v.vec().Sub(we.y[i].v.vec()).Len(), wt.y[i].w.vec().Sub(we.y[i].w.vec()).Len())
			}
			t.Logf("%s: tree vs envelope after 2 s: |Δx| %.2e m, |Δv| %.2e", sc.name, dx, dv)
			if dx > sc.tx || dv > sc.tv {
				t.Errorf("tree and envelope differ: |Δx| %.2e m, |Δv| %.2e", dx, dv)
			}
		})
	}
}

// TestTreeKernels: the unrolled factor and substitutions (treekern.go) give
// the loops' results bit for bit, on random positive definite blocks and a
// singular one (regularised pivot counted).
func TestTreeKernels(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, m := range []int{3, 5, 6} {
		for trial := range 50 {
			var a [6][6]float64
			for i := range m {
				for j := range m {
					a[i][j] = rng.Float64()*2 - 1
				}
			}
			var l [36]float64
			for i := range m {
				for j := 0; j <= i; j++ {
					v := 0.0
					for k := range m {
						v += a[i][k] * a[j][k]
					}
					if trial == 0 && (i == m-1 || j == m-1) {
						v = 0 // last row and column zero: a singular block
					}
					l[i*6+j] = v
				}
			}
			l1, l2 := l, l
			var inv1, inv2 [6]float64
			s1 := cholLoop(&l1, &inv1, m)
			var s2 int
			switch m {
			case 3:
				s2 = chol3(&l2, &inv2)
			case 5:
				s2 = chol5(&l2, &inv2)
			case 6:
				s2 = chol6(&l2, &inv2)
			}
			if l1 != l2 || inv1 != inv2 || s1 != s2 {
				t.Fatalf("m=%d trial %d: chol differs (singular %d vs %d)", m, trial, s1, s2)
			}
			if trial == 0 && s1 != 1 {
				t.Errorf("m=%d: singular block counted %d regularised pivots, want 1", m, s1)
			}
			var x [6]float64
			for i := range m {
				x[i] = rng.Float64()*2 - 1
			}
			nd := tnode{m: int32(m), l: l1, inv: inv1}
			f1, f2 := x, x
			fwdLoop(&nd.l, &nd.inv, &f1, m)
			nd.fwd(&f2, m)
			b1, b2 := x, x
			bwdLoop(&nd.l, &nd.inv, &b1, m)
			nd.bwd(&b2, m)
			if f1 != f2 || b1 != b2 {
				t.Fatalf("m=%d trial %d: substitutions differ", m, trial)
			}
		}
	}
}

// TestLimitSlot: a hinge limit resting on its stop is solved as an
// equality row in the joint's slot (buildRows), which must give the
// bounded row's LCP solution. Two copies of the craft, legs on their stops
// under thrust, run bit-identically with bounded limits; then one Step
// with the slots against one without: the legs' limit impulses agree to
// rounding (the projection after the step treats a held limit differently,
// so the states are compared only through the impulses). Then a pull that
// lifts the legs off their stops: the held limits would pull, so the stage
// is solved again (Stats.Resolves) and matches the bounded solution.
func TestLimitSlot(t *testing.T) {
	a, b := newCraft(WorldDef{}), newCraft(WorldDef{})
	om := mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5)
	a.spin(om)
	b.spin(om)
	a.w.solver.noSlots, b.w.solver.noSlots = true, true
	step := func(i int) {
		t.Helper()
		craftLoads(a, i)
		craftLoads(b, i)
		if err := a.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		if err := b.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	for i := range 60 {
		step(i)
	}
	a.w.solver.noSlots = false
	step(60)
	if n := a.w.solver.nSlot; n != 4 {
		t.Fatalf("%d limits held in slots, want the 4 legs'", n)
	}
	if st := b.w.Stats(); st.MaxBoundedRows != 4 {
		t.Fatalf("bounded world: %d bounded rows, want the 4 limits", st.MaxBoundedRows)
	}
	for k, h := range a.hinges {
		la, lb := a.w.joints.list[h].lamLower, b.w.joints.list[b.hinges[k]].lamLower
		t.Logf("leg %d: limit impulse %.15g (slot) vs %.15g (bounded)", k, la, lb)
		if !(lb > 0) || math.Abs(la-lb) > 1e-9*lb {
			t.Errorf("leg %d: limit impulse %.15g in the slot, %.15g bounded", k, la, lb)
		}
	}

	// Swing the legs up off their stops (a torque on each leg about its
	// hinge axis, towards positive angles): the limits must let go.
	c := newCraft(WorldDef{})
	c.spin(om)
	for i := range 60 {
		craftLoads(c, i)
		if err := c.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	if c.w.solver.nSlot != 4 {
		t.Fatalf("before the pull: %d limits in slots, want 4", c.w.solver.nSlot)
	}
	resolves := 0
	for range 30 {
		for k, l := range c.legs {
			c.w.ApplyTorque(l, c.w.Joint(c.hinges[k]).Axis().Mul(3000))
		}
		if err := c.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		resolves += c.w.Stats().Resolves
	}
	if resolves == 0 {
		t.Error("pulling the legs off their stops never made a held limit let go")
	}
	for k, h := range c.hinges {
		if th := c.w.Joint(h).Angle(); th < 0 {
			t.Errorf("leg %d: angle %.4f rad, want swung up off the stop at -0.02", k, th)
		}
		if l := c.w.joints.list[h].lamLower; l != 0 {
			t.Errorf("leg %d: limit impulse %.3g, want 0 off the stop", k, l)
		}
	}
	t.Logf("stages solved again: %d; angles after 0.5 s: %.3f %.3f %.3f %.3f rad", resolves,
		c.w.Joint(c.hinges[0]).Angle(), c.w.Joint(c.hinges[1]).Angle(), c.w.Joint(c.hinges[2]).Angle(), c.w.Joint(c.hinges[3]).Angle())
}

// TestSchurReuse: a stage whose bounded rows are those of the last Schur
// complement reuses it (schur.go) and is accepted only at a fixed point of
// Gauss-Seidel on the true velocities, so a lander touching down and coming
// to rest follows the fresh solve to within the solver's stop tolerance
// (measured: 2e-8 m, 2e-8 m/s after 5 s; allowed: 1e-5 m, 1e-6 m/s), with
// the same joint gaps and penetration. At rest almost every stage reuses S; during
// the touchdown some are refused and solved fresh.
func TestSchurReuse(t *testing.T) {
	a, b := newLander(1.62, 0.3, -3), newLander(1.62, 0.3, -3)
	b.w.solver.noSchurReuse = true
	reusedTouch, reusedRest, restStages := 0, 0, 0
	gapA, gapB := 0.0, 0.0
	for i := range 300 {
		if err := a.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		if err := b.w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		st := a.w.Stats()
		if i < 60 {
			reusedTouch += st.SchurReuses
		} else if st.MaxBoundedRows > 0 {
			restStages += 4
			reusedRest += st.SchurReuses
		}
		gapA, gapB = max(gapA, a.w.MaxJointGap()), max(gapB, b.w.MaxJointGap())
		if b.w.Stats().SchurReuses != 0 {
			t.Fatal("the world with reuse off reused S")
		}
	}
	dx, dv := 0.0, 0.0
	for i := range a.w.bodies {
		dx = max(dx, a.w.y[i].c.sub(b.w.y[i].c).vec().Len())
		dv = max(dv, a.w.y[i].v.sub(b.w.y[i].v).vec().Len(), a.w.y[i].w.sub(b.w.y[i].w).vec().Len())
	}
	t.Logf("reused S in %d stages of the first second (240), %d of %d stages with bounded rows after; reuse vs fresh after 5 s: |Δx| %.2e m, |Δv| %.2e; peak gaps %.3g / %.3g m; penetration %.3g / %.3g m",
		reusedTouch, reusedRest, restStages, dx, dv, gapA, gapB, a.w.Stats().MaxPenetration, b.w.Stats().MaxPenetration)
	if dx > 1e-5 || dv > 1e-6 {
		t.Errorf("reuse and fresh differ: |Δx| %.2e m, |Δv| %.2e", dx, dv)
	}
	// Joints are held within projectTol (1e-9 m) plus a step's growth.
	if gapA > 2*projectTol || math.Abs(a.w.Stats().MaxPenetration-b.w.Stats().MaxPenetration) > 1e-6 {
		t.Errorf("gap %.3g m, penetration %.3g vs %.3g m", gapA, a.w.Stats().MaxPenetration, b.w.Stats().MaxPenetration)
	}
	if reusedRest < restStages*9/10 {
		t.Errorf("at rest S was reused in %d of %d stages, want nearly all", reusedRest, restStages)
	}
	if reusedTouch >= 240 {
		t.Errorf("S reused in every stage of the touchdown (%d): the fallback never ran", reusedTouch)
	}
}

// TestEnvelopeNoSlots: the limits' slot rows (buildRows) serve only the
// tree. A chain with limits solved on the envelope has none: no empty rows
// in its factor (they showed as regularised pivots, 16 per step here).
func TestEnvelopeNoSlots(t *testing.T) {
	w, js := newChain(4, 100, 1, 0.3)
	for _, j := range js {
		if err := w.Joint(j).SetLimits(true, -0.5, 0.5); err != nil {
			t.Fatal(err)
		}
	}
	w.solver.tree.mode = -1
	w.joints.dirty = true
	for range 60 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		if st := w.Stats(); st.Singular != 0 {
			t.Fatalf("%d regularised pivots on the envelope", st.Singular)
		}
	}
	if w.solver.tree.ok || w.solver.nSlotRows != 0 {
		t.Errorf("envelope world: tree %v, %d slot rows", w.solver.tree.ok, w.solver.nSlotRows)
	}
}

// TestConstBlock: the kept factor of a joint whose child is a leaf on its B
// side (tnode.kc) is the block N = J_B M_B⁻¹ J_Bᵀ of the current rows after
// the craft has turned and its legs swung, with a limit held in the slot
// from below and from above, and after a leg's mass changes.
func TestConstBlock(t *testing.T) {
	c := newCraft(WorldDef{})
	c.spin(mgl64.Vec3{1, 2, 0.5}.Normalize().Mul(0.5))
	w := c.w
	check := func(when string) {
		t.Helper()
		s := &w.solver
		n := 0
		for i := range s.tree.nodes {
			nd := &s.tree.nodes[i]
			if !nd.kc {
				continue
			}
			n++
			w.constBlock(nd) // with the last stage's rows and slots
			m := int(nd.m)
			rows := s.eq[nd.rows : int(nd.rows)+m]
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
		if n != 5 {
			t.Fatalf("%s: %d constant joint blocks, want the craft's 5", when, n)
		}
	}
	for i := range 120 {
		craftLoads(c, i)
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	check("after 2 s")
	// Hold the legs on their upper stops: the springs push them up towards
	// −0.1 rad, so an upper stop at −0.2 holds them in the slot.
	for _, h := range c.hinges {
		if err := w.Joint(h).SetLimits(true, -1, -0.2); err != nil {
			t.Fatal(err)
		}
	}
	for range 60 {
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
	}
	upper := 0
	for i := range w.solver.tree.nodes {
		nd := &w.solver.tree.nodes[i]
		if nd.kc && nd.m == 6 && w.solver.eq[nd.rows+5].kind == rowUpper {
			upper++
		}
	}
	if upper == 0 {
		t.Fatal("no upper limit held in a slot")
	}
	check("upper limits in the slots")
	if err := w.Body(c.legs[0]).SetMass(35, mgl64.Diag3(mgl64.Vec3{7, 0.2, 7})); err != nil {
		t.Fatal(err)
	}
	if err := w.Step(dt60); err != nil {
		t.Fatal(err)
	}
	check("after a leg's mass changed")
}
