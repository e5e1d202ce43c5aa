package game

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/game/telemetry"
	"spaceflight/physics"
)

// SimResult is what `spaceflight sim` prints as one JSON object when it ends.
// Its numbers are Numbers: a figure that is not finite is written as null,
// and the reason says which.
type SimResult struct {
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
	ExitDiverged = 1 // outcome diverged: the physics failed; the reason says how
	ExitUsage    = 2 // bad flags, or a mission, craft or replay that cannot be used: no JSON
	ExitOutput   = 3 // the flight ran, but --record, --telemetry, --plot or --audio-out could not be written (error)
	ExitMismatch = 4 // a replay's re-run differs from its recording (replay_mismatches), or its files changed
)

const simExitCodes = `Exit codes:
  0  the flight ran: outcome success, failure, crash or undecided (the JSON says which)
  1  outcome diverged: the physics failed (the reason says how)
  2  bad flags, or a mission, craft or replay that cannot be used (a message, no JSON)
  3  the flight ran, but an output file could not be written (error)
  4  a replay's re-run differs from its recording in ticks, outcome, reason or final
     hash (replay_mismatches), or its files changed since (no JSON; --allow-changed
     flies it anyway)
When several apply, the highest wins. The JSON is printed whenever the flight ran;
a figure that is not finite is null, and the reason names it.`

// simOptions are the flags of `spaceflight sim`.
type simOptions struct {
	mission              string
	duration, dt         float64
	autopilot            bool
	replay, record       string
	allowChanged         bool
	telemetry, plot, wav string
	every                int
	shipped              fs.FS // the game's own crafts and missions
	data                 string
	awake                bool // no sleeping (BenchmarkSimAutopilot's "awake" figures)
}

// RunSim is the headless simulator, `spaceflight sim MISSION [flags]`: it
// flies a mission without a window as fast as it can — with the autopilot,
// a replay's commands or no commands at all — and prints a SimResult. It
// returns the process exit code (ExitFlown …). shipped holds the game's own
// crafts and missions, under the user's folder.
func RunSim(shipped fs.FS, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := simOptions{shipped: shipped}
	fs.Float64Var(&o.duration, "duration", 0, "simulated time to run at most, s (default: the mission's time limit, or 600)")
	fs.Float64Var(&o.dt, "dt", DefaultDt, "physics step, s")
	fs.BoolVar(&o.autopilot, "autopilot", false, "fly the mission's autopilot program")
	fs.StringVar(&o.replay, "replay", "", "re-run this replay `FILE` and check ticks, outcome, reason and final state hash")
	fs.BoolVar(&o.allowChanged, "allow-changed", false, "re-run a replay even if its mission or craft files changed since it was recorded")
	fs.StringVar(&o.record, "record", "", "save the run as a replay `FILE`")
	fs.StringVar(&o.telemetry, "telemetry", "", "write telemetry rows to `FILE`.jsonl or .csv")
	fs.IntVar(&o.every, "every", 1, "write every Nth tick to --telemetry and --plot")
	fs.StringVar(&o.plot, "plot", "", "draw rates, altitude/range and speeds over time to `FILE`.png or .svg")
	fs.StringVar(&o.wav, "audio-out", "", "render the flight's soundtrack to `FILE`.wav")
	fs.StringVar(&o.data, "data", "", "user folder of crafts/ and missions/ (default ~/.config/spaceflight)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight sim MISSION [flags]     MISSION: a shipped name or a .toml path")
		fs.PrintDefaults()
		fmt.Fprintln(stderr, simExitCodes)
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		o.mission, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return ExitUsage
	}
	if fs.NArg() > 0 && o.mission == "" {
		o.mission = fs.Arg(0)
	}
	res, code, err := runSim(o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "spaceflight sim:", err)
		return code
	}
	for _, m := range res.ReplayMismatches {
		fmt.Fprintln(stderr, "spaceflight sim: replay mismatch:", m)
	}
	if res.Error != "" {
		fmt.Fprintln(stderr, "spaceflight sim:", res.Error)
	}
	if err := writeResult(stdout, res); err != nil {
		fmt.Fprintln(stderr, "spaceflight sim:", err)
		return max(code, ExitOutput)
	}
	return code
}

