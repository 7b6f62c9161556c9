package main

// Hard instances (issues 5 and 15): NMTS and the reduction of Theorem 1
// with the separation study of its two constructions, the tight families
// of §4, the online adversary of Theorem 2 (deterministic and Yao's
// randomised half) and the worst-case searches of §6. Library code lives
// in reductions/...

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/cliflags"
	"github.com/mrsched/mrsched/internal/cliout"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/search"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

func hardCommands() []*cli.Command {
	nmtsSolve := cliout.ReadAction("instance", nmts.ReadFile, func(c *cli.Context, in *nmts.Instance) (*tabular.Table, error) {
		return reductions.SolveNMTSTable(in, c.Bool("brute-force"))
	})
	return inCategory(catHard,
		group("nmts", cmd("solve", nmtsSolve, nmtsFileFlag("NMTS"),
			&cli.BoolFlag{Name: "brute-force", Usage: "enumerate all permutation pairs (q ≤ 7)"},
			formatFlag("table"))),
		group("reduce", reduceCommands()...),
		adversaryCmd(), adversaryYaoCmd(), worstExactCmd(), searchCmd())
}

func hardGenCommands() []*cli.Command {
	return inCategory(catHard, genNMTSCmd(), genTightMaxCmd(), genTightSplitCmd(), genAdversaryCmd())
}

// nmtsFileFlag is --instance FILE of an NMTS or reduced instance.
func nmtsFileFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: what + " `FILE`"}
}

// policiesFlag is --policy, a comma-separated list of solver/fluid
// policies.
func policiesFlag() cli.Flag {
	return &cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"}
}

// plotFlags are --plot PREFIX and --png.
func plotFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg (and PREFIX.png with --png)"},
		pngFlag("with --plot, write PREFIX.png too"),
	}
}

// altOutFlags are --out and --alt-out of a generated hard instance, then
// flags.
func altOutFlags(flags ...cli.Flag) []cli.Flag {
	return append(flags,
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
		&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
		quietFlag())
}

func genNMTSCmd() *cli.Command {
	return cmd("nmts", func(c *cli.Context) error {
		in, err := reductions.GenerateNMTS(reductions.NMTSConfig{Spec: nmts.Spec{Q: c.Int("q"), MaxF: c.Int64("max-f"), MaxG: c.Int64("max-g")},
			Answer: c.String("answer"), Seed: c.Uint64("seed")})
		if err != nil {
			return flagError(err, reductions.ErrConfig)
		}
		var b bytes.Buffer
		if err := nmts.WriteJSON(&b, in); err != nil {
			return err
		}
		if out := c.String("out"); out != "" {
			return writeFile(c, out, b.Bytes(), fmt.Sprintf("q = %d", in.Q()))
		}
		return emitBytes(c, b.Bytes())
	},
		&cli.IntFlag{Name: "q", Value: 3, Usage: "size q of each set"},
		&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
		&cli.Int64Flag{Name: "max-g", Value: 20, Usage: "g values are uniform on 1..`N`"},
		&cli.StringFlag{Name: "answer", Value: "yes", Usage: "yes or no"},
		seedFlag(1, "random seed"),
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		&cli.BoolFlag{Name: "quiet", Usage: "no progress or messages on stderr (no -q: --q is the set size)"})
}

// reduceCommands are reduce nmts, verify, opt and separation.
func reduceCommands() []*cli.Command {
	return []*cli.Command{
		cmd("nmts", reduceNMTS,
			nmtsFileFlag("NMTS"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Required: true, Usage: "tandem instance `FILE` to write"},
			&cli.StringFlag{Name: "schedule-out", Usage: "certificate schedule `FILE` (default OUT.certificate.json)"},
			cliflags.PositiveBig("A", "use this A (≥ the minimum) instead of the smallest admissible"),
			cliflags.PositiveBig("M", "use this M (≥ 9qA) instead of the smallest admissible"),
			formatFlag("table"), quietFlag()),
		cmd("verify", reduceVerify,
			nmtsFileFlag("reduced tandem instance"),
			&cli.StringFlag{Name: "schedule", Aliases: []string{"s"}, Usage: "schedule `FILE` (default: the recorded certificate)"},
			formatFlag("table")),
		cmd("opt", reduceOpt,
			nmtsFileFlag("reduced tandem instance"),
			&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine"},
			&cli.StringFlag{Name: "schedule-out", Usage: "write the optimal LP schedule to `FILE`"},
			formatFlag("table"), quietFlag()),
		reduceSeparationCmd(),
	}
}

