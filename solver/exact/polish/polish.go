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
	// Order, when not nil, is one more starting completion order (job
	// indices, every job once), for example the best list order of
	// package orderls; the search starts from the best of it and the
	// policies' orders.
	Order []int
}

// Start is one starting heuristic's value.
type Start struct {
	Policy    string
	Simulated float64 // the policy's own (weighted) total response time (the given order: its LP value)
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

// polisher holds the state of one Solve: the LP evaluator chosen for the
// instance, the deadline, the result being filled and the incumbent.
type polisher struct {
	ctx      context.Context
	eng      mip.Engine
	in       *instances.Instance
	deadline time.Time // zero: no time limit
	fast     *fastlp.Solver
	rel      *fastlp.Release
	res      *Result
	best     float64 // LP value of bestPlan
	bestPlan orderlp.Plan
	order    []int // completion order of bestPlan during the local search
}

// Solve polishes in with LP engine eng.
func Solve(ctx context.Context, eng mip.Engine, in *instances.Instance, opt Options) (*Result, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	start := time.Now()
	ps := &polisher{ctx: ctx, eng: eng, in: in, res: &Result{}, best: math.Inf(1)}
	if opt.TimeLimit > 0 {
		ps.deadline = start.Add(opt.TimeLimit)
	}
	if in.IsBatch() && !opt.UseEngine {
		ps.fast = new(fastlp.Solver)
	} else if !opt.UseEngine {
		var err error
		if ps.rel, err = fastlp.NewRelease(in); err != nil {
			return nil, err
		}
	} else if eng == nil {
		return nil, errors.New("polish: no LP engine given for an instance with release dates")
	}
	if err := ps.starts(opt.Order); err != nil {
		return nil, err
	}
	if err := ps.localSearch(); err != nil {
		return nil, err
	}
	return ps.finish()
}

// eval returns the LP value of plan p, +Inf when p is infeasible or its LP
// ran out of time (then the result is marked timed out).
func (ps *polisher) eval(p orderlp.Plan) (float64, error) {
	in, res := ps.in, ps.res
	if p.Check(in) != nil {
		return math.Inf(1), nil
	}
	res.Evaluations++
	if ps.fast != nil {
		return ps.fast.Value(in, p.Order)
	}
	if ps.rel != nil {
		v, err := ps.rel.Value(p)
		if errors.Is(err, orderlp.ErrInfeasible) {
			return math.Inf(1), nil
		}
		return v, err
	}
	// No deadline inside an LP (milliseconds); the local search checks
	// the time limit between moves.
	ctx := ps.ctx
	v, err := mip.InPastDeadline(ctx, func(pc context.Context) (float64, error) { return orderlp.Value(pc, ps.eng, in, p) })
	if errors.Is(err, orderlp.ErrInfeasible) {
		return math.Inf(1), nil
	}
	if err != nil && (errors.Is(err, orderlp.ErrTimeLimit) || ctx.Err() != nil || (!ps.deadline.IsZero() && time.Now().After(ps.deadline))) {
		// Out of time inside an LP: the order is simply not taken
		// (the incumbent is returned as timed out).
		res.TimedOut = true
		return math.Inf(1), nil
	}
	return v, err
}

// planOf returns the plan of a completion order: the batch plan, or with
// release dates the periods of the order's simulated schedule.
func (ps *polisher) planOf(order []int) (orderlp.Plan, error) {
	in := ps.in
	if in.IsBatch() {
		return orderlp.BatchPlan(order), nil
	}
	r, err := fluid.Simulate(in, fluid.Order(order), fluid.Options{})
	if err != nil {
		return orderlp.Plan{}, err
	}
	return orderlp.PlanFromCompletions(in, r.Completion), nil
}

// starts evaluates the completion orders of MaxSRPT, SplitSRPT, FIFO and
// PS, and order when given (Start.Policy "given"), and keeps the best as
// the incumbent.
func (ps *polisher) starts(order []int) error {
	in, res := ps.in, ps.res
	if order != nil {
		if len(order) != in.N() {
			return fmt.Errorf("polish: the starting order has %d jobs, the instance %d", len(order), in.N())
		}
		plan, err := ps.planOf(order)
		if err != nil {
			return fmt.Errorf("polish: the starting order: %w", err)
		}
		if err := plan.Check(in); err != nil {
			return fmt.Errorf("polish: the starting order: %w", err)
		}
		v, err := ps.eval(plan)
		if err != nil {
			return fmt.Errorf("polish: LP of the starting order: %w", err)
		}
		res.Starts = append(res.Starts, Start{Policy: "given", Simulated: v, LP: v})
		if v < ps.best {
			ps.best, ps.bestPlan, res.BestStart = v, plan, "given"
		}
	}
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			return fmt.Errorf("polish: %s: %w", p.Name(), err)
		}
		plan := orderlp.PlanFromCompletions(in, r.Completion)
		v, err := ps.eval(plan)
		if err != nil {
			return fmt.Errorf("polish: LP of %s's order: %w", p.Name(), err)
		}
		res.Starts = append(res.Starts, Start{Policy: p.Name(), Simulated: in.WeightedResponse(r.Completion), LP: v})
		if v < ps.best {
			ps.best, ps.bestPlan, res.BestStart = v, plan, p.Name()
		}
	}
	if math.IsInf(ps.best, 1) {
		if res.TimedOut {
			return errors.New("polish: the time limit was reached before any starting order's LP was solved")
		}
		return errors.New("polish: no starting order has a feasible LP")
	}
	return nil
}

