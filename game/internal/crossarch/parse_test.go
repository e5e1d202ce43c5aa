package crossarch

import (
	"slices"
	"strings"
	"testing"
)

// A made-up disassembly: the flight calls mgl64's Len, which calls its
// Dot, which fuses; it calls mgl64's Add, which does not; physics fuses
// on its own; a test function's fused site is left out.
const objdump = `TEXT spaceflight/game/flight.speed(SB) /src/game/flight/flight.go
  flight.go:10	0x1000	94000000	CALL github.com/go-gl/mathgl/mgl64.Vec3.Len(SB)
  flight.go:11	0x1004	94000000	CALL github.com/go-gl/mathgl/mgl64.Vec3.Add(SB)
  flight.go:12	0x1008	94000000	CALL runtime.growslice(SB)
TEXT github.com/go-gl/mathgl/mgl64.Vec3.Len(SB) /mod/mgl64/vector.go
  vector.go:296	0x2000	94000000	CALL github.com/go-gl/mathgl/mgl64.Vec3.Dot(SB)
TEXT github.com/go-gl/mathgl/mgl64.Vec3.Dot(SB) /mod/mgl64/vector.go
  vector.go:287	0x3000	1f420020	FMADDD F2, F0, F1, F0
TEXT github.com/go-gl/mathgl/mgl64.Vec3.Add(SB) /mod/mgl64/vector.go
  vector.go:50	0x4000	1e622800	FADDD F2, F0, F0
TEXT spaceflight/physics.(*World).step(SB) /src/physics/step.go
  vec3.go:33	0x5000	1f430821	FMSUBD F3, F2, F1, F1
TEXT runtime.growslice(SB) /go/src/runtime/slice.go
  mgcpacer.go:404	0x6000	1f400c23	FMADDD F0, F3, F1, F3
TEXT spaceflight/game/flight.TestSpeed(SB) /src/game/flight/flight_test.go
  flight_test.go:9	0x7000	1f420020	FMADDD F2, F0, F1, F0
`

func TestParseObjdump(t *testing.T) {
	code, err := parseObjdump(strings.NewReader(objdump))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, s := range code.Sites {
		got = append(got, s.Package+" "+s.Pos+" "+s.Instr)
	}
	want := []string{
		"github.com/go-gl/mathgl/mgl64 vector.go:287 FMADDD F2, F0, F1, F0",
		"spaceflight/physics vec3.go:33 FMSUBD F3, F2, F1, F1",
		"runtime mgcpacer.go:404 FMADDD F0, F3, F1, F3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("sites:\n%q\nwant\n%q", got, want)
	}
	flight := func(pkg string) bool { return pkg == "spaceflight/game/flight" }
	lib := func(pkg string) bool { return pkg == "github.com/go-gl/mathgl/mgl64" }
	calls := code.FusingCalls(flight, lib)
	if len(calls) != 1 || calls[0].Callee != "github.com/go-gl/mathgl/mgl64.Vec3.Len" || calls[0].Pos != "flight.go:10" {
		t.Errorf("fusing calls %v, want the one to Vec3.Len (its Dot fuses) at flight.go:10", calls)
	}
}

func TestDiff(t *testing.T) {
	ref := ParseHashes([]byte(`
    determinism_test.go:46: HASH land 0 000000000000000a
    determinism_test.go:83: HASH land 60 000000000000000b
    determinism_test.go:83: HASH land 120 000000000000000c
    determinism_test.go:46: HASH dock 0 00000000000000d0
    determinism_test.go:46: HASH tumble 0 00000000000000e0
`))
	got := ParseHashes([]byte(`
HASH land 0 000000000000000a
HASH land 60 000000000000000b
HASH land 120 00000000000000ff
HASH dock 0 00000000000000d1
HASH tumble 0 00000000000000e0
HASH extra 0 00000000000000f0
`))
	want := []string{
		"dock: differs as loaded (tick 0): 00000000000000d1, the reference 00000000000000d0",
		"extra: flown 1 checkpoints, the reference 0",
		"land: the same at tick 60, differs at tick 120: 00000000000000ff, the reference 000000000000000c",
	}
	if d := Diff(ref, got); !slices.Equal(d, want) {
		t.Errorf("Diff:\n%q\nwant\n%q", d, want)
	}
	if d := Diff(ref, ref); len(d) != 0 {
		t.Errorf("Diff of a flight with itself: %q", d)
	}
}
