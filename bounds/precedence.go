package bounds

import (
	"context"
	"math"

	"github.com/mrsched/mrsched/instances"
)

// Precedence's subgradient budget: PrecedenceWork/n steps, at least
// PrecedenceMinSteps and at most PrecedenceMaxSteps (each step is one
// O(n log n) preemptive WSPT run), so that the bound takes O(n log n) time
// overall above PrecedenceWork/PrecedenceMaxSteps jobs: about 0.1 s at
// n = 10⁴ and 2 s at n = 10⁵ on one core.
const (
	PrecedenceWork     = 5_000_000
	PrecedenceMinSteps = 30
	PrecedenceMaxSteps = 200
)

// Precedence returns a lower bound on the weighted total response
// Σ w_j (C_j − r_j) of an instance with dependencies: the Lagrangian
// relaxation of the precedence constraints in Weighted's single-server
// relaxation (van de Velde 1995 for 1|prec|Σ w_j C_j; Potts 1985), never
// below Weighted. upper, when positive, is the objective of a known
// schedule: it sets the subgradient's target (Polyak's step). Without
// dependencies it returns Weighted. The result depends only on the
// instance and upper.
//
// Validity. In any schedule job j receives no service before each
// predecessor p completes and then needs s_j = max(x_j/μ_m, y_j/μ_c), so
// C_j ≥ C_p + s_j for every edge p → j. For multipliers λ_pj ≥ 0,
//
//	Σ_j w_j C_j ≥ Σ_j w_j C_j + Σ_(p,j) λ_pj (C_p + s_j − C_j)
//	            = Σ_(p,j) λ_pj s_j + Σ_j w'_j C_j,
//	w'_j = w_j + Σ_(j,k) λ_jk − Σ_(p,j) λ_pj.
//
// The multipliers are kept where every w'_j ≥ 0 (scaled in reverse
// topological order, so a job's outgoing sum is final when its incoming
// ones are scaled). Then, as in Weighted, C_j ≥ M_j + p_j(α)/2 for the mean
// busy time M_j of j's mixed work on one server (none before the effective
// release ρ_j), and Σ w'_j (M_j + p_j/2) is at least its value under
// preemptive WSPT for the weights w' (Goemans 1997). So for every α and
// every such λ,
//
//	OPT ≥ Σ λ_pj s_j + meanBusyWSPT(ρ, p(α), w') − Σ_j w_j r_j.
//
// λ = 0 gives Weighted's term for α. The steps move λ along the
// subgradient g_pj = Ĉ_p + s_j − Ĉ_j, Ĉ the relaxation's completions
// (M_j + p_j/2), at the α of Weighted's best term; the best λ found is then
// tried at every α of the grid. It takes O(steps · (n log n + e)) time for
// e edges and O(n + e) memory.
func Precedence(in *instances.Instance, upper float64) float64 {
	return PrecedenceContext(context.Background(), in, upper)
}

// PrecedenceContext is Precedence with its subgradient steps stopped when
// ctx ends (a time limit or an interrupt): the bound of the steps done so
// far, still a valid bound, and not reproducible when ctx stops it.
func PrecedenceContext(ctx context.Context, in *instances.Instance, upper float64) float64 {
	_, p := WeightedPrecedence(ctx, in, upper)
	return p
}

// WeightedPrecedence returns Weighted(in) and PrecedenceContext(ctx, in,
// upper) from one computation: the precedence bound's terms at λ = 0 are
// Weighted's, bit for bit, so a caller that reports both pays for the α
// grid once.
func WeightedPrecedence(ctx context.Context, in *instances.Instance, upper float64) (weighted, precedence float64) {
	if !in.HasDependencies() {
		w := Weighted(in)
		return w, w
	}
	order, err := in.TopologicalOrder()
	if err != nil { // a valid instance has no cycle
		w := Weighted(in)
		return w, w
	}
	lr := newPrecedenceLagrangian(in, order)
	// At λ = 0 the terms are Weighted's; the α of the best one is where
	// the steps run.
	alphaBest, at0 := 0.0, math.Inf(-1)
	for g := 0; g < MixedGrid; g++ {
		alpha := float64(g) / float64(MixedGrid-1)
		if v := lr.value(alpha, nil); v > at0 {
			alphaBest, at0 = alpha, v
		}
	}
	weighted = max(CriticalPath(in), at0)
	best := weighted
	bestLambda := lr.subgradient(ctx, alphaBest, at0, upper)
	copy(lr.lambda, bestLambda)
	lr.project()
	for g := 0; g < MixedGrid; g++ {
		best = max(best, lr.value(float64(g)/float64(MixedGrid-1), nil))
	}
	return weighted, best
}

