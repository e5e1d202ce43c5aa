package flight

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/game/control"
	"spaceflight/physics/fmath"
)

// The pilot's SAS modes in a flight: which the T key cycles through here
// (only those that mean something for this craft and mission), and MATCH
// PORT's refusal to follow a port that would spin the craft past a safe
// rate.

// Notice is something the flight says to the pilot at a tick: a mode
// refused, and why.
type Notice struct {
	Tick uint64
	Text string
}

// notify records a notice at the current tick.
func (f *Flight) notify(format string, args ...any) {
	f.Notices = append(f.Notices, Notice{Tick: f.Tick, Text: fmt.Sprintf(format, args...)})
}

// matchSafeRate is the fastest MATCH PORT may turn the craft (rad/s),
// below the rate the HUD calls tumbling: it refuses to follow a port
// turning faster than this, and slews towards one at what is left.
const matchSafeRate = 10 * math.Pi / 180

// SASAvailable reports whether the pilot's SAS mode m means something in
// this flight now: pointing at the target and matching its port need a
// target (with ports on both craft, not latched), pointing up needs
// gravity.
func (f *Flight) SASAvailable(m SASMode) bool {
	gravity := fmath.Len(f.Spec.Gravity) > 0
	switch m {
	case SASTarget:
		return f.Target != nil && f.Latch == NoJoint
	case SASMatch:
		return f.Target != nil && f.Latch == NoJoint && f.Player.Port >= 0 && f.Target.Port >= 0
	case SASUp:
		return gravity
	}
	return m < NumSASModes
}

// cycleSAS moves the SAS step modes on (modulo NumSASModes) to a mode
// available in this flight — 1 the next (T), NumSASModes−1 the previous
// (F), so that a pilot steps back without passing through the modes
// between — engaging it on the craft's state st: MATCH PORT first checks
// that following the port is safe and otherwise refuses with a notice and
// kills the rotation instead.
func (f *Flight) cycleSAS(st control.State, step SASMode) {
	m := f.Controls.SAS
	for range NumSASModes {
		if m = (m + step) % NumSASModes; f.SASAvailable(m) {
			break
		}
	}
	if m == SASMatch {
		if why := f.matchRefusal(st); why != "" {
			f.notify("MATCH PORT refused: %s", why)
			m = SASKill
		}
	}
	f.Controls.SAS = m
	f.Player.sas.Engage(f.sasMode(), st)
}

// matchRefusal says why MATCH PORT would turn the craft too fast — the
// target's port turns faster than matchSafeRate, or it faces away from the
// craft so that following it means swinging round the target — or "".
func (f *Flight) matchRefusal(st control.State) string {
	d, ok := f.docking(st)
	if !ok {
		return "there is no port to match"
	}
	if w := fmath.Len(d.Target.AngularVelocity); w > matchSafeRate {
		return fmt.Sprintf("the port turns at %.1f°/s, faster than the SAS may turn you (%.0f°/s)", Deg(w), Deg(matchSafeRate))
	}
	out := fmath.Rotate(d.Target.Orientation, mgl64.Vec3{0, 0, 1})
	own := st.Position.Add(fmath.Rotate(st.Orientation, d.Port.Pos))
	if to := own.Sub(d.Target.Position); fmath.Len(to) > 0 {
		if a := fmath.Acos(min(1, max(-1, fmath.Dot(out, fmath.Normalize(to))))); a > math.Pi/2 {
			return fmt.Sprintf("the port faces away from you (%.0f° off): following it would swing you round the target; wait until it turns to you", Deg(a))
		}
	}
	return ""
}

// matchGains are the attitude gains MATCH PORT follows a port turning at
// w (rad/s) with: its slew towards the port is capped so that the craft
// never turns faster than matchSafeRate.
func (f *Flight) matchGains(w float64) control.Gains {
	g := f.sas
	g.MaxRate = min(g.MaxRate, max(matchSafeRate-w, 1*math.Pi/180))
	return g
}
