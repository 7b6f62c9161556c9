package flex

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/tolerance"
)

func TestBuildFigure3(t *testing.T) {
	// Fig. 3: at the 4th red arrival three red jobs are part-way through
	// their scans. Remaining fractions 1/4, 1/2, 3/4 and 1 give K_d = 4
	// subjobs of 1/4 of the dataset each, with concurrency levels
	// K_d − k + 1 = 4, 3, 2, 1, in a chain (d,1) ≺ … ≺ (d,4). Slot limits
	// per A.1: min = max of the relevant minima, max = min of the maxima.
	act := []Active{
		{Job: 0, Copies: []Copy{{0, 0, 0.25}}, Min: 4, Max: 10},
		{Job: 1, Copies: []Copy{{0, 0, 0.5}}, Min: 1, Max: 8},
		{Job: 2, Copies: []Copy{{0, 0, 0.75}}, Min: 2, Max: 20},
		{Job: 3, Copies: []Copy{{0, 0, 1}}, Min: 1, Max: 30},
	}
	sj, err := Build(act, []float64{8})
	if err != nil {
		t.Fatal(err)
	}
	if len(sj.List) != 4 || !sj.Chained || len(sj.Chains) != 1 {
		t.Fatalf("got %d subjobs, chained %v", len(sj.List), sj.Chained)
	}
	wantMin := []float64{4, 2, 2, 1}
	wantMax := []float64{8, 8, 20, 30}
	for k, s := range sj.List {
		if len(s.Jobs) != 4-k || s.Work != 2 || s.Pos != k+1 {
			t.Errorf("(d,%d): %d jobs, work %v, pos %d; want %d jobs, work 2", k+1, len(s.Jobs), s.Work, s.Pos, 4-k)
		}
		if s.Min != wantMin[k] || s.Max != wantMax[k] {
			t.Errorf("(d,%d): limits [%v,%v], want [%v,%v]", k+1, s.Min, s.Max, wantMin[k], wantMax[k])
		}
		if !reflect.DeepEqual(s.Completes, []int{k}) {
			t.Errorf("(d,%d) completes %v, want job %d", k+1, s.Completes, k)
		}
		if k > 0 && !reflect.DeepEqual(s.Preds, []int{k - 1}) {
			t.Errorf("(d,%d) preds %v", k+1, s.Preds)
		}
	}
	// Scanning (d,1) fully finishes job 0 and leaves the others 1/4 less.
	done := []float64{2, 0, 0, 0}
	sj.Apply(act, done)
	got := []float64{act[0].Copies[0].Remaining, act[1].Copies[0].Remaining, act[2].Copies[0].Remaining, act[3].Copies[0].Remaining}
	if !reflect.DeepEqual(got, []float64{0, 0.25, 0.5, 0.75}) {
		t.Errorf("after (d,1): %v", got)
	}
}

func TestBuildWorkWithScanFraction(t *testing.T) {
	// Package sharedscan's work model: a unit of data shared by R costs
	// 1 + Σ (1−f_j)/f_j. Two jobs with f = 1/2 sharing a dataset of size 4
	// at full remaining: one subjob of work 4·(1+1+1) = 12.
	act := []Active{{Copies: []Copy{{0, 0, 1}}, Extra: 1, Min: 1, Max: 1}, {Copies: []Copy{{0, 0, 1}}, Extra: 1, Min: 1, Max: 1}}
	sj, _ := Build(act, []float64{4})
	if len(sj.List) != 1 || sj.List[0].Work != 12 || len(sj.List[0].Completes) != 2 {
		t.Fatalf("%+v", sj.List)
	}
}

