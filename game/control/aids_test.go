package control

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// aidPlant is a 1000 kg lander: 200 N of RCS along each body axis, a
// 4000 N main engine along body +y.
func aidPlant() Plant {
	c := Capacity{ForcePos: mgl64.Vec3{200, 200, 200}, ForceNeg: mgl64.Vec3{200, 200, 200},
		TorquePos: mgl64.Vec3{500, 500, 500}, TorqueNeg: mgl64.Vec3{500, 500, 500}}
	return Plant{Mass: 1000, Inertia: diag(1000, 1000, 1000), Capacity: c, MainThrust: 4000, MainAxis: mgl64.Vec3{0, 1, 0}}
}

var moon = mgl64.Vec3{0, -1.62, 0}

// KILL H on random attitudes and drifts: the force never pushes along
// the main axis, the drift across the ground only shrinks, and it is gone
// (below 1 cm/s) by the time the RCS's acceleration allows plus a few time
// constants.
func TestKillHorizontal(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	p := aidPlant()
	up := mgl64.Vec3{0, 1, 0}
	for range 50 {
		tilt := rng.Float64() * 0.3
		q := mgl64.QuatRotate(tilt, mgl64.Vec3{rng.Float64() - 0.5, 0, rng.Float64() - 0.5}.Normalize()).Mul(
			mgl64.QuatRotate(rng.Float64()*2*math.Pi, up))
		st := State{Orientation: q, Velocity: mgl64.Vec3{rng.Float64()*4 - 2, rng.Float64()*2 - 1, rng.Float64()*4 - 2}}
		v0 := math.Hypot(st.Velocity[0], st.Velocity[2])
		const dt = 0.02
		prev := v0
		for tt := 0.0; tt < 60; tt += dt {
			f := KillHorizontal(st, p, up)
			if a := f.Dot(p.MainAxis); math.Abs(a) > 1e-9 {
				t.Fatalf("pushes %.3g N along the main axis", a)
			}
			st.Velocity = st.Velocity.Add(q.Rotate(f).Mul(dt / p.Mass))
			vh := math.Hypot(st.Velocity[0], st.Velocity[2])
			if vh > prev+1e-9 {
				t.Fatalf("tilt %.2f: the drift grew from %.4f to %.4f m/s at %.2f s", tilt, prev, vh, tt)
			}
			prev = vh
		}
		// A tilted craft's RCS pushes partly up or down, so allow it the
		// acceleration left across at the largest tilt.
		limit := v0/(0.2*math.Cos(0.3)) + 6*AidTime
		st.Velocity = mgl64.Vec3{st.Velocity[0], 0, st.Velocity[2]}
		if vh := st.Velocity.Len(); vh > 0.01 {
			t.Errorf("tilt %.2f, drift %.2f m/s: %.3f m/s left after 60 s (expected gone by %.0f s)", tilt, v0, vh, limit)
		}
	}
	if f := KillHorizontal(State{}, p, up); f != (mgl64.Vec3{}) {
		t.Errorf("invalid state: force %v, want none", f)
	}
}

// HOLD V/S from random starts, upright and tilted: the vertical speed
// settles on the rate asked for, the throttle stays in 0…1.
func TestHoldVerticalSpeed(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	p := aidPlant()
	for range 50 {
		tilt := rng.Float64() * 0.4
		q := mgl64.QuatRotate(tilt, mgl64.Vec3{1, 0, 0})
		want := -rng.Float64() * 3
		st := State{Orientation: q, Velocity: mgl64.Vec3{0, -rng.Float64() * 5, 0}}
		m := p.Mass
		const dt = 0.01
		for tt := 0.0; tt < 15; tt += dt {
			pl := p
			pl.Mass = m
			u := HoldVerticalSpeed(st, pl, moon, want)
			if u < 0 || u > 1 {
				t.Fatalf("throttle %g", u)
			}
			lift := q.Rotate(p.MainAxis)[1]
			st.Velocity[1] += (u*p.MainThrust*lift/m - 1.62) * dt
			m -= u * 1.5 * dt // it gets lighter as it burns
		}
		if got := st.Velocity[1]; math.Abs(got-want) > 0.01 {
			t.Errorf("tilt %.2f: vertical speed %.3f m/s after 15 s, want %.3f", tilt, got, want)
		}
	}
	if u := HoldVerticalSpeed(State{Orientation: mgl64.QuatRotate(math.Pi, mgl64.Vec3{1, 0, 0})}, p, moon, 0); u != 0 {
		t.Errorf("engine pointing up: throttle %g, want 0", u)
	}
}

