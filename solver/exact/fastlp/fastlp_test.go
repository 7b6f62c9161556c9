package fastlp

import (
	"context"
	"errors"
	"github.com/mrsched/mrsched/tolerance"
	"gonum.org/v1/gonum/floats/scalar"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/validate"
)

func checkSchedule(t *testing.T, name string, in *instances.Instance, order []int, want float64) {
	t.Helper()
	var s Solver
	res, err := s.Solve(in, order)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if !scalar.EqualWithinAbsOrRel(res.LPValue, want, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: LP value %v, want %v", name, res.LPValue, want)
	}
	vr, err := validate.Check(in, res.Schedule)
	if err != nil {
		t.Fatalf("%s: schedule rejected by validate: %v", name, err)
	}
	// The schedule may be better than the LP only when jobs without work
	// complete at their release, out of the order.
	if vr.WeightedResponse > want*(1+1e-9)+1e-9 || !scalar.EqualWithinAbsOrRel(vr.WeightedResponse, res.Total, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: validated total %v, claimed %v, LP %v", name, vr.WeightedResponse, res.Total, want)
	}
	if s.Lower > res.LPValue || !scalar.EqualWithinAbsOrRel(s.Lower, res.LPValue, tolerance.Engine, tolerance.Engine) {
		t.Errorf("%s: dual bound %v vs value %v", name, s.Lower, res.LPValue)
	}
}

func TestKnownValues(t *testing.T) {
	// Worked by hand in bruteforce.KnownOrders.
	for _, c := range bruteforce.KnownOrders() {
		checkSchedule(t, c.Name, c.In, c.Order, c.Value)
	}
	for _, c := range []struct {
		name  string
		in    *instances.Instance
		order []int
		want  float64
	}{
		// A single job takes max(x/μ_m, y/μ_c): (3,5) with μ = (1, 2) → 3.
		{"single", &instances.Instance{MapCapacity: 1, ShuffleCapacity: 2, Jobs: []instances.Job{{ID: "a", Map: 3, Shuffle: 5}}}, []int{0}, 3},
		// Zero sizes: (0,2) then (3,0): the shuffle-only job is done at 2,
		// the map-only one at 3 (the stations work in parallel): 5.
		{"zero sizes", instances.New([]instances.Job{{ID: "a", Shuffle: 2}, {ID: "b", Map: 3}}), []int{0, 1}, 5},
	} {
		checkSchedule(t, c.name, c.in, c.order, c.want)
	}
}

// TestAgainstBruteForce compares every order of random instances (n ≤ 5;
// ties, zero sizes, ratios up to 1000:1, unequal capacities) with the brute
// force's own LP and simplex (an independent formulation and solver).
func TestAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 1))
	var s Solver
	count, skipped := 0, 0
	for it := 0; it < 1500; it++ {
		n := 1 + rng.IntN(5)
		in := bruteforce.Random(rng, n, false)
		order := rng.Perm(n)
		want, err := bruteforce.BatchValue(in, order)
		if err != nil {
			// The oracle's own simplex refuses answers it cannot verify
			// (extreme ratios); such instances are skipped and counted.
			skipped++
			continue
		}
		got, err := s.Value(in, order)
		if err != nil {
			t.Fatalf("instance %d: %v", it, err)
		}
		if !scalar.EqualWithinAbsOrRel(got, want, tolerance.Engine, tolerance.Engine) {
			t.Fatalf("instance %d %+v order %v: fastlp %v, brute force %v", it, in.Jobs, order, got, want)
		}
		if it%10 == 0 {
			checkSchedule(t, "bruteforce", in, order, want)
		}
		count++
	}
	// The best order equals the brute-force optimum.
	for it := 0; it < 60; it++ {
		n := 1 + rng.IntN(5)
		in := bruteforce.Random(rng, n, false)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			skipped++
			continue
		}
		best := math.Inf(1)
		bruteforce.Permutations(n, func(order []int) {
			v, err := s.Value(in, order)
			if err != nil {
				t.Fatal(err)
			}
			best = math.Min(best, v)
		})
		if !scalar.EqualWithinAbsOrRel(best, bf.Value, tolerance.Engine, tolerance.Engine) {
			t.Fatalf("instance %+v: best order %v, brute force OPT %v", in.Jobs, best, bf.Value)
		}
	}
	t.Logf("%d orders compared, %d oracle failures skipped", count, skipped)
	if skipped > count/20 {
		t.Errorf("the oracle failed on %d instances", skipped)
	}
}

