package render

import (
	"slices"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// queuedTexts draws with draw on a w×h image and returns the texts it
// queued, before they are drawn: what a panel says and where.
func queuedTexts(t *testing.T, w, h int, draw func(r *Renderer, u *ui)) []textItem {
	t.Helper()
	r := newTestRenderer(t)
	var out []textItem
	render(t, w, h, func(dst *ebiten.Image) {
		u := r.ui(dst)
		draw(r, u)
		out = slices.Clone(u.texts)
		u.flush()
	})
	return out
}

// textSpan is where a queued text lies across the screen (px).
func textSpan(it textItem) (x0, x1 float64) {
	adv := text.Advance(it.s, it.face)
	switch it.align {
	case text.AlignEnd:
		return it.x - adv, it.x
	case text.AlignCenter:
		return it.x - adv/2, it.x + adv/2
	}
	return it.x, it.x + adv
}

// dockingRow draws the docking panel d at 1280×720 and returns the row
// labelled label: its figures' text, and whether they fit between the
// label's end (4 px clear) and the panel's right edge, on its line.
func dockingRow(t *testing.T, d *Docking, label string) (value string, texts []textItem, fits bool) {
	t.Helper()
	f := hudOnly(HUD{Docking: d})
	p := HUDLayout(1280, 720, f).Docking
	texts = queuedTexts(t, 1280, 720, func(r *Renderer, u *ui) { r.drawDocking(d, u, p) })
	i := slices.IndexFunc(texts, func(it textItem) bool { return it.s == label })
	if i < 0 || i+1 >= len(texts) {
		t.Fatalf("no %s row in %+v", label, texts)
	}
	l, v := texts[i], texts[i+1]
	_, lx1 := textSpan(l)
	vx0, vx1 := textSpan(v)
	if vx0 < lx1+4 || vx1 > p.X+p.W || v.y != l.y {
		t.Logf("%s figures span x %.0f…%.0f, label ends at %.0f, panel ends at %.0f", label, vx0, vx1, lx1, p.X+p.W)
		return v.s, texts, false
	}
	return v.s, texts, true
}

// The docking panel's d/dt row names its two figures as the offset rows
// above it are named, RIGHT and UP, with their unit; the widest figures
// still leave the label clear and stay inside the panel.
func TestDockingRatesNamed(t *testing.T) {
	d := *fullHUD().Docking
	d.OffsetRate = [2]float64{-12.345, 10.5}
	value, texts, fits := dockingRow(t, &d, "d/dt")
	if want := "RIGHT -12.35 UP +10.50 m/s"; value != want {
		t.Errorf("d/dt row says %q, want %q", value, want)
	}
	for _, row := range []string{"RIGHT", "UP"} {
		if !slices.ContainsFunc(texts, func(it textItem) bool { return it.s == row }) {
			t.Errorf("no %s row for the d/dt row to match", row)
		}
	}
	if !fits {
		t.Error("d/dt figures crowd the label or leave the panel")
	}
	if strings.Count(value, "m/s") != 1 {
		t.Errorf("d/dt row %q: one unit for both figures", value)
	}
	if got, want := offsetRateText([2]float64{0.0124, -0.003}), "RIGHT +0.012 UP -0.003 m/s"; got != want {
		t.Errorf("slow drift: %q, want %q", got, want)
	}
}

// The RATES row names its three figures after the PITCH, YAW and ROLL
// rows above it and fits beside its label at the widest (three two-digit
// rates).
func TestDockingTurnRatesNamed(t *testing.T) {
	d := *fullHUD().Docking
	d.Rate = [3]float64{-12.34 / rad2deg, 45.6 / rad2deg, -99.4 / rad2deg}
	value, _, fits := dockingRow(t, &d, "RATES")
	if want := "P-12 Y+46 R-99"; value != want {
		t.Errorf("RATES row says %q, want %q", value, want)
	}
	if !fits {
		t.Error("RATES figures crowd the label or leave the panel")
	}
	if got, want := turnRateText([3]float64{0.4 / rad2deg, -1.23 / rad2deg, 9.94 / rad2deg}), "P+0.4 Y-1.2 R+9.9"; got != want {
		t.Errorf("slow turns: %q, want %q", got, want)
	}
}

// The trend arrows beside the landing and docking figures say what they
// mean: each panel has the legend at its foot, inside the panel, and the
// help overlay explains them with an example of a negative figure.
func TestTrendArrowsExplained(t *testing.T) {
	full := fullHUD()
	for _, tc := range []struct {
		name string
		hud  HUD
	}{{"landing", HUD{Landing: full.Landing}}, {"docking", HUD{Docking: full.Docking}}} {
		f := hudOnly(tc.hud)
		l := HUDLayout(1280, 720, f)
		p := l.Landing
		if tc.name == "docking" {
			p = l.Docking
		}
		texts := queuedTexts(t, 1280, 720, func(r *Renderer, u *ui) {
			if tc.hud.Landing != nil {
				r.drawLanding(tc.hud.Landing, f, u, p)
			} else {
				r.drawDocking(tc.hud.Docking, u, p)
			}
		})
		i := slices.IndexFunc(texts, func(it textItem) bool { return it.s == trendLegend })
		if i < 0 {
			t.Errorf("%s panel: no legend of its arrows", tc.name)
			continue
		}
		x0, x1 := textSpan(texts[i])
		if x0 < p.X || x1 > p.X+p.W || texts[i].y < p.Y || texts[i].y+16 > p.Y+p.H {
			t.Errorf("%s panel %+v: the legend at (%.0f…%.0f, %.0f) is not inside it", tc.name, p, x0, x1, texts[i].y)
		}
	}
	if !strings.Contains(trendLegend, "↑") || !strings.Contains(trendLegend, "↓") {
		t.Errorf("legend %q does not show both arrows", trendLegend)
	}
	help := &Help{Title: "KEYS AND BUTTONS", Legend: true}
	texts := queuedTexts(t, 1280, 720, func(r *Renderer, u *ui) { r.drawHelp(help, u) })
	if !slices.ContainsFunc(texts, func(it textItem) bool {
		return strings.Contains(it.s, "↑ ↓") && strings.Contains(it.s, "V.SPD") && strings.Contains(it.s, "slowing")
	}) {
		t.Error("the help overlay does not explain the trend arrows")
	}
}
