package tomledit

// The document: its text, index and decoded tree, steps of byte patches
// for undo and redo, and setting a value or adding a key in place.

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// Doc is a TOML document edited in place. Every edit is a byte patch of the
// text that rewrites only what it changes: a value set is the value's own
// bytes (an array's changed elements only), a new key is one line placed
// among its table's keys, a new table is appended after the last of its
// array in the style of its neighbours. Comments, blank lines, key order
// and the formatting of everything else stay as they were, byte for byte.
//
// Each edit is checked as it is made: the text must decode to the tree the
// edit meant (the decoded document with the change made to it), else the
// edit is undone and reported. Edits are grouped into steps (Do), which
// Undo and Redo take back and make again.
type Doc struct {
	text string
	ix   *index
	tree map[string]any // what text decodes to
	nl   string         // the text's line end: "\n" or "\r\n"

	// Order gives the order in which the keys of a table are written, by
	// the table's generic path ("part.shape"; "" for the top level), for
	// placing a new key among the others and for the keys of a new table;
	// nil or a key not listed: at the end.
	Order func(table string) []string

	hist  []Step
	done  int    // hist[:done] are applied
	saved int    // len(hist[:saved]) steps were applied when the text was saved; -1: none such
	base  string // the text as last saved (or loaded)
	cur   *Step  // the step Do is building
}

// Step is one edit as the user made it: a name ("move leg_fr +x") and the
// byte patches that made it, in the order they were applied.
type Step struct {
	Name    string
	Patches []Patch
}

// Patch replaces Old at byte offset Off with New.
type Patch struct {
	Off      int
	Old, New string
}

// KV is a key and its value, for a new table.
type KV struct {
	Key   string
	Value any
}

// Parse reads a TOML document for editing. It fails when the text is not
// TOML.
func Parse(text []byte) (*Doc, error) {
	d := &Doc{text: string(text), nl: "\n", saved: 0}
	if strings.Contains(d.text, "\r\n") {
		d.nl = "\r\n"
	}
	tree, err := decode(d.text)
	if err != nil {
		return nil, err
	}
	d.tree, d.base = tree, d.text
	d.ix = scan(d.text)
	return d, nil
}

// decode decodes text into a normalized tree.
func decode(text string) (map[string]any, error) {
	var tree map[string]any
	if _, err := toml.Decode(strings.ReplaceAll(text, "\r\n", "\n"), &tree); err != nil {
		return nil, err
	}
	m, _ := normalize(tree).(map[string]any)
	if m == nil {
		m = map[string]any{}
	}
	return m, nil
}

// Text returns the document as it is now.
func (d *Doc) Text() []byte { return []byte(d.text) }

// Get returns the value at path ("part[2].position", "part[2].position[1]",
// "thruster[0]"), as map[string]any, []any, int64, float64, string or bool.
// The value is the document's own: do not change it.
func (d *Doc) Get(path string) (any, bool) { return lookup(d.tree, path) }

// Len returns the number of elements of the array (or array of tables) at
// path; 0 when there is none.
func (d *Doc) Len(path string) int {
	v, _ := lookup(d.tree, path)
	a, _ := v.([]any)
	return len(a)
}

// ErrEdit is returned (wrapped) when an edit cannot be made in place.
var ErrEdit = errors.New("cannot edit")

func editErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrEdit, fmt.Sprintf(format, args...))
}

// Do makes the edits f makes as one step, named name, for Undo. When f
// fails, or what the edits wrote does not decode to what they meant, the
// text is put back as it was and the error returned. Do inside f's edits
// joins the step being made.
func (d *Doc) Do(name string, f func() error) error {
	if d.cur != nil {
		return f()
	}
	d.cur = &Step{Name: name}
	model := clone(d.tree).(map[string]any)
	err := f()
	st := d.cur
	d.cur = nil
	if err == nil && len(st.Patches) > 0 {
		err = d.verify()
	}
	if err != nil {
		d.unapply(st.Patches)
		d.tree = model
		return err
	}
	if len(st.Patches) == 0 {
		return nil
	}
	d.hist = append(d.hist[:d.done], *st)
	if d.saved > d.done {
		d.saved = -1 // the saved version was undone and is now out of reach
	}
	d.done++
	return nil
}

// verify checks that the text decodes to the tree the edits meant.
func (d *Doc) verify() error {
	got, err := decode(d.text)
	if err != nil {
		return fmt.Errorf("%w: the edit wrote what is not TOML: %v", ErrEdit, err)
	}
	if !Equal(got, d.tree) {
		return fmt.Errorf("%w: the edit did not write what it meant to", ErrEdit)
	}
	return nil
}

