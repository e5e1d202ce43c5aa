package physics_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
)

// A 1000 kg box dropped from 100 m falls ½ g t² in 2 s; a leg hinged to it
// rides along.
func Example() {
	w := physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	hull := w.AddBody(physics.BodyDef{
		Name:        "hull",
		Mass:        1000,
		Inertia:     mgl64.Diag3(mgl64.Vec3{1000, 2000, 3000}),
		Position:    mgl64.Vec3{0, 100, 0},
		Orientation: mgl64.QuatIdent(),
	})
	leg := w.AddBody(physics.BodyDef{
		Name:     "leg",
		Mass:     20,
		Inertia:  mgl64.Diag3(mgl64.Vec3{7, 0.1, 7}),
		Position: mgl64.Vec3{2, 99, 0},
	})
	if _, err := w.AddHinge(physics.HingeDef{A: hull, B: leg, Anchor: mgl64.Vec3{2, 100, 0}, Axis: mgl64.Vec3{0, 0, 1}}); err != nil {
		fmt.Println(err)
		return
	}
	for range 120 {
		w.ApplyTorque(hull, mgl64.Vec3{0, 10, 0}) // a small yaw thruster
		if err := w.Step(1.0 / 60); err != nil {
			fmt.Println(err)
			return
		}
	}
	b := w.Body(hull)
	fmt.Printf("hull y %.3f m, v %.3f m/s\n", b.Position()[1], b.Velocity()[1])
	fmt.Printf("joint gap < 1 µm: %v\n", w.MaxJointGap() < 1e-6)
	// Output:
	// hull y 80.380 m, v -19.620 m/s
	// joint gap < 1 µm: true
}
