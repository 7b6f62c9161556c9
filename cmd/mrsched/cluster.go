package main

// Slot-level cluster simulation: FIFO, Fair, LsPS (Yao et al.)
// and H-PFSP / Parallel PFSP (Li et al.). Library code lives in
// instances/workload, solver/cluster and solver/cluster/experiments.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report/figures"
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
	return timeLimited(runLimit, "for the whole command (a simulation stopped early writes nothing)", clitree.Cmd("simulate", func(c *cli.Context) error {
		s, sim, path := s, sim, c.String("timeline")
		err := errors.Join(cliflags.Fill(c, policyFlags(&s)...), cliflags.Fill(c, clusterSimulateFlags(&sim)...))
		sim.Timeline, sim.Context = path != "", c.Context
		var r *cluster.Result
		if err == nil {
			r, err = experiments.SimulateFile(c.String("workload"), c.String("policy"), s, sim)
		}
		if err != nil {
			return flagError(err, cluster.ErrConfig, experiments.ErrConfig)
		}
		if path != "" {
			if err := cliout.WriteWith(c, path, "timeline", func(w io.Writer) error { return experiments.TimelineTable(r).Write(w, tabular.CSV) }); err != nil {
				return err
			}
			r.Timeline = nil
		}
		return cliout.EmitView(c, experiments.SimulateView(r, c.String("workload"), c.Bool("jobs")))
	}, slices.Concat([]cli.Flag{
		cliflags.Input("workload", "", "cluster workload `FILE` (JSON, see mrsched gen cluster)", cliflags.Alias("w"), cliflags.Required),
		cliflags.String("policy", "fair", "fifo, fair, lsps, hpfsp or ppfsp", cliflags.Alias("p")),
	}, cliflags.Bind(policyFlags(&s)...), cliflags.Bind(clusterSimulateFlags(&sim)...), []cli.Flag{
		cliflags.Bool("jobs", false, "one row per job instead of the per-user summary"),
		cliout.FileOut("timeline", "write the task-to-slot timeline to `FILE` (CSV)"),
		cliout.Format("table"),
		cliout.Out("the results")})...))
}

// clusterStudyCmd runs the study name (experiments.RunStudy) with its figures
// drawn by figures.SaveCluster and writes its tables in Markdown.
func clusterStudyCmd(name string) *cli.Command {
	def := experiments.DefaultStudyConfig(name)
	flags := slices.Concat(cliflags.Insert(cliflags.Bind(clusterStudyFlags(&def)...), "workers",
		cliflags.OutputDir("out", "results/cluster", "results `DIR` (\"\" writes no files)", cliflags.FigureNames, cliflags.Alias("o"))),
		[]cli.Flag{besidesSVGFlag(), cliout.Quiet()})
	if name == "swim" {
		flags = append(flags, cliflags.Bind(swimStudyFlags(&def.SWIM)...)...)
	}
	return timeLimited(studyLimit, "for the whole study (stopped early, it writes nothing)", clitree.Cmd(name, func(c *cli.Context) error {
		if c.NArg() > 0 {
			return fmt.Errorf("unexpected arguments %q (flags go before them)", c.Args().Slice())
		}
		env := experiments.Env{Context: c.Context, OutDir: c.String("out"), Render: func(dir string, f experiments.Figure) error {
			return figures.SaveCluster(dir, f, figures.Formats(c.Bool("png"))...)
		}}
		if !c.Bool("quiet") {
			env.Progress = c.App.ErrWriter
		}
		cfg, err := cliflags.Filled(c, def, clusterStudyFlags)
		if err == nil && name == "swim" {
			err = cliflags.Fill(c, swimStudyFlags(&cfg.SWIM)...)
		}
		var tables []*tabular.Table
		if err == nil {
			tables, err = experiments.RunStudy(env, cfg)
		}
		if err == nil {
			var b bytes.Buffer
			err = tabular.WriteTables(&b, tabular.Markdown, tables...)
			if err == nil {
				err = cliout.Print(c, tabular.Markdown, b.Bytes())
			}
		}
		return flagError(err, experiments.ErrConfig)
	}, flags...))
}

func genClusterCmd() *cli.Command {
	def := workload.DefaultGenConfig()
	return clitree.Cmd("cluster", func(c *cli.Context) error {
		w, err := cliflags.Call(def, genClusterFlags, workload.GenConfig.Generate)(c)
		return clusterWriteWorkload(c, w, err)
	}, append(cliflags.Bind(genClusterFlags(&def)...), cliout.Out("the workload"), cliout.Quiet())...)
}

// clusterWriteWorkload writes w to --out or stdout, or returns err.
func clusterWriteWorkload(c *cli.Context, w *workload.Workload, err error) error {
	path := c.String("out")
	switch {
	case err != nil:
		return flagError(err, workload.ErrSWIMOptions)
	case path == "":
		var b bytes.Buffer
		if err := workload.WriteJSON(&b, w); err != nil {
			return err
		}
		return cliout.Print(c, tabular.JSON, b.Bytes())
	}
	if err := workload.WriteFile(path, w); err != nil {
		return err
	}
	cliout.Infof(c, "wrote %s (%d jobs)", path, len(w.Jobs))
	return nil
}

