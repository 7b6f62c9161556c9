package exact

import (
	"context"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
)

func instancesExample21() *instances.Instance { return instances.Example21() }

// optimum is OPT of in: the brute force's (every order and interleaving,
// its own simplex) when brute, else searchOptimum's with default options.
func optimum(t *testing.T, ctx context.Context, trial int, in *instances.Instance, brute bool) float64 {
	t.Helper()
	if !brute {
		return searchOptimum(t, ctx, trial, in, search.Options{})
	}
	bf, err := bruteforce.Solve(in)
	if err != nil {
		t.Fatal(err)
	}
	return bf.Value
}

// searchOptimum is OPT of in by the branch-and-bound search (package
// search, itself tested against the brute force) with opt; its status must
// be Optimal.
func searchOptimum(t *testing.T, ctx context.Context, trial int, in *instances.Instance, opt search.Options) float64 {
	t.Helper()
	r, err := search.Solve(ctx, nil, in, opt)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != mip.Optimal {
		t.Fatalf("trial %d: search status %v", trial, r.Status)
	}
	return r.Objective
}

// statusStop: an optimum is done, an interruption interrupted and every
// other status (a limit reached, or no proof) the time limit, as the search
// and deadline-MIP methods read their engines' statuses.
func TestStatusStop(t *testing.T) {
	for _, c := range []struct {
		s    mip.Status
		want stopReason
	}{
		{mip.Optimal, stopDone},
		{mip.Interrupted, stopInterrupted},
		{mip.TimeLimit, stopTimeLimit},
		{mip.GapLimit, stopTimeLimit},
		{mip.Unknown, stopTimeLimit},
	} {
		if got := statusStop(c.s); got != c.want {
			t.Errorf("%v: %v, want %v", c.s, got, c.want)
		}
	}
}
