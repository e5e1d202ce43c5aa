package crossarch

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// arm64 is where the compiler fuses multiply-adds whenever it may.
var arm64 = Platform{Name: "linux/arm64", GOOS: "linux", GOARCH: "arm64"}

// owned are the packages of the flight whose arithmetic must have no fused
// multiply-add: the flight, its controllers, the craft it loads, the
// physics and its geometry, and fmath, the vector helpers and math
// functions they use.
var owned = []string{"spaceflight/game/flight", "spaceflight/game/control", "spaceflight/craft",
	"spaceflight/physics", "spaceflight/physics/geom", "spaceflight/physics/fmath"}

// listed are the other packages whose fused multiply-adds are listed, not
// failed: the hangar's figures (shown, never flown), and what the flight
// reaches of mgl64 and math (the owned packages do not call those that
// fuse: the hangar and the tests do).
var listed = []string{"spaceflight/game/hangar", "github.com/go-gl/mathgl/mgl64", "math"}

// libraries are the packages outside the project whose code the flight
// runs: a call from the flight into one of their functions that fuses is
// a fused site of the flight's.
var libraries = []string{"github.com/go-gl/mathgl/mgl64", "math"}

// scanned are the packages whose tests, compiled for linux/arm64, the scan
// reads: the flight's, which run what a flight runs, and physics' and
// geom's own, which reach what no shipped craft uses yet (springs, ball
// joints, hulls, ray casts).
var scanned = []string{flightPkg, "spaceflight/physics", "spaceflight/physics/geom"}

// TestNoFusedMultiplyAdds compiles the tests of the scanned packages for
// linux/arm64 and fails on every fused multiply-add in the owned packages'
// functions (the tests' own functions aside), and on every call of theirs
// into a function of mgl64, math or another of the project's packages that
// fuses; it logs those of the listed packages. With -v it is the list:
// go test -v -run TestNoFusedMultiplyAdds ./game/internal/crossarch/
func TestNoFusedMultiplyAdds(t *testing.T) {
	var bins []string
	for _, pkg := range scanned {
		bins = append(bins, testBinary(t, arm64, pkg))
	}
	code, err := Disassemble(bins...)
	if err != nil {
		t.Fatal(err)
	}
	isOwned := func(pkg string) bool { return slices.Contains(owned, pkg) }
	other := func(pkg string) bool { // what owned code must not call if it fuses
		return slices.Contains(libraries, pkg) || strings.HasPrefix(pkg, "spaceflight/") && !isOwned(pkg)
	}
	by := ByPackage(code.Sites)
	calls := code.FusingCalls(isOwned, other)
	var counts strings.Builder
	for _, pkg := range append(slices.Clone(owned), listed...) {
		fmt.Fprintf(&counts, "\n  %-32s %4d", pkg, len(by[pkg]))
	}
	t.Logf("fused multiply-adds in the flight's packages, compiled for linux/arm64:%s", counts.String())
	for _, pkg := range owned {
		for _, s := range by[pkg] {
			t.Errorf("%s: fused: %s", pkg, s)
		}
	}
	for _, c := range calls {
		t.Errorf("%s: calls a function that fuses: %s", c.Package, c)
	}
	for _, pkg := range listed {
		if len(by[pkg]) == 0 {
			continue
		}
		var b strings.Builder
		for _, s := range by[pkg] {
			fmt.Fprintf(&b, "\n  %s", s)
		}
		t.Logf("%s: %d fused (listed, not failed):%s", pkg, len(by[pkg]), b.String())
	}
}

// The scan finds a sum the compiler fused and not the same sum with the
// product's rounding forced (testdata/probe).
func TestFusedSitesFound(t *testing.T) {
	code, err := Disassemble(testBinary(t, arm64, "./testdata/probe"))
	if err != nil {
		t.Fatal(err)
	}
	var fns []string
	for _, s := range code.Sites {
		if strings.Contains(s.Package, "probe") {
			fns = append(fns, s.Func)
			if !strings.HasPrefix(s.Pos, "probe.go:") || !strings.HasPrefix(s.Instr, "FMADDD") {
				t.Errorf("site %+v: want probe.go:N, FMADDD", s)
			}
		}
	}
	if want := []string{"spaceflight/game/internal/crossarch/testdata/probe.Fused"}; !slices.Equal(fns, want) {
		t.Errorf("fused in the probe: %q, want %q", fns, want)
	}
}

func TestSymbolPackage(t *testing.T) {
	for sym, want := range map[string]string{
		"spaceflight/physics/geom.(*Polyhedron).Bounds":        "spaceflight/physics/geom",
		"github.com/go-gl/mathgl/mgl64.Vec3.Dot":               "github.com/go-gl/mathgl/mgl64",
		"math.archExp.abi0":                                    "math",
		"internal/bytealg.IndexRabinKarp[go.shape.string]":     "internal/bytealg",
		"spaceflight/game/control.NewAllocator.func1":          "spaceflight/game/control",
		"slices.SortFunc[go.shape.[]spaceflight/craft.Part,x]": "slices",
		"type:.eq.[2]runtime.Frame":                            "type:",
	} {
		if got := symbolPackage(sym); got != want {
			t.Errorf("symbolPackage(%q) = %q, want %q", sym, got, want)
		}
	}
}
