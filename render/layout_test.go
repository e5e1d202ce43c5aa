package render

import (
	"fmt"
	"image"
	"math"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
)

// layoutSizes are the screens the HUD must fit: 1280×720 and larger, 16:9,
// 16:10, 4:3 and ultra-wide.
var layoutSizes = [][2]int{{1280, 720}, {1366, 768}, {1920, 1080}, {1920, 1200}, {1280, 1024}, {2560, 1080}, {2560, 1440}}

// busyHUD is every panel at once, at its largest: both landing and docking
// panels, the orbit plot, a tumble, many long messages, a goal too long
// for its two lines, a long key line.
func busyHUD() HUD {
	h := fullHUD()
	h.Omega = 1 // tumbling
	h.Orbit = &OrbitPlot{Craft: [3]float64{-40, 20, 0}, Step: 10, Range: 45}
	h.Status.Objective = strings.Repeat("Land on the pad, slowly and upright; ", 6)
	h.Help = strings.Repeat("W/S A/D Q/E rotate   ", 12)
	for i := range 12 {
		h.Messages = append(h.Messages, fmt.Sprintf("message %d: %s", i, strings.Repeat("a long line of text ", 8)))
	}
	h.Banner = "REPLAY"
	return h
}

// The layout keeps every panel off the safe area and on the screen, at
// every size.
func TestLayoutKeepsSafeAreaClear(t *testing.T) {
	f := landingScene()
	f.HUD = busyHUD()
	for _, sz := range layoutSizes {
		l := HUDLayout(sz[0], sz[1], f)
		screen := Rect{0, 0, float64(sz[0]), float64(sz[1])}
		if l.Safe.W < 0.4*screen.W || l.Safe.H < 0.45*screen.H {
			t.Errorf("%dx%d: safe area %+v, want at least 40 %% of the width and 45 %% of the height", sz[0], sz[1], l.Safe)
		}
		for _, p := range l.Panels() {
			if p.Overlaps(l.Safe) {
				t.Errorf("%dx%d: panel %+v over the safe area %+v", sz[0], sz[1], p, l.Safe)
			}
			if !p.Inside(screen) {
				t.Errorf("%dx%d: panel %+v off the screen", sz[0], sz[1], p)
			}
		}
		if s := SafeArea(sz[0], sz[1]); s != l.Safe {
			t.Errorf("%dx%d: SafeArea %+v, the layout's %+v", sz[0], sz[1], s, l.Safe)
		}
	}
}

// What the HUD draws stays where its layout says: drawn over a scene, the
// busiest HUD changes no pixel of the safe area and none outside the
// layout's panels, at every size. (Markers and the docking crosshair
// belong to the scene and are left out.)
func TestHUDDrawsOnlyInItsPanels(t *testing.T) {
	r := newTestRenderer(t)
	for _, sz := range layoutSizes {
		w, h := sz[0], sz[1]
		bare := landingScene()
		bare.HUD = HUD{Hidden: true}
		with := landingScene()
		with.HUD = busyHUD()
		imgA := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, bare) })
		imgB := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, with) })
		l := HUDLayout(w, h, with)
		panels := l.Panels()
		var inSafe, astray int
		var first image.Point
		for y := range h {
			for x := range w {
				if imgA.RGBAAt(x, y) == imgB.RGBAAt(x, y) {
					continue
				}
				px, py := float64(x)+0.5, float64(y)+0.5
				if l.Safe.Contains(px, py) {
					inSafe++
				}
				inside := false
				for _, p := range panels {
					// A pixel an antialiased edge touches counts: one pixel of slack.
					if (Rect{p.X - 1, p.Y - 1, p.W + 2, p.H + 2}).Contains(px, py) {
						inside = true
						break
					}
				}
				if !inside {
					if astray == 0 {
						first = image.Pt(x, y)
					}
					astray++
				}
			}
		}
		if inSafe > 0 || astray > 0 {
			t.Errorf("%dx%d: the HUD changed %d pixels of the safe area and %d outside its panels (first at %v)", w, h, inSafe, astray, first)
		}
	}
}

// The hangar's side panel, however many and long its lines (a long word
// too), stays on the screen and above the key line at the bottom.
func TestHangarPanelFits(t *testing.T) {
	r := newTestRenderer(t)
	p := &Panel{Title: "HANGAR — Test"}
	for i := range 60 {
		p.Lines = append(p.Lines, PanelLine{Text: fmt.Sprintf("line %d: thruster %q fires its exhaust into part %q: move it out", i, strings.Repeat("x", 90), "leg")})
	}
	for _, sz := range layoutSizes {
		w, h := sz[0], sz[1]
		bare := &Frame{Stars: StarsOff, HUD: HUD{Hidden: true}}
		with := &Frame{Stars: StarsOff, HUD: HUD{Hidden: true}, Overlay: &Overlay{Panel: p}}
		imgA := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, bare) })
		imgB := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, with) })
		k := hudScale(w, h)
		keyLine := float64(h) - (hudMargin+hudLine)*k
		right := float64(w) - hudMargin*k
		for y := range h {
			for x := range w {
				if imgA.RGBAAt(x, y) != imgB.RGBAAt(x, y) && (float64(y) >= keyLine || float64(x) >= right+1) {
					t.Fatalf("%dx%d: the panel drew at (%d, %d), beyond the right margin %.0f or on the key line from y %.0f", w, h, x, y, right, keyLine)
				}
			}
		}
	}
}

