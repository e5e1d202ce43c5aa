package control

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func newLanderAllocator(t testing.TB, com mgl64.Vec3) *Allocator {
	t.Helper()
	a, err := NewAllocator(landerRCS(), landerMain(), com, AllocatorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func wrenchVec(w Wrench) [6]float64 {
	return [6]float64{w.Torque[0], w.Torque[1], w.Torque[2], w.Force[0], w.Force[1], w.Force[2]}
}

var axisNames = [6]string{"pitch(τx)", "yaw(τy)", "roll(τz)", "Fx", "Fy", "Fz"}

// The capacity of the lander layout with the COM at the centre follows from
// the geometry: pitch and roll come from one couple of ±y thrusters 2×1.5 m
// apart (2·200·1.5 = 600 N m), yaw from all four tangential thrusters
// (4·200·1.5 = 1200 N m); x and z forces from the two tangential pairs
// (400 N), y from four thrusters (800 N).
func TestCapacityLander(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{})
	c := a.Capacity()
	want := Capacity{
		TorquePos: mgl64.Vec3{600, 1200, 600}, TorqueNeg: mgl64.Vec3{600, 1200, 600},
		ForcePos: mgl64.Vec3{400, 800, 400}, ForceNeg: mgl64.Vec3{400, 800, 400},
	}
	for _, p := range []struct {
		name      string
		got, want mgl64.Vec3
	}{
		{"TorquePos", c.TorquePos, want.TorquePos}, {"TorqueNeg", c.TorqueNeg, want.TorqueNeg},
		{"ForcePos", c.ForcePos, want.ForcePos}, {"ForceNeg", c.ForceNeg, want.ForceNeg},
	} {
		for j := range 3 {
			if math.Abs(p.got[j]-p.want[j]) > 1e-3*p.want[j] {
				t.Errorf("%s[%d] = %.4f, want %.4f", p.name, j, p.got[j], p.want[j])
			}
		}
	}
}

// A pure command along one axis gives < 1 % of the achieved value on every
// other torque axis and < 1 % of the largest force as net force (and the
// mirror for forces), within capacity (reached to 1 %) and beyond it
// (saturated, direction kept), with the COM at the centre or 0.2 m off.
func TestAllocatePureAxes(t *testing.T) {
	coms := []mgl64.Vec3{
		{}, {0.2, 0, 0}, {0, 0.2, 0}, {0, 0, -0.2},
		mgl64.Vec3{1, 1, 1}.Normalize().Mul(0.2),
	}
	var worstRotT, worstRotF, worstTransT, worstTransF float64
	defer func() {
		t.Logf("worst: rotation → cross torque %.2g %%, net force %.2g %% of max; translation → torque %.2g %% of max, cross force %.2g %%",
			100*worstRotT, 100*worstRotF, 100*worstTransT, 100*worstTransF)
	}()
	for _, com := range coms {
		a := newLanderAllocator(t, com)
		c := a.Capacity()
		capVec := [6]float64{c.TorquePos[0], c.TorquePos[1], c.TorquePos[2], c.ForcePos[0], c.ForcePos[1], c.ForcePos[2]}
		capNeg := [6]float64{c.TorqueNeg[0], c.TorqueNeg[1], c.TorqueNeg[2], c.ForceNeg[0], c.ForceNeg[1], c.ForceNeg[2]}
		maxTorque := math.Max(c.TorquePos.Len(), c.TorqueNeg.Len())
		maxForce := math.Max(c.ForcePos.Len(), c.ForceNeg.Len())
		f := a.NewFiring()
		for j := range 6 {
			for _, sign := range []float64{1, -1} {
				for _, frac := range []float64{0.05, 0.5, 1, 3} {
					name := fmt.Sprintf("com%v/%s/%+g×%g", com, axisNames[j], sign, frac)
					cp := capVec[j]
					if sign < 0 {
						cp = capNeg[j]
					}
					if cp < 100 {
						t.Fatalf("%s: capacity %.1f too small for a lander", name, cp)
					}
					var want [6]float64
					want[j] = sign * frac * cp
					cmd := Command{
						Torque: mgl64.Vec3{want[0], want[1], want[2]},
						Force:  mgl64.Vec3{want[3], want[4], want[5]},
					}
					if err := a.Allocate(cmd, &f); err != nil {
						t.Fatal(err)
					}
					got := wrenchVec(f.Achieved)
					along := sign * got[j]
					wantAlong := math.Min(frac, 1) * cp
					if along < 0.99*wantAlong || along > 1.0001*wantAlong {
						t.Errorf("%s: along-axis %.3f, want %.3f", name, along, wantAlong)
					}
					var crossT, crossF mgl64.Vec3
					for k := range 3 {
						if k != j {
							crossT[k] = got[k]
						}
						if k+3 != j {
							crossF[k] = got[k+3]
						}
					}
					if j < 3 {
						worstRotT = math.Max(worstRotT, crossT.Len()/along)
						worstRotF = math.Max(worstRotF, crossF.Len()/maxForce)
					} else {
						worstTransT = math.Max(worstTransT, crossT.Len()/(maxTorque*math.Min(frac, 1)))
						worstTransF = math.Max(worstTransF, crossF.Len()/along)
					}
					if j < 3 {
						if crossT.Len() > 0.01*along {
							t.Errorf("%s: cross torque %.4g N m = %.3g %% of %.4g", name, crossT.Len(), 100*crossT.Len()/along, along)
						}
						if crossF.Len() > 0.01*maxForce {
							t.Errorf("%s: net force %.4g N = %.3g %% of max %.4g", name, crossF.Len(), 100*crossF.Len()/maxForce, maxForce)
						}
					} else {
						if crossT.Len() > 0.01*maxTorque*math.Min(frac, 1) {
							t.Errorf("%s: torque %.4g N m = %.3g %% of max %.4g", name, crossT.Len(), 100*crossT.Len()/maxTorque, maxTorque)
						}
						if crossF.Len() > 0.01*along {
							t.Errorf("%s: cross force %.4g N = %.3g %% of %.4g", name, crossF.Len(), 100*crossF.Len()/along, along)
						}
					}
					for i, u := range f.RCS {
						if !(u >= 0 && u <= 1) {
							t.Fatalf("%s: throttle %d = %v outside [0, 1]", name, i, u)
						}
					}
					if !a.Stats().Converged {
						t.Errorf("%s: active set did not converge in %d iterations", name, a.Stats().Iterations)
					}
				}
			}
		}
	}
}

// A combined pitch+yaw command beyond capacity keeps its direction.
func TestAllocateSaturatedDirection(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{0.1, -0.1, 0.15})
	f := a.NewFiring()
	want := mgl64.Vec3{3000, -2000, 500}
	if err := a.Allocate(Command{Torque: want, Force: mgl64.Vec3{0, 300, 0}}, &f); err != nil {
		t.Fatal(err)
	}
	got := f.Achieved.Torque
	cosang := got.Dot(want) / (got.Len() * want.Len())
	if ang := math.Acos(math.Min(1, cosang)); ang > 0.01 {
		t.Errorf("saturated torque %v turned %.3g rad from wanted %v", got, ang, want)
	}
	if got.Len() < 300 {
		t.Errorf("saturated torque %v gave up too much", got)
	}
}

