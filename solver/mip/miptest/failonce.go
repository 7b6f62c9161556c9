package miptest

import (
	"context"
	"math"

	"github.com/mrsched/mrsched/solver/mip"
)

// FailOnce is an engine that answers with the wrapped Engine except for
// call number K (1-based), where it reports the status "time limit" with
// no solution, as an engine whose own clock ran out during that solve
// would. It is not safe for concurrent use.
type FailOnce struct {
	mip.Engine
	K     int
	calls int
}

// Solve counts the call and answers as described on FailOnce.
func (e *FailOnce) Solve(ctx context.Context, m *mip.Model, opt mip.Options) (mip.Result, error) {
	e.calls++
	if e.calls == e.K {
		return mip.Result{Status: mip.TimeLimit, Objective: math.NaN()}, nil
	}
	return e.Engine.Solve(ctx, m, opt)
}
