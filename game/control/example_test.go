package control_test

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
)

// A minimal layout: two pairs of up/down thrusters 1 m either side of the
// COM on x. A pure roll (about z) comes out as a couple, with no net force.
func ExampleAllocator() {
	up, down := mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, -1, 0}
	rcs := []control.Thruster{
		{Pos: mgl64.Vec3{1, 0, 0}, Dir: up, MaxThrust: 100},
		{Pos: mgl64.Vec3{1, 0, 0}, Dir: down, MaxThrust: 100},
		{Pos: mgl64.Vec3{-1, 0, 0}, Dir: up, MaxThrust: 100},
		{Pos: mgl64.Vec3{-1, 0, 0}, Dir: down, MaxThrust: 100},
	}
	a, err := control.NewAllocator(rcs, nil, mgl64.Vec3{}, control.AllocatorOptions{})
	if err != nil {
		fmt.Println(err)
		return
	}
	f := a.NewFiring()
	if err := a.Allocate(control.Command{Torque: mgl64.Vec3{0, 0, 50}}, &f); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("throttles %.3f\n", f.RCS)
	fmt.Printf("torque %.2f N m, |force| %.3f N\n", f.Achieved.Torque, f.Achieved.Force.Len())
	fmt.Printf("roll capacity %.1f N m\n", a.Capacity().TorquePos[2])
	// Output:
	// throttles [0.250 0.000 0.000 0.250]
	// torque [0.00 0.00 50.00] N m, |force| 0.000 N
	// roll capacity 200.0 N m
}
