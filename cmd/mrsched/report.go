package main

import (
	"errors"
	"fmt"
	"runtime"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/report/whatif"
	"github.com/mrsched/mrsched/sweep"
)

func sweepFlags() []cli.Flag {
	return append(append([]cli.Flag{cliout.Format("table"), cliout.Out("the output")}, cliflags.Figures("figures")...),
		shardFlag(),
		cliflags.Output("cells", "", "keep the cells in `FILE` (JSON lines): a killed run resumes from it without recomputing finished cells"),
		cliflags.Workers(runtime.NumCPU()),
		cliout.Quiet())
}

// runSweep returns the function that runs (a shard of) a sweep built
// without an error with the sweep flags and prints it (cliout.RunSweep),
// or returns the error.
func runSweep(c *cli.Context, what string) func(sweep.Sweep, error) error {
	return func(sw sweep.Sweep, err error) error {
		if err == nil {
			_, err = cliout.RunSweep(c, what, runner(c, sw))
		}
		return err
	}
}

func runner(c *cli.Context, sw sweep.Sweep) func(cliout.SweepOptions) (*study.SweepOutput, error) {
	return func(o cliout.SweepOptions) (*study.SweepOutput, error) {
		return study.RunSweep(c.Context, sw, study.SweepConfig(o))
	}
}

// sweepProblems turns the violations of a whole sweep (of a report or a
// study) into exit status 2 and a report's failed runs into exit status 1.
func sweepProblems(o *study.SweepOutput, err error) error {
	if err != nil {
		return err
	}
	if err = o.Problems(); errors.Is(err, report.ErrViolation) {
		return clitree.ExitWith(2, err)
	}
	return err
}

func reportCmd() *cli.Command {
	return clitree.Cmd("report", func(c *cli.Context) error {
		start := time.Now()
		cfg := study.ReportConfig{Instances: cliflags.RepeatedOf(c, "instance"), Gens: cliflags.RepeatedOf(c, "gen"), Methods: c.String("methods"),
			TimeLimit: c.Duration("time-limit"), Start: commandStart(c), NoValidate: c.Bool("no-validate"), Page: c.String("html") != ""}
		return sweepProblems(writePage(c, start)(cliout.RunSweep(c, "report", func(o cliout.SweepOptions) (*study.SweepOutput, error) {
			return study.RunReport(c.Context, cfg, study.SweepConfig(o))
		})))
	}, append([]cli.Flag{
		cliflags.Repeatable("instance", "instance `FILE` (JSON or CSV); repeatable", true, cliflags.Alias("i")),
		cliflags.Repeatable("gen", "generator `SPEC`; repeatable (see above)", false),
		methodsFlag("fifo,klps,maxsrpt,splitsrpt,lb51,lbcount"),
		cliflags.TimeLimit(60*time.Second, "for the whole command, split between the instances and their methods"),
		cliflags.Bool("no-validate", false, "skip checking every schedule with the independent validator"),
		htmlFlag(),
	}, sweepFlags()...)...)
}

func htmlFlag() cli.Flag {
	return cliout.FileOut("html", "also write the one-page HTML report (plan, Gantt chart, methods, instance, provenance) to `FILE`")
}

// writePage writes the one-page HTML report of a whole sweep to --html
// (study.SweepOutput.SavePage), with the provenance of the run that
// started at start.
func writePage(c *cli.Context, start time.Time) func(*study.SweepOutput, error) (*study.SweepOutput, error) {
	return func(o *study.SweepOutput, err error) (*study.SweepOutput, error) {
		if err != nil {
			return o, err
		}
		lines, err := o.SavePage(study.PageConfig{HTML: c.String("html"), WhatIfReps: c.Int("whatif-reps"), WhatIfSigma: c.Float64("whatif-sigma"),
			WhatIfSeed: c.Uint64("whatif-seed"), CommandLine: cliflags.CommandLine(c), TimeLimit: c.Duration("time-limit"), Start: start,
			Protect: cliout.ProtectedInputs(c), Engines: func() []string {
				r, _ := cliout.Provenance(c) // the engines that ran (the page's what-if runs none)
				return r.EngineNames()
			}})
		cliout.Lines(c, lines)
		return o, err
	}
}

func methodsFlag(value string) cli.Flag {
	return cliflags.Checked("methods", value, "comma-separated `LIST` of methods (listed in 'mrsched report --help')",
		func(s string) error { _, err := report.Resolve(s); return err }, cliflags.Alias("m"))
}

func mergeCmd() *cli.Command {
	return clitree.Cmd("merge", func(c *cli.Context) error {
		if c.NArg() == 0 {
			return fmt.Errorf("merge: give the shard files (see 'mrsched merge --help')")
		}
		o, err := study.MergeSweep(c.Args().Slice(), c.String("figures"), c.Bool("png"))
		if err != nil {
			return err
		}
		if p := c.String("cells-out"); p != "" {
			if err := cliout.WriteWith(c, p, fmt.Sprintf("%d cells", len(o.Set.Cells)), o.Set.Write); err != nil {
				return err
			}
		}
		return sweepProblems(o, cliout.EmitSweep(c, o))
	}, append(append([]cli.Flag{cliout.Format("table"), cliout.Out("the output")}, cliflags.Figures("the sweep's figures")...),
		cliout.FileOut("cells-out", "also write the merged cells to `FILE`"), cliout.Quiet())...)
}

