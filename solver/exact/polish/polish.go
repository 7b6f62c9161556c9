package polish

import (
	"context"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
)

// improveRel is the relative improvement a move must bring to be accepted
// (smaller differences are within the LP engine's accuracy).
const improveRel = 1e-7

// Options control polishing.
type Options struct {
	TimeLimit time.Duration // 0: run the local search to a local optimum
	// UseEngine evaluates batch orders with the LP engine (package
	// orderlp) instead of package fastlp (fastlp.Release with release
	// dates).
	UseEngine bool
}

// Start is one starting heuristic's value.
type Start struct {
	Policy    string
	Simulated float64 // the policy's own (weighted) total response time
	LP        float64 // the LP re-optimisation of its completion order
}

// Result is a polished schedule.
type Result struct {
	Plan        orderlp.Plan
	Objective   float64 // weighted total response Σ w_j (C_j − r_j) of Schedule
	Starts      []Start
	BestStart   string
	Evaluations int
	Moves       int
	TimedOut    bool
	Schedule    *schedule.Schedule
}

// Solve polishes in with LP engine eng.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	var deadline time.Time
	if opt.TimeLimit > 0 {
		deadline = start.Add(opt.TimeLimit)
	}
	res := &Result{}
	best := math.Inf(1)
	var bestPlan orderlp.Plan
	var fast *fastlp.Solver
	var rel *fastlp.Release
	if in.IsBatch() && !opt.UseEngine {
		fast = new(fastlp.Solver)
	} else if !opt.UseEngine {
		var err error
		if rel, err = fastlp.NewRelease(in); err != nil {
			return nil, err
		}
	} else if eng == nil {
		return nil, errors.New("polish: no LP engine given for an instance with release dates")
	}
	eval := func(p orderlp.Plan) (float64, error) {
		if p.Check(in) != nil {
			return math.Inf(1), nil
		}
		res.Evaluations++
		if fast != nil {
			return fast.Value(in, p.Order)
		}
		if rel != nil {
			v, err := rel.Value(p)
			if errors.Is(err, orderlp.ErrInfeasible) {
				return math.Inf(1), nil
			}
			return v, err
		}
		// No deadline inside an LP (milliseconds); the local search checks
		// the time limit between moves.
		v, err := mip.InPastDeadline(ctx, func(pc context.Context) (float64, error) { return orderlp.Value(pc, eng, in, p) })
		if errors.Is(err, orderlp.ErrInfeasible) {
			return math.Inf(1), nil
		}
		if err != nil && (errors.Is(err, orderlp.ErrTimeLimit) || ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline))) {
			// Out of time inside an LP: the order is simply not taken
			// (the incumbent is returned as timed out).
			res.TimedOut = true
			return math.Inf(1), nil
		}
		return v, err
	}
	planOf := func(order []int) (orderlp.Plan, error) {
		if in.IsBatch() {
			return orderlp.BatchPlan(order), nil
		}
		r, err := fluid.Simulate(in, fluid.Order(order), fluid.Options{})
		if err != nil {
			return orderlp.Plan{}, err
		}
		return orderlp.PlanFromCompletions(in, r.Completion), nil
	}
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			return nil, fmt.Errorf("polish: %s: %w", p.Name(), err)
		}
		plan := orderlp.PlanFromCompletions(in, r.Completion)
		v, err := eval(plan)
		if err != nil {
			return nil, fmt.Errorf("polish: LP of %s's order: %w", p.Name(), err)
		}
		res.Starts = append(res.Starts, Start{Policy: p.Name(), Simulated: in.WeightedResponse(r.Completion), LP: v})
		if v < best {
			best, bestPlan, res.BestStart = v, plan, p.Name()
		}
	}
	if math.IsInf(best, 1) {
		if res.TimedOut {
			return nil, errors.New("polish: the time limit was reached before any starting order's LP was solved")
		}
		return nil, errors.New("polish: no starting order has a feasible LP")
	}
	order := append([]int(nil), bestPlan.Order...)
	n := len(order)
	timeUp := func() bool {
		if res.TimedOut || ctx.Err() != nil || (!deadline.IsZero() && time.Now().After(deadline)) {
			res.TimedOut = true
			return true
		}
		return false
	}
	try := func(cand []int) (bool, error) {
		p, err := planOf(cand)
		if err != nil {
			return false, err
		}
		v, err := eval(p)
		if err != nil {
			return false, err
		}
		if v < best*(1-improveRel) {
			best, bestPlan = v, p
			copy(order, cand)
			res.Moves++
			return true, nil
		}
		return false, nil
	}
	cand := make([]int, n)
	for improved := true; improved && !timeUp(); {
		improved = false
		// Adjacent swaps.
		for k := 0; k+1 < n && !timeUp(); k++ {
			copy(cand, order)
			cand[k], cand[k+1] = cand[k+1], cand[k]
			ok, err := try(cand)
			if err != nil {
				return nil, err
			}
			improved = improved || ok
		}
		// Insertions: move the job at position a to position b.
		for a := 0; a < n && !improved && !timeUp(); a++ {
			for b := 0; b < n && !improved && !timeUp(); b++ {
				if b == a || b == a+1 || b == a-1 {
					continue
				}
				cand = cand[:0]
				job := order[a]
				for k, j := range order {
					if k == a {
						continue
					}
					cand = append(cand, j)
				}
				cand = append(cand[:b], append([]int{job}, cand[b:]...)...)
				ok, err := try(cand)
				if err != nil {
					return nil, err
				}
				improved = improved || ok
			}
		}
	}
	var final *orderlp.Result
	var err error
	if fast != nil {
		final, err = fast.Solve(in, bestPlan.Order)
	} else if rel != nil {
		final, err = rel.Solve(bestPlan)
	} else {
		final, err = mip.InPastDeadline(ctx, func(pc context.Context) (*orderlp.Result, error) { return orderlp.Solve(pc, eng, in, bestPlan) })
	}
	if err != nil {
		return nil, fmt.Errorf("polish: schedule of the best order: %w", err)
	}
	res.Plan, res.Objective, res.Schedule = bestPlan, final.Total, final.Schedule
	return res, nil
}
