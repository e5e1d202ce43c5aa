package physics

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

func TestZZMotor(t *testing.T) {
	const dt = 1.0 / 60
	w := NewWorld(WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	base := w.AddBody(BodyDef{Name: "base"})
	arm := w.AddBody(BodyDef{Name: "arm", Mass: 50, Inertia: rodInertia(50, 2, 0.05, mgl64.Vec3{1, 0, 0}), Position: mgl64.Vec3{1, 0, 0}, Orientation: mgl64.QuatIdent()})
	j, _ := w.AddHinge(HingeDef{A: base, B: arm, Axis: mgl64.Vec3{0, 0, 1},
		EnableLimits: true, Lower: -0.5, Upper: 0.3,
		EnableMotor: true, MotorSpeed: 3, MaxMotorTorque: 2000})
	for i := range 60 {
		w.Step(dt)
		jj := w.Joint(j)
		p := &w.joints.list[j]
		t.Logf("%d θ %.4f θ̇ %.4f  lamU %.3f lamM %.3f impacts %d it %d", i, jj.Angle(), jj.AngularSpeed(), p.lamUpper, p.lamMotor, w.Stats().Impacts, w.Stats().Iterations)
	}
}
