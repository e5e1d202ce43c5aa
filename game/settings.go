package game

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"slices"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/craft"
	"spaceflight/game/storage"
)

// Action is something a key or button can be bound to.
type Action uint8

// Actions, in the order the settings file lists them.
const (
	ActPitchDown Action = iota
	ActPitchUp
	ActYawLeft
	ActYawRight
	ActRollLeft
	ActRollRight
	ActTranslateUp
	ActTranslateDown
	ActTranslateLeft
	ActTranslateRight
	ActTranslateForward
	ActTranslateBack
	ActThrottleUp
	ActThrottleDown
	ActThrottleFull
	ActThrottleCut
	ActFineControl
	ActSASCycle
	ActSASBack // the SAS's previous mode: step back without passing through the others
	ActAutopilot
	ActKillH  // landing aid: the RCS nulls the drift across the ground
	ActHoldVS // landing aid: the main engine holds a vertical speed, trimmed by the throttle keys
	ActGear
	ActUndock
	ActPause
	ActRestart
	ActWarpDown
	ActWarpUp
	ActCamera
	ActDebug
	ActScreenshot
	ActMute
	ActGhost   // show or hide the best hand-flown flight beside the player's
	ActNavball // swap the navball between the target's frame and the local one
	ActQuit    // ask to quit (the game confirms first)
	ActHelp
	ActCameraLeft
	ActCameraRight
	ActCameraUp
	ActCameraDown
	ActMenuUp
	ActMenuDown
	ActMenuLeft
	ActMenuRight
	ActMenuSelect
	ActMenuBack
	// The hangar's test stand: switch an overlay, change the gravity,
	// choose what to fire, fire, release the craft (or put it back).
	ActOverlayCOM
	ActOverlayInertia
	ActOverlayThrust
	ActOverlayJoints
	ActOverlayPorts
	ActOverlayFeet
	ActOverlayTanks
	ActStandGravity
	ActStandFireNext
	ActStandFirePrev
	ActStandFire
	ActStandRelease
	// The hangar's editor: the mode (move, turn, size), the axis keys
	// that move, turn or resize the selection along the craft axes, the
	// fine modifier (held), more and less (mass, thrust), the next kind
	// (role, shape, group, joint kind), copies in symmetry, delete, the
	// tools that add a thruster or a joint, undo, redo, save, the menu.
	ActEditMode
	ActEditXPlus
	ActEditXMinus
	ActEditYPlus
	ActEditYMinus
	ActEditZPlus
	ActEditZMinus
	ActEditFine
	ActEditMore
	ActEditLess
	ActEditKind
	ActEditCopy
	ActEditMirrorX
	ActEditMirrorZ
	ActEditQuad
	ActEditDelete
	ActEditAddThruster
	ActEditAddJoint
	ActEditUndo
	ActEditRedo
	ActEditSave
	ActEditMenu
	actionCount
)

