package render

import (
	"image/color"
	"strings"
	"unicode/utf8"

	"github.com/hajimehoshi/ebiten/v2/text/v2"
)

// Screen is a full-screen menu, pause or results page drawn over the scene
// with the HUD's widgets: a title, a list with a selection, a text block and
// an optional result.
type Screen struct {
	Title    string    // "SPACEFLIGHT", "PAUSED", "MISSION COMPLETE"
	Items    []string  // selectable lines: missions, or Resume / Restart / Quit
	Selected int       // index of the selected item; out of range selects none
	Text     string    // briefing or explanation beside the list; wrapped, "\n" breaks lines
	Sections []Section // headed blocks of text after Text (limits, keys, records)
	Result   *Result   // results page: outcome, reason and figures; nil otherwise
	Hint     string    // key help at the bottom ("↑/↓ select   Enter start   Esc quit")
	// ListWidth is the width of the list column at 1280×720 (px); 0
	// means 300 (beside the HUD: as wide as the widest item).
	ListWidth float64
	// Beside puts the page beside the HUD instead of over it: in the safe
	// area between the HUD's side columns, below the status strip and
	// above the instruments, dimming nothing else — the pause menu, so
	// that the paused flight's panels (docking, landing, rates, gauges,
	// navball) stay readable around it. The page is compact there: the
	// list as narrow as its items, the text in the small face when it
	// would not fit otherwise. With the HUD hidden, or on a screen whose
	// safe area is too small for it, the page is drawn over everything
	// like any other.
	Beside bool
}

// Section is a headed block of a Screen's text.
type Section struct {
	Heading string // e.g. "LIMITS"
	Text    string // wrapped, "\n" breaks lines
}

// Result is a mission's outcome.
type Result struct {
	Success bool
	Outcome string   // "LANDED", "CRASHED", "DOCKED", "TIME UP"…
	Reason  string   // one line: why
	Figures []Figure // touchdown speeds, fuel used, time, score…
}

// Figure is one labelled value on the results page, optionally graded.
type Figure struct {
	Label, Value string
	Grade        Grade
}

// Sizes of a Screen's page at k = 1 (px): over everything, and the least
// safe area a page beside the HUD needs (smaller, it goes over everything).
const (
	screenW, screenH         = 980, 560
	besideMinW, besideMinH   = 600, 380
	screenDim                = 150 // alpha of the black laid over what a page covers
	besideTop, besideItemGap = 52, 6
)

// ScreenRect is where frame f's page (f.Screen) goes on a w×h screen: in
// the middle over everything, or for a page Beside the HUD its safe area
// (HUDLayout), which no HUD panel covers.
func ScreenRect(w, h int, f *Frame) Rect {
	r, _ := screenPlace(w, h, f)
	return r
}

// screenPlace is ScreenRect, and whether the page is beside the HUD.
func screenPlace(w, h int, f *Frame) (Rect, bool) {
	k := hudScale(w, h)
	if f != nil && f.Screen != nil && f.Screen.Beside && !f.HUD.Hidden {
		if s := SafeArea(w, h); s.W >= besideMinW*k && s.H >= besideMinH*k {
			return s, true
		}
	}
	W, H := float64(w), float64(h)
	pw, ph := min(screenW*k, W-40*k), min(screenH*k, H-40*k)
	return Rect{(W - pw) / 2, (H - ph) / 2, pw, ph}, false
}

