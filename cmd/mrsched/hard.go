package main

// Library code: reductions/...

import (
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/internal/clitree"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/tabular"
)

func hardCommands() []*cli.Command {
	nmtsSolve := cliout.ReadAction("instance", nmts.ReadFile, func(c *cli.Context, in *nmts.Instance) (*tabular.Table, error) {
		return reductions.SolveNMTSTable(c.Context, in, c.Bool("brute-force"))
	})
	return clitree.InCategory(catHard,
		clitree.Group("nmts", runLimited("a search", clitree.Cmd("solve", nmtsSolve, nmtsFileFlag("NMTS"),
			cliflags.Bool("brute-force", false, "enumerate all permutation pairs (q ≤ 7)"),
			cliout.Format("table")))),
		clitree.Group("reduce", reduceCommands()...),
		adversaryCmd(), adversaryYaoCmd(), worstExactCmd(), searchCmd())
}

func hardGenCommands() []*cli.Command {
	return clitree.InCategory(catHard, genNMTSCmd(),
		altCmd("tight-maxsrpt", tight.DefaultMaxSRPTConfig(), cliflags.Tagged[tight.MaxSRPTConfig], tight.MaxSRPTConfig.Generate),
		altCmd("tight-splitsrpt", tight.DefaultSplitSRPTConfig(), cliflags.Tagged[tight.SplitSRPTConfig], tight.SplitSRPTConfig.Generate),
		altCmd("adversary", adversary.DefaultGenConfig(), cliflags.Tagged[adversary.GenConfig], adversary.GenConfig.Generate))
}

func nmtsFileFlag(what string) cli.Flag {
	return cliflags.Input("instance", "", what+" `FILE`", cliflags.Alias("i"), cliflags.Required)
}

func plotFlags() []cli.Flag {
	return []cli.Flag{
		cliflags.OutputBase("plot", "write `PREFIX`.svg (and PREFIX.png with --png)", []string{".svg", ".png"}),
		cliflags.PNG("with --plot, write PREFIX.png too"),
	}
}

func altOutFlags(flags ...cli.Flag) []cli.Flag {
	return append(flags,
		cliflags.Output("out", "", "instance `FILE` (default stdout)", cliflags.Alias("o")),
		cliout.FileOut("alt-out", "write the alternative schedule to `FILE`"),
		cliout.Quiet())
}

func genNMTSCmd() *cli.Command {
	def := reductions.DefaultNMTSConfig()
	return runLimited("a no-instance search", clitree.Cmd("nmts", cliout.Action(func(c *cli.Context) (nmts.File, error) {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[reductions.NMTSConfig])
		var in *nmts.Instance
		if cfg.Context = c.Context; err == nil {
			in, err = reductions.GenerateNMTS(cfg)
		}
		return nmts.File{Instance: in}, cliout.Flagged(err, reductions.ErrConfig)
	}), append(cliflags.Bind(cliflags.Table(&def)...),
		cliflags.Output("out", "", "write to `FILE` instead of stdout", cliflags.Alias("o")),
		cliflags.Bool("quiet", false, "no progress or messages on stderr (no -q: --q is the set size)"))...))
}

func reduceCommands() []*cli.Command {
	return []*cli.Command{
		runLimited("the exact NMTS search", clitree.Cmd("nmts", reduceNMTS,
			nmtsFileFlag("NMTS"),
			cliflags.Output("out", "", "tandem instance `FILE` to write", cliflags.Alias("o"), cliflags.Required),
			cliout.FileOut("schedule-out", "certificate schedule `FILE` (default OUT.certificate.json)"),
			cliflags.PositiveBig("A", "use this A (≥ the minimum) instead of the smallest admissible"),
			cliflags.PositiveBig("M", "use this M (≥ 9qA) instead of the smallest admissible"),
			cliout.Format("table"), cliout.Quiet())),
		clitree.Cmd("verify", cliout.Action(func(c *cli.Context) (*report.Output, error) {
			return study.ReduceVerify(study.ReduceVerifyConfig{Instance: c.String("instance"), Schedule: c.String("schedule")})
		}),
			nmtsFileFlag("reduced tandem instance"),
			cliout.In("schedule", "schedule `FILE` (default: the recorded certificate)", false, "s"),
			cliout.Format("table")),
		runLimited("an enumeration", clitree.Cmd("opt", cliout.Action(reduceOpt),
			nmtsFileFlag("reduced tandem instance"),
			cliflags.String("engine", engine.DefaultName, "LP engine"),
			cliout.FileOut("schedule-out", "write the optimal LP schedule to `FILE`"),
			cliout.Format("table"), cliout.Quiet())),
		reduceSeparationCmd(),
	}
}

