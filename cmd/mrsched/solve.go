package main

import (
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// processStart is when the program started (package initialisation, and
// again when run starts the command): the time limits of solve, bound and
// mip solve count from here, so that they cover start-up.
var processStart = time.Now()

func solveCmd() *cli.Command {
	return clitree.Cmd("solve", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		for _, f := range []string{"method", "order", "engine", "k", "deadlines"} {
			if c.Bool("exact") && c.IsSet(f) && (f != "method" || c.String(f) != exact.DefaultMethod) {
				return nil, fmt.Errorf("--%s does not apply to --exact (the exact rational search is its own method)", f)
			}
		}
		return report.SolveFile(c.Context, report.SolveConfig{Instance: c.String("instance"), Exact: c.Bool("exact"),
			Method: c.String("method"), Order: c.String("order"), Engine: c.String("engine"), K: c.Int("k"), TimeLimit: c.Duration("time-limit"),
			GapLimit: c.Float64("gap"), Start: processStart, Progress: cliout.ProgressLine(c), Schedule: c.String("schedule"), Protect: cliout.ProtectedInputs(c),
			Deadlines: c.String("deadlines")})
	}), cliout.TableOut("the result",
		cliout.Instance(),
		cliflags.String("method", exact.DefaultMethod, "portfolio, mip, search, order-lp, polish, local or a policy name", cliflags.Alias("m")),
		cliflags.String("order", "", "completion order for order-lp (or priority order for --method order)"),
		cliflags.Bool("exact", false, "exact optimum in rational arithmetic (batches; numbers as \"p/q\" strings)"),
		cliflags.TimeLimit(60*time.Second, "time limit"),
		cliflags.Float("gap", 0, "relative gap (objective − bound)/objective at which the methods stop, status \"gap limit\" (0: 1e-6, the engines' accuracy)", cliflags.Between(0, 1)),
		engineFlag("LP/MIP engine"),
		kFlag(),
		cliflags.Choice("deadlines", exact.DeadlinesSoft, "soft: report the late jobs; hard: meet every deadline (C_j ≤ due_j) or say why not", exact.DeadlinesSoft, exact.DeadlinesHard),
		cliout.FileOut("schedule", "write the schedule to `FILE` (CSV when it ends in .csv, otherwise JSON)"))...)
}

func boundCmd() *cli.Command {
	return clitree.Cmd("bound", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		return report.BoundsFile(c.Context, report.BoundsConfig{Instance: c.String("instance"), Engine: c.String("engine"),
			NoLP: c.Bool("no-lp"), TimeLimit: c.Duration("time-limit"), Start: processStart})
	}), cliout.TableOut("the bounds",
		cliout.Instance(),
		cliflags.TimeLimit(report.DefaultBoundsTimeLimit, "time limit for the whole command (the LP relaxation is reported as failed when it runs out)"),
		engineFlag("engine for the LP relaxation"),
		cliflags.Bool("no-lp", false, "skip the LP relaxation"))...)
}

func exportCmd() *cli.Command {
	return clitree.Cmd("export", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		if c.Bool("lp") == c.Bool("mps") {
			return nil, fmt.Errorf("export: give exactly one of --lp and --mps (see 'mrsched export --help')")
		}
		return report.ExportFile(c.String("instance"), c.Bool("lp"), c.Bool("release-form"))
	}),
		cliout.Instance(),
		cliflags.Bool("lp", false, "CPLEX LP format"),
		cliflags.Bool("mps", false, "free MPS format"),
		cliflags.Bool("release-form", false, "use the release-date formulation even for a batch"),
		cliout.Out("the model"), cliout.Quiet())
}

