package craft

import (
	"fmt"
	"math"
	"math/bits"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/BurntSushi/toml"
)

// MaxFileSize is the largest craft or mission file the loader reads (bytes).
const MaxFileSize = 1 << 20

// decoder turns the generic tree BurntSushi/toml produces into the file
// structs below, strictly: every key must be known, every value of the right
// type and finite. It keeps going after a problem so that one run reports
// them all, each at the position of the offending key or value.
type decoder struct {
	file string
	errs ErrorList
	// bad holds the paths that already have an error, badBelow those with
	// an error at a path below them (isBad).
	bad, badBelow map[string]bool
	root          reflect.Type // the file struct, for hints about misplaced keys

	// decoded is set once BurntSushi/toml has accepted the file and the
	// decoder has walked its tree (not after the size, nesting and syntax
	// checks that stop early).
	decoded bool
	// Positions are only needed for messages, so the text is scanned for
	// them on first use (where, or has after an error): pos holds them
	// once lazy is false. Until then has answers from tree and keys.
	text     string
	lazy     bool
	pos      map[string]posEntry
	tree     map[string]any // the decoded tree
	rootKeys []string       // top-level keys and one-key table headers as written
}

// defaulter is implemented by file structs with non-zero defaults; they are
// set before the file's values are decoded over them.
type defaulter interface{ setDefaults() }

// valueDecoder is implemented by types that decode a generic TOML value
// themselves. It returns "" or what is wrong with v.
type valueDecoder interface{ decodeTOML(v any) string }

// parseTOML checks size and syntax, decodes src into out (a pointer to a file
// struct) and returns the decoder holding positions and errors.
func parseTOML(file string, src []byte, out any) *decoder {
	d := &decoder{file: file}
	text := string(src)
	// Decoding into an empty interface hands over BurntSushi's own tree
	// as it is; a map[string]any would be copied key by key.
	var generic any
	md, err := DecodeTOML(file, text, &generic)
	if err != nil {
		d.errs = append(d.errs, err)
		return d
	}
	tree, _ := generic.(map[string]any)
	var rootKeys []string
	for _, k := range md.Keys() {
		if len(k) == 1 {
			rootKeys = append(rootKeys, k[0])
		}
	}
	d.decode(out, text, tree, rootKeys)
	return d
}

// DecodeTOML decodes text, the content of file, into v with BurntSushi/toml,
// guarded for files from anywhere: one over MaxFileSize, or with arrays or
// inline tables nested deeper than maxNesting or keys or table names of
// more parts (a.b.c…), is refused before BurntSushi sees it; a syntax error
// is placed at the mistake (syntaxError); and CRLF line ends are read as
// LF. The game's settings are read through it too.
func DecodeTOML(file, text string, v any) (toml.MetaData, *Error) {
	if len(text) > MaxFileSize {
		return toml.MetaData{}, &Error{File: file, Line: 1, Col: 1,
			Msg: fmt.Sprintf("file is %d bytes; the limit is %s", len(text), sizeName(MaxFileSize))}
	}
	// BurntSushi/toml needs memory and time far out of proportion for deeply
	// nested arrays (300,000 levels: minutes and tens of GB) and for keys of
	// many parts (its time grows with their square: 4,000 parts take a
	// second), so refuse those before it sees them.
	if p, deep := nestedTooDeep(text); deep {
		return toml.MetaData{}, &Error{File: file, Line: p.line, Col: p.col,
			Msg: fmt.Sprintf("nested deeper than %d: arrays, inline tables, or the parts of a dotted key or table name", maxNesting)}
	}
	// TOML allows CRLF line ends (a checkout on Windows has them), but
	// BurntSushi/toml keeps the CR in multi-line strings, where it would
	// be refused as unprintable: read every CRLF as LF. Line and column
	// numbers stay the same, as the CR ends its line.
	text = strings.ReplaceAll(text, "\r\n", "\n")
	md, err := toml.Decode(text, v)
	if err != nil {
		return md, syntaxError(file, text, err)
	}
	return md, nil
}

// decode walks the tree of an accepted file into out.
func (d *decoder) decode(out any, text string, tree map[string]any, rootKeys []string) {
	d.decoded, d.text, d.lazy, d.tree, d.rootKeys = true, text, true, tree, rootKeys
	rv := reflect.ValueOf(out).Elem()
	d.root = rv.Type()
	if df, ok := rv.Addr().Interface().(defaulter); ok {
		df.setDefaults()
	}
	d.decodeStruct("", tree, rv)
}

