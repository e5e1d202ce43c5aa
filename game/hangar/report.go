package hangar

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"

	"spaceflight/craft"
)

// NoAuthorityFraction: a rotation (one way about one axis) whose pure
// torque from the allocator is below this fraction of what its thrusters
// could give if the craft were allowed to move in other ways too
// (Authority.PosReachable) counts as having no RCS authority: 1 %.
const NoAuthorityFraction = 0.01

// Warnings returns the warnings that need the game's allocator: a rotation
// axis about which the RCS cannot turn the craft (both ways checked).
// Crafts without thrusters (a station, a target) get none: they are not
// flown. Use as craft.CheckOptions.Warn.
func Warnings(c *craft.Craft) []craft.Warning {
	if len(c.Thrusters) == 0 {
		return nil
	}
	f, err := Compute(c)
	if err != nil {
		return []craft.Warning{{File: c.File, Path: "thruster", Code: craft.WarnNoAuthority, Msg: err.Error()}}
	}
	return authorityWarnings(c, f)
}

func authorityWarnings(c *craft.Craft, f *Figures) []craft.Warning {
	var ws []craft.Warning
	path := "thruster[0]" // the first RCS thruster, else the first one
	for k, t := range c.Thrusters {
		if t.Group == craft.GroupRCS {
			path = fmt.Sprintf("thruster[%d]", k)
			break
		}
	}
	add := func(msg string) {
		ws = append(ws, craft.Warning{File: c.File, Path: path, Code: craft.WarnNoAuthority, Msg: msg})
	}
	if len(f.RCS) == 0 {
		add("no RCS thrusters: nothing turns the craft (give thrusters group = \"rcs\")")
		return ws
	}
	for _, a := range f.RCS[:3] {
		axis := fmt.Sprintf("%s (%c axis)", a.Axis, "xyz"[axisIndex(a.Axis)])
		if a.PosReachable == 0 && a.NegReachable == 0 {
			add("no RCS authority about " + axis + ": no RCS thruster turns the craft about it either way; add a pair of jets that makes a couple")
			continue
		}
		var bad []string
		for _, s := range []struct {
			sign       string
			got, reach float64
		}{{"+", a.Pos, a.PosReachable}, {"−", a.Neg, a.NegReachable}} {
			switch {
			case s.reach == 0:
				bad = append(bad, fmt.Sprintf("no RCS thruster turns it the %s way", s.sign))
			case s.got < NoAuthorityFraction*s.reach:
				bad = append(bad, fmt.Sprintf("the jets that turn it the %s way push it along too (pure torque %.3g N·m of %.3g N·m)", s.sign, s.got, s.reach))
			}
		}
		if len(bad) > 0 {
			add("no RCS authority about " + axis + ": " + strings.Join(bad, "; ") + "; add a pair of jets that makes a couple")
		}
	}
	return ws
}

func axisIndex(name string) int {
	for i, n := range axisNames {
		if n == name {
			return i % 3
		}
	}
	return 0
}

// Report is one craft's entry in `spaceflight check --report`: its figures
// and every warning, or the errors that stop it from loading.
type Report struct {
	File     string              `json:"file"`
	OK       bool                `json:"ok"`
	Figures  *Figures            `json:"figures,omitempty"`
	Warnings []craft.WarningInfo `json:"warnings,omitempty"`
	Errors   []craft.ErrorInfo   `json:"errors,omitempty"`
}

// AllWarnings returns every warning about c — the craft's own and the
// allocator's — placed in text, the content of c's file.
func AllWarnings(c *craft.Craft, f *Figures, text string) []craft.Warning {
	ws := c.Warnings()
	if len(c.Thrusters) > 0 {
		ws = append(ws, authorityWarnings(c, f)...)
	}
	craft.Locate(ws, text)
	return ws
}

// ReportOf loads a craft (library name or path) and works out its report.
func ReportOf(lib *craft.Library, ref string) Report {
	w, err := lib.WatchCraft(ref)
	if err != nil {
		r := Report{File: ref}
		for _, e := range craft.Errors(err) {
			r.Errors = append(r.Errors, craft.ErrorInfo{File: e.File, Line: e.Line, Col: e.Col, Path: e.Path, Message: e.Msg, More: e.More})
		}
		if len(r.Errors) == 0 {
			r.Errors = []craft.ErrorInfo{{File: ref, Message: err.Error()}}
		}
		return r
	}
	c := w.Value
	f, err := Compute(c)
	if err != nil {
		return Report{File: c.File, Errors: []craft.ErrorInfo{{File: c.File, Message: err.Error()}}}
	}
	r := Report{File: c.File, OK: true, Figures: f}
	for _, wn := range AllWarnings(c, f, string(w.Files()[c.File])) {
		r.Warnings = append(r.Warnings, craft.WarningInfo{ErrorInfo: craft.ErrorInfo{File: c.File, Line: wn.Line, Col: wn.Col, Path: wn.Path, Message: wn.Msg}, Code: wn.Code})
	}
	return r
}

