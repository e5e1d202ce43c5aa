package tomledit

import (
	"fmt"
	"io/fs"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"

	"spaceflight/data"
)

// The writer's property, on every shipped craft and a file written in
// every style the craft format allows: for random sequences of edits,
// decoding the edited text gives the decoded file with the same edits made
// to it (the model below, kept apart from the Doc's own), and the bytes
// outside what each edit changes stay as they were — a value set changes
// only that value's bytes, a key or table added only inserts, a key or
// table removed only removes its own lines. Undoing every edit gives the
// file back byte for byte, and redoing them the edited one.

// styles is a craft file in the styles the shipped ones do not use:
// inline tables, CRLF line ends, literal strings, dotted keys, comments
// inside arrays, no blank lines, tabs, no final newline.
var styles = strings.ReplaceAll(`# odd but valid
format = 1
name = 'Odd'
[[part]]
	name = "hull"
	mass = 1e3
	position = [ 0 , 0.5 , -0 ]   # spaced
	shape = [{ kind = "box", size = [1, 1, 1] }, { kind = "cylinder", radius = 0.5, length = 1, position = [0, 1, 0] }]
[[part]]
name="leg"
mass=20
position=[1,# x
  -1,
  1 ]
[[part.shape]]
kind="box"
size=[0.1,2,0.1]
[[joint]]
name = "j"
kind = "fixed"
part_a = "hull"
part_b = "leg"
anchor = [1, -0.5, 1]
[[thruster]]
name = "t"
part = "hull"
position = [0, 0, 0]
direction = [0, 1, 0]
max_thrust = 1_000
extra.note = "dotted"`, "\n", "\r\n")

func corpus(t *testing.T) map[string]string {
	files := map[string]string{"styles.toml": styles}
	ents, err := fs.ReadDir(data.FS, "crafts")
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := fs.ReadFile(data.FS, "crafts/"+e.Name())
		if err != nil {
			t.Fatal(err)
		}
		files[e.Name()] = string(b)
	}
	if len(files) < 6 {
		t.Fatalf("only %d files", len(files))
	}
	return files
}

func TestEditProperty(t *testing.T) {
	files := corpus(t)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		t.Run(name, func(t *testing.T) {
			for seed := range uint64(30) {
				editSequence(t, files[name], rand.New(rand.NewPCG(seed, 7)))
			}
		})
	}
}

// modelDecode decodes text the way the test's model keeps it.
func modelDecode(t *testing.T, text string) map[string]any {
	t.Helper()
	var m map[string]any
	if _, err := toml.Decode(strings.ReplaceAll(text, "\r\n", "\n"), &m); err != nil {
		t.Fatalf("not TOML: %v\n%s", err, text)
	}
	return normalize(m).(map[string]any)
}

// op is one random edit: what it does to the Doc, what it does to the
// model, and where in the text it may write.
type op struct {
	name  string
	doc   func(d *Doc) error
	model func(m map[string]any)
	// check is given the text before and after, and the span of the
	// bytes that differ in each.
	check func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int)
}

func editSequence(t *testing.T, src string, r *rand.Rand) {
	d, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	d.Order = func(table string) []string { return keyOrders[table] }
	model := modelDecode(t, src)
	var texts []string
	var log []string
	for range 14 {
		o := randomOp(r, d, model)
		if o == nil {
			continue
		}
		before := string(d.Text())
		if err := o.doc(d); err != nil {
			t.Fatalf("%s: %v (after %v)", o.name, err, log)
		}
		log = append(log, o.name)
		o.model(model)
		after := string(d.Text())
		if got := modelDecode(t, after); !Equal(got, model) {
			t.Fatalf("%s: the text decodes to\n%v\nwant\n%v\nafter %v\n%s", o.name, got, model, log, after)
		}
		// The bytes that differ: after the common start, before the common end.
		p := 0
		for p < len(before) && p < len(after) && before[p] == after[p] {
			p++
		}
		s := 0
		for s < len(before)-p && s < len(after)-p && before[len(before)-1-s] == after[len(after)-1-s] {
			s++
		}
		if before != after {
			o.check(t, d, before, after, p, len(before)-s, len(after)-s)
		}
		texts = append(texts, after)
	}
	// Undo everything, then redo it.
	names, done := d.History()
	if done != len(names) {
		t.Fatalf("history %d of %d", done, len(names))
	}
	for range names {
		d.Undo()
	}
	if string(d.Text()) != src {
		t.Fatalf("undoing %v did not give the file back", log)
	}
	for range names {
		d.Redo()
	}
	if len(texts) > 0 && string(d.Text()) != texts[len(texts)-1] {
		t.Fatalf("redoing %v did not give the edited file", log)
	}
}

