package main

// Hard instances (issue 5): NMTS and the reduction of Theorem 1, the tight
// families of §4, the online adversary of Theorem 2 and the worst-case
// search of §6. Library code lives in reductions/...

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"gonum.org/v1/plot/vg"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/reductions"
	"github.com/mrsched/mrsched/reductions/adversary"
	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/reductions/search"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/schedule"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tabular"
	"github.com/mrsched/mrsched/validate"
)

// hardCommands returns the top-level commands of hard instances.
func hardCommands() []*cli.Command {
	return []*cli.Command{nmtsCmd(), reduceCmd(), adversaryCmd(), searchCmd()}
}

// hardGenCommands returns the "gen" subcommands of hard instances.
func hardGenCommands() []*cli.Command {
	return []*cli.Command{genNMTSCmd(), genTightMaxCmd(), genTightSplitCmd(), genAdversaryCmd()}
}

func hardQuietFlag() cli.Flag {
	return &cli.BoolFlag{Name: "quiet", Usage: "no messages on stderr"}
}

func hardFormatFlag() cli.Flag {
	return &cli.StringFlag{Name: "format", Value: "table", Usage: "output format: table, md, csv or json"}
}

// hardWriteInstance writes in to path (atomically) or, when path is empty,
// as JSON to stdout.
func hardWriteInstance(c *cli.Context, in *instances.Instance, path string) error {
	if path == "" {
		return instances.WriteJSON(c.App.Writer, in)
	}
	if err := instances.WriteFile(path, in); err != nil {
		return err
	}
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (%d jobs)\n", path, in.N())
	}
	return nil
}

func hardWriteSchedule(c *cli.Context, in *instances.Instance, s *schedule.Schedule, path string) error {
	if err := schedule.WriteFile(path, in, s); err != nil {
		return err
	}
	if !c.Bool("quiet") {
		fmt.Fprintf(c.App.ErrWriter, "wrote %s (%d segments)\n", path, len(s.Segments))
	}
	return nil
}

