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
	eng, err := engineFor(m.eng)
	if err != nil {
		return Outcome{}, err
	}
	plan := PlanOf(in, best.Completion)
	if err := plan.Check(in); err != nil {
		return Outcome{}, fmt.Errorf("reopt: plan of %s: %w", best.Method, err)
	}
	if env.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, env.TimeLimit)
		defer cancel()
	}
	res, err := orderlp.Solve(ctx, eng, in, plan)
	if err != nil {
		return Outcome{}, fmt.Errorf("reopt: %w", err)
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

func (m exactMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	eng, err := engineFor(m.eng)
	if err != nil {
		return Outcome{}, err
	}
	ans, err := exact.Solve(ctx, eng, in, exact.Options{Method: m.method, TimeLimit: env.TimeLimit})
	if err != nil {
		return Outcome{}, fmt.Errorf("%s: %w", m.method, err)
	}
	out := Outcome{Method: m.Name(), Kind: m.kind, Status: strings.ReplaceAll(ans.Status, " ", "_"), Total: math.NaN(), Lower: math.NaN()}
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
	reg("reopt", "fixed-order LP (orderlp) on the completion order of the best schedule so far: never worse (reopt[:ENGINE])",
		engineArg("reopt", func(e string) Method { return reoptMethod{eng: e} }))
	reg("polish", "solver/exact polish: best policy re-optimised by the fixed-order LP, then local search (polish[:ENGINE])",
		engineArg("polish", func(e string) Method { return exactMethod{method: "polish", eng: e, kind: Heuristic} }))
	reg("mip", "exact MIP (solver/exact, mipform) under --time-limit; mip[:ENGINE], default HiGHS",
		engineArg("mip", func(e string) Method { return exactMethod{method: "mip", eng: e, kind: Exact} }))
	reg("search", "exact branch-and-bound over completion orders (solver/exact/search) under --time-limit",
		engineArg("search", func(e string) Method { return exactMethod{method: "search", eng: e, kind: Exact} }))
	return out
}
