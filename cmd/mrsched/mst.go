package main

// Straggling mappers (Farhat et al.): mrsched mst eval|map|fit|nodes|forkjoin|figures.

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/nodes"
	"github.com/mrsched/mrsched/solver/straggler"
	"github.com/mrsched/mrsched/solver/straggler/figures"
	"github.com/mrsched/mrsched/tabular"
)

// mstCommands returns the mst command.
func mstCommands() []*cli.Command {
	return []*cli.Command{{
		Name:     "mst",
		Category: catStraggler,
		Usage:    "straggling mappers: mean sojourn time, mapping policies, fitting, node count (Farhat et al.)",
		Description: "The map phase as independent mapper nodes; MST = E[max_i R_i] (Definition 2).\n" +
			"Example: mrsched mst eval --mu 1,1,0.8 --lambda 0.5,0.5,0.4 --method all",
		Subcommands: []*cli.Command{mstEvalCmd(), mstMapCmd(), mstFitCmd(), mstNodesCmd(), mstForkJoinCmd(), mstFiguresCmd()},
	}}
}

func mstCommonFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: "format", Value: "table", Usage: "output format: table, md, csv or json"},
		&cli.StringFlag{Name: "out", Usage: "write the result to FILE instead of stdout"},
	}
}

func mstOutput(c *cli.Context, write func(w io.Writer, f tabular.Format) error) error {
	f, err := tabular.ParseFormat(c.String("format"))
	if err != nil {
		return err
	}
	if out := c.String("out"); out != "" {
		var b strings.Builder
		if err := write(&b, f); err != nil {
			return err
		}
		return instances.AtomicWrite(out, []byte(b.String()))
	}
	return write(c.App.Writer, f)
}

func mstParseList(s, name string) ([]float64, error) {
	var xs []float64
	for i, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		v, err := strconv.ParseFloat(f, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, fmt.Errorf("--%s: item %d %q is not a finite number", name, i+1, f)
		}
		xs = append(xs, v)
	}
	return xs, nil
}

// mstNodes returns per-node μ and λ from --nodes or --mu/--lambda; λ may
// be absent (NaN) when needLambda is false.
func mstNodes(c *cli.Context, needLambda bool) (mu, lambda []float64, err error) {
	if path := c.String("nodes"); path != "" {
		if c.IsSet("mu") {
			return nil, nil, errors.New("give either --nodes or --mu, not both")
		}
		f, err := nodes.ReadFile(path)
		if err != nil {
			return nil, nil, err
		}
		mu, lambda = f.Expand()
	} else {
		if !c.IsSet("mu") {
			return nil, nil, errors.New("give the nodes: --nodes FILE or --mu μ1,μ2,…")
		}
		if mu, err = mstParseList(c.String("mu"), "mu"); err != nil {
			return nil, nil, err
		}
		lambda = make([]float64, len(mu))
		for i := range lambda {
			lambda[i] = math.NaN()
		}
		if c.IsSet("lambda") {
			l, err := mstParseList(c.String("lambda"), "lambda")
			if err != nil {
				return nil, nil, err
			}
			if len(l) != len(mu) {
				return nil, nil, fmt.Errorf("--lambda has %d rates but --mu has %d", len(l), len(mu))
			}
			lambda = l
		}
	}
	if needLambda {
		for i, l := range lambda {
			if math.IsNaN(l) {
				return nil, nil, fmt.Errorf("node %d has no arrival rate λ (give --lambda or a lambda field)", i)
			}
		}
	}
	return mu, lambda, nil
}

func mstFloat(v float64) string { return tabular.Float(v) }

