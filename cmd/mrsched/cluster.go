package main

// Slot-level cluster simulation (issue 9): FIFO, Fair, LsPS (Yao et al.)
// and H-PFSP / Parallel PFSP (Li et al.). Library code lives in
// instances/cluster, solver/cluster and solver/cluster/study.

import (
	"fmt"
	"io"

	"github.com/urfave/cli/v2"

	cw "github.com/mrsched/mrsched/instances/cluster"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/solver/cluster/study"
	"github.com/mrsched/mrsched/tabular"
)

func clusterCommands() []*cli.Command {
	studies := make([]*cli.Command, len(study.Studies))
	for i, name := range study.Studies {
		studies[i] = cmd(name, clusterStudy(name), clusterStudyFlags(name == "swim")...)
	}
	return inCategory(catCluster, group("cluster", clusterSimulateCmd(), group("study", studies...)))
}

func clusterGenCommands() []*cli.Command { return inCategory(catCluster, genClusterCmd()) }

func clusterImportCommands() []*cli.Command { return inCategory(catCluster, importSWIMClusterCmd()) }

func clusterSimulateCmd() *cli.Command {
	return cmd("simulate", clusterSimulate,
		&cli.StringFlag{Name: "workload", Aliases: []string{"w"}, Required: true, Usage: "cluster workload `FILE` (JSON, see mrsched gen cluster)"},
		&cli.StringFlag{Name: "policy", Aliases: []string{"p"}, Value: "fair", Usage: "fifo, fair, lsps, hpfsp or ppfsp"},
		&cli.Float64Flag{Name: "alpha", Value: 1, Usage: "LsPS α of eq. 8 in [0, 1]"},
		&cli.Float64Flag{Name: "cv-threshold", Value: 1, Usage: "LsPS tier-2 CV threshold"},
		&cli.IntFlag{Name: "fair-limit", Value: 2, Usage: "H-PFSP FAIR_LIMIT (0: no fair phase)"},
		&cli.BoolFlag{Name: "exact", Usage: "H-PFSP with exact remaining sizes instead of estimates"},
		&cli.StringFlag{Name: "clock", Usage: "H-PFSP virtual PS clock: work (eq. 8 as printed; hpfsp default) or time (real-time PS; ppfsp default)"},
		&cli.Float64Flag{Name: "update-interval", Value: 5, Usage: "H-PFSP UPDATE_INTERVAL in seconds"},
		&cli.BoolFlag{Name: "default-from-tasks", Usage: "H-PFSP eq. 18 defaults from every finished task, not only finished jobs'"},
		&cli.Float64Flag{Name: "heartbeat", Usage: "assign free slots only every `SECONDS` (0: at once)"},
		&cli.BoolFlag{Name: "jobs", Usage: "one row per job instead of the per-user summary"},
		&cli.StringFlag{Name: "timeline", Usage: "write the task-to-slot timeline to `FILE` (CSV)"},
		formatFlag("table"),
		outFlag("the results"))
}

func clusterSimulate(c *cli.Context) error {
	s := cluster.PolicySettings{Alpha: c.Float64("alpha"), CVThreshold: c.Float64("cv-threshold"), FairLimit: c.Int("fair-limit"),
		Exact: c.Bool("exact"), UpdateInterval: c.Float64("update-interval"), DefaultFromTasks: c.Bool("default-from-tasks"), Clock: c.String("clock")}
	path := c.String("timeline")
	r, err := study.SimulateFile(c.String("workload"), c.String("policy"), s, study.SimulateConfig{Heartbeat: c.Float64("heartbeat"), Timeline: path != ""})
	if err != nil {
		return flagError(err, cluster.ErrConfig, study.ErrConfig)
	}
	if path != "" {
		if err := writeWith(c, path, "timeline", func(w io.Writer) error { return study.TimelineTable(r).Write(w, tabular.CSV) }); err != nil {
			return err
		}
		r.Timeline = nil
	}
	return emitView(c, study.SimulateView(r, c.String("workload"), c.Bool("jobs")))
}

