package craft

import (
	"bytes"
	"io/fs"
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"spaceflight/data"
)

// crlf returns the shipped crafts and missions as they are (LF) and with
// every line end CRLF, as a checkout on Windows may have them.
func crlf(t *testing.T) (lf, crlf fstest.MapFS) {
	t.Helper()
	lf, crlf = fstest.MapFS{}, fstest.MapFS{}
	err := fs.WalkDir(data.FS, ".", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".toml") {
			return err
		}
		b, err := fs.ReadFile(data.FS, p)
		if bytes.Contains(b, []byte("\r")) {
			t.Errorf("%s has a CR: the shipped files are kept with LF line ends (.gitattributes)", p)
		}
		lf[p] = &fstest.MapFile{Data: b}
		crlf[p] = &fstest.MapFile{Data: bytes.ReplaceAll(b, []byte("\n"), []byte("\r\n"))}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return lf, crlf
}

// A craft or mission with CRLF line ends is the same file: every shipped
// one converted to CRLF loads to the same spec as the original, multi-line
// texts (descriptions, briefings) with LF line breaks.
func TestCRLFShippedFiles(t *testing.T) {
	lfFS, crlfFS := crlf(t)
	lf, cr := NewLibrary(Layer{Name: "data", FS: lfFS}), NewLibrary(Layer{Name: "data", FS: crlfFS})
	crafts, missions := lf.Crafts(), lf.Missions()
	if len(crafts) < 4 || len(missions) < 6 {
		t.Fatalf("crafts %v, missions %v: want the shipped ones", crafts, missions)
	}
	for _, n := range crafts {
		want, err := lf.LoadCraft(n)
		if err != nil {
			t.Fatalf("craft %s: %v", n, err)
		}
		got, err := cr.LoadCraft(n)
		if err != nil {
			t.Errorf("craft %s with CRLF:\n%v", n, err)
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("craft %s with CRLF loads to another spec", n)
		}
	}
	for _, n := range missions {
		want, err := lf.LoadMission(n)
		if err != nil {
			t.Fatalf("mission %s: %v", n, err)
		}
		got, err := cr.LoadMission(n)
		if err != nil {
			t.Errorf("mission %s with CRLF:\n%v", n, err)
			continue
		}
		if strings.Contains(got.Briefing, "\r") {
			t.Errorf("mission %s: the briefing keeps a CR: %q", n, got.Briefing)
		}
		got.refs, want.refs = nil, nil // the text as read, for later messages
		if !reflect.DeepEqual(got, want) {
			t.Errorf("mission %s with CRLF loads to another spec", n)
		}
	}
}

// Errors and warnings in a CRLF file point at the same lines and columns
// as in the LF file, after a multi-line briefing and at a syntax error.
func TestCRLFPositions(t *testing.T) {
	mission := strings.Replace(baseMission, `kind = "dock"`, "kind = \"dock\"\nbriefing = \"\"\"\nTwo\nlines.\n\"\"\"", 1)
	for name, src := range map[string]string{
		"unknown key":   strings.Replace(mission, "closing_speed = 0.2", "closing_sped = 0.2", 1),
		"bad value":     strings.Replace(mission, "closing_speed = 0.2", "closing_speed = -1", 1),
		"syntax":        strings.Replace(mission, "closing_speed = 0.2", "closing_speed = [0.2", 1),
		"unprintable":   strings.Replace(mission, `port = "top"`, `port = "t\u0007op"`, 1),
		"duplicate key": strings.Replace(mission, "closing_speed = 0.2", "closing_speed = 0.2\nclosing_speed = 0.3", 1),
	} {
		_, errLF := ParseMission("m.toml", []byte(src))
		_, errCR := ParseMission("m.toml", []byte(strings.ReplaceAll(src, "\n", "\r\n")))
		if errLF == nil || errCR == nil || errLF.Error() != errCR.Error() {
			t.Errorf("%s: LF file says\n%v\nCRLF file says\n%v", name, errLF, errCR)
		}
	}
	c := strings.Replace(warnCraft, "format = 1", "format = 1\ndescription = '''\nTwo\nlines'''", 1)
	c = strings.ReplaceAll(c, "position = [0, -1, 0]", "position = [0.3, -1, 0]") // thrust off the centre of mass
	wLF, wCR := craftWarnings(t, c), craftWarnings(t, strings.ReplaceAll(c, "\n", "\r\n"))
	if len(wLF) == 0 || !reflect.DeepEqual(wLF, wCR) {
		t.Errorf("warnings in the LF file\n%v\nin the CRLF file\n%v", wLF, wCR)
	}
}

// craftWarnings returns the warnings of a valid craft, located in src.
func craftWarnings(t *testing.T, src string) []Warning {
	t.Helper()
	c, err := ParseCraft("w.toml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	ws := c.Warnings()
	Locate(ws, src)
	return ws
}
