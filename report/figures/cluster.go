package figures

import (
	"fmt"
	"math"
	"path/filepath"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/mrsched/mrsched/solver/cluster/experiments"
)

// Cluster draws a figure of the cluster studies (package
// solver/cluster/experiments, which returns data only): a line plot with markers
// and 95 % error bars (experiments.LineFigure) or a dot-and-whisker grouped chart
// over categories (experiments.GroupFigure), optionally with a logarithmic y axis.
func Cluster(f experiments.Figure) (*plot.Plot, error) {
	for _, s := range f.Series {
		if f.Kind == experiments.LineFigure && len(s.X) != len(s.Y) || s.Err != nil && len(s.Err) != len(s.Y) {
			return nil, fmt.Errorf("%w: %s: series %q has %d x, %d y and %d error values", ErrData, f.Name, s.Name, len(s.X), len(s.Y), len(s.Err))
		}
		if f.Kind == experiments.GroupFigure && len(s.Y) != len(f.Labels) {
			return nil, fmt.Errorf("%w: %s: series %q has %d values for %d labels", ErrData, f.Name, s.Name, len(s.Y), len(f.Labels))
		}
	}
	switch f.Kind {
	case experiments.LineFigure:
		return clusterLines(f)
	case experiments.GroupFigure:
		return clusterGroups(f)
	}
	return nil, fmt.Errorf("%w: %s: unknown figure kind %d", ErrData, f.Name, f.Kind)
}

// SaveCluster draws f and writes dir/<f.Name>.svg (and .png when asked
// for; 16 × 10 cm), atomically; it is the experiments.Env.Render of the CLI.
func SaveCluster(dir string, f experiments.Figure, formats ...Format) error {
	p, err := Cluster(f)
	if err != nil {
		return err
	}
	cm := float64(vg.Centimeter / vg.Inch)
	_, err = Save(p, 16*cm, 10*cm, filepath.Join(dir, f.Name), formats...)
	return err
}

type clusterErrPts struct {
	plotter.XYs
	e []float64
}

func (e clusterErrPts) YError(i int) (float64, float64) { return e.e[i], e.e[i] }

func clusterLines(f experiments.Figure) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text, p.X.Label.Text, p.Y.Label.Text = f.Title, f.XLabel, f.YLabel
	p.X.Tick.Marker, p.Y.Tick.Marker = Ticks{}, Ticks{}
	p.Add(plotter.NewGrid())
	for k, s := range f.Series {
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
			eb, err := plotter.NewYErrorBars(clusterErrPts{pts, s.Err})
			if err != nil {
				return nil, err
			}
			eb.Color = c
			p.Add(eb)
		}
	}
	p.Y.Min = 0
	if f.LogY {
		logY(p, f.Series)
	}
	return p, nil
}

func clusterGroups(f experiments.Figure) (*plot.Plot, error) {
	p := plot.New()
	p.Title.Text, p.Y.Label.Text = f.Title, f.YLabel
	p.X.Label.Text = f.XLabel
	if p.X.Label.Text == "" {
		p.X.Label.Text = "user (and overall)"
	}
	p.Y.Tick.Marker = Ticks{}
	for k, s := range f.Series {
		off := (float64(k) - float64(len(f.Series)-1)/2) * 0.15
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
			eb, err := plotter.NewYErrorBars(clusterErrPts{pts, s.Err})
			if err != nil {
				return nil, err
			}
			eb.Color = plotutil.Color(k)
			p.Add(eb)
		}
	}
	p.NominalX(f.Labels...)
	p.X.Min, p.X.Max = -0.5, float64(len(f.Labels))-0.5
	p.Y.Min = 0
	if f.LogY {
		logY(p, f.Series)
	}
	p.Add(plotter.NewGrid())
	return p, nil
}

// logY switches p to a logarithmic y axis starting at the power of ten
// below the smallest value.
func logY(p *plot.Plot, ss []experiments.Series) {
	lo := math.Inf(1)
	for _, s := range ss {
		for _, y := range s.Y {
			if y > 0 {
				lo = math.Min(lo, y)
			}
		}
	}
	if math.IsInf(lo, 1) {
		return
	}
	p.Y.Scale = plot.LogScale{}
	p.Y.Tick.Marker = LogTicks{}
	p.Y.Min = math.Pow(10, math.Floor(math.Log10(lo)))
	p.Y.Max *= 2
}
