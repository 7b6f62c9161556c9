package figures

import (
	"math"
	"path/filepath"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/straggler"
)

// writePanelCSV writes the data of a figure panel, made by csv, as
// DIR/NAME.csv and returns that path.
func writePanelCSV(dir, name string, csv func() ([]byte, error)) (string, error) {
	data, err := csv()
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, name+".csv")
	if err := instances.AtomicWrite(path, data); err != nil {
		return "", err
	}
	return path, nil
}

// Straggler writes one panel of the straggling-mappers figures (Farhat et
// al. Fig. 3–11, data from straggler.PaperFigures) as DIR/NAME.csv (x,
// then one column per curve; an infeasible point is empty) and the plot
// DIR/NAME.svg (and .png when asked for), and returns the files written.
func Straggler(f straggler.PaperFigure, dir string, formats ...Format) ([]string, error) {
	csvPath, err := writePanelCSV(dir, f.Name, f.CSV)
	if err != nil {
		return nil, err
	}
	var series []Series
	for k, s := range f.Series {
		var pts []XY
		for i, x := range f.X {
			if !math.IsNaN(s.Y[i]) && !math.IsInf(s.Y[i], 0) {
				pts = append(pts, XY{X: x, Y: s.Y[i]})
			}
		}
		if len(pts) > 0 {
			series = append(series, Series{Name: s.Name, Points: pts, Dashed: k > 0, Color: Palette[k%len(Palette)]})
		}
	}
	unit := func(label, u string) string {
		if u == "" {
			return label
		}
		return label + " (" + u + ")"
	}
	p, err := Lines(series, LineOptions{Title: f.Title, X: unit(f.XLabel, f.XUnit), Y: unit(f.YLabel, f.YUnit), NoMarkers: true})
	if err != nil {
		return nil, err
	}
	files, err := Save(p, 9, 4.5, filepath.Join(dir, f.Name), formats...)
	return append([]string{csvPath}, files...), err
}
