package tomledit

// Removing keys and elements, and appending elements to arrays of tables:
// a copy of an element, or a new one written in the style of its
// neighbours.

import (
	"strings"
)

// Remove deletes the key at path (its line, trailing comment and all), or
// an element of an array of tables ("thruster[3]": its header, keys,
// sub-tables and the blank lines after it; comment lines just above it stay,
// as they may head what follows), or an element of an inline array.
func (d *Doc) Remove(path string) error {
	return d.edit("remove "+path, func() error { return d.remove(path) })
}

func (d *Doc) remove(path string) error {
	par, last := parent(path)
	pv, ok := lookup(d.tree, par)
	if _, exists := lookup(d.tree, path); !ok || !exists {
		return editErr("%s: nothing there", path)
	}
	switch {
	case d.ix.entries[path] != nil && !d.ix.entries[path].inline:
		e := d.ix.entries[path]
		d.patch(e.line.start, d.text[e.line.start:e.line.end], "")
	case d.ix.entries[path] != nil:
		e := d.ix.entries[path]
		d.cutListItem(span{e.key.start, e.val.end})
	default:
		if start, end, ok := d.extent(path); ok {
			d.patch(start, d.text[start:end], "")
			if a, _ := pv.([]any); len(a) == 1 { // no header left: no key either
				gp, st := parent(par)
				g, _ := lookup(d.tree, gp)
				delete(g.(map[string]any), st.key)
				return nil
			}
		} else if sp, ok := d.ix.values[path]; ok {
			d.cutListItem(sp)
		} else {
			return editErr("%s: not a key or an element", path)
		}
	}
	switch p := pv.(type) {
	case map[string]any:
		delete(p, last.key)
		d.dropImplicit(par)
	case []any:
		a := append(p[:last.i:last.i], p[last.i+1:]...)
		if err := d.setParent(par, a); err != nil {
			return err
		}
	}
	return nil
}

// dropImplicit removes the table at path from the tree when it is empty
// and was made only by dotted keys (a.b = 1): with its last key gone, it
// is gone from the text too.
func (d *Doc) dropImplicit(path string) {
	for path != "" {
		v, _ := lookup(d.tree, path)
		m, ok := v.(map[string]any)
		_, inline := d.ix.values[path]
		if _, header := d.sectionOf(path); !ok || len(m) > 0 || inline || header {
			return
		}
		gp, st := parent(path)
		g, _ := lookup(d.tree, gp)
		gm, ok := g.(map[string]any)
		if !ok || st.key == "" {
			return
		}
		delete(gm, st.key)
		path = gp
	}
}

// setParent puts a new slice in the place of the array at path (in the
// tree only).
func (d *Doc) setParent(path string, a []any) error {
	gp, st := parent(path)
	g, _ := lookup(d.tree, gp)
	switch p := g.(type) {
	case map[string]any:
		p[st.key] = a
	case []any:
		p[st.i] = a
	default:
		return editErr("%s: not in a table or an array", path)
	}
	return nil
}

// cutListItem removes sp, an item of an inline array or table, with the
// comma after it (or, for the last item, before it).
func (d *Doc) cutListItem(sp span) {
	start, end := sp.start, sp.end
	j := end
	for j < len(d.text) && strings.IndexByte(" \t", d.text[j]) >= 0 {
		j++
	}
	if j < len(d.text) && d.text[j] == ',' {
		end = j + 1
		for end < len(d.text) && strings.IndexByte(" \t", d.text[end]) >= 0 {
			end++
		}
	} else {
		i := start
		for i > 0 && strings.IndexByte(" \t\r\n", d.text[i-1]) >= 0 {
			i--
		}
		if i > 0 && d.text[i-1] == ',' {
			start = i - 1
		}
	}
	d.patch(start, d.text[start:end], "")
}

// extent is the text of the element of an array of tables at path: from
// the start of its header's line to the end of its last sub-table (blank
// lines after it included, the comments heading the next table not).
func (d *Doc) extent(path string) (start, end int, ok bool) {
	secs := d.ix.sections
	for k := range secs {
		if secs[k].path != path || !secs[k].array {
			continue
		}
		start, end = secs[k].header.start, secs[k].end
		for j := k + 1; j < len(secs) && under(secs[j].path, path); j++ {
			end = secs[j].end
		}
		return start, end, true
	}
	return 0, 0, false
}

