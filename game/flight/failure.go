package flight

import (
	"fmt"
	"math"
	"slices"

	"spaceflight/craft"
	"spaceflight/game/control"
	"spaceflight/physics/fmath"
)

// Failures from the mission file ([[failure]], craft/failure.go): Faults
// watches each one's moment and, when it comes, breaks the player's craft
// through vesselFaults, which Vessel.Fire obeys. Everything is decided at
// tick boundaries from the flight's own state, so replays stay exact.

// Faults is the state of a flight's failures.
type Faults struct {
	happened []bool // per mission failure
	// Lines name what has failed so far, oldest first ("t 12.3 s: thruster
	// rcs_fr_up stuck open"), for the HUD.
	Lines []string
}

// vesselFaults are the failures in effect on a vessel.
//
// A thruster is stuck open or dead once, however many entries say so: the
// stuck ones are a set. Dead is final: a thruster_dead un-sticks a stuck
// jet (a jet that is dead gives nothing, valve open or not), and a
// thruster_stuck of a dead jet changes nothing.
type vesselFaults struct {
	stuck    []int     // thrusters stuck open (indices into Spec.Thrusters), each once
	dead     []int     // dead thrusters, each once
	leak     []float64 // per tank: propellant lost (kg/s); nil when none leaks
	throttle float64   // main throttle held at this level; < 0: free
	weak     []weakJoint
}

// weakJoint is a joint that breaks above an impulse.
type weakJoint struct {
	joint   int     // index into Spec.Joints
	impulse float64 // N·s in one step
}

// trigger applies the failures whose moment has come, before the tick's
// commands are turned into thrust.
func (fs *Faults) trigger(f *Flight) {
	spec := f.Spec.Failures
	if len(spec) == 0 {
		return
	}
	if fs.happened == nil {
		fs.happened = make([]bool, len(spec))
	}
	alt, rng := math.NaN(), math.NaN() // worked out once per tick, when needed
	for i := range spec {
		fl := &spec[i]
		if fs.happened[i] || f.Time() < fl.Time {
			continue
		}
		if fl.Altitude > 0 {
			if math.IsNaN(alt) {
				alt = f.Altitude()
			}
			if !(alt < fl.Altitude) {
				continue
			}
		}
		if fl.Distance > 0 {
			if math.IsNaN(rng) {
				rng = f.portRange()
			}
			if !(rng < fl.Distance) {
				continue
			}
		}
		fs.happened[i] = true
		fs.Lines = append(fs.Lines, fmt.Sprintf("FAILURE at %.1f s: %s", f.Time(), f.Player.fail(fl)))
	}
}

// portRange is the distance between the docking ports (m), +Inf when
// there is nothing to dock with or the craft are latched.
func (f *Flight) portRange() float64 {
	d, ok := f.docking(f.st)
	if !ok {
		return math.Inf(1)
	}
	return fmath.Len(d.Relative().Pos)
}

// fail makes failure fl happen to the vessel and says what happened.
func (v *Vessel) fail(fl *craft.Failure) string {
	vf := &v.faults
	switch fl.Kind {
	case craft.FailThrusterStuck, craft.FailThrusterDead:
		// Allocation counts on neither: a dead jet gives nothing, a stuck
		// one cannot be commanded (Fire lights it whatever the command).
		v.setEnabled(fl.Thruster, false)
		i := fl.Thruster
		if fl.Kind == craft.FailThrusterDead {
			if slices.Contains(vf.dead, i) {
				return fmt.Sprintf("thruster %s dead (it already was)", fl.Name)
			}
			vf.dead = append(vf.dead, i)
			if k := slices.Index(vf.stuck, i); k >= 0 {
				vf.stuck = slices.Delete(vf.stuck, k, k+1)
				return fmt.Sprintf("thruster %s dead: stuck open until now, it no longer fires", fl.Name)
			}
			return fmt.Sprintf("thruster %s dead", fl.Name)
		}
		switch {
		case slices.Contains(vf.dead, i):
			return fmt.Sprintf("thruster %s stuck open, but it is dead: it stays dark", fl.Name)
		case slices.Contains(vf.stuck, i):
			return fmt.Sprintf("thruster %s stuck open (it already was)", fl.Name)
		}
		vf.stuck = append(vf.stuck, i)
		return fmt.Sprintf("thruster %s stuck open", fl.Name)
	case craft.FailThrottleStuck:
		vf.throttle = fl.Level
		if vf.throttle < 0 {
			vf.throttle = v.MainLevel()
		}
		return fmt.Sprintf("main engine throttle stuck at %.0f %%", 100*vf.throttle)
	case craft.FailLeak:
		if vf.leak == nil {
			vf.leak = make([]float64, len(v.Fuel))
		}
		vf.leak[fl.Tank] += fl.Rate
		return fmt.Sprintf("tank %s leaking %.2g kg/s", fl.Name, fl.Rate)
	case craft.FailLegBreak:
		vf.weak = append(vf.weak, weakJoint{joint: fl.Joint, impulse: fl.Impulse})
		return fmt.Sprintf("%s cracked: it breaks above %.0f N·s", fl.Name, fl.Impulse)
	}
	return fl.Kind
}

