package whatif

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"sort"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/report"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/tabular"
)

// night is a seeded DAG night with weights and deadlines (instances.DefaultDAG),
// the kind of instance a plan is made for.
func night(t *testing.T, n int, seed uint64) *instances.Instance {
	t.Helper()
	in, err := instances.DefaultDAG(n).Generate(instances.SeedSource(seed))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// listPlan is the plan of the list schedule of in's topological order
// (orderls.Build), with its own objective as planned.
func listPlan(t *testing.T, in *instances.Instance) Plan {
	t.Helper()
	topo, err := in.TopologicalOrder()
	if err != nil {
		t.Fatal(err)
	}
	s, err := orderls.Build(in, topo)
	if err != nil {
		t.Fatal(err)
	}
	order, err := CompletionOrder(in, s.Completion)
	if err != nil {
		t.Fatal(err)
	}
	return Plan{Order: order, Source: "list", Planned: in.WeightedResponse(s.Completion)}
}

func render(t *testing.T, r *Result, f tabular.Format) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := r.Write(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDeterministicAcrossWorkers: the same seed gives byte-identical output
// in every format whatever the number of workers (replication r draws from
// PCG(seed, r) and results are merged in replication order), and another
// seed gives other numbers.
func TestDeterministicAcrossWorkers(t *testing.T) {
	for _, tc := range []struct {
		n    int
		seed uint64
	}{{12, 1}, {30, 7}} {
		in := night(t, tc.n, tc.seed)
		plan := listPlan(t, in)
		opt := Options{Sigma: 0.4, Reps: 37, Seed: tc.seed}
		var outs [][]byte
		var first []byte // the JSON of the first run
		for _, w := range []int{1, 4, 3} {
			opt.Workers = w
			r, err := Run(context.Background(), in, plan, opt)
			if err != nil {
				t.Fatal(err)
			}
			if first == nil {
				first = render(t, r, tabular.JSON)
			}
			var all []byte
			for _, f := range []tabular.Format{tabular.JSON, tabular.Text, tabular.CSV, tabular.Markdown} {
				all = append(all, render(t, r, f)...)
			}
			outs = append(outs, all)
		}
		for i := 1; i < len(outs); i++ {
			if !bytes.Equal(outs[0], outs[i]) {
				t.Errorf("n=%d: output with workers run %d differs from 1 worker", tc.n, i)
			}
		}
		opt.Seed++
		r, err := Run(context.Background(), in, plan, opt)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(render(t, r, tabular.JSON), first) {
			t.Errorf("n=%d: seed %d gives the output of seed %d", tc.n, opt.Seed, tc.seed)
		}
	}
}

// TestSigmaZero: with σ = 0 every factor is exp(0) = 1 exactly, so every
// replication's objective equals the method's objective on the unperturbed
// instance bit for bit, and so do the mean, the quantiles, min and max
// (closed form), with standard deviation 0. The nominal values are checked
// against the solvers called directly (orderls.Evaluate, fluid.Simulate),
// and the list replay of a list schedule's completion order is that
// schedule's own objective (orderls.Build and orderls.Evaluate compute the
// same completions).
func TestSigmaZero(t *testing.T) {
	for _, seed := range []uint64{2, 5} {
		in := night(t, 20, seed)
		plan := listPlan(t, in)
		r, err := Run(context.Background(), in, plan, Options{Sigma: 0, Reps: 9, Seed: seed, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		c, _, err := orderls.Evaluate(in, plan.Order)
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]float64{PlanList: in.WeightedResponse(c)}
		for name, p := range map[string]fluid.Policy{PlanPriority: fluid.Order(plan.Order), "maxsrpt": fluid.MaxSRPT(), "splitsrpt": fluid.SplitSRPT(), "fifo": fluid.FIFO(), "ps": fluid.PS()} {
			fr, err := fluid.Simulate(in, p, fluid.Options{})
			if err != nil {
				t.Fatal(err)
			}
			want[name] = in.WeightedResponse(fr.Completion)
		}
		if want[PlanList] != plan.Planned {
			t.Errorf("seed %d: list replay of the plan %v, plan's own objective %v", seed, want[PlanList], plan.Planned)
		}
		if len(r.Methods) != len(want) {
			t.Fatalf("seed %d: methods %d, want %d", seed, len(r.Methods), len(want))
		}
		for _, s := range r.Methods {
			w, ok := want[s.Method]
			if !ok {
				t.Fatalf("unexpected method %s", s.Method)
			}
			for rep, v := range s.Objectives {
				if v != w {
					t.Errorf("seed %d %s: replication %d objective %v, want %v", seed, s.Method, rep, v, w)
				}
			}
			for _, v := range []float64{s.Nominal, s.Mean, s.P5, s.P50, s.P95, s.Min, s.Max} {
				if v != w {
					t.Errorf("seed %d %s: statistic %v, want %v", seed, s.Method, v, w)
				}
			}
			if s.StdDev != 0 || s.MeanLate != float64(s.NominalLate) {
				t.Errorf("seed %d %s: std dev %v, mean late %v (nominal %d)", seed, s.Method, s.StdDev, s.MeanLate, s.NominalLate)
			}
		}
	}
}

// TestNoiseMedian: the factors have median 1. For N draws the fraction
// below 1 is binomial with mean 1/2 and standard error sqrt(1/(4N)); the
// sample median of log F has asymptotic standard error σ·sqrt(π/(2N)).
// Both must lie within 4 standard errors (a false alarm has probability
// below 1e-4 per check; the seed is fixed, so the test is deterministic).
// The draws also follow the order Perturb documents (job by job, map then
// shuffle) and σ = 0 gives exactly 1.
func TestNoiseMedian(t *testing.T) {
	const n = 40000
	for _, sigma := range []float64{0.1, 0.5, 1.5} {
		nz := LogNormalNoise{Sigma: sigma, Src: rand.NewPCG(11, uint64(sigma*10))}
		logs := make([]float64, n)
		below := 0
		for i := range logs {
			f := nz.Rand()
			logs[i] = math.Log(f)
			if f < 1 {
				below++
			}
		}
		if se := math.Sqrt(0.25 / n); math.Abs(float64(below)/n-0.5) > 4*se {
			t.Errorf("σ=%v: fraction below 1 is %v, want 0.5 ± %v", sigma, float64(below)/n, 4*se)
		}
		sort.Float64s(logs)
		med := (logs[n/2-1] + logs[n/2]) / 2
		if se := sigma * math.Sqrt(math.Pi/(2*n)); math.Abs(med) > 4*se {
			t.Errorf("σ=%v: median of log F is %v, want 0 ± %v", sigma, med, 4*se)
		}
	}
	if f := (LogNormalNoise{Sigma: 0, Src: rand.NewPCG(1, 2)}).Rand(); f != 1 {
		t.Errorf("σ=0: factor %v, want exactly 1", f)
	}
	in := instances.New([]instances.Job{{ID: "a", Map: 2, Shuffle: 3}, {ID: "b", Map: 5, Shuffle: 7}})
	got := LogNormalNoise{Sigma: 0.7, Src: rand.NewPCG(3, 4)}.Perturb(in)
	ref := LogNormalNoise{Sigma: 0.7, Src: rand.NewPCG(3, 4)}
	for j, jb := range in.Jobs {
		if wm, ws := jb.Map*ref.Rand(), jb.Shuffle*ref.Rand(); got.Jobs[j].Map != wm || got.Jobs[j].Shuffle != ws {
			t.Errorf("job %d: perturbed (%v, %v), want (%v, %v)", j, got.Jobs[j].Map, got.Jobs[j].Shuffle, wm, ws)
		}
	}
	if in.Jobs[0].Map != 2 || in.Jobs[1].Shuffle != 7 {
		t.Error("Perturb changed its input")
	}
}

// TestLateByConstruction: a batch with unit capacities. Job "never" has
// deadline 0 and positive sizes, so C > 0: P(late) = 1. Job "far" has
// deadline 10^6, beyond any completion the factors can reach: math/rand/v2's
// NormFloat64 never exceeds 3.44 + 36.8/3.44 < 15 in absolute value (its
// ziggurat tail), so with σ = 0.5 a factor stays below e^7.5 < 2000 and
// every completion below 2000 × the total work 9: P(late) = 0. Job
// "half" (x = y = 1, deadline 1) runs alone in its own instance below.
func TestLateByConstruction(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "far", Map: 2, Shuffle: 1, Due: 1e6, HasDue: true},
		{ID: "never", Map: 1, Shuffle: 1, Due: 0, HasDue: true},
		{ID: "free", Map: 1, Shuffle: 3},
	})
	r, err := Run(context.Background(), in, Plan{Order: []int{1, 0, 2}, Source: "order", Planned: math.NaN()}, Options{Sigma: 0.5, Reps: 300, Seed: 4})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"never": 1, "far": 0}
	if len(r.Late) != 2 || r.Late[0].Job != "never" {
		t.Fatalf("late table %+v, want the 2 jobs with deadlines, never first", r.Late)
	}
	for _, jl := range r.Late {
		for _, lp := range jl.Late { // the plan's replays and every policy
			if lp.Probability != want[jl.Job] {
				t.Errorf("%s under %s: P(late) %v, want %v", jl.Job, lp.Method, lp.Probability, want[jl.Job])
			}
		}
	}
	// One job, x = y = 1, deadline 1: C = max(F, G) for the list replay
	// (the shuffle ends at max(its own time, the map's end)), late iff
	// max(F, G) > 1 (beyond tolerance), so P(late) = 1 − P(F ≤ 1)·P(G ≤ 1)
	// = 3/4 (closed form); the estimate is within 4 binomial standard
	// errors sqrt(3/16/N).
	one := instances.New([]instances.Job{{ID: "half", Map: 1, Shuffle: 1, Due: 1, HasDue: true}})
	const reps = 4000
	r, err = Run(context.Background(), one, Plan{Order: []int{0}, Source: "order", Planned: math.NaN()}, Options{Sigma: 0.3, Reps: reps, Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if p, se := r.Late[0].Late[0].Probability, math.Sqrt(3.0/16/reps); math.Abs(p-0.75) > 4*se {
		t.Errorf("P(late) of one job with x = y = due = 1: %v, want 0.75 ± %v", p, 4*se)
	}
}

// TestCompletionOrder: completion order with ties broken by dependencies
// then index (a successor without work completes with its predecessor).
func TestCompletionOrder(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "b", Map: 0, Shuffle: 0, After: []int{2}},
		{ID: "c", Map: 1, Shuffle: 1},
		{ID: "a", Map: 1, Shuffle: 1},
	})
	got, err := CompletionOrder(in, []float64{2, 2, 2})
	if err != nil {
		t.Fatal(err)
	}
	// Topological order (smallest ready index first): 1, 2, 0.
	if want := []int{1, 2, 0}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if got, _ = CompletionOrder(in, []float64{3, 1, 2}); !slices.Equal(got, []int{1, 2, 0}) {
		t.Errorf("order %v, want [1 2 0] (by completion)", got)
	}
	if _, err := CompletionOrder(in, []float64{1}); !errors.Is(err, ErrPlan) {
		t.Errorf("short completions: %v, want ErrPlan", err)
	}
}

