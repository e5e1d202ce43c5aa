package craft

import (
	"io/fs"
	"slices"
	"testing"
)

// lazyInputs are files on which the decoder answers has from its tree
// before any error: the shipped files and variants written differently
// (inline tables and arrays, dotted and quoted keys, implied tables).
func lazyInputs(t testing.TB) map[string]string {
	in := map[string]string{
		"base.toml":    baseCraft,
		"mission.toml": baseMission,
		"inline.toml": "format = 1\npart = [{name = \"a\", mass = 1, shape = [{kind = \"cylinder\", radius = 1, length = 2, segments = 8}]}]\n" +
			"joint = []\nthruster = [{part = \"a\", position = [0, 0, 0], direction = [0, 1, 0], max_thrust = 1}]\n",
		"quoted.toml":  "\"format\" = 1\n[[\"part\"]]\n'name' = \"a\"\nmass = 1\n[[part.\"shape\"]]\nkind = \"box\"\n\"size\" = [1, 1, 1]\n",
		"dotted.toml":  "format = 1\nname = \"m\"\nkind = \"free\"\nplayer.craft = \"small\"\n[environment.pad]\nsize = [1, 1, 1]\n",
		"implied.toml": "format = 1\nname = \"m\"\nkind = \"free\"\n[player]\ncraft = \"small\"\n[environment.ground]\n",
		"inlinemission.toml": "format = 1\nname = \"m\"\nkind = \"free\"\nplayer = {craft = \"small\", velocity = [1, 2, 3]}\n" +
			"environment = {gravity = [0, -1, 0], pad = {size = [1, 1, 1]}}\n",
	}
	for _, dir := range []string{"crafts", "missions"} {
		names, err := fs.Glob(shipped().FS, dir+"/*.toml")
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range names {
			b, err := fs.ReadFile(shipped().FS, n)
			if err != nil {
				t.Fatal(err)
			}
			in[n] = string(b)
		}
	}
	return in
}

// treePaths lists the path of every value in a decoded tree.
func treePaths(prefix string, v any, out []string) []string {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			p := joinPath(prefix, k)
			out = treePaths(p, e, append(out, p))
		}
	case []map[string]any:
		for i, e := range v {
			p := idx(prefix, i)
			out = treePaths(p, e, append(out, p))
		}
	case []any:
		for i, e := range v {
			p := idx(prefix, i)
			out = treePaths(p, e, append(out, p))
		}
	}
	return out
}

// TestLazyHasMatchesScan: before the text is scanned, has answers exactly
// as the scanned positions would, for every path in the tree or the text.
func TestLazyHasMatchesScan(t *testing.T) {
	for name, src := range lazyInputs(t) {
		for _, out := range []any{&craftFile{}, &missionFile{}} {
			d := parseTOML(name, []byte(src), out)
			if !d.decoded {
				t.Fatalf("%s: not decoded: %v", name, d.errs)
			}
			if len(d.errs) > 0 {
				continue // has only answers from the tree before the first error
			}
			exact, _ := scanPositions(src)
			paths := treePaths("", d.tree, nil)
			for p := range exact {
				paths = append(paths, p)
			}
			paths = append(paths, "format", "player", "environment", "environment.pad", "part[0].shape[0].segments", "joint[0].anchor", "nothing", "part[99]")
			slices.Sort(paths)
			for _, p := range slices.Compact(paths) {
				fresh := *d // still lazy
				_, want := exact[p]
				if got := fresh.has(p); got != want {
					t.Errorf("%s (%T): has(%q) = %v before the scan, %v after", name, out, p, got, want)
				}
			}
		}
	}
}

// TestRefPositions: a mission's references are placed as the scanner places
// them, though the text is only scanned when one is asked for.
func TestRefPositions(t *testing.T) {
	for name, src := range lazyInputs(t) {
		m, err := ParseMission(name, []byte(src))
		if err != nil {
			continue
		}
		d := &decoder{pos: must(scanPositions(src))}
		for _, k := range []string{"player.craft", "player.port", "target.craft", "target.port"} {
			if got, want := m.refAt(k), d.where(k, false); got != want {
				t.Errorf("%s: %s at %v, want %v", name, k, got, want)
			}
		}
	}
}

func must(m map[string]posEntry, _ bool) map[string]posEntry { return m }

// FuzzNestedTooDeep: the scan without positions finds exactly what the
// full scan finds about nesting.
func FuzzNestedTooDeep(f *testing.F) {
	f.Add(baseCraft)
	f.Add("a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n")
	f.Add("a = {b = {c = [{d = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}]}}\n[[\"x\".'y']]\nq = \"\"\"[[[\"\"\"")
	f.Add("0=0 \n0=0A\n\"")
	f.Fuzz(func(t *testing.T, src string) {
		_, want := scanPositions(src)
		if _, got := nestedTooDeep(src); got != want {
			t.Fatalf("nestedTooDeep = %v, scanPositions says %v", got, want)
		}
	})
}
