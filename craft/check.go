package craft

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
)

// CheckResult is the outcome of checking one craft or mission file, as
// printed by Check (and its --json form).
type CheckResult struct {
	File    string       `json:"file"`
	Kind    string       `json:"kind"` // "craft" or "mission"
	OK      bool         `json:"ok"`
	Craft   *CraftInfo   `json:"craft,omitempty"`
	Mission *MissionInfo `json:"mission,omitempty"`
	Errors  []ErrorInfo  `json:"errors,omitempty"`
	// Warnings of a valid file: legal, but probably not meant (Warning).
	Warnings []WarningInfo `json:"warnings,omitempty"`
}

// WarningInfo is one Warning in JSON.
type WarningInfo struct {
	ErrorInfo
	Code string `json:"code"`
}

// CheckOptions are Check's settings.
type CheckOptions struct {
	JSON bool // print a JSON array of CheckResult instead of lines
	// Warn adds a craft's warnings that need more than the craft itself
	// (the game's thruster allocator, in game/hangar); nil adds none.
	Warn func(*Craft) []Warning
}

// CraftInfo summarises a valid craft (with its initial fuel).
type CraftInfo struct {
	Name             string     `json:"name"`
	Parts            int        `json:"parts"`
	Joints           int        `json:"joints"`
	Thrusters        int        `json:"thrusters"`
	Ports            int        `json:"ports"`
	MassKg           float64    `json:"mass_kg"`
	FuelKg           float64    `json:"fuel_kg"`
	COM              [3]float64 `json:"com_m"`
	PrincipalInertia [3]float64 `json:"principal_inertia_kg_m2"`
}

// MissionInfo summarises a valid mission.
type MissionInfo struct {
	Name       string     `json:"name"`
	Kind       string     `json:"kind"`
	Player     string     `json:"player"`
	Target     string     `json:"target,omitempty"`
	Gravity    [3]float64 `json:"gravity_m_s2"`
	TimeLimitS float64    `json:"time_limit_s"`
	Lessons    int        `json:"lessons,omitempty"`
	// MeanMotion is the orbit's n in an orbit mission (rad/s), else 0.
	MeanMotion float64 `json:"mean_motion_rad_s,omitempty"`
}

// ErrorInfo is one Error in JSON.
type ErrorInfo struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Path    string `json:"path"`
	Message string `json:"message"`
	// More is set on the last item of a file whose errors were cut at
	// MaxErrors: how many more it has that are not listed.
	More int `json:"more,omitempty"`
}

var (
	looksLikeCraft   = regexp.MustCompile(`(?m)^\s*\[\[\s*part\s*\]\]`)
	looksLikeMission = regexp.MustCompile(`(?m)^\s*(\[\s*player\s*\]|kind\s*=)`)
)

// Check validates crafts and missions for `spaceflight check`. Each arg is
// a file path, a folder (its .toml files and those in its crafts/ and
// missions/), or else a craft or mission name in lib; with no args it
// checks every craft and mission in lib. It prints one line per file — a
// summary, or every error as FILE:LINE:COL: key.path: message — or, with
// jsonOut, a JSON array of CheckResult. A valid file's warnings follow its
// summary, one line each (FILE:LINE:COL: key.path: warning: message). It
// returns the exit code: 0 when all files are valid (warnings or not), 1
// otherwise.
func Check(lib *Library, args []string, jsonOut bool, stdout io.Writer) int {
	return CheckWith(lib, args, CheckOptions{JSON: jsonOut}, stdout)
}

// CheckWith is Check with options.
func CheckWith(lib *Library, args []string, opts CheckOptions, stdout io.Writer) int {
	c := checker{lib: lib, warn: opts.Warn}
	jsonOut := opts.JSON
	var results []CheckResult
	if len(args) == 0 {
		for _, n := range lib.Crafts() {
			results = append(results, c.craft(n))
		}
		for _, n := range lib.Missions() {
			results = append(results, c.mission(n))
		}
	}
	for _, a := range args {
		if fi, err := os.Stat(a); err == nil && fi.IsDir() {
			// A folder: every .toml in it and in its crafts/ and missions/.
			var files []string
			for _, pat := range []string{"*.toml", "crafts/*.toml", "missions/*.toml"} {
				m, _ := filepath.Glob(filepath.Join(a, pat))
				files = append(files, m...)
			}
			if len(files) == 0 {
				results = append(results, failed(a, "", &Error{File: a, Msg: "no .toml files in this folder or its crafts/ and missions/"}))
			}
			for _, f := range files {
				results = append(results, c.arg(f))
			}
			continue
		}
		results = append(results, c.arg(a))
	}
	code := 0
	for _, r := range results {
		if !r.OK {
			code = 1
		}
	}
	if jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if results == nil {
			results = []CheckResult{}
		}
		if err := enc.Encode(results); err != nil {
			return 1
		}
		return code
	}
	for _, r := range results {
		fmt.Fprintln(stdout, r.String())
	}
	return code
}