// parseFile decodes src into a file struct F and validates it with build,
// which turns it into the loaded value. On any problem it returns nil and
// an ErrorList, sorted by position, with every problem found.
func parseFile[F, T any](file string, src []byte, build func(*decoder, *F) *T) (*T, error) {
	var f F
	d := parseTOML(file, src, &f)
	if len(d.errs) > 0 && !d.decoded { // size or syntax: nothing more to check
		return nil, d.errs
	}
	v := build(d, &f)
	if len(d.errs) > 0 {
		d.errs.sort()
		return nil, d.errs.capped(file)
	}
	return v, nil
}

// where returns the position for path: its value (or key when atKey), or
// the nearest enclosing key or table that was found in the text.
func (d *decoder) where(path string, atKey bool) pos {
	positions := d.positions()
	for p := path; p != ""; p = parentPath(p) {
		if e, ok := positions[p]; ok {
			if atKey || p != path {
				return e.key
			}
			return e.val
		}
	}
	return pos{1, 1}
}

// parentPath strips the last ".key" or "[i]" from path.
func parentPath(p string) string {
	i := strings.LastIndexAny(p, ".[")
	if i < 0 {
		return ""
	}
	return p[:i]
}

// errorf records a problem with the value at path.
//
// It, keyErrorf and markBad keep copies of path, so that paths, built for
// every check, stay on the stack when they are short and nothing is wrong.
func (d *decoder) errorf(path string, format string, args ...any) {
	d.markBad(path)
	p := d.where(path, false)
	d.errs = append(d.errs, &Error{File: d.file, Line: p.line, Col: p.col, Path: strings.Clone(path), Msg: fmt.Sprintf(format, args...)})
}

// keyErrorf records a problem with the key at path itself.
func (d *decoder) keyErrorf(path string, format string, args ...any) {
	d.markBad(path)
	p := d.where(path, true)
	d.errs = append(d.errs, &Error{File: d.file, Line: p.line, Col: p.col, Path: strings.Clone(path), Msg: fmt.Sprintf(format, args...)})
}

func (d *decoder) markBad(path string) {
	if d.bad == nil {
		d.bad, d.badBelow = make(map[string]bool), make(map[string]bool)
	}
	d.bad[strings.Clone(path)] = true
	// Every path above it has one below it; once one has, so have those
	// above it, so each path is written once however many errors there are.
	for p := parentPath(path); p != "" && !d.badBelow[p]; p = parentPath(p) {
		d.badBelow[strings.Clone(p)] = true
	}
}

// isBad reports whether path, an element or key below it, or a key above it
// already has an error, so that checks of meaning do not pile more messages
// onto one mistake.
func (d *decoder) isBad(path string) bool {
	for p := path; p != ""; p = parentPath(p) {
		if d.bad[p] {
			return true
		}
	}
	return d.badBelow[path]
}

// check records a problem with the value at path unless path already has one.
func (d *decoder) check(path string, format string, args ...any) {
	if !d.isBad(path) {
		d.errorf(path, format, args...)
	}
}

// positions returns where every key, value, table header and array element
// of the file starts, scanning the text the first time.
func (d *decoder) positions() map[string]posEntry {
	if d.lazy {
		d.pos, _ = scanPositions(d.text)
		d.lazy = false
	}
	return d.pos
}

// has reports whether path was written in the file: whether the position
// scanner found it.
//
// Before the first error there is no need to scan: every value in the tree
// then decoded into its Go type, so a value that is not a table was written
// as key = value, inline-table key or array element, which the scanner
// records under the same path, and a path missing from the tree was not
// written. Tables differ: the scanner records a table header or key =
// { … }, not the tables implied by dotted keys and headers. A top-level one
// is looked up in the top-level keys and headers written, exactly those; deeper ones
// and arrays of tables (no caller asks) in the scanned positions.
func (d *decoder) has(path string) bool {
	if !d.lazy {
		_, ok := d.pos[path]
		return ok
	}
	v, ok := lookupPath(d.tree, path)
	if !ok {
		return false
	}
	switch v.(type) {
	case map[string]any:
		if !strings.ContainsAny(path, ".[") {
			return slices.Contains(d.rootKeys, path)
		}
	case []map[string]any:
	default:
		return true
	}
	_, ok = d.positions()[path]
	return ok
}

