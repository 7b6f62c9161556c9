package figures

import (
	"math"
	"path/filepath"

	"gonum.org/v1/plot/plotter"

	"github.com/mrsched/mrsched/solver/straggler/des"
)

// ciPoints are points with symmetric y error bars (plotter.XYer and
// plotter.YErrorer).
type ciPoints struct {
	plotter.XYs
	plotter.YErrors
}

// StragglerDES writes one panel of the simulated straggling-mappers
// figures (Farhat et al. Fig. 5, 7, 9, 12; data from solver/straggler/des)
// as DIR/NAME.csv and DIR/NAME.svg (and .png when asked for): simulated
// curves solid with their 95 % error bars, analytic curves dashed in the
// same colour (Fig. 12: slow node type solid, fast dashed); NaN points are skipped. It returns the files written.
func StragglerDES(f des.Figure, dir string, formats ...Format) ([]string, error) {
	csvPath, err := writePanelCSV(dir, f.Name, f.CSV)
	if err != nil {
		return nil, err
	}
	var series []Series
	var bars []ciPoints
	hasSim := false
	for _, c := range f.Curves {
		hasSim = hasSim || c.HalfWidth != nil
	}
	// Curves come in pairs sharing a colour: (simulated, analytic) drawn
	// solid and dashed, or, without simulated curves, (slow, fast) node
	// types drawn solid and dashed.
	for k, c := range f.Curves {
		var pts []XY
		var ci ciPoints
		for i, x := range f.X {
			if math.IsNaN(c.Y[i]) || math.IsInf(c.Y[i], 0) {
				continue
			}
			pts = append(pts, XY{X: x, Y: c.Y[i]})
			if c.HalfWidth != nil {
				ci.XYs = append(ci.XYs, plotter.XY{X: x, Y: c.Y[i]})
				ci.YErrors = append(ci.YErrors, struct{ Low, High float64 }{c.HalfWidth[i], c.HalfWidth[i]})
			}
		}
		if len(pts) == 0 {
			continue
		}
		second := k%2 == 1
		series = append(series, Series{Name: c.Name, Points: pts, Dashed: second, LineOnly: !hasSim || second, Color: Palette[(k/2)%len(Palette)]})
		if len(ci.XYs) > 0 {
			bars = append(bars, ci)
		}
	}
	p, err := Lines(series, LineOptions{Title: f.Title, X: f.XLabel, Y: f.YLabel})
	if err != nil {
		return nil, err
	}
	for _, b := range bars {
		eb, err := plotter.NewYErrorBars(b)
		if err != nil {
			return nil, err
		}
		p.Add(eb)
	}
	files, err := Save(p, 9, 4.5, filepath.Join(dir, f.Name), formats...)
	return append([]string{csvPath}, files...), err
}