func mstEvalCmd() *cli.Command {
	return &cli.Command{
		Name:     "eval",
		Category: catStraggler,
		Usage:    "mean sojourn time of given nodes (closed form, integral, Monte Carlo)",
		Description: "Each node is an M/M/1 queue (μ_i, λ_i), or with --D the delayed exponential model\n" +
			"R_i = DelayedExp(offset Dλ_i/μ_i, rate μ_i−λ_i). Methods: closed (Lemma 3, eq. 10, N ≤ 25),\n" +
			"integral (eq. 8 as ∫(1−ΠF), 1e-9 relative), mc (Monte Carlo, 95% CI), all, auto (integral).\n" +
			"Example: mrsched mst eval --mu 1,1,0.8 --lambda 0.5,0.5,0.4 --method all --format json",
		Flags: append(mstCommonFlags(),
			&cli.StringFlag{Name: "nodes", Usage: "node file (JSON or .csv) with mu and lambda per node"},
			&cli.StringFlag{Name: "mu", Usage: "service rates μ1,μ2,…"},
			&cli.StringFlag{Name: "lambda", Usage: "arrival rates λ1,λ2,… (one per node)"},
			&cli.Float64Flag{Name: "D", Usage: "deterministic coefficient of the delayed exponential model (0 = M/M/1)"},
			&cli.StringFlag{Name: "method", Value: "auto", Usage: "closed, integral, mc, all or auto"},
			&cli.IntFlag{Name: "samples", Value: 100000, Usage: "Monte Carlo samples"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "Monte Carlo seed"},
			&cli.Float64Flag{Name: "rel-tol", Value: 1e-9, Usage: "relative accuracy of the integral"},
		),
		Action: func(c *cli.Context) error {
			mu, lambda, err := mstNodes(c, true)
			if err != nil {
				return err
			}
			model := straggler.Model{D: c.Float64("D")}
			if err := model.Validate(); err != nil {
				return err
			}
			var resp []straggler.Response
			var gammas []float64
			var groups []straggler.Group
			for i := range mu {
				if err := (straggler.MM1{Lambda: lambda[i], Mu: mu[i]}).Validate(); err != nil {
					return fmt.Errorf("node %d: %w", i, err)
				}
				r := model.Response(lambda[i], mu[i])
				resp = append(resp, r)
				gammas = append(gammas, mu[i]-lambda[i])
				groups = append(groups, straggler.Group{R: r, Count: 1})
			}
			// 0 and negative values fell back to the defaults silently (bad-input QA).
			if n := c.Int("samples"); n < 1 {
				return fmt.Errorf("--samples %d: want ≥ 1", n)
			}
			if tol := c.Float64("rel-tol"); !(tol > 0 && tol < 1) {
				return fmt.Errorf("--rel-tol %v: want a value in (0, 1)", tol)
			}
			method := c.String("method")
			var results []straggler.Result
			run := func(m string) error {
				var r straggler.Result
				var err error
				switch m {
				case "closed":
					if model.D != 0 {
						return errors.New("the closed form (Lemma 3) is for M/M/1 nodes only (D = 0)")
					}
					r, err = straggler.MSTClosedForm(gammas)
				case "integral":
					r, err = straggler.MSTIntegral(resp, straggler.IntegralOptions{RelTol: c.Float64("rel-tol")})
				case "mc":
					r, err = straggler.MSTMonteCarlo(groups, straggler.MCOptions{Samples: c.Int("samples")}, rand.NewPCG(c.Uint64("seed"), 0x5eed))
				default:
					return fmt.Errorf("unknown --method %q (want closed, integral, mc, all or auto)", m)
				}
				if err != nil {
					return err
				}
				results = append(results, r)
				return nil
			}
			switch method {
			case "auto":
				err = run("integral")
			case "all":
				for _, m := range []string{"closed", "integral", "mc"} {
					if m == "closed" && (len(mu) > straggler.MaxClosedFormNodes || model.D != 0) {
						continue
					}
					if err = run(m); err != nil {
						break
					}
				}
			default:
				err = run(method)
			}
			if err != nil {
				return err
			}
			return mstOutput(c, func(w io.Writer, f tabular.Format) error {
				if f == tabular.JSON {
					return tabular.WriteJSON(w, map[string]any{"mst": results[0].MST, "abs_err": results[0].AbsErr, "method": results[0].Method, "nodes": len(mu), "results": results})
				}
				t := &tabular.Table{Title: fmt.Sprintf("Mean sojourn time, %d nodes", len(mu)), Header: []string{"method", "mst", "abs_err", "detail"}, RightAlign: []bool{false, true, true, false}}
				for _, r := range results {
					d := ""
					switch r.Method {
					case "integral":
						d = fmt.Sprintf("%d evaluations, %d panels", r.Evals, r.Panels)
					case "montecarlo":
						d = fmt.Sprintf("%d samples, %g%% CI half-width", r.Samples, 100*r.Level)
					case "closed":
						d = "Lemma 3 inclusion–exclusion; rounding bound"
					}
					t.Add(r.Method, mstFloat(r.MST), mstFloat(r.AbsErr), d)
				}
				return t.Write(w, f)
			})
		},
	}
}

