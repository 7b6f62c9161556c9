package report

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact/mipform"
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

// ---------------------------------------------------------------- polish

// polishMethod re-optimises the best schedule found so far: it keeps that
// schedule's completion order (and, with release dates, the release
// period of each completion) and solves the fixed-order LP of package
// orderlp, whose optimum is the best schedule with that order — never
// worse than the schedule it starts from, which is feasible for the LP.
type polishMethod struct{ eng string }

func (m polishMethod) Name() string {
	if m.eng != "" {
		return "polish:" + m.eng
	}
	return "polish"
}
func (polishMethod) Kind() Kind { return Heuristic }

func (m polishMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	var best *Outcome
	for k := range env.Prior {
		o := &env.Prior[k]
		if o.Completion != nil && !math.IsNaN(o.Total) && (best == nil || o.Total < best.Total) {
			best = o
		}
	}
	if best == nil {
		return Outcome{Method: m.Name(), Kind: Heuristic, Status: "not_applicable", Total: math.NaN(), Lower: math.NaN(),
			Note: "no schedule to polish: list a policy (e.g. maxsrpt) before polish"}, nil
	}
	eng, err := engineFor(m.eng)
	if err != nil {
		return Outcome{}, err
	}
	plan := PlanOf(in, best.Completion)
	if err := plan.Check(in); err != nil {
		return Outcome{}, fmt.Errorf("polish: plan of %s: %w", best.Method, err)
	}
	if env.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, env.TimeLimit)
		defer cancel()
	}
	res, err := orderlp.Solve(ctx, eng, in, plan)
	if err != nil {
		return Outcome{}, fmt.Errorf("polish: %w", err)
	}
	out := Outcome{Method: m.Name(), Kind: Heuristic, Status: "heuristic", Total: res.Total, Lower: math.NaN(),
		Order: plan.Order, Completion: orderlp.Completions(in, res.Schedule), Note: "fixed-order LP on the order of " + best.Method}
	if env.Validate {
		if err := checkSchedule(in, res.Schedule, res.Total); err != nil {
			return Outcome{}, fmt.Errorf("polish: %w", err)
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

// ---------------------------------------------------------------- mip

// mipMethod solves the exact MIP of package mipform (batch or release
// formulation) under the time limit; a proven optimum sets OPT, otherwise
// the incumbent is a feasible schedule and the engine's best bound a lower
// bound.
type mipMethod struct{ eng string }

func (m mipMethod) Name() string {
	if m.eng != "" {
		return "mip:" + m.eng
	}
	return "mip"
}
func (mipMethod) Kind() Kind { return Exact }

func (m mipMethod) Run(ctx context.Context, in *instances.Instance, env Env) (Outcome, error) {
	eng, err := engineFor(m.eng)
	if err != nil {
		return Outcome{}, err
	}
	res, err := mipform.Solve(ctx, eng, in, mip.Options{TimeLimit: env.TimeLimit})
	if err != nil {
		return Outcome{}, fmt.Errorf("mip: %w", err)
	}
	out := Outcome{Method: m.Name(), Kind: Exact, Status: statusWord(res.Status), Total: math.NaN(), Lower: math.NaN()}
	if res.Status == mip.Optimal {
		out.Optimal = true
	}
	if !math.IsNaN(res.BestBound) && !math.IsInf(res.BestBound, 0) {
		out.Lower = res.BestBound
	}
	if res.Schedule != nil {
		out.Total = res.Objective
		out.Order = res.Plan.Order
		out.Completion = orderlp.Completions(in, res.Schedule)
		if env.Validate {
			if err := checkSchedule(in, res.Schedule, res.Objective); err != nil {
				return Outcome{}, fmt.Errorf("mip: %w", err)
			}
		}
		if env.Record {
			out.Schedule = res.Schedule
		}
	}
	if out.Optimal && math.IsNaN(out.Lower) {
		out.Lower = out.Total
	}
	return out, nil
}

func statusWord(s mip.Status) string {
	switch s {
	case mip.Optimal:
		return "optimal"
	case mip.TimeLimit:
		return "time_limit"
	}
	w := []byte(s.String())
	for i, c := range w {
		if c == ' ' {
			w[i] = '_'
		}
	}
	return string(w)
}

func init() {
	Register("polish", "fixed-order LP on the completion order of the best schedule so far (polish[:ENGINE]; orderlp)",
		engineArg("polish", func(e string) Method { return polishMethod{eng: e} }))
	Register("mip", "exact MIP (mipform) under --time-limit; mip[:ENGINE], default HiGHS",
		engineArg("mip", func(e string) Method { return mipMethod{eng: e} }))
}