// lookupPath returns the value at a path such as "part[2].shape[0].segments"
// in a decoded tree. Keys must not contain '.' or '['.
func lookupPath(tree map[string]any, path string) (any, bool) {
	var v any = tree
	for path != "" {
		if path[0] == '[' {
			end := strings.IndexByte(path, ']')
			if end < 0 {
				return nil, false
			}
			i, err := strconv.Atoi(path[1:end])
			if err != nil || i < 0 {
				return nil, false
			}
			path = path[end+1:]
			switch a := v.(type) {
			case []any:
				if i >= len(a) {
					return nil, false
				}
				v = a[i]
			case []map[string]any:
				if i >= len(a) {
					return nil, false
				}
				v = a[i]
			default:
				return nil, false
			}
			continue
		}
		path = strings.TrimPrefix(path, ".")
		end := strings.IndexAny(path, ".[")
		if end < 0 {
			end = len(path)
		}
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		if v, ok = m[path[:end]]; !ok {
			return nil, false
		}
		path = path[end:]
	}
	return v, true
}

// field is one TOML key of a file struct.
type field struct {
	key   string
	index int
}

// structFields are the TOML keys of a file struct: fields in struct order,
// byKey the same sorted by key, keys their names in struct order.
type structFields struct {
	fields, byKey []field
	keys          []string
}

// fieldCache holds the structFields of each file struct type (by
// reflect.Type): they are few and fixed.
var fieldCache sync.Map

func structFieldsOf(t reflect.Type) *structFields {
	if sf, ok := fieldCache.Load(t); ok {
		return sf.(*structFields)
	}
	sf := &structFields{fields: computeFields(t)}
	sf.byKey = slices.Clone(sf.fields)
	slices.SortFunc(sf.byKey, func(a, b field) int { return strings.Compare(a.key, b.key) })
	for _, f := range sf.fields {
		sf.keys = append(sf.keys, f.key)
	}
	fieldCache.Store(t, sf)
	return sf
}

// fieldsOf returns the TOML keys of struct type t. The slice is shared: do
// not modify it.
func fieldsOf(t reflect.Type) []field { return structFieldsOf(t).fields }

func computeFields(t reflect.Type) []field {
	var fs []field
	for i := range t.NumField() {
		tag := t.Field(i).Tag.Get("toml")
		if tag == "" || tag == "-" {
			continue
		}
		fs = append(fs, field{strings.Split(tag, ",")[0], i})
	}
	return fs
}

func (d *decoder) decodeStruct(path string, m map[string]any, rv reflect.Value) {
	sf := structFieldsOf(rv.Type())
	if d.decodeKnown(path, m, rv, sf.byKey) {
		return
	}
	fs := sf.fields
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys) // errors are sorted by position later; this only fixes the order of equals
	for _, k := range keys {
		i := slices.IndexFunc(fs, func(f field) bool { return f.key == k })
		if i >= 0 && setScalar(m[k], rv.Field(fs[i].index)) {
			continue // the path is only for messages
		}
		sub := joinPath(path, k)
		if i < 0 {
			// Suggestions come from the struct's own keys (and the tables
			// where a key belongs), never from the file's: each unknown key
			// costs the same however many there are.
			s := suggest(k, sf.keys)
			hint := meant(s)
			if s != "" {
				d.markBad(joinPath(path, s)) // no "missing" error for the key it misspells
			} else if home := keyHome(d.root, k, path); home != "" {
				hint = " here; it belongs in " + home
			}
			d.keyErrorf(sub, "unknown key %q%s", clip(k), hint)
			if len(k) > MaxNameLength { // the path is for reading: cut it short as the message does
				d.errs[len(d.errs)-1].Path = joinPath(path, clip(k))
			}
			continue
		}
		d.decodeValue(sub, m[k], rv.Field(fs[i].index))
	}
}

// decodeKnown is decodeStruct for a table whose keys are all fields of the
// struct (byKey sorted by key): it takes them in the same order, sorted,
// without sorting them. It returns false, having done nothing, when some
// key is unknown.
func (d *decoder) decodeKnown(path string, m map[string]any, rv reflect.Value, byKey []field) bool {
	if len(byKey) > 64 {
		return false
	}
	var present uint64 // bit r: byKey[r] is in m
	for k := range m {
		r := slices.IndexFunc(byKey, func(f field) bool { return f.key == k })
		if r < 0 {
			return false
		}
		present |= 1 << r
	}
	for ; present != 0; present &= present - 1 {
		f := byKey[bits.TrailingZeros64(present)]
		v, fv := m[f.key], rv.Field(f.index)
		if !setScalar(v, fv) {
			d.decodeValue(joinPath(path, f.key), v, fv)
		}
	}
	return true
}

