package control

import (
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// The capture program docks directly when the target's port faces the
// craft along the momentum axis, or when the target hardly turns; when the
// port faces away it keeps station at the standoff: it never closes on the
// target, and it rolls with the target's spin.
func TestCaptureWaitsForThePort(t *testing.T) {
	p := Plant{Mass: 2800, Inertia: mgl64.Diag3(mgl64.Vec3{3000, 3000, 1500}), Capacity: Capacity{
		TorquePos: mgl64.Vec3{900, 900, 900}, TorqueNeg: mgl64.Vec3{900, 900, 900}, ForcePos: mgl64.Vec3{440, 440, 440}, ForceNeg: mgl64.Vec3{440, 440, 440}}}
	spin := mgl64.Vec3{0, 0.1, 0} // rad/s about world y, the momentum axis
	// The craft 20 m below the target (standoff 12 m), nose (+z) up, its
	// roll reference (+y) along +x like the target port's.
	nose := Port{Pos: mgl64.Vec3{0, 0, 2.8}, Axis: mgl64.Vec3{0, 0, 1}, Up: mgl64.Vec3{0, 1, 0}}
	craft := State{Position: mgl64.Vec3{0, -22.8, 0}, Orientation: mat3Quat(mgl64.Mat3FromCols(mgl64.Vec3{0, 0, 1}, mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}))}
	situation := func(portAxis mgl64.Vec3, w mgl64.Vec3) CaptureSituation {
		q := mat3Quat(mgl64.Mat3FromCols(mgl64.Vec3{1, 0, 0}.Cross(portAxis), mgl64.Vec3{1, 0, 0}, portAxis)) // port frame: +Z out, +Y along x
		return CaptureSituation{
			Dock:     DockSituation{Craft: craft, Port: nose, Target: PortPose{Position: portAxis.Mul(1.2), Orientation: q, AngularVelocity: w}},
			Momentum: w.Mul(2400),
		}
	}
	prm := DefaultCaptureParams()
	// Facing the craft (−y): the docking program itself.
	facing := situation(mgl64.Vec3{0, -1, 0}, spin)
	if got, want := Capture(facing, p, prm), Dock(facing.Dock, p, prm.Dock); got != want {
		t.Errorf("port facing the craft: %+v, want Dock's %+v", got, want)
	}
	// Hardly turning: the docking program, whichever way the port faces.
	still := situation(mgl64.Vec3{0, 1, 0}, spin.Mul(0.001))
	if got, want := Capture(still, p, prm), Dock(still.Dock, p, prm.Dock); got != want {
		t.Errorf("target still: %+v, want Dock's %+v", got, want)
	}
	// Facing away (+y), the craft's port 10 m short of the standoff: it
	// closes towards the standoff point (+y, in the world).
	away := situation(mgl64.Vec3{0, 1, 0}, spin)
	c := Capture(away, p, prm)
	fW := craft.Orientation.Rotate(c.Force)
	if !(fW[1] > 0) {
		t.Errorf("10.8 m short of the standoff, force %v (world): want it towards the target", fW)
	}
	// At the standoff, at rest: no push towards the target, and a roll
	// torque to spin up with it.
	craft.Position = mgl64.Vec3{0, -12 - 2.8, 0}
	away = situation(mgl64.Vec3{0, 1, 0}, spin)
	c = Capture(away, p, prm)
	fW = craft.Orientation.Rotate(c.Force)
	if fW.Len() > 1 {
		t.Errorf("at the standoff, force %v (world): want none", fW)
	}
	if tW := craft.Orientation.Rotate(c.Torque); !(tW[1] > 0) {
		t.Errorf("at the standoff, torque %v (world): want a roll with the spin (+y)", tW)
	}
}
