package search

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

// stepClock returns a clock that advances by one millisecond per read, so a
// time limit of k ms stops the search after about k clock reads whatever
// the machine's speed.
func stepClock() func() time.Time {
	t := time.Unix(1_700_000_000, 0)
	return func() time.Time {
		t = t.Add(time.Millisecond)
		return t
	}
}

// lnBatch is `mrsched gen lognormal --n N --batch --seed SEED`.
func lnBatch(t *testing.T, n int, seed uint64) *instances.Instance {
	t.Helper()
	in, err := instances.PaperLogNormal(n, 0.75, true).Generate(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// A search whose deadline has already passed has proved only the
// root bound; it used to report the incumbent 26.11684… as its lower bound
// (status optimal through the CLI) although the optimum is 26.11456….
func TestExpiredDeadlineProvesOnlyRootBound(t *testing.T) {
	eng := engine(t)
	in := lnBatch(t, 6, 1)
	// 26.11456…: the unlimited search on the same instance,
	// checked against brute force below.
	bf, err := bruteforce.Solve(in)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	res, err := Solve(ctx, eng, in, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status == mip.Optimal {
		t.Errorf("status optimal after an expired deadline")
	}
	if res.LowerBound > bf.Value*(1+1e-9) {
		t.Errorf("lower bound %v above OPT %v (brute force)", res.LowerBound, bf.Value)
	}
	if res.LowerBound != res.RootBound {
		t.Errorf("lower bound %v, want the root bound %v (nothing explored)", res.LowerBound, res.RootBound)
	}
	if res.Objective <= bf.Value*(1+1e-6) {
		t.Fatalf("the heuristics already found OPT (%v): the instance no longer tests a stopped search's bound", res.Objective)
	}
	// The same through the injected clock (time limit 1 ns).
	res, err = Solve(context.Background(), eng, in, Options{TimeLimit: time.Nanosecond, Clock: stepClock()})
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != mip.TimeLimit || res.LowerBound != res.RootBound {
		t.Errorf("1 ns: status %v lower bound %v, want time limit and root bound %v", res.Status, res.LowerBound, res.RootBound)
	}
}

// Stopping the search after every possible number of clock reads never
// yields a lower bound above the optimum (brute force), and "optimal" only
// with the optimum; batches and release dates. 8 instances, 16 under
// MRSCHED_LONG=1 (make test-long); the first 8 are the same in both runs
// (one seeded stream).
func TestStoppedSearchBoundIsProved(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(12, 12))
	cases := 0
	trials := 8
	if testenv.Long() {
		trials = 16
	}
	for trial := 0; trial < trials; trial++ {
		rel := trial%4 == 3
		n := 5 + rng.IntN(3)
		if rel {
			n = 3 + rng.IntN(2)
		}
		in := bruteforce.Random(rng, n, rel)
		if trial == 0 {
			in = lnBatch(t, 7, 1)
		}
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for k := 1; k <= 30; k += 1 + k/8 {
			res, err := Solve(context.Background(), eng, in, Options{TimeLimit: time.Duration(k) * time.Millisecond, Clock: stepClock()})
			if err != nil {
				t.Fatalf("trial %d k %d: %v", trial, k, err)
			}
			if res.LowerBound > bf.Value*(1+1e-7)+1e-7 {
				t.Errorf("trial %d (%+v) k %d: %v lower bound %v above OPT %v", trial, in.Jobs, k, res.Status, res.LowerBound, bf.Value)
			}
			if res.Status == mip.Optimal && !scalar.EqualWithinAbsOrRel(res.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
				t.Errorf("trial %d k %d: optimal %v, brute force %v", trial, k, res.Objective, bf.Value)
			}
			if res.Status != mip.Optimal && res.LowerBound < res.Objective*(1-1e-6) {
				cases++
			}
			if _, err := validate.Check(in, res.Schedule); err != nil {
				t.Fatalf("trial %d k %d: %v", trial, k, err)
			}
		}
	}
	// The sweep must include searches stopped with an open gap, or it
	// tests nothing.
	if cases == 0 {
		t.Fatal("no stopped search with an open gap")
	}
	t.Logf("%d stopped searches with an open gap", cases)
}

// Options.NodeLimit stops the search after a fixed number of nodes: the
// status says "node limit" (not "time limit"), the lower bound is still
// proved (brute force over all orders is the oracle), and the same budget
// gives the same incumbent on every run, as the exact rational mode's
// guide needs (ratsearch.DefaultGuideNodes). 4 instances, 8 under make
// test-long.
func TestNodeLimit(t *testing.T) {
	eng := engine(t)
	rng := rand.New(rand.NewPCG(12, 12))
	limited := 0
	trials := 4 // 8 under MRSCHED_LONG=1 (make test-long), the first 4 the same
	if testenv.Long() {
		trials = 8
	}
	for trial := 0; trial < trials; trial++ {
		in := bruteforce.Random(rng, 5+rng.IntN(3), false)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, limit := range []int64{1, 3, 10, 1 << 40} {
			a, err := Solve(context.Background(), eng, in, Options{NodeLimit: limit})
			if err != nil {
				t.Fatalf("trial %d limit %d: %v", trial, limit, err)
			}
			b, err := Solve(context.Background(), eng, in, Options{NodeLimit: limit})
			if err != nil {
				t.Fatal(err)
			}
			if a.Objective != b.Objective || a.Stats.Nodes != b.Stats.Nodes {
				t.Errorf("trial %d limit %d: runs differ: %v/%d nodes against %v/%d", trial, limit, a.Objective, a.Stats.Nodes, b.Objective, b.Stats.Nodes)
			}
			switch a.Status {
			case mip.NodeLimit:
				limited++
				if a.Stats.Nodes > limit {
					t.Errorf("trial %d limit %d: %d nodes", trial, limit, a.Stats.Nodes)
				}
			case mip.Optimal:
				if !scalar.EqualWithinAbsOrRel(a.Objective, bf.Value, tolerance.Engine, tolerance.Engine) {
					t.Errorf("trial %d limit %d: optimal %v, brute force %v", trial, limit, a.Objective, bf.Value)
				}
			default:
				t.Errorf("trial %d limit %d: status %v", trial, limit, a.Status)
			}
			if a.LowerBound > bf.Value*(1+1e-7)+1e-7 {
				t.Errorf("trial %d limit %d: lower bound %v above OPT %v", trial, limit, a.LowerBound, bf.Value)
			}
		}
	}
	if limited == 0 {
		t.Fatal("no search was stopped by its node limit: the test checks nothing")
	}
	t.Logf("%d searches stopped by the node limit", limited)
}
