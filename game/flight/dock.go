package flight

import (
	"spaceflight/game/control"
)

// The docking autopilot in the game: in orbit, the rendezvous program
// (control.Approach), which flies the Clohessy–Wiltshire approach; elsewhere
// the capture program (control.Capture), which docks directly with a target
// that turns slowly or about its port axis and waits on the momentum axis
// for one that tumbles; once latched,
// for a mission that asks for it, the detumble of the joined stack.

// dockAutopilot flies a dock mission; ok is false when it has nothing to do.
func (f *Flight) dockAutopilot(st control.State, pl control.Plant) (control.Command, bool) {
	if f.Target == nil {
		return control.Command{}, false
	}
	if f.Latch != NoJoint {
		if !f.Spec.Detumble {
			return control.Command{}, true
		}
		stack, spl := f.stack(st, pl)
		return control.Detumble(stack, spl, f.sas), true
	}
	dock, ok := f.docking(st)
	if !ok {
		return control.Command{}, false
	}
	if cw, ok := OrbitDynamics(f.Spec); ok {
		return control.Approach(control.Rendezvous{Dock: dock, Orbit: cw}, pl, control.DefaultRendezvousParams()), true
	}
	ts := f.Target.State(f.World)
	l, _ := f.Target.Motion(f.World, ts)
	return control.Capture(control.CaptureSituation{
		Dock:   dock,
		Centre: ts.Position, Velocity: ts.Velocity, Momentum: l,
	}, pl, control.DefaultCaptureParams()), true
}

// stack returns the docked stack as control sees it: the player's attitude
// and rate, the centre of mass, mass and inertia of both craft together,
// and the player's thrusters.
func (f *Flight) stack(st control.State, pl control.Plant) (control.State, control.Plant) {
	w := f.World
	ts := f.Target.State(w)
	mp, mt := pl.Mass, f.Target.Plant(w, ts).Mass
	if !(mp+mt > 0) {
		return st, pl
	}
	s := st
	s.Position = st.Position.Mul(mp / (mp + mt)).Add(ts.Position.Mul(mt / (mp + mt)))
	s.Velocity = st.Velocity.Mul(mp / (mp + mt)).Add(ts.Velocity.Mul(mt / (mp + mt)))
	// Both inertias about the stack's centre, in the player's craft frame.
	sp := f.Player.Plant(w, s)
	tp := f.Target.Plant(w, s)
	sp.Mass += tp.Mass
	sp.Inertia = sp.Inertia.Add(tp.Inertia)
	return s, sp
}
