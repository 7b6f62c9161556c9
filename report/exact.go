package report

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/mip"
)

// engineFor returns the named LP/MIP engine ("" = the default, HiGHS).
func engineFor(name string) (mip.Engine, error) {
	if name == "" {
		return engine.Default()
	}
	return engine.Get(name)
}

func engineArg(name string, mk func(eng string) Method) Factory {
	return func(arg string) (Method, error) {
		if arg != "" {
			if _, err := engineFor(arg); err != nil {
				return nil, err
			}
		}
		return mk(arg), nil
	}
}

// ---------------------------------------------------------------- reopt

// reoptMethod re-optimises the best schedule found so far: it keeps that
// schedule's completion order (and, with release dates, the release
// period of each completion) and solves the fixed-order LP of package
// orderlp, whose optimum is the best schedule with that order — never
// worse than the schedule it starts from, which is feasible for the LP.
type reoptMethod struct{ eng string }

func (m reoptMethod) Name() string {
	if m.eng != "" {
		return "reopt:" + m.eng
	}
	return "reopt"
}
func (reoptMethod) Kind() Kind { return Heuristic }

// Largest instances reopt runs on. On a batch with the default engine it
// solves the fixed-order LP with package fastlp (about 1 s at 300 jobs,
// growing as n³); with release dates or reopt:ENGINE an LP engine solves
// it, whose model has O(n²) nonzeros (HiGHS on 2 cores: 7 s and 0.6 GB at
// 100 jobs, 16 s and 1.5 GB at 150).
const (
	reoptFastMaxN   = 500
	reoptEngineMaxN = 100
)

// fast reports whether reopt solves the LP of in with package fastlp.
func (m reoptMethod) fast(in *instances.Instance) bool { return m.eng == "" && in.IsBatch() }

// maxN returns the largest instance like in that reopt runs on.
func (m reoptMethod) maxN(in *instances.Instance) int {
	if m.fast(in) {
		return reoptFastMaxN
	}
	return reoptEngineMaxN
}

// NeedsTime implements TimeUser: the fixed-order LP takes a share of the
// time limit, up to its size limit.
func (m reoptMethod) NeedsTime(in *instances.Instance) bool { return in.N() <= m.maxN(in) }

func (m reoptMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	if in.HasDependencies() || in.HasWeights() {
		// The fixed-order LP has neither precedence rows nor weights.
		return Outcome{Method: m.Name(), Kind: Heuristic, Status: "not_applicable", Total: math.NaN(), Lower: math.NaN(),
			Note: "the fixed-order LP takes no job dependencies or weights; polish and portfolio run the list-schedule local search that does"}, nil
	}
	var best *Outcome
	for k := range env.Prior {
		o := &env.Prior[k]
		if o.Completion != nil && !math.IsNaN(o.Total) && (best == nil || o.Total < best.Total) {
			best = o
		}
	}
	if best == nil {
		return Outcome{Method: m.Name(), Kind: Heuristic, Status: "not_applicable", Total: math.NaN(), Lower: math.NaN(),
			Note: "no schedule to re-optimise: list a policy (e.g. maxsrpt) before reopt"}, nil
	}
	if limit := m.maxN(in); in.N() > limit {
		return skipped(m, fmt.Sprintf("n = %d > %d jobs (its size limit)", in.N(), limit)), nil
	}
	plan := PlanOf(in, best.Completion)
	if err := plan.Check(in); err != nil {
		return Outcome{}, fmt.Errorf("reopt: plan of %s: %w", best.Method, err)
	}
	var res *orderlp.Result
	if m.fast(in) {
		r, err := new(fastlp.Solver).Solve(in, plan.Order)
		if err != nil {
			return Outcome{}, fmt.Errorf("reopt: %w", err)
		}
		res = r
	} else {
		eng, err := engineFor(m.eng)
		if err != nil {
			return Outcome{}, err
		}
		if env.TimeLimit > 0 {
			var cancel context.CancelFunc
			ctx, cancel = context.WithTimeout(ctx, env.TimeLimit)
			defer cancel()
		}
		if res, err = orderlp.Solve(ctx, eng, in, plan); err != nil {
			return Outcome{}, fmt.Errorf("reopt: %w", err)
		}
	}
	out := Outcome{Method: m.Name(), Kind: Heuristic, Status: "heuristic", Total: res.Total, Lower: math.NaN(),
		Order: plan.Order, Completion: orderlp.Completions(in, res.Schedule), Note: "fixed-order LP on the order of " + best.Method}
	if env.Validate {
		if err := checkSchedule(in, res.Schedule, res.Total); err != nil {
			return Outcome{}, fmt.Errorf("reopt: %w", err)
		}
	}
	if env.Record {
		out.Schedule = res.Schedule
	}
	return out, nil
}

// PlanOf returns the completion order of the completion times c (ties by
// job index) with, for each completion, the last release period starting
// at or before it.
func PlanOf(in *instances.Instance, c []float64) orderlp.Plan {
	order := make([]int, len(c))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return c[order[a]] < c[order[b]] })
	rho, _ := orderlp.Periods(in)
	period := make([]int, len(order))
	for k, j := range order {
		l := sort.Search(len(rho), func(l int) bool { return rho[l] > c[j] }) - 1
		if l < 0 {
			l = 0
		}
		period[k] = l
	}
	return orderlp.Plan{Order: order, Period: period}
}

