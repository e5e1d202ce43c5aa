// Command peerscenes runs the peer scenarios (../shared/peers/SCENARIOS.md)
// on the project's physics engine and prints the JSON Lines the peers (ODE,
// Bullet, Jolt, Rapier) print: one object per scenario, the same metric
// names, the wall time of the Step call alone. With -compare it reads such
// files — ours, the peers', several rounds — and prints the comparison
// table that `make compare` shows (docs/performance.md).
//
//	go run ./physics/internal/peerscenes              # every scenario (S1–S7 and XS3)
//	go run ./physics/internal/peerscenes S3 S5        # some
//	peerscenes -compare runs/*.jsonl                  # the table
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strings"
)

func main() {
	compare := flag.Bool("compare", false, "print the comparison table of the JSON Lines files given as arguments")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: peerscenes [S1 S2 S3 XS3 S4 S5 S6 S7]\n       peerscenes -compare FILE.jsonl...\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if *compare {
		if err := compareFiles(os.Stdout, flag.Args()); err != nil {
			fmt.Fprintln(os.Stderr, "peerscenes:", err)
			os.Exit(1)
		}
		return
	}
	list, err := selectScenarios(flag.Args())
	if err != nil {
		fmt.Fprintln(os.Stderr, "peerscenes:", err)
		flag.Usage()
		os.Exit(2)
	}
	// One thread, as the peers: the step runs on this goroutine, which
	// stays on its OS thread so that the thread's CPU clock is its own.
	runtime.LockOSThread()
	out := bufio.NewWriter(os.Stdout)
	for _, sc := range list {
		if err := emit(out, sc); err != nil {
			fmt.Fprintln(os.Stderr, "peerscenes:", err)
			os.Exit(1)
		}
	}
}

// selectScenarios returns the scenarios named by args (all without args).
func selectScenarios(args []string) ([]scenario, error) {
	if len(args) == 0 {
		return scenarioList, nil
	}
	var list []scenario
	for _, a := range args {
		i := slices.IndexFunc(scenarioList, func(s scenario) bool { return strings.EqualFold(s.arg, a) || s.id == a })
		if i < 0 {
			return nil, fmt.Errorf("unknown scenario %q", a)
		}
		list = append(list, scenarioList[i])
	}
	return list, nil
}

// emit runs a scenario and writes its line.
func emit(w *bufio.Writer, sc scenario) error {
	var runs []object
	for _, r := range sc.runs() {
		runs = append(runs, r.record())
	}
	var o object
	o.set("engine", "go").set("version", version()).set("scenario", sc.id).set("notes", sc.notes).set("runs", runs)
	b, err := json.Marshal(o)
	if err != nil {
		return err
	}
	w.Write(b)
	w.WriteByte('\n')
	return w.Flush()
}

// revision is the commit built, set by `make compare` (-ldflags -X).
var revision string

// version names the build: its commit, from make compare or go build's VCS stamp.
func version() string {
	v := "spaceflight physics (pure Go, float64)"
	if revision != "" {
		return v + ", " + revision
	}
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				v += ", " + s.Value[:min(len(s.Value), 12)]
			case "vcs.modified":
				if s.Value == "true" {
					v += " (modified)"
				}
			}
		}
	}
	return v
}