// setEnabled switches thruster i (an index into Spec.Thrusters) on or off
// for allocation.
func (v *Vessel) setEnabled(i int, on bool) {
	if v.alloc == nil {
		return
	}
	for n, k := range v.rcs {
		if k == i {
			v.alloc.SetEnabled(n, on)
		}
	}
	for n, k := range v.main {
		if k == i {
			v.alloc.SetEnabled(len(v.rcs)+n, on)
		}
	}
}

// LeakRate is the propellant the vessel's leaking tanks lose while they
// hold any (kg/s): what a hover's fuel time must count besides the burn.
func (v *Vessel) LeakRate() float64 {
	rate := 0.0
	for k, r := range v.faults.leak {
		if r > 0 && v.Fuel[k] > 0 {
			rate += r
		}
	}
	return rate
}

// leak drains the leaking tanks for a step of dt; it reports whether any
// propellant was lost. Lost propellant is not counted as used.
func (v *Vessel) leak(dt float64) bool {
	lost := false
	for k, rate := range v.faults.leak {
		if rate > 0 && v.Fuel[k] > 0 {
			v.drain(k, rate*dt)
			lost = true
		}
	}
	return lost
}

// breakJoints breaks the weakened joints whose impulse in the last step
// went beyond their limit, as physics breaks a joint past its
// BreakImpulse.
func (fs *Faults) breakJoints(f *Flight) {
	v := f.Player
	for _, wj := range v.faults.weak {
		jt := f.World.Joint(v.Built.Joints[wj.joint])
		if !jt.Valid() {
			continue
		}
		lin, _ := jt.Impulse()
		if fmath.Len(lin) <= wj.impulse {
			continue
		}
		if err := f.World.RemoveJoint(v.Built.Joints[wj.joint]); err != nil {
			f.Err = err
			return
		}
		fs.Lines = append(fs.Lines, fmt.Sprintf("FAILURE at %.1f s: %s broke (%.0f N·s)", f.Time(), v.Spec.Joints[wj.joint].Name, fmath.Len(lin)))
	}
}

// trim takes from an autopilot command what the thrusters stuck open
// give: the flight computer knows the failures the HUD announces and flies
// against them, where SAS and the pilot's stick only feel their push. It
// trims by what each stuck jet fired in the last tick (Level, 0 once its
// tank is dry), as the vessel reports it, not by the mission's entries:
// a jet stuck by two entries pushes, and is trimmed, once. (In the tick a
// jet sticks, its last level is what the allocator gave it: the trim
// catches up a tick later.)
func (v *Vessel) trim(cmd control.Command) control.Command {
	if len(v.faults.stuck) == 0 || v.alloc == nil {
		return cmd
	}
	com := v.alloc.COM()
	for _, i := range v.faults.stuck {
		t := &v.Spec.Thrusters[i]
		if !(v.Level[i] > 0) {
			continue
		}
		f := t.Direction.Mul(v.Level[i] * t.MaxThrust)
		cmd.Force = cmd.Force.Sub(f)
		cmd.Torque = cmd.Torque.Sub(fmath.Cross(t.Position.Sub(com), f))
	}
	return cmd
}