func genTaillardCmd() *cli.Command {
	return clitree.Cmd("taillard", func(c *cli.Context) error {
		ti, err := taillard.Generate(c.Int("jobs"), c.Int("machines"), taillard.Seed(c.Int64("seed"), c.Int("seeds20x5")))
		if err != nil {
			return err
		}
		return cliout.EmitWith(c, func(w io.Writer) error { return taillard.WriteAs(w, ti, c.String("format")) })
	},
		cliflags.Int("jobs", 20, "number of jobs (the maxima peak at 136 MB)", cliflags.Between(1, taillard.MaxJobs)),
		cliflags.Int("machines", 5, "number of machines (≥ 2 for json)", cliflags.Between(1, taillard.MaxMachines)),
		cliflags.Int64("seed", taillard.Seeds20x5[0], "time seed (an integer in [1, 2^31−2])", cliflags.Between(1, 1<<31-2), cliflags.RuleInUsage),
		cliflags.Int("seeds20x5", 0, "use seed K of Taillard's 20 × 5 set", cliflags.Between(1, 10)),
		cliflags.Choice("format", "fsp", "output format", "fsp", "json"),
		cliout.Out("the instance"), cliout.Quiet())
}

func importTaillardCmd() *cli.Command {
	return clitree.Cmd("taillard", cliout.ArgAction("FILE.fsp", func(c *cli.Context, path string) (instances.File, error) {
		in, err := taillard.ReadTandemFile(path, c.Int("index"))
		return instances.File{Instance: in}, err
	}),
		cliflags.Int("index", 1, "which instance of the file (1-based)", cliflags.AtLeastOne),
		cliout.InstanceOut(),
		cliout.Quiet())
}

func genLogNormalCmd() *cli.Command {
	return clitree.Cmd("lognormal", cliout.Action(func(c *cli.Context) (instances.File, error) {
		spec := instances.PaperLogNormal(c.Int("n"), c.Float64("load"), c.Bool("batch"))
		spec.MapSD, spec.RatioSD = c.Float64("map-sd"), c.Float64("ratio-sd")
		in, err := instances.Seeded(spec.Generate, c.Uint64("seed"))
		return instances.File{Instance: in}, err
	}), append([]cli.Flag{
		cliflags.Int("n", 100, "number of jobs (the maximum peaks at 1.3 GB writing JSON, 0.6 GB CSV)", cliflags.Between(1, instances.MaxGenerateJobs)),
		cliflags.Float("load", 0.75, "offered load ρ (online instances)", cliflags.Positive),
		cliflags.Bool("batch", false, "release every job at time 0"),
		cliflags.Seed(1, "random seed"),
		cliflags.Float("map-sd", 3.65, "standard deviation of the map size (mean 1)", cliflags.NonNegative),
		cliflags.Float("ratio-sd", 3.28, "standard deviation of the ratio γ (mean 1)", cliflags.NonNegative),
	}, cliout.InstanceOutFlags()...)...)
}

func importSWIMCmd() *cli.Command {
	return clitree.Cmd("swim", cliout.ArgAction("TRACE.tsv", func(c *cli.Context, path string) (instances.File, error) {
		in, err := instances.ReadSWIMFile(path, instances.SWIMOptions{DropMapOnly: c.Bool("drop-map-only"),
			Normalize: c.Bool("normalize"), Load: c.Float64("load"), MaxJobs: c.Int("max-jobs")})
		return instances.File{Instance: in}, err
	}), append([]cli.Flag{
		cliflags.Bool("drop-map-only", false, "drop jobs whose shuffle bytes are 0"),
		cliflags.Bool("normalize", false, "scale sizes so that mean map and mean shuffle are 1"),
		cliflags.Float("load", 0, "rescale time to this offered load ρ; 0 keeps seconds", cliflags.NonNegative),
		cliflags.Int("max-jobs", 0, "keep only the first N jobs; 0 keeps all", cliflags.NonNegInt),
	}, cliout.InstanceOutFlags()...)...)
}

func checkCmd() *cli.Command {
	return clitree.Cmd("check", cliout.ReadAction("instance", instances.ReadFile, func(_ *cli.Context, in *instances.Instance) (*tabular.View, error) {
		return report.SummaryView(instances.Summarize(in)), nil
	}), cliout.TableOut("the summary", cliout.Instance())...)
}

