package craft

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// fastTOML parses the plain TOML that craft and mission files are written
// in, several times faster than BurntSushi/toml: bare keys, [table] and
// [[array]] headers, strings without escapes, decimal integers and floats,
// booleans, arrays and comments. On anything else — other syntax, or
// anything BurntSushi might reject, such as a key defined twice — it gives
// up (ok false) and the caller hands the file to BurntSushi, which also
// words the errors. When ok, tree is exactly what BurntSushi would decode
// (FuzzFastTOML checks it) and rootKeys the top-level keys and one-key
// headers written in the file (BurntSushi's Keys of length one).
//
// It also gives up on arrays nested deeper than maxNesting, so that neither
// nesting check (nestingTooDeep, the position scanner) finds a file it
// accepted too deep.
func fastTOML(src string) (tree map[string]any, rootKeys []string, ok bool) {
	ascii := true
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
			return nil, nil, false // control characters, and \r
		}
		if c >= 0x80 {
			ascii = false
		}
	}
	if !ascii && !utf8.ValidString(src) {
		return nil, nil, false
	}
	p := fastParser{src: src}
	root := make(map[string]any, 8)
	cur, atRoot := root, true
	for {
		p.blanks()
		if p.i >= len(src) {
			return root, rootKeys, true
		}
		switch src[p.i] {
		case '\n':
			p.i++
			continue
		case '#':
			p.comment()
			continue
		case '[':
			keys, array, good := p.header()
			if !good {
				return nil, nil, false
			}
			t := root
			for _, k := range keys[:len(keys)-1] {
				switch v := t[k].(type) {
				case nil:
					m := make(map[string]any)
					t[k] = m
					t = m
				case map[string]any:
					t = v
				case []map[string]any:
					t = v[len(v)-1]
				default:
					return nil, nil, false
				}
			}
			last := keys[len(keys)-1]
			v, exists := t[last]
			m := make(map[string]any, 8)
			switch {
			case !exists && array:
				t[last] = []map[string]any{m}
			case !exists:
				t[last] = m
			case array:
				a, isAOT := v.([]map[string]any)
				if !isAOT {
					return nil, nil, false
				}
				t[last] = append(a, m)
			default:
				return nil, nil, false // a table defined twice, or implied before
			}
			cur, atRoot = m, false
			if len(keys) == 1 {
				rootKeys = append(rootKeys, last)
			}
		default:
			k := p.bareKey()
			if k == "" {
				return nil, nil, false
			}
			p.blanks()
			if !p.eat('=') {
				return nil, nil, false // dotted keys and the rest
			}
			p.blanks()
			v, good := p.value(0)
			if !good || !p.endOfLine() {
				return nil, nil, false
			}
			if _, dup := cur[k]; dup {
				return nil, nil, false
			}
			cur[k] = v
			if atRoot {
				rootKeys = append(rootKeys, k)
			}
		}
	}
}

type fastParser struct {
	src string
	i   int
}

func (p *fastParser) eat(c byte) bool {
	if p.i < len(p.src) && p.src[p.i] == c {
		p.i++
		return true
	}
	return false
}

// blanks skips spaces and tabs.
func (p *fastParser) blanks() {
	for p.i < len(p.src) && (p.src[p.i] == ' ' || p.src[p.i] == '\t') {
		p.i++
	}
}

// comment skips a comment up to its newline.
func (p *fastParser) comment() {
	if j := strings.IndexByte(p.src[p.i:], '\n'); j >= 0 {
		p.i += j
	} else {
		p.i = len(p.src)
	}
}

// endOfLine skips blanks and a comment and reports whether the line ends
// there.
func (p *fastParser) endOfLine() bool {
	p.blanks()
	if p.i < len(p.src) && p.src[p.i] == '#' {
		p.comment()
	}
	return p.i >= len(p.src) || p.eat('\n')
}

func (p *fastParser) bareKey() string {
	start := p.i
	for p.i < len(p.src) && isBare(p.src[p.i]) {
		p.i++
	}
	return p.src[start:p.i]
}