// actionInfo names an action in the settings file and gives its default keys.
var actionInfo = [actionCount]struct {
	name string
	keys []ebiten.Key
}{
	ActPitchDown:        {"pitch_down", []ebiten.Key{ebiten.KeyW}},
	ActPitchUp:          {"pitch_up", []ebiten.Key{ebiten.KeyS}},
	ActYawLeft:          {"yaw_left", []ebiten.Key{ebiten.KeyA}},
	ActYawRight:         {"yaw_right", []ebiten.Key{ebiten.KeyD}},
	ActRollLeft:         {"roll_left", []ebiten.Key{ebiten.KeyQ}},
	ActRollRight:        {"roll_right", []ebiten.Key{ebiten.KeyE}},
	ActTranslateUp:      {"translate_up", []ebiten.Key{ebiten.KeyI}},
	ActTranslateDown:    {"translate_down", []ebiten.Key{ebiten.KeyK}},
	ActTranslateLeft:    {"translate_left", []ebiten.Key{ebiten.KeyJ}},
	ActTranslateRight:   {"translate_right", []ebiten.Key{ebiten.KeyL}},
	ActTranslateForward: {"translate_forward", []ebiten.Key{ebiten.KeyH}},
	ActTranslateBack:    {"translate_back", []ebiten.Key{ebiten.KeyN}},
	ActThrottleUp:       {"throttle_up", []ebiten.Key{ebiten.KeyShiftLeft, ebiten.KeyShiftRight}},
	ActThrottleDown:     {"throttle_down", []ebiten.Key{ebiten.KeyControlLeft, ebiten.KeyControlRight}},
	ActThrottleFull:     {"throttle_full", []ebiten.Key{ebiten.KeyZ}},
	ActThrottleCut:      {"throttle_cut", []ebiten.Key{ebiten.KeyX}},
	ActFineControl:      {"fine_control", []ebiten.Key{ebiten.KeyCapsLock}},
	ActSASCycle:         {"sas_cycle", []ebiten.Key{ebiten.KeyT}},
	ActSASBack:          {"sas_back", []ebiten.Key{ebiten.KeyF}},
	ActAutopilot:        {"autopilot", []ebiten.Key{ebiten.KeyU}},
	ActKillH:            {"kill_h", []ebiten.Key{ebiten.KeyY}},
	ActHoldVS:           {"hold_vs", []ebiten.Key{ebiten.KeyO}},
	ActGear:             {"gear", []ebiten.Key{ebiten.KeyG}},
	ActUndock:           {"undock", []ebiten.Key{ebiten.KeyBackspace}},
	ActPause:            {"pause", []ebiten.Key{ebiten.KeyP, ebiten.KeyEscape}},
	ActRestart:          {"restart", []ebiten.Key{ebiten.KeyR}},
	ActWarpDown:         {"warp_down", []ebiten.Key{ebiten.KeyComma}},
	ActWarpUp:           {"warp_up", []ebiten.Key{ebiten.KeyPeriod}},
	ActCamera:           {"camera", []ebiten.Key{ebiten.KeyC}},
	ActDebug:            {"debug_overlay", []ebiten.Key{ebiten.KeyF3}},
	ActScreenshot:       {"screenshot", []ebiten.Key{ebiten.KeyF12}},
	ActMute:             {"mute", []ebiten.Key{ebiten.KeyM}},
	ActGhost:            {"ghost", []ebiten.Key{ebiten.KeyV}},
	ActNavball:          {"navball", []ebiten.Key{ebiten.KeyB}},
	ActQuit:             {"quit", nil},
	ActHelp:             {"help", []ebiten.Key{ebiten.KeyF1}},
	ActCameraLeft:       {"camera_left", []ebiten.Key{ebiten.KeyArrowLeft}},
	ActCameraRight:      {"camera_right", []ebiten.Key{ebiten.KeyArrowRight}},
	ActCameraUp:         {"camera_up", []ebiten.Key{ebiten.KeyArrowUp}},
	ActCameraDown:       {"camera_down", []ebiten.Key{ebiten.KeyArrowDown}},
	ActMenuUp:           {"menu_up", []ebiten.Key{ebiten.KeyArrowUp}},
	ActMenuDown:         {"menu_down", []ebiten.Key{ebiten.KeyArrowDown}},
	ActMenuLeft:         {"menu_left", []ebiten.Key{ebiten.KeyArrowLeft}},
	ActMenuRight:        {"menu_right", []ebiten.Key{ebiten.KeyArrowRight}},
	ActMenuSelect:       {"menu_select", []ebiten.Key{ebiten.KeyEnter, ebiten.KeySpace, ebiten.KeyNumpadEnter}},
	ActMenuBack:         {"menu_back", []ebiten.Key{ebiten.KeyEscape}},
	ActOverlayCOM:       {"hangar_com", []ebiten.Key{ebiten.KeyDigit1}},
	ActOverlayInertia:   {"hangar_inertia", []ebiten.Key{ebiten.KeyDigit2}},
	ActOverlayThrust:    {"hangar_thrusters", []ebiten.Key{ebiten.KeyDigit3}},
	ActOverlayJoints:    {"hangar_joints", []ebiten.Key{ebiten.KeyDigit4}},
	ActOverlayPorts:     {"hangar_ports", []ebiten.Key{ebiten.KeyDigit5}},
	ActOverlayFeet:      {"hangar_feet", []ebiten.Key{ebiten.KeyDigit6}},
	ActOverlayTanks:     {"hangar_tanks", []ebiten.Key{ebiten.KeyDigit7}},
	ActStandGravity:     {"hangar_gravity", []ebiten.Key{ebiten.KeyG}},
	ActStandFireNext:    {"hangar_fire_next", []ebiten.Key{ebiten.KeyF}},
	ActStandFirePrev:    {"hangar_fire_prev", []ebiten.Key{ebiten.KeyR}},
	ActStandFire:        {"hangar_fire", []ebiten.Key{ebiten.KeySpace}},
	ActStandRelease:     {"hangar_release", []ebiten.Key{ebiten.KeyEnter}},
	ActEditMode:         {"hangar_mode", []ebiten.Key{ebiten.KeyQ}},
	ActEditXPlus:        {"hangar_x_plus", []ebiten.Key{ebiten.KeyJ}},
	ActEditXMinus:       {"hangar_x_minus", []ebiten.Key{ebiten.KeyL}},
	ActEditYPlus:        {"hangar_y_plus", []ebiten.Key{ebiten.KeyI}},
	ActEditYMinus:       {"hangar_y_minus", []ebiten.Key{ebiten.KeyK}},
	ActEditZPlus:        {"hangar_z_plus", []ebiten.Key{ebiten.KeyH}},
	ActEditZMinus:       {"hangar_z_minus", []ebiten.Key{ebiten.KeyN}},
	ActEditFine:         {"hangar_fine", []ebiten.Key{ebiten.KeyShiftLeft, ebiten.KeyShiftRight}},
	ActEditMore:         {"hangar_more", []ebiten.Key{ebiten.KeyEqual, ebiten.KeyNumpadAdd}},
	ActEditLess:         {"hangar_less", []ebiten.Key{ebiten.KeyMinus, ebiten.KeyNumpadSubtract}},
	ActEditKind:         {"hangar_kind", []ebiten.Key{ebiten.KeyE}},
	ActEditCopy:         {"hangar_copy", []ebiten.Key{ebiten.KeyC}},
	ActEditMirrorX:      {"hangar_mirror_x", []ebiten.Key{ebiten.KeyX}},
	ActEditMirrorZ:      {"hangar_mirror_z", []ebiten.Key{ebiten.KeyZ}},
	ActEditQuad:         {"hangar_quad", []ebiten.Key{ebiten.KeyV}},
	ActEditDelete:       {"hangar_delete", []ebiten.Key{ebiten.KeyDelete}},
	ActEditAddThruster:  {"hangar_add_thruster", []ebiten.Key{ebiten.KeyT}},
	ActEditAddJoint:     {"hangar_add_joint", []ebiten.Key{ebiten.KeyO}},
	ActEditUndo:         {"hangar_undo", []ebiten.Key{ebiten.KeyU}},
	ActEditRedo:         {"hangar_redo", []ebiten.Key{ebiten.KeyY}},
	ActEditSave:         {"hangar_save", []ebiten.Key{ebiten.KeyS}},
	ActEditMenu:         {"hangar_menu", []ebiten.Key{ebiten.KeyTab}},
}