// keyOrders are orders for new keys, as the hangar gives them.
var keyOrders = map[string][]string{
	"part":       {"name", "role", "mass", "position", "orientation", "friction", "restitution", "colour", "finish", "shape", "visual"},
	"part.shape": {"kind", "size", "radius", "length", "segments", "points", "position", "orientation", "colour", "finish"},
	"joint":      {"name", "kind", "part_a", "part_b", "anchor", "axis", "min_angle", "max_angle"},
	"thruster":   {"name", "part", "position", "direction", "max_thrust", "isp", "group", "tank"},
	"":           {"format", "name", "description", "part", "joint", "thruster", "tank", "port"},
}

// optional are keys a random edit may add where they are missing.
var optional = map[string][]string{
	"part":       {"role", "position", "orientation", "friction", "colour"},
	"part.shape": {"position", "orientation", "colour"},
	"joint":      {"axis", "min_angle", "break_impulse"},
	"thruster":   {"isp", "group", "tank"},
}

// leaves lists the paths of the numbers and strings in v, below path.
func leaves(v any, path string, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			leaves(x[k], join(path, k), out)
		}
	case []any:
		for i, e := range x {
			leaves(e, elem(path, i), out)
		}
	case int64, float64, string:
		*out = append(*out, path)
	}
}

// tables lists the paths of the tables that are elements of arrays (part[0],
// part[0].shape[1]), header-style or inline.
func tables(v any, path string, out *[]string) {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			tables(x[k], join(path, k), out)
		}
	case []any:
		for i, e := range x {
			if _, ok := e.(map[string]any); ok {
				*out = append(*out, elem(path, i))
				tables(e, elem(path, i), out)
			}
		}
	}
}

func randomValue(r *rand.Rand, old any) any {
	switch x := old.(type) {
	case int64:
		return int64(r.IntN(2000) - 1000)
	case float64:
		if r.IntN(4) == 0 {
			return math.Round(x) + float64(r.IntN(5)) // whole: keeps a float's style
		}
		return math.Round((x+r.NormFloat64())*1e4) / 1e4
	case string:
		return fmt.Sprintf("n%d-é\"\\", r.IntN(100))
	}
	return float64(r.IntN(100)) / 8
}

func setIn(m map[string]any, path string, v any) {
	par, last := parent(path)
	switch p := mustLookup(m, par).(type) {
	case map[string]any:
		p[last.key] = v
	case []any:
		p[last.i] = v
	}
}

func mustLookup(m map[string]any, path string) any {
	v, ok := lookup(m, path)
	if !ok {
		panic("no " + path)
	}
	return v
}

func randomOp(r *rand.Rand, d *Doc, m map[string]any) *op {
	var ls, ts []string
	leaves(m, "", &ls)
	tables(m, "", &ts)
	switch k := r.IntN(10); {
	case k < 4: // set a number or string that is there
		p := ls[r.IntN(len(ls))]
		old := mustLookup(m, p)
		v := randomValue(r, old)
		return &op{name: "set " + p,
			doc:   func(d *Doc) error { return d.Set(p, v) },
			model: func(m map[string]any) { setIn(m, p, v) },
			check: func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int) {
				// Only the value's own bytes changed, and they were the value.
				vs := valueSpan(t, before, p, old)
				if b0 < vs.start || b1 > vs.end {
					t.Fatalf("set %s changed bytes %d-%d outside its value at %d-%d", p, b0, b1, vs.start, vs.end)
				}
			}}
	case k < 6: // add a key that is missing
		if len(ts) == 0 {
			return nil
		}
		tp := ts[r.IntN(len(ts))]
		cands := optional[Generic(tp)]
		if len(cands) == 0 {
			return nil
		}
		key := cands[r.IntN(len(cands))]
		if _, ok := lookup(m, join(tp, key)); ok {
			return nil
		}
		var v any = []any{float64(r.IntN(9)) / 4, -1.5, 0.0}
		if key == "role" || key == "colour" || key == "group" || key == "tank" {
			v = "x"
		} else if key == "min_angle" || key == "isp" || key == "friction" || key == "break_impulse" {
			v = 12.5
		}
		p := join(tp, key)
		return &op{name: "add " + p,
			doc:   func(d *Doc) error { return d.Set(p, v) },
			model: func(m map[string]any) { mustLookup(m, tp).(map[string]any)[key] = v },
			check: insertOnly(p)}
	case k < 7: // remove a key
		p := ls[r.IntN(len(ls))]
		par, last := parent(p)
		if last.key == "" {
			return nil
		}
		ix := scan(d.text)
		_, inlinePar := ix.values[par]
		implicit := !inlinePar && par != "" && !slices.ContainsFunc(ix.sections, func(s section) bool { return s.path == par })
		return &op{name: "remove " + p,
			doc: func(d *Doc) error { return d.Remove(p) },
			model: func(m map[string]any) {
				pm := mustLookup(m, par).(map[string]any)
				delete(pm, last.key)
				if gp, st := parent(par); implicit && len(pm) == 0 { // a table made by a dotted key goes with its last key
					delete(mustLookup(m, gp).(map[string]any), st.key)
				}
			},
			check: removeOnly(p, false)}
	case k < 8: // remove a table
		if len(ts) == 0 {
			return nil
		}
		p := ts[r.IntN(len(ts))]
		_, isInline := scan(d.text).values[p]
		return &op{name: "remove " + p,
			doc:   func(d *Doc) error { return d.Remove(p) },
			model: func(m map[string]any) { removeElem(m, p, isInline) },
			check: removeOnly(p, true)}
	case k < 9: // copy a table
		if len(ts) == 0 {
			return nil
		}
		p := ts[r.IntN(len(ts))]
		return &op{name: "copy " + p,
			doc: func(d *Doc) error {
				_, err := d.AppendCopy(p)
				return err
			},
			model: func(m map[string]any) {
				arr, _ := parent(p)
				a := mustLookup(m, arr).([]any)
				setIn(m, arr, append(a, normalize(mustLookup(m, p))))
			},
			check: insertOnly(p)}
	default: // a new thruster or joint
		arr := "thruster"
		kvs := []KV{{"name", "new"}, {"part", "hull"}, {"position", []float64{1, 0, 0.5}}, {"direction", []float64{0, 0, 1}}, {"max_thrust", 100.0}}
		if r.IntN(2) == 0 {
			arr = "joint"
			kvs = []KV{{"name", "new"}, {"kind", "ball"}, {"anchor", []float64{0, 1, 0}}}
		}
		return &op{name: "new " + arr,
			doc: func(d *Doc) error {
				_, err := d.Append(arr, kvs)
				return err
			},
			model: func(m map[string]any) {
				t := map[string]any{}
				for _, kv := range kvs {
					t[kv.Key] = normalize(kv.Value)
				}
				a, _ := m[arr].([]any)
				m[arr] = append(a, t)
			},
			check: insertOnly(arr)}
	}
}