// TestAgainstHiGHS compares random orders of random instances (n ≤ 12)
// with the orderlp LP solved by HiGHS; every 20th schedule is validated.
func TestAgainstHiGHS(t *testing.T) {
	eng := testenv.RequireHiGHS(t, highs.New)
	rng := rand.New(rand.NewPCG(4, 2))
	var s Solver
	iters := 400
	if testing.Short() {
		iters = 60
	}
	for it := 0; it < iters; it++ {
		n := 1 + rng.IntN(12)
		in := bruteforce.Random(rng, n, false)
		order := rng.Perm(n)
		want, err := orderlp.Value(context.Background(), eng, in, orderlp.BatchPlan(order))
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.Value(in, order)
		if err != nil {
			t.Fatalf("instance %d: %v", it, err)
		}
		if !scalar.EqualWithinAbsOrRel(got, want, tolerance.Engine, tolerance.Engine) {
			t.Fatalf("instance %d %+v order %v: fastlp %v, HiGHS %v", it, in.Jobs, order, got, want)
		}
		if it%20 == 0 {
			checkSchedule(t, "highs", in, order, want)
		}
	}
}

// TestPrefixIsLowerBound: the LP of the first k jobs of an order alone is
// at most the sum of the first k completions of the full order's LP
// schedule (doc.go).
func TestPrefixIsLowerBound(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 3))
	var s Solver
	for it := 0; it < 200; it++ {
		n := 2 + rng.IntN(8)
		in := bruteforce.Random(rng, n, false)
		order := rng.Perm(n)
		if _, err := s.Value(in, order); err != nil {
			t.Fatal(err)
		}
		ends := s.Ends()
		x, y := normalised(in)
		for k := 1; k <= n; k++ {
			pre, err := s.ValueNorm(x, y, order[:k])
			if err != nil {
				t.Fatal(err)
			}
			sum := 0.0
			for _, c := range ends[:k] {
				sum += c
			}
			if pre > sum*(1+1e-9)+1e-9 {
				t.Fatalf("instance %d order %v k=%d: prefix LP %v > first completions %v", it, order, k, pre, sum)
			}
		}
	}
}

func TestErrors(t *testing.T) {
	var s Solver
	in := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Map: 2, Shuffle: 1}})
	if _, err := s.Value(in, []int{0, 0}); !errors.Is(err, ErrOrder) {
		t.Errorf("repeated job: %v", err)
	}
	if _, err := s.Value(in, []int{0}); !errors.Is(err, ErrOrder) {
		t.Errorf("short order: %v", err)
	}
	rel := instances.New([]instances.Job{{ID: "a", Map: 1, Shuffle: 2}, {ID: "b", Release: 1, Map: 2, Shuffle: 1}})
	if _, err := s.Value(rel, []int{0, 1}); !errors.Is(err, ErrBatch) {
		t.Errorf("releases: %v", err)
	}
	if _, err := s.ValueNorm([]float64{math.Inf(1)}, []float64{1}, []int{0}); !errors.Is(err, ErrSize) {
		t.Errorf("infinite size: %v", err)
	}
	huge := []float64{math.MaxFloat64, math.MaxFloat64}
	if _, err := s.ValueNorm(huge, huge, []int{0, 1}); !errors.Is(err, ErrSize) {
		t.Errorf("overflowing totals: %v", err)
	}
}