func TestBuildFigure4SemiShared(t *testing.T) {
	// Fig. 4: three overlapping scans; the union splits into Venn regions
	// {1,2,3}, {1,2}, {1,3}, {2,3}, {1}, {2}, {3} (datasets a…g are the
	// atoms). Precedence from more to less overlapped: {1,2,3} precedes
	// the pairs, each pair its two singletons.
	atoms := map[string][]int{"abc": {0, 1, 2}, "ab": {0, 1}, "ac": {0, 2}, "bc": {1, 2}, "a": {0}, "b": {1}, "c": {2}}
	names := []string{"abc", "ab", "ac", "bc", "a", "b", "c"}
	act := make([]Active, 3)
	sizes := []float64{}
	for d, nm := range names {
		sizes = append(sizes, float64(d+1))
		for _, j := range atoms[nm] {
			act[j].Copies = append(act[j].Copies, Copy{Dataset: d, Remaining: 1})
			act[j].Min, act[j].Max = 1, 5
		}
	}
	sj, err := Build(act, sizes)
	if err != nil {
		t.Fatal(err)
	}
	if sj.Chained || len(sj.List) != 7 {
		t.Fatalf("chained %v, %d regions", sj.Chained, len(sj.List))
	}
	byName := map[string]int{}
	for i, s := range sj.List {
		byName[names[s.Pieces[0].Dataset]] = i
		if s.Work != sizes[s.Pieces[0].Dataset] {
			t.Errorf("region %s work %v", names[s.Pieces[0].Dataset], s.Work)
		}
	}
	wantPreds := map[string][]string{"abc": nil, "ab": {"abc"}, "ac": {"abc"}, "bc": {"abc"}, "a": {"ab", "ac"}, "b": {"ab", "bc"}, "c": {"ac", "bc"}}
	for nm, ps := range wantPreds {
		got := map[int]bool{}
		for _, p := range sj.List[byName[nm]].Preds {
			got[p] = true
		}
		if len(got) != len(ps) {
			t.Errorf("%s: preds %v, want %v", nm, sj.List[byName[nm]].Preds, ps)
		}
		for _, p := range ps {
			if !got[byName[p]] {
				t.Errorf("%s: missing predecessor %s", nm, p)
			}
		}
	}
	// Job 1 (index 0) completes with region {1} only.
	if c := sj.List[byName["a"]].Completes; !reflect.DeepEqual(c, []int{0}) {
		t.Errorf("region a completes %v", c)
	}
	// Without atom a (Fig. 4 with 6 subjobs) job 1 completes with the
	// later of {1,2} and {1,3}.
	for j := range act {
		act[j].Copies = act[j].Copies[:0]
	}
	for d, nm := range names[:4] {
		for _, j := range atoms[nm] {
			act[j].Copies = append(act[j].Copies, Copy{Dataset: d, Remaining: 1})
		}
	}
	act[1].Copies = append(act[1].Copies, Copy{Dataset: 5, Remaining: 1})
	act[2].Copies = append(act[2].Copies, Copy{Dataset: 6, Remaining: 1})
	sj, _ = Build(act, sizes)
	if len(sj.List) != 6 {
		t.Fatalf("%d regions, want 6", len(sj.List))
	}
	n := 0
	for _, s := range sj.List {
		for _, a := range s.Completes {
			if a == 0 {
				n++
			}
		}
	}
	if n != 2 {
		t.Errorf("job 1 should complete with 2 regions ({1,2} and {1,3}), got %d", n)
	}
	// GSR metrics are refused for this precedence, minimax ones planned.
	jobs := []JobInfo{{Weight: 1, Isolation: 1}, {Weight: 1, Isolation: 1}, {Weight: 1, Isolation: 1}}
	m, _ := ParseMetric("avg-response")
	if _, err := MakePlan(sj, 4, m, jobs, 0, 0); !errors.Is(err, ErrUnsupported) {
		t.Errorf("sum-response on semi-shared: %v", err)
	}
	m, _ = ParseMetric("max-stretch")
	pl, err := MakePlan(sj, 4, m, jobs, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if err := Validate(pl.Input, pl.Schedule); err != nil {
		t.Fatal(err)
	}
}

func TestMetricMenu(t *testing.T) {
	// Appendix A.2 / §1: 16 FLEX metrics; CIRCUMFLEX optimises 11 with
	// chains and the 8 minimax ones for semi-shared scans.
	if len(Metrics) != 16 {
		t.Fatalf("%d metrics", len(Metrics))
	}
	chain, semi, names := 0, 0, map[string]bool{}
	for _, m := range Metrics {
		names[m.Name()] = true
		p, err := ParseMetric(m.Name())
		if err != nil || p != m {
			t.Errorf("parse %s: %v %v", m.Name(), p, err)
		}
		if m.Optimised(true) {
			chain++
		}
		if m.Optimised(false) {
			semi++
		}
	}
	if len(names) != 16 || chain != 11 || semi != 8 {
		t.Errorf("%d names, %d chain-optimised (want 11), %d semi-shared (want 8)", len(names), chain, semi)
	}
	if _, err := ParseMetric("avg-speed"); !errors.Is(err, ErrMetric) {
		t.Error("unknown metric accepted")
	}
	j := JobInfo{Arrival: 1, Weight: 2, Isolation: 4, HasDeadline: true, Deadline: 5, SLA: []sharedscan.SLAStep{{Deadline: 3, Penalty: 1}, {Deadline: 6, Penalty: 5}}}
	cases := map[string]float64{ // C = 7: response 6, stretch 6/4, tardy (7 > 5), tardiness 2, lateness 2, SLA 5
		"sum-response": 6, "sum-wresponse": 12, "max-stretch": 1.5, "sum-tardy": 1, "sum-wtardy": 2,
		"max-tardiness": 2, "max-wtardiness": 4, "max-lateness": 2, "max-wlateness": 4, "sum-sla": 5,
	}
	for nm, want := range cases {
		m, _ := ParseMetric(nm)
		if got := m.Penalty(&j, 7); got != want {
			t.Errorf("%s: %v, want %v", nm, got, want)
		}
	}
}

func tiny(t *testing.T) *sharedscan.Workload {
	t.Helper()
	d := 3.0
	return &sharedscan.Workload{Slots: 4,
		Datasets: []sharedscan.Dataset{{ID: "red", Size: 8}, {ID: "blue", Size: 4}},
		Jobs: []sharedscan.Job{
			{ID: "a", Arrival: 0, Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1, Deadline: &d},
			{ID: "b", Arrival: 1, Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
			{ID: "c", Arrival: 1, Datasets: []string{"blue"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
		}}
}

func TestSimulateHandExample(t *testing.T) {
	w := tiny(t)
	m, _ := ParseMetric("sum-response")
	// FLEX shares nothing: the work done is Σ W_j = 8 + 8 + 4 = 20.
	r, err := Simulate(w, SimOptions{Scheme: FLEX, Metric: m})
	if err != nil {
		t.Fatal(err)
	}
	if !tolerance.Eq(r.Work, 20) || !tolerance.Eq(r.UnsharedWork, 20) {
		t.Errorf("FLEX work %v, want 20", r.Work)
	}
	// With 4 slots always busy until all 20 units are done: makespan 5.
	mk := 0.0
	for _, c := range r.Completion {
		mk = math.Max(mk, c)
	}
	if !tolerance.Eq(mk, 5) {
		t.Errorf("FLEX makespan %v, want 5 (work-conserving)", mk)
	}
	// CIRCUMFLEX: b piggybacks on a's remaining half of red, so the red
	// work is 8 + 4 (b's wrap-around) = 12 instead of 16: total 16.
	r, err = Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m})
	if err != nil {
		t.Fatal(err)
	}
	if !tolerance.Eq(r.Work, 16) {
		t.Errorf("CIRCUMFLEX work %v, want 16", r.Work)
	}
	// BATCH with W = 2 and offsets 0 (red) and 1 (blue): a and b are
	// batched and released at 2; c arrives at 1 in blue's window [1,3) and
	// is released at 3. Red scanned once: work 8 + 4 = 12.
	r, err = Simulate(w, SimOptions{Scheme: BATCH, Metric: m, Window: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !tolerance.Eq(r.Work, 12) || r.Release[0] != 2 || r.Release[1] != 2 || r.Release[2] != 3 {
		t.Errorf("BATCH work %v releases %v", r.Work, r.Release)
	}
	// Batch of a and b: 8 units on 4 slots from 2 → both complete at 4;
	// c: released 3, min 1 slot until 4 then... completion ≥ 3 + 1.
	if !tolerance.Eq(r.Completion[0], r.Completion[1]) {
		t.Errorf("batched jobs complete together: %v", r.Completion)
	}
	if r.MaxConcurrent != 1.5 { // largest batch: red 2, blue 1
		t.Errorf("batch sizes averaged %v, want 1.5", r.MaxConcurrent)
	}
}

func TestSimulateProperties(t *testing.T) {
	spec := sharedscan.DefaultGenSpec()
	spec.Jobs = 150
	spec.Horizon = 15
	for _, mn := range []string{"sum-response", "sum-stretch", "max-stretch", "max-response"} {
		m, _ := ParseMetric(mn)
		w, err := sharedscan.Generate(spec, rand.NewPCG(3, 4))
		if err != nil {
			t.Fatal(err)
		}
		res := map[Scheme]*SimResult{}
		for _, s := range Schemes {
			r, err := Simulate(w, SimOptions{Scheme: s, Metric: m, Window: 2})
			if err != nil {
				t.Fatal(err)
			}
			res[s] = r
			for j, c := range r.Completion {
				iso := w.IsolationTime(j, w.DatasetIndex())
				if c < r.Release[j]+iso*(1-1e-9) {
					t.Fatalf("%s %s: job %d completes at %v before release %v + isolation %v", mn, s, j, c, r.Release[j], iso)
				}
			}
		}
		// FLEX does exactly the unshared work; sharing never adds work and
		// BATCH shares at least as much as CIRCUMFLEX per scan.
		if !tolerance.Eq(res[FLEX].Work, res[FLEX].UnsharedWork) {
			t.Errorf("%s: FLEX work %v vs %v", mn, res[FLEX].Work, res[FLEX].UnsharedWork)
		}
		if res[CIRCUMFLEX].Work > res[FLEX].Work || res[BATCH].Work > res[FLEX].Work {
			t.Errorf("%s: shared work above unshared", mn)
		}
		a, _ := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m})
		if !reflect.DeepEqual(a.Completion, res[CIRCUMFLEX].Completion) {
			t.Errorf("%s: not deterministic", mn)
		}
	}
}

func TestSimulateStopAt(t *testing.T) {
	// Stopping at t = 1.5 in the hand example: a has run alone for 1 min
	// on 4 slots (half of red scanned), then b piggybacks. The final plan
	// must contain a's remaining half shared with b, then b's wrap-around.
	w := tiny(t)
	m, _ := ParseMetric("max-response")
	r, err := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m, StopAt: 1.5})
	if err != nil {
		t.Fatal(err)
	}
	if r.Final == nil || r.Final.At != 1.5 || len(r.Final.Jobs) != 3 {
		t.Fatalf("final %+v", r.Final)
	}
	if err := Validate(r.Final.Plan.Input, r.Final.Plan.Schedule); err != nil {
		t.Fatal(err)
	}
	full, _ := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m})
	// No arrival after 1.5: following the final plan gives the same
	// completions as the full simulation.
	for j := range full.Completion {
		if !tolerance.Eq(full.Completion[j], r.Completion[j]) {
			t.Errorf("job %d: %v vs %v", j, r.Completion[j], full.Completion[j])
		}
	}
}

