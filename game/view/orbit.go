package view

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/game/flight"
	"spaceflight/render"
)

// The coasting path the HUD and the scene show in orbit: where the craft
// goes over the next coastHorizon seconds with no thrust, from the CW
// closed form, a point every coastStep seconds.
const (
	coastHorizon = 300.0 // s
	coastStep    = 5.0   // s
)

// orbitView is the view's state for a scene in orbit, reused every frame.
type orbitView struct {
	plot    render.OrbitPlot
	rel     []mgl64.Vec3 // the path from the target, for the HUD
	overlay render.Overlay
}

// orbitMarks fills, in orbit, the HUD's relative-motion panel, the
// coasting path in the scene (dashes a coastStep long, a ring each
// minute) and the navball's LVLH mode: the ball against the local
// horizontal (sky away from the Earth), the marks of the velocity relative
// to the target, the target marker on its port — unless the pilot swapped
// the ball to the target's frame (view.NavSwap). The panel shows the
// orbit plane from the side the camera (its right axis camRight) sees it
// from. Display only.
func (v *View) orbitMarks(f *flight.Flight, camRight mgl64.Vec3) {
	cw, ok := flight.OrbitDynamics(f.Spec)
	if !ok {
		return
	}
	st := f.State()
	var ref control.State // the target's centre of mass, or the orbit's reference point
	o := &v.orbit
	o.plot = render.OrbitPlot{Step: coastStep}
	a := &v.attitude
	lvlh := a.Label != "TARGET" // the pilot may have swapped to the target's frame (B)
	if lvlh {
		a.Label, a.Orient, a.Axis, a.Target = localFrame(f.Spec), st.Orientation, st.AngularVelocity, mgl64.Vec3{}
	}
	if f.Target != nil {
		ref = f.Target.State(f.World)
		if port, ok := f.TargetPort(); ok && f.Latch == flight.NoJoint {
			if lvlh {
				a.Target = port.Position.Sub(st.Position)
			}
			o.plot.Range = v.docking.Range
		}
	}
	if lvlh && f.Target != nil {
		// The velocity relative to the target is the one that matters: its
		// marks, not the prograde ones, which would sit on them.
		a.Prograde, a.Relative = mgl64.Vec3{}, st.Velocity.Sub(ref.Velocity)
	}
	o.plot.Craft = st.Position.Sub(ref.Position)
	// The panel from the side the camera sees the orbit plane from.
	o.plot.Mirror = camRight.Dot(mgl64.Vec3{1, 0, 0}) < 0
	v.frame.HUD.Orbit = &o.plot
	if f.Latch != flight.NoJoint {
		return // docked: the stack coasts as one
	}

	o.rel = o.rel[:0]
	lines, points := o.overlay.Lines[:0], o.overlay.Points[:0]
	relV := st.Velocity.Sub(ref.Velocity)
	prev := st.Position
	for i := 0; i <= int(coastHorizon/coastStep); i++ {
		t := float64(i) * coastStep
		p, _ := cw.Coast(st.Position, st.Velocity, t)
		r, _ := cw.Coast(o.plot.Craft, relV, t)
		o.rel = append(o.rel, r)
		if i%2 == 1 {
			lines = append(lines, render.OverlayLine{A: prev, B: p, Color: colLanding, Width: 2})
		}
		if i > 0 && i%int(60/coastStep) == 0 {
			pt := render.OverlayPoint{Pos: p, Color: colLanding, Radius: 4, Ring: true}
			if t == coastHorizon {
				pt.Label = fmt.Sprintf("+%.0f min", t/60)
			}
			points = append(points, pt)
		}
		prev = p
	}
	o.plot.Path = o.rel
	o.overlay.Lines, o.overlay.Points = lines, points
	v.frame.Overlay = &o.overlay
}