// With the main engine firing and the COM 0.2 m off its thrust line, the RCS
// trims the engine's torque: the net torque stays < 1 % of the engine's
// moment (0.2 m · thrust).
func TestAllocateMainTrim(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{0.2, 0, 0})
	f := a.NewFiring()
	if err := a.Allocate(Command{Main: 0.4}, &f); err != nil {
		t.Fatal(err)
	}
	moment := 0.2 * 0.4 * mainThrust
	if tq := f.Achieved.Torque.Len(); tq > 0.01*moment {
		t.Errorf("net torque %.4g N m, want < 1 %% of %.4g", tq, moment)
	}
	if fy := f.Achieved.Force[1]; math.Abs(fy-0.4*mainThrust) > 0.01*0.4*mainThrust {
		t.Errorf("net force y %.4g N, want ≈ %.4g", fy, 0.4*mainThrust)
	}
	if f.Main[0] != 0.4 {
		t.Errorf("main throttle %v, want 0.4", f.Main[0])
	}
	// Without trimming the engine's moment shows up in full.
	b, _ := NewAllocator(landerRCS(), landerMain(), mgl64.Vec3{0.2, 0, 0}, AllocatorOptions{NoMainTrim: true})
	g := b.NewFiring()
	_ = b.Allocate(Command{Main: 0.4}, &g)
	if tq := g.Achieved.Torque.Len(); math.Abs(tq-moment) > 1e-9*moment {
		t.Errorf("untrimmed torque %.6g N m, want %.6g", tq, moment)
	}
}

