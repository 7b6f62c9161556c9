package straggler

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// Model gives the response time of a mapper node with service rate μ and
// task arrival rate λ, for the mapping problems of §V:
//
//	R(λ, μ) = DelayedExp{Offset: D·λ/μ, Rate: μ − λ}.
//
// D = 0 is the M/M/1 node (Lemma 3, Lemma 6, Fig. 3–10). D > 0 is our
// reading of the delayed exponential model of Fig. 11: the paper states
// that the offset of the response time grows linearly with λ_i/μ_i ("T_i ∝
// λ_i/μ_i", eq. 21) with a "deterministic coefficient D" (D ≈ 0
// memory-bound, D = 100 CPU-bound), and that the stochastic part is that of
// M/M/1. With this model D-EP (equal offsets) is optimal as D → ∞ and S-EP
// (equal rates) at D = 0, which is what §V reports.
type Model struct {
	// D is the deterministic coefficient, ≥ 0 (0 is M/M/1).
	D float64 `flag:"D" usage:"deterministic coefficient of the delayed exponential model (0 = M/M/1)"`
}

// Validate checks D.
func (m Model) Validate() error {
	if !(m.D >= 0) || math.IsInf(m.D, 1) {
		return fmt.Errorf("%w: deterministic coefficient D = %v must be non-negative and finite", ErrParam, m.D)
	}
	return nil
}

// Response returns R(λ, μ).
func (m Model) Response(lambda, mu float64) DelayedExp {
	return DelayedExp{Offset: m.D * lambda / mu, Rate: mu - lambda}
}

// Mean returns E[R] = Dλ/μ + 1/(μ−λ).
func (m Model) Mean(lambda, mu float64) float64 { return m.D*lambda/mu + 1/(mu-lambda) }

// DMean returns dE[R]/dλ = D/μ + 1/(μ−λ)².
func (m Model) DMean(lambda, mu float64) float64 {
	u := mu - lambda
	return m.D/mu + 1/(u*u)
}

// lambdaForMean solves Mean(λ, μ) = target for λ (no clamping): with
// u = μ − λ the equation is (D/μ)u² + (target − D)u − 1 = 0, whose positive
// root is u = 2/(b + √(b² + 4D/μ)), b = target − D.
func (m Model) lambdaForMean(target, mu float64) float64 {
	b := target - m.D
	u := 2 / (b + math.Sqrt(b*b+4*m.D/mu))
	return mu - u
}

// lambdaForDMean solves DMean(λ, μ) = alpha (alpha > D/μ): u = 1/√(α − D/μ).
func (m Model) lambdaForDMean(alpha, mu float64) float64 {
	return mu - 1/math.Sqrt(alpha-m.D/mu)
}

// Policy names a mapping policy of §V-A.
type Policy string

// The policies.
const (
	Fair    Policy = "fair"    // eq. (12): λ_i = λ/N
	DEP     Policy = "dep"     // eq. (18): λ_i ∝ μ_i (pure deterministic)
	SEP     Policy = "sep"     // eq. (23): μ_i − λ_i equal (pure stochastic)
	MEP     Policy = "mep"     // equal mean response times
	DMEP    Policy = "dmep"    // equal derivatives of the mean response times
	Optimal Policy = "optimal" // eq. (14) under λ_i ∈ [0, μ_i)
)

// Policies lists every policy in the order of the paper.
var Policies = []Policy{Fair, DEP, SEP, MEP, DMEP, Optimal}

// ParsePolicy parses a policy name.
func ParsePolicy(s string) (Policy, error) {
	for _, p := range Policies {
		if string(p) == s {
			return p, nil
		}
	}
	return "", fmt.Errorf("%w: unknown mapping policy %q (want fair, dep, sep, mep, dmep or optimal)", ErrParam, s)
}

// Condition is one of the paper's feasibility conditions for a policy.
type Condition struct {
	Name   string `json:"name"`   // for example "eq. 13"
	Holds  bool   `json:"holds"`  // whether it holds for this instance
	Detail string `json:"detail"` // the inequality with numbers
}

// MapOptions tunes Map.
type MapOptions struct {
	Model Model `flag:",inline"`
	// AllowMigration lets S-EP (eq. 23) return negative λ_i ("jobs
	// migrated from slow nodes", §V-A) as the paper's formula does, instead
	// of failing with eq. (24). The MST is then the formal value of the
	// model with those rates (a node with λ_i < 0 has response rate
	// μ_i − λ_i > μ_i). M-EP and DM-EP always clamp at λ_i = 0.
	AllowMigration bool `flag:"allow-migration" usage:"let S-EP return negative λ_i (the paper's formal eq. 23) instead of failing on eq. 24"`
	Integral       IntegralOptions
	// Optimiser settings for Optimal (zero values: defaults).
	MaxIter int     // default 500
	KKTTol  float64 // relative KKT residual accepted (default 1e-6)
}

