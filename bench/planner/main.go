// Command planner is the planner-scale benchmark (docs/planner.md): for
// log-normal batches (§5.3, `gen lognormal --batch`), Taillard's generator
// (machines 1–2), SWIM trace windows and log-normal online instances of
// 100 to 100,000 jobs it runs `mrsched solve` with each time limit as a
// separate process (wall time and peak memory measured from outside) and,
// side by side, the answer the toolkit gave before the large-instance
// path: the best fluid heuristic (MaxSRPT, SplitSRPT, FIFO, PS) against
// the best of the bounds it had (Paper51, Counting, CountingStandalone,
// PrefixBatch). It writes planner.csv, planner.md and the gap-against-time
// figure gap_vs_time.svg.
//
//	go build -o bin/mrsched ./cmd/mrsched
//	go run ./bench/planner -bin bin/mrsched -suite quick -limits 5s,15s,60s -out results/planner
//
// Progress goes to stderr.
package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report/figures"
	"github.com/mrsched/mrsched/solver/exact"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// taillard500x20 are the time seeds of the 500-job, 20-machine set of
// Taillard's generator as used here (machines 1–2 of each instance: the
// generator draws machine by machine, so they are the 2-machine instance
// of the same seed).
var taillardSeeds = []int64{1368624604, 450181436, 1927888393, 1759567256, 606425239}

// case_ is one instance: how to make it and its family for the figure.
type case_ struct {
	Family, Name string
	N            int
	Args         []string // mrsched arguments that write the instance (after "-o FILE")
}

func suite(name, swimDir string, seeds, otherSeeds int) []case_ {
	var cs []case_
	add := func(family, name string, n int, args ...string) {
		cs = append(cs, case_{family, name, n, args})
	}
	sizes := []int{100, 1000, 10000}
	tail := []int{50, 100, 200, 500}
	online := []int{1000}
	if name == "full" {
		sizes = append(sizes, 100000)
		online = append(online, 10000)
	}
	for _, n := range sizes {
		for s := 1; s <= seeds; s++ {
			add(fmt.Sprintf("lognormal batch n=%d", n), fmt.Sprintf("lognormal-b%d-s%d", n, 100+s), n,
				"gen", "lognormal", "--batch", "-n", strconv.Itoa(n), "--seed", strconv.Itoa(100+s))
		}
	}
	for _, n := range tail {
		for k := 0; k < min(otherSeeds, len(taillardSeeds)); k++ {
			add(fmt.Sprintf("taillard n=%d", n), fmt.Sprintf("taillard-%d-s%d", n, taillardSeeds[k]), n,
				"gen", "taillard", "--jobs", strconv.Itoa(n), "--machines", "2", "--seed", strconv.FormatInt(taillardSeeds[k], 10), "--format", "json")
		}
	}
	for _, n := range online {
		for s := 1; s <= otherSeeds; s++ {
			add(fmt.Sprintf("lognormal online n=%d", n), fmt.Sprintf("lognormal-o%d-s%d", n, 100+s), n,
				"gen", "lognormal", "--load", "0.9", "-n", strconv.Itoa(n), "--seed", strconv.Itoa(100+s))
		}
	}
	// DAG nights (gen dag): layered, n/25 layers (at least 4, at most 50),
	// fan-in 1–3 from the previous layer, fan-out at most 4, a quarter of the
	// jobs of weight 10, the rest 1, all released at 0, a fifth with a
	// deadline at three times their earliest response (reported, soft).
	for _, n := range sizes[:3] {
		layers := min(50, max(4, n/25))
		for s := 1; s <= otherSeeds; s++ {
			add(fmt.Sprintf("dag night n=%d", n), fmt.Sprintf("dag-%d-s%d", n, 100+s), n,
				"gen", "dag", "-n", strconv.Itoa(n), "--layers", strconv.Itoa(layers), "--seed", strconv.Itoa(100+s), "--format", "json")
		}
	}
	for _, tr := range []string{"FB-2009", "FB-2010"} {
		f := filepath.Join(swimDir, tr+"_samples_24_times_1hr_0.tsv")
		add("swim window 1000", "swim-"+tr+"-1000", 1000, "import", "swim", "--normalize", "--load", "0.9", "--max-jobs", "1000", f)
		if name == "full" {
			add("swim day", "swim-"+tr+"-day", 0, "import", "swim", "--normalize", "--load", "0.9", f)
		}
	}
	return cs
}

