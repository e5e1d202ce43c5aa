package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestNavballMapping(t *testing.T) {
	const cx, cy, r = 100.0, 200.0, 50.0
	// Nose (+z) pitched up to world +y: rotate −90° about x.
	up := &Attitude{Orient: mgl64.QuatRotate(-math.Pi/2, mgl64.Vec3{1, 0, 0})}
	tests := []struct {
		name   string
		a      *Attitude
		d      mgl64.Vec3 // reference-frame direction
		wx, wy float64
		wok    bool
	}{
		{"level: nose on horizon at centre", &Attitude{Orient: mgl64.QuatIdent()}, mgl64.Vec3{0, 0, 1}, cx, cy, true},
		{"level: zenith at the top", &Attitude{Orient: mgl64.QuatIdent()}, mgl64.Vec3{0, 1, 0}, cx, cy - r, false},
		{"level: body +x to the right", &Attitude{Orient: mgl64.QuatIdent()}, mgl64.Vec3{1, 0, 1}.Normalize(), cx + r*math.Sqrt2/2, cy, true},
		{"nose up: zenith at centre", up, mgl64.Vec3{0, 1, 0}, cx, cy, true},
		{"nose up: nadir hidden", up, mgl64.Vec3{0, -1, 0}, cx, cy, false},
		{"custom forward +y", &Attitude{Orient: mgl64.QuatIdent(), Forward: mgl64.Vec3{0, 1, 0}, Up: mgl64.Vec3{0, 0, -1}}, mgl64.Vec3{0, 1, 0}, cx, cy, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			x, y, ok := navballProject(navballView(tt.a), tt.d, cx, cy, r)
			if math.Abs(x-tt.wx) > 1e-9 || math.Abs(y-tt.wy) > 1e-9 || ok != tt.wok {
				t.Errorf("got (%g, %g, %v), want (%g, %g, %v)", x, y, ok, tt.wx, tt.wy, tt.wok)
			}
		})
	}
}

func TestGradeOf(t *testing.T) {
	tests := []struct {
		v, tol float64
		want   Grade
	}{
		{0.1, 0.2, GradeOK}, {-0.15, 0.2, GradeOK}, {0.16, 0.2, GradeCaution}, {-0.2, 0.2, GradeCaution},
		{0.21, 0.2, GradeBad}, {math.NaN(), 0.2, GradeBad}, {5, 0, GradeNone}, {5, math.NaN(), GradeNone},
	}
	for _, tt := range tests {
		if got := GradeOf(tt.v, tt.tol); got != tt.want {
			t.Errorf("GradeOf(%g, %g) = %v, want %v", tt.v, tt.tol, got, tt.want)
		}
	}
}

func TestFmtClock(t *testing.T) {
	for _, tt := range []struct {
		t    float64
		want string
	}{{0, "0:00.0"}, {83.46, "1:23.4"}, {3725, "1:02:05"}, {-5.5, "-0:05.5"}} {
		if got := fmtClock(tt.t); got != tt.want {
			t.Errorf("fmtClock(%g) = %q, want %q", tt.t, got, tt.want)
		}
	}
}

func TestFmtNum(t *testing.T) {
	for _, tt := range []struct {
		v      float64
		prec   int
		signed bool
		want   string
	}{
		{1.25, 1, true, "+1.2"}, {-1.26, 1, true, "-1.3"}, {math.Copysign(0, -1), 3, true, "+0.000"},
		{-0.00001, 3, true, "+0.000"}, {-0.00001, 3, false, "0.000"}, {-2, 0, false, "-2"}, {math.NaN(), 1, true, "—"},
	} {
		if got := fmtNum(tt.v, tt.prec, tt.signed, ""); got != tt.want {
			t.Errorf("fmtNum(%g, %d, %v) = %q, want %q", tt.v, tt.prec, tt.signed, got, tt.want)
		}
		if got, want := fmtNum(tt.v, tt.prec, tt.signed, " m/s"), tt.want+" m/s"; got != want {
			t.Errorf("fmtNum(%g, %d, %v, \" m/s\") = %q, want %q", tt.v, tt.prec, tt.signed, got, want)
		}
	}
	// As in TestBuildAllocatesNothing: the least of a few tries with the
	// Ebiten loop stopped.
	loopLock.Lock()
	defer loopLock.Unlock()
	allocs := math.Inf(1)
	for range 3 {
		allocs = min(allocs, testing.AllocsPerRun(10, func() { _ = fmtNum(-12.345, 2, true, " kg·m²/s") }))
	}
	if allocs > 1 {
		t.Errorf("fmtNum allocates %g times, want 1", allocs)
	}
}
