//go:build js

package telemetry

import (
	"errors"
	"io"
)

// ErrNoPlots reports a plot asked of the browser build, which leaves the
// plotting library out (see plot_draw.go).
var ErrNoPlots = errors.New("telemetry: the browser build draws no plots")

// Write returns ErrNoPlots: the browser build does not draw plots.
func (p *Plot) Write(w io.Writer, format ImageFormat, width, height int) error { return ErrNoPlots }
