package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/fmath"
	"spaceflight/physics/geom"
)

const dt60 = 1.0 / 60

func earthWorld() *World { return NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}}) }

func stepN(t *testing.T, w *World, n int, each func(i int)) {
	t.Helper()
	for i := range n {
		if err := w.Step(dt60); err != nil {
			t.Fatalf("step %d: %v", i, err)
		}
		if each != nil {
			each(i)
		}
	}
}

// atRest reports |v| < 1 mm/s and |ω| < 0.001 rad/s.
func atRest(b Body) bool {
	return b.Velocity().Len() < 1e-3 && b.AngularVelocity().Len() < 1e-3
}

// TestCubeDrop (issue 4, acceptance 1): a 1 m, 100 kg cube dropped from 2 m
// (ε = 0, μ = 0.8): penetration < 1 mm, at rest within 3 s, horizontal drift
// < 1 mm over 10 s. Dropped on an edge or a corner it settles flat.
func TestCubeDrop(t *testing.T) {
	edge := mgl64.QuatRotate(math.Pi/4+0.05, mgl64.Vec3{0, 0, 1})
	corner := mgl64.QuatRotate(math.Atan(math.Sqrt2)+0.05, mgl64.Vec3{1, 0, -1}.Normalize()).Mul(mgl64.QuatRotate(math.Pi/4, mgl64.Vec3{0, 1, 0}))
	for _, tc := range []struct {
		name   string
		q      mgl64.Quat
		restBy float64 // s
	}{
		{"flat", mgl64.QuatIdent(), 3},
		{"edge", edge, 5},
		{"corner", corner, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := earthWorld()
			addGround(w, 0.8, 0)
			// Lowest point 2 m above the ground.
			id := addCube(w, 1, 100, mgl64.Vec3{}, tc.q, 0.8, 0)
			b := w.Body(id)
			low := math.Inf(1)
			for _, v := range geom.Box(mgl64.Vec3{0.5, 0.5, 0.5}).Verts {
				low = math.Min(low, b.WorldVector(v)[1])
			}
			b.SetPosition(mgl64.Vec3{0, 2 - low, 0})
			x0 := b.Position()
			maxPen, restSince := 0.0, -1.0
			var xRest mgl64.Vec3
			stepN(t, w, 600, func(i int) {
				maxPen = math.Max(maxPen, w.Stats().MaxPenetration)
				tt := float64(i+1) * dt60
				if atRest(b) {
					if restSince < 0 {
						restSince, xRest = tt, b.Position()
					}
				} else {
					restSince = -1
				}
			})
			p := b.Position()
			drift := math.Hypot(p[0]-x0[0], p[2]-x0[2])
			t.Logf("max penetration %.2f mm, at rest from %.2f s, y %.5f m, upright error %.1e, horizontal drift %.3f mm, drift after rest %.2e m",
				maxPen*1e3, restSince, p[1], upright(b), drift*1e3, p.Sub(xRest).Len())
			if maxPen > 1e-3 {
				t.Errorf("max penetration %.2f mm, want < 1 mm", maxPen*1e3)
			}
			if restSince < 0 || restSince > tc.restBy {
				t.Errorf("at rest from %.2f s (−1: never), want within %v s", restSince, tc.restBy)
			}
			if upright(b) > 1e-3 || math.Abs(p[1]-0.5) > 5e-3 {
				t.Errorf("not flat: upright error %.2e, centre height %.4f m (want 0.5)", upright(b), p[1])
			}
			if tc.name == "flat" && drift > 1e-3 {
				t.Errorf("horizontal drift %.3f mm over 10 s, want < 1 mm", drift*1e3)
			}
			if d := p.Sub(xRest).Len(); restSince >= 0 && d > 1e-3 {
				t.Errorf("moved %.2e m after coming to rest", d)
			}
		})
	}
}