func TestAllocateFineAndMainTranslation(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{})
	f := a.NewFiring()
	_ = a.Allocate(Command{Torque: mgl64.Vec3{400, 0, 0}, Fine: true}, &f)
	if got := f.Achieved.Torque[0]; math.Abs(got-40) > 0.01*40 {
		t.Errorf("fine pitch %.4g N m, want 40", got)
	}
	b, _ := NewAllocator(landerRCS(), landerMain(), mgl64.Vec3{}, AllocatorOptions{MainTranslation: true})
	g := b.NewFiring()
	_ = b.Allocate(Command{Force: mgl64.Vec3{0, 2500, 0}}, &g)
	if g.Main[0] != 0.5 {
		t.Errorf("main throttle %v for 2500 N up, want 0.5", g.Main[0])
	}
	if got := g.Achieved.Force[1]; math.Abs(got-2500) > 1 {
		t.Errorf("force y %v, want 2500", got)
	}
}

// A disabled (dry) thruster never fires and lowers the capacity.
func TestSetEnabled(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{})
	before := a.Capacity().TorqueNeg[0]
	a.SetEnabled(1, false) // first quad's −y thruster
	f := a.NewFiring()
	for j := range 6 {
		var w [6]float64
		w[j] = 1000
		_ = a.Allocate(Command{Torque: mgl64.Vec3{w[0], w[1], w[2]}, Force: mgl64.Vec3{w[3], w[4], w[5]}}, &f)
		if f.RCS[1] != 0 {
			t.Fatalf("disabled thruster fired at %v", f.RCS[1])
		}
	}
	if after := a.Capacity().TorqueNeg[0]; after > before {
		t.Errorf("capacity rose from %v to %v", before, after)
	}
	a.SetEnabled(16, false) // the main engine
	_ = a.Allocate(Command{Main: 1}, &f)
	if f.Main[0] != 0 || f.Achieved.Force[1] != 0 {
		t.Errorf("disabled main engine fired: %v, force %v", f.Main[0], f.Achieved.Force)
	}
}

func TestAllocatorErrors(t *testing.T) {
	bad := []Thruster{{Pos: mgl64.Vec3{1, 0, 0}, Dir: mgl64.Vec3{}, MaxThrust: 10}}
	if _, err := NewAllocator(bad, nil, mgl64.Vec3{}, AllocatorOptions{}); !errors.Is(err, ErrBadThruster) {
		t.Errorf("zero direction: err = %v, want ErrBadThruster", err)
	}
	bad[0].Dir, bad[0].MaxThrust = mgl64.Vec3{0, 1, 0}, -1
	if _, err := NewAllocator(bad, nil, mgl64.Vec3{}, AllocatorOptions{}); !errors.Is(err, ErrBadThruster) {
		t.Errorf("negative thrust: err = %v, want ErrBadThruster", err)
	}
	a := newLanderAllocator(t, mgl64.Vec3{})
	f := a.NewFiring()
	if err := a.Allocate(Command{Torque: mgl64.Vec3{math.NaN(), 0, 0}}, &f); !errors.Is(err, ErrBadCommand) {
		t.Errorf("NaN torque: err = %v, want ErrBadCommand", err)
	}
	for _, u := range f.RCS {
		if u != 0 {
			t.Fatalf("NaN command left throttles %v", f.RCS)
		}
	}
	short := Firing{RCS: make([]float64, 3)}
	if err := a.Allocate(Command{}, &short); !errors.Is(err, ErrBadFiring) {
		t.Errorf("short firing: err = %v, want ErrBadFiring", err)
	}
	// An empty layout is legal and gives nothing.
	e, err := NewAllocator(nil, nil, mgl64.Vec3{}, AllocatorOptions{})
	if err != nil {
		t.Fatal(err)
	}
	ef := e.NewFiring()
	if err := e.Allocate(Command{Torque: mgl64.Vec3{1, 2, 3}}, &ef); err != nil || ef.Achieved != (Wrench{}) {
		t.Errorf("empty layout: %v, %v", ef.Achieved, err)
	}
}

// The same command gives bit-identical throttles, in the same allocator and
// in a fresh one, whatever came before.
func TestAllocateDeterministic(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{0.05, -0.02, 0.1})
	b := newLanderAllocator(t, mgl64.Vec3{0.05, -0.02, 0.1})
	cmd := Command{Torque: mgl64.Vec3{123, -456, 789}, Force: mgl64.Vec3{-50, 20, 300}, Main: 0.3}
	f1, f2, f3 := a.NewFiring(), a.NewFiring(), b.NewFiring()
	_ = a.Allocate(cmd, &f1)
	_ = a.Allocate(Command{Torque: mgl64.Vec3{-900, 0, 0}}, &f2)
	_ = a.Allocate(cmd, &f2)
	_ = b.Allocate(cmd, &f3)
	for i := range f1.RCS {
		if math.Float64bits(f1.RCS[i]) != math.Float64bits(f2.RCS[i]) || math.Float64bits(f1.RCS[i]) != math.Float64bits(f3.RCS[i]) {
			t.Fatalf("throttle %d differs: %v %v %v", i, f1.RCS[i], f2.RCS[i], f3.RCS[i])
		}
	}
}

