package exact

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/polish"
	"github.com/mrsched/mrsched/solver/exact/windowlp"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// rankResult is what the rank bound's goroutine hands back.
type rankResult struct {
	r   bounds.RankResult
	err error
}

// startRank starts bounds.RankBatch on its own goroutine (the second core
// beside the local search) for batches with unit weights of at most
// bounds.RankMaxN jobs, ending by deadline; it returns nil otherwise. The
// bound proven after each pass is stored in best (float64 bits) for the
// progress lines.
func startRank(ctx context.Context, in *instances.Instance, opt Options, deadline time.Time, best *atomic.Uint64) <-chan rankResult {
	if !in.IsBatch() || in.HasWeights() || in.N() > bounds.RankMaxN {
		return nil
	}
	done := make(chan rankResult, 1)
	go func() {
		r, err := bounds.RankBatch(ctx, in, bounds.RankOptions{Deadline: deadline, Now: opt.Now,
			Progress: func(v float64) { best.Store(math.Float64bits(v)) }})
		done <- rankResult{r, err}
	}()
	return done
}

// rankBound waits for the rank bound started by startRank (it stops by its
// deadline) and returns it as a Bound, with its details and notes.
func rankBound(done <-chan rankResult, n int, a *Answer) []Bound {
	if done == nil {
		return nil
	}
	rr := <-done
	if rr.err != nil {
		a.Notes = append(a.Notes, fmt.Sprintf("local: rank bound left out: %v", rr.err))
		return nil
	}
	a.Detail["rank_closed"] = float64(rr.r.Closed)
	a.Detail["rank_passes"] = float64(rr.r.Passes)
	if rr.r.Stopped {
		a.Notes = append(a.Notes, fmt.Sprintf("local: rank bound stopped by the deadline (%d of %d ranks exact, the others at least their mixed term)", rr.r.Closed, n))
	}
	b := []Bound{{mip.SourceRank, rr.r.Ranks}}
	if rr.r.NestIterations > 0 {
		a.Detail["rank_nest_iterations"] = float64(rr.r.NestIterations)
	}
	if rr.r.Nested > rr.r.Ranks {
		b = append(b, Bound{mip.SourceRankNested, rr.r.Nested})
	}
	return b
}

// localLPMaxN is the largest batch whose best list order Solve re-solves
// with the fixed-order LP (package fastlp): the LP schedule of an order is
// never worse than its list schedule, and costs a fraction of a second at
// 100 jobs.
const localLPMaxN = 120

