package figures

import (
	"os"

	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
)

// SaveAdversaryYao draws the expected ratios under Yao's distribution
// (AdversaryYao) at 9 × 4.5 in and writes base.svg (and the other
// formats), returning the files written.
func SaveAdversaryYao(ys []*adversary.Yao, base string, formats ...Format) ([]string, error) {
	pl, err := AdversaryYao(ys)
	if err != nil {
		return nil, err
	}
	return Save(pl, 9, 4.5, base, formats...)
}

// SaveStragglerPaper recomputes the straggling-mappers figures
// (straggler.PaperFigures, progress as there) and writes each panel into
// dir, created if needed (Straggler); it returns the figures in order.
func SaveStragglerPaper(dir string, progress straggler.FigureProgress, formats ...Format) ([]straggler.PaperFigure, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	figs, err := straggler.PaperFigures(progress)
	if err != nil {
		return nil, err
	}
	for _, f := range figs {
		if _, err := Straggler(f, dir, formats...); err != nil {
			return nil, err
		}
	}
	return figs, nil
}

// SaveStragglerDES writes every simulated panel of r (StragglerDES) into
// dir; an empty dir writes nothing.
func SaveStragglerDES(r *des.Report, dir string, formats ...Format) error {
	if dir == "" {
		return nil
	}
	for _, f := range r.Figures {
		if _, err := StragglerDES(f, dir, formats...); err != nil {
			return err
		}
	}
	return nil
}
