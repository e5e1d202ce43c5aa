package hangar

import (
	"embed"
	"fmt"
	"slices"
	"strings"
)

// The templates a new craft starts from in the hangar: small crafts in the
// shipped files' style, each with one of what the modder copies in symmetry
// (a leg and an RCS quad, a quad to mirror, a solar wing).
//
//go:embed templates/*.toml
var templates embed.FS

// Templates names the templates: lander, satellite, shuttle.
func Templates() []string {
	ents, _ := templates.ReadDir("templates")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".toml"))
	}
	slices.Sort(out)
	return out
}

// Template returns the text of template name for a new craft of library
// name ref: its name is ref's, words capitalised ("my-lander" → "My
// lander"), and the rest as the template has it.
func Template(name, ref string) ([]byte, error) {
	b, err := templates.ReadFile("templates/" + name + ".toml")
	if err != nil {
		return nil, fmt.Errorf("no template %q (%s)", name, strings.Join(Templates(), ", "))
	}
	e, err := NewEditor(name+".toml", b)
	if err != nil {
		return nil, err
	}
	display := strings.ReplaceAll(ref, "-", " ")
	display = strings.ToUpper(display[:1]) + display[1:]
	if err := e.Doc.Set("name", display); err != nil {
		return nil, err
	}
	return e.Text(), nil
}
