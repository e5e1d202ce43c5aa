package crossarch

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// arm64 is where the compiler fuses multiply-adds whenever it may.
var arm64 = Platform{GOOS: "linux", GOARCH: "arm64", Via: "qemu-user"}

// owned are the packages of the flight whose arithmetic must have no fused
// multiply-add: the flight, its controllers, the craft it loads and fmath,
// the vector helpers and math functions they use.
var owned = []string{"spaceflight/game/flight", "spaceflight/game/control", "spaceflight/craft", "spaceflight/fmath"}

// listed are the other packages of the flight whose fused multiply-adds
// are listed, not yet failed: the physics (being rewritten: make
// crossarch's CROSSARCH_STRICT goes to 1 when they are gone), the hangar's
// figures (shown, never flown), and what the flight reaches of mgl64 and
// math (the flight's own code no longer calls those that fuse).
var listed = []string{"spaceflight/physics", "spaceflight/physics/geom", "spaceflight/game/hangar",
	"github.com/go-gl/mathgl/mgl64", "math"}

// TestNoFusedMultiplyAdds compiles the flight's tests for linux/arm64 and
// fails on every fused multiply-add in the owned packages' functions (the
// tests' own functions aside); it logs those of the listed packages. With
// -v it is the list: go test -v -run TestNoFusedMultiplyAdds ./internal/crossarch/
func TestNoFusedMultiplyAdds(t *testing.T) {
	sites, err := FusedSites(testBinary(t, arm64, flightPkg))
	if err != nil {
		t.Fatal(err)
	}
	by := ByPackage(sites)
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
	sites, err := FusedSites(testBinary(t, arm64, "./testdata/probe"))
	if err != nil {
		t.Fatal(err)
	}
	var fns []string
	for _, s := range sites {
		if strings.Contains(s.Package, "probe") {
			fns = append(fns, s.Func)
			if !strings.HasPrefix(s.Pos, "probe.go:") || !strings.HasPrefix(s.Instr, "FMADDD") {
				t.Errorf("site %+v: want probe.go:N, FMADDD", s)
			}
		}
	}
	if want := []string{"spaceflight/internal/crossarch/testdata/probe.Fused"}; !slices.Equal(fns, want) {
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
