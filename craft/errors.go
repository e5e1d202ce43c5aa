package craft

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Error is one problem in a craft or mission file. Its text reads
// "FILE:LINE:COL: key.path: what is wrong"; Line and Col (1-based, columns
// counted in characters) point at the offending value, or at the key or table
// header when the value is missing.
type Error struct {
	File string // file name as given to the loader
	Line int    // 1-based line, 0 if unknown
	Col  int    // 1-based column in characters, 0 if unknown
	Path string // key path such as "part[2].shape[0].size"; empty for syntax errors
	Msg  string // what is wrong
	// More is set on the last item of a file's list that was cut at
	// MaxErrors: it stands for More errors not listed, and Msg says so.
	More int

	cause error // the I/O error behind Msg, if any (for errors.Is)
}

// Unwrap returns the I/O error that made the file unreadable, or nil.
func (e *Error) Unwrap() error { return e.cause }

// Error formats the problem. File and Path come from the command line and
// the file, and Msg quotes what it cites from them, but every part is
// passed through Printable all the same: an error message never carries a
// control character to the terminal.
func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(Printable(e.File))
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d:%d", e.Line, max(e.Col, 1))
	}
	b.WriteString(": ")
	if e.Path != "" {
		b.WriteString(Printable(e.Path))
		b.WriteString(": ")
	}
	b.WriteString(escapeUnprintable(e.Msg))
	return b.String()
}

// Printable returns s unchanged when every character in it is printable
// (see printableRune), else s quoted with Go escapes ("a\x1b[2J"): a name
// or path from a file or the command line can then be shown without
// letting an ANSI escape clear the terminal or a bidirectional control
// reorder the rest of the line.
func Printable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !printableRune(r) }) < 0 {
		return s
	}
	return strconv.Quote(s)
}

// escapeUnprintable replaces each unprintable character of s by its Go
// escape, leaving the rest as it is.
func escapeUnprintable(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return !printableRune(r) }) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if printableRune(r) {
			b.WriteRune(r)
		} else {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	return b.String()
}

// printableRune reports whether r may appear in a name: a graphic
// character (letter, mark, number, punctuation, symbol or space) — not a
// control, not a format character such as the bidirectional controls
// U+202A–U+202E and U+2066–U+2069, not unassigned or invalid UTF-8.
func printableRune(r rune) bool { return r != utf8.RuneError && unicode.IsGraphic(r) }

// unprintable returns the distinct characters of s that printableRune
// refuses, in order of appearance (at most 8); multiline text may also hold
// newlines and tabs.
func unprintable(s string, multiline bool) []rune {
	plain := true // printable ASCII only: the usual case, checked fast
	for i := 0; i < len(s) && plain; i++ {
		plain = s[i] >= 0x20 && s[i] < 0x7f
	}
	if plain {
		return nil
	}
	var bad []rune
	for _, r := range s {
		if printableRune(r) || multiline && (r == '\n' || r == '\t') || slices.Contains(bad, r) {
			continue
		}
		if bad = append(bad, r); len(bad) == 8 {
			break
		}
	}
	return bad
}

// clip returns s cut to MaxNameLength characters, "…" marking a cut: for
// quoting in a message what a file wrote where a name belongs (a key).
func clip(s string) string {
	if len(s) <= MaxNameLength {
		return s
	}
	n := 0
	for i := range s {
		if n == MaxNameLength {
			return s[:i] + "…"
		}
		n++
	}
	return s
}

// runeList writes characters as "U+0000, U+202E".
func runeList(rs []rune) string {
	parts := make([]string, len(rs))
	for i, r := range rs {
		parts[i] = fmt.Sprintf("U+%04X", r)
	}
	return strings.Join(parts, ", ")
}

// ErrorList is every problem found in one or more files, in file and line
// order. Loaders return it as their error; use errors.As to get at the items.
type ErrorList []*Error

func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Unwrap returns the items, so that errors.Is and errors.As look into them.
func (l ErrorList) Unwrap() []error {
	out := make([]error, len(l))
	for i, e := range l {
		out[i] = e
	}
	return out
}

// MaxErrors is the most errors listed for one file: a file with more (a
// hostile one can have a hundred thousand) lists its first MaxErrors by
// position and counts the rest in one last item (Error.More).
const MaxErrors = 100

// capped returns the sorted list of file's errors cut to MaxErrors, the
// rest counted in a last item: "FILE: ... and 151,990 more errors".
func (l ErrorList) capped(file string) ErrorList {
	if len(l) <= MaxErrors {
		return l
	}
	more := len(l) - MaxErrors
	return append(l[:MaxErrors:MaxErrors], &Error{File: file, More: more,
		Msg: fmt.Sprintf("... and %s more errors (the first %d are listed)", thousands(more), MaxErrors)})
}

// thousands writes n with commas between groups of three digits.
func thousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// sort orders the list by file, line and column, keeping the order of
// errors at the same place.
func (l ErrorList) sort() {
	slices.SortStableFunc(l, func(a, b *Error) int {
		if c := strings.Compare(a.File, b.File); c != 0 {
			return c
		}
		if a.Line != b.Line {
			return a.Line - b.Line
		}
		return a.Col - b.Col
	})
}

// Errors returns the individual problems in err: the items of an ErrorList,
// or a single Error with only a message for any other error. It returns nil
// for a nil err.
func Errors(err error) []*Error {
	if err == nil {
		return nil
	}
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return []*Error{e}
	}
	return []*Error{{Msg: err.Error()}}
}

// suggest returns the candidate closest to s in optimal string alignment
// distance (edits and adjacent transpositions), or "" when none is close
// enough to be a plausible typo.
func suggest(s string, candidates []string) string {
	best, bestD := "", 1<<30
	limit := max(2, len(s)/3)
	ls := strings.ToLower(s)
	for _, c := range candidates {
		lc := strings.ToLower(c)
		// The distance is at least the difference in length (of what
		// editDistance compares): skip what cannot be close enough.
		if abs(min(len(ls), 64)-min(len(lc), 64)) > limit {
			continue
		}
		if d := editDistance(ls, lc); d < bestD {
			best, bestD = c, d
		}
	}
	if bestD > limit || bestD >= len(s) {
		return ""
	}
	return best
}

func abs(n int) int { return max(n, -n) }

// editDistance is the optimal string alignment distance of a and b, on bytes.
// Inputs longer than 64 bytes are compared by their first 64 bytes.
func editDistance(a, b string) int {
	a, b = a[:min(len(a), 64)], b[:min(len(b), 64)]
	var rows [3][65]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= len(b); j++ {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[len(b)]
}

// DidYouMean returns ` (did you mean "X"?)` for the candidate closest to s
// when it is close enough to be a plausible typo, else "". Other loaders
// (the game's settings) use it to word their suggestions the same way.
func DidYouMean(s string, candidates []string) string { return didYouMean(s, candidates) }

// didYouMean formats a suggestion for s among candidates, or "".
func didYouMean(s string, candidates []string) string { return meant(suggest(s, candidates)) }

// meant formats the suggestion c (from suggest), or "" when there is none.
func meant(c string) string {
	if c == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", c)
}
