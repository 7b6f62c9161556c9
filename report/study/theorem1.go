package study

import (
	"io"
	"path/filepath"

	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Theorem1SeparationKind is the sweep kind of reductions.SeparationSweep
// (docs/hard.md, "Theorem 1"), rendered by writeTheorem1Separation and
// theorem1SeparationFigures.
const Theorem1SeparationKind = reductions.SeparationKind

// writeTheorem1Separation renders a reductions.SeparationSweep set as
// 'mrsched reduce separation' prints it: the summary, then every case
// (reductions.StudyView).
func writeTheorem1Separation(set *sweep.Set, f tabular.Format, w io.Writer) error {
	studies, err := reductions.SeparationStudies(set)
	if err != nil {
		return err
	}
	return reductions.StudyView(studies).Write(w, f)
}

// theorem1SeparationFigures writes separation.svg (figures.Theorem1Separation).
func theorem1SeparationFigures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	studies, err := reductions.SeparationStudies(set)
	if err != nil {
		return nil, err
	}
	p, err := figures.Theorem1Separation(studies)
	if err != nil {
		return nil, err
	}
	return figures.Save(p, 9, 5, filepath.Join(dir, "separation"), formats...)
}
