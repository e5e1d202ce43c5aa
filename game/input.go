package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"
)

// throttleRate is how fast the throttle keys move the throttle (1/s).
const throttleRate = 0.5

// input turns keys and gamepads into Commands, through the player's
// bindings. Axis and throttle commands are emitted only when a value
// changes, so a replay is a short list. Devices are read here and nowhere
// else.
type input struct {
	keys     *[actionCount][]ebiten.Key
	buttons  *[actionCount][]ebiten.StandardGamepadButton
	deadZone float64

	axes     [6]float64 // last emitted pitch, yaw, roll, translate x, y, z
	throttle float64    // last emitted throttle
	fine     bool
	pads     []ebiten.GamepadID // connected with the standard layout
	ids      []ebiten.GamepadID // scratch for AppendGamepadIDs
}

func newInput(s *Settings) *input {
	return &input{keys: &s.Keys, buttons: &s.Buttons, deadZone: s.DeadZone}
}

// pressed reports whether any key or gamepad button bound to a is down.
func (in *input) pressed(a Action) bool {
	return in.anyBound(a, ebiten.IsKeyPressed, ebiten.IsStandardGamepadButtonPressed)
}

// just reports whether a key or button bound to a went down this tick.
func (in *input) just(a Action) bool {
	return in.anyBound(a, inpututil.IsKeyJustPressed, inpututil.IsStandardGamepadButtonJustPressed)
}

// anyBound reports whether key or button is true of any key or connected
// gamepad's button bound to a.
func (in *input) anyBound(a Action, key func(ebiten.Key) bool, button func(ebiten.GamepadID, ebiten.StandardGamepadButton) bool) bool {
	for _, k := range in.keys[a] {
		if key(k) {
			return true
		}
	}
	for _, id := range in.pads {
		for _, b := range in.buttons[a] {
			if button(id, b) {
				return true
			}
		}
	}
	return false
}

// analog returns the largest value (0…1) of the gamepad buttons bound to
// a: triggers are analog.
func (in *input) analog(a Action) float64 {
	var v float64
	for _, id := range in.pads {
		for _, b := range in.buttons[a] {
			v = max(v, ebiten.StandardGamepadButtonValue(id, b))
		}
	}
	return v
}

// poll reads which gamepads are connected; call it once per tick before
// the other methods.
func (in *input) poll() {
	in.pads = in.pads[:0]
	in.ids = ebiten.AppendGamepadIDs(in.ids[:0])
	for _, id := range in.ids {
		if ebiten.IsStandardGamepadLayoutAvailable(id) {
			in.pads = append(in.pads, id)
		}
	}
}

func (in *input) pair(neg, pos Action) float64 {
	var v float64
	if in.pressed(pos) {
		v++
	}
	if in.pressed(neg) {
		v--
	}
	return v
}

// stick applies the dead zone to a gamepad axis value and rescales the rest
// to [−1, 1].
func (in *input) stick(v float64) float64 {
	a := math.Abs(v)
	if a <= in.deadZone {
		return 0
	}
	return math.Copysign(min(1, (a-in.deadZone)/(1-in.deadZone)), v)
}

// flight appends the flight commands of this tick to dst. Gamepads use
// Ebiten's standard layout: left stick pitch (y) and roll (x), right stick
// yaw (x) and forward translation (y); buttons as bound in the settings
// (triggers are analog throttle). A key held wins over a stick.
func (in *input) flight(dst []Command, tick uint64, dt float64) []Command {
	v := [6]float64{
		in.pair(ActPitchDown, ActPitchUp),
		in.pair(ActYawLeft, ActYawRight),
		in.pair(ActRollLeft, ActRollRight),
		in.pair(ActTranslateRight, ActTranslateLeft),
		in.pair(ActTranslateDown, ActTranslateUp),
		in.pair(ActTranslateBack, ActTranslateForward),
	}
	rate := in.pair(ActThrottleDown, ActThrottleUp)
	if len(in.pads) > 0 {
		if up, down := in.analog(ActThrottleUp), in.analog(ActThrottleDown); up+down > 0 {
			rate = up - down
		}
	}
	thr := in.throttle + dt*throttleRate*rate
	sas := in.just(ActSASCycle)
	for _, id := range in.pads {
		ax := func(a ebiten.StandardGamepadAxis) float64 { return in.stick(ebiten.StandardGamepadAxisValue(id, a)) }
		pad := [6]float64{
			ax(ebiten.StandardGamepadAxisLeftStickVertical), // stick back (+) = nose up
			ax(ebiten.StandardGamepadAxisRightStickHorizontal),
			ax(ebiten.StandardGamepadAxisLeftStickHorizontal),
			0, 0,
			-ax(ebiten.StandardGamepadAxisRightStickVertical),
		}
		for i := range v {
			if v[i] == 0 {
				v[i] = pad[i]
			}
		}
	}
	kinds := [6]Kind{KindPitch, KindYaw, KindRoll, KindTranslateX, KindTranslateY, KindTranslateZ}
	for i, k := range kinds {
		if v[i] != in.axes[i] {
			in.axes[i] = v[i]
			dst = append(dst, Command{Tick: tick, Kind: k, Value: v[i]})
		}
	}
	if in.just(ActThrottleFull) {
		thr = 1
	}
	if in.just(ActThrottleCut) {
		thr = 0
	}
	thr = min(max(thr, 0), 1)
	if thr != in.throttle {
		in.throttle = thr
		dst = append(dst, Command{Tick: tick, Kind: KindThrottle, Value: thr})
	}
	if in.just(ActFineControl) {
		in.fine = !in.fine
		f := 0.0
		if in.fine {
			f = 1
		}
		dst = append(dst, Command{Tick: tick, Kind: KindFine, Value: f})
	}
	for _, one := range [...]struct {
		a Action
		k Kind
	}{{ActAutopilot, KindAutopilot}, {ActGear, KindGear}, {ActUndock, KindUndock}} {
		if in.just(one.a) {
			dst = append(dst, Command{Tick: tick, Kind: one.k})
		}
	}
	if sas {
		dst = append(dst, Command{Tick: tick, Kind: KindSAS})
	}
	return dst
}

// reset forgets the emitted values, for a new flight.
func (in *input) reset() {
	in.axes, in.throttle, in.fine = [6]float64{}, 0, false
}
