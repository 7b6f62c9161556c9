package workload

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// SplitMB is the HDFS block size that bounds a map task's input (64 MB, the
// Hadoop 1 default used by both papers' clusters and by SWIM's replay).
const SplitMB = 64.0

// AppModel is the task-time model of one application, derived in
// docs/cluster.md ("Task-time model"): a map task reading b MB takes
// MapStartup + b·MapPerMB seconds; the job has Reducers(inputMB) reduce
// tasks, each taking ReduceStartup + (inputMB/reducers)·ReducePerMB seconds.
// Every duration is multiplied by an independent log-normal factor
// exp(N(0, Noise²)) (machine-to-machine variation; Noise = 0 disables it).
type AppModel struct {
	Name          string
	MapStartup    float64 // JVM start and task set-up, seconds
	MapPerMB      float64 // seconds per MB of input split
	ReduceStartup float64
	ReducePerMB   float64 // seconds per MB of job input handled by one reducer
	Reducers      func(inputMB float64) int
	Noise         float64
}

// The application models of the LsPS experiment (§III: WordCount, Grep and
// Sort read 64 MB splits; PiEstimator has 20 map tasks of 10^8 samples) and
// of H-PFSP (WordCount, TeraSort). The constants are this package's
// assumption (the papers give no task times); they make a 64 MB WordCount
// map task take 53.2 s, Grep 21.2 s, Sort 40.4 s, a PiEstimator map task
// 20 s and a Sort reducer of a 2 GB job about 220 s, in line with Hadoop 1
// on an EC2 m1.large, and put the Table II map load near 0.95.
var (
	WordCount = AppModel{Name: "WordCount", MapStartup: 2, MapPerMB: 0.8, ReduceStartup: 5, ReducePerMB: 0.1,
		Reducers: func(float64) int { return 1 }, Noise: 0.1}
	Grep = AppModel{Name: "Grep", MapStartup: 2, MapPerMB: 0.3, ReduceStartup: 3, ReducePerMB: 0.01,
		Reducers: func(float64) int { return 1 }, Noise: 0.1}
	// Sort uses 19 reducers: Hadoop's sort example asks for 0.9 × the
	// cluster's reduce slots (0.9 × 22 on the LsPS cluster).
	Sort = AppModel{Name: "Sort", MapStartup: 2, MapPerMB: 0.6, ReduceStartup: 5, ReducePerMB: 2,
		Reducers: func(float64) int { return 19 }, Noise: 0.1}
	// TeraSort on the H-PFSP cluster (10 nodes × 2 reduce slots): 18
	// reducers (0.9 × 20).
	TeraSort = AppModel{Name: "TeraSort", MapStartup: 2, MapPerMB: 0.6, ReduceStartup: 5, ReducePerMB: 2,
		Reducers: func(float64) int { return 18 }, Noise: 0.1}
)

// PiMapSeconds and PiReduceSeconds are the PiEstimator task times (20 map
// tasks of 10^8 samples each, one reduce task that adds 20 counts).
const (
	PiMapSeconds    = 20.0
	PiReduceSeconds = 2.0
	PiMaps          = 20
)

// Tasks returns the map and reduce task durations of a job of the app
// reading inputMB megabytes, drawing noise from rnd.
func (a AppModel) Tasks(inputMB float64, rnd *rand.Rand) (m, r []float64) {
	noise := func() float64 {
		if a.Noise == 0 {
			return 1
		}
		return math.Exp(a.Noise * rnd.NormFloat64())
	}
	n := int(math.Ceil(inputMB / SplitMB))
	if n < 1 {
		n = 1
	}
	m = make([]float64, n)
	for k := range m {
		b := SplitMB
		if k == n-1 {
			b = inputMB - SplitMB*float64(n-1)
		}
		m[k] = (a.MapStartup + b*a.MapPerMB) * noise()
	}
	nr := a.Reducers(inputMB)
	r = make([]float64, nr)
	for k := range r {
		r[k] = (a.ReduceStartup + inputMB/float64(nr)*a.ReducePerMB) * noise()
	}
	return m, r
}

// paretoWithMean is a Pareto distribution of shape 1.5 (infinite variance:
// the "HeavyTail" pattern of LsPS Table II) with the given mean.
func paretoWithMean(mean float64, src rand.Source) distuv.Pareto {
	const alpha = 1.5
	return distuv.Pareto{Xm: mean * (alpha - 1) / alpha, Alpha: alpha, Src: src}
}

