package main

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/report/study"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/sweep"
	"github.com/mrsched/mrsched/tabular"
)

// reportCommands returns report, merge, study and gantt.
func reportCommands() []*cli.Command {
	return []*cli.Command{reportCmd(), mergeCmd(), studyCmd(), ganttCmd()}
}

// sweepFlags are shared by report and every study.
func sweepFlags() []cli.Flag {
	return []cli.Flag{
		formatFlag("table"), outFlag("the output"),
		&cli.StringFlag{Name: "figures", Usage: "write figures (SVG) into `DIR`"},
		&cli.BoolFlag{Name: "png", Usage: "write PNG figures too"},
		shardFlag(),
		&cli.StringFlag{Name: "cells", Usage: "keep the cells in `FILE` (JSON lines): a killed run resumes from it without recomputing finished cells"},
		workersFlag(runtime.NumCPU()),
		quietFlag(),
	}
}

// runSweep runs (a shard of) a sweep. A shard (N > 1) writes its cells as
// JSON lines (to --cells, or stdout); the whole sweep is rendered in
// --format, with figures in --figures. It returns the set for the whole
// sweep (nil for a shard).
func runSweep(c *cli.Context, sw sweep.Sweep, what string) (*sweep.Set, error) {
	sp, err := sweep.Parse(c.String("shard"))
	if err != nil {
		return nil, fmt.Errorf("--shard: %w", err)
	}
	if err := notInput(c, "cells", c.String("cells")); err != nil {
		return nil, err
	}
	prog, finish := progressBar(c, what)
	set, err := sweep.Run(c.Context, sw, sweep.Options{Shard: sp, Workers: c.Int("workers"), Path: c.String("cells"), Progress: prog})
	finish()
	if err != nil {
		return nil, err
	}
	for _, n := range set.Notices {
		fmt.Fprintln(c.App.ErrWriter, "mrsched: "+n)
	}
	switch {
	case sp.Whole():
		return set, renderSet(c, set)
	case c.String("cells") != "":
		infof(c, "shard %s: %d cells in %s; combine the shards with 'mrsched merge'", sp, len(set.Cells), c.String("cells"))
		return nil, nil
	}
	var b bytes.Buffer
	if err := set.Write(&b); err != nil {
		return nil, err
	}
	return nil, emitBytes(c, b.Bytes())
}

