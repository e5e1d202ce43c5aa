package hangar

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/control"
)

// G0 is standard gravity (m/s²), the g₀ of Isp and of the rocket equation.
const G0 = 9.80665

// Gravity is a place to weigh a craft in.
type Gravity struct {
	Name string  // "moon", "earth" or "none"
	G    float64 // m/s², ≥ 0
}

// Gravities are the hangar's choices, in the order G cycles through them:
// the Moon's 1.62 m/s² (the landing missions'), the Earth's g₀, and none.
func Gravities() []Gravity {
	return []Gravity{{"moon", 1.62}, {"earth", G0}, {"none", 0}}
}

// Axis names the six directions of RCS authority: rotations about x
// (pitch), y (yaw), z (roll), then translations along x, y, z (craft
// frame). A positive rotation about +x lowers the nose, about +y turns it
// left, about +z rolls it right.
var axisNames = [6]string{"pitch", "yaw", "roll", "x", "y", "z"}

// Figures are a craft's numbers as the hangar's side panel and
// `spaceflight check --report` show them. Everything is in SI units, in the
// craft frame as built, with the legs where the file puts them. "Wet" is
// with the tanks' initial fuel, "dry" with every tank empty.
type Figures struct {
	Craft string `json:"craft"` // display name
	File  string `json:"file"`

	WetMassKg     float64       `json:"wet_mass_kg"`
	DryMassKg     float64       `json:"dry_mass_kg"`
	FuelKg        float64       `json:"fuel_kg"`
	COMWet        [3]float64    `json:"com_wet_m"`
	COMDry        [3]float64    `json:"com_dry_m"`
	RadiusM       float64       `json:"radius_m"`                // farthest collision vertex from the wet centre of mass
	Inertia       [3][3]float64 `json:"inertia_kg_m2"`           // about the wet centre of mass, craft axes (rows)
	Principal     [3]float64    `json:"principal_inertia_kg_m2"` // ascending
	PrincipalAxes [3][3]float64 `json:"principal_axes"`          // unit axis of each principal moment, craft frame

	Main   *MainEngines `json:"main,omitempty"` // nil without main engines
	DeltaV []DeltaV     `json:"delta_v"`        // per thruster group that has thrusters
	RCS    []Authority  `json:"rcs"`            // pitch, yaw, roll, x, y, z; empty without RCS thrusters
}

// MainEngines are the main engines together at full throttle.
type MainEngines struct {
	ThrustN  float64    `json:"thrust_n"`       // along Axis
	Axis     [3]float64 `json:"axis"`           // unit direction of the total thrust, craft frame
	AccelWet float64    `json:"accel_wet_m_s2"` // thrust / wet mass
	// TWR is the thrust-to-weight ratio with the wet mass in each of
	// Gravities but "none".
	TWR []TWR `json:"twr"`
	// MissWet and MissDry: how far the line of thrust passes from the
	// centre of mass (m); craft.ThrustMiss.
	MissWetM float64 `json:"miss_wet_m"`
	MissDryM float64 `json:"miss_dry_m"`
}

// TWR is a thrust-to-weight ratio in one gravity.
type TWR struct {
	Gravity string  `json:"gravity"`
	G       float64 `json:"g_m_s2"`
	Ratio   float64 `json:"ratio"`
}

// DeltaV is the rocket equation for one thruster group:
// Δv = Isp·g₀·ln(wet / (wet − fuel)), with Isp the group's thrust-weighted
// harmonic mean (total thrust over total propellant flow, divided by g₀)
// and fuel what the tanks that feed the group hold. Unlimited is true when
// a thruster of the group draws on no tank (it never runs dry); Δv is then
// 0 in the figures and "unlimited" in the text.
type DeltaV struct {
	Group     string  `json:"group"`
	IspS      float64 `json:"isp_s"`
	FuelKg    float64 `json:"fuel_kg"`
	WetKg     float64 `json:"wet_kg"`
	DryKg     float64 `json:"dry_kg"`
	DeltaVMS  float64 `json:"delta_v_m_s"`
	Unlimited bool    `json:"unlimited,omitempty"`
}