// under reports whether p is below the table at path.
func under(p, path string) bool {
	return strings.HasPrefix(p, path+".") || strings.HasPrefix(p, path+"[")
}

// core is where an element's text ends without the blank lines after it.
func (d *Doc) core(start, end int) int {
	for end > start {
		ls := strings.LastIndexByte(d.text[:end-1], '\n') + 1
		if ls < start || strings.TrimSpace(d.text[ls:end]) != "" {
			break
		}
		end = ls
	}
	return end
}

// elements are the paths of the elements of the array of tables at path
// that have a header, in order.
func (d *Doc) elements(path string) []string {
	var out []string
	for _, s := range d.ix.sections {
		if s.array {
			if p, _ := parent(s.path); p == path {
				out = append(out, s.path)
			}
		}
	}
	return out
}

// gap is the blank lines that separate the elements of an array of
// tables, from the last one's or the one before's, else one blank line.
func (d *Doc) gap(els []string) string {
	for k := len(els) - 1; k >= 0; k-- {
		s, e, _ := d.extent(els[k])
		if k < len(els)-1 || e < len(d.text) {
			return d.text[d.core(s, e):e]
		}
	}
	return d.nl
}

// insertAfter writes text after the last element of els (a header-style
// array), separated like the elements are.
func (d *Doc) insertAfter(els []string, text string) {
	s, e, _ := d.extent(els[len(els)-1])
	at := d.core(s, e)
	pre := d.gap(els)
	if at > 0 && d.text[at-1] != '\n' {
		pre = d.nl + pre
	}
	if !strings.HasSuffix(text, "\n") {
		text += d.nl
	}
	d.patch(at, "", pre+text)
}

// AppendCopy appends a copy of the element at path (an element of an array
// of tables, or of an inline array) to its array, and returns the copy's
// path. The copy is the element's own text — comments, sub-tables and
// layout — placed after the last element of the array.
func (d *Doc) AppendCopy(path string) (string, error) {
	var out string
	err := d.edit("copy "+path, func() error {
		var err error
		out, err = d.appendCopy(path)
		return err
	})
	return out, err
}

func (d *Doc) appendCopy(path string) (string, error) {
	arr, _ := parent(path)
	v, ok := lookup(d.tree, path)
	av, _ := lookup(d.tree, arr)
	a, isArr := av.([]any)
	if !ok || !isArr {
		return "", editErr("%s: not an element of an array", path)
	}
	if start, end, ok := d.extent(path); ok {
		d.insertAfter(d.elements(arr), d.text[start:d.core(start, end)])
	} else {
		last, ok := d.ix.values[elem(arr, len(a)-1)]
		sp, ok2 := d.ix.values[path]
		if !ok || !ok2 {
			return "", editErr("%s: not written as a value", path)
		}
		d.patch(last.end, "", ", "+d.text[sp.start:sp.end])
	}
	if err := d.setParent(arr, append(a[:len(a):len(a)], clone(v))); err != nil {
		return "", err
	}
	return elem(arr, len(a)), nil
}

// Append appends a new table with the keys kvs to the array of tables at
// path ("thruster", "part[3].shape") and returns its path. It is written
// like the array's last element — its header's indentation, its keys'
// indentation, the spacing round "=" — after it; an array with none yet
// goes after the tables that come before it in Order (at the end of its
// parent's element for a nested one), with the indentation of the file's
// other nested tables.
func (d *Doc) Append(path string, kvs []KV) (string, error) {
	var out string
	err := d.edit("add "+path, func() error {
		var err error
		out, err = d.appendNew(path, kvs)
		return err
	})
	return out, err
}

