// Command tandemsim measures and exercises the overlapping tandem queue
// simulator (solver/fluid) on the §5.3 log-normal workload of Lin et al.:
//
//	tandemsim throughput  jobs/s and peak heap per policy, beside the two SRPT
//	                      references (solver/srpt: the tight single-station SRPT
//	                      on the map sizes, and Theorem 3's on sizes max(x, y)) in
//	                      the same run, as ratios of thread CPU time, medians over
//	                      repetitions
//	tandemsim long        one long run (the paper's 5·10^7 arrivals) with progress
//	tandemsim repro       §5.3 mean response times over independent seeds with
//	                      95% Student-t confidence intervals, beside the paper's
//	tandemsim digest      SHA-256 of every per-job result (float bits) and summary of
//	                      streamed runs, and of the recorded schedule files of smaller
//	                      in-memory runs: two builds of the simulator give the same
//	                      digests iff their outputs are byte-identical
//
// Results go to stdout (table) and, with --out PREFIX, to PREFIX.csv,
// PREFIX.json and PREFIX.md. Progress goes to stderr.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"runtime"
	"runtime/metrics"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/confint"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/srpt"
	"github.com/mrsched/mrsched/tabular"
)

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tandemsim throughput|long|repro|digest [flags]  (tandemsim CMD -h for flags)")
		os.Exit(1)
	}
	var err error
	switch os.Args[1] {
	case "throughput":
		err = throughput(os.Args[2:])
	case "long":
		err = long(os.Args[2:])
	case "repro":
		err = repro(os.Args[2:])
	case "digest":
		err = digest(os.Args[2:])
	default:
		err = fmt.Errorf("unknown command %q (want throughput, long, repro or digest)", os.Args[1])
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "tandemsim:", err)
		os.Exit(1)
	}
}

func parseInts(s string) ([]int, error) {
	var out []int
	for _, p := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || v < 1 || v != math.Trunc(v) {
			return nil, fmt.Errorf("bad count %q", p)
		}
		out = append(out, int(v))
	}
	return out, nil
}

func parseFloats(s string) ([]float64, error) {
	var out []float64
	for _, p := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil || !(v > 0 && v < 1) {
			return nil, fmt.Errorf("bad load %q (want 0 < ρ < 1)", p)
		}
		out = append(out, v)
	}
	return out, nil
}

func parsePolicies(s string, k int) ([]fluid.Policy, error) {
	var out []fluid.Policy
	for _, p := range strings.Split(s, ",") {
		pol, err := fluid.ParsePolicy(strings.TrimSpace(p), k, nil)
		if err != nil {
			return nil, err
		}
		out = append(out, pol)
	}
	return out, nil
}

// source returns the §5.3 workload stream for (n, load, seed).
func source(n int, load float64, seed uint64) (instances.Source, error) {
	return instances.PaperLogNormal(n, load, false).Source(rand.New(rand.NewPCG(seed, 0x5eed^seed)))
}

// heapPeak samples the live heap every few milliseconds while f runs and
// returns the peak (bytes above the level before f).
func heapPeak(f func() error) (uint64, error) {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	metrics.Read(sample)
	base := sample[0].Value.Uint64()
	var peak atomic.Uint64
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
		tk := time.NewTicker(2 * time.Millisecond)
		defer tk.Stop()
		for {
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
			select {
			case <-done:
				return
			case <-tk.C:
			}
		}
	}()
	err := f()
	close(done)
	wg.Wait()
	p := peak.Load()
	if p < base {
		return 0, err
	}
	return p - base, err
}

