package main

// Hard instances (issue 5): NMTS and the reduction of Theorem 1, the tight
// families of §4, the online adversary of Theorem 2 and the worst-case
// search of §6. Library code lives in reductions/...

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math/big"
	"path/filepath"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// hardCommands returns the top-level commands of hard instances.
func hardCommands() []*cli.Command {
	return []*cli.Command{nmtsCmd(), reduceCmd(), adversaryCmd(), adversaryYaoCmd(), worstExactCmd(), searchCmd()}
}

// hardGenCommands returns the "gen" subcommands of hard instances.
func hardGenCommands() []*cli.Command {
	return []*cli.Command{genNMTSCmd(), genTightMaxCmd(), genTightSplitCmd(), genAdversaryCmd()}
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

func hardOneBased(xs []int) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprint(x + 1)
	}
	return strings.Join(parts, " ")
}

// ---------------------------------------------------------------- gen nmts

func genNMTSCmd() *cli.Command {
	return &cli.Command{
		Name:     "nmts",
		Category: catHard,
		Usage:    "an NMTS instance (Definition 1): yes by construction or no by perturbation",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "q", Value: 3, Usage: "size q of each set"},
			&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
			&cli.Int64Flag{Name: "max-g", Value: 20, Usage: "g values are uniform on 1..`N`"},
			&cli.StringFlag{Name: "answer", Value: "yes", Usage: "yes or no"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
			&cli.BoolFlag{Name: "quiet", Usage: "no progress or messages on stderr (no -q: --q is the set size)"},
		},
		Action: func(c *cli.Context) error {
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
		},
	}
}

// ---------------------------------------------------------------- nmts solve

func nmtsCmd() *cli.Command {
	return &cli.Command{
		Name:     "nmts",
		Category: catHard,
		Usage:    "Numerical Matching with Target Sums (Definition 1)",
		Subcommands: []*cli.Command{{
			Name:  "solve",
			Usage: "decide an NMTS instance exactly and print π, σ (1-based) or \"no\"",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "NMTS `FILE`"},
				&cli.BoolFlag{Name: "brute-force", Usage: "enumerate all permutation pairs (q ≤ 7)"},
				formatFlag("table"),
			},
			Action: func(c *cli.Context) error {
				in, err := nmts.ReadFile(c.String("instance"))
				if err != nil {
					return err
				}
				var sol nmts.Solution
				var ok bool
				var st nmts.Stats
				method := "backtracking"
				if c.Bool("brute-force") {
					method = "brute force"
					sol, ok, err = nmts.BruteForce(in)
				} else {
					sol, ok, st, err = nmts.Solve(in)
				}
				if err != nil {
					return err
				}
				t := &tabular.Table{Header: []string{"q", "answer", "pi", "sigma", "method", "nodes"}}
				ans, pi, sigma := "no", "-", "-"
				if ok {
					ans, pi, sigma = "yes", hardOneBased(sol.Pi), hardOneBased(sol.Sigma)
				}
				nodes := "-"
				if !c.Bool("brute-force") {
					nodes = fmt.Sprint(st.Nodes)
				}
				t.Add(fmt.Sprint(in.Q()), ans, pi, sigma, method, nodes)
				return emitTables(c, nil, t)
			},
		}},
	}
}

// ---------------------------------------------------------------- reduce

func hardCertificatePath(out string) string {
	ext := filepath.Ext(out)
	return strings.TrimSuffix(out, ext) + ".certificate.json"
}

func hardParseBig(name, s string) (*big.Int, error) {
	if s == "" {
		return nil, nil
	}
	v, ok := new(big.Int).SetString(s, 10)
	if !ok || v.Sign() <= 0 {
		return nil, fmt.Errorf("--%s: %q is not a positive integer", name, s)
	}
	return v, nil
}

func reduceCmd() *cli.Command {
	return &cli.Command{
		Name:        "reduce",
		Category:    catHard,
		Usage:       "the NP-hardness reduction of Theorem 1 (NMTS → batch tandem instance and threshold y)",
		Subcommands: []*cli.Command{reduceNMTSCmd(), reduceVerifyCmd(), reduceOptCmd()},
	}
}