// buttonNames names the standard-layout gamepad buttons in settings.toml
// (Ebiten gives them none). In brackets, the Xbox button.
var buttonNames = map[ebiten.StandardGamepadButton]string{
	ebiten.StandardGamepadButtonRightBottom:      "right_bottom", // A
	ebiten.StandardGamepadButtonRightRight:       "right_right",  // B
	ebiten.StandardGamepadButtonRightLeft:        "right_left",   // X
	ebiten.StandardGamepadButtonRightTop:         "right_top",    // Y
	ebiten.StandardGamepadButtonFrontTopLeft:     "front_top_left",
	ebiten.StandardGamepadButtonFrontTopRight:    "front_top_right",
	ebiten.StandardGamepadButtonFrontBottomLeft:  "front_bottom_left", // left trigger
	ebiten.StandardGamepadButtonFrontBottomRight: "front_bottom_right",
	ebiten.StandardGamepadButtonCenterLeft:       "center_left",  // back
	ebiten.StandardGamepadButtonCenterRight:      "center_right", // start
	ebiten.StandardGamepadButtonLeftStick:        "left_stick",
	ebiten.StandardGamepadButtonRightStick:       "right_stick",
	ebiten.StandardGamepadButtonLeftTop:          "left_top", // d-pad up
	ebiten.StandardGamepadButtonLeftBottom:       "left_bottom",
	ebiten.StandardGamepadButtonLeftLeft:         "left_left",
	ebiten.StandardGamepadButtonLeftRight:        "left_right",
	ebiten.StandardGamepadButtonCenterCenter:     "center_center",
}