// TestRestitution (acceptance 2): with ε = 0.5 the rebound apex is ε² of the
// drop height ± 5 %; energy never exceeds its value before the impact and
// every apex holds less energy than the one before; an impact slower than
// the threshold does not bounce.
func TestRestitution(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	const drop = 2.0
	id := addCube(w, 1, 100, mgl64.Vec3{0, 0.5 + drop, 0}, mgl64.QuatIdent(), 0.8, 0.5)
	b := w.Body(id)
	e0 := w.Energy()
	var apexes []float64
	var apexE []float64
	maxE := math.Inf(-1)
	prevVy := 0.0
	touched := false
	stepN(t, w, 300, func(i int) {
		maxE = math.Max(maxE, w.Energy())
		if w.Stats().Contacts > 0 {
			touched = true
		}
		vy := b.Velocity()[1]
		if touched && prevVy > 0 && vy <= 0 && b.Position()[1]-0.5 > 1e-3 {
			// Apex between the steps: y + v²/2g from the last upward state.
			apexes = append(apexes, b.Position()[1]-0.5)
			apexE = append(apexE, w.Energy())
		}
		prevVy = vy
	})
	if len(apexes) == 0 {
		t.Fatal("no rebound")
	}
	want := 0.25 * drop
	t.Logf("apexes %.4f m (want first %.3f), energy before %.1f J, max after %.1f J, at apexes %.1f J", apexes, want, e0, maxE, apexE)
	// The apex is sampled at step ends: allow the half-step sampling error
	// g (dt/2)²/2 ≈ 0.1 mm on top of ±5 %.
	if math.Abs(apexes[0]-want) > 0.05*want {
		t.Errorf("first apex %.4f m, want %.3f ± 5 %%", apexes[0], want)
	}
	if maxE > e0+1e-9*math.Abs(e0) {
		t.Errorf("energy rose to %.6f J from %.6f J", maxE, e0)
	}
	for k := 1; k < len(apexE); k++ {
		if apexE[k] > apexE[k-1] {
			t.Errorf("apex %d holds %.3f J, more than apex %d (%.3f J)", k, apexE[k], k-1, apexE[k-1])
		}
	}

	// Slow impact: 1 cm drop, 0.44 m/s < 0.5 m/s threshold: no bounce.
	w = earthWorld()
	addGround(w, 0.8, 0)
	id = addCube(w, 1, 100, mgl64.Vec3{0, 0.51, 0}, mgl64.QuatIdent(), 0.8, 0.5)
	b = w.Body(id)
	touched = false
	maxY := 0.0
	stepN(t, w, 120, func(i int) {
		if w.Stats().Contacts > 0 && b.Position()[1] < 0.5005 {
			touched = true
		}
		if touched {
			maxY = math.Max(maxY, b.Position()[1]-0.5)
		}
	})
	t.Logf("slow impact: highest after touching %.3f mm", maxY*1e3)
	if !touched || maxY > 5e-4 {
		t.Errorf("slow impact bounced to %.3f mm (touched %v), want < 0.5 mm", maxY*1e3, touched)
	}
}

// incline returns a world with a static slope of angle th (rad, about z) and
// a 1 m cube resting on it; mu is both shapes' friction.
func incline(th, mu float64) (*World, BodyID, mgl64.Vec3) {
	w := earthWorld()
	q := mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1})
	n := q.Rotate(mgl64.Vec3{0, 1, 0})
	w.AddBody(BodyDef{Name: "slope", Position: n.Mul(-0.5), Orientation: q,
		Shapes: []ShapeDef{{Poly: geom.Box(mgl64.Vec3{200, 0.5, 20}), Friction: mu}}})
	id := addCube(w, 1, 100, n.Mul(0.5), q, mu, 0)
	down := q.Rotate(mgl64.Vec3{-1, 0, 0}) // down the slope
	return w, id, down
}

