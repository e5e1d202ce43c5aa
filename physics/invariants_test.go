package physics_test

// The invariants every random scene is held to (issue 24; design notes
// §13), checked after every step by runScene: physics that must hold
// whatever the scene, never the engine's own past output.

import (
	"errors"
	"fmt"
	"math"
	"runtime/debug"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/physics"
)

// inv is one invariant.
type inv int

const (
	invPanic     inv = iota // Step (or the generator) panicked
	invStep                 // Step returned an error in a scene that cannot run away
	invFinite               // a body's state became NaN or Inf
	invEnergy               // passive: E − E(0) over the peak kinetic energy
	invGap                  // the largest joint anchor gap, m
	invTunnel               // how deep a body's centre of mass went inside a static shape, m
	invFreeL                // free assembly: |L − L(0)| about the centre of mass, relative
	invFreeOmega            // free principal spin: each body's ||ω| − |ω(0)||, relative
	invFreeKE               // free assembly: |KE − KE(0)|, relative
	invFloatL               // floating: |L − L(0)| about the centre of mass, relative to the largest sum of its terms
	invRest                 // stable: the fastest point of any body 5 s after the last impact, m/s
	invHold                 // stable: how far any body's point moved from where it came to rest, m
	invSleep                // stable, sleep on: s from rest until all asleep (and staying asleep)
	numInv
)

// invInfo names each invariant and gives its limit: a figure above it
// fails the scene.
var invInfo = [numInv]struct {
	name  string
	limit float64
}{
	invPanic:     {"panic", 0},
	invStep:      {"step error", 0},
	invFinite:    {"non-finite", 0},
	invEnergy:    {"energy gain/KEmax", 1e-4},
	invGap:       {"joint gap m", 1e-3},
	invTunnel:    {"tunnel m", 0},
	invFreeL:     {"free dL/L", 1e-9},
	invFreeOmega: {"free d|w|/|w|", 1e-9},
	invFreeKE:    {"free dKE/KE", 1e-9},
	invFloatL:    {"floating dL/L", 1e-3},
	invRest:      {"rest speed m/s", 1e-3},
	invHold:      {"hold m", 0.05},
	invSleep:     {"sleep s", 3},
}

// Rest: a stable scene's every point slower than restSpeed restWithin
// after its last impact, and with sleep on all asleep sleepWithin after it
// came to rest.
const (
	restSpeed   = 1e-3 // m/s
	restWithin  = 5.0  // s
	sleepWithin = 3.0  // s
)

// result is what a scene's run found.
type result struct {
	fig   [numInv]float64 // each checked invariant's worst figure; NaN: not checked
	fail  [numInv]string  // why each failed invariant failed ("" if it held)
	steps int             // steps run
	// rise is an energy gain as a height: the gain over the total weight
	// (m; 0 without gravity). A gain of nanometres is the solver's
	// tolerance, not a blow-up; the summary counts them apart.
	rise float64
}

func (r *result) note(i inv, v float64) {
	if math.IsNaN(r.fig[i]) || v > r.fig[i] {
		r.fig[i] = v
	}
}

// failf records the first failure of invariant i; a failure of the
// invariants without a figure (panic, step error, non-finite) counts 1.
func (r *result) failf(i inv, format string, args ...any) {
	if i <= invFinite {
		r.note(i, 1)
	}
	if r.fail[i] == "" {
		r.fail[i] = fmt.Sprintf(format, args...)
	}
}

// failed reports whether any invariant failed.
func (r *result) failed() bool {
	for _, f := range r.fail {
		if f != "" {
			return true
		}
	}
	return false
}

// bodyInfo is what the checks need of a dynamic body: its id, mass,
// smallest principal moment and its shapes' vertices in the body frame.
type bodyInfo struct {
	id    physics.BodyID
	m     float64
	iMin  float64
	verts []mgl64.Vec3
}

// pose is a body's position and orientation.
type pose struct {
	c mgl64.Vec3
	q mgl64.Quat
}

