package engine

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/solver/mip"
)

// ErrNoReader is returned by SolveFile for an engine that cannot read LP or
// MPS files.
var ErrNoReader = fmt.Errorf("engine: the engine cannot read model files")

// SolveFile reads an LP or MPS model (the format from name's extension,
// .lp or .mps) with the engine's own reader and solves it. Infeasible and
// unbounded models are results (Result.Status), not errors.
func SolveFile(ctx context.Context, eng mip.Engine, name string, data []byte, opt mip.Options) (*mip.Model, mip.Result, error) {
	rd, ok := eng.(mip.Reader)
	if !ok {
		return nil, mip.Result{}, fmt.Errorf("%w: %s", ErrNoReader, eng.Name())
	}
	m, err := rd.ReadModel(ctx, name, data)
	if err != nil {
		return nil, mip.Result{}, err
	}
	r, err := eng.Solve(ctx, m, opt)
	return m, r, err
}
