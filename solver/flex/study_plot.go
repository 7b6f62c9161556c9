package flex

import (
	"bytes"
	"fmt"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

type yerr struct {
	plotter.XYs
	lo, hi []float64
}

func (e yerr) YError(i int) (float64, float64) { return e.lo[i], e.hi[i] }

func svg(p *plot.Plot, w, h vg.Length) ([]byte, error) { return render(p, w, h, "svg") }

func render(p *plot.Plot, w, h vg.Length, format string) ([]byte, error) {
	wt, err := p.WriterTo(w, h, format)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// figures draws fig5-<metric>.svg (ratios and work ratios over the
// correlation levels at θ1 = t1, θ2 = t2, with the paper's endpoints for
// average response time) and fig6-<metric>.svg (min/median/max over levels
// for every (θ1, θ2)).
func (s *Summary) figures(t1, t2 float64) (map[string][]byte, error) {
	out := map[string][]byte{}
	for k, mname := range s.Config.Metrics {
		m := mustName(mname)
		_ = k
		p := plot.New()
		p.Title.Text = fmt.Sprintf("Fig. 5 analogue: %s, θ1 = %g, θ2 = %g", m, t1, t2)
		p.X.Label.Text = "correlation level (0 perfectly negative … 8 perfectly positive)"
		p.Y.Label.Text = "ratio to FLEX"
		series := []struct {
			name string
			get  func(p PointSummary) float64
		}{
			{"CIRCUMFLEX/FLEX " + m, func(p PointSummary) float64 { return p.CircumflexFlex.Mean }},
			{"BATCH/FLEX " + m, func(p PointSummary) float64 { return p.BatchFlex.Mean }},
			{"CIRCUMFLEX/FLEX work", func(p PointSummary) float64 { return p.CircumflexWork.Mean }},
			{"BATCH/FLEX work", func(p PointSummary) float64 { return p.BatchWork.Mean }},
		}
		for i, se := range series {
			var pts plotter.XYs
			for _, pt := range s.Points {
				if pt.Theta1 == t1 && pt.Theta2 == t2 && pt.Metric == m {
					pts = append(pts, plotter.XY{X: float64(pt.Level), Y: se.get(pt)})
				}
			}
			if len(pts) == 0 {
				continue
			}
			l, sc, err := plotter.NewLinePoints(pts)
			if err != nil {
				return nil, err
			}
			l.Color, sc.Color = plotutil.Color(i), plotutil.Color(i)
			l.Dashes = plotutil.Dashes(i)
			sc.Shape = plotutil.Shape(i)
			p.Add(l, sc)
			p.Legend.Add(se.name, l, sc)
		}
		if m == "sum-response" && t1 == 1 && t2 == 1 {
			for i, key := range []string{"circumflex_flex_avg_response", "batch_flex_avg_response"} {
				v := PaperFig5[key]
				sc, err := plotter.NewScatter(plotter.XYs{{X: 0, Y: v[0]}, {X: 8, Y: v[1]}})
				if err != nil {
					return nil, err
				}
				sc.Color = plotutil.Color(i)
				sc.Shape = draw.CrossGlyph{}
				sc.Radius = vg.Points(5)
				p.Add(sc)
				p.Legend.Add("paper "+[]string{"CIRCUMFLEX", "BATCH"}[i]+" (endpoints)", sc)
			}
		}
		p.Legend.Top = true
		p.Y.Min = 0
		b, err := svg(p, 18*vg.Centimeter, 11*vg.Centimeter)
		if err != nil {
			return nil, err
		}
		out["fig5-"+m+".svg"] = b
		if out["fig5-"+m+".png"], err = render(p, 18*vg.Centimeter, 11*vg.Centimeter, "png"); err != nil {
			return nil, err
		}

		rows := s.Fig6(m)
		p = plot.New()
		p.Title.Text = "Fig. 6 analogue: " + m + " ratio to FLEX (median, min–max over levels)"
		p.X.Label.Text = "(θ1, θ2) pair: θ1 = 0.25·floor((x−1)/5), θ2 = 0.25·((x−1) mod 5)"
		p.Y.Label.Text = "ratio to FLEX"
		for i, name := range []string{"CIRCUMFLEX", "BATCH"} {
			var pts plotter.XYs
			var lo, hi []float64
			for k, r := range rows {
				rg := r.Circumflex
				if i == 1 {
					rg = r.Batch
				}
				pts = append(pts, plotter.XY{X: float64(k+1) + 0.15*float64(2*i-1), Y: rg.Median})
				lo = append(lo, rg.Median-rg.Min)
				hi = append(hi, rg.Max-rg.Median)
			}
			if len(pts) == 0 {
				continue
			}
			sc, err := plotter.NewScatter(pts)
			if err != nil {
				return nil, err
			}
			sc.Color = plotutil.Color(i)
			sc.Shape = plotutil.Shape(i)
			eb, err := plotter.NewYErrorBars(yerr{pts, lo, hi})
			if err != nil {
				return nil, err
			}
			eb.Color = plotutil.Color(i)
			p.Add(sc, eb)
			p.Legend.Add(name+"/FLEX", sc)
		}
		one := plotter.NewFunction(func(float64) float64 { return 1 })
		one.Dashes = []vg.Length{vg.Points(3), vg.Points(3)}
		p.Add(one)
		p.Legend.Top = true
		p.Y.Min = 0
		if b, err = svg(p, 20*vg.Centimeter, 11*vg.Centimeter); err != nil {
			return nil, err
		}
		out["fig6-"+m+".svg"] = b
		if out["fig6-"+m+".png"], err = render(p, 20*vg.Centimeter, 11*vg.Centimeter, "png"); err != nil {
			return nil, err
		}
	}
	return out, nil
}
