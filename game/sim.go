package game

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"math"
	"os"
	"strings"
	"time"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/audio"
	"spaceflight/craft"
	"spaceflight/game/telemetry"
	"spaceflight/physics"
)

// SimResult is what `spaceflight sim` prints as one JSON object when it ends.
type SimResult struct {
	Mission              string   `json:"mission"`
	Outcome              string   `json:"outcome"`
	Grade                string   `json:"grade,omitempty"`
	Reason               string   `json:"reason"`
	Score                float64  `json:"score"`
	SimTime              float64  `json:"sim_time_s"`
	Steps                uint64   `json:"steps"`
	WallTime             float64  `json:"wall_time_s"`
	NsPerStep            float64  `json:"ns_per_step"`
	FuelUsed             float64  `json:"fuel_used_kg"`
	MaxJointGap          float64  `json:"max_joint_gap_m"`
	MaxPenetration       float64  `json:"max_penetration_m"`
	AngularMomentumDrift float64  `json:"angular_momentum_drift"`
	EnergyDrift          float64  `json:"energy_drift"`
	StateHash            string   `json:"state_hash"`
	ReplayMatch          *bool    `json:"replay_hash_match,omitempty"`
	ChangedFiles         []string `json:"replay_changed_files,omitempty"`
}

// simOptions are the flags of `spaceflight sim`.
type simOptions struct {
	mission              string
	duration, dt         float64
	autopilot            bool
	replay, record       string
	telemetry, plot, wav string
	every                int
	shipped              fs.FS // the game's own crafts and missions
	data                 string
	awake                bool // no sleeping (BenchmarkSimAutopilot's "awake" figures)
}