func reduceNMTS(c *cli.Context) error {
	a, _ := cliflags.BigOf(c, "A") // validated by the flag
	m, _ := cliflags.BigOf(c, "M")
	out := c.String("out")
	b, err := reductions.BuildFile(c.String("instance"), reductions.Options{A: a, M: m})
	if err == nil {
		err = saveInstance(c, out, b.Tandem)
	}
	if err == nil && b.Yes {
		err = saveSchedule(c, cmp.Or(c.String("schedule-out"), reductions.CertificatePath(out)), b.Tandem, b.Schedule)
	}
	f, err2 := formatOf(c) // reduce's --out is the instance: its table goes to stdout
	if err := errors.Join(err, err2); err != nil {
		return err
	}
	return b.Table().Write(c.App.Writer, f)
}

func reduceVerify(c *cli.Context) error {
	v, err := reductions.VerifyFile(c.String("instance"), c.String("schedule"))
	if err == nil {
		err = emitTables(c, nil, v.Table)
	}
	if err == nil {
		for _, line := range v.Violations {
			fmt.Fprintln(c.App.ErrWriter, line)
		}
		err = v.Err
	}
	if errors.Is(err, reductions.ErrNotHolds) {
		return exitWith(2, err)
	}
	return err
}

func reduceOpt(c *cli.Context) error {
	t0 := time.Now()
	in, res, err := reductions.OptimumFile(context.Background(), c.String("instance"), c.String("engine"), func(done, total int) {
		if done%5000 == 0 {
			infof(c, "reduce opt: %d/%d orders (%v)", done, total, time.Since(t0).Round(time.Second))
		}
	})
	if err == nil {
		err = saveSchedule(c, c.String("schedule-out"), in, res.Schedule)
	}
	if err != nil {
		return err
	}
	return emitTables(c, nil, res.Table())
}

func reduceSeparationCmd() *cli.Command {
	return cmd("separation", func(c *cli.Context) error {
		qs, err := intsOf(c, "q", between(2, 5))
		em, err2 := intsOf(c, "enum-max", between(0, 6))
		rnd, err3 := intsOf(c, "random", nonNegInt)
		cons, err4 := reductions.Constructions(c.String("construction"))
		if err := errors.Join(err, err2, err3, err4); err != nil {
			return err
		}
		sw, err := reductions.SeparationSweep(reductions.StudyConfig{Q: qs, EnumMax: em, Random: rnd, MaxF: int64(c.Int("max-f")), MaxG: int64(c.Int("max-g")),
			Seed: c.Uint64("seed"), Constructions: cons, Options: reductions.SeparationOptions{ExactLimit: c.Duration("exact-limit"), ExactNodes: int64(c.Int("exact-nodes"))}})
		if err == nil {
			_, err = runSweep(c, sw, "separation")
		}
		return err
	}, append(separationSweepFlags(),
		intsFlag("q", "2,3", "NMTS set sizes q", between(2, 5)),
		intsFlag("enum-max", "3,2", "per q (or one for all): every instance with f, g ≤ N (0: none)", between(0, 6)),
		intsFlag("random", "0", "per q (or one for all): seeded random yes- and as many no-instances", nonNegInt),
		intFlag("max-f", 3, "random f on 1..N", atLeastOne),
		intFlag("max-g", 6, "random g on 1..N", atLeastOne),
		seedFlag(1, "seed of the random instances and of the order search"),
		choiceFlag("construction", "both", "construction", "both", reductions.ConstructionAppendixA, reductions.ConstructionRepaired),
		durationFlag("exact-limit", 0, "exact rational search per instance and construction (rows it stops depend on the machine)", "none"),
		intFlag("exact-nodes", 0, "node budget of the exact search per instance and construction (0: none; same rows on every machine)", nonNegInt))...)
}

// separationSweepFlags are sweepFlags with --quiet without its alias -q
// (taken by --q, the NMTS set sizes).
func separationSweepFlags() []cli.Flag {
	fs := sweepFlags()
	i := slices.IndexFunc(fs, func(f cli.Flag) bool { return slices.Contains(f.Names(), "quiet") })
	if i >= 0 {
		fs[i] = &cli.BoolFlag{Name: "quiet", Usage: "no progress or messages on stderr"}
	}
	return fs
}

