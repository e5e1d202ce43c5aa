package game

import (
	"fmt"
	"sort"
	"strings"

	"spaceflight/craft"
)

// Reading settings.toml when some of it is not TOML: a line the decoder
// cannot read costs that line (and the lines of its statement up to the
// mistake), however many such lines there are, and every other setting is
// taken — the README's promise. A file that is TOML is read whole, as any
// other.

// MaxSettingsSize is the largest settings file read (bytes): twenty times
// the file the game writes. Lines that are not TOML cost about 10 µs each
// to pass over, so a file of this size reads in well under a second
// whatever it holds.
const MaxSettingsSize = 64 << 10

// maxStatementLines is the most lines one statement's value may span
// (an array of key names written one per line); a longer one is read as
// lines that are not TOML.
const maxStatementLines = 64

// maxNamedProblems is how many lines that are not TOML the message names
// one by one; the rest are counted.
const maxNamedProblems = 8

// settingsTree decodes a settings file into its tables. A file that is
// TOML is decoded whole. One that is not is read statement by statement —
// a table header, or a key = value with the lines its value spans — each
// decoded on its own: one that fails costs its lines (to the line of its
// mistake), named in problems; the rest are kept. The time this takes
// grows with the file's length, not with the number of its mistakes. err
// is set only when nothing can be read (a file over the size limit).
func settingsTree(path, text string) (tree map[string]any, problems []string, err error) {
	if len(text) > MaxSettingsSize {
		return nil, nil, fmt.Errorf("%s: %w: file is %d bytes; the limit is %d", craft.Printable(path), craft.ErrTooLarge, len(text), MaxSettingsSize)
	}
	_, perr := craft.DecodeTOML(path, text, &tree)
	if perr == nil {
		return tree, nil, nil
	}
	if perr.Line < 1 {
		return nil, nil, perr
	}
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	tree = map[string]any{}
	table := tree // where the statements go: the last table header's
	more := 0     // problems not named
	note := func(line int, format string, args ...any) {
		if len(problems) == maxNamedProblems {
			more++
			return
		}
		problems = append(problems, fmt.Sprintf("line %d: ", line)+fmt.Sprintf(format, args...))
	}
	for i := 0; i < len(lines); {
		ln := strings.TrimSpace(lines[i])
		if ln == "" || ln[0] == '#' {
			i++
			continue
		}
		n, m, perr := settingsStatement(path, lines[i:])
		if perr != nil {
			last := i + min(max(perr.Line, 1), n) - 1
			what := "line skipped"
			if last > i {
				what = fmt.Sprintf("lines %d–%d skipped", i+1, last+1)
			}
			if ln[0] == '[' {
				table = map[string]any{} // its keys have no table to go to
				what += "; the keys under it are not read"
			}
			note(last+1, "%s (%s)", perr.Msg, what)
			i = last + 1
			continue
		}
		if ln[0] == '[' {
			var ok bool
			if table, ok = settingsTable(tree, m); !ok {
				note(i+1, "%s: a settings table is one name in brackets, like [keys]; the keys under it are not read", ln)
			}
		} else {
			for _, k := range sortedKeys(m) {
				if _, dup := table[k]; dup {
					note(i+1, "%s is set again: the first is kept", k)
					continue
				}
				table[k] = m[k]
			}
		}
		i += n
	}
	if more > 0 {
		problems = append(problems, fmt.Sprintf("and %d more lines skipped", more))
	}
	return tree, problems, nil
}

// settingsStatement decodes the statement that starts lines: the first
// line and as many more as its value needs (while the decoder runs out
// of text, up to maxStatementLines). It returns how many lines it spans
// and what it holds, or the decoder's error with its line counted from
// the statement's first, and n the lines tried.
func settingsStatement(path string, lines []string) (n int, m map[string]any, err *craft.Error) {
	for n = 1; n <= min(len(lines), maxStatementLines); n++ {
		m = nil
		if _, err = craft.DecodeTOML(path, strings.Join(lines[:n], "\n"), &m); err == nil {
			return n, m, nil
		}
		if !strings.Contains(err.Msg, "EOF") && !strings.Contains(err.Msg, "end of file") && !strings.Contains(err.Msg, "end of the file") {
			break
		}
	}
	return min(n, len(lines)), nil, err
}

// settingsTable is the table a header, decoded as m ({"keys": {}}), opens
// in tree: met again, the same table. Settings tables are not nested, nor
// arrays of tables: for such a header ok is false, and the table returned
// takes its keys to nowhere.
func settingsTable(tree, m map[string]any) (table map[string]any, ok bool) {
	names := sortedKeys(m) // one: the header's name
	if len(names) != 1 {
		return map[string]any{}, false
	}
	if sub, isTable := m[names[0]].(map[string]any); !isTable || len(sub) > 0 {
		return map[string]any{}, false
	}
	t, isTable := tree[names[0]].(map[string]any)
	if !isTable {
		t = map[string]any{}
		tree[names[0]] = t
	}
	return t, true
}

// sortedKeys returns m's keys in order: tables are read and written in
// name order, so that messages and files come out the same every time.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