// runLocal is the "local" method: the list-schedule local search of
// package orderls within the time limit and, for batches of at most
// localLPMaxN jobs, the fixed-order LP of the best order found when it
// gives a better schedule. Its proven bounds are the instance bounds
// (Mixed among them), computed by Solve, and for batches with unit weights
// the rank bound (bounds.RankBatch), computed beside the search until the
// search's deadline.
func runLocal(ctx context.Context, in *instances.Instance, opt Options, remaining func() time.Duration, a *Answer) (candidate, []Bound, error) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lo := orderls.Options{Now: opt.Now}
	if g := opt.gapLimit(); g > 0 && opt.lowerBound > 0 {
		lo.Target = opt.lowerBound / (1 - g)
	}
	// The fixed-order LP has unit weights and independent jobs.
	lp := in.IsBatch() && in.N() <= localLPMaxN && !in.HasWeights() && !in.HasDependencies()
	// The rank bound is awaited last: it may run until nine tenths of the
	// time, like the LP passes after the list search (its nesting stage
	// keeps raising it: Taillard's 100 jobs at 60 s, 0.549 % with the list
	// search's deadline).
	var rankDeadline time.Time
	if r := remaining(); r > 0 {
		rankDeadline = opt.now().Add(r - r/10)
		// The validation (and the LP re-solve) follow the search: keep a
		// tenth (a quarter) of the time for them.
		share := r / 10
		if lp {
			share = r / 4
		}
		if prioritySearch(in) {
			share = time.Duration(priorityShare * float64(r))
		}
		if windowSearch(in) {
			// A third for the window LPs: at 30 s on a log-normal batch
			// of 1,000 jobs the gap was 0.65 % with a third, 0.71 %
			// with half (the list search's order matters more).
			share = r / 3
		}
		lo.Deadline = opt.now().Add(r - share)
	}
	var rankBest atomic.Uint64
	rankBest.Store(math.Float64bits(math.Inf(-1)))
	rank := startRank(ctx, in, opt, rankDeadline, &rankBest)
	// line prints a progress line: the elapsed time, the best objective
	// (the search's incumbent beside this method when better), the best
	// bound, the gap and what found the objective.
	var line func(obj float64, what string)
	if opt.Progress != nil {
		t0 := opt.now()
		var last time.Time
		var mu sync.Mutex // the second window chain prints too
		bestObj, bestWhat := math.Inf(1), ""
		line = func(obj float64, what string) {
			mu.Lock()
			defer mu.Unlock()
			// The lines never show a worse objective than an earlier one
			// (the two window chains improve separately).
			if obj > bestObj {
				obj, what = bestObj, bestWhat
			}
			bestObj, bestWhat = obj, what
			if t := opt.now(); !last.IsZero() && t.Sub(last) < time.Second {
				return // at most a line a second
			} else {
				last = t
			}
			lb := max(opt.lowerBound, math.Float64frombits(rankBest.Load()))
			if opt.incumbent != nil {
				if v := math.Float64frombits(opt.incumbent.Load()); v < obj {
					obj, what = v, "search incumbent; "+what
				}
			}
			opt.Progress(fmt.Sprintf("local: %v objective %.10g bound %.10g gap %.3f%% (%s)",
				opt.now().Sub(t0).Round(100*time.Millisecond), obj, lb, 100*mip.Gap(obj, lb), what))
		}
		lo.Progress = func(p orderls.Progress) {
			line(p.Objective, fmt.Sprintf("list schedule, window %d, %d moves", p.Window, p.Moves))
		}
	}
	// On small batches the second core, once the rank bound is done (well
	// under a second there), searches over orders with the fixed-order LP
	// from the policies' orders until the list search's deadline: on
	// log-normal batches of 100 jobs it finds 0.1–0.5 % better schedules
	// than the list search followed by the LP search on some seeds, worse
	// on others.
	var side <-chan polishResult
	if lp {
		var limit time.Duration
		if !lo.Deadline.IsZero() {
			limit = max(lo.Deadline.Sub(opt.now()), time.Nanosecond)
		}
		side = startPolish(ctx, in, nil, limit)
	}
	sideWin := startSideWindows(ctx, in, opt, lo, rank == nil, remaining, line)
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
	if opt.listed != nil {
		l := c
		opt.listed.Store(&l)
	}
	if windowSearch(in) && ctx.Err() == nil {
		c = windowCandidate(ctx, in, opt, r.Order, remaining, line, a, c)
	}
	if sideWin != nil {
		// Wait for the second chain (it ends by its deadline) and keep
		// the better schedule, this chain's on a tie.
		w := <-sideWin
		w.record(a, "local_side_window")
		if w.c.schedule != nil && in.WeightedResponse(w.c.schedule.Completion) < in.WeightedResponse(c.schedule.Completion) {
			w.c.stop = c.stop
			c = w.c
		}
	}
	if prioritySearch(in) && ctx.Err() == nil {
		c = priorityCandidate(ctx, in, opt, remaining, line, a, c)
	}
	if lp && ctx.Err() == nil {
		// The fixed-order LP search from the best list order, until nine
		// tenths of the time that remains (a fifth of that kept for its
		// final LP); the LP schedule of an order is never worse than its
		// list schedule.
		wait := time.Duration(math.MaxInt64)
		var limit time.Duration
		if rem := remaining(); rem > 0 {
			wait = rem - rem/10
			limit = max(wait-wait/5, time.Nanosecond)
		}
		c = takePolish(ctx, in, startPolish(ctx, in, r.Order, limit), wait, "local_lp_objective", c.source+" + fixed-order LP search", a, c)
	}
	if side != nil {
		c = takePolish(ctx, in, side, max(remaining(), time.Nanosecond), "local_polish_objective", "fixed-order LP search from the policies' orders", a, c)
	}
	return c, rankBound(rank, in.N(), a), nil
}

// startSideWindows starts, when the second core is free (free: the rank
// bound does not run) on a window-search batch, a second chain on its own
// goroutine: a short list search (a twentieth of the time, at most
// sideListTime) and then the window passes until nine tenths of the time
// that remains, so that the passes with swaps, which keep improving where
// the list search has stalled, get most of the limit. It returns nil when
// it does not start. On log-normal batches of 10,000 jobs at 60 s the
// list search gains 0.01 points of gap in its last 20 s, while a pass with
// swaps of 40 s gains 0.13 (seed 101: 0.33 % with the first chain alone,
// 0.23 % with the second).
func startSideWindows(ctx context.Context, in *instances.Instance, opt Options, lo orderls.Options, free bool, remaining func() time.Duration, progress func(obj float64, what string)) <-chan windowRun {
	if !free || !windowSearch(in) {
		return nil
	}
	rem := remaining()
	if rem <= 0 {
		return nil
	}
	start := opt.now()
	lo.Progress = nil
	lo.Deadline = start.Add(min(rem/20, sideListTime))
	deadline := start.Add(rem - rem/10)
	done := make(chan windowRun, 1)
	go func() {
		r, err := orderls.Solve(ctx, in, lo)
		if err != nil {
			done <- windowRun{notes: []string{fmt.Sprintf("local: second window chain left out: %v", err)}}
			return
		}
		// With ctx ended windowPasses makes no pass and answers with c.
		c := candidate{schedule: r.Schedule, order: r.Order, source: "local (" + r.Start + ", short list search)"}
		done <- windowPasses(ctx, in, opt, r.Order, deadline, progress, c)
	}()
	return done
}

