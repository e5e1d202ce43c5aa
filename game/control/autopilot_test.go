package control

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestMat3Quat(t *testing.T) {
	for _, q := range []mgl64.Quat{
		mgl64.QuatIdent(),
		mgl64.QuatRotate(0.3, mgl64.Vec3{1, 2, 3}.Normalize()),
		mgl64.QuatRotate(math.Pi, mgl64.Vec3{1, 0, 0}),
		mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 1, 0}),
		mgl64.QuatRotate(3.1, mgl64.Vec3{0, 0.6, -0.8}),
	} {
		got := mat3Quat(q.Mat4().Mat3())
		if angleBetween(got, q) > 1e-9 {
			t.Errorf("mat3Quat(%v) = %v", q, got)
		}
	}
}

func TestDetumble(t *testing.T) {
	s0 := State{Orientation: mgl64.QuatRotate(1, mgl64.Vec3{0, 1, 1}.Normalize()), AngularVelocity: mgl64.Vec3{0.3, -0.5, 0.2}}
	r := newRig(t, mgl64.Vec3{}, 1000, tumbleInertia, mgl64.Vec3{0.1, 0, -0.1}, s0)
	for r.time < 10 {
		r.step(t, Detumble(r.state(), r.plant, Gains{}))
	}
	if w := r.state().AngularVelocity.Len(); w > 0.05*deg {
		t.Errorf("|ω| = %.4f°/s after 10 s, want < 0.05", w/deg)
	}
}

// dockPort is the lander's top port: 1.2 m above the COM on +y, roll
// reference +z.
var dockPort = Port{Pos: mgl64.Vec3{0, 1.2, 0}, Axis: mgl64.Vec3{0, 1, 0}, Up: mgl64.Vec3{0, 0, 1}}

// A free body (no gravity) approaches a fixed target port; when its docking
// point comes within 5 cm of the port plane the capture conditions must
// hold: closing ≤ 0.2 m/s, lateral ≤ 0.2 m, misalignment ≤ 5°, relative
// rate ≤ 1°/s.
func TestDockCapture(t *testing.T) {
	qT := mgl64.QuatRotate(0.4, mgl64.Vec3{1, 1, 0}.Normalize()) // target port frame → world
	for _, tc := range []struct {
		name    string
		tvel    mgl64.Vec3 // target velocity, world
		port    Port
		start   mgl64.Vec3 // own port start, frame T
		vel     mgl64.Vec3 // start velocity, frame T
		turn    float64    // start misalignment, rad
		w0      mgl64.Vec3 // world
		com     mgl64.Vec3
		maxTime float64
	}{
		{"straight in", mgl64.Vec3{}, dockPort, mgl64.Vec3{0, 0, 12}, mgl64.Vec3{}, 0, mgl64.Vec3{}, mgl64.Vec3{}, 80},
		{"offset and misaligned", mgl64.Vec3{}, dockPort, mgl64.Vec3{1.5, -1, 15}, mgl64.Vec3{0.1, 0, -0.2}, 25 * deg, mgl64.Vec3{0.01, -0.02, 0.015}, mgl64.Vec3{}, 120},
		{"close and off-axis", mgl64.Vec3{}, dockPort, mgl64.Vec3{0.8, 0.3, 1.0}, mgl64.Vec3{0, 0, -0.1}, 10 * deg, mgl64.Vec3{}, mgl64.Vec3{}, 120},
		{"moving target", mgl64.Vec3{0.3, -0.1, 0.2}, dockPort, mgl64.Vec3{0.5, 0.5, 8}, mgl64.Vec3{}, 5 * deg, mgl64.Vec3{}, mgl64.Vec3{}, 120},
		{"side port, rolled", mgl64.Vec3{}, Port{Pos: mgl64.Vec3{1.1, 0.3, 0}, Axis: mgl64.Vec3{1, 0, 0}, Up: mgl64.Vec3{0, 1, 0}}, mgl64.Vec3{0.5, -0.5, 10}, mgl64.Vec3{}, 40 * deg, mgl64.Vec3{}, mgl64.Vec3{}, 120},
		{"COM off 0.2 m", mgl64.Vec3{}, dockPort, mgl64.Vec3{-1, 0.5, 10}, mgl64.Vec3{}, 15 * deg, mgl64.Vec3{}, mgl64.Vec3{0.2, 0, 0}, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			target := PortPose{Position: mgl64.Vec3{5, 2, -3}, Orientation: qT, Velocity: tc.tvel}
			// Place the craft: aligned attitude, then turned by tc.turn.
			port := tc.port
			port.Pos = port.Pos.Sub(tc.com) // Port.Pos is from the COM; the layout is in craft coordinates
			sit := DockSituation{Craft: State{Orientation: mgl64.QuatIdent()}, Port: port, Target: target}
			q := sit.Relative().Aligned.Mul(mgl64.QuatRotate(tc.turn, mgl64.Vec3{1, 0, 1}.Normalize()))
			portW := target.Position.Add(qT.Rotate(tc.start))
			s0 := State{
				Position:        portW.Sub(q.Rotate(port.Pos)),
				Velocity:        qT.Rotate(tc.vel).Add(tc.tvel),
				Orientation:     q,
				AngularVelocity: tc.w0,
			}
			r := newRig(t, mgl64.Vec3{}, 1000, tumbleInertia, tc.com, s0)
			prm := DefaultDockParams()
			var rel DockRelative
			maxClosing := 0.0
			for {
				sit.Craft = r.state()
				rel = sit.Relative()
				if rel.Pos[2] <= 0.05 {
					break
				}
				if r.time > tc.maxTime {
					t.Fatalf("no capture after %.0f s: %+v", r.time, rel)
				}
				if rel.Pos[2] < 1 {
					maxClosing = math.Max(maxClosing, rel.Closing())
				}
				r.step(t, Dock(sit, r.plant, prm))
				sit.Target.Position = sit.Target.Position.Add(tc.tvel.Mul(dt))
			}
			t.Logf("capture at %.1f s: closing %.3f m/s, lateral %.3f m, misalignment %.2f°, rate %.3f°/s (max closing in the last metre %.3f m/s)",
				r.time, rel.Closing(), rel.Lateral(), rel.Misalignment()/deg, rel.Rate.Len()/deg, maxClosing)
			if c := rel.Closing(); c > 0.2 || c < 0 {
				t.Errorf("closing speed %.3f m/s, want in [0, 0.2]", c)
			}
			if l := rel.Lateral(); l > 0.2 {
				t.Errorf("lateral offset %.3f m > 0.2", l)
			}
			if m := rel.Misalignment(); m > 5*deg {
				t.Errorf("misalignment %.2f° > 5", m/deg)
			}
			if w := rel.Rate.Len(); w > 1*deg {
				t.Errorf("rate %.3f°/s > 1", w/deg)
			}
		})
	}
}

