package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Band is one method's distribution of an objective over replications:
// its extremes, 5 % and 95 % quantiles, median and mean, and its value on
// the nominal (unperturbed) data, NaN when there is none.
type Band struct {
	Label                                 string
	Min, P5, P50, P95, Max, Mean, Nominal float64
}

// BandRowHeight is the height in inches of one band; BandsSize adds the
// title, axis and margins.
const (
	BandWidth     = 11.0
	BandRowHeight = 0.42
)

// BandsSize is the size in inches of a band figure of n rows.
func BandsSize(n int) (w, h float64) { return BandWidth, 1.3 + BandRowHeight*float64(n) }

// Bands draws one horizontal band per method, the first at the top: a
// thin line from the minimum to the maximum, a box from the 5 % to the 95 %
// quantile, a bar at the median, a dot at the mean and a triangle at the
// nominal value; xlabel names the objective and its unit.
func Bands(title, xlabel string, bands []Band) (*plot.Plot, error) {
	if len(bands) == 0 {
		return nil, fmt.Errorf("%w: no bands", ErrData)
	}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text, p.Y.Label.Text = xlabel, "method"
	p.X.Tick.Marker = Ticks{}
	p.Add(plotter.NewGrid())
	n := len(bands)
	labels := make([]string, n)
	lo, hi := math.Inf(1), math.Inf(-1)
	boxFill := color.NRGBA{R: 0x56, G: 0xb4, B: 0xe9, A: 0x90} // Okabe–Ito sky blue, translucent
	var legend struct {
		whisker, median *plotter.Line
		box             *plotter.Polygon
		mean, nominal   *plotter.Scatter
	}
	for k, b := range bands {
		for _, v := range []float64{b.Min, b.P5, b.P50, b.P95, b.Max, b.Mean} {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: band %q has a value %v", ErrData, b.Label, v)
			}
		}
		y := float64(n - 1 - k)
		labels[n-1-k] = b.Label
		lo, hi = math.Min(lo, b.Min), math.Max(hi, b.Max)
		w, err := plotter.NewLine(plotter.XYs{{X: b.Min, Y: y}, {X: b.Max, Y: y}})
		if err != nil {
			return nil, err
		}
		w.Color, w.Width = Palette[7], vg.Points(1)
		box, err := plotter.NewPolygon(plotter.XYs{{X: b.P5, Y: y - 0.28}, {X: b.P95, Y: y - 0.28}, {X: b.P95, Y: y + 0.28}, {X: b.P5, Y: y + 0.28}})
		if err != nil {
			return nil, err
		}
		box.Color = boxFill
		box.LineStyle.Color, box.LineStyle.Width = Palette[1], vg.Points(0.8)
		med, err := plotter.NewLine(plotter.XYs{{X: b.P50, Y: y - 0.34}, {X: b.P50, Y: y + 0.34}})
		if err != nil {
			return nil, err
		}
		med.Color, med.Width = color.Black, vg.Points(2)
		mean, err := plotter.NewScatter(plotter.XYs{{X: b.Mean, Y: y}})
		if err != nil {
			return nil, err
		}
		mean.GlyphStyle = draw.GlyphStyle{Color: color.Black, Radius: vg.Points(2.5), Shape: draw.CircleGlyph{}}
		p.Add(w, box, med, mean)
		legend.whisker, legend.box, legend.median, legend.mean = w, box, med, mean
		if !math.IsNaN(b.Nominal) && !math.IsInf(b.Nominal, 0) {
			lo, hi = math.Min(lo, b.Nominal), math.Max(hi, b.Nominal)
			nom, err := plotter.NewScatter(plotter.XYs{{X: b.Nominal, Y: y}})
			if err != nil {
				return nil, err
			}
			nom.GlyphStyle = draw.GlyphStyle{Color: color.NRGBA{R: 0xd5, G: 0x5e, A: 0xff}, Radius: vg.Points(4.5), Shape: draw.PyramidGlyph{}} // Okabe–Ito vermillion
			p.Add(nom)
			legend.nominal = nom
		}
	}
	p.Legend.Add("min–max", legend.whisker)
	p.Legend.Add("5 %–95 %", legend.box)
	p.Legend.Add("median", legend.median)
	p.Legend.Add("mean", legend.mean)
	if legend.nominal != nil {
		p.Legend.Add("on the estimated sizes", legend.nominal)
	}
	p.NominalY(labels...)
	p.Y.Min, p.Y.Max = -0.6, float64(n)-0.4
	pad := 0.04 * (hi - lo)
	if !(pad > 0) {
		pad = math.Max(1, math.Abs(hi)*0.05)
	}
	p.X.Min, p.X.Max = lo-pad, hi+pad
	return p, nil
}