// SetCOM rebuilds only for moves beyond the tolerance.
func TestSetCOMTolerance(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{})
	a.SetCOM(mgl64.Vec3{0, 0, 5e-4})
	if a.COM() != (mgl64.Vec3{}) {
		t.Errorf("COM moved to %v for a 0.5 mm shift", a.COM())
	}
	a.SetCOM(mgl64.Vec3{0.2, 0, 0})
	if a.COM() != (mgl64.Vec3{0.2, 0, 0}) {
		t.Errorf("COM = %v, want 0.2 m off", a.COM())
	}
	if fy := a.Capacity().ForcePos[1]; fy > 799 {
		t.Errorf("pure +y force capacity %v with the COM 0.2 m off: want < 800 (the quads must balance)", fy)
	}
}

func TestAllocateAllocs(t *testing.T) {
	a := newLanderAllocator(t, mgl64.Vec3{0.1, 0, 0})
	f := a.NewFiring()
	cmd := Command{Torque: mgl64.Vec3{2000, -300, 100}, Force: mgl64.Vec3{0, 100, 0}, Main: 0.5}
	if n := testing.AllocsPerRun(100, func() { _ = a.Allocate(cmd, &f) }); n != 0 {
		t.Errorf("Allocate: %v allocations per call, want 0", n)
	}
	com := mgl64.Vec3{0.1, 0, 0}
	if n := testing.AllocsPerRun(20, func() { com[1] += 2e-3; a.SetCOM(com) }); n != 0 {
		t.Errorf("SetCOM: %v allocations per call, want 0", n)
	}
}

func BenchmarkAllocate(b *testing.B) {
	for _, bc := range []struct {
		name string
		cmd  Command
	}{
		{"pitch", Command{Torque: mgl64.Vec3{300, 0, 0}}},
		{"mixed", Command{Torque: mgl64.Vec3{200, -400, 100}, Force: mgl64.Vec3{50, -100, 20}, Main: 0.5}},
		{"saturated", Command{Torque: mgl64.Vec3{3000, -2000, 500}, Force: mgl64.Vec3{0, 300, 0}}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			a := newLanderAllocator(b, mgl64.Vec3{0.1, -0.05, 0.08})
			f := a.NewFiring()
			iters := 0
			for b.Loop() {
				_ = a.Allocate(bc.cmd, &f)
				iters += a.Stats().Iterations
			}
			b.ReportMetric(float64(iters)/float64(b.N), "iters/op")
		})
	}
}

func BenchmarkSetCOM(b *testing.B) {
	a := newLanderAllocator(b, mgl64.Vec3{})
	com := mgl64.Vec3{}
	for b.Loop() {
		com[1] += 2e-3
		a.SetCOM(com)
	}
}

// landingCommands records the commands of an autopilot landing (the
// "offset and drifting" case of TestLand), for benchmarks of realistic
// command sequences.
func landingCommands(t testing.TB) []Command {
	g := mgl64.Vec3{0, -1.62, 0}
	s0 := State{Position: mgl64.Vec3{12, 60, -8}, Velocity: mgl64.Vec3{-2, -4, 1}, Orientation: mgl64.QuatRotate(10*deg, mgl64.Vec3{1, 0, 0.3}.Normalize())}
	r := newRig(t, g, 1000, diag(1500, 1200, 1500), mgl64.Vec3{0.05, 0, 0}, s0)
	sit := LandSituation{Gravity: g, TouchdownHeight: 1.5}
	var cmds []Command
	for r.time < 60 {
		sit.Craft = r.state()
		if sit.Craft.Position[1] <= 1.5 {
			break
		}
		c := Land(sit, r.plant, DefaultLandParams())
		cmds = append(cmds, c)
		r.step(t, c)
	}
	return cmds
}