// TestIncline (acceptance 3): on a 10° slope a cube with μ = 0.5 creeps
// < 1 mm per minute; with μ = 0.1 it slides with a = g (sin θ − μ cos θ)
// within 2 %.
func TestIncline(t *testing.T) {
	th := 10 * math.Pi / 180
	w, id, down := incline(th, 0.5)
	b := w.Body(id)
	x0 := b.Position()
	stepN(t, w, 3600, nil)
	creep := b.Position().Sub(x0).Len()
	t.Logf("μ = 0.5: moved %.4f mm in 60 s", creep*1e3)
	if creep > 1e-3 {
		t.Errorf("creeps %.4f mm per minute, want < 1 mm", creep*1e3)
	}

	const mu = 0.1
	w, id, down = incline(th, mu)
	b = w.Body(id)
	var v1, v2 float64
	stepN(t, w, 180, func(i int) {
		switch i + 1 {
		case 30:
			v1 = dot(b.Velocity(), down)
		case 180:
			v2 = dot(b.Velocity(), down)
		}
	})
	a := (v2 - v1) / (150 * dt60)
	want := 9.81 * (math.Sin(th) - mu*math.Cos(th))
	t.Logf("μ = 0.1: a = %.5f m/s², want %.5f (%.3f %%)", a, want, 100*(a-want)/want)
	if math.Abs(a-want) > 0.02*want {
		t.Errorf("slides with %.5f m/s², want %.5f ± 2 %%", a, want)
	}
}

// TestStack (acceptance 4): five 1 m cubes stacked stand for 30 s without
// sleeping: the top cube drifts < 5 mm.
func TestStack(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	var top BodyID
	for k := range 5 {
		top = addCube(w, 1, 100, mgl64.Vec3{0, 0.5 + float64(k), 0}, mgl64.QuatIdent(), 0.8, 0)
	}
	b := w.Body(top)
	x0 := b.Position()
	maxPen := 0.0
	stepN(t, w, 1800, func(int) { maxPen = math.Max(maxPen, w.Stats().MaxPenetration) })
	d := b.Position().Sub(x0).Len()
	t.Logf("top cube drift %.4f mm in 30 s, max penetration %.3f mm, stats %+v", d*1e3, maxPen*1e3, w.Stats())
	if d > 5e-3 {
		t.Errorf("top cube drifted %.3f mm, want < 5 mm", d*1e3)
	}
}

// TestTunnelling (acceptance 8): a 0.5 m cube thrown at 40 m/s at a static
// 0.1 m slab, straight on and at 30° from the normal, stays on its side.
func TestTunnelling(t *testing.T) {
	for _, deg := range []float64{0, 30} {
		w := earthWorld()
		w.AddBody(BodyDef{Name: "slab", Shapes: []ShapeDef{{Poly: geom.Box(mgl64.Vec3{10, 0.05, 10}), Friction: 0.5}}})
		a := deg * math.Pi / 180
		id := addCube(w, 0.5, 50, mgl64.Vec3{-math.Tan(a) * 1.5, 1.8, 0}, mgl64.QuatIdent(), 0.5, 0)
		b := w.Body(id)
		b.SetVelocity(mgl64.Vec3{math.Sin(a), -math.Cos(a), 0}.Mul(40))
		minY := math.Inf(1)
		stepN(t, w, 120, func(int) { minY = math.Min(minY, b.Position()[1]) })
		t.Logf("%v°: lowest centre %.4f m (slab top 0.05, resting centre 0.30), final %.4f", deg, minY, b.Position()[1])
		if minY < 0.3-0.01 {
			t.Errorf("%v°: cube centre reached %.4f m: it went into or through the slab", deg, minY)
		}
	}
}