func (d *Doc) appendNew(path string, kvs []KV) (string, error) {
	par, last := parent(path)
	pv, ok := lookup(d.tree, par)
	pm, isTable := pv.(map[string]any)
	if !ok || !isTable || last.key == "" {
		return "", editErr("%s: not an array of tables in a table", path)
	}
	old, exists := pm[last.key]
	a, _ := old.([]any)
	if exists && a == nil {
		return "", editErr("%s: not an array of tables", path)
	}
	els := d.elements(path)
	if len(els) < len(a) {
		return "", editErr("%s: written inline; add to it in a text editor", path)
	}
	name := Generic(path)
	headIndent, keyIndent, sep := "", "", " = "
	if len(els) > 0 {
		sec, _ := d.sectionOf(els[len(els)-1])
		h := d.text[sec.header.start:sec.header.end]
		headIndent = h[:len(h)-len(strings.TrimLeft(h, " \t"))]
		keyIndent, sep = d.style(sec, d.tableEntries(sec.path))
	} else if par != "" {
		headIndent = d.nestedIndent()
		keyIndent = headIndent
	}
	var b strings.Builder
	b.WriteString(headIndent + "[[" + name + "]]" + d.nl)
	tbl := map[string]any{}
	for _, kv := range kvs {
		v := normalize(kv.Value)
		tbl[kv.Key] = v
		b.WriteString(keyIndent + formatKey(kv.Key) + sep + format(v, d.like(join(path+"[0]", kv.Key))) + d.nl)
	}
	if len(els) > 0 {
		d.insertAfter(els, b.String())
	} else {
		d.insertFirst(par, name, b.String())
	}
	pm[last.key] = append(a[:len(a):len(a)], tbl)
	return elem(path, len(a)), nil
}

// nestedIndent is the indentation of the file's nested table headers
// ("  [[part.shape]]"), or "".
func (d *Doc) nestedIndent() string {
	for _, s := range d.ix.sections {
		if strings.Contains(s.path, ".") {
			h := d.text[s.header.start:s.header.end]
			return h[:len(h)-len(strings.TrimLeft(h, " \t"))]
		}
	}
	return ""
}

// insertFirst writes the first element of a new array of tables named
// name (generic) into the table at par: at the end of par's element, or
// at the top level after the last table that comes before it in Order.
func (d *Doc) insertFirst(par, name, text string) {
	at := len(d.text)
	if par != "" {
		if s, e, ok := d.extent(par); ok {
			at = d.core(s, e)
		}
	} else if pos := d.keyOrder("", name); pos >= 0 {
		for _, s := range d.ix.sections {
			top, _, _ := strings.Cut(Generic(s.path), ".")
			if ko := d.keyOrder("", top); ko >= 0 && ko <= pos && s.path != "" {
				at = d.core(s.header.start, s.end)
			}
		}
	}
	pre := d.nl
	if at > 0 && d.text[at-1] != '\n' {
		pre = d.nl + d.nl
	}
	if at == 0 {
		pre = ""
	}
	post := ""
	if at < len(d.text) {
		post = d.nl
	}
	d.patch(at, "", pre+text+post)
}

// HeaderComment returns the comment at the end of the header line of the
// table at path ("[[part]]   # the hull" gives "the hull"), if it has one.
func (d *Doc) HeaderComment(path string) (string, bool) {
	sec, ok := d.sectionOf(path)
	if !ok || sec.comment.end == 0 {
		return "", false
	}
	return strings.TrimSpace(strings.TrimPrefix(d.text[sec.comment.start:sec.comment.end], "#")), true
}

// SetHeaderComment rewrites the text of the comment at the end of the
// header line of the table at path, which must have one; the "#" and the
// spaces before the text stay.
func (d *Doc) SetHeaderComment(path, text string) error {
	if strings.ContainsAny(text, "\r\n") {
		return editErr("%s: a comment of one line, not %q", path, text)
	}
	return d.edit("comment "+path, func() error {
		sec, ok := d.sectionOf(path)
		if !ok || sec.comment.end == 0 {
			return editErr("%s: no comment on its header line", path)
		}
		c := d.text[sec.comment.start:sec.comment.end]
		lead := len(c) - len(strings.TrimLeft(strings.TrimPrefix(c, "#"), " \t"))
		d.patch(sec.comment.start+lead, c[lead:], text)
		return nil
	})
}
