package craft

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite data/schema/*.json from the file structs")

// schemaOf builds the JSON Schema (draft-07) of a file struct from its tags.
func schemaOf(t reflect.Type, doc, def, enum string) map[string]any {
	s := map[string]any{}
	if t == reflect.TypeOf(inertiaValue{}) || t == reflect.TypeOf(&inertiaValue{}) {
		s["oneOf"] = []any{
			vecSchema("number", 3),
			map[string]any{"type": "array", "minItems": 3, "maxItems": 3, "items": vecSchema("number", 3)},
		}
	} else {
		switch t.Kind() {
		case reflect.Pointer:
			return schemaOf(t.Elem(), doc, def, enum)
		case reflect.Float64:
			s["type"] = "number"
		case reflect.Int:
			s["type"] = "integer"
		case reflect.String:
			s["type"] = "string"
		case reflect.Bool:
			s["type"] = "boolean"
		case reflect.Array:
			s["type"] = "array"
			s["minItems"], s["maxItems"] = t.Len(), t.Len()
			s["items"] = schemaOf(t.Elem(), "", "", "")
		case reflect.Slice:
			s["type"] = "array"
			s["items"] = schemaOf(t.Elem(), "", "", "")
		case reflect.Struct:
			s["type"] = "object"
			s["additionalProperties"] = false
			props := map[string]any{}
			var required []string
			for i := range t.NumField() {
				f := t.Field(i)
				key := f.Tag.Get("toml")
				if key == "" || key == "-" {
					continue
				}
				props[key] = schemaOf(f.Type, f.Tag.Get("doc"), f.Tag.Get("def"), f.Tag.Get("enum"))
				if requiredDoc.MatchString(f.Tag.Get("doc")) {
					required = append(required, key)
				}
			}
			s["properties"] = props
			if required != nil {
				s["required"] = required
			}
		}
	}
	if doc != "" {
		s["description"] = doc
	}
	if enum != "" {
		s["enum"] = strings.Split(enum, ",")
	}
	if def != "" {
		var v any
		if err := json.Unmarshal([]byte(def), &v); err != nil {
			panic("bad def tag " + def)
		}
		s["default"] = v
	}
	return s
}

// requiredDoc matches docs of keys that are always required ("…; required"
// or "…; required, …"), not "required for kind = …".
var requiredDoc = regexp.MustCompile(`; required($|,)`)

func vecSchema(typ string, n int) map[string]any {
	return map[string]any{"type": "array", "minItems": n, "maxItems": n, "items": map[string]any{"type": typ}}
}

func schemaFile(title string, t reflect.Type) []byte {
	s := schemaOf(t, "", "", "")
	s["$schema"] = "http://json-schema.org/draft-07/schema#"
	s["title"] = title
	if t == reflect.TypeOf(missionFile{}) {
		// Keys required by the kind, as the loader checks them.
		kind := func(k string) map[string]any {
			return map[string]any{"properties": map[string]any{"kind": map[string]any{"const": k}}, "required": []string{"kind"}}
		}
		s["allOf"] = []any{
			map[string]any{"if": kind("land"), "then": map[string]any{
				"required":   []string{"environment"},
				"properties": map[string]any{"environment": map[string]any{"required": []string{"pad"}}},
			}},
			map[string]any{"if": kind("dock"), "then": map[string]any{"required": []string{"target"}}},
		}
		// [environment.orbit] takes exactly one of its keys.
		env := s["properties"].(map[string]any)["environment"].(map[string]any)
		orbit := env["properties"].(map[string]any)["orbit"].(map[string]any)
		orbit["oneOf"] = []any{
			map[string]any{"required": []string{"mean_motion"}},
			map[string]any{"required": []string{"altitude"}},
		}
	}
	b, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		panic(err)
	}
	return append(b, '\n')
}

var schemas = []struct {
	file  string
	title string
	typ   reflect.Type
}{
	{"../data/schema/craft.schema.json", "Spaceflight craft file (format 1); see docs/craft-files.md", reflect.TypeOf(craftFile{})},
	{"../data/schema/mission.schema.json", "Spaceflight mission file (format 1); see docs/mission-files.md", reflect.TypeOf(missionFile{})},
}

// The schema files are what the struct tags say (refresh with -update).
func TestSchemaUpToDate(t *testing.T) {
	for _, s := range schemas {
		want := schemaFile(s.title, s.typ)
		if *update {
			if err := os.WriteFile(s.file, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(s.file)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is out of date: run go test ./craft -run Schema -update", s.file)
		}
	}
}

// loaderKeys lists every key path the loader accepts ("part.shape.kind"),
// by reflection over the toml tags.
func loaderKeys(t reflect.Type, prefix string, out *[]string) {
	for t.Kind() == reflect.Pointer || t.Kind() == reflect.Slice {
		t = t.Elem()
	}
	if t.Kind() != reflect.Struct || t == reflect.TypeOf(inertiaValue{}) {
		return
	}
	for i := range t.NumField() {
		key := t.Field(i).Tag.Get("toml")
		if key == "" || key == "-" {
			continue
		}
		p := joinPath(prefix, key)
		*out = append(*out, p)
		loaderKeys(t.Field(i).Type, p, out)
	}
}

// schemaKeys lists every property path in a parsed JSON Schema.
func schemaKeys(s map[string]any, prefix string, out *[]string) {
	if items, ok := s["items"].(map[string]any); ok && s["type"] == "array" {
		schemaKeys(items, prefix, out)
	}
	props, _ := s["properties"].(map[string]any)
	for k, v := range props {
		p := joinPath(prefix, k)
		*out = append(*out, p)
		if m, ok := v.(map[string]any); ok {
			schemaKeys(m, p, out)
		}
	}
}

// The schemas in data/schema name exactly the keys the loader accepts.
func TestSchemaKeysMatchLoader(t *testing.T) {
	for _, s := range schemas {
		b, err := os.ReadFile(s.file)
		if err != nil {
			t.Fatal(err)
		}
		var js map[string]any
		if err := json.Unmarshal(b, &js); err != nil {
			t.Fatalf("%s: %v", s.file, err)
		}
		var fromSchema, fromLoader []string
		schemaKeys(js, "", &fromSchema)
		loaderKeys(s.typ, "", &fromLoader)
		slices.Sort(fromSchema)
		slices.Sort(fromLoader)
		if !slices.Equal(fromSchema, fromLoader) {
			t.Errorf("%s keys differ from the loader's:\n schema %v\n loader %v", s.file, fromSchema, fromLoader)
		}
		if len(fromLoader) < 20 {
			t.Errorf("only %d loader keys: reflection found too little", len(fromLoader))
		}
	}
}

// The docs describe every key.
func TestDocsMentionEveryKey(t *testing.T) {
	for _, d := range []struct {
		doc string
		typ reflect.Type
	}{{"../docs/craft-files.md", reflect.TypeOf(craftFile{})}, {"../docs/mission-files.md", reflect.TypeOf(missionFile{})}} {
		b, err := os.ReadFile(d.doc)
		if err != nil {
			t.Fatal(err)
		}
		var keys []string
		loaderKeys(d.typ, "", &keys)
		for _, k := range keys {
			if !bytes.Contains(b, []byte("`"+k+"`")) {
				t.Errorf("%s does not describe `%s`", d.doc, k)
			}
		}
	}
}
