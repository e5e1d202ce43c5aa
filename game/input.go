package game

import (
	"math"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/inpututil"

	"spaceflight/game/flight"
	"spaceflight/render"
)

// throttleRate is how fast the throttle keys move the throttle (1/s); with
// fine control on, a tenth of it, as the RCS gives a tenth: a lander's
// hover (about 40 %) is then set to the percent, where at the full rate a
// tap of a fifth of a second moves it 10 %.
const throttleRate = 0.5

// reading is one frame's reading of the devices, through the player's
// bindings: input.poll fills it once per Update, and everything else reads
// it — so a time-warped frame of many ticks sees one key press once, and a
// test can set a reading by hand.
type reading struct {
	down   [actionCount]bool    // a key or button bound to the action is held
	press  [actionCount]bool    // … went down this frame
	analog [actionCount]float64 // largest value of a bound gamepad button, 0…1 (triggers)
	pad    bool                 // a gamepad with the standard layout is connected
	// sticks: left x, left y, right x, right y, dead zone applied, each
	// the largest deflection over the connected gamepads.
	sticks [4]float64
	// The mouse: cursor position, left button held and just pressed, wheel.
	cursor          [2]int
	drag, dragStart bool
	wheel           float64
	// keys and buttons that went down this frame, for rebinding.
	keys    []ebiten.Key
	buttons []ebiten.StandardGamepadButton
}

// input turns the devices into readings and readings into Commands. Axis
// and throttle commands are emitted only when a value changes, so a replay
// is a short list. Devices are read in poll and nowhere else.
type input struct {
	keys     *[actionCount][]ebiten.Key
	buttons  *[actionCount][]ebiten.StandardGamepadButton
	deadZone *float64

	now reading

	axes     [6]float64 // last emitted pitch, yaw, roll, translate x, y, z
	throttle float64    // last emitted throttle
	fine     bool
	trimHeld int    // frames a throttle key has been held in HOLD V/S
	spent    bool   // this frame's one-shot commands were emitted (at its first tick)
	cursor   [2]int // mouse position at the last camera drag step

	pads []ebiten.GamepadID // connected with the standard layout
	ids  []ebiten.GamepadID // scratch for AppendGamepadIDs
}

func newInput(s *Settings) *input {
	return &input{keys: &s.Keys, buttons: &s.Buttons, deadZone: &s.DeadZone}
}

// pressed reports whether a key or button bound to a is held.
func (in *input) pressed(a Action) bool { return in.now.down[a] }

// just reports whether a key or button bound to a went down this frame.
func (in *input) just(a Action) bool { return in.now.press[a] }

// poll reads the devices once for this frame.
func (in *input) poll() {
	in.pads = in.pads[:0]
	in.ids = ebiten.AppendGamepadIDs(in.ids[:0])
	for _, id := range in.ids {
		if ebiten.IsStandardGamepadLayoutAvailable(id) {
			in.pads = append(in.pads, id)
		}
	}
	r := &in.now
	r.keys = inpututil.AppendJustPressedKeys(r.keys[:0])
	r.buttons = r.buttons[:0]
	for _, id := range in.pads {
		r.buttons = inpututil.AppendJustPressedStandardGamepadButtons(id, r.buttons)
	}
	for a := range actionCount {
		r.down[a], r.press[a], r.analog[a] = false, false, 0
		for _, k := range in.keys[a] {
			r.down[a] = r.down[a] || ebiten.IsKeyPressed(k)
			r.press[a] = r.press[a] || inpututil.IsKeyJustPressed(k)
		}
		for _, id := range in.pads {
			for _, b := range in.buttons[a] {
				r.down[a] = r.down[a] || ebiten.IsStandardGamepadButtonPressed(id, b)
				r.press[a] = r.press[a] || inpututil.IsStandardGamepadButtonJustPressed(id, b)
				r.analog[a] = max(r.analog[a], ebiten.StandardGamepadButtonValue(id, b))
			}
		}
	}
	r.pad = len(in.pads) > 0
	r.sticks = [4]float64{}
	axes := [4]ebiten.StandardGamepadAxis{ebiten.StandardGamepadAxisLeftStickHorizontal, ebiten.StandardGamepadAxisLeftStickVertical,
		ebiten.StandardGamepadAxisRightStickHorizontal, ebiten.StandardGamepadAxisRightStickVertical}
	for _, id := range in.pads {
		for i, ax := range axes {
			if v := in.stick(ebiten.StandardGamepadAxisValue(id, ax)); math.Abs(v) > math.Abs(r.sticks[i]) {
				r.sticks[i] = v
			}
		}
	}
	r.cursor[0], r.cursor[1] = ebiten.CursorPosition()
	r.drag = ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	r.dragStart = inpututil.IsMouseButtonJustPressed(ebiten.MouseButtonLeft)
	_, r.wheel = ebiten.Wheel()
	in.spent = false
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
	a, dz := math.Abs(v), *in.deadZone
	if a <= dz {
		return 0
	}
	return math.Copysign(min(1, (a-dz)/(1-dz)), v)
}

