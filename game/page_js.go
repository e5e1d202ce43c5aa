//go:build js

package game

import (
	"cmp"
	"encoding/json"
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"
	"sync"
	"syscall/js"

	"spaceflight/game/flight"
	"spaceflight/game/storage"

	"github.com/hajimehoshi/ebiten/v2"
)

// hasDisplay is true: the page is the display.
func hasDisplay() bool { return true }

// addressReplay takes a replay link in the page's address — …#replay=DATA
// to watch it, …#ghost=DATA to race it — as --replay or --ghost. The game
// reads it from the address itself: wasm_exec.js hands a program at most
// 8 KiB of arguments, and a long flight's link is more.
func addressReplay(opts *Options) {
	hash := js.Global().Get("location").Get("hash").String()
	switch {
	case strings.HasPrefix(hash, "#"+flight.LinkKey):
		opts.Replay = hash
	case strings.HasPrefix(hash, "#ghost="):
		opts.Ghost = "#" + flight.LinkKey + strings.TrimPrefix(hash, "#ghost=")
	}
}

// page wraps the app for the web page: after every Update it publishes a
// PageState, and it answers the page's calls on window.spaceflight —
//
//	state()          the PageState, as an object
//	craft()          the player's craft file: {name, file, text, user}
//	editCraft(text)  save text as the player's version: {errors: [...]}, none when good
//	revertCraft()    drop the player's version: the shipped one flies again
//	settings()       settings.toml: {name, file, text, user}
//	editSettings(t)  save settings.toml (used from the next start): {errors: [...]}
//	replays()        the saved flights, newest first: [{name, path, size, when}]
//	replayLink(path) a saved flight as a link's fragment: {link: "#replay=…"}
//	readFile(path)   a saved file's text (to download a replay)
//
// The calls run on the browser's thread while the game's goroutine waits;
// they touch the app only through the published state and the Storage,
// whose writes the game's watcher picks up as it does on the desktop.
type page struct {
	a *app

	mu      sync.Mutex
	state   PageState
	flights int
	flight  *flight.Flight
}

func withPage(a *app) ebiten.Game {
	p := &page{a: a}
	p.publish()
	p.register()
	return p
}

func (p *page) Update() error {
	err := p.a.Update()
	p.publish()
	return err
}

func (p *page) Draw(screen *ebiten.Image) {
	p.a.Draw(screen)
	p.mu.Lock()
	p.state.Frames++
	if p.state.Frames == 1 {
		p.state.FirstFrameMs = js.Global().Get("performance").Call("now").Float()
	}
	p.mu.Unlock()
}

func (p *page) DrawFinalScreen(screen ebiten.FinalScreen, offscreen *ebiten.Image, geoM ebiten.GeoM) {
	p.a.DrawFinalScreen(screen, offscreen, geoM)
}

func (p *page) Layout(w, h int) (int, int) {
	w, h = p.a.Layout(w, h)
	p.mu.Lock()
	p.state.Width, p.state.Height = w, h
	p.mu.Unlock()
	return w, h
}

func (p *page) publish() {
	p.mu.Lock()
	defer p.mu.Unlock()
	// A flight counts once it flies (a menu's backdrop does not).
	if sc, ok := p.a.scene.(*flightScene); ok && sc.s.flight != p.flight {
		p.flight = sc.s.flight
		p.flights++
	}
	p.a.pageState(&p.state)
	p.state.Flights = p.flights
}

func (p *page) register() {
	api := js.Global().Get("Object").New()
	fn := func(name string, f func(args []js.Value) (any, error)) {
		api.Set(name, js.FuncOf(func(_ js.Value, args []js.Value) any { return answer(f(args)) }))
	}
	craftName := func() string {
		p.mu.Lock()
		defer p.mu.Unlock()
		return p.state.Craft
	}
	fn("state", func([]js.Value) (any, error) {
		p.mu.Lock()
		defer p.mu.Unlock()
		return json.Marshal(&p.state)
	})
	fn("craft", func([]js.Value) (any, error) { return craftSource(p.a.opts, craftName()) })
	fn("editCraft", func(args []js.Value) (any, error) {
		if len(args) < 1 || len(args) > 2 || args[0].Type() != js.TypeString || len(args) == 2 && args[1].Type() != js.TypeString {
			return nil, errors.New("editCraft(text[, base]): one or two strings")
		}
		base := ""
		if len(args) == 2 {
			base = args[1].String()
		}
		errs, err := saveCraft(craftName(), args[0].String(), base)
		return map[string][]string{"errors": append([]string{}, errs...)}, err
	})
	fn("revertCraft", func([]js.Value) (any, error) {
		name := craftName()
		if err := checkCraftName(name); err != nil {
			return nil, err
		}
		if err := storage.Remove(userCraftPath(name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
		return craftSource(p.a.opts, name)
	})
	fn("settings", func([]js.Value) (any, error) { return settingsSource(), nil })
	fn("editSettings", func(args []js.Value) (any, error) {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil, errors.New("editSettings(text): one string")
		}
		errs, err := saveSettings(args[0].String())
		return map[string][]string{"errors": append([]string{}, errs...)}, err
	})
	fn("replays", func([]js.Value) (any, error) {
		type replay struct {
			Name string `json:"name"`
			Path string `json:"path"`
			Size int64  `json:"size"`
			When int64  `json:"when"` // ms since 1970, for a JS Date
		}
		dir := path.Join(storage.DataDir(), "replays")
		ents, _ := fs.ReadDir(storage.FS(dir), ".")
		out := []replay{}
		for _, e := range ents {
			if fi, err := e.Info(); err == nil && storage.IsReplay(path.Join(dir, e.Name())) {
				out = append(out, replay{e.Name(), path.Join(dir, e.Name()), fi.Size(), fi.ModTime().UnixMilli()})
			}
		}
		slices.SortFunc(out, func(a, b replay) int { return cmp.Compare(b.When, a.When) })
		return out, nil
	})
	fn("replayLink", func(args []js.Value) (any, error) {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil, errors.New("replayLink(path): one string")
		}
		b, err := storage.ReadFile(args[0].String(), flight.MaxReplaySize)
		if err != nil {
			return nil, err
		}
		if _, err := flight.ParseReplay(args[0].String(), b); err != nil {
			return nil, err
		}
		link, err := flight.Link(b)
		return map[string]string{"link": link}, err
	})
	fn("readFile", func(args []js.Value) (any, error) {
		if len(args) != 1 || args[0].Type() != js.TypeString {
			return nil, errors.New("readFile(path): one string")
		}
		b, err := storage.ReadFile(args[0].String(), flight.MaxReplaySize)
		return string(b), err
	})
	js.Global().Set("spaceflight", api)
	if ready := js.Global().Get("spaceflightReady"); ready.Type() == js.TypeFunction {
		ready.Invoke() // the page's loader: the game is up
	}
}

// answer turns a call's result into a JS value: v as JSON (a []byte is
// JSON already), or {error: "…"} when err is set.
func answer(v any, err error) any {
	if err == nil {
		b, ok := v.([]byte)
		if !ok {
			b, err = json.Marshal(v)
		}
		if err == nil {
			return js.Global().Get("JSON").Call("parse", string(b))
		}
	}
	o := js.Global().Get("Object").New()
	o.Set("error", err.Error())
	return o
}