// setScalar stores v in rv, a number, string or boolean destination, when
// decodeValue would store it without a message, and reports whether it
// did; decodeValue handles everything else. It saves building the path of
// every value that needs none.
func setScalar(v any, rv reflect.Value) bool {
	switch rv.Kind() {
	case reflect.Float64:
		f, ok := number(v)
		if !ok || !(math.Abs(f) <= MaxMagnitude) || rv.Type() != float64Type { // NaN, ±Inf, too large; or a named type
			return false
		}
		rv.SetFloat(f)
	case reflect.Int:
		n, ok := v.(int64)
		if !ok || n < math.MinInt32 || n > math.MaxInt32 || rv.Type() != intType {
			return false
		}
		rv.SetInt(n)
	case reflect.String:
		s, ok := v.(string)
		if !ok || rv.Type() != stringType || len(s) > MaxNameLength || unprintable(s, false) != nil {
			return false
		}
		rv.SetString(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok || rv.Type() != boolType {
			return false
		}
		rv.SetBool(b)
	default:
		return false
	}
	return true
}

// number returns a TOML float or integer as a float64.
func number(v any) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	}
	return 0, false
}

var (
	float64Type = reflect.TypeFor[float64]()
	intType     = reflect.TypeFor[int]()
	stringType  = reflect.TypeFor[string]()
	boolType    = reflect.TypeFor[bool]()
)

// typeName names the TOML type of a generic value for messages.
func typeName(v any) string {
	switch v := v.(type) {
	case string:
		return "a string"
	case int64:
		return "an integer"
	case float64:
		return "a float"
	case bool:
		return "a boolean"
	case time.Time:
		return "a date/time"
	case []map[string]any:
		return "an array of tables"
	case []any:
		if len(v) > 0 {
			if _, ok := v[0].(map[string]any); ok {
				return "an array of tables"
			}
		}
		return "an array"
	case map[string]any:
		return "a table"
	}
	return fmt.Sprintf("%T", v)
}

// wantName describes what a Go destination type expects.
func wantName(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Float64:
		return "a number"
	case reflect.Int:
		return "an integer"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Array:
		return fmt.Sprintf("an array of %d %s", t.Len(), plural(wantName(t.Elem())))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Struct {
			return "an array of tables"
		}
		return "an array of " + plural(wantName(t.Elem()))
	case reflect.Struct:
		return "a table"
	case reflect.Pointer:
		return wantName(t.Elem())
	}
	return t.String()
}

func plural(s string) string {
	s = strings.TrimPrefix(strings.TrimPrefix(s, "an "), "a ")
	switch {
	case strings.HasPrefix(s, "array of"):
		return strings.Replace(s, "array", "arrays", 1)
	case s == "true or false":
		return "booleans"
	}
	return s + "s"
}

func (d *decoder) mismatch(path string, v any, t reflect.Type) {
	if _, isTable := v.(map[string]any); isTable && t.Kind() == reflect.Slice && t.Elem().Kind() == reflect.Struct {
		h := stripIndices(path)
		d.errorf(path, "must be an array of tables: write [[%s]] with double brackets, not [%s]", h, h)
		return
	}
	d.errorf(path, "must be %s, not %s", wantName(t), typeName(v))
}

