// Command exact is the benchmark program of the exact methods (docs/exact.md,
// "Benchmarks"): it runs the exact search and the MIP on each engine side
// by side on Taillard-derived tandem instances and on log-normal batches,
// and reports status, objective, bound, gap and time, plus the distance of
// the heuristics (MaxSRPT, SplitSRPT, polish) from the best proven bound.
//
//	go run ./bench/exact -suite taillard -limit 60s -out results/exact
//	go run ./bench/exact -suite lognormal -limit 60s -seeds 10 -out results/exact
//	go run -tags cbc ./bench/exact -suite taillard -engines highs,cbc -search-engines cbc …
//
// make exact-bench adds the portfolio and, side by side in the
// same run, the search of an older build (-baseline BIN: that binary's
// `solve --method search`) and the native solvers glpsol and cbc on the
// exported MIP (-native glpsol,cbc), with the suites nightly (the 16-job
// batch of testdata/nightly16.csv, the nightly study's earlier default),
// releases (the log-normal online generator cut to n jobs)
// and taillard50:
//
//	go run ./bench/exact -suite lognormal -n 20 -methods portfolio,baseline -baseline /tmp/base/mrsched -out results/exact -name vs-baseline
//
// Progress goes to stderr; tables are written as CSV and Markdown.
package main