func mstMapCmd() *cli.Command {
	return &cli.Command{
		Name:     "map",
		Category: catStraggler,
		Usage:    "split a total arrival rate over nodes by a mapping policy (§V-A)",
		Description: "Policies: fair (eq. 12), dep (eq. 18), sep (eq. 23), mep, dmep, optimal (eq. 14 with KKT\n" +
			"certificate), or all. A violated condition (eq. 13, 19, 24) is an error naming it.\n" +
			"Example: mrsched mst map --policy all --total 10 --mu 0.8,0.8,0.8,0.8,0.8,1,1,1,1,1,1,1,1,1,1 --D 100",
		Flags: append(mstCommonFlags(),
			&cli.StringFlag{Name: "nodes", Usage: "node file (JSON or .csv); mu per node"},
			&cli.StringFlag{Name: "mu", Usage: "service rates μ1,μ2,…"},
			&cli.Float64Flag{Name: "total", Usage: "total task arrival rate λ", Required: true},
			&cli.StringFlag{Name: "policy", Value: "optimal", Usage: "fair, dep, sep, mep, dmep, optimal or all"},
			&cli.Float64Flag{Name: "D", Usage: "deterministic coefficient of the delayed exponential model (0 = M/M/1)"},
			&cli.BoolFlag{Name: "allow-migration", Usage: "let S-EP return negative λ_i (the paper's formal eq. 23) instead of failing on eq. 24"},
			&cli.BoolFlag{Name: "per-node", Usage: "print every node's λ_i (table formats)"},
		),
		Action: func(c *cli.Context) error {
			mu, _, err := mstNodes(c, false)
			if err != nil {
				return err
			}
			opt := straggler.MapOptions{Model: straggler.Model{D: c.Float64("D")}, AllowMigration: c.Bool("allow-migration")}
			var pols []straggler.Policy
			if c.String("policy") == "all" {
				pols = straggler.Policies
			} else {
				p, err := straggler.ParsePolicy(c.String("policy"))
				if err != nil {
					return err
				}
				pols = []straggler.Policy{p}
			}
			var maps []straggler.Mapping
			var errs []string
			for _, p := range pols {
				m, err := straggler.Map(p, c.Float64("total"), mu, opt)
				if err != nil {
					if len(pols) == 1 {
						return err
					}
					errs = append(errs, err.Error())
					continue
				}
				maps = append(maps, m)
			}
			uncertified := false
			for _, m := range maps {
				if m.KKT != nil && !m.KKT.OK {
					uncertified = true
				}
			}
			err = mstOutput(c, func(w io.Writer, f tabular.Format) error {
				if f == tabular.JSON {
					return tabular.WriteJSON(w, map[string]any{"mappings": maps, "errors": errs})
				}
				t := &tabular.Table{Title: fmt.Sprintf("Mapping λ = %g over %d nodes (D = %g)", c.Float64("total"), len(mu), opt.Model.D),
					Header: []string{"policy", "mst", "min λ_i", "max λ_i", "conditions", "kkt"}, RightAlign: []bool{false, true, true, true, false, false}}
				for _, m := range maps {
					lo, hi := math.Inf(1), math.Inf(-1)
					for _, l := range m.Lambda {
						lo, hi = math.Min(lo, l), math.Max(hi, l)
					}
					var cs []string
					for _, cd := range m.Conditions {
						mark := "ok"
						if !cd.Holds {
							mark = "VIOLATED"
						}
						cs = append(cs, cd.Name+" "+mark)
					}
					k := ""
					if m.KKT != nil {
						k = fmt.Sprintf("ok=%v α=%.6g dev=%.2g viol=%.2g it=%d", m.KKT.OK, m.KKT.Multiplier, m.KKT.MaxInteriorDev, m.KKT.MaxBoundViolate, m.KKT.Iterations)
					}
					t.Add(string(m.Policy), mstFloat(m.MST.MST), mstFloat(lo), mstFloat(hi), strings.Join(cs, "; "), k)
				}
				for _, e := range errs {
					t.Add("error", "", "", "", e, "")
				}
				if err := t.Write(w, f); err != nil {
					return err
				}
				if c.Bool("per-node") {
					pt := &tabular.Table{Header: []string{"node", "mu"}}
					for _, m := range maps {
						pt.Header = append(pt.Header, string(m.Policy))
					}
					for i := range mu {
						row := []string{strconv.Itoa(i), mstFloat(mu[i])}
						for _, m := range maps {
							row = append(row, mstFloat(m.Lambda[i]))
						}
						pt.Add(row...)
					}
					return pt.Write(w, f)
				}
				return nil
			})
			if err == nil && uncertified {
				return exitWith(2, errors.New("optimal mapping: KKT conditions not met within the iteration limit"))
			}
			return err
		},
	}
}

