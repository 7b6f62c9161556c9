package figures

import (
	"bytes"
	"errors"
	"fmt"
	"image/color"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/provenance"
)

// ErrData is returned for data that cannot be plotted.
var ErrData = errors.New("figures: cannot plot")

// Palette is the colour cycle of the line plots (colour-blind safe
// Okabe–Ito order, then greys).
var Palette = []color.Color{
	color.RGBA{0x00, 0x72, 0xb2, 255}, // blue
	color.RGBA{0xd5, 0x5e, 0x00, 255}, // vermillion
	color.RGBA{0x00, 0x9e, 0x73, 255}, // green
	color.RGBA{0xcc, 0x79, 0xa7, 255}, // purple
	color.RGBA{0xe6, 0x9f, 0x00, 255}, // orange
	color.RGBA{0x56, 0xb4, 0xe9, 255}, // sky blue
	color.RGBA{0xf0, 0xe4, 0x42, 255}, // yellow
	color.RGBA{0x40, 0x40, 0x40, 255},
}

// XY is one point of a series.
type XY struct{ X, Y float64 }

// Series is one line of a line plot.
type Series struct {
	Name   string // "" keeps it out of the legend
	Points []XY   // drawn in the given order
	Dashed bool
	Color  color.Color // nil: next palette colour
	// LineOnly draws no point glyphs (for reference curves).
	LineOnly bool
}

// seriesByName collects points under series names.
type seriesByName map[string][]XY

// series returns one Series per name, in name order, each with its points
// in increasing X.
func (by seriesByName) series() []Series {
	var series []Series
	for _, name := range slices.Sorted(maps.Keys(by)) {
		pts := by[name]
		sort.Slice(pts, func(a, b int) bool { return pts[a].X < pts[b].X })
		series = append(series, Series{Name: name, Points: pts})
	}
	return series
}

// Mark is a horizontal (guarantee) or vertical (percentile) reference line.
type Mark struct {
	At    float64
	Label string
}

// LineOptions decorate a line plot.
type LineOptions struct {
	Title, X, Y string
	LogX, LogY  bool
	HMarks      []Mark  // horizontal dashed lines, e.g. guarantees
	VMarks      []Mark  // vertical dotted lines, e.g. the 99th percentile
	YMin        float64 // when YMax > YMin, fix the y range
	YMax        float64
	NoMarkers   bool // lines only, no point glyphs
}