func TestSimulateSemiShared(t *testing.T) {
	// Semi-shared scans (Fig. 4): jobs read overlapping sets of blocks.
	// CIRCUMFLEX plans the Venn regions with BDP for minimax metrics and
	// refuses minisum response (§3.3). Invariants: each job scans all its
	// blocks (completion ≥ arrival + isolation time), sharing never adds
	// work, and the plans validate.
	w := &sharedscan.Workload{Slots: 6}
	for i, sz := range []float64{3, 2, 4, 1, 5} {
		w.Datasets = append(w.Datasets, sharedscan.Dataset{ID: string(rune('a' + i)), Size: sz})
	}
	sets := [][]string{{"a", "b"}, {"b", "c"}, {"a", "b", "c"}, {"d"}, {"c", "d", "e"}, {"a"}, {"e", "b"}}
	for i, s := range sets {
		w.Jobs = append(w.Jobs, sharedscan.Job{ID: string(rune('p' + i)), Arrival: 0.7 * float64(i), Datasets: s, Weight: 1,
			MinSlots: 1, MaxSlots: 2 + i%3, ScanFraction: 1 - 0.1*float64(i%2)})
	}
	m, _ := ParseMetric("max-stretch")
	r, err := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m})
	if err != nil {
		t.Fatal(err)
	}
	f, err := Simulate(w, SimOptions{Scheme: FLEX, Metric: m})
	if err != nil {
		t.Fatal(err)
	}
	if r.Work > f.Work*(1+1e-12) || !tolerance.Eq(f.Work, f.UnsharedWork) {
		t.Errorf("work: circumflex %v, flex %v, unshared %v", r.Work, f.Work, f.UnsharedWork)
	}
	idx := w.DatasetIndex()
	for j, c := range r.Completion {
		if c < w.Jobs[j].Arrival+w.IsolationTime(j, idx)*(1-1e-9) {
			t.Errorf("job %d completes at %v, faster than in isolation", j, c)
		}
	}
	for _, at := range []float64{0.8, 2.2, 3.6} {
		s, err := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: m, StopAt: at})
		if err != nil {
			t.Fatal(err)
		}
		if err := Validate(s.Final.Plan.Input, s.Final.Plan.Schedule); err != nil {
			t.Fatalf("plan at %v: %v", at, err)
		}
	}
	sr, _ := ParseMetric("sum-response")
	if _, err := Simulate(w, SimOptions{Scheme: CIRCUMFLEX, Metric: sr}); !errors.Is(err, ErrUnsupported) {
		t.Errorf("sum-response on semi-shared scans: %v", err)
	}
	if _, err := Simulate(w, SimOptions{Scheme: BATCH, Metric: m, Window: 1}); !errors.Is(err, ErrInput) {
		t.Errorf("BATCH on semi-shared scans: %v", err)
	}
}
