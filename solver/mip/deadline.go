package mip

import (
	"context"
	"errors"
	"slices"
	"time"
)

// MaxOutputMargin is the largest part of a command's time limit kept back
// for writing its answer (see OutputMargin).
const MaxOutputMargin = 500 * time.Millisecond

// OutputMargin returns the part of a time limit that a command keeps for
// writing its answer after the work: a tenth of the limit, at most
// MaxOutputMargin.
func OutputMargin(limit time.Duration) time.Duration {
	return min(limit/10, MaxOutputMargin)
}

// Deadline returns the instant by which the work of a command whose time
// limit began at start must end: start + limit − OutputMargin(limit); the
// zero time when limit ≤ 0 (no limit). Commands pass their process start,
// so that the limit covers start-up, engine loading, reading and writing.
func Deadline(start time.Time, limit time.Duration) time.Time {
	if limit <= 0 {
		return time.Time{}
	}
	return start.Add(limit - OutputMargin(limit))
}

// stopKey is the context key of the stops of Stoppable contexts.
type stopKey struct{}

// Stoppable returns a context under ctx and its stop, which cancels it and
// every PastDeadline step run under it, even after its deadline has
// passed (when cancelling a context no longer changes its Err). A program
// makes its root context stoppable for interrupts; a portfolio makes the
// context of a method it may give up on stoppable.
func Stoppable(ctx context.Context) (context.Context, context.CancelFunc) {
	s, stopAll := context.WithCancel(context.Background())
	prev, _ := ctx.Value(stopKey{}).([]context.Context)
	c, cancel := context.WithCancel(ctx)
	c = context.WithValue(c, stopKey{}, append(slices.Clip(prev), s))
	return c, func() { stopAll(); cancel() }
}

// PastDeadline returns a context that outlives ctx's deadline but not its
// stop: the last step of a method that must finish after the time limit to
// give an answer (the final LP of a plan) runs in it, and is still stopped,
// with its engine child killed, when ctx is cancelled before its deadline
// or a Stoppable context above it is stopped (an interrupt, or a portfolio
// that stops waiting for it). Call done when the step is over.
func PastDeadline(ctx context.Context) (past context.Context, done context.CancelFunc) {
	past, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stops := []func() bool{context.AfterFunc(ctx, func() {
		if errors.Is(ctx.Err(), context.Canceled) {
			cancel()
		}
	})}
	list, _ := ctx.Value(stopKey{}).([]context.Context)
	for _, s := range list {
		stops = append(stops, context.AfterFunc(s, cancel))
	}
	return past, func() {
		for _, f := range stops {
			f()
		}
		cancel()
	}
}

// InPastDeadline runs f in PastDeadline(ctx).
func InPastDeadline[T any](ctx context.Context, f func(context.Context) (T, error)) (T, error) {
	past, done := PastDeadline(ctx)
	defer done()
	return f(past)
}