// Lines draws series as lines with points.
func Lines(series []Series, opt LineOptions) (*plot.Plot, error) {
	if len(series) == 0 {
		return nil, fmt.Errorf("%w: no series", ErrData)
	}
	p := plot.New()
	p.Title.Text = opt.Title
	p.X.Label.Text, p.Y.Label.Text = opt.X, opt.Y
	p.X.Tick.Marker, p.Y.Tick.Marker = Ticks{}, Ticks{}
	if opt.LogX {
		p.X.Scale, p.X.Tick.Marker = plot.LogScale{}, LogTicks{}
	}
	if opt.LogY {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, LogTicks{}
	}
	p.Add(plotter.NewGrid())
	xmin, xmax := math.Inf(1), math.Inf(-1)
	k := 0
	for si, s := range series {
		var pts plotter.XYs
		for _, pt := range s.Points {
			if math.IsNaN(pt.X) || math.IsNaN(pt.Y) || math.IsInf(pt.X, 0) || math.IsInf(pt.Y, 0) ||
				(opt.LogX && pt.X <= 0) || (opt.LogY && pt.Y <= 0) {
				continue // not plottable (for example an empty bucket)
			}
			pts = append(pts, plotter.XY{X: pt.X, Y: pt.Y})
			xmin, xmax = math.Min(xmin, pt.X), math.Max(xmax, pt.X)
		}
		if len(pts) == 0 {
			continue
		}
		c := s.Color
		if c == nil {
			c = Palette[k%len(Palette)]
			k++
		}
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		l.Color, sc.Color = c, c
		l.Width = vg.Points(1.5)
		sc.Shape = draw.CircleGlyph{}
		sc.Radius = vg.Points(2)
		if s.Dashed {
			// Dash lengths differ by series so that coinciding curves stay
			// distinguishable.
			l.Dashes = []vg.Length{vg.Points(float64(3 + 2*(si%4))), vg.Points(3)}
		}
		switch {
		case len(pts) > 60 || opt.NoMarkers || s.LineOnly:
			p.Add(l)
			if s.Name != "" {
				p.Legend.Add(s.Name, l)
			}
		default:
			p.Add(l, sc)
			if s.Name != "" {
				p.Legend.Add(s.Name, l, sc)
			}
		}
	}
	if math.IsInf(xmin, 1) {
		return nil, fmt.Errorf("%w: no finite points", ErrData)
	}
	if xmin == xmax {
		xmin, xmax = xmin-0.5, xmax+0.5
	}
	for i, m := range opt.HMarks {
		l, err := plotter.NewLine(plotter.XYs{{X: xmin, Y: m.At}, {X: xmax, Y: m.At}})
		if err != nil {
			return nil, err
		}
		l.Color = color.Gray{Y: uint8(0x30 + 0x30*(i%3))}
		l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		p.Add(l)
		if m.Label != "" {
			p.Legend.Add(m.Label, l)
		}
	}
	if len(opt.VMarks) > 0 {
		// Vertical marks span the data's y range.
		ymin, ymax := math.Inf(1), math.Inf(-1)
		for _, s := range series {
			for _, pt := range s.Points {
				if !math.IsNaN(pt.Y) && !math.IsInf(pt.Y, 0) && (!opt.LogY || pt.Y > 0) {
					ymin, ymax = math.Min(ymin, pt.Y), math.Max(ymax, pt.Y)
				}
			}
		}
		for _, m := range opt.VMarks {
			l, err := plotter.NewLine(plotter.XYs{{X: m.At, Y: ymin}, {X: m.At, Y: ymax}})
			if err != nil {
				return nil, err
			}
			l.Color = color.Gray{Y: 0x50}
			l.Dashes = []vg.Length{vg.Points(2), vg.Points(2)}
			p.Add(l)
			if m.Label != "" {
				p.Legend.Add(m.Label, l)
			}
		}
	}
	if opt.YMax > opt.YMin {
		p.Y.Min, p.Y.Max = opt.YMin, opt.YMax
	}
	return p, nil
}

// Format is an output file format of Save.
type Format string

// The formats of Save: SVG by default, PNG on request.
const (
	SVG Format = "svg"
	PNG Format = "png"
)

// Margin is the blank border around every figure, so that the title and
// the tick labels never touch the edge of the image.
const Margin = vg.Length(8) // points

// Render draws p at the given size (inches) in one format. The legend, if
// any, goes to a column right of the plot, outside the data area, so it
// never covers data; every side keeps a Margin. An SVG carries the run's
// provenance (provenance.Current, set by the command line) in a
// <metadata> element.
func Render(p *plot.Plot, widthIn, heightIn float64, f Format) ([]byte, error) {
	if f != SVG && f != PNG {
		return nil, fmt.Errorf("%w: format %q (want svg or png)", ErrData, f)
	}
	cv, err := draw.NewFormattedCanvas(vg.Length(widthIn)*vg.Inch, vg.Length(heightIn)*vg.Inch, string(f))
	if err != nil {
		return nil, err
	}
	c := draw.Crop(draw.New(cv), Margin, -Margin, Margin, -Margin)
	lg := p.Legend
	p.Legend = plot.NewLegend() // drawn below, outside the data area
	defer func() { p.Legend = lg }()
	lg.Padding = vg.Points(3)
	lr := lg.Rectangle(c)
	if lw := lr.Max.X - lr.Min.X; lw > 0 {
		gap := vg.Points(10)
		lc := draw.Crop(c, c.Max.X-c.Min.X-lw, 0, 0, 0)
		c = draw.Crop(c, 0, -(lw + gap), 0, 0)
		// Align the legend's top with the top of the data area (below the title).
		if p.Title.Text != "" {
			th := p.Title.TextStyle.Rectangle(p.Title.Text)
			lc = draw.Crop(lc, 0, 0, 0, -(th.Max.Y - th.Min.Y + p.Title.Padding))
		}
		lg.Top, lg.Left = true, true
		lg.XOffs, lg.YOffs = 0, 0
		lg.Padding = vg.Points(3)
		lg.Draw(lc)
	}
	p.Draw(c)
	var b bytes.Buffer
	if _, err := cv.WriteTo(&b); err != nil {
		return nil, err
	}
	if r, ok := provenance.Current(); ok && f == SVG {
		return provenance.StampSVG(b.Bytes(), r), nil
	}
	return b.Bytes(), nil
}

