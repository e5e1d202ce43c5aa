package control

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/physics"
)

const dt = 1.0 / 60 // s, the game's tick

// rig is one rigid body in a physics world driven through the lander's
// thrusters: every firing becomes a body-frame force at the thruster's
// position, so torques come from geometry.
type rig struct {
	w      *physics.World
	id     physics.BodyID
	alloc  *Allocator
	firing Firing
	plant  Plant
	rcs    []Thruster
	main   []Thruster
	com    mgl64.Vec3 // craft frame
	time   float64    // s
}

func diag(a, b, c float64) mgl64.Mat3 { return mgl64.Mat3{a, 0, 0, 0, b, 0, 0, 0, c} }

func newRig(t testing.TB, gravity mgl64.Vec3, mass float64, inertia mgl64.Mat3, com mgl64.Vec3, s0 State) *rig {
	t.Helper()
	w := physics.NewWorld(physics.WorldDef{Gravity: gravity})
	id := w.AddBody(physics.BodyDef{
		Name: "craft", Mass: mass, Inertia: inertia,
		Position: s0.Position, Orientation: s0.Orientation,
		Velocity: s0.Velocity, AngularVelocity: s0.AngularVelocity,
	})
	if id == physics.NoBody {
		t.Fatal("AddBody failed")
	}
	r := &rig{w: w, id: id, rcs: landerRCS(), main: landerMain(), com: com}
	var err error
	if r.alloc, err = NewAllocator(r.rcs, r.main, com, AllocatorOptions{}); err != nil {
		t.Fatal(err)
	}
	r.firing = r.alloc.NewFiring()
	thrust, axis := r.alloc.MainThrust()
	r.plant = Plant{Mass: mass, Inertia: inertia, Capacity: r.alloc.Capacity(), MainThrust: thrust, MainAxis: axis}
	return r
}

func (r *rig) state() State {
	b := r.w.Body(r.id)
	return State{Position: b.Position(), Velocity: b.Velocity(), Orientation: b.Orientation(), AngularVelocity: b.AngularVelocity()}
}

// step allocates cmd, applies the thruster forces and steps the world.
func (r *rig) step(t testing.TB, cmd Command) {
	t.Helper()
	if err := r.alloc.Allocate(cmd, &r.firing); err != nil {
		t.Fatal(err)
	}
	push := func(ts []Thruster, u []float64) {
		for i, th := range ts {
			if u[i] > 0 {
				if err := r.w.ApplyForceLocal(r.id, th.Dir.Mul(u[i]*th.MaxThrust), th.Pos.Sub(r.com)); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	push(r.rcs, r.firing.RCS)
	push(r.main, r.firing.Main)
	if err := r.w.Step(dt); err != nil {
		t.Fatal(err)
	}
	r.time += dt
}

// angleBetween returns the rotation angle (rad) between two orientations.
func angleBetween(a, b mgl64.Quat) float64 {
	d := math.Abs(a.Normalize().Dot(b.Normalize()))
	return 2 * math.Acos(math.Min(1, d))
}

const deg = math.Pi / 180
