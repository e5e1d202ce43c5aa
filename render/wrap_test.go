package render

import (
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Wrapped lines fit their width, even a file path with no space to break
// at, and no text is lost.
func TestWrapCutsLongWords(t *testing.T) {
	r, err := NewRenderer()
	if err != nil {
		t.Fatal(err)
	}
	face := &text.GoTextFace{Source: r.fonts.mono, Size: 15}
	msg := "Screenshot saved to /tmp/hp/data/spaceflight/screenshots/spaceflight-20261125-163618.975.png"
	const w = 300.0
	lines := wrap(msg, face, w)
	if len(lines) < 3 {
		t.Fatalf("%d lines, want the path cut over several: %q", len(lines), lines)
	}
	for _, ln := range lines {
		if a := text.Advance(ln, face); a > w {
			t.Errorf("line %q is %.0f px wide, over %.0f", ln, a, w)
		}
	}
	if got := strings.Join(lines, ""); strings.ReplaceAll(got, " ", "") != strings.ReplaceAll(msg, " ", "") {
		t.Errorf("text lost: %q", got)
	}
}

// Overlay labels that would land on one another are stacked instead, and a
// label clear of the others stays where it was put.
func TestPlaceLabels(t *testing.T) {
	var taken []labelBox
	for i := 0; i < 3; i++ { // the COM, a tank and an axis end on one spot
		b := place(taken, labelBox{100, 50, 180, 66})
		for _, o := range taken {
			if b.x0 < o.x1 && o.x0 < b.x1 && b.y0 < o.y1 && o.y0 < b.y1 {
				t.Errorf("label %d at %v covers %v", i, b, o)
			}
		}
		taken = append(taken, b)
	}
	if taken[0] != (labelBox{100, 50, 180, 66}) || taken[2].y0 != 82 {
		t.Errorf("stacked at %v, want the first where it was put and the third two lines down", taken)
	}
	if b := place(taken, labelBox{300, 50, 350, 66}); b.y0 != 50 {
		t.Errorf("a label clear of the others moved to y %v", b.y0)
	}
}
