package orderls

import (
	"context"
	"math"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
)

// randomInstance draws n jobs with ties, zero map or shuffle sizes, extreme
// ratios and, when releases is set, integer release times (ties included);
// capacities differ from 1 in a quarter of the draws.
func randomInstance(rng *rand.Rand, n int, releases bool) *instances.Instance {
	jobs := make([]instances.Job, n)
	for i := range jobs {
		x, y := float64(rng.IntN(4)), float64(rng.IntN(4))
		switch rng.IntN(4) {
		case 0:
			x, y = 0.01+10*rng.Float64(), 0.01+10*rng.Float64()
		case 1:
			x, y = 1000*rng.Float64(), 0.001
		}
		if x == 0 && y == 0 {
			y = 1
		}
		r := 0.0
		if releases {
			r = float64(rng.IntN(6))
		}
		jobs[i] = instances.Job{ID: "j" + string(rune('A'+i%26)) + string(rune('a'+i/26%26)), Release: r, Map: x, Shuffle: y}
	}
	in := instances.New(jobs)
	if rng.IntN(4) == 0 {
		in.MapCapacity, in.ShuffleCapacity = 0.5+rng.Float64(), 0.5+rng.Float64()
	}
	return in
}

// withDAG gives the jobs of in random predecessors among the jobs of lower
// index (chains, forks, joins and independent jobs) and weights from 0.1 to
// 10, and returns a random order that respects the dependencies.
func withDAG(rng *rand.Rand, in *instances.Instance) []int {
	n := in.N()
	for j := 1; j < n; j++ {
		for k := 0; k < rng.IntN(3); k++ {
			q := rng.IntN(j)
			if !slices.Contains(in.Jobs[j].After, q) {
				in.Jobs[j].After = append(in.Jobs[j].After, q)
			}
		}
	}
	for j := range in.Jobs {
		if rng.IntN(2) == 0 {
			in.Jobs[j].Weight = 0.1 + 9.9*rng.Float64()
		}
	}
	// A random topological order: repeatedly a random job whose
	// predecessors are placed.
	placed := make([]bool, n)
	var order []int
	for len(order) < n {
		var ready []int
		for j := range n {
			if placed[j] {
				continue
			}
			ok := true
			for _, q := range in.Jobs[j].After {
				ok = ok && placed[q]
			}
			if ok {
				ready = append(ready, j)
			}
		}
		j := ready[rng.IntN(len(ready))]
		placed[j] = true
		order = append(order, j)
	}
	return order
}

// TestDAGBuildPassesValidator: with random dependencies and weights, the
// list schedule of random topological orders passes the validator (which
// checks precedence), its weighted total equals Evaluate's, and an order
// that puts a job before its predecessor is refused.
func TestDAGBuildPassesValidator(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 13))
	for trial := range 400 {
		in := randomInstance(rng, 2+rng.IntN(30), trial%2 == 1)
		order := withDAG(rng, in)
		checkList(t, trial, in, order)
		for j, jb := range in.Jobs {
			if len(jb.After) == 0 {
				continue
			}
			bad := slices.Clone(order)
			pj, pq := slices.Index(bad, j), slices.Index(bad, jb.After[0])
			bad[pj], bad[pq] = bad[pq], bad[pj]
			if _, _, err := Evaluate(in, bad); err == nil {
				t.Errorf("trial %d: order with job %d before its predecessor %d accepted", trial, j, jb.After[0])
			}
			break
		}
		r, err := Solve(context.Background(), in, Options{Iterations: 30, Seed: uint64(trial)})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := validate.Check(in, r.Schedule); err != nil {
			t.Fatalf("trial %d: Solve's schedule: %v", trial, err)
		}
	}
}

// checkList checks that the list schedule of order passes the validator,
// whose weighted total (the total response with unit weights) and
// completions equal Evaluate's.
func checkList(t *testing.T, trial int, in *instances.Instance, order []int) {
	t.Helper()
	comp, total, err := Evaluate(in, order)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Build(in, order)
	if err != nil {
		t.Fatal(err)
	}
	vr, err := validate.Check(in, s)
	if err != nil {
		t.Fatalf("trial %d: %v", trial, err)
	}
	if !tolerance.Eq(vr.WeightedResponse, total) {
		t.Errorf("trial %d: validator weighted total %v, Evaluate %v", trial, vr.WeightedResponse, total)
	}
	for j := range comp {
		if !tolerance.Eq(comp[j], s.Completion[j]) {
			t.Errorf("trial %d job %d: completion %v, schedule %v", trial, j, comp[j], s.Completion[j])
		}
	}
}

// TestBuildPassesValidator: the list schedule of random orders passes the
// independent validator, whose completions and total equal Evaluate's
// (the recurrence of step): 600 instances of 1 to 40 jobs.
func TestBuildPassesValidator(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	for trial := range 600 {
		in := randomInstance(rng, 1+rng.IntN(40), trial%2 == 1)
		order := rng.Perm(in.N())
		checkList(t, trial, in, order)
	}
}