// TestCompound: a dumbbell — one body, two 0.5 m cubes 1.5 m apart on a
// massless bar — dropped tilted settles on both cubes; the events name
// both shapes by their tags and carry its weight together.
func TestCompound(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	h := mgl64.Vec3{0.25, 0.25, 0.25}
	cube := geom.Box(h)
	id := w.AddBody(BodyDef{
		Name: "dumbbell", Mass: 20, Inertia: mgl64.Diag3(mgl64.Vec3{0.5, 11.7, 11.7}),
		Position:    mgl64.Vec3{0, 1, 0},
		Orientation: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 0, 1}),
		Shapes: []ShapeDef{
			{Poly: cube, Local: geom.Transform{Pos: mgl64.Vec3{-0.75, 0, 0}}, Friction: 0.8, Tag: 10},
			{Poly: cube, Local: geom.Transform{Pos: mgl64.Vec3{0.75, 0, 0}}, Friction: 0.8, Tag: 11},
		},
	})
	first, n := w.Body(id).Shapes()
	if n != 2 {
		t.Fatalf("%d shapes, want 2", n)
	}
	if info, ok := w.Shape(first + 1); !ok || info.Tag != 11 || info.Index != 1 || info.Body != id {
		t.Errorf("shape %d: %+v", first+1, info)
	}
	stepN(t, w, 300, nil)
	b := w.Body(id)
	tags := map[int32]float64{}
	for _, e := range w.ContactEvents() {
		tags[e.TagB] = e.NormalImpulse
	}
	// Eight points under one rigid body: how the weight splits between the
	// cubes is statically indeterminate; the total is m g dt.
	want := 20 * 9.81 * dt60
	t.Logf("centre y %.4f m, impulses by tag %v (total want %.4f)", b.Position()[1], tags, want)
	if math.Abs(b.Position()[1]-0.25) > 2e-3 || !atRest(b) {
		t.Errorf("dumbbell not resting on its two cubes: y %.4f, v %v", b.Position()[1], b.Velocity())
	}
	if len(tags) != 2 || !(tags[10] > 0 && tags[11] > 0) || math.Abs(tags[10]+tags[11]-want) > 0.01*want {
		t.Errorf("impulses by tag %v, want both cubes bearing, %.4f N s in total", tags, want)
	}
}

// TestContactDeterminism: two equal worlds with contacts (a tumbling cube
// hitting a stack, the lander touching down) stay bit-identical, and the
// 5 s run matches the golden hash.
func TestContactDeterminism(t *testing.T) {
	build := func() (*World, *World) {
		w := earthWorld()
		addGround(w, 0.6, 0.2)
		for k := range 4 {
			addCube(w, 1, 10, mgl64.Vec3{0, 0.5 + float64(k), 0}, mgl64.QuatIdent(), 0.6, 0.2)
		}
		id := addCube(w, 0.5, 5, mgl64.Vec3{-4, 3.5, 0.2}, fmath.QuatRotate(0.4, fmath.Normalize(mgl64.Vec3{1, 1, 0})), 0.6, 0.3)
		w.Body(id).SetVelocity(mgl64.Vec3{6, 0, 0})
		w.Body(id).SetAngularVelocity(mgl64.Vec3{0, 3, 5})
		return w, newLander(1.62, 0.3, -3).w
	}
	a1, a2 := build()
	b1, b2 := build()
	for i := range 300 {
		for _, w := range []*World{a1, a2, b1, b2} {
			if err := w.Step(dt60); err != nil {
				t.Fatal(err)
			}
		}
		if stateHash(a1) != stateHash(b1) || stateHash(a2) != stateHash(b2) {
			t.Fatalf("step %d: worlds differ", i)
		}
	}
	checkGolden(t, "contacts5s.hash", stateHash(a1)+"\n"+stateHash(a2))
}

// TestCubeDropSubSteps: with 4 sub-steps per Step the drop still settles
// flat, without penetration.
func TestCubeDropSubSteps(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, SubSteps: 4})
	addGround(w, 0.8, 0)
	id := addCube(w, 1, 100, mgl64.Vec3{0, 2.5, 0}, mgl64.QuatRotate(0.2, mgl64.Vec3{1, 0, 1}.Normalize()), 0.8, 0)
	maxPen := 0.0
	stepN(t, w, 300, func(int) { maxPen = math.Max(maxPen, w.Stats().MaxPenetration) })
	b := w.Body(id)
	t.Logf("y %.5f, upright error %.1e, max penetration %.2f mm", b.Position()[1], upright(b), maxPen*1e3)
	if !atRest(b) || upright(b) > 1e-3 || math.Abs(b.Position()[1]-0.5) > 5e-3 || maxPen > 5e-3 {
		t.Errorf("not settled flat: y %.5f, v %v, upright error %.1e, max penetration %.2f mm", b.Position()[1], b.Velocity(), upright(b), maxPen*1e3)
	}
}

