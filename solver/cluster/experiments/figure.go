package experiments

// FigureKind says how a Figure is drawn.
type FigureKind int

const (
	// LineFigure: one line with markers (and error bars) per series over
	// the x values.
	LineFigure FigureKind = iota
	// GroupFigure: for each label, one marker per series with its error
	// bar (a dot-and-whisker grouped bar chart).
	GroupFigure
)

// Series is one line (or marker group) of a figure: Y (and optional
// 95 % half-widths Err) against X (LineFigure) or against the figure's
// Labels (GroupFigure).
type Series struct {
	Name      string
	X, Y, Err []float64
}

// Figure is the data of one study figure. The studies return data only:
// package report/figures draws a Figure (figures.Cluster) and the CLI
// saves it through Env.Render.
type Figure struct {
	Name                  string // file base name under Env.OutDir
	Title, XLabel, YLabel string
	Kind                  FigureKind
	Labels                []string // GroupFigure: the x-axis categories
	Series                []Series
	LogY                  bool // logarithmic y axis
}

// figure hands f to Env.Render, if set.
func (e Env) figure(f Figure) error {
	if e.Render == nil || e.OutDir == "" {
		return nil
	}
	if err := e.Render(e.OutDir, f); err != nil {
		return err
	}
	e.logf("wrote figure %s\n", f.Name)
	return nil
}