// removeElem removes element p from its array in the model; an array of
// tables written with headers that loses its last element is no more.
func removeElem(m map[string]any, p string, isInline bool) {
	arr, last := parent(p)
	a := mustLookup(m, arr).([]any)
	a = append(a[:last.i:last.i], a[last.i+1:]...)
	if len(a) == 0 && !isInline {
		gp, st := parent(arr)
		delete(mustLookup(m, gp).(map[string]any), st.key)
		return
	}
	setIn(m, arr, a)
}

// valueSpan finds the value at path in text and checks that its bytes are
// the value: written as "x = TEXT" they decode to old.
func valueSpan(t *testing.T, text, path string, old any) span {
	t.Helper()
	sp, ok := scan(text).values[path]
	if !ok {
		t.Fatalf("no span for %s", path)
	}
	got := modelDecode(t, "x = "+text[sp.start:sp.end])
	if !Equal(got["x"], old) {
		t.Fatalf("the span of %s is %q, not its value %v", path, text[sp.start:sp.end], old)
	}
	return sp
}

// lastPatches are the patches of the last edit.
func lastPatches(t *testing.T, d *Doc) []Patch {
	t.Helper()
	if d.done == 0 {
		t.Fatal("no step")
	}
	return d.hist[d.done-1].Patches
}

// insertOnly checks an edit that adds: it only inserted.
func insertOnly(p string) func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int) {
	return func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int) {
		t.Helper()
		for _, pt := range lastPatches(t, d) {
			if pt.Old != "" || pt.New == "" {
				t.Fatalf("%s: replaced %q by %q, want an insertion only", p, pt.Old, pt.New)
			}
		}
	}
}

// removeOnly checks an edit that removes: one patch that only removed, and
// for a table, whole lines.
func removeOnly(p string, table bool) func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int) {
	return func(t *testing.T, d *Doc, before, after string, b0, b1, a1 int) {
		t.Helper()
		ps := lastPatches(t, d)
		if len(ps) != 1 || ps[0].New != "" {
			t.Fatalf("%s: patches %q, want one removal", p, ps)
		}
		pt := ps[0]
		if before[:pt.Off] != after[:pt.Off] || before[pt.Off+len(pt.Old):] != after[pt.Off:] {
			t.Fatalf("%s: the patch is not what changed", p)
		}
		whole := (pt.Off == 0 || before[pt.Off-1] == '\n') && (strings.HasSuffix(pt.Old, "\n") || pt.Off+len(pt.Old) == len(before))
		if table && !whole && strings.HasPrefix(strings.TrimSpace(pt.Old), "[[") {
			t.Fatalf("%s: removed %q, not whole lines", p, pt.Old)
		}
	}
}