// TestZeroGImpact: a 200 kg cube thrown at 5 m/s at a free 5000 kg station
// in zero gravity. Linear and angular momentum are conserved through the
// impact; energy never rises (beyond the solver's 1e-6); a centred head-on
// impact leaves the relative
// speed ε times the approach speed (ε = 1: energy conserved).
func TestZeroGImpact(t *testing.T) {
	for _, tc := range []struct {
		name    string
		eps     float64
		tumble  bool
		wantSep float64 // separation speed along x, m/s (0: not checked)
	}{
		{"head-on ε=0", 0, false, 0},
		{"head-on ε=0.5", 0.5, false, 2.5},
		{"head-on ε=1", 1, false, 5},
		{"tumbling ε=0", 0, true, 0},
		{"tumbling ε=0.5", 0.5, true, 0},
		{"tumbling ε=1", 1, true, 0},
	} {
		w := NewWorld(WorldDef{})
		st := w.AddBody(BodyDef{Name: "station", Mass: 5000, Inertia: boxInertia(5000, mgl64.Vec3{3, 2, 2}), Orientation: mgl64.QuatIdent(),
			Shapes: []ShapeDef{{Poly: geom.Box(mgl64.Vec3{3, 2, 2}), Friction: 0.5, Restitution: tc.eps}}})
		pos, q := mgl64.Vec3{-6, 0, 0}, mgl64.QuatIdent()
		if tc.tumble {
			pos, q = mgl64.Vec3{-6, 1.2, 0.3}, mgl64.QuatRotate(0.3, mgl64.Vec3{0, 1, 1}.Normalize())
		}
		c := addCube(w, 1, 200, pos, q, 0.5, tc.eps)
		w.Body(c).SetVelocity(mgl64.Vec3{5, 0, 0})
		if tc.tumble {
			w.Body(c).SetAngularVelocity(mgl64.Vec3{0, 0.5, 1})
		}
		p0, l0, e0 := w.LinearMomentum(), w.AngularMomentum(), w.Energy()
		maxE, touched := e0, false
		stepN(t, w, 120, func(int) {
			maxE = math.Max(maxE, w.Energy())
			touched = touched || w.Stats().Contacts > 0
		})
		dp := w.LinearMomentum().Sub(p0).Len() / p0.Len()
		dl := w.AngularMomentum().Sub(l0).Len() / math.Max(l0.Len(), p0.Len()*1) // head-on: L0 = 0; scale by P × 1 m
		sep := w.Body(st).Velocity()[0] - w.Body(c).Velocity()[0]
		t.Logf("%s: ΔP/P %.1e, ΔL/L %.1e, E %.2f → %.2f J (max %.2f), separation %.4f m/s", tc.name, dp, dl, e0, w.Energy(), maxE, sep)
		if !touched {
			t.Fatalf("%s: no contact", tc.name)
		}
		if dp > 1e-12 || dl > 1e-9 {
			t.Errorf("%s: momentum not conserved: ΔP/P %.2e, ΔL/L %.2e", tc.name, dp, dl)
		}
		if maxE > e0*(1+1e-6) { // the iterations stop at 1e-7 m/s
			t.Errorf("%s: energy rose to %.4f J from %.4f J", tc.name, maxE, e0)
		}
		if tc.wantSep > 0 && math.Abs(sep-tc.wantSep) > 0.01*tc.wantSep {
			t.Errorf("%s: separation speed %.4f m/s, want %.2f", tc.name, sep, tc.wantSep)
		}
		if tc.eps == 1 && !tc.tumble && math.Abs(w.Energy()-e0) > 1e-6*e0 {
			t.Errorf("%s: elastic impact changed the energy %.6f → %.6f J", tc.name, e0, w.Energy())
		}
	}
}