func reduceNMTS(c *cli.Context) error {
	a, _ := cliflags.BigOf(c, "A") // validated by the flag
	m, _ := cliflags.BigOf(c, "M")
	o, err := study.Reduce(study.ReduceConfig{Instance: c.String("instance"), Out: c.String("out"), ScheduleOut: c.String("schedule-out"),
		A: a, M: m, Protect: cliout.ProtectedInputs(c), Context: c.Context})
	if o != nil {
		cliout.Wrote(c, o.Files)
	}
	if err != nil {
		return err
	}
	return cliout.PrintIn(c, o.Write) // reduce's --out is the instance: its table goes to stdout
}

func reduceOpt(c *cli.Context) (*report.Output, error) {
	t0 := time.Now()
	return study.ReduceOpt(c.Context, study.ReduceOptConfig{Instance: c.String("instance"), Engine: c.String("engine"), ScheduleOut: c.String("schedule-out"),
		Protect: cliout.ProtectedInputs(c), Progress: func(done, total int) {
			if done%5000 == 0 {
				cliout.Infof(c, "reduce opt: %d/%d orders (%v)", done, total, time.Since(t0).Round(time.Second))
			}
		}})
}

func reduceSeparationCmd() *cli.Command {
	def := reductions.DefaultStudyConfig()
	return studyLimited(clitree.Cmd("separation", func(c *cli.Context) error {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[reductions.StudyConfig])
		if err == nil {
			cfg.Constructions, err = reductions.Constructions(c.String("construction"))
		}
		if err != nil {
			return err
		}
		return runSweep(c, "separation")(reductions.SeparationSweep(cfg))
	}, slices.Concat(cliflags.Replace(sweepFlags(), "quiet", cliflags.Bool("quiet", false, "no progress or messages on stderr")), cliflags.Insert(cliflags.Bind(cliflags.Table(&def)...), "exact-limit",
		cliflags.Choice("construction", "both", "construction", "both", reductions.ConstructionAppendixA, reductions.ConstructionRepaired)))...))
}

// hardInstance is a generated hard instance (tight.Generated,
// adversary.Generated).
type hardInstance interface {
	Tandem() *instances.Instance
	Summary() string // annotates the instance's metadata
	AltSchedule() (*schedule.Schedule, error)
}

// altAction is a gen action of a hard instance: it writes the instance
// gen returns (to --out or stdout), its alternative schedule to --alt-out when
// given, and its summary on stderr.
func altAction[H hardInstance](gen func(c *cli.Context) (H, error)) cli.ActionFunc {
	return func(c *cli.Context) error {
		h, err := gen(c)
		if err != nil {
			return cliout.Flagged(err, adversary.ErrConfig)
		}
		line := h.Summary()
		err = cliout.EmitSaved(c, instances.File{Instance: h.Tandem()})
		if path := c.String("alt-out"); err == nil && path != "" {
			var alt *schedule.Schedule
			if alt, err = h.AltSchedule(); err == nil {
				err = cliout.Save(c, path, schedule.File{In: h.Tandem(), Schedule: alt})
			}
		}
		if err == nil {
			cliout.Infof(c, "%s", line)
		}
		return err
	}
}

// altCmd is a gen command of a hard instance: the flags of table fill a
// copy of def, gen generates the instance and altAction writes it.
func altCmd[T any, H hardInstance](name string, def T, table func(*T) []cliflags.Field, gen func(T) (H, error)) *cli.Command {
	return clitree.Cmd(name, altAction(cliflags.Call(def, table, gen)), altOutFlags(cliflags.Bind(table(&def)...)...)...)
}