// patch replaces the bytes [off, off+len(old)) with new, as part of the
// step being made.
func (d *Doc) patch(off int, old, new string) {
	if old == new {
		return
	}
	p := Patch{Off: off, Old: old, New: new}
	d.cur.Patches = append(d.cur.Patches, p)
	d.text = d.text[:off] + new + d.text[off+len(old):]
	d.ix = scan(d.text)
}

// unapply takes patches back, the last first.
func (d *Doc) unapply(ps []Patch) {
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		d.text = d.text[:p.Off] + p.Old + d.text[p.Off+len(p.New):]
	}
	d.ix = scan(d.text)
}

func (d *Doc) reapply(ps []Patch) {
	for _, p := range ps {
		d.text = d.text[:p.Off] + p.New + d.text[p.Off+len(p.Old):]
	}
	d.ix = scan(d.text)
}

// edit runs one edit as its own step unless a step is being made.
func (d *Doc) edit(name string, f func() error) error { return d.Do(name, f) }

// Undo takes back the last step and returns its name; false when there is
// none.
func (d *Doc) Undo() (string, bool) {
	if d.done == 0 {
		return "", false
	}
	d.done--
	st := d.hist[d.done]
	d.unapply(st.Patches)
	d.redecode()
	return st.Name, true
}

// Redo makes again the last step undone; false when there is none.
func (d *Doc) Redo() (string, bool) {
	if d.done == len(d.hist) {
		return "", false
	}
	st := d.hist[d.done]
	d.done++
	d.reapply(st.Patches)
	d.redecode()
	return st.Name, true
}

// redecode decodes the text after an undo or redo: it was valid before.
func (d *Doc) redecode() {
	if t, err := decode(d.text); err == nil {
		d.tree = t
	}
}

// History returns the names of the steps made (the first len(done) of
// them are in the text; the rest can be redone).
func (d *Doc) History() (names []string, done int) {
	for _, s := range d.hist {
		names = append(names, s.Name)
	}
	return names, d.done
}

// Dirty reports whether the text differs from the version last saved.
func (d *Doc) Dirty() bool { return d.text != d.base }

// MarkSaved records that the text as it is now was saved.
func (d *Doc) MarkSaved() { d.saved, d.base = d.done, d.text }

// Base returns the text as last saved (or loaded).
func (d *Doc) Base() []byte { return []byte(d.base) }

// Set sets the value at path, a key ("part[2].mass") or an element of an
// array ("part[2].position[1]"). An existing value is rewritten in place
// in its own style (an array element by element, changing only those that
// differ); a missing key gets a line of its own among its table's keys (by
// Order). v is an int, int64, float64, string, bool, []float64,
// [3]float64, [][]float64 or []any of those.
func (d *Doc) Set(path string, v any) error {
	return d.edit("set "+path, func() error { return d.set(path, normalize(v)) })
}

func (d *Doc) set(path string, v any) error {
	par, last := parent(path)
	pv, ok := lookup(d.tree, par)
	if !ok {
		return editErr("%s: no table or array %q", path, par)
	}
	old, exists := lookup(d.tree, path)
	if exists {
		if Equal(old, v) {
			return nil
		}
		if err := d.replace(path, old, v); err != nil {
			return err
		}
	} else {
		if _, isTable := pv.(map[string]any); !isTable || last.key == "" {
			return editErr("%s: not a key of a table", path)
		}
		if err := d.insertKey(par, last.key, v); err != nil {
			return err
		}
	}
	switch p := pv.(type) {
	case map[string]any:
		p[last.key] = v
	case []any:
		p[last.i] = v
	}
	return nil
}

// replace writes v over the value at path, which is old.
func (d *Doc) replace(path string, old, v any) error {
	sp, ok := d.ix.values[path]
	if !ok {
		return editErr("%s: a table written as [header], not a value", path)
	}
	was := d.text[sp.start:sp.end]
	ov, ok1 := old.([]any)
	nv, ok2 := v.([]any)
	if ok1 && ok2 && len(ov) == len(nv) && strings.HasPrefix(was, "[") {
		for i := len(nv) - 1; i >= 0; i-- { // the last first: the spans before stay put
			if !Equal(ov[i], nv[i]) {
				if err := d.replace(elem(path, i), ov[i], nv[i]); err != nil {
					return err
				}
			}
		}
		return nil
	}
	d.patch(sp.start, was, format(v, was))
	return nil
}

