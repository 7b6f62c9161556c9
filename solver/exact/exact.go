package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/exact/portfolio"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/glpk"
	"github.com/mrsched/mrsched/solver/mip"
)

// ErrMethod is returned for an unknown method or missing arguments.
var ErrMethod = errors.New("exact: invalid method")

// Statuses of an Answer.
const (
	StatusOptimal   = "optimal"    // proven optimal (gap 0 within tolerance)
	StatusTimeLimit = "time limit" // stopped by the time limit; see gap
	StatusFeasible  = "feasible"   // a schedule without an optimality proof
	StatusOrderOpt  = "order optimal"
	StatusInterrupt = "interrupted"
)

// Options for Solve.
type Options struct {
	Method    string        // portfolio (default), mip, search, order-lp, polish or a fluid policy
	Order     []int         // for order-lp (job indices)
	TimeLimit time.Duration // 0: none
	K         int           // k of klps
	Progress  func(string)  // progress lines (search), may be nil
}

// Answer is the uniform result.
type Answer struct {
	Method     string
	Engine     string
	Status     string
	Objective  float64 // Σ (C_j − r_j) of Schedule
	LowerBound float64
	Gap        float64
	Order      []int
	Schedule   *schedule.Schedule
	Nodes      int64
	LPs        int64
	Time       time.Duration
	Detail     map[string]float64 // method-specific numbers (starts of polish, …)
}

// Methods lists the method names Solve accepts besides fluid policies.
var Methods = []string{"portfolio", "mip", "search", "order-lp", "polish"}

// DefaultMethod is the method of an empty Options.Method: the portfolio
// (package portfolio) of the search and GLPK's MIP side by side.
const DefaultMethod = "portfolio"

// PortfolioMIP returns the MIP engine the portfolio runs beside the search:
// GLPK (package solver/glpk) when glpsol is installed, else nil (the search
// alone).
func PortfolioMIP() mip.Engine {
	g, err := glpk.New()
	if err != nil {
		return nil
	}
	return g
}

func gap(obj, lb float64) float64 {
	if obj <= 0 || math.IsNaN(obj) || math.IsInf(obj, 0) {
		return math.Inf(1)
	}
	return math.Max(0, (obj-lb)/obj)
}

// subsetBoundMaxN is the largest batch for which answers include the subset
// bound h(∅) of package search (O(n·2^n): about 0.2 s at n = 20).
const subsetBoundMaxN = 20

// InstanceBound returns the best instance lower bound that needs no LP:
// Counting (≥ §5.1; for a batch equal to PrefixBatch) and, for batches of at
// most 20 jobs, the subset bound h(∅) of package search (≥ PrefixBatch).
func InstanceBound(in *instances.Instance) float64 {
	lb := bounds.Counting(in)
	if in.N() <= subsetBoundMaxN {
		if h, ok := search.SubsetBound(in); ok {
			lb = math.Max(lb, h)
		}
	}
	return lb
}

