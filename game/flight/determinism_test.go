package flight

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"spaceflight/data"
)

// The same flight on every machine (issue 25): every shipped mission flown
// by its autopilot as `spaceflight sim MISSION --autopilot` flies it — until
// it is decided and has run on — ends in the state pinned in
// testdata/mission-hashes.golden, on linux/amd64, linux/arm64 and js/wasm
// alike. `make crossarch` (part of `make test`) runs this test on the three
// and compares the checkpoints it logs; internal/fused lists the
// multiply-adds a compiler could fuse, the usual reason two machines part.

var updateHashes = flag.Bool("update-hashes", false, "rewrite testdata/mission-hashes.golden (after a cross-check: say which in the commit)")

// hashEvery is the interval of the logged checkpoints (ticks, 1 s): where
// two machines first differ tells which part of a flight parted them.
const hashEvery = 60

const hashGolden = "testdata/mission-hashes.golden"

// TestShippedMissionHashes flies every shipped mission by autopilot and
// compares how it ended (steps, outcome, state hash) with the golden. It
// logs "HASH mission tick hash" at tick 0 (the flight as loaded), tick 1,
// every hashEvery ticks and at the end, for the cross-machine comparison.
func TestShippedMissionHashes(t *testing.T) {
	want := readMissionHashes(t)
	var b strings.Builder
	b.WriteString("# Each shipped mission flown by its autopilot at the default step until it is over\n")
	b.WriteString("# (TestShippedMissionHashes): steps, outcome and state hash, the same on linux/amd64,\n")
	b.WriteString("# linux/arm64 and js/wasm.\n")
	n := 0
	for _, name := range shippedLibrary().Missions() {
		res, code, err := Run(RunOptions{Shipped: data.FS, Data: t.TempDir(), Mission: name, Dt: DefaultDt, Autopilot: true}, hashLog{t, name})
		if err != nil || code != ExitFlown {
			t.Errorf("%s: exit %d, %v", name, code, err)
			continue
		}
		t.Logf("HASH %s %d %s", name, res.Steps, res.StateHash)
		got := fmt.Sprintf("%d %s %s", res.Steps, res.Outcome, res.StateHash)
		fmt.Fprintf(&b, "%s %s\n", name, got)
		n++
		if w, ok := want[name]; *updateHashes {
		} else if !ok {
			t.Errorf("%s: not pinned in %s (got %s)", name, hashGolden, got)
		} else if w != got {
			t.Errorf("%s: steps, outcome and state hash %s, pinned %s", name, got, w)
		}
	}
	if n != len(want) && !*updateHashes {
		t.Errorf("%d missions flew, %d pinned", n, len(want))
	}
	if *updateHashes {
		if err := os.WriteFile(filepath.FromSlash(hashGolden), []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// hashLog logs a flight's state hash at tick 0, after the first step and
// every hashEvery ticks.
type hashLog struct {
	t    *testing.T
	name string
}

func (h hashLog) Open(f *Flight, _ uint64) error {
	h.t.Logf("HASH %s %d %s", h.name, f.Tick, f.StateHash())
	return nil
}

func (h hashLog) Tick(f *Flight) {
	if f.Tick%hashEvery == 0 || f.Tick == 1 {
		h.t.Logf("HASH %s %d %s", h.name, f.Tick, f.StateHash())
	}
}

func (hashLog) Close() error { return nil }

// readMissionHashes reads the golden: "mission steps outcome hash" per
// line, # comments.
func readMissionHashes(t *testing.T) map[string]string {
	t.Helper()
	out := map[string]string{}
	fh, err := os.Open(filepath.FromSlash(hashGolden))
	if os.IsNotExist(err) && *updateHashes {
		return out
	}
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		name, rest, _ := strings.Cut(line, " ")
		if len(strings.Fields(rest)) != 3 {
			t.Fatalf("%s:%d: want \"mission steps outcome hash\", got %q", hashGolden, n, line)
		}
		out[name] = rest
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}
