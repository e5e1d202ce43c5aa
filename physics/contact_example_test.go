package physics_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
	"spaceflight/physics/geom"
)

// A 100 kg crate dropped 1 m onto a static pad: the contact events tell the
// game when it lands (Begin, with most of the 443 N s of its fall's
// momentum), that it rests (Persist, with the impulse m g dt of its weight)
// and which shapes touch (their tags).
func ExampleWorld_ContactEvents() {
	w := physics.NewWorld(physics.WorldDef{Gravity: mgl64.Vec3{0, -9.81, 0}})
	w.AddBody(physics.BodyDef{ // static: mass 0
		Name:     "pad",
		Position: mgl64.Vec3{0, -0.5, 0},
		Shapes:   []physics.ShapeDef{{Poly: geom.Box(mgl64.Vec3{10, 0.5, 10}), Friction: 0.8, Tag: 1}},
	})
	half := mgl64.Vec3{0.5, 0.5, 0.5}
	w.AddBody(physics.BodyDef{
		Name:        "crate",
		Mass:        100,
		Inertia:     mgl64.Diag3(mgl64.Vec3{100.0 / 6, 100.0 / 6, 100.0 / 6}),
		Position:    mgl64.Vec3{0, 1.5, 0},
		Orientation: mgl64.QuatIdent(),
		Shapes:      []physics.ShapeDef{{Poly: geom.Box(half), Friction: 0.6, Tag: 7}},
	})
	const dt = 1.0 / 60
	for i := range 120 {
		if err := w.Step(dt); err != nil {
			fmt.Println(err)
			return
		}
		for _, e := range w.ContactEvents() {
			if e.Kind == physics.ContactBegin || i == 119 {
				fmt.Printf("%v: tags %d/%d, %d points, impulse %.2f N s\n", e.Kind, e.TagA, e.TagB, e.Points, e.NormalImpulse)
			}
		}
	}
	fmt.Printf("weight × dt = %.2f N s\n", 100*9.81*dt)
	// Output:
	// begin: tags 1/7, 4 points, impulse 417.38 N s
	// persist: tags 1/7, 4 points, impulse 16.35 N s
	// weight × dt = 16.35 N s
}