// scan collects the dynamic bodies and the static shapes of w.
func scan(w *physics.World) (dyn []bodyInfo, statics []physics.ShapeID) {
	for i := range w.NumBodies() {
		b := w.Body(physics.BodyID(i))
		first, n := b.Shapes()
		if b.Static() {
			for k := range n {
				statics = append(statics, first+physics.ShapeID(k))
			}
			continue
		}
		moments, _ := craft.PrincipalMoments(b.InertiaBody())
		bi := bodyInfo{id: b.ID(), m: b.Mass(), iMin: moments[0]}
		for k := range n {
			info, _ := w.Shape(first + physics.ShapeID(k))
			bi.verts = append(bi.verts, info.Poly.Verts...)
		}
		if len(bi.verts) == 0 {
			bi.verts = []mgl64.Vec3{{}}
		}
		dyn = append(dyn, bi)
	}
	return dyn, statics
}

// runScene steps the scene and checks its invariants after every step.
func runScene(s *scene) (res result) {
	for i := range res.fig {
		res.fig[i] = math.NaN()
	}
	t := 0.0
	defer func() {
		if p := recover(); p != nil {
			res.failf(invPanic, "panic at t = %.4g s: %v (%s)", t, p, panicSite(debug.Stack()))
		}
	}()
	w := s.w
	dyn, statics := scan(w)
	for _, i := range []inv{invPanic, invStep, invFinite, invGap} {
		res.note(i, 0)
	}
	e0, eScale := w.Energy(), energyScale(w, dyn, s.gravity)
	keMax, gain, gainAt, eMax := w.KineticEnergy(), 0.0, 0.0, e0
	free := newFreeCheck(w, dyn)
	st := newRestCheck(s, w, dyn)
	for i := range s.steps {
		t = float64(i+1) * s.dt
		if err := w.Step(s.dt); err != nil {
			switch {
			case errors.Is(err, physics.ErrNonFinite):
				res.failf(invFinite, "Step at t = %.4g s: %v", t, err)
			case errors.Is(err, physics.ErrRunaway) && mayRunAway(w, dyn, eMax+invInfo[invEnergy].limit*keMax+eScale):
				// the energy it has had could take a body past the runaway limits
			default:
				res.failf(invStep, "Step at t = %.4g s: %v", t, err)
			}
			break
		}
		res.steps = i + 1
		if b, ok := nonFinite(w, dyn); !ok {
			res.failf(invFinite, "body %d at t = %.4g s: %v", b, t, w.Body(b).Position())
			break
		}
		keMax, eMax = math.Max(keMax, w.KineticEnergy()), math.Max(eMax, w.Energy())
		if e := w.Energy() - e0; e > gain {
			gain, gainAt = e, t
		}
		if g := w.MaxJointGap(); g > res.fig[invGap] {
			res.fig[invGap] = g
			if g >= invInfo[invGap].limit {
				res.failf(invGap, "a joint gap of %.3g m at t = %.4g s", g, t)
			}
		}
		if len(statics) > 0 {
			tunnel(&res, w, dyn, statics, t)
		}
		if s.free {
			free.check(&res, w, dyn, s.principal, t)
		} else if s.floating {
			free.checkL(&res, invFloatL, w, dyn, t)
		}
		if s.stable {
			st.check(&res, w, dyn, t)
		}
	}
	if s.passive { // the gain beyond the sum's rounding and the contacts' tolerance, over the peak kinetic energy
		rel := 0.0
		m := totalMass(dyn)
		if over := gain - eScale - restFloor*m*s.gravity - 0.5*m*restFloor*restFloor; over > 0 {
			rel = over / keMax
		}
		res.note(invEnergy, rel)
		if rel > invInfo[invEnergy].limit {
			raised := ""
			if s.gravity > 0 {
				res.rise = gain / (totalMass(dyn) * s.gravity)
				raised = fmt.Sprintf(" (as if all the mass rose %.3g m)", res.rise)
			}
			res.failf(invEnergy, "energy rose %.4g J above its start by t = %.4g s%s: %.3g of the peak kinetic energy %.4g J",
				gain, gainAt, raised, rel, keMax)
		}
	}
	if s.stable && res.steps == s.steps {
		st.finish(&res, t)
	}
	return res
}

