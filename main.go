// Command spaceflight is a space-flight game built on faithful rigid-body
// physics.
//
//	spaceflight [--mission M] [--autopilot] [--mute] [--screen S] [--screenshot FILE.png --frames N] [--benchmark]
//	                                                  play in a window
//	spaceflight sim MISSION [--autopilot] [--replay F] [--telemetry F] [--plot F] …
//	                                                  fly headless, print JSON
//	spaceflight replay FILE|LINK [--allow-changed]    watch a recorded flight
//	spaceflight --ghost FILE|LINK [--mission M]       race a recorded flight
//	spaceflight check [--json] [--data DIR] [FILE|NAME…]
//	                                                  validate crafts and missions
//	spaceflight check --report [--json] CRAFT…        a craft's figures and warnings
//	spaceflight hangar CRAFT                          see a craft on a test stand
//	spaceflight serve [--addr HOST:PORT] [--dir DIR]  serve the web page (make web builds it)
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"spaceflight/craft"
	"spaceflight/data"
	"spaceflight/game"
	"spaceflight/game/flight"
	"spaceflight/game/hangar"
	"spaceflight/game/sim"
	"spaceflight/game/web"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "sim":
			return sim.Run(data.FS, args[1:], stdout, stderr)
		case "check":
			return check(args[1:], stdout, stderr)
		case "hangar":
			return game.RunHangarCommand(data.FS, args[1:], stdout, stderr)
		case "serve":
			return web.Serve(args[1:], stdout, stderr)
		case "replay":
			if len(args) < 2 || strings.HasPrefix(args[1], "-") {
				fmt.Fprintln(stderr, "usage: spaceflight replay FILE.replay|LINK [--allow-changed] [--mission M]")
				return 2
			}
			args = append([]string{"--replay", args[1]}, args[2:]...)
		}
	}

	fs := flag.NewFlagSet("spaceflight", flag.ContinueOnError)
	fs.SetOutput(stderr)
	opts := game.Options{Shipped: data.FS, BenchmarkOut: stdout}
	fs.Float64Var(&opts.Dt, "dt", flight.DefaultDt, "physics step, s")
	fs.StringVar(&opts.ScreenshotPath, "screenshot", "", "render `FILE.png` after --frames frames, then exit")
	fs.IntVar(&opts.Frames, "frames", 60, "frames to draw before --screenshot, or to time with --benchmark")
	fs.BoolVar(&opts.Benchmark, "benchmark", false, "draw --frames frames as fast as possible, then print frame times as JSON")
	fs.StringVar(&opts.Mission, "mission", "", "mission to fly: a shipped or user name, or a .toml path (default tumble)")
	fs.StringVar(&opts.DataDir, "data", "", "user folder of crafts/ and missions/ (default ~/.config/spaceflight)")
	fs.BoolVar(&opts.Autopilot, "autopilot", false, "let the mission's autopilot fly")
	fs.BoolVar(&opts.Mute, "mute", false, "no sound")
	fs.IntVar(&opts.Warp, "warp", 1, "time warp at start: ticks per frame, 1…64")
	fs.StringVar(&opts.Replay, "replay", "", "watch a recorded flight: a `FILE`.replay, or a link …#replay=… from the page")
	fs.StringVar(&opts.Ghost, "ghost", "", "race a recorded flight (a `FILE`.replay or a link): it flies beside yours as a ghost")
	fs.BoolVar(&opts.AllowChanged, "allow-changed", false, "watch a replay even if its mission or craft files changed since it was recorded")
	fs.BoolVar(&opts.Debug, "debug", false, "start with the physics debug overlay (F3) on")
	fs.StringVar(&opts.Quality, "quality", "", "graphics `quality`: high, low or auto (low on a software GL renderer); default from settings.toml")
	fs.StringVar(&opts.Camera, "camera", "", "camera at start: chase, orbit, docking or free (default: the mission's)")
	fs.StringVar(&opts.Screen, "screen", "", "open on this `screen`: menu, briefing, help, pause or settings (for pictures of them)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight [flags]        play in a window")
		fmt.Fprintln(stderr, "       spaceflight sim MISSION    fly headless (spaceflight sim -h)")
		fmt.Fprintln(stderr, "       spaceflight replay FILE    watch a recorded flight (a file, or a link …#replay=… from the page)")
		fmt.Fprintln(stderr, "       spaceflight check [FILE…]  validate crafts and missions")
		fmt.Fprintln(stderr, "       spaceflight hangar CRAFT   a craft on a test stand (spaceflight hangar -h)")
		fmt.Fprintln(stderr, "       spaceflight serve          serve the web page built by make web")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "spaceflight: unexpected argument %q\n", fs.Arg(0))
		fs.Usage()
		return 2
	}
	if err := flight.CheckDt(opts.Dt); err != nil {
		fmt.Fprintln(stderr, "spaceflight: --"+err.Error())
		return 2
	}
	if err := game.Play(opts); err != nil {
		fmt.Fprintln(stderr, "spaceflight:", err)
		if errors.Is(err, game.ErrScreenshot) {
			return 3
		}
		return 1
	}
	return 0
}

// check is `spaceflight check`: exit 0 and a summary line per valid file,
// or 1 and every error as FILE:LINE:COL: key.path: what is wrong.
func check(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	jsonOut := fs.Bool("json", false, "print the results as JSON")
	report := fs.Bool("report", false, "print each craft's figures (mass, inertia, thrust/weight, Δv, RCS authority) and warnings")
	dataDir := fs.String("data", "", "user folder of crafts/ and missions/ (default ~/.config/spaceflight)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight check [--json] [--data DIR] [FILE.toml|NAME…]")
		fmt.Fprintln(stderr, "       spaceflight check --report [--json] [--data DIR] CRAFT…")
		fmt.Fprintln(stderr, "With no arguments every shipped and user craft and mission is checked.")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	lib := craft.DefaultLibrary(data.FS, *dataDir)
	if *report {
		return hangar.RunReport(lib, fs.Args(), *jsonOut, stdout, stderr)
	}
	return craft.CheckWith(lib, fs.Args(), craft.CheckOptions{JSON: *jsonOut, Warn: hangar.Warnings}, stdout)
}