// Solve runs opt.Method on in. eng may be nil for fluid policies.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Answer, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	t0 := time.Now()
	lb := InstanceBound(in)
	method := strings.ToLower(opt.Method)
	if method == "" {
		method = DefaultMethod
	}
	a := &Answer{Method: method, Detail: map[string]float64{}}
	if eng != nil {
		a.Engine = eng.Name()
	}
	needEngine := func() error {
		if eng == nil {
			return fmt.Errorf("%w: method %q needs an LP/MIP engine", ErrMethod, opt.Method)
		}
		return nil
	}
	if opt.TimeLimit > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, opt.TimeLimit+opt.TimeLimit/10+time.Second)
		defer cancel()
	}
	switch a.Method {
	case "portfolio":
		if err := needEngine(); err != nil {
			return nil, err
		}
		po := portfolio.Options{TimeLimit: opt.TimeLimit, MIP: PortfolioMIP()}
		if po.MIP != nil {
			a.Engine += "+" + po.MIP.Name()
		}
		if opt.Progress != nil {
			po.Progress = func(s search.Stats) {
				opt.Progress(fmt.Sprintf("portfolio: search %d nodes, %d LPs, incumbent %.6g, %v", s.Nodes, s.LPs, s.Incumbent, s.Elapsed.Round(time.Second)))
			}
		}
		r, err := portfolio.Solve(ctx, eng, in, po)
		if err != nil {
			return nil, err
		}
		a.Objective, a.Schedule, a.Order = r.Objective, r.Schedule, r.Plan.Order
		if r.Search != nil {
			a.Nodes, a.LPs = r.Search.Stats.Nodes, r.Search.Stats.LPs
			a.Detail["root_bound"] = r.Search.RootBound
		}
		lb = math.Max(lb, r.LowerBound)
		switch r.Status {
		case mip.Optimal:
			a.Status = StatusOptimal
		case mip.Interrupted:
			a.Status = StatusInterrupt
		default:
			a.Status = StatusTimeLimit
		}
	case "mip":
		if err := needEngine(); err != nil {
			return nil, err
		}
		r, err := mipform.Solve(ctx, eng, in, mip.Options{TimeLimit: opt.TimeLimit})
		if err != nil {
			return nil, err
		}
		a.Nodes = r.Nodes
		if r.Schedule == nil {
			return nil, fmt.Errorf("exact: the MIP returned no solution (status %v)", r.Status)
		}
		a.Objective, a.Schedule, a.Order = r.Objective, r.Schedule, r.Plan.Order
		if !math.IsNaN(r.BestBound) && !math.IsInf(r.BestBound, 0) {
			lb = math.Max(lb, r.BestBound)
		}
		a.Status = StatusTimeLimit
		if r.Status == mip.Optimal {
			a.Status = StatusOptimal
			lb = math.Max(lb, math.Min(r.MIPValue, a.Objective))
		}
	case "search":
		if err := needEngine(); err != nil {
			return nil, err
		}
		so := search.Options{TimeLimit: opt.TimeLimit}
		if opt.Progress != nil {
			so.Progress = func(s search.Stats) {
				opt.Progress(fmt.Sprintf("search: %d nodes, %d LPs, incumbent %.6g, %v", s.Nodes, s.LPs, s.Incumbent, s.Elapsed.Round(time.Second)))
			}
		}
		r, err := search.Solve(ctx, eng, in, so)
		if err != nil {
			return nil, err
		}
		a.Objective, a.Schedule, a.Order = r.Objective, r.Schedule, r.Plan.Order
		a.Nodes, a.LPs = r.Stats.Nodes, r.Stats.LPs
		a.Detail["root_bound"] = r.RootBound
		lb = math.Max(lb, r.LowerBound)
		switch r.Status {
		case mip.Optimal:
			a.Status = StatusOptimal
		case mip.Interrupted:
			a.Status = StatusInterrupt
		default:
			a.Status = StatusTimeLimit
		}
	case "order-lp":
		if err := needEngine(); err != nil {
			return nil, err
		}
		if len(opt.Order) != in.N() {
			return nil, fmt.Errorf("%w: order-lp needs --order with all %d job ids", ErrMethod, in.N())
		}
		var plan orderlp.Plan
		if in.IsBatch() {
			plan = orderlp.BatchPlan(opt.Order)
		} else {
			r, err := fluid.Simulate(in, fluid.Order(opt.Order), fluid.Options{})
			if err != nil {
				return nil, err
			}
			plan = search.PlanFromCompletions(in, r.Completion)
			plan.Order = append([]int(nil), opt.Order...)
			for k := 1; k < len(plan.Period); k++ {
				plan.Period[k] = max(plan.Period[k], plan.Period[k-1])
			}
		}
		r, err := orderlp.Solve(ctx, eng, in, plan)
		if err != nil {
			return nil, err
		}
		a.Objective, a.Schedule, a.Order, a.LPs = r.Total, r.Schedule, plan.Order, 1
		a.Detail["order_lp_value"] = r.LPValue
		a.Status = StatusOrderOpt
	case "polish":
		if err := needEngine(); err != nil {
			return nil, err
		}
		r, err := polish.Solve(ctx, eng, in, polish.Options{TimeLimit: opt.TimeLimit})
		if err != nil {
			return nil, err
		}
		a.Objective, a.Schedule, a.Order, a.LPs = r.Objective, r.Schedule, r.Plan.Order, int64(r.Evaluations)
		for _, s := range r.Starts {
			a.Detail["start_"+s.Policy+"_simulated"] = s.Simulated
			a.Detail["start_"+s.Policy+"_lp"] = s.LP
		}
		a.Status = StatusFeasible
	default:
		p, err := fluid.ParsePolicy(a.Method, opt.K, opt.Order)
		if err != nil {
			return nil, fmt.Errorf("%w %q (want %s or a policy: %v)", ErrMethod, opt.Method, strings.Join(Methods, ", "), err)
		}
		r, err := fluid.Simulate(in, p, fluid.Options{Record: true})
		if err != nil {
			return nil, err
		}
		a.Objective, a.Schedule = r.TotalResponse, r.Schedule
		a.Order = search.PlanFromCompletions(in, r.Completion).Order
		a.Status = StatusFeasible
	}
	if a.Status != StatusOptimal && lb >= a.Objective*(1-1e-9) {
		a.Status = StatusOptimal // the instance bound proves it
	}
	a.LowerBound = math.Min(lb, a.Objective)
	a.Gap = gap(a.Objective, a.LowerBound)
	a.Time = time.Since(t0)
	return a, nil
}
