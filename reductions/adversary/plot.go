package adversary

import (
	"fmt"
	"image/color"
	"math"
	"sort"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Plot draws ratio (policy / alternative, a lower bound on policy / OPT)
// against n on log-log axes, one line per policy, with the reference
// c·n^{1/3} fitted to the largest ratio (the growth Theorem 2 proves).
func Plot(results []*Result) (*plot.Plot, error) {
	if len(results) == 0 {
		return nil, fmt.Errorf("%w: nothing to plot", ErrParam)
	}
	p := plot.New()
	p.Title.Text = "Theorem 2 adversary: policy / alternative (≤ policy / OPT)"
	p.X.Label.Text = "n (requested; k = ⌊n^{1/3}⌋)"
	p.Y.Label.Text = "ratio"
	p.X.Scale, p.Y.Scale = plot.LogScale{}, plot.LogScale{}
	p.X.Tick.Marker, p.Y.Tick.Marker = plot.LogTicks{Prec: -1}, plot.LogTicks{Prec: -1}
	p.Legend.Top, p.Legend.Left = true, true
	by := map[string]plotter.XYs{}
	var names []string
	best, bestN := 0.0, 0.0
	for _, r := range results {
		if _, ok := by[r.Policy]; !ok {
			names = append(names, r.Policy)
		}
		by[r.Policy] = append(by[r.Policy], plotter.XY{X: float64(r.N), Y: r.Ratio})
		if r.Ratio > best {
			best, bestN = r.Ratio, float64(r.N)
		}
	}
	sort.Strings(names)
	colors := []color.Color{color.RGBA{0x1f, 0x77, 0xb4, 255}, color.RGBA{0xd6, 0x27, 0x28, 255}, color.RGBA{0x2c, 0xa0, 0x2c, 255}, color.RGBA{0x94, 0x67, 0xbd, 255}, color.RGBA{0xff, 0x7f, 0x0e, 255}}
	lo, hi := math.Inf(1), 0.0
	for i, name := range names {
		pts := by[name]
		sort.Slice(pts, func(a, b int) bool { return pts[a].X < pts[b].X })
		for _, pt := range pts {
			lo, hi = math.Min(lo, pt.X), math.Max(hi, pt.X)
		}
		l, s, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		c := colors[i%len(colors)]
		l.Color, s.Color = c, c
		s.Shape = draw.CircleGlyph{}
		p.Add(l, s)
		p.Legend.Add(name, l, s)
	}
	c := best / math.Cbrt(bestN)
	var ref plotter.XYs
	for x := lo; x <= hi*1.0001; x *= 2 {
		ref = append(ref, plotter.XY{X: x, Y: c * math.Cbrt(x)})
	}
	if len(ref) >= 2 {
		l, err := plotter.NewLine(ref)
		if err != nil {
			return nil, err
		}
		l.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
		l.Color = color.Gray{Y: 0x60}
		p.Add(l)
		p.Legend.Add(fmt.Sprintf("%.3g·n^{1/3}", c), l)
	}
	return p, nil
}
