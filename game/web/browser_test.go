//go:build !js

package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"spaceflight/game"
)

// The page in a real headless browser (Debian's chromium, installed by
// make test): built by Build, served by Handler from an httptest server on
// loopback, driven by key presses and read back through
// window.spaceflight.state(). Under CI=true a missing browser fails the
// test; elsewhere it skips. SPACEFLIGHT_WEB_SHOTS=DIR keeps the
// screenshots the test takes.

// firstFrameWithin is how long the page may take, from navigation, to draw
// its first frame (the bound on this 2-core machine).
const firstFrameWithin = 15 * time.Second

func chromium(t *testing.T) string {
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	if os.Getenv("CI") == "true" {
		t.Fatal("no chromium on PATH: make test installs it (.ci/packages.sh test)")
	}
	t.Skip("no chromium on PATH (apt-get install chromium); the browser test is skipped")
	return ""
}

// browser is a headless Chromium tab on the served page.
type browser struct {
	t   *testing.T
	ctx context.Context
}

func (b *browser) do(steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatal(err)
	}
}

// eval runs a script in the page and returns its value.
func eval[T any](b *browser, script string) T {
	b.t.Helper()
	v, err := chromedp.Run(b.ctx, chromedp.Evaluate[T](script))
	if err != nil {
		b.t.Fatalf("%s: %v", script, err)
	}
	return v
}

const stateScript = `window.spaceflight ? JSON.stringify(window.spaceflight.state()) : "{}"`

func (b *browser) state() game.PageState {
	b.t.Helper()
	raw := eval[string](b, stateScript)
	var s game.PageState
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		b.t.Fatalf("state(): %v (%s)", err, raw)
	}
	return s
}

