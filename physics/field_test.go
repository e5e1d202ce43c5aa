package physics

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// hill is the Clohessy–Wiltshire (Hill) field of motion relative to a point
// on a circular orbit of mean motion n: +y radial (away from the planet),
// +x along the orbital velocity, +z = x × y.
func hill(n float64) func(p, v mgl64.Vec3) mgl64.Vec3 {
	return func(p, v mgl64.Vec3) mgl64.Vec3 {
		return mgl64.Vec3{-2 * n * v[1], 3*n*n*p[1] + 2*n*v[0], -n * n * p[2]}
	}
}

// hillAt is the closed-form motion of a point released at rest at
// (0, y0, z0): x = 6 y0 (sin nt − nt), y = y0 (4 − 3 cos nt), z = z0 cos nt.
func hillAt(n, y0, z0, t float64) mgl64.Vec3 {
	s, c := math.Sincos(n * t)
	return mgl64.Vec3{6 * y0 * (s - n*t), y0 * (4 - 3*c), z0 * c}
}

// leoMeanMotion is n of a circular orbit 400 km above the Earth, rad/s.
var leoMeanMotion = math.Sqrt(3.986004418e14 / math.Pow(6371e3+400e3, 3))

// TestFieldHill: WorldDef.Field evaluated in every RK4 stage. A free body
// released at rest at (0, y0, z0) in the Hill field follows the closed form
// to 1e-6 of y0 over a whole orbit (about 5,550 s at 1/60 s); so does the
// centre of mass of a hinged pair turning about it (the field is linear, so
// the joint's internal forces leave the centre of mass alone), with its
// joint closed.
func TestFieldHill(t *testing.T) {
	n := leoMeanMotion
	const y0, z0, dt = 10.0, 5.0, 1.0 / 60
	steps := int(math.Ceil(2 * math.Pi / n / dt))

	t.Run("body", func(t *testing.T) {
		w := NewWorld(WorldDef{Field: hill(n)})
		id := w.AddBody(BodyDef{Name: "probe", Mass: 500, Inertia: mgl64.Diag3(mgl64.Vec3{80, 100, 120}),
			Position: mgl64.Vec3{0, y0, z0}, Orientation: mgl64.QuatIdent(), AngularVelocity: mgl64.Vec3{0.01, 0.3, 0.01}})
		worst := 0.0
		for i := 1; i <= steps; i++ {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			if i%60 == 0 || i == steps {
				worst = max(worst, w.Body(id).Position().Sub(hillAt(n, y0, z0, float64(i)*dt)).Len())
			}
		}
		if a := testing.AllocsPerRun(100, func() { w.Step(dt) }); a != 0 {
			t.Errorf("a Step with a field allocates %v times", a)
		}
		t.Logf("one orbit (%d steps): worst distance from the closed form %.2e m (%.1e of y0)", steps, worst, worst/y0)
		if worst > 1e-6*y0 {
			t.Errorf("the probe left the Clohessy–Wiltshire path by %.3g m, want ≤ %.3g", worst, 1e-6*y0)
		}
	})

	t.Run("hinged pair", func(t *testing.T) {
		const om = 0.2 // rad/s about z, through the centre of mass
		w := NewWorld(WorldDef{Field: hill(n)})
		in := mgl64.Diag3(mgl64.Vec3{20, 30, 40})
		a := w.AddBody(BodyDef{Name: "a", Mass: 300, Inertia: in, Position: mgl64.Vec3{-1, y0, z0}, Orientation: mgl64.QuatIdent(),
			Velocity: mgl64.Vec3{0, -om, 0}, AngularVelocity: mgl64.Vec3{0, 0, om}})
		b := w.AddBody(BodyDef{Name: "b", Mass: 300, Inertia: in, Position: mgl64.Vec3{1, y0, z0}, Orientation: mgl64.QuatIdent(),
			Velocity: mgl64.Vec3{0, om, 0}, AngularVelocity: mgl64.Vec3{0, 0, om}})
		if _, err := w.AddHinge(HingeDef{A: a, B: b, Anchor: mgl64.Vec3{0, y0, z0}, Axis: mgl64.Vec3{1, 0, 0}}); err != nil {
			t.Fatal(err)
		}
		worst, gap := 0.0, 0.0
		for i := 1; i <= steps; i++ {
			if err := w.Step(dt); err != nil {
				t.Fatal(err)
			}
			if i%60 == 0 || i == steps {
				pa, pb := w.Body(a).Position(), w.Body(b).Position()
				worst = max(worst, pa.Add(pb).Mul(0.5).Sub(hillAt(n, y0, z0, float64(i)*dt)).Len())
				gap = max(gap, w.MaxJointGap())
			}
		}
		t.Logf("one orbit: centre of mass %.2e m from the closed form (%.1e of y0), joint gap %.1e m", worst, worst/y0, gap)
		if worst > 1e-6*y0 {
			t.Errorf("the pair's centre of mass left the Clohessy–Wiltshire path by %.3g m, want ≤ %.3g", worst, 1e-6*y0)
		}
		if gap > 1e-9 {
			t.Errorf("joint gap %.3g m, want ≤ 1e-9", gap)
		}
	})
}