// restFloor is the rise of all the mass (m) within which a scene at rest
// does not count as gaining energy: resting contacts hold their bodies to
// a positional tolerance — a body that settles a fraction of a micrometre
// into its support is pushed back out by the drift correction — and a
// scene that barely moves has a peak kinetic energy near zero, against
// which any such rise is a large ratio. A micrometre is a thousandth of
// the contact slop (1 mm). Without gravity, the floor is the kinetic
// energy of all the mass at 1 µm/s: a scene that never moves gains its
// rounding against a peak kinetic energy of the same rounding.
const restFloor = 1e-6

func totalMass(dyn []bodyInfo) float64 {
	m := 0.0
	for _, b := range dyn {
		m += b.m
	}
	return m
}

// energyScale is the rounding floor of w.Energy's sum: 1e-12 of the
// magnitudes of its terms (a resting stack of tonnes has a peak kinetic
// energy below the rounding of its potential energy).
func energyScale(w *physics.World, dyn []bodyInfo, g float64) float64 {
	s := w.KineticEnergy() + math.Abs(w.PotentialEnergy())
	for _, b := range dyn {
		s += b.m * g * (math.Abs(w.Body(b.id).Position()[1]) + 1)
	}
	return 1e-12 * s
}

// mayRunAway reports whether a scene with energy e (the most it has had)
// could send a body past the default runaway limits (1e5 m/s, 1e4 rad/s):
// a truly runaway scene, whose failed Step is not the engine's fault.
func mayRunAway(w *physics.World, dyn []bodyInfo, e float64) bool {
	ke := e - w.PotentialEnergy()
	for _, b := range dyn {
		if math.Sqrt(2*ke/b.m) > 1e5 || math.Sqrt(2*ke/b.iMin) > 1e4 {
			return true
		}
	}
	return false
}

// nonFinite returns a body whose state is not finite, and false.
func nonFinite(w *physics.World, dyn []bodyInfo) (physics.BodyID, bool) {
	for _, bi := range dyn {
		b := w.Body(bi.id)
		q := b.Orientation()
		for _, x := range [...]float64{q.W, q.V[0], q.V[1], q.V[2]} {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return bi.id, false
			}
		}
		for _, v := range [...]mgl64.Vec3{b.Position(), b.Velocity(), b.AngularVelocity()} {
			for _, x := range v {
				if math.IsNaN(x) || math.IsInf(x, 0) {
					return bi.id, false
				}
			}
		}
	}
	return 0, true
}

// tunnel checks that no dynamic body's centre of mass is inside a static
// shape: convex pieces whose centre lies inside another body went through
// its surface.
func tunnel(res *result, w *physics.World, dyn []bodyInfo, statics []physics.ShapeID, t float64) {
	for _, id := range statics {
		info, _ := w.Shape(id)
		sb := w.Body(info.Body)
		for _, bi := range dyn {
			x := sb.LocalPoint(w.Body(bi.id).Position())
			depth := math.Inf(1)
			for _, f := range info.Poly.Faces {
				depth = math.Min(depth, f.D-f.Normal.Dot(x))
			}
			if depth > 0 {
				res.failf(invTunnel, "body %d's centre %.3g m inside static shape %d at t = %.4g s", bi.id, depth, id, t)
			}
			res.note(invTunnel, math.Max(depth, 0))
		}
	}
}

// freeCheck holds a free assembly's momenta at the start.
type freeCheck struct {
	l0, lScale, ke0 float64
	l               mgl64.Vec3
	om0             []float64
}

// momenta returns L about the centre of mass of the dynamic bodies, and
// the sum of the magnitudes of its terms.
func momenta(w *physics.World, dyn []bodyInfo) (mgl64.Vec3, float64) {
	var c mgl64.Vec3
	m := 0.0
	for _, bi := range dyn {
		c = c.Add(w.Body(bi.id).Position().Mul(bi.m))
		m += bi.m
	}
	c = c.Mul(1 / m)
	var l mgl64.Vec3
	scale := 0.0
	for _, bi := range dyn {
		b := w.Body(bi.id)
		orbit := b.Position().Sub(c).Cross(b.Velocity().Mul(bi.m))
		l = l.Add(orbit).Add(b.AngularMomentum())
		scale += orbit.Len() + b.AngularMomentum().Len()
	}
	return l, scale
}

