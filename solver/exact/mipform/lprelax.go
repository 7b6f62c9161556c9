package mipform

import (
	"context"
	"fmt"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/mip"
)

// LPRelaxation returns the optimum of the linear relaxation of the exact MIP
// (the batch MIP for batches, the release-date MIP otherwise): binaries
// relaxed to [0, 1]. It is a lower bound on OPT because the relaxation's
// feasible set contains the MIP's. It lives here, next to the formulation
// it relaxes, so that package bounds needs no LP engine. A model above
// MaxExportNonzeros is refused before it is built (ErrTooLarge).
func LPRelaxation(ctx context.Context, eng mip.Engine, in *instances.Instance) (float64, error) {
	if est := EstimateNonzeros(in, false); est > MaxExportNonzeros {
		return 0, fmt.Errorf("%w: the exact MIP of these %d jobs would have about %.3g nonzeros, above %d (up to about 30 jobs with release dates, 135 in a batch)", ErrTooLarge, in.N(), est, MaxExportNonzeros)
	}
	f, err := Build(in, false)
	if err != nil {
		return 0, err
	}
	m := *f.Model
	m.Vars = append([]mip.Var(nil), f.Model.Vars...)
	for j := range m.Vars {
		if m.Vars[j].Type != mip.Continuous {
			lo, up := f.Model.Bounds(j)
			m.Vars[j].Type, m.Vars[j].Lower, m.Vars[j].Upper = mip.Continuous, lo, up
		}
	}
	res, err := eng.Solve(ctx, &m, mip.Options{})
	if err != nil {
		return 0, fmt.Errorf("mipform: LP relaxation: %w", err)
	}
	if res.Status != mip.Optimal {
		return 0, fmt.Errorf("mipform: LP relaxation: status %v", res.Status)
	}
	return res.Objective, nil
}
