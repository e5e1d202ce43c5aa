package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// TestHingeForced: two free bodies on a hinge, pushed about every axis for
// 60 s, turn relative to each other only about the hinge axis.
func TestHingeForced(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{})
	a := w.AddBody(BodyDef{Name: "a", Mass: 100, Inertia: mgl64.Diag3(mgl64.Vec3{20, 30, 40}), Orientation: mgl64.QuatIdent()})
	b := w.AddBody(BodyDef{Name: "b", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{1, 2, 3}), Position: mgl64.Vec3{1.5, 0.5, 0}, Orientation: mgl64.QuatIdent()})
	axis := mgl64.Vec3{1, 2, 3}.Normalize()
	j, err := w.AddHinge(HingeDef{A: a, B: b, Anchor: mgl64.Vec3{1, 0.5, 0.2}, Axis: axis})
	if err != nil {
		t.Fatal(err)
	}
	maxMis, maxGap := 0.0, 0.0
	minTh, maxTh := 0.0, 0.0
	for i := range int(60 / dt) {
		tt := float64(i) * dt
		w.ApplyTorque(a, mgl64.Vec3{30 * math.Sin(0.7*tt), 20 * math.Cos(1.3*tt), 25 * math.Sin(2.1*tt)})
		w.ApplyTorque(b, mgl64.Vec3{5 * math.Cos(1.1*tt), 8 * math.Sin(0.5*tt), 4 * math.Sin(3*tt)})
		w.ApplyForce(b, mgl64.Vec3{10 * math.Sin(tt), 0, 5}, w.Body(b).WorldPoint(mgl64.Vec3{0.3, 0, 0}))
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		maxMis = math.Max(maxMis, w.Joint(j).Misalignment())
		maxGap = math.Max(maxGap, w.Joint(j).Gap())
		th := w.Joint(j).Angle()
		minTh, maxTh = math.Min(minTh, th), math.Max(maxTh, th)
	}
	t.Logf("max misalignment %.2e rad, gap %.2e m, angle range [%.2f, %.2f] rad, ω_a %.2f rad/s", maxMis, maxGap, minTh, maxTh, w.Body(a).AngularVelocity().Len())
	if maxMis > 1e-6 {
		t.Errorf("off-axis misalignment %.3g rad, want < 1e-6", maxMis)
	}
	if maxTh-minTh < 0.5 {
		t.Errorf("hinge barely turned ([%v, %v]): not a test of forced motion", minTh, maxTh)
	}
}

// TestHingeMisalignedStart: a hinge whose body starts 5° off its axis is
// pulled back into line.
func TestHingeMisalignedStart(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{})
	base := w.AddBody(BodyDef{Name: "base"})
	b := w.AddBody(BodyDef{Name: "door", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{1, 2, 3}), Position: mgl64.Vec3{0.5, 0, 0}, Orientation: mgl64.QuatIdent()})
	j, _ := w.AddHinge(HingeDef{A: base, B: b, Anchor: mgl64.Vec3{}, Axis: mgl64.Vec3{0, 1, 0}})
	// Turn the door 5° about x (perpendicular to the axis), about the anchor.
	q := mgl64.QuatRotate(5*math.Pi/180, mgl64.Vec3{1, 0, 0})
	w.Body(b).SetOrientation(q)
	w.Body(b).SetPosition(q.Rotate(mgl64.Vec3{0.5, 0, 0}))
	w.Body(b).SetAngularVelocity(mgl64.Vec3{0, 1, 0})
	e0 := w.Joint(j).Misalignment()
	prev := e0
	var errs []float64
	for range 60 {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		e := w.Joint(j).Misalignment()
		errs = append(errs, e)
		// Below 1e-15 rad the misalignment is rounding noise (the rows
		// take it to ~1e-17 within 5 steps).
		if e > prev*1.0001 && e > 1e-15 {
			t.Errorf("misalignment grew: %v → %v", prev, e)
		}
		prev = e
	}
	t.Logf("misalignment %.4f° → after 5 steps %.2e, 20 steps %.2e, 60 steps %.2e rad", e0*180/math.Pi, errs[4], errs[19], errs[59])
	if math.Abs(e0-5*math.Pi/180) > 1e-9 {
		t.Fatalf("setup: initial misalignment %v rad, want 5°", e0)
	}
	if errs[59] > 1e-6 {
		t.Errorf("misalignment after 1 s = %.3g rad, want < 1e-6", errs[59])
	}
}