func newFreeCheck(w *physics.World, dyn []bodyInfo) *freeCheck {
	f := &freeCheck{ke0: w.KineticEnergy()}
	f.l, f.lScale = momenta(w, dyn)
	f.lScale = math.Max(f.lScale, f.l.Len())
	for _, bi := range dyn {
		f.om0 = append(f.om0, w.Body(bi.id).AngularVelocity().Len())
	}
	return f
}

// checkL compares L about the centre of mass with its value at the start,
// as invariant i, relative to the largest sum of the magnitudes of its
// terms so far: a chain set off slowly whose spring then swings its links
// carries angular momenta back and forth far larger than their sum.
func (f *freeCheck) checkL(res *result, i inv, w *physics.World, dyn []bodyInfo, t float64) {
	l, scale := momenta(w, dyn)
	f.lScale = math.Max(f.lScale, scale)
	if !(f.lScale > 0) {
		return
	}
	d := l.Sub(f.l).Len() / f.lScale
	res.note(i, d)
	if d > invInfo[i].limit {
		res.failf(i, "L drifted by %.3g of |L| at t = %.4g s", d, t)
	}
}

// check compares L, the kinetic energy and (principal spins) each body's
// |ω| with their values at the start.
func (f *freeCheck) check(res *result, w *physics.World, dyn []bodyInfo, principal bool, t float64) {
	f.checkL(res, invFreeL, w, dyn, t)
	if f.ke0 > 0 {
		d := math.Abs(w.KineticEnergy()-f.ke0) / f.ke0
		res.note(invFreeKE, d)
		if d > invInfo[invFreeKE].limit {
			res.failf(invFreeKE, "kinetic energy drifted by %.3g at t = %.4g s", d, t)
		}
	}
	if !principal {
		return
	}
	for k, bi := range dyn {
		if f.om0[k] == 0 {
			continue
		}
		om := w.Body(bi.id).AngularVelocity().Len()
		d := math.Abs(om-f.om0[k]) / f.om0[k]
		res.note(invFreeOmega, d)
		if d > invInfo[invFreeOmega].limit {
			res.failf(invFreeOmega, "body %d turns at %.10g rad/s at t = %.4g s, started at %.10g (%.3g)", bi.id, om, t, f.om0[k], d)
		}
	}
}

// restCheck follows a stable scene towards rest: the last impact (a
// contact that begins with a normal impulse, or a step whose impact pass
// stopped a point or a hinge arriving at its surface or stop faster than
// 1 cm/s: a leg knocked off its stop swings back onto it), the rest pose
// and sleep.
type restCheck struct {
	sleep      bool
	lastImpact float64
	runStart   float64 // start of the current run of steps at rest; −1: moving
	runPose    []pose  // the poses at runStart
	restAt     float64 // when it came to rest, the deadline passed; −1: not yet
	restPose   []pose
	asleepAt   float64 // since when all sleep; −1: not all asleep
	slept      bool    // all were asleep after restAt
}

func newRestCheck(s *scene, w *physics.World, dyn []bodyInfo) *restCheck {
	return &restCheck{sleep: s.sleep, runStart: -1, restAt: -1, asleepAt: -1, runPose: poses(w, dyn)}
}

func poses(w *physics.World, dyn []bodyInfo) []pose {
	ps := make([]pose, len(dyn))
	for k, bi := range dyn {
		b := w.Body(bi.id)
		ps[k] = pose{b.Position(), b.Orientation()}
	}
	return ps
}

// pointSpeed is the speed of the body's fastest vertex, m/s.
func pointSpeed(w *physics.World, bi bodyInfo) float64 {
	b := w.Body(bi.id)
	s := 0.0
	for _, v := range bi.verts {
		s = math.Max(s, b.PointVelocity(b.WorldPoint(v)).Len())
	}
	return s
}

