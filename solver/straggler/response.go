package straggler

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Response is the distribution of the response time R_Mi of one mapper
// node (the time its map tasks spend queueing plus being served, §III-C).
// The MST machinery needs only these methods, so any model of a node can
// be plugged in.
type Response interface {
	// CDF returns P(R ≤ t).
	CDF(t float64) float64
	// LogCDF returns log P(R ≤ t), −Inf where it is 0.
	LogCDF(t float64) float64
	// Survival returns P(R > t).
	Survival(t float64) float64
	// Mean returns E[R].
	Mean() float64
	// Lower returns the largest L with CDF(t) = 0 for all t < L.
	Lower() float64
	// Breakpoints returns the points above Lower where the CDF or its
	// derivative is not smooth (the integrator splits there).
	Breakpoints() []float64
	// TailIntegral returns ∫_t^∞ P(R > u) du = E[(R − t)^+].
	TailIntegral(t float64) float64
	// Quantile returns the p-quantile.
	Quantile(p float64) float64
	// Sampler returns a function drawing one response time from rnd.
	Sampler() func(rnd *rand.Rand) float64
}

// Deterministic is a response time that always equals Value: the D/D/1
// node, whose tasks never wait and take exactly 1/μ.
type Deterministic struct{ Value float64 }

// CDF returns 1 for t ≥ Value, else 0.
func (d Deterministic) CDF(t float64) float64 {
	if t >= d.Value {
		return 1
	}
	return 0
}

// LogCDF returns 0 for t ≥ Value, else −Inf.
func (d Deterministic) LogCDF(t float64) float64 {
	if t >= d.Value {
		return 0
	}
	return math.Inf(-1)
}

// Survival returns 1 − CDF(t).
func (d Deterministic) Survival(t float64) float64 { return 1 - d.CDF(t) }

// Mean returns Value.
func (d Deterministic) Mean() float64 { return d.Value }

// Lower returns Value.
func (d Deterministic) Lower() float64 { return d.Value }

// Breakpoints returns nil (the only jump is at Lower).
func (Deterministic) Breakpoints() []float64 { return nil }

// TailIntegral returns max(0, Value − t).
func (d Deterministic) TailIntegral(t float64) float64 { return math.Max(0, d.Value-t) }

// Quantile returns Value.
func (d Deterministic) Quantile(float64) float64 { return d.Value }

// Sampler returns a constant sampler.
func (d Deterministic) Sampler() func(*rand.Rand) float64 {
	v := d.Value
	return func(*rand.Rand) float64 { return v }
}

// Func is a general response-time distribution supplied as functions: the
// "general i.i.d. response CDFs" of Definition 2. Only CDFFunc is required;
// the rest is derived numerically when absent (survival as 1 − CDF, the
// tail integral by adaptive Gauss–Kronrod on a mapped infinite interval,
// quantiles by bisection, samples by inversion).
type Func struct {
	CDFFunc      func(t float64) float64
	SurvivalFunc func(t float64) float64 // optional; more accurate in the tail
	Low          float64                 // CDF(t) = 0 for t < Low (≥ 0)
	Kinks        []float64               // non-smooth points above Low
	SampleFunc   func(rnd *rand.Rand) float64
}

// CDF returns CDFFunc(t) clamped to [0, 1].
func (g Func) CDF(t float64) float64 {
	if t < g.Low {
		return 0
	}
	return clamp01(g.CDFFunc(t))
}

// LogCDF returns log CDF(t).
func (g Func) LogCDF(t float64) float64 {
	if g.SurvivalFunc != nil {
		if s := g.SurvivalFunc(t); s < 0.5 {
			return math.Log1p(-clamp01(s))
		}
	}
	return math.Log(g.CDF(t))
}

// Survival returns SurvivalFunc(t) or 1 − CDF(t).
func (g Func) Survival(t float64) float64 {
	if t < g.Low {
		return 1
	}
	if g.SurvivalFunc != nil {
		return clamp01(g.SurvivalFunc(t))
	}
	return 1 - g.CDF(t)
}

// TailIntegral integrates the survival function numerically from t.
func (g Func) TailIntegral(t float64) float64 {
	head := 0.0
	if t < g.Low {
		head = g.Low - t
		t = g.Low
	}
	r, _ := integrateToInf(g.Survival, t, 1e-14, 1e-11)
	return head + r.Value
}

// Mean returns ∫₀^∞ P(R > t) dt (response times are non-negative).
func (g Func) Mean() float64 { return g.TailIntegral(0) }