// writeResult prints res as indented JSON.
func writeResult(w io.Writer, res *SimResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// runSim flies the run o asks for. It returns the result and exit code, or
// an error (with ExitUsage or ExitMismatch) when it could not fly at all.
func runSim(o simOptions, stderr io.Writer) (*SimResult, int, error) {
	var rp *Replay
	if o.replay != "" {
		var err error
		if rp, err = LoadReplay(o.replay); err != nil {
			return nil, ExitUsage, err
		}
		o.dt = rp.Dt
	}
	if !(o.dt > 0 && o.dt <= 0.1) || !(o.duration >= 0 && o.duration <= MaxFlightTime) || o.every < 1 {
		return nil, ExitUsage, fmt.Errorf("need 0 < --dt ≤ 0.1, 0 ≤ --duration ≤ %g s and --every ≥ 1", MaxFlightTime)
	}
	lib := craft.DefaultLibrary(o.shipped, o.data)
	var watch *craft.Watcher[*craft.Mission]
	var err error
	missionPath := o.mission // as a path from here, for --record
	switch {
	case o.mission != "": // typed by the user: any mission
		watch, err = lib.WatchMission(o.mission)
	case rp != nil: // named in the replay: in its place only
		o.mission, missionPath = rp.Mission, rp.Mission
		if namesFile(rp.Mission) {
			missionPath = filepath.Join(filepath.Dir(o.replay), filepath.FromSlash(rp.Mission))
		}
		watch, err = lib.WatchMissionNamedIn(rp.Mission, o.replay)
		if errors.Is(err, craft.ErrRefused) {
			err = fmt.Errorf("%w\n(to re-run it with a mission of your choice: spaceflight sim MISSION --replay %q)", err, o.replay)
		}
	default:
		o.mission, missionPath = DefaultMission, DefaultMission
		watch, err = lib.WatchMission(o.mission)
	}
	if err != nil {
		return nil, ExitUsage, err
	}
	m, files := watch.Value, watch.Files()
	var changed []string
	if rp != nil {
		if err := rp.fits(m); err != nil {
			return nil, ExitUsage, fmt.Errorf("%s: %w", craft.Printable(o.replay), err)
		}
		if changed = rp.ChangedFiles(files); len(changed) > 0 && !o.allowChanged {
			return nil, ExitMismatch, fmt.Errorf("%s was recorded with other versions of %s; re-run with --allow-changed to fly it anyway",
				craft.Printable(o.replay), quoteList(changed))
		}
	}
	f, err := newFlight(m, o.dt, flightOptions{awake: o.awake})
	if err != nil {
		return nil, ExitUsage, err
	}
	duration := o.duration
	if duration == 0 {
		duration = m.TimeLimit
		if duration == 0 {
			duration = 600
		}
	}
	steps := uint64(math.Round(duration / o.dt))
	var cmds []Command
	switch {
	case rp != nil:
		cmds, steps = rp.Commands, rp.Ticks
	case o.autopilot:
		cmds = []Command{{Tick: 0, Kind: KindAutopilot}}
	}

	rec, err := newSimRecorder(f, o)
	if err != nil {
		return nil, ExitUsage, err
	}
	progress := telemetry.NewProgress(stderr, float64(steps)*o.dt, telemetry.ProgressOptions{})

	start := time.Now()
	next := 0 // index of the next command to hand the flight
	var tick []Command
	for f.Tick < steps && f.Err == nil {
		tick = dueAt(tick[:0], cmds, &next, f.Tick)
		f.Step(tick)
		rec.tick(f)
		progress.Update(f.Time())
		// A decided mission runs on for runOn (a replay runs its recorded length).
		if rp == nil && f.Over() {
			break
		}
	}
	wall := time.Since(start).Seconds()
	progress.Finish()
	rec.close()

	res := &SimResult{
		Mission: o.mission, Grade: f.Judge.Grade, Assisted: f.Assisted,
		Score: Number(f.Judge.Score(f.Player.FuelUsed)), SimTime: Number(f.Time()), Steps: f.Tick, WallTime: Number(wall),
		FuelUsed: Number(f.Player.FuelUsed), MaxJointGap: Number(rec.maxGap.max), MaxPenetration: Number(rec.maxPen.max), StateHash: f.StateHash(),
		ChangedFiles: changed,
	}
	outcome, reason := verdict(f)
	res.Outcome, res.Reason = outcome, reason+rec.maxGap.note("max_joint_gap_m")+rec.maxPen.note("max_penetration_m")
	if f.Tick > 0 {
		res.NsPerStep = Number(wall * 1e9 / float64(f.Tick))
	}
	if f.Err == nil {
		res.AngularMomentumDrift = Number(relDrift(f.World.AngularMomentum().Len(), f.L0))
		res.EnergyDrift = Number(relDrift(f.World.Energy(), f.E0))
	}
	if o.record != "" {
		out := &Replay{Format: ReplayFormat, Mission: missionRefFrom(o.record, missionPath), Dt: o.dt, Ticks: f.Tick, Commands: cmds,
			FinalHash: res.StateHash, Outcome: outcome, Reason: reason, Files: HashFiles(files), Assisted: &res.Assisted}
		if err := out.Save(o.record); err != nil {
			rec.err = firstErr(rec.err, err)
		}
	}
	if rec.err != nil {
		res.Error = rec.err.Error()
	}
	res.noteNonFinite()

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
		if len(changed) > 0 {
			fmt.Fprintf(stderr, "spaceflight sim: flown with --allow-changed although %s changed since the recording\n", quoteList(changed))
		}
	}
	return res, code, nil
}