// studyCommand is a study: its flags, then the sweep flags; the action
// builds the sweep with mk, runs it and turns violations into exit status 2.
func studyCommand(name string, mk func(c *cli.Context) (sweep.Sweep, error), flags ...cli.Flag) *cli.Command {
	return clitree.Cmd(name, func(c *cli.Context) error {
		sw, err := mk(c)
		if err != nil {
			return err
		}
		return sweepProblems(cliout.RunSweep(c, "study "+name, runner(c, sw)))
	}, append(flags, sweepFlags()...)...)
}

func studyTightnessCmd() *cli.Command {
	def := study.DefaultTightness()
	return studyCommand("tightness", func(c *cli.Context) (sweep.Sweep, error) {
		ns, err := cliflags.IntsOf(c, "ns", cliflags.AtLeastOne)
		if err != nil {
			return sweep.Sweep{}, err
		}
		return study.TightnessSweep(study.TightnessConfig{Alphas: c.Float64Slice("alphas"), Eps: c.Float64Slice("eps"), Betas: c.Float64Slice("betas"),
			Ns: ns, Exact: c.String("exact"), ExactMaxN: c.Int("exact-max-n"), TimeLimit: c.Duration("time-limit").String()})
	},
		cliflags.Floats("alphas", def.Alphas, "α values (Cor. 4)", cliflags.AboveOne),
		cliflags.Floats("eps", def.Eps, "ε values (Cor. 4), 0 < ε < α − 1", cliflags.Positive),
		cliflags.Floats("betas", def.Betas, "β values (Cor. 6)", cliflags.Positive),
		cliflags.Ints("ns", cliflags.IntList(def.Ns), "numbers of jobs (Cor. 4 uses the even ones)", cliflags.AtLeastOne),
		cliflags.String("exact", def.Exact, "exact `METHOD` for OPT on small n (search, mip, or rational: fractions throughout); empty: none"),
		cliflags.Int("exact-max-n", def.ExactMaxN, "largest n solved exactly", cliflags.NonNegInt),
		cliflags.TimeLimit(60*time.Second, "per exact solve"))
}

func studyFig7Cmd() *cli.Command {
	return studyLimited(studyCommand("fig7", func(c *cli.Context) (sweep.Sweep, error) {
		return study.Fig7FileSweep(c.StringSlice("trace"), c.Float64Slice("loads"), c.Int("max-jobs"))
	},
		cliout.InList("trace", "SWIM trace `FILE`; repeatable",
			"../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv", "../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv"),
		cliflags.Loads(study.DefaultLoads()),
		cliflags.Int("max-jobs", 0, "keep only the first N jobs of each trace; 0 keeps all", cliflags.NonNegInt)))
}

func studyFig9Cmd() *cli.Command {
	f9 := study.DefaultFig9()
	return studyLimited(studyCommand("fig9", func(c *cli.Context) (sweep.Sweep, error) {
		cfg := study.DefaultFig9()
		cfg.Loads, cfg.Jobs, cfg.Reps, cfg.Seed = c.Float64Slice("loads"), c.Int("jobs"), c.Int("reps"), c.Uint64("seed")
		return study.Fig9Sweep(cfg)
	},
		cliflags.Loads(f9.Loads),
		cliflags.Int("jobs", f9.Jobs, "jobs per replication", cliflags.AtLeastOne),
		cliflags.Reps(f9.Reps),
		cliflags.Seed(f9.Seed, "seed of replication 0 (replication r uses seed + r)")))
}

func studyNightlyCmd() *cli.Command {
	return clitree.Cmd("nightly", func(c *cli.Context) error {
		start := time.Now()
		sw, err := study.NightlyFileSweep(c.String("instance"), c.String("methods"), c.Duration("time-limit"), commandStart(c))
		if err != nil {
			return err
		}
		return sweepProblems(writePage(c, start)(cliout.RunSweep(c, "study nightly", runner(c, sw))))
	}, append([]cli.Flag{
		cliout.In("instance", "batch instance `FILE` (default: the embedded nightly batch)", false, "i"),
		methodsFlag(study.DefaultNightlyMethods),
		cliflags.TimeLimit(30*time.Second, "for the whole command, split between the methods"),
		htmlFlag(),
		cliflags.Int("whatif-reps", 0, "with --html: show the plan and each policy under size noise as a band, over `N` replications (as 'mrsched evaluate'; 0: no what-if)", cliflags.NonNegInt),
		cliflags.Float("whatif-sigma", whatif.DefaultConfig().Sigma, "with --whatif-reps: σ of the log-normal noise factor exp(σZ) of each size", cliflags.NonNegative),
		cliflags.Uint64("whatif-seed", whatif.DefaultConfig().Seed, "with --whatif-reps: seed (replication r draws from PCG(seed, r))")}, sweepFlags()...)...)
}

func ganttCmd() *cli.Command {
	return clitree.Cmd("gantt", func(c *cli.Context) error {
		files, err := study.GanttFiles(c.String("instance"), c.String("schedule"), c.String("title"), c.String("out"), figures.Formats(c.Bool("png"))...)
		cliout.Wrote(c, files)
		return err
	},
		cliout.Instance(),
		cliout.In("schedule", "schedule `FILE` (JSON or CSV)", true, "s"),
		cliflags.OutputBase("out", "output `BASE` name: writes BASE.svg, and BASE.png with --png ("+cliout.OverwriteNote+")", []string{".svg", ".png"}, cliflags.Alias("o"), cliflags.Required),
		cliflags.PNG("write BASE.png too"),
		cliflags.String("title", "", "chart title (default: the file names)"),
		cliout.Quiet())
}
