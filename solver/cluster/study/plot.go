package study

import (
	"math"
	"os"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// series is one line (or bar group) of a figure.
type series struct {
	Name string
	X, Y []float64
	Err  []float64 // optional half-widths
}

// savePlot writes p as name.svg and name.png under the results directory.
func (e Env) savePlot(p *plot.Plot, name string) error {
	if e.OutDir == "" {
		return nil
	}
	if err := os.MkdirAll(e.OutDir, 0o755); err != nil {
		return err
	}
	for _, ext := range []string{".svg", ".png"} {
		path := filepath.Join(e.OutDir, name+ext)
		tmp := filepath.Join(e.OutDir, "."+name+".tmp"+ext)
		if err := p.Save(16*vg.Centimeter, 10*vg.Centimeter, tmp); err != nil {
			return err
		}
		if err := os.Rename(tmp, path); err != nil {
			return err
		}
	}
	e.logf("wrote %s.{svg,png}\n", filepath.Join(e.OutDir, name))
	return nil
}

func linePlot(title, xl, yl string, ss []series) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = title, xl, yl
	p.Legend.Top = true
	p.Legend.Left = true
	for k, s := range ss {
		pts := make(plotter.XYs, len(s.X))
		for i := range s.X {
			pts[i] = plotter.XY{X: s.X[i], Y: s.Y[i]}
		}
		l, sc, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		c := plotutil.Color(k)
		l.Color, sc.Color = c, c
		l.Dashes = plotutil.Dashes(k)
		sc.Shape = plotutil.Shape(k)
		p.Add(l, sc)
		p.Legend.Add(s.Name, l, sc)
		if s.Err != nil {
			eb, err := plotter.NewYErrorBars(errPts{pts, s.Err})
			if err != nil {
				return nil, err
			}
			eb.Color = c
			p.Add(eb)
		}
	}
	p.Y.Min = 0
	return p, nil
}

type errPts struct {
	plotter.XYs
	e []float64
}

func (e errPts) YError(i int) (float64, float64) { return e.e[i], e.e[i] }

// groupPlot draws, for each label, one marker per series (offset sideways
// so groups stay readable) with its error bar: a dot-and-whisker version of
// a grouped bar chart.
func groupPlot(title, yl string, labels []string, ss []series) (*plot.Plot, error) {
	return groupPlotScale(title, yl, labels, ss, false)
}

// groupPlotScale is groupPlot with an optional logarithmic y axis.
func groupPlotScale(title, yl string, labels []string, ss []series, logY bool) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text, p.Y.Label.Text = title, yl
	p.Legend.Top = true
	for k, s := range ss {
		off := (float64(k) - float64(len(ss)-1)/2) * 0.15
		pts := make(plotter.XYs, len(s.Y))
		for i := range pts {
			pts[i] = plotter.XY{X: float64(i) + off, Y: s.Y[i]}
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.Color = plotutil.Color(k)
		sc.Shape = plotutil.Shape(k)
		sc.Radius = vg.Points(3.5)
		p.Add(sc)
		p.Legend.Add(s.Name, sc)
		if s.Err != nil {
			eb, err := plotter.NewYErrorBars(errPts{pts, s.Err})
			if err != nil {
				return nil, err
			}
			eb.Color = plotutil.Color(k)
			p.Add(eb)
		}
	}
	p.NominalX(labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(labels))-0.5
	p.Y.Min = 0
	if logY {
		lo := math.Inf(1)
		for _, s := range ss {
			for _, y := range s.Y {
				lo = math.Min(lo, y)
			}
		}
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = plot.LogTicks{Prec: -1}
		p.Y.Min = math.Pow(10, math.Floor(math.Log10(lo)))
		p.Y.Max *= 2
	}
	p.Add(plotter.NewGrid())
	return p, nil
}