// renderSet renders a whole sweep with its kind's renderer.
func renderSet(c *cli.Context, set *sweep.Set) error {
	r, err := study.RendererFor(set.Header.Kind)
	if err != nil {
		return err
	}
	if err := emit(c, func(w io.Writer, f tabular.Format) error { return r.Write(set, f, w) }); err != nil {
		return err
	}
	dir := c.String("figures")
	if dir == "" || r.Figures == nil {
		return nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	files, err := r.Figures(set, dir, figures.Formats(c.Bool("png"))...)
	if err != nil {
		return fmt.Errorf("figures: %w", err)
	}
	for _, f := range files {
		infof(c, "wrote %s", f)
	}
	return nil
}

// sweepProblems turns a report's violations into exit status 2 and its
// failed runs into exit status 1.
func sweepProblems(set *sweep.Set) error {
	violations, failures, err := report.Problems(set)
	switch {
	case err != nil:
		return err
	case len(violations) > 0:
		return exitWith(2, fmt.Errorf("%d violation(s) of a guarantee, a bound or the model (a bug), listed at the end of the output; first: %s",
			len(violations), clip(violations[0], 300)))
	case len(failures) > 0:
		return fmt.Errorf("%d method run(s) failed, listed at the end of the output; first: %s", len(failures), clip(failures[0], 300))
	}
	return nil
}

// clip shortens s to at most n bytes (at a rune boundary) with "…".
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func methodHelp() string {
	var b strings.Builder
	for _, n := range report.Names() {
		fmt.Fprintf(&b, "   %-18s %s\n", n, report.Help(n))
	}
	return b.String()
}

func reportCmd() *cli.Command {
	return &cli.Command{
		Name:     "report",
		Category: catReport,
		Usage:    "heuristics beside optima, lower bounds and the §4 guarantees, per instance and aggregated",
		Description: `Runs every method on every instance (in parallel across instances; the output does not
depend on --workers) and prints, per instance, each method's total and mean response time,
OPT (when a method proves it) or the best lower/upper bounds with their gap, each ratio to OPT
or — marked * / ratio_basis "lower_bound" — to the best lower bound, α, β and the batch
guarantees 2α/(1+α) (MaxSRPT, Cor. 4) and 1+1/β (SplitSRPT, Cor. 6), and whether each ratio
is within its guarantee. A guarantee or bound that provably fails is flagged loudly and the
command exits with status 2. Then a summary per method over all instances.

Instances come from files (--instance, repeatable) and generator specs (--gen, repeatable):
` + indent(report.GenHelp, "   ") + `

Methods (--methods, comma-separated, in the order they run):
` + methodHelp() + `
--figures DIR draws ratio vs n (with the guarantee lines) and a Gantt chart of every method's
schedule on the first instance. --shard i/N computes every N-th instance (JSON lines; combine
with 'mrsched merge'); --cells FILE makes a run resumable after a kill.

Examples:
   mrsched report --gen lognormal,n=10,batch,seed=1-5 --methods fifo,klps,maxsrpt,splitsrpt,polish,search,lb51,lbcount --time-limit 30s
   mrsched report --gen cor4,n=2-20/2,alpha=3,eps=0.1 --methods maxsrpt,alt,lbcount --format md --figures out/cor4
   mrsched report --gen lognormal,n=10,batch,seed=1-8 --methods maxsrpt,lbcount --shard 1/2 --cells s1.jsonl --quiet`,
		Flags: append([]cli.Flag{
			&repeatedFlag{cli.GenericFlag{Name: "instance", Aliases: []string{"i"}, Value: &repeated{}, Usage: "instance `FILE` (JSON or CSV); repeatable"}, true},
			&repeatedFlag{cli.GenericFlag{Name: "gen", Value: &repeated{}, Usage: "generator `SPEC`; repeatable (see above)"}, false},
			methodsFlag("fifo,klps,maxsrpt,splitsrpt,lb51,lbcount"),
			timeLimitFlag(60*time.Second, "per method and instance, for exact methods"),
			&cli.BoolFlag{Name: "no-validate", Usage: "skip checking every schedule with the independent validator"},
		}, sweepFlags()...),
		Action: reportAction,
	}
}

func reportAction(c *cli.Context) error {
	srcs, err := report.Sources(repeatedOf(c, "instance"), repeatedOf(c, "gen"))
	if err != nil {
		return err
	}
	opt := report.Options{TimeLimit: c.Duration("time-limit"), Validate: !c.Bool("no-validate")}
	var first report.FirstSchedules
	sp, _ := sweep.Parse(c.String("shard"))
	if c.String("figures") != "" && sp.Whole() {
		opt.KeepSchedules = first.Keep
	}
	sw, err := report.NewSweep(srcs, c.String("methods"), opt)
	if err != nil {
		return err
	}
	set, err := runSweep(c, sw, "report")
	if err != nil {
		return err
	}
	if set != nil && c.String("figures") != "" {
		if !first.Kept() {
			infof(c, "note: no Gantt charts — the first instance's cell came from --cells, schedules are not kept there")
		}
		files, err := first.Figures(srcs[0].Name, c.String("methods"), c.String("figures"), figures.Formats(c.Bool("png"))...)
		if err != nil {
			return fmt.Errorf("figures: %w", err)
		}
		for _, f := range files {
			infof(c, "wrote %s", f)
		}
	}
	return sweepProblems(set)
}

// methodsFlag is --methods: a comma-separated list of report methods.
func methodsFlag(value string) cli.Flag {
	return &cli.StringFlag{Name: "methods", Aliases: []string{"m"}, Value: value, Usage: "comma-separated `LIST` of methods (listed in 'mrsched report --help')",
		Action: func(_ *cli.Context, s string) error {
			if _, err := report.Resolve(s); err != nil {
				return fmt.Errorf("--methods: %w", err)
			}
			return nil
		}}
}

func indent(s, pre string) string {
	return pre + strings.ReplaceAll(s, "\n", "\n"+pre)
}

func mergeCmd() *cli.Command {
	return &cli.Command{
		Name:      "merge",
		Category:  catReport,
		Usage:     "combine the shards of a report or study into exactly the output of the unsharded run",
		ArgsUsage: "SHARD.jsonl...",
		Description: `Reads the JSON-lines cell files written with --shard i/N (any order), checks that they
belong to one sweep (same kind, configuration and cell count) and that every cell is present,
and renders the result exactly as the unsharded command does (byte-identical for the same
--format). --cells-out FILE also writes the merged cells.

Example (two shards, then merge; the last line prints the same bytes as the unsharded run):
   mrsched report --gen lognormal,n=8,batch,seed=1-6 --methods maxsrpt,lbcount --shard 1/2 --quiet > s1.jsonl
   mrsched report --gen lognormal,n=8,batch,seed=1-6 --methods maxsrpt,lbcount --shard 2/2 --quiet > s2.jsonl
   mrsched merge --format md s1.jsonl s2.jsonl`,
		Flags: []cli.Flag{
			formatFlag("table"), outFlag("the output"),
			&cli.StringFlag{Name: "figures", Usage: "write the sweep's figures (SVG) into `DIR`"},
			&cli.BoolFlag{Name: "png", Usage: "write PNG figures too"},
			fileOutFlag("cells-out", "also write the merged cells to `FILE`"),
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			if c.NArg() == 0 {
				return fmt.Errorf("merge: give the shard files (see 'mrsched merge --help')")
			}
			var sets []*sweep.Set
			for _, f := range c.Args().Slice() {
				s, err := sweep.ReadFile(f)
				if err != nil {
					return err
				}
				sets = append(sets, s)
			}
			m, err := sweep.Merge(sets, c.Args().Slice())
			if err != nil {
				return err
			}
			if p := c.String("cells-out"); p != "" {
				if err := writeWith(c, p, fmt.Sprintf("%d cells", len(m.Cells)), m.Write); err != nil {
					return err
				}
			}
			if err := renderSet(c, m); err != nil {
				return err
			}
			if err := sweepProblems(m); err != nil {
				return err
			}
			return studyViolations(m)
		},
	}
}

func studyCmd() *cli.Command {
	return &cli.Command{
		Name:     "study",
		Category: catReport,
		Usage:    "the paper's studies, one command each: tightness, fig7, fig9, nightly",
		Description: `Each study is a sweep of independent cells: --shard i/N, --cells FILE (resume after a kill)
and 'mrsched merge' work as for 'mrsched report'; the output never depends on --workers.`,
		Subcommands: []*cli.Command{studyTightnessCmd(), studyFig7Cmd(), studyFig9Cmd(), studyNightlyCmd()},
	}
}

// studyCommand is a study: its flags, then the sweep flags; the action
// builds the sweep with mk, runs it and turns violations into exit status 2.
func studyCommand(name, usage, desc string, flags []cli.Flag, mk func(c *cli.Context) (sweep.Sweep, error)) *cli.Command {
	return &cli.Command{
		Name:        name,
		Usage:       usage,
		Description: desc,
		Flags:       append(flags, sweepFlags()...),
		Action: func(c *cli.Context) error {
			sw, err := mk(c)
			if err != nil {
				return err
			}
			set, err := runSweep(c, sw, "study "+name)
			if err != nil {
				return err
			}
			return studyViolations(set)
		},
	}
}

// aboveOne is the rule of α values.
var aboveOne = rule{"a finite number > 1", func(x float64) bool { return x > 1 && isFinite(x) }}

func studyTightnessCmd() *cli.Command {
	def := study.DefaultTightness()
	ns := make([]string, len(def.Ns))
	for i, n := range def.Ns {
		ns[i] = strconv.Itoa(n)
	}
	return studyCommand("tightness", "Cor. 4 and Cor. 6 tight families: ratio vs n approaching 2α/(1+α) and 1+1/β",
		`For the Cor. 4 family (n/2 jobs (α−ε, 1), n/2 jobs (1, α)) and the Cor. 6 family (n−1 jobs (β, 1),
one (n−1, (n−1)β)) it runs MaxSRPT resp. SplitSRPT and the paper's alternative schedule, and
brackets the true ratio: policy/alternative ≤ policy/OPT ≤ policy/lower bound. With --exact
(a registered exact method: search or mip) OPT is computed for n ≤ --exact-max-n. The paper's limit
of policy/alternative is (2α − 3ε/2)/(1+α) resp. 1 + 1/β.

Example:
   mrsched study tightness --alphas 2,4 --eps 0.1 --betas 2 --ns 2,4,8,16,64,256 --exact search --exact-max-n 8 --figures out/tight`,
		[]cli.Flag{
			floatsFlag("alphas", def.Alphas, "α values (Cor. 4)", aboveOne),
			floatsFlag("eps", def.Eps, "ε values (Cor. 4), 0 < ε < α − 1", positive),
			floatsFlag("betas", def.Betas, "β values (Cor. 6)", positive),
			intsFlag("ns", strings.Join(ns, ","), "numbers of jobs (Cor. 4 uses the even ones)", atLeastOne),
			&cli.StringFlag{Name: "exact", Value: def.Exact, Usage: "exact `METHOD` for OPT on small n (search or mip); empty: none"},
			intFlag("exact-max-n", def.ExactMaxN, "largest n solved exactly", nonNegInt),
			timeLimitFlag(60*time.Second, "per exact solve"),
		},
		func(c *cli.Context) (sweep.Sweep, error) {
			ns, err := intsOf(c, "ns", atLeastOne)
			if err != nil {
				return sweep.Sweep{}, err
			}
			cfg := study.TightnessConfig{Alphas: c.Float64Slice("alphas"), Eps: c.Float64Slice("eps"), Betas: c.Float64Slice("betas"),
				Ns: ns, Exact: c.String("exact"), ExactMaxN: c.Int("exact-max-n"), TimeLimit: c.Duration("time-limit").String()}
			return study.TightnessSweep(cfg)
		})
}

func studyFig7Cmd() *cli.Command {
	return studyCommand("fig7", "Fig. 7 on the SWIM Facebook traces: relative E[T] vs load, original and cube-root sizes",
		`Map-only jobs are dropped, sizes normalised to mean 1, time rescaled to each load (§5.2 with
the SWIM traces instead of the Google trace). For k-LPS (k = 100), MaxSRPT and SplitSRPT it
prints the mean response time and relative E[T] = E[T] / (best lower bound / n), the best bound
being the counting bound (which dominates §5.1's; the §5.1 ratio is printed too), with the
original sizes (Fig. 7a) and with each job's size ratio replaced by its cube root (Fig. 7b).

Example:
   mrsched study fig7 --trace ../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv \
       --trace ../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv --format md --figures out/fig7`,
		[]cli.Flag{
			inListFlag("trace", "SWIM trace `FILE`; repeatable",
				"../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv", "../shared/data/swim/FB-2010_samples_24_times_1hr_0.tsv"),
			loadsFlag(study.DefaultLoads()),
			intFlag("max-jobs", 0, "keep only the first N jobs of each trace; 0 keeps all", nonNegInt),
		},
		func(c *cli.Context) (sweep.Sweep, error) {
			cfg, err := study.NewFig7Config(c.StringSlice("trace"), c.Float64Slice("loads"), c.Int("max-jobs"))
			if err != nil {
				return sweep.Sweep{}, err
			}
			return study.Fig7Sweep(cfg)
		})
}

func studyFig9Cmd() *cli.Command {
	f9 := study.DefaultFig9()
	return studyCommand("fig9", "Fig. 9: conditional mean slowdown by size max(x, y), log-normal workload, loads 0.75 and 0.9",
		`Independent replications of --jobs jobs each (Poisson arrivals, the §5.3 log-normal sizes; every
policy sees the same jobs in a replication), jobs bucketed by z = max(x, y) into 400 buckets on
[0, 100]. Prints the mean response times beside the paper's (§5.3) and E[S(z)] at selected z;
--format csv gives every bucket; --figures draws the curves with the 99th percentile of z.

Example (small; the defaults run 8 × 500000 jobs per load and policy):
   mrsched study fig9 --jobs 20000 --reps 2 --figures out/fig9`,
		[]cli.Flag{
			loadsFlag(f9.Loads),
			intFlag("jobs", f9.Jobs, "jobs per replication", atLeastOne),
			repsFlag(f9.Reps),
			seedFlag(f9.Seed, "seed of replication 0 (replication r uses seed + r)"),
		},
		func(c *cli.Context) (sweep.Sweep, error) {
			cfg := study.DefaultFig9()
			cfg.Loads, cfg.Jobs, cfg.Reps, cfg.Seed = c.Float64Slice("loads"), c.Int("jobs"), c.Int("reps"), c.Uint64("seed")
			return study.Fig9Sweep(cfg)
		})
}

func studyNightlyCmd() *cli.Command {
	return studyCommand("nightly", "a planner's view of one batch: heuristics, polish, exact search, bounds, gap, Gantt charts",
		`Runs every method on the batch (the embedded 16-job default, or --instance), prints the
report with OPT or the best bounds and gap, and the recommended plan (the best schedule's
jobs by completion); --figures draws a Gantt chart of every schedule and the mean response
per method beside the lower bound.

Example:
   mrsched study nightly --time-limit 20s --figures out/nightly`,
		[]cli.Flag{
			inFlag("instance", "batch instance `FILE` (default: the embedded nightly batch)", false, "i"),
			methodsFlag(study.DefaultNightlyMethods),
			timeLimitFlag(30*time.Second, "per exact method"),
		},
		func(c *cli.Context) (sweep.Sweep, error) {
			src, err := nightlySource(c.String("instance"))
			if err != nil {
				return sweep.Sweep{}, err
			}
			return study.NightlySweep(src, c.String("methods"), c.Duration("time-limit"))
		})
}

// nightlySource is the instance file given, or the embedded nightly batch.
func nightlySource(path string) (report.Source, error) {
	if path != "" {
		return report.FileSource(path)
	}
	in, err := study.DefaultNightly()
	if err != nil {
		return report.Source{}, err
	}
	return report.InstanceSource("nightly-default", "embedded nightly.csv", in), nil
}

// studyViolations turns a study's guarantee violations into exit status 2.
func studyViolations(set *sweep.Set) error {
	if set == nil {
		return nil
	}
	if n := study.Violations(set); n > 0 {
		return exitWith(2, fmt.Errorf("%d guarantee violation(s) or conflict(s) between methods in %s (a bug)", n, set.Header.Kind))
	}
	return nil
}

func ganttCmd() *cli.Command {
	return &cli.Command{
		Name:     "gantt",
		Category: catReport,
		Usage:    "draw a Gantt chart (SVG; PNG with --png) of any schedule file",
		Description: `One row per job (first to complete on top), an upper lane for the map rate and a lower
lane for the shuffle rate, each filled to the job's share of the station; grey from release
to completion, a black tick at the completion.

Example:
   mrsched gen lognormal --n 30 --batch --seed 1 --out b30.json --quiet
   mrsched simulate --instance b30.json --policy maxsrpt --schedule b30.sched.json
   mrsched gantt --instance b30.json --schedule b30.sched.json --out b30-gantt
(writes b30-gantt.svg, and b30-gantt.png with --png; 'simulate' is the simulator's command)`,
		Flags: []cli.Flag{
			instanceFlag(),
			inFlag("schedule", "schedule `FILE` (JSON or CSV)", true, "s"),
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Required: true, Usage: "output `BASE` name: writes BASE.svg, and BASE.png with --png (" + overwriteNote + ")"},
			&cli.BoolFlag{Name: "png", Usage: "write BASE.png too"},
			&cli.StringFlag{Name: "title", Usage: "chart title (default: the file names)"},
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			in, err := instances.ReadFile(c.String("instance"))
			if err != nil {
				return err
			}
			s, err := schedule.ReadFile(c.String("schedule"), in)
			if err != nil {
				return err
			}
			title := c.String("title")
			if title == "" {
				title = c.String("schedule") + " on " + c.String("instance")
			}
			files, err := study.Gantt(in, s, title, c.String("out"), figures.Formats(c.Bool("png"))...)
			if err != nil {
				return err
			}
			for _, f := range files {
				infof(c, "wrote %s", f)
			}
			return nil
		},
	}
}
