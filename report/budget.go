package report

import (
	"context"
	"math"
	"sync"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
)

// StatusSkipped is the status of a method that did not run: too large an
// instance for it, no time left, or nothing left for it to do. The
// outcome's Note says why.
const StatusSkipped = "skipped"

// TimeUser is implemented by the methods that use the time they are given
// (the exact methods, polish, local and reopt): under a deadline (Env.Deadline)
// each gets an equal share of the time that remains when it starts. The
// other methods (policies, bounds: O(n log n)) take no share; they run in
// what remains and are still bounded by the deadline.
type TimeUser interface {
	// NeedsTime reports whether the method uses a share of the time on in
	// (false when it does not run there, for example above its size limit).
	NeedsTime(in *instances.Instance) bool
}

// needsTime reports whether m takes a share of the time on in.
func needsTime(m Method, in *instances.Instance) bool {
	t, ok := m.(TimeUser)
	return ok && t.NeedsTime(in)
}

func (e Env) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// Share returns the time limit of the next method under deadline at now
// when users methods that use time (TimeUser) are still to run, this one
// included when it is one of them (user): an equal share of what remains,
// (deadline − now)/users, for a time user; all that remains for another
// method; ≤ 0 when nothing remains. When every time user spends its whole
// share, their limits add up to the time that remained before the first,
// and each ends by deadline.
func Share(deadline, now time.Time, users int, user bool) time.Duration {
	left := deadline.Sub(now)
	if !user || users <= 1 || left <= 0 {
		return left
	}
	return left / time.Duration(users)
}

// skipped returns the outcome of m when it does not run, with the reason.
func skipped(m Method, reason string) Outcome {
	return Outcome{Method: m.Name(), Kind: m.Kind(), Status: StatusSkipped, Total: math.NaN(), Lower: math.NaN(), Note: reason}
}

// runBy runs m on its own goroutine and waits for it until deadline: a
// method that has not returned by then (a phase that does not watch the
// time limit) is cancelled and abandoned with status "time_limit", so
// that the instance's deadline holds whatever the method does.
func runBy(ctx context.Context, m Method, in *instances.Instance, e Env, deadline time.Time) (Outcome, error) {
	mctx, cancel := context.WithCancel(ctx)
	type result struct {
		o   Outcome
		err error
	}
	done := make(chan result, 1)
	go func() {
		o, err := m.Run(mctx, in, e)
		done <- result{o, err}
	}()
	t := time.NewTimer(max(deadline.Sub(e.now()), 0))
	defer t.Stop()
	select {
	case r := <-done:
		cancel()
		return r.o, r.err
	case <-t.C:
		cancel()
		return Outcome{Method: m.Name(), Kind: m.Kind(), Status: "time_limit", Total: math.NaN(), Lower: math.NaN(),
			Note: "did not return within its share of the time limit; abandoned"}, nil
	case <-ctx.Done():
		cancel()
		return Outcome{}, ctx.Err()
	}
}

// WorkDeadline returns the instant by which the methods of a report or a
// study whose time limit began at start end (zero: no limit): start +
// limit − 2·mip.OutputMargin(limit). It keeps back twice the margin that
// mip.Deadline keeps for 'solve': once for the checks and the schedule
// files of the results, once for rendering and writing the output.
func WorkDeadline(start time.Time, limit time.Duration) time.Time {
	if limit <= 0 {
		return time.Time{}
	}
	return mip.Deadline(start, limit).Add(-mip.OutputMargin(limit))
}

// cellBudget splits a report's time limit between its instances: a cell
// that starts when left cells (itself included) are still to start, with
// workers cells computed at once, gets the deadline now + (deadline −
// now)/⌈left/workers⌉ (the whole deadline for the last wave).
type cellBudget struct {
	mu       sync.Mutex
	deadline time.Time
	now      func() time.Time
	left     int
	workers  int
}

// newCellBudget returns the budget of cells cells computed workers at a
// time, by WorkDeadline(start, limit) (no deadline without a limit).
func newCellBudget(start time.Time, limit time.Duration, now func() time.Time, cells, workers int) *cellBudget {
	if now == nil {
		now = time.Now
	}
	if start.IsZero() {
		start = now()
	}
	return &cellBudget{deadline: WorkDeadline(start, limit), now: now, left: cells, workers: max(workers, 1)}
}

// next returns the deadline of the cell that starts now (zero: none).
func (b *cellBudget) next() time.Time {
	if b.deadline.IsZero() {
		return time.Time{}
	}
	b.mu.Lock()
	left := max(b.left, 1)
	b.left--
	b.mu.Unlock()
	waves := (left + b.workers - 1) / b.workers
	t := b.now()
	if !t.Before(b.deadline) {
		return b.deadline
	}
	return t.Add(b.deadline.Sub(t) / time.Duration(waves))
}
