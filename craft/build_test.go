package craft

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// Building the shipped crafts gives bodies whose total mass, centre of mass
// and inertia equal the craft's, wherever it is placed.
func TestBuildMatchesMassProps(t *testing.T) {
	lib := NewLibrary(shipped())
	at := Placement{
		Position:        mgl64.Vec3{10, 20, -5},
		Orientation:     mgl64.QuatRotate(0.6, mgl64.Vec3{1, 1, 0}.Normalize()),
		Velocity:        mgl64.Vec3{1, 0, 2},
		AngularVelocity: mgl64.Vec3{0.1, -0.2, 0.05},
	}
	for _, name := range lib.Crafts() {
		c, err := lib.LoadCraft(name)
		if err != nil {
			t.Fatal(err)
		}
		w := physics.NewWorld(physics.WorldDef{})
		b, err := c.Build(w, at, nil)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(b.Bodies) != len(c.Parts) || len(b.Joints) != len(c.Joints) || len(b.Thrusters) != len(c.Thrusters) {
			t.Fatalf("%s: %d bodies, %d joints, %d thrusters", name, len(b.Bodies), len(b.Joints), len(b.Thrusters))
		}
		var parts []MassProps
		var p mgl64.Vec3
		for _, d := range b.Distinct {
			body := w.Body(d.ID)
			parts = append(parts, MassProps{Mass: body.Mass(), COM: body.Position(), Inertia: body.InertiaWorld()})
			p = p.Add(body.Velocity().Mul(body.Mass()))
		}
		got := Combine(parts...)
		want := c.MassProps(nil).Transform(at.Position, at.Orientation)
		if !closeTo(got.Mass, want.Mass, 1e-12) {
			t.Errorf("%s: mass %g, want %g", name, got.Mass, want.Mass)
		}
		vecClose(t, name+" COM", got.COM, want.COM, 1e-9)
		matClose(t, name+" inertia", got.Inertia, want.Inertia, 1e-9)
		// Rigid motion: momentum = m (v + ω × (COM − origin)).
		wantP := at.Velocity.Add(at.AngularVelocity.Cross(want.COM.Sub(at.Position))).Mul(want.Mass)
		vecClose(t, name+" momentum", p, wantP, 1e-9*want.Mass)
		// Thrusters map back to the craft frame.
		for k, th := range b.Thrusters {
			ct := c.Thrusters[k]
			body := w.Body(th.Body)
			gotW := body.WorldPoint(th.Point)
			wantW := at.Position.Add(at.Orientation.Rotate(ct.Position))
			vecClose(t, name+" thruster point", gotW, wantW, 1e-9)
			vecClose(t, name+" thruster direction", body.WorldVector(th.Direction), at.Orientation.Rotate(ct.Direction), 1e-12)
		}
	}
}

