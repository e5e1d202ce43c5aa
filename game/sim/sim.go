// Package sim is `spaceflight sim`: a mission flown headless by
// flight.Run, with its flags, the files it writes as it flies (telemetry
// rows, a plot, the soundtrack) and its report printed as JSON.
package sim

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"

	"github.com/go-gl/mathgl/mgl64"

	"spaceflight/audio"
	"spaceflight/game/flight"
	"spaceflight/game/storage"
	"spaceflight/game/telemetry"
	"spaceflight/game/view"
)

// options are the flags of `spaceflight sim`: what to fly, and the files
// to write as it flies.
type options struct {
	run                  flight.RunOptions
	telemetry, plot, wav string
	every                int
}

const exitCodes = `Exit codes:
  0  the flight ran: outcome success, failure, crash or undecided (the JSON says which)
  1  outcome diverged: the physics failed, or the simulation panicked (the reason says how)
  2  bad flags, or a mission, craft or replay that cannot be used (a message, no JSON)
  3  the flight ran, but an output file could not be written (error)
  4  a replay's re-run differs from its recording in ticks, outcome, reason or final
     hash (replay_mismatches), or its files changed since (no JSON; --allow-changed
     flies it anyway)
When several apply, the highest wins. The JSON is printed whenever the flight ran;
a figure that is not finite is null, and the reason names it.`

// Run is the headless simulator, `spaceflight sim MISSION [flags]`: it
// flies a mission without a window as fast as it can — with the autopilot,
// a replay's commands or no commands at all (flight.Run) — writes the
// files the flags ask for, and prints a flight.Result. It returns the
// process exit code (flight.ExitFlown …). shipped holds the game's own
// crafts and missions, under the user's folder.
func Run(shipped fs.FS, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sim", flag.ContinueOnError)
	fs.SetOutput(stderr)
	o := options{run: flight.RunOptions{Shipped: shipped, Warnings: stderr}}
	r := &o.run
	fs.Float64Var(&r.Duration, "duration", 0, "simulated time to run at most, s (default: the mission's time limit, or 600)")
	fs.Float64Var(&r.Dt, "dt", flight.DefaultDt, "physics step, s")
	fs.BoolVar(&r.Autopilot, "autopilot", false, "fly the mission's autopilot program")
	fs.StringVar(&r.Replay, "replay", "", "re-run this replay (a `FILE`, or a link …#replay=… from the page) and check ticks, outcome, reason and final state hash")
	fs.BoolVar(&r.AllowChanged, "allow-changed", false, "re-run a replay even if its mission or craft files changed since it was recorded")
	fs.StringVar(&r.Record, "record", "", "save the run as a replay `FILE`")
	fs.StringVar(&o.telemetry, "telemetry", "", "write telemetry rows to `FILE`.jsonl or .csv")
	fs.IntVar(&o.every, "every", 1, "write every Nth tick to --telemetry and --plot")
	fs.StringVar(&o.plot, "plot", "", "draw rates, altitude/range and speeds over time to `FILE`.png or .svg")
	fs.StringVar(&o.wav, "audio-out", "", "render the flight's soundtrack to `FILE`.wav")
	fs.StringVar(&r.Data, "data", "", "user folder of crafts/ and missions/ (default ~/.config/spaceflight)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight sim MISSION [flags]     MISSION: a shipped name or a .toml path")
		fs.PrintDefaults()
		fmt.Fprintln(stderr, exitCodes)
	}
	if len(args) > 0 && len(args[0]) > 0 && args[0][0] != '-' {
		r.Mission, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return flight.ExitUsage
	}
	if fs.NArg() > 0 && r.Mission == "" {
		r.Mission = fs.Arg(0)
	}
	res, code, err := run(o, stderr)
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
		return max(code, flight.ExitOutput)
	}
	return code
}

// run flies o: the flight with its outputs. The outputs' formats (by
// their names) are flags, checked before anything flies; whether the
// files can be written is found out as they are, and a file that cannot
// be costs the outputs, not the flight (exit code 3, with the JSON).
func run(o options, stderr io.Writer) (*flight.Result, int, error) {
	if o.every < 1 {
		return nil, flight.ExitUsage, fmt.Errorf("need --every ≥ 1")
	}
	out := &outputs{o: o, stderr: stderr}
	if o.telemetry != "" {
		var err error
		if out.rowsF, err = telemetry.FormatFromPath(o.telemetry); err != nil {
			return nil, flight.ExitUsage, err
		}
	}
	if o.plot != "" {
		var err error
		if out.plotF, err = telemetry.ImageFormatFromPath(o.plot); err != nil {
			return nil, flight.ExitUsage, err
		}
	}
	return flight.Run(o.run, out)
}

// writeResult prints res as indented JSON.
func writeResult(w io.Writer, res *flight.Result) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(res)
}