// TestNearBodies: skipping the broad phase when no two bodies' boxes meet
// (nearBodies) loses no pair: through a lander's flight, touchdown and rest
// with a spinning cube thrown past it, whenever nearBodies says no, no two
// shapes the filter lets collide have overlapping broad-phase boxes; and it
// did say no in the air.
func TestNearBodies(t *testing.T) {
	w := newLander(1.62, 2, -1).w
	id := addCube(w, 0.5, 5, mgl64.Vec3{-6, 3, 0.2}, mgl64.QuatRotate(0.4, mgl64.Vec3{1, 1, 0}.Normalize()), 0.6, 0.3)
	w.Body(id).SetVelocity(mgl64.Vec3{3, 2, 0})
	w.Body(id).SetAngularVelocity(mgl64.Vec3{0, 3, 5})
	skipped, touched := 0, false
	for i := range 240 {
		if !w.nearBodies(dt60) {
			skipped++
			w.ctx.dt = dt60
			boxes := w.shapeBoxes()
			for a := range boxes {
				for b := a + 1; b < len(boxes); b++ {
					if w.collideFilter(a, b) && boxes[a].Overlaps(boxes[b]) {
						t.Fatalf("step %d: nearBodies skipped the broad phase, but shapes %d and %d meet", i, a, b)
					}
				}
			}
		}
		if err := w.Step(dt60); err != nil {
			t.Fatal(err)
		}
		touched = touched || w.Stats().Contacts > 0
	}
	if skipped == 0 || !touched {
		t.Fatalf("skipped %d steps, touched %v: not a test of the shortcut", skipped, touched)
	}
	t.Logf("broad phase skipped in %d of 240 steps", skipped)
}