// Authority is what the RCS can do about or along one axis, from the
// game's own allocator (game/control) with the wet centre of mass.
//
// Pos and Neg are the largest pure torque (N·m, rotations) or force (N,
// translations) the allocator finds along +axis and −axis
// (control.Capacity); AccelPos and AccelNeg the angular (rad/s², the
// axis's component of I⁻¹τ) or linear (m/s², F/m) acceleration they give
// the wet craft. Coupling is what a full command along +axis (as the
// game's stick gives it) does besides: the accelerations the allocated
// firing gives about or along each of the six axes, divided by the
// commanded one (so Coupling[own] ≈ 1); for the other kind of axis the
// ratio mixes units (rad/s² per m/s²) and is given for completeness.
type Authority struct {
	Axis     string     `json:"axis"`
	Rotation bool       `json:"rotation"`
	Pos      float64    `json:"pos"`
	Neg      float64    `json:"neg"`
	AccelPos float64    `json:"accel_pos"`
	AccelNeg float64    `json:"accel_neg"`
	Coupling [6]float64 `json:"coupling"`
	// Reachable is the most any mix of the RCS thrusters could give along
	// +axis and −axis if the other five axes were free (N·m or N): the sum
	// of the positive (negative) entries of the axis's row. Pos far below
	// PosReachable means the thrusters that push this way also push
	// another way.
	PosReachable float64 `json:"pos_reachable"`
	NegReachable float64 `json:"neg_reachable"`
}

// Layout splits a craft's thrusters into the allocator's RCS and main
// lists (craft frame), with the craft thruster index of each.
func Layout(c *craft.Craft) (rcs, main []control.Thruster, rcsIdx, mainIdx []int) {
	for i, t := range c.Thrusters {
		ct := control.Thruster{Pos: t.Position, Dir: t.Direction, MaxThrust: t.MaxThrust}
		if t.Group == craft.GroupMain {
			main, mainIdx = append(main, ct), append(mainIdx, i)
		} else {
			rcs, rcsIdx = append(rcs, ct), append(rcsIdx, i)
		}
	}
	return rcs, main, rcsIdx, mainIdx
}

// NewAllocator returns the allocator the game flies c with, for the given
// fuel (nil = initial): Layout's thrusters about the centre of mass, with
// the default options. It is nil for a craft without thrusters.
func NewAllocator(c *craft.Craft, fuel []float64) (*control.Allocator, error) {
	if len(c.Thrusters) == 0 {
		return nil, nil
	}
	rcs, main, _, _ := Layout(c)
	a, err := control.NewAllocator(rcs, main, c.MassProps(fuel).COM, control.AllocatorOptions{})
	if err != nil {
		return nil, fmt.Errorf("craft %q: thrusters: %w", c.Name, err)
	}
	return a, nil
}

// Compute works out c's figures.
func Compute(c *craft.Craft) (*Figures, error) {
	wet := c.MassProps(nil)
	dry := c.MassProps(c.DryFuel())
	f := &Figures{Craft: c.Name, File: c.File, WetMassKg: wet.Mass, DryMassKg: dry.Mass, COMWet: wet.COM, COMDry: dry.COM,
		RadiusM: c.Radius(wet.COM), DeltaV: []DeltaV{}, RCS: []Authority{}}
	for _, t := range c.Tanks {
		f.FuelKg += t.Fuel
	}
	mom, axes := craft.PrincipalMoments(wet.Inertia)
	f.Principal = mom
	for i := range 3 {
		f.Inertia[i] = [3]float64{wet.Inertia.At(i, 0), wet.Inertia.At(i, 1), wet.Inertia.At(i, 2)}
		f.PrincipalAxes[i] = axes.Col(i)
	}
	alloc, err := NewAllocator(c, nil)
	if err != nil {
		return nil, err
	}
	if alloc == nil {
		return f, nil
	}
	if thrust, axis := alloc.MainThrust(); thrust > 0 {
		m := &MainEngines{ThrustN: thrust, Axis: axis, AccelWet: thrust / wet.Mass, TWR: []TWR{}}
		for _, g := range Gravities() {
			if g.G > 0 {
				m.TWR = append(m.TWR, TWR{Gravity: g.Name, G: g.G, Ratio: thrust / (wet.Mass * g.G)})
			}
		}
		m.MissWetM, _ = c.ThrustMiss(wet.COM)
		m.MissDryM, _ = c.ThrustMiss(dry.COM)
		f.Main = m
	}
	for _, group := range []string{craft.GroupMain, craft.GroupRCS} {
		if dv, ok := deltaV(c, group, wet.Mass); ok {
			f.DeltaV = append(f.DeltaV, dv)
		}
	}
	if alloc.NumRCS() > 0 {
		rcs, _, _, _ := Layout(c)
		f.RCS = authority(alloc, wet, reachable(rcs, wet.COM))
	}
	return f, nil
}