// The lander hanging in free fall keeps its joints closed and falls as one.
func TestBuildLanderFreeFall(t *testing.T) {
	c := shippedCraft(t, "lander")
	w := physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -1.62, 0}})
	b, err := c.Build(w, Placement{Position: mgl64.Vec3{0, 100, 0}, Orientation: mgl64.QuatIdent()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 60 {
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	for _, id := range b.Bodies {
		v := w.Body(id).Velocity()
		if math.Abs(v[1]+1.62) > 1e-6 || math.Abs(v[0]) > 1e-6 || math.Abs(v[2]) > 1e-6 {
			t.Errorf("%s: velocity %v after 1 s, want (0, -1.62, 0)", w.Body(id).Name(), v)
		}
	}
	if g := w.MaxJointGap(); g > 1e-6 {
		t.Errorf("joint gap %g m in free fall", g)
	}
}

// A fixed placement makes static bodies.
func TestBuildFixed(t *testing.T) {
	c := shippedCraft(t, "station")
	w := physics.NewWorld(physics.WorldDef{})
	b, err := c.Build(w, Placement{Fixed: true}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !w.Body(b.Bodies[0]).Static() {
		t.Error("fixed station is not static")
	}
}

// The lander's leg springs carry it in lunar gravity: with the ground's
// reaction (a quarter of the weight) pushing up on each foot, the legs settle
// at the deflection the spring law predicts and the hull comes to rest.
func TestBuildLanderLegsHold(t *testing.T) {
	c := shippedCraft(t, "lander")
	const g = 1.62
	w := physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -g, 0}})
	b, err := c.Build(w, Placement{Orientation: mgl64.QuatIdent()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	total := c.MassProps(nil).Mass
	var feet []physics.BodyID
	for i, p := range c.Parts {
		if p.Role == RoleFoot {
			feet = append(feet, b.Bodies[i])
		}
	}
	up := mgl64.Vec3{0, total * g / float64(len(feet)), 0}
	for range 8 * 60 {
		for _, f := range feet {
			w.ApplyCentralForce(f, up)
		}
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	for k, j := range c.Joints {
		if j.Kind != JointHinge {
			continue
		}
		// Torque about the hinge: the foot's reaction minus the leg's and
		// foot's own weight, over their horizontal arms.
		// Arms are measured in the settled pose (they grow as the legs splay).
		hinge, _ := w.Joint(b.Joints[k]).Anchors()
		arm := func(part int) float64 {
			com := w.Body(b.Bodies[part]).Position()
			return math.Hypot(com[0]-hinge[0], com[2]-hinge[2])
		}
		leg := j.B
		foot := -1
		for _, jj := range c.Joints {
			if jj.A == leg && c.Parts[jj.B].Role == RoleFoot {
				foot = jj.B
			}
		}
		tau := up[1]*arm(foot) - g*(c.Parts[leg].Dry.Mass*arm(leg)+c.Parts[foot].Dry.Mass*arm(foot))
		want := tau / j.Stiffness
		got := w.Joint(b.Joints[k]).Angle()
		if math.Abs(got-want) > 0.02*want {
			t.Errorf("%s: angle %.2f°, want %.2f° (spring law)", j.Name, mgl64.RadToDeg(got), mgl64.RadToDeg(want))
		}
	}
	if v := w.Body(b.Bodies[0]).Velocity().Len(); v > 1e-3 {
		t.Errorf("hull still moving at %g m/s", v)
	}
}

// Shapes go onto the bodies, tagged with their part, in one group per craft.
func TestBuildShapes(t *testing.T) {
	c := shippedCraft(t, "lander")
	w := physics.NewWorld(physics.WorldDef{})
	b1, err := c.Build(w, Placement{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b2, err := c.Build(w, Placement{Position: mgl64.Vec3{20, 0, 0}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b1.Group == b2.Group || b1.Group == 0 {
		t.Errorf("groups %d and %d", b1.Group, b2.Group)
	}
	// Each body carries the shapes of its welded parts, in part order, each
	// tagged with its part.
	for _, d := range b1.Distinct {
		first, n := w.Body(d.ID).Shapes()
		k := 0
		for _, i := range d.Parts {
			for s := range b1.Shapes[i] {
				if k >= n {
					t.Fatalf("body %d: %d shapes, want more", d.ID, n)
				}
				info, _ := w.Shape(first + physics.ShapeID(k))
				if info.Tag != int32(i) || info.Friction != c.Parts[i].Friction {
					t.Errorf("part %d shape %d: tag %d friction %g", i, s, info.Tag, info.Friction)
				}
				// Same vertices as Built.Shapes (body coordinates).
				for v := range info.Poly.Verts {
					vecClose(t, "shape vertex", info.Poly.Verts[v], b1.Shapes[i][s].Verts[v], 1e-12)
				}
				k++
			}
			if len(b1.Shapes[i]) != len(c.Parts[i].Shapes) {
				t.Errorf("part %d: %d shapes built, want %d", i, len(b1.Shapes[i]), len(c.Parts[i].Shapes))
			}
		}
		if k != n {
			t.Errorf("body %d: %d shapes, want %d", d.ID, n, k)
		}
	}
	// The lander welds each foot to its leg and the adapter to the hull:
	// five bodies, four hinges.
	if len(b1.Distinct) != 5 {
		t.Errorf("lander built as %d bodies, want 5", len(b1.Distinct))
	}
	for k, j := range c.Joints {
		if welded := b1.Joints[k] == physics.NoJoint; welded != (j.Kind == JointFixed) {
			t.Errorf("joint %s (%s): welded %v", j.Name, j.Kind, welded)
		}
	}
}

// The lander set down on a pad in lunar gravity stands on its feet, and a
// 2 m/s touchdown stays within the legs' travel: the feet slide out (they
// are slippery on purpose), the hinge springs take part of the load (all of
// it without friction, see TestBuildLanderLegsHold) and the hull stays well
// clear of the pad.
func TestBuildLanderStands(t *testing.T) {
	c := shippedCraft(t, "lander")
	low := math.Inf(1)
	for _, p := range c.Parts {
		for _, s := range p.Shapes {
			for _, v := range s.Poly.Verts {
				low = min(low, p.Position.Add(p.Orientation.Rotate(v))[1])
			}
		}
	}
	for _, vy := range []float64{0, -2} {
		w := physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -1.62, 0}})
		w.AddBody(physics.BodyDef{Name: "pad", Position: mgl64.Vec3{0, -0.25, 0},
			Shapes: []physics.ShapeDef{{Poly: geom.Box(mgl64.Vec3{10, 0.25, 10}), Friction: 0.9}}})
		b, err := c.Build(w, Placement{Position: mgl64.Vec3{0, 0.02 - low, 0}, Velocity: mgl64.Vec3{0, vy, 0}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		maxAngle, maxGap := 0.0, 0.0
		for range 6 * 60 {
			if err := w.Step(1.0 / 60); err != nil {
				t.Fatal(err)
			}
			for k, j := range c.Joints {
				if j.Kind == JointHinge {
					maxAngle = max(maxAngle, w.Joint(b.Joints[k]).Angle())
				}
			}
			maxGap = max(maxGap, w.MaxJointGap())
		}
		for k, j := range c.Joints {
			if j.Kind != JointHinge {
				continue
			}
			got := mgl64.RadToDeg(w.Joint(b.Joints[k]).Angle())
			if got < 0.2 || got > 5 {
				t.Errorf("vy %g: %s at %.2f° under the lander's weight, want 0.2° … 5°", vy, j.Name, got)
			}
		}
		if deg := mgl64.RadToDeg(maxAngle); deg > 20 {
			t.Errorf("vy %g: legs swung to %.1f°, near the 25° stop", vy, deg)
		}
		if maxGap > 1e-3 {
			t.Errorf("vy %g: joints opened by %.3g m", vy, maxGap)
		}
		hull := w.Body(b.Bodies[0])
		if v := hull.Velocity().Len(); v > 0.01 {
			t.Errorf("vy %g: hull still moving at %.3g m/s", vy, v)
		}
		// The engine bell's lowest point (1.4 m below the hull origin) stays
		// above the pad.
		if y := hull.WorldPoint(b.toBody(0, mgl64.Vec3{0, -1.4, 0}))[1]; y < 0.3 {
			t.Errorf("vy %g: engine bell %.2f m above the pad", vy, y)
		}
		t.Logf("vy %g: settled at %.2f°, largest swing %.2f°, largest joint gap %.2g m", vy,
			mgl64.RadToDeg(w.Joint(b.Joints[1]).Angle()), mgl64.RadToDeg(maxAngle), maxGap)
	}
}

// The land-slope mission's pad is landable: the lander set down on it
// settles tilted by the slope (below the 8° limit) and does not slide away.
func TestBuildLanderOnSlope(t *testing.T) {
	lib := NewLibrary(shipped())
	m, err := lib.LoadMission("land-slope")
	if err != nil {
		t.Fatal(err)
	}
	c := m.Player.Spec
	pad := m.Pad
	w := physics.NewWorld(physics.WorldDef{Gravity: m.Gravity})
	w.AddBody(physics.BodyDef{Name: "pad", Position: pad.Centre(), Orientation: pad.Orientation,
		Shapes: []physics.ShapeDef{{Poly: geom.Box(pad.Size.Mul(0.5)), Friction: pad.Friction}}})
	// Level, feet 0.3 m above the top face at the pad's centre.
	b, err := c.Build(w, Placement{Position: pad.Position.Add(mgl64.Vec3{0, 2.44, 0})}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for range 10 * 60 {
		if err := w.Step(1.0 / 60); err != nil {
			t.Fatal(err)
		}
	}
	hull := w.Body(b.Bodies[0])
	up := hull.WorldVector(mgl64.Vec3{0, 1, 0})
	tilt := mgl64.RadToDeg(math.Acos(up[1]))
	if tilt > m.Thresholds.Tilt*180/math.Pi || tilt < 3 {
		t.Errorf("tilt %.2f°, want about the 5° slope", tilt)
	}
	if v := hull.Velocity().Len(); v > 0.01 {
		t.Errorf("sliding at %.3g m/s", v)
	}
	t.Logf("tilt %.2f°, speed %.2g m/s", tilt, hull.Velocity().Len())
}

// An unbreakable fixed joint welds its parts into one body; a breakable one
// stays a physics joint, so it can break.
func TestBuildWelds(t *testing.T) {
	src := func(breakImpulse string) []byte {
		return []byte(`format = 1
name = "pair"
[[part]]
name = "a"
mass = 10
[[part.shape]]
kind = "box"
size = [1, 1, 1]
[[part]]
name = "b"
mass = 5
position = [1, 0, 0]
[[part.shape]]
kind = "box"
size = [1, 1, 1]
[[joint]]
name = "weld"
kind = "fixed"
part_a = "a"
part_b = "b"
anchor = [0.5, 0, 0]
` + breakImpulse)
	}
	for _, tc := range []struct {
		extra  string
		bodies int
	}{{"", 1}, {"break_impulse = 100\n", 2}} {
		c, err := ParseCraft("pair.toml", src(tc.extra))
		if err != nil {
			t.Fatal(err)
		}
		w := physics.NewWorld(physics.WorldDef{})
		b, err := c.Build(w, Placement{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if len(b.Distinct) != tc.bodies || w.NumBodies() != tc.bodies {
			t.Errorf("%q: %d bodies, want %d", tc.extra, len(b.Distinct), tc.bodies)
		}
		if welded := b.Joints[0] == physics.NoJoint; welded != (tc.bodies == 1) {
			t.Errorf("%q: joint welded = %v", tc.extra, welded)
		}
		// Either way, part b's frame sits 1 m along x from a's.
		pa, _ := b.PartPose(w, 0)
		pb, _ := b.PartPose(w, 1)
		vecClose(t, "part b", pb.Sub(pa), mgl64.Vec3{1, 0, 0}, 1e-12)
		if b.Bodies[0] == b.Bodies[1] {
			if m := b.MassOf(0, nil); !closeTo(m.Mass, 15, 1e-12) || m.COM.Len() > 1e-12 {
				t.Errorf("welded mass %g, COM %v: want 15 kg about the body origin", m.Mass, m.COM)
			}
		}
	}
}
