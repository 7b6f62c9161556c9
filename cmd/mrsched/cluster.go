package main

// Library code: instances/workload, solver/cluster, solver/cluster/experiments.

import (
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/experiments"
	"github.com/mrsched/mrsched/tabular"
)

func clusterCommands() []*cli.Command {
	studies := make([]*cli.Command, len(experiments.Studies))
	for i, name := range experiments.Studies {
		studies[i] = clusterStudyCmd(name)
	}
	return clitree.InCategory(catCluster, clitree.Group("cluster", clusterSimulateCmd(), clitree.Group("study", studies...)))
}

func clusterGenCommands() []*cli.Command { return clitree.InCategory(catCluster, genClusterCmd()) }

func clusterImportCommands() []*cli.Command {
	return clitree.InCategory(catCluster, importSWIMClusterCmd())
}

func clusterSimulateCmd() *cli.Command {
	s, sim := cluster.DefaultPolicySettings(), experiments.SimulateConfig{}
	return runLimited("a simulation", clitree.Cmd("simulate", cliout.Action(func(c *cli.Context) (o *report.Output, err error) {
		cfg := study.ClusterSimulateConfig{Workload: c.String("workload"), Policy: c.String("policy"), Settings: s, Simulate: sim,
			Timeline: c.String("timeline"), Jobs: c.Bool("jobs"), Protect: cliout.ProtectedInputs(c)}
		err = errors.Join(cliflags.Fill(c, cliflags.Table(&cfg.Settings)...), cliflags.Fill(c, cliflags.Table(&cfg.Simulate)...))
		if cfg.Simulate.Context = c.Context; err == nil {
			o, err = study.ClusterSimulate(cfg)
		}
		return o, cliout.Flagged(err, cluster.ErrConfig, experiments.ErrConfig)
	}), cliout.FormatOut("the results", slices.Concat([]cli.Flag{
		cliflags.Input("workload", "", "cluster workload `FILE` (JSON, see mrsched gen cluster)", cliflags.Alias("w"), cliflags.Required),
		cliflags.String("policy", "fair", "fifo, fair, lsps, hpfsp or ppfsp", cliflags.Alias("p")),
	}, cliflags.Bind(cliflags.Table(&s)...), cliflags.Bind(cliflags.Table(&sim)...), []cli.Flag{
		cliflags.Bool("jobs", false, "one row per job instead of the per-user summary"),
		cliout.FileOut("timeline", "write the task-to-slot timeline to `FILE` (CSV)")})...)...))
}

func clusterStudyCmd(name string) *cli.Command {
	def := experiments.DefaultStudyConfig(name)
	flags := slices.Concat(cliflags.Insert(cliflags.Bind(cliflags.Table(&def)...), "workers",
		cliflags.OutputDir("out", "results/cluster", "results `DIR` (\"\" writes no files)", cliflags.FigureNames, cliflags.Alias("o"))),
		[]cli.Flag{cliflags.BesidesSVG(), cliout.Quiet()})
	if name == "swim" {
		flags = append(flags, cliflags.Bind(cliflags.Table(&def.SWIM)...)...)
	}
	return timeLimited(studyLimit, "for the whole study (stopped early, it writes nothing)", clitree.Cmd(name, func(c *cli.Context) error {
		if c.NArg() > 0 {
			return fmt.Errorf("unexpected arguments %q (flags go before them)", c.Args().Slice())
		}
		cfg := study.ClusterStudyConfig{Study: def, Out: c.String("out"), PNG: c.Bool("png"), Progress: cliout.Messages(c)}
		err := cliflags.Fill(c, cliflags.Table(&cfg.Study)...)
		if err == nil && name == "swim" {
			err = cliflags.Fill(c, cliflags.Table(&cfg.Study.SWIM)...)
		}
		var tables []*tabular.Table
		if err == nil {
			tables, err = study.ClusterStudy(c.Context, cfg)
		}
		if err == nil {
			err = cliout.PrintWith(c, tabular.Markdown, func(w io.Writer) error { return tabular.WriteTables(w, tabular.Markdown, tables...) })
		}
		return cliout.Flagged(err, experiments.ErrConfig)
	}, flags...))
}

func genClusterCmd() *cli.Command {
	def := workload.DefaultGenConfig()
	return clitree.Cmd("cluster", cliout.Action(func(c *cli.Context) (workload.File, error) {
		w, err := cliflags.Call(def, cliflags.Tagged[workload.GenConfig], workload.GenConfig.Generate)(c)
		return workload.File{Workload: w}, cliout.Flagged(err, workload.ErrSWIMOptions)
	}), append(cliflags.Bind(cliflags.Table(&def)...), cliout.Out("the workload"), cliout.Quiet())...)
}

func importSWIMClusterCmd() *cli.Command {
	def := workload.DefaultSWIMOptions()
	return clitree.Cmd("swim-cluster", cliout.Action(func(c *cli.Context) (workload.File, error) {
		o, err := cliflags.Filled(c, def, cliflags.Tagged[workload.SWIMOptions])
		var w *workload.Workload
		if err == nil {
			w, err = workload.ReadSWIMFile(c.String("trace"), o)
		}
		return workload.File{Workload: w}, cliout.Flagged(err, workload.ErrSWIMOptions)
	}), slices.Concat([]cli.Flag{cliflags.Input("trace", "", "SWIM trace `FILE` (TSV)", cliflags.Required)},
		cliflags.Bind(cliflags.Table(&def)...), []cli.Flag{cliout.Out("the workload"), cliout.Quiet()})...)
}
