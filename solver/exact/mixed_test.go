package exact

import (
	"context"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/orderls"
	"github.com/mrsched/mrsched/validate"
)

// TestMixedAndLocalAgainstOPT: on 1,000 random instances (bruteforce.Random:
// ties, zero sizes, extreme ratios, unequal capacities, with and without
// releases) the mixed counting bound is ≤ OPT and ≥ Counting,
// CountingStandalone and PrefixBatch (it takes their maximum and more, see
// bounds.Mixed), and the list schedule of the local search passes the
// validator with an objective ≥ OPT. OPT comes from the brute force
// (every order and interleaving, its own simplex) for n ≤ 4, and from the
// branch-and-bound search (package search, proven optimal: status checked;
// itself tested against the brute force) for 5 to 8 jobs (releases: up to 6).
func TestMixedAndLocalAgainstOPT(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2026, 12))
	trials := 1000
	if testing.Short() {
		trials = 200
	}
	for trial := range trials {
		rel := trial%3 == 2
		var n int
		switch {
		case rel:
			n = 1 + rng.IntN(6)
		case trial%3 == 1:
			n = 7 + rng.IntN(2)
		default:
			n = 1 + rng.IntN(6)
		}
		in := bruteforce.Random(rng, n, rel)
		opt := optimum(t, ctx, trial, in, n <= 4)
		mixed := bounds.Mixed(in)
		if !le(mixed, opt) {
			t.Errorf("trial %d (n=%d, releases %v): mixed bound %v > OPT %v", trial, n, rel, mixed, opt)
		}
		others := map[string]float64{"counting": bounds.Counting(in), "standalone": bounds.CountingStandalone(in)}
		if pb, err := bounds.PrefixBatch(in); err == nil {
			others["prefix"] = pb
		}
		for name, v := range others {
			if !le(v, mixed) {
				t.Errorf("trial %d: %s bound %v > mixed %v", trial, name, v, mixed)
			}
		}
		r, err := orderls.Solve(ctx, in, orderls.Options{Iterations: 20, Seed: uint64(trial)})
		if err != nil {
			t.Fatal(err)
		}
		vr, err := validate.Check(in, r.Schedule)
		if err != nil {
			t.Fatalf("trial %d: list schedule: %v", trial, err)
		}
		if !le(opt, vr.TotalResponse) {
			t.Errorf("trial %d: list schedule %v < OPT %v", trial, vr.TotalResponse, opt)
		}
	}
}

// TestWeightedAndDAGBounds: with unit weights and no dependencies the
// weighted bound is at most the mixed bound (each α's WSPT sum is the sum
// over ranks of that α's SRPT completions, which Mixed maximises rank by
// rank) and so at most OPT (brute force, n ≤ 4); on 600 random instances
// with random dependencies and weights from 0.1 to 10, every bound Solve
// uses is at most the weighted objective of the answer's validated
// schedule, and the answer's schedule passes the validator (which checks
// precedence). OPT with weights and dependencies has no independent oracle
// in this package; the exact methods' tests compare with one.
func TestWeightedAndDAGBounds(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(34, 1))
	trials := 200 // 400 under MRSCHED_LONG=1 (make test-long), the first 200 the same
	if testenv.Long() {
		trials = 400
	}
	for trial := range trials {
		rel := trial%2 == 1
		n := 1 + rng.IntN(4)
		in := bruteforce.Random(rng, n, rel)
		if trial%3 == 0 {
			bf, err := bruteforce.Solve(in)
			if err != nil {
				t.Fatal(err)
			}
			if w, m := bounds.Weighted(in), bounds.Mixed(in); !le(w, m) || !le(m, bf.Value) {
				t.Errorf("trial %d: weighted %v, mixed %v, OPT %v: want weighted ≤ mixed ≤ OPT", trial, w, m, bf.Value)
			}
			continue
		}
		n = 2 + rng.IntN(12)
		in = bruteforce.Random(rng, n, rel)
		// The weighted instances' bounds: weighted_wspt, critical_path and
		// the search's subset bound, weighted for them (package search).
		for j := 1; j < n; j++ {
			if rng.IntN(2) == 0 {
				in.Jobs[j].After = []int{rng.IntN(j)}
			}
			if rng.IntN(2) == 0 {
				in.Jobs[j].Weight = 0.1 + 9.9*rng.Float64()
			}
		}
		a, err := Solve(ctx, nil, in, Options{Method: "local", TimeLimit: 0})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		vr, err := validate.Check(in, a.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		for _, b := range a.Bounds {
			if !le(b.Value, vr.WeightedResponse) {
				t.Errorf("trial %d: %s bound %v > weighted objective %v", trial, b.Source, b.Value, vr.WeightedResponse)
			}
		}
		if in.HasWeights() && a.BoundSource != mip.SourceWeighted && a.BoundSource != mip.SourceCriticalPath && a.BoundSource != mip.SourceSubset && a.BoundSource != mip.SourcePrecedence {
			t.Errorf("trial %d: weighted instance bounded by %s", trial, a.BoundSource)
		}
	}
}

// TestLargePathMemoryLinear: the answer for a large batch (local search,
// the mixed bound, the fluid fallbacks that run at that size, validation)
// allocates linearly in n: eight times the jobs allocate at most sixteen
// times the bytes (an O(n²) step, such as a processor-sharing schedule of
// every job in every segment, would allocate sixty-four times). The time
// limit only ends the kicks, which allocate nothing per move.
func TestLargePathMemoryLinear(t *testing.T) {
	alloc := func(n int) uint64 {
		in, err := instances.PaperLogNormal(n, 0.9, true).Generate(rand.NewPCG(5, 5))
		if err != nil {
			t.Fatal(err)
		}
		var a, b runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&a)
		if _, err := Solve(context.Background(), nil, in, Options{TimeLimit: time.Second}); err != nil {
			t.Fatal(err)
		}
		runtime.ReadMemStats(&b)
		return b.TotalAlloc - a.TotalAlloc
	}
	small, large := alloc(2000), alloc(16000)
	t.Logf("allocated %d and %d bytes", small, large)
	if large > 16*small {
		t.Errorf("allocations: %d bytes at n = 2,000, %d at n = 16,000 (more than linear)", small, large)
	}
}