func importSWIMClusterCmd() *cli.Command {
	def := workload.DefaultSWIMOptions()
	return clitree.Cmd("swim-cluster", func(c *cli.Context) error {
		o, err := cliflags.Filled(c, def, swimClusterFlags)
		var w *workload.Workload
		if err == nil {
			w, err = workload.ReadSWIMFile(c.String("trace"), o)
		}
		return clusterWriteWorkload(c, w, err)
	}, slices.Concat([]cli.Flag{cliflags.Input("trace", "", "SWIM trace `FILE` (TSV)", cliflags.Required)},
		cliflags.Bind(swimClusterFlags(&def)...), []cli.Flag{cliout.Out("the workload"), cliout.Quiet()})...)
}

// policyFlags are the flags of the policies of 'mrsched cluster simulate', filling cfg.
func policyFlags(cfg *cluster.PolicySettings) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Alpha, cliflags.Float("alpha", cfg.Alpha, "LsPS α of eq. 8 in [0, 1]")),
		cliflags.Row(&cfg.CVThreshold, cliflags.Float("cv-threshold", cfg.CVThreshold, "LsPS tier-2 CV threshold")),
		cliflags.Row(&cfg.FairLimit, cliflags.Int("fair-limit", cfg.FairLimit, "H-PFSP FAIR_LIMIT (0: no fair phase)")),
		cliflags.Row(&cfg.Exact, cliflags.Bool("exact", cfg.Exact, "H-PFSP with exact remaining sizes instead of estimates")),
		cliflags.Row(&cfg.Clock, cliflags.String("clock", cfg.Clock, "H-PFSP virtual PS clock: work (eq. 8 as printed; hpfsp default) or time (real-time PS; ppfsp default)")),
		cliflags.Row(&cfg.UpdateInterval, cliflags.Float("update-interval", cfg.UpdateInterval, "H-PFSP UPDATE_INTERVAL in seconds")),
		cliflags.Row(&cfg.DefaultFromTasks, cliflags.Bool("default-from-tasks", cfg.DefaultFromTasks, "H-PFSP eq. 18 defaults from every finished task, not only finished jobs'")),
	}
}

// clusterSimulateFlags are the flags of 'mrsched cluster simulate', filling cfg.
func clusterSimulateFlags(cfg *experiments.SimulateConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Heartbeat, cliflags.Float("heartbeat", cfg.Heartbeat, "assign free slots only every `SECONDS` (0: at once)")),
	}
}

// clusterStudyFlags are the flags of every 'mrsched cluster study', filling cfg.
func clusterStudyFlags(cfg *experiments.StudyConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Seeds, cliflags.Int("seeds", cfg.Seeds, "independent replications", cliflags.AtLeastOne)),
		cliflags.Row(&cfg.Workers, cliflags.Int("workers", cfg.Workers, "parallel simulations", cliflags.AtLeastOne)),
	}
}

// swimStudyFlags are the flags of 'mrsched cluster study swim' (besides clusterStudyFlags), filling cfg.
func swimStudyFlags(cfg *experiments.SWIMStudy) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Trace, cliflags.Input("trace", cfg.Trace, "SWIM trace `FILE`")),
		cliflags.Row(&cfg.Nodes, cliflags.Int("nodes", cfg.Nodes, "cluster nodes (2 map + 2 reduce slots each)")),
		cliflags.Row(&cfg.MaxJobs, cliflags.Int("max-jobs", cfg.MaxJobs, "keep only the first `M` jobs of the trace (0: all)")),
		cliflags.Row(&cfg.Name, cliflags.String("name", cfg.Name, "label of the output files (default: FB-2009 or FB-2010 from the file name, with the node count)")),
	}
}

// genClusterFlags are the flags of 'mrsched gen cluster', filling cfg.
func genClusterFlags(cfg *workload.GenConfig) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Kind, cliflags.String("kind", cfg.Kind, "table2, fig2, fig3a, fig3b, fig4, fig5 or synthetic", cliflags.Required)),
		cliflags.Row(&cfg.Seed, cliflags.Uint64("seed", cfg.Seed, "random seed")),
		cliflags.Row(&cfg.N, cliflags.Int("n", cfg.N, "jobs (fig2, fig3a, synthetic; the maximum peaks at 1.1 GB)", cliflags.Between(1, 1000000))),
		cliflags.Row(&cfg.SizeGB, cliflags.Float("size", cfg.SizeGB, "TeraSort size in GB (fig3a)")),
	}
}

// swimClusterFlags are the flags of 'mrsched import swim-cluster', filling cfg.
func swimClusterFlags(cfg *workload.SWIMOptions) []cliflags.Field {
	return []cliflags.Field{
		cliflags.Row(&cfg.Nodes, cliflags.Int("nodes", cfg.Nodes, "cluster nodes")),
		cliflags.Row(&cfg.MapSlots, cliflags.Int("map-slots", cfg.MapSlots, "map slots per node")),
		cliflags.Row(&cfg.ReduceSlots, cliflags.Int("reduce-slots", cfg.ReduceSlots, "reduce slots per node")),
		cliflags.Row(&cfg.Users, cliflags.Int("users", cfg.Users, "assign job k to user k mod USERS (the traces have no users)")),
		cliflags.Row(&cfg.MaxJobs, cliflags.Int("max-jobs", cfg.MaxJobs, "keep only the first `M` jobs (0: all)")),
	}
}