// RunReport is `spaceflight check --report CRAFT…`: each craft's figures
// as text, or a JSON array of Report with jsonOut. It returns the exit
// code: 0 when every craft loaded, 1 otherwise, 2 without a craft.
func RunReport(lib *craft.Library, refs []string, jsonOut bool, stdout, stderr io.Writer) int {
	if len(refs) == 0 {
		fmt.Fprintln(stderr, "usage: spaceflight check --report [--json] CRAFT…")
		return 2
	}
	code := 0
	reports := make([]Report, len(refs))
	for i, ref := range refs {
		reports[i] = ReportOf(lib, ref)
		if !reports[i].OK {
			code = 1
		}
	}
	if jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		if err := enc.Encode(reports); err != nil {
			return 1
		}
		return code
	}
	for i, r := range reports {
		if i > 0 {
			fmt.Fprintln(stdout)
		}
		fmt.Fprint(stdout, r.Text())
	}
	return code
}

// Text formats the report as `check --report` prints it.
func (r Report) Text() string {
	var b strings.Builder
	if !r.OK {
		for _, e := range r.Errors {
			b.WriteString((&craft.Error{File: e.File, Line: e.Line, Col: e.Col, Path: e.Path, Msg: e.Message}).Error() + "\n")
		}
		return b.String()
	}
	for _, l := range r.Figures.Lines() {
		b.WriteString(l + "\n")
	}
	for _, w := range r.Warnings {
		b.WriteString((&craft.Warning{File: w.File, Line: w.Line, Col: w.Col, Path: w.Path, Msg: w.Message}).String() + "\n")
	}
	return b.String()
}

// Lines returns the figures as lines of text, as the report prints them
// and the hangar's side panel shows them.
func (f *Figures) Lines() []string {
	var l []string
	add := func(format string, args ...any) { l = append(l, fmt.Sprintf(format, args...)) }
	add("%s (%s)", craft.Printable(f.Craft), craft.Printable(f.File))
	add("mass            %.2f kg wet, %.2f kg dry, %.2f kg fuel", f.WetMassKg, f.DryMassKg, f.FuelKg)
	add("centre of mass  wet %s m, dry %s m", vec3(f.COMWet, 3), vec3(f.COMDry, 3))
	add("inertia         principal %.4g, %.4g, %.4g kg·m² about the wet centre of mass", f.Principal[0], f.Principal[1], f.Principal[2])
	add("                along %s, %s, %s", vec3(f.PrincipalAxes[0], 2), vec3(f.PrincipalAxes[1], 2), vec3(f.PrincipalAxes[2], 2))
	if m := f.Main; m != nil {
		var twr []string
		for _, t := range m.TWR {
			twr = append(twr, fmt.Sprintf("%.3g %s", t.Ratio, t.Gravity))
		}
		add("main engines    %.0f N along %s: %.3g m/s² wet, thrust/weight %s", m.ThrustN, vec3(m.Axis, 2), m.AccelWet, strings.Join(twr, ", "))
		add("                line of thrust %.3f m from the wet centre of mass, %.3f m from the dry", m.MissWetM, m.MissDryM)
	} else {
		add("main engines    none")
	}
	for _, dv := range f.DeltaV {
		if dv.Unlimited {
			add("Δv %-12s unlimited: a thruster draws on no tank (Isp %.0f s)", dv.Group, dv.IspS)
			continue
		}
		add("Δv %-12s %.1f m/s: Isp %.0f s, %.2f kg fuel, %.2f → %.2f kg", dv.Group, dv.DeltaVMS, dv.IspS, dv.FuelKg, dv.WetKg, dv.DryKg)
	}
	if len(f.RCS) == 0 {
		add("RCS             none")
		return l
	}
	add("RCS authority   +axis          −axis          a full +axis command also gives")
	for j, a := range f.RCS {
		add("  %-6s %s %s %s", a.Axis, accelText(a.AccelPos, a.Rotation), accelText(a.AccelNeg, a.Rotation), couplingText(j, a))
	}
	return l
}

// accelText is an acceleration, angular in °/s² or linear in m/s², padded.
func accelText(v float64, rotation bool) string {
	if rotation {
		return fmt.Sprintf("%8.3g °/s² ", v*180/math.Pi)
	}
	return fmt.Sprintf("%8.3g m/s²  ", v)
}

// couplingText lists the side effects of a full +axis command above 0.1 %
// of the commanded acceleration (same kind of axis) or 1e-3 in SI units
// (the other kind).
func couplingText(j int, a Authority) string {
	if a.Pos == 0 {
		return "—"
	}
	var parts []string
	for k, c := range a.Coupling {
		if k == j {
			continue
		}
		if (k < 3) == (j < 3) {
			if math.Abs(c) >= 1e-3 {
				parts = append(parts, fmt.Sprintf("%+.1f %% %s", 100*c, axisNames[k]))
			}
			continue
		}
		// The other kind: the acceleration itself.
		v := c * a.AccelPos
		if math.Abs(v) >= 1e-3 {
			if k < 3 {
				parts = append(parts, fmt.Sprintf("%+.3g °/s² %s", v*180/math.Pi, axisNames[k]))
			} else {
				parts = append(parts, fmt.Sprintf("%+.3g m/s² %s", v, axisNames[k]))
			}
		}
	}
	if len(parts) == 0 {
		return "nothing else"
	}
	return strings.Join(parts, ", ")
}

// vec3 formats v with prec decimals, without "-0.000".
func vec3(v [3]float64, prec int) string {
	half := 0.5 * math.Pow(10, -float64(prec))
	for i := range v {
		if math.Abs(v[i]) < half {
			v[i] = 0
		}
	}
	return fmt.Sprintf("(%.*f, %.*f, %.*f)", prec, v[0], prec, v[1], prec, v[2])
}
