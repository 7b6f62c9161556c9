package straggler

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// ErrParam reports an invalid distribution or model parameter.
var ErrParam = errors.New("straggler: invalid parameter")

// DelayedExp is the delayed exponential distribution of the paper's
// Definition 1: X = Offset + E with E ~ Exp(Rate), so that
//
//	F(t) = (1 − e^{−Rate(t−Offset)}) U(t−Offset)   (eq. 1)
//	f(t) = Rate e^{−Rate(t−Offset)} U(t−Offset)     (eq. 2)
//
// (the paper writes λ for the rate in Definition 1 and γ, T in eq. 4). It
// follows gonum's stat/distuv conventions: a value type whose random part
// is gonum's distuv.Exponential; Src is the injected random source (nil
// uses the global source of math/rand/v2, which is not reproducible).
// Offset = 0 gives the exponential response time of an M/M/1 node.
type DelayedExp struct {
	Rate   float64 // γ > 0
	Offset float64 // T ≥ 0
	Src    rand.Source
}

// Validate reports whether the parameters are usable.
func (d DelayedExp) Validate() error {
	if !(d.Rate > 0) || math.IsInf(d.Rate, 1) {
		return fmt.Errorf("%w: delayed exponential rate %v must be positive and finite", ErrParam, d.Rate)
	}
	if !(d.Offset >= 0) || math.IsInf(d.Offset, 1) {
		return fmt.Errorf("%w: delayed exponential offset %v must be non-negative and finite", ErrParam, d.Offset)
	}
	return nil
}

func (d DelayedExp) exp() distuv.Exponential { return distuv.Exponential{Rate: d.Rate, Src: d.Src} }

// CDF returns F(t) of eq. (1).
func (d DelayedExp) CDF(t float64) float64 { return d.exp().CDF(t - d.Offset) }

// Survival returns 1 − F(t).
func (d DelayedExp) Survival(t float64) float64 { return d.exp().Survival(t - d.Offset) }

// LogCDF returns log F(t) (−Inf for t ≤ Offset), accurate when F is tiny
// or close to 1.
func (d DelayedExp) LogCDF(t float64) float64 {
	x := d.Rate * (t - d.Offset)
	if !(x > 0) {
		return math.Inf(-1)
	}
	return logOneMinusExp(x)
}

// logOneMinusExp returns log(1 − e^{−x}) for x > 0 without cancellation.
func logOneMinusExp(x float64) float64 {
	if x < math.Ln2 {
		return math.Log(-math.Expm1(-x))
	}
	return math.Log1p(-math.Exp(-x))
}

// Prob returns the density f(t) of eq. (2); at t = Offset the right limit.
func (d DelayedExp) Prob(t float64) float64 {
	if t < d.Offset {
		return 0
	}
	return d.exp().Prob(t - d.Offset)
}

// LogProb returns log f(t).
func (d DelayedExp) LogProb(t float64) float64 {
	if t < d.Offset {
		return math.Inf(-1)
	}
	return d.exp().LogProb(t - d.Offset)
}

// Quantile returns the inverse CDF, Offset − log(1−p)/Rate. It returns NaN
// for p outside [0, 1].
func (d DelayedExp) Quantile(p float64) float64 {
	if p < 0 || p > 1 || math.IsNaN(p) {
		return math.NaN()
	}
	return d.Offset + d.exp().Quantile(p)
}

// Mean returns Offset + 1/Rate.
func (d DelayedExp) Mean() float64 { return d.Offset + 1/d.Rate }

// Variance returns 1/Rate² (the offset does not change the variance).
func (d DelayedExp) Variance() float64 { return d.exp().Variance() }

// StdDev returns 1/Rate.
func (d DelayedExp) StdDev() float64 { return math.Sqrt(d.Variance()) }

// Median returns Offset + ln2/Rate.
func (d DelayedExp) Median() float64 { return d.Offset + d.exp().Median() }

// Mode returns Offset.
func (d DelayedExp) Mode() float64 { return d.Offset }

// Entropy returns the differential entropy 1 − ln Rate (shift invariant).
func (d DelayedExp) Entropy() float64 { return d.exp().Entropy() }

// NumParameters returns 2.
func (DelayedExp) NumParameters() int { return 2 }

// Rand returns a draw Offset + E, E from gonum's distuv.Exponential with
// the same Src.
func (d DelayedExp) Rand() float64 { return d.Offset + d.exp().Rand() }

// Lower returns the offset: F(t) = 0 for t < Lower (Response interface).
func (d DelayedExp) Lower() float64 { return d.Offset }

// Breakpoints returns nil: F is analytic on (Offset, ∞).
func (DelayedExp) Breakpoints() []float64 { return nil }

// TailIntegral returns ∫_t^∞ (1 − F(u)) du, which is e^{−Rate(t−Offset)}/Rate
// for t ≥ Offset and Offset − t + 1/Rate below.
func (d DelayedExp) TailIntegral(t float64) float64 {
	if t < d.Offset {
		return d.Offset - t + 1/d.Rate
	}
	return math.Exp(-d.Rate*(t-d.Offset)) / d.Rate
}

// Sampler returns a sampler drawing from d with the random source rnd
// (Response interface). The draws equal those of Rand with Src = rnd's
// source only in distribution: Sampler uses rnd.ExpFloat64 directly.
func (d DelayedExp) Sampler() func(rnd *rand.Rand) float64 {
	off, rate := d.Offset, d.Rate
	return func(rnd *rand.Rand) float64 { return off + rnd.ExpFloat64()/rate }
}