// sideListTime is the longest list search of the second window chain.
const sideListTime = 3 * time.Second

// windowSearch reports whether the local method re-solves windows of its
// best list order with the fixed-order LP (package windowlp): batches with
// unit weights and no dependencies of more than localLPMaxN jobs (below,
// the LP of the whole order and the LP search run) and at most
// windowMaxN.
func windowSearch(in *instances.Instance) bool {
	return in.N() > localLPMaxN && in.N() <= windowMaxN && in.IsBatch() && !in.HasWeights() && !in.HasDependencies()
}

// windowMaxN is the largest batch on which the local method runs the
// window LPs. The gain shrinks with the size (log-normal batches at 30 s:
// 0.43 points of gap at 1,000 jobs, 0.05 at 10,000, where the list search
// alone is within 0.06 % at 100,000), while a pass's schedule, its
// validation and the suffix evaluations grow: at 100,000 jobs on a loaded
// machine the passes did not end by the limit.
const windowMaxN = 20_000

// windowConfigs are the passes windowCandidate makes in turn, keeping the
// best schedule: window sizes and first-window sizes, with or without
// adjacent swaps inside each window. On a log-normal batch of 1,000 jobs
// the plain passes improve the list schedule by 0.26–0.34 % (a different
// one best on each instance, 0.1 s each), the pass with swaps by 0.43 %
// (20 s to converge); at 10,000 jobs a plain pass takes about 2 s.
var windowConfigs = []struct {
	window, offset int
	swaps          bool
}{{100, 0, false}, {60, 0, true}, {150, 0, false}, {80, 40, false}, {60, 0, false}, {100, 50, true}}

// windowCandidate re-solves windows of the best list order with the
// fixed-order LP (package windowlp) for each of windowConfigs until nine
// tenths of the time that remains, and returns the best validated
// schedule when it beats c's (Detail local_window_objective,
// local_window_configs), else c.
// progress, when not nil, prints a progress line for a new best objective.
func windowCandidate(ctx context.Context, in *instances.Instance, opt Options, order []int, remaining func() time.Duration, progress func(obj float64, what string), a *Answer, c candidate) candidate {
	var deadline time.Time
	if rem := remaining(); rem > 0 {
		deadline = opt.now().Add(rem - rem/10)
	}
	w := windowPasses(ctx, in, opt, order, deadline, progress, c)
	w.record(a, "local_window")
	return w.c
}

// windowRun is what windowPasses found: the best candidate, the best
// window objective (0: none better than the list schedule), the passes
// tried and the notes. It touches no Answer, so that two chains can run
// at once.
type windowRun struct {
	c         candidate
	objective float64
	tried     int
	notes     []string
}

// record writes the run's details (prefix_objective, prefix_configs) and
// notes into a.
func (w windowRun) record(a *Answer, prefix string) {
	if w.objective > 0 {
		a.Detail[prefix+"_objective"] = w.objective
	}
	a.Detail[prefix+"_configs"] = float64(w.tried)
	a.Notes = append(a.Notes, w.notes...)
}

// windowPasses makes the passes of windowConfigs in turn from order until
// deadline (zero: none), keeping the best schedule; the best is validated
// once and c is kept when it fails.
func windowPasses(ctx context.Context, in *instances.Instance, opt Options, order []int, deadline time.Time, progress func(obj float64, what string), c candidate) windowRun {
	var w windowRun
	best := in.WeightedResponse(c.schedule.Completion)
	base := strings.TrimSuffix(c.source, ")")
	list := c
	var plain time.Duration // the longest pass without swaps
	for _, wc := range windowConfigs {
		if ctx.Err() != nil || (!deadline.IsZero() && !opt.now().Before(deadline)) {
			break
		}
		wo := windowlp.Options{Window: wc.window, Offset: wc.offset, Swaps: wc.swaps, Deadline: deadline, Now: opt.Now}
		if wc.swaps && !deadline.IsZero() {
			// The swaps stop early enough for the windows to go on
			// without them by the deadline.
			wo.SwapDeadline = deadline.Add(-2 * plain)
		}
		t0 := opt.now()
		// Each pass starts from the order of the best schedule so far
		// (a pass with swaps reorders windows; the next one's windows
		// straddle its boundaries).
		r, err := windowlp.Improve(ctx, in, order, wo)
		if !wc.swaps {
			plain = max(plain, opt.now().Sub(t0))
		}
		if err != nil {
			w.notes = append(w.notes, fmt.Sprintf("local: window LP left out: %v", err))
			break
		}
		w.tried++
		if !(r.Objective < best) {
			continue
		}
		best = r.Objective
		w.objective = r.Objective
		what := fmt.Sprintf("window LP %d", wc.window)
		if wc.swaps {
			what += " with swaps"
		}
		c.schedule, c.order, c.source = r.Schedule, r.Order, base+", "+what+")"
		order = r.Order
		if progress != nil {
			progress(r.Objective, fmt.Sprintf("%s, %d of %d windows re-solved, %d swaps", what, r.Kept, r.Windows, r.Swaps))
		}
	}
	// The best schedule is validated once (every pass's would cost a
	// validation); the list schedule stays when it fails.
	if c.schedule != list.schedule {
		if _, err := validate.Check(in, c.schedule); err != nil {
			w.notes = append(w.notes, fmt.Sprintf("local: window LP schedule left out: %v", err))
			w.objective = 0
			c = list
		}
	}
	w.c = c
	return w
}