func simulateCmd() *cli.Command {
	return runLimited("a simulation", clitree.Cmd("simulate", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		return report.SimulateFile(report.SimulateConfig{Instance: c.String("instance"), Policy: c.String("policy"), K: c.Int("k"),
			Order: c.String("order"), Speed: c.Float64("speed"), Schedule: c.String("schedule"), Exact: c.Bool("exact"), Protect: cliout.ProtectedInputs(c), Context: c.Context})
	}), cliout.TableOut("the result",
		cliout.Instance(),
		cliflags.String("policy", "maxsrpt", "fifo, ps, klps, klps-maponly, maxsrpt, splitsrpt, splitsrpt-strict or order", cliflags.Alias("p")),
		kFlag(),
		cliflags.String("order", "", "priority order for --policy order: job indices, e.g. 2,0,1"),
		cliflags.Speed(),
		cliout.FileOut("schedule", "write the fluid schedule to `FILE` (CSV when it ends in .csv, otherwise JSON)"),
		cliflags.Bool("exact", false, "simulate in rational arithmetic (batches; fifo, ps, maxsrpt, splitsrpt): numbers as fractions, --schedule an exact schedule file"))...))
}

func validateCmd() *cli.Command {
	return clitree.Cmd("validate", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		return report.ValidateFiles(c.String("instance"), c.String("schedule"))
	}), cliout.TableOut("the result",
		cliout.Instance(),
		cliout.In("schedule", "schedule `FILE` (JSON, or CSV ending in .csv)", true, "s"))...)
}

func compareCmd() *cli.Command {
	return clitree.Cmd("compare", cliout.Action(func(c *cli.Context) (*report.Output, error) {
		if cliflags.Count(c.String("instance") != "", c.Bool("example"), c.IsSet("lognormal")) != 1 {
			return nil, errors.New("compare: give exactly one of --instance, --example, --lognormal (see 'mrsched compare --help')")
		}
		return report.Compare(report.CompareConfig{Instance: c.String("instance"), Example: c.Bool("example"), LogNormal: c.Int("lognormal"),
			Seed: c.Uint64("seed"), K: c.Int("k"), Speed: c.Float64("speed"), TimeLimit: c.Duration("time-limit"), Start: commandStart(c), Context: c.Context})
	}), cliout.TableOut("the table",
		cliout.In("instance", "tandem instance `FILE`", false, "i"),
		cliflags.Bool("example", false, "use the §2.1 example"),
		cliflags.Int("lognormal", 0, "use a batch of `N` jobs of the §5.3 log-normal workload", cliflags.AtLeastOne),
		cliflags.Seed(1, "seed for --lognormal"),
		kFlag(), cliflags.Speed(),
		cliflags.TimeLimit(60*time.Second, "for the whole command: a policy not done by then is skipped"))...)
}

func engineCommands() []*cli.Command {
	info := cliout.Action[*tabular.View](func(c *cli.Context) (*tabular.View, error) {
		return report.EnginesView(engine.Available(), c.Bool("paths")), nil
	})
	return clitree.InCategory(catEngine,
		clitree.Group("engine", clitree.Cmd("info", info,
			cliout.Format("table"),
			cliflags.Bool("paths", false, "also list the directories searched for HiGHS's files"),
			cliout.Out("the list"), cliout.Quiet())),
		clitree.Group("mip", mipSolveCmd()))
}

func mipSolveCmd() *cli.Command {
	return clitree.Cmd("solve", cliout.ArgAction("FILE.lp or FILE.mps", func(c *cli.Context, path string) (*report.Output, error) {
		return report.SolveMIPFile(c.Context, report.MIPConfig{File: path, Engine: c.String("engine"), Start: processStart,
			All: c.Bool("all"), Duals: c.Bool("duals"), Options: mip.Options{TimeLimit: c.Duration("time-limit"), RelGap: c.Float64("gap"),
				Seed: c.Int64("seed"), Log: cliout.StderrIf(c, "log")}})
	}), cliout.TableOut("the result",
		engineFlag("LP/MIP engine"),
		cliflags.TimeLimit(0, "wall-clock limit of the solve"),
		cliflags.Float("gap", 0, "relative MIP gap at which the engine may stop (0: the tolerance policy, 1e-9 relative or absolute); a stop at a looser gap is reported as status \"gap limit\", not optimal", cliflags.Between(0, 1)),
		cliflags.Int64("seed", 0, "the engine's random seed"),
		cliflags.Bool("all", false, "list every column, zeros too"),
		cliflags.Bool("duals", false, "list the row duals of an LP (HiGHS only)"),
		cliflags.Bool("log", false, "copy the engine's log to stderr"))...)
}
