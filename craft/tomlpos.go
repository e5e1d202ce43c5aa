package craft

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// BurntSushi/toml keeps the positions of keys to itself, and for arrays of
// tables it reports the line of the last element. So after it has accepted a
// file's syntax, the loader scans the text once more with the small scanner
// below, which knows just enough TOML to record where every key and value
// starts, under canonical paths such as "part[2].shape[0].size[1]".

// pos is a 1-based line and column (columns count characters).
type pos struct{ line, col int }

// posEntry is where a key and its value start. For table headers and array
// elements both are the same.
type posEntry struct{ key, val pos }

// maxNesting bounds how deeply arrays and inline tables may nest, and how
// many parts a dotted key or table name may have.
const maxNesting = 32

type posScanner struct {
	src       string
	i         int
	line      int
	lineStart int
	out       map[string]posEntry
	aot       map[string]int // element counts of arrays of tables
	tooDeep   bool
	deepAt    pos  // where the first array, inline table or key part too deep starts
	record    bool // false: only look for tooDeep, recording no positions

	colLine, colOff, col int // column cache: col is the column at byte colOff of line colLine
}

// scanPositions returns the positions of every key, value, table header and
// array element of src. It is exact for valid TOML and never fails (or loops)
// on anything else. tooDeep reports arrays or inline tables nested deeper
// than maxNesting, or keys or table names of more parts, which it skipped.
func scanPositions(src string) (out map[string]posEntry, tooDeep bool) {
	s := &posScanner{src: src, line: 1, out: make(map[string]posEntry), aot: make(map[string]int), record: true}
	s.run()
	return s.out, s.tooDeep
}

// nestedTooDeep is scanPositions' tooDeep without the positions: the same
// walk over src, without building paths or recording anything. It returns
// where the first array or inline table nested too deep starts, or the first
// part of a key beyond maxNesting.
//
// The loader runs it before BurntSushi/toml, which needs time and memory far
// out of proportion for deeply nested arrays, so it must not miss nesting
// that BurntSushi would parse: on valid TOML the scanner reads what
// BurntSushi reads, and on anything else BurntSushi stops at the first
// error, before which the text is valid.
func nestedTooDeep(src string) (pos, bool) {
	s := posScanner{src: src, line: 1}
	s.run()
	return s.deepAt, s.tooDeep
}

// pos returns the current position. Columns are counted on from the last
// call on the same line, so long lines cost linear time, not quadratic.
func (s *posScanner) pos() pos {
	end := min(s.i, len(s.src))
	if s.colLine != s.line || s.colOff < s.lineStart || s.colOff > end {
		s.colLine, s.colOff, s.col = s.line, s.lineStart, 1
	}
	s.col += utf8.RuneCountInString(s.src[s.colOff:end])
	s.colOff = end
	return pos{s.line, s.col}
}

func (s *posScanner) eof() bool { return s.i >= len(s.src) }

func (s *posScanner) peek() byte {
	if s.i < len(s.src) {
		return s.src[s.i]
	}
	return 0
}

func (s *posScanner) advance() {
	if s.i < len(s.src) {
		if s.src[s.i] == '\n' {
			s.line++
			s.lineStart = s.i + 1
		}
		s.i++
	}
}

// skipSpace skips blanks, and newlines and comments when nl is true.
func (s *posScanner) skipSpace(nl bool) {
	for !s.eof() {
		switch c := s.peek(); {
		case c == ' ' || c == '\t' || c == '\r':
			s.advance()
		case nl && c == '\n':
			s.advance()
		case nl && c == '#':
			for !s.eof() && s.peek() != '\n' {
				s.advance()
			}
		default:
			return
		}
	}
}

func (s *posScanner) skipLine() {
	for !s.eof() && s.peek() != '\n' {
		s.advance()
	}
}

func (s *posScanner) run() {
	prefix := ""
	for {
		s.skipSpace(true)
		if s.eof() {
			return
		}
		if s.peek() == '[' {
			var start pos
			if s.record {
				start = s.pos()
			}
			s.advance()
			array := s.peek() == '['
			if array {
				s.advance()
			}
			s.skipSpace(false)
			keys, n := s.keys()
			if !s.record || n > maxNesting {
				s.skipLine()
				continue
			}
			path := ""
			for j, k := range keys {
				if j > 0 {
					path += "."
				}
				path += k
				if j == len(keys)-1 && array {
					n := s.aot[path]
					s.aot[path] = n + 1
					path = idx(path, n)
				} else if n, ok := s.aot[path]; ok {
					path = idx(path, n-1)
				}
			}
			if _, seen := s.out[path]; !seen {
				s.out[path] = posEntry{start, start}
			}
			prefix = path
			s.skipLine()
			continue
		}
		var keyPos pos
		if s.record {
			keyPos = s.pos()
		}
		keys, n := s.keys()
		if n == 0 || n > maxNesting { // not valid TOML after all, or too deep: give up quietly
			s.skipLine()
			continue
		}
		path := ""
		if s.record {
			path = joinPath(prefix, strings.Join(keys, "."))
		}
		s.skipSpace(false)
		if s.peek() == '=' {
			s.advance()
		}
		s.skipSpace(false)
		if s.record {
			s.out[path] = posEntry{keyPos, s.pos()}
		}
		s.value(path, 0)
		s.skipLine() // trailing comment
	}
}

