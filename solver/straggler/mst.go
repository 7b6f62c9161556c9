package straggler

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sort"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/gonum/stat/distuv"
)

// MaxClosedFormNodes is the largest number of nodes for which
// MSTClosedForm evaluates Lemma 3's inclusion–exclusion sum (2^N − 1
// terms: 3.4e7 at N = 25, about a second). Beyond it the cost doubles per
// node and the alternating sum loses digits (its terms reach ~2^N/N), so
// larger clusters must use MSTIntegral.
const MaxClosedFormNodes = 25

// ErrTooLarge reports a request beyond the limit of an exact method.
var ErrTooLarge = errors.New("straggler: too many nodes for this method")

// ErrNoNodes reports an empty cluster.
var ErrNoNodes = errors.New("straggler: no mapper nodes")

// Result is a mean sojourn time with its error estimate.
type Result struct {
	MST    float64 `json:"mst"`
	AbsErr float64 `json:"abs_err"` // estimated absolute error (rounding bound for the closed form, quadrature estimate for the integral, CI half-width for Monte Carlo)
	Method string  `json:"method"`
	Nodes  int     `json:"nodes"`
	Evals  int     `json:"evals,omitempty"`  // integrand evaluations (integral)
	Panels int     `json:"panels,omitempty"` // quadrature panels (integral: Gauss–Kronrod panels, or trapezoid intervals on the fast path)
	// Monte Carlo only.
	Samples int     `json:"samples,omitempty"`
	StdErr  float64 `json:"std_err,omitempty"`
	Level   float64 `json:"level,omitempty"` // confidence level of AbsErr
}

// Harmonic returns H_n = Σ_{k=1}^n 1/k (summed from the small terms up).
func Harmonic(n int) float64 {
	h := 0.0
	for k := n; k >= 1; k-- {
		h += 1 / float64(k)
	}
	return h
}

// MSTClosedForm evaluates Lemma 3, eq. (10): for M/M/1 nodes with
// response rates γ_i = μ_i − λ_i,
//
//	MST = Σ_{∅≠S⊆{1..N}} (−1)^{|S|+1} / Σ_{k∈S} γ_k,
//
// the inclusion–exclusion form (eq. 7) of E[max_i R_i] with
// E[min_{k∈S} R_k] = 1/Σ_{k∈S} γ_k. It is exact up to rounding (AbsErr is a
// rigorous-in-spirit bound (N+3)·u·Σ|terms|, u the unit round-off; the sum
// uses Neumaier compensation). It refuses N > MaxClosedFormNodes.
func MSTClosedForm(gamma []float64) (Result, error) {
	n := len(gamma)
	if n == 0 {
		return Result{}, ErrNoNodes
	}
	if n > MaxClosedFormNodes {
		return Result{}, fmt.Errorf("%w: Lemma 3's closed form (eq. 10) has 2^N − 1 = 2^%d − 1 terms; it is limited to N ≤ %d — use the integral (MSTIntegral, mrsched mst eval --method integral) instead", ErrTooLarge, n, MaxClosedFormNodes)
	}
	for i, g := range gamma {
		if !(g > 0) || math.IsInf(g, 1) {
			return Result{}, fmt.Errorf("%w: node %d: response rate μ−λ = %v must be positive and finite", ErrParam, i, g)
		}
	}
	var sum, comp, abs float64
	add := func(x float64) { // Neumaier summation
		t := sum + x
		if math.Abs(sum) >= math.Abs(x) {
			comp += (sum - t) + x
		} else {
			comp += (x - t) + sum
		}
		sum = t
		abs += math.Abs(x)
	}
	var rec func(i int, s float64, odd bool)
	rec = func(i int, s float64, odd bool) {
		if i == n {
			if s > 0 {
				if odd {
					add(1 / s)
				} else {
					add(-1 / s)
				}
			}
			return
		}
		rec(i+1, s, odd)
		rec(i+1, s+gamma[i], !odd)
	}
	rec(0, 0, false)
	const u = 1.1102230246251565e-16
	return Result{MST: sum + comp, AbsErr: float64(n+3) * u * abs, Method: "closed", Nodes: n}, nil
}

// IntegralOptions tunes MSTIntegral. The zero value asks for 1e-9
// relative accuracy.
type IntegralOptions struct {
	RelTol    float64 // relative accuracy wanted (default 1e-9)
	MaxPanels int     // default 4000
}

