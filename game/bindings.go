package game

import (
	"fmt"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/craft"
	"spaceflight/render"
)

// What the keys do, as the help overlay, the briefing card and the hint bar
// tell the player: every text is made from the bindings in force, so a
// rebound key shows as bound.

// actionText says what each action does, for the help overlay.
var actionText = [actionCount]string{
	ActPitchDown: "pitch nose down", ActPitchUp: "pitch nose up", ActYawLeft: "yaw left", ActYawRight: "yaw right",
	ActRollLeft: "roll left", ActRollRight: "roll right",
	ActTranslateUp: "translate up", ActTranslateDown: "translate down", ActTranslateLeft: "translate left",
	ActTranslateRight: "translate right", ActTranslateForward: "translate forward", ActTranslateBack: "translate back",
	ActThrottleUp: "throttle up", ActThrottleDown: "throttle down", ActThrottleFull: "full throttle", ActThrottleCut: "cut throttle",
	ActFineControl: "fine control (RCS and throttle keys at 10 %)", ActSASCycle: "cycle SAS mode", ActSASBack: "SAS mode back: the previous one", ActAutopilot: "autopilot (assisted: no medal)",
	ActKillH: "KILL H: stop the drift (assisted)", ActHoldVS: "HOLD V/S: hold the descent (assisted)",
	ActGear: "gear up / down", ActUndock: "undock",
	ActPause: "pause menu", ActRestart: "restart the mission", ActWarpDown: "time warp down", ActWarpUp: "time warp up",
	ActCamera: "camera: chase, orbit, port, free", ActDebug: "physics debug overlay", ActScreenshot: "screenshot",
	ActMute: "mute", ActGhost: "ghost of your best flight: show, hide", ActNavball: "navball frame: target or local", ActQuit: "quit (asks first)", ActHelp: "this help",
	ActCameraLeft: "camera orbit left", ActCameraRight: "camera orbit right", ActCameraUp: "camera orbit up", ActCameraDown: "camera orbit down",
	ActMenuUp: "menu: up", ActMenuDown: "menu: down", ActMenuLeft: "menu: less", ActMenuRight: "menu: more",
	ActMenuSelect: "menu: choose; start a briefed flight", ActMenuBack: "menu: back; pause in flight",
	ActOverlayCOM: "overlay: centres of mass", ActOverlayInertia: "overlay: axes of inertia", ActOverlayThrust: "overlay: thrusters",
	ActOverlayJoints: "overlay: joints", ActOverlayPorts: "overlay: docking ports", ActOverlayFeet: "overlay: feet",
	ActOverlayTanks: "overlay: tanks", ActStandGravity: "gravity: moon, earth, none", ActStandFireNext: "next thing to fire",
	ActStandFirePrev: "previous thing to fire", ActStandFire: "fire: on, off", ActStandRelease: "release the craft, or put it back",
	ActEditMode: "edit mode: move, turn, size", ActEditXPlus: "+x (left)", ActEditXMinus: "−x (right)",
	ActEditYPlus: "+y (up)", ActEditYMinus: "−y (down)", ActEditZPlus: "+z (forward)", ActEditZMinus: "−z (back)",
	ActEditFine: "hold: fine steps (0.01 m, 1°)", ActEditMore: "heavier; more thrust; fuel (size)", ActEditLess: "lighter; less thrust; fuel (size)",
	ActEditKind: "next role, shape, group, kind", ActEditCopy: "copy in place",
	ActEditMirrorX: "mirror copy left-right", ActEditMirrorZ: "mirror copy front-back",
	ActEditQuad: "×4 copies about the vertical", ActEditDelete: "delete (a part: asks)",
	ActEditAddThruster: "add a thruster: click a face", ActEditAddJoint: "join two parts: click both",
	ActEditUndo: "undo", ActEditRedo: "redo", ActEditSave: "save the file",
	ActEditMenu: "menu: fly, revert, new craft",
}

// helpGroup is a column of the help overlay.
type helpGroup struct {
	title   string
	actions []Action
}

// helpGroups are the help overlay's columns in flight and the menus.
var helpGroups = []helpGroup{
	{"FLYING", []Action{ActPitchDown, ActPitchUp, ActYawLeft, ActYawRight, ActRollLeft, ActRollRight,
		ActTranslateUp, ActTranslateDown, ActTranslateLeft, ActTranslateRight, ActTranslateForward, ActTranslateBack,
		ActThrottleUp, ActThrottleDown, ActThrottleFull, ActThrottleCut, ActFineControl}},
	{"SYSTEMS AND VIEW", []Action{ActSASCycle, ActSASBack, ActAutopilot, ActKillH, ActHoldVS, ActGear, ActUndock, ActWarpDown, ActWarpUp,
		ActCamera, ActCameraLeft, ActCameraRight, ActCameraUp, ActCameraDown, ActDebug, ActScreenshot, ActMute, ActGhost, ActNavball}},
	{"GAME AND MENUS", []Action{ActHelp, ActPause, ActRestart, ActQuit, ActMenuUp, ActMenuDown, ActMenuLeft, ActMenuRight,
		ActMenuSelect, ActMenuBack}},
}

