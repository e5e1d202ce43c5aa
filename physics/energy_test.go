package physics

import (
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// chainSpec is one passive chain of the energy test: n links of 1 m; the
// root (link 0) is 100 kg, the others 100/ratio kg (or, alternating, every
// second link light); the root hangs on a joint to the world or flies
// free, spinning; ball chains get a small push out of their plane.
type chainSpec struct {
	n           int
	ratio       float64
	alternating bool
	grounded    bool
	ball        bool
	bent        bool // released zigzag instead of straight
	dt          float64
}

func (c chainSpec) String() string {
	kind := "hinge"
	if c.ball {
		kind = "ball"
	}
	root := "free"
	if c.grounded {
		root = "world"
	}
	mass := "root"
	if c.alternating {
		mass = "alt"
	}
	pose := "straight"
	if c.bent {
		pose = "bent"
	}
	return fmt.Sprintf("%s-%d-%s-%g-%s-%s-dt1/%.0f", kind, c.n, mass, c.ratio, root, pose, 1/c.dt)
}

// build makes the chain, released horizontal (along +x) or zigzag, joints
// alternating which side is A so that both row orientations are tried.
func (c chainSpec) build() *World {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	prev := NoBody
	p := mgl64.Vec3{}
	for i := range c.n {
		m := 100.0
		if c.alternating && i%2 == 1 || !c.alternating && i > 0 {
			m = 100 / c.ratio
		}
		d := mgl64.Vec3{1, 0, 0}
		if c.bent {
			a := 0.6 * float64(1-2*(i%2))
			d = mgl64.Vec3{math.Cos(a), math.Sin(a), 0}
		}
		id := w.AddBody(BodyDef{Name: "link", Mass: m, Inertia: rodInertia(m, 1, 0.05, d), Position: p.Add(d.Mul(0.5)), Orientation: mgl64.QuatIdent()})
		a, b := prev, id
		if i%2 == 0 || prev == NoBody {
			a, b = id, prev
		}
		if prev != NoBody || c.grounded {
			var err error
			if c.ball {
				_, err = w.AddBall(BallDef{A: a, B: b, Anchor: p})
			} else {
				_, err = w.AddHinge(HingeDef{A: a, B: b, Anchor: p, Axis: mgl64.Vec3{0, 0, 1}})
			}
			if err != nil {
				panic(err)
			}
		}
		p = p.Add(d)
		prev = id
	}
	// A motion every joint allows: a rigid rotation, about the world
	// anchor (a small one out of the plane, for ball chains) or, free,
	// about the root's centre.
	var om, o mgl64.Vec3
	switch {
	case !c.grounded:
		om, o = mgl64.Vec3{0.3, 0, 3}, w.Body(0).Position()
	case c.ball:
		om = mgl64.Vec3{0.2, 0, 0}
	}
	for i := range w.NumBodies() {
		b := w.Body(BodyID(i))
		b.SetVelocity(cross(om, b.Position().Sub(o)))
		b.SetAngularVelocity(om)
	}
	return w
}

// TestChainEnergy: passive chains never gain energy. For hinge and ball
// chains of 2–20 links, neighbours' mass ratios from 1:1 to 1000:1, the
// heavy root on a world joint or free, released straight or bent, at dt
// from 1/30 to 1/240 s with the default settings, over 5 s: the total
// energy never rises above its start by more than 0.1 % of the peak
// kinetic energy, the anchor gaps stay under 1 mm and no Step fails.
func TestChainEnergy(t *testing.T) {
	ns := []int{2, 5, 10, 20}
	ratios := []float64{1, 10, 1000}
	dts := []float64{1.0 / 30, 1.0 / 60, 1.0 / 240}
	if testing.Short() {
		ns, dts = []int{10}, []float64{1.0 / 60}
	}
	worst := 0.0
	var worstSpec chainSpec
	runs := 0
	for _, n := range ns {
		for _, ratio := range ratios {
			for _, alt := range []bool{false, true} {
				for _, grounded := range []bool{true, false} {
					for _, ball := range []bool{false, true} {
						for _, bent := range []bool{false, true} {
							for _, dt := range dts {
								c := chainSpec{n, ratio, alt, grounded, ball, bent, dt}
								rise := c.check(t)
								if rise > worst {
									worst, worstSpec = rise, c
								}
								runs++
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d chains: worst energy rise %.3g of the peak kinetic energy", runs, worst)
	t.Logf("worst chain %v", worstSpec)
}

// check runs one chain for 5 s and reports its largest energy rise as a
// fraction of its peak kinetic energy.
func (c chainSpec) check(t *testing.T) float64 {
	t.Helper()
	w := c.build()
	e0 := w.Energy()
	peak, rise, gap := 0.0, 0.0, 0.0
	for i := range int(5/c.dt + 0.5) {
		if err := w.Step(c.dt); err != nil {
			t.Errorf("%v: step %d: %v", c, i, err)
			return 0
		}
		peak = max(peak, w.KineticEnergy())
		rise = max(rise, w.Energy()-e0)
		gap = max(gap, w.MaxJointGap())
	}
	if rise > 1e-4*peak {
		t.Errorf("%v: energy rose by %.4g J, %.3g of the peak kinetic energy %.4g J", c, rise, rise/peak, peak)
	}
	if gap > 1e-3 {
		t.Errorf("%v: a joint opened by %.3g m", c, gap)
	}
	return rise / peak
}

// TestPeerChainEnergy (issue 24): the peers' chain (../shared/peers
// SCENARIOS.md, S4) — ten 1 m links released horizontal, a 1000 kg root
// on a world hinge or a fixed root, nine 10 kg links whose tail whips to
// 40 rad/s — never gains more than 1e-4 of its peak kinetic energy over
// 10 s at dt 1/30, 1/60 and 1/120, and its joints hold to 1 µm. The fixed
// root gained 8e-4 at dt 1/30.
func TestPeerChainEnergy(t *testing.T) {
	for _, fixed := range []bool{false, true} {
		for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 120} {
			w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
			h := mgl64.Vec3{0.5, 0.1, 0.1}
			prev := NoBody
			for i := range 10 {
				m := 10.0
				if i == 0 {
					m = 1000
				}
				bd := BodyDef{Name: "link", Mass: m, Inertia: boxInertia(m, h), Position: mgl64.Vec3{0.5 + float64(i), 20, 0}}
				if i == 0 && fixed {
					bd.Mass, bd.Inertia = 0, mgl64.Mat3{}
				}
				id := w.AddBody(bd)
				var err error
				if i == 0 && !fixed {
					_, err = w.AddHinge(HingeDef{A: id, B: NoBody, Anchor: mgl64.Vec3{0, 20, 0}, Axis: mgl64.Vec3{0, 0, 1}})
				} else if i > 0 {
					_, err = w.AddHinge(HingeDef{A: prev, B: id, Anchor: mgl64.Vec3{float64(i), 20, 0}, Axis: mgl64.Vec3{0, 0, 1}})
				}
				if err != nil {
					t.Fatal(err)
				}
				prev = id
			}
			e0 := w.Energy()
			peak, rise, gap, subs := 0.0, 0.0, 0.0, 0
			n := int(10/dt + 0.5)
			for range n {
				if err := w.Step(dt); err != nil {
					t.Fatal(err)
				}
				peak = max(peak, w.KineticEnergy())
				rise = max(rise, w.Energy()-e0)
				gap = max(gap, w.MaxJointGap())
				subs += w.Stats().SubSteps
			}
			t.Logf("fixed root %v, dt 1/%.0f: rise %.2g of peak KE %.0f J, end %.2g, gap %.2g m, %.2f sub-steps a step", fixed, 1/dt, rise/peak, peak, (w.Energy()-e0)/peak, gap, float64(subs)/float64(n))
			if rise > 1e-4*peak || gap > 1e-6 {
				t.Errorf("fixed root %v, dt 1/%.0f: energy rose %.2g of its peak kinetic energy, joints opened %.2g m", fixed, 1/dt, rise/peak, gap)
			}
		}
	}
}

// TestJointedEnergyOrder: RK4 keeps its order with joints. A pendulum of
// one and of three hinged 1 m, 10 kg links, released horizontal, at one
// sub-step a step (MaxRotation set out of the way, so that the sub-step
// is dt): each halving of dt from 1/30 to 1/120 cuts the largest energy
// error over 2 s by at least 8, better than third order (it cuts it by
// 14–20). With the joints' drift correction taken afresh in each stage,
// it cut it by 3–7, falling towards first order: the correction's
// (β/h²) C put an O(1) force into RK4's inner stages (ball.go).
func TestJointedEnergyOrder(t *testing.T) {
	for _, links := range []int{1, 3} {
		prev := 0.0
		for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 120} {
			w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, MaxRotation: 10})
			last := w.AddBody(BodyDef{Name: "base"})
			for i := range links {
				x := float64(i)
				id := w.AddBody(BodyDef{Name: "link", Mass: 10, Inertia: rodInertia(10, 1, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{x + 0.5, 0, 0}, Orientation: mgl64.QuatIdent()})
				if _, err := w.AddHinge(HingeDef{A: last, B: id, Anchor: mgl64.Vec3{x, 0, 0}, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
					t.Fatal(err)
				}
				last = id
			}
			e0, keMax, dev := w.Energy(), 0.0, 0.0
			for range int(2 / dt) {
				if err := w.Step(dt); err != nil {
					t.Fatal(err)
				}
				if n := w.Stats().SubSteps; n != 1 {
					t.Fatalf("%d links, dt 1/%.0f: %d sub-steps a step, want 1", links, 1/dt, n)
				}
				keMax = max(keMax, w.KineticEnergy())
				dev = max(dev, math.Abs(w.Energy()-e0))
			}
			t.Logf("%d links, dt 1/%.0f: energy error up to %.3g of the peak kinetic energy %.4g J", links, 1/dt, dev/keMax, keMax)
			if prev > 0 && dev > prev/8 {
				t.Errorf("%d links: halving dt to 1/%.0f cut the energy error from %.3g J to %.3g J only, by %.2g (want 8 or more)", links, 1/dt, prev, dev, prev/dev)
			}
			prev = dev
		}
	}
}
