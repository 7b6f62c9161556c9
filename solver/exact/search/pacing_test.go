package search

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
)

// pacingSearcher is a searcher of the batch in with its subset tables and
// the pacing tables of family (1: the last anchor, 2: the last two; all
// orders explored, identical jobs by index).
func pacingSearcher(t *testing.T, in *instances.Instance, family int) *searcher {
	t.Helper()
	s := batchSearcher(in, true, false)
	s.ctx, s.opt.pacingFamily = context.Background(), family
	s.pace = s.buildPacing()
	if s.pace != nil {
		s.pgs = make([][]float64, s.n+1)
		for d := range s.pgs {
			s.pgs[d] = make([]float64, len(s.pace.d))
		}
	}
	return s
}

// The pacing bound below every prefix of every order never exceeds the
// optimum of that order's fixed-order LP (the brute-force LP of every
// order, an independent dense simplex), on random batches of 2–5 jobs with
// ties, zero sizes, extreme ratios and capacities, for both families, with
// the prefix's chain bound as the prefix part where it is larger. It must
// also exceed the chain bound plus the pair tail on some prefixes, or the
// check would not test it.
func TestPacingValid(t *testing.T) {
	for family := 1; family <= 2; family++ {
		rng := rand.New(rand.NewPCG(41, 7))
		checked, stronger, tabulated := 0, 0, 0
		for trial := 0; trial < 400; trial++ {
			n := 2 + rng.IntN(4)
			in := bruteforce.Random(rng, n, false)
			s := pacingSearcher(t, in, family)
			if s.pace == nil {
				continue
			}
			tabulated++
			bruteforce.Permutations(n, func(order []int) {
				if !explored(s, order) {
					return // identical jobs out of index order
				}
				lp, err := bruteforce.BatchValue(in, order)
				if err != nil {
					return // the oracle's dense simplex gave up
				}
				checked++
				X, Y := 0.0, 0.0
				for d := 0; d < n; d++ {
					mask := prefixMask(order[:d])
					if d > 0 {
						X, Y = X+s.x[order[d-1]], Y+s.y[order[d-1]]
						s.pacingStep(s.pgs[d], s.pgs[d-1], mask, X, Y)
					}
					prefix := chainBound(s.x, s.y, order[:d])
					b := s.pacingBound(s.pgs[d], mask, prefix)
					if b > lp*(1+oracleRel)+oracleRel {
						t.Fatalf("family %d, trial %d (%+v), order %v, prefix %d: pacing bound %v > LP %v", family, trial, in.Jobs, order, d, b, lp)
					}
					if old := prefix + s.pairTail(mask, X, Y); b > old*(1+1e-9)+1e-9 {
						stronger++
					}
				}
			})
		}
		if checked < 1000 || stronger < 50 || tabulated < 100 {
			t.Fatalf("family %d: %d orders checked on %d instances with pacing tables, the pacing bound stronger than the pair tail on %d prefixes", family, checked, tabulated, stronger)
		}
		t.Logf("family %d: %d orders checked; pacing bound above the chain and pair tail on %d prefixes", family, checked, stronger)
	}
}

// The pacing root bound never exceeds the optimum on 1,000 random batches
// of 2–8 jobs (ties, zero sizes, extreme ratios and capacities); the
// optimum is the search's with the pacing bound off, and the search with
// it finds the same optimum.
func TestPacingRootBelowOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(43, 9))
	above := 0
	for trial := 0; trial < 1000; trial++ {
		in := bruteforce.Random(rng, 2+rng.IntN(7), false)
		off, err := Solve(context.Background(), nil, in, Options{NoPacing: true})
		if err != nil {
			t.Fatal(err)
		}
		on, err := Solve(context.Background(), nil, in, Options{})
		if err != nil {
			t.Fatal(err)
		}
		if off.Status != mip.Optimal || on.Status != mip.Optimal {
			t.Fatalf("trial %d: status %v / %v", trial, off.Status, on.Status)
		}
		if on.RootBound > off.Objective*(1+1e-9)+1e-9 {
			t.Fatalf("trial %d (%+v): root bound %v > optimum %v", trial, in.Jobs, on.RootBound, off.Objective)
		}
		if math.Abs(on.Objective-off.Objective) > 1e-7*max(1, off.Objective) {
			t.Fatalf("trial %d: optimum %v with the pacing bound, %v without", trial, on.Objective, off.Objective)
		}
		if on.RootBound > off.RootBound*(1+1e-9)+1e-9 {
			above++
		}
	}
	if above < 20 {
		t.Fatalf("the pacing bound raised the root bound on %d of 1,000 batches", above)
	}
	t.Logf("root bound raised on %d of 1,000 batches", above)
}

// Jobs (5, 0) then (1, 10): the pacing bound proves the optimum 50/9 + 10
// (TestPairTailRoot) at the root without the pair tail, up to the width of
// its last interval of s. (The optimum: the map of (1, 10) runs beside
// (5, 0) so that its shuffle starts early.)
func TestPacingRootHand(t *testing.T) {
	in := instances.New([]instances.Job{{ID: "a", Map: 5, Shuffle: 0}, {ID: "b", Map: 1, Shuffle: 10}})
	on, err := Solve(context.Background(), nil, in, Options{NoPairTail: true, NoWindowTail: true})
	if err != nil {
		t.Fatal(err)
	}
	off, err := Solve(context.Background(), nil, in, Options{NoPairTail: true, NoWindowTail: true, NoPacing: true})
	if err != nil {
		t.Fatal(err)
	}
	opt := 50.0/9 + 10
	if off.RootBound != 15 || on.RootBound <= 15.5 || on.RootBound > opt*(1+1e-12) {
		t.Errorf("root %v with the pacing bound, %v without; optimum %v", on.RootBound, off.RootBound, opt)
	}
}

// The pacing bound raises the root bound and removes nodes without changing
// the optimum: log-normal batches of `gen lognormal --batch` with 14 jobs,
// seeds 2 and 5 (measured: nodes 171 192 → 1 053 and 10 175 → 847, root
// 39.2113 → 39.6267 and 27.0424 → 27.2694), searched to optimality with
// and without it.
func TestPacingPrunes(t *testing.T) {
	for _, seed := range []uint64{2, 5} {
		prunes(t, 14, seed, Options{}, Options{NoPacing: true})
	}
}
