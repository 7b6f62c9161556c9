package main

// Plans under estimation errors: mrsched evaluate (library: report/whatif).

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report/whatif"
)

func evaluateCmd() *cli.Command {
	def := whatif.DefaultConfig()
	return timeLimited(runLimit, "for the whole command (an evaluation stopped early writes nothing)", clitree.Cmd("evaluate", cliout.Action(func(c *cli.Context) (*whatif.Result, error) {
		cfg, err := cliflags.Filled(c, def, evaluateFlags)
		if err != nil {
			return nil, err
		}
		return cfg.Run(c.Context)
	}), cliout.TableOut("the result", cliflags.Bind(evaluateFlags(&def)...)...)...))
}

// evaluateFlags are the flags of 'mrsched evaluate', filling cfg.
func evaluateFlags(cfg *whatif.Config) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Instance, cliflags.Input("instance", cfg.Instance, "tandem instance `FILE` the plan was made on (the estimated sizes)", cliflags.Alias("i"), cliflags.Required)),
		cliflags.Row(&cfg.Schedule, cliflags.Input("schedule", cfg.Schedule, "the plan: a schedule `FILE` ('mrsched solve --schedule'); its completion order is replayed", cliflags.Alias("s"))),
		cliflags.Row(&cfg.Order, cliflags.String("order", cfg.Order, "the plan as a completion order: job ids or 0-based indices, comma-separated, first to complete first")),
		cliflags.Row(&cfg.Sigma, cliflags.Float("sigma", cfg.Sigma, "σ of the log of each size's noise factor exp(σZ) (median 1)", cliflags.NonNegative)),
		cliflags.Row(&cfg.Reps, cliflags.Int("reps", cfg.Reps, "replications", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "seed: replication r draws its sizes from PCG(seed, r)")),
		cliflags.Row(&cfg.Workers, cliflags.Int("workers", cfg.Workers, "replications run in parallel, 0 for GOMAXPROCS (the output does not depend on it)", cliflags.NonNegInt)),
		cliflags.Row(&cfg.Top, cliflags.Int("top", cfg.Top, "the late table shows the `N` jobs most likely late, 0 for all (JSON and CSV have all)", cliflags.NonNegInt)),
	}
}