func (o IntegralOptions) defaults() IntegralOptions {
	if !(o.RelTol > 0) {
		o.RelTol = 1e-9
	}
	if o.MaxPanels <= 0 {
		o.MaxPanels = 4000
	}
	return o
}

// Group is Count identical nodes with response-time distribution R.
type Group struct {
	R     Response
	Count int
}

// tailDelta is the total survival Σ_i P(R_i > t_hi) at which the
// integration range is cut; beyond t_hi the integrand is replaced by its
// first-order expansion Σ_i P(R_i > t), integrated in closed form by
// TailIntegral. By the Bonferroni inequalities the replacement errs by at
// most ½·Σ_i S_i(t_hi)·Σ_i TailIntegral_i(t_hi) ≤ 5e-7 × the tail.
const tailDelta = 1e-6

// MSTIntegral returns the MST of Definition 2 for independent nodes, eq.
// (8), integrated by parts into
//
//	MST = ∫₀^∞ (1 − Π_i F_i(t)) dt
//	    = T₀ + ∫_{T₀}^{t_hi} (1 − exp Σ_i log F_i(t)) dt + tail,
//
// where T₀ = max_i Lower_i (below it some F_i vanishes, so the integrand
// is exactly 1 and the kinks of delayed distributions at their offsets
// T_i ≤ T₀ never enter the quadrature), t_hi = max_i Quantile_i(1 −
// tailDelta/N), and the tail is Σ_i TailIntegral_i(t_hi) (see tailDelta).
// The product is evaluated as a sum of logarithms, so that 10^5 nodes
// neither underflow nor lose the tail. The middle integral uses adaptive
// Gauss–Kronrod (21 points) split at the nodes' breakpoints. AbsErr is the
// quadrature error estimate plus the tail bound; ErrQuad is returned when
// the requested accuracy is not reached.
func MSTIntegral(nodes []Response, opt IntegralOptions) (Result, error) {
	groups := make([]Group, len(nodes))
	for i, r := range nodes {
		groups[i] = Group{R: r, Count: 1}
	}
	return MSTIntegralGroups(groups, opt)
}

// MSTIntegralGroups is MSTIntegral for groups of identical nodes (each
// group costs one CDF evaluation per abscissa, whatever its count).
func MSTIntegralGroups(groups []Group, opt IntegralOptions) (Result, error) {
	opt = opt.defaults()
	total := 0
	for i, g := range groups {
		if g.R == nil || g.Count < 0 {
			return Result{}, fmt.Errorf("%w: group %d: nil response or negative count", ErrParam, i)
		}
		total += g.Count
	}
	if total == 0 {
		return Result{}, ErrNoNodes
	}
	if dexp, cnt, ok := allDelayedExp(groups); ok {
		return mstDelayedExp(dexp, cnt, total, opt)
	}
	t0, thi := 0.0, 0.0
	var kinks []float64
	for i, g := range groups {
		if g.Count == 0 {
			continue
		}
		lo := g.R.Lower()
		if !(lo >= 0) || math.IsInf(lo, 1) {
			return Result{}, fmt.Errorf("%w: group %d: lower end of the support %v must be finite and ≥ 0", ErrParam, i, lo)
		}
		t0 = math.Max(t0, lo)
		q := g.R.Quantile(1 - tailDelta/float64(total))
		if math.IsNaN(q) || math.IsInf(q, 0) {
			return Result{}, fmt.Errorf("%w: group %d: the %v-quantile of the response time is %v", ErrParam, i, 1-tailDelta/float64(total), q)
		}
		thi = math.Max(thi, q)
		kinks = append(kinks, g.R.Breakpoints()...)
	}
	f := func(x, y []float64) {
		for k, t := range x {
			s := 0.0
			for _, g := range groups {
				if g.Count == 0 {
					continue
				}
				s += float64(g.Count) * g.R.LogCDF(t)
				if math.IsInf(s, -1) {
					break
				}
			}
			y[k] = -math.Expm1(s)
		}
	}
	tail, sSum := 0.0, 0.0
	for _, g := range groups {
		if g.Count == 0 {
			continue
		}
		tail += float64(g.Count) * g.R.TailIntegral(thi)
		sSum += float64(g.Count) * g.R.Survival(thi)
	}
	return finishIntegral(f, t0, thi, kinks, tail, 0.5*sSum*tail, total, opt)
}

