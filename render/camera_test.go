package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

const tick = 1.0 / 60

// viewAxes returns the camera's right, up and forward (view direction) axes
// in the world.
func viewAxes(v View) (right, up, fwd mgl64.Vec3) {
	m := quatMat(v.Orient)
	return m.Col(0), m.Col(1), m.Col(2).Mul(-1)
}

func TestChaseCameraBehindAndLevel(t *testing.T) {
	// Nose (+z body) turned to point along world +x, and the craft rolled.
	q := mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0}).Mul(mgl64.QuatRotate(0.7, mgl64.Vec3{0, 0, 1}))
	target := CameraTarget{Pos: mgl64.Vec3{100, 50, -20}, Orient: q, Radius: 2}
	c := NewCamera()
	for range 120 {
		c.Update(tick, target, CameraInput{})
	}
	v := c.View()
	off := v.Pos.Sub(target.Pos)
	if off[0] >= -1 || math.Abs(off[2]) > 1e-6 {
		t.Errorf("camera offset %v, want behind the nose (−x)", off)
	}
	if off[1] <= 0 {
		t.Errorf("camera offset %v, want above the craft", off)
	}
	right, _, _ := viewAxes(v)
	if math.Abs(right[1]) > 1e-9 {
		t.Errorf("camera right axis %v not level", right)
	}
	// The craft whole in the safe area, about its middle (its image off
	// the view's axis is a little longer on the far side).
	cx, cy := SafeArea(1280, 720).Centre()
	x, y, ok := Project(v, 1280, 720, target.Pos)
	if !ok || math.Hypot(x-cx, y-cy) > 10 || !inSafe(v, target.Pos, target.Radius) {
		t.Errorf("the craft at (%.1f, %.1f), whole in the safe area %v; want it there, about its centre (%.1f, %.1f)", x, y, inSafe(v, target.Pos, target.Radius), cx, cy)
	}
}

func TestChaseCameraSmooth(t *testing.T) {
	c := NewCamera()
	target := CameraTarget{Orient: mgl64.QuatIdent(), Radius: 1}
	for range 60 {
		c.Update(tick, target, CameraInput{})
	}
	azimuth := func() float64 { p := c.View().Pos; return math.Atan2(p[0], p[2]) }
	before := azimuth()
	// The craft yaws 90° at once: the camera follows with rate 4/s.
	target.Orient = mgl64.QuatRotate(math.Pi/2, mgl64.Vec3{0, 1, 0})
	c.Update(tick, target, CameraInput{})
	step := math.Abs(wrapAngle(azimuth() - before))
	want := (1 - math.Exp(-4*tick)) * math.Pi / 2
	if math.Abs(step-want) > 1e-9 {
		t.Errorf("first tick turned %g rad, want %g", step, want)
	}
	for range 180 {
		c.Update(tick, target, CameraInput{})
	}
	if d := math.Abs(wrapAngle(azimuth() - (before + math.Pi/2))); d > 0.01 {
		t.Errorf("after 3 s the camera is %g rad off its place", d)
	}
}

func TestOrbitCameraIgnoresCraftRotation(t *testing.T) {
	c := NewCamera()
	c.Mode = CameraOrbit
	target := CameraTarget{Pos: mgl64.Vec3{1, 2, 3}, Orient: mgl64.QuatIdent(), Radius: 1}
	c.Update(tick, target, CameraInput{})
	a := c.View()
	target.Orient = mgl64.QuatRotate(2, mgl64.Vec3{1, 1, 0}.Normalize())
	c.Update(tick, target, CameraInput{})
	if b := c.View(); b.Pos.Sub(a.Pos).Len() > 1e-12 {
		t.Errorf("orbit camera moved from %v to %v when the craft turned", a.Pos, b.Pos)
	}
	c.Update(tick, target, CameraInput{Yaw: 0.5})
	if b := c.View(); b.Pos.Sub(a.Pos).Len() < 0.1 {
		t.Error("orbit camera did not swing with input")
	}
}

func TestDockingCameraAlongPortAxis(t *testing.T) {
	c := NewCamera()
	c.Mode = CameraDocking
	axis := mgl64.Vec3{1, 0, 1}.Normalize()
	target := CameraTarget{Orient: mgl64.QuatIdent(), Radius: 2,
		PortPos: mgl64.Vec3{5, 1, 0}, PortAxis: axis, PortUp: mgl64.Vec3{0, 0.2, 1}}
	c.Update(tick, target, CameraInput{})
	v := c.View()
	// The port's axis appears at the safe area's centre, where the HUD
	// draws the crosshair, and the port's up straight above it.
	cx, cy := SafeArea(1280, 720).Centre()
	ahead := target.PortPos.Add(axis.Mul(50))
	x, y, ok := Project(v, 1280, 720, ahead)
	if !ok || math.Hypot(x-cx, y-cy) > 0.5 {
		t.Errorf("docking camera: the port's axis at (%.1f, %.1f), want the safe area's centre (%.1f, %.1f)", x, y, cx, cy)
	}
	pu := target.PortUp.Sub(axis.Mul(axis.Dot(target.PortUp))).Normalize()
	ux, uy, _ := Project(v, 1280, 720, ahead.Add(pu.Mul(0.5)))
	if math.Abs(ux-x) > 0.5 || uy >= y {
		t.Errorf("docking camera: the port's up at (%.1f, %.1f) from the axis at (%.1f, %.1f), want straight above", ux, uy, x, y)
	}
	if d := v.Pos.Sub(target.PortPos).Dot(axis); d <= 0 {
		t.Errorf("docking camera %g m along the axis, want outside the port", d)
	}
}