func reduceNMTSCmd() *cli.Command {
	return &cli.Command{
		Name:  "nmts",
		Usage: "reduce an NMTS instance to a tandem instance with threshold y (appendix A)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "NMTS `FILE`"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Required: true, Usage: "tandem instance `FILE` to write"},
			&cli.StringFlag{Name: "schedule-out", Usage: "certificate schedule `FILE` (default OUT.certificate.json)"},
			&cli.StringFlag{Name: "A", Usage: "use this A (≥ the minimum) instead of the smallest admissible"},
			&cli.StringFlag{Name: "M", Usage: "use this M (≥ 9qA) instead of the smallest admissible"},
			formatFlag("table"), quietFlag(),
		},
		Action: hardReduceNMTS,
	}
}

func reduceVerifyCmd() *cli.Command {
	return &cli.Command{
		Name:  "verify",
		Usage: "check a schedule for a reduced instance against y in exact rational arithmetic (exit 0: holds, 2: not)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "reduced tandem instance `FILE`"},
			&cli.StringFlag{Name: "schedule", Aliases: []string{"s"}, Usage: "schedule `FILE` (default: the recorded certificate)"},
			formatFlag("table"),
		},
		Action: hardReduceVerify,
	}
}

func reduceOptCmd() *cli.Command {
	return &cli.Command{
		Name:  "opt",
		Usage: "exact OPT of a reduced instance (order-LP enumeration) compared with y; a study of engine precision",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "reduced tandem instance `FILE`"},
			&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine"},
			&cli.StringFlag{Name: "schedule-out", Usage: "write the optimal LP schedule to `FILE`"},
			formatFlag("table"), quietFlag(),
		},
		Action: hardReduceOpt,
	}
}

func hardReduceNMTS(c *cli.Context) error {
	path := c.String("instance")
	src, err := nmts.ReadFile(path)
	if err != nil {
		return err
	}
	var opt reductions.Options
	if opt.A, err = hardParseBig("A", c.String("A")); err != nil {
		return err
	}
	if opt.M, err = hardParseBig("M", c.String("M")); err != nil {
		return err
	}
	b, err := reductions.Build(src, opt)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	b.Tandem.Metadata["nmts_file"] = filepath.Base(path)
	out := c.String("out")
	if err := saveInstance(c, out, b.Tandem); err != nil {
		return err
	}
	if b.Yes {
		sp := c.String("schedule-out")
		if sp == "" {
			sp = hardCertificatePath(out)
		}
		if err := saveSchedule(c, sp, b.Tandem, b.Schedule); err != nil {
			return err
		}
	}
	return reduceTable(c, b.Table())
}

func hardReduceVerify(c *cli.Context) error {
	path := c.String("instance")
	in, err := instances.ReadFile(path)
	if err != nil {
		return err
	}
	r, cert, err := reductions.FromTandem(in)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var s *rational.Schedule
	what := ""
	if sp := c.String("schedule"); sp != "" {
		fs, err := schedule.ReadFile(sp, in)
		if err != nil {
			return err
		}
		if s, err = rational.FromSchedule(fs); err != nil {
			return fmt.Errorf("%s: %w", sp, err)
		}
		what = sp
	} else {
		if cert == nil {
			return exitWith(2, fmt.Errorf("%s: no certificate recorded (the NMTS instance is a no-instance); give --schedule", path))
		}
		if s, err = r.Certificate(*cert); err != nil {
			return err
		}
		what = "recorded certificate (rebuilt exactly)"
	}
	v, err := r.Check(s)
	if err != nil {
		return err
	}
	t := &tabular.Table{Header: []string{"schedule", "feasible", "violations", "total", "y", "total_minus_y", "holds"}}
	diff := "-"
	if v.Total != nil {
		diff = reductions.RatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
	}
	t.Add(what, fmt.Sprint(v.Feasible), fmt.Sprint(len(v.Report.Violations)), reductions.RatString(v.Total), r.Y.String(), diff, fmt.Sprint(v.Holds))
	if err := reduceTable(c, t); err != nil {
		return err
	}
	for i, vi := range v.Report.Violations {
		if i == 10 {
			fmt.Fprintf(c.App.ErrWriter, "… and %d more violations\n", len(v.Report.Violations)-10)
			break
		}
		fmt.Fprintln(c.App.ErrWriter, "violation:", vi.String())
	}
	if !v.Holds {
		why := "the schedule costs more than y"
		if !v.Feasible {
			why = "the schedule is infeasible in exact arithmetic"
		}
		return exitWith(2, fmt.Errorf("%s: %s", path, why))
	}
	return nil
}

// ---------------------------------------------------------------- tight families