// TestHingeSpringPeriod: a body on a sprung hinge through its centre of mass
// oscillates with period 2π√(I/k).
func TestHingeSpringPeriod(t *testing.T) {
	const dt, I, k = 1.0 / 60, 2.0, 50.0
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	base := w.AddBody(BodyDef{Name: "base"})
	b := w.AddBody(BodyDef{Name: "flap", Mass: 5, Inertia: mgl64.Diag3(mgl64.Vec3{1, 3, I}), Position: mgl64.Vec3{0, 1, 0}, Orientation: mgl64.QuatIdent()})
	j, _ := w.AddHinge(HingeDef{A: base, B: b, Anchor: mgl64.Vec3{0, 1, 0}, Axis: mgl64.Vec3{0, 0, 1}, SpringStiffness: k, SpringAngle: 0.2})
	var cr []float64
	prev := -0.2
	for i := 1; i <= int(20/dt); i++ {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		x := w.Joint(j).Angle() - 0.2
		if prev < 0 && x >= 0 {
			cr = append(cr, (float64(i)-1+prev/(prev-x))*dt)
		}
		prev = x
	}
	got := (cr[len(cr)-1] - cr[0]) / float64(len(cr)-1)
	want := 2 * math.Pi * math.Sqrt(I/k)
	t.Logf("spring period %.5f s, 2π√(I/k) = %.5f s", got, want)
	if rel := math.Abs(got-want) / want; rel > 0.01 {
		t.Errorf("spring period %.5f s, want %.5f s within 1 %%", got, want)
	}
	// Damping: with c the amplitude decays.
	w.Joint(j).SetSpring(k, 2, 0.2)
	for range int(10 / dt) {
		w.Step(dt)
	}
	if a := math.Abs(w.Joint(j).Angle() - 0.2); a > 0.05 {
		t.Errorf("damped spring still swinging: |θ − θ0| = %v", a)
	}
}

// flapOnHinge returns a world without gravity holding a 5 kg flap, its
// moments 1, 3 and I kg m² about x, y and z, at the origin on a hinge about
// z to a static base; the hinge's spring, damper and limits from h.
func flapOnHinge(t *testing.T, I float64, h HingeDef) (*World, BodyID, JointID) {
	t.Helper()
	w := NewWorld(WorldDef{})
	h.A = w.AddBody(BodyDef{Name: "base"})
	h.B = w.AddBody(BodyDef{Name: "flap", Mass: 5, Inertia: mgl64.Diag3(mgl64.Vec3{1, 3, I}), Orientation: mgl64.QuatIdent()})
	h.Axis = mgl64.Vec3{0, 0, 1}
	j, err := w.AddHinge(h)
	if err != nil {
		t.Fatal(err)
	}
	return w, h.B, j
}