func writeOut(prefix string, t *tabular.Table, v any) error {
	if err := t.Write(os.Stdout, tabular.Text); err != nil {
		return err
	}
	if prefix == "" {
		return nil
	}
	for _, f := range []struct {
		ext string
		fn  func(*bytes.Buffer) error
	}{
		{".csv", func(b *bytes.Buffer) error { return t.Write(b, tabular.CSV) }},
		{".md", func(b *bytes.Buffer) error { return t.Write(b, tabular.Markdown) }},
		{".json", func(b *bytes.Buffer) error {
			e := json.NewEncoder(b)
			e.SetIndent("", "  ")
			return e.Encode(v)
		}},
	} {
		var b bytes.Buffer
		if err := f.fn(&b); err != nil {
			return err
		}
		if err := instances.AtomicWrite(prefix+f.ext, b.Bytes()); err != nil {
			return err
		}
	}
	fmt.Fprintf(os.Stderr, "wrote %s.{csv,md,json}\n", prefix)
	return nil
}

type tputRow struct {
	Load         float64   `json:"load"`
	N            int       `json:"n"`
	Policy       string    `json:"policy"`
	Reps         int       `json:"reps"`
	Seconds      float64   `json:"seconds"`     // median wall time
	CPUSeconds   float64   `json:"cpu_seconds"` // median thread CPU time
	JobsPerSec   float64   `json:"jobs_per_second"`
	RatioToTight float64   `json:"time_ratio_to_tight"` // median over reps of CPU time / the tight reference's (srpt-map)
	RatioToSRPT  float64   `json:"time_ratio_to_srpt"`  // median over reps of CPU time / Theorem 3's reference's (srpt-ref)
	RatioWall    float64   `json:"wall_ratio_to_tight"` // median over reps of wall time / the tight reference's
	Ratios       []float64 `json:"cpu_ratios_per_rep"`  // per repetition, to the tight reference
	EventsPerJob float64   `json:"events_per_job"`      // fluid policies: event-loop iterations per job
	ServedPerEv  float64   `json:"served_per_event"`    // fluid policies: jobs served per event
	PeakHeapMB   float64   `json:"peak_heap_mb"`        // first repetition
	MaxInSystem  int       `json:"max_in_system"`       // peak jobs in the system
	MeanResponse float64   `json:"mean_response_time"`  // same in every repetition
	Generation   bool      `json:"generation_included"` // false with --pregen
}

func median(xs []float64) float64 {
	ys := append([]float64(nil), xs...)
	sort.Float64s(ys)
	n := len(ys)
	if n == 0 {
		return math.NaN()
	}
	if n%2 == 1 {
		return ys[n/2]
	}
	return (ys[n/2-1] + ys[n/2]) / 2
}

// jobSlice replays pre-generated jobs.
type jobSlice struct {
	jobs []instances.Job
	k    int
}

func (s *jobSlice) Next() (instances.Job, bool) {
	if s.k >= len(s.jobs) {
		return instances.Job{}, false
	}
	s.k++
	return s.jobs[s.k-1], true
}

