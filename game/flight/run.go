package flight

import (
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/craft"
	"spaceflight/game/storage"
	"spaceflight/physics"
	"spaceflight/physics/fmath"
)

// The runner behind `spaceflight sim`: a mission flown headless, as fast
// as it goes — with the autopilot, a replay's commands or no commands at
// all — to a Result and the exit code that says how it went. The command
// itself (its flags, its output files) is package game/sim.

// DefaultMission is the mission flown when none is named.
const DefaultMission = "tumble"

// Result is what `spaceflight sim` prints as one JSON object when it ends.
// Its numbers are Numbers: a figure that is not finite is written as null,
// and the reason says which.
type Result struct {
	Mission              string   `json:"mission"`
	Outcome              string   `json:"outcome"`
	Grade                string   `json:"grade,omitempty"`
	Assisted             bool     `json:"assisted"` // the autopilot flew at some moment
	Reason               string   `json:"reason"`
	Score                Number   `json:"score"`
	SimTime              Number   `json:"sim_time_s"`
	Steps                uint64   `json:"steps"`
	WallTime             Number   `json:"wall_time_s"`
	NsPerStep            Number   `json:"ns_per_step"`
	FuelUsed             Number   `json:"fuel_used_kg"`
	MaxJointGap          Number   `json:"max_joint_gap_m"`
	MaxPenetration       Number   `json:"max_penetration_m"`
	AngularMomentumDrift Number   `json:"angular_momentum_drift"`
	EnergyDrift          Number   `json:"energy_drift"`
	StateHash            string   `json:"state_hash"`
	ReplayMatch          *bool    `json:"replay_match,omitempty"`
	ReplayMismatches     []string `json:"replay_mismatches,omitempty"` // each field that differs from the recording
	ChangedFiles         []string `json:"replay_changed_files,omitempty"`
	Error                string   `json:"error,omitempty"` // an output file that could not be written
}

// Exit codes of `spaceflight sim`, one per way a run can end (README and
// `sim --help` list them). When several apply, the highest wins.
const (
	ExitFlown    = 0 // the flight ran: outcome success, failure, crash or undecided
	ExitDiverged = 1 // outcome diverged: the physics failed or panicked; the reason says how
	ExitUsage    = 2 // bad flags, or a mission, craft or replay that cannot be used: no JSON
	ExitOutput   = 3 // the flight ran, but --record, --telemetry, --plot or --audio-out could not be written (error)
	ExitMismatch = 4 // a replay's re-run differs from its recording (replay_mismatches), or its files changed
)

// RunOptions say what Run flies.
type RunOptions struct {
	Mission      string  // a library name or a .toml path; "" = the replay's, else DefaultMission
	Duration     float64 // simulated time to run at most (s); 0 = the mission's time limit, or 600
	Dt           float64 // physics step (s); a replay's own replaces it
	Autopilot    bool    // engage the mission's autopilot at tick 0
	Replay       string  // re-run this replay (a file or a link) and check it
	AllowChanged bool    // re-run Replay even if its files changed since it was recorded
	Record       string  // save the run as a replay file
	Shipped      fs.FS   // the game's own crafts and missions
	Data         string  // user folder of crafts/ and missions/; "" = craft.UserDir()
	Awake        bool    // no sleeping (BenchmarkSimAutopilot's "awake" figures)
	// Warnings receives what the run says on the side (a replay flown
	// although its files changed); nil: nothing is said.
	Warnings io.Writer
}

// Outputs are what a run writes as it flies (sim's --telemetry, --plot,
// --audio-out, its progress bar): Open before the first of at most ticks
// ticks (an error there means the run cannot start), Tick after each (the
// flight may have stopped: f.Err), Close at the end, with the first output
// that could not be written.
type Outputs interface {
	Open(f *Flight, ticks uint64) error
	Tick(f *Flight)
	Close() error
}

