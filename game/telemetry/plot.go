package telemetry

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// Plot is a figure of panels stacked top to bottom that share one time
// axis, drawn with gonum.org/v1/plot. Each panel has its own y axis and a
// legend of its named series. Panels and series appear in the order they
// were first named.
//
// Values that are NaN, ±Inf or larger than 1e300 in magnitude leave a gap
// in their line. Add points in increasing time: each is joined to the one
// added before it. A Plot is not safe for concurrent use.
type Plot struct {
	Title  string // drawn centred at the top; may be empty
	XLabel string // label of the time axis; "time (s)" when empty

	panels []*panel
	last   *Series // Add's cache of the series it used last
}

type panel struct {
	name   string
	series []*Series
}

// Series is one named line of a panel: values v over time t (s).
type Series struct {
	panel, name string
	t, v        []float64
}

// NewPlot returns an empty plot with the given title.
func NewPlot(title string) *Plot { return &Plot{Title: title} }

// Series returns the series named name in the panel named panel (its
// title, with the unit: "speeds (m/s)"), adding the panel and the series
// if they are new. Keep the pointer and call its Add to skip the look-up
// on each point.
func (p *Plot) Series(panelName, name string) *Series {
	i := slices.IndexFunc(p.panels, func(pn *panel) bool { return pn.name == panelName })
	if i < 0 {
		i = len(p.panels)
		p.panels = append(p.panels, &panel{name: panelName})
	}
	pn := p.panels[i]
	for _, s := range pn.series {
		if s.name == name {
			return s
		}
	}
	s := &Series{panel: panelName, name: name}
	pn.series = append(pn.series, s)
	return s
}

// Add appends the point (t s, v) to a series of a panel; see Series.
func (p *Plot) Add(panel, series string, t, v float64) {
	s := p.last
	if s == nil || s.name != series || s.panel != panel {
		s = p.Series(panel, series)
		p.last = s
	}
	s.Add(t, v)
}

// Add appends the point (t s, v).
func (s *Series) Add(t, v float64) {
	s.t = append(s.t, t)
	s.v = append(s.v, v)
}

// Len returns the number of points.
func (s *Series) Len() int { return len(s.t) }

// ImageFormat is the file format a Plot is written in.
type ImageFormat string

const (
	PNG ImageFormat = "png" // a raster image, one pixel per unit of size
	SVG ImageFormat = "svg" // a vector image, sized for 96 pixels per inch
)

// ImageFormatFromPath picks the format from a file name's extension: .png
// or .svg (any letter case).
func ImageFormatFromPath(path string) (ImageFormat, error) {
	switch f := ImageFormat(strings.ToLower(strings.TrimPrefix(filepath.Ext(path), "."))); f {
	case PNG, SVG:
		return f, nil
	}
	return "", fmt.Errorf("%w: %q (want .png or .svg)", ErrFormat, path)
}

// ErrPlotSize reports an image too small for the plot's panels, or too big.
var ErrPlotSize = errors.New("telemetry: plot size")

// Limits of Write's image size (pixels).
const (
	MinPlotWidth  = 240
	MinPlotHeight = 160
	MaxPlotSide   = 16384
	// minPanelHeight is the least height of a panel (pixels).
	minPanelHeight = 60
)
