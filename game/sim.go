package game

import (
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"math"
	"time"

	"github.com/go-gl/mathgl/mgl64"
)

// SimResult is what `spaceflight sim` prints as one JSON object when it ends.
type SimResult struct {
	Mission              string  `json:"mission"`
	Outcome              string  `json:"outcome"`
	Reason               string  `json:"reason"`
	SimTime              float64 `json:"sim_time_s"`
	Steps                uint64  `json:"steps"`
	WallTime             float64 `json:"wall_time_s"`
	NsPerStep            float64 `json:"ns_per_step"`
	AngularMomentumDrift float64 `json:"angular_momentum_drift"`
	EnergyDrift          float64 `json:"energy_drift"`
	StateHash            string  `json:"state_hash"`
}

// RunSim is the headless simulator: `spaceflight sim [MISSION] [flags]`.
// It runs the flight without a window as fast as it can and prints a
// SimResult. It returns the process exit code.
func RunSim(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	duration := fs.Float64("duration", 60, "simulated time to run, s")
	dt := fs.Float64("dt", DefaultDt, "physics step, s")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight sim [MISSION] [--duration S] [--dt S]")
		fs.PrintDefaults()
	}
	mission := "tumble"
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		mission, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if mission != "tumble" {
		fmt.Fprintf(stderr, "spaceflight sim: unknown mission %q (known: tumble)\n", mission)
		return 2
	}
	if !(*dt > 0 && *dt <= 0.1) || !(*duration >= 0) || math.IsInf(*duration, 0) {
		fmt.Fprintln(stderr, "spaceflight sim: need 0 < --dt ≤ 0.1 and a finite --duration ≥ 0")
		return 2
	}

	f := NewFlight(DefaultTumble(), *dt)
	steps := uint64(math.Round(*duration / *dt))
	start := time.Now()
	for f.Tick < steps && f.Err == nil {
		f.Step(nil)
	}
	wall := time.Since(start).Seconds()

	res := SimResult{
		Mission:   mission,
		Outcome:   "none",
		Reason:    "free flight: this mission has no pass/fail yet",
		SimTime:   f.Time(),
		Steps:     f.Tick,
		WallTime:  wall,
		StateHash: f.StateHash(),
	}
	if f.Tick > 0 {
		res.NsPerStep = wall * 1e9 / float64(f.Tick)
	}
	if f.Err != nil {
		res.Outcome, res.Reason = "diverged", f.Err.Error()
	} else {
		res.AngularMomentumDrift = f.World.AngularMomentum().Sub(f.L0).Len() / f.L0.Len()
		res.EnergyDrift = math.Abs(f.World.KineticEnergy()-f.E0) / f.E0
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		fmt.Fprintln(stderr, "spaceflight sim:", err)
		return 1
	}
	if f.Err != nil {
		return 1
	}
	return 0
}

// StateHash is an FNV-1a hash of the exact bits of every body's state: two
// runs agree on it only if they are bit-identical.
func (f *Flight) StateHash() string {
	h := fnv.New64a()
	var buf [8]byte
	put := func(v float64) {
		b := math.Float64bits(v)
		for i := range buf {
			buf[i] = byte(b >> (8 * i))
		}
		h.Write(buf[:])
	}
	putVec := func(v mgl64.Vec3) { put(v[0]); put(v[1]); put(v[2]) }
	b := f.World.Body(f.Craft)
	q := b.Orientation()
	putVec(b.Position())
	put(q.W)
	putVec(q.V)
	putVec(b.Velocity())
	putVec(b.AngularVelocity())
	return fmt.Sprintf("%016x", h.Sum64())
}