func finishIntegral(f batchFunc, t0, thi float64, kinks []float64, tail, tailErr float64, total int, opt IntegralOptions) (Result, error) {
	res, _, err := finishIntegralMesh(f, t0, thi, kinks, tail, tailErr, total, opt)
	return res, err
}

func finishIntegralMesh(f batchFunc, t0, thi float64, kinks []float64, tail, tailErr float64, total int, opt IntegralOptions) (Result, [][2]float64, error) {
	res := Result{Method: "integral", Nodes: total}
	mid := QuadResult{}
	var err error
	if thi > t0 {
		pts := append([]float64{t0}, sortedUnique(kinks, t0, thi)...)
		pts = append(pts, thi)
		mid, err = adaptGKBase(f, pts, opt.RelTol, t0+tail, opt.MaxPanels)
	}
	res.MST = t0 + mid.Value + tail
	res.AbsErr = mid.AbsErr + tailErr
	res.Evals, res.Panels = mid.Evals, mid.Panels
	return res, mid.mesh, err
}

// adaptGKBase runs adaptGK with a tolerance relative to base + the
// integral (the parts of the MST known in closed form count toward the
// relative accuracy).
func adaptGKBase(f batchFunc, pts []float64, relTol, base float64, maxPanels int) (QuadResult, error) {
	return adaptGK(f, pts, relTol*base, relTol, maxPanels)
}

// allDelayedExp reports whether every response is a DelayedExp, and
// returns them flattened with counts.
func allDelayedExp(groups []Group) ([]DelayedExp, []float64, bool) {
	d := make([]DelayedExp, 0, len(groups))
	c := make([]float64, 0, len(groups))
	for _, g := range groups {
		de, ok := g.R.(DelayedExp)
		if !ok {
			return nil, nil, false
		}
		if g.Count > 0 {
			d = append(d, de)
			c = append(c, float64(g.Count))
		}
	}
	return d, c, true
}

// zNegligible is the exponent beyond which a delayed exponential node's
// CDF 1 − e^{−z} is 1 to double precision (e^{−37.5} = 5.2e-17 is below
// half an ulp of 1), so the node drops out of the product.
const zNegligible = 37.5

// dexpKernel evaluates 1 − Π_i F_i(t) for delayed exponential nodes. The
// nodes are sorted by the time off_i + zNegligible/γ_i after which they are
// exactly 1, so a panel only visits the prefix of nodes that still matter.
type dexpKernel struct {
	off, rate, cnt, cut []float64 // cut descending
	unit                bool
}

func newDexpKernel(d []DelayedExp, cnt []float64) *dexpKernel {
	type node struct {
		off, rate, cnt, cut float64
		idx                 int
	}
	nodes := make([]node, len(d))
	for i := range d {
		nodes[i] = node{d[i].Offset, d[i].Rate, cnt[i], d[i].Offset + zNegligible/d[i].Rate, i}
	}
	slices.SortFunc(nodes, func(a, b node) int {
		if c := cmp.Compare(b.cut, a.cut); c != 0 {
			return c
		}
		return cmp.Compare(a.idx, b.idx)
	})
	n := len(d)
	k := &dexpKernel{off: make([]float64, n), rate: make([]float64, n), cnt: make([]float64, n), cut: make([]float64, n), unit: true}
	for j, v := range nodes {
		k.off[j], k.rate[j], k.cnt[j], k.cut[j] = v.off, v.rate, v.cnt, v.cut
		if v.cnt != 1 {
			k.unit = false
		}
	}
	return k
}

