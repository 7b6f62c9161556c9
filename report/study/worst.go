package study

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// WorstExactKind is the sweep kind of reductions.WorstExactSweep (§6's
// open question), rendered by writeWorstExact and worstExactFigures.
const WorstExactKind = reductions.WorstExactKind

// writeWorstExact renders a reductions.WorstExactSweep set: the best cell
// per policy and n (reductions.WorstExactTable).
func writeWorstExact(set *sweep.Set, f tabular.Format, w io.Writer) error {
	cells, err := reductions.WorstExactCells(set)
	if err != nil {
		return err
	}
	return reductions.WorstExactTable(reductions.WorstExactBest(cells)).Write(w, f)
}

// worstExactFigures writes worst-exact.svg (figures.WorstExact) and the best
// instance per policy and n as worst-POLICY-nN.json (findings in metadata).
func worstExactFigures(set *sweep.Set, dir string, formats ...figures.Format) ([]string, error) {
	cells, err := reductions.WorstExactCells(set)
	if err != nil {
		return nil, err
	}
	best := reductions.WorstExactBest(cells)
	p, err := figures.WorstExact(best)
	if err != nil {
		return nil, err
	}
	files, err := figures.Save(p, 8, 4.5, filepath.Join(dir, "worst-exact"), formats...)
	if err != nil {
		return nil, err
	}
	for _, c := range best {
		path := filepath.Join(dir, fmt.Sprintf("worst-%s-n%d.json", c.Policy, c.N))
		if err := instances.WriteFile(path, c.Instance()); err != nil {
			return nil, err
		}
		files = append(files, path)
	}
	return files, nil
}
