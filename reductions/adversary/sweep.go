package adversary

import (
	"context"
	"errors"
	"fmt"

	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
)

// Sweep plays the adversary against every policy for every n (policies
// outer, n inner, in the given order); progress, if set, is called before
// each game with the policy's name and n.
func Sweep(policies []fluid.Policy, ns []int, progress func(policy string, n int)) ([]*Result, error) {
	return sweep(context.Background(), policies, ns, progress)
}

// sweep is Sweep stopped by ctx (nil: never).
func sweep(ctx context.Context, policies []fluid.Policy, ns []int, progress func(policy string, n int)) ([]*Result, error) {
	if len(policies) == 0 || len(ns) == 0 {
		return nil, fmt.Errorf("%w: %d policies and %d values of n (want at least one of each)", ErrParam, len(policies), len(ns))
	}
	var out []*Result
	for _, p := range policies {
		for _, n := range ns {
			if progress != nil {
				progress(p.Name(), n)
			}
			if err := stopped(ctx); err != nil {
				return nil, err
			}
			r, err := play(background(ctx), n, p, 0)
			if err != nil {
				return nil, err
			}
			out = append(out, r)
		}
	}
	return out, nil
}

// ErrStopped wraps the context's error when a sweep's context ends before
// the sweep does (a time limit or an interrupt); a game stopped inside its
// simulation returns fluid.ErrStopped.
var ErrStopped = errors.New("adversary: sweep stopped before its end")

// stopped is ErrStopped wrapping ctx's error once ctx (nil: never) ends.
func stopped(ctx context.Context) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("%w: %w", ErrStopped, context.Cause(ctx))
}

// background is ctx, or context.Background for nil.
func background(ctx context.Context) context.Context {
	if ctx == nil {
		return context.Background()
	}
	return ctx
}

// Table has one row per game: the policy's total beside the proof's lower
// bound T, the alternative's total beside the proof's upper bound T', and
// policy/alternative (a lower bound on policy/OPT), also divided by k.
func Table(results []*Result) *tabular.Table {
	t := &tabular.Table{Header: []string{"policy", "n", "k", "jobs", "case", "type2_map_by_k2", "policy_total", "paper_T_lower", "alt_total", "paper_T'_upper", "ratio", "ratio_over_k"}}
	for _, r := range results {
		t.Add(r.Policy, fmt.Sprint(r.N), fmt.Sprint(r.K), fmt.Sprint(r.Jobs), fmt.Sprint(r.Case), tabular.Float(r.Type2Map),
			tabular.Float(r.PolicyTotal), tabular.Float(r.PaperT), tabular.Float(r.AltTotal), tabular.Float(r.PaperTAlt),
			tabular.Fixed(r.Ratio, 4), tabular.Fixed(r.Ratio/float64(r.K), 4))
	}
	return t
}
