package game

import (
	"cmp"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/craft"
	"spaceflight/craft/tomledit"
	"spaceflight/game/storage"
	"spaceflight/render"
)

// The game as a web page: what the page shows beside the game and what a
// test reads back. The browser side (window.spaceflight, in page_js.go)
// publishes a PageState after every Update; on the desktop nothing is
// published (page_other.go).

// PageState is the game as the page and its tests see it: what
// window.spaceflight.state() returns (as JSON).
type PageState struct {
	Frames       int     `json:"frames"`         // frames drawn so far
	FirstFrameMs float64 `json:"first_frame_ms"` // when the first frame was drawn: ms since the page started loading
	FPS          float64 `json:"fps"`            // frames per second, as Ebiten measures them
	TPS          float64 `json:"tps"`            // ticks (Updates) per second
	Width        int     `json:"width"`          // the game's size in pixels, as last laid out
	Height       int     `json:"height"`

	Scene    string   `json:"scene"`    // flight, briefing, pause, menu, results, settings, help, confirm or hangar
	Menu     []string `json:"menu"`     // the open menu's items, when a menu is open
	Selected int      `json:"selected"` // the selected item
	Results  []string `json:"results"`  // the results page's figures, "Label: value"

	Mission   string  `json:"mission"`    // the mission's name
	Craft     string  `json:"craft"`      // the player's craft: its library name
	CraftFile string  `json:"craft_file"` // the file it was loaded from, as messages name it
	Flights   int     `json:"flights"`    // flights started since the page loaded (a restart or a reload starts one)
	Tick      uint64  `json:"tick"`
	Time      float64 `json:"time"`      // mission time (s)
	Firing    bool    `json:"firing"`    // a thruster fired in the last tick
	FuelUsed  float64 `json:"fuel_used"` // kg
	Outcome   string  `json:"outcome"`   // flying, success, failure, crash, …
	Reason    string  `json:"reason"`
	Replay    bool    `json:"replay"` // watching a replay
	Ghost     string  `json:"ghost"`  // the ghost flying beside: "your best flight", "the replay you race", or ""
	GhostTick uint64  `json:"ghost_tick"`

	// Errors are the errors of the mission's or its crafts' newest files
	// when they failed to load (the last good version keeps flying), each
	// as FILE:LINE:COL: key: what is wrong.
	Errors   []string `json:"errors"`
	Messages []string `json:"messages"` // the HUD's message lines
	Sound    string   `json:"sound"`    // "on", "muted", "waiting for a click or key", or "off: why"
	Quality  string   `json:"quality"`  // graphics quality in use
}

// pageState describes the app for the page. It reads only.
func (a *app) pageState(s *PageState) {
	s.FPS, s.TPS = ebiten.ActualFPS(), ebiten.ActualTPS()
	var sc *render.Screen
	s.Scene, sc = sceneScreen(a.scene)
	s.Menu, s.Selected = s.Menu[:0], 0
	s.Results = s.Results[:0]
	if sc != nil {
		s.Menu, s.Selected = append(s.Menu, sc.Items...), sc.Selected
		if r := sc.Result; r != nil {
			for _, f := range r.Figures {
				s.Results = append(s.Results, f.Label+": "+f.Value)
			}
		}
	}
	s.Messages = a.toasts.lines(a.tick, s.Messages[:0])
	switch {
	case a.settings.Mute:
		s.Sound = "muted"
	case a.sound.Err() != nil:
		s.Sound = "off: " + a.sound.Err().Error()
	case a.sound.Silent():
		s.Sound = "waiting for a click or key"
	default:
		s.Sound = "on"
	}
	s.Quality = a.quality.String()
	s.Errors = s.Errors[:0]
	so := sortieOf(a.scene)
	if so == nil {
		s.Mission, s.Craft, s.CraftFile, s.Tick, s.Time, s.Firing, s.FuelUsed, s.Outcome, s.Reason, s.Replay = "", "", "", 0, 0, false, 0, "", "", false
		s.Ghost, s.GhostTick = "", 0
		if h := hangarOf(a.scene); h != nil { // the page's craft panel edits the hangar's craft
			s.Craft, s.CraftFile = h.ref, h.ed.File
			s.Errors = append(s.Errors, h.errs...)
		}
		return
	}
	f := so.flight
	m := so.watch.Value
	s.Mission, s.Craft, s.CraftFile = m.Name, m.Player.Craft, m.Player.Spec.File
	s.Tick, s.Time, s.Firing, s.FuelUsed = f.Tick, float64(f.Tick)*f.Dt, f.Firing, f.Player.FuelUsed
	s.Outcome, s.Reason = f.Judge.Outcome.String(), f.Judge.Reason
	s.Replay = so.replay != nil
	s.Ghost, s.GhostTick = "", 0
	if so.ghost != nil {
		s.Ghost, s.GhostTick = so.ghostOf, so.ghost.Flight.Tick
	}
	s.Errors = append(s.Errors, errorLines(so.watch.Err, maxShownErrors)...)
}