func hardTightSummary(c *cli.Context, f *tight.Family, policyName string, policyCost float64, altPath string) error {
	b, err := tight.PriorityBound(f.Instance, f.Alternative)
	if err != nil {
		return err
	}
	alt, _ := b.Total.Float64()
	f.Instance.Metadata["alternative_total"] = alt
	f.Instance.Metadata["alternative_note"] = "the paper's alternative schedule (priority order at both stations), exact and validated: an upper bound on OPT"
	f.Instance.Metadata[policyName+"_total_closed_form"] = policyCost
	f.Instance.Metadata["ratio_lower_bound"] = policyCost / alt
	f.Instance.Metadata["guarantee"] = f.Guarantee
	if err := emitInstance(c, f.Instance); err != nil {
		return err
	}
	if altPath != "" {
		if err := saveSchedule(c, altPath, f.Instance, b.Float); err != nil {
			return err
		}
	}
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "%s total %s, alternative (≥ OPT) %s, ratio ≥ %s, guarantee %s\n",
			policyName, tabular.Float(policyCost), tabular.Float(alt), tabular.Fixed(policyCost/alt, 6), tabular.Fixed(f.Guarantee, 6))
	}
	return nil
}

func genTightMaxCmd() *cli.Command {
	return &cli.Command{
		Name:     "tight-maxsrpt",
		Category: catHard,
		Usage:    "the family after Cor 4: n/2 jobs (α−ε, 1), n/2 jobs (1, α); MaxSRPT/OPT → 2α/(1+α)",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs (even)"},
			&cli.Float64Flag{Name: "alpha", Value: 2, Usage: "α > 1"},
			&cli.Float64Flag{Name: "eps", Value: 0.01, Usage: "0 < ε < α − 1"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			n, a, e := c.Int("n"), c.Float64("alpha"), c.Float64("eps")
			f, err := tight.MaxSRPTFamily(n, a, e)
			if err != nil {
				return err
			}
			return hardTightSummary(c, f, "maxsrpt", tight.MaxSRPTCost(n, a, e), c.String("alt-out"))
		},
	}
}

func genTightSplitCmd() *cli.Command {
	return &cli.Command{
		Name:     "tight-splitsrpt",
		Category: catHard,
		Usage:    "the family after Cor 6: n−1 jobs (β, 1), one job (n−1, (n−1)β); SplitSRPT/OPT → 1 + 1/β",
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs"},
			&cli.Float64Flag{Name: "beta", Value: 2, Usage: "β > 1"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			n, b := c.Int("n"), c.Float64("beta")
			f, err := tight.SplitSRPTFamily(n, b)
			if err != nil {
				return err
			}
			return hardTightSummary(c, f, "splitsrpt", tight.SplitSRPTCost(n, b), c.String("alt-out"))
		},
	}
}

// ---------------------------------------------------------------- adversary

func hardParsePolicies(s string) ([]fluid.Policy, error) {
	var out []fluid.Policy
	for _, name := range strings.Split(s, ",") {
		name = strings.TrimSpace(name)
		if name == "" {
			continue
		}
		p, err := fluid.ParsePolicy(name, 1, nil)
		if err != nil {
			return nil, fmt.Errorf("--policy: %w", err)
		}
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--policy: empty list")
	}
	return out, nil
}

func adversaryCmd() *cli.Command {
	return &cli.Command{
		Name:     "adversary",
		Category: catHard,
		Usage:    "play the online adversary of Theorem 2 against policies for growing n (ratio ~ n^{1/3})",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"},
			&cli.StringFlag{Name: "n", Value: "8,64,512,4096", Usage: "comma-separated n values"},
			&cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg (and PREFIX.png with --png)"},
			&cli.BoolFlag{Name: "png", Usage: "with --plot, write PREFIX.png too"},
			&cli.StringFlag{Name: "csv", Usage: "also write the table as CSV to `FILE`"},
			formatFlag("table"), quietFlag(),
		},
		Action: func(c *cli.Context) error {
			ps, err := hardParsePolicies(c.String("policy"))
			if err != nil {
				return err
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
				pl, err := figures.Adversary(all)
				if err != nil {
					return err
				}
				files, err := figures.Save(pl, 9, 4.5, prefix, figures.Formats(c.Bool("png"))...)
				if err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "wrote %s\n", strings.Join(files, " and "))
				}
			}
			return nil
		},
	}
}