// keyNames are the short names keys are shown by.
var keyNames = map[ebiten.Key]string{
	ebiten.KeyShiftLeft: "Shift", ebiten.KeyShiftRight: "Shift", ebiten.KeyControlLeft: "Ctrl", ebiten.KeyControlRight: "Ctrl",
	ebiten.KeyAltLeft: "Alt", ebiten.KeyAltRight: "Alt", ebiten.KeyArrowUp: "↑", ebiten.KeyArrowDown: "↓",
	ebiten.KeyArrowLeft: "←", ebiten.KeyArrowRight: "→", ebiten.KeyComma: ",", ebiten.KeyPeriod: ".",
	ebiten.KeyCapsLock: "Caps Lock", ebiten.KeyEscape: "Esc", ebiten.KeyNumpadEnter: "Num Enter",
	ebiten.KeySlash: "/", ebiten.KeySemicolon: ";", ebiten.KeyMinus: "-", ebiten.KeyEqual: "=",
}

// buttonLabels are the gamepad buttons as an Xbox pad labels them.
var buttonLabels = map[ebiten.StandardGamepadButton]string{
	ebiten.StandardGamepadButtonRightBottom: "A", ebiten.StandardGamepadButtonRightRight: "B",
	ebiten.StandardGamepadButtonRightLeft: "X", ebiten.StandardGamepadButtonRightTop: "Y",
	ebiten.StandardGamepadButtonFrontTopLeft: "LB", ebiten.StandardGamepadButtonFrontTopRight: "RB",
	ebiten.StandardGamepadButtonFrontBottomLeft: "LT", ebiten.StandardGamepadButtonFrontBottomRight: "RT",
	ebiten.StandardGamepadButtonCenterLeft: "Back", ebiten.StandardGamepadButtonCenterRight: "Start",
	ebiten.StandardGamepadButtonLeftStick: "L3", ebiten.StandardGamepadButtonRightStick: "R3",
	ebiten.StandardGamepadButtonLeftTop: "D-pad ↑", ebiten.StandardGamepadButtonLeftBottom: "D-pad ↓",
	ebiten.StandardGamepadButtonLeftLeft: "D-pad ←", ebiten.StandardGamepadButtonLeftRight: "D-pad →",
	ebiten.StandardGamepadButtonCenterCenter: "Guide",
}

func keyName(k ebiten.Key) string {
	if n, ok := keyNames[k]; ok {
		return n
	}
	n := k.String()
	if d, ok := strings.CutPrefix(n, "Digit"); ok {
		return d
	}
	return n
}

// keysOf names the keys bound to a, "Shift" once for both shift keys,
// at most two ("Enter or Space"); "—" when none is.
func keysOf(s *Settings, a Action) string { return namesOf(s, a, 2, " or ") }

// allKeysOf names every key bound to a, for the help overlay.
func allKeysOf(s *Settings, a Action) string { return namesOf(s, a, len(s.Keys[a]), ", ") }