// sectionOf returns the section of the table at path: "" is the root.
func (d *Doc) sectionOf(path string) (*section, bool) {
	for k := range d.ix.sections {
		if d.ix.sections[k].path == path {
			return &d.ix.sections[k], true
		}
	}
	return nil, false
}

// tableEntries are the key lines of a section, in the order of the text.
func (d *Doc) tableEntries(table string) []*entry {
	var out []*entry
	for _, e := range d.ix.entries {
		if e.table == table && !e.inline {
			out = append(out, e)
		}
	}
	slices.SortFunc(out, func(a, b *entry) int { return a.line.start - b.line.start })
	return out
}

// like returns the text of a value written for the same generic key
// elsewhere in the file (for the style of a new one), or "".
func (d *Doc) like(path string) string {
	g := Generic(path)
	best := -1
	var sp span
	for p, e := range d.ix.entries {
		if Generic(p) == g && (best < 0 || e.val.start < best) {
			best, sp = e.val.start, e.val
		}
	}
	if best < 0 {
		return ""
	}
	return d.text[sp.start:sp.end]
}

// keyOrder is the position of key in the order of its table, or -1.
func (d *Doc) keyOrder(table, key string) int {
	if d.Order == nil {
		return -1
	}
	return slices.Index(d.Order(Generic(table)), key)
}

// insertKey writes key = v into the table at path, as a line among its
// keys or, for an inline table, inside its braces.
func (d *Doc) insertKey(table, key string, v any) error {
	path := join(table, key)
	if sp, ok := d.ix.values[table]; ok && strings.HasPrefix(d.text[sp.start:], "{") {
		return d.insertInline(table, key, v, sp)
	}
	sec, ok := d.sectionOf(table)
	if !ok {
		return editErr("%s: the table %q has no header of its own", path, table)
	}
	entries := d.tableEntries(table)
	indent, sep := d.style(sec, entries)
	off := sec.bodyEnd
	if len(entries) == 0 && table == "" {
		off = sec.end
	}
	if pos := d.keyOrder(table, key); pos >= 0 {
		after, before := -1, -1
		for _, e := range entries {
			k, _, _ := strings.Cut(strings.TrimPrefix(e.path, join(table, "")), ".")
			switch ko := d.keyOrder(table, k); {
			case ko >= 0 && ko < pos:
				after = e.line.end
			case ko > pos && before < 0:
				before = e.line.start
			}
		}
		if after >= 0 {
			off = after
		} else if before >= 0 {
			off = before
		}
	}
	line := indent + formatKey(key) + sep + format(v, d.like(path)) + d.nl
	if off > 0 && d.text[off-1] != '\n' {
		line = d.nl + line
	}
	d.patch(off, "", line)
	return nil
}

// style returns the indentation of a section's key lines and what
// separates a key from its value (" = "), from its own keys, else from the
// header, else from the whole file.
func (d *Doc) style(sec *section, entries []*entry) (indent, sep string) {
	sep = " = "
	if len(entries) > 0 {
		e := entries[0]
		return d.text[e.line.start:e.key.start], d.sepOf(e)
	}
	h := d.text[sec.header.start:sec.header.end]
	indent = h[:len(h)-len(strings.TrimLeft(h, " \t"))]
	for _, e := range d.ix.entries {
		if !e.inline {
			return indent, d.sepOf(e)
		}
	}
	return indent, sep
}

func (d *Doc) sepOf(e *entry) string {
	s := d.text[e.key.end:e.val.start]
	if strings.TrimSpace(s) != "=" {
		return " = "
	}
	return s
}

// insertInline writes key = v as the last key of the inline table whose
// value spans sp.
func (d *Doc) insertInline(table, key string, v any, sp span) error {
	kv := formatKey(key) + " = " + format(v, d.like(join(table, key)))
	var lastEnd = -1
	for _, e := range d.ix.entries {
		if e.inline && e.table == table && e.val.end > lastEnd {
			lastEnd = e.val.end
		}
	}
	if lastEnd < 0 {
		was := d.text[sp.start:sp.end]
		d.patch(sp.start, was, "{ "+kv+" }")
		return nil
	}
	d.patch(lastEnd, "", ", "+kv)
	return nil
}

// Done is how many steps are in the text (for Rewind).
func (d *Doc) Done() int { return d.done }

// Rewind takes back the steps made since Done was n and forgets them
// (they cannot be redone): a drag made again from its start.
func (d *Doc) Rewind(n int) {
	for d.done > max(n, 0) {
		d.Undo()
	}
	d.hist = d.hist[:d.done]
	if d.saved > d.done {
		d.saved = -1
	}
}