// Landing on the Moon (1.62 m/s²) onto y = 0 without contacts: when the
// COM reaches the touchdown height, vertical speed ≤ 1.2 m/s, horizontal
// ≤ 0.3 m/s, tilt ≤ 3°, and the feet within 1 m of the pad centre.
func TestLand(t *testing.T) {
	const tdHeight = 1.5
	g := mgl64.Vec3{0, -1.62, 0}
	inertia := diag(1500, 1200, 1500)
	for _, tc := range []struct {
		name    string
		mass    float64 // kg
		pos     mgl64.Vec3
		vel     mgl64.Vec3
		tilt    float64
		com     mgl64.Vec3
		maxTime float64
	}{
		{"overhead", 1000, mgl64.Vec3{0, 30, 0}, mgl64.Vec3{0, -2, 0}, 0, mgl64.Vec3{}, 60},
		{"offset and drifting", 1000, mgl64.Vec3{12, 60, -8}, mgl64.Vec3{-2, -4, 1}, 10 * deg, mgl64.Vec3{}, 120},
		{"far and fast", 1000, mgl64.Vec3{-60, 150, 40}, mgl64.Vec3{8, -10, 0}, 5 * deg, mgl64.Vec3{}, 200},
		{"heavy (thrust/weight 1.23)", 2500, mgl64.Vec3{3, 40, -2}, mgl64.Vec3{0.5, -3, 0}, 3 * deg, mgl64.Vec3{}, 200},
		{"rising, COM off 0.1 m", 1000, mgl64.Vec3{5, 20, 5}, mgl64.Vec3{0, 3, 0}, 0, mgl64.Vec3{0.1, 0, 0.05}, 120},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s0 := State{Position: tc.pos, Velocity: tc.vel, Orientation: mgl64.QuatRotate(tc.tilt, mgl64.Vec3{1, 0, 0.3}.Normalize())}
			r := newRig(t, g, tc.mass, inertia, tc.com, s0)
			sit := LandSituation{Gravity: g, TouchdownHeight: tdHeight}
			prm := DefaultLandParams()
			var st State
			fuel := 0.0 // main-engine throttle-seconds
			for {
				st = r.state()
				if st.Position[1] <= tdHeight {
					break
				}
				if r.time > tc.maxTime {
					t.Fatalf("not down after %.0f s: %+v", r.time, st)
				}
				sit.Craft = st
				cmd := Land(sit, r.plant, prm)
				fuel += cmd.Main * dt
				r.step(t, cmd)
			}
			vy := st.Velocity[1]
			vh := math.Hypot(st.Velocity[0], st.Velocity[2])
			tilt := math.Acos(math.Min(1, st.Orientation.Rotate(mgl64.Vec3{0, 1, 0})[1]))
			off := math.Hypot(st.Position[0], st.Position[2])
			t.Logf("touchdown at %.1f s: vertical %.3f m/s, horizontal %.3f m/s, tilt %.2f°, offset %.3f m, main %.1f full-thrust seconds",
				r.time, vy, vh, tilt/deg, off, fuel)
			if vy < -1.2 {
				t.Errorf("vertical speed %.3f m/s, want ≥ −1.2", vy)
			}
			if vh > 0.3 {
				t.Errorf("horizontal speed %.3f m/s > 0.3", vh)
			}
			if tilt > 3*deg {
				t.Errorf("tilt %.2f° > 3", tilt/deg)
			}
			if off > 1 {
				t.Errorf("offset from the pad %.3f m > 1", off)
			}
		})
	}
}

