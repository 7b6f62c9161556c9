package study

import (
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// Render writes a whole sweep (a report or a study, unsharded or merged)
// in format f with the renderer of its kind (RendererFor).
func Render(set *sweep.Set, f tabular.Format, w io.Writer) error {
	r, err := RendererFor(set.Header.Kind)
	if err != nil {
		return err
	}
	return r.Write(set, f, w)
}

// Figures writes the figures of a whole sweep into dir (created if
// needed) and returns the files written; none when dir is "" or the
// sweep's kind has no figures.
func Figures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	r, err := RendererFor(set.Header.Kind)
	if err != nil || dir == "" || r.Figures == nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	files, err := r.Figures(set, dir, formats...)
	if err != nil {
		return nil, fmt.Errorf("figures: %w", err)
	}
	return files, nil
}

// Problems joins the problems of a whole sweep: a report's failed runs and
// violations (report.Check) and a study's violations (Check). Violations
// wrap report.ErrViolation.
func Problems(set *sweep.Set) error { return errors.Join(report.Check(set), Check(set)) }