// moved is how far the body's vertices are from where they were at p, m.
func moved(w *physics.World, bi bodyInfo, p pose) float64 {
	b := w.Body(bi.id)
	d := 0.0
	for _, v := range bi.verts {
		d = math.Max(d, b.WorldPoint(v).Sub(p.c.Add(p.q.Rotate(v))).Len())
	}
	return d
}

func (r *restCheck) check(res *result, w *physics.World, dyn []bodyInfo, t float64) {
	impact := w.Stats().Impacts > 0
	for _, e := range w.ContactEvents() {
		impact = impact || e.Kind == physics.ContactBegin && e.NormalImpulse > 0
	}
	if impact {
		r.lastImpact, r.restAt, r.slept = t, -1, false
	}
	switch asleep := w.Asleep(); {
	case !asleep:
		r.asleepAt = -1
	case r.asleepAt < 0:
		r.asleepAt = t
	}
	speed, fastest := 0.0, physics.NoBody
	for _, bi := range dyn {
		if v := pointSpeed(w, bi); v > speed {
			speed, fastest = v, bi.id
		}
	}
	if speed < restSpeed {
		if r.runStart < 0 {
			r.runStart, r.runPose = t, poses(w, dyn)
		}
	} else {
		r.runStart = -1
	}
	if t < r.lastImpact+restWithin {
		return
	}
	res.note(invRest, speed)
	if speed >= restSpeed {
		res.failf(invRest, "body %d's point moves at %.3g m/s at t = %.4g s, %.3g s after the last impact", fastest, speed, t, t-r.lastImpact)
	}
	if r.restAt < 0 { // the deadline: where it came to rest, or should have
		r.restAt, r.restPose = t, poses(w, dyn)
		if r.runStart >= 0 {
			r.restAt, r.restPose = r.runStart, r.runPose
		}
	}
	for k, bi := range dyn {
		d := moved(w, bi, r.restPose[k])
		res.note(invHold, d)
		if d > invInfo[invHold].limit {
			res.failf(invHold, "body %d moved %.3g m from where it came to rest at %.4g s, by t = %.4g s", bi.id, d, r.restAt, t)
		}
	}
	if !r.sleep {
		return
	}
	if r.asleepAt >= 0 && !r.slept {
		r.slept = true
		res.note(invSleep, math.Max(0, r.asleepAt-r.restAt))
	}
	if t >= r.restAt+sleepWithin && r.asleepAt < 0 {
		msg := "not asleep"
		if r.slept {
			msg = "awake again"
		}
		res.failf(invSleep, "%s at t = %.4g s, %.3g s after it came to rest at %.4g s", msg, t, t-r.restAt, r.restAt)
	}
}

// finish fails a stable scene whose impacts went on too late in the run
// to see it come to rest and sleep.
func (r *restCheck) finish(res *result, end float64) {
	need := r.lastImpact + restWithin + 0.5
	if r.sleep {
		need += sleepWithin
	}
	if need > end {
		res.failf(invRest, "impacts go on until t = %.4g s of %.4g s: it never comes to rest", r.lastImpact, end)
	}
	if r.sleep && !r.slept && r.restAt >= 0 {
		res.note(invSleep, math.Inf(1))
	}
}

// panicSite returns the file:line of the innermost non-runtime frame of a
// panic's stack, where it happened.
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if !strings.HasPrefix(l, "panic(") || i+2 >= len(lines) {
			continue
		}
		for k := i + 1; k < len(lines); k += 2 { // file:line after each function
			f := strings.TrimSpace(lines[k])
			if strings.Contains(f, "/runtime/") {
				continue
			}
			f = f[strings.LastIndex(f, "/")+1:]
			if sp := strings.Index(f, " "); sp > 0 {
				f = f[:sp]
			}
			fn := lines[k-1][strings.LastIndex(lines[k-1], ".")+1:]
			return fn + " at " + f
		}
	}
	return "unknown site"
}
