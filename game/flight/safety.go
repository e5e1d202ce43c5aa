package flight

import (
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/physics"
)

// The safety net under Flight.Step: a step that panics ends the flight as
// diverged, with what panicked and where, and leaves the last good state
// to show — never a dead window or a `sim` without its report. It catches
// bugs; it fixes none.

// ErrPanic marks a flight that ended because its step panicked
// (errors.Is(f.Err, ErrPanic)).
var ErrPanic = errors.New("the simulation panicked")

// lastGood is the flight as it was before the step being taken: every
// moving body's motion, the tick and the figures measured then. It is
// written before each step into storage sized when the flight is built, so
// keeping it allocates nothing; it is read only when a step panics.
type lastGood struct {
	bodies []bodyState
	tick   uint64
	st     control.State
	ports  ports
	tel    Telemetry
	firing bool
}

// bodyState is one body's motion.
type bodyState struct {
	id       physics.BodyID
	pos, vel mgl64.Vec3
	rot      mgl64.Quat
	angVel   mgl64.Vec3
}

// init sizes the store: the bodies of every craft (the environment's are
// static and never move).
func (l *lastGood) init(f *Flight) {
	for _, vs := range f.all {
		for _, d := range vs.Built.Distinct {
			l.bodies = append(l.bodies, bodyState{id: d.ID})
		}
	}
}

// save keeps the flight as it is now.
func (l *lastGood) save(f *Flight) {
	for i := range l.bodies {
		s := &l.bodies[i]
		b := f.World.Body(s.id)
		s.pos, s.rot, s.vel, s.angVel = b.Position(), b.Orientation(), b.Velocity(), b.AngularVelocity()
	}
	l.tick, l.st, l.ports, l.tel, l.firing = f.Tick, f.st, f.ports, f.Tel, f.Firing
}

// restore puts the flight back as save kept it. The attitudes go back
// through physics.Body.SetOrientation, which normalises them: they may
// differ from the saved ones in the last bit.
func (l *lastGood) restore(f *Flight) {
	for i := range l.bodies {
		s := &l.bodies[i]
		b := f.World.Body(s.id)
		b.SetPosition(s.pos)
		b.SetOrientation(s.rot)
		b.SetVelocity(s.vel)
		b.SetAngularVelocity(s.angVel)
	}
	f.Tick, f.st, f.ports, f.Tel, f.Firing = l.tick, l.st, l.ports, l.tel, l.firing
	f.alt = altitude{} // measured again if asked
}

// recoverStep, deferred by Step, turns a panic in the step into the end of
// the flight: f.Err wraps ErrPanic with the panic's value, where it
// happened and the tick, and the flight is back at its last good state. A
// panic while putting it back is not caught: the physics is then beyond
// use, and the flight's figures stay those of the last good tick.
func (f *Flight) recoverStep() {
	r := recover()
	if r == nil {
		return
	}
	site := panicSite()
	f.last.restore(f)
	f.Err = fmt.Errorf("tick %d (t = %.2f s): %w: %v%s; the state shown is the last good one, before that tick", f.Tick, f.Time(), ErrPanic, r, site)
}

// panicSite names the function and line that panicked, " (in
// physics.(*World).solveBounded, bounded.go:665)", for the report: called
// from the deferred recover, the panicking frames are still on the stack,
// below the runtime's.
func panicSite() string {
	var pcs [32]uintptr
	n := runtime.Callers(3, pcs[:]) // past Callers, panicSite and recoverStep
	frames := runtime.CallersFrames(pcs[:n])
	for {
		fr, more := frames.Next()
		if fr.Function != "" && !strings.HasPrefix(fr.Function, "runtime.") {
			name := fr.Function
			if i := strings.LastIndex(name, "/"); i >= 0 {
				name = name[i+1:]
			}
			return fmt.Sprintf(" (in %s, %s:%d)", name, filepath.Base(fr.File), fr.Line)
		}
		if !more {
			return ""
		}
	}
}
