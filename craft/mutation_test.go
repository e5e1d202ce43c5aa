package craft

import (
	"io/fs"
	"strings"
	"testing"
	"unicode/utf8"
)

// lineMutation breaks one line of a valid file the way hands and crashes
// do. apply returns the broken text and whether the mutation fits line i
// (0-based) at all; the error must then be reported on line i+1.
type lineMutation struct {
	name  string
	apply func(lines []string, i int) (string, bool)
}

// value splits a line "key = value  # comment" into its key part (up to
// and including "= ") and its value, without the comment and trailing
// blanks; ok is false for lines that set no value.
func splitValue(line string) (key, value string, ok bool) {
	if c := commentStart(line); c >= 0 {
		line = line[:c]
	}
	line = strings.TrimRight(line, " \t")
	i := strings.Index(line, "= ")
	if i < 0 || strings.HasPrefix(strings.TrimSpace(line), "[") || strings.Contains(line[:i], `"`) {
		return "", "", false
	}
	return line[:i+2], line[i+2:], line[i+2:] != ""
}

// with returns lines with line i replaced by repl (any number of lines).
func with(lines []string, i int, repl ...string) string {
	out := append(append(append([]string(nil), lines[:i]...), repl...), lines[i+1:]...)
	return strings.Join(out, "\n")
}

var lineMutations = []lineMutation{
	{"unclosed array, blank line after", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			return "", false
		}
		return with(l, i, k+v[:len(v)-1], ""), true
	}},
	{"unclosed array, comment after", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			return "", false
		}
		return with(l, i, k+v[:len(v)-1]+"  # the end is missing", "", "# and a comment line", ""), true
	}},
	{"unclosed array", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			return "", false
		}
		return with(l, i, k+v[:len(v)-1]), true
	}},
	{"unclosed inline table", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || !strings.HasPrefix(v, "[") || !strings.HasSuffix(v, "]") {
			return "", false
		}
		return with(l, i, k+"{x = "+v, ""), true
	}},
	{"unclosed table header", func(l []string, i int) (string, bool) {
		h := strings.TrimSpace(l[i])
		if c := commentStart(h); c >= 0 {
			h = strings.TrimSpace(h[:c])
		}
		if !strings.HasPrefix(h, "[") || !strings.HasSuffix(h, "]") {
			return "", false
		}
		return with(l, i, h[:len(h)-1], ""), true
	}},
	{"unterminated string", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || strings.HasPrefix(v, `"""`) {
			return "", false
		}
		return with(l, i, k+v[:len(v)-1], ""), true
	}},
	{"missing value", func(l []string, i int) (string, bool) {
		k, _, ok := splitValue(l[i])
		if !ok {
			return "", false
		}
		return with(l, i, k, ""), true
	}},
	{"stray word after the value", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || strings.HasPrefix(v, `"""`) {
			return "", false
		}
		return with(l, i, k+v+" x"), true
	}},
	{"truncated in an array or string", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		if !ok || len(v) < 2 || !strings.ContainsAny(v[:1], `["`) || strings.HasPrefix(v, `"""`) {
			return "", false
		}
		return strings.Join(l[:i], "\n") + "\n" + k + v[:len(v)/2], true
	}},
	{"truncated after a decimal point", func(l []string, i int) (string, bool) {
		k, v, ok := splitValue(l[i])
		d := strings.Index(v, ".")
		if !ok || d < 1 || !strings.ContainsAny(v[d-1:d], "0123456789") || strings.ContainsAny(v, `"'`) {
			return "", false
		}
		return strings.Join(l[:i], "\n") + "\n" + k + v[:d+1], true
	}},
	{"NUL byte", func(l []string, i int) (string, bool) {
		if l[i] == "" {
			return "", false
		}
		return with(l, i, l[i][:len(l[i])/2]+"\x00"+l[i][len(l[i])/2:]), true
	}},
}

// TestMutatedShippedFiles breaks every line of every shipped craft and
// mission in every way above that fits it, and requires the error on that
// very line, at a column that exists, and no '\x00' in the message.
func TestMutatedShippedFiles(t *testing.T) {
	var files []string
	for _, pat := range []string{"crafts/*.toml", "missions/*.toml"} {
		m, _ := fs.Glob(shipped().FS, pat)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("only %d shipped files: %v", len(files), files)
	}
	tried := map[string]int{}
	for _, name := range files {
		b, err := fs.ReadFile(shipped().FS, name)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(b), "\n")
		for i := range lines {
			if strings.Contains(lines[i], `"""`) || inMultiline(lines, i) {
				continue // a multi-line string: these mutations mean something else there
			}
			for _, mu := range lineMutations {
				src, ok := mu.apply(lines, i)
				if !ok {
					continue
				}
				tried[mu.name]++
				var err error
				if strings.HasPrefix(name, "crafts/") {
					_, err = ParseCraft(name, []byte(src))
				} else {
					_, err = ParseMission(name, []byte(src))
				}
				errs := Errors(err)
				if len(errs) == 0 {
					t.Errorf("%s:%d %s: accepted", name, i+1, mu.name)
					continue
				}
				e := errs[0]
				srcLines := strings.Split(src, "\n")
				if e.Line != i+1 {
					t.Errorf("%s: %s on line %d: reported on line %d: %v", name, mu.name, i+1, e.Line, e)
				} else if n := utf8.RuneCountInString(srcLines[e.Line-1]); e.Col < 1 || e.Col > n+1 {
					t.Errorf("%s: %s on line %d: column %d of a line of %d characters: %v", name, mu.name, i+1, e.Col, n, e)
				}
				if strings.Contains(e.Msg, `\x00`) || strings.ContainsRune(e.Msg, 0) {
					t.Errorf("%s: %s on line %d: message %q names a NUL", name, mu.name, i+1, e.Msg)
				}
			}
		}
	}
	for _, mu := range lineMutations {
		if tried[mu.name] == 0 {
			t.Errorf("mutation %q fits no line of the shipped files", mu.name)
		}
	}
	t.Logf("mutants per kind: %v", tried)
}

// inMultiline reports whether line i lies inside a """ string.
func inMultiline(lines []string, i int) bool {
	n := 0
	for _, l := range lines[:i] {
		n += strings.Count(l, `"""`)
	}
	return n%2 == 1
}