// hardInstance is a generated hard instance (tight.Generated,
// adversary.Generated).
type hardInstance interface {
	Tandem() *instances.Instance
	Summary() string // annotates the instance's metadata
	AltSchedule() (*schedule.Schedule, error)
}

// altAction is a gen action of a hard instance: it writes the instance
// gen returns (emitInstance), its alternative schedule to --alt-out when
// given, and its summary on stderr.
func altAction[H hardInstance](gen func(c *cli.Context) (H, error)) cli.ActionFunc {
	return func(c *cli.Context) error {
		h, err := gen(c)
		if err != nil {
			return err
		}
		line := h.Summary()
		err = emitInstance(c, h.Tandem())
		if path := c.String("alt-out"); err == nil && path != "" {
			var alt *schedule.Schedule
			if alt, err = h.AltSchedule(); err == nil {
				err = saveSchedule(c, path, h.Tandem(), alt)
			}
		}
		if err == nil {
			infof(c, "%s", line)
		}
		return err
	}
}

func genTightMaxCmd() *cli.Command {
	return cmd("tight-maxsrpt", altAction(func(c *cli.Context) (*tight.Generated, error) {
		return tight.GenerateMaxSRPT(c.Int("n"), c.Float64("alpha"), c.Float64("eps"))
	}), altOutFlags(
		&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs (even)"},
		&cli.Float64Flag{Name: "alpha", Value: 2, Usage: "α > 1"},
		&cli.Float64Flag{Name: "eps", Value: 0.01, Usage: "0 < ε < α − 1"})...)
}

func genTightSplitCmd() *cli.Command {
	return cmd("tight-splitsrpt", altAction(func(c *cli.Context) (*tight.Generated, error) {
		return tight.GenerateSplitSRPT(c.Int("n"), c.Float64("beta"))
	}), altOutFlags(
		&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs"},
		&cli.Float64Flag{Name: "beta", Value: 2, Usage: "β > 1"})...)
}

func genAdversaryCmd() *cli.Command {
	return cmd("adversary", altAction(func(c *cli.Context) (*adversary.Generated, error) {
		p, err := fluid.ParsePolicy(c.String("policy"), 1, nil)
		if err != nil {
			return nil, fmt.Errorf("--policy: %w", err)
		}
		return adversary.Generate(c.Int("n"), p)
	}), altOutFlags(
		&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "policy (solver/fluid name)"},
		&cli.IntFlag{Name: "n", Value: 512, Usage: "n (k = ⌊n^{1/3}⌋)"})...)
}

func adversaryCmd() *cli.Command {
	return cmd("adversary", func(c *cli.Context) error {
		ns, err := intsOf(c, "n", atLeastOne)
		var r *adversary.Report
		if err == nil {
			r, err = adversary.Run(adversary.Config{Policies: c.String("policy"), Ns: ns}, func(p string, n int) { infof(c, "adversary: %s n=%d", p, n) })
		}
		if err == nil {
			err = emit(c, r.Write)
		}
		if path := c.String("csv"); err == nil && path != "" {
			err = writeWith(c, path, "", func(w io.Writer) error { return r.Write(w, tabular.CSV) })
		}
		if prefix := c.String("plot"); err == nil && prefix != "" {
			var files []string
			if files, err = figures.SaveAdversary(r.Results, prefix, figures.Formats(c.Bool("png"))...); err == nil {
				infof(c, "wrote %s", strings.Join(files, " and "))
			}
		}
		return flagError(err, adversary.ErrConfig)
	}, slices.Concat([]cli.Flag{policiesFlag(),
		&cli.StringFlag{Name: "n", Value: "8,64,512,4096", Usage: "comma-separated n values"}}, plotFlags(), []cli.Flag{
		&cli.StringFlag{Name: "csv", Usage: "also write the table as CSV to `FILE`"},
		formatFlag("table"), quietFlag()})...)
}

