package tomledit

// The scanner: one pass over a document BurntSushi/toml has accepted,
// recording the byte spans of what an edit may touch — every value (array
// elements and inline tables' keys included), every key line, every table
// header and the extent of every table — under canonical paths such as
// "part[2].shape[0].size[1]" (the paths the craft loader's messages use).

import (
	"strconv"
	"strings"
)

// span is a range of bytes [start, end) of the text.
type span struct{ start, end int }

// entry is one key = value as written.
type entry struct {
	path   string // canonical path of the key
	table  string // canonical path of the table it is in: a section, or an inline table
	key    span   // the key as written (all its dotted parts)
	val    span   // the value
	line   span   // its line(s): from the start of the line to after its newline (or the end of the text); zero when inline
	inline bool   // a key of an inline table
}

// section is a [header] or [[header]] and the lines under it, or the root
// (the lines before the first header, path "").
type section struct {
	path    string // canonical: "part[2].shape[0]"
	array   bool   // [[header]]: an element of an array of tables
	header  span   // the header's line; for the root, empty at 0
	comment span   // the comment at the end of the header's line ("# …"), empty when none
	bodyEnd int    // after the last key line of its own (header.end when it has none)
	end     int    // where the next section's leading comments start, or the end of the text
	keys    int    // key lines it has
}

// index is what the scanner found.
type index struct {
	values   map[string]span
	entries  map[string]*entry
	sections []section // in the order of the text; sections[0] is the root
}

type scanner struct {
	src string
	i   int
	ix  *index
	aot map[string]int // elements so far of each array of tables
}

// scan indexes src, which must be valid TOML (BurntSushi/toml accepted it):
// on anything else the spans are not to be trusted, but it never fails or
// loops.
func scan(src string) *index {
	s := &scanner{src: src, ix: &index{values: map[string]span{}, entries: map[string]*entry{}}, aot: map[string]int{}}
	s.ix.sections = []section{{}}
	s.run()
	s.finish()
	return s.ix
}

func (s *scanner) eof() bool { return s.i >= len(s.src) }

func (s *scanner) peek() byte {
	if s.i < len(s.src) {
		return s.src[s.i]
	}
	return 0
}

// blanks skips spaces and tabs.
func (s *scanner) blanks() {
	for !s.eof() && (s.peek() == ' ' || s.peek() == '\t') {
		s.i++
	}
}

// space skips blanks, newlines and comments (inside arrays and inline
// tables).
func (s *scanner) space() {
	for !s.eof() {
		switch s.peek() {
		case ' ', '\t', '\r', '\n':
			s.i++
		case '#':
			s.toEOL()
		default:
			return
		}
	}
}

// toEOL moves to the newline ending the line (or the end of the text).
func (s *scanner) toEOL() {
	if j := strings.IndexByte(s.src[s.i:], '\n'); j >= 0 {
		s.i += j
	} else {
		s.i = len(s.src)
	}
}

// nextLine moves past the newline ending the line.
func (s *scanner) nextLine() {
	s.toEOL()
	if !s.eof() {
		s.i++
	}
}

func (s *scanner) lineStart(i int) int { return strings.LastIndexByte(s.src[:i], '\n') + 1 }

func (s *scanner) run() {
	cur := &s.ix.sections[0]
	for {
		s.blanks()
		if s.eof() {
			return
		}
		switch s.peek() {
		case '\n', '\r', '#':
			s.nextLine()
			continue
		case '[':
			start := s.lineStart(s.i)
			s.i++
			array := s.peek() == '['
			if array {
				s.i++
			}
			keys := s.keys()
			path := s.headerPath(keys, array)
			for !s.eof() && (s.peek() == ']' || s.peek() == ' ' || s.peek() == '\t') {
				s.i++
			}
			var comment span
			if s.peek() == '#' {
				comment.start = s.i
				s.toEOL()
				comment = trimRight(s.src, span{comment.start, s.i})
			}
			s.nextLine()
			s.ix.sections = append(s.ix.sections, section{path: path, array: array, header: span{start, s.i}, comment: comment, bodyEnd: s.i})
			cur = &s.ix.sections[len(s.ix.sections)-1]
			continue
		}
		start := s.lineStart(s.i)
		keyStart := s.i
		keys := s.keys()
		if len(keys) == 0 { // not TOML after all: never loop
			s.nextLine()
			continue
		}
		keyEnd := s.i
		s.blanks()
		if s.peek() == '=' {
			s.i++
		}
		s.blanks()
		path := join(cur.path, strings.Join(keys, "."))
		e := &entry{path: path, table: cur.path, key: trimRight(s.src, span{keyStart, keyEnd})}
		e.val = s.value(path)
		s.nextLine()
		e.line = span{start, s.i}
		s.ix.entries[path] = e
		s.ix.values[path] = e.val
		cur.bodyEnd = s.i
		cur.keys++
	}
}

