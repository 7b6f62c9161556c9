package main

// Hard instances (issue 5): NMTS and the reduction of Theorem 1, the tight
// families of §4, the online adversary of Theorem 2 and the worst-case
// search of §6. Library code lives in reductions/...

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"gonum.org/v1/plot"

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
		group("reduce", reduceNMTSCmd(), reduceVerifyCmd(), reduceOptCmd(), reduceSeparationCmd()),
		adversaryCmd(), adversaryYaoCmd(), worstExactCmd(), searchCmd())
}

func hardGenCommands() []*cli.Command {
	return inCategory(catHard, genNMTSCmd(), genTightMaxCmd(), genTightSplitCmd(), genAdversaryCmd())
}

// reduceTable writes t in --format to stdout: reduce's --out names the
// instance file it writes, so its tables never go there.
func reduceTable(c *cli.Context, t *tabular.Table) error {
	f, err := formatOf(c)
	if err != nil {
		return err
	}
	return t.Write(c.App.Writer, f)
}

// nmtsFileFlag is --instance FILE of an NMTS or reduced instance.
func nmtsFileFlag(what string) cli.Flag {
	return &cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: what + " `FILE`"}
}

// altOutFlags are --out and --alt-out of a generated hard instance.
func altOutFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
		&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
		quietFlag(),
	}
}

func genNMTSCmd() *cli.Command {
	return cmd("nmts", genNMTS,
		&cli.IntFlag{Name: "q", Value: 3, Usage: "size q of each set"},
		&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
		&cli.Int64Flag{Name: "max-g", Value: 20, Usage: "g values are uniform on 1..`N`"},
		&cli.StringFlag{Name: "answer", Value: "yes", Usage: "yes or no"},
		seedFlag(1, "random seed"),
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
		&cli.BoolFlag{Name: "quiet", Usage: "no progress or messages on stderr (no -q: --q is the set size)"})
}

func genNMTS(c *cli.Context) error {
	answer := c.String("answer")
	if answer != "yes" && answer != "no" {
		return fmt.Errorf("--answer: want yes or no, got %q", answer)
	}
	spec := nmts.Spec{Q: c.Int("q"), MaxF: c.Int64("max-f"), MaxG: c.Int64("max-g")}
	in, err := reductions.NMTSInstance(spec, answer == "yes", c.Uint64("seed"))
	if err != nil {
		return err
	}
	var b bytes.Buffer
	if err := nmts.WriteJSON(&b, in); err != nil {
		return err
	}
	if out := c.String("out"); out != "" {
		return writeFile(c, out, b.Bytes(), fmt.Sprintf("q = %d", in.Q()))
	}
	return emitBytes(c, b.Bytes())
}

func reduceNMTSCmd() *cli.Command {
	return cmd("nmts", reduceNMTS,
		nmtsFileFlag("NMTS"),
		&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Required: true, Usage: "tandem instance `FILE` to write"},
		&cli.StringFlag{Name: "schedule-out", Usage: "certificate schedule `FILE` (default OUT.certificate.json)"},
		cliflags.PositiveBig("A", "use this A (≥ the minimum) instead of the smallest admissible"),
		cliflags.PositiveBig("M", "use this M (≥ 9qA) instead of the smallest admissible"),
		formatFlag("table"), quietFlag())
}

func reduceNMTS(c *cli.Context) error {
	a, _ := cliflags.BigOf(c, "A") // validated by the flag
	m, _ := cliflags.BigOf(c, "M")
	b, err := reductions.BuildFile(c.String("instance"), reductions.Options{A: a, M: m})
	if err != nil {
		return err
	}
	out := c.String("out")
	if err := saveInstance(c, out, b.Tandem); err != nil {
		return err
	}
	if b.Yes {
		sp := c.String("schedule-out")
		if sp == "" {
			sp = reductions.CertificatePath(out)
		}
		if err := saveSchedule(c, sp, b.Tandem, b.Schedule); err != nil {
			return err
		}
	}
	return reduceTable(c, b.Table())
}

func reduceVerifyCmd() *cli.Command {
	return cmd("verify", reduceVerify,
		nmtsFileFlag("reduced tandem instance"),
		&cli.StringFlag{Name: "schedule", Aliases: []string{"s"}, Usage: "schedule `FILE` (default: the recorded certificate)"},
		formatFlag("table"))
}

