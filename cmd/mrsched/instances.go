package main

// Commands of tandem instances: gen lognormal, import swim, check.

import (
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/swim"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/tabular"
)

func genLogNormalCmd() *cli.Command {
	return cmd("lognormal", func(c *cli.Context) error {
		spec := instances.PaperLogNormal(c.Int("n"), c.Float64("load"), c.Bool("batch"))
		spec.MapSD, spec.RatioSD = c.Float64("map-sd"), c.Float64("ratio-sd")
		in, err := spec.Generate(instances.SeedSource(c.Uint64("seed")))
		if err != nil {
			return err
		}
		in.Metadata["seed"] = c.Uint64("seed")
		return emitInstance(c, in)
	}, append([]cli.Flag{
		intFlag("n", 100, "number of jobs", atLeastOne),
		floatFlag("load", 0.75, "offered load ρ (online instances)", positive),
		&cli.BoolFlag{Name: "batch", Usage: "release every job at time 0"},
		seedFlag(1, "random seed"),
		floatFlag("map-sd", 3.65, "standard deviation of the map size (mean 1)", nonNegative),
		floatFlag("ratio-sd", 3.28, "standard deviation of the ratio γ (mean 1)", nonNegative),
	}, instanceOutFlags()...)...)
}

func importSWIMCmd() *cli.Command {
	return cmd("swim", importSWIM, append([]cli.Flag{
		&cli.BoolFlag{Name: "drop-map-only", Usage: "drop jobs whose shuffle bytes are 0"},
		&cli.BoolFlag{Name: "normalize", Usage: "scale sizes so that mean map and mean shuffle are 1"},
		floatFlag("load", 0, "rescale time to this offered load ρ; 0 keeps seconds", nonNegative),
		intFlag("max-jobs", 0, "keep only the first N jobs; 0 keeps all", nonNegInt),
	}, instanceOutFlags()...)...)
}

func importSWIM(c *cli.Context) error {
	path, err := oneArg(c, "TRACE.tsv")
	if err != nil {
		return err
	}
	recs, err := swim.ReadFile(path)
	if err != nil {
		return err
	}
	in, err := instances.FromSWIM(recs, instances.SWIMOptions{Source: path, DropMapOnly: c.Bool("drop-map-only"),
		Normalize: c.Bool("normalize"), Load: c.Float64("load"), MaxJobs: c.Int("max-jobs")})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return emitInstance(c, in)
}

func checkCmd() *cli.Command {
	return cmd("check", instanceAction(func(_ *cli.Context, in *instances.Instance) (*tabular.View, error) {
		return report.SummaryView(instances.Summarize(in)), nil
	}), tableOut("the summary", instanceFlag())...)
}