func clusterStudyFlags(swimFlags bool) []cli.Flag {
	fl := []cli.Flag{
		intFlag("seeds", 20, "independent replications", atLeastOne),
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Value: "results/cluster", Usage: "results `DIR` (\"\" writes no files)"},
		intFlag("workers", study.Workers, "parallel simulations", atLeastOne),
		besidesSVGFlag(),
		quietFlag(),
	}
	if swimFlags {
		fl = append(fl,
			&cli.StringFlag{Name: "trace", Value: "../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv", Usage: "SWIM trace `FILE`"},
			&cli.IntFlag{Name: "nodes", Value: 100, Usage: "cluster nodes (2 map + 2 reduce slots each)"},
			&cli.IntFlag{Name: "max-jobs", Usage: "keep only the first `M` jobs of the trace (0: all)"},
			&cli.StringFlag{Name: "name", Usage: "label of the output files (default: FB-2009 or FB-2010 from the file name, with the node count)"})
	}
	return fl
}

// clusterStudy runs the study name (study.RunStudy) with its figures
// drawn by figures.SaveCluster and writes its tables in Markdown.
func clusterStudy(name string) cli.ActionFunc {
	return func(c *cli.Context) error {
		if c.NArg() > 0 {
			return fmt.Errorf("unexpected arguments %q (flags go before them)", c.Args().Slice())
		}
		env := study.Env{OutDir: c.String("out"), Render: func(dir string, f study.Figure) error {
			return figures.SaveCluster(dir, f, figures.Formats(c.Bool("png"))...)
		}}
		if !c.Bool("quiet") {
			env.Progress = c.App.ErrWriter
		}
		tables, err := study.RunStudy(env, study.StudyConfig{Study: name, Seeds: c.Int("seeds"), Workers: c.Int("workers"),
			Trace: c.String("trace"), Nodes: c.Int("nodes"), MaxJobs: c.Int("max-jobs"), Name: c.String("name")})
		if err == nil {
			err = tabular.WriteTables(c.App.Writer, tabular.Markdown, tables...)
			fmt.Fprintln(c.App.Writer)
		}
		return flagError(err, study.ErrConfig)
	}
}

func genClusterCmd() *cli.Command {
	return cmd("cluster", func(c *cli.Context) error {
		w, err := cw.Generate(c.String("kind"), c.Int("n"), c.Float64("size"), c.Uint64("seed"))
		return clusterWriteWorkload(c, w, err)
	},
		&cli.StringFlag{Name: "kind", Required: true, Usage: "table2, fig2, fig3a, fig3b, fig4, fig5 or synthetic"},
		seedFlag(1, "random seed"),
		&cli.IntFlag{Name: "n", Value: 5, Usage: "jobs (fig2, fig3a, synthetic)"},
		&cli.Float64Flag{Name: "size", Value: 1, Usage: "TeraSort size in GB (fig3a)"},
		outFlag("the workload"),
		quietFlag())
}

// clusterWriteWorkload writes w to --out or stdout, or returns err.
func clusterWriteWorkload(c *cli.Context, w *cw.Workload, err error) error {
	path := c.String("out")
	switch {
	case err != nil:
		return flagError(err, cw.ErrSWIMOptions)
	case path == "":
		return cw.WriteJSON(c.App.Writer, w)
	}
	if err := cw.WriteFile(path, w); err != nil {
		return err
	}
	infof(c, "wrote %s (%d jobs)", path, len(w.Jobs))
	return nil
}

func importSWIMClusterCmd() *cli.Command {
	return cmd("swim-cluster", func(c *cli.Context) error {
		o := cw.DefaultSWIMOptions()
		o.Nodes, o.MapSlots, o.ReduceSlots = c.Int("nodes"), c.Int("map-slots"), c.Int("reduce-slots")
		o.Users, o.MaxJobs = c.Int("users"), c.Int("max-jobs")
		w, err := cw.ReadSWIMFile(c.String("trace"), o)
		return clusterWriteWorkload(c, w, err)
	},
		&cli.StringFlag{Name: "trace", Required: true, Usage: "SWIM trace `FILE` (TSV)"},
		&cli.IntFlag{Name: "nodes", Value: 100, Usage: "cluster nodes"},
		&cli.IntFlag{Name: "map-slots", Value: 2, Usage: "map slots per node"},
		&cli.IntFlag{Name: "reduce-slots", Value: 2, Usage: "reduce slots per node"},
		&cli.IntFlag{Name: "users", Value: 1, Usage: "assign job k to user k mod USERS (the traces have no users)"},
		&cli.IntFlag{Name: "max-jobs", Usage: "keep only the first `M` jobs (0: all)"},
		outFlag("the workload"),
		quietFlag())
}
