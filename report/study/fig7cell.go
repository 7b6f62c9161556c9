package study

import (
	"context"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// runFig7Cell runs one cell of a Fig. 7 study on a prepared instance (sizes
// normalised, time scaled to the load, cube-root balanced or not): the
// §5.1 and counting lower bounds and every policy's mean response, relative
// to the best bound. The SWIM study (Fig7Sweep) and the Google study
// (Google) share it.
func runFig7Cell(ctx context.Context, in *instances.Instance, trace, variant string, load float64, policies []string, k int) (*Fig7Result, error) {
	n := float64(in.N())
	lb51, lbc := bounds.Paper51(in), bounds.Counting(in)
	best, which := lbc, "lbcount"
	if lb51 > lbc {
		best, which = lb51, "lb51"
	}
	r := &Fig7Result{Trace: trace, Variant: variant, Load: load, N: in.N(),
		LB51: tabular.Num(lb51 / n), LBCount: tabular.Num(lbc / n), Best: which}
	for _, name := range policies {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		pol, err := fluid.ParsePolicy(name, k, nil)
		if err != nil {
			return nil, err
		}
		res, err := fluid.Simulate(in, pol, fluid.Options{Context: ctx})
		if err != nil {
			return nil, err
		}
		r.Policies = append(r.Policies, Fig7Policy{Policy: name, MeanResponse: tabular.Num(res.MeanResponse),
			Relative: tabular.Num(res.TotalResponse / best), Relative51: tabular.Num(res.TotalResponse / lb51)})
	}
	return r, nil
}