// defaultButtons are the gamepad buttons bound at first; sticks are not
// actions (left stick pitch and roll, right stick yaw and forward).
var defaultButtons = map[Action][]ebiten.StandardGamepadButton{
	ActThrottleUp:     {ebiten.StandardGamepadButtonFrontBottomRight},
	ActThrottleDown:   {ebiten.StandardGamepadButtonFrontBottomLeft},
	ActSASCycle:       {ebiten.StandardGamepadButtonRightBottom},
	ActGear:           {ebiten.StandardGamepadButtonRightRight},
	ActUndock:         {ebiten.StandardGamepadButtonRightLeft},
	ActAutopilot:      {ebiten.StandardGamepadButtonRightTop},
	ActPause:          {ebiten.StandardGamepadButtonCenterRight},
	ActRestart:        {ebiten.StandardGamepadButtonCenterLeft},
	ActCamera:         {ebiten.StandardGamepadButtonRightStick},
	ActFineControl:    {ebiten.StandardGamepadButtonLeftStick},
	ActTranslateUp:    {ebiten.StandardGamepadButtonLeftTop},
	ActTranslateDown:  {ebiten.StandardGamepadButtonLeftBottom},
	ActTranslateLeft:  {ebiten.StandardGamepadButtonLeftLeft},
	ActTranslateRight: {ebiten.StandardGamepadButtonLeftRight},
	ActWarpDown:       {ebiten.StandardGamepadButtonFrontTopLeft},
	ActWarpUp:         {ebiten.StandardGamepadButtonFrontTopRight},
	ActMenuUp:         {ebiten.StandardGamepadButtonLeftTop},
	ActMenuDown:       {ebiten.StandardGamepadButtonLeftBottom},
	ActMenuLeft:       {ebiten.StandardGamepadButtonLeftLeft},
	ActMenuRight:      {ebiten.StandardGamepadButtonLeftRight},
	ActMenuSelect:     {ebiten.StandardGamepadButtonRightBottom},
}

func buttonByName(name string) (ebiten.StandardGamepadButton, bool) {
	for b, n := range buttonNames {
		if n == name {
			return b, true
		}
	}
	return 0, false
}

func (a Action) String() string {
	if a < actionCount {
		return actionInfo[a].name
	}
	return fmt.Sprintf("action(%d)", a)
}

// Settings are the player's preferences, kept in settings.toml in the user
// config dir (ConfigDir). Every field has a default; a missing file means
// all defaults, and a broken one means defaults plus a message.
type Settings struct {
	Keys     [actionCount][]ebiten.Key                   // keys bound to each action
	Buttons  [actionCount][]ebiten.StandardGamepadButton // gamepad buttons bound to each action
	DeadZone float64                                     // gamepad stick dead zone, 0…0.9 of full deflection
	Master   float64                                     // master volume, 0…1
	Effects  float64                                     // effects volume, 0…1
	Mute     bool
	// Quality is the graphics quality: "high" (every pixel of the craft
	// lit), "low" (lit at the corners of its faces, for software
	// renderers) or "auto" (low on a software GL renderer, else high).
	Quality string
}

// Graphics qualities (Settings.Quality).
const (
	QualityAuto = "auto"
	QualityHigh = "high"
	QualityLow  = "low"
)

// DefaultSettings returns the settings a new player starts with.
func DefaultSettings() Settings {
	s := Settings{DeadZone: 0.15, Master: 0.8, Effects: 1, Quality: QualityAuto}
	for a := range actionCount {
		s.Keys[a] = slices.Clone(actionInfo[a].keys)
		s.Buttons[a] = slices.Clone(defaultButtons[a])
	}
	return s
}

// LoadSettings reads the settings file at path. It always returns usable
// settings, and it falls back key by key: a setting the file gets wrong
// (unknown, of the wrong type, out of range, naming no such key or button)
// keeps its default and every other one is taken. The error, if any, names
// the file and each key that was wrong, with a suggestion where one fits,
// and is meant for the HUD; the game goes on with what it got. A missing
// file is not an error; one that is not TOML at all gives all defaults.
func LoadSettings(path string) (Settings, error) {
	s := DefaultSettings()
	data, err := storage.ReadFile(path, MaxSettingsSize)
	if errors.Is(err, fs.ErrNotExist) {
		return s, nil
	}
	if err != nil {
		return s, fmt.Errorf("%w; using default settings", err)
	}
	return ParseSettings(path, data)
}

