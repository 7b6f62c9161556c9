package exact

import (
	"context"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/priority"
)

// SourceBusyExclusion is the source of bounds.BusyPeriods: busy periods of
// the single-server relaxations, each bounded by the exclusion bound
// (bounds.Exclusion, ≥ mixed_counting) or, when small, the subset bound.
const SourceBusyExclusion = "busy_exclusion"

// releaseBounds are the bounds only instances with release dates, unit
// weights and independent jobs get (none otherwise).
func releaseBounds(in *instances.Instance) []Bound {
	if in.IsBatch() || in.HasWeights() || in.HasDependencies() {
		return nil
	}
	return []Bound{{SourceBusyExclusion, bounds.BusyPeriods(in)}}
}

// priorityShare is the part of the local method's time that the
// priority-order search (package priority) gets on instances with release
// dates or dependencies, where preemptive schedules beat the list
// schedules of package orderls; orderls runs first in the rest.
const priorityShare = 0.75

// prioritySearch reports whether the local method runs the priority-order
// search on in: release dates or dependencies. A job waits there for a
// release or a predecessor, and a priority schedule, unlike a list
// schedule, serves the jobs present meanwhile: on weighted DAG nights of
// 100 and 1,000 jobs (gen dag, 30 s) the gap went from 7.9 / 34.8 / 31.3 %
// to 3.4 / 30.5 / 25.3 % with it (the last a second seed), and from 91.4
// to 84.2 % with releases at load 0.9.
func prioritySearch(in *instances.Instance) bool {
	return !in.IsBatch() || in.HasDependencies()
}

// priorityCandidate runs the priority-order search until nine tenths of
// the time that remains and returns its schedule when it is better than
// c's (Detail priority_objective, priority_moves), else c. progress, when
// not nil, prints a progress line for a kept move.
func priorityCandidate(ctx context.Context, in *instances.Instance, opt Options, remaining func() time.Duration, progress func(obj float64, what string), a *Answer, c candidate) candidate {
	po := priority.Options{Now: opt.Now}
	if progress != nil {
		po.Progress = func(v float64, moves int64) {
			progress(v, fmt.Sprintf("priority order, %d moves", moves))
		}
	}
	if g := opt.gapLimit(); g > 0 && opt.lowerBound > 0 {
		po.Target = opt.lowerBound / (1 - g)
	}
	if r := remaining(); r > 0 {
		po.Deadline = opt.now().Add(r - r/10)
	}
	r, err := priority.Solve(ctx, in, po)
	if err != nil {
		a.Notes = append(a.Notes, fmt.Sprintf("local: priority-order search left out: %v", err))
		return c
	}
	a.Detail["priority_objective"] = r.Objective
	a.Detail["priority_moves"] = float64(r.Moves)
	if r.TimedOut && c.stop == stopDone {
		c.stop = stopTimeLimit
		if ctx.Err() != nil && !deadlineExceeded(ctx) {
			c.stop = stopInterrupted
		}
	}
	return better(in, c, priorityResult(in, r, c.stop))
}

// priorityResult is the candidate of a priority search's result. Its order
// is the schedule's completion order, the answer's order for every method:
// with two priority orders (r.MapOrder, r.Order) neither need be it.
func priorityResult(in *instances.Instance, r *priority.Result, stop stopReason) candidate {
	return candidate{schedule: r.Schedule, order: orderlp.PlanFromCompletions(in, r.Completion).Order,
		source: "local (priority order from " + r.Start + ")", stop: stop}
}
