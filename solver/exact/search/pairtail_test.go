package search

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/instances/taillard"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tolerance"
	"github.com/mrsched/mrsched/validate"
	"gonum.org/v1/gonum/floats/scalar"
)

// batchSearcher returns a searcher with the tables of a batch search
// (h and, unless noPair, the pair tail) and the precedence masks of the
// dominance rule (noDominance: identical jobs only).
func batchSearcher(in *instances.Instance, noDominance, noPair bool) *searcher {
	s := &searcher{in: in, n: in.N(), preds: searchPreds(in, noDominance), opt: Options{NoPairTail: noPair}}
	s.x, s.y = make([]float64, s.n), make([]float64, s.n)
	for j, jb := range in.Jobs {
		s.x[j], s.y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
	}
	s.prepareBatch()
	return s
}

// explored reports whether the search explores order: every job after the
// jobs that precede it by the searcher's rule.
func explored(s *searcher, order []int) bool {
	for d, j := range order {
		if s.preds[j]&^prefixMask(order[:d]) != 0 {
			return false
		}
	}
	return true
}

// The node bound of the search — the chain bound of a prefix plus the pair
// tail of its set — never exceeds the optimum of the fixed-order LP of any
// order starting with that prefix (the brute-force LP of every order, an
// independent simplex), on random batches with ties, zero sizes, extreme
// ratios and capacities; and the pair tail is at least the subset bound h.
// Orders are all n! (identical jobs by index only: the dominance rule
// restricts the orders, not the bound of a given order).
func TestPairTailValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 8))
	checked := 0
	for trial := 0; trial < 120; trial++ {
		n := 2 + rng.IntN(4)
		in := bruteforce.Random(rng, n, false)
		s := batchSearcher(in, true, false)
		bruteforce.Permutations(n, func(order []int) {
			if !explored(s, order) {
				return // identical jobs out of index order
			}
			lp, err := bruteforce.BatchValue(in, order)
			if err != nil {
				return // the oracle's dense simplex gave up (counted below)
			}
			checked++
			X, Y := 0.0, 0.0
			for d := 0; d <= n; d++ {
				mask := prefixMask(order[:d])
				tail := s.pairTail(mask, X, Y)
				if tail < s.tab.h[s.tab.at(mask)]*(1-1e-12)-1e-12 {
					t.Fatalf("trial %d: pair tail %v < h %v", trial, tail, s.tab.h[s.tab.at(mask)])
				}
				if b := chainBound(s.x, s.y, order[:d]) + tail; b > lp*(1+1e-9)+1e-9 {
					t.Fatalf("trial %d (%+v), order %v, prefix %d: bound %v > LP %v", trial, in.Jobs, order, d, b, lp)
				}
				if d < n {
					X, Y = X+s.x[order[d]], Y+s.y[order[d]]
				}
			}
		})
	}
	// 120 instances of 2–5 jobs: a few hundred orders at least.
	if checked < 500 {
		t.Fatalf("only %d orders checked", checked)
	}
}

func prefixMask(p []int) uint64 {
	var m uint64
	for _, j := range p {
		m |= 1 << j
	}
	return m
}

// Jobs (5,0) and (1,10): h(∅) = 15 (order (5,0) first: 5 + 10), while the
// pair cost of that order is 50/9 + 10 = 15.556, the order's LP (chain.go,
// TestChainBoundValid), and the other order costs at least 10 + 10. So the
// pair tail raises the root bound to OPT and the search proves it at the
// root; without the pair tail (and the pacing bound, which also proves
// it) the root bound stays 15.
func TestPairTailRoot(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 5, Shuffle: 0}, {ID: "b", Map: 1, Shuffle: 10}})
	for _, c := range []struct {
		noPair bool
		want   float64
	}{{false, 50.0/9 + 10}, {true, 15}} {
		res, err := Solve(context.Background(), nil, in, Options{NoPairTail: c.noPair, NoPacing: true})
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(res.RootBound-c.want) > 1e-9 || res.Status != mip.Optimal || math.Abs(res.Objective-(50.0/9+10)) > 1e-9 {
			t.Errorf("NoPairTail %v: root %v, want %v (status %v, objective %v)", c.noPair, res.RootBound, c.want, res.Status, res.Objective)
		}
	}
}

