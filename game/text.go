package game

// The HUD's messages (toasts) and the text helpers of every scene: cutting
// what the game did not write to what fits, the lines of an error, the
// clock's m:ss.s. The Scene interface and app.say are in app.go.

import (
	"fmt"
	"math"
	"strings"

	"spaceflight/craft"
)

// maxMessages is how many messages the HUD shows at once.
const maxMessages = 4

// messageTicks is how long a message shows (Updates: 8 s at 60 TPS).
const messageTicks = 8 * 60

// toasts are the messages shown in the HUD for a while ("Reloaded …",
// "Screenshot saved to …"). They expire by Update count, not by the
// wall clock.
type toasts struct {
	list []toast
}

type toast struct {
	text  string
	until uint64 // the Update after which it is gone
}

// Caps on what the game shows of text it did not write — names and paths
// from the command line and the files, errors about the files — so that a
// hostile file cannot fill the screen or the page.
const (
	maxShownLine   = 240 // characters in a message or error line
	maxShownErrors = 20  // errors listed for a broken file in the hangar and on the page
	maxMenuErrors  = 8   // … in the mission menu, beside the briefing text
	maxMenuName    = 40  // characters of a file's name in the menu
)

// clipLine cuts s to maxShownLine characters, "…" marking the cut.
func clipLine(s string) string { return clip(s, maxShownLine) }

// clip cuts s to n characters (runes), "…" marking the cut.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i, k := 0, 0
	for i = range s {
		if k == n-1 {
			return s[:i] + "…"
		}
		k++
	}
	return s
}

// errorLines lists the errors of err (each FILE:LINE:COL: key: what is
// wrong, or err itself when it is no list) as at most most lines, each
// clipped, the last counting those not listed.
func errorLines(err error, most int) []string {
	errs := craft.Errors(err)
	if len(errs) == 0 {
		if err == nil {
			return nil
		}
		return []string{clipLine(err.Error())}
	}
	var out []string
	total := 0 // errors, counting those a capped list stands for
	for _, e := range errs {
		total += max(e.More, 1)
	}
	for i, e := range errs {
		if len(out) == most-1 && total > most {
			out = append(out, fmt.Sprintf("… and %d more (spaceflight check lists them all)", total-i))
			break
		}
		out = append(out, clipLine(e.Error()))
	}
	return out
}

func (t *toasts) add(s string, until uint64) {
	for i := range t.list {
		if t.list[i].text == s {
			t.list[i].until = until
			return
		}
	}
	t.list = append(t.list, toast{s, until})
	if len(t.list) > maxMessages {
		t.list = t.list[len(t.list)-maxMessages:]
	}
}

// lines appends the messages still showing at tick to dst.
// clear drops every message: a new flight starts with none of the last
// one's ("Replay saved to …" stays with the flight it is about).
func (t *toasts) clear() { t.list = t.list[:0] }

func (t *toasts) lines(tick uint64, dst []string) []string {
	for _, m := range t.list {
		if tick <= m.until {
			dst = append(dst, m.text)
		}
	}
	return dst
}

// reflow joins the hard line breaks of a text written in a TOML file into
// paragraphs: a blank line separates paragraphs, and a line that starts a
// list item ("- ", "* ") starts a new line; every other line break is a
// space. The renderer wraps the result to the width it has.
func reflow(s string) string {
	var b strings.Builder
	para := false // inside a paragraph
	for _, ln := range strings.Split(strings.TrimSpace(s), "\n") {
		ln = strings.TrimSpace(ln)
		switch {
		case ln == "":
			if para {
				b.WriteString("\n\n")
			}
			para = false
			continue
		case para && (strings.HasPrefix(ln, "- ") || strings.HasPrefix(ln, "* ")):
			b.WriteByte('\n')
		case para:
			b.WriteByte(' ')
		}
		b.WriteString(ln)
		para = true
	}
	return strings.TrimRight(b.String(), "\n")
}

// clockText formats seconds as m:ss.s, as the HUD's clock shows them.
func clockText(t float64) string {
	if math.IsNaN(t) || math.IsInf(t, 0) || t < 0 {
		return "—"
	}
	tenths := int64(math.Floor(t * 10))
	return fmt.Sprintf("%d:%02d.%d", tenths/600, tenths/10%60, tenths%10)
}