// drawScreen draws f's page: over everything, dimming the whole screen,
// or beside the HUD, dimming only the scene behind it.
func (r *Renderer) drawScreen(f *Frame, u *ui) {
	s := f.Screen
	k := u.k
	p, beside := screenPlace(int(u.w), int(u.h), f)
	x, y, pw, ph := p.X, p.Y, p.W, p.H
	dim := Rect{0, 0, u.w, u.h}
	if beside {
		dim = p
	}
	u.rect(dim.X, dim.Y, dim.W, dim.H, color.RGBA{0, 0, 0, screenDim})
	u.panel(x, y, pw, ph)
	// Title, rule, list and text; beside the HUD all closer together.
	titleY, top, itemGap, bottom := y+16*k, y+64*k, 8*k, y+ph-60*k
	if beside {
		titleY, top, itemGap, bottom = y+10*k, y+besideTop*k, besideItemGap*k, y+ph-40*k
	}
	u.text(s.Title, u.title, x+pw/2, titleY, colAccent, text.AlignCenter)
	u.line2(x+20*k, top-12*k, x+pw-20*k, top-12*k, k, colBorder)

	left := x + 24*k
	textX := left
	if len(s.Items) > 0 {
		lw := 300 * k
		switch {
		case s.ListWidth > 0:
			lw = s.ListWidth * k
		case beside:
			lw = 0
			for _, it := range s.Items {
				lw = max(lw, text.Advance(it, u.mono))
			}
			lw += 28 * k
		}
		ly := top
		for i, it := range s.Items {
			if i == s.Selected {
				// Selection: a bright bar and a pointer, not colour alone;
				// the item in the list's own monospace face, so that its
				// columns (a mission's score and medal) stay in line.
				u.rect(left-8*k, ly-2*k, lw, u.line+6*k, color.RGBA{40, 90, 140, 230})
				u.poly(colAccent, left-2*k, ly+3*k, left+8*k, ly+u.line/2+1*k, left-2*k, ly+u.line-1*k)
				u.text(it, u.mono, left+16*k, ly, colWhite, text.AlignStart)
			} else {
				u.text(it, u.mono, left+16*k, ly, colText, text.AlignStart)
			}
			ly += u.line + itemGap
		}
		textX = left + lw + 24*k
		u.line2(textX-12*k, top, textX-12*k, bottom+10*k, k, colBorder)
	}
	tw := x + pw - 24*k - textX
	ty := top
	if res := s.Result; res != nil {
		// Outcome: colour, an icon shape (disc or crossed square) and the word.
		g := GradeBad
		if res.Success {
			g = GradeOK
		}
		u.gradeIcon(g, textX+10*k, ty+16*k, 10*k)
		u.text(res.Outcome, u.title, textX+28*k, ty, g.color(), text.AlignStart)
		ty += 40 * k
		for _, ln := range wrap(res.Reason, u.mono, tw) {
			u.text(ln, u.mono, textX, ty, colText, text.AlignStart)
			ty += u.line
		}
		ty += u.line * 0.5
		for _, f := range res.Figures {
			// A row is 420 px wide; a long value (a replay's file name)
			// widens it to the column, and past that goes below its label.
			rw := min(tw, 420*k)
			need := text.Advance(f.Label, u.mono) + text.Advance(f.Value, u.mono) + 24*k
			if f.Grade != GradeNone {
				need += 62 * k
			}
			if need > rw {
				rw = tw
			}
			if need > rw {
				u.text(f.Label, u.mono, textX, ty, colDim, text.AlignStart)
				ty += u.line
				u.gradedRow("", f.Value, f.Grade, textX, ty, rw)
			} else {
				u.gradedRow(f.Label, f.Value, f.Grade, textX, ty, rw)
			}
			ty += u.line
		}
		ty += u.line * 0.5
	}
	face, line := u.mono, u.line
	lines := wrap(s.Text, face, tw)
	if beside && ty+float64(len(lines))*line > bottom {
		// Compact: the small face, and what still does not fit cut short.
		face, line = u.small, u.line*0.85
		lines = wrap(s.Text, face, tw)
		if n := int((bottom - ty) / line); n < len(lines) {
			lines = lines[:max(n, 1)]
			last := &lines[len(lines)-1]
			*last = cut(*last, face, tw-text.Advance(" …", face)) + " …"
		}
	}
	for _, ln := range lines {
		if ty > bottom {
			break
		}
		u.text(ln, face, textX, ty, colText, text.AlignStart)
		ty += line
	}
	for _, sec := range s.Sections {
		if ty > bottom-20*k {
			break
		}
		ty += u.line * 0.4
		u.text(sec.Heading, u.bold, textX, ty, colAccent, text.AlignStart)
		ty += u.line
		for _, ln := range wrap(sec.Text, u.small, tw) {
			if ty > bottom {
				break
			}
			u.text(ln, u.small, textX, ty, colText, text.AlignStart)
			ty += u.line * 0.85
		}
	}
	if s.Hint != "" {
		hy := y + ph - 28*k
		if beside {
			hy = y + ph - 24*k
		}
		u.text(s.Hint, u.small, x+pw/2, hy, colDim, text.AlignCenter)
	}
}

// wrap breaks s into lines no wider than w pixels in face f; "\n" forces a
// break. A word wider than a line (a file path) is cut where it must be.
func wrap(s string, f text.Face, w float64) []string {
	var out []string
	for _, para := range strings.Split(s, "\n") {
		line := ""
		for _, word := range strings.Fields(para) {
			try := word
			if line != "" {
				try = line + " " + word
			}
			if line != "" && text.Advance(try, f) > w {
				out = append(out, line)
				line = word
			} else {
				line = try
			}
			for text.Advance(line, f) > w {
				head := cut(line, f, w)
				out = append(out, head)
				line = line[len(head):]
			}
		}
		out = append(out, line)
	}
	return out
}

// cut returns the longest start of s, at least one rune, no wider than w.
func cut(s string, f text.Face, w float64) string {
	end := 0
	for i, r := range s {
		next := i + utf8.RuneLen(r)
		if end > 0 && text.Advance(s[:next], f) > w {
			break
		}
		end = next
	}
	return s[:end]
}