// KKT is the numerical certificate of optimality for eq. (14): with the
// partial derivatives g_i = ∂MST/∂λ_i and the multiplier α of eq. (15),
// g_i = α for every node with λ_i > 0 and g_i ≥ α for every node with
// λ_i = 0 (MST is convex in λ: each R_i = Dλ_i/μ_i + E_i/(μ_i−λ_i) with
// E_i ~ Exp(1) is convex in λ_i, and a maximum and an expectation of
// convex functions are convex; so these conditions are sufficient).
type KKT struct {
	Multiplier      float64 `json:"multiplier"`        // α
	MaxInteriorDev  float64 `json:"max_interior_dev"`  // max |g_i − α|/α over λ_i > 0
	MaxBoundViolate float64 `json:"max_bound_violate"` // max (α − g_i)/α over λ_i = 0 (≤ 0 is fine)
	Iterations      int     `json:"iterations"`
	OK              bool    `json:"ok"`
}

// Mapping is the outcome of a mapping policy.
type Mapping struct {
	Policy     Policy      `json:"policy"`
	Lambda     []float64   `json:"lambda"` // per node, in input order
	MST        Result      `json:"mst"`
	Conditions []Condition `json:"conditions,omitempty"`
	KKT        *KKT        `json:"kkt,omitempty"`
}

// ErrMapping reports an infeasible request.
var ErrMapping = errors.New("straggler: mapping")

// groups of identical service rates (the optimum gives identical nodes
// identical rates: MST is convex and symmetric in them).
type rateGroups struct {
	mu    []float64 // distinct rates, ascending
	count []float64
	of    []int // node → group
}

func groupRates(mu []float64) rateGroups {
	idx := make([]int, len(mu))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(mu[a], mu[b]) })
	g := rateGroups{of: make([]int, len(mu))}
	for _, i := range idx {
		if n := len(g.mu); n == 0 || g.mu[n-1] != mu[i] {
			g.mu = append(g.mu, mu[i])
			g.count = append(g.count, 0)
		}
		g.count[len(g.mu)-1]++
		g.of[i] = len(g.mu) - 1
	}
	return g
}

func (g rateGroups) expand(lg []float64) []float64 {
	out := make([]float64, len(g.of))
	for i, k := range g.of {
		out[i] = lg[k]
	}
	return out
}

func (g rateGroups) n() float64 {
	s := 0.0
	for _, c := range g.count {
		s += c
	}
	return s
}

// mstOf evaluates the MST of group rates lg under the model.
func (g rateGroups) mstOf(lg []float64, m Model, opt IntegralOptions) (Result, error) {
	d := make([]DelayedExp, len(lg))
	for k := range lg {
		if !(lg[k] < g.mu[k]) {
			return Result{}, fmt.Errorf("%w: node class μ = %v gets λ = %v ≥ μ (unstable)", ErrUnstable, g.mu[k], lg[k])
		}
		d[k] = m.Response(lg[k], g.mu[k])
	}
	return mstDelayedExp(d, g.count, int(g.n()), opt)
}