// The help overlay is opaque: over the pause menu or over another page,
// its panel looks the same — nothing of the page shows through.
func TestHelpOverlayOpaque(t *testing.T) {
	r := newTestRenderer(t)
	help := &Help{Title: "KEYS AND BUTTONS", Groups: []HelpGroup{{Title: "FLYING", Rows: []HelpRow{{Keys: "W", Action: "pitch"}}}}, Hint: "F1 close"}
	under := func(items ...string) *Frame {
		return &Frame{Stars: StarsOff, HUD: HUD{Hidden: true}, Help: help,
			Screen: &Screen{Title: "PAUSED", Items: items, Text: strings.Repeat("text under the help ", 40)}}
	}
	a := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, under("Resume", "Restart", "Settings", "Missions", "Quit")) })
	b := render(t, 1280, 720, func(dst *ebiten.Image) { r.Draw(dst, under("Fly again")) })
	n := 0
	for y := 22; y < 720-22; y++ {
		for x := 22; x < 1280-22; x++ {
			if a.RGBAAt(x, y) != b.RGBAAt(x, y) {
				n++
			}
		}
	}
	if n > 0 {
		t.Errorf("%d pixels of the help panel differ with another page under it: it is not opaque", n)
	}
}

// Below the gauges: the hover time and the kilograms where there is
// gravity, the kilograms alone elsewhere, and "no tanks" — never "— kg" —
// for a craft whose thrusters draw on no tank (the box).
func TestFuelText(t *testing.T) {
	for _, c := range []struct {
		s             Status
		first, second string
	}{
		{Status{FuelMass: math.Inf(1)}, "no tanks", ""},
		{Status{FuelMass: 87.4, HoverTime: 137}, "HOVER 2:17", "87 kg"},
		{Status{FuelMass: 87.4, HoverTime: 42.3}, "HOVER 42 s", "87 kg"},
		{Status{FuelMass: 298.6}, "299 kg", ""},
	} {
		if a, b := fuelText(&c.s); a != c.first || b != c.second {
			t.Errorf("%+v: %q, %q; want %q, %q", c.s, a, b, c.first, c.second)
		}
	}
}

// pauseFrame is the busiest HUD with the pause menu beside it, its text as
// long as the longest briefing.
func pauseFrame() *Frame {
	f := landingScene()
	f.HUD = busyHUD()
	f.Screen = &Screen{Title: "PAUSED", Items: []string{"Resume", "Restart", "Briefing", "Missions", "Settings", "Graphics: HIGH", "Quit"},
		Text: strings.Repeat("Wait on the line until the port turns to face you. ", 16), Hint: "↑/↓ select   Enter choose   Esc resume   F1 help",
		Beside: true}
	return f
}

// The pause menu goes beside the HUD: at 1280×720 and larger it overlaps
// no panel — the docking and landing panels above all, which a pilot
// pauses to read — and it changes no pixel outside its own rectangle, so
// the panels are not dimmed either.
func TestPauseBesideHUD(t *testing.T) {
	f := pauseFrame()
	for _, sz := range layoutSizes {
		w, h := sz[0], sz[1]
		l := HUDLayout(w, h, f)
		p := ScreenRect(w, h, f)
		if l.Docking.W == 0 || l.Landing.W == 0 {
			t.Fatalf("%dx%d: the test HUD has no docking or landing panel", w, h)
		}
		if p.Overlaps(l.Docking) || p.Overlaps(l.Landing) {
			t.Errorf("%dx%d: the pause menu %+v covers the docking panel %+v or the landing panel %+v", w, h, p, l.Docking, l.Landing)
		}
		for _, q := range l.Panels() {
			if p.Overlaps(q) {
				t.Errorf("%dx%d: the pause menu %+v covers the panel %+v", w, h, p, q)
			}
		}
		if !p.Inside(Rect{0, 0, float64(w), float64(h)}) || p.W < 0.4*float64(w) {
			t.Errorf("%dx%d: the pause menu %+v is off the screen or narrower than 40 %% of it", w, h, p)
		}
	}
	r := newTestRenderer(t)
	for _, sz := range [][2]int{{1280, 720}, {1920, 1080}} {
		w, h := sz[0], sz[1]
		bare := pauseFrame()
		bare.Screen = nil
		imgA := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, bare) })
		imgB := render(t, w, h, func(dst *ebiten.Image) { r.Draw(dst, f) })
		p := ScreenRect(w, h, f)
		p = Rect{p.X - 1, p.Y - 1, p.W + 2, p.H + 2} // an antialiased edge's pixel
		n := 0
		for y := range h {
			for x := range w {
				if imgA.RGBAAt(x, y) != imgB.RGBAAt(x, y) && !p.Contains(float64(x)+0.5, float64(y)+0.5) {
					n++
				}
			}
		}
		if n > 0 {
			t.Errorf("%dx%d: the pause menu changed %d pixels outside its rectangle %+v", w, h, n, p)
		}
	}
}

// A page not beside the HUD (results, menus) stays over everything, in the
// middle, as before; so does the pause menu with the HUD hidden.
func TestScreenOverEverything(t *testing.T) {
	f := pauseFrame()
	f.Screen.Beside = false
	if got, want := ScreenRect(1280, 720, f), (Rect{150, 80, 980, 560}); got != want {
		t.Errorf("results page at %+v, want %+v", got, want)
	}
	f.Screen.Beside, f.HUD.Hidden = true, true
	if got, want := ScreenRect(1280, 720, f), (Rect{150, 80, 980, 560}); got != want {
		t.Errorf("pause menu without a HUD at %+v, want %+v", got, want)
	}
}
