package exact

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
)

// TestRankAgainstOPT: on 1,000 random batches of 1 to 8 jobs
// (bruteforce.Random: ties, zero sizes, extreme ratios, unequal
// capacities; a third with random dependencies) the rank bound is ≤ OPT
// and ≥ Mixed. OPT comes from the brute force (every order, its own
// simplex) for n ≤ 4 and from the branch-and-bound search (proven optimal:
// status checked; itself tested against the brute force) for 5 to 8 jobs.
func TestRankAgainstOPT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 31))
	trials := 1000
	if testing.Short() {
		trials = 200
	}
	gains := 0
	for trial := range trials {
		n := 1 + rng.IntN(8)
		in := bruteforce.Random(rng, n, false)
		if trial%3 == 2 {
			for j := 1; j < n; j++ {
				if rng.IntN(2) == 0 {
					in.Jobs[j].After = []int{rng.IntN(j)}
				}
			}
		}
		opt := optimum(t, ctx, trial, in, n <= 4 && !in.HasDependencies())
		rr, err := bounds.RankBatch(ctx, in, bounds.RankOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !le(rr.Value, opt) {
			t.Errorf("trial %d (n=%d, dependencies %v): rank bound %v > OPT %v", trial, n, in.HasDependencies(), rr.Value, opt)
		}
		if mixed := bounds.Mixed(in); !le(mixed, rr.Value) {
			t.Errorf("trial %d: mixed %v > rank bound %v", trial, mixed, rr.Value)
		} else if rr.Value > mixed*(1+1e-6) {
			gains++
		}
	}
	// The bound must be stronger than Mixed somewhere, or the test
	// would pass with RankBatch returning Mixed.
	if gains == 0 {
		t.Errorf("the rank bound never exceeds Mixed in %d trials", trials)
	}
	t.Logf("rank bound above Mixed by more than 1e-6 in %d of %d trials", gains, trials)
}

// TestLocalRankBound: the local method on a batch reports the rank bound
// and, when its nesting stage raises it, the nested bound, whose values are
// bounds.RankBatch's (no time limit: every pass and iteration runs, so the
// values do not depend on speed), and at least Mixed.
func TestLocalRankBound(t *testing.T) {
	in, err := instances.PaperLogNormal(15, 0.9, true).Generate(rand.NewPCG(3, 77))
	if err != nil {
		t.Fatal(err)
	}
	a, err := Solve(context.Background(), nil, in, Options{Method: "local"})
	if err != nil {
		t.Fatal(err)
	}
	// Expected: the library call with the same options.
	want, err := bounds.RankBatch(context.Background(), in, bounds.RankOptions{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, b := range a.Bounds {
		switch b.Source {
		case mip.SourceRank:
			found = true
			if b.Value != want.Ranks {
				t.Errorf("rank bound %v, want %v", b.Value, want.Ranks)
			}
		case mip.SourceRankNested:
			if b.Value != want.Nested || !(want.Nested > want.Ranks) {
				t.Errorf("nested rank bound %v, want %v (above %v)", b.Value, want.Nested, want.Ranks)
			}
		}
	}
	if !found {
		t.Fatalf("no %s bound in %v", mip.SourceRank, a.Bounds)
	}
	if a.LowerBound < bounds.Mixed(in) {
		t.Errorf("lower bound %v below mixed %v", a.LowerBound, bounds.Mixed(in))
	}
}