// headerPath is the canonical path of a header of the given keys,
// counting the elements of arrays of tables.
func (s *scanner) headerPath(keys []string, array bool) string {
	path := ""
	for j, k := range keys {
		path = join(path, k)
		if j == len(keys)-1 && array {
			n := s.aot[path]
			s.aot[path] = n + 1
			path = elem(path, n)
		} else if n, ok := s.aot[path]; ok {
			path = elem(path, n-1)
		}
	}
	return path
}

// finish works out where each section ends: where the comment lines just
// above the next header start (they belong to what follows), else at the
// next header.
func (s *scanner) finish() {
	secs := s.ix.sections
	for k := range secs {
		end := len(s.src)
		if k+1 < len(secs) {
			end = s.leadingComments(secs[k+1].header.start, secs[k].bodyEnd)
		}
		secs[k].end = end
	}
}

// leadingComments returns where the run of comment-only lines that ends
// at the line starting at i begins, but not before floor.
func (s *scanner) leadingComments(i, floor int) int {
	for i > floor {
		prev := s.lineStart(i - 1)
		if prev < floor || !strings.HasPrefix(strings.TrimLeft(s.src[prev:i], " \t"), "#") {
			break
		}
		i = prev
	}
	return i
}

// keys reads a dotted key (bare or quoted parts) and returns its parts.
func (s *scanner) keys() []string {
	var out []string
	for {
		s.blanks()
		switch c := s.peek(); {
		case c == '"' || c == '\'':
			start := s.i
			s.str()
			raw := s.src[start:s.i]
			k := strings.TrimSuffix(raw[1:], string(c))
			if c == '"' {
				if u, err := strconv.Unquote(raw); err == nil {
					k = u
				}
			}
			out = append(out, k)
		case isBare(c):
			start := s.i
			for !s.eof() && isBare(s.peek()) {
				s.i++
			}
			out = append(out, s.src[start:s.i])
		default:
			return out
		}
		s.blanks()
		if s.peek() != '.' {
			return out
		}
		s.i++
	}
}

func isBare(c byte) bool {
	return c == '_' || c == '-' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
}

// str skips a basic, literal or multi-line string.
func (s *scanner) str() {
	q := s.src[s.i]
	triple := strings.Repeat(string(q), 3)
	if strings.HasPrefix(s.src[s.i:], triple) {
		s.i += 3
		for !s.eof() {
			if q == '"' && s.peek() == '\\' {
				s.i += 2
				continue
			}
			if strings.HasPrefix(s.src[s.i:], triple) {
				s.i += 3
				for s.peek() == q { // up to two more quotes belong to the string
					s.i++
				}
				return
			}
			s.i++
		}
		s.i = len(s.src)
		return
	}
	s.i++
	for !s.eof() {
		c := s.peek()
		switch {
		case c == '\n':
			return
		case q == '"' && c == '\\':
			s.i += 2
			continue
		}
		s.i++
		if c == q {
			return
		}
	}
}

// value reads the value at s.i, recording array elements and inline
// tables' keys under path, and returns its span.
func (s *scanner) value(path string) span {
	start := s.i
	switch s.peek() {
	case '"', '\'':
		s.str()
	case '[':
		s.i++
		for n := 0; ; n++ {
			s.space()
			if s.eof() {
				break
			}
			if s.peek() == ']' {
				s.i++
				break
			}
			before := s.i
			p := elem(path, n)
			s.ix.values[p] = s.value(p)
			s.space()
			if s.peek() == ',' {
				s.i++
			} else if s.i == before {
				s.i++ // no progress: never loop on odd input
			}
		}
	case '{':
		s.i++
		for {
			s.space()
			if s.eof() {
				break
			}
			if s.peek() == '}' {
				s.i++
				break
			}
			before := s.i
			ks := s.i
			keys := s.keys()
			ke := s.i
			s.blanks()
			if s.peek() == '=' {
				s.i++
			}
			s.blanks()
			if len(keys) > 0 {
				p := join(path, strings.Join(keys, "."))
				e := &entry{path: p, table: path, key: trimRight(s.src, span{ks, ke}), inline: true}
				e.val = s.value(p)
				s.ix.entries[p] = e
				s.ix.values[p] = e.val
			}
			s.space()
			if s.peek() == ',' {
				s.i++
			} else if s.i == before {
				s.i++
			}
		}
	default: // number, boolean, date or time (which may hold a space)
		for !s.eof() {
			switch s.peek() {
			case ',', ']', '}', '\n', '#':
				return trimRight(s.src, span{start, s.i})
			}
			s.i++
		}
	}
	return span{start, s.i}
}

// trimRight drops the blanks at the end of sp.
func trimRight(src string, sp span) span {
	for sp.end > sp.start && strings.IndexByte(" \t\r", src[sp.end-1]) >= 0 {
		sp.end--
	}
	return sp
}

func join(prefix, key string) string {
	if prefix == "" {
		return key
	}
	return prefix + "." + key
}

// elem is the path of element i of the array at path.
func elem(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }
