package flight

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/physics"
	"spaceflight/physics/fmath"
)

// Motion returns the craft's angular momentum and kinetic energy about its
// own centre of mass (st, from State): what its spin and the motion of its
// parts relative to one another carry, not where it is in the world —
// L = Σ (I_i ω_i + m_i r_i × u_i), KE = Σ (½ m_i |u_i|² + ½ ω_i·I_i ω_i),
// with r_i and u_i each body's position and velocity relative to the
// centre of mass (kg·m²/s, J).
func (v *Vessel) Motion(w *physics.World, st control.State) (l mgl64.Vec3, ke float64) {
	for _, d := range v.Built.Distinct {
		b := w.Body(d.ID)
		m := b.Mass()
		r := b.Position().Sub(st.Position)
		u := b.Velocity().Sub(st.Velocity)
		spin := b.AngularMomentum()
		l = l.Add(spin).Add(fmath.Cross(r, u.Mul(m)))
		ke += float64(0.5*m*fmath.Dot(u, u)) + float64(0.5*fmath.Dot(b.AngularVelocity(), spin))
	}
	return l, ke
}

// gearTravel is how far a leg's hinge may be from where the gear drives
// it and still count as there (rad): legs give a few degrees under load.
const gearTravel = 10 * math.Pi / 180

// Gear says where the landing gear is: "DOWN" or "UP" when every leg's
// hinge is within gearTravel of its deployed or stowed angle, "MOVING"
// between; "" for a craft without hinged legs. stowed is what the pilot
// asked for last.
func (v *Vessel) Gear(w *physics.World, stowed bool) string {
	legs, there := 0, 0
	for j, jt := range v.legHinges(w) {
		legs++
		want := j.RestAngle
		if stowed && j.HasLimits {
			want = j.MaxAngle
		}
		if math.Abs(jt.Angle()-want) <= gearTravel {
			there++
		}
	}
	switch {
	case legs == 0:
		return ""
	case there < legs:
		return "MOVING"
	case stowed:
		return "UP"
	}
	return "DOWN"
}