// String formats the result as Check prints it.
func (r CheckResult) String() string {
	switch {
	case !r.OK:
		var b strings.Builder
		for i, e := range r.Errors {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString((&Error{File: e.File, Line: e.Line, Col: e.Col, Path: e.Path, Msg: e.Message}).Error())
		}
		return b.String()
	case r.Craft != nil:
		c := r.Craft
		return fmt.Sprint(fmt.Sprintf("%s: ok: craft %q: %s, %s, %.1f kg (%.1f kg fuel), centre of mass (%.3f, %.3f, %.3f) m, principal inertia (%.4g, %.4g, %.4g) kg·m², %s, %s",
			Printable(r.File), c.Name, count(c.Parts, "part"), count(c.Joints, "joint"), c.MassKg, c.FuelKg, c.COM[0], c.COM[1], c.COM[2],
			c.PrincipalInertia[0], c.PrincipalInertia[1], c.PrincipalInertia[2], count(c.Thrusters, "thruster"), count(c.Ports, "port")), r.warningLines())
	case r.Mission != nil:
		m := r.Mission
		s := fmt.Sprintf("%s: ok: mission %q (%s): player %q", Printable(r.File), m.Name, m.Kind, m.Player)
		if m.Target != "" {
			s += fmt.Sprintf(", target %q", m.Target)
		}
		if m.MeanMotion > 0 {
			s += fmt.Sprintf(", in orbit: n %.4g rad/s (%.4g°/s), period %s", m.MeanMotion, m.MeanMotion*180/math.Pi, duration(2*math.Pi/m.MeanMotion))
		} else {
			s += fmt.Sprintf(", gravity (%g, %g, %g) m/s²", m.Gravity[0], m.Gravity[1], m.Gravity[2])
		}
		if m.Lessons > 0 {
			s += ", " + count(m.Lessons, "lesson")
		}
		if m.TimeLimitS == 0 {
			return s + ", no time limit" + r.warningLines()
		}
		return s + fmt.Sprintf(", time limit %g s", m.TimeLimitS) + r.warningLines()
	}
	return Printable(r.File) + ": ok"
}

// warningLines returns the warnings, each on a line of its own after a
// newline; "" without any.
func (r CheckResult) warningLines() string {
	var b strings.Builder
	for _, w := range r.Warnings {
		b.WriteByte('\n')
		b.WriteString((&Warning{File: w.File, Line: w.Line, Col: w.Col, Path: w.Path, Msg: w.Message}).String())
	}
	return b.String()
}

// checker checks one file at a time for CheckWith.
type checker struct {
	lib  *Library
	warn func(*Craft) []Warning
}

func (c checker) arg(a string) CheckResult {
	lib := c.lib
	fi, err := os.Stat(a)
	if err == nil && !fi.IsDir() {
		kind := kindOfFile(a)
		if kind == "mission" {
			return c.mission(a)
		}
		if kind == "craft" {
			return c.craft(a)
		}
		return failed(a, "", &Error{File: a, Line: 1, Col: 1, Msg: "cannot tell whether this is a craft (it has no [[part]]) or a mission (it has no kind = … or [player])"})
	}
	var pe *fs.PathError
	switch {
	case isPath(a) && errors.Is(err, syscall.ELOOP):
		return failed(a, "", &Error{File: a, Msg: "a loop of symbolic links (too many levels of links to follow)", cause: err})
	case isPath(a) && err != nil && !errors.Is(err, fs.ErrNotExist) && errors.As(err, &pe):
		return failed(a, "", &Error{File: a, Msg: pe.Err.Error(), cause: err})
	case isPath(a):
		return failed(a, "", &Error{File: a, Msg: "no such file"})
	}
	_, errC := lib.find("crafts", a, nil)
	_, errM := lib.find("missions", a, nil)
	switch {
	case errC == nil && errM == nil:
		return failed(a, "", &Error{File: a, Msg: "both a craft and a mission have this name; give the file path"})
	case errC == nil:
		return c.craft(a)
	case errM == nil:
		return c.mission(a)
	}
	return failed(a, "", &Error{File: a, Msg: fmt.Sprintf("no such file, craft or mission%s", didYouMean(a, append(lib.Crafts(), lib.Missions()...)))})
}

