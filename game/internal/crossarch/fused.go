// Package crossarch checks that a flight is the same on every machine
// (issue 25): that no multiply-add in the flight's arithmetic is fused by
// the compiler (fused.go), and that every shipped mission flown by its
// autopilot ends in the same state on linux/amd64, linux/arm64 (under
// qemu-user) and js/wasm (under node) (crossarch.go). Its tests do the
// checking; `make crossarch`, part of `make test`, runs them. The why and
// the how are in docs/determinism.md.
package crossarch

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// Fused multiply-adds. Go computes x*y + z with one rounding — a fused
// multiply-add — wherever the machine has the instruction and nothing
// forces the product's rounding: on arm64 always, on amd64 with
// GOAMD64=v3. The same source then gives other bits on arm64 than on
// amd64 (default v1) and wasm, which never fuse. An explicit conversion,
// float64(x*y) + z, forces the rounding. Which sums were fused is read from
// the compiled code: an arm64 binary, disassembled by `go tool objdump`,
// and its FMADDD, FMSUBD, FNMADDD and FNMSUBD instructions.

// Site is one fused multiply-add in a compiled binary.
type Site struct {
	Package string // the package of the function that holds it
	Func    string // that function, as the linker names it
	File    string // the function's source file
	Pos     string // the instruction's source, file:line (an inlined call's own file)
	Instr   string // the instruction, e.g. "FMADDD F1, F2, F3, F0"
}

func (s Site) String() string {
	fn := strings.TrimPrefix(s.Func, s.Package+".")
	return fmt.Sprintf("%s %s: %s %s", filepath.Base(s.File), fn, s.Pos, s.Instr)
}

// Call is a direct call in a compiled binary.
type Call struct {
	Package string // the package of the calling function
	Func    string // the calling function
	File    string // its source file
	Pos     string // the call's source, file:line
	Callee  string // the function called
}

func (c Call) String() string {
	fn := strings.TrimPrefix(c.Func, c.Package+".")
	return fmt.Sprintf("%s %s: %s calls %s", filepath.Base(c.File), fn, c.Pos, c.Callee)
}

// Code is what the scan reads from binaries: their fused multiply-adds
// and their direct calls, in the binaries' order. Functions from _test.go
// files are left out: a test binary's own checks are not the code it
// tests.
type Code struct {
	Sites []Site
	Calls []Call
	funcs map[string]bool // the functions read, each once
}

// fusedOp matches arm64's double-precision fused multiply-adds.
var fusedOp = regexp.MustCompile(`\b(FMADDD|FMSUBD|FNMADDD|FNMSUBD)\b`)

// callOp matches a direct call: "CALL pkg.F(SB)".
var callOp = regexp.MustCompile(`\bCALL (\S+)\(SB\)`)

// Disassemble reads the arm64 binaries bins with `go tool objdump`. A
// function already read from an earlier binary is not read again: the
// same package's code, compiled the same way.
func Disassemble(bins ...string) (*Code, error) {
	code := &Code{}
	for _, bin := range bins {
		cmd := exec.Command("go", "tool", "objdump", bin)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			return nil, err
		}
		if err := cmd.Start(); err != nil {
			return nil, err
		}
		perr := code.parseObjdump(out)
		if err := cmd.Wait(); err != nil {
			return nil, fmt.Errorf("go tool objdump %s: %v: %s", bin, err, stderr.String())
		}
		if perr != nil {
			return nil, perr
		}
	}
	return code, nil
}

// parseObjdump reads `go tool objdump` output into c: a "TEXT symbol(SB)
// file" line opens each function, and each instruction line reads
// "  file.go:line  0xaddr  hex  OP args". Functions c holds already are
// skipped.
func (c *Code) parseObjdump(r io.Reader) error {
	var fn, file, pkg string
	skip := false
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	seen := map[string]bool{} // this binary's functions, added to c.funcs at the end
	for sc.Scan() {
		line := sc.Text()
		if rest, ok := strings.CutPrefix(line, "TEXT "); ok {
			sym, f, _ := strings.Cut(rest, " ")
			fn, file = strings.TrimSuffix(sym, "(SB)"), f
			pkg = symbolPackage(fn)
			skip = c.funcs[fn]
			seen[fn] = true
			continue
		}
		if fn == "" || skip || strings.HasSuffix(file, "_test.go") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 4 || strings.Contains(f[0], "_test.go:") { // a test file's variables, in the package's init
			continue
		}
		if m := callOp.FindStringSubmatch(line); m != nil {
			c.Calls = append(c.Calls, Call{Package: pkg, Func: fn, File: file, Pos: f[0], Callee: m[1]})
			continue
		}
		if !fusedOp.MatchString(line) {
			continue
		}
		i := slices.IndexFunc(f, func(s string) bool { return fusedOp.MatchString(s) })
		c.Sites = append(c.Sites, Site{Package: pkg, Func: fn, File: file, Pos: f[0], Instr: strings.Join(f[i:], " ")})
	}
	if c.funcs == nil {
		c.funcs = map[string]bool{}
	}
	for f := range seen {
		c.funcs[f] = true
	}
	return sc.Err()
}

// FusingCalls returns the calls from functions of the packages from
// accepts into functions of the packages into accepts that fuse — hold a
// fused multiply-add, or call, through functions of those same packages,
// one that does. (A call into mgl64 is as fused as an inlined one; calls
// into the runtime are not followed.)
func (c *Code) FusingCalls(from, into func(pkg string) bool) []Call {
	fuses := map[string]bool{}
	for _, s := range c.Sites {
		if into(s.Package) {
			fuses[s.Func] = true
		}
	}
	for changed := true; changed; { // to the fixed point: callers of fusing functions fuse
		changed = false
		for _, call := range c.Calls {
			if into(call.Package) && into(symbolPackage(call.Callee)) && fuses[call.Callee] && !fuses[call.Func] {
				fuses[call.Func], changed = true, true
			}
		}
	}
	var out []Call
	for _, call := range c.Calls {
		if from(call.Package) && into(symbolPackage(call.Callee)) && fuses[call.Callee] {
			out = append(out, call)
		}
	}
	return out
}

// symbolPackage is the import path of a linker symbol's package:
// "spaceflight/physics/geom.(*Polyhedron).Bounds" → "spaceflight/physics/geom",
// "github.com/go-gl/mathgl/mgl64.Vec3.Dot" → "github.com/go-gl/mathgl/mgl64".
func symbolPackage(sym string) string {
	if i := strings.IndexAny(sym, "[("); i >= 0 {
		sym = sym[:i] // type arguments and receivers may hold slashes and dots
	}
	dir, last := "", sym
	if i := strings.LastIndex(sym, "/"); i >= 0 {
		dir, last = sym[:i+1], sym[i+1:]
	}
	name, _, _ := strings.Cut(last, ".")
	return dir + name
}

// ByPackage groups sites by package.
func ByPackage(sites []Site) map[string][]Site {
	out := map[string][]Site{}
	for _, s := range sites {
		out[s.Package] = append(out[s.Package], s)
	}
	return out
}

// goEnv returns `go env NAME`.
func goEnv(name string) (string, error) {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		return "", fmt.Errorf("go env %s: %w", name, err)
	}
	return strings.TrimSpace(string(out)), nil
}