// TestStepHand: two jobs, (x, y) = (1, 0.1) and (0.1, 1), unit capacities,
// released at 0. By hand from step: order (1, 2): job 1 completes at
// max(0.1, 1) = 1, job 2's map ends at 1.1 and its shuffle at
// max(1 + 1, 1.1) = 2: total 3. Order (2, 1): job 2 completes at
// max(0 + 1, 0.1) = 1, job 1's map ends at 1.1, its shuffle at
// max(1 + 0.1, 1.1) = 1.1: total 2.1.
func TestStepHand(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 0.1}, {ID: "b", Map: 0.1, Shuffle: 1}})
	for _, c := range []struct {
		order []int
		want  float64
	}{{[]int{0, 1}, 3}, {[]int{1, 0}, 2.1}} {
		_, got, err := Evaluate(in, c.order)
		if err != nil {
			t.Fatal(err)
		}
		if !tolerance.Eq(got, c.want) {
			t.Errorf("order %v: total %v, want %v", c.order, got, c.want)
		}
	}
	r, err := Solve(context.Background(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !tolerance.Eq(r.Objective, 2.1) {
		t.Errorf("Solve: %v, want the better order's 2.1", r.Objective)
	}
}

// TestInsertDeltaAndUndo: every insertion's incremental change equals the
// change of a full re-evaluation (half the instances with random
// dependencies and weights, legal moves only), and undoing a logged sequence of moves
// restores the order and the objective.
func TestInsertDeltaAndUndo(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for trial := range 400 {
		in := randomInstance(rng, 2+rng.IntN(30), trial%2 == 1)
		start := rng.Perm(in.N())
		if trial%4 >= 2 {
			start = withDAG(rng, in)
		}
		it := items(in)
		st := newState(it, start)
		n := in.N()
		for range 20 {
			i, j := rng.IntN(n), rng.IntN(n)
			if i == j || !st.legal(i, j) {
				continue
			}
			d := st.insertDelta(i, j)
			before := evaluate(it, st.ord)
			st.apply(i, j, d)
			after := evaluate(it, st.ord)
			if math.Abs((after-before)-d) > 1e-9*math.Max(1, math.Abs(before)) {
				t.Fatalf("trial %d: move %d→%d: delta %v, full re-evaluation %v", trial, i, j, d, after-before)
			}
			if math.Abs(st.obj-after) > 1e-9*math.Max(1, after) {
				t.Fatalf("trial %d: tracked objective %v, full %v", trial, st.obj, after)
			}
		}
		sr := &searcher{st: st, ctx: context.Background(), now: nil, logging: true}
		orig, origObj := slices.Clone(st.ord), st.obj
		for range 5 {
			i, j := rng.IntN(n), rng.IntN(n)
			if i != j && st.legal(i, j) {
				sr.move(i, j, st.insertDelta(i, j))
			}
		}
		sr.undo(0)
		if !slices.Equal(st.ord, orig) || math.Abs(st.obj-origObj) > 1e-9*math.Max(1, origObj) {
			t.Fatalf("trial %d: undo left %v (%v), want %v (%v)", trial, st.ord, st.obj, orig, origObj)
		}
	}
}

// TestSolveDeterministic: the same instance and seed give the same order;
// the search never returns worse than its best start.
func TestSolveDeterministic(t *testing.T) {
	in, err := instances.PaperLogNormal(30, 0.9, true).Generate(rand.NewPCG(4, 4))
	if err != nil {
		t.Fatal(err)
	}
	var first []int
	for range 2 {
		r, err := Solve(context.Background(), in, Options{Iterations: 100, Seed: 9})
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range r.Starts {
			if r.Objective > s.Objective*(1+1e-12) {
				t.Errorf("objective %v above start %s's %v", r.Objective, s.Name, s.Objective)
			}
		}
		if first == nil {
			first = r.Order
		} else if !slices.Equal(first, r.Order) {
			t.Errorf("two runs with one seed gave different orders")
		}
	}
}

// TestSolveMemoryLinear: the search's allocations grow linearly with n
// (a fourfold n allocates at most eight times the bytes; an O(n²) path
// would allocate sixteen times).
func TestSolveMemoryLinear(t *testing.T) {
	alloc := func(n int) uint64 {
		in, err := instances.PaperLogNormal(n, 0.9, true).Generate(rand.NewPCG(1, 2))
		if err != nil {
			t.Fatal(err)
		}
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		if _, err := Solve(context.Background(), in, Options{Iterations: 10, MaxWindow: 2}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	small, large := alloc(500), alloc(2000)
	if large > 8*small {
		t.Errorf("allocations: %d bytes at n = 500, %d at n = 2000 (more than linear)", small, large)
	}
}