// The pair tail removes nodes without changing the optimum: log-normal
// batches of `gen lognormal --batch` (n = 12, seeds 2 and 6), searched to
// optimality with and without it (the pacing bound off in both).
func TestPairTailPrunes(t *testing.T) {
	for _, seed := range []uint64{2, 6} {
		prunes(t, 12, seed, Options{NoPacing: true}, Options{NoPacing: true, NoPairTail: true})
	}
}

// prunes searches the log-normal batch of `gen lognormal --batch` with n
// jobs and seed to optimality with Options{} and with off (a bound turned
// off), and fails unless both prove the same optimum and the full search
// has the higher root bound and fewer nodes.
func prunes(t *testing.T, n int, seed uint64, on, off Options) {
	t.Helper()
	in, err := instances.PaperLogNormal(n, 0.75, true).Generate(rand.NewPCG(seed, uint64(n)))
	if err != nil {
		t.Fatal(err)
	}
	with, err := Solve(context.Background(), nil, in, on)
	if err != nil {
		t.Fatal(err)
	}
	without, err := Solve(context.Background(), nil, in, off)
	if err != nil {
		t.Fatal(err)
	}
	if with.Status != mip.Optimal || without.Status != mip.Optimal || !scalar.EqualWithinAbsOrRel(with.Objective, without.Objective, tolerance.Engine, tolerance.Engine) {
		t.Fatalf("seed %d: %v %v vs %v %v", seed, with.Status, with.Objective, without.Status, without.Objective)
	}
	if with.Stats.Nodes >= without.Stats.Nodes || with.RootBound <= without.RootBound {
		t.Errorf("seed %d: nodes %d (root %v) with the bound, %d (root %v) without", seed, with.Stats.Nodes, with.RootBound, without.Stats.Nodes, without.RootBound)
	}
	t.Logf("seed %d: nodes %d → %d, root %v → %v", seed, without.Stats.Nodes, with.Stats.Nodes, without.RootBound, with.RootBound)
}

// The tables over the closed sets alone (used beyond MaxDPJobs jobs) equal
// the dense tables over all 2^n sets on every closed set, and there are
// fewer of them (log-normal batches, n = 10, and random batches with ties).
func TestSparseTablesEqualDense(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 55))
	var ins []*instances.Instance
	for seed := uint64(1); seed <= 3; seed++ {
		in, err := instances.PaperLogNormal(10, 0.75, true).Generate(rand.NewPCG(seed, 10))
		if err != nil {
			t.Fatal(err)
		}
		ins = append(ins, in)
	}
	for k := 0; k < 20; k++ {
		ins = append(ins, bruteforce.Random(rng, 2+rng.IntN(7), false))
	}
	for k, in := range ins {
		s := batchSearcher(in, false, false)
		dense, sparse := s.buildTables(true), s.buildTables(false)
		if len(sparse.X) > len(dense.X) {
			t.Fatalf("instance %d: %d sparse sets, %d dense", k, len(sparse.X), len(dense.X))
		}
		for S := range sparse.index {
			i, d := sparse.at(S), dense.at(S)
			if sparse.h[i] != dense.h[d] || sparse.T[i] != dense.T[d] || sparse.Tp[i] != dense.Tp[d] {
				t.Fatalf("instance %d, set %b: sparse h %v T %v T' %v, dense %v %v %v", k, S, sparse.h[i], sparse.T[i], sparse.Tp[i], dense.h[d], dense.T[d], dense.Tp[d])
			}
		}
		if !s.closed(0) || len(sparse.index) == 0 {
			t.Fatalf("instance %d: no sets", k)
		}
	}
}