// TestStiffHingeDamper: a flap on a damped hinge whose damper decays its
// rate far within one step (h c K from 10 to 10⁵, at dt 1/30, 1/60 and
// 1/240). RK4 cannot integrate such a decay (it blew up beyond
// h c K = 2.8: random tree 17947 went to NaN in its first step), nor
// should the damper ask for thousands of sub-steps; it is solved
// implicitly (stiffDampers), so:
//   - alone, the rate decays in one step to at most its backward-Euler
//     share ω0/(1 + h c K) — the exact e^(−h c K) is smaller still — and
//     never changes sign, down to the solver's noise (1e-6 of ω0); the
//     energy never rises; the sub-steps are the flap's turn's alone;
//   - with a spring, the overdamped flap creeps to its rest angle, never
//     past it, at the slow rate k/c of the exact motion, θ − θ0 ∝
//     e^(−k t/c), less at most springTurn²/2 (4.5 %).
func TestStiffHingeDamper(t *testing.T) {
	const I = 2.0 // about the hinge, through the flap's centre
	for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 240} {
		for _, hck := range []float64{10, 1e3, 1e5} {
			c := hck * I / dt
			w, b, j := flapOnHinge(t, I, HingeDef{SpringDamping: c})
			w.Body(b).SetAngularVelocity(mgl64.Vec3{0, 0, 10})
			prev, e := 10.0, w.Energy()
			for i := range 20 {
				if err := w.Step(dt); err != nil {
					t.Fatalf("dt %.4g, h c K %g: %v", dt, hck, err)
				}
				om := w.Joint(j).AngularSpeed()
				if om < 0 || om > prev/(1+hck)*(1+1e-9) {
					t.Errorf("dt %.4g, h c K %g, step %d: rate %.6g after %.6g, want in [0, %.6g]", dt, hck, i, om, prev, prev/(1+hck))
				}
				if w.Energy() > e {
					t.Errorf("dt %.4g, h c K %g, step %d: energy rose %.6g → %.6g J", dt, hck, i, e, w.Energy())
				}
				// MaxRotation's (its default, 0.07) at the step's start
				if n, most := w.Stats().SubSteps, math.Ceil(prev*dt/0.07); n > max(1, int(most)) {
					t.Errorf("dt %.4g, h c K %g, step %d: %d sub-steps, want at most %g", dt, hck, i, n, most)
				}
				prev, e = om, w.Energy()
				if om < 1e-5 {
					break
				}
			}
		}
	}
	// The overdamped creep: k/c = 0.5 /s, c K = 10⁵ /s.
	const k, c, th0 = 1e5, 2e5, 0.3
	for _, dt := range []float64{1.0 / 30, 1.0 / 60, 1.0 / 240} {
		w, b, j := flapOnHinge(t, I, HingeDef{SpringStiffness: k, SpringDamping: c, SpringAngle: th0})
		// Slow root of I s² + c s + k: s ≈ −k/c; start on its mode.
		s := (-c + math.Sqrt(c*c-4*I*k)) / (2 * I)
		w.Body(b).SetAngularVelocity(mgl64.Vec3{0, 0, -s * th0})
		var rem1 float64
		for i := 1; i <= int(4/dt); i++ {
			if err := w.Step(dt); err != nil {
				t.Fatalf("dt %.4g: %v", dt, err)
			}
			rem := th0 - w.Joint(j).Angle()
			if rem <= 0 {
				t.Fatalf("dt %.4g: the flap passed its rest angle at %.3f s", dt, float64(i)*dt)
			}
			if i == int(1/dt) {
				rem1 = rem
			}
			if i == int(4/dt) {
				rate := math.Log(rem1/rem) / 3
				t.Logf("dt %.4g: creeps at %.4f /s, the exact slow rate %.4f /s", dt, rate, -s)
				// The spring's torque falls within the sub-step as the flap
				// creeps, which the damper's solve at its start does not
				// see: a rate slower by (h ω_n)²/2, at most springTurn²/2.
				if rel := rate/(-s) - 1; rel > 0 || rel < -springTurn*springTurn/2 {
					t.Errorf("dt %.4g: creeps at %.4f /s, want the slow rate %.4f /s less at most %.1f %%", dt, rate, -s, 50*springTurn*springTurn)
				}
			}
		}
	}
}