func TestCameraNeverInsideHull(t *testing.T) {
	target := CameraTarget{Pos: mgl64.Vec3{0, 10, 0}, Orient: mgl64.QuatIdent(), Radius: 3}
	for _, mode := range []CameraMode{CameraChase, CameraOrbit, CameraFree} {
		t.Run(mode.String(), func(t *testing.T) {
			c := NewCamera()
			c.Mode = mode
			for range 200 {
				// Zoom in hard and fly the free camera straight at the craft.
				toward := mgl64.Vec3{0, 0, -0.5}
				c.Update(tick, target, CameraInput{Zoom: 5, Move: toward})
			}
			if d := c.View().Pos.Sub(target.Pos).Len(); d < target.Radius {
				t.Errorf("camera %g m from the centre, inside the %g m hull", d, target.Radius)
			}
		})
	}
}

func TestCameraAboveGround(t *testing.T) {
	c := NewCamera()
	c.Mode = CameraOrbit
	target := CameraTarget{Pos: mgl64.Vec3{0, 1, 0}, Orient: mgl64.QuatIdent(), Radius: 2, HasGround: true}
	c.Update(tick, target, CameraInput{Pitch: -3})
	if y := c.View().Pos[1]; y < 0.5 {
		t.Errorf("camera at y = %g, below the ground", y)
	}
}

func TestCameraCycle(t *testing.T) {
	c := NewCamera()
	target := CameraTarget{Orient: mgl64.QuatIdent(), Radius: 1}
	var got []CameraMode
	for range 5 {
		c.Update(tick, target, CameraInput{Cycle: true})
		got = append(got, c.Mode)
	}
	want := []CameraMode{CameraOrbit, CameraDocking, CameraFree, CameraChase, CameraOrbit}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("modes %v, want %v", got, want)
		}
	}
}

// inSafe reports whether world sphere (p, r) appears inside the safe area
// of a 1280×720 screen in view v (its centre, and its rim at the four
// sides, to a pixel).
func inSafe(v View, p mgl64.Vec3, r float64) bool {
	safe := SafeArea(1280, 720)
	safe = Rect{safe.X - 1, safe.Y - 1, safe.W + 2, safe.H + 2}
	right, up, _ := viewAxes(v)
	for _, d := range []mgl64.Vec3{{}, right, right.Mul(-1), up, up.Mul(-1)} {
		x, y, ok := Project(v, 1280, 720, p.Add(d.Mul(r)))
		if !ok || !safe.Contains(x, y) {
			return false
		}
	}
	return true
}

// The chase camera keeps a far goal in the safe area together with the
// craft: the pad 60 m below a lander, or a station's port 30 m beyond the
// shuttle, close enough that the craft is not a speck.
func TestChaseCameraShowsGoal(t *testing.T) {
	for _, c := range []struct {
		name        string
		craft, goal mgl64.Vec3
		orient      mgl64.Quat
		ground      bool
	}{
		{"pad below", mgl64.Vec3{0, 60, 0}, mgl64.Vec3{0, 0.5, 0}, mgl64.QuatIdent(), true},
		{"pad aside", mgl64.Vec3{40, 70, 10}, mgl64.Vec3{0, 0.5, 0}, mgl64.QuatRotate(2, mgl64.Vec3{0, 1, 0}), true},
		{"port ahead", mgl64.Vec3{1.5, -0.8, 40}, mgl64.Vec3{0, 0, 5.5}, mgl64.QuatRotate(math.Pi, mgl64.Vec3{0, 1, 0}), false},
	} {
		cam := NewCamera()
		target := CameraTarget{Pos: c.craft, Orient: c.orient, Radius: 3, Goal: c.goal, HasGoal: true, HasGround: c.ground}
		for range 240 {
			cam.Update(tick, target, CameraInput{})
		}
		v := cam.View()
		if !inSafe(v, c.craft, 3) || !inSafe(v, c.goal, 0) {
			t.Errorf("%s: craft in the safe area %v, goal %v; want both", c.name, inSafe(v, c.craft, 3), inSafe(v, c.goal, 0))
		}
		if d := v.Pos.Sub(c.craft).Len(); d > 60 {
			t.Errorf("%s: camera %.1f m from the craft, want it close behind", c.name, d)
		}
	}
}

// Once docked the docking camera would look from inside the other craft's
// port — a black screen — so it shows the chase view instead.
func TestDockingCameraDocked(t *testing.T) {
	target := CameraTarget{Pos: mgl64.Vec3{1, 2, 3}, Orient: mgl64.QuatIdent(), Radius: 2,
		PortPos: mgl64.Vec3{1, 2, 5.5}, PortAxis: mgl64.Vec3{0, 0, 1}, PortUp: mgl64.Vec3{0, 1, 0}, Docked: true}
	dock, chase := NewCamera(), NewCamera()
	dock.Mode = CameraDocking
	for range 30 {
		dock.Update(tick, target, CameraInput{})
		chase.Update(tick, target, CameraInput{})
	}
	if dock.View() != chase.View() {
		t.Errorf("docked, the docking camera shows %+v, want the chase view %+v", dock.View(), chase.View())
	}
	target.Docked = false
	dock.Update(tick, target, CameraInput{})
	if d := dock.View().Pos.Sub(target.PortPos).Len(); d > 0.1 {
		t.Errorf("undocked, the docking camera is %.2f m from the port, want at it", d)
	}
}