// row is one result line.
type row struct {
	Family, Instance string
	N                int
	Method           string // "before" (fallback heuristics) or "solve"
	Limit            string
	Status           string
	Objective, Bound float64
	BoundSource      mip.BoundSource
	ScheduleSource   string
	Gap              float64
	Seconds          float64
	PeakMiB          float64
}

func main() {
	bin := flag.String("bin", "bin/mrsched", "the mrsched binary to measure")
	out := flag.String("out", "results/planner", "output folder")
	suiteName := flag.String("suite", "quick", "quick (100–10,000 jobs) or full (also 100,000 jobs, 10,000 online, whole SWIM days)")
	limitsFlag := flag.String("limits", "5s,15s,60s", "time limits, comma separated")
	seeds := flag.Int("seeds", 3, "seeds (instances) per size of the log-normal batches")
	otherSeeds := flag.Int("other-seeds", 3, "seeds per size of Taillard's generator and the online instances")
	swimDir := flag.String("swim", "../shared/data/swim", "folder of the SWIM traces")
	split := flag.Bool("split", false, "instead: how the gap splits on small batches and online instances with a proven OPT (split.md)")
	only := flag.String("only", "", "run only the instances whose name matches this regular expression (with -merge, the others' rows are kept)")
	merge := flag.Bool("merge", false, "keep the rows of OUT/planner.csv at the other time limits (add a column without re-running the others)")
	flag.Parse()
	if *split {
		if err := os.MkdirAll(*out, 0o755); err != nil {
			fail(err)
		}
		if err := splitGap(*out, *seeds); err != nil {
			fail(err)
		}
		return
	}
	var limits []time.Duration
	for _, f := range strings.Split(*limitsFlag, ",") {
		d, err := time.ParseDuration(strings.TrimSpace(f))
		if err != nil {
			fail(err)
		}
		limits = append(limits, d)
	}
	tmp, err := os.MkdirTemp("", "planner-bench-")
	if err != nil {
		fail(err)
	}
	defer os.RemoveAll(tmp)
	sel, err := regexp.Compile(*only)
	if err != nil {
		fail(fmt.Errorf("-only: %w", err))
	}
	var rows []row
	if *merge {
		old, oldLimits, err := readRows(filepath.Join(*out, "planner.csv"))
		if err != nil {
			fail(err)
		}
		for _, r := range old {
			if r.Method == "before" || !sel.MatchString(r.Instance) || !slices.ContainsFunc(limits, func(l time.Duration) bool { return l.String() == r.Limit }) {
				rows = append(rows, r)
			}
		}
		for _, l := range oldLimits {
			if !slices.Contains(limits, l) {
				limits = append(limits, l)
			}
		}
		slices.Sort(limits)
	}
	for _, c := range suite(*suiteName, *swimDir, *seeds, *otherSeeds) {
		if !sel.MatchString(c.Name) {
			continue
		}
		file := filepath.Join(tmp, c.Name+".json")
		args := append(slices.Clone(c.Args[:2]), append([]string{"-q", "-o", file}, c.Args[2:]...)...)
		if b, err := exec.Command(*bin, args...).CombinedOutput(); err != nil {
			fail(fmt.Errorf("%s: %v: %s", c.Name, err, b))
		}
		in, err := instances.ReadFile(file)
		if err != nil {
			fail(err)
		}
		c.N = in.N()
		if !*merge {
			rows = append(rows, before(c, in))
			fmt.Fprintf(os.Stderr, "planner: %s n=%d before: gap %.3f%%\n", c.Name, c.N, 100*rows[len(rows)-1].Gap)
		}
		for _, l := range limits {
			if *merge && slices.ContainsFunc(rows, func(r row) bool { return r.Instance == c.Name && r.Limit == l.String() }) {
				continue
			}
			r, err := solve(*bin, file, l)
			if err != nil {
				fail(fmt.Errorf("%s: %w", c.Name, err))
			}
			r.Family, r.Instance, r.N = c.Family, c.Name, c.N
			rows = append(rows, r)
			fmt.Fprintf(os.Stderr, "planner: %s n=%d %v: %s gap %.3f%% %.1f s %.0f MiB\n", c.Name, c.N, l, r.Status, 100*r.Gap, r.Seconds, r.PeakMiB)
		}
	}
	if err := os.MkdirAll(*out, 0o755); err != nil {
		fail(err)
	}
	first := map[string]int{}
	for i, r := range rows {
		if _, ok := first[r.Instance]; !ok {
			first[r.Instance] = i
		}
	}
	sort.SliceStable(rows, func(i, j int) bool {
		if fi, fj := first[rows[i].Instance], first[rows[j].Instance]; fi != fj {
			return fi < fj
		}
		return limitOrder(rows[i].Limit) < limitOrder(rows[j].Limit)
	})
	if err := write(*out, rows, limits); err != nil {
		fail(err)
	}
}

