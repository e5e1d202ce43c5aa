package game

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/data"
	"spaceflight/game/flight"
)

func newTestHangar(t *testing.T, opts HangarOptions) *Hangar {
	t.Helper()
	opts.Shipped, opts.Dt = data.FS, flight.DefaultDt
	if opts.DataDir == "" {
		opts.DataDir = t.TempDir()
	}
	h, err := NewHangar(opts)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func (h *Hangar) run(ticks int, in HangarInput) {
	h.Update(in)
	for range ticks - 1 {
		h.Update(HangarInput{})
	}
}

// craftMass is the mass of the craft's bodies now (kg).
func (h *Hangar) craftMass() float64 {
	m := 0.0
	for _, d := range h.flight.Player.Built.Distinct {
		m += h.flight.World.Body(d.ID).Mass()
	}
	return m
}

func closeRel(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1)
}

// On the stand the craft pushes down with its weight; firing the main
// engine it pushes up with the thrust less its weight; a pure pitch
// command turns the stand with the allocator's torque and pushes it not at
// all.
func TestHangarStandReaction(t *testing.T) {
	h := newTestHangar(t, HangarOptions{Craft: "lander", Gravity: "moon"})
	h.run(180, HangarInput{}) // the legs settle on their springs
	f, tq, held := h.StandReaction()
	m := h.craftMass()
	if !held || !closeRel(f[1], -m*1.62, 1e-3) || math.Abs(f[0])+math.Abs(f[2]) > 1e-3 || tq.Len() > 1e-2 {
		t.Errorf("at rest: force %v N, torque %v N·m on the stand; want (0, %.1f, 0) and none", f, tq, -m*1.62)
	}
	h.fire = indexOf(FireNames(), "main")
	h.run(60, HangarInput{Fire: true})
	f, tq, _ = h.StandReaction()
	m = h.craftMass() // fuel burns on the stand
	if want := 6000 - m*1.62; !closeRel(f[1], want, 1e-3) || tq.Len() > 1e-2 {
		t.Errorf("main engine: force %v, torque %v; want (0, %.1f, 0) and none", f, tq, want)
	}

	s := newTestHangar(t, HangarOptions{Craft: "shuttle", Gravity: "none", Fire: "pitch-up"})
	s.run(60, HangarInput{})
	f, tq, _ = s.StandReaction()
	// Pitch up is a torque about −x: one forward and one aft jet 1.05 m off
	// the axis on opposite sides, 2 × 1.05 m × 220 N (the allocator
	// finds a few 1e-5 more, see game/hangar).
	if !closeRel(tq[0], -462, 1e-3) || math.Abs(tq[1])+math.Abs(tq[2]) > 1e-2 || f.Len() > 1e-2 {
		t.Errorf("pitch up: torque %v, force %v on the stand; want (−462, 0, 0) N·m and none", tq, f)
	}
}

// Released, the craft falls freely in the chosen gravity, lands on its
// feet, and is back on the stand after releaseTime.
func TestHangarRelease(t *testing.T) {
	h := newTestHangar(t, HangarOptions{Craft: "lander", Gravity: "moon"})
	h.run(30, HangarInput{Release: true})
	v := h.flight.State().Velocity
	fall := float64(30) * flight.DefaultDt * 1.62 // the release tick is the first of the 30
	if !h.released || !closeRel(v[1], -fall, 1e-6) {
		t.Errorf("released: velocity %v, want (0, %.4f, 0)", v, -fall)
	}
	if _, _, held := h.StandReaction(); held {
		t.Error("released, yet the stand holds it")
	}
	h.run(int(releaseTime/flight.DefaultDt)-40, HangarInput{})
	if !h.released || h.flight.Tel.FeetOffPad == 0 {
		t.Errorf("after %.1f s: released %v, feet on the floor %d; want it standing on its feet", releaseTime-0.2, h.released, h.flight.Tel.FeetOffPad)
	}
	h.run(20, HangarInput{})
	if h.released {
		t.Errorf("after %g s the craft is still free", releaseTime)
	}
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
	h := newTestHangar(t, HangarOptions{Craft: p})
	if h.figures.WetMassKg != 550 {
		t.Fatalf("wet mass %g, want 550", h.figures.WetMassKg)
	}
	write(strings.Replace(text, "mass = 400 ", "mass = -400 ", 1), 30*time.Minute)
	h.run(pollTicks, HangarInput{})
	if len(h.errs) != 1 || !strings.Contains(h.errs[0], p+":9:8: part[0].mass: must be > 0") || h.figures.WetMassKg != 550 {
		t.Errorf("broken file: errors %q, mass %g; want the error at 9:8 and the last good craft (550 kg)", h.errs, h.figures.WetMassKg)
	}
	panel := panelText(h)
	if !strings.Contains(panel, "FILE HAS ERRORS") || !strings.Contains(panel, ":9:8:") {
		t.Errorf("the panel does not show the error:\n%s", panel)
	}
	write(strings.Replace(text, "mass = 400 ", "mass = 500 ", 1), 0)
	h.run(pollTicks, HangarInput{})
	if len(h.errs) != 0 || h.figures.WetMassKg != 650 || !closeRel(h.craftMass(), 650, 1e-12) {
		t.Errorf("fixed file: errors %q, mass %g (stand %g); want none and 650 kg", h.errs, h.figures.WetMassKg, h.craftMass())
	}
}

func panelText(h *Hangar) string {
	fr := h.Frame()
	var b strings.Builder
	for _, l := range fr.Overlay.Panel.Lines {
		b.WriteString(l.Text + "\n")
	}
	return b.String()
}

// Every overlay draws what it names and goes when switched off; the panel
// lists the figures and the warnings.
func TestHangarOverlays(t *testing.T) {
	h := newTestHangar(t, HangarOptions{Craft: "lander"})
	h.run(2, HangarInput{})
	fr := h.Frame()
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
	var in HangarInput
	in.Toggle[OverlayThrust], in.Toggle[OverlayFeet] = true, true
	h.Update(in)
	fr = h.Frame()
	if len(fr.Overlay.Lines) != lines-17 || len(fr.Overlay.Points) != points-4 {
		t.Errorf("thrusters and feet off: %d lines, %d points; want %d and %d", len(fr.Overlay.Lines), len(fr.Overlay.Points), lines-17, points-4)
	}
	panel := panelText(h)
	for _, want := range []string{"Mass 1450.0 kg wet, 1150.0 dry (300.0 fuel)", "thrust/weight 2.55 in moon", "Δv main 707.0 m/s",
		"pitch      90.6     90.6 °/s²", "WARNINGS (4)", `"rcs_fr_up" fires its exhaust`, "On stand force"} {
		if !strings.Contains(panel, want) {
			t.Errorf("panel lacks %q:\n%s", want, panel)
		}
	}
	h.Update(HangarInput{Gravity: true})
	if panel := panelText(h); !strings.Contains(panel, "thrust/weight 0.422 in earth") {
		t.Errorf("after G the panel does not show the Earth:\n%s", panel)
	}
	if g := h.flight.World.Gravity(); !closeRel(g[1], -9.80665, 1e-12) || g != (mgl64.Vec3{0, g[1], 0}) {
		t.Errorf("stand gravity %v after G, want the Earth's", g)
	}
}