// header reads "[a.b]" or "[[a.b]]" and the rest of its line.
func (p *fastParser) header() (keys []string, array, ok bool) {
	p.i++ // [
	array = p.eat('[')
	for {
		p.blanks()
		k := p.bareKey()
		if k == "" {
			return nil, false, false
		}
		keys = append(keys, k)
		p.blanks()
		if !p.eat('.') {
			break
		}
	}
	if !p.eat(']') || array && !p.eat(']') {
		return nil, false, false
	}
	return keys, array, p.endOfLine()
}

// delimited reports whether the value that ends at p.i is followed by
// something that may follow a value.
func (p *fastParser) delimited() bool {
	if p.i >= len(p.src) {
		return true
	}
	switch p.src[p.i] {
	case ' ', '\t', '\n', '#', ',', ']':
		return true
	}
	return false
}

// value reads a value at array nesting depth.
func (p *fastParser) value(depth int) (any, bool) {
	if p.i >= len(p.src) {
		return nil, false
	}
	switch c := p.src[p.i]; {
	case c == '"':
		if strings.HasPrefix(p.src[p.i:], `"""`) {
			rest := p.src[p.i+3:]
			j := strings.Index(rest, `"""`)
			if j < 0 {
				return nil, false
			}
			s := rest[:j]
			p.i += 3 + j + 3
			if strings.IndexByte(s, '\\') >= 0 || p.i < len(p.src) && p.src[p.i] == '"' {
				return nil, false // escapes, or quotes before the closing ones
			}
			return strings.TrimPrefix(s, "\n"), p.delimited()
		}
		rest := p.src[p.i+1:]
		j := strings.IndexAny(rest, "\"\\\n")
		if j < 0 || rest[j] != '"' {
			return nil, false
		}
		p.i += 1 + j + 1
		return rest[:j], p.delimited()
	case c == '\'':
		if strings.HasPrefix(p.src[p.i:], `'''`) {
			return nil, false
		}
		rest := p.src[p.i+1:]
		j := strings.IndexAny(rest, "'\n")
		if j < 0 || rest[j] != '\'' {
			return nil, false
		}
		p.i += 1 + j + 1
		return rest[:j], p.delimited()
	case c == '[':
		if depth+1 > maxNesting {
			return nil, false
		}
		p.i++
		a := make([]any, 0, 3)
		for {
			p.space()
			if p.eat(']') {
				return a, p.delimited()
			}
			v, ok := p.value(depth + 1)
			if !ok {
				return nil, false
			}
			a = append(a, v)
			p.space()
			if p.eat(']') {
				return a, p.delimited()
			}
			if !p.eat(',') {
				return nil, false
			}
		}
	case c == 't' || c == 'f':
		for _, b := range []string{"true", "false"} {
			if strings.HasPrefix(p.src[p.i:], b) {
				p.i += len(b)
				return b == "true", p.delimited()
			}
		}
		return nil, false
	case c == '-' || c >= '0' && c <= '9':
		return p.number()
	}
	return nil, false
}

// space skips blanks, newlines and comments inside an array.
func (p *fastParser) space() {
	for p.i < len(p.src) {
		switch p.src[p.i] {
		case ' ', '\t', '\n':
			p.i++
		case '#':
			p.comment()
		default:
			return
		}
	}
}

// number reads -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?: an integer
// without the fraction and exponent, else a float.
func (p *fastParser) number() (any, bool) {
	start := p.i
	p.eat('-')
	digits := func() int {
		n := 0
		for p.i < len(p.src) && p.src[p.i] >= '0' && p.src[p.i] <= '9' {
			p.i++
			n++
		}
		return n
	}
	intStart := p.i
	n := digits()
	if n == 0 || n > 1 && p.src[intStart] == '0' {
		return nil, false
	}
	isFloat := false
	if p.eat('.') {
		if digits() == 0 {
			return nil, false
		}
		isFloat = true
	}
	if p.eat('e') || p.eat('E') {
		if !p.eat('+') {
			p.eat('-')
		}
		if digits() == 0 {
			return nil, false
		}
		isFloat = true
	}
	if !p.delimited() {
		return nil, false
	}
	s := p.src[start:p.i]
	if isFloat {
		f, err := strconv.ParseFloat(s, 64)
		return f, err == nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	return v, err == nil
}