// until polls the state until ok holds, failing after d with what it saw.
// A poll that lands while the page is still navigating (Chromium: the
// inspected target navigated, its context gone) is polled again: the page
// is not there yet to be asked, which is what waiting is for.
func (b *browser) until(d time.Duration, what string, ok func(game.PageState) bool) game.PageState {
	b.t.Helper()
	deadline := time.Now().Add(d)
	for {
		raw, err := chromedp.Run(b.ctx, chromedp.Evaluate[string](stateScript))
		var s game.PageState
		switch {
		case err != nil && !navigating(err):
			b.t.Fatalf("state(): %v", err)
		case err == nil:
			if err := json.Unmarshal([]byte(raw), &s); err != nil {
				b.t.Fatalf("state(): %v (%s)", err, raw)
			}
			if ok(s) {
				return s
			}
		}
		if time.Now().After(deadline) {
			j, _ := json.Marshal(s)
			b.t.Fatalf("waited %v for %s; state: %s (last poll: %v)", d, what, j, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// navigating reports whether an evaluation failed because the page was
// between documents.
func navigating(err error) bool {
	m := err.Error()
	return strings.Contains(m, "navigated or closed") || strings.Contains(m, "Cannot find context") ||
		strings.Contains(m, "Execution context was destroyed")
}

// keys are the DOM key codes the test presses, with key and keyCode.
var keys = map[string]struct {
	key string
	vk  int64
}{
	"KeyP": {"p", 80}, "KeyW": {"w", 87}, "ArrowDown": {"ArrowDown", 40}, "Enter": {"Enter", 13}, "Space": {" ", 32},
}

// key sends a key down or up to the game's canvas.
func (b *browser) key(code string, down bool) {
	b.t.Helper()
	k := keys[code]
	p := input.DispatchKeyEventParams{Type: input.DispatchKeyEventTypeRawKeyDown, Code: code, Key: k.key,
		WindowsVirtualKeyCode: k.vk, NativeVirtualKeyCode: k.vk}
	if !down {
		p.Type = input.DispatchKeyEventTypeKeyUp
	}
	eval[chromedp.Void](b, `document.querySelector("canvas").focus()`)
	b.do(func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		_, err := cdp.Call(ctx, t, input.DispatchKeyEvent, p)
		return chromedp.Void{}, err
	})
}

// press holds a key until the game has seen it (ok holds), then lets go:
// the game samples keys once per tick, so a press and release sent
// together could fall between two ticks.
func (b *browser) press(code, what string, ok func(game.PageState) bool) game.PageState {
	b.t.Helper()
	b.key(code, true)
	s := b.until(5*time.Second, what, ok)
	b.key(code, false)
	return s
}

// choose selects item in the open menu with ↓ and takes it with Enter.
func (b *browser) choose(item string, then func(game.PageState) bool) game.PageState {
	b.t.Helper()
	s := b.state()
	// Menu columns are padded: compare words, not spaces.
	i := slices.IndexFunc(s.Menu, func(m string) bool {
		return strings.HasPrefix(strings.Join(strings.Fields(m), " "), item)
	})
	if i < 0 {
		b.t.Fatalf("no %q in the menu %q", item, s.Menu)
	}
	for s.Selected != i {
		sel := s.Selected
		s = b.press("ArrowDown", "the selection to move", func(s game.PageState) bool { return s.Selected != sel })
	}
	return b.press("Enter", "choosing "+item, then)
}

func (b *browser) screenshot(name string) image.Image {
	b.t.Helper()
	buf, err := chromedp.Run(b.ctx, chromedp.CaptureScreenshot())
	if err != nil {
		b.t.Fatal(err)
	}
	if dir := os.Getenv("SPACEFLIGHT_WEB_SHOTS"); dir != "" {
		os.WriteFile(filepath.Join(dir, name), buf, 0o644)
	}
	img, err := png.Decode(bytes.NewReader(buf))
	if err != nil {
		b.t.Fatal(err)
	}
	return img
}

// startPage builds the page, serves it on loopback and opens a headless
// Chromium on it, all undone when the test ends.
func startPage(t *testing.T) (*browser, string) {
	exe := chromium(t)
	dir := t.TempDir()
	built, err := Build(context.Background(), "", dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d bytes, %d gzipped", WasmName, built.Wasm, built.WasmGzip)
	srv := httptest.NewServer(Handler(dir)) // on 127.0.0.1
	t.Cleanup(srv.Close)

	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.WindowSize(1280, 720),
		chromedp.UserDataDir(t.TempDir()),
		// No GPU here: WebGL runs on SwiftShader, which Chromium no longer
		// falls back to by itself.
		chromedp.Flag("enable-unsafe-swiftshader", true), chromedp.Flag("use-angle", "swiftshader"),
		chromedp.Flag("autoplay-policy", "user-gesture-required"))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox) // Chromium refuses to run as root with its sandbox
	}
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	t.Cleanup(acancel)
	bctx, bcancel := chromedp.NewContext(actx, chromedp.WithLogf(t.Logf))
	t.Cleanup(bcancel)
	b := &browser{t: t, ctx: bctx}
	b.do() // start the browser before any clock does
	return b, srv.URL
}

func TestPageInChromium(t *testing.T) {
	b, url := startPage(t)

	// The page loads and draws its first frame.
	start := time.Now()
	b.do(chromedp.Navigate(url + "/"))
	s := b.until(firstFrameWithin-time.Since(start), "the first frame", func(s game.PageState) bool { return s.Frames > 0 })
	t.Logf("first frame %.0f ms after navigation (%v of test time); graphics quality %s", s.FirstFrameMs, time.Since(start).Round(time.Millisecond), s.Quality)
	if s.Sound != "waiting for a click or key" {
		t.Errorf("sound before any gesture: %q, want it waiting", s.Sound)
	}

	// The window resizes the game.
	b.do(chromedp.EmulateViewport(900, 560))
	b.until(5*time.Second, "the game to take the new size", func(s game.PageState) bool { return s.Width == 900 && s.Height == 560 })
	b.do(chromedp.EmulateViewport(1280, 720))

	// Keys start a mission from the mission menu the page opens on: Land,
	// then its briefing card.
	b.until(5*time.Second, "the mission menu", func(s game.PageState) bool { return s.Scene == "menu" })
	s = b.choose("4. Land", func(s game.PageState) bool { return s.Scene == "briefing" || s.Scene == "flight" })
	if s.Scene == "briefing" {
		s = b.press("Space", "the briefing to end", func(s game.PageState) bool { return s.Scene == "flight" })
	}
	if s.Mission != "Land on the pad" && !strings.Contains(strings.ToLower(s.Mission), "land") {
		t.Errorf("mission %q started, want the landing", s.Mission)
	}
	// W pitches the nose down: the RCS fires.
	s = b.press("KeyW", "a thruster to fire", func(s game.PageState) bool { return s.Firing && s.FuelUsed > 0 })
	b.until(5*time.Second, "sound after the first key", func(s game.PageState) bool { return s.Sound == "on" })

	// The screen is not blank: many colours, not one fill.
	img := b.screenshot("flight.png")
	if n := colours(img); n < 50 {
		t.Errorf("screenshot has %d colours: blank?", n)
	}

	// A broken craft edit in the panel: its error names the exact line,
	// and the last good craft keeps flying.
	text := eval[string](b, `document.getElementById("panel-toggle").click(); document.getElementById("craft-text").value`)
	lines := strings.Split(text, "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "description = ") })
	if at < 0 {
		t.Fatalf("no description line in the craft:\n%s", text)
	}
	lines[at] = strings.Replace(lines[at], "description", "descripton", 1)
	want := fmt.Sprintf("crafts/%s.toml:%d:1:", s.Craft, at+1)
	broken, _ := json.Marshal(strings.Join(lines, "\n"))
	before := b.state()
	errText := eval[string](b, `document.getElementById("craft-text").value = `+string(broken)+`;
		document.getElementById("craft-apply").click();
		document.getElementById("craft-errors").textContent`)
	if !strings.Contains(errText, want) || !strings.Contains(errText, `did you mean "description"`) {
		t.Errorf("the panel shows %q, want an error at %s with did-you-mean", errText, want)
	}
	s = b.until(5*time.Second, "the game to report the broken file", func(s game.PageState) bool { return len(s.Errors) > 0 })
	if !strings.Contains(strings.Join(s.Errors, "\n"), want) {
		t.Errorf("the game reports %q, want an error at %s", s.Errors, want)
	}
	if s.Flights != before.Flights || s.Tick <= before.Tick || s.Mission != before.Mission {
		t.Errorf("after a broken edit: flight %d tick %d, was %d at %d: the last good craft should keep flying",
			s.Flights, s.Tick, before.Flights, before.Tick)
	}
	b.screenshot("panel-error.png")

	// Mended in a file dropped on the game, it flies: the flight restarts.
	lines[at] = strings.Replace(lines[at], "descripton", "description", 1)
	lines[at+1] += "\n# mended"
	mended, _ := json.Marshal(strings.Join(lines, "\n"))
	eval[chromedp.Void](b, `const dt = new DataTransfer(); dt.items.add(new File([`+string(mended)+`], "mended.toml"));
		document.querySelector("canvas").dispatchEvent(new DragEvent("drop", {dataTransfer: dt, bubbles: true}))`)
	// A reloaded flight waits behind its briefing, at tick 0: start it.
	b.until(5*time.Second, "the dropped craft's briefing", func(s game.PageState) bool {
		return len(s.Errors) == 0 && s.Scene == "briefing" && s.Tick == 0
	})
	s = b.press("Space", "the dropped craft to fly", func(s game.PageState) bool { return s.Scene == "flight" && s.Flights > before.Flights })
	if got := eval[string](b, `document.getElementById("craft-text").value`); !strings.Contains(got, "# mended") {
		t.Errorf("the dropped file is not in the editor")
	}
	// Reverted, the shipped craft flies again.
	eval[chromedp.Void](b, `document.getElementById("craft-revert").click()`)
	b.until(5*time.Second, "the shipped craft's briefing", func(st game.PageState) bool { return st.Scene == "briefing" && st.Tick == 0 })
	b.press("Space", "the shipped craft to fly again", func(st game.PageState) bool { return st.Flights > s.Flights })
	if src := eval[string](b, `window.spaceflight.craft().text`); strings.Contains(src, "# mended") {
		t.Errorf("after Revert the player's version is still there")
	}
	s = b.state()
	t.Logf("%.0f FPS, %.0f TPS in headless Chromium at %dx%d (panel open)", s.FPS, s.TPS, s.Width, s.Height)

	// The settings file is there to edit too.
	settings := eval[string](b, `const d = document.getElementById("settings"); d.open = true;
		d.dispatchEvent(new Event("toggle")); document.getElementById("settings-text").value`)
	if !strings.Contains(settings, "[keys]") || !strings.Contains(settings, "pitch_down") {
		t.Errorf("the settings editor shows %q", settings)
	}
	b.screenshot("panel-settings.png")

	// A flight flown on the page is saved, listed and replays the same.
	b.do(chromedp.Navigate("about:blank"), chromedp.Navigate(url+"/?mission=tumble&autopilot&warp=8&mute"))
	flown := b.until(time.Minute, "tumble by autopilot to end", func(s game.PageState) bool { return s.Scene == "results" })
	replays := eval[[]struct{ Name, Path string }](b, `window.spaceflight.replays()`)
	if len(replays) == 0 || !strings.HasPrefix(replays[0].Name, "Tumble") {
		t.Fatalf("replays after a flight: %v", replays)
	}
	b.do(chromedp.Navigate("about:blank"), chromedp.Navigate(url+"/?warp=8&replay="+replays[0].Path))
	s = b.until(time.Minute, "the replay to end", func(s game.PageState) bool { return s.Scene == "results" })
	if !s.Replay || s.Outcome != flown.Outcome || s.Tick != flown.Tick || !slices.ContainsFunc(s.Results, func(r string) bool {
		return strings.HasPrefix(r, "Replay: matches the recording")
	}) {
		t.Errorf("replay: %v %s at tick %d, results %q; flown: %s at tick %d", s.Replay, s.Outcome, s.Tick, s.Results, flown.Outcome, flown.Tick)
	}
	b.linksBothWays(url, replays[0].Path, flown)

	// What cannot run says so: a browser without WebGL, one without
	// WebAssembly, and the game stopping (here on a flag it does not know).
	for _, c := range []struct{ script, query, want string }{
		{`HTMLCanvasElement.prototype.getContext = function () { return null; };`, "", "WebGL is not available"},
		{`delete globalThis.WebAssembly;`, "", "This browser cannot run WebAssembly"},
		{``, "?no-such-flag", "flag provided but not defined: -no-such-flag"},
	} {
		if got := b.failure(c.script, url+"/"+c.query); !strings.Contains(got, c.want) {
			t.Errorf("%s%s: the page says %q, want %q", c.script, c.query, got, c.want)
		}
	}
}

// failure loads the page with script run first in it and returns what its
// failure notice says, once it shows.
func (b *browser) failure(script, url string) string {
	b.t.Helper()
	var id page.ScriptIdentifier
	b.do(func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
		if script == "" {
			return chromedp.Void{}, nil
		}
		r, err := cdp.Call(ctx, t, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: script})
		id = r.Identifier
		return chromedp.Void{}, err
	}, chromedp.Navigate("about:blank"), chromedp.Navigate(url))
	deadline := time.Now().Add(firstFrameWithin)
	var got string
	for time.Now().Before(deadline) {
		got = eval[string](b, `document.getElementById("failure").hidden ? "" : document.getElementById("failure").innerText`)
		if got != "" {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	b.screenshot("failure-" + strings.Fields(got + " none")[0] + ".png")
	if id != "" {
		b.do(func(ctx context.Context, t *chromedp.Target) (chromedp.Void, error) {
			_, err := cdp.Call(ctx, t, page.RemoveScriptToEvaluateOnNewDocument, page.RemoveScriptToEvaluateOnNewDocumentParams{Identifier: id})
			return chromedp.Void{}, err
		})
	}
	return got
}

// colours counts the distinct colours of img (up to 10,000).
func colours(img image.Image) int {
	seen := map[uint32]bool{}
	r := img.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y += 3 {
		for x := r.Min.X; x < r.Max.X; x += 3 {
			cr, cg, cb, _ := img.At(x, y).RGBA()
			seen[cr>>8<<16|cg>>8<<8|cb>>8] = true
			if len(seen) >= 10000 {
				return len(seen)
			}
		}
	}
	return len(seen)
}

// Every shipped mission flown by its autopilot in the page, with the
// figures docs/performance.md quotes. It takes minutes, so it runs only
// with SPACEFLIGHT_WEB_MISSIONS=1.
func TestMissionsByAutopilotInChromium(t *testing.T) {
	if os.Getenv("SPACEFLIGHT_WEB_MISSIONS") == "" {
		t.Skip("minutes long: SPACEFLIGHT_WEB_MISSIONS=1 runs it")
	}
	b, url := startPage(t)
	var firsts []float64
	for range 5 {
		b.do(chromedp.Navigate("about:blank"), chromedp.Navigate(url+"/?mute"))
		s := b.until(firstFrameWithin, "the first frame", func(s game.PageState) bool { return s.Frames > 0 })
		firsts = append(firsts, s.FirstFrameMs)
	}
	t.Logf("first frame (ms after navigation): %v, median %.0f", firsts, median(firsts))

	for _, m := range []string{"tumble", "flatspin", "dock", "dock-rotating", "land", "land-slope"} {
		b.do(chromedp.Navigate(fmt.Sprintf("%s/?mission=%s&autopilot&mute", url, m)))
		s := b.until(firstFrameWithin, "the first frame", func(s game.PageState) bool { return s.Frames > 0 })
		if s.Scene == "briefing" {
			b.press("Space", "the briefing to end", func(s game.PageState) bool { return s.Scene != "briefing" })
		}
		// Frame rate at 1× while the autopilot flies: one sample a second.
		var fps, tps []float64
		for range 12 {
			time.Sleep(time.Second)
			s = b.state()
			fps, tps = append(fps, s.FPS), append(tps, s.TPS)
		}
		// Then at 8× to the end.
		b.do(chromedp.Navigate(fmt.Sprintf("%s/?mission=%s&autopilot&mute&warp=8", url, m)))
		start := time.Now()
		s = b.until(10*time.Minute, m+" to end", func(s game.PageState) bool { return s.Scene == "results" })
		t.Logf("%-13s %s (%s) at %.1f s mission time, %v wall at 8×; at 1×: median %.1f FPS, %.1f TPS",
			m, s.Outcome, s.Reason, s.Time, time.Since(start).Round(time.Second), median(fps), median(tps))
		if s.Outcome != "success" {
			t.Errorf("%s by autopilot: %s (%s)", m, s.Outcome, s.Reason)
		}
		time.Sleep(500 * time.Millisecond)
		b.screenshot("autopilot-" + m + ".png")
	}
}

func median(xs []float64) float64 {
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// The page's craft panel and the hangar edit the same file in
// localStorage: in the hangar the panel shows its craft, follows the file
// while the panel's text is as loaded, and the hangar takes what the panel
// saves (a broken edit shows its errors, the last good craft staying on
// the stand).
func TestHangarPanelInChromium(t *testing.T) {
	b, url := startPage(t)
	start := time.Now()
	b.do(chromedp.Navigate(url + "/"))
	b.until(firstFrameWithin-time.Since(start), "the mission menu", func(s game.PageState) bool { return s.Scene == "menu" && s.Frames > 0 })
	b.choose("Hangar", func(s game.PageState) bool { return s.Scene == "hangar" })
	b.choose("lander", func(s game.PageState) bool { return s.Scene == "hangar" && s.Craft == "lander" })
	text := eval[string](b, `document.getElementById("panel-toggle").click(); document.getElementById("craft-text").value`)
	if !strings.Contains(text, `name = "Lander"`) {
		t.Fatalf("the panel shows %q, want the hangar's lander", text[:min(len(text), 200)])
	}
	// Saved by another editor (as the hangar saves): the panel follows.
	other, _ := json.Marshal(strings.Replace(text, "16 RCS thrusters", "sixteen RCS thrusters", 1))
	eval[chromedp.Void](b, `window.spaceflight.editCraft(`+string(other)+`)`)
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(eval[string](b, `document.getElementById("craft-text").value`), "sixteen RCS") {
		if time.Now().After(deadline) {
			t.Fatal("the panel did not follow the file saved elsewhere")
		}
		time.Sleep(100 * time.Millisecond)
	}
	// A broken edit applied in the panel: the hangar takes it and shows
	// its error.
	lines := strings.Split(strings.Replace(text, "16 RCS thrusters", "sixteen RCS thrusters", 1), "\n")
	at := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "description = ") })
	lines[at] = strings.Replace(lines[at], "description", "descripton", 1)
	broken, _ := json.Marshal(strings.Join(lines, "\n"))
	eval[chromedp.Void](b, `document.getElementById("craft-text").value = `+string(broken)+`; document.getElementById("craft-apply").click()`)
	// The file is the player's copy now, in localStorage's config folder.
	want := fmt.Sprintf("config/crafts/lander.toml:%d:1:", at+1)
	s := b.until(5*time.Second, "the hangar to take the panel's edit", func(s game.PageState) bool { return len(s.Errors) > 0 })
	if !strings.Contains(strings.Join(s.Errors, "\n"), want) || s.Scene != "hangar" {
		t.Errorf("the hangar reports %q in scene %s, want an error at %s", s.Errors, s.Scene, want)
	}
	b.screenshot("hangar-panel.png")
}
