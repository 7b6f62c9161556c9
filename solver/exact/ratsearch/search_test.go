package ratsearch

import (
	"context"
	"errors"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/solver/exact/fastlp"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
)

func rat(t *testing.T, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		t.Fatalf("bad rational %q", s)
	}
	return r
}

func exactOf(t *testing.T, in *instances.Instance) *rational.Instance {
	t.Helper()
	r, err := rational.FromInstance(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// job builds an exact job from decimal or p/q strings.
func job(t *testing.T, id, x, y string) rational.Job {
	return rational.Job{ID: id, Release: new(big.Rat), Map: rat(t, x), Shuffle: rat(t, y)}
}

func batchOf(jobs ...rational.Job) *rational.Instance {
	return &rational.Instance{MapCapacity: big.NewRat(1, 1), ShuffleCapacity: big.NewRat(1, 1), Jobs: jobs}
}

// checkResult checks the invariants of every answer: a schedule that
// rational.Verify accepts, whose exact total is the objective, a bound not
// above it, and "optimal" exactly when they are equal.
func checkResult(t *testing.T, name string, in *rational.Instance, res *Result) {
	t.Helper()
	if err := Check(in, res); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

func TestKnownOptima(t *testing.T) {
	cor4 := func(n int) *rational.Instance {
		// Cor 4 family (reductions/tight.MaxSRPTFamily) with α = 10 and
		// ε = 1/5 exactly: n/2 jobs (49/5, 1) and n/2 jobs (1, 10).
		var jobs []rational.Job
		for i := range n / 2 {
			jobs = append(jobs, job(t, "a"+string(rune('1'+i)), "49/5", "1"))
		}
		for i := range n / 2 {
			jobs = append(jobs, job(t, "b"+string(rune('1'+i)), "1", "10"))
		}
		return batchOf(jobs...)
	}
	for _, c := range []struct {
		name string
		in   *rational.Instance
		want string
	}{
		// Lin et al. §2.1 (Fig. 2): FIFO finishes at 2, 4, 6; 12 is
		// optimal (solver/exact TestExample21 proves it with h(∅) = 12).
		{"§2.1", exactOf(t, instances.Example21()), "12"},
		// The two-job example (fastlp TestKnownValues): (10,1) and
		// (1,10); shuffle-heavy first costs 21 = OPT, the other order 22.
		{"two jobs", batchOf(job(t, "a", "10", "1"), job(t, "b", "1", "10")), "21"},
		// A single job takes max(x/μ_m, y/μ_c): (3,5) with μ = (1,2) → 3.
		{"single", &rational.Instance{MapCapacity: big.NewRat(1, 1), ShuffleCapacity: big.NewRat(2, 1),
			Jobs: []rational.Job{job(t, "a", "3", "5")}}, "3"},
		// Cor 4 family: OPT is the paper's alternative, closed form
		// m²(1+α) + mα (tight.MaxAltCost; n = 6 is the instance of
		// mipform's ties_test, OPT 129 by brute force over 720 orders).
		{"cor4 n=2", cor4(2), "21"},
		{"cor4 n=4", cor4(4), "64"},
		{"cor4 n=6", cor4(6), "129"},
		// Equal releases r = 5/2: the batch shifted in time, same cost
		// as the two-job example.
		{"shifted batch", &rational.Instance{MapCapacity: big.NewRat(1, 1), ShuffleCapacity: big.NewRat(1, 1),
			Jobs: []rational.Job{{ID: "a", Release: big.NewRat(5, 2), Map: big.NewRat(10, 1), Shuffle: big.NewRat(1, 1)},
				{ID: "b", Release: big.NewRat(5, 2), Map: big.NewRat(1, 1), Shuffle: big.NewRat(10, 1)}}}, "21"},
	} {
		res, err := Solve(context.Background(), c.in, Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		checkResult(t, c.name, c.in, res)
		if res.Status != mip.Optimal || res.Objective.Cmp(rat(t, c.want)) != 0 {
			t.Errorf("%s: %v %s (bound %s), want optimal %s", c.name, res.Status, res.Objective.RatString(), res.LowerBound.RatString(), c.want)
		}
	}
	// The closed forms used above.
	for _, n := range []int{2, 4, 6} {
		if v := tight.MaxAltCost(n, 10, 0.2); v != map[int]float64{2: 21, 4: 64, 6: 129}[n] {
			t.Errorf("MaxAltCost(%d) = %v", n, v)
		}
	}
}

// bruteOPT is the least exact fixed-order LP value over all orders (OPT,
// since every schedule has a completion order and the LP of that order is
// the least cost of schedules completing in it).
func bruteOPT(t *testing.T, in *rational.Instance) *big.Rat {
	t.Helper()
	var best *big.Rat
	bruteforce.Permutations(len(in.Jobs), func(p []int) {
		r, err := SolveOrder(context.Background(), in, p)
		if err != nil {
			t.Fatal(err)
		}
		if best == nil || r.Value.Cmp(best) < 0 {
			best = r.Value
		}
	})
	return best
}

// TestAgainstBruteForceAndFloat: random instances (bruteforce.Random:
// ties, zero sizes, ratios up to 1000:1, unequal capacities), n ≤ 6: the
// exact OPT equals the exact brute force over all orders; n ≤ 7: it agrees
// with the float search and the float brute force (solver/exact/internal/
// bruteforce, its own LP and simplex) within the tolerance policy.
func TestAgainstBruteForceAndFloat(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 1))
	for it := range 60 {
		n := 1 + it%7
		fin := bruteforce.Random(rng, n, false)
		in := exactOf(t, fin)
		res, err := Solve(context.Background(), in, Options{NoGuide: it%2 == 0})
		if err != nil {
			t.Fatalf("case %d: %v", it, err)
		}
		name := fin.Jobs[0].ID
		checkResult(t, name, in, res)
		if res.Status != mip.Optimal {
			t.Fatalf("case %d: status %v", it, res.Status)
		}
		if n <= 6 {
			if bf := bruteOPT(t, in); bf.Cmp(res.Objective) != 0 {
				t.Errorf("case %d (n=%d): exact OPT %s, exact brute force %s", it, n, res.Objective.RatString(), bf.RatString())
			}
		}
		obj, _ := res.Objective.Float64()
		fs, err := search.Solve(context.Background(), nil, fin, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !tolerance.Eq(obj, fs.Objective) {
			t.Errorf("case %d: exact %v, float search %v", it, obj, fs.Objective)
		}
		if n <= 5 {
			bf, err := bruteforce.Solve(fin)
			if err == nil && !tolerance.Eq(obj, bf.Value) {
				t.Errorf("case %d: exact %v, float brute force %v", it, obj, bf.Value)
			}
		}
	}
}

// TestBruteForceN7: n = 7 (5040 orders) with small integer sizes: the
// exact OPT equals the exact brute force over all orders. A long sweep
// (MRSCHED_LONG=1, make test-long): TestAgainstBruteForceAndFloat covers
// the exact brute force up to n = 6 and n = 7 against the float one.
func TestBruteForceN7(t *testing.T) {
	testenv.RequireLong(t)
	rng := rand.New(rand.NewPCG(15, 6))
	for it := range 2 {
		var jobs []instances.Job
		for j := range 7 {
			jobs = append(jobs, instances.Job{ID: string(rune('a' + j)), Map: float64(rng.IntN(9)), Shuffle: float64(1 + rng.IntN(9))})
		}
		in := exactOf(t, instances.New(jobs))
		res, err := Solve(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, "n=7", in, res)
		if bf := bruteOPT(t, in); res.Status != mip.Optimal || bf.Cmp(res.Objective) != 0 {
			t.Errorf("case %d: %v %s, exact brute force %s", it, res.Status, res.Objective.RatString(), bf.RatString())
		}
	}
}

// TestDeterministic: the same instance solved twice gives the same order
// and byte-identical schedule files.
func TestDeterministic(t *testing.T) {
	in := exactOf(t, bruteforce.Random(rand.New(rand.NewPCG(15, 7)), 7, false))
	var outs []string
	for range 2 {
		res, err := Solve(context.Background(), in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		b, err := ScheduleJSON(in, res.Schedule)
		if err != nil {
			t.Fatal(err)
		}
		outs = append(outs, string(b))
	}
	if outs[0] != outs[1] {
		t.Error("two runs gave different schedules")
	}
}

// TestSolveOrderAgainstFastLP: the exact fixed-order LP equals fastlp's
// (a float revised simplex certified by its dual) on random orders, n ≤ 12.
func TestSolveOrderAgainstFastLP(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 2))
	var fs fastlp.Solver
	for it := range 80 {
		n := 1 + it%12
		fin := bruteforce.Random(rng, n, false)
		in := exactOf(t, fin)
		order := rng.Perm(n)
		r, err := SolveOrder(context.Background(), in, order)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fs.Value(fin, order)
		if err != nil {
			t.Fatal(err)
		}
		v, _ := r.Value.Float64()
		if !tolerance.Eq(v, want) {
			t.Errorf("case %d: exact LP %v, fastlp %v", it, v, want)
		}
		if r.Total.Cmp(r.Value) > 0 {
			t.Errorf("case %d: verified total %s above LP value %s", it, r.Total.RatString(), r.Value.RatString())
		}
	}
}

// TestBelowFloatResolution: two jobs (M+1, M) and (M, M+1) with
// M = 10^18 round to the same float64 (1e18, 1e18), so a float pipeline
// sees identical jobs, orders them by index and returns the map-heavy job
// first. Exactly, shuffle-heavy first is strictly better (as in the
// two-job example): the exact optimum completes job b first, and the
// difference between the two orders' exact LP values is far below float
// resolution at this magnitude.
func TestBelowFloatResolution(t *testing.T) {
	text := `{"kind":"tandem","jobs":[{"id":"a","map":1000000000000000001,"shuffle":1000000000000000000},` +
		`{"id":"b","map":1000000000000000000,"shuffle":1000000000000000001}]}`
	in, err := rational.ReadJSON(strings.NewReader(text), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	fin, err := instances.ReadJSON(strings.NewReader(text), "x.json")
	if err != nil {
		t.Fatal(err)
	}
	if fin.Jobs[0].Map != fin.Jobs[1].Map || fin.Jobs[0].Shuffle != fin.Jobs[1].Shuffle {
		t.Fatal("the float reader should see identical jobs")
	}
	fs, err := search.Solve(context.Background(), nil, fin, search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := Solve(context.Background(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, "M=1e18", in, res)
	ab, err := SolveOrder(context.Background(), in, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	ba, err := SolveOrder(context.Background(), in, []int{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if got := fs.Plan.Order; len(got) != 2 || got[0] != 0 {
		t.Errorf("float search order %v, expected the index order [0 1] of identical float jobs", got)
	}
	if res.Status != mip.Optimal || res.Order[0] != 1 || res.Objective.Cmp(ba.Value) != 0 {
		t.Errorf("exact: %v order %v objective %s, want optimal order [1 0] with %s", res.Status, res.Order, res.Objective.RatString(), ba.Value.RatString())
	}
	gap := new(big.Rat).Sub(ab.Value, ba.Value)
	if gap.Sign() <= 0 {
		t.Fatalf("order a,b costs %s, b,a %s: want b,a strictly better", ab.Value.RatString(), ba.Value.RatString())
	}
	// The float values of both orders are the same float64.
	fa, _ := ab.Value.Float64()
	fb, _ := ba.Value.Float64()
	if fa != fb {
		t.Errorf("the two orders' values differ in float64 (%v, %v): the instance does not test sub-resolution differences", fa, fb)
	}
	t.Logf("exact OPT %s, other order %s (difference %s)", res.Objective.RatString(), ab.Value.RatString(), gap.RatString())
}

// stepClock returns a clock that advances by 1 ms per read.
func stepClock() func() time.Time {
	t0 := time.Unix(0, 0)
	n := 0
	return func() time.Time {
		n++
		return t0.Add(time.Duration(n) * time.Millisecond)
	}
}

// TestStoppedSearchBound: stopped after every number of clock reads up to
// 300, the answer is a verified schedule and a bound ≤ OPT (the exact
// brute force); "optimal" only when bound = objective = OPT.
func TestStoppedSearchBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	fin := bruteforce.Random(rng, 6, false)
	in := exactOf(t, fin)
	opt := bruteOPT(t, in)
	statuses := map[mip.Status]int{}
	for reads := 1; reads <= 300; reads += 7 {
		res, err := Solve(context.Background(), in, Options{TimeLimit: time.Duration(reads) * time.Millisecond, Clock: stepClock()})
		if err != nil {
			t.Fatalf("%d reads: %v", reads, err)
		}
		checkResult(t, "stopped", in, res)
		statuses[res.Status]++
		if res.LowerBound.Cmp(opt) > 0 {
			t.Errorf("%d reads: bound %s above OPT %s", reads, res.LowerBound.RatString(), opt.RatString())
		}
		if res.Status == mip.Optimal && res.Objective.Cmp(opt) != 0 {
			t.Errorf("%d reads: optimal %s, OPT %s", reads, res.Objective.RatString(), opt.RatString())
		}
	}
	if statuses[mip.TimeLimit] == 0 || statuses[mip.Optimal] == 0 {
		t.Errorf("statuses %v: want both time limit and optimal among the stops", statuses)
	}
}

func TestCancelledContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	in := exactOf(t, bruteforce.Random(rand.New(rand.NewPCG(15, 4)), 6, false))
	res, err := Solve(ctx, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	checkResult(t, "cancelled", in, res)
	if res.Status != mip.Interrupted && res.Status != mip.Optimal {
		t.Errorf("status %v, want interrupted (or optimal if the root bound met the first order)", res.Status)
	}
	if _, err := SolveOrder(ctx, in, []int{0, 1, 2, 3, 4, 5}); !errors.Is(err, ErrStopped) {
		t.Errorf("SolveOrder with a cancelled context: %v, want ErrStopped", err)
	}
}

func TestInputErrors(t *testing.T) {
	two := batchOf(job(t, "a", "1", "2"), job(t, "b", "2", "1"))
	rel := batchOf(job(t, "a", "1", "2"), job(t, "b", "2", "1"))
	rel.Jobs[1].Release = big.NewRat(1, 1)
	var many []rational.Job
	for i := range MaxJobs + 1 {
		many = append(many, job(t, string(rune('a'+i)), "1", "1"))
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"releases", func() error { _, err := Solve(context.Background(), rel, Options{}); return err }()},
		{"too many", func() error { _, err := Solve(context.Background(), batchOf(many...), Options{}); return err }()},
		{"short order", func() error { _, err := SolveOrder(context.Background(), two, []int{0}); return err }()},
		{"repeated order", func() error { _, err := SolveOrder(context.Background(), two, []int{1, 1}); return err }()},
		{"bad seed order", func() error {
			_, err := Solve(context.Background(), two, Options{Orders: [][]int{{0, 0}}})
			return err
		}()},
		{"invalid instance", func() error { _, err := Solve(context.Background(), batchOf(), Options{}); return err }()},
	} {
		if !errors.Is(c.err, ErrInput) {
			t.Errorf("%s: %v, want ErrInput", c.name, c.err)
		}
	}
}

// TestDualBoundIsValid: dual prices of any kind (random, negative, too
// large, NaN) give a bound ≤ the exact LP value of the order (the integer
// evaluation and its rational reference dualBound), and fastlp's prices
// give a bound equal to the LP value within the tolerance policy.
func TestDualBoundIsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 5))
	for it := range 40 {
		n := 1 + it%8
		in := exactOf(t, bruteforce.Random(rng, n, false))
		_, x, y, err := batch(in)
		if err != nil {
			t.Fatal(err)
		}
		order := rng.Perm(n)
		lp, err := SolveOrder(context.Background(), in, order)
		if err != nil {
			t.Fatal(err)
		}
		a, b := make([]float64, n), make([]float64, n)
		for k := range a {
			a[k], b[k] = 3*float64(n)*rng.Float64()-1, 3*float64(n)*rng.Float64()-1
		}
		if it%5 == 0 {
			a[0] = b[0] * 0 / 0.0
		}
		if db := dualBound(x, y, order, a, b); db.Cmp(lp.Value) > 0 {
			t.Errorf("case %d: dual bound %s above LP %s", it, db.RatString(), lp.Value.RatString())
		}
		if ib := newIntSizes(x, y).bound(order, a, b, intervalCosts(n, nil), nil); ib.Cmp(lp.Value) > 0 {
			t.Errorf("case %d: integer dual bound %s above LP %s", it, ib.RatString(), lp.Value.RatString())
		}
		// fastlp's own prices for this order: the bound is valid and
		// tight (the LP value within the tolerance policy).
		fin, _ := in.Float()
		fx, fy := make([]float64, n), make([]float64, n)
		for j := range n {
			fx[j] = fin.Jobs[j].Map / fin.MapCapacity
			fy[j] = fin.Jobs[j].Shuffle / fin.ShuffleCapacity
		}
		var fs fastlp.Solver
		if _, err := fs.ValueNorm(fx, fy, order); err != nil {
			t.Fatal(err)
		}
		pa, pb := fs.Prices()
		ib := newIntSizes(x, y).bound(order, pa, pb, intervalCosts(n, nil), nil)
		iv, _ := ib.Float64()
		lv, _ := lp.Value.Float64()
		if ib.Cmp(lp.Value) > 0 || !tolerance.Eq(iv, lv) {
			t.Errorf("case %d: bound from fastlp's prices %s, LP %s", it, ib.RatString(), lp.Value.RatString())
		}
	}
}

// dualBound is the reference of intSizes.bound in rational arithmetic:
// it returns Σ_p min_{k≤k'≤p} (x_p α_k + y_p β_k') over the
// positions p of order, with α, β the given prices made exactly feasible
// for the dual of the slice LP (package fastlp, doc.go): negative or
// non-finite prices become 0, and a pair with α_k + β_k > w_k = m−k
// (0-based k) is scaled down to α_k + β_k = w_k. By weak duality the sum
// is a lower bound on the LP of order (the jobs of order alone), which
// bounds the completions of those jobs in any schedule completing them
// first, in this order.
func dualBound(x, y []*big.Rat, order []int, alpha, beta []float64) *big.Rat {
	m := len(order)
	if len(alpha) != m || len(beta) != m {
		return nil
	}
	al, be := make([]*big.Rat, m), make([]*big.Rat, m)
	sum := new(big.Rat)
	for k := range m {
		al[k], be[k] = price(alpha[k]), price(beta[k])
		w := big.NewRat(int64(m-k), 1)
		if sum.Add(al[k], be[k]).Cmp(w) > 0 {
			f := new(big.Rat).Quo(w, sum)
			al[k].Mul(al[k], f)
			be[k].Mul(be[k], f)
		}
	}
	total := new(big.Rat)
	v, mina, best := new(big.Rat), new(big.Rat), new(big.Rat)
	for p, j := range order {
		for k := 0; k <= p; k++ {
			v.Mul(x[j], al[k])
			if k == 0 || v.Cmp(mina) < 0 {
				mina.Set(v)
			}
			v.Mul(y[j], be[k])
			v.Add(v, mina)
			if k == 0 || v.Cmp(best) < 0 {
				best.Set(v)
			}
		}
		total.Add(total, best)
	}
	return total
}

// price converts a float price to a rational, non-finite and negative
// values to 0.
func price(v float64) *big.Rat {
	r := new(big.Rat)
	if v > 0 && r.SetFloat64(v) != nil {
		return r
	}
	return new(big.Rat)
}

// TestNodeLimit: Options.NodeLimit stops the search after that many nodes
// with status "node limit" (never "time limit"); the answer still verifies,
// its bound is ≤ OPT (the exact brute force over all orders), and two runs
// with the same budget give the same objective, bound, order and node
// count (a budget, unlike a time limit, does not depend on the machine).
func TestNodeLimit(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 9))
	statuses := map[mip.Status]int{}
	for it := range 6 {
		in := exactOf(t, bruteforce.Random(rng, 6, false))
		opt := bruteOPT(t, in)
		for _, limit := range []int64{1, 2, 5, 20, 1 << 40} {
			var runs [2]*Result
			for k := range runs {
				res, err := Solve(context.Background(), in, Options{NodeLimit: limit, NoGuide: true})
				if err != nil {
					t.Fatalf("case %d limit %d: %v", it, limit, err)
				}
				checkResult(t, "node limit", in, res)
				runs[k] = res
			}
			a, b := runs[0], runs[1]
			statuses[a.Status]++
			switch {
			case a.Stats.Nodes > limit:
				t.Errorf("case %d limit %d: %d nodes", it, limit, a.Stats.Nodes)
			case a.Status != mip.Optimal && a.Status != mip.NodeLimit:
				t.Errorf("case %d limit %d: status %v, want optimal or node limit", it, limit, a.Status)
			case a.LowerBound.Cmp(opt) > 0 || (a.Status == mip.Optimal && a.Objective.Cmp(opt) != 0):
				t.Errorf("case %d limit %d: %v, bound %s, objective %s, OPT %s", it, limit, a.Status,
					a.LowerBound.RatString(), a.Objective.RatString(), opt.RatString())
			case limit == 1<<40 && a.Status != mip.Optimal:
				t.Errorf("case %d: status %v without a binding budget", it, a.Status)
			}
			if a.Status != b.Status || a.Objective.Cmp(b.Objective) != 0 || a.LowerBound.Cmp(b.LowerBound) != 0 ||
				a.Stats.Nodes != b.Stats.Nodes || !slices.Equal(a.Order, b.Order) {
				t.Errorf("case %d limit %d: two runs differ", it, limit)
			}
		}
	}
	if statuses[mip.NodeLimit] == 0 || statuses[mip.Optimal] == 0 {
		t.Errorf("statuses %v: want both node limit and optimal", statuses)
	}
}

// TestCheckRejects: Check accepts a solved answer and rejects each
// invariant broken on a copy of it (so checkResult, which every test here
// calls, can fail).
func TestCheckRejects(t *testing.T) {
	in := batchOf(job(t, "J1", "1", "2"), job(t, "J2", "3", "1"), job(t, "J3", "2", "2"))
	res, err := Solve(context.Background(), in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := Check(in, res); err != nil {
		t.Fatalf("solved answer rejected: %v", err)
	}
	one := big.NewRat(1, 1)
	for _, c := range []struct {
		name   string
		mutate func(r *Result)
	}{
		{"objective off the verified total", func(r *Result) { r.Objective = new(big.Rat).Add(r.Objective, one) }},
		{"bound above the objective", func(r *Result) { r.LowerBound = new(big.Rat).Add(r.Objective, one) }},
		{"optimal with a lower bound", func(r *Result) { r.LowerBound = new(big.Rat).Sub(r.Objective, one) }},
		{"not optimal at an equal bound", func(r *Result) { r.Status = mip.TimeLimit }},
		{"no schedule", func(r *Result) { r.Schedule = nil }},
	} {
		r := *res
		c.mutate(&r)
		if err := Check(in, &r); !errors.Is(err, ErrCheck) {
			t.Errorf("%s: Check = %v, want ErrCheck", c.name, err)
		}
	}
}