func mstFitCmd() *cli.Command {
	return &cli.Command{
		Name:     "fit",
		Category: catStraggler,
		Usage:    "fit a delayed exponential (eq. 4) to completion-time samples",
		Description: "Methods: MLE (T = min, γ = n/Σ(x−T)); the paper's least squares on the empirical CDF\n" +
			"with T from the data and γ by Newton's method; least squares over both T and γ.\n" +
			"Example: mrsched mst fit --samples results/straggler/samples_example.txt",
		Flags: append(mstCommonFlags(),
			&cli.StringFlag{Name: "samples", Usage: "file with one completion time per line", Required: true},
			&cli.Float64Flag{Name: "offset", Value: math.NaN(), Usage: "offset T for the least-squares fit (default: the smallest sample)"},
		),
		Action: func(c *cli.Context) error {
			fh, err := os.Open(c.String("samples"))
			if err != nil {
				return err
			}
			xs, err := nodes.ReadSamples(fh, c.String("samples"))
			fh.Close()
			if err != nil {
				return err
			}
			mle, err := straggler.FitMLE(xs)
			if err != nil {
				return err
			}
			T := c.Float64("offset")
			if math.IsNaN(T) {
				T = mle.Offset
			}
			pts := straggler.ECDF(xs)
			ls, err := straggler.FitLS(pts, T)
			if err != nil {
				return err
			}
			joint, err := straggler.FitLSJoint(pts)
			if err != nil {
				return err
			}
			fits := []straggler.Fit{mle, ls, joint}
			return mstOutput(c, func(w io.Writer, f tabular.Format) error {
				if f == tabular.JSON {
					return tabular.WriteJSON(w, map[string]any{"samples": len(xs), "fits": fits})
				}
				t := &tabular.Table{Title: fmt.Sprintf("Delayed exponential fit, %d samples", len(xs)), Header: []string{"method", "offset_T", "rate_γ", "rmse", "max_abs", "newton_iter"}, RightAlign: []bool{false, true, true, true, true, true}}
				for _, x := range fits {
					t.Add(x.Method, mstFloat(x.Offset), mstFloat(x.Rate), mstFloat(x.RMSE), mstFloat(x.MaxAbs), strconv.Itoa(x.Iterations))
				}
				return t.Write(w, f)
			})
		},
	}
}