func adversaryCmd() *cli.Command {
	def := adversary.DefaultConfig()
	return runLimited("a sweep", clitree.Cmd("adversary", func(c *cli.Context) (err error) {
		cfg := study.AdversaryConfig{CSV: c.String("csv"), Plot: c.String("plot"), PNG: c.Bool("png"), Protect: cliout.ProtectedInputs(c),
			Progress: func(p string, n int) { cliout.Infof(c, "adversary: %s n=%d", p, n) }}
		var o *report.Output
		cfg.Sweep, err = cliflags.Filled(c, def, cliflags.Tagged[adversary.Config])
		if cfg.Sweep.Context = c.Context; err == nil {
			o, err = study.Adversary(cfg)
		}
		if o != nil { // the table, also when a file failed, then the files written
			if err := cliout.Emit(c, o.Write); err != nil {
				return err
			}
			cliout.Wrote(c, o.Files)
		}
		return cliout.Flagged(err, adversary.ErrConfig)
	}, slices.Concat(cliflags.Bind(cliflags.Table(&def)...), plotFlags(), []cli.Flag{
		cliout.FileOut("csv", "also write the table as CSV to `FILE`"),
		cliout.Format("table"), cliout.Quiet()})...))
}

func adversaryYaoCmd() *cli.Command {
	def := adversary.DefaultYaoConfig()
	return runLimited("a sweep", clitree.Cmd("adversary-yao", cliout.Action(func(c *cli.Context) (t *tabular.Table, err error) {
		cfg := study.AdversaryYaoConfig{Plot: c.String("plot"), PNG: c.Bool("png"), Progress: func(p string, n int) { cliout.Infof(c, "adversary-yao: %s n=%d", p, n) }}
		if cfg.Sweep, err = cliflags.Filled(c, def, cliflags.Tagged[adversary.YaoConfig]); err == nil {
			cfg.Sweep.Context = c.Context
			t, err = study.AdversaryYao(cfg)
		}
		return t, cliout.Flagged(err, adversary.ErrConfig)
	}), cliout.TableOut("the table", append(cliflags.Bind(cliflags.Table(&def)...), plotFlags()...)...)...))
}

func searchCmd() *cli.Command {
	def := reductions.DefaultWorstConfig()
	return clitree.Cmd("search", cliout.Action(func(c *cli.Context) (o *report.Output, err error) {
		cfg := study.SearchConfig{Engine: c.String("engine"), OutDir: c.String("out-dir"), Progress: cliout.ProgressLine(c), Protect: cliout.ProtectedInputs(c)}
		if cfg.Search, err = cliflags.Filled(c, def, cliflags.Tagged[reductions.WorstConfig]); err == nil {
			o, err = study.Search(c.Context, cfg)
		}
		return o, cliout.Flagged(err, reductions.ErrConfig)
	}), append(cliflags.Bind(cliflags.Table(&def)...),
		cliflags.OutputDir("out-dir", "", "save the worst instances in `DIR`", []string{"search-*.json"}),
		cliflags.String("engine", engine.DefaultName, "LP engine for the exact OPT"),
		cliout.Format("table"), cliout.Quiet())...)
}

func worstExactCmd() *cli.Command {
	def := reductions.DefaultWorstExactConfig()
	return studyLimited(clitree.Cmd("worst-exact", func(c *cli.Context) error {
		cfg, err := cliflags.Filled(c, def, cliflags.Tagged[reductions.WorstExactConfig])
		cfg.Policies = strings.Split(c.String("policy"), ",")
		if err == nil {
			cfg.Seeds, err = reductions.WorstExactSeeds(c.StringSlice("seeds"))
		}
		if err != nil {
			return err
		}
		return runSweep(c, "worst-exact")(reductions.WorstExactSweep(cfg))
	}, slices.Concat(append(sweepFlags(),
		cliflags.String("policy", strings.Join(def.Policies, ","), "comma-separated: maxsrpt, splitsrpt")),
		cliflags.Bind(cliflags.Table(&def)...), []cli.Flag{cliout.InList("seeds", "instance `FILE` (metadata.policy) that restart 0 extends; repeatable")})...))
}