// Beyond MaxDPJobs the search uses the tables over the closed sets: on a
// log-normal batch of 26 jobs (seed 1: 41 885 closed sets of 2^26) the root
// bound is the pair tail of the sparse tables, above the sorted-sizes bound
// the search fell back to before, and a node-limited search returns a
// validated schedule with a bound no larger than its objective.
func TestLargeBatchTables(t *testing.T) {
	in, err := instances.PaperLogNormal(26, 0.75, true).Generate(rand.NewPCG(1, 26))
	if err != nil {
		t.Fatal(err)
	}
	s := batchSearcher(in, false, false)
	if s.tab == nil || s.tab.index == nil {
		t.Fatal("no sparse tables at n = 26")
	}
	fallback := s.tailBound(0, 0, 0)
	s.tab = nil
	old := s.tailBound(0, 0, 0)
	res, err := Solve(context.Background(), nil, in, Options{NodeLimit: 3000})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := validate.Check(in, res.Schedule); err != nil {
		t.Fatal(err)
	}
	if res.RootBound <= old || res.RootBound < fallback || res.LowerBound > res.Objective {
		t.Errorf("root %v (h %v, sorted sizes %v), lower bound %v, objective %v", res.RootBound, fallback, old, res.LowerBound, res.Objective)
	}
	t.Logf("root %v, h %v, sorted-sizes bound %v, %v %v gap %.3g", res.RootBound, fallback, old, res.Status, res.Objective, res.Gap)
}

// The search reads the clock at least once per clockEvery bound LPs, so a
// time limit is never overrun by more than that many LPs. Regression: it
// read the clock once per 256 nodes, and with the pair tail a node's
// children cost about 11 prefix LPs on Taillard 20 jobs (ta002 ran past the
// 250 ms the command keeps after the limit on a loaded machine, and its
// answer was dropped for the fallback heuristics). Taillard ta001 with 16
// jobs (machines 1 and 2), searched to optimality with a clock that never
// expires.
func TestClockReadsPerLP(t *testing.T) {
	ti, _ := taillard.Generate(16, 2, taillard.Seeds20x5[0])
	in, _ := ti.ToTandem()
	reads := int64(0)
	clock := func() time.Time { reads++; return time.Unix(0, 0) }
	res, err := Solve(context.Background(), nil, in, Options{Clock: clock, TimeLimit: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	work := res.Stats.PrefixLPs + res.Stats.Nodes
	if res.Status != mip.Optimal || work < 100 || reads*clockEvery < work {
		t.Fatalf("%v after %d nodes and %d prefix LPs with %d clock reads", res.Status, res.Stats.Nodes, res.Stats.PrefixLPs, reads)
	}
	t.Logf("%d nodes, %d prefix LPs, %d clock reads", res.Stats.Nodes, res.Stats.PrefixLPs, reads)
}

// The tables over closed sets give up when they have used tableShare of
// the time limit, and the search goes on with the sorted-sizes tail bound
// (regression: on Taillard's 50-job ta040 they took 84 s of a 60 s limit on
// a loaded machine). The injected clock advances an hour per read, so the
// first check after the start is past a tenth of the 5-hour limit; the
// node limit ends the search.
func TestTablesGiveUpInTime(t *testing.T) {
	in, err := instances.PaperLogNormal(26, 0.75, true).Generate(rand.NewPCG(1, 26))
	if err != nil {
		t.Fatal(err)
	}
	s := batchSearcher(in, false, true)
	s.tab = nil
	fallback := s.tailBound(0, 0, 0)
	now := time.Unix(0, 0)
	clock := func() time.Time { now = now.Add(time.Hour); return now }
	res, err := Solve(context.Background(), nil, in, Options{Clock: clock, TimeLimit: 5 * time.Hour, NodeLimit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if res.RootBound != fallback {
		t.Errorf("root bound %v, want the sorted-sizes bound %v (tables given up)", res.RootBound, fallback)
	}
	if _, err := validate.Check(in, res.Schedule); err != nil || res.LowerBound > res.Objective {
		t.Fatalf("schedule: %v, bound %v, objective %v", err, res.LowerBound, res.Objective)
	}
}
