package worstcase

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

// MaxClimbN is the largest n ClimbExact accepts: the exact branch-and-bound
// of solver/exact/search (fastlp evaluator, dominance) proves batches of
// n ≤ 12 in milliseconds to seconds (docs/hard.md), beyond that single
// solves can take minutes.
const MaxClimbN = 14

// Certified is a batch instance with its policy cost and what the exact
// solver proved about OPT: OPT ∈ [OPTLower, OPTUpper], so the ratio
// policy/OPT ∈ [RatioLow, RatioHigh]; Proven (status optimal) means the two
// ends meet and Ratio = RatioLow is the exact ratio.
type Certified struct {
	Instance    *instances.Instance
	Policy      string
	PolicyTotal float64 // validator's total of the policy's schedule
	OPTUpper    float64 // validator's total of the solver's schedule (≥ OPT)
	OPTLower    float64 // the solver's proven lower bound (≤ OPT)
	Status      string  // exact.Status* of the solve
	BoundSource mip.BoundSource
	Proven      bool
	RatioLow    float64 // PolicyTotal / OPTUpper ≤ policy/OPT
	RatioHigh   float64 // PolicyTotal / OPTLower ≥ policy/OPT
	Guarantee   float64 // Cor 4 or Cor 6 for the instance (Guarantee)
	Alpha, Beta float64
}

// Certify simulates policy ("maxsrpt" or "splitsrpt") on the batch in,
// validates its schedule, and solves in with the exact search of package
// solver/exact (no LP engine; limit bounds the solve, 0: none, now is its
// clock, nil: time.Now). Without a limit the answer is deterministic.
func Certify(ctx context.Context, in *instances.Instance, policy string, limit time.Duration, now func() time.Time) (*Certified, error) {
	p, err := policyOf(policy)
	if err != nil {
		return nil, err
	}
	for i, j := range in.Jobs {
		if j.Release != 0 {
			return nil, fmt.Errorf("%w: jobs[%d].release = %v, want a batch (all 0)", ErrParam, i, j.Release)
		}
	}
	sim, err := fluid.Simulate(in, p, fluid.Options{Record: true})
	if err != nil {
		return nil, err
	}
	chk, err := validate.Check(in, sim.Schedule)
	if err != nil {
		return nil, fmt.Errorf("worstcase: %s schedule fails validation: %w", policy, err)
	}
	a, err := exact.Solve(ctx, nil, in, exact.Options{Method: "search", TimeLimit: limit, Now: now, NoLPBound: true})
	if err != nil {
		return nil, err
	}
	g, al, be := Guarantee(policy, in)
	c := &Certified{Instance: in, Policy: policy, PolicyTotal: chk.TotalResponse, OPTUpper: a.Objective, OPTLower: a.LowerBound,
		Status: a.Status.String(), BoundSource: a.BoundSource, Proven: a.Status == exact.StatusOptimal, Guarantee: g, Alpha: al, Beta: be}
	c.RatioLow = c.PolicyTotal / c.OPTUpper
	c.RatioHigh = math.Inf(1)
	if c.OPTLower > 0 {
		c.RatioHigh = c.PolicyTotal / c.OPTLower
	}
	return c, nil
}

// Extend returns a copy of in with n jobs: the first n jobs when in has
// more, otherwise in's jobs followed by copies of randomly chosen jobs of in
// with both sizes scaled by a common factor e^{0.3·N(0,1)} (clamped to the
// search box and alphaMax), named j1…jn.
func Extend(in *instances.Instance, n int, alphaMax float64, rng *rand.Rand) (*instances.Instance, error) {
	if in.N() == 0 || n < 1 {
		return nil, fmt.Errorf("%w: extend %d jobs to %d", ErrParam, in.N(), n)
	}
	out := instances.New(nil)
	for i := range n {
		var j instances.Job
		if i < in.N() {
			j = in.Jobs[i]
		} else {
			j = in.Jobs[rng.IntN(in.N())]
			f := math.Exp(0.3 * rng.NormFloat64())
			j.Map, j.Shuffle = j.Map*f, j.Shuffle*f
		}
		j.Map, j.Shuffle = clampJob(j.Map, j.Shuffle, alphaMax)
		j.ID, j.Release = fmt.Sprintf("j%d", i+1), 0
		out.Jobs = append(out.Jobs, j)
	}
	return out, nil
}

// ClimbOptions configure ClimbExact.
type ClimbOptions struct {
	Policy   string // "maxsrpt" or "splitsrpt"
	AlphaMax float64
	Steps    int // perturbations tried
	Seed     uint64
	// SolveLimit bounds each exact solve (0: none; then the result is
	// deterministic); Now is its clock (nil: time.Now).
	SolveLimit time.Duration
	Now        func() time.Time
}

// ClimbStats count what ClimbExact did.
type ClimbStats struct {
	Solves, Pruned, Accepted int
}