func joinPath(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// idx returns the path of element i of the array at prefix.
func idx(prefix string, i int) string { return prefix + "[" + strconv.Itoa(i) + "]" }

// keys reads a dotted key and returns its pieces and how many there are
// (only the count when not recording).
func (s *posScanner) keys() (keys []string, n int) {
	for !s.eof() {
		s.skipSpace(false)
		var k string
		switch c := s.peek(); {
		case c == '"' || c == '\'':
			start := s.i
			s.str()
			if !s.record {
				break
			}
			raw := s.src[start:s.i]
			if u, err := strconv.Unquote(raw); c == '"' && err == nil {
				k = u
			} else {
				// Literal key, or an odd one (the scanner also runs on
				// files BurntSushi rejected, to place their errors).
				k = strings.TrimSuffix(raw[1:], string(c))
			}
		case isBare(c):
			start := s.i
			for !s.eof() && isBare(s.peek()) {
				s.advance()
			}
			k = s.src[start:s.i]
		default:
			return keys, n
		}
		n++
		if n > maxNesting && !s.tooDeep {
			s.tooDeep, s.deepAt = true, s.pos()
		}
		if s.record && n <= maxNesting {
			keys = append(keys, k)
		}
		s.skipSpace(false)
		if s.peek() != '.' {
			return keys, n
		}
		s.advance()
	}
	return keys, n
}

func isBare(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// str skips a basic, literal or multi-line string starting at s.i.
func (s *posScanner) str() {
	q := s.peek()
	if strings.HasPrefix(s.src[s.i:], strings.Repeat(string(q), 3)) {
		s.i += 3
		close := strings.Repeat(string(q), 3)
		for !s.eof() {
			if q == '"' && s.peek() == '\\' {
				s.advance()
				s.advance()
				continue
			}
			if strings.HasPrefix(s.src[s.i:], close) {
				s.i += 3
				for s.peek() == q { // up to two extra quotes belong to the string
					s.advance()
				}
				return
			}
			s.advance()
		}
		return
	}
	s.advance()
	for !s.eof() {
		c := s.peek()
		if c == '\n' {
			return
		}
		if q == '"' && c == '\\' {
			s.advance()
			s.advance()
			continue
		}
		s.advance()
		if c == q {
			return
		}
	}
}

// value skips the value at s.i, recording array elements and inline-table
// keys under path.
func (s *posScanner) value(path string, depth int) {
	// depth arrays and inline tables enclose the value; a bracket or brace
	// here opens one more.
	if c := s.peek(); (c == '[' || c == '{') && depth+1 > maxNesting {
		if !s.tooDeep {
			s.tooDeep, s.deepAt = true, s.pos()
		}
		s.skipLine()
		return
	}
	switch c := s.peek(); c {
	case '"', '\'':
		s.str()
	case '[':
		s.advance()
		for n := 0; ; n++ {
			s.skipSpace(true)
			if s.eof() {
				return
			}
			if s.peek() == ']' {
				s.advance()
				return
			}
			elem := ""
			if s.record {
				p := s.pos()
				elem = idx(path, n)
				s.out[elem] = posEntry{p, p}
			}
			before := s.i
			s.value(elem, depth+1)
			s.skipSpace(true)
			if s.peek() == ',' {
				s.advance()
			} else if s.i == before {
				s.advance() // no progress: never loop forever on odd input
			}
		}
	case '{':
		s.advance()
		for {
			s.skipSpace(true)
			if s.eof() {
				return
			}
			if s.peek() == '}' {
				s.advance()
				return
			}
			var kp pos
			if s.record {
				kp = s.pos()
			}
			before := s.i
			keys, n := s.keys()
			s.skipSpace(false)
			if s.peek() == '=' {
				s.advance()
			}
			s.skipSpace(false)
			if n > maxNesting {
				s.skipLine()
				return
			}
			if n > 0 {
				p := ""
				if s.record {
					p = joinPath(path, strings.Join(keys, "."))
					s.out[p] = posEntry{kp, s.pos()}
				}
				s.value(p, depth+1)
			}
			s.skipSpace(true)
			if s.peek() == ',' {
				s.advance()
			} else if s.i == before {
				s.advance()
			}
		}
	default:
		for !s.eof() {
			switch s.peek() {
			case ',', ']', '}', '\n', '#':
				return
			}
			s.advance()
		}
	}
}