// TestFrameRate: in a world turning at Ω (WorldDef.FrameRate), attitude
// stays inertial. A body tumbling about its intermediate axis keeps its
// inertial angular momentum R_Ω(t) I_w (ω + Ω) and its inertial kinetic
// energy ½ (ω+Ω)·I_w(ω+Ω) to 1e-7 over 600 s, with Ω = 0.05 rad/s
// (50 times an orbit's, so the frame's terms are large); and a body that
// turns with the frame about a principal axis holds still in it.
func TestFrameRate(t *testing.T) {
	const dt, T = 1.0 / 60, 600.0
	om := mgl64.Vec3{0, 0, -0.05}
	I0 := mgl64.Vec3{1000, 2000, 3000}
	w := NewWorld(WorldDef{FrameRate: om})
	id := w.AddBody(BodyDef{Name: "box", Mass: 1000, Inertia: mgl64.Diag3(I0), Orientation: mgl64.QuatIdent(),
		AngularVelocity: mgl64.Vec3{0.01, 1, 0.01}.Sub(om)})
	still := w.AddBody(BodyDef{Name: "station", Mass: 1000, Inertia: mgl64.Diag3(I0), Position: mgl64.Vec3{50, 0, 0},
		Orientation: mgl64.QuatIdent()}) // turning with the frame: inertial rate Ω, about its z axis
	inertial := func(tm float64) (mgl64.Vec3, float64) {
		b := w.Body(id)
		r := b.Orientation().Mat4().Mat3()
		iw := r.Mul3(mgl64.Diag3(I0)).Mul3(r.Transpose())
		win := b.AngularVelocity().Add(om)
		l := iw.Mul3x1(win)
		frame := mgl64.QuatRotate(om.Len()*tm, om.Normalize()) // frame → inertial
		return frame.Rotate(l), 0.5 * win.Dot(l)
	}
	l0, e0 := inertial(0)
	worstL, worstE := 0.0, 0.0
	n := int(T / dt)
	for i := 1; i <= n; i++ {
		if err := w.Step(dt); err != nil {
			t.Fatal(err)
		}
		l, e := inertial(float64(i) * dt)
		worstL = max(worstL, l.Sub(l0).Len()/l0.Len())
		worstE = max(worstE, math.Abs(e-e0)/e0)
	}
	q := w.Body(still).Orientation()
	t.Logf("600 s in a frame turning at %.2f rad/s: inertial L drift %.1e, E drift %.1e; the co-turning body moved %.1e rad",
		om.Len(), worstL, worstE, 2*math.Acos(min(1, math.Abs(q.W))))
	if worstL > 1e-7 || worstE > 1e-7 {
		t.Errorf("inertial angular momentum drift %.3g, energy drift %.3g: want ≤ 1e-7", worstL, worstE)
	}
	if a := 2 * math.Acos(min(1, math.Abs(q.W))); a > 1e-9 {
		t.Errorf("a body turning with the frame about a principal axis turned %.3g rad in it", a)
	}
}
