package control

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// n400 is the mean motion 400 km above the Earth (rad/s).
var n400 = math.Sqrt(3.986004418e14 / math.Pow(6771e3, 3))

// The closed form agrees with the release from rest, x = 6y₀(sin nt
// − nt), y = y₀(4 − 3 cos nt), and with a fine numerical integration of
// Accel from a general state over half an orbit.
func TestCWCoast(t *testing.T) {
	c := CW{N: n400}
	const y0 = 10.0
	for _, tt := range []float64{0, 100, 1000, 2771, 5544} {
		s, co := math.Sincos(n400 * tt)
		want := mgl64.Vec3{6 * y0 * (s - n400*tt), y0 * (4 - 3*co), 0}
		if got, _ := c.Coast(mgl64.Vec3{0, y0, 0}, mgl64.Vec3{}, tt); got.Sub(want).Len() > 1e-9*y0 {
			t.Errorf("released at rest 10 m up, after %g s: %v, want %v", tt, got, want)
		}
	}
	p0, v0 := mgl64.Vec3{-150, 12, 4}, mgl64.Vec3{0.3, -0.05, 0.02}
	p, v := p0, v0
	const dt, T = 0.5, 2772.0
	for i := 0; i < int(T/dt); i++ { // RK4
		k1p, k1v := v, c.Accel(p, v)
		k2p, k2v := v.Add(k1v.Mul(dt/2)), c.Accel(p.Add(k1p.Mul(dt/2)), v.Add(k1v.Mul(dt/2)))
		k3p, k3v := v.Add(k2v.Mul(dt/2)), c.Accel(p.Add(k2p.Mul(dt/2)), v.Add(k2v.Mul(dt/2)))
		k4p, k4v := v.Add(k3v.Mul(dt)), c.Accel(p.Add(k3p.Mul(dt)), v.Add(k3v.Mul(dt)))
		p = p.Add(k1p.Add(k2p.Mul(2)).Add(k3p.Mul(2)).Add(k4p).Mul(dt / 6))
		v = v.Add(k1v.Add(k2v.Mul(2)).Add(k3v.Mul(2)).Add(k4v).Mul(dt / 6))
	}
	cp, cv := c.Coast(p0, v0, T)
	if d := cp.Sub(p).Len(); d > 1e-6 || cv.Sub(v).Len() > 1e-9 {
		t.Errorf("half an orbit: closed form %v %v, integrated %v %v (%.2g m apart)", cp, cv, p, v, d)
	}
	if p, v := (CW{}).Coast(p0, v0, 10); p != p0.Add(v0.Mul(10)) || v != v0 {
		t.Errorf("n = 0: %v %v, want a straight line", p, v)
	}
}

// Aim's velocity coasts to the aim point; the straight-line guess (aiming
// as if n were 0) misses it by metres in orbit — what planning with the CW
// dynamics is for.
func TestCWAim(t *testing.T) {
	c := CW{N: n400}
	from, to := mgl64.Vec3{-190, 0, 0}, mgl64.Vec3{-20, 0, 0}
	const T = 240.0
	v, ok := c.Aim(from, to, T)
	if !ok {
		t.Fatal("no velocity")
	}
	if at, _ := c.Coast(from, v, T); at.Sub(to).Len() > 1e-9 {
		t.Errorf("coasted to %v, want %v", at, to)
	}
	straight, _ := CW{}.Aim(from, to, T)
	miss, _ := c.Coast(from, straight, T)
	t.Logf("V-bar 190 → 20 m in %g s: CW velocity %.3f, straight-line %.3f; the straight line misses by %.1f m", T, v, straight, miss.Sub(to).Len())
	if d := miss.Sub(to).Len(); d < 5 {
		t.Errorf("the straight-line aim misses by only %.2f m: the test shows nothing", d)
	}
	if _, ok := c.Aim(from, to, 2*math.Pi/n400); ok {
		t.Error("a whole orbit: Aim found a velocity, but none moves the craft in exactly one orbit")
	}
}