// precedenceLagrangian holds Precedence's data: one multiplier per edge
// (from[e] → to[e]).
type precedenceLagrangian struct {
	rho, x, y, s, w []float64
	from, to        []int
	in, out         [][]int // edge indices into and out of each job
	order           []int   // topological
	byRelease       []int   // by effective release ρ
	lambda          []float64
	sumWR           float64
	// scratch
	p, wp, c []float64
}

func newPrecedenceLagrangian(in *instances.Instance, order []int) *precedenceLagrangian {
	_, x, y := stations(in)
	_, rho := criticalPath(in)
	n := in.N()
	lr := &precedenceLagrangian{rho: rho, byRelease: byRelease(rho), x: x, y: y, s: make([]float64, n), w: make([]float64, n),
		in: make([][]int, n), out: make([][]int, n), order: order,
		p: make([]float64, n), wp: make([]float64, n), c: make([]float64, n)}
	for j, jb := range in.Jobs {
		lr.s[j] = max(x[j], y[j])
		lr.w[j] = in.Weight(j)
		lr.sumWR += lr.w[j] * jb.Release
		for _, p := range jb.After {
			e := len(lr.from)
			lr.from, lr.to = append(lr.from, p), append(lr.to, j)
			lr.out[p] = append(lr.out[p], e)
			lr.in[j] = append(lr.in[j], e)
		}
	}
	lr.lambda = make([]float64, len(lr.from))
	return lr
}

// value returns the Lagrangian bound at α and the current multipliers
// (which must keep every w'_j ≥ 0); c, when not nil, receives the
// relaxation's completions.
func (lr *precedenceLagrangian) value(alpha float64, c []float64) float64 {
	total := 0.0
	for j := range lr.p {
		lr.p[j] = alpha*lr.x[j] + (1-alpha)*lr.y[j]
		lr.wp[j] = lr.w[j]
		for _, e := range lr.out[j] {
			lr.wp[j] += lr.lambda[e]
		}
		for _, e := range lr.in[j] {
			lr.wp[j] -= lr.lambda[e]
		}
		lr.wp[j] = max(lr.wp[j], 0) // a guard: project leaves w'_j ≥ 1e-12·w_j
	}
	for e, l := range lr.lambda {
		total += l * lr.s[lr.to[e]]
	}
	return total + meanBusyWSPTSorted(lr.byRelease, lr.rho, lr.p, lr.wp, c) - lr.sumWR
}

// project makes every multiplier non-negative and every w'_j ≥ 0 by
// scaling each job's incoming multipliers, jobs in reverse topological
// order, to (1 − 1e-12) of the job's w_j plus outgoing sum: w'_j keeps a
// margin far above the rounding of the sums (weights are positive).
func (lr *precedenceLagrangian) project() {
	for e := range lr.lambda {
		lr.lambda[e] = max(lr.lambda[e], 0)
	}
	for k := len(lr.order) - 1; k >= 0; k-- {
		j := lr.order[k]
		in := 0.0
		for _, e := range lr.in[j] {
			in += lr.lambda[e]
		}
		capacity := lr.w[j]
		for _, e := range lr.out[j] {
			capacity += lr.lambda[e]
		}
		if in > capacity {
			f := capacity / in * (1 - 1e-12)
			for _, e := range lr.in[j] {
				lr.lambda[e] *= f
			}
		}
	}
}

// subgradient runs the steps at α from λ = 0 (value at0) and returns the
// best multipliers found.
func (lr *precedenceLagrangian) subgradient(ctx context.Context, alpha, at0, upper float64) []float64 {
	n := len(lr.p)
	steps := min(PrecedenceMaxSteps, max(PrecedenceMinSteps, PrecedenceWork/max(n, 1)))
	bestLambda := make([]float64, len(lr.lambda))
	rule := polyak{theta: 2, best: at0, limit: 8}
	g := make([]float64, len(lr.lambda))
	for range steps {
		if ctx.Err() != nil {
			break
		}
		v := lr.value(alpha, lr.c)
		if rule.observe(v) {
			copy(bestLambda, lr.lambda)
		}
		norm := 0.0
		for e := range g {
			g[e] = lr.c[lr.from[e]] + lr.s[lr.to[e]] - lr.c[lr.to[e]]
			if lr.lambda[e] == 0 && g[e] < 0 {
				g[e] = 0 // the step would leave λ at 0
			}
			norm += g[e] * g[e]
		}
		if norm == 0 || rule.theta < 1e-6 {
			break
		}
		target := upper
		if !(target > rule.best) {
			target = rule.best + 0.05*math.Abs(rule.best) + 1e-9
		}
		t := rule.step(target, v, norm)
		for e := range lr.lambda {
			lr.lambda[e] += t * g[e]
		}
		lr.project()
	}
	return bestLambda
}