// TableII returns the LsPS experiment of Yao et al., §III and Table II: 11
// nodes × (2 map + 2 reduce) slots and four users —
//
//	user 1 WordCount:   input Exponential(mean 100 MB), HeavyTail arrivals (mean gap 20 s), 150 jobs
//	user 2 PiEstimator: 20 map tasks,                   Uniform arrivals (mean gap 30 s),   100 jobs
//	user 3 Grep:        input HeavyTail(mean 500 MB),   Exponential arrivals (mean 100 s),  30 jobs
//	user 4 Sort:        input Exponential(mean 2 GB),   Exponential arrivals (mean 600 s),  5 jobs
//
// HeavyTail is Pareto with shape 1.5; Uniform gaps are U(0, 2·mean). Each
// user's first job arrives one gap after time 0. Task times follow the
// AppModel variables above. Same seed, same workload.
func TableII(seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 0x4c735053)) // "LsPS"
	type user struct {
		name  string
		n     int
		gap   func() float64
		input func() float64
		tasks func(float64) ([]float64, []float64)
	}
	exp := func(mean float64) func() float64 {
		d := distuv.Exponential{Rate: 1 / mean, Src: rnd}
		return d.Rand
	}
	heavy := func(mean float64) func() float64 { return paretoWithMean(mean, rnd).Rand }
	uniform := func(mean float64) func() float64 {
		d := distuv.Uniform{Min: 0, Max: 2 * mean, Src: rnd}
		return d.Rand
	}
	app := func(a AppModel) func(float64) ([]float64, []float64) {
		return func(mb float64) ([]float64, []float64) { return a.Tasks(mb, rnd) }
	}
	pi := func(float64) ([]float64, []float64) {
		m := make([]float64, PiMaps)
		for k := range m {
			m[k] = PiMapSeconds * math.Exp(0.1*rnd.NormFloat64())
		}
		return m, []float64{PiReduceSeconds * math.Exp(0.1*rnd.NormFloat64())}
	}
	users := []user{
		{"u1-wordcount", 150, heavy(20), exp(100), app(WordCount)},
		{"u2-piestimator", 100, uniform(30), func() float64 { return 0 }, pi},
		{"u3-grep", 30, exp(100), heavy(500), app(Grep)},
		{"u4-sort", 5, exp(600), exp(2048), app(Sort)},
	}
	w := &Workload{Nodes: 11, MapSlots: 2, ReduceSlots: 2, Metadata: map[string]any{
		"generator": "lsps-table2", "seed": seed,
		"source": "Yao, Tai, Sheng, Mi: LsPS, Table II; task-time model in docs/cluster.md",
	}}
	for _, u := range users {
		t := 0.0
		for k := 0; k < u.n; k++ {
			t += u.gap()
			mb := math.Max(1, u.input())
			m, r := u.tasks(mb)
			w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("%s-%d", u.name, k), User: u.name, Submit: t, Map: m, Reduce: r})
		}
	}
	return w
}

// HPFSPCluster is the H-PFSP test bed of §IV-A: 10 nodes, each (Hadoop 1
// default) with 2 map and 2 reduce slots.
func hpfspCluster(gen string, seed uint64) *Workload {
	return &Workload{Nodes: 10, MapSlots: 2, ReduceSlots: 2, Metadata: map[string]any{
		"generator": gen, "seed": seed,
		"source": "Li, Lin, Ren, Geng: H-PFSP, §IV; task-time model in docs/cluster.md",
	}}
}

// Fig2WordCountMB is the input of each WordCount job of the Fig. 2
// reproduction (the paper says only "the same data size").
const Fig2WordCountMB = 1024

// Fig2 returns n identical-input WordCount jobs (1 GB each) submitted
// together at time 0 to the H-PFSP cluster, as in H-PFSP Fig. 2. Task times
// differ by the model's log-normal noise only.
func Fig2(n int, seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 2))
	w := hpfspCluster("hpfsp-fig2", seed)
	w.Metadata["jobs"] = n
	for k := 0; k < n; k++ {
		m, r := WordCount.Tasks(Fig2WordCountMB, rnd)
		w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("wc-%d", k), User: "pool", Map: m, Reduce: r})
	}
	return w
}

// Fig3Equal returns n TeraSort jobs of sizeGB each, submitted together (H-PFSP
// Fig. 3(a)).
func Fig3Equal(sizeGB float64, n int, seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 3))
	w := hpfspCluster("hpfsp-fig3a", seed)
	w.Metadata["size_gb"] = sizeGB
	w.Metadata["jobs"] = n
	for k := 0; k < n; k++ {
		m, r := TeraSort.Tasks(sizeGB*1024, rnd)
		w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("ts%g-%d", sizeGB, k), User: "pool", Map: m, Reduce: r})
	}
	return w
}

// Fig3Mixed returns five TeraSort jobs of 1, 2, 3, 4 and 5 GB submitted
// together (H-PFSP Fig. 3(b)).
func Fig3Mixed(seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 4))
	w := hpfspCluster("hpfsp-fig3b", seed)
	for gb := 1; gb <= 5; gb++ {
		m, r := TeraSort.Tasks(float64(gb)*1024, rnd)
		w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("ts%dg", gb), User: "pool", Map: m, Reduce: r})
	}
	return w
}

