package tomledit

// Values: the decoded tree an edit is checked against, paths into it, and
// writing a value as TOML in the style of the one it replaces.

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// step is one part of a path: a key, or an index (key == "").
type step struct {
	key string
	i   int
}

// splitPath splits "part[2].shape[0].size" into its steps. Quoted keys are
// not supported: the craft format has none.
func splitPath(p string) []step {
	var out []step
	for p != "" {
		switch {
		case p[0] == '.':
			p = p[1:]
		case p[0] == '[':
			j := strings.IndexByte(p, ']')
			if j < 0 {
				return append(out, step{key: p})
			}
			n, _ := strconv.Atoi(p[1:j])
			out = append(out, step{i: n})
			p = p[j+1:]
		default:
			j := strings.IndexAny(p, ".[")
			if j < 0 {
				j = len(p)
			}
			out = append(out, step{key: p[:j]})
			p = p[j:]
		}
	}
	return out
}

// Generic strips the indices of a path: "part[2].shape[0].size" →
// "part.shape.size".
func Generic(p string) string {
	var b strings.Builder
	for _, st := range splitPath(p) {
		if st.key != "" {
			if b.Len() > 0 {
				b.WriteByte('.')
			}
			b.WriteString(st.key)
		}
	}
	return b.String()
}

// parent splits a path into its parent and last step: "part[2]" →
// ("part", [2]); "part[2].mass" → ("part[2]", mass).
func parent(p string) (string, step) {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return "", step{key: p}
	}
	if p[i] == '[' {
		n, _ := strconv.Atoi(strings.TrimSuffix(p[i+1:], "]"))
		return p[:i], step{i: n}
	}
	return p[:i], step{key: p[i+1:]}
}

// lookup returns the value at path in tree.
func lookup(tree any, path string) (any, bool) {
	v := tree
	for _, st := range splitPath(path) {
		switch c := v.(type) {
		case map[string]any:
			if st.key == "" {
				return nil, false
			}
			x, ok := c[st.key]
			if !ok {
				return nil, false
			}
			v = x
		case []any:
			if st.key != "" || st.i < 0 || st.i >= len(c) {
				return nil, false
			}
			v = c[st.i]
		default:
			return nil, false
		}
	}
	return v, true
}

// normalize turns a decoded tree or a value given to Set into the tree's
// own types: map[string]any, []any, int64, float64, string, bool (and
// BurntSushi's dates, kept as they are).
func normalize(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = normalize(e)
		}
		return m
	case []map[string]any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case []float64:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = e
		}
		return out
	case [3]float64:
		return normalize(x[:])
	case [][]float64:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = normalize(e)
		}
		return out
	case int:
		return int64(x)
	case float32:
		return float64(x)
	}
	return v
}

// Equal reports whether two trees or values are the same, numbers by value
// (1 and 1.0 are equal: the loader reads both as the number one).
func Equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, v := range x {
			w, ok := y[k]
			if !ok || !Equal(v, w) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !Equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case int64, float64:
		f, ok1 := number(a)
		g, ok2 := number(b)
		return ok1 && ok2 && (f == g || math.IsNaN(f) && math.IsNaN(g))
	}
	return fmt.Sprint(a) == fmt.Sprint(b)
}

// number returns a numeric value as a float64.
func number(v any) (float64, bool) {
	switch x := v.(type) {
	case int64:
		return float64(x), true
	case float64:
		return x, true
	}
	return 0, false
}

// clone copies a tree deeply.
func clone(v any) any { return normalize(v) }

// format writes a value (in the tree's types) as TOML. like is the text of
// the value it replaces, or of a value of the same key elsewhere, or "":
// a number keeps its style (1000.0 stays a float with a point, 400 an
// integer when it is whole), a string its quotes.
func format(v any, like string) string {
	switch x := v.(type) {
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return formatFloat(x, like)
	case bool:
		return strconv.FormatBool(x)
	case string:
		if strings.HasPrefix(like, "'") && !strings.HasPrefix(like, "'''") && literalOK(x) {
			return "'" + x + "'"
		}
		return quote(x)
	case []any:
		var b strings.Builder
		b.WriteByte('[')
		el := elemLike(like)
		for i, e := range x {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(format(e, el))
		}
		b.WriteByte(']')
		return b.String()
	case map[string]any:
		var b strings.Builder
		b.WriteString("{ ")
		for i, k := range slices.Sorted(maps.Keys(x)) {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(formatKey(k) + " = " + format(x[k], ""))
		}
		b.WriteString(" }")
		return b.String()
	}
	return fmt.Sprint(v)
}

// elemLike is the text of the first element of an array written like, for
// the style of the elements of a new array.
func elemLike(like string) string {
	like = strings.TrimLeft(strings.TrimPrefix(strings.TrimSpace(like), "["), " \t\r\n")
	if strings.HasPrefix(like, "[") { // nested: its first element's own text
		if j := strings.IndexByte(like, ']'); j >= 0 {
			return like[:j+1]
		}
	}
	if j := strings.IndexAny(like, ",]"); j >= 0 {
		return strings.TrimSpace(like[:j])
	}
	return ""
}

// formatFloat writes x as briefly as it reads back exactly, as an integer
// when like is one and x is whole, else with a decimal point when like has
// one.
func formatFloat(x float64, like string) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	}
	if x == 0 {
		x = 0 // no "-0"
	}
	s := strconv.FormatFloat(x, 'f', -1, 64)
	if math.Abs(x) >= 1e16 || x != 0 && math.Abs(x) < 1e-6 {
		s = strconv.FormatFloat(x, 'e', -1, 64)
	}
	whole := !strings.ContainsAny(s, ".e")
	if whole && isFloatText(like) {
		s += ".0"
	}
	return s
}

// isFloatText reports whether a number is written as a float (with a
// point or an exponent).
func isFloatText(s string) bool {
	s = strings.TrimSpace(s)
	if strings.HasPrefix(s, "0x") || strings.HasPrefix(s, "0o") || strings.HasPrefix(s, "0b") {
		return false
	}
	return strings.ContainsAny(s, ".eE") || strings.Contains(s, "inf") || strings.Contains(s, "nan")
}

// literalOK reports whether s can be written as a literal string.
func literalOK(s string) bool {
	for _, r := range s {
		if r == '\'' || r == '\n' || !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}

// quote writes s as a TOML basic string.
func quote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\t':
			b.WriteString(`\t`)
		case '\r':
			b.WriteString(`\r`)
		default:
			if r < 0x20 || r == 0x7f || !unicode.IsPrint(r) && r > 0x7f {
				fmt.Fprintf(&b, `\u%04X`, r)
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// formatKey writes a key bare when it can be, else quoted.
func formatKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		if !isBare(k[i]) {
			return quote(k)
		}
	}
	return k
}
