package scenes

import (
	"math"
	"reflect"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
)

// TestLanderLegs: the legs match SCENARIOS.md's table (given to 9 digits)
// and stand on their lowest edges exactly 1 m above the ground.
func TestLanderLegs(t *testing.T) {
	want := [4]struct {
		corner, axis, center mgl64.Vec3
		q                    mgl64.Quat
	}{
		{mgl64.Vec3{1, 1.916025404, 1}, mgl64.Vec3{-0.707107, 0, 0.707107}, mgl64.Vec3{1.176776695, 1.483012702, 1.176776695},
			mgl64.Quat{W: 0.892399101, V: mgl64.Vec3{-0.099045761, -0.369643811, 0.239117618}}},
		{mgl64.Vec3{-1, 1.916025404, 1}, mgl64.Vec3{-0.707107, 0, -0.707107}, mgl64.Vec3{-1.176776695, 1.483012702, 1.176776695},
			mgl64.Quat{W: 0.369643811, V: mgl64.Vec3{-0.239117618, -0.892399101, 0.099045761}}},
		{mgl64.Vec3{-1, 1.916025404, -1}, mgl64.Vec3{0.707107, 0, -0.707107}, mgl64.Vec3{-1.176776695, 1.483012702, -1.176776695},
			mgl64.Quat{W: 0.369643811, V: mgl64.Vec3{0.239117618, 0.892399101, 0.099045761}}},
		{mgl64.Vec3{1, 1.916025404, -1}, mgl64.Vec3{0.707107, 0, 0.707107}, mgl64.Vec3{1.176776695, 1.483012702, -1.176776695},
			mgl64.Quat{W: 0.892399101, V: mgl64.Vec3{0.099045761, 0.369643811, 0.239117618}}},
	}
	if math.Abs(S3HullY0-2.9160254038) > 1e-10 {
		t.Errorf("hull y0 = %.10f, want 2.9160254038", S3HullY0)
	}
	for k, w := range want {
		l := LanderLeg(k, S3HullY0)
		dq := mgl64.Vec4{l.Rot.W - w.q.W, l.Rot.V[0] - w.q.V[0], l.Rot.V[1] - w.q.V[1], l.Rot.V[2] - w.q.V[2]}
		if l.Corner.Sub(w.corner).Len() > 1e-9 || l.Tangent.Sub(w.axis).Len() > 1e-6 ||
			l.Center.Sub(w.center).Len() > 1e-9 || dq.Len() > 1e-9 {
			t.Errorf("leg %d = %+v, want %+v", k, l, w)
		}
		low := math.Inf(1)
		for _, c := range corners(S3LegHalf) {
			low = math.Min(low, l.Center.Add(l.Rot.Rotate(c))[1])
		}
		if math.Abs(low-1) > 1e-12 {
			t.Errorf("leg %d: lowest vertex at %.15f m, want 1", k, low)
		}
		// The leg's local −y points along d = sin30° r̂ − cos30° ŷ.
		d := l.Radial.Mul(0.5).Sub(mgl64.Vec3{0, math.Sqrt(3) / 2, 0})
		if got := l.Rot.Rotate(mgl64.Vec3{0, -1, 0}); got.Sub(d).Len() > 1e-12 {
			t.Errorf("leg %d points along %v, want %v", k, got, d)
		}
	}
}

func corners(h mgl64.Vec3) []mgl64.Vec3 {
	var c []mgl64.Vec3
	for _, a := range []float64{-1, 1} {
		for _, b := range []float64{-1, 1} {
			for _, e := range []float64{-1, 1} {
				c = append(c, mgl64.Vec3{a * h[0], b * h[1], e * h[2]})
			}
		}
	}
	return c
}

// TestPileBoxes: the pile's yaws take every whole degree of −5…+5, and
// every box starts 0.1 m above the layer below and 0.2 m from its
// neighbours.
func TestPileBoxes(t *testing.T) {
	seen := map[int]int{}
	for n := range S5Boxes {
		p, q, layer := PileBox(n)
		// A rotation about y: yaw from the rotated x axis.
		x := q.Rotate(mgl64.Vec3{1, 0, 0})
		if math.Abs(x[1]) > 1e-15 {
			t.Fatalf("box %d is not yawed about y: x axis %v", n, x)
		}
		yaw := math.Atan2(-x[2], x[0]) * 180 / math.Pi
		d := int(math.Round(yaw))
		if math.Abs(yaw-float64(d)) > 1e-9 || d < -5 || d > 5 {
			t.Fatalf("box %d yaw %v°, want a whole degree in −5…5", n, yaw)
		}
		seen[d]++
		if bottom := p[1] - 0.5 - 1.2*float64(layer); math.Abs(bottom-0.1) > 1e-12 {
			t.Fatalf("box %d starts %v m above its layer's floor, want 0.1", n, bottom)
		}
	}
	if len(seen) != 11 {
		t.Errorf("yaws %v, want all 11 of −5…5", seen)
	}
}

// TestDefaultSettings: every scene's WorldDef sets only what its scenario
// defines — gravity and sleep — and every solver setting is left at its
// default (zero).
func TestDefaultSettings(t *testing.T) {
	build := map[string]func() (*Scene, error){
		"S1":      func() (*Scene, error) { return Tumble(Dt60) },
		"S2":      Drop,
		"S3":      func() (*Scene, error) { return Lander(S3HullMass) },
		"S4":      func() (*Scene, error) { return Chain(false) },
		"S4fixed": func() (*Scene, error) { return Chain(true) },
		"S5":      func() (*Scene, error) { return Pile(true) },
		"S6":      func() (*Scene, error) { return Latch(Dt60) },
		"S7":      func() (*Scene, error) { return TallStack(S7TopHeavy) },
	}
	for name, f := range build {
		s, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		v := reflect.ValueOf(s.Def)
		for i := range v.NumField() {
			switch n := v.Type().Field(i).Name; n {
			case "Gravity", "Sleep":
			default:
				if !v.Field(i).IsZero() {
					t.Errorf("%s: WorldDef.%s = %v, want the default", name, n, v.Field(i))
				}
			}
		}
		if len(s.Bodies) == 0 {
			t.Errorf("%s: no bodies", name)
		}
	}
}

// TestJointsStartClosed: the joints of the lander and the chain are made
// at their bodies' poses: every anchor pair coincides at the start.
func TestJointsStartClosed(t *testing.T) {
	for _, f := range []func() (*Scene, error){
		func() (*Scene, error) { return Lander(S3HullMass) },
		func() (*Scene, error) { return Chain(false) },
		func() (*Scene, error) { return Chain(true) },
	} {
		s, err := f()
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for id := physics.JointID(0); s.World.Joint(id).Valid(); id++ {
			a, b := s.World.Joint(id).Anchors()
			if d := a.Sub(b).Len(); d > 1e-12 {
				t.Errorf("joint %d opens by %v m at the start", id, d)
			}
			n++
		}
		if n == 0 {
			t.Error("no joints")
		}
	}
}