// TestErrors: bad options and plans are refused with the field named.
func TestErrors(t *testing.T) {
	in := night(t, 8, 1)
	plan := listPlan(t, in)
	reversed := slices.Clone(plan.Order) // successors before predecessors
	slices.Reverse(reversed)
	for _, tc := range []struct {
		opt  Options
		plan Plan
		want error
	}{
		{Options{Sigma: -1, Reps: 1}, plan, ErrConfig},
		{Options{Sigma: math.NaN(), Reps: 1}, plan, ErrConfig},
		{Options{Sigma: 0.1, Reps: 0}, plan, ErrConfig},
		{Options{Sigma: 0.1, Reps: 1, Workers: -1}, plan, ErrConfig},
		{Options{Sigma: 0.1, Reps: 1}, Plan{Order: []int{0, 1}}, ErrPlan},
		{Options{Sigma: 0.1, Reps: 1}, Plan{Order: reversed}, ErrPlan},
	} {
		if _, err := Run(context.Background(), in, tc.plan, tc.opt); !errors.Is(err, tc.want) {
			t.Errorf("%+v: error %v, want %v", tc.opt, err, tc.want)
		}
	}
	for _, c := range []Config{
		{Instance: "x.json", Sigma: 0.1, Reps: 1},
		{Instance: "x.json", Schedule: "s.json", Order: "0", Sigma: 0.1, Reps: 1},
	} {
		var ce *report.ConfigError
		if err := c.Validate(); !errors.As(err, &ce) || ce.Field != "schedule" {
			t.Errorf("%+v: error %v, want a ConfigError on schedule", c, err)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(ctx, in, plan, Options{Sigma: 0.1, Reps: 5}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

// TestContextStopsASimulation: a context that has ended stops the plan's
// own simulation (the priority replay, before any replication) with the
// simulator's ErrStopped, not a plan error.
func TestContextStopsASimulation(t *testing.T) {
	// 20,000 §5.3 jobs (seed 1, 2): the replay takes more events than the
	// simulator's check stride (thousands), so the check is reached.
	in, err := instances.PaperLogNormal(20000, 0.9, false).Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	order := make([]int, in.N())
	for j := range order {
		order[j] = j
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err = Run(ctx, in, Plan{Order: order, Source: "order", Planned: math.NaN()}, Options{Sigma: 0.1, Reps: 1, Seed: 1})
	if !errors.Is(err, fluid.ErrStopped) || !errors.Is(err, context.Canceled) || errors.Is(err, ErrPlan) {
		t.Errorf("cancelled: %v, want fluid.ErrStopped wrapping context.Canceled and no ErrPlan", err)
	}
}