// RunSim is the headless simulator, `spaceflight sim MISSION [flags]`: it
// flies a mission without a window as fast as it can — with the autopilot,
// a replay's commands or no commands at all — and prints a SimResult. It
// returns the process exit code: 0 when the run completed (whatever the
// mission's outcome), 1 when it diverged or a replay did not reproduce its
// state, 2 for bad arguments or files. shipped holds the game's own crafts
// and missions, under the user's folder.
func RunSim(shipped fs.FS, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := simOptions{shipped: shipped}
	fs.Float64Var(&o.duration, "duration", 0, "simulated time to run at most, s (default: the mission's time limit, or 600)")
	fs.Float64Var(&o.dt, "dt", DefaultDt, "physics step, s")
	fs.BoolVar(&o.autopilot, "autopilot", false, "fly the mission's autopilot program")
	fs.StringVar(&o.replay, "replay", "", "re-run this replay `FILE` and check its final state hash")
	fs.StringVar(&o.record, "record", "", "save the run as a replay `FILE`")
	fs.StringVar(&o.telemetry, "telemetry", "", "write telemetry rows to `FILE`.jsonl or .csv")
	fs.IntVar(&o.every, "every", 1, "write every Nth tick to --telemetry and --plot")
	fs.StringVar(&o.plot, "plot", "", "draw rates, altitude/range and speeds over time to `FILE`.png or .svg")
	fs.StringVar(&o.wav, "audio-out", "", "render the flight's soundtrack to `FILE`.wav")
	fs.StringVar(&o.data, "data", "", "user folder of crafts/ and missions/ (default ~/.config/spaceflight)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight sim MISSION [flags]     MISSION: a shipped name or a .toml path")
		fs.PrintDefaults()
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		o.mission, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 && o.mission == "" {
		o.mission = fs.Arg(0)
	}
	res, code, err := runSim(o, stderr)
	if err != nil {
		fmt.Fprintln(stderr, "spaceflight sim:", err)
		return code
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	if err := enc.Encode(res); err != nil {
		fmt.Fprintln(stderr, "spaceflight sim:", err)
		return 1
	}
	return code
}

func runSim(o simOptions, stderr io.Writer) (*SimResult, int, error) {
	var rp *Replay
	if o.replay != "" {
		var err error
		if rp, err = LoadReplay(o.replay); err != nil {
			return nil, 2, err
		}
		if o.mission == "" {
			o.mission = rp.Mission
		}
		o.dt = rp.Dt
	}
	if o.mission == "" {
		o.mission = DefaultMission
	}
	if !(o.dt > 0 && o.dt <= 0.1) || !(o.duration >= 0) || math.IsInf(o.duration, 0) || o.every < 1 {
		return nil, 2, fmt.Errorf("need 0 < --dt ≤ 0.1, a finite --duration ≥ 0 and --every ≥ 1")
	}
	watch, err := craft.DefaultLibrary(o.shipped, o.data).WatchMission(o.mission)
	if err != nil {
		return nil, 2, err
	}
	m, files := watch.Value, watch.Files()
	f, err := newFlight(m, o.dt, flightOptions{awake: o.awake})
	if err != nil {
		return nil, 2, err
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
		return nil, 2, err
	}
	progress := telemetry.NewProgress(stderr, float64(steps)*o.dt, telemetry.ProgressOptions{})

	start := time.Now()
	next := 0 // index of the next command to hand the flight
	var tick []Command
	for f.Tick < steps && f.Err == nil {
		tick = dueAt(tick[:0], cmds, &next, f.Tick)
		f.Step(tick)
		if err := rec.tick(f); err != nil {
			return nil, 1, err
		}
		progress.Update(f.Time())
		// A decided mission runs on for runOn (a replay runs its recorded length).
		if rp == nil && f.Over() {
			break
		}
	}
	wall := time.Since(start).Seconds()
	progress.Finish()
	if err := rec.close(); err != nil {
		return nil, 1, err
	}

	res := &SimResult{
		Mission: o.mission, Outcome: f.Judge.Outcome.String(), Grade: f.Judge.Grade, Reason: f.Judge.Reason,
		Score: f.Judge.Score(f.Player.FuelUsed), SimTime: f.Time(), Steps: f.Tick, WallTime: wall,
		FuelUsed: f.Player.FuelUsed, MaxJointGap: rec.maxGap, MaxPenetration: rec.maxPen, StateHash: f.StateHash(),
	}
	if res.Outcome == "flying" {
		res.Outcome, res.Reason = "undecided", fmt.Sprintf("no outcome within %.0f s", f.Time())
	}
	if f.Tick > 0 {
		res.NsPerStep = wall * 1e9 / float64(f.Tick)
	}
	code := 0
	if f.Err != nil {
		res.Outcome, res.Reason = "diverged", f.Err.Error()
		code = 1
	} else {
		res.AngularMomentumDrift = relDrift(f.World.AngularMomentum().Len(), f.L0)
		res.EnergyDrift = relDrift(f.World.Energy(), f.E0)
	}
	if rp != nil {
		if res.ChangedFiles = rp.ChangedFiles(files); len(res.ChangedFiles) > 0 {
			fmt.Fprintf(stderr, "spaceflight sim: the replay was recorded with other versions of %s\n", strings.Join(res.ChangedFiles, ", "))
		}
		ok := res.StateHash == rp.FinalHash && f.Tick == rp.Ticks
		res.ReplayMatch = &ok
		if !ok {
			code = 1
		}
	}
	if o.record != "" {
		out := &Replay{Format: ReplayFormat, Mission: o.mission, Dt: o.dt, Ticks: f.Tick, Commands: cmds,
			FinalHash: res.StateHash, Outcome: res.Outcome, Files: HashFiles(files)}
		if err := out.Save(o.record); err != nil {
			return nil, 1, err
		}
	}
	return res, code, nil
}

// simRecorder writes what --telemetry, --plot and --audio-out ask for, and
// keeps the largest joint gap seen.
type simRecorder struct {
	o      simOptions
	maxGap float64
	maxPen float64

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

func (r *simRecorder) tick(f *Flight) error {
	r.maxGap = max(r.maxGap, f.World.MaxJointGap())
	r.maxPen = max(r.maxPen, f.World.Stats().MaxPenetration)
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

func (r *simRecorder) close() error {
	var errs []error
	if r.buf != nil {
		errs = append(errs, r.buf.Flush(), r.file.Close())
	}
	if r.wav != nil {
		errs = append(errs, r.wav.Close(), r.wavF.Close())
	}
	if r.plot != nil {
		pf, err := os.Create(r.o.plot)
		if err == nil {
			err = r.plot.Write(pf, r.plotF, 1200, 900)
			errs = append(errs, pf.Close())
		}
		errs = append(errs, err)
	}
	return firstErr(errs...)
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
