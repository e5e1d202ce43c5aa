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

// The docking panel's d/dt row names its two figures as the offset rows
// above it are named, RIGHT and UP, with their unit; the widest figures
// still leave the label clear and stay inside the panel.
func TestDockingRatesNamed(t *testing.T) {
	d := *fullHUD().Docking
	d.OffsetRate = [2]float64{-12.345, 10.5}
	f := hudOnly(HUD{Docking: &d})
	p := HUDLayout(1280, 720, f).Docking
	texts := queuedTexts(t, 1280, 720, func(r *Renderer, u *ui) { r.drawDocking(&d, u, p) })
	i := slices.IndexFunc(texts, func(it textItem) bool { return it.s == "d/dt" })
	if i < 0 || i+1 >= len(texts) {
		t.Fatalf("no d/dt row in %+v", texts)
	}
	label, value := texts[i], texts[i+1]
	if want := "RIGHT -12.35 UP +10.50 m/s"; value.s != want {
		t.Errorf("d/dt row says %q, want %q", value.s, want)
	}
	for _, row := range []string{"RIGHT", "UP"} {
		if !slices.ContainsFunc(texts, func(it textItem) bool { return it.s == row }) {
			t.Errorf("no %s row for the d/dt row to match", row)
		}
	}
	_, lx1 := textSpan(label)
	vx0, vx1 := textSpan(value)
	if vx0 < lx1+4 || vx1 > p.X+p.W || value.y != label.y {
		t.Errorf("d/dt figures span x %.0f…%.0f, label ends at %.0f, panel ends at %.0f: crowded or outside", vx0, vx1, lx1, p.X+p.W)
	}
	if strings.Count(value.s, "m/s") != 1 {
		t.Errorf("d/dt row %q: one unit for both figures", value.s)
	}
	if got, want := offsetRateText([2]float64{0.0124, -0.003}), "RIGHT +0.012 UP -0.003 m/s"; got != want {
		t.Errorf("slow drift: %q, want %q", got, want)
	}
}
