package main

// Library code: instances/sharedscan, solver/flex.

import (
	"fmt"
	"math"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

func flexCommands() []*cli.Command {
	metrics := cliout.Action(func(*cli.Context) (*tabular.Table, error) { return flex.MetricsTable(), nil })
	return clitree.InCategory(catFlex, clitree.Group("flex",
		flexPlanCmd(), flexSimulateCmd(), flexStudyCmd(), flexMergeCmd(), clitree.Cmd("metrics", metrics, cliout.Format("table")), flexMapCmd()))
}

// The files flex study and merge write into --out-dir, and those of flex
// map (its passes' cells in DIR/coarse and DIR/fine).
var (
	flexDirNames = append([]string{"cells.jsonl"}, cliflags.FigureNames...)
	flexMapNames = append([]string{"coarse/cells.jsonl", "fine/cells.jsonl"}, cliflags.FigureNames...)
)

func flexWorkloadFlag() cli.Flag {
	return cliflags.Input("workload", "", "shared-scan workload `FILE` (JSON)", cliflags.Alias("w"), cliflags.Required)
}

func flexPlanCmd() *cli.Command {
	return runLimited("a plan", clitree.Cmd("plan", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		return study.FlexPlan(study.FlexPlanConfig{Workload: c.String("workload"), Metric: c.String("metric"), Scheme: c.String("scheme"),
			At: c.Float64("at"), Intervals: c.Bool("intervals"), SVG: c.String("svg"), Context: c.Context})
	}), cliout.FormatOut("the result",
		flexWorkloadFlag(),
		cliflags.String("metric", "sum-response", "one of 'mrsched flex metrics' (aliases avg-response, avg-stretch, makespan)", cliflags.Alias("m")),
		cliflags.String("scheme", "circumflex", "circumflex or flex"),
		atFlag(),
		cliflags.Bool("intervals", false, "also print the intervals with per-subjob slots"),
		cliout.FileOut("svg", "draw the slot allocations over time to `FILE`"))...))
}

func flexSimulateCmd() *cli.Command {
	return runLimited("a simulation", clitree.Cmd("simulate", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		return study.FlexSimulate(study.FlexSimulateConfig{Workload: c.String("workload"), Metric: c.String("metric"), Scheme: c.String("scheme"),
			Window: c.Float64("window"), Jobs: c.Bool("jobs"), Context: c.Context})
	}), cliout.FormatOut("the result",
		flexWorkloadFlag(),
		cliflags.String("metric", "sum-response", "one of 'mrsched flex metrics'", cliflags.Alias("m")),
		cliflags.String("scheme", "all", "all, flex, circumflex or batch"),
		cliflags.Float("window", 2, "BATCH window W per dataset (time units of the workload)"),
		cliflags.Bool("jobs", false, "one row per job"))...))
}

func flexStudyFlags() []cli.Flag {
	return []cli.Flag{
		cliflags.OutputDir("out-dir", "results/flex", "write cells and report files under `DIR`", flexDirNames),
		shardFlag(),
		cliflags.Workers(2),
		cliflags.Reps(10),
		cliflags.String("theta1", "0,0.25,0.5,0.75,1", "popularity Zipf parameters"),
		cliflags.String("theta2", "0,0.25,0.5,0.75,1", "size Zipf parameters"),
		cliflags.String("levels", "0,1,2,3,4,5,6,7,8", "correlation levels (0 negative … 4 random … 8 positive)"),
		cliflags.String("metrics", "sum-response,sum-stretch,max-stretch", "metrics to simulate"),
		cliflags.Int("jobs", 1000, "arrivals per workload"),
		cliflags.Float("horizon", 100, "T in minutes (arrivals in [0,T))"),
		cliflags.Int("max-slots", 100, "M_j of every job"),
		cliflags.Int("min-slots", 1, "m_j of every job"),
		cliflags.Float("window", 2, "BATCH window W in minutes"),
		cliflags.Seed(1, "base seed"),
		cliflags.BesidesSVG(),
		cliout.Quiet(),
	}
}

func flexStudyConfig(c *cli.Context) (flex.StudyConfig, error) {
	cfg := flex.DefaultStudy()
	cfg.Reps, cfg.Window, cfg.Seed = c.Int("reps"), c.Float64("window"), c.Uint64("seed")
	cfg.Workload.Jobs, cfg.Workload.Horizon = c.Int("jobs"), c.Float64("horizon")
	cfg.Workload.MaxSlots, cfg.Workload.MinSlots = c.Int("max-slots"), c.Int("min-slots")
	g := study.FlexGrid{Theta1: c.String("theta1"), Theta2: c.String("theta2"), Levels: c.String("levels"), Metrics: c.String("metrics")}
	return cfg, cliout.FlagError(g.Set(&cfg))
}

// flexReportOut says what the study (or merge, returning rep and err)
// wrote into --out-dir and prints summary.md.
func flexReportOut(c *cli.Context, rep *study.FlexReport, err error) error {
	if err != nil {
		return err
	}
	cliout.Notices(c, rep.Set.Notices)
	dir := c.String("out-dir")
	if len(rep.Files) == 0 {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s; merge all shards with 'mrsched flex merge --out-dir %s FILES…'\n", rep.Cells, dir)
		return nil
	}
	cliout.Infof(c, "wrote %s/{%s}", dir, strings.Join(rep.Files, ","))
	return cliout.Print(c, tabular.Markdown, rep.Summary)
}

