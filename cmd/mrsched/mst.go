package main

import (
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/nodes"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/des"
	"github.com/mrsched/mrsched/tabular"
)

func mstCommands() []*cli.Command {
	return clitree.InCategory(catStraggler, clitree.Group("mst",
		clitree.InCategory(catStraggler, mstEvalCmd(), mstMapCmd(), mstFitCmd(), mstNodesCmd(), mstForkJoinCmd(), mstFiguresCmd(), mstSimulateCmd())...))
}

func mstCommonFlags(flags ...cli.Flag) []cli.Flag {
	return append([]cli.Flag{cliout.Format("table"), cliout.Out("the result")}, flags...)
}

func muFlag() cli.Flag { return cliflags.String("mu", "", "service rates μ1,μ2,…") }

// mstNodes are the nodes of --nodes or --mu/--lambda (study.StragglerNodes),
// or the error saying to give exactly one of --nodes and --mu.
func mstNodes(c *cli.Context) (study.StragglerNodes, error) {
	switch path := c.String("nodes"); {
	case path != "" && c.IsSet("mu"):
		return study.StragglerNodes{}, errors.New("give either --nodes or --mu, not both")
	case path == "" && !c.IsSet("mu"):
		return study.StragglerNodes{}, errors.New("give the nodes: --nodes FILE or --mu μ1,μ2,…")
	}
	return study.StragglerNodes{File: c.String("nodes"), Mu: c.String("mu"), Lambda: c.String("lambda"), LambdaSet: c.IsSet("lambda")}, nil
}

func mstEvalCmd() *cli.Command {
	def := straggler.DefaultEvalConfig()
	return clitree.Cmd("eval", cliout.Action(func(c *cli.Context) (*straggler.EvalReport, error) {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[straggler.EvalConfig])
		var nodes study.StragglerNodes
		if err == nil {
			nodes, err = mstNodes(c)
		}
		if err != nil {
			return nil, err
		}
		r, err := study.StragglerEval(nodes, cfg)
		return r, cliout.Flagged(err)
	}), slices.Concat(mstCommonFlags(
		cliout.In("nodes", "node file (JSON or .csv) with mu and lambda per node", false),
		muFlag(),
		cliflags.String("lambda", "", "arrival rates λ1,λ2,… (one per node)")), cliflags.Bind(cliflags.Table(&def)...))...)
}

func mstMapCmd() *cli.Command {
	def := straggler.DefaultMapConfig()
	return clitree.Cmd("map", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[straggler.MapConfig])
		var nodes study.StragglerNodes
		if err == nil {
			nodes, err = mstNodes(c)
		}
		if err == nil {
			cfg.Mu, _, err = nodes.Rates(false)
		}
		if err != nil {
			return nil, cliout.Flagged(err)
		}
		return study.StragglerMap(cfg)
	}), slices.Concat(mstCommonFlags(
		cliout.In("nodes", "node file (JSON or .csv); mu per node", false), muFlag()), cliflags.Bind(cliflags.Table(&def)...))...)
}

func mstFitCmd() *cli.Command {
	return clitree.Cmd("fit", cliout.ReadAction("samples", nodes.ReadSamplesFile, func(c *cli.Context, xs []float64) (*tabular.View, error) {
		return straggler.FitView(xs, c.Float64("offset"))
	}), mstCommonFlags(
		cliout.In("samples", "file with one completion time per line", true),
		cliflags.Float("offset", math.NaN(), "offset T for the least-squares fit (default: the smallest sample)"))...)
}

func mstNodesCmd() *cli.Command {
	def := straggler.DefaultNodeCountConfig()
	return clitree.Cmd("nodes", cliout.Action(func(c *cli.Context) (*straggler.NodeCountReport, error) {
		if c.String("nodes") == "" && c.String("class") == "" {
			return nil, errors.New("give --class μ:available,… or --nodes FILE")
		}
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[straggler.NodeCountConfig])
		if err != nil {
			return nil, err
		}
		r, err := study.StragglerNodeCount(c.String("nodes"), c.String("class"), cfg)
		return r, cliout.Flagged(err)
	}), slices.Concat(mstCommonFlags(
		cliflags.String("class", "", "node classes μ:available,… (or use --nodes with count as availability)"),
		cliout.In("nodes", "node file; each entry's count is the number available", false)), cliflags.Bind(cliflags.Table(&def)...))...)
}

func mstForkJoinCmd() *cli.Command {
	def := straggler.DefaultForkJoinConfig()
	return runLimited("a simulation", clitree.Cmd("forkjoin", cliout.Action[*tabular.View](func(c *cli.Context) (*tabular.View, error) {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[straggler.ForkJoinConfig])
		if err != nil {
			return nil, err
		}
		cfg.Context = c.Context
		return cfg.View()
	}), mstCommonFlags(cliflags.Bind(cliflags.Table(&def)...)...)...))
}

func mstFiguresCmd() *cli.Command {
	return clitree.Cmd("figures", func(c *cli.Context) error {
		figs, err := figures.SaveStragglerPaper(c.String("out"), func(done, total int, name string) {
			cliout.Infof(c, "mst figures: %d/%d %s", done, total, name)
		}, figures.Formats(c.Bool("png"))...)
		for _, f := range figs {
			fmt.Fprintf(c.App.Writer, "%s\t%s\n", f.Name, f.Note)
		}
		return err
	},
		cliflags.OutputDir("out", "results/straggler", "output directory", cliflags.FigureNames),
		cliflags.BesidesSVG(),
		cliflags.Bool("quiet", false, "no progress on stderr"))
}

func mstSimulateCmd() *cli.Command {
	d := des.DefaultFigOptions()
	return runLimited("a simulation", clitree.Cmd("simulate", cliout.Action[*tabular.View](func(c *cli.Context) (*tabular.View, error) {
		cfg := study.StragglerSimulateConfig{Options: d, Figures: c.String("figures"), PNG: c.Bool("png")}
		o := &cfg.Options
		o.Seed, o.Replications, o.Jobs, o.Warmup, o.Workers = c.Uint64("seed"), c.Int("reps"), c.Int("jobs"), c.Int("warmup"), c.Int("workers")
		o.Context, o.TaskEvents = c.Context, c.StringSlice("task-events")
		return study.StragglerSimulate(cfg)
	}), append([]cli.Flag{
		cliout.Format("table"),
		cliout.Out("the table"),
		cliflags.Seed(d.Seed, "simulation seed"),
		cliflags.Reps(d.Replications),
		cliflags.Workers(1),
		cliflags.Int("jobs", d.Jobs, "measured tasks per node and replication"),
		cliflags.Int("warmup", d.Warmup, "tasks discarded at the start of each replication"),
		cliout.InList("task-events", "Google 2011 task_events `FILE` or directory of parts (gzip or plain CSV, repeat in order) for the Fig. 2 fit"),
	}, cliflags.Figures("the Fig. 5, 7, 9, 12 panels (with CSV)")...)...))
}