// TestStopAtHalfTurn: limits with a stop at ±π, where the hinge angle's
// atan2 wraps — a one-sided limit's far stop (lower = −π), a closed limit
// at π. A motor presses an arm onto the stop at −π; another arm swings
// onto it at 20 rad/s; a closed limit holds one at π. Each rests on its
// stop: within 0.05 rad of ±π after a second, its kinetic energy never
// rising there. Read as 2.8 rad past the other stop once the arm passed
// −π by a hair, an arm was pushed back through its whole free arc at
// 1 rad/s (random chain 9496 gained 1 % of its energy so).
func TestStopAtHalfTurn(t *testing.T) {
	for _, tc := range []struct{ lower, upper, rate, motor, motorMax, th0 float64 }{
		{-math.Pi, 0.3, 0, -5, 50, -2.5},
		{-math.Pi, 0.3, -20, 0, 0, -2.5},
		{math.Pi, math.Pi, 0, 0, 0, math.Pi},
	} {
		w := NewWorld(WorldDef{})
		base := w.AddBody(BodyDef{Name: "base"})
		arm := w.AddBody(BodyDef{Name: "arm", Mass: 5, Inertia: rodInertia(5, 2, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
		j, err := w.AddHinge(HingeDef{A: base, B: arm, Axis: mgl64.Vec3{0, 0, 1}, EnableLimits: true, Lower: tc.lower, Upper: tc.upper,
			EnableMotor: tc.motorMax > 0, MotorSpeed: tc.motor, MaxMotorTorque: tc.motorMax})
		if err != nil {
			t.Fatal(err)
		}
		// θ is 0 at creation: turn the arm to θ0 about the hinge
		q := mgl64.QuatRotate(tc.th0, mgl64.Vec3{0, 0, 1})
		w.Body(arm).SetOrientation(q)
		w.Body(arm).SetPosition(q.Rotate(mgl64.Vec3{1, 0, 0}))
		w.Body(arm).SetAngularVelocity(mgl64.Vec3{0, 0, tc.rate})
		far, rise, ke := 0.0, 0.0, 0.0
		for i := range 240 {
			if err := w.Step(1.0 / 60); err != nil {
				t.Fatal(err)
			}
			if i >= 60 {
				far = max(far, math.Pi-math.Abs(w.Joint(j).Angle()))
				if i > 60 {
					rise = max(rise, w.KineticEnergy()-ke)
				}
				ke = w.KineticEnergy()
			}
		}
		t.Logf("limits [%.3f, %.3f], rate %g, motor %g: within %.3g rad of ±π after 1 s, kinetic energy rose by at most %.3g J a step", tc.lower, tc.upper, tc.rate, tc.motor, far, rise)
		if far > 0.05 {
			t.Errorf("limits [%.3f, %.3f], rate %g, motor %g: the arm went %.3g rad from its stop at ±π", tc.lower, tc.upper, tc.rate, tc.motor, far)
		}
		if rise > 1e-9 {
			t.Errorf("limits [%.3f, %.3f], rate %g, motor %g: kinetic energy rose by %.3g J in a step on the stop", tc.lower, tc.upper, tc.rate, tc.motor, rise)
		}
	}
	for _, c := range [][4]float64{ // θ, lower, upper, want
		{3.06, -math.Pi, 0.283, 3.06 - 2*math.Pi}, {1.7, -math.Pi, 0.283, 1.7}, {-3.1, math.Pi, math.Pi, -3.1 + 2*math.Pi},
		{0.2, -0.5, 0.5, 0.2}, {math.Pi, -math.Pi, math.Pi, -math.Pi}, {-3, 2, 3, -3 + 2*math.Pi},
	} {
		if got := limitAngle(c[0], c[1], c[2]); math.Abs(got-c[3]) > 1e-15 {
			t.Errorf("limitAngle(%g, [%g, %g]) = %g, want %g", c[0], c[1], c[2], got, c[3])
		}
	}
}

// TestLockedHingeUnderLoad: a 1 kg link locked to the world by a hinge
// with closed limits (lower = upper = 0) carries a 10 t pendulum
// swinging on a second hinge under gravity, at dt 1/60 and 1/200. The
// lock holds its angle to 1e-9 rad and does no work: the pair's energy
// follows that of the same pendulum hinged to the world at the lock's end
// to 1e-9 of its peak kinetic energy (RK4 itself moves the pendulum's
// energy by up to 5e-7 of it at dt 1/60, either way). Held by a bounded row
// whose drift a bias corrected, the lock pushed against the pendulum's
// load every sub-step and made energy: random chain 14366 (9,000:1)
// gained 1.3e-3 of its peak in 1.7 s.
func TestLockedHingeUnderLoad(t *testing.T) {
	pendulum := func(locked bool) (*World, JointID) {
		w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
		base := w.AddBody(BodyDef{Name: "base"})
		bob := w.AddBody(BodyDef{Name: "bob", Mass: 1e4, Inertia: rodInertia(1e4, 2, 0.3, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{1.5, 0, 0}, Orientation: mgl64.QuatIdent()})
		if !locked {
			if _, err := w.AddHinge(HingeDef{A: base, B: bob, Anchor: mgl64.Vec3{0.5, 0, 0}, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
				t.Fatal(err)
			}
			return w, 0
		}
		link := w.AddBody(BodyDef{Name: "link", Mass: 1, Inertia: rodInertia(1, 0.5, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{0.25, 0, 0}, Orientation: mgl64.QuatIdent()})
		lock, err := w.AddHinge(HingeDef{A: base, B: link, Axis: mgl64.Vec3{0, 0, 1}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.AddHinge(HingeDef{A: link, B: bob, Anchor: mgl64.Vec3{0.5, 0, 0}, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
			t.Fatal(err)
		}
		if err := w.Joint(lock).SetLimits(true, 0, 0); err != nil {
			t.Fatal(err)
		}
		return w, lock
	}
	for _, dt := range []float64{1.0 / 60, 1.0 / 200} {
		w, lock := pendulum(true)
		free, _ := pendulum(false)
		e0, f0 := w.Energy(), free.Energy()
		keMax, apart, off := 0.0, 0.0, 0.0
		for range int(10 / dt) {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			if err := free.Step(dt); err != nil {
				t.Fatal(err)
			}
			keMax = max(keMax, w.KineticEnergy())
			apart = max(apart, math.Abs((w.Energy()-e0)-(free.Energy()-f0)))
			off = max(off, math.Abs(w.Joint(lock).Angle()))
		}
		t.Logf("dt %.4g: the lock off by ≤ %.2g rad, the energy apart from the pinned pendulum's by ≤ %.3g of the peak kinetic energy %.4g J", dt, off, apart/keMax, keMax)
		if off > 1e-9 {
			t.Errorf("dt %.4g: the locked hinge turned %.3g rad", dt, off)
		}
		if apart > 1e-9*keMax {
			t.Errorf("dt %.4g: the energy differed from the pinned pendulum's by %.3g of the peak kinetic energy", dt, apart/keMax)
		}
	}
}

// TestHingeSpringTurns: a flap on an undamped sprung hinge, spun fast
// enough to go over the top of its spring (½ I ω² > ½ k π²) turn after
// turn for 10 s, keeps its energy ½ I ω² + ½ k (θ − θ0)² to 1e-4: the
// stretch is taken the short way round (springOffset), and the torque,
// which flips from −kπ to +kπ at the top, flips between two sub-steps, one
// of which ends there (springCut). Stepped over by RK4, the flip cost it
// its order: an error of either sign at each pass, up to 5 % of the
// energy. Measured from atan2's θ instead, the potential jumped by 2π k θ0
// at every pass and the spring pumped the flap up: to 90 to 1,600 times
// its energy for these θ0.
func TestHingeSpringTurns(t *testing.T) {
	const dt, I, k = 1.0 / 60, 2.0, 50.0
	for _, th0 := range []float64{0, 0.7, -2, 5} {
		w, b, _ := flapOnHinge(t, I, HingeDef{SpringStiffness: k, SpringAngle: th0})
		w.Body(b).SetAngularVelocity(mgl64.Vec3{0, 0, 20}) // ½ I ω² = 400 J > ½ k π² = 247 J
		e0, worst, turned, prev := w.Energy(), 0.0, 0.0, 0.0
		for range int(10 / dt) {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			worst = math.Max(worst, math.Abs(w.Energy()-e0))
			a := w.Joint(JointID(0)).Angle()
			turned += math.Abs(math.Remainder(a-prev, 2*math.Pi))
			prev = a
		}
		t.Logf("θ0 %g: %.1f turns, |E − E0| ≤ %.3g J of %.4g J", th0, turned/(2*math.Pi), worst, e0)
		if turned < 10*2*math.Pi {
			t.Errorf("θ0 %g: the flap turned %.1f times in 10 s, want it going round", th0, turned/(2*math.Pi))
		}
		if worst > 1e-4*e0 {
			t.Errorf("θ0 %g: the energy moved by %.3g J of %.4g J", th0, worst, e0)
		}
	}
}

// TestHingeLimits: a heavy arm falling under gravity onto its limits, and a
// motor pushing against a limit, stay within 0.5° of the limits.
func TestHingeLimits(t *testing.T) {
	const dt = 1.0 / 60
	tol := 0.5 * math.Pi / 180
	for _, tc := range []struct {
		name         string
		lower, upper float64
		motor        bool
	}{
		{"fall onto lower", -0.8, 0.5, false},
		{"motor into upper", -0.5, 0.3, true},
	} {
		w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
		base := w.AddBody(BodyDef{Name: "base"})
		// A 2 m arm sticking out along +x: gravity turns it about z, negative.
		arm := w.AddBody(BodyDef{Name: "arm", Mass: 50, Inertia: rodInertia(50, 2, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
		j, err := w.AddHinge(HingeDef{A: base, B: arm, Axis: mgl64.Vec3{0, 0, 1},
			EnableLimits: true, Lower: tc.lower, Upper: tc.upper,
			EnableMotor: tc.motor, MotorSpeed: 3, MaxMotorTorque: 2000})
		if err != nil {
			t.Fatal(err)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for range int(5 / dt) {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			th := w.Joint(j).Angle()
			lo, hi = math.Min(lo, th), math.Max(hi, th)
		}
		t.Logf("%s: angle range [%.4f, %.4f] rad, limits [%v, %v], final %.5f", tc.name, lo, hi, tc.lower, tc.upper, w.Joint(j).Angle())
		if lo < tc.lower-tol || hi > tc.upper+tol {
			t.Errorf("%s: angle range [%.4f, %.4f] rad leaves limits [%v, %v] by more than 0.5°", tc.name, lo, hi, tc.lower, tc.upper)
		}
		end := tc.lower
		if tc.motor {
			end = tc.upper
		}
		if th := w.Joint(j).Angle(); math.Abs(th-end) > tol {
			t.Errorf("%s: arm rests at %.4f rad, want at the limit %v", tc.name, th, end)
		}
	}
}

// TestHingeMotor: a motor reaches its speed and its torque limit bounds the
// angular acceleration: θ̈ = τ_max / I about the hinge.
func TestHingeMotor(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{})
	base := w.AddBody(BodyDef{Name: "base"})
	// Wheel on its centre: I about the axis = 4 kg m².
	b := w.AddBody(BodyDef{Name: "wheel", Mass: 10, Inertia: mgl64.Diag3(mgl64.Vec3{2, 2, 4}), Orientation: mgl64.QuatIdent()})
	j, _ := w.AddHinge(HingeDef{A: base, B: b, Axis: mgl64.Vec3{0, 0, 1}, EnableMotor: true, MotorSpeed: 5, MaxMotorTorque: 8})
	// Torque-limited phase: θ̈ = 8/4 = 2 rad/s², so after 1 s θ̇ = 2.
	for range 60 {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
	}
	if got := w.Joint(j).AngularSpeed(); math.Abs(got-2) > 1e-6 {
		t.Errorf("after 1 s at the torque limit θ̇ = %v rad/s, want 2", got)
	}
	for range 180 {
		w.Step(dt)
	}
	if got := w.Joint(j).AngularSpeed(); math.Abs(got-5) > 1e-6 {
		t.Errorf("after 4 s θ̇ = %v rad/s, want the motor speed 5", got)
	}
	w.Joint(j).SetMotor(true, -1, 8)
	for range 240 {
		w.Step(dt)
	}
	if got := w.Joint(j).AngularSpeed(); math.Abs(got+1) > 1e-6 {
		t.Errorf("after reversing, θ̇ = %v rad/s, want −1", got)
	}
}

// TestHingeSpringKeepsEnergy: an undamped flap on a stiff hinge spring
// (ω_n = 16, 50 and 158 rad/s, centred on its hinge, no gravity), swinging
// 0.2 rad about its rest angle, keeps the energy of its swing
// ½ k (θ − θ0)² + ½ I ω² within 2 % over 2 s at dt 1/60 and 1/30 (RK4
// takes ω_n t · 3.4e-5 of it at h ω_n = 0.3: 1.1 % for the stiffest). The
// sub-steps keep h ω_n ≤ springTurn: at h ω_n ≤ 1, RK4 took 1.2 % of the
// energy a step, and the flaps lost 14 % (50 rad/s) and 54 % (158 rad/s).
func TestHingeSpringKeepsEnergy(t *testing.T) {
	const I = 2.0
	for _, k := range []float64{500, 5000, 50000} {
		for _, dt := range []float64{1.0 / 60, 1.0 / 30} {
			w := NewWorld(WorldDef{})
			base := w.AddBody(BodyDef{Name: "base"})
			b := w.AddBody(BodyDef{Name: "flap", Mass: 5, Inertia: mgl64.Diag3(mgl64.Vec3{1, 3, I}), Position: mgl64.Vec3{0, 1, 0}, Orientation: mgl64.QuatIdent()})
			j, err := w.AddHinge(HingeDef{A: base, B: b, Anchor: mgl64.Vec3{0, 1, 0}, Axis: mgl64.Vec3{0, 0, 1}, SpringStiffness: k, SpringAngle: 0.2})
			if err != nil {
				t.Fatal(err)
			}
			e0 := 0.5 * k * 0.2 * 0.2
			for range int(2 / dt) {
				if err := w.Step(dt); err != nil {
					t.Fatal(err)
				}
			}
			th, om := w.Joint(j).Angle()-0.2, w.Body(b).AngularVelocity()[2]
			e := 0.5*k*th*th + 0.5*I*om*om
			t.Logf("ω_n %.0f rad/s, dt 1/%.0f: energy %.5f of its start after 2 s", math.Sqrt(k/I), 1/dt, e/e0)
			if math.Abs(e/e0-1) > 0.02 {
				t.Errorf("ω_n %.0f rad/s, dt 1/%.0f: the swing's energy is %.4f of its start after 2 s, want within 2 %%", math.Sqrt(k/I), 1/dt, e/e0)
			}
		}
	}
}