func flexStudyCmd() *cli.Command {
	return studyLimited(clitree.Cmd("study", func(c *cli.Context) error {
		cfg, err := flexStudyConfig(c)
		if err != nil {
			return err
		}
		sp, _ := sweep.Parse(c.String("shard")) // checked by shardFlag
		progress := cliout.ProgressEvery(c, 5, func(done, total int) string { return fmt.Sprintf("flex study %s: %d/%d cells", sp, done, total) })
		rep, err := study.RunFlex(c.Context, cfg, sp, c.Int("workers"), c.String("out-dir"), progress, figures.Formats(c.Bool("png"))...)
		return flexReportOut(c, rep, err)
	}, flexStudyFlags()...))
}

func flexMergeCmd() *cli.Command {
	return clitree.Cmd("merge", func(c *cli.Context) error {
		if c.NArg() == 0 {
			return fmt.Errorf("merge: name the shard files")
		}
		rep, err := study.MergeFlex(c.Args().Slice(), c.String("out-dir"), figures.Formats(c.Bool("png"))...)
		return flexReportOut(c, rep, err)
	},
		cliflags.OutputDir("out-dir", "results/flex", "output `DIR`", flexDirNames),
		cliflags.BesidesSVG(),
		cliout.Quiet())
}

func genSharedScanCmd() *cli.Command {
	def := sharedscan.DefaultGenConfig()
	return clitree.Cmd("sharedscan", cliout.Action(cliflags.Call(def, cliflags.Tagged[sharedscan.GenConfig], sharedscan.GenConfig.Generate)),
		append(cliflags.Bind(cliflags.Table(&def)...), cliout.Out("the result"))...)
}

func importSWIMScansCmd() *cli.Command {
	d := sharedscan.DefaultSWIMSpec()
	return clitree.Cmd("swim-scans", cliout.Action(func(c *cli.Context) (sharedscan.File, error) {
		w, err := sharedscan.ReadSWIMFile(c.String("trace"), sharedscan.SWIMSpec{Slots: c.Int("slots"), BlockBytes: c.Float64("block-mb") * (1 << 20),
			BlockMinutes: c.Float64("block-minutes"), MinSlots: c.Int("min-slots"), From: c.Float64("from"), To: c.Float64("to"), Limit: c.Int("limit")})
		return sharedscan.File{Workload: w}, err
	}),
		cliflags.Input("trace", "", "SWIM trace `FILE` (withInputPaths TSV)", cliflags.Required),
		cliflags.Int("slots", d.Slots, "S"),
		cliflags.Float("block-mb", 64, "MiB per map task"),
		cliflags.Float("block-minutes", d.BlockMinutes, "slot-minutes to scan one block"),
		cliflags.Int("min-slots", d.MinSlots, "m_j"),
		cliflags.Float("from", 0, "keep jobs submitted at or after `SECONDS`"),
		cliflags.Float("to", 0, "keep jobs submitted before `SECONDS` (0: no limit)"),
		cliflags.Int("limit", 0, "keep at most N jobs (0: all)"),
		cliout.Out("the result"))
}

func flexMapCmd() *cli.Command {
	g := flex.DefaultMapGrid() // the coarse grid of docs/flex.md (the parameter map)
	return studyLimited(clitree.Cmd("map", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		s := flex.DefaultMapSetup()
		s.Grid = flex.MapGrid{MinFrac: c.Float64Slice("min-frac"), Window: c.Float64Slice("window"), BlockTime: c.Float64Slice("block-time")}
		s.Reps, s.Workload.Jobs, s.Workload.Horizon = c.Int("reps"), c.Int("jobs"), float64(c.Int("jobs"))/10
		sp, _ := sweep.Parse(c.String("shard")) // checked by shardFlag
		ms, err := cliflags.IntsOf(c, "max-slots", cliflags.AtLeastOne)
		if s.Grid.MaxSlots = ms; err != nil {
			return nil, err
		}
		return study.FlexMap(c.Context, s, flex.MapRunOptions{Dir: c.String("out-dir"), Pass: c.String("pass"), Shard: sp,
			Workers: c.Int("workers"), Merge: c.Args().Slice(), Progress: cliout.ProgressLine(c)}, cliout.ProtectedInputs(c))
	}),
		cliflags.OutputDir("out-dir", "results/flex/map", "cells (DIR/coarse, DIR/fine) and report `DIR`", flexMapNames),
		cliflags.Choice("pass", "both", "the passes to run (one with --shard)", "both", "coarse", "fine"),
		shardFlag(),
		cliflags.Workers(2),
		cliflags.Reps(10),
		cliflags.Ints("max-slots", "5,10,20,30,50,100", "M_j values", cliflags.AtLeastOne),
		cliflags.Floats("min-frac", g.MinFrac, "φ values, m_j = max(1, round(φ·M_j))", cliflags.Between(0, 1)),
		cliflags.Floats("window", g.Window, "BATCH windows W in minutes", cliflags.Positive),
		cliflags.Floats("block-time", g.BlockTime, "block times b in slot-minutes (0: no block limit)", cliflags.NonNegative),
		cliflags.Int("jobs", 1000, "arrivals per workload (T = jobs/10 minutes, §4's rate)", cliflags.AtLeastOne),
		cliout.Quiet()))
}

// atFlag is --at of flex plan: a finite time ≥ 0, or the last arrival
// when it is not given (its default -1 is never checked).
func atFlag() *cliflags.FloatFlag {
	f := cliflags.Float("at", -1, "plan at this time (default: the last arrival)")
	f.Action = func(_ *cli.Context, at float64) error {
		if !(at >= 0 && !math.IsInf(at, 0)) {
			return fmt.Errorf("--at %v: want a finite time ≥ 0 (omit it for the last arrival)", at)
		}
		return nil
	}
	return f
}