// limitOrder orders "-" (the before row) first, then the limits by length.
func limitOrder(l string) time.Duration {
	d, err := time.ParseDuration(l)
	if err != nil {
		return -1
	}
	return d
}

// readRows reads a planner.csv written by write, and the time limits in it.
func readRows(path string) ([]row, []time.Duration, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, nil, err
	}
	recs, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", path, err)
	}
	var rows []row
	var limits []time.Duration
	for i, f := range recs[1:] {
		if len(f) != 13 {
			return nil, nil, fmt.Errorf("%s:%d: %d fields, want 13", path, i+2, len(f))
		}
		num := func(s string) float64 {
			v, perr := strconv.ParseFloat(s, 64)
			if perr != nil && err == nil {
				err = fmt.Errorf("%s:%d: %w", path, i+2, perr)
			}
			return v
		}
		n, perr := strconv.Atoi(f[2])
		if perr != nil {
			return nil, nil, fmt.Errorf("%s:%d: %w", path, i+2, perr)
		}
		r := row{Family: f[0], Instance: f[1], N: n, Method: f[3], Limit: f[4], Status: f[5], Objective: num(f[6]), Bound: num(f[7]),
			BoundSource: mip.BoundSource(f[8]), ScheduleSource: f[9], Gap: num(f[10]), Seconds: num(f[11]), PeakMiB: num(f[12])}
		if err != nil {
			return nil, nil, err
		}
		if d := limitOrder(r.Limit); d > 0 && !slices.Contains(limits, d) {
			limits = append(limits, d)
		}
		rows = append(rows, r)
	}
	return rows, limits, nil
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "planner:", err)
	os.Exit(1)
}

// before is the answer of the toolkit before the large-instance path: the
// best fluid heuristic against the best bound it had.
func before(c case_, in *instances.Instance) row {
	t0 := time.Now()
	best, src := math.Inf(1), ""
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT(), fluid.FIFO(), fluid.PS()} {
		r, err := fluid.Simulate(in, p, fluid.Options{})
		if err != nil {
			fail(err)
		}
		if r.TotalResponse < best {
			best, src = r.TotalResponse, p.Name()
		}
	}
	lb, lbSrc := bounds.Paper51(in), mip.SourcePaper51
	if v := bounds.Counting(in); v > lb {
		lb, lbSrc = v, mip.SourceCounting
	}
	if !in.IsBatch() {
		if v := bounds.CountingStandalone(in); v > lb {
			lb, lbSrc = v, mip.SourceStandalone
		}
	} else if v, err := bounds.PrefixBatch(in); err == nil && v > lb {
		lb, lbSrc = v, mip.SourcePrefix
	}
	return row{Family: c.Family, Instance: c.Name, N: c.N, Method: "before", Limit: "-", Status: mip.Feasible.String(),
		Objective: best, Bound: lb, BoundSource: lbSrc, ScheduleSource: src, Gap: mip.Gap(best, lb), Seconds: time.Since(t0).Seconds()}
}