// Lower returns Low.
func (g Func) Lower() float64 { return g.Low }

// Breakpoints returns Kinks.
func (g Func) Breakpoints() []float64 { return g.Kinks }

// Quantile inverts the CDF by bisection.
func (g Func) Quantile(p float64) float64 { return quantileBisect(g.CDF, g.Low, p) }

// Sampler uses SampleFunc or inversion of the CDF.
func (g Func) Sampler() func(*rand.Rand) float64 {
	if g.SampleFunc != nil {
		return g.SampleFunc
	}
	return func(rnd *rand.Rand) float64 { return g.Quantile(rnd.Float64()) }
}

func clamp01(v float64) float64 {
	switch {
	case v < 0:
		return 0
	case v > 1:
		return 1
	}
	return v
}

// quantileBisect finds the smallest t ≥ low with cdf(t) ≥ p by doubling
// and bisection (to relative 1e-13).
func quantileBisect(cdf func(float64) float64, low, p float64) float64 {
	if math.IsNaN(p) || p < 0 || p > 1 {
		return math.NaN()
	}
	if p == 0 {
		return low
	}
	if p == 1 {
		return math.Inf(1)
	}
	lo, step := low, math.Max(1, math.Abs(low))
	hi := low + step
	for cdf(hi) < p {
		lo = hi
		step *= 2
		hi = low + step
		if math.IsInf(hi, 1) {
			return hi
		}
	}
	for i := 0; i < 200 && hi-lo > 1e-13*math.Max(1, math.Abs(hi)); i++ {
		m := 0.5 * (lo + hi)
		if cdf(m) < p {
			lo = m
		} else {
			hi = m
		}
	}
	return hi
}

// ---------------------------------------------------------------- queues

// MM1 is an M/M/1 mapper node: Poisson task arrivals at rate Lambda,
// exponential service at rate Mu, FCFS. Its stationary response time is
// Exp(Mu − Lambda) (the model behind Lemma 3, eq. 10).
type MM1 struct{ Lambda, Mu float64 }

// Validate checks 0 ≤ Lambda < Mu.
func (q MM1) Validate() error {
	if !(q.Mu > 0) || math.IsInf(q.Mu, 1) {
		return fmt.Errorf("%w: service rate μ = %v must be positive and finite", ErrParam, q.Mu)
	}
	if !(q.Lambda >= 0) {
		return fmt.Errorf("%w: arrival rate λ = %v must be non-negative", ErrParam, q.Lambda)
	}
	if !(q.Lambda < q.Mu) {
		return fmt.Errorf("%w: M/M/1 node unstable: λ = %v ≥ μ = %v", ErrUnstable, q.Lambda, q.Mu)
	}
	return nil
}

// Response returns Exp(Mu − Lambda) as a DelayedExp with zero offset.
func (q MM1) Response() (DelayedExp, error) {
	if err := q.Validate(); err != nil {
		return DelayedExp{}, err
	}
	return DelayedExp{Rate: q.Mu - q.Lambda}, nil
}

// DD1 is a D/D/1 node (Lemma 5): deterministic inter-arrivals 1/Lambda and
// service times 1/Mu. With Lambda ≤ Mu no task ever waits, so the response
// time is exactly 1/Mu.
type DD1 struct{ Lambda, Mu float64 }

// Response returns the deterministic response 1/Mu.
func (q DD1) Response() (Deterministic, error) {
	if !(q.Mu > 0) || math.IsInf(q.Mu, 1) {
		return Deterministic{}, fmt.Errorf("%w: service rate μ = %v must be positive and finite", ErrParam, q.Mu)
	}
	if !(q.Lambda >= 0) || q.Lambda > q.Mu {
		return Deterministic{}, fmt.Errorf("%w: D/D/1 node needs 0 ≤ λ ≤ μ, got λ = %v, μ = %v", ErrUnstable, q.Lambda, q.Mu)
	}
	return Deterministic{Value: 1 / q.Mu}, nil
}

// sortedUnique returns the sorted distinct finite values of xs within
// (lo, hi).
func sortedUnique(xs []float64, lo, hi float64) []float64 {
	out := make([]float64, 0, len(xs))
	for _, x := range xs {
		if x > lo && x < hi && !math.IsNaN(x) {
			out = append(out, x)
		}
	}
	sort.Float64s(out)
	k := 0
	for i, x := range out {
		if i == 0 || x != out[k-1] {
			out[k] = x
			k++
		}
	}
	return out[:k]
}
