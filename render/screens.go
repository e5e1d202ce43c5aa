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
	// means 300.
	ListWidth float64
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

// drawScreen dims the scene and draws s.
func (r *Renderer) drawScreen(s *Screen, u *ui) {
	k := u.k
	u.rect(0, 0, u.w, u.h, color.RGBA{0, 0, 0, 150})
	pw, ph := min(980*k, u.w-40*k), min(560*k, u.h-40*k)
	x, y := (u.w-pw)/2, (u.h-ph)/2
	u.panel(x, y, pw, ph)
	u.text(s.Title, u.title, u.w/2, y+16*k, colAccent, text.AlignCenter)
	top := y + 16*k + 48*k
	u.line2(x+20*k, top-12*k, x+pw-20*k, top-12*k, k, colBorder)

	left := x + 24*k
	textX := left
	if len(s.Items) > 0 {
		lw := 300 * k
		if s.ListWidth > 0 {
			lw = s.ListWidth * k
		}
		ly := top
		for i, it := range s.Items {
			if i == s.Selected {
				// Selection: a bright bar and a pointer, not colour alone.
				u.rect(left-8*k, ly-2*k, lw, u.line+6*k, color.RGBA{40, 90, 140, 230})
				u.poly(colAccent, left-2*k, ly+3*k, left+8*k, ly+u.line/2+1*k, left-2*k, ly+u.line-1*k)
				u.text(it, u.bold, left+16*k, ly, colWhite, text.AlignStart)
			} else {
				u.text(it, u.mono, left+16*k, ly, colText, text.AlignStart)
			}
			ly += u.line + 8*k
		}
		textX = left + lw + 24*k
		u.line2(textX-12*k, top, textX-12*k, y+ph-50*k, k, colBorder)
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
	for _, ln := range wrap(s.Text, u.mono, tw) {
		if ty > y+ph-60*k {
			break
		}
		u.text(ln, u.mono, textX, ty, colText, text.AlignStart)
		ty += u.line
	}
	for _, sec := range s.Sections {
		if ty > y+ph-80*k {
			break
		}
		ty += u.line * 0.4
		u.text(sec.Heading, u.bold, textX, ty, colAccent, text.AlignStart)
		ty += u.line
		for _, ln := range wrap(sec.Text, u.small, tw) {
			if ty > y+ph-60*k {
				break
			}
			u.text(ln, u.small, textX, ty, colText, text.AlignStart)
			ty += u.line * 0.85
		}
	}
	if s.Hint != "" {
		u.text(s.Hint, u.small, u.w/2, y+ph-28*k, colDim, text.AlignCenter)
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