// Fig4 returns the H-PFSP slowdown workload of §IV-B: 50 map-only jobs with
// Poisson arrivals (mean gap 5 min) on 30 slots, each job 200 tasks of 10
// min. With sigma > 0 each task time is drawn from N(10 min, sigma) instead
// (Fig. 5 uses sigma = 2.236 min, i.e. variance 5), redrawn while ≤ 0.
// The paper also says "exponentially distributed job sizes" but then fixes
// every job at 200 tasks; we follow the fixed numbers.
func Fig4(sigmaMinutes float64, seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 5))
	gen := "hpfsp-fig4"
	if sigmaMinutes > 0 {
		gen = "hpfsp-fig5"
	}
	w := &Workload{Nodes: 30, MapSlots: 1, ReduceSlots: 0, Metadata: map[string]any{
		"generator": gen, "seed": seed, "sigma_minutes": sigmaMinutes,
		"source": "Li, Lin, Ren, Geng: H-PFSP, §IV-B, Fig. 4 and 5",
	}}
	gap := distuv.Exponential{Rate: 1.0 / 300, Src: rnd}
	norm := distuv.Normal{Mu: 600, Sigma: sigmaMinutes * 60, Src: rnd}
	t := 0.0
	for k := 0; k < 50; k++ {
		if k > 0 {
			t += gap.Rand()
		}
		m := make([]float64, 200)
		for i := range m {
			m[i] = 600
			for sigmaMinutes > 0 {
				if m[i] = norm.Rand(); m[i] > 0 {
					break
				}
			}
		}
		w.Jobs = append(w.Jobs, Job{ID: fmt.Sprintf("j%d", k), User: "pool", Submit: t, Map: m})
	}
	return w
}

// Synthetic returns the benchmark workload: n jobs from 10 users on 100
// nodes × (2 map + 2 reduce) slots; each job has 1 + Poisson(9) map tasks
// and ⌊maps/4⌋ reduce tasks, task times Exponential(mean 30 s), Poisson
// arrivals at mean gap 2 s (map load ≈ 0.75, reduce load ≈ 0.17).
func Synthetic(n int, seed uint64) *Workload {
	rnd := rand.New(rand.NewPCG(seed, 6))
	w := &Workload{Nodes: 100, MapSlots: 2, ReduceSlots: 2, Metadata: map[string]any{
		"generator": "synthetic", "seed": seed, "jobs": n,
	}}
	pois := distuv.Poisson{Lambda: 9, Src: rnd}
	task := distuv.Exponential{Rate: 1.0 / 30, Src: rnd}
	gap := distuv.Exponential{Rate: 0.5, Src: rnd}
	t := 0.0
	w.Jobs = make([]Job, n)
	for k := range w.Jobs {
		t += gap.Rand()
		nm := 1 + int(pois.Rand())
		m := make([]float64, nm)
		for i := range m {
			m[i] = math.Max(task.Rand(), 1e-3)
		}
		r := make([]float64, nm/4)
		for i := range r {
			r[i] = math.Max(task.Rand(), 1e-3)
		}
		w.Jobs[k] = Job{ID: fmt.Sprintf("j%d", k), User: fmt.Sprintf("u%d", rnd.IntN(10)), Submit: t, Map: m, Reduce: r}
	}
	return w
}

// Generated workloads are held in memory whole and must be readable back
// (at most MaxTotalTasks tasks). MaxGeneratedJobs = MaxTotalTasks/16 bounds
// the job count (Synthetic averages about 12 tasks a job, Fig2 16 map tasks
// a job); CheckGenerated refuses larger requests, and sized jobs whose map
// tasks alone exceed MaxTotalTasks, before anything is allocated, so that no
// flag value exhausts memory. It is 10^6, below MaxTotalTasks/16, to keep
// 'mrsched gen cluster' within the generators' 2 GiB memory budget: 10^6
// synthetic jobs peak at 1.10 GB (52 s) and 10^5 at 145 MB
// (/usr/bin/time -v).
const MaxGeneratedJobs = 1_000_000

// CheckGenerated reports whether n jobs of inputMB megabytes each (0 when
// the generator's task count does not depend on an input size) stay within
// MaxGeneratedJobs and MaxTotalTasks; field names the parameter in the
// error (for example "--n").
func CheckGenerated(field string, n int, inputMB float64) error {
	if n < 1 || n > MaxGeneratedJobs {
		return fmt.Errorf("%w: %s: want a job count in [1, %d], got %d", ErrInvalid, field, MaxGeneratedJobs, n)
	}
	if inputMB > 0 {
		per := math.Ceil(inputMB / SplitMB)
		if !(per*float64(n) <= MaxTotalTasks) {
			return fmt.Errorf("%w: %s: %d jobs of %g MB need %.4g map tasks, more than the %d a workload may hold",
				ErrInvalid, field, n, inputMB, per*float64(n), MaxTotalTasks)
		}
	}
	return nil
}