// Map splits the total task arrival rate lambda over nodes with service
// rates mu by the given policy and returns the per-node rates with their
// MST. Conditions violated by the policy give an error that names the
// paper's equation (wrapping ErrUnstable).
func Map(policy Policy, lambda float64, mu []float64, opt MapOptions) (Mapping, error) {
	if err := opt.Model.Validate(); err != nil {
		return Mapping{}, err
	}
	if len(mu) == 0 {
		return Mapping{}, ErrNoNodes
	}
	for i, v := range mu {
		if !(v > 0) || math.IsInf(v, 1) {
			return Mapping{}, fmt.Errorf("%w: node %d: service rate μ = %v must be positive and finite", ErrParam, i, v)
		}
	}
	if !(lambda > 0) || math.IsInf(lambda, 1) {
		return Mapping{}, fmt.Errorf("%w: total arrival rate λ = %v must be positive and finite", ErrParam, lambda)
	}
	g := groupRates(mu)
	n := g.n()
	sumMu, muMin, muMax := 0.0, g.mu[0], g.mu[len(g.mu)-1]
	for k, v := range g.mu {
		sumMu += g.count[k] * v
	}
	res := Mapping{Policy: policy}
	system := Condition{Name: "no bottleneck system", Holds: lambda < sumMu, Detail: fmt.Sprintf("λ = %g < Σμ_i = %g", lambda, sumMu)}
	res.Conditions = append(res.Conditions, system)
	fail := func(c Condition) (Mapping, error) {
		return res, fmt.Errorf("%w: %s policy: %s violated: %s", ErrUnstable, policy, c.Name, c.Detail)
	}
	if !system.Holds {
		return fail(system)
	}
	var lg []float64
	switch policy {
	case Fair:
		c := Condition{Name: "eq. 13", Holds: lambda < n*muMin, Detail: fmt.Sprintf("λ = %g < N·μ_min = %g", lambda, n*muMin)}
		res.Conditions = append(res.Conditions, c)
		if !c.Holds {
			return fail(c)
		}
		lg = make([]float64, len(g.mu))
		for k := range lg {
			lg[k] = lambda / n
		}
	case DEP:
		// Eq. (19) as printed, λ < (μ_min/μ_max)Σμ, is stricter than what
		// D-EP needs (λ_i = λμ_i/Σμ < μ_i ⇔ λ < Σμ, the system condition
		// checked above); it is reported, not enforced.
		c := Condition{Name: "eq. 19 (as printed; informational)", Holds: lambda < muMin/muMax*sumMu, Detail: fmt.Sprintf("λ = %g < (μ_min/μ_max)Σμ_i = %g", lambda, muMin/muMax*sumMu)}
		res.Conditions = append(res.Conditions, c)
		lg = make([]float64, len(g.mu))
		for k, v := range g.mu {
			lg[k] = lambda * v / sumMu
		}
	case SEP:
		c := Condition{Name: "eq. 24", Holds: sumMu-n*muMin <= lambda, Detail: fmt.Sprintf("Σ(μ_i − μ_min) = %g ≤ λ = %g (no negative λ_i)", sumMu-n*muMin, lambda)}
		res.Conditions = append(res.Conditions, c)
		if !c.Holds && !opt.AllowMigration {
			return fail(c)
		}
		lg = make([]float64, len(g.mu))
		for k, v := range g.mu {
			lg[k] = v + (lambda-sumMu)/n
		}
	case MEP:
		lg = g.equalise(lambda, opt, func(level, mu float64) float64 { return opt.Model.lambdaForMean(level, mu) },
			func(mu float64) float64 { return opt.Model.Mean(0, mu) })
	case DMEP:
		lg = g.equalise(lambda, opt, func(level, mu float64) float64 { return opt.Model.lambdaForDMean(level, mu) },
			func(mu float64) float64 { return opt.Model.DMean(0, mu) })
	case Optimal:
		var kkt KKT
		var err error
		lg, kkt, err = g.optimise(lambda, opt)
		if err != nil {
			return res, err
		}
		res.KKT = &kkt
	default:
		return res, fmt.Errorf("%w: unknown mapping policy %q", ErrParam, policy)
	}
	r, err := g.mstOf(lg, opt.Model, opt.Integral)
	if err != nil {
		return res, fmt.Errorf("%s policy: %w", policy, err)
	}
	res.Lambda = g.expand(lg)
	res.MST = r
	return res, nil
}

// equalise finds the level L with Σ_k n_k λ_k(L) = λ where λ_k(L) solves
// "quantity_k(λ_k) = L" (mean or derivative of the mean, both increasing
// in λ_k), clamped at 0 for nodes whose quantity at λ = 0 already exceeds
// L (M-EP and DM-EP never migrate; only S-EP's closed form does). Bisection on L: this is water-filling,
// and with clamping it is exactly the KKT system of minimising Σ_i E[R_i]
// (DM-EP) over λ_i ≥ 0.
func (g rateGroups) equalise(lambda float64, opt MapOptions, inv func(level, mu float64) float64, at0 func(mu float64) float64) []float64 {
	lg := make([]float64, len(g.mu))
	fill := func(level float64) float64 {
		s := 0.0
		for k, mu := range g.mu {
			v := 0.0
			if level > at0(mu) {
				v = inv(level, mu)
			}
			lg[k] = v
			s += g.count[k] * v
		}
		return s
	}
	lo := math.Inf(1)
	for _, mu := range g.mu {
		lo = math.Min(lo, at0(mu))
	}
	hi := 2 * lo
	for fill(hi) < lambda {
		hi *= 2
	}
	for i := 0; i < 200; i++ {
		m := 0.5 * (lo + hi)
		if m <= lo || m >= hi {
			break
		}
		if fill(m) < lambda {
			lo = m
		} else {
			hi = m
		}
	}
	fill(hi)
	// Correct the residual of the bisection on the largest class so that
	// the rates sum to λ exactly (to rounding).
	s := 0.0
	for k := range lg {
		s += g.count[k] * lg[k]
	}
	last := len(lg) - 1
	for last > 0 && lg[last] == 0 {
		last--
	}
	lg[last] += (lambda - s) / g.count[last]
	return lg
}