// solve runs `mrsched solve` on file with the limit as its own process.
func solve(bin, file string, limit time.Duration) (row, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*limit+time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, "solve", "-i", file, "--time-limit", limit.String(), "--format", "json", "-q")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	t0 := time.Now()
	err := cmd.Run()
	wall := time.Since(t0).Seconds()
	if err != nil {
		return row{}, fmt.Errorf("solve: %v: %s", err, stderr.Bytes())
	}
	var a struct {
		Status         string          `json:"status"`
		Objective      float64         `json:"objective"`
		LowerBound     float64         `json:"lower_bound"`
		BoundSource    mip.BoundSource `json:"bound_source"`
		ScheduleSource string          `json:"schedule_source"`
		Gap            float64         `json:"gap"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &a); err != nil {
		return row{}, fmt.Errorf("solve output: %w", err)
	}
	peak := 0.0
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		peak = float64(ru.Maxrss) / 1024
	}
	return row{Method: "solve", Limit: limit.String(), Status: a.Status, Objective: a.Objective, Bound: a.LowerBound,
		BoundSource: a.BoundSource, ScheduleSource: a.ScheduleSource, Gap: a.Gap, Seconds: wall, PeakMiB: peak}, nil
}

// write writes the table (CSV, Markdown: per family the median and range
// of the gap over the instances) and the gap-against-time figure.
func write(dir string, rows []row, limits []time.Duration) error {
	var buf bytes.Buffer
	fmt.Fprintln(&buf, "family,instance,n,method,limit,status,objective,lower_bound,bound_source,schedule_source,gap,seconds,peak_mib")
	for _, r := range rows {
		fmt.Fprintf(&buf, "%s,%s,%d,%s,%s,%s,%s,%s,%s,%s,%s,%.2f,%.0f\n", r.Family, r.Instance, r.N, r.Method, r.Limit, r.Status,
			tabular.Float(r.Objective), tabular.Float(r.Bound), r.BoundSource, strings.ReplaceAll(r.ScheduleSource, ",", ";"), tabular.Float(r.Gap), r.Seconds, r.PeakMiB)
	}
	if err := os.WriteFile(filepath.Join(dir, "planner.csv"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	type key struct{ family, limit string }
	gaps := map[key][]float64{}
	secs := map[key]float64{}
	peak := map[key]float64{}
	var families []string
	ns := map[string]int{}
	for _, r := range rows {
		k := key{r.Family, r.Limit}
		if _, ok := ns[r.Family]; !ok {
			families = append(families, r.Family)
		}
		ns[r.Family] = max(ns[r.Family], r.N)
		gaps[k] = append(gaps[k], r.Gap)
		secs[k] = max(secs[k], r.Seconds)
		peak[k] = max(peak[k], r.PeakMiB)
	}
	buf.Reset()
	fmt.Fprintln(&buf, "| family | n | before: gap median (range) | "+strings.Join(func() []string {
		var h []string
		for _, l := range limits {
			h = append(h, fmt.Sprintf("solve %v: gap median (range), max wall s, max MiB", l))
		}
		return h
	}(), " | ")+" |")
	fmt.Fprintln(&buf, "|---|---|---|"+strings.Repeat("---|", len(limits)))
	pct := func(v []float64) string {
		s := slices.Clone(v)
		sort.Float64s(s)
		return fmt.Sprintf("%.2f %% (%.2f–%.2f)", 100*s[len(s)/2], 100*s[0], 100*s[len(s)-1])
	}
	var series []figures.Series
	for _, f := range families {
		line := fmt.Sprintf("| %s | %d | %s |", f, ns[f], pct(gaps[key{f, "-"}]))
		var pts []figures.XY
		for _, l := range limits {
			k := key{f, l.String()}
			line += fmt.Sprintf(" %s, %.1f, %.0f |", pct(gaps[k]), secs[k], peak[k])
			s := slices.Clone(gaps[k])
			sort.Float64s(s)
			pts = append(pts, figures.XY{X: l.Seconds(), Y: 100 * s[len(s)/2]})
		}
		fmt.Fprintln(&buf, line)
		// Past the palette's colours, dashed lines tell the series apart.
		series = append(series, figures.Series{Name: f, Points: pts, Dashed: len(series) >= len(figures.Palette)})
	}
	if err := os.WriteFile(filepath.Join(dir, "planner.md"), buf.Bytes(), 0o644); err != nil {
		return err
	}
	p, err := figures.Lines(series, figures.LineOptions{Title: "Certified gap against the time limit (median over instances)",
		X: "time limit (s)", Y: "gap (objective − bound)/objective (%)", LogX: true, LogY: true})
	if err != nil {
		return err
	}
	_, err = figures.Save(p, 8, 5, filepath.Join(dir, "gap_vs_time"), figures.SVG)
	return err
}

// splitGap writes split.md: on log-normal instances small enough for the
// exact search to prove OPT — batches of 10, 14 and 18 jobs, and online
// instances (Poisson arrivals at load 0.9) of 10, 14 and 20 jobs — how far
// the local method's schedule is above OPT and how far the bounds of the
// large-instance path are below it: for batches the mixed counting bound
// and the rank bound (bounds.RankBatch), with release dates the mixed
// counting bound and the busy-period bound (bounds.BusyPeriods).
func splitGap(dir string, seeds int) error {
	var buf bytes.Buffer
	type family struct {
		name  string
		batch bool
		ns    []int
	}
	for _, f := range []family{{"log-normal batches", true, []int{10, 14, 18}}, {"log-normal online, load 0.9", false, []int{10, 14, 20}}} {
		strong := "rank_min_max"
		if !f.batch {
			strong = "busy_exclusion"
		}
		fmt.Fprintf(&buf, "%s (seeds 101–%d):\n\n", f.name, 100+seeds)
		fmt.Fprintf(&buf, "| n | instances proven | schedule above OPT: median (max) | mixed_counting below OPT: median (max) | %s below OPT: median (max) |\n", strong)
		fmt.Fprintln(&buf, "|---|---|---|---|---|")
		for _, n := range f.ns {
			var above, below, belowStrong []float64
			for s := 1; s <= seeds; s++ {
				in, err := instances.PaperLogNormal(n, 0.9, f.batch).Generate(rand.NewPCG(uint64(100+s), 0))
				if err != nil {
					return err
				}
				opt, err := exact.Solve(context.Background(), nil, in, exact.Options{Method: "search", TimeLimit: time.Minute, NoLPBound: true, GapLimit: -1})
				if err != nil {
					return err
				}
				if opt.Status != exact.StatusOptimal {
					continue
				}
				loc, err := exact.Solve(context.Background(), nil, in, exact.Options{Method: "local", TimeLimit: 5 * time.Second, NoLPBound: true, GapLimit: -1})
				if err != nil {
					return err
				}
				o := opt.Objective
				var sb float64
				if f.batch {
					r, err := bounds.RankBatch(context.Background(), in, bounds.RankOptions{})
					if err != nil {
						return err
					}
					sb = r.Ranks // the column is rank_min_max's, without the nesting stage
				} else {
					sb = bounds.BusyPeriods(in)
				}
				above = append(above, (loc.Objective-o)/o)
				below = append(below, (o-bounds.Mixed(in))/o)
				belowStrong = append(belowStrong, (o-sb)/o)
				fmt.Fprintf(os.Stderr, "planner: split %s n=%d seed %d: schedule +%.3f%%, bounds -%.3f%% / -%.3f%%\n", f.name, n, 100+s,
					100*above[len(above)-1], 100*below[len(below)-1], 100*belowStrong[len(belowStrong)-1])
			}
			if len(above) == 0 {
				fmt.Fprintf(&buf, "| %d | 0 of %d | | | |\n", n, seeds)
				continue
			}
			med := func(v []float64) string {
				s := slices.Clone(v)
				sort.Float64s(s)
				// A schedule or bound a rounding error past OPT shows as 0.
				return fmt.Sprintf("%.2f %% (%.2f %%)", max(0, 100*s[len(s)/2]), max(0, 100*s[len(s)-1]))
			}
			fmt.Fprintf(&buf, "| %d | %d of %d | %s | %s | %s |\n", n, len(above), seeds, med(above), med(below), med(belowStrong))
		}
		fmt.Fprintln(&buf)
	}
	return os.WriteFile(filepath.Join(dir, "split.md"), buf.Bytes(), 0o644)
}