import (
	"context"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

type row struct {
	Suite, Instance, Method, Engine, Status string
	N                                       int
	Objective, LowerBound, Gap, Seconds     float64
	CPUSeconds                              float64 // of the process (search methods) or its children (external methods)
	Nodes                                   int64
}

// taillard50x5 are the seeds of Taillard's 50-job, 5-machine flow-shop
// instances ta031–ta040 (E. Taillard, Benchmarks for basic scheduling
// problems, EJOR 64, 1993, Table 3).
var taillard50x5 = [10]int64{1328042058, 200382020, 496319842, 1203030903, 1730708564, 450926852, 1303135678, 1273398721, 587288402, 248421594}

func main() {
	suite := flag.String("suite", "taillard", "taillard or lognormal")
	limit := flag.Duration("limit", 60*time.Second, "time limit per run")
	engines := flag.String("engines", "highs", "MIP engines, comma separated (cbc needs -tags cbc)")
	methods := flag.String("methods", "search,mip,maxsrpt,splitsrpt,polish", "methods")
	searchEngines := flag.String("search-engines", "", "engines for search and polish LPs (default: the first of -engines)")
	polishLimit := flag.Duration("polish-limit", 0, "time limit of polish (default: -limit)")
	seeds := flag.Int("seeds", 10, "log-normal seeds per n")
	ns := flag.String("n", "6,8,10,12,14,16", "log-normal sizes")
	count := flag.Int("count", 10, "Taillard instances (first K of the 20×5 set)")
	tn := flag.Int("taillard-n", 20, "keep the first N jobs of each Taillard instance")
	out := flag.String("out", "results/exact", "output directory")
	suffix := flag.String("name", "", "suffix of the output file names (e.g. fastlp → taillard-fastlp.csv)")
	baseline := flag.String("baseline", "", "mrsched binary of an older build: method baseline runs its solve --method search")
	balancedOnly := flag.String("kinds", "balanced,unbalanced", "log-normal kinds")
	flag.Parse()
	var engs []mip.Engine
	for _, name := range strings.Split(*engines, ",") {
		e, err := engine.Get(strings.TrimSpace(name))
		if err != nil {
			fmt.Fprintln(os.Stderr, "exact:", err)
			os.Exit(1)
		}
		engs = append(engs, e)
	}
	getEngs := func(list string) []mip.Engine {
		var out []mip.Engine
		for _, name := range strings.Split(list, ",") {
			e, err := engine.Get(strings.TrimSpace(name))
			if err != nil {
				fmt.Fprintln(os.Stderr, "exact:", err)
				os.Exit(1)
			}
			out = append(out, e)
		}
		return out
	}
	sengs := engs[:1]
	if *searchEngines != "" {
		sengs = getEngs(*searchEngines)
	}
	if *polishLimit == 0 {
		*polishLimit = *limit
	}
	cfg := config{suite: *suite, limit: *limit, polishLimit: *polishLimit, methods: *methods, seeds: *seeds,
		ns: *ns, count: *count, tn: *tn, baseline: *baseline, kinds: *balancedOnly}
	list := instancesOf(cfg)
	rows := run(cfg, list, engs, sengs)
	t, base := writeTables(cfg, rows, *out, *suffix)
	if *suite == "lognormal" {
		writeProvenSummary(rows, *limit, base)
	}
	_ = t.Write(os.Stdout, tabular.Text)
}

// config holds the flags that select the instances and the runs.
type config struct {
	suite, methods, ns, baseline, kinds string
	limit, polishLimit                  time.Duration
	seeds, count, tn                    int
}

// inst is one benchmark instance.
type inst struct {
	name  string
	suite string
	in    *instances.Instance
}

// instancesOf builds the instances of the suite cfg.suite.
func instancesOf(cfg config) []inst {
	var list []inst
	switch cfg.suite {
	case "taillard":
		for k := 0; k < cfg.count; k++ {
			ti, err := taillard.Generate(20, 5, taillard.Seeds20x5[k])
			if err != nil {
				panic(err)
			}
			in, _ := ti.ToTandem()
			name := fmt.Sprintf("ta%03d", k+1)
			if cfg.tn < 20 {
				in.Jobs = in.Jobs[:cfg.tn]
				name = fmt.Sprintf("ta%03d-first%d", k+1, cfg.tn)
			}
			list = append(list, inst{name, "taillard", in})
		}
	case "taillard50":
		for k := 0; k < cfg.count; k++ {
			ti, err := taillard.Generate(50, 5, taillard50x5[k])
			if err != nil {
				panic(err)
			}
			in, _ := ti.ToTandem()
			list = append(list, inst{fmt.Sprintf("ta%03d", 31+k), "taillard50", in})
		}
	case "nightly":
		fh, err := os.Open("bench/exact/testdata/nightly16.csv")
		if err != nil {
			panic(err)
		}
		in, err := instances.ReadCSV(fh, "bench/exact/testdata/nightly16.csv")
		fh.Close()
		if err != nil {
			panic(err)
		}
		list = append(list, inst{"nightly-default", "nightly", in})
	case "releases":
		for _, f := range strings.Split(cfg.ns, ",") {
			var n int
			fmt.Sscan(f, &n)
			for s := 0; s < cfg.seeds; s++ {
				// The §5.3 online generator at load 0.75, its first n jobs.
				in, err := instances.PaperLogNormal(n, 0.75, false).Generate(rand.NewPCG(uint64(s+1), uint64(n)))
				if err != nil {
					panic(err)
				}
				list = append(list, inst{fmt.Sprintf("online-n%d-s%d", n, s+1), "releases", in})
			}
		}
	case "lognormal":
		for _, f := range strings.Split(cfg.ns, ",") {
			var n int
			fmt.Sscan(f, &n)
			for _, kind := range strings.Split(cfg.kinds, ",") {
				for s := 0; s < cfg.seeds; s++ {
					in, err := instances.PaperLogNormal(n, 0.75, true).Generate(rand.NewPCG(uint64(s+1), uint64(n)))
					if err != nil {
						panic(err)
					}
					if kind == "balanced" {
						// α ≤ 2: each shuffle/map ratio clamped to [1/2, 2].
						for j := range in.Jobs {
							x, y := in.Jobs[j].Map/in.MapCapacity, in.Jobs[j].Shuffle/in.ShuffleCapacity
							r := math.Min(2, math.Max(0.5, y/x))
							in.Jobs[j].Shuffle = x * r * in.ShuffleCapacity
						}
					}
					list = append(list, inst{fmt.Sprintf("%s-n%d-s%d", kind, n, s+1), "lognormal-" + kind, in})
				}
			}
		}
	default:
		extra, ok, err := releaseSuite(cfg.suite, cfg.ns, cfg.seeds) // releases.go
		if !ok || err != nil {
			fmt.Fprintln(os.Stderr, "exact: -suite taillard, taillard50, lognormal, releases, releases-swim, releases-planner or nightly", err)
			os.Exit(2)
		}
		for _, e := range extra {
			list = append(list, inst(e))
		}
	}
	return list
}

// run runs every method of cfg.methods on every instance; mip on each of
// engs, search on each of sengs, the others on sengs[0].
func run(cfg config, list []inst, engs, sengs []mip.Engine) []row {
	var rows []row
	for _, it := range list {
		for _, m := range strings.Split(cfg.methods, ",") {
			es := sengs[:1]
			switch m {
			case "mip":
				es = engs
			case "search":
				es = sengs
			}
			if m == "search-nodom" || m == "search-nopair" || m == "search-nowindow" || m == "search-only" {
				// The search alone, and without the dominance rule, the
				// pair tail or the window tail (the nodes each removes).
				t0, c0 := time.Now(), allCPU()
				sr, err := search.Solve(context.Background(), sengs[0], it.in, search.Options{TimeLimit: cfg.limit, NoDominance: m == "search-nodom", NoPairTail: m == "search-nopair", NoWindowTail: m == "search-nowindow"})
				r := row{Suite: it.suite, Instance: it.name, Method: m, Engine: "fastlp", N: it.in.N(), Seconds: time.Since(t0).Seconds(), CPUSeconds: allCPU() - c0}
				if err != nil {
					r.Status = "error: " + err.Error()
				} else {
					r.Status, r.Objective, r.LowerBound, r.Gap, r.Nodes = exact.StatusTimeLimit.String(), sr.Objective, sr.LowerBound, sr.Gap, sr.Stats.Nodes
					if sr.Status == mip.Optimal {
						r.Status = exact.StatusOptimal.String()
					}
				}
				root := math.NaN()
				if err == nil {
					root = sr.RootBound
				}
				fmt.Fprintf(os.Stderr, "%s %s: %s obj %.6g root %.6g lb %.6g nodes %d %.1fs %.1f CPU-s\n", it.name, m, r.Status, r.Objective, root, r.LowerBound, r.Nodes, r.Seconds, r.CPUSeconds)
				rows = append(rows, r)
				continue
			}
			if m == "baseline" || m == "glpsol" || m == "cbc" || m == "cbc-cli" {
				r := external(m, cfg.baseline, it.in, cfg.limit)
				r.Suite, r.Instance, r.N = it.suite, it.name, it.in.N()
				fmt.Fprintf(os.Stderr, "%s %s: %s obj %.6g lb %.6g gap %.3g nodes %d %.1fs\n", it.name, m, r.Status, r.Objective, r.LowerBound, r.Gap, r.Nodes, r.Seconds)
				rows = append(rows, r)
				continue
			}
			for _, e := range es {
				lim := cfg.limit
				if m == "polish" {
					lim = cfg.polishLimit
				}
				c0 := allCPU()
				a, err := exact.Solve(context.Background(), e, it.in, exact.Options{Method: m, TimeLimit: lim})
				r := row{Suite: it.suite, Instance: it.name, Method: m, Engine: e.Name(), N: it.in.N(), CPUSeconds: allCPU() - c0}
				if m == "search" || m == "polish" {
					// The LPs of search and polish are evaluated by package
					// fastlp (fastlp.Release with release dates), not by the
					// engine.
					r.Engine = "fastlp"
				}
				if err != nil {
					r.Status = "error: " + err.Error()
				} else {
					r.Status, r.Objective, r.LowerBound, r.Gap, r.Seconds, r.Nodes = a.Status.String(), a.Objective, a.LowerBound, a.Gap, a.Time.Seconds(), a.Nodes
					if m == "portfolio" {
						r.Engine = a.Engine
					}
				}
				fmt.Fprintf(os.Stderr, "%s %s %s: %s obj %.6g lb %.6g gap %.3g %.1fs\n", it.name, m, e.Name(), r.Status, r.Objective, r.LowerBound, r.Gap, r.Seconds)
				if err == nil {
					for _, note := range a.Notes {
						fmt.Fprintf(os.Stderr, "  note: %s\n", note)
					}
				}
				rows = append(rows, r)
			}
		}
	}
	return rows
}

// writeTables writes the CSV and Markdown tables and the goals summary of
// rows into out and returns the table and the base of the file names.
func writeTables(cfg config, rows []row, out, suffix string) (*tabular.Table, string) {
	// Best proven bound and best objective per instance, for distances.
	bestLB, bestObj := map[string]float64{}, map[string]float64{}
	for _, r := range rows {
		if r.Objective > 0 {
			bestLB[r.Instance] = math.Max(bestLB[r.Instance], r.LowerBound)
			if v, ok := bestObj[r.Instance]; !ok || r.Objective < v {
				bestObj[r.Instance] = r.Objective
			}
		}
	}
	t := &tabular.Table{Header: []string{"suite", "instance", "n", "method", "engine", "status", "objective", "lower_bound", "gap", "seconds", "cpu_seconds", "nodes", "vs_best_bound"},
		Percent: []bool{8: true, 12: true}}
	for _, r := range rows {
		t.Add(r.Suite, r.Instance, fmt.Sprint(r.N), r.Method, r.Engine, r.Status, tabular.Float(r.Objective), tabular.Float(r.LowerBound),
			tabular.Float(r.Gap), tabular.Fixed(r.Seconds, 2), tabular.Fixed(r.CPUSeconds, 2), fmt.Sprint(r.Nodes), tabular.Float(r.Objective/bestLB[r.Instance]-1))
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		panic(err)
	}
	writeSummary(rows, cfg.limit, filepath.Join(out, cfg.suite+"-"+suffix+"-goals.md"))
	base := filepath.Join(out, cfg.suite)
	if cfg.suite == "taillard" && cfg.tn < 20 {
		base = fmt.Sprintf("%s-first%d", base, cfg.tn)
	}
	if suffix != "" {
		base += "-" + suffix
	}
	for ext, f := range map[string]tabular.Format{".csv": tabular.CSV, ".md": tabular.Markdown} {
		fh, err := os.Create(base + ext)
		if err != nil {
			panic(err)
		}
		if err := t.Write(fh, f); err != nil {
			panic(err)
		}
		fh.Close()
	}
	return t, base
}

// writeProvenSummary writes, for the log-normal suite, the largest n whose
// median run is proven optimal per method/engine and kind.
func writeProvenSummary(rows []row, limit time.Duration, base string) {
	type key struct{ kind, method string }
	proven := map[key]map[int][]bool{}
	for _, r := range rows {
		k := key{r.Suite, r.Method + "/" + r.Engine}
		if proven[k] == nil {
			proven[k] = map[int][]bool{}
		}
		proven[k][r.N] = append(proven[k][r.N], r.Status == exact.StatusOptimal.String() && r.Seconds <= limit.Seconds())
	}
	var keys []key
	for k := range proven {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(a, b int) bool { return keys[a].kind+keys[a].method < keys[b].kind+keys[b].method })
	s := &tabular.Table{Header: []string{"kind", "method", "largest n with ≥ half the seeds proven", "proven per n"}}
	for _, k := range keys {
		var nsSorted []int
		for n := range proven[k] {
			nsSorted = append(nsSorted, n)
		}
		sort.Ints(nsSorted)
		largest := 0
		var parts []string
		for _, n := range nsSorted {
			c := 0
			for _, ok := range proven[k][n] {
				if ok {
					c++
				}
			}
			parts = append(parts, fmt.Sprintf("n=%d:%d/%d", n, c, len(proven[k][n])))
			if 2*c >= len(proven[k][n]) {
				largest = n
			}
		}
		s.Add(k.kind, k.method, fmt.Sprint(largest), strings.Join(parts, " "))
	}
	fh, _ := os.Create(base + "-summary.md")
	_ = s.Write(fh, tabular.Markdown)
	fh.Close()
	_ = s.Write(os.Stdout, tabular.Text)
}