// flight appends the flight commands of one tick to dst; call it for each
// tick of the frame. Gamepads use Ebiten's standard layout: left stick
// pitch (y) and roll (x), right stick yaw (x) and forward translation (y);
// buttons as bound in the settings (triggers are analog throttle). A key
// held wins over a stick.
//
// Time warp: a frame of warp ×N flies N ticks, and the devices are read
// once a frame. A press (SAS, autopilot, gear, the landing aids, a trim…)
// is one command, at the frame's first tick. A held key or stick — the
// rotation and translation keys, the throttle keys' ramp — acts on the
// frame's first tick only and is released for the other N−1: so each real
// frame it is held burns exactly one tick (1/60 s) of simulated time, at
// full strength, whatever the warp. A tap of T seconds burns T seconds of
// simulated thrust at ×1 and at ×64 alike, never N·T, and the throttle
// moves at the same rate per real second. A throttle already set is a
// level, not a key held: it burns on through every tick.
//
// While HOLD V/S flies the engine (holdVS), the throttle keys trim the
// speed it holds instead: one step a press, then ten a second while held
// past trimDelay frames; the pilot's throttle waits where it was.
func (in *input) flight(dst []flight.Command, tick uint64, dt float64, holdVS bool) []flight.Command {
	r := &in.now
	once := !in.spent
	in.spent = true
	var v [6]float64
	rate := 0.0
	if once {
		v = [6]float64{
			in.pair(ActPitchDown, ActPitchUp),
			in.pair(ActYawLeft, ActYawRight),
			in.pair(ActRollLeft, ActRollRight),
			in.pair(ActTranslateRight, ActTranslateLeft),
			in.pair(ActTranslateDown, ActTranslateUp),
			in.pair(ActTranslateBack, ActTranslateForward),
		}
		pad := [6]float64{r.sticks[1], r.sticks[2], r.sticks[0], 0, 0, -r.sticks[3]} // stick back (+) = nose up
		for i := range v {
			if v[i] == 0 {
				v[i] = pad[i]
			}
		}
		rate = in.pair(ActThrottleDown, ActThrottleUp)
		if r.pad {
			if up, down := r.analog[ActThrottleUp], r.analog[ActThrottleDown]; up+down > 0 {
				rate = up - down
			}
		}
	}
	kinds := [6]flight.Kind{flight.KindPitch, flight.KindYaw, flight.KindRoll, flight.KindTranslateX, flight.KindTranslateY, flight.KindTranslateZ}
	for i, k := range kinds {
		if v[i] != in.axes[i] {
			in.axes[i] = v[i]
			dst = append(dst, flight.Command{Tick: tick, Kind: k, Value: v[i]})
		}
	}
	if holdVS && once {
		if step := in.trim(); step != 0 {
			dst = append(dst, flight.Command{Tick: tick, Kind: flight.KindTrim, Value: step})
		}
		rate = 0
	}
	if in.fine {
		rate *= 0.1
	}
	thr := in.throttle + dt*throttleRate*rate
	if once && in.just(ActThrottleFull) {
		thr = 1
	}
	if once && in.just(ActThrottleCut) {
		thr = 0
	}
	thr = min(max(thr, 0), 1)
	if thr != in.throttle {
		in.throttle = thr
		dst = append(dst, flight.Command{Tick: tick, Kind: flight.KindThrottle, Value: thr})
	}
	if !once {
		return dst
	}
	if in.just(ActFineControl) {
		in.fine = !in.fine
		f := 0.0
		if in.fine {
			f = 1
		}
		dst = append(dst, flight.Command{Tick: tick, Kind: flight.KindFine, Value: f})
	}
	for _, one := range [...]struct {
		a Action
		k flight.Kind
	}{{ActAutopilot, flight.KindAutopilot}, {ActGear, flight.KindGear}, {ActUndock, flight.KindUndock}, {ActSASCycle, flight.KindSAS},
		{ActSASBack, flight.KindSASBack}, {ActKillH, flight.KindKillH}, {ActHoldVS, flight.KindHoldVS}} {
		if in.just(one.a) {
			dst = append(dst, flight.Command{Tick: tick, Kind: one.k})
		}
	}
	return dst
}

