package geom_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics/geom"
)

// A 1 m cube resting 1 cm deep on the ground: four corners, the normal from
// the ground (A) up into the cube (B), negative depth.
func ExampleCollider_Collide() {
	ground := geom.Box(mgl64.Vec3{10, 0.5, 10}) // top face at y = 0.5
	cube := geom.Box(mgl64.Vec3{0.5, 0.5, 0.5})
	var c geom.Collider
	var m geom.Manifold
	var cache geom.PairCache // one per pair, kept between steps
	c.Collide(ground, geom.Identity(), cube, geom.Transform{Pos: mgl64.Vec3{0, 0.99, 0}, Rot: mgl64.QuatIdent()}, 0.02, &cache, &m)
	fmt.Printf("normal %.3v, %d points\n", m.Normal, m.Count)
	for _, p := range m.Points[:m.Count] {
		fmt.Printf("%.3v depth %.3f\n", p.Point, p.Depth)
	}
	// Unordered output:
	// normal [0 1 0], 4 points
	// [0.5 0.495 0.5] depth -0.010
	// [0.5 0.495 -0.5] depth -0.010
	// [-0.5 0.495 -0.5] depth -0.010
	// [-0.5 0.495 0.5] depth -0.010
}

// The distance between a cube and a point above one of its edges.
func ExampleDistance() {
	cube := geom.SupportOf(geom.Box(mgl64.Vec3{0.5, 0.5, 0.5}), geom.Identity())
	point := geom.Sphere{Center: mgl64.Vec3{1.5, 1.5, 0.2}}
	d := geom.Distance(&cube, &point)
	fmt.Printf("%.6f from %.3v to %.3v\n", d.Distance, d.PointA, d.PointB)
	// Output:
	// 1.414214 from [0.5 0.5 0.2] to [1.5 1.5 0.2]
}

// Altitude: a ray straight down from a craft onto a pad.
func ExampleRayCast() {
	pad := geom.Box(mgl64.Vec3{5, 0.25, 5})
	hit, ok := geom.RayCast(pad, geom.Identity(), mgl64.Vec3{1, 12, -2}, mgl64.Vec3{0, -1, 0}, 100)
	fmt.Println(ok, hit.T, hit.Normal)
	// Output:
	// true 11.75 [0 1 0]
}

// Candidate pairs of three bodies, the jointed pair 0–1 excluded.
func ExampleSweepAndPrune() {
	box := geom.Box(mgl64.Vec3{0.5, 0.5, 0.5})
	var boxes []geom.AABB
	for _, x := range []float64{0, 0.9, 1.8} {
		boxes = append(boxes, box.Bounds(geom.Transform{Pos: mgl64.Vec3{x, 0, 0}}))
	}
	var sap geom.SweepAndPrune
	sap.Exclude(0, 1)
	fmt.Println(sap.Update(boxes))
	// Output:
	// [{1 2}]
}