// outputs write what --telemetry, --plot and --audio-out ask for, and
// show the run's progress on stderr (flight.Outputs). An output that fails
// to write stops all of them: the flight goes on, and err keeps the first
// failure for the result.
type outputs struct {
	o        options
	stderr   io.Writer
	progress *telemetry.Progress
	err      error

	file  *os.File
	buf   *bufio.Writer
	rows  *telemetry.Writer
	rowsF telemetry.Format
	row   telemetry.Row
	plot  *telemetry.Plot
	plotF telemetry.ImageFormat
	wavF  *os.File
	wav   *audio.Recorder
	sound view.Sounder
}

var extraChannels = []string{"omega_deg_s", "roll_deg_s", "pitch_deg_s", "yaw_deg_s", "altitude_m", "range_m",
	"vertical_speed_m_s", "horizontal_speed_m_s", "closing_speed_m_s", "throttle"}

// Open readies the outputs for a flight of at most ticks ticks. An
// output that cannot be opened — its folder missing, a device or a FIFO
// at its path (storage.Create refuses anything but a regular file), a
// full disk for the WAV header — stops them all, as a failed write does:
// the flight flies, and the result says which (exit code 3).
func (r *outputs) Open(f *flight.Flight, ticks uint64) error {
	r.progress = telemetry.NewProgress(r.stderr, float64(ticks)*f.Dt, telemetry.ProgressOptions{})
	if err := r.open(f); err != nil {
		r.err = err
		r.close()
	}
	return nil
}

// open creates the output files.
func (r *outputs) open(f *flight.Flight) error {
	o := r.o
	if o.plot != "" {
		// Written at the end: a path it cannot go to is said at once.
		if err := storage.CheckTarget(o.plot); err != nil {
			return err
		}
		r.plot = telemetry.NewPlot(f.Spec.Name)
	}
	if o.telemetry != "" {
		var names []string
		for _, vs := range f.Vessels() {
			for _, d := range vs.Built.Distinct {
				names = append(names, flight.FileSafe(vs.Spec.Name)+"_"+flight.FileSafe(vs.Spec.Parts[d.Parts[0]].Name))
			}
		}
		var err error
		if r.file, err = storage.Create(o.telemetry); err != nil {
			return err
		}
		r.buf = bufio.NewWriter(r.file)
		if r.rows, err = telemetry.NewWriter(r.buf, r.rowsF, names, extraChannels); err != nil {
			return err
		}
		r.row.Bodies = make([]telemetry.BodyState, len(names))
		r.row.Extra = make([]float64, len(extraChannels))
	}
	if o.wav != "" {
		var err error
		if r.wavF, err = storage.Create(o.wav); err != nil {
			return err
		}
		if r.wav, err = audio.NewRecorder(r.wavF, audio.Config{Seed: 1}, 1/f.Dt); err != nil {
			r.wavF.Close()
			return err
		}
	}
	return nil
}

// Tick records the tick just stepped. A step that failed adds nothing:
// the physics rolled its state back.
func (r *outputs) Tick(f *flight.Flight) {
	if f.Err == nil && r.err == nil {
		if err := r.write(f); err != nil {
			r.err = err
			r.close()
		}
	}
	r.progress.Update(f.Time())
}

// Close finishes the outputs and returns the first that failed.
func (r *outputs) Close() error {
	r.progress.Finish()
	r.close()
	return r.err
}

// write adds the tick to the outputs.
func (r *outputs) write(f *flight.Flight) error {
	if r.wav != nil {
		if err := r.wav.Tick(r.sound.Tick(f, mgl64.Vec3{1, 0, 0})); err != nil {
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
	a, ok := f.PlayerPortPose()
	b, ok2 := f.TargetPort()
	if ok && ok2 {
		rng = a.Position.Sub(b.Position).Len()
	}
	// Vertical speed up + (as the HUD shows it), and the main engines'
	// throttle as they fire, the autopilot's and the aids' too.
	extra := [...]float64{flight.Deg(t.Omega), flight.Deg(roll), flight.Deg(pitch), flight.Deg(yaw), alt, rng, -t.VerticalSpeed, t.HorizontalSpeed, t.ClosingSpeed, f.Player.MainLevel()}
	if r.rows != nil {
		r.row.T = f.Time()
		k := 0
		for _, vs := range f.Vessels() {
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
		p.Add("speeds (m/s)", "vertical (up +)", tt, extra[6])
		p.Add("speeds (m/s)", "horizontal", tt, t.HorizontalSpeed)
		if f.Target != nil {
			p.Add("speeds (m/s)", "closing", tt, t.ClosingSpeed)
		}
	}
	return nil
}

// close finishes the outputs once; a failure goes to err.
func (r *outputs) close() {
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
		pf, err := storage.Create(r.o.plot)
		if err == nil {
			err = r.plot.Write(pf, r.plotF, 1200, 900)
			errs = append(errs, pf.Close())
		}
		errs = append(errs, err)
	}
	r.plot = nil
	r.err = firstErr(append([]error{r.err}, errs...)...)
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}