func throughput(args []string) error {
	fs := flag.NewFlagSet("throughput", flag.ContinueOnError)
	ns := fs.String("n", "100000,1000000", "numbers of arrivals")
	loads := fs.String("loads", "0.5,0.75,0.9", "loads ρ")
	pols := fs.String("policies", "fifo,ps,klps,maxsrpt,splitsrpt", "policies")
	k := fs.Int("k", fluid.DefaultK, "k of k-LPS")
	seed := fs.Uint64("seed", 1, "seed")
	reps := fs.Int("reps", 5, "repetitions (each runs the reference, then every policy); medians are reported")
	pregen := fs.Bool("pregen", false, "generate the arrivals once in memory and replay them (excludes generation from every timing)")
	out := fs.String("out", "", "output prefix (writes PREFIX.csv, .md, .json)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *reps < 1 {
		return fmt.Errorf("--reps must be ≥ 1")
	}
	nl, err := parseInts(*ns)
	if err != nil {
		return err
	}
	ll, err := parseFloats(*loads)
	if err != nil {
		return err
	}
	pl, err := parsePolicies(*pols, *k)
	if err != nil {
		return err
	}
	what := "generation included in every timing"
	if *pregen {
		what = "arrivals pre-generated, generation excluded"
	}
	t := &tabular.Table{
		Title: fmt.Sprintf("tandem simulator throughput, §5.3 log-normal workload, same arrivals for every row of a (load, n) group; "+
			"%s; medians over %d repetitions; ratios of thread CPU time (wall-time ratio beside)", what, *reps),
		Header:     []string{"load", "n", "policy", "cpu_s", "jobs_per_s", "x_tight", "x_tight_min", "x_tight_max", "x_thm3", "wall_x_tight", "events_per_job", "served_per_event", "peak_heap_MB", "max_in_system", "mean_response"},
		RightAlign: []bool{true, true, false, true, true, true, true, true, true, true, true, true, true, true, true},
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var rows []tputRow
	for _, load := range ll {
		for _, n := range nl {
			group, err := throughputGroup(load, n, *seed, *reps, *pregen, pl, t)
			if err != nil {
				return err
			}
			rows = append(rows, group...)
		}
	}
	return writeOut(*out, t, rows)
}

type longRow struct {
	Policy       string  `json:"policy"`
	Load         float64 `json:"load"`
	N            int     `json:"n"`
	Seed         uint64  `json:"seed"`
	Seconds      float64 `json:"seconds"`     // wall time, generation included
	CPUSeconds   float64 `json:"cpu_seconds"` // thread CPU time, generation included
	PeakHeapMB   float64 `json:"peak_heap_mb"`
	MaxRSSMB     float64 `json:"max_rss_mb"`
	MaxInSystem  int     `json:"max_in_system"`
	MeanResponse float64 `json:"mean_response_time"`
	MeanSlowdown float64 `json:"mean_slowdown"`
}

// maxRSS returns the process's peak resident set (VmHWM) in MB, or NaN.
func maxRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return math.NaN()
	}
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(l, "VmHWM:") {
			f := strings.Fields(l)
			if len(f) >= 2 {
				kb, _ := strconv.ParseFloat(f[1], 64)
				return kb / 1024
			}
		}
	}
	return math.NaN()
}