// Run flies the run o asks for, handing every tick to out (nil: none). It
// returns the result and exit code, or an error (with ExitUsage or
// ExitMismatch) when it could not fly at all.
func Run(o RunOptions, out Outputs) (*Result, int, error) {
	var rp *Replay
	if o.Replay != "" {
		var err error
		if rp, err = LoadReplay(o.Replay); err != nil {
			return nil, ExitUsage, err
		}
		o.Dt = rp.Dt
	}
	if err := CheckDt(o.Dt); err != nil {
		return nil, ExitUsage, fmt.Errorf("--%w", err)
	}
	if !(o.Duration >= 0 && o.Duration <= MaxFlightTime) {
		return nil, ExitUsage, fmt.Errorf("--duration %g: need 0 ≤ --duration ≤ %g s", o.Duration, MaxFlightTime)
	}
	lib := craft.DefaultLibrary(o.Shipped, o.Data)
	var watch *craft.Watcher[*craft.Mission]
	var err error
	missionPath := o.Mission // as a path from here, for --record
	switch {
	case o.Mission != "": // typed by the user: any mission
		watch, err = lib.WatchMission(o.Mission)
	case rp != nil: // named in the replay: in its place only
		o.Mission, missionPath = rp.Mission, rp.Mission
		if namesFile(rp.Mission) {
			missionPath = filepath.Join(filepath.Dir(o.Replay), filepath.FromSlash(rp.Mission))
		}
		watch, err = ReplayMission(lib, rp, o.Replay, "spaceflight sim MISSION --replay %s")
	default:
		o.Mission, missionPath = DefaultMission, DefaultMission
		watch, err = lib.WatchMission(o.Mission)
	}
	if err != nil {
		return nil, ExitUsage, err
	}
	m, files := watch.Value, watch.Files()
	var changed []string
	if rp != nil {
		if err := rp.Fits(m); err != nil {
			return nil, ExitUsage, fmt.Errorf("%s: %w", ReplayName(o.Replay), err)
		}
		if changed = rp.ChangedFiles(files); len(changed) > 0 && !o.AllowChanged {
			return nil, ExitMismatch, fmt.Errorf("%s was recorded with other versions of %s; re-run with --allow-changed to fly it anyway",
				ReplayName(o.Replay), QuoteList(changed))
		}
	}
	f, err := New(m, o.Dt, Options{Awake: o.Awake})
	if err != nil {
		return nil, ExitUsage, err
	}
	duration := o.Duration
	if duration == 0 {
		duration = m.TimeLimit
		if duration == 0 {
			duration = 600
		}
	}
	steps := uint64(math.Round(duration / o.Dt))
	var cmds []Command
	switch {
	case rp != nil:
		cmds, steps = rp.Commands, rp.Ticks
	case o.Autopilot:
		cmds = []Command{{Tick: 0, Kind: KindAutopilot}}
	}
	if out == nil {
		out = noOutputs{}
	}
	// A --record path that cannot take a file (a device, a folder) is
	// found out now, and nothing is written there: the flight still
	// flies, and the result says why (ExitOutput).
	var recErr error
	if o.Record != "" {
		recErr = storage.CheckTarget(o.Record)
	}
	if err := out.Open(f, steps); err != nil {
		return nil, ExitUsage, err
	}

	var maxGap, maxPen Peak
	start := time.Now()
	next := 0 // index of the next command to hand the flight
	var tick []Command
	for f.Tick < steps && f.Err == nil {
		tick = DueAt(tick[:0], cmds, &next, f.Tick)
		f.Step(tick)
		// A step that failed counts for nothing: the physics rolled its
		// state back, and its statistics describe a state that no longer
		// exists.
		if f.Err == nil {
			maxGap.Add(f.World.MaxJointGap())
			maxPen.Add(f.World.Stats().MaxPenetration)
		}
		out.Tick(f)
		// A decided mission runs on for runOn, then stops; a replay
		// stops there too, or where its recording ends (Replay.Ended).
		if f.Over() {
			break
		}
	}
	wall := time.Since(start).Seconds()
	outErr := out.Close()

	res := &Result{
		Mission: o.Mission, Grade: f.Judge.Grade, Assisted: f.Assisted,
		Score: Number(f.Judge.Score(f.Player.FuelUsed)), SimTime: Number(f.Time()), Steps: f.Tick, WallTime: Number(wall),
		FuelUsed: Number(f.Player.FuelUsed), MaxJointGap: Number(maxGap.Max), MaxPenetration: Number(maxPen.Max), StateHash: f.StateHash(),
		ChangedFiles: changed,
	}
	outcome, reason := Verdict(f)
	res.Outcome, res.Reason = outcome, reason+maxGap.Note("max_joint_gap_m")+maxPen.Note("max_penetration_m")
	if f.Tick > 0 {
		res.NsPerStep = Number(wall * 1e9 / float64(f.Tick))
	}
	if f.Err == nil {
		res.AngularMomentumDrift = Number(RelDrift(fmath.Len(f.World.AngularMomentum()), f.L0))
		res.EnergyDrift = Number(RelDrift(f.World.Energy(), f.E0))
	}
	if o.Record != "" && recErr != nil {
		if outErr == nil {
			outErr = recErr
		}
	} else if o.Record != "" {
		rec := &Replay{Format: ReplayFormat, Mission: MissionRefFrom(o.Record, missionPath), Dt: o.Dt, Ticks: f.Tick, Commands: cmds,
			FinalHash: res.StateHash, Outcome: outcome, Reason: reason, Files: HashFiles(files), Assisted: &res.Assisted}
		if err := rec.Save(o.Record); err != nil && outErr == nil {
			outErr = err
		}
	}
	if outErr != nil {
		res.Error = outErr.Error()
	}
	res.NoteNonFinite()

	code := ExitFlown
	if f.Err != nil {
		code = ExitDiverged
	}
	if res.Error != "" {
		code = ExitOutput
	}
	if rp != nil {
		res.ReplayMismatches = rp.Mismatches(f)
		ok := len(res.ReplayMismatches) == 0
		res.ReplayMatch = &ok
		if !ok {
			code = ExitMismatch
		}
		if len(changed) > 0 && o.Warnings != nil {
			fmt.Fprintf(o.Warnings, "spaceflight sim: flown with --allow-changed although %s changed since the recording\n", QuoteList(changed))
		}
	}
	return res, code, nil
}

// noOutputs writes nothing.
type noOutputs struct{}

func (noOutputs) Open(*Flight, uint64) error { return nil }
func (noOutputs) Tick(*Flight)               {}
func (noOutputs) Close() error               { return nil }

// QuoteList writes names as "a", "b", "c".
func QuoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
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
	for i := range f.World.NumBodies() {
		b := f.World.Body(physics.BodyID(i))
		q := b.Orientation()
		putVec(b.Position())
		put(q.W)
		putVec(q.V)
		putVec(b.Velocity())
		putVec(b.AngularVelocity())
	}
	return fmt.Sprintf("%016x", h.Sum64())
}