// kindOfFile tells crafts from missions by folder name, then by content.
func kindOfFile(p string) string {
	switch filepath.Base(filepath.Dir(p)) {
	case "crafts":
		return "craft"
	case "missions":
		return "mission"
	}
	b, err := (source{path: p}).read()
	if err != nil {
		return "craft" // let the loader report the read error
	}
	switch {
	case looksLikeCraft.Match(b):
		return "craft"
	case looksLikeMission.Match(b):
		return "mission"
	}
	return ""
}

func failed(file, kind string, errs ...*Error) CheckResult {
	r := CheckResult{File: file, Kind: kind}
	for _, e := range errs {
		f := e.File
		if f == "" {
			f = file
		}
		r.Errors = append(r.Errors, ErrorInfo{File: f, Line: e.Line, Col: e.Col, Path: e.Path, Message: e.Msg, More: e.More})
	}
	return r
}

func (ck checker) craft(ref string) CheckResult {
	src, err := ck.lib.find("crafts", ref, nil)
	if err != nil {
		return failed(ref, "craft", Errors(err)...)
	}
	file := src.shown
	c, err := loadCraftFrom(src)
	if err != nil {
		return failed(file, "craft", Errors(err)...)
	}
	mp := c.MassProps(nil)
	mom, _ := PrincipalMoments(mp.Inertia)
	var fuel float64
	for _, t := range c.Tanks {
		fuel += t.Fuel
	}
	ws := c.Warnings()
	if ck.warn != nil {
		ws = append(ws, ck.warn(c)...)
	}
	return CheckResult{File: file, Kind: "craft", OK: true, Craft: &CraftInfo{
		Name: c.Name, Parts: len(c.Parts), Joints: len(c.Joints), Thrusters: len(c.Thrusters), Ports: len(c.Ports),
		MassKg: mp.Mass, FuelKg: fuel, COM: mp.COM, PrincipalInertia: mom,
	}, Warnings: located(ws, src)}
}

// located returns ws with their lines, read from src, in JSON form.
func located(ws []Warning, src source) []WarningInfo {
	if len(ws) == 0 {
		return nil
	}
	if b, err := src.read(); err == nil {
		Locate(ws, string(b))
	}
	out := make([]WarningInfo, len(ws))
	for i, w := range ws {
		out[i] = WarningInfo{ErrorInfo{File: src.shown, Line: w.Line, Col: w.Col, Path: w.Path, Message: w.Msg}, w.Code}
	}
	return out
}

func (ck checker) mission(ref string) CheckResult {
	lib := ck.lib
	src, err := lib.find("missions", ref, nil)
	if err != nil {
		return failed(ref, "mission", Errors(err)...)
	}
	file := src.shown
	m, _, err := lib.loadMissionFrom(src)
	if err != nil {
		return failed(file, "mission", Errors(err)...)
	}
	info := &MissionInfo{Name: m.Name, Kind: m.Kind, Player: m.Player.Craft, Gravity: m.Gravity, TimeLimitS: m.TimeLimit, Lessons: len(m.Lessons)}
	if m.Target != nil {
		info.Target = m.Target.Craft
	}
	if m.Orbit != nil {
		info.MeanMotion = m.Orbit.MeanMotion
	}
	return CheckResult{File: file, Kind: "mission", OK: true, Mission: info, Warnings: located(m.MissionWarnings(), src)}
}

// duration writes a time in seconds in the unit that suits it: "6.28 s",
// "92 min", "23.9 h", "121 days".
func duration(s float64) string {
	switch {
	case s < 120:
		return fmt.Sprintf("%.3g s", s)
	case s < 120*60:
		return fmt.Sprintf("%.0f min", s/60)
	case s < 48*3600:
		return fmt.Sprintf("%.3g h", s/3600)
	}
	return fmt.Sprintf("%.0f days", s/86400)
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}