func long(args []string) error {
	fs := flag.NewFlagSet("long", flag.ContinueOnError)
	n := fs.Int("n", 50000000, "number of arrivals")
	load := fs.Float64("load", 0.9, "load ρ")
	pols := fs.String("policies", "maxsrpt,splitsrpt", "policies")
	k := fs.Int("k", fluid.DefaultK, "k of k-LPS")
	seed := fs.Uint64("seed", 1, "seed")
	out := fs.String("out", "", "output prefix")
	quiet := fs.Bool("quiet", false, "no progress bar")
	if err := fs.Parse(args); err != nil {
		return err
	}
	pl, err := parsePolicies(*pols, *k)
	if err != nil {
		return err
	}
	t := &tabular.Table{
		Title:      fmt.Sprintf("long runs: %d arrivals of the §5.3 workload at load %v", *n, *load),
		Header:     []string{"policy", "seconds", "cpu_s", "peak_heap_MB", "process_max_rss_MB", "max_in_system", "mean_response", "mean_slowdown"},
		RightAlign: []bool{false, true, true, true, true, true, true, true},
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var rows []longRow
	// The generator alone first (every policy's time includes it).
	{
		src, err := source(*n, *load, *seed)
		if err != nil {
			return err
		}
		start, c0 := time.Now(), threadCPU()
		k := 0
		for _, ok := src.Next(); ok; _, ok = src.Next() {
			k++
		}
		sec, cpu := time.Since(start).Seconds(), (threadCPU() - c0).Seconds()
		if !haveThreadCPU {
			cpu = sec
		}
		rows = append(rows, longRow{Policy: "(generation)", Load: *load, N: k, Seed: *seed, Seconds: sec, CPUSeconds: cpu, MaxRSSMB: maxRSS()})
		t.Add("(generation)", tabular.Fixed(sec, 2), tabular.Fixed(cpu, 2), "", tabular.Fixed(maxRSS(), 1), "", "", "")
		fmt.Fprintf(os.Stderr, "generation of %d jobs: %.1fs\n", k, sec)
	}
	for _, p := range pl {
		src, err := source(*n, *load, *seed)
		if err != nil {
			return err
		}
		var bar *progressbar.ProgressBar
		if !*quiet {
			bar = progressbar.NewOptions64(int64(*n), progressbar.OptionSetWriter(os.Stderr),
				progressbar.OptionSetDescription(p.Name()), progressbar.OptionShowCount(),
				progressbar.OptionThrottle(500*time.Millisecond), progressbar.OptionSetItsString("jobs"), progressbar.OptionShowIts())
		}
		done := 0
		sink := func(fluid.JobResult) {
			done++
			if bar != nil && done%100000 == 0 {
				_ = bar.Set(done)
			}
		}
		var s fluid.Summary
		start, c0 := time.Now(), threadCPU()
		peak, err := heapPeak(func() error {
			var e error
			s, e = fluid.SimulateStream(src, 1, 1, p, fluid.Options{}, sink)
			return e
		})
		sec, cpu := time.Since(start).Seconds(), (threadCPU() - c0).Seconds()
		if !haveThreadCPU {
			cpu = sec
		}
		if bar != nil {
			_ = bar.Finish()
			fmt.Fprintln(os.Stderr)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.Name(), err)
		}
		r := longRow{Policy: p.Name(), Load: *load, N: *n, Seed: *seed, Seconds: sec, CPUSeconds: cpu, PeakHeapMB: float64(peak) / (1 << 20),
			MaxRSSMB: maxRSS(), MaxInSystem: s.MaxInSystem, MeanResponse: s.MeanResponse, MeanSlowdown: s.MeanSlowdown}
		rows = append(rows, r)
		t.Add(p.Name(), tabular.Fixed(sec, 2), tabular.Fixed(cpu, 2), tabular.Fixed(r.PeakHeapMB, 2), tabular.Fixed(r.MaxRSSMB, 1),
			fmt.Sprint(s.MaxInSystem), tabular.Fixed(s.MeanResponse, 4), tabular.Fixed(s.MeanSlowdown, 3))
	}
	return writeOut(*out, t, rows)
}

// paper holds the §5.3 mean response times (5·10^7 arrivals, k = 100).
var paper = map[float64]map[string]float64{
	0.75: {"klps": 6.50, "maxsrpt": 3.32, "splitsrpt": 3.55},
	0.90: {"klps": 16.28, "maxsrpt": 5.58, "splitsrpt": 5.66},
}

type reproRow struct {
	Load      float64   `json:"load"`
	Policy    string    `json:"policy"`
	Paper     *float64  `json:"paper,omitempty"`
	Mean      float64   `json:"mean_response_time"`
	HalfWidth float64   `json:"ci95_half_width"`
	Seeds     int       `json:"seeds"`
	N         int       `json:"arrivals_per_seed"`
	PerSeed   []float64 `json:"per_seed"`
}