// Save writes p as base.svg (and base.png when PNG is among the formats;
// no format means SVG) atomically with the given size in inches, and
// returns the paths written.
func Save(p *plot.Plot, widthIn, heightIn float64, base string, formats ...Format) ([]string, error) {
	if len(formats) == 0 {
		formats = []Format{SVG}
	}
	var out []string
	for _, f := range formats {
		b, err := Render(p, widthIn, heightIn, f)
		if err != nil {
			return nil, err
		}
		path := base + "." + string(f)
		if err := instances.AtomicWrite(path, b); err != nil {
			return nil, err
		}
		out = append(out, filepath.Clean(path))
	}
	return out, nil
}

// Formats returns the formats for a request of PNG files besides SVG.
func Formats(png bool) []Format {
	if png {
		return []Format{SVG, PNG}
	}
	return []Format{SVG}
}

// Ticks marks a linear axis at round values (1, 2 or 5 times a power of
// ten) so that between 4 and 10 of them fall in the range, every one
// labelled, with minor ticks halfway. (gonum's default labels as few as two
// ticks on short ranges, such as the nightly totals plot.)
type Ticks struct{}

// Ticks returns the ticks of [min, max].
func (Ticks) Ticks(min, max float64) []plot.Tick {
	if !(max > min) || math.IsInf(max-min, 0) {
		return plot.DefaultTicks{}.Ticks(min, max)
	}
	step := niceStep((max - min) / 8)
	prec := -int(math.Floor(math.Log10(step)))
	if prec < 0 {
		prec = 0
	}
	var ts []plot.Tick
	first := math.Ceil(min/step-1e-9) * step
	for k := 0; ; k++ {
		v := first + float64(k)*step
		if v > max+step*1e-9 {
			break
		}
		if math.Abs(v) < step*1e-9 {
			v = 0
		}
		ts = append(ts, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', prec, 64)})
		if h := v + step/2; h <= max {
			ts = append(ts, plot.Tick{Value: h})
		}
	}
	if h := first - step/2; h >= min {
		ts = append(ts, plot.Tick{Value: h})
	}
	return ts
}

// LogTicks marks a log axis: every power of ten on wide ranges (gonum's
// LogTicks); on ranges of less than two decades, which gonum labels at one
// power of ten or none, also 2 and 5 (then every digit) times a power of
// ten, and on ranges too short for that round linear steps, so that at
// least three ticks are labelled.
type LogTicks struct{}

// Ticks returns the ticks of [min, max] (min > 0).
func (LogTicks) Ticks(min, max float64) []plot.Tick {
	if !(min > 0) || !(max > min) || max/min >= 100 {
		return plot.LogTicks{Prec: -1}.Ticks(min, max)
	}
	for _, ms := range [][]float64{{1, 2, 5}, {1, 2, 3, 5, 7}, {1, 2, 3, 4, 5, 6, 7, 8, 9}} {
		var ts []plot.Tick
		labelled := 0
		for e := math.Floor(math.Log10(min)); e <= math.Ceil(math.Log10(max)); e++ {
			for d := 1.0; d <= 9; d++ {
				v := d * math.Pow(10, e)
				if v < min*(1-1e-12) || v > max*(1+1e-12) {
					continue
				}
				t := plot.Tick{Value: v}
				for _, m := range ms {
					if d == m {
						t.Label = strconv.FormatFloat(v, 'g', 6, 64)
						labelled++
					}
				}
				ts = append(ts, t)
			}
		}
		if labelled >= 3 {
			return ts
		}
	}
	return Ticks{}.Ticks(min, max) // less than a factor 3 or so: round linear steps
}

// niceStep returns the smallest of 1, 2, 5 × 10^k that is ≥ x.
func niceStep(x float64) float64 {
	e := math.Pow(10, math.Floor(math.Log10(x)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*e >= x*(1-1e-12) {
			return m * e
		}
	}
	return 10 * e
}

// RatioPoint is one method's ratio on one instance of size N.
type RatioPoint struct {
	Method string
	N      int
	Ratio  float64
}

// RatioVsN plots, per method, the mean ratio over the instances of each
// size n, with horizontal guarantee lines (marks).
func RatioVsN(title, ylabel string, pts []RatioPoint, marks []Mark) (*plot.Plot, error) {
	type key struct {
		m string
		n int
	}
	sum := map[key]float64{}
	cnt := map[key]int{}
	var methods []string
	seen := map[string]bool{}
	for _, p := range pts {
		if math.IsNaN(p.Ratio) {
			continue
		}
		if !seen[p.Method] {
			seen[p.Method] = true
			methods = append(methods, p.Method)
		}
		k := key{p.Method, p.N}
		sum[k] += p.Ratio
		cnt[k]++
	}
	var series []Series
	for _, m := range methods {
		var xy []XY
		for k, s := range sum {
			if k.m == m {
				xy = append(xy, XY{X: float64(k.n), Y: s / float64(cnt[k])})
			}
		}
		sort.Slice(xy, func(a, b int) bool { return xy[a].X < xy[b].X })
		series = append(series, Series{Name: m, Points: xy})
	}
	// The y range spans the data and the marks.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range series {
		for _, p := range s.Points {
			lo, hi = math.Min(lo, p.Y), math.Max(hi, p.Y)
		}
	}
	for _, m := range marks {
		lo, hi = math.Min(lo, m.At), math.Max(hi, m.At)
	}
	opt := LineOptions{Title: title, X: "n (jobs)", Y: ylabel, HMarks: marks}
	if !math.IsInf(lo, 0) && hi > lo {
		opt.YMin, opt.YMax = lo-0.05*(hi-lo), hi+0.05*(hi-lo)
	}
	return Lines(series, opt)
}

// Bars draws one bar per label with horizontal reference marks (for
// example the lower bound and OPT).
func Bars(title, xlabel, ylabel string, labels []string, values []float64, marks []Mark) (*plot.Plot, error) {
	if len(labels) == 0 || len(labels) != len(values) {
		return nil, fmt.Errorf("%w: %d labels for %d values", ErrData, len(labels), len(values))
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xlabel, ylabel
	bars, err := plotter.NewBarChart(plotter.Values(values), vg.Points(28))
	if err != nil {
		return nil, err
	}
	bars.Color = Palette[0]
	bars.LineStyle.Width = 0
	p.Add(plotter.NewGrid(), bars)
	p.NominalX(labels...)
	p.Y.Tick.Marker = Ticks{}
	p.Y.Min = 0
	top := 0.0
	for _, v := range values {
		top = math.Max(top, v)
	}
	for _, m := range marks {
		top = math.Max(top, m.At)
	}
	p.Y.Max = 1.05 * top
	for i, m := range marks {
		l, err := plotter.NewLine(plotter.XYs{{X: -0.5, Y: m.At}, {X: float64(len(labels)) - 0.5, Y: m.At}})
		if err != nil {
			return nil, err
		}
		l.Color = Palette[(i+1)%len(Palette)]
		l.Width = vg.Points(1.5)
		l.Dashes = []vg.Length{vg.Points(6), vg.Points(3)}
		p.Add(l)
		p.Legend.Add(m.Label, l)
	}
	return p, nil
}