func mstNodesCmd() *cli.Command {
	return &cli.Command{
		Name:     "nodes",
		Category: catStraggler,
		Usage:    "optimal number of mapper nodes (Lemma 4's separation, checked by brute force)",
		Description: "Classes are μ:available pairs. For N = 1, 2, … the N fastest nodes are mapped by the policy\n" +
			"and the best N is reported; every selection (n_1, …, n_C) is also enumerated when there are\n" +
			"at most --brute-limit of them.\n" +
			"Example: mrsched mst nodes --class 0.8:20,1:20 --total 10 --policy fair",
		Flags: append(mstCommonFlags(),
			&cli.StringFlag{Name: "class", Usage: "node classes μ:available,… (or use --nodes with count as availability)"},
			&cli.StringFlag{Name: "nodes", Usage: "node file; each entry's count is the number available"},
			&cli.Float64Flag{Name: "total", Usage: "total task arrival rate λ", Required: true},
			&cli.StringFlag{Name: "policy", Value: "optimal", Usage: "mapping policy for each selection"},
			&cli.Float64Flag{Name: "D", Usage: "deterministic coefficient of the delayed exponential model"},
			&cli.IntFlag{Name: "brute-limit", Value: 2000, Usage: "enumerate all selections when there are at most this many"},
			&cli.BoolFlag{Name: "curve", Usage: "print the MST for every N (table formats)"},
		),
		Action: func(c *cli.Context) error {
			var classes []straggler.NodeClass
			if p := c.String("nodes"); p != "" {
				f, err := nodes.ReadFile(p)
				if err != nil {
					return err
				}
				for _, n := range f.Nodes {
					classes = append(classes, straggler.NodeClass{Name: n.Name, Mu: n.Mu, Available: n.Count})
				}
			} else {
				if c.String("class") == "" {
					return errors.New("give --class μ:available,… or --nodes FILE")
				}
				for i, s := range strings.Split(c.String("class"), ",") {
					a, b, ok := strings.Cut(strings.TrimSpace(s), ":")
					mu, err1 := strconv.ParseFloat(a, 64)
					n, err2 := strconv.Atoi(b)
					if !ok || err1 != nil || err2 != nil {
						return fmt.Errorf("--class: item %d %q is not μ:available", i+1, s)
					}
					classes = append(classes, straggler.NodeClass{Mu: mu, Available: n})
				}
			}
			p, err := straggler.ParsePolicy(c.String("policy"))
			if err != nil {
				return err
			}
			if n := c.Int("brute-limit"); n < 0 {
				return fmt.Errorf("--brute-limit %d: want ≥ 0", n)
			}
			res, err := straggler.OptimalNodeCount(classes, c.Float64("total"), p, straggler.MapOptions{Model: straggler.Model{D: c.Float64("D")}}, c.Int("brute-limit"))
			if err != nil {
				return err
			}
			return mstOutput(c, func(w io.Writer, f tabular.Format) error {
				if f == tabular.JSON {
					return tabular.WriteJSON(w, res)
				}
				t := &tabular.Table{Title: fmt.Sprintf("Optimal node count, λ = %g, policy %s", c.Float64("total"), p), Header: []string{"method", "N", "counts", "mst"}, RightAlign: []bool{false, true, false, true}}
				t.Add("separation (Lemma 4)", strconv.Itoa(res.Best.N), fmt.Sprint(res.Best.Counts), mstFloat(res.Best.MST))
				if res.Brute != nil {
					t.Add(fmt.Sprintf("brute force (%d selections)", res.BruteSize), strconv.Itoa(res.Brute.N), fmt.Sprint(res.Brute.Counts), mstFloat(res.Brute.MST))
					t.Add("gap %", "", "", mstFloat(res.GapPercent))
				} else {
					t.Add(fmt.Sprintf("brute force skipped (%d+ selections > --brute-limit)", res.BruteSize), "", "", "")
				}
				if err := t.Write(w, f); err != nil {
					return err
				}
				if c.Bool("curve") {
					ct := &tabular.Table{Header: []string{"N", "counts", "mst"}}
					for _, pt := range res.Curve {
						ct.Add(strconv.Itoa(pt.N), fmt.Sprint(pt.Counts), mstFloat(pt.MST))
					}
					return ct.Write(w, f)
				}
				return nil
			})
		},
	}
}