// namesOf joins the names of at most n keys bound to a with sep.
func namesOf(s *Settings, a Action, n int, sep string) string {
	var names []string
	for _, k := range s.Keys[a] {
		if name := keyName(k); !slices.Contains(names, name) && len(names) < n {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return "—"
	}
	return strings.Join(names, sep)
}

// buttonsOf names the gamepad buttons bound to a; "" when none is.
func buttonsOf(s *Settings, a Action) string {
	var names []string
	for _, b := range s.Buttons[a] {
		names = append(names, buttonLabels[b])
	}
	return strings.Join(names, " ")
}

// pairOf names the first keys of two opposite actions: "W/S".
func pairOf(s *Settings, a, b Action) string {
	first := func(a Action) string {
		if len(s.Keys[a]) == 0 {
			return "—"
		}
		return keyName(s.Keys[a][0])
	}
	return first(a) + "/" + first(b)
}

// missionKeys are the bindings a mission needs, as lines "keys  what".
func missionKeys(s *Settings, m *craft.Mission) []string {
	lines := []string{
		pairOf(s, ActPitchDown, ActPitchUp) + " " + pairOf(s, ActYawLeft, ActYawRight) + " " + pairOf(s, ActRollLeft, ActRollRight) + "  rotate: pitch, yaw, roll",
		keysOf(s, ActSASCycle) + "  SAS: kill rotation, hold, prograde, retrograde, and where they apply target, up, match port (" + keysOf(s, ActSASBack) + " back one)",
	}
	switch m.Kind {
	case craft.KindLand:
		lines = append(lines, pairOf(s, ActThrottleUp, ActThrottleDown)+"  throttle up / down ("+keysOf(s, ActThrottleFull)+" full, "+keysOf(s, ActThrottleCut)+" cut)",
			pairOf(s, ActTranslateLeft, ActTranslateRight)+" "+pairOf(s, ActTranslateForward, ActTranslateBack)+"  translate: the landing panel names the keys that stop your drift",
			keysOf(s, ActKillH)+"  KILL H: the RCS stops your drift   "+keysOf(s, ActHoldVS)+"  HOLD V/S: hold your descent rate, "+pairOf(s, ActThrottleUp, ActThrottleDown)+" trim it 0.1 m/s a press (both assisted: no medal)",
			keysOf(s, ActGear)+"  gear up / down")
	case craft.KindDock, craft.KindFree:
		lines = append(lines, pairOf(s, ActTranslateUp, ActTranslateDown)+" "+pairOf(s, ActTranslateLeft, ActTranslateRight)+" "+
			pairOf(s, ActTranslateForward, ActTranslateBack)+"  translate: up/down, left/right, forward/back",
			keysOf(s, ActFineControl)+"  fine control (RCS, throttle keys at 10 %)   "+keysOf(s, ActUndock)+"  undock")
	}
	lines = append(lines,
		pairOf(s, ActWarpDown, ActWarpUp)+"  time warp   "+keysOf(s, ActCamera)+"  camera   "+keysOf(s, ActAutopilot)+"  autopilot (assisted: no medal)",
		keysOf(s, ActHelp)+"  every key and button, and what the markers mean")
	return lines
}

// flightHint is the bottom line of the flight HUD: the keys of the mission
// flown, from the bindings.
func flightHint(s *Settings, m *craft.Mission, warping bool) string {
	parts := []string{pairOf(s, ActPitchDown, ActPitchUp) + " " + pairOf(s, ActYawLeft, ActYawRight) + " " + pairOf(s, ActRollLeft, ActRollRight) + " rotate"}
	switch m.Kind {
	case craft.KindLand:
		parts = append(parts, pairOf(s, ActThrottleUp, ActThrottleDown)+" throttle",
			pairOf(s, ActTranslateLeft, ActTranslateRight)+" "+pairOf(s, ActTranslateForward, ActTranslateBack)+" translate", keysOf(s, ActGear)+" gear",
			keysOf(s, ActKillH)+" KILL H", keysOf(s, ActHoldVS)+" HOLD V/S")
	case craft.KindDock, craft.KindFree:
		parts = append(parts, pairOf(s, ActTranslateUp, ActTranslateDown)+" "+pairOf(s, ActTranslateLeft, ActTranslateRight)+" "+
			pairOf(s, ActTranslateForward, ActTranslateBack)+" translate", keysOf(s, ActFineControl)+" fine")
	}
	parts = append(parts, pairOf(s, ActSASCycle, ActSASBack)+" SAS", keysOf(s, ActAutopilot)+" autopilot", keysOf(s, ActCamera)+" camera")
	if warping {
		parts = append(parts, pairOf(s, ActWarpDown, ActWarpUp)+" warp")
	}
	parts = append(parts, keysOf(s, ActHelp)+" help", keysOf(s, ActPause)+" menu")
	return strings.Join(parts, "   ")
}

// keyText puts into text the keys bound to each action it names in
// braces — "cut the engine ({throttle_cut})" reads "cut the engine (X)" —
// as the view and mission files write them; a name that is no action
// stays as written.
func keyText(s *Settings, text string) string {
	if !strings.Contains(text, "{") {
		return text
	}
	var b strings.Builder
	for {
		i := strings.IndexByte(text, '{')
		j := strings.IndexByte(text[i+1:], '}')
		if i < 0 || j < 0 {
			b.WriteString(text)
			return b.String()
		}
		name := text[i+1 : i+1+j]
		b.WriteString(text[:i])
		if a, ok := actionByName(name); ok {
			b.WriteString(keysOf(s, a))
		} else {
			b.WriteString(text[i : i+2+j])
		}
		text = text[i+2+j:]
	}
}

// nameKeys puts the bound keys into the texts of h that name actions.
func (a *app) nameKeys(h *render.HUD) {
	s := &a.settings
	if st := h.Status; st != nil {
		st.Objective = keyText(s, st.Objective)
	}
	if l := h.Landing; l != nil {
		l.PadKeys, l.DriftKeys = keyText(s, l.PadKeys), keyText(s, l.DriftKeys)
	}
	if d := h.Docking; d != nil {
		d.Keys = keyText(s, d.Keys)
	}
	for i, m := range h.Messages {
		h.Messages[i] = keyText(s, m)
	}
}

// hangarHelpGroups are the help overlay's columns in the hangar.
var hangarHelpGroups = []helpGroup{
	{"TEST STAND", []Action{ActStandFireNext, ActStandFirePrev, ActStandFire, ActStandRelease, ActStandGravity,
		ActOverlayCOM, ActOverlayInertia, ActOverlayThrust, ActOverlayJoints, ActOverlayPorts, ActOverlayFeet, ActOverlayTanks}},
	{"VIEW AND GAME", []Action{ActCameraLeft, ActCameraRight, ActCameraUp, ActCameraDown, ActScreenshot, ActMute, ActHelp, ActMenuBack, ActQuit}},
	{"EDITOR: click a part, jet or joint", []Action{ActEditMode, ActEditXPlus, ActEditXMinus, ActEditYPlus, ActEditYMinus, ActEditZPlus, ActEditZMinus,
		ActEditFine, ActEditMore, ActEditLess, ActEditKind, ActEditCopy, ActEditMirrorX, ActEditMirrorZ, ActEditQuad,
		ActEditDelete, ActEditAddThruster, ActEditAddJoint, ActEditUndo, ActEditRedo, ActEditSave, ActEditMenu}},
}

// helpOverlay is every binding in force of groups, with the marker legend
// when legend is set.
func helpOverlay(s *Settings, groups []helpGroup, legend bool) *render.Help {
	h := &render.Help{Title: "KEYS AND BUTTONS", Legend: legend,
		Hint: keysOf(s, ActHelp) + " or " + keysOf(s, ActMenuBack) + " close   ·   rebind in Settings or settings.toml   ·   sticks: left pitch and roll, right yaw and forward"}
	for _, g := range groups {
		grp := render.HelpGroup{Title: g.title}
		for _, a := range g.actions {
			grp.Rows = append(grp.Rows, render.HelpRow{Keys: allKeysOf(s, a), Buttons: buttonsOf(s, a), Action: actionText[a]})
		}
		h.Groups = append(h.Groups, grp)
	}
	return h
}

// hangarHint is the bottom line of the hangar, from the bindings.
func hangarHint(s *Settings) string {
	parts := []string{
		overlayKeys(s) + " overlays", keysOf(s, ActStandGravity) + " gravity",
		pairOf(s, ActStandFireNext, ActStandFirePrev) + " what to fire", keysOf(s, ActStandFire) + " fire",
		keysOf(s, ActStandRelease) + " release",
		pairOf(s, ActCameraLeft, ActCameraRight) + " " + pairOf(s, ActCameraUp, ActCameraDown) + "/drag orbit", "wheel zoom",
		keysOf(s, ActScreenshot) + " shot", keysOf(s, ActHelp) + " help", keysOf(s, ActMenuBack) + " back",
	}
	return strings.Join(parts, "  ")
}

// overlayKeys names the first keys of the seven overlay actions: "1-7"
// when they are the digits in order, else each, separated by "/".
func overlayKeys(s *Settings) string {
	var names []string
	for a := ActOverlayCOM; a <= ActOverlayTanks; a++ {
		if len(s.Keys[a]) == 0 {
			names = append(names, "—")
			continue
		}
		names = append(names, keyName(s.Keys[a][0]))
	}
	run := true
	for i := 1; i < len(names); i++ {
		if len(names[i]) != 1 || len(names[i-1]) != 1 || names[i][0] != names[i-1][0]+1 || names[i][0] < '0' || names[i][0] > '9' {
			run = false
		}
	}
	if run {
		return names[0] + "-" + names[len(names)-1]
	}
	return strings.Join(names, "/")
}

// menuHint is the key line at the bottom of a menu, from the bindings.
func menuHint(s *Settings, choose, esc string) string {
	return fmt.Sprintf("%s/%s select   %s %s   %s %s   %s help", keysOf(s, ActMenuUp), keysOf(s, ActMenuDown),
		keysOf(s, ActMenuSelect), choose, keysOf(s, ActMenuBack), esc, keysOf(s, ActHelp))
}

// firstKey names the first key bound to a, "—" when none is.
func firstKey(s *Settings, a Action) string { return namesOf(s, a, 1, "") }