// ClimbExact hill-climbs from start (a batch of 2..MaxClimbN jobs) on the
// certified fraction of the guarantee RatioLow / Guarantee (policy / exact
// solver's objective, over Cor 4's or Cor 6's bound for the candidate's
// own α or β — the ratio alone would trade guarantee for ratio, e.g. push
// SplitSRPT's β to 1): each step
// rescales one job's map size, shuffle size or both by e^{σ·N(0,1)} (σ from
// 0.5, ×0.8 every 50 steps, ≥ 0.02), clamped to the search box and
// AlphaMax. A candidate whose upper bound policy / InstanceBound (the
// closed-form lower bounds of solver/exact) over its guarantee is below the
// current fraction cannot improve it and is rejected without a solve; the
// others are solved exactly and accepted when their fraction is at least
// the current one.
func ClimbExact(ctx context.Context, start *instances.Instance, opt ClimbOptions) (*Certified, ClimbStats, error) {
	var st ClimbStats
	p, err := policyOf(opt.Policy)
	if err != nil {
		return nil, st, err
	}
	if n := start.N(); n < 2 || n > MaxClimbN {
		return nil, st, fmt.Errorf("%w: n = %d, want 2..%d", ErrParam, n, MaxClimbN)
	}
	if !(opt.AlphaMax > 1) || math.IsInf(opt.AlphaMax, 0) || opt.Steps < 0 {
		return nil, st, fmt.Errorf("%w: alpha-max = %v, steps = %d (want a finite alpha-max > 1, steps ≥ 0)", ErrParam, opt.AlphaMax, opt.Steps)
	}
	rng := rand.New(rand.NewPCG(opt.Seed, opt.Seed^0x5851f42d4c957f2d))
	cur, err := Certify(ctx, start, opt.Policy, opt.SolveLimit, opt.Now)
	if err != nil {
		return nil, st, err
	}
	st.Solves++
	sigma := 0.5
	for s := 0; s < opt.Steps; s++ {
		if err := ctx.Err(); err != nil {
			return nil, st, err
		}
		cand := cur.Instance.Clone()
		i := rng.IntN(cand.N())
		j := cand.Jobs[i]
		switch rng.IntN(3) {
		case 0:
			j.Map *= math.Exp(sigma * rng.NormFloat64())
		case 1:
			j.Shuffle *= math.Exp(sigma * rng.NormFloat64())
		default:
			f := math.Exp(sigma * rng.NormFloat64())
			j.Map, j.Shuffle = j.Map*f, j.Shuffle*f
		}
		j.Map, j.Shuffle = clampJob(j.Map, j.Shuffle, opt.AlphaMax)
		cand.Jobs[i] = j
		if s%50 == 49 {
			sigma = math.Max(0.02, sigma*0.8)
		}
		pt, err := total(cand, p)
		if err != nil {
			return nil, st, err
		}
		g, _, _ := Guarantee(opt.Policy, cand)
		if lb := exact.InstanceBound(cand); lb > 0 && pt/lb/g < cur.RatioLow/cur.Guarantee {
			st.Pruned++
			continue
		}
		c, err := Certify(ctx, cand, opt.Policy, opt.SolveLimit, opt.Now)
		if err != nil {
			return nil, st, err
		}
		st.Solves++
		if c.RatioLow/c.Guarantee >= cur.RatioLow/cur.Guarantee {
			cur = c
			st.Accepted++
		}
	}
	return cur, st, nil
}

// Starts of ClimbExact (StartInstance).
const (
	StartExtend = "extend" // a smaller worst instance extended by Extend
	StartFamily = "family" // the §4 tight family (Cor 4 for MaxSRPT, n even; Cor 6 for SplitSRPT)
	StartRandom = "random" // log-uniform sizes as in Run
)

// StartInstance returns a starting batch of n jobs: StartExtend extends
// from (required), StartFamily is the tight family of Run's first restart
// (random when the family has no member of size n), StartRandom draws as
// Run's later restarts (rng is needed by StartExtend, StartRandom and a
// family without a member of size n). It also returns the start used.
func StartInstance(kind, policy string, n int, alphaMax float64, from *instances.Instance, rng *rand.Rand) (*instances.Instance, string, error) {
	if n < 2 || n > MaxClimbN || !(alphaMax > 1) || math.IsInf(alphaMax, 0) {
		return nil, "", fmt.Errorf("%w: start of n = %d, alpha-max = %v (want 2..%d and a finite value > 1)", ErrParam, n, alphaMax, MaxClimbN)
	}
	switch kind {
	case StartFamily:
		if fam := seedFamily(Options{Policy: policy, N: n, AlphaMax: alphaMax}); fam != nil {
			return fam, kind, nil
		}
	case StartExtend, StartRandom:
	default:
		return nil, "", fmt.Errorf("%w: start %q (want %s, %s or %s)", ErrParam, kind, StartExtend, StartFamily, StartRandom)
	}
	if rng == nil {
		return nil, "", fmt.Errorf("%w: start %q needs a random source", ErrParam, kind)
	}
	if kind == StartExtend {
		if from == nil {
			return nil, "", fmt.Errorf("%w: start %q needs an instance to extend", ErrParam, kind)
		}
		in, err := Extend(from, n, alphaMax, rng)
		return in, kind, err
	}
	logA := math.Log(alphaMax)
	jobs := make([]instances.Job, n)
	for i := range jobs {
		x := math.Exp(rng.Float64()*math.Log(10)) * 0.5
		y := x * math.Exp((2*rng.Float64()-1)*logA)
		x, y = clampJob(x, y, alphaMax)
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Map: x, Shuffle: y}
	}
	return instances.New(jobs), StartRandom, nil
}
