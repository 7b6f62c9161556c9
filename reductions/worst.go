package reductions

import (
	"context"
	"fmt"
	"time"

	"github.com/mrsched/mrsched/reductions/worstcase"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// WorstConfig is a search for bad batch instances (the open question of
// §6): for every n, a seeded hill climb (worstcase.Run) maximising policy
// total over the best priority-order schedule, then, for n ≤ ExactMax, the
// exact optimum of the worst instance by order enumeration.
type WorstConfig struct {
	Policy    string        `flag:"policy" usage:"maxsrpt or splitsrpt"`
	Ns        []int         `flag:"n,rule-in-usage" usage:"number of jobs N or range LO..HI (2..10)" arg:"N" rule:"Between(2, 10)"`
	AlphaMax  float64       `flag:"alpha-max" usage:"largest max(x/y, y/x) of a job"`
	Restarts  int           `flag:"restarts" usage:"hill-climb restarts per n"`
	Steps     int           `flag:"steps" usage:"steps per restart"`
	Seed      uint64        `flag:"seed" usage:"random seed"` // n's search uses Seed + n
	TimeLimit time.Duration `flag:"time-limit" usage:"stop each n's search after this long (0: none)"`
	// ExactMax: solve OPT exactly for n ≤ min(ExactMax, worstcase.MaxExactN).
	ExactMax int `flag:"exact-max" usage:"solve OPT exactly by order enumeration up to this n (≤ 8)"`
	// Engine returns the LP engine for the exact optimum; it is called
	// only when some n needs one.
	Engine func() (mip.Engine, error)
}

// DefaultWorstConfig is the default of 'mrsched search': MaxSRPT, n =
// 4..6, α ≤ 4, 4 restarts of 150 steps, seed 1, no time limit, exact OPT
// up to n = 7, no engine.
func DefaultWorstConfig() WorstConfig {
	return WorstConfig{Policy: "maxsrpt", Ns: []int{4, 5, 6}, AlphaMax: 4, Restarts: 4, Steps: 150, Seed: 1, ExactMax: 7}
}

// Worst validates c and runs the search of c for every n in order and
// returns the worst instance found for each, with the exact optimum filled
// in where asked and the search's findings in the instance's metadata.
// progress, if set, receives one line per restart and per exact solve.
func Worst(ctx context.Context, c WorstConfig, progress func(string)) ([]*worstcase.Found, error) {
	if err := c.Validate(); err != nil {
		return nil, err
	}
	say := func(format string, a ...any) {
		if progress != nil {
			progress(fmt.Sprintf(format, a...))
		}
	}
	var out []*worstcase.Found
	for _, n := range c.Ns {
		opt := worstcase.Options{Policy: c.Policy, N: n, AlphaMax: c.AlphaMax, Restarts: c.Restarts,
			Steps: c.Steps, Seed: c.Seed + uint64(n), TimeLimit: c.TimeLimit}
		if progress != nil {
			opt.Progress = func(r int, best float64) {
				say("search %s n=%d: restart %d/%d, best ratio ≥ %.6f", c.Policy, n, r+1, opt.Restarts, best)
			}
		}
		f, err := worstcase.Run(ctx, opt)
		if err != nil {
			return nil, err
		}
		if n <= c.ExactMax && n <= worstcase.MaxExactN {
			if c.Engine == nil {
				return nil, fmt.Errorf("%w: the exact optimum for n = %d needs an LP engine (WorstConfig.Engine)", ErrOption, n)
			}
			eng, err := c.Engine()
			if err != nil {
				return nil, err
			}
			t0 := time.Now()
			v, order, ok, err := worstcase.ExactOPT(ctx, eng, f.Instance, func(done, total int) {
				say("exact OPT n=%d: %d/%d orders", n, done, total)
			})
			if err != nil {
				return nil, err
			}
			f.Exact, f.OPT, f.OPTOrder, f.OPTValidated = true, v, order, ok
			f.Ratio = f.PolicyTotal / v
			say("exact OPT n=%d in %v", n, time.Since(t0).Round(time.Millisecond))
		}
		md := map[string]any{"generator": "mrsched search", "policy": c.Policy, "seed": opt.Seed, "alpha_max": opt.AlphaMax,
			"policy_total": f.PolicyTotal, "ub_priority": f.UB, "ratio_lower_bound": f.RatioLB, "guarantee": f.Guarantee,
			"alpha": f.Alpha, "beta": f.Beta}
		if f.Exact {
			md["opt"], md["ratio"], md["opt_completion_order"] = f.OPT, f.Ratio, f.OPTOrder
		}
		f.Instance.Metadata = md
		out = append(out, f)
	}
	return out, nil
}

// WorstTable has one row per instance found: α, β and the guarantee, the
// policy's total, the priority-order bound and the ratio to it, and, when
// solved exactly, OPT, the exact ratio and whether OPT's schedule passed
// the validator.
func WorstTable(founds []*worstcase.Found) *tabular.Table {
	t := &tabular.Table{Header: []string{"policy", "n", "alpha", "beta", "guarantee", "policy_total", "ub_priority", "ratio_lb", "opt", "ratio_exact", "ratio_over_guarantee", "opt_validated", "evaluations"}}
	for _, f := range founds {
		optS, ratio, valid := "-", "-", "-"
		rel := f.RatioLB / f.Guarantee
		if f.Exact {
			optS, ratio, valid = tabular.Float(f.OPT), tabular.Fixed(f.Ratio, 6), fmt.Sprint(f.OPTValidated)
			rel = f.Ratio / f.Guarantee
		}
		t.Add(f.Policy, fmt.Sprint(f.Instance.N()), tabular.Fixed(f.Alpha, 4), tabular.Fixed(f.Beta, 4), tabular.Fixed(f.Guarantee, 6),
			tabular.Float(f.PolicyTotal), tabular.Float(f.UB), tabular.Fixed(f.RatioLB, 6), optS, ratio, tabular.Fixed(rel, 4), valid, fmt.Sprint(f.Evaluations))
	}
	return t
}
