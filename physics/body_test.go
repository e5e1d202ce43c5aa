package physics

import (
	"errors"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// ellipticK returns the complete elliptic integral of the first kind K(m),
// m = k², by the arithmetic-geometric mean: K = π / (2 AGM(1, √(1−m))).
func ellipticK(m float64) float64 {
	a, b := 1.0, math.Sqrt(1-m)
	for math.Abs(a-b) > 1e-15*a {
		a, b = 0.5*(a+b), math.Sqrt(a*b)
	}
	return math.Pi / (2 * a)
}

func TestEllipticK(t *testing.T) {
	// K(0) = π/2; K(1/2) = Γ(1/4)²/(4√π) = 1.854074677301372.
	if got := ellipticK(0); math.Abs(got-math.Pi/2) > 1e-15 {
		t.Errorf("K(0) = %v, want π/2", got)
	}
	if got := ellipticK(0.5); math.Abs(got-1.854074677301372) > 1e-14 {
		t.Errorf("K(0.5) = %v, want 1.854074677301372", got)
	}
}

func tumbleWorld(w0 mgl64.Vec3) (*World, BodyID) {
	w := NewWorld(WorldDef{})
	id := w.AddBody(BodyDef{
		Name:            "box",
		Mass:            1000,
		Inertia:         mgl64.Diag3(mgl64.Vec3{1000, 2000, 3000}),
		Orientation:     mgl64.QuatIdent(),
		AngularVelocity: w0,
	})
	return w, id
}

// TestTumble spins a body near its intermediate axis (Dzhanibekov effect) for
// 600 s at 60 Hz: |L|, the L vector and E must stay within 1e-7, |q| within
// 1e-12 of 1, and the flip half-period must match the elliptic-integral value
// within 0.1 %.
func TestTumble(t *testing.T) {
	const dt, T = 1.0 / 60, 600.0
	I := [3]float64{1000, 2000, 3000}
	w0 := mgl64.Vec3{0.01, 1, 0.01}
	w, id := tumbleWorld(w0)
	b := w.Body(id)
	l0, e0 := w.AngularMomentum(), w.KineticEnergy()

	// Analytic half-period (Landau & Lifshitz §37, case L² > 2 E I2):
	// ω2 ∝ sn(τ, k), τ = t √((I3−I2)(L²−2EI1)/(I1 I2 I3)), so ω2 changes sign
	// every 2K(k) in τ.
	L2 := l0.LenSqr()
	E2 := 2 * e0
	if !(L2 > E2*I[1]) {
		t.Fatalf("setup: L² = %v ≤ 2E I2 = %v", L2, E2*I[1])
	}
	m := (I[1] - I[0]) * (E2*I[2] - L2) / ((I[2] - I[1]) * (L2 - E2*I[0]))
	scale := math.Sqrt(I[0] * I[1] * I[2] / ((I[2] - I[1]) * (L2 - E2*I[0])))
	wantHalf := 2 * ellipticK(m) * scale

	var crossings []float64
	prev := 1.0
	maxL, maxLv, maxE, maxQ := 0.0, 0.0, 0.0, 0.0
	n := int(math.Round(T / dt))
	for i := 1; i <= n; i++ {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		l := w.AngularMomentum()
		maxL = math.Max(maxL, math.Abs(l.Len()-l0.Len())/l0.Len())
		maxLv = math.Max(maxLv, l.Sub(l0).Len()/l0.Len())
		maxE = math.Max(maxE, math.Abs(w.KineticEnergy()-e0)/e0)
		q := b.Orientation()
		maxQ = math.Max(maxQ, math.Abs(math.Sqrt(q.W*q.W+q.V.LenSqr())-1))
		r := quatMat3(quatOf(q))
		w2 := mulMTV(&r, b.AngularVelocity())[1]
		if (prev > 0) != (w2 > 0) {
			crossings = append(crossings, (float64(i)-1+prev/(prev-w2))*dt)
		}
		prev = w2
	}
	t.Logf("drift |L| %.2e, L %.2e, E %.2e, |q|-1 %.1e; %d flips", maxL, maxLv, maxE, maxQ, len(crossings))
	for name, v := range map[string]float64{"|L|": maxL, "L vector": maxLv, "E": maxE} {
		if v > 1e-7 {
			t.Errorf("relative drift of %s = %.3g, want < 1e-7", name, v)
		}
	}
	if maxQ > 1e-12 {
		t.Errorf("| |q| − 1 | = %.3g, want < 1e-12", maxQ)
	}
	if len(crossings) < 10 {
		t.Fatalf("only %d sign changes of ω2 in %v s: no tumbling", len(crossings), T)
	}
	gotHalf := (crossings[len(crossings)-1] - crossings[0]) / float64(len(crossings)-1)
	if rel := math.Abs(gotHalf-wantHalf) / wantHalf; rel > 1e-3 {
		t.Errorf("flip half-period %.6f s, want %.6f s (elliptic integral), rel. error %.2e", gotHalf, wantHalf, rel)
	} else {
		t.Logf("flip half-period %.6f s, analytic %.6f s, rel. error %.2e", gotHalf, wantHalf, rel)
	}
}

// TestMajorAxisSpin: a spin about the axis of largest inertia is stable and
// stays a spin for an hour.
func TestMajorAxisSpin(t *testing.T) {
	T := 3600.0
	if testing.Short() {
		T = 600
	}
	const dt = 1.0 / 60
	w, id := tumbleWorld(mgl64.Vec3{0.01, 0.01, 1})
	b := w.Body(id)
	minW3, maxPerp := math.Inf(1), 0.0
	for range int(math.Round(T / dt)) {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		r := quatMat3(quatOf(b.Orientation()))
		wb := mulMTV(&r, b.AngularVelocity())
		minW3 = math.Min(minW3, wb[2])
		maxPerp = math.Max(maxPerp, math.Hypot(wb[0], wb[1]))
	}
	// Small-nutation amplitude is bounded by ~ |ω⊥0| √(I-ratios) ≈ 0.03.
	if minW3 < 0.999 || maxPerp > 0.03 {
		t.Errorf("after %v s: min ω3 = %v (want > 0.999), max |ω⊥| = %v (want < 0.03)", T, minW3, maxPerp)
	}
}

// TestFreeFallAndThrust: RK4 is exact for constant acceleration.
func TestFreeFallAndThrust(t *testing.T) {
	g := mgl64.Vec3{0, -9.81, 0}
	thrust := mgl64.Vec3{300, 2000, -50}
	for _, dt := range []float64{1.0 / 60, 1.0 / 240, 0.1} {
		w := NewWorld(WorldDef{Gravity: g})
		p0, v0 := mgl64.Vec3{1, 100, -3}, mgl64.Vec3{5, 20, 1}
		id := w.AddBody(BodyDef{Mass: 100, Inertia: mgl64.Diag3(mgl64.Vec3{10, 20, 30}), Position: p0, Velocity: v0, Orientation: mgl64.QuatIdent()})
		n := 600
		for range n {
			w.ApplyForce(id, thrust, p0.Add(w.Body(id).Position().Sub(p0))) // through the centre of mass
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
		}
		tt := float64(n) * dt
		a := g.Add(thrust.Mul(1.0 / 100))
		wantP := p0.Add(v0.Mul(tt)).Add(a.Mul(0.5 * tt * tt))
		wantV := v0.Add(a.Mul(tt))
		b := w.Body(id)
		if e := b.Position().Sub(wantP).Len() / wantP.Len(); e > 1e-9 {
			t.Errorf("dt %v: position %v, want %v (rel %.2g)", dt, b.Position(), wantP, e)
		}
		if e := b.Velocity().Sub(wantV).Len() / wantV.Len(); e > 1e-9 {
			t.Errorf("dt %v: velocity %v, want %v (rel %.2g)", dt, b.Velocity(), wantV, e)
		}
		if om := b.AngularVelocity().Len(); om != 0 {
			t.Errorf("dt %v: central force turned the body: ω = %v", dt, om)
		}
	}
}

// TestOffCentreForce: a force at a point off the centre of mass gives the
// torque r × F; for an isotropic body from rest, ω(t) = I⁻¹ (r × F) t exactly
// (the gyroscopic term vanishes) while the centre accelerates by F/m.
func TestOffCentreForce(t *testing.T) {
	const dt, I, m = 0.01, 50.0, 200.0
	c := mgl64.Vec3{3, 4, 5}
	r := mgl64.Vec3{0.5, -1, 2}
	f := mgl64.Vec3{10, 20, -5}
	tau := cross(r, f)
	for _, local := range []bool{false, true} {
		w := NewWorld(WorldDef{})
		id := w.AddBody(BodyDef{Mass: m, Inertia: mgl64.Diag3(mgl64.Vec3{I, I, I}), Position: c})
		for range 10 {
			if local {
				// Body-frame load turning with the body: torque stays r × F in the
				// body frame, world direction R (r × F). For an isotropic body spun
				// up about a fixed axis, R keeps that axis: still ω = τ t / I.
				w.ApplyForceLocal(id, mgl64.Vec3{}, mgl64.Vec3{})
				w.ApplyTorqueLocal(id, tau)
				w.ApplyCentralForce(id, f)
			} else {
				w.ApplyForce(id, f, w.Body(id).Position().Add(r))
			}
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
		}
		b := w.Body(id)
		wantW := tau.Mul(10 * dt / I)
		if e := b.AngularVelocity().Sub(wantW).Len(); e > 1e-12*wantW.Len() {
			t.Errorf("local=%v: ω = %v, want (r×F) t / I = %v", local, b.AngularVelocity(), wantW)
		}
		wantV := f.Mul(10 * dt / m)
		if e := b.Velocity().Sub(wantV).Len(); e > 1e-12*wantV.Len() {
			t.Errorf("local=%v: v = %v, want F t / m = %v", local, b.Velocity(), wantV)
		}
	}
}

func TestImpulse(t *testing.T) {
	w := NewWorld(WorldDef{})
	id := w.AddBody(BodyDef{Mass: 2, Inertia: mgl64.Diag3(mgl64.Vec3{1, 2, 4})})
	w.ApplyImpulse(id, mgl64.Vec3{0, 4, 0}, mgl64.Vec3{1, 0, 0})
	b := w.Body(id)
	if got, want := b.Velocity(), (mgl64.Vec3{0, 2, 0}); !got.ApproxEqual(want) {
		t.Errorf("v = %v, want %v", got, want)
	}
	// r × j = (1,0,0) × (0,4,0) = (0,0,4); I_z = 4 → ω = (0,0,1).
	if got, want := b.AngularVelocity(), (mgl64.Vec3{0, 0, 1}); !got.ApproxEqual(want) {
		t.Errorf("ω = %v, want %v", got, want)
	}
}

func TestStaticBody(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	id := w.AddBody(BodyDef{Mass: 0, Position: mgl64.Vec3{0, 1, 0}, Velocity: mgl64.Vec3{1, 0, 0}})
	w.ApplyForce(id, mgl64.Vec3{1, 2, 3}, mgl64.Vec3{})
	w.ApplyImpulse(id, mgl64.Vec3{1, 2, 3}, mgl64.Vec3{1, 0, 0})
	for range 10 {
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	b := w.Body(id)
	if !b.Static() || b.Position() != (mgl64.Vec3{0, 1, 0}) || b.Velocity() != (mgl64.Vec3{}) {
		t.Errorf("static body moved: static=%v p=%v v=%v", b.Static(), b.Position(), b.Velocity())
	}
}

func TestBadInput(t *testing.T) {
	w := NewWorld(WorldDef{})
	bad := []BodyDef{
		{Mass: -1},
		{Mass: math.NaN()},
		{Mass: 1}, // zero inertia
		{Mass: 1, Inertia: mgl64.Diag3(mgl64.Vec3{1, -1, 1})},       // not positive definite
		{Mass: 1, Inertia: mgl64.Mat3{1, 0.5, 0, 0, 1, 0, 0, 0, 1}}, // not symmetric
		{Mass: 1, Inertia: mgl64.Ident3(), Position: mgl64.Vec3{math.Inf(1), 0, 0}},
	}
	for i, d := range bad {
		if err := d.Validate(); !errors.Is(err, ErrBadDef) {
			t.Errorf("def %d: Validate = %v, want ErrBadDef", i, err)
		}
		if id := w.AddBody(d); id != NoBody {
			t.Errorf("def %d: AddBody = %v, want NoBody", i, id)
		}
	}
	if err := w.ApplyForce(7, mgl64.Vec3{}, mgl64.Vec3{}); !errors.Is(err, ErrNoBody) {
		t.Errorf("ApplyForce on bad id: %v, want ErrNoBody", err)
	}
	for _, dt := range []float64{0, -1, math.NaN(), math.Inf(1)} {
		if err := w.Step(dt); !errors.Is(err, ErrBadStep) {
			t.Errorf("Step(%v) = %v, want ErrBadStep", dt, err)
		}
	}
	if b := w.Body(99); b.Valid() || b.Position() != (mgl64.Vec3{}) {
		t.Errorf("view of a bad id reads %v", b.Position())
	}
}

// TestRunaway: a body driven to absurd speed or NaN fails the step, is named,
// and the world keeps its previous state.
func TestRunaway(t *testing.T) {
	w := NewWorld(WorldDef{MaxSpeed: 1000})
	w.AddBody(BodyDef{Name: "ok", Mass: 1, Inertia: mgl64.Ident3()})
	id := w.AddBody(BodyDef{Name: "rocket", Mass: 1, Inertia: mgl64.Ident3(), Position: mgl64.Vec3{1, 0, 0}})
	w.ApplyCentralForce(id, mgl64.Vec3{1e6, 0, 0})
	err := w.Step(0.01)
	var be *BodyError
	if !errors.As(err, &be) || be.Body != id || be.Name != "rocket" || !errors.Is(err, ErrRunaway) {
		t.Fatalf("Step = %v, want runaway error naming body %d \"rocket\"", err, id)
	}
	if p := w.Body(id).Position(); p != (mgl64.Vec3{1, 0, 0}) {
		t.Errorf("state not restored: %v", p)
	}
	w.ApplyTorque(id, mgl64.Vec3{math.NaN(), 0, 0})
	if err := w.Step(0.01); !errors.Is(err, ErrNonFinite) || !errors.As(err, &be) || be.Body != id {
		t.Errorf("Step with NaN torque = %v, want ErrNonFinite naming body %d", err, id)
	}
	if err := w.Step(0.01); err != nil {
		t.Errorf("world did not recover: %v", err)
	}
}

func TestMomentumEnergy(t *testing.T) {
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -10, 0}})
	w.AddBody(BodyDef{Mass: 2, Inertia: mgl64.Diag3(mgl64.Vec3{1, 2, 3}), Position: mgl64.Vec3{1, 5, 0}, Velocity: mgl64.Vec3{0, 0, 3}, AngularVelocity: mgl64.Vec3{0, 2, 0}})
	// P = (0,0,6); L = c × m v + I ω = (1,5,0)×(0,0,6) + (0,4,0) = (30,−6,0)+(0,4,0).
	if got, want := w.LinearMomentum(), (mgl64.Vec3{0, 0, 6}); !got.ApproxEqual(want) {
		t.Errorf("P = %v, want %v", got, want)
	}
	if got, want := w.AngularMomentum(), (mgl64.Vec3{30, -2, 0}); !got.ApproxEqual(want) {
		t.Errorf("L = %v, want %v", got, want)
	}
	// KE = ½·2·9 + ½·2·4 = 13; PE = m g h = 2·10·5 = 100.
	if got := w.KineticEnergy(); math.Abs(got-13) > 1e-12 {
		t.Errorf("KE = %v, want 13", got)
	}
	if got := w.PotentialEnergy(); math.Abs(got-100) > 1e-12 {
		t.Errorf("PE = %v, want 100", got)
	}
	w.Clear()
	if w.NumBodies() != 0 || w.KineticEnergy() != 0 {
		t.Errorf("Clear left %d bodies", w.NumBodies())
	}
}

