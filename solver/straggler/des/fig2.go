package des

import (
	"fmt"
	"math"
	"slices"

	"github.com/mrsched/mrsched/solver/straggler"
)

// Fig2 is the stand-in for the paper's Fig. 2 (a delayed exponential fitted
// to measured task times): the empirical CDF of the given task run times
// beside the maximum-likelihood (T̂ = min, γ̂ = n/Σ(x−T̂)) and the joint
// least-squares delayed exponential fits, on 200 points from the minimum
// to the 99th percentile. It returns the panel and both fits.
func Fig2(samples []float64, source string) (Figure, []straggler.Fit, error) {
	mle, err := straggler.FitMLE(samples)
	if err != nil {
		return Figure{}, nil, err
	}
	pts := straggler.ECDF(samples)
	ls, err := straggler.FitLSJoint(pts)
	if err != nil {
		return Figure{}, nil, err
	}
	x := slices.Clone(samples)
	slices.Sort(x)
	lo, hi := x[0], x[int(0.99*float64(len(x)-1))]
	f := Figure{Name: "fig2_fit", XLabel: "task run time (s)", YLabel: "CDF",
		Title: fmt.Sprintf("Fig. 2 stand-in: %s, %d tasks; MLE T = %.3g, γ = %.3g; LS T = %.3g, γ = %.3g", source, len(samples), mle.Offset, mle.Rate, ls.Offset, ls.Rate)}
	curves := []Curve{{Name: "empirical"}, {Name: "MLE fit"}, {Name: "LS fit"}}
	for k := 0; k < 200; k++ {
		t := lo + (hi-lo)*float64(k)/199
		f.X = append(f.X, t)
		n, _ := slices.BinarySearchFunc(x, t, func(a, b float64) int {
			if a <= b {
				return -1
			}
			return 1
		})
		curves[0].Y = append(curves[0].Y, float64(n)/float64(len(x)))
		for c, fit := range []straggler.Fit{mle, ls} {
			curves[1+c].Y = append(curves[1+c].Y, straggler.DelayedExp{Rate: fit.Rate, Offset: fit.Offset}.CDF(t))
		}
	}
	f.Curves = curves
	if math.IsNaN(lo) || math.IsNaN(hi) {
		return Figure{}, nil, fmt.Errorf("%w: NaN task time", ErrConfig)
	}
	return f, []straggler.Fit{mle, ls}, nil
}