// ParseSettings is LoadSettings of the content data of the file path.
func ParseSettings(path string, data []byte) (Settings, error) {
	s := DefaultSettings()
	tree, problems, err := settingsTree(path, string(data))
	if err != nil {
		return s, fmt.Errorf("%v; using default settings", err)
	}
	for _, section := range sortedKeys(tree) {
		v := tree[section]
		switch section {
		case "keys":
			problems = bind(problems, section, v, &s.Keys, func(name string) (ebiten.Key, error) {
				var k ebiten.Key
				if err := k.UnmarshalText([]byte(name)); err != nil {
					return 0, fmt.Errorf("unknown key name %q%s", name, craft.DidYouMean(name, keyNameList))
				}
				return k, nil
			})
		case "buttons":
			problems = bind(problems, section, v, &s.Buttons, func(name string) (ebiten.StandardGamepadButton, error) {
				if b, ok := buttonByName(name); ok {
					return b, nil
				}
				if hint := craft.DidYouMean(name, slices.Sorted(maps.Values(buttonNames))); hint != "" {
					return 0, fmt.Errorf("unknown button %q%s", name, hint)
				}
				return 0, fmt.Errorf("unknown button %q (right_bottom, center_right, front_top_left, …)", name)
			})
		case "gamepad", "audio", "graphics":
			problems = s.setScalars(problems, section, v)
		default:
			problems = append(problems, fmt.Sprintf("unknown section %q%s", section, craft.DidYouMean(section, settingsSections)))
		}
	}
	if len(problems) > 0 {
		return s, fmt.Errorf("%s: %s; defaults kept for those", craft.Printable(path), strings.Join(problems, "; "))
	}
	return s, nil
}

// keyNameList are Ebiten's key names, for suggestions.
var keyNameList = func() []string {
	var out []string
	for k := ebiten.Key(0); k <= ebiten.KeyMax; k++ {
		out = append(out, k.String())
	}
	return out
}()

// settingsSections are the tables of settings.toml.
var settingsSections = []string{"keys", "buttons", "gamepad", "audio", "graphics"}

// scalarSetting is one setting of the [gamepad], [audio] or [graphics] table: its key
// as section.key, and how to take a value (returning what is wrong with it).
type scalarSetting struct {
	key string
	set func(s *Settings, v any) string
}

// scalarSettings are the settings of the [gamepad], [audio] and [graphics] tables.
var scalarSettings = []scalarSetting{
	{"gamepad.dead_zone", func(s *Settings, v any) string { return setFraction(&s.DeadZone, v, 0.9) }},
	{"audio.master", func(s *Settings, v any) string { return setFraction(&s.Master, v, 1) }},
	{"audio.effects", func(s *Settings, v any) string { return setFraction(&s.Effects, v, 1) }},
	{"audio.mute", func(s *Settings, v any) string {
		b, ok := v.(bool)
		if !ok {
			return "must be true or false, not " + tomlType(v)
		}
		s.Mute = b
		return ""
	}},
	{"graphics.quality", func(s *Settings, v any) string {
		q, ok := v.(string)
		if !ok {
			return "must be a string, not " + tomlType(v)
		}
		switch q {
		case QualityAuto, QualityHigh, QualityLow:
			s.Quality = q
			return ""
		}
		return fmt.Sprintf("%q: must be \"auto\", \"high\" or \"low\"", q)
	}},
}

// setScalars takes the known keys of one scalar table, each on its own.
func (s *Settings) setScalars(problems []string, section string, v any) []string {
	table, ok := v.(map[string]any)
	if !ok {
		return append(problems, fmt.Sprintf("%s must be a table [%s], not %s", section, section, tomlType(v)))
	}
	var known []string
	for _, sc := range scalarSettings {
		if k, ok := strings.CutPrefix(sc.key, section+"."); ok {
			known = append(known, k)
		}
	}
	for _, k := range sortedKeys(table) {
		i := slices.IndexFunc(scalarSettings, func(sc scalarSetting) bool { return sc.key == section+"."+k })
		if i < 0 {
			problems = append(problems, fmt.Sprintf("unknown key %q in [%s]%s", k, section, craft.DidYouMean(k, known)))
			continue
		}
		if msg := scalarSettings[i].set(s, table[k]); msg != "" {
			problems = append(problems, fmt.Sprintf("%s: %s", scalarSettings[i].key, msg))
		}
	}
	return problems
}

// setFraction sets *dst to v when v is a number from 0 to hi.
func setFraction(dst *float64, v any, hi float64) string {
	var x float64
	switch v := v.(type) {
	case float64:
		x = v
	case int64:
		x = float64(v)
	default:
		return "must be a number, not " + tomlType(v)
	}
	if !(x >= 0 && x <= hi) {
		return fmt.Sprintf("%g must be between 0 and %g", x, hi)
	}
	*dst = x
	return ""
}

