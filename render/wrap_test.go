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