// TestSubSteps: sub-stepping free flight divides the step and lowers the
// error of the motion (RK4: by about 2⁴ per halving). A free body keeps L
// and E exactly at any step (freeRotation), so the error is in its phase:
// the attitude after 10 s of a tumble at 3 rad/s, against 32 sub-steps.
func TestSubSteps(t *testing.T) {
	run := func(sub int) mgl64.Quat {
		w := NewWorld(WorldDef{SubSteps: sub})
		id := w.AddBody(BodyDef{Mass: 1000, Inertia: mgl64.Diag3(mgl64.Vec3{1000, 2000, 3000}), AngularVelocity: mgl64.Vec3{0.01, 3, 0.01}})
		for range 600 {
			if err := w.Step(1.0 / 60); err != nil {
				t.Fatal(err)
			}
		}
		return w.Body(id).Orientation()
	}
	ref := run(32)
	err := func(q mgl64.Quat) float64 {
		if q.Dot(ref) < 0 {
			return q.Add(ref).Len()
		}
		return q.Sub(ref).Len()
	}
	d1, d2 := err(run(1)), err(run(2))
	t.Logf("attitude error after 10 s at ω = 3 rad/s: %.2e (1 sub-step), %.2e (2 sub-steps)", d1, d2)
	if !(d2 < d1/8) {
		t.Errorf("2 sub-steps err %.3g, want < 1/8 of %.3g", d2, d1)
	}
}