func mstForkJoinCmd() *cli.Command {
	return &cli.Command{
		Name:     "forkjoin",
		Category: catStraggler,
		Usage:    "fork-join queue: literature bounds, Nelson–Tantawi, DES, and the paper's MST",
		Description: "Homogeneous K-server M/M/1 fork-join queue. The paper's MST treats nodes as independent and\n" +
			"equals the upper bound H_K/(μ−λ); the simulation shows the true fork-join mean.\n" +
			"Example: mrsched mst forkjoin --k 4 --lambda 0.5 --mu 1 --jobs 200000",
		Flags: append(mstCommonFlags(),
			&cli.IntFlag{Name: "k", Value: 4, Usage: "number of servers K"},
			&cli.Float64Flag{Name: "lambda", Value: 0.5, Usage: "job arrival rate"},
			&cli.Float64Flag{Name: "mu", Value: 1, Usage: "service rate of every server"},
			&cli.IntFlag{Name: "jobs", Value: 200000, Usage: "jobs measured after 10% warm-up (0: no simulation)"},
			&cli.Uint64Flag{Name: "seed", Value: 1, Usage: "simulation seed"},
		),
		Action: func(c *cli.Context) error {
			k, l, m := c.Int("k"), c.Float64("lambda"), c.Float64("mu")
			low, up, err := straggler.ForkJoinBounds(k, l, m)
			if err != nil {
				return err
			}
			out := map[string]any{"k": k, "lambda": l, "mu": m, "lower_bound": low, "upper_bound": up, "nelson_tantawi": straggler.NelsonTantawi(k, l, m), "mst_independent": up}
			var sim *straggler.ForkJoinSim
			if n := c.Int("jobs"); n > 0 {
				mus := make([]float64, k)
				for i := range mus {
					mus[i] = m
				}
				s, err := straggler.SimulateForkJoin(l, mus, n/10, n, rand.NewPCG(c.Uint64("seed"), 0xf0))
				if err != nil {
					return err
				}
				sim = &s
				out["simulation"] = s
			}
			return mstOutput(c, func(w io.Writer, f tabular.Format) error {
				if f == tabular.JSON {
					return tabular.WriteJSON(w, out)
				}
				t := &tabular.Table{Title: fmt.Sprintf("Fork-join K = %d, λ = %g, μ = %g", k, l, m), Header: []string{"quantity", "value"}, RightAlign: []bool{false, true}}
				t.Add("lower bound (1/μ)[H_K + Σ(1/j)ρ/(j−ρ)]", mstFloat(low))
				t.Add("upper bound H_K/(μ−λ) = paper's MST", mstFloat(up))
				t.Add("Nelson–Tantawi approximation", mstFloat(straggler.NelsonTantawi(k, l, m)))
				if sim != nil {
					t.Add(fmt.Sprintf("simulation (%d jobs) mean", sim.Jobs), mstFloat(sim.Mean))
					t.Add("simulation 95% half-width", mstFloat(sim.HalfWidth))
				}
				return t.Write(w, f)
			})
		},
	}
}

func mstFiguresCmd() *cli.Command {
	return &cli.Command{
		Name:        "figures",
		Category:    catStraggler,
		Usage:       "recompute the data of Fig. 3, 4, 6, 8, 10, 11 as CSV, SVG and PNG",
		Description: "Example: mrsched mst figures --out results/straggler",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "out", Value: "results/straggler", Usage: "output directory"},
			&cli.BoolFlag{Name: "quiet", Usage: "no progress on stderr"},
		},
		Action: func(c *cli.Context) error {
			dir := c.String("out")
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
			figs, err := figures.All(func(done, total int, name string) {
				if !c.Bool("quiet") {
					fmt.Fprintf(c.App.ErrWriter, "mst figures: %d/%d %s\n", done, total, name)
				}
			})
			if err != nil {
				return err
			}
			for _, f := range figs {
				if err := f.Write(dir); err != nil {
					return err
				}
				fmt.Fprintf(c.App.Writer, "%s\t%s\n", f.Name, f.Note)
			}
			return nil
		},
	}
}