// ---------------------------------------------------------------- exact

// exactMethod runs a method of package solver/exact (mip: the exact MIP of
// mipform; search: branch-and-bound over completion orders; polish: the
// best policy re-optimised by the fixed-order LP and improved by local
// search) under the time limit. A proven optimum sets OPT; otherwise the
// answer's schedule is an upper bound and its lower bound (the method's
// own, or the instance bound of package bounds) a lower bound.
type exactMethod struct {
	method, eng string
	kind        Kind
}

func (m exactMethod) Name() string {
	if m.eng != "" {
		return m.method + ":" + m.eng
	}
	return m.method
}
func (m exactMethod) Kind() Kind { return m.kind }

// NeedsTime implements TimeUser: an exact method takes a share of the time
// limit on the instances it runs on (up to exact.MaxN jobs).
func (m exactMethod) NeedsTime(in *instances.Instance) bool { return m.fits(in) }

// fits reports whether the method runs at the size of in (exact.MaxN).
func (m exactMethod) fits(in *instances.Instance) bool {
	limit := exact.MaxN(m.method)
	return limit == 0 || in.N() <= limit
}

// Run solves in with exact.Solve. Above the method's size limit
// (exact.MaxN) it is skipped with a note ("local" runs at any size); local
// is skipped too when a method before it proved the optimum.
func (m exactMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	if !m.fits(in) {
		return skipped(m, fmt.Sprintf("n = %d > %d jobs (its size limit; local runs at any size)", in.N(), exact.MaxN(m.method))), nil
	}
	if m.method == "local" {
		for _, o := range env.Prior {
			if o.Optimal {
				return skipped(m, "the optimum is proven already (by "+o.Method+")"), nil
			}
		}
	}
	var eng mip.Engine // local needs none
	if m.method != "local" {
		var err error
		if eng, err = engineFor(m.eng); err != nil {
			return Outcome{}, err
		}
	}
	// exact.Solve validates and compares with the fluid heuristics after
	// the method's deadline: keep a tenth of the share for that, so that
	// the answer is back before Evaluate gives up on it.
	limit := env.TimeLimit - env.TimeLimit/10
	ans, err := exact.Solve(ctx, eng, in, exact.Options{Method: m.method, TimeLimit: limit, Start: env.Start, Now: env.Now})
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", m.method, err)
	}
	out := Outcome{Method: m.Name(), Kind: m.kind, Status: strings.ReplaceAll(ans.Status.String(), " ", "_"), Total: math.NaN(), Lower: math.NaN()}
	if m.kind == Heuristic {
		out.Status = "heuristic"
	}
	out.Optimal = ans.Status == exact.StatusOptimal && m.kind == Exact
	if out.Optimal {
		out.Proof = exact.ProofKind(ans.BoundSource)
	}
	if m.kind == Exact && !math.IsNaN(ans.LowerBound) && !math.IsInf(ans.LowerBound, 0) {
		out.Lower = ans.LowerBound
	}
	if ans.Schedule != nil {
		out.Total = ans.Objective
		out.Order = ans.Order
		out.Completion = orderlp.Completions(in, ans.Schedule)
		if env.Validate {
			if err := checkSchedule(in, ans.Schedule, ans.Objective); err != nil {
				return Outcome{}, fmt.Errorf("%s: %w", m.method, err)
			}
		}
		if env.Record {
			out.Schedule = ans.Schedule
		}
	}
	return out, nil
}

// exactMethods lists the methods of this file (see builtinRegistry).
func exactMethods() (out []builtin) {
	reg := func(name, help string, f Factory) { out = append(out, builtin{name, help, f}) }
	reg("reopt", "fixed-order LP (orderlp) on the completion order of the best schedule so far: never worse; fastlp on batches up to 500 jobs, an LP engine with release dates or reopt:ENGINE up to 100 jobs (reopt[:ENGINE])",
		engineArg("reopt", func(e string) Method { return reoptMethod{eng: e} }))
	reg("polish", "solver/exact polish: best policy re-optimised by the fixed-order LP, then local search (polish[:ENGINE])",
		engineArg("polish", func(e string) Method { return exactMethod{method: "polish", eng: e, kind: Heuristic} }))
	reg("local", "list-schedule local search over completion orders (solver/orderls) at any size, under its share of --time-limit; skipped once a method before it proved the optimum",
		noArg("local", func() Method { return exactMethod{method: "local", kind: Heuristic} }))
	reg("mip", "exact MIP (solver/exact, mipform) under --time-limit; mip[:ENGINE], default HiGHS",
		engineArg("mip", func(e string) Method { return exactMethod{method: "mip", eng: e, kind: Exact} }))
	reg("search", "exact branch-and-bound over completion orders (solver/exact/search) under --time-limit",
		engineArg("search", func(e string) Method { return exactMethod{method: "search", eng: e, kind: Exact} }))
	return out
}