func repro(args []string) error {
	fs := flag.NewFlagSet("repro", flag.ContinueOnError)
	n := fs.Int("n", 2000000, "arrivals per seed")
	seeds := fs.Int("seeds", 8, "independent seeds")
	loads := fs.String("loads", "0.75,0.9", "loads")
	pols := fs.String("policies", "klps,klps-maponly,maxsrpt,splitsrpt,splitsrpt-strict", "policies")
	k := fs.Int("k", fluid.DefaultK, "k of k-LPS")
	workers := fs.Int("workers", 2, "parallel runs (results merged in a fixed order)")
	out := fs.String("out", "", "output prefix")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *seeds < 2 {
		return errors.New("--seeds must be at least 2 for a confidence interval")
	}
	ll, err := parseFloats(*loads)
	if err != nil {
		return err
	}
	pl, err := parsePolicies(*pols, *k)
	if err != nil {
		return err
	}
	type task struct{ li, pi, s int }
	var tasks []task
	for li := range ll {
		for pi := range pl {
			for s := 0; s < *seeds; s++ {
				tasks = append(tasks, task{li, pi, s})
			}
		}
	}
	res := make([]float64, len(tasks))
	errs := make([]error, len(tasks))
	var next atomic.Int64
	var finished atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < *workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= len(tasks) {
					return
				}
				tk := tasks[i]
				src, err := source(*n, ll[tk.li], uint64(1000+tk.s))
				if err != nil {
					errs[i] = err
					continue
				}
				s, err := fluid.SimulateStream(src, 1, 1, pl[tk.pi], fluid.Options{}, nil)
				res[i], errs[i] = s.MeanResponse, err
				f := finished.Add(1)
				fmt.Fprintf(os.Stderr, "[%d/%d %.0fs] load %v %s seed %d: mean response %.4f\n",
					f, len(tasks), time.Since(start).Seconds(), ll[tk.li], pl[tk.pi].Name(), 1000+tk.s, s.MeanResponse)
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	t := &tabular.Table{
		Title: fmt.Sprintf("§5.3 mean response time: %d independent seeds × %d Poisson arrivals, 95%% Student-t intervals; paper: 5·10^7 arrivals",
			*seeds, *n),
		Header:     []string{"load", "policy", "paper", "ours", "ci95", "within_ci", "per_seed_min", "per_seed_max"},
		RightAlign: []bool{true, false, true, true, true, false, true, true},
	}
	var rows []reproRow
	for li, load := range ll {
		for pi, p := range pl {
			var xs []float64
			for i, tk := range tasks {
				if tk.li == li && tk.pi == pi {
					xs = append(xs, res[i])
				}
			}
			ci := confint.Student95(xs)
			m, hw := ci.Mean, ci.HalfWidth
			r := reproRow{Load: load, Policy: p.Name(), Mean: m, HalfWidth: hw, Seeds: len(xs), N: *n, PerSeed: xs}
			pv, within := "", ""
			if v, ok := paper[load][p.Name()]; ok {
				r.Paper = &v
				pv = tabular.Fixed(v, 2)
				within = fmt.Sprint(ci.Contains(v))
			}
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, x := range xs {
				lo, hi = math.Min(lo, x), math.Max(hi, x)
			}
			rows = append(rows, r)
			t.Add(tabular.Float(load), p.Name(), pv, tabular.Fixed(m, 3), "± "+tabular.Fixed(hw, 3), within, tabular.Fixed(lo, 3), tabular.Fixed(hi, 3))
		}
	}
	return writeOut(*out, t, rows)
}

