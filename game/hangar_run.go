package game

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"strings"

	"spaceflight/game/flight"
)

// RunHangarCommand is `spaceflight hangar CRAFT [flags]`: it parses the
// arguments and opens the game on the hangar scene with the craft on the
// stand. It returns the exit code: 0, 1 when the window or the craft
// failed, 2 for bad arguments, 3 when --screenshot could not be written.
func RunHangarCommand(shipped fs.FS, args []string, stdout, stderr io.Writer) int {
	fl := flag.NewFlagSet("hangar", flag.ContinueOnError)
	fl.SetOutput(stderr)
	h := &HangarOptions{}
	opts := Options{Shipped: shipped, Hangar: h, Warp: 1}
	var hide string
	fl.StringVar(&opts.DataDir, "data", "", "user folder of crafts/ (default ~/.config/spaceflight)")
	fl.Float64Var(&opts.Dt, "dt", flight.DefaultDt, "physics step, s")
	fl.StringVar(&h.Gravity, "gravity", "moon", "gravity on the stand: moon, earth or none")
	fl.StringVar(&h.Fire, "fire", "", "start firing `WHAT`: "+strings.Join(flight.FireNames(), ", "))
	fl.BoolVar(&h.Release, "release", false, "start with the craft released from the stand")
	fl.StringVar(&hide, "hide", "", "overlays to start with off, comma-separated: COM, inertia, thrusters, joints, ports, feet, tanks")
	fl.StringVar(&h.Select, "select", "", "start with the part, thruster or joint `NAME` selected in the editor")
	fl.StringVar(&h.Mode, "mode", "", "the editor's mode at start: move, turn or size")
	fl.StringVar(&opts.ScreenshotPath, "screenshot", "", "render `FILE.png` after --frames frames, then exit")
	fl.IntVar(&opts.Frames, "frames", 60, "frames (ticks) before --screenshot")
	fl.StringVar(&opts.Quality, "quality", "", "graphics quality: high, low or auto (default: settings.toml's)")
	fl.BoolVar(&opts.Mute, "mute", false, "no sound")
	fl.Usage = func() {
		fmt.Fprintln(stderr, "usage: spaceflight hangar CRAFT [flags]   (CRAFT: a library name or a .toml path)")
		fl.PrintDefaults()
	}
	// The craft may come before or after the flags.
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		h.Craft, args = args[0], args[1:]
	}
	if err := fl.Parse(args); err != nil {
		return 2
	}
	if h.Craft == "" && fl.NArg() == 1 {
		h.Craft = fl.Arg(0)
	} else if fl.NArg() > 0 || h.Craft == "" {
		fl.Usage()
		return 2
	}
	if err := flight.CheckDt(opts.Dt); err != nil {
		fmt.Fprintln(stderr, "spaceflight hangar: --"+err.Error())
		return 2
	}
	if hide != "" {
		h.Hide = strings.Split(hide, ",")
	}
	if err := Play(opts); err != nil {
		fmt.Fprintln(stderr, "spaceflight hangar:", err)
		if errors.Is(err, ErrScreenshot) {
			return 3
		}
		return 1
	}
	return 0
}
