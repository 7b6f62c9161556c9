package exact

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/orderls"
)

// localLPMaxN is the largest batch whose best list order Solve re-solves
// with the fixed-order LP (package fastlp): the LP schedule of an order is
// never worse than its list schedule, and costs a fraction of a second at
// 100 jobs.
const localLPMaxN = 120

// runLocal is the "local" method: the list-schedule local search of
// package orderls within the time limit and, for batches of at most
// localLPMaxN jobs, the fixed-order LP of the best order found when it
// gives a better schedule. Its proven bounds are the instance bounds
// (Mixed among them), computed by Solve.
func runLocal(ctx context.Context, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	lo := orderls.Options{Now: opt.Now}
	if g := opt.gapLimit(); g > 0 && opt.lowerBound > 0 {
		lo.Target = opt.lowerBound / (1 - g)
	}
	if r := remaining(); r > 0 {
		// The LP re-solve and the validation follow the search: keep a
		// tenth of the time for them.
		lo.Deadline = opt.now().Add(r - r/10)
	}
	if opt.Progress != nil {
		lo.Progress = func(p orderls.Progress) {
			opt.Progress(fmt.Sprintf("local: objective %.10g, window %d, %d moves, %v", p.Objective, p.Window, p.Moves, p.Elapsed.Round(time.Second)))
		}
	}
	r, err := orderls.Solve(ctx, in, lo)
	if err != nil {
		return candidate{}, nil, err
	}
	a.Detail["local_moves"] = float64(r.Moves)
	a.Detail["local_kicks"] = float64(r.Kicks)
	a.Detail["local_window"] = float64(r.Window)
	a.Detail["local_list_objective"] = r.Objective
	c := candidate{schedule: r.Schedule, order: r.Order, source: "local (" + r.Start + ")"}
	if r.TimedOut {
		c.stop = stopTimeLimit
		if ctx.Err() != nil && !deadlineExceeded(ctx) {
			c.stop = stopInterrupted
		}
	}
	if in.IsBatch() && in.N() <= localLPMaxN && ctx.Err() == nil {
		lp, err := new(fastlp.Solver).Solve(in, r.Order)
		switch {
		case err != nil:
			a.Notes = append(a.Notes, fmt.Sprintf("local: fixed-order LP of the best order left out: %v", err))
		case lp.Schedule != nil && lp.Total < r.Objective:
			a.Detail["local_lp_objective"] = lp.Total
			c.schedule, c.source = lp.Schedule, c.source+" + fixed-order LP"
		}
	}
	return c, nil, nil
}

// deadlineExceeded reports whether ctx ended by its deadline (not by a
// cancellation).
func deadlineExceeded(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}