// polishResult is what a polish run's goroutine hands back.
type polishResult struct {
	r   *polish.Result
	err error
}

// startPolish starts package polish (the search over completion orders
// with the fixed-order LP as evaluator: adjacent swaps, then insertions)
// on its own goroutine, from the policies' orders and from order when
// given, with its own time limit (0: to a local optimum).
func startPolish(ctx context.Context, in *instances.Instance, order []int, limit time.Duration) <-chan polishResult {
	done := make(chan polishResult, 1)
	go func() {
		pr, err := polish.Solve(ctx, nil, in, polish.Options{TimeLimit: limit, Order: order})
		done <- polishResult{pr, err}
	}()
	return done
}

// takePolish waits for a polish run until wait (or ctx) ends and returns
// its schedule when it beats c's (worth best: Detail key gets its value,
// the source its label), else c. The LPs do not watch the clock between
// pivots: a run not back by then is given up.
func takePolish(ctx context.Context, in *instances.Instance, done <-chan polishResult, wait time.Duration, key, label string, a *Answer, c candidate) candidate {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case pr := <-done:
		switch {
		case pr.err != nil:
			a.Notes = append(a.Notes, fmt.Sprintf("local: %s left out: %v", label, pr.err))
		case pr.r.Schedule != nil && (c.schedule == nil || pr.r.Objective < in.WeightedResponse(c.schedule.Completion)):
			a.Detail[key] = pr.r.Objective
			c.schedule, c.order, c.source = pr.r.Schedule, pr.r.Plan.Order, label
		}
	case <-t.C:
		a.Notes = append(a.Notes, fmt.Sprintf("local: %s not done by the deadline", label))
	case <-ctx.Done():
		a.Notes = append(a.Notes, fmt.Sprintf("local: %s cut off", label))
	}
	return c
}

// deadlineExceeded reports whether ctx ended by its deadline (not by a
// cancellation).
func deadlineExceeded(ctx context.Context) bool {
	return errors.Is(ctx.Err(), context.DeadlineExceeded)
}

// listSeedMinN is the smallest instance for which the exact methods get a
// list-schedule candidate before they start (below it they prove
// optimality in seconds and the candidate would not matter).
const listSeedMinN = 21

// listSeed runs the list-schedule local search for a twentieth of the time
// that remains (at most 2,000 kicks) before an exact method on more than
// listSeedMinN jobs, so that an exact method stopped by its time limit
// never answers with a worse schedule than the local search finds in that
// time. It returns no candidate for other methods and sizes.
func listSeed(ctx context.Context, in *instances.Instance, opt Options, method string, remaining func() time.Duration) candidate {
	switch method {
	case "portfolio", "search", "mip", "polish":
	default:
		return candidate{}
	}
	if in.N() < listSeedMinN {
		return candidate{}
	}
	lo := orderls.Options{Now: opt.Now, Iterations: 2000}
	if r := remaining(); r > 0 {
		lo.Deadline = opt.now().Add(r / 20)
	}
	r, err := orderls.Solve(ctx, in, lo)
	if err != nil {
		return candidate{}
	}
	return candidate{schedule: r.Schedule, order: r.Order, source: "local (" + r.Start + ")"}
}

// better returns b when it has a schedule whose total response is lower
// than a's beyond the tolerance, keeping a's stop reason; else a.
func better(in *instances.Instance, a, b candidate) candidate {
	if b.schedule == nil || a.schedule == nil {
		return a
	}
	av, bv := in.WeightedResponse(a.schedule.Completion), in.WeightedResponse(b.schedule.Completion)
	if bv < av-tolerance.Slack(av, bv) {
		b.stop = a.stop
		return b
	}
	return a
}