func reduceVerify(c *cli.Context) error {
	v, err := reductions.VerifyFile(c.String("instance"), c.String("schedule"))
	if err == nil {
		err = reduceTable(c, v.Table)
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

func reduceOptCmd() *cli.Command {
	return cmd("opt", reduceOpt,
		nmtsFileFlag("reduced tandem instance"),
		&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine"},
		&cli.StringFlag{Name: "schedule-out", Usage: "write the optimal LP schedule to `FILE`"},
		formatFlag("table"), quietFlag())
}

func reduceOpt(c *cli.Context) error {
	path := c.String("instance")
	in, err := instances.ReadFile(path)
	if err != nil {
		return err
	}
	eng, err := engine.Get(c.String("engine"))
	if err != nil {
		return err
	}
	t0 := time.Now()
	res, err := reductions.OptimumVsY(context.Background(), eng, in, func(done, total int) {
		if done%5000 == 0 {
			infof(c, "reduce opt: %d/%d orders (%v)", done, total, time.Since(t0).Round(time.Second))
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := saveSchedule(c, c.String("schedule-out"), in, res.Schedule); err != nil {
		return err
	}
	return reduceTable(c, res.Table())
}

// tightCommand is a gen command of a tight family: its flags, then
// altOutFlags; family builds the family and says its policy and the
// policy's closed-form cost.
func tightCommand(name string, family func(c *cli.Context) (*tight.Family, string, float64, error), flags ...cli.Flag) *cli.Command {
	return cmd(name, func(c *cli.Context) error {
		f, policy, cost, err := family(c)
		if err != nil {
			return err
		}
		alt, line, err := f.Annotate(policy, cost)
		if err != nil {
			return err
		}
		return emitWithAlt(c, f.Instance, line, func() (*schedule.Schedule, error) { return alt, nil })
	}, append(flags, altOutFlags()...)...)
}

// emitWithAlt writes in (emitInstance), the alternative schedule alt makes
// to --alt-out when given, and line on stderr.
func emitWithAlt(c *cli.Context, in *instances.Instance, line string, alt func() (*schedule.Schedule, error)) error {
	if err := emitInstance(c, in); err != nil {
		return err
	}
	if path := c.String("alt-out"); path != "" {
		s, err := alt()
		if err != nil {
			return err
		}
		if err := saveSchedule(c, path, in, s); err != nil {
			return err
		}
	}
	infof(c, "%s", line)
	return nil
}

func genTightMaxCmd() *cli.Command {
	return tightCommand("tight-maxsrpt", func(c *cli.Context) (*tight.Family, string, float64, error) {
		n, a, e := c.Int("n"), c.Float64("alpha"), c.Float64("eps")
		f, err := tight.MaxSRPTFamily(n, a, e)
		return f, "maxsrpt", tight.MaxSRPTCost(n, a, e), err
	},
		&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs (even)"},
		&cli.Float64Flag{Name: "alpha", Value: 2, Usage: "α > 1"},
		&cli.Float64Flag{Name: "eps", Value: 0.01, Usage: "0 < ε < α − 1"})
}

func genTightSplitCmd() *cli.Command {
	return tightCommand("tight-splitsrpt", func(c *cli.Context) (*tight.Family, string, float64, error) {
		n, b := c.Int("n"), c.Float64("beta")
		f, err := tight.SplitSRPTFamily(n, b)
		return f, "splitsrpt", tight.SplitSRPTCost(n, b), err
	},
		&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs"},
		&cli.Float64Flag{Name: "beta", Value: 2, Usage: "β > 1"})
}

func genAdversaryCmd() *cli.Command {
	return cmd("adversary", func(c *cli.Context) error {
		p, err := fluid.ParsePolicy(c.String("policy"), 1, nil)
		if err != nil {
			return fmt.Errorf("--policy: %w", err)
		}
		r, err := adversary.Play(c.Int("n"), p)
		if err != nil {
			return err
		}
		return emitWithAlt(c, r.Instance, r.Annotate(), func() (*schedule.Schedule, error) {
			alt, err := adversary.AltSchedule(r)
			if err != nil {
				return nil, err
			}
			return alt.Schedule, nil
		})
	},
		append([]cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "policy (solver/fluid name)"},
			&cli.IntFlag{Name: "n", Value: 512, Usage: "n (k = ⌊n^{1/3}⌋)"},
		}, altOutFlags()...)...)
}

func adversaryCmd() *cli.Command {
	return cmd("adversary", adversaryRun,
		&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"},
		&cli.StringFlag{Name: "n", Value: "8,64,512,4096", Usage: "comma-separated n values"},
		&cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg (and PREFIX.png with --png)"},
		pngFlag("with --plot, write PREFIX.png too"),
		&cli.StringFlag{Name: "csv", Usage: "also write the table as CSV to `FILE`"},
		formatFlag("table"), quietFlag())
}

func adversaryRun(c *cli.Context) error {
	ps, err := adversary.PoliciesWithK(c.String("policy"), 1)
	if err != nil {
		return fmt.Errorf("--policy: %w", err)
	}
	ns, err := intsOf(c, "n", atLeastOne)
	if err != nil {
		return err
	}
	all, err := adversary.Sweep(ps, ns, func(p string, n int) { infof(c, "adversary: %s n=%d", p, n) })
	if err != nil {
		return err
	}
	t := adversary.Table(all)
	if err := emitTables(c, nil, t); err != nil {
		return err
	}
	if path := c.String("csv"); path != "" {
		if err := writeWith(c, path, "", func(w io.Writer) error { return t.Write(w, tabular.CSV) }); err != nil {
			return err
		}
	}
	if prefix := c.String("plot"); prefix != "" {
		files, err := figures.SaveAdversary(all, prefix, figures.Formats(c.Bool("png"))...)
		if err != nil {
			return err
		}
		infof(c, "wrote %s", strings.Join(files, " and "))
	}
	return nil
}

func searchCmd() *cli.Command {
	return cmd("search", cliout.Action(worstSearch),
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

func worstSearch(c *cli.Context) (*tabular.Table, error) {
	ns, err := intsOf(c, "n", between(2, 10))
	if err != nil {
		return nil, err
	}
	if d := c.Duration("time-limit"); d < 0 {
		return nil, fmt.Errorf("--time-limit %s: want ≥ 0 (0: none)", d)
	}
	cfg := reductions.WorstConfig{Policy: c.String("policy"), Ns: ns, AlphaMax: c.Float64("alpha-max"), Restarts: c.Int("restarts"),
		Steps: c.Int("steps"), Seed: c.Uint64("seed"), TimeLimit: c.Duration("time-limit"), ExactMax: c.Int("exact-max"),
		Engine: func() (mip.Engine, error) { return engine.Get(c.String("engine")) }}
	founds, err := reductions.Worst(context.Background(), cfg, progressLine(c))
	if err != nil {
		return nil, err
	}
	for _, f := range founds {
		if dir := c.String("out-dir"); dir != "" {
			if err := saveInstance(c, filepath.Join(dir, fmt.Sprintf("search-%s-n%d.json", f.Policy, f.Instance.N())), f.Instance); err != nil {
				return nil, err
			}
		}
	}
	return reductions.WorstTable(founds), nil
}

// Issue 15: Theorem 2's randomised half (point 5, reductions/adversary.SweepYao,
// figures.AdversaryYao) and the worst cases with exact optima (point 4,
// reductions.WorstExactSweep, rendered by report/study).

func adversaryYaoCmd() *cli.Command {
	return cmd("adversary-yao", cliout.Action(adversaryYao), tableOut("the table",
		&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"},
		intsFlag("n", "8,64,512", "values of n", atLeastOne),
		&cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg (and PREFIX.png with --png)"},
		pngFlag("with --plot, write PREFIX.png too"))...)
}

func adversaryYao(c *cli.Context) (*tabular.Table, error) {
	ps, err := adversary.Policies(c.String("policy"))
	ns, err2 := intsOf(c, "n", atLeastOne)
	if err != nil || err2 != nil {
		return nil, errors.Join(err, err2)
	}
	ys, err := adversary.SweepYao(ps, ns, func(p string, n int) { infof(c, "adversary-yao: %s n=%d", p, n) })
	if err == nil && c.String("plot") != "" {
		var pl *plot.Plot
		if pl, err = figures.AdversaryYao(ys); err == nil {
			_, err = figures.Save(pl, 9, 4.5, c.String("plot"), figures.Formats(c.Bool("png"))...)
		}
	}
	if err != nil {
		return nil, err
	}
	return adversary.YaoTable(ys), nil
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