// hardWriteTable writes t to stdout in --format.
func hardWriteTable(c *cli.Context, t *tabular.Table) error {
	f, err := tabular.ParseFormat(c.String("format"))
	if err != nil {
		return fmt.Errorf("--format: %w", err)
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

func hardSeedSource(seed uint64) rand.Source { return rand.NewPCG(seed, seed^0x9e3779b97f4a7c15) }

// hardRatString prints an exact rational as an integer when it is one, else
// as p/q followed by a 12-digit decimal.
func hardRatString(r *big.Rat) string {
	if r == nil {
		return "-"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.RatString() + " (≈" + r.FloatString(12) + ")"
}

// ---------------------------------------------------------------- gen nmts

func genNMTSCmd() *cli.Command {
	return &cli.Command{
		Name:     "nmts",
		Category: catHard,
		Usage:    "an NMTS instance (Definition 1): yes by construction or no by perturbation",
		Description: `Yes-instances: f uniform on 1..max-f, g uniform on 1..max-g, h_i = f_π(i) + g_σ(i) for a
random pairing (recorded, 1-based, in metadata.planted). No-instances: a yes-instance whose
targets are perturbed keeping Σh (h_a += d, h_b -= d) until the exact solver says "no".
The same seed gives a byte-identical file.

Example:
   mrsched gen nmts --q 3 --max-f 5 --max-g 20 --answer yes --seed 1 --out yes3.json
   mrsched gen nmts --q 3 --max-f 5 --max-g 20 --answer no --seed 1 --out no3.json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "q", Value: 3, Usage: "size q of each set"},
			&cli.Int64Flag{Name: "max-f", Value: 5, Usage: "f values are uniform on 1..`N`"},
			&cli.Int64Flag{Name: "max-g", Value: 20, Usage: "g values are uniform on 1..`N`"},
			&cli.StringFlag{Name: "answer", Value: "yes", Usage: "yes or no"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "random seed"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "write to `FILE` instead of stdout"},
			hardQuietFlag(),
		},
		Action: func(c *cli.Context) error {
			spec := nmts.Spec{Q: c.Int("q"), MaxF: c.Int64("max-f"), MaxG: c.Int64("max-g")}
			seed := c.Uint64("seed")
			var in *nmts.Instance
			md := map[string]any{"generator": "mrsched gen nmts", "seed": seed, "q": spec.Q, "max_f": spec.MaxF, "max_g": spec.MaxG}
			switch c.String("answer") {
			case "yes":
				var sol nmts.Solution
				var err error
				in, sol, err = spec.YesInstance(hardSeedSource(seed))
				if err != nil {
					return err
				}
				md["answer"] = "yes"
				pi, sigma := make([]int, len(sol.Pi)), make([]int, len(sol.Sigma))
				for i := range pi {
					pi[i], sigma[i] = sol.Pi[i]+1, sol.Sigma[i]+1
				}
				md["planted"] = map[string]any{"pi": pi, "sigma": sigma}
			case "no":
				var err error
				in, err = spec.NoInstance(hardSeedSource(seed))
				if err != nil {
					return err
				}
				md["answer"] = "no (confirmed by the exact solver)"
			default:
				return fmt.Errorf("--answer: want yes or no, got %q", c.String("answer"))
			}
			in.Metadata = md
			var b bytes.Buffer
			if err := nmts.WriteJSON(&b, in); err != nil {
				return err
			}
			if out := c.String("out"); out != "" {
				if err := instances.AtomicWrite(out, b.Bytes()); err != nil {
					return err
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "wrote %s (q = %d)\n", out, in.Q())
				}
				return nil
			}
			_, err := c.App.Writer.Write(b.Bytes())
			return err
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
			Description: `Backtracking over the targets in decreasing order with memoised failed states
(exponential in q; instant for q ≤ 20 on random instances). --brute-force enumerates all q!²
permutation pairs instead (q ≤ 7), the independent oracle of the tests.

Example:
   mrsched gen nmts --q 4 --answer yes --seed 2 --out y4.json && mrsched nmts solve --instance y4.json`,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "NMTS `FILE`"},
				&cli.BoolFlag{Name: "brute-force", Usage: "enumerate all permutation pairs (q ≤ 7)"},
				hardFormatFlag(),
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
				return hardWriteTable(c, t)
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
		Name:     "reduce",
		Category: catHard,
		Usage:    "the NP-hardness reduction of Theorem 1 (NMTS → batch tandem instance and threshold y)",
		Subcommands: []*cli.Command{{
			Name:  "nmts",
			Usage: "reduce an NMTS instance to a tandem instance with threshold y (appendix A)",
			Description: `Shifts g and h so that g_i > 3Σf, takes A = 2(Σg + 2Σf)Σg and M = 9qA (or larger values
given with --A, --M), and writes jobs F_i = (A, A+f_i), G_i = (A, A+g_i), H_i = (A, A−h_i),
E_1 = E_2 = (A, A+M), all released at 0, with y = (9q²/2 + 3q/2)A + 2Σf + Σg + 6qA + 3M + 3A
(a bound on the TOTAL response time) and the source NMTS instance in the metadata. All
arithmetic is in math/big; the file is written only if every size is an integer ≤ 2^53 (exact
in float64), otherwise the command fails and says so. If the NMTS instance is a yes-instance
the proof's certificate (priority order F_π(1), G_σ(1), H_1, …, H_q, E_1, E_2 at both stations)
is recorded in the metadata, built and verified in exact rational arithmetic (it costs exactly
y), and written as a float schedule to --schedule-out (default OUT.certificate.json), which
validate.Check also accepts.

Example:
   mrsched gen nmts --q 2 --answer yes --seed 1 --out y2.json
   mrsched reduce nmts --instance y2.json --out t2.json`,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "NMTS `FILE`"},
				&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Required: true, Usage: "tandem instance `FILE` to write"},
				&cli.StringFlag{Name: "schedule-out", Usage: "certificate schedule `FILE` (default OUT.certificate.json)"},
				&cli.StringFlag{Name: "A", Usage: "use this A (≥ the minimum) instead of the smallest admissible"},
				&cli.StringFlag{Name: "M", Usage: "use this M (≥ 9qA) instead of the smallest admissible"},
				hardFormatFlag(), hardQuietFlag(),
			},
			Action: hardReduceNMTS,
		}, {
			Name:  "verify",
			Usage: "check a schedule for a reduced instance against y in exact rational arithmetic (exit 0: holds, 2: not)",
			Description: `Reads a tandem instance written by 'reduce nmts', rebuilds the reduction from its metadata
(and checks every job against it), and verifies a schedule exactly: every float in the schedule
file is taken as the exact dyadic rational it denotes, and model (1) (capacities, releases,
totals, progress y_i(t)/y_i ≥ x_i(t)/x_i) is checked with no tolerance; the total response
time is computed exactly and compared with y. Without --schedule the recorded certificate is
rebuilt in exact arithmetic and verified. Exit status 0 when the schedule is feasible and costs
at most y, 2 when it is not.

Example:
   mrsched gen nmts --q 2 --answer yes --seed 1 --out y2.json
   mrsched reduce nmts --instance y2.json --out t2.json
   mrsched reduce verify --instance t2.json
   mrsched reduce verify --instance t2.json --schedule t2.certificate.json`,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "reduced tandem instance `FILE`"},
				&cli.StringFlag{Name: "schedule", Aliases: []string{"s"}, Usage: "schedule `FILE` (default: the recorded certificate)"},
				hardFormatFlag(),
			},
			Action: hardReduceVerify,
		}, {
			Name:  "opt",
			Usage: "exact OPT of a reduced instance (order-LP enumeration) compared with y; a study of engine precision",
			Description: `Computes OPT of a reduced tandem instance as the minimum over all completion orders of the
fixed-order LP (solver/exact/orderlp; the identical jobs E_1, E_2 are not permuted, so 8!/2 =
20160 LPs for q = 2), compares it with y (Theorem 1: OPT ≤ y iff the NMTS instance is a
yes-instance), reports the gap to the second-best order, and re-verifies the optimal LP
schedule both with validate.Check (tolerance 1e-9) and in exact rational arithmetic (no
tolerance). For q = 2 this takes a few minutes; q = 3 (11 jobs) is out of reach of enumeration.

Example:
   mrsched gen nmts --q 2 --answer no --seed 1 --out n2.json
   mrsched reduce nmts --instance n2.json --out tn2.json
   mrsched reduce opt --instance tn2.json`,
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "instance", Aliases: []string{"i"}, Required: true, Usage: "reduced tandem instance `FILE`"},
				&cli.StringFlag{Name: "engine", Value: engine.DefaultName, Usage: "LP engine"},
				&cli.StringFlag{Name: "schedule-out", Usage: "write the optimal LP schedule to `FILE`"},
				hardFormatFlag(), hardQuietFlag(),
			},
			Action: hardReduceOpt,
		}},
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
	r, err := reductions.Reduce(src, opt)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	sol, yes, _, err := nmts.Solve(src)
	if err != nil {
		return err
	}
	var solp *nmts.Solution
	if yes {
		solp = &sol
	}
	tin, err := r.Tandem(solp)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	tin.Metadata["nmts_file"] = filepath.Base(path)
	out := c.String("out")
	if err := hardWriteInstance(c, tin, out); err != nil {
		return err
	}
	t := &tabular.Table{Header: []string{"q", "jobs", "shift", "A", "M", "y", "nmts", "certificate_total", "total_minus_y", "float_exact", "validate"}}
	certTotal, diff, fexact, vres := "-", "-", "-", "-"
	if yes {
		s, err := r.Certificate(sol)
		if err != nil {
			return err
		}
		v, err := r.Check(s)
		if err != nil {
			return err
		}
		if !v.Feasible {
			return fmt.Errorf("internal error: the certificate fails exact verification: %w", v.Report.Err())
		}
		certTotal = hardRatString(v.Total)
		diff = hardRatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
		fs, exact := s.Float()
		fexact = fmt.Sprint(exact)
		if res, err := validate.Check(tin, fs); err != nil {
			vres = "FAIL: " + err.Error()
		} else {
			vres = "ok, total " + tabular.Float(res.TotalResponse)
		}
		sp := c.String("schedule-out")
		if sp == "" {
			sp = hardCertificatePath(out)
		}
		if err := hardWriteSchedule(c, tin, fs, sp); err != nil {
			return err
		}
	}
	ans := "no"
	if yes {
		ans = "yes"
	}
	t.Add(fmt.Sprint(r.Q()), fmt.Sprint(len(r.Jobs)), r.Shift.String(), r.A.String(), r.M.String(), r.Y.String(), ans, certTotal, diff, fexact, vres)
	return hardWriteTable(c, t)
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
		diff = hardRatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
	}
	t.Add(what, fmt.Sprint(v.Feasible), fmt.Sprint(len(v.Report.Violations)), hardRatString(v.Total), r.Y.String(), diff, fmt.Sprint(v.Holds))
	if err := hardWriteTable(c, t); err != nil {
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
	if err := hardWriteInstance(c, f.Instance, c.String("out")); err != nil {
		return err
	}
	if altPath != "" {
		if err := hardWriteSchedule(c, f.Instance, b.Float, altPath); err != nil {
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
		Description: `Writes the instance with, in its metadata, MaxSRPT's total (closed form, checked against the
exact priority schedule in the tests), the paper's alternative schedule's total (each (1, α)
job followed by an (α−ε, 1) job; built exactly and validated: an upper bound on OPT), their
ratio and the guarantee 2α/(1+α). --alt-out writes the alternative schedule.

Example:
   mrsched gen tight-maxsrpt --n 20 --alpha 3 --eps 0.01 --out t4.json --alt-out t4.alt.json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs (even)"},
			&cli.Float64Flag{Name: "alpha", Value: 2, Usage: "α > 1"},
			&cli.Float64Flag{Name: "eps", Value: 0.01, Usage: "0 < ε < α − 1"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			hardQuietFlag(),
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
		Description: `Writes the instance with, in its metadata, SplitSRPT's total (closed form), the paper's
alternative schedule's total (the (β, 1) jobs one by one, then the big job; built exactly and
validated: an upper bound on OPT), their ratio and the guarantee 1 + 1/β. --alt-out writes the
alternative schedule.

Example:
   mrsched gen tight-splitsrpt --n 20 --beta 2 --out t6.json --alt-out t6.alt.json`,
		Flags: []cli.Flag{
			&cli.IntFlag{Name: "n", Value: 20, Usage: "number of jobs"},
			&cli.Float64Flag{Name: "beta", Value: 2, Usage: "β > 1"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			hardQuietFlag(),
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

func hardParseInts(name, s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		v, err := strconv.Atoi(f)
		if err != nil {
			return nil, fmt.Errorf("--%s: %q is not an integer", name, f)
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("--%s: empty list", name)
	}
	return out, nil
}

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
		Description: `For each policy and n: k = ⌊n^{1/3}⌋, k² jobs (1, 1/2) and k jobs (k, 3k/2) at t = 0; the
policy is simulated to t = k²; case 1 (≥ k²/5 type-2 map work done) appends type-1 jobs at
k² + j, case 2 appends type-2 jobs at 2k² + j·3k/2 (j = 0..k³). Reports the policy's total, the
proof's alternative schedule (validated: an upper bound on OPT), the proof's bounds T and T',
and policy/alternative, a lower bound on policy/OPT that grows like n^{1/3}. --plot PREFIX
writes PREFIX.svg and PREFIX.png; --csv FILE writes the table as CSV too.

Example:
   mrsched adversary --policy maxsrpt,splitsrpt,fifo,ps --n 8,64,512,4096`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt,splitsrpt,fifo,ps", Usage: "comma-separated policies (solver/fluid names)"},
			&cli.StringFlag{Name: "n", Value: "8,64,512,4096", Usage: "comma-separated n values"},
			&cli.StringFlag{Name: "plot", Usage: "write `PREFIX`.svg and PREFIX.png"},
			&cli.StringFlag{Name: "csv", Usage: "also write the table as CSV to `FILE`"},
			hardFormatFlag(), hardQuietFlag(),
		},
		Action: func(c *cli.Context) error {
			ps, err := hardParsePolicies(c.String("policy"))
			if err != nil {
				return err
			}
			ns, err := hardParseInts("n", c.String("n"))
			if err != nil {
				return err
			}
			t := &tabular.Table{Header: []string{"policy", "n", "k", "jobs", "case", "type2_map_by_k2", "policy_total", "paper_T_lower", "alt_total", "paper_T'_upper", "ratio", "ratio_over_k"}}
			var all []*adversary.Result
			for _, p := range ps {
				for _, n := range ns {
					if !c.Bool("quiet") {
						fmt.Fprintf(c.App.ErrWriter, "adversary: %s n=%d\n", p.Name(), n)
					}
					r, err := adversary.Play(n, p)
					if err != nil {
						return err
					}
					all = append(all, r)
					t.Add(r.Policy, fmt.Sprint(r.N), fmt.Sprint(r.K), fmt.Sprint(r.Jobs), fmt.Sprint(r.Case), tabular.Float(r.Type2Map),
						tabular.Float(r.PolicyTotal), tabular.Float(r.PaperT), tabular.Float(r.AltTotal), tabular.Float(r.PaperTAlt),
						tabular.Fixed(r.Ratio, 4), tabular.Fixed(r.Ratio/float64(r.K), 4))
				}
			}
			if err := hardWriteTable(c, t); err != nil {
				return err
			}
			if path := c.String("csv"); path != "" {
				var b bytes.Buffer
				if err := t.Write(&b, tabular.CSV); err != nil {
					return err
				}
				if err := instances.AtomicWrite(path, b.Bytes()); err != nil {
					return err
				}
			}
			if prefix := c.String("plot"); prefix != "" {
				pl, err := adversary.Plot(all)
				if err != nil {
					return err
				}
				for _, ext := range []string{".svg", ".png"} {
					if err := pl.Save(7*vg.Inch, 4.5*vg.Inch, prefix+ext); err != nil {
						return err
					}
				}
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "wrote %s.svg and %s.png\n", prefix, prefix)
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
		Description: `Plays the adversary of Theorem 2 against --policy for --n and writes the resulting online
instance (case, k and the type-2 map work by k² in its metadata); --alt-out writes the proof's
alternative schedule (validated by validate.Check; an upper bound on OPT).

Example:
   mrsched gen adversary --policy maxsrpt --n 512 --out adv512.json --alt-out adv512.alt.json`,
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "policy", Value: "maxsrpt", Usage: "policy (solver/fluid name)"},
			&cli.IntFlag{Name: "n", Value: 512, Usage: "n (k = ⌊n^{1/3}⌋)"},
			&cli.StringFlag{Name: "out", Aliases: []string{"o"}, Usage: "instance `FILE` (default stdout)"},
			&cli.StringFlag{Name: "alt-out", Usage: "write the alternative schedule to `FILE`"},
			hardQuietFlag(),
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
			if err := hardWriteInstance(c, r.Instance, c.String("out")); err != nil {
				return err
			}
			if path := c.String("alt-out"); path != "" {
				alt, err := adversary.AltSchedule(r)
				if err != nil {
					return err
				}
				if err := hardWriteSchedule(c, r.Instance, alt.Schedule, path); err != nil {
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

func hardParseRange(s string) (lo, hi int, err error) {
	a, b, ok := strings.Cut(s, "..")
	if !ok {
		b = a
	}
	if lo, err = strconv.Atoi(strings.TrimSpace(a)); err != nil {
		return 0, 0, fmt.Errorf("--n: %q: want N or LO..HI", s)
	}
	if hi, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || hi < lo {
		return 0, 0, fmt.Errorf("--n: %q: want N or LO..HI", s)
	}
	return lo, hi, nil
}

func searchCmd() *cli.Command {
	return &cli.Command{
		Name:     "search",
		Category: catHard,
		Usage:    "search small batch instances maximising MaxSRPT/OPT or SplitSRPT/OPT (§6 open question)",
		Description: `For each n in the range: a seeded hill climb with restarts over n jobs with continuous sizes in
[0.05, 20] and max(x/y, y/x) ≤ --alpha-max, maximising policy total / UB where UB is the best
priority-order schedule (all n! orders for n ≤ 6; a local search over orders above), a
certified lower bound on policy/OPT. The worst instance found is then solved exactly when
n ≤ --exact-max: OPT = min over the n! completion orders of the fixed-order LP (orderlp with
the default engine; identical jobs are not permuted), and the optimal schedule is validated.
Reports the ratio with its guarantee (Cor 4: 2α/(1+α); Cor 6: 1 + 1/β) and saves the worst
instance (metadata: ratio, guarantee, OPT order) to --out-dir/search-POLICY-nN.json. Without
--time-limit the result depends only on the seed.

Example:
   mrsched search --policy maxsrpt --n 4..5 --restarts 2 --steps 40 --out-dir /tmp`,
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
			hardFormatFlag(), hardQuietFlag(),
		},
		Action: func(c *cli.Context) error {
			lo, hi, err := hardParseRange(c.String("n"))
			if err != nil {
				return err
			}
			if d := c.Duration("time-limit"); d < 0 {
				return fmt.Errorf("--time-limit %s: want ≥ 0 (0: none)", d)
			}
			pol := c.String("policy")
			t := &tabular.Table{Header: []string{"policy", "n", "alpha", "beta", "guarantee", "policy_total", "ub_priority", "ratio_lb", "opt", "ratio_exact", "ratio_over_guarantee", "opt_validated", "evaluations"}}
			ctx := context.Background()
			for n := lo; n <= hi; n++ {
				opt := search.Options{Policy: pol, N: n, AlphaMax: c.Float64("alpha-max"), Restarts: c.Int("restarts"),
					Steps: c.Int("steps"), Seed: c.Uint64("seed") + uint64(n), TimeLimit: c.Duration("time-limit")}
				if !c.Bool("quiet") {
					opt.Progress = func(r int, best float64) {
						fmt.Fprintf(c.App.ErrWriter, "search %s n=%d: restart %d/%d, best ratio ≥ %.6f\n", pol, n, r+1, opt.Restarts, best)
					}
				}
				f, err := search.Run(ctx, opt)
				if err != nil {
					return err
				}
				optS, ratio, valid := "-", "-", "-"
				rel := f.RatioLB / f.Guarantee
				if n <= c.Int("exact-max") && n <= search.MaxExactN {
					eng, err := engine.Get(c.String("engine"))
					if err != nil {
						return err
					}
					t0 := time.Now()
					v, order, ok, err := search.ExactOPT(ctx, eng, f.Instance, func(done, total int) {
						if !c.Bool("quiet") {
							fmt.Fprintf(c.App.ErrWriter, "exact OPT n=%d: %d/%d orders\n", n, done, total)
						}
					})
					if err != nil {
						return err
					}
					f.Exact, f.OPT, f.OPTOrder, f.OPTValidated = true, v, order, ok
					f.Ratio = f.PolicyTotal / v
					optS, ratio, valid = tabular.Float(v), tabular.Fixed(f.Ratio, 6), fmt.Sprint(ok)
					rel = f.Ratio / f.Guarantee
					if !c.Bool("quiet") {
						fmt.Fprintf(c.App.ErrWriter, "exact OPT n=%d in %v\n", n, time.Since(t0).Round(time.Millisecond))
					}
				}
				t.Add(pol, fmt.Sprint(n), tabular.Fixed(f.Alpha, 4), tabular.Fixed(f.Beta, 4), tabular.Fixed(f.Guarantee, 6),
					tabular.Float(f.PolicyTotal), tabular.Float(f.UB), tabular.Fixed(f.RatioLB, 6), optS, ratio, tabular.Fixed(rel, 4), valid, fmt.Sprint(f.Evaluations))
				if dir := c.String("out-dir"); dir != "" {
					in := f.Instance
					in.Metadata = map[string]any{"generator": "mrsched search", "policy": pol, "seed": opt.Seed, "alpha_max": opt.AlphaMax,
						"policy_total": f.PolicyTotal, "ub_priority": f.UB, "ratio_lower_bound": f.RatioLB, "guarantee": f.Guarantee,
						"alpha": f.Alpha, "beta": f.Beta}
					if f.Exact {
						in.Metadata["opt"] = f.OPT
						in.Metadata["ratio"] = f.Ratio
						in.Metadata["opt_completion_order"] = f.OPTOrder
					}
					if err := hardWriteInstance(c, in, filepath.Join(dir, fmt.Sprintf("search-%s-n%d.json", pol, n))); err != nil {
						return err
					}
				}
			}
			return hardWriteTable(c, t)
		},
	}
}

func hardReduceOpt(c *cli.Context) error {
	path := c.String("instance")
	in, err := instances.ReadFile(path)
	if err != nil {
		return err
	}
	r, cert, err := reductions.FromTandem(in)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	eng, err := engine.Get(c.String("engine"))
	if err != nil {
		return err
	}
	t0 := time.Now()
	ex, err := search.ExactOPTFull(context.Background(), eng, in, func(done, total int) {
		if !c.Bool("quiet") && done%5000 == 0 {
			fmt.Fprintf(c.App.ErrWriter, "reduce opt: %d/%d orders (%v)\n", done, total, time.Since(t0).Round(time.Second))
		}
	})
	if err != nil {
		return err
	}
	yf, _ := new(big.Float).SetInt(r.Y).Float64()
	vres := "ok"
	if _, err := validate.Check(in, ex.Best.Schedule); err != nil {
		vres = "FAIL: " + err.Error()
	}
	exact := "-"
	if rs, err := rational.FromSchedule(ex.Best.Schedule); err == nil {
		if v, err := r.Check(rs); err == nil {
			if v.Feasible {
				exact = "feasible, total − y = " + hardRatString(new(big.Rat).Sub(v.Total, new(big.Rat).SetInt(r.Y)))
			} else {
				exact = fmt.Sprintf("infeasible (%d violations, first: %s)", len(v.Report.Violations), v.Report.Violations[0].String())
			}
		}
	}
	ids := make([]string, len(ex.Order))
	for i, j := range ex.Order {
		ids[i] = in.Jobs[j].ID
	}
	nm := "no"
	if cert != nil {
		nm = "yes"
	}
	t := &tabular.Table{Header: []string{"engine", "nmts", "lps", "opt_lp", "y", "opt_minus_y", "rel_gap_to_y", "second_best_lp", "schedule_total", "validate", "exact_check", "opt_order", "seconds"}}
	t.Add(eng.Name(), nm, fmt.Sprint(ex.Solved), tabular.Float(ex.OPT), r.Y.String(), tabular.Float(ex.OPT-yf), tabular.Float((ex.OPT-yf)/yf),
		tabular.Float(ex.SecondOPT), tabular.Float(ex.Best.Total), vres, exact, strings.Join(ids, " "), tabular.Fixed(time.Since(t0).Seconds(), 1))
	if sp := c.String("schedule-out"); sp != "" {
		if err := hardWriteSchedule(c, in, ex.Best.Schedule, sp); err != nil {
			return err
		}
	}
	return hardWriteTable(c, t)
}
