package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
)

// ErrNoReader is returned by SolveFile for an engine that cannot read LP or
// MPS files.
var ErrNoReader = fmt.Errorf("engine: the engine cannot read model files")

// SolveFile reads an LP or MPS model (the format from name's extension,
// .lp or .mps) with the engine's own reader, after mip.CheckText (an
// unreadable file is an error wrapping mip.ErrRead naming the file and
// line), and solves it. Without a gap in opt (RelGap and AbsGap 0) the
// MIP gaps are those of the tolerance policy (tolerance.Rel, tolerance.Abs),
// so that "optimal" means a bound equal to the objective under it; a
// caller's RelGap is its own, looser, definition of optimal. Infeasible and
// unbounded models are results (Result.Status), not errors.
func SolveFile(ctx context.Context, eng mip.Engine, name string, data []byte, opt mip.Options) (*mip.Model, mip.Result, error) {
	rd, ok := eng.(mip.Reader)
	if !ok {
		return nil, mip.Result{}, fmt.Errorf("%w: %s", ErrNoReader, eng.Name())
	}
	m, err := mip.ReadModel(ctx, rd, name, data)
	if err != nil {
		return nil, mip.Result{}, err
	}
	if opt.RelGap == 0 && opt.AbsGap == 0 {
		// "optimal" then means a bound within the tolerance policy.
		opt.RelGap, opt.AbsGap = tolerance.Rel, tolerance.Abs
	}
	r, err := eng.Solve(ctx, m, opt)
	return m, r, err
}

// CommandContext returns ctx with the deadline of a command whose time
// limit began at start (mip.Deadline: start + limit − mip.OutputMargin),
// or ctx itself when limit ≤ 0.
func CommandContext(ctx context.Context, start time.Time, limit time.Duration) (context.Context, context.CancelFunc) {
	d := mip.Deadline(start, limit)
	if d.IsZero() {
		return ctx, func() {}
	}
	return context.WithDeadline(ctx, d)
}