func (kr *dexpKernel) eval(x, y []float64) {
	if len(x) != 21 || !kr.unit {
		kr.evalGeneric(x, y)
		return
	}
	// x is a Kronrod panel: x[2k], x[2k+1] = c ∓ h·g_k, x[20] = c. Then
	// e^{−γ(x−T)} = E₀·q^{±1} with E₀ = e^{−γ(c−T)}, q = e^{−γ h g_k}: 11
	// exponentials and 10 divisions per node instead of 21 exponentials.
	c := x[20]
	h := (x[1] - x[0]) / (2 * gk21x[0])
	var prod, logs [21]float64
	for k := range prod {
		prod[k] = 1
	}
	n := sort.Search(len(kr.cut), func(j int) bool { return kr.cut[j] <= x[0] })
	off, rate := kr.off[:n], kr.rate[:n]
	var e [21]float64
	for i := range off {
		r := rate[i]
		a, b := r*(c-off[i]), r*h
		if a > 300 || b > 300 || a-b < 0 {
			// Wide panel: E₀·q could leave the normal range (subnormal
			// arithmetic is slow), so exponentiate each abscissa.
			for k := 0; k < 21; k++ {
				switch z := r * (x[k] - off[i]); {
				case z > zNegligible:
					e[k] = 0
				case z > 0:
					e[k] = math.Exp(-z)
				default:
					e[k] = 1
				}
			}
		} else {
			e0 := math.Exp(-a)
			e[20] = e0
			for k := 0; k < 10; k++ {
				q := math.Exp(-b * gk21x[k])
				e[2*k] = e0 / q
				e[2*k+1] = e0 * q
			}
		}
		for k := 0; k < 21; k++ {
			p := prod[k] * (1 - e[k])
			if p < 1e-250 { // renormalise through the log before underflow
				if p <= 0 { // F = 0 at the largest offset
					logs[k] = math.Inf(-1)
				} else {
					logs[k] += math.Log(p)
				}
				p = 1
			}
			prod[k] = p
		}
	}
	for k := 0; k < 21; k++ {
		y[k] = -math.Expm1(logs[k] + math.Log(prod[k]))
	}
}

// evalGeneric evaluates the integrand with logarithms (any counts).
func (kr *dexpKernel) evalGeneric(x, y []float64) {
	xmin := x[0]
	for _, v := range x {
		xmin = math.Min(xmin, v)
	}
	n := sort.Search(len(kr.cut), func(j int) bool { return kr.cut[j] <= xmin })
	for k, t := range x {
		s := 0.0
		for i := 0; i < n; i++ {
			z := kr.rate[i] * (t - kr.off[i])
			if !(z > 0) {
				s = math.Inf(-1)
				break
			}
			s += kr.cnt[i] * logOneMinusExp(z)
		}
		y[k] = -math.Expm1(s)
	}
}

// mstDelayedExp is the fast path of MSTIntegralGroups for delayed
// exponential nodes (M/M/1 responses and the Lemma 1 model): everything is
// in closed form except the middle integral, whose integrand is evaluated
// for all 21 abscissae of a panel in one pass over the nodes that still
// matter (see dexpKernel). For unit counts the product Π F_i is
// accumulated directly and renormalised through a logarithm only when it
// nears underflow: one exp per node and abscissa instead of an exp and a
// log. Nodes dropped as exactly 1 change the integrand by less than
// N·e^{−37.5}, below 1e-11 for N = 10^5.
//
// Unit counts with at least trapMinNodes nodes go first to the uniform
// trapezoidal grid of msttrap.go (two exponentials per node and pass
// instead of ~11 per node and panel); mstDelayedExpGK is the fallback.
func mstDelayedExp(d []DelayedExp, cnt []float64, total int, opt IntegralOptions) (Result, error) {
	opt = opt.defaults()
	if err := validateDelayedExp(d); err != nil {
		return Result{}, err
	}
	if total == len(d) {
		if res, ok := mstDelayedExpTrap(d, opt); ok {
			return res, nil
		}
	}
	return mstDelayedExpGK(d, cnt, total, opt)
}

// mstDelayedExpGK is the adaptive Gauss–Kronrod evaluation (the only one
// before the trapezoidal path; kept as its fallback and as the benchmark
// baseline).
func mstDelayedExpGK(d []DelayedExp, cnt []float64, total int, opt IntegralOptions) (Result, error) {
	res, _, _, err := mstDelayedExpMesh(d, cnt, total, opt)
	return res, err
}

// validateDelayedExp checks the parameters that the MST integral needs.
// A negative offset is accepted (the formal S-EP mapping with migration
// gives λ_i < 0 and so T_i = Dλ_i/μ_i < 0): E[max] is still
// ∫₀^∞ (1 − Π F_i) as long as some offset is ≥ 0.
func validateDelayedExp(d []DelayedExp) error {
	maxOff := math.Inf(-1)
	for i, de := range d {
		if !(de.Rate > 0) || math.IsInf(de.Rate, 1) || math.IsNaN(de.Offset) || math.IsInf(de.Offset, 0) {
			return fmt.Errorf("node %d: %w: delayed exponential rate %v must be positive and finite, offset %v finite", i, ErrParam, de.Rate, de.Offset)
		}
		maxOff = math.Max(maxOff, de.Offset)
	}
	if maxOff < 0 {
		return fmt.Errorf("%w: every offset is negative (largest %v): the response times are not non-negative", ErrParam, maxOff)
	}
	return nil
}