func adversaryYaoCmd() *cli.Command {
	return cmd("adversary-yao", cliout.Action(func(c *cli.Context) (*tabular.Table, error) {
		ps, err := adversary.Policies(c.String("policy"))
		ns, err2 := intsOf(c, "n", atLeastOne)
		if err != nil || err2 != nil {
			return nil, errors.Join(err, err2)
		}
		ys, err := adversary.SweepYao(ps, ns, func(p string, n int) { infof(c, "adversary-yao: %s n=%d", p, n) })
		if err == nil && c.String("plot") != "" {
			_, err = figures.SaveAdversaryYao(ys, c.String("plot"), figures.Formats(c.Bool("png"))...)
		}
		if err != nil {
			return nil, err
		}
		return adversary.YaoTable(ys), nil
	}), tableOut("the table", append([]cli.Flag{policiesFlag(), intsFlag("n", "8,64,512", "values of n", atLeastOne)}, plotFlags()...)...)...)
}

func searchCmd() *cli.Command {
	return cmd("search", cliout.Action(func(c *cli.Context) (*tabular.Table, error) {
		ns, err := intsOf(c, "n", between(2, 10))
		var founds []*search.Found
		if err == nil {
			founds, err = reductions.Worst(context.Background(), reductions.WorstConfig{Policy: c.String("policy"), Ns: ns, AlphaMax: c.Float64("alpha-max"),
				Restarts: c.Int("restarts"), Steps: c.Int("steps"), Seed: c.Uint64("seed"), TimeLimit: c.Duration("time-limit"), ExactMax: c.Int("exact-max"),
				Engine: func() (mip.Engine, error) { return engine.Get(c.String("engine")) }}, progressLine(c))
		}
		for _, f := range founds {
			if dir := c.String("out-dir"); err == nil && dir != "" {
				err = saveInstance(c, reductions.WorstPath(dir, f), f.Instance)
			}
		}
		if err != nil {
			return nil, flagError(err, reductions.ErrConfig)
		}
		return reductions.WorstTable(founds), nil
	}),
		&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "maxsrpt or splitsrpt"},
		&cli.StringFlag{Name: "n", Value: "4..6", Usage: "number of jobs `N` or range LO..HI (2..10)"},
		&cli.Float64Flag{Name: "alpha-max", Value: 4, Usage: "largest max(x/y, y/x) of a job"},
		&cli.IntFlag{Name: "restarts", Value: 4, Usage: "hill-climb restarts per n"},
		&cli.IntFlag{Name: "steps", Value: 150, Usage: "steps per restart"},
		seedFlag(1, "random seed"),
		&cli.DurationFlag{Name: "time-limit", Usage: "stop each n's search after this long (0: none)"},
		&cli.IntFlag{Name: "exact-max", Value: 7, Usage: "solve OPT exactly by order enumeration up to this n (≤ 8)"},
		&cli.StringFlag{Name: "out-dir", Usage: "save the worst instances in `DIR`"},
		&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine for the exact OPT"},
		formatFlag("table"), quietFlag())
}

func worstExactCmd() *cli.Command {
	nRule := between(2, float64(search.MaxClimbN))
	return cmd("worst-exact", func(c *cli.Context) error {
		ns, err := intsOf(c, "n", nRule)
		seeds, err2 := reductions.WorstExactSeeds(c.StringSlice("seeds"))
		if err != nil || err2 != nil {
			return errors.Join(err, err2)
		}
		sw, err := reductions.WorstExactSweep(reductions.WorstExactConfig{Policies: strings.Split(c.String("policy"), ","), Ns: ns,
			Restarts: c.Int("restarts"), Steps: c.Int("steps"), AlphaMax: c.Float64("alpha-max"), Seed: c.Uint64("seed"),
			Seeds: seeds, SolveLimit: c.Duration("solve-limit")})
		if err == nil {
			_, err = runSweep(c, sw, "worst-exact")
		}
		return err
	}, append(sweepFlags(),
		&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt", Usage: "comma-separated: maxsrpt, splitsrpt"},
		intsFlag("n", "10..12", "values of n", nRule),
		intFlag("restarts", 3, "climbs per policy and n", atLeastOne),
		intFlag("steps", 60, "perturbations per climb", nonNegInt),
		floatFlag("alpha-max", 4, "largest max(x/y, y/x) of a job", positive),
		seedFlag(1, "seed of the starts and perturbations"),
		durationFlag("solve-limit", 0, "limit of each exact solve", "none, deterministic"),
		inListFlag("seeds", "instance `FILE` (metadata.policy) that restart 0 extends; repeatable"))...)
}