// The laws allocate nothing.
func TestLawsAllocs(t *testing.T) {
	p := Plant{Mass: 1000, Inertia: tumbleInertia, Capacity: newLanderAllocator(t, mgl64.Vec3{}).Capacity(), MainThrust: 5000, MainAxis: mgl64.Vec3{0, 1, 0}}
	st := State{Position: mgl64.Vec3{3, 20, 1}, Velocity: mgl64.Vec3{1, -2, 0}, Orientation: mgl64.QuatRotate(0.2, mgl64.Vec3{1, 0, 0}), AngularVelocity: mgl64.Vec3{0.1, 0, 0.2}}
	land := LandSituation{Craft: st, Gravity: mgl64.Vec3{0, -1.62, 0}, TouchdownHeight: 1.5}
	dock := DockSituation{Craft: st, Port: dockPort, Target: PortPose{Orientation: mgl64.QuatIdent()}}
	sas := SAS{Mode: SASPoint, Direction: mgl64.Vec3{1, 1, 0}}
	lp, dp := DefaultLandParams(), DefaultDockParams()
	if n := testing.AllocsPerRun(50, func() {
		_ = Land(land, p, lp)
		_ = Dock(dock, p, dp)
		_ = Detumble(st, p, Gains{})
		_ = sas.Torque(st, p)
	}); n != 0 {
		t.Errorf("%v allocations per tick of all laws, want 0", n)
	}
}

func TestAutopilotBadInput(t *testing.T) {
	bad := State{Position: mgl64.Vec3{math.NaN(), 0, 0}, Orientation: mgl64.QuatIdent()}
	p := Plant{Mass: 1000, Inertia: tumbleInertia}
	if c := Detumble(bad, p, Gains{}); c != (Command{}) {
		t.Errorf("Detumble(NaN) = %+v", c)
	}
	if c := Dock(DockSituation{Craft: bad, Port: dockPort}, p, DefaultDockParams()); c != (Command{}) {
		t.Errorf("Dock(NaN) = %+v", c)
	}
	if c := Land(LandSituation{Craft: bad, Gravity: mgl64.Vec3{0, -1.62, 0}}, p, DefaultLandParams()); c != (Command{}) {
		t.Errorf("Land(NaN) = %+v", c)
	}
	ok := State{Orientation: mgl64.QuatIdent()}
	if c := Land(LandSituation{Craft: ok}, p, DefaultLandParams()); c != (Command{}) {
		t.Errorf("Land(no gravity) = %+v", c)
	}
}

// Two runs of the same closed loop end bit-identical.
func TestClosedLoopDeterministic(t *testing.T) {
	run := func() State {
		g := mgl64.Vec3{0, -1.62, 0}
		s0 := State{Position: mgl64.Vec3{12, 40, -8}, Velocity: mgl64.Vec3{-2, -4, 1}, Orientation: mgl64.QuatRotate(10*deg, mgl64.Vec3{1, 0, 0.3}.Normalize())}
		r := newRig(t, g, 1000, diag(1500, 1200, 1500), mgl64.Vec3{0.05, 0, 0}, s0)
		sit := LandSituation{Gravity: g, TouchdownHeight: 1.5}
		for range 600 {
			sit.Craft = r.state()
			r.step(t, Land(sit, r.plant, DefaultLandParams()))
		}
		return r.state()
	}
	a, b := run(), run()
	if a != b {
		t.Errorf("runs differ:\n%+v\n%+v", a, b)
	}
}

// One control tick of the landing autopilot: the law, then the allocation.
func BenchmarkLandTick(b *testing.B) {
	g := mgl64.Vec3{0, -1.62, 0}
	s0 := State{Position: mgl64.Vec3{12, 60, -8}, Velocity: mgl64.Vec3{-2, -4, 1}, Orientation: mgl64.QuatRotate(10*deg, mgl64.Vec3{1, 0, 0.3}.Normalize())}
	r := newRig(b, g, 1000, diag(1500, 1200, 1500), mgl64.Vec3{}, s0)
	sit := LandSituation{Craft: r.state(), Gravity: g, TouchdownHeight: 1.5}
	prm := DefaultLandParams()
	for b.Loop() {
		_ = r.alloc.Allocate(Land(sit, r.plant, prm), &r.firing)
	}
}

func BenchmarkSASTorque(b *testing.B) {
	sas := SAS{Mode: SASPoint, Direction: mgl64.Vec3{1, 0.3, -0.5}}
	st := State{Orientation: mgl64.QuatRotate(0.3, mgl64.Vec3{0, 0, 1}), AngularVelocity: mgl64.Vec3{0.1, 0.2, 0}}
	p := Plant{Mass: 1000, Inertia: tumbleInertia, Capacity: newLanderAllocator(b, mgl64.Vec3{}).Capacity()}
	for b.Loop() {
		_ = sas.Torque(st, p)
	}
}