// TestTinyBodyTurns: a 1 g cube of 1 cm — moments 1.7e-8 kg m², their
// determinant 4.6e-24, below the 1e-20 at which mgl64's inverse calls a
// matrix singular — turns as physics says. A torque τ for one step gives
// it ω = τ dt / I; dropped tilted onto a vertex, it tips over and comes to
// rest on a face. Its inverse inertia was zero: it took no turn from the
// torque and stayed balanced on the vertex (inertiaInverse). The drop's
// world has a contact slop to the cube's size, 10 µm: within the default
// 1 mm, a tenth of the cube, it may rest tilted by up to 6° (it came to
// rest at 2.4° once a lifting edge no longer gained energy, liftOff).
func TestTinyBodyTurns(t *testing.T) {
	const a, m, dt = 0.01, 0.001, 1.0 / 60
	i := m * a * a / 6
	w := NewWorld(WorldDef{})
	id := addCube(w, a, m, mgl64.Vec3{}, mgl64.QuatIdent(), 0.8, 0)
	tau := mgl64.Vec3{0, 0, 1e-6}
	w.ApplyTorque(id, tau)
	if err := w.Step(dt); err != nil {
		t.Fatal(err)
	}
	got, want := w.Body(id).AngularVelocity()[2], tau[2]*dt/i
	t.Logf("ω after one step of torque: %.9g rad/s, τ dt / I = %.9g", got, want)
	if math.Abs(got-want) > 1e-9*want {
		t.Errorf("ω = %.9g rad/s, want τ dt / I = %.9g", got, want)
	}

	w = NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}, ContactSlop: a / 1000})
	addGround(w, 0.8, 0)
	id = addCube(w, a, m, mgl64.Vec3{0, a/2 + 0.01, 0}, mgl64.QuatRotate(0.3, mgl64.Vec3{1, 1, 0}.Normalize()), 0.8, 0)
	stepN(t, w, 300, nil)
	b := w.Body(id)
	t.Logf("dropped on a vertex: centre at %.5f m (a face: %.4f), off a face by %.2g", b.Position()[1], a/2, upright(b))
	if upright(b) > 1e-4 || b.AngularVelocity().Len() > 1e-6 {
		t.Errorf("at rest %.3g off a face, turning at %.3g rad/s: want on a face, at rest", upright(b), b.AngularVelocity().Len())
	}
}
