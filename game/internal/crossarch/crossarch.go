package crossarch

import (
	"bufio"
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The same flight on three machines: a package's test binary is built for
// each Platform and run there — natively, under qemu-user, under node — and
// the checkpoints its test logs ("HASH mission tick hash" lines, see
// game/flight's TestShippedMissionHashes) are compared.

// Platform is a GOOS/GOARCH pair, how its binaries are built and how they
// run here.
type Platform struct {
	Name         string // for the report
	GOOS, GOARCH string
	// Exec is the command that runs a binary of the platform, with the
	// binary and its arguments after it; empty: run it directly.
	Exec []string
	// Lenient platforms may differ without failing the check when
	// CROSSARCH_STRICT=0: their difference is logged.
	Lenient bool
}

func (p Platform) String() string { return p.Name }

// Platforms returns the machines a flight must agree on: this one
// (linux/amd64 in CI), linux/arm64 under qemu-aarch64-static (lenient
// with CROSSARCH_STRICT=0) and js/wasm under node with Go's own wasm
// runner.
func Platforms() ([]Platform, error) {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return nil, err
	}
	goos, err := goEnv("GOHOSTOS")
	if err != nil {
		return nil, err
	}
	goarch, err := goEnv("GOHOSTARCH")
	if err != nil {
		return nil, err
	}
	qemu := []string{"qemu-aarch64-static"}
	return []Platform{
		{Name: goos + "/" + goarch + " (native)", GOOS: goos, GOARCH: goarch},
		{Name: "linux/arm64 (qemu-user)", GOOS: "linux", GOARCH: "arm64", Exec: qemu, Lenient: true},
		{Name: "js/wasm (node)", GOOS: "js", GOARCH: "wasm", Exec: []string{filepath.Join(goroot, "lib", "wasm", "go_js_wasm_exec")}},
	}, nil
}

// BuildTest compiles the tests of package pkg (an import path or ./dir)
// for platform p into the file out.
func BuildTest(p Platform, pkg, out string) error {
	cmd := exec.Command("go", "test", "-c", "-o", out, pkg)
	cmd.Env = append(os.Environ(), "GOOS="+p.GOOS, "GOARCH="+p.GOARCH, "CGO_ENABLED=0")
	if msg, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("building %s's tests for %s: %v\n%s", pkg, p, err, msg)
	}
	return nil
}

// Run runs the test binary bin of platform p in dir (the package's folder:
// its tests read testdata/ from there) with args, and returns what it
// printed; err is set when it could not be started or did not pass.
func Run(p Platform, bin, dir string, args ...string) ([]byte, error) {
	argv := append(append(append([]string{}, p.Exec...), bin), args...)
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("%s: %w (make test installs it: .ci/packages.sh test)", p, err)
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.Bytes(), err
}

// Checkpoint is a flight's state hash at a tick.
type Checkpoint struct {
	Tick uint64
	Hash string
}

// Flights maps a mission to its checkpoints, in the order logged.
type Flights map[string][]Checkpoint

var hashLine = regexp.MustCompile(`\bHASH (\S+) (\d+) ([0-9a-f]{16})\s*$`)

// ParseHashes reads the "HASH mission tick hash" lines a test logged.
func ParseHashes(out []byte) Flights {
	fl := Flights{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := hashLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		tick, err := strconv.ParseUint(m[2], 10, 64)
		if err != nil {
			continue
		}
		fl[m[1]] = append(fl[m[1]], Checkpoint{tick, m[3]})
	}
	return fl
}

// Diff compares the flights got with the reference ref, mission by
// mission, and returns one line per mission that differs: between which
// checkpoints it parts from the reference, or that it is missing.
func Diff(ref, got Flights) []string {
	var out []string
	names := slices.Concat(slices.Collect(maps.Keys(ref)), slices.Collect(maps.Keys(got)))
	slices.Sort(names)
	for _, name := range slices.Compact(names) {
		a, b := ref[name], got[name]
		if len(a) == 0 || len(b) == 0 {
			out = append(out, fmt.Sprintf("%s: flown %d checkpoints, the reference %d", name, len(b), len(a)))
			continue
		}
		i := 0
		for i < len(a) && i < len(b) && a[i] == b[i] {
			i++
		}
		switch {
		case i == len(a) && i == len(b):
			continue
		case i == len(a) || i == len(b):
			out = append(out, fmt.Sprintf("%s: the same for %d checkpoints, then %d more, the reference %d more",
				name, i, len(b)-i, len(a)-i))
		case i == 0:
			out = append(out, fmt.Sprintf("%s: differs as loaded (tick %d): %s, the reference %s", name, b[0].Tick, b[0].Hash, a[0].Hash))
		default:
			out = append(out, fmt.Sprintf("%s: the same at tick %d, differs at tick %d: %s, the reference %s",
				name, a[i-1].Tick, b[i].Tick, b[i].Hash, a[i].Hash))
		}
	}
	return out
}

// Strict reports whether a difference on p fails the check: always, but
// on a Lenient platform not with CROSSARCH_STRICT=0 (the Makefile's
// switch, 1 since physics/ has no fused multiply-adds: 0 is for a change
// that is known to part arm64 from amd64 while it is being fixed).
func Strict(p Platform) bool {
	return !p.Lenient || strings.TrimSpace(os.Getenv("CROSSARCH_STRICT")) != "0"
}
