package game

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"
	"github.com/hajimehoshi/ebiten/v2"

	"spaceflight/data"
)

// newTestHangar opens the hangar scene on the craft opts names, in an
// app without a window.
func newTestHangar(t *testing.T, opts HangarOptions) (*app, *hangarScene) {
	t.Helper()
	a := testApp(t)
	a.opts.Shipped, a.opts.DataDir = data.FS, t.TempDir()
	a.lib = library(a.opts)
	h, err := newHangarScene(a, opts, nil)
	if err != nil {
		t.Fatal(err)
	}
	return a, h
}

// run updates the scene for n frames with no key pressed.
func (h *hangarScene) run(a *app, n int) {
	for range n {
		a.in.now = reading{}
		h.Update(a)
	}
}

// craftMass is the mass of the craft's bodies on the stand now (kg).
func craftMass(h *hangarScene) float64 {
	m := 0.0
	f := h.stand.Flight
	for _, d := range f.Player.Built.Distinct {
		m += f.World.Body(d.ID).Mass()
	}
	return m
}

func closeRel(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1)
}

func panelText(a *app, h *hangarScene) string {
	fr := h.Frame(a)
	var b strings.Builder
	for _, l := range fr.Overlay.Panel.Lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// The craft's file is watched: a broken save shows its errors and keeps the
// last good craft on the stand; a good one replaces it.
func TestHangarWatch(t *testing.T) {
	dir := t.TempDir()
	b, err := os.ReadFile("../docs/craft-files.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	i := strings.Index(doc, "## Worked example")
	j := strings.Index(doc[i:], "```toml\n") + i + len("```toml\n")
	text := doc[j : j+strings.Index(doc[j:], "```")]
	p := filepath.Join(dir, "hopper.toml")
	write := func(s string, age time.Duration) {
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		at := time.Now().Add(-age)
		os.Chtimes(p, at, at)
	}
	write(text, time.Hour)
	a, h := newTestHangar(t, HangarOptions{Craft: p})
	if h.stand.Figures.WetMassKg != 550 {
		t.Fatalf("wet mass %g, want 550", h.stand.Figures.WetMassKg)
	}
	write(strings.Replace(text, "mass = 400 ", "mass = -400 ", 1), 30*time.Minute)
	h.run(a, pollTicks)
	if len(h.errs) != 1 || !strings.Contains(h.errs[0], p+":9:8: part[0].mass: must be > 0") || h.stand.Figures.WetMassKg != 550 {
		t.Errorf("broken file: errors %q, mass %g; want the error at 9:8 and the last good craft (550 kg)", h.errs, h.stand.Figures.WetMassKg)
	}
	panel := panelText(a, h)
	if !strings.Contains(panel, "FILE HAS ERRORS") || !strings.Contains(panel, ":9:8:") {
		t.Errorf("the panel does not show the error:\n%s", panel)
	}
	write(strings.Replace(text, "mass = 400 ", "mass = 500 ", 1), 0)
	h.run(a, pollTicks)
	if len(h.errs) != 0 || h.stand.Figures.WetMassKg != 650 || !closeRel(craftMass(h), 650, 1e-12) {
		t.Errorf("fixed file: errors %q, mass %g (stand %g); want none and 650 kg", h.errs, h.stand.Figures.WetMassKg, craftMass(h))
	}
}

// Every overlay draws what it names and goes when switched off; the panel
// lists the figures and the warnings.
func TestHangarOverlays(t *testing.T) {
	a, h := newTestHangar(t, HangarOptions{Craft: "lander"})
	h.run(a, 2)
	fr := h.Frame(a)
	lines, points := len(fr.Overlay.Lines), len(fr.Overlay.Points)
	// 17 thruster arrows, 3 principal axes, 4 hinge axes with 16+3 arc
	// lines each, 1 port arrow and its up line.
	if want := 17 + 3 + 4*(1+16+3) + 2; lines != want {
		t.Errorf("%d overlay lines, want %d", lines, want)
	}
	// 2 centres of mass, 9 joint anchors, 4 feet, 1 tank.
	if want := 2 + 9 + 4 + 1; points != want {
		t.Errorf("%d overlay points, want %d", points, want)
	}
	press(a, ActOverlayThrust, ActOverlayFeet)
	h.Update(a)
	fr = h.Frame(a)
	if len(fr.Overlay.Lines) != lines-17 || len(fr.Overlay.Points) != points-4 {
		t.Errorf("thrusters and feet off: %d lines, %d points; want %d and %d", len(fr.Overlay.Lines), len(fr.Overlay.Points), lines-17, points-4)
	}
	panel := panelText(a, h)
	for _, want := range []string{"Mass 1450.0 kg wet, 1150.0 dry (300.0 fuel)", "thrust/weight 2.55 in moon", "Δv main 707.0 m/s",
		"pitch      83.4     83.4 °/s²", "No warnings", "On stand force"} {
		if !strings.Contains(panel, want) {
			t.Errorf("panel lacks %q:\n%s", want, panel)
		}
	}
	press(a, ActStandGravity)
	h.Update(a)
	if panel := panelText(a, h); !strings.Contains(panel, "thrust/weight 0.422 in earth") {
		t.Errorf("after G the panel does not show the Earth:\n%s", panel)
	}
	if g := h.stand.Flight.World.Gravity(); !closeRel(g[1], -9.80665, 1e-12) || g != (mgl64.Vec3{0, g[1], 0}) {
		t.Errorf("stand gravity %v after G, want the Earth's", g)
	}
}

// The hangar's keys are actions like the others: rebound, the new key
// does what the old one did, the hint bar and the panel name it, and F1
// in the hangar lists the stand's actions.
func TestHangarKeysBindable(t *testing.T) {
	a, h := newTestHangar(t, HangarOptions{Craft: "lander"})
	a.settings.Keys[ActStandFireNext] = []ebiten.Key{ebiten.KeyK}
	a.settings.Keys[ActOverlayCOM] = []ebiten.Key{ebiten.KeyF5}
	fr := h.Frame(a)
	if !strings.Contains(fr.HUD.Help, "K/R what to fire") || !strings.Contains(fr.HUD.Help, "F5/2/3/4/5/6/7 overlays") {
		t.Errorf("hint bar %q does not name the rebound keys", fr.HUD.Help)
	}
	if panel := panelText(a, h); !strings.Contains(panel, "(K next, Space on/off)") {
		t.Errorf("the panel does not name the rebound key:\n%s", panel)
	}
	before := h.stand.FireName()
	press(a, ActStandFireNext)
	h.Update(a)
	if h.stand.FireName() == before {
		t.Errorf("the fire-next action left the stand on %q", before)
	}
	press(a, ActHelp)
	sc, _ := h.Update(a)
	help := sc.Frame(a).Help
	if help == nil || help.Groups[0].Title != "TEST STAND" {
		t.Fatalf("F1 in the hangar shows %+v, want the stand's keys", help)
	}
	if row := help.Groups[0].Rows[0]; row.Keys != "K" || row.Action != actionText[ActStandFireNext] {
		t.Errorf("help's first row %+v, want K: %s", row, actionText[ActStandFireNext])
	}
}

// The panel lists a craft's warnings: the lander as it was before its up
// jets were canted fires four of them into its legs.
func TestHangarListsWarnings(t *testing.T) {
	b, err := os.ReadFile("../data/crafts/lander.toml")
	if err != nil {
		t.Fatal(err)
	}
	text := regexp.MustCompile(`direction = \[-?0\.3, 1, -?0\.3\]`).ReplaceAllString(string(b), "direction = [0, 1, 0]")
	p := filepath.Join(t.TempDir(), "lander.toml")
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	a, h := newTestHangar(t, HangarOptions{Craft: p})
	panel := panelText(a, h)
	for _, want := range []string{"WARNINGS (4)", `"rcs_fr_up" fires its exhaust into part`, "pitch      90.6     90.6 °/s²"} {
		if !strings.Contains(panel, want) {
			t.Errorf("panel lacks %q:\n%s", want, panel)
		}
	}
}
