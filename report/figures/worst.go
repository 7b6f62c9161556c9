package figures

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"

	"github.com/mrsched/mrsched/reductions"
)

// WorstExact draws the worst ratio policy/OPT found per n as a fraction of
// the policy's guarantee (Cor 4's 2α/(1+α) for MaxSRPT, Cor 6's 1 + 1/β
// for SplitSRPT), one line per policy, with the guarantee (1) dashed. Points
// whose OPT is not proven (reductions.WorstExactCell.Proven false) are
// drawn at their certified lower end policy/OPT-upper.
func WorstExact(best []*reductions.WorstExactCell) (*plot.Plot, error) {
	if len(best) == 0 {
		return nil, fmt.Errorf("%w: no worst-case results", ErrData)
	}
	by := seriesByName{}
	lo, hi := float64(best[0].N), float64(best[0].N)
	for _, c := range best {
		by[c.Policy] = append(by[c.Policy], XY{X: float64(c.N), Y: c.RatioLow / c.Guarantee})
		lo, hi = min(lo, float64(c.N)), max(hi, float64(c.N))
	}
	series := by.series()
	if hi > lo {
		series = append(series, Series{Name: "guarantee", Points: []XY{{X: lo, Y: 1}, {X: hi, Y: 1}}, Dashed: true, LineOnly: true, Color: color.Gray{Y: 0x60}})
	}
	return Lines(series, LineOptions{
		Title: "Worst batch found: policy / OPT as a fraction of the guarantee (OPT exact)",
		X:     "n (jobs)",
		Y:     "ratio / guarantee",
	})
}