// A push-out the joints forbid stays bounded: a cube hinged to the world
// at its centre (axis x), set 5 mm into the ground. Lifting its four
// bottom corners out is impossible — the hinge only lets it turn, which
// lifts one side by lowering the other — so rigid push-out rows have no
// finite solution: their impulses grew sweep after sweep along the
// squeeze between the hinge and the ground. Compliant, each row pushes at
// most what gives it alone its push-out speed (pushImpulse); the cube
// stays put and gains no energy.
func TestPushOutAgainstJoint(t *testing.T) {
	w := earthWorld()
	addGround(w, 0.8, 0)
	const m, depth = 100.0, 0.005
	id := addCube(w, 1, m, mgl64.Vec3{0, 0.5 - depth, 0}, mgl64.QuatIdent(), 0.8, 0)
	if _, err := w.AddHinge(HingeDef{A: id, B: NoBody, Anchor: mgl64.Vec3{0, 0.5 - depth, 0}, Axis: mgl64.Vec3{1, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	e0 := w.Energy()
	worst, rise := 0.0, 0.0
	stepN(t, w, 240, func(int) {
		for _, e := range w.ContactEvents() {
			worst = math.Max(worst, e.NormalImpulse)
		}
		rise = math.Max(rise, w.Energy()-e0)
	})
	// The weight over a step is 16 N s, and each of the four corners may
	// push by at most m·(1 m/s) beyond holding: far below the kN s the
	// rigid rows reached.
	if limit := m*9.81*dt60 + 4*m*contactMaxPush; worst > limit {
		t.Errorf("largest normal impulse in a step %.4g N s, want ≤ %.4g", worst, limit)
	}
	if rise > 1e-9*m*9.81 {
		t.Errorf("energy rose %.3g J", rise)
	}
	b := w.Body(id)
	t.Logf("largest normal impulse %.3g N s a step; energy rise %.2g J; ω %.2g rad/s", worst, rise, b.AngularVelocity().Len())
}

// TestTippingKeepsEnergy: a cube set on an edge, its centre of mass off the
// edge by a few degrees, pivots about the edge (friction 0.8 holds it) and
// lands on a face. Until it lands no force does work — the edge does not
// move — so the energy must not rise above its start; the landing only
// takes energy out. The contact rows' centripetal terms (h J̇u, contact.go)
// are what keeps it: without them the solver holds the pivot's material
// points at the linear model's velocity while they turn upwards and lifts
// the cube: it gained 2.5e-5–8e-5 of its peak kinetic energy at these
// steps, 3e-8 at most with them.
func TestTippingKeepsEnergy(t *testing.T) {
	for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 120, 1.0 / 240} {
		for _, lean := range []float64{2, 10} {
			w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
			addGround(w, 0.8, 0)
			th := (45 - lean) * math.Pi / 180
			y := 0.5 * (math.Cos(th) + math.Sin(th))
			id := addCube(w, 1, 10, mgl64.Vec3{0, y, 0}, mgl64.QuatRotate(th, mgl64.Vec3{0, 0, 1}), 0.8, 0)
			e0, gain, peak := w.Energy(), 0.0, 0.0
			for range int(3 / dt) {
				if err := w.Step(dt); err != nil {
					t.Fatal(err)
				}
				gain = math.Max(gain, w.Energy()-e0)
				peak = math.Max(peak, w.KineticEnergy())
			}
			if u := upright(w.Body(id)); u > 1e-6 {
				t.Errorf("dt 1/%.0f, lean %g°: the cube did not land on a face (1 − cos = %.2g)", 1/dt, lean, u)
			}
			t.Logf("dt 1/%.0f, lean %g°: energy gain %.3g of the peak kinetic energy %.4g J", 1/dt, lean, gain/peak, peak)
			if gain > 1e-6*peak {
				t.Errorf("dt 1/%.0f, lean %g°: the energy rose %.3g J above its start, %.3g of the peak kinetic energy", 1/dt, lean, gain, gain/peak)
			}
		}
	}
}

// TestHopKeepsEnergy: a body resting on a one-sided row — a cube on the
// ground, an arm on its hinge's stop — kicked off it slowly enough that
// gravity brings it back within a step or two, never has more energy than
// the kick gave it. The row moves off at the step's start and must be
// stopped by its end; held to its end velocity, its impulse pushed the body
// on while it moved away: the cube ended the step at rest above the ground
// with up to 15× the kick's energy, the arm above its stop with 4× (liftOff).
func TestHopKeepsEnergy(t *testing.T) {
	cube := func(w *World) BodyID {
		addGround(w, 0.8, 0)
		return addCube(w, 1, 10, mgl64.Vec3{0, 0.5, 0}, mgl64.QuatIdent(), 0.8, 0)
	}
	arm := func(w *World) BodyID {
		// A 2 m arm along +x on a hinge about z, resting on its lower stop.
		base := w.AddBody(BodyDef{Name: "base"})
		id := w.AddBody(BodyDef{Name: "arm", Mass: 50, Inertia: rodInertia(50, 2, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
		if _, err := w.AddHinge(HingeDef{A: base, B: id, Axis: mgl64.Vec3{0, 0, 1}, EnableLimits: true, Lower: 0, Upper: 1}); err != nil {
			t.Fatal(err)
		}
		return id
	}
	for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 240} {
		for _, kick := range []struct {
			name  string
			build func(*World) BodyID
			v, w  float64
		}{
			{"cube hop", cube, 0.02, 0}, {"cube hop", cube, 0.1, 0},
			{"cube rock", cube, 0, 0.1}, {"cube rock", cube, 0, 0.5},
			{"arm", arm, 0, 0.02}, {"arm", arm, 0, 0.1},
		} {
			w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
			id := kick.build(w)
			for range 30 {
				if err := w.Step(dt); err != nil {
					t.Fatal(err)
				}
			}
			b := w.Body(id)
			b.SetVelocity(b.Velocity().Add(mgl64.Vec3{0, kick.v, 0}).Add(mgl64.Vec3{0, 0, kick.w}.Cross(b.Position())))
			b.SetAngularVelocity(mgl64.Vec3{0, 0, kick.w})
			ke0 := w.KineticEnergy()
			gain := energyRise(t, w, dt, 2, w.Energy, nil)
			t.Logf("dt 1/%.0f, %s, v %g m/s, ω %g rad/s: energy gain %.3g of the kick's %.3g J", 1/dt, kick.name, kick.v, kick.w, gain/ke0, ke0)
			// RK4's error on the arm's swing: 3e-6 of the kick at dt 1/30.
			if gain > 1e-5*ke0 {
				t.Errorf("dt 1/%.0f, %s, v %g m/s, ω %g rad/s: the energy rose %.3g J above its start, %.3g of the kick's", 1/dt, kick.name, kick.v, kick.w, gain, gain/ke0)
			}
		}
	}
}

// TestPushOffKeepsEnergy: an arm sunk 1e-4 rad past its hinge's stop and
// kicked off it faster than the stop's push-out asks, under a torque that
// brings it back within a step or two, gains no more energy than the push
// may give back: the potential of the depth it lifts out of, and the
// kinetic energy of the push's speed, at most the depth over a step. Held
// to its end velocity, the push-out row pushed the arm on while it moved
// away, and it gained up to 10 times what its push could give back
// (liftOff).
func TestPushOffKeepsEnergy(t *testing.T) {
	for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 240} {
		for _, kick := range []float64{0.02, 0.1, 0.5} {
			// The arm, 50 kg, 2 m along x, on a hinge about z pressed onto
			// its lower stop by a torque τ, in zero gravity: its potential
			// is τ θ.
			const tau, depth = 500.0, 1e-4 // N m, rad past the stop
			w := NewWorld(WorldDef{})
			base := w.AddBody(BodyDef{Name: "base"})
			inertia := rodInertia(50, 2, 0.05, mgl64.Vec3{1, 0, 0})
			id := w.AddBody(BodyDef{Name: "arm", Mass: 50, Inertia: inertia, Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
			if _, err := w.AddHinge(HingeDef{A: base, B: id, Axis: mgl64.Vec3{0, 0, 1}, EnableLimits: true, Lower: depth, Upper: 1}); err != nil {
				t.Fatal(err)
			}
			arm := w.Body(id)
			arm.SetAngularVelocity(mgl64.Vec3{0, 0, kick})
			arm.SetVelocity(mgl64.Vec3{0, kick, 0})
			energy := func() float64 {
				x := arm.WorldVector(mgl64.Vec3{1, 0, 0})
				return w.KineticEnergy() + tau*math.Atan2(x[1], x[0])
			}
			pivot := inertia.At(2, 2) + 50 // about the hinge, I + m d², d = 1 m
			give := tau*depth + 0.5*pivot*(depth/dt)*(depth/dt)
			gain := energyRise(t, w, dt, 1, energy, func() { w.ApplyTorque(id, mgl64.Vec3{0, 0, -tau}) })
			t.Logf("dt 1/%.0f, kick %g rad/s: the arm gains %.3g J of %.3g J its push may give back", 1/dt, kick, gain, give)
			if gain > give {
				t.Errorf("dt 1/%.0f, arm kicked off at %g rad/s: the energy rose %.3g J, more than the %.3g J its push-out may give back", 1/dt, kick, gain, give)
			}
		}
	}
}

// energyRise steps w at dt for the given seconds, calling load (if any)
// before each step, and returns the most energy rose above its start.
func energyRise(t *testing.T, w *World, dt, seconds float64, energy func() float64, load func()) float64 {
	t.Helper()
	e0, gain := energy(), 0.0
	for range int(seconds / dt) {
		if load != nil {
			load()
		}
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		gain = math.Max(gain, energy()-e0)
	}
	return gain
}
