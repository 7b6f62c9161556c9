package figures

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"

	"github.com/mrsched/mrsched/reductions/adversary"
)

// Adversary draws the ratio policy / alternative (a lower bound on policy /
// OPT) of the Theorem 2 adversary against n on log–log axes, one line per
// policy, with the reference c·n^{1/3} through the largest ratio (the
// growth Theorem 2 proves).
func Adversary(results []*adversary.Result) (*plot.Plot, error) {
	if len(results) == 0 {
		return nil, fmt.Errorf("%w: no adversary results", ErrData)
	}
	by := seriesByName{}
	best, bestN := 0.0, 0.0
	lo, hi := math.Inf(1), 0.0
	for _, r := range results {
		by[r.Policy] = append(by[r.Policy], XY{X: float64(r.N), Y: r.Ratio})
		if r.Ratio > best {
			best, bestN = r.Ratio, float64(r.N)
		}
		lo, hi = math.Min(lo, float64(r.N)), math.Max(hi, float64(r.N))
	}
	series := by.series()
	if c := best / math.Cbrt(bestN); c > 0 {
		var ref []XY
		for x := lo; x < hi; x *= 2 {
			ref = append(ref, XY{X: x, Y: c * math.Cbrt(x)})
		}
		ref = append(ref, XY{X: hi, Y: c * math.Cbrt(hi)})
		if len(ref) >= 2 {
			series = append(series, Series{Name: fmt.Sprintf("%.3g·n^{1/3}", c), Points: ref, Dashed: true, LineOnly: true, Color: color.Gray{Y: 0x60}})
		}
	}
	return Lines(series, LineOptions{
		Title: "Theorem 2 adversary: policy / alternative (≤ policy / OPT)",
		X:     "n (jobs requested; k = ⌊n^{1/3}⌋), log scale",
		Y:     "ratio of total response times, log scale",
		LogX:  true, LogY: true,
	})
}
