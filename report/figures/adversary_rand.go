package figures

import (
	"fmt"
	"image/color"
	"sort"

	"gonum.org/v1/plot"

	"github.com/mrsched/mrsched/reductions/adversary"
)

// AdversaryYao draws, against n on log–log axes, each deterministic
// policy's exact expected ratio against Yao's two-point distribution of
// Theorem 2 (reductions/adversary.PlayYao) and, dashed, the minimum over
// the policies at each n: by Yao's principle the minimum over all
// deterministic policies bounds every randomised policy's competitive
// ratio from below; the minimum over the policies drawn is an upper
// estimate of that bound.
func AdversaryYao(ys []*adversary.Yao) (*plot.Plot, error) {
	if len(ys) == 0 {
		return nil, fmt.Errorf("%w: no Yao results", ErrData)
	}
	by := seriesByName{}
	minAt := map[int]float64{}
	for _, y := range ys {
		by[y.Policy] = append(by[y.Policy], XY{X: float64(y.N), Y: y.Expected})
		if m, ok := minAt[y.N]; !ok || y.Expected < m {
			minAt[y.N] = y.Expected
		}
	}
	series := by.series()
	var mins []XY
	for n, v := range minAt {
		mins = append(mins, XY{X: float64(n), Y: v})
	}
	sort.Slice(mins, func(a, b int) bool { return mins[a].X < mins[b].X })
	if len(mins) >= 2 {
		series = append(series, Series{Name: "min over policies", Points: mins, Dashed: true, LineOnly: true, Color: color.Gray{Y: 0x60}})
	}
	return Lines(series, LineOptions{
		Title: "Theorem 2, randomised half: expected policy / alternative under Yao's distribution",
		X:     "n (jobs requested; k = ⌊n^{1/3}⌋), log scale",
		Y:     "expected ratio (≤ expected policy / OPT), log scale",
		LogX:  true, LogY: true,
	})
}