// tomlType names the TOML type of a decoded value, for messages.
func tomlType(v any) string {
	switch v.(type) {
	case string:
		return "a string"
	case bool:
		return "a boolean"
	case int64, float64:
		return "a number"
	case []any, []map[string]any:
		return "an array"
	case map[string]any:
		return "a table"
	}
	return "a date or time"
}

// bind sets dst's bindings from a settings table (action name → input
// names, taken in name order so messages come out the same every time); an
// action whose entry is wrong keeps its default. It appends what was wrong.
func bind[T any](problems []string, section string, v any, dst *[actionCount][]T, parse func(string) (T, error)) []string {
	table, ok := v.(map[string]any)
	if !ok {
		return append(problems, fmt.Sprintf("%s must be a table [%s], not %s", section, section, tomlType(v)))
	}
	var actions []string
	for a := range actionCount {
		actions = append(actions, a.String())
	}
	for _, name := range sortedKeys(table) {
		a, ok := actionByName(name)
		if !ok {
			problems = append(problems, fmt.Sprintf("unknown action %q in [%s]%s", name, section, craft.DidYouMean(name, actions)))
			continue
		}
		list, ok := table[name].([]any)
		if !ok {
			problems = append(problems, fmt.Sprintf("%s.%s: must be an array of names, e.g. [\"W\"], not %s", section, name, tomlType(table[name])))
			continue
		}
		vals := make([]T, 0, len(list))
		for _, in := range list {
			str, ok := in.(string)
			if !ok {
				problems = append(problems, fmt.Sprintf("%s.%s: must be an array of names, not of %s", section, name, tomlType(in)))
				vals = nil
				break
			}
			v, err := parse(str)
			if err != nil {
				problems = append(problems, fmt.Sprintf("%s.%s: %v", section, name, err))
				vals = nil
				break
			}
			vals = append(vals, v)
		}
		if vals != nil {
			dst[a] = vals
		}
	}
	return problems
}

func actionByName(name string) (Action, bool) {
	for a := range actionCount {
		if actionInfo[a].name == name {
			return a, true
		}
	}
	return 0, false
}

// Encode writes the settings as a complete, commented settings file.
func (s *Settings) Encode() []byte {
	var b bytes.Buffer
	b.WriteString("# spaceflight settings. Key names are Ebiten's (W, ShiftLeft, F12, Comma…).\n")
	b.WriteString("# A wrong entry is reported in the game and its default used.\n\n[keys]\n")
	for a := range actionCount {
		names := make([]string, len(s.Keys[a]))
		for i, k := range s.Keys[a] {
			names[i] = fmt.Sprintf("%q", k.String())
		}
		fmt.Fprintf(&b, "%s = [%s]\n", actionInfo[a].name, strings.Join(names, ", "))
	}
	b.WriteString("\n# Gamepad buttons of the standard layout: right_bottom (A), right_right (B),\n")
	b.WriteString("# right_left (X), right_top (Y), front_top_left/right (bumpers), front_bottom_left/right\n")
	b.WriteString("# (triggers), center_left (back), center_right (start), left_top/bottom/left/right\n")
	b.WriteString("# (d-pad), left_stick, right_stick. Sticks: left pitch and roll, right yaw and forward.\n[buttons]\n")
	for a := range actionCount {
		if len(s.Buttons[a]) == 0 {
			continue
		}
		names := make([]string, len(s.Buttons[a]))
		for i, bt := range s.Buttons[a] {
			names[i] = fmt.Sprintf("%q", buttonNames[bt])
		}
		fmt.Fprintf(&b, "%s = [%s]\n", actionInfo[a].name, strings.Join(names, ", "))
	}
	fmt.Fprintf(&b, "\n[gamepad]\ndead_zone = %g  # fraction of full stick deflection ignored\n", s.DeadZone)
	fmt.Fprintf(&b, "\n[audio]\nmaster = %g   # 0…1\neffects = %g  # 0…1\nmute = %t\n", s.Master, s.Effects, s.Mute)
	fmt.Fprintf(&b, "\n[graphics]\n# high: every pixel of the craft lit; low: lit at the corners of its faces (faster\n# on a software renderer); auto: low on a software GL renderer (llvmpipe), else high.\nquality = %q\n", s.Quality)
	return b.Bytes()
}

// Save writes the settings file atomically.
func (s *Settings) Save(path string) error {
	return storage.WriteFileAtomic(path, s.Encode())
}
