package craft

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/BurntSushi/toml"
)

// fastSeeds are inputs for the fast parser: the shipped files and small
// ones near the edges of what it accepts.
func fastSeeds(t testing.TB) []string {
	var seeds []string
	for _, src := range lazyInputs(t) {
		seeds = append(seeds, src)
	}
	slices.Sort(seeds)
	return append(seeds,
		"a = 1# c\nb=2\n", "a = \"\"\"\n\"x\"y\"\"\"\n", "a = \"\"\"x\"\"\"\"\n", "a = 1e05\nb = -0.0\nc = 0e0\nd = 1E+2\n",
		"a = [\n1, # c\n2,\n]\n", "[ a . b ]\nc = 1\n", "[a]\n[a.b]\n[a]\n", "[a.b]\n[a]\n", "x = 'lit#'\nt = true\nf = false\n",
		"a = 0\nb = -0\nc = 00\n", "a = 9223372036854775808\n", "a = 1e400\n", "a = 1.\n", "a = .5\n", "a = 1979-05-27\n",
		"[[a]]\n[[a.b]]\nx = 1\n[[a.b]]\n[[a]]\n[a.c]\n", "a = []\nb = [[]]\nc = [[1, 2], ['x']]\n", "a = 1\na = 2\n",
		"[[a]]\n[a]\n", "a = [1]\n[[a]]\n", "a = 1\n[a.b]\n", "[a]\nb = 1\n[a.b]\n", "a = \"x\" b = 1\n", "a = truex\n",
		"a = \"é#\" # ü\n", "a = \"\\u00e9\"\n", "a = \"\"\"\nx\\\ny\"\"\"\n", "a = '''x'''\n", "a = 1_000\n", "a = +1\n", "a = nan\n",
		"a = [1 2]\n", "a = [,]\n", "a = [1,,2]\n", "\n\n# only\n", "", "[]\n", "[[]]\n", "[a]]\n", "[[a]\n", "= 1\n", "a =\n",
		"a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
		"a = [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]\n",
	)
}

// checkFast fails when fastTOML accepts src but BurntSushi/toml would not,
// or would decode it differently, or the position scanner would find it
// nested too deep.
func checkFast(t testing.TB, src string) bool {
	tree, rootKeys, ok := fastTOML(src)
	if !ok {
		return false
	}
	var generic any
	md, err := toml.Decode(src, &generic)
	if err != nil {
		t.Fatalf("fastTOML accepted what BurntSushi rejects (%v):\n%s", err, src)
	}
	if !sameTree(tree, generic) {
		t.Fatalf("fastTOML decoded %#v, BurntSushi %#v:\n%s", tree, generic, src)
	}
	var want []string
	for _, k := range md.Keys() {
		if len(k) == 1 {
			want = append(want, k[0])
		}
	}
	if !slices.Equal(rootKeys, want) {
		t.Fatalf("fastTOML root keys %q, BurntSushi %q:\n%s", rootKeys, want, src)
	}
	if _, deep := nestingTooDeep([]byte(src)); deep || nestedTooDeep(src) {
		t.Fatalf("fastTOML accepted what the position scanner finds nested too deep:\n%s", src)
	}
	return true
}

// sameTree compares decoded trees, types and float bits included.
func sameTree(a, b any) bool {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, v := range a {
			w, ok := b[k]
			if !ok || !sameTree(v, w) {
				return false
			}
		}
		return true
	case []map[string]any:
		b, ok := b.([]map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !sameTree(a[i], b[i]) {
				return false
			}
		}
		return true
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) || (a == nil) != (b == nil) {
			return false
		}
		for i := range a {
			if !sameTree(a[i], b[i]) {
				return false
			}
		}
		return true
	case float64:
		b, ok := b.(float64)
		return ok && math.Float64bits(a) == math.Float64bits(b)
	case int64, string, bool:
		return a == b
	}
	return false
}

// TestFastTOML: the shipped files take the fast path, and on every seed
// the fast parser agrees with BurntSushi/toml whenever it answers.
func TestFastTOML(t *testing.T) {
	accepted := 0
	for _, src := range fastSeeds(t) {
		if checkFast(t, src) {
			accepted++
		}
	}
	for name, src := range lazyInputs(t) {
		if _, _, ok := fastTOML(src); !ok && (strings.HasPrefix(name, "crafts/") || strings.HasPrefix(name, "missions/")) {
			t.Errorf("shipped %s does not take the fast path", name)
		}
	}
	t.Logf("%d seeds accepted", accepted)
}

// FuzzFastTOML: whatever the fast parser accepts, BurntSushi/toml accepts
// and decodes to the same tree.
func FuzzFastTOML(f *testing.F) {
	for _, s := range fastSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		defer watchHang(src)()
		checkFast(t, src)
	})
}

// TestFastTOMLRandomDocuments: random documents from small pieces, with
// few key names so that tables and keys collide often; the fast parser
// agrees with BurntSushi/toml on each it accepts, and accepts many.
func TestFastTOMLRandomDocuments(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	pick := func(s ...string) string { return s[rng.IntN(len(s))] }
	key := func() string { return pick("a", "b", "c", "part", "shape", "1", "-x_") }
	var value func(depth int) string
	value = func(depth int) string {
		switch rng.IntN(9) {
		case 0:
			return pick("0", "-0", "7", "-12", "9223372036854775807", "-9223372036854775808", "00", "+1", "1_0")
		case 1:
			return pick("0.5", "-0.0", "1e5", "1E-5", "6.02e+23", "1e05", "3.14159265358979323846", "1e-400", "1e400", "1.", "-.5", "0e0")
		case 2:
			return pick(`""`, `"x # y"`, `"é"`, `"a\"b"`, `"\u00e9"`, `'lit'`, `''`, `'''m'''`, "\"\"\"\nl1\nl2\"\"\"", "\"\"\"x\"\"\"\"", "\"\"\"\"\"\"")
		case 3:
			return pick("true", "false", "truex", "nan", "inf", "1979-05-27")
		case 4, 5:
			if depth > 3 {
				return "[]"
			}
			n := rng.IntN(4)
			s := "["
			for i := range n {
				if i > 0 {
					s += pick(",", ", ", ",\n", " ,", ", # c\n")
				}
				s += pick("", " ", "\n") + value(depth+1)
			}
			return s + pick("]", ",]", "\n]", " ]", " # c\n]")
		}
		return pick("1", "2.5", `"s"`)
	}
	accepted := 0
	for range 20000 {
		var b strings.Builder
		for range rng.IntN(12) {
			switch rng.IntN(7) {
			case 0:
				b.WriteString(pick("[", "[ ", "[[", "[[ ") + key())
				for rng.IntN(3) == 0 {
					b.WriteString(pick(".", " . ") + key())
				}
				b.WriteString(pick("]", " ]", "]]", " ]]"))
			case 1:
				b.WriteString(pick("# comment", "", "  ", "\t# c #"))
			default:
				b.WriteString(pick("", "  ", "\t") + key() + pick(" = ", "=", " =\t") + value(0) + pick("", " ", " # c", "#c"))
			}
			b.WriteString(pick("\n", "\n", "\n\n", ""))
		}
		if checkFast(t, b.String()) {
			accepted++
		}
	}
	if accepted < 1000 {
		t.Errorf("only %d of 20000 random documents took the fast path", accepted)
	}
	t.Logf("%d of 20000 accepted", accepted)
}