// trimDelay and trimEvery: a throttle key held in HOLD V/S trims one step
// when pressed, then, once held trimDelay frames, a step every trimEvery
// frames (ten a second at 60 frames a second).
const (
	trimDelay = 24
	trimEvery = 6
)

// trim is this frame's trim of HOLD V/S: +1 (throttle up), −1 (down) or 0.
func (in *input) trim() float64 {
	dir := in.pair(ActThrottleDown, ActThrottleUp)
	if dir == 0 {
		in.trimHeld = 0
		return 0
	}
	in.trimHeld++
	if in.just(ActThrottleUp) || in.just(ActThrottleDown) {
		in.trimHeld = 1
		return dir
	}
	if in.trimHeld > trimDelay && (in.trimHeld-trimDelay)%trimEvery == 0 {
		return dir
	}
	return 0
}

// camera turns the camera keys and the mouse (drag to orbit, wheel to
// zoom) into the camera's input for one frame.
func (in *input) camera() render.CameraInput {
	const turn = 1.5 / 60 // rad per frame with the arrow keys
	r := &in.now
	c := render.CameraInput{Cycle: in.just(ActCamera), Zoom: r.wheel}
	c.Yaw = turn * in.pair(ActCameraLeft, ActCameraRight)
	c.Pitch = turn * in.pair(ActCameraDown, ActCameraUp)
	if r.drag {
		if r.dragStart {
			in.cursor = r.cursor
		}
		c.Yaw += float64(r.cursor[0]-in.cursor[0]) * 0.005
		c.Pitch -= float64(r.cursor[1]-in.cursor[1]) * 0.005
	}
	in.cursor = r.cursor
	return c
}

// reset forgets the emitted values, for a new flight.
func (in *input) reset() {
	in.axes, in.throttle, in.fine, in.trimHeld = [6]float64{}, 0, false, 0
}

// choose moves a menu's selection sel among n items with the menu keys and
// reports whether the selected item was chosen.
func choose(in *input, sel *int, n int) (chosen bool) {
	if n == 0 {
		return false
	}
	if in.just(ActMenuDown) {
		*sel = (*sel + 1) % n
	}
	if in.just(ActMenuUp) {
		*sel = (*sel + n - 1) % n
	}
	*sel = min(max(*sel, 0), n-1)
	return in.just(ActMenuSelect)
}

// back reports whether the player asked to go back (Esc, or the pause
// key or button).
func back(in *input) bool { return in.just(ActMenuBack) || in.just(ActPause) }