// Hover's throttle is the weight over the thrust, and its seconds are how
// long a hover burning that fuel lasts, integrated step by step.
func TestHover(t *testing.T) {
	p := aidPlant()
	st := State{Orientation: mgl64.QuatIdent()}
	const flow = 2.0 // kg/s at full throttle
	u, s := Hover(st, p, moon, 200, flow, 0)
	if want := 1000 * 1.62 / 4000; math.Abs(u-want) > 1e-12 {
		t.Errorf("hover throttle %g, want %g", u, want)
	}
	m, fuel, tt := p.Mass, 200.0, 0.0
	const dt = 1e-3
	for fuel > 0 {
		burn := m * 1.62 / 4000 * flow * dt
		fuel -= burn
		m -= burn
		tt += dt
	}
	if math.Abs(s-tt) > 0.01 {
		t.Errorf("hover lasts %.3f s, integrated %.3f s", s, tt)
	}
	if u, s := Hover(st, p, mgl64.Vec3{}, 200, flow, 0); !math.IsInf(u, 1) || !math.IsInf(s, 1) {
		t.Errorf("no gravity: %g, %g; want +Inf, +Inf", u, s)
	}
	// A leaking tank: the hover lasts until engine and leak together have
	// taken the fuel (land-failure's HUD said 69 s where the tank emptied
	// in 24).
	const leak = 1.8
	_, sl := Hover(st, p, moon, 200, flow, leak)
	m, fuel, tt = p.Mass, 200.0, 0.0
	for fuel > 0 {
		burn := (m*1.62/4000*flow + leak) * dt
		fuel -= burn
		m -= burn
		tt += dt
	}
	if math.Abs(sl-tt) > 0.01 {
		t.Errorf("hover with a %g kg/s leak lasts %.3f s, integrated %.3f s", leak, sl, tt)
	}
	heavy := p
	heavy.Mass = 5000
	if u, _ := Hover(st, heavy, moon, 200, flow, 0); !(u > 1) {
		t.Errorf("a lander too heavy to hover: throttle %g, want above 1", u)
	}
}

// A body spinning about its port axis, a principal axis, never flips; a
// port across the spin faces the craft once a turn; no turn, no answer.
func TestPortAheadSteadySpin(t *testing.T) {
	tb := Tumble{Inertia: diag(1000, 2000, 3000), Orientation: mgl64.QuatIdent(), Omega: mgl64.Vec3{0, 0, 0.1}}
	faces, flip := tb.PortAhead(mgl64.Vec3{0, 0, 1}, mgl64.Vec3{0, 0, 1}, 0.1, 200, 0.05)
	if faces != 0 || !math.IsInf(flip, 1) {
		t.Errorf("spin about the port axis, facing the craft: faces %g, flip %g; want 0, +Inf", faces, flip)
	}
	// The port along x, the craft along y: a quarter turn at 0.1 rad/s,
	// less the 0.1 rad it may be off.
	faces, _ = tb.PortAhead(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 0.1, 200, 0.05)
	if want := (math.Pi/2 - 0.1) / 0.1; math.Abs(faces-want) > 0.05 {
		t.Errorf("a port a quarter turn away: faces in %.3f s, want %.3f", faces, want)
	}
	tb.Omega = mgl64.Vec3{}
	if faces, flip := tb.PortAhead(mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, 0.1, 200, 0.05); !math.IsInf(faces, 1) || !math.IsInf(flip, 1) {
		t.Errorf("no turn: %g, %g; want +Inf, +Inf", faces, flip)
	}
}