// deltaV applies the rocket equation to one group; false when the group has
// no thrusters.
func deltaV(c *craft.Craft, group string, wet float64) (DeltaV, bool) {
	dv := DeltaV{Group: group, WetKg: wet, DryKg: wet}
	var thrust, flow float64
	feeds := make([]bool, len(c.Tanks))
	for _, t := range c.Thrusters {
		if t.Group != group {
			continue
		}
		thrust += t.MaxThrust
		flow += t.MassFlow()
		if t.Tank < 0 {
			dv.Unlimited = true
		} else {
			feeds[t.Tank] = true
		}
	}
	if thrust == 0 {
		return dv, false
	}
	dv.IspS = thrust / (flow * G0)
	for k, t := range c.Tanks {
		if feeds[k] {
			dv.FuelKg += t.Fuel
		}
	}
	dv.DryKg = wet - dv.FuelKg
	if !dv.Unlimited && dv.DryKg > 0 {
		dv.DeltaVMS = dv.IspS * G0 * math.Log(wet/dv.DryKg)
	}
	return dv, true
}

// authority asks the allocator for every axis's capacity and allocates a
// full command along each +axis to see what else it does.
func authority(alloc *control.Allocator, wet craft.MassProps, reach [6][2]float64) []Authority {
	cp := alloc.Capacity()
	inv := wet.Inertia.Inv()
	firing := alloc.NewFiring()
	out := make([]Authority, 6)
	for j := range 6 {
		a := Authority{Axis: axisNames[j], Rotation: j < 3, PosReachable: reach[j][0], NegReachable: reach[j][1]}
		var e mgl64.Vec3
		e[j%3] = 1
		var cmd control.Command
		if j < 3 {
			a.Pos, a.Neg = cp.TorquePos[j], cp.TorqueNeg[j]
			a.AccelPos, a.AccelNeg = inv.Mul3x1(e.Mul(a.Pos))[j], inv.Mul3x1(e.Mul(a.Neg))[j]
			cmd.Torque = e.Mul(a.Pos)
		} else {
			a.Pos, a.Neg = cp.ForcePos[j-3], cp.ForceNeg[j-3]
			a.AccelPos, a.AccelNeg = a.Pos/wet.Mass, a.Neg/wet.Mass
			cmd.Force = e.Mul(a.Pos)
		}
		if a.Pos > 0 && alloc.Allocate(cmd, &firing) == nil {
			w := firing.Achieved
			acc := accel(inv, wet.Mass, w)
			own := acc[j]
			if own != 0 {
				for k := range 6 {
					a.Coupling[k] = acc[k] / own
				}
			}
		}
		out[j] = a
	}
	return out
}

// accel returns the accelerations a wrench gives: I⁻¹τ (rad/s²), then F/m
// (m/s²).
func accel(inv mgl64.Mat3, mass float64, w control.Wrench) [6]float64 {
	al := inv.Mul3x1(w.Torque)
	return [6]float64{al[0], al[1], al[2], w.Force[0] / mass, w.Force[1] / mass, w.Force[2] / mass}
}

// reachable returns, per axis, the sums of the positive and of the
// negative (as a magnitude) torques (N·m) or forces (N) of the RCS
// thrusters at full thrust about com.
func reachable(rcs []control.Thruster, com mgl64.Vec3) [6][2]float64 {
	var out [6][2]float64
	for _, t := range rcs {
		d := t.Dir.Normalize()
		tq := t.Pos.Sub(com).Cross(d).Mul(t.MaxThrust)
		f := d.Mul(t.MaxThrust)
		for j, v := range [6]float64{tq[0], tq[1], tq[2], f[0], f[1], f[2]} {
			if v > 0 {
				out[j][0] += v
			} else {
				out[j][1] -= v
			}
		}
	}
	return out
}