func (d *decoder) decodeValue(path string, v any, rv reflect.Value) {
	if vd, ok := rv.Addr().Interface().(valueDecoder); ok {
		if msg := vd.decodeTOML(v); msg != "" {
			d.errorf(path, "%s", msg)
		}
		return
	}
	t := rv.Type()
	switch t.Kind() {
	case reflect.Float64:
		f, ok := number(v)
		if !ok {
			d.mismatch(path, v, t)
			return
		}
		if math.IsNaN(f) || math.IsInf(f, 0) {
			d.errorf(path, "must be a finite number, not %v", f)
			return
		}
		if math.Abs(f) > MaxMagnitude {
			d.errorf(path, "%g is too large: numbers are limited to ±%g", f, MaxMagnitude)
			return
		}
		rv.SetFloat(f)
	case reflect.Int:
		n, ok := v.(int64)
		if !ok {
			if f, isF := v.(float64); isF && f == math.Trunc(f) && math.Abs(f) < 1<<31 {
				d.errorf(path, "must be an integer: write %d, not %s", int64(f), strconv.FormatFloat(f, 'f', -1, 64))
				return
			}
			d.mismatch(path, v, t)
			return
		}
		if n < math.MinInt32 || n > math.MaxInt32 {
			d.errorf(path, "integer %d is out of range", n)
			return
		}
		rv.SetInt(n)
	case reflect.String:
		s, ok := v.(string)
		if !ok {
			d.mismatch(path, v, t)
			return
		}
		// Names reach the terminal and the HUD: printable characters
		// only, and in the free text also line breaks and tabs; and
		// not without end.
		text := path == "description" || path == "briefing"
		most := MaxNameLength
		switch {
		case text:
			most = MaxTextLength
		case strings.HasPrefix(path, "lesson[") && strings.HasSuffix(path, "].say"):
			most = MaxLineLength
		case path == "player.craft" || path == "target.craft":
			most = MaxRefLength
		}
		if n := utf8.RuneCountInString(s); n > most {
			d.errorf(path, "is %d characters long; the limit is %d", n, most)
			return
		}
		if bad := unprintable(s, text); len(bad) > 0 {
			d.errorf(path, "must be printable text; it contains %s", runeList(bad))
			return
		}
		rv.SetString(s)
	case reflect.Bool:
		b, ok := v.(bool)
		if !ok {
			d.mismatch(path, v, t)
			return
		}
		rv.SetBool(b)
	case reflect.Array:
		a, ok := v.([]any)
		if !ok || len(a) != t.Len() {
			if ok {
				d.errorf(path, "must be %s, not %d", wantName(t), len(a))
			} else {
				d.mismatch(path, v, t)
			}
			return
		}
		for i, e := range a {
			if ev := rv.Index(i); !setScalar(e, ev) {
				d.decodeValue(idx(path, i), e, ev)
			}
		}
	case reflect.Slice:
		var elems []any
		switch v := v.(type) {
		case []any:
			elems = v
		case []map[string]any:
			elems = make([]any, len(v))
			for i, m := range v {
				elems[i] = m
			}
		default:
			d.mismatch(path, v, t)
			return
		}
		s := reflect.MakeSlice(t, len(elems), len(elems))
		for i, e := range elems {
			ev := s.Index(i)
			if df, ok := ev.Addr().Interface().(defaulter); ok {
				df.setDefaults()
			}
			if !setScalar(e, ev) {
				d.decodeValue(idx(path, i), e, ev)
			}
		}
		rv.Set(s)
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			d.mismatch(path, v, t)
			return
		}
		d.decodeStruct(path, m, rv)
	case reflect.Pointer:
		nv := reflect.New(t.Elem())
		if df, ok := nv.Interface().(defaulter); ok {
			df.setDefaults()
		}
		d.decodeValue(path, v, nv.Elem())
		rv.Set(nv)
	default:
		d.errorf(path, "internal: cannot decode into %s", t)
	}
}

// keyHome returns the table where key is valid, such as "[[tank]]" or
// "[environment.pad]", in the file struct root; "" when the key belongs
// nowhere or only in the table at path (without indices). The first such
// table in the order of the struct's fields wins.
func keyHome(root reflect.Type, key, path string) string {
	plain := stripIndices(path)
	for _, h := range homesOf(root)[key] {
		if h.table != plain {
			return h.header
		}
	}
	return ""
}

// home is a table where a key is valid: its path without indices and its
// header as written ("[environment.pad]", "[[tank]]").
type home struct{ table, header string }

// homeCache holds homesOf for each file struct type (by reflect.Type).
var homeCache sync.Map

// homesOf maps every key of the tables below the file struct root to the
// tables where it is valid, in the order of the struct's fields, so that
// placing an unknown key costs a map lookup, not a walk of the struct.
func homesOf(root reflect.Type) map[string][]home {
	if h, ok := homeCache.Load(root); ok {
		return h.(map[string][]home)
	}
	homes := map[string][]home{}
	var walk func(t reflect.Type, prefix string, array bool)
	walk = func(t reflect.Type, prefix string, array bool) {
		for t.Kind() == reflect.Pointer {
			t = t.Elem()
		}
		if t.Kind() != reflect.Struct || t == reflect.TypeFor[inertiaValue]() {
			return
		}
		header := "[" + prefix + "]"
		if array {
			header = "[" + header + "]"
		}
		for _, f := range fieldsOf(t) {
			if prefix != "" {
				homes[f.key] = append(homes[f.key], home{prefix, header})
			}
			ft := t.Field(f.index).Type
			for ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			sub := joinPath(prefix, f.key)
			switch {
			case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
				walk(ft.Elem(), sub, true)
			case ft.Kind() == reflect.Struct:
				walk(ft, sub, false)
			}
		}
	}
	walk(root, "", false)
	homeCache.Store(root, homes)
	return homes
}

// stripIndices turns "part[2].shape[0]" into "part.shape".
func stripIndices(p string) string {
	var b strings.Builder
	skip := false
	for _, r := range p {
		switch {
		case r == '[':
			skip = true
		case r == ']':
			skip = false
		case !skip:
			b.WriteRune(r)
		}
	}
	return b.String()
}