// quoteList writes names as "a", "b" and "c".
func quoteList(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = strconv.Quote(n)
	}
	return strings.Join(q, ", ")
}

// simRecorder writes what --telemetry, --plot and --audio-out ask for, and
// keeps the largest joint gap and penetration seen. An output that fails
// to write stops all of them: the flight goes on, and err keeps the first
// failure for the result.
type simRecorder struct {
	o      simOptions
	maxGap peak
	maxPen peak
	err    error

	file  *os.File
	buf   *bufio.Writer
	rows  *telemetry.Writer
	row   telemetry.Row
	plot  *telemetry.Plot
	plotF telemetry.ImageFormat
	wavF  *os.File
	wav   *audio.Recorder
	sound sounder
}

var extraChannels = []string{"omega_deg_s", "roll_deg_s", "pitch_deg_s", "yaw_deg_s", "altitude_m", "range_m",
	"vertical_speed_m_s", "horizontal_speed_m_s", "closing_speed_m_s", "throttle"}

func newSimRecorder(f *Flight, o simOptions) (*simRecorder, error) {
	r := &simRecorder{o: o}
	if o.telemetry != "" {
		format, err := telemetry.FormatFromPath(o.telemetry)
		if err != nil {
			return nil, err
		}
		var names []string
		for _, vs := range f.vessels() {
			for _, d := range vs.Built.Distinct {
				names = append(names, sanitize(vs.Spec.Name)+"_"+sanitize(vs.Spec.Parts[d.Parts[0]].Name))
			}
		}
		if r.file, err = os.Create(o.telemetry); err != nil {
			return nil, err
		}
		r.buf = bufio.NewWriter(r.file)
		if r.rows, err = telemetry.NewWriter(r.buf, format, names, extraChannels); err != nil {
			return nil, err
		}
		r.row.Bodies = make([]telemetry.BodyState, len(names))
		r.row.Extra = make([]float64, len(extraChannels))
	}
	if o.plot != "" {
		var err error
		if r.plotF, err = telemetry.ImageFormatFromPath(o.plot); err != nil {
			return nil, err
		}
		r.plot = telemetry.NewPlot(f.Spec.Name)
	}
	if o.wav != "" {
		var err error
		if r.wavF, err = os.Create(o.wav); err != nil {
			return nil, err
		}
		if r.wav, err = audio.NewRecorder(r.wavF, audio.Config{Seed: 1}, 1/f.Dt); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// tick records the tick just stepped. A step that failed counts for
// nothing: the physics rolled its state back, and its statistics describe
// a state that no longer exists.
func (r *simRecorder) tick(f *Flight) {
	if f.Err != nil {
		return
	}
	r.maxGap.add(f.World.MaxJointGap())
	r.maxPen.add(f.World.Stats().MaxPenetration)
	if r.err != nil {
		return
	}
	if err := r.write(f); err != nil {
		r.err = err
		r.close()
	}
}

// write adds the tick to the outputs.
func (r *simRecorder) write(f *Flight) error {
	if r.wav != nil {
		if err := r.wav.Tick(r.sound.tick(f, mgl64.Vec3{1, 0, 0})); err != nil {
			return err
		}
	}
	if (r.rows == nil && r.plot == nil) || f.Tick%uint64(r.o.every) != 0 {
		return nil
	}
	roll, pitch, yaw := f.BodyRates()
	t := &f.Tel
	alt := math.NaN()
	if f.Spec.Ground != nil || f.Spec.Pad != nil {
		alt = f.Altitude()
	}
	rng := math.NaN()
	if f.Target != nil {
		a, ok := f.Player.PortPose(f.World)
		b, ok2 := f.Target.PortPose(f.World)
		if ok && ok2 {
			rng = a.Position.Sub(b.Position).Len()
		}
	}
	extra := [...]float64{deg(t.Omega), deg(roll), deg(pitch), deg(yaw), alt, rng, t.VerticalSpeed, t.HorizontalSpeed, t.ClosingSpeed, f.Controls.Throttle}
	if r.rows != nil {
		r.row.T = f.Time()
		k := 0
		for _, vs := range f.vessels() {
			for _, d := range vs.Built.Distinct {
				b := f.World.Body(d.ID)
				r.row.Bodies[k] = telemetry.BodyState{Pos: b.Position(), Rot: b.Orientation(), Vel: b.Velocity(), AngVel: b.AngularVelocity()}
				k++
			}
		}
		r.row.L = f.World.AngularMomentum()
		r.row.KE, r.row.PE = f.World.KineticEnergy(), f.World.PotentialEnergy()
		r.row.Fuel = f.Player.FuelLeft()
		r.row.Contacts = f.World.Stats().Contacts
		copy(r.row.Extra, extra[:])
		if err := r.rows.WriteRow(&r.row); err != nil {
			return err
		}
	}
	if p := r.plot; p != nil {
		tt := f.Time()
		p.Add("rates (°/s)", "roll", tt, extra[1])
		p.Add("rates (°/s)", "pitch", tt, extra[2])
		p.Add("rates (°/s)", "yaw", tt, extra[3])
		if !math.IsNaN(alt) {
			p.Add("altitude (m)", "altitude", tt, alt)
		}
		if !math.IsNaN(rng) {
			p.Add("range (m)", "range", tt, rng)
		}
		p.Add("speeds (m/s)", "vertical (down +)", tt, t.VerticalSpeed)
		p.Add("speeds (m/s)", "horizontal", tt, t.HorizontalSpeed)
		if f.Target != nil {
			p.Add("speeds (m/s)", "closing", tt, t.ClosingSpeed)
		}
	}
	return nil
}

// close finishes the outputs once; a failure goes to err.
func (r *simRecorder) close() {
	var errs []error
	if r.buf != nil {
		errs = append(errs, r.buf.Flush(), r.file.Close())
		r.buf, r.rows = nil, nil
	}
	if r.wav != nil {
		errs = append(errs, r.wav.Close(), r.wavF.Close())
		r.wav = nil
	}
	if r.plot != nil && r.err == nil {
		pf, err := os.Create(r.o.plot)
		if err == nil {
			err = r.plot.Write(pf, r.plotF, 1200, 900)
			errs = append(errs, pf.Close())
		}
		errs = append(errs, err)
	}
	r.plot = nil
	r.err = firstErr(append([]error{r.err}, errs...)...)
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