// timeUp reports whether the search must stop (an LP ran out of time, ctx
// is done or the deadline passed) and then marks the result timed out.
func (ps *polisher) timeUp() bool {
	if ps.res.TimedOut || ps.ctx.Err() != nil || (!ps.deadline.IsZero() && time.Now().After(ps.deadline)) {
		ps.res.TimedOut = true
		return true
	}
	return false
}

// try evaluates the order cand and takes it as the incumbent when it
// improves the best value by more than improveRel.
func (ps *polisher) try(cand []int) (bool, error) {
	p, err := ps.planOf(cand)
	if err != nil {
		return false, err
	}
	v, err := ps.eval(p)
	if err != nil {
		return false, err
	}
	if v < ps.best*(1-improveRel) {
		ps.best, ps.bestPlan = v, p
		copy(ps.order, cand)
		ps.res.Moves++
		return true, nil
	}
	return false, nil
}

// localSearch improves the incumbent by adjacent swaps, then by insertions
// (tried only while no swap improved), until neither improves or time is up.
func (ps *polisher) localSearch() error {
	ps.order = append([]int(nil), ps.bestPlan.Order...)
	order := ps.order
	n := len(order)
	cand := make([]int, n)
	for improved := true; improved && !ps.timeUp(); {
		improved = false
		// Adjacent swaps.
		for k := 0; k+1 < n && !ps.timeUp(); k++ {
			copy(cand, order)
			cand[k], cand[k+1] = cand[k+1], cand[k]
			ok, err := ps.try(cand)
			if err != nil {
				return err
			}
			improved = improved || ok
		}
		// Insertions: move the job at position a to position b.
		for a := 0; a < n && !improved && !ps.timeUp(); a++ {
			for b := 0; b < n && !improved && !ps.timeUp(); b++ {
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
				ok, err := ps.try(cand)
				if err != nil {
					return err
				}
				improved = improved || ok
			}
		}
	}
	return nil
}

// finish solves the LP of the best plan for its schedule and completes the
// result.
func (ps *polisher) finish() (*Result, error) {
	in, bestPlan := ps.in, ps.bestPlan
	var final *orderlp.Result
	var err error
	if ps.fast != nil {
		final, err = ps.fast.Solve(in, bestPlan.Order)
	} else if ps.rel != nil {
		final, err = ps.rel.Solve(bestPlan)
	} else {
		final, err = mip.InPastDeadline(ps.ctx, func(pc context.Context) (*orderlp.Result, error) { return orderlp.Solve(pc, ps.eng, in, bestPlan) })
	}
	if err != nil {
		return nil, fmt.Errorf("polish: schedule of the best order: %w", err)
	}
	res := ps.res
	res.Plan, res.Objective, res.Schedule = bestPlan, final.Total, final.Schedule
	return res, nil
}