// Warm starts reach the same optimum as cold starts.
func TestWarmStartSameResult(t *testing.T) {
	cmds := landingCommands(t)
	cold := newLanderAllocator(t, mgl64.Vec3{0.05, 0, 0})
	warm, _ := NewAllocator(landerRCS(), landerMain(), mgl64.Vec3{0.05, 0, 0}, AllocatorOptions{WarmStart: true})
	fc, fw := cold.NewFiring(), warm.NewFiring()
	itCold, itWarm := 0, 0
	for i, c := range cmds {
		_ = cold.Allocate(c, &fc)
		_ = warm.Allocate(c, &fw)
		itCold += cold.Stats().Iterations
		itWarm += warm.Stats().Iterations
		a, b := wrenchVec(fc.Achieved), wrenchVec(fw.Achieved)
		for j := range 6 {
			if math.Abs(a[j]-b[j]) > 1e-6*(1+math.Abs(a[j])) {
				t.Fatalf("command %d axis %s: cold %.9g, warm %.9g", i, axisNames[j], a[j], b[j])
			}
		}
		if !warm.Stats().Converged {
			t.Fatalf("command %d: warm start did not converge", i)
		}
	}
	t.Logf("%d commands: %.2f iterations per solve cold, %.2f warm", len(cmds), float64(itCold)/float64(len(cmds)), float64(itWarm)/float64(len(cmds)))
}

func BenchmarkAllocateLanding(b *testing.B) {
	cmds := landingCommands(b)
	for _, warm := range []bool{false, true} {
		b.Run(fmt.Sprintf("warm=%v", warm), func(b *testing.B) {
			a, _ := NewAllocator(landerRCS(), landerMain(), mgl64.Vec3{0.05, 0, 0}, AllocatorOptions{WarmStart: warm})
			f := a.NewFiring()
			i, iters := 0, 0
			for b.Loop() {
				_ = a.Allocate(cmds[i], &f)
				iters += a.Stats().Iterations
				if i++; i == len(cmds) {
					i = 0
				}
			}
			b.ReportMetric(float64(iters)/float64(b.N), "iters/op")
		})
	}
}

// Any wrench some throttles in [0, 1] can make is reached (to 1e-4 of the
// largest capacity) — an independent check of optimality: the wanted
// wrench is built from random throttles, not by the solver. The solution
// never fires both thrusters of an opposed pair (wasted propellant).
func TestAllocateReachable(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rcs := landerRCS()
	for trial := range 300 {
		com := mgl64.Vec3{rng.Float64() - 0.5, rng.Float64() - 0.5, rng.Float64() - 0.5}.Mul(0.4)
		a, err := NewAllocator(rcs, nil, com, AllocatorOptions{WarmStart: trial%2 == 1})
		if err != nil {
			t.Fatal(err)
		}
		var w Wrench
		for _, th := range rcs {
			u := rng.Float64()
			if rng.IntN(2) == 0 {
				u = 0
			}
			f := th.Dir.Mul(u * th.MaxThrust)
			w.Force = w.Force.Add(f)
			w.Torque = w.Torque.Add(th.Pos.Sub(com).Cross(f))
		}
		f := a.NewFiring()
		if err := a.Allocate(Command{Torque: w.Torque, Force: w.Force}, &f); err != nil {
			t.Fatal(err)
		}
		got, want := wrenchVec(f.Achieved), wrenchVec(w)
		for j := range 6 {
			if d := math.Abs(got[j] - want[j]); d > 1e-4*1200 {
				t.Fatalf("trial %d, COM %v: %s = %.6f, want %.6f", trial, com, axisNames[j], got[j], want[j])
			}
		}
		for q := range 4 {
			for _, pair := range [][2]int{{4 * q, 4*q + 1}, {4*q + 2, 4*q + 3}} {
				if lo := math.Min(f.RCS[pair[0]], f.RCS[pair[1]]); lo > 1e-6 {
					t.Fatalf("trial %d: opposed thrusters %v both fire (%.3g, %.3g)", trial, pair, f.RCS[pair[0]], f.RCS[pair[1]])
				}
			}
		}
	}
}

// Random and extreme commands: throttles stay in [0, 1], the solve
// converges, nothing is NaN.
func TestAllocateStress(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a := newLanderAllocator(t, mgl64.Vec3{0.1, -0.2, 0.05})
	f := a.NewFiring()
	for i := range 2000 {
		scale := math.Pow(10, 8*rng.Float64()-2)
		v := func() mgl64.Vec3 {
			return mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Mul(scale)
		}
		cmd := Command{Torque: v(), Force: v(), Main: 2*rng.Float64() - 0.5, Fine: rng.IntN(4) == 0}
		if err := a.Allocate(cmd, &f); err != nil {
			t.Fatal(err)
		}
		for k, u := range append(f.RCS, f.Main...) {
			if !(u >= 0 && u <= 1) {
				t.Fatalf("command %d: throttle %d = %v", i, k, u)
			}
		}
		if !finite3(f.Achieved.Torque) || !finite3(f.Achieved.Force) || !a.Stats().Converged {
			t.Fatalf("command %d: achieved %v, stats %+v", i, f.Achieved, a.Stats())
		}
	}
}
