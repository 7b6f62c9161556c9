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
		{Ptr: &cfg.Instance, Tag: `flag:"instance" alias:"i" usage:"tandem instance FILE the plan was made on (the estimated sizes)" arg:"FILE" required:"true" path:"in"`},
		{Ptr: &cfg.Schedule, Tag: `flag:"schedule" alias:"s" usage:"the plan: a schedule FILE ('mrsched solve --schedule'); its completion order is replayed" arg:"FILE" path:"in"`},
		{Ptr: &cfg.Order, Tag: `flag:"order" usage:"the plan as a completion order: job ids or 0-based indices, comma-separated, first to complete first"`},
		{Ptr: &cfg.Sigma, Tag: `flag:"sigma" usage:"σ of the log of each size's noise factor exp(σZ) (median 1)" rule:"non-negative"`},
		{Ptr: &cfg.Reps, Tag: `flag:"reps" usage:"replications" rule:"at-least-one"`},
		{Ptr: &cfg.Seed, Tag: `flag:"seed" usage:"seed: replication r draws its sizes from PCG(seed, r)"`},
		{Ptr: &cfg.Workers, Tag: `flag:"workers" usage:"replications run in parallel, 0 for GOMAXPROCS (the output does not depend on it)" rule:"non-neg-int"`},
		{Ptr: &cfg.Top, Tag: `flag:"top" usage:"the late table shows the N jobs most likely late, 0 for all (JSON and CSV have all)" arg:"N" rule:"non-neg-int"`},
	}
}