// sceneScreen names a scene for the page (flight, briefing, pause, menu,
// results, settings, help, confirm, hangar) and returns its menu page, if
// it shows one.
func sceneScreen(sc Scene) (string, *render.Screen) {
	switch sc := sc.(type) {
	case *flightScene:
		return "flight", nil
	case *briefingScene:
		return "briefing", &sc.screen
	case *pauseScene:
		return "pause", &sc.screen
	case *menuScene:
		return "menu", &sc.screen
	case *resultsScene:
		return "results", &sc.screen
	case *settingsScene:
		return "settings", &sc.screen
	case *helpScene:
		return "help", nil
	case *hangarMenuScene:
		return "hangar", &sc.screen
	case *hangarScene:
		return "hangar", nil
	case *choiceScene: // the hangar's menus and questions, the quit confirmation
		return cmp.Or(sc.pageName, "hangar"), &sc.screen
	}
	return "", nil
}

// userCraftPath is where the player's own version of the library craft
// name lives: it overrides the shipped one of that name.
func userCraftPath(name string) string {
	return filepath.Join(storage.ConfigDir(), "crafts", name+".toml")
}

// CraftSource is a craft file as the page's editor shows it.
type CraftSource struct {
	Name string `json:"name"` // library name
	File string `json:"file"` // where an edit is saved, as messages name it
	Text string `json:"text"`
	User bool   `json:"user"` // the player's own version (not the shipped one)
}

// craftSource returns the text of the library craft name: the player's
// version when there is one, else the shipped one.
func craftSource(opts Options, name string) (CraftSource, error) {
	if err := checkCraftName(name); err != nil {
		return CraftSource{}, err
	}
	src := CraftSource{Name: name, File: userCraftPath(name)}
	b, err := storage.ReadFile(src.File, craft.MaxFileSize)
	if err == nil {
		src.Text, src.User = string(b), true
		return src, nil
	}
	b, err = fs.ReadFile(opts.Shipped, "crafts/"+name+".toml")
	if err != nil {
		return CraftSource{}, fmt.Errorf("craft %q: %w", name, err)
	}
	src.Text = string(b)
	return src, nil
}

// saveCraft keeps text as the player's version of the library craft name
// and returns its errors as the game reports them (FILE:LINE:COL: key:
// what is wrong, with did-you-mean), none when it is good. It is saved
// either way, as an editor saves a file: the game's watcher reloads it
// within a second, flying a good version and keeping the last good one
// flying past a broken one.
//
// base is the text the edit was made from ("" for none): when the file
// changed since (the hangar saved it), the page's edits are made on the
// file as it is now, by lines, and what is saved is both; when they clash
// nothing is saved and the error says where.
func saveCraft(name, text, base string) ([]string, error) {
	if err := checkCraftName(name); err != nil {
		return nil, err
	}
	p := userCraftPath(name)
	if now, err := storage.ReadFile(p, craft.MaxFileSize); base != "" && err == nil && string(now) != base {
		merged, err := tomledit.Merge3(base, text, string(now))
		if err != nil {
			return nil, fmt.Errorf("%s changed in the hangar since you loaded it, on lines you edited too (%v): reload it and edit again", craft.Printable(p), err)
		}
		text = merged
	}
	if err := storage.WriteFileAtomic(p, []byte(text)); err != nil {
		return nil, err
	}
	_, err := craft.ParseCraft(p, []byte(text))
	return errorLines(err, maxShownErrors), nil
}

// checkCraftName checks that name is a craft's library name, the only
// kind the page edits (a path names a file the page cannot write).
func checkCraftName(name string) error {
	if name == "" || strings.ContainsAny(name, `/\`) || strings.HasSuffix(name, ".toml") {
		return fmt.Errorf("craft %q is not a library name, so it cannot be edited here", name)
	}
	return nil
}

// settingsSource returns settings.toml as the page's editor shows it: the
// saved file, or the defaults with their comments when there is none.
func settingsSource() CraftSource {
	src := CraftSource{Name: "settings", File: settingsPath()}
	if b, err := storage.ReadFile(src.File, MaxSettingsSize); err == nil {
		src.Text, src.User = string(b), true
		return src
	}
	d := DefaultSettings()
	src.Text = string(d.Encode())
	return src
}