func genAdversaryCmd() *cli.Command {
	return &cli.Command{
		Name:     "adversary",
		Category: catHard,
		Usage:    "the instance the Theorem 2 adversary builds against one policy",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "policy (solver/fluid name)"},
			&cli.IntFlag{Name: "n", Value: 512, Usage: "n (k = ⌊n^{1/3}⌋)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			quietFlag(),
		},
		Action: func(c *cli.Context) error {
			p, err := fluid.ParsePolicy(c.String("policy"), 1, nil)
			if err != nil {
				return fmt.Errorf("--policy: %w", err)
			}
			r, err := adversary.Play(c.Int("n"), p)
			if err != nil {
				return err
			}
			r.Instance.Metadata["policy_total"] = r.PolicyTotal
			r.Instance.Metadata["alternative_total"] = r.AltTotal
			r.Instance.Metadata["ratio_lower_bound"] = r.Ratio
			if err := emitInstance(c, r.Instance); err != nil {
				return err
			}
			if path := c.String("alt-out"); path != "" {
				alt, err := adversary.AltSchedule(r)
				if err != nil {
					return err
				}
				if err := saveSchedule(c, path, r.Instance, alt.Schedule); err != nil {
					return err
				}
			}
			if !c.Bool("quiet") {
				fmt.Fprintf(c.App.ErrWriter, "%s: case %d, total %s, alternative %s, ratio ≥ %s\n", r.Policy, r.Case,
					tabular.Float(r.PolicyTotal), tabular.Float(r.AltTotal), tabular.Fixed(r.Ratio, 4))
			}
			return nil
		},
	}
}

// ---------------------------------------------------------------- search

func searchCmd() *cli.Command {
	return &cli.Command{
		Name:     "search",
		Category: catHard,
		Usage:    "search small batch instances maximising MaxSRPT/OPT or SplitSRPT/OPT (§6 open question)",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "maxsrpt or splitsrpt"},
			&cli.StringFlag{Name: "n", Value: "4..6", Usage: "number of jobs `N` or range LO..HI (2..10)"},
			&cli.Float64Flag{Name: "alpha-max", Value: 4, Usage: "largest max(x/y, y/x) of a job"},
			&cli.IntFlag{Name: "restarts", Value: 4, Usage: "hill-climb restarts per n"},
			&cli.IntFlag{Name: "steps", Value: 150, Usage: "steps per restart"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.DurationFlag{Name: "time-limit", Usage: "stop each n's search after this long (0: none)"},
			&cli.IntFlag{Name: "exact-max", Value: 7, Usage: "solve OPT exactly by order enumeration up to this n (≤ 8)"},
			&cli.StringFlag{Name: "out-dir", Usage: "save the worst instances in `DIR`"},
			&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine for the exact OPT"},
			formatFlag("table"), quietFlag(),
		},
		Action: func(c *cli.Context) error {
			ns, err := intsOf(c, "n", between(2, 10))
			if err != nil {
				return err
			}
			if d := c.Duration("time-limit"); d < 0 {
				return fmt.Errorf("--time-limit %s: want ≥ 0 (0: none)", d)
			}
			cfg := reductions.WorstConfig{Policy: c.String("policy"), Ns: ns, AlphaMax: c.Float64("alpha-max"), Restarts: c.Int("restarts"),
				Steps: c.Int("steps"), Seed: c.Uint64("seed"), TimeLimit: c.Duration("time-limit"), ExactMax: c.Int("exact-max"),
				Engine: func() (mip.Engine, error) { return engine.Get(c.String("engine")) }}
			founds, err := reductions.Worst(context.Background(), cfg, progressLine(c))
			if err != nil {
				return err
			}
			if dir := c.String("out-dir"); dir != "" {
				for _, f := range founds {
					if err := saveInstance(c, filepath.Join(dir, fmt.Sprintf("search-%s-n%d.json", f.Policy, f.Instance.N())), f.Instance); err != nil {
						return err
					}
				}
			}
			t := reductions.WorstTable(founds)
			return emitTables(c, nil, t)
		},
	}
}

func hardReduceOpt(c *cli.Context) error {
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
		if !c.Bool("quiet") && done%5000 == 0 {
			fmt.Fprintf(c.App.ErrWriter, "reduce opt: %d/%d orders (%v)\n", done, total, time.Since(t0).Round(time.Second))
		}
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if sp := c.String("schedule-out"); sp != "" {
		if err := saveSchedule(c, sp, in, res.Schedule); err != nil {
			return err
		}
	}
	return reduceTable(c, res.Table())
}
