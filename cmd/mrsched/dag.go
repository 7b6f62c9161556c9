package main

import (
	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
)

var atLeastOneFinite = cliflags.Rule{Want: "a finite number ≥ 1", OK: func(x float64) bool { return x >= 1 && cliflags.IsFinite(x) }}

func genDAGCmd() *cli.Command {
	d := instances.DefaultDAG(40)
	return clitree.Cmd("dag", cliout.Action(func(c *cli.Context) (instances.File, error) {
		spec := instances.DefaultDAG(c.Int("n"))
		if c.Float64("load") > 0 {
			spec.Sizes = instances.PaperLogNormal(c.Int("n"), c.Float64("load"), false)
		}
		spec.Layers, spec.FanIn, spec.FanOut = c.Int("layers"), c.Int("fan-in"), c.Int("fan-out")
		spec.HighFrac, spec.HighWeight = c.Float64("high-fraction"), c.Float64("high-weight")
		spec.DueFrac, spec.DueSlack = c.Float64("due-fraction"), c.Float64("due-slack")
		in, err := instances.Seeded(spec.Generate, c.Uint64("seed"))
		return instances.File{Instance: in}, err
	}), append([]cli.Flag{
		cliflags.Int("n", d.Sizes.N, "number of jobs (the maximum takes 17 s and 160 MB; measured at 200,000)", cliflags.Between(1, 200_000)),
		cliflags.Int("layers", d.Layers, "number of layers (at most n)", cliflags.Between(1, 200_000)),
		cliflags.Int("fan-in", d.FanIn, "maximum predecessors of a job", cliflags.Between(1, 1000)),
		cliflags.Int("fan-out", d.FanOut, "maximum successors of a job (0: no limit)", cliflags.Between(0, 1000)),
		cliflags.Float("high-fraction", d.HighFrac, "fraction of high-priority jobs", cliflags.Between(0, 1)),
		cliflags.Float("high-weight", d.HighWeight, "weight of a high-priority job (others 1)", cliflags.Positive),
		cliflags.Float("due-fraction", d.DueFrac, "fraction of jobs with a deadline", cliflags.Between(0, 1)),
		cliflags.Float("due-slack", d.DueSlack, "deadline = release + slack × earliest response (≥ 1)", atLeastOneFinite),
		cliflags.Float("load", 0, "release jobs by Poisson arrivals at offered load ρ (0: every job released at 0)", cliflags.NonNegative),
		cliflags.Seed(1, "random seed"),
	}, cliout.InstanceOutFlags()...)...)
}