// throughputGroup times the tight reference, Theorem 3's reference and
// every policy of pl on the same arrivals (n jobs at load, seeded), reps
// times, adds one row per runner to t and returns the rows.
func throughputGroup(load float64, n int, seed uint64, reps int, pregen bool, pl []fluid.Policy, t *tabular.Table) ([]tputRow, error) {
	var rows []tputRow
	var jobs []instances.Job
	if pregen {
		src, err := source(n, load, seed)
		if err != nil {
			return nil, err
		}
		jobs = make([]instances.Job, 0, n)
		for j, ok := src.Next(); ok; j, ok = src.Next() {
			jobs = append(jobs, j)
		}
	}
	newSrc := func() (instances.Source, error) {
		if pregen {
			return &jobSlice{jobs: jobs}, nil
		}
		return source(n, load, seed)
	}
	type runner struct {
		name string
		f    func(instances.Source) (int, float64, error)
	}
	// Runner 0 is the tight reference, 1 Theorem 3's.
	var evPerJob, servedPerEv []float64
	runners := []runner{{"srpt-map", func(src instances.Source) (int, float64, error) {
		s, err := srpt.SimulateMap(src, 1, 1, nil)
		return s.MaxInSystem, s.MeanResponse, err
	}}, {"srpt-ref", func(src instances.Source) (int, float64, error) {
		s, err := srpt.Simulate(src, 1, 1, 1, nil)
		return s.MaxInSystem, s.MeanResponse, err
	}}}
	evPerJob = append(evPerJob, 0, 0)
	servedPerEv = append(servedPerEv, 0, 0)
	for _, p := range pl {
		i := len(runners)
		evPerJob = append(evPerJob, 0)
		servedPerEv = append(servedPerEv, 0)
		runners = append(runners, runner{p.Name(), func(src instances.Source) (int, float64, error) {
			s, err := fluid.SimulateStream(src, 1, 1, p, fluid.Options{}, nil)
			if s.N > 0 && s.Events > 0 {
				evPerJob[i], servedPerEv[i] = float64(s.Events)/float64(s.N), float64(s.Served)/float64(s.Events)
			}
			return s.MaxInSystem, s.MeanResponse, err
		}})
	}
	acc := make([]tputRow, len(runners))
	cpu := make([][]float64, len(runners))
	wall := make([][]float64, len(runners))
	for rep := 0; rep < reps; rep++ {
		for i, r := range runners {
			src, err := newSrc()
			if err != nil {
				return nil, err
			}
			var maxIn int
			var mean float64
			body := func() error {
				var e error
				maxIn, mean, e = r.f(src)
				return e
			}
			var peak uint64
			runtime.GC()
			start, c0 := time.Now(), threadCPU()
			if rep == 0 {
				peak, err = heapPeak(body) // the sampler runs on another thread
			} else {
				err = body()
			}
			c, w := (threadCPU() - c0).Seconds(), time.Since(start).Seconds()
			if err != nil {
				return nil, fmt.Errorf("%s load %v n %d: %w", r.name, load, n, err)
			}
			if !haveThreadCPU {
				c = w
			}
			cpu[i] = append(cpu[i], c)
			wall[i] = append(wall[i], w)
			if rep == 0 {
				acc[i] = tputRow{Load: load, N: n, Policy: r.name, Reps: reps, PeakHeapMB: float64(peak) / (1 << 20),
					MaxInSystem: maxIn, MeanResponse: mean, Generation: !pregen}
			}
			fmt.Fprintf(os.Stderr, "load %v n %d rep %d %-10s cpu %.3fs wall %.3fs (%.2f× tight SRPT cpu)\n",
				load, n, rep+1, r.name, c, w, c/cpu[0][rep])
		}
	}
	for i := range runners {
		r := acc[i]
		var rc, rt, rw []float64
		for rep := range cpu[i] {
			rc = append(rc, cpu[i][rep]/cpu[0][rep])
			rt = append(rt, cpu[i][rep]/cpu[1][rep])
			rw = append(rw, wall[i][rep]/wall[0][rep])
		}
		r.Seconds, r.CPUSeconds = median(wall[i]), median(cpu[i])
		r.JobsPerSec = float64(n) / r.CPUSeconds
		r.RatioToTight, r.RatioToSRPT, r.RatioWall, r.Ratios = median(rc), median(rt), median(rw), rc
		r.EventsPerJob, r.ServedPerEv = evPerJob[i], servedPerEv[i]
		lo, hi := rc[0], rc[0]
		for _, v := range rc {
			lo, hi = math.Min(lo, v), math.Max(hi, v)
		}
		rows = append(rows, r)
		t.Add(tabular.Float(load), fmt.Sprint(n), r.Policy, tabular.Fixed(r.CPUSeconds, 3), tabular.Fixed(r.JobsPerSec, 0),
			tabular.Fixed(r.RatioToTight, 2), tabular.Fixed(lo, 2), tabular.Fixed(hi, 2), tabular.Fixed(r.RatioToSRPT, 2), tabular.Fixed(r.RatioWall, 2),
			tabular.Fixed(r.EventsPerJob, 3), tabular.Fixed(r.ServedPerEv, 2),
			tabular.Fixed(r.PeakHeapMB, 2), fmt.Sprint(r.MaxInSystem), tabular.Fixed(r.MeanResponse, 4))
	}
	return rows, nil
}