// mstDelayedExpMesh is mstDelayedExp that also returns the converged
// quadrature mesh and the cut-off t_hi (for the gradient).
func mstDelayedExpMesh(d []DelayedExp, cnt []float64, total int, opt IntegralOptions) (Result, [][2]float64, float64, error) {
	opt = opt.defaults()
	t0, thi := 0.0, 0.0
	maxOff := math.Inf(-1)
	for i, de := range d {
		// A negative offset is accepted (the formal S-EP mapping with
		// migration gives λ_i < 0 and so T_i = Dλ_i/μ_i < 0): E[max] is
		// still ∫₀^∞ (1 − Π F_i) as long as some offset is ≥ 0.
		if !(de.Rate > 0) || math.IsInf(de.Rate, 1) || math.IsNaN(de.Offset) || math.IsInf(de.Offset, 0) {
			return Result{}, nil, 0, fmt.Errorf("node %d: %w: delayed exponential rate %v must be positive and finite, offset %v finite", i, ErrParam, de.Rate, de.Offset)
		}
		maxOff = math.Max(maxOff, de.Offset)
		t0 = math.Max(t0, de.Offset)
		// S_i(t) ≤ tailDelta/N  ⇔  t ≥ T_i + ln(N/tailDelta)/γ_i.
		thi = math.Max(thi, de.Offset+math.Log(float64(total)/tailDelta)/de.Rate)
	}
	if maxOff < 0 {
		return Result{}, nil, 0, fmt.Errorf("%w: every offset is negative (largest %v): the response times are not non-negative", ErrParam, maxOff)
	}
	kr := newDexpKernel(d, cnt)
	tail, sSum := 0.0, 0.0
	for i, de := range d {
		e := math.Exp(-de.Rate * (thi - de.Offset))
		tail += cnt[i] * e / de.Rate
		sSum += cnt[i] * e
	}
	res, mesh, err := finishIntegralMesh(kr.eval, t0, thi, nil, tail, 0.5*sSum*tail, total, opt)
	return res, mesh, thi, err
}

// MCOptions tunes MSTMonteCarlo.
type MCOptions struct {
	Samples int     // number of independent draws of max_i R_i (default 100000)
	Level   float64 // confidence level of the interval (default 0.95)
}

// MSTMonteCarlo estimates E[max_i R_i] from independent draws of every
// node's response time, with a normal-approximation confidence interval
// (AbsErr is its half-width z·s/√n; StdErr is s/√n). The draws come from
// src only, so the result is reproducible.
func MSTMonteCarlo(groups []Group, opt MCOptions, src rand.Source) (Result, error) {
	if opt.Samples <= 0 {
		opt.Samples = 100000
	}
	if opt.Samples < 2 || opt.Samples > MaxMCSamples {
		return Result{}, fmt.Errorf("%w: Monte Carlo samples %d: want 2 … %d (the samples are kept in memory)", ErrParam, opt.Samples, MaxMCSamples)
	}
	if !(opt.Level > 0 && opt.Level < 1) {
		opt.Level = 0.95
	}
	if src == nil {
		return Result{}, fmt.Errorf("%w: Monte Carlo needs a random source", ErrParam)
	}
	total := 0
	samplers := make([]func(*rand.Rand) float64, 0, len(groups))
	counts := make([]int, 0, len(groups))
	for i, g := range groups {
		if g.R == nil || g.Count < 0 {
			return Result{}, fmt.Errorf("%w: group %d: nil response or negative count", ErrParam, i)
		}
		if g.Count == 0 {
			continue
		}
		total += g.Count
		samplers = append(samplers, g.R.Sampler())
		counts = append(counts, g.Count)
	}
	if total == 0 {
		return Result{}, ErrNoNodes
	}
	rnd := rand.New(src)
	xs := make([]float64, opt.Samples)
	for s := range xs {
		m := 0.0
		for j, draw := range samplers {
			for c := 0; c < counts[j]; c++ {
				if v := draw(rnd); v > m {
					m = v
				}
			}
		}
		xs[s] = m
	}
	mean, sd := stat.MeanStdDev(xs, nil)
	se := sd / math.Sqrt(float64(opt.Samples))
	z := distuv.UnitNormal.Quantile(0.5 + opt.Level/2)
	return Result{MST: mean, AbsErr: z * se, StdErr: se, Level: opt.Level, Method: "montecarlo", Nodes: total, Samples: opt.Samples}, nil
}
