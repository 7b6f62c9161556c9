package confint

import (
	"math"

	"github.com/mrsched/mrsched/tabular"
	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// Interval is a mean with the half-width of its confidence interval.
type Interval struct {
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"half_width"`
}

// Student95 returns the mean of xs with the half-width of its 95 %
// Student-t interval; the half-width is 0 for fewer than two values (no
// spread to estimate) and the mean NaN for none.
func Student95(xs []float64) Interval {
	if len(xs) < 2 {
		return Interval{Mean: stat.Mean(xs, nil)}
	}
	m, sd := stat.MeanStdDev(xs, nil)
	tq := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(len(xs) - 1)}.Quantile(0.975)
	return Interval{Mean: m, HalfWidth: tq * sd / math.Sqrt(float64(len(xs)))}
}

// Contains reports whether v lies in the interval.
func (c Interval) Contains(v float64) bool { return math.Abs(v-c.Mean) <= c.HalfWidth }

// Fixed writes the interval as "mean ± half-width" with prec digits after
// the point.
func (c Interval) Fixed(prec int) string {
	return tabular.Fixed(c.Mean, prec) + " ± " + tabular.Fixed(c.HalfWidth, prec)
}
