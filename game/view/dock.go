package view

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/game/flight"
	"spaceflight/render"
)

// The docking panel in the pilot's frame: every figure as seen looking out
// of the craft's own port, so that a translation key moves the offset the
// same way whatever the target's attitude (the target port's own frame,
// facing the craft, is mirrored: its "right" is the pilot's left).

// Look-ahead of a tumbling target's port: how far (s), in what steps (s),
// how often it is worked out again (s of flight), within what angle the
// port faces the craft (rad), and the swing of its axis (rad/s) past which
// a target's port counts as moving.
const (
	portHorizon = 600.0
	portStep    = 0.1
	portEvery   = 0.5
	portFace    = 6 * math.Pi / 180
	portSwing   = 0.5 * math.Pi / 180
	// portStill: a target turning slower than this holds still, as a
	// station holding the local vertical does in orbit (rad/s).
	portStill = 0.05 * math.Pi / 180
)

// fillDocking fills the docking panel from the ports d and where the one
// is from the other, rel.
func (v *View) fillDocking(f *flight.Flight, d control.DockSituation, rel control.DockRelative) {
	th := &f.Spec.Thresholds
	st := d.Craft
	q := st.Orientation
	// The own port's view: out along its axis, its up up, right = axis × up.
	axis := q.Rotate(d.Port.Axis).Normalize()
	up := q.Rotate(d.Port.Up)
	up = up.Sub(axis.Mul(up.Dot(axis))).Normalize()
	right := axis.Cross(up)
	// The own port from the target's approach line, and its velocity
	// across it, both across the line: the line is the other way.
	out := d.Target.Orientation.Rotate(mgl64.Vec3{0, 0, 1})
	qt := d.Target.Orientation
	pos, vel := qt.Rotate(rel.Pos), qt.Rotate(rel.Vel)
	line := pos.Sub(out.Mul(pos.Dot(out))).Mul(-1)
	drift := vel.Sub(out.Mul(vel.Dot(out))).Mul(-1)
	rng := rel.Pos.Len()
	v.docking = render.Docking{
		Range: rng, ClosingRate: rel.Closing(),
		Offset:     [2]float64{line.Dot(right), line.Dot(up)},
		OffsetRate: [2]float64{drift.Dot(right), drift.Dot(up)},
		Keys:       moveKeys(q.Conjugate().Rotate(line), [3]bool{true, true, true}, 0.02),
		// Body-frame rotations to pilot's turns: +x lowers the nose, +y
		// turns it left, +z rolls right (Flight.BodyRates).
		Turn: [3]float64{-rel.Error[0], -rel.Error[1], rel.Error[2]},
		Rate: [3]float64{-rel.Rate[0], -rel.Rate[1], rel.Rate[2]},
		// Far out a faster approach is fine: the closing-rate limit is 3 % of the
		// range per second, down to the capture limit near the port.
		Tol:    render.DockingTolerances{ClosingRate: max(th.ClosingSpeed, 0.03*rng), Offset: th.LateralOffset, Angle: th.Misalignment, AngleRate: th.RelativeRate},
		Graded: dockingGraded(rng, rel.Closing(), f.Target.Spec.Ports[f.Target.Port].CaptureRadius),
	}
	if m, ok := v.portMotion(f, d); ok {
		v.portMove = m
		v.docking.Port = &v.portMove
	}
}

// portMotion is how the target's port moves relative to the craft, when
// it moves: its axis swings past portSwing, or the target will flip within
// the look-ahead. The look-ahead is worked out again every portEvery
// seconds of flight; in between its times count down.
func (v *View) portMotion(f *flight.Flight, d control.DockSituation) (render.PortMotion, bool) {
	w := f.World
	tgt := f.Target
	ts := tgt.State(w)
	out := d.Target.Orientation.Rotate(mgl64.Vec3{0, 0, 1})
	to := f.State().Position.Sub(d.Target.Position)
	if !(to.Len() > 0) || !(ts.AngularVelocity.Len() > portStill) {
		return render.PortMotion{}, false
	}
	to = to.Normalize()
	cos := min(1, max(-1, out.Dot(to)))
	m := render.PortMotion{Facing: math.Acos(cos)}
	swingAxis := ts.AngularVelocity.Cross(out) // d(out)/dt
	if s := math.Sqrt(max(0, 1-cos*cos)); s > 1e-9 {
		m.Swing = -swingAxis.Dot(to) / s
	}
	a := &v.ahead
	now := f.Time()
	if !a.ok || now < a.at || now-a.at >= portEvery {
		port, ok := tgt.PortSituation(w, ts)
		if !ok {
			return m, false
		}
		tb := control.Tumble{Inertia: tgt.Plant(w, ts).Inertia, Orientation: ts.Orientation, Omega: ts.AngularVelocity}
		a.faces, a.flip = tb.PortAhead(port.Axis, to, portFace, portHorizon, portStep)
		a.at, a.ok = now, true
	}
	since := now - a.at
	m.Faces, m.Flip = max(a.faces-since, 0), max(a.flip-since, 0)
	if m.Facing <= portFace {
		m.Faces = 0
	}
	moving := swingAxis.Len() > portSwing || !math.IsInf(a.flip, 1)
	return m, moving
}

// portAhead is the last look ahead at a tumbling target's port: when it
// was made (s of flight) and what it found (s from then).
type portAhead struct {
	at, faces, flip float64
	ok              bool
}
