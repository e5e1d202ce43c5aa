package craft

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// BurntSushi/toml reports a syntax error where its lexer stood when it gave
// up, which is not always where the mistake is: an array left open is
// reported at the next thing it meets, lines further down past blank lines
// and comments; an error at the end of the file names the character
// '\x00'; its column is off by one on some lines and its key is missing
// for duplicates. syntaxError places and words the error from the byte
// offset it reports instead.

// syntaxError turns the error BurntSushi/toml returned for text into an
// Error at the place of the mistake.
func syntaxError(file, text string, err error) *Error {
	e := &Error{File: file, Line: 1, Col: 1, Msg: "syntax: " + strings.TrimPrefix(err.Error(), "toml: ")}
	var pe toml.ParseError
	if !errors.As(err, &pe) {
		return e
	}
	msg := strings.TrimPrefix(pe.Message, "toml: ")
	at := min(max(pe.Position.Start, 0), len(text)) // byte offset of what it choked on
	if pe.Position.Start == 0 && pe.Position.Line > 1 {
		at = offsetOf(text, pe.Position.Line, pe.Position.Col)
	}
	// At the end of the file the lexer reads NUL; the offset may be a
	// character short of the end.
	atEnd := strings.TrimSpace(text[at:]) == "" || strings.HasPrefix(msg, "unexpected EOF") || strings.Contains(msg, "got end of file") ||
		strings.Contains(msg, `'\x00'`) && !strings.ContainsRune(text[at:], 0)
	if atEnd {
		at = len(text)
		msg = strings.ReplaceAll(msg, `'\x00'`, "the end of the file")
	}
	switch {
	case strings.Contains(msg, "control characters"):
		// Its offset is one short: point at the character itself.
		if i := strings.IndexFunc(text[max(at-1, 0):], isControl); i >= 0 {
			at = max(at-1, 0) + i
		}
	case atEnd && (strings.HasSuffix(msg, `expected '"""'`) || strings.HasSuffix(msg, `expected "'''"`)):
		// A multi-line string never closed: point where it opens.
		delim := `"""`
		if strings.HasSuffix(msg, `"'''"`) {
			delim = "'''"
		}
		if i := strings.LastIndex(text, delim); i >= 0 {
			at = i
		}
	case strings.HasPrefix(msg, "expected a comma"):
		// An array or inline table left open: the comma or closing
		// bracket is missing right after the last value, however far
		// below the next thing is.
		end := endOfContent(text, at)
		got := ""
		if i := strings.Index(msg, ", but got "); i >= 0 {
			msg, got = msg[:i], msg[i+len(", but got "):]
		}
		msg = strings.TrimSuffix(msg, " instead") + " after this value"
		if got != "" {
			msg += ", but got " + strings.TrimSuffix(got, " instead")
			if l, _ := lineCol(text, at); l != lineOf(text, end) {
				msg += fmt.Sprintf(" on line %d", l)
			}
		}
		at = end
	case atEnd:
		at = endOfContent(text, at) // not on a blank line after the last one
	}
	e.Line, e.Col = lineCol(text, at)
	e.Msg = "syntax: " + msg
	if strings.Contains(msg, "has already been defined") {
		// BurntSushi's column is wrong here and its key has no index:
		// find the key on that line ourselves.
		positions, _ := scanPositions(text)
		for p, pe := range positions {
			isKey := pe.key != pe.val // not a table header or array element
			if isKey && pe.key.line == e.Line && (e.Path == "" || pe.key.col < e.Col || pe.key.col == e.Col && p < e.Path) {
				e.Path, e.Col = p, pe.key.col
			}
		}
		if e.Path != "" {
			e.Msg = "duplicate key: it is already defined above in the same table"
		}
	}
	return e
}

// isControl reports the characters TOML allows nowhere, not even in
// comments: control characters other than tab, newline and carriage return.
func isControl(r rune) bool {
	return r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0x7f
}

// lineCol is the 1-based line and column (in characters) of byte offset i.
func lineCol(text string, i int) (line, col int) {
	i = min(max(i, 0), len(text))
	start := strings.LastIndexByte(text[:i], '\n') + 1
	return strings.Count(text[:i], "\n") + 1, utf8.RuneCountInString(text[start:i]) + 1
}

func lineOf(text string, i int) int { l, _ := lineCol(text, i); return l }

// offsetOf is the byte offset of a 1-based line and column.
func offsetOf(text string, line, col int) int {
	i := 0
	for l := 1; l < line; l++ {
		j := strings.IndexByte(text[i:], '\n')
		if j < 0 {
			return len(text)
		}
		i += j + 1
	}
	for c := 1; c < col && i < len(text) && text[i] != '\n'; c++ {
		_, n := utf8.DecodeRuneInString(text[i:])
		i += n
	}
	return i
}

// endOfContent returns the offset just after the last character before i
// that is neither blank nor in a comment: where something missing after
// the last value belongs.
func endOfContent(text string, i int) int {
	i = min(max(i, 0), len(text))
	for {
		start := strings.LastIndexByte(text[:i], '\n') + 1
		line := text[start:i]
		if c := commentStart(text[start:]); c >= 0 && c < len(line) {
			line = line[:c]
		}
		if t := strings.TrimRight(line, " \t\r"); t != "" {
			return start + len(t)
		}
		if start == 0 {
			return 0
		}
		i = start - 1 // the newline ending the line above
	}
}

// commentStart returns the offset in line of a '#' that starts a comment
// (outside basic and literal strings), or -1.
func commentStart(line string) int {
	var quote byte
	for i := 0; i < len(line) && line[i] != '\n'; i++ {
		switch c := line[i]; {
		case quote == '"' && c == '\\':
			i++
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '"' || c == '\'':
			quote = c
		case c == '#':
			return i
		}
	}
	return -1
}
