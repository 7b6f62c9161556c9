package bounds

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/instances"
)

// rankMinima returns m_k = min_{|S|=k} max(A(S), B(S)) for k = 1..n by
// enumerating every subset (the brute force of RankBatch's per-rank
// branch and bound).
func rankMinima(in *instances.Instance) []float64 {
	_, a, b := stations(in)
	n := len(a)
	m := make([]float64, n)
	for k := range m {
		m[k] = math.Inf(1)
	}
	for s := 1; s < 1<<n; s++ {
		x, y := 0.0, 0.0
		for j := range n {
			if s>>j&1 == 1 {
				x += a[j]
				y += b[j]
			}
		}
		k := bits.OnesCount(uint(s)) - 1
		m[k] = math.Min(m[k], math.Max(x, y))
	}
	return m
}

// randomBatch draws n jobs from one of four regimes: small integers (ties),
// zero sizes, heavy-tailed (log-normal-like) sizes, and continuous sizes
// with unequal capacities.
func randomBatch(rng *rand.Rand, n int) *instances.Instance {
	regime := rng.IntN(4)
	jobs := make([]instances.Job, n)
	for i := range jobs {
		var x, y float64
		switch regime {
		case 0:
			x, y = float64(1+rng.IntN(3)), float64(1+rng.IntN(3))
		case 1:
			x, y = float64(rng.IntN(4)), float64(rng.IntN(4))
			if x == 0 && y == 0 {
				y = 1
			}
		case 2:
			x, y = math.Exp(2*rng.NormFloat64()), math.Exp(2*rng.NormFloat64())
		default:
			x, y = 0.1+10*rng.Float64(), 0.1+10*rng.Float64()
		}
		jobs[i] = instances.Job{ID: fmt.Sprintf("j%d", i+1), Map: x, Shuffle: y}
	}
	in := instances.New(jobs)
	if regime == 3 {
		in.MapCapacity, in.ShuffleCapacity = 0.5+rng.Float64(), 0.5+rng.Float64()
	}
	return in
}

// TestRankBatchExact: on 500 random batches of 1 to 12 jobs the branch and
// bound closes every rank within the default budget and its value without
// the nesting stage is Σ_k max(Mixed's term, m_k) with m_k from the subset
// enumeration.
func TestRankBatchExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 2))
	trials := 500
	if testing.Short() {
		trials = 100
	}
	for trial := range trials {
		n := 1 + rng.IntN(12)
		in := randomBatch(rng, n)
		r, err := RankBatch(context.Background(), in, RankOptions{Nesting: -1})
		if err != nil {
			t.Fatal(err)
		}
		// Expected: the brute-force minima and Mixed's terms.
		want := 0.0
		terms := mixedRanks(in)
		for k, m := range rankMinima(in) {
			want += math.Max(terms[k], m)
		}
		if math.Abs(r.Value-want) > 1e-9*math.Max(1, want) {
			t.Errorf("trial %d (n=%d): rank bound %v, brute force %v", trial, n, r.Value, want)
		}
		if r.Closed != n || r.Done != n || r.Stopped {
			t.Errorf("trial %d: closed %d, done %d of %d, stopped %v", trial, r.Closed, r.Done, n, r.Stopped)
		}
		if r.Value < r.Mixed || r.Mixed != Mixed(in) {
			t.Errorf("trial %d: value %v, mixed %v (Mixed %v)", trial, r.Value, r.Mixed, Mixed(in))
		}
	}
}

// TestRankBatchStops: a deadline already passed (injected clock) or a
// cancelled context leaves every rank at Mixed's term; a budget of one
// node per rank and one pass still gives a bound between Mixed and the
// exact value (the open root's bound is a valid bound).
func TestRankBatchStops(t *testing.T) {
	in, err := instances.PaperLogNormal(12, 0.9, true).Generate(rand.NewPCG(3, 77))
	if err != nil {
		t.Fatal(err)
	}
	clock := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	r, err := RankBatch(context.Background(), in, RankOptions{Deadline: clock, Now: func() time.Time { return clock }})
	if err != nil {
		t.Fatal(err)
	}
	if !r.Stopped || r.Done != 0 || r.Value != Mixed(in) {
		t.Errorf("deadline: stopped %v, done %d, value %v, want Mixed %v", r.Stopped, r.Done, r.Value, Mixed(in))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if r, err = RankBatch(ctx, in, RankOptions{}); err != nil || !r.Stopped || r.Value != Mixed(in) {
		t.Errorf("cancelled: %v, stopped %v, value %v, want Mixed %v", err, r.Stopped, r.Value, Mixed(in))
	}
	full, err := RankBatch(context.Background(), in, RankOptions{})
	if err != nil {
		t.Fatal(err)
	}
	one, err := RankBatch(context.Background(), in, RankOptions{Nodes: 1, Passes: 1})
	if err != nil {
		t.Fatal(err)
	}
	if one.Value < one.Mixed || one.Value > full.Value*(1+1e-12) {
		t.Errorf("one node per rank: %v, want between Mixed %v and the exact %v", one.Value, one.Mixed, full.Value)
	}
	// Same input, same options: the same bits.
	again, err := RankBatch(context.Background(), in, RankOptions{})
	if err != nil || again.Value != full.Value {
		t.Errorf("rerun %v (%v), first %v", again.Value, err, full.Value)
	}
}

// TestRankBatchErrors: releases, weights and size are refused with the
// sentinel errors.
func TestRankBatchErrors(t *testing.T) {
	ctx := context.Background()
	rel := instances.Example21()
	rel.Jobs[1].Release = 1
	if _, err := RankBatch(ctx, rel, RankOptions{}); !errors.Is(err, ErrNotBatch) {
		t.Errorf("releases: %v, want ErrNotBatch", err)
	}
	w := instances.Example21()
	w.Jobs[0].Weight = 2
	if _, err := RankBatch(ctx, w, RankOptions{}); !errors.Is(err, ErrWeighted) {
		t.Errorf("weights: %v, want ErrWeighted", err)
	}
	jobs := make([]instances.Job, RankMaxN+1)
	for i := range jobs {
		jobs[i] = instances.Job{ID: fmt.Sprint(i), Map: 1, Shuffle: 1}
	}
	if _, err := RankBatch(ctx, instances.New(jobs), RankOptions{}); !errors.Is(err, ErrTooLarge) {
		t.Errorf("%d jobs: %v, want ErrTooLarge", RankMaxN+1, err)
	}
}

// TestRankBatchProgress: without the nesting stage Progress receives one
// bound per pass, with it more; never decreasing, the last equal to Value
// (the passes only raise rank terms, the stage reports only a better
// value).
func TestRankBatchProgress(t *testing.T) {
	in, err := instances.PaperLogNormal(60, 0.9, true).Generate(rand.NewPCG(2, 77))
	if err != nil {
		t.Fatal(err)
	}
	for _, nesting := range []int{-1, 20} {
		var seen []float64
		r, err := RankBatch(context.Background(), in, RankOptions{Nodes: 2, Passes: 3, Nesting: nesting, Progress: func(v float64) { seen = append(seen, v) }})
		if err != nil {
			t.Fatal(err)
		}
		if nesting < 0 && len(seen) != r.Passes || nesting > 0 && len(seen) <= r.Passes || len(seen) == 0 {
			t.Fatalf("nesting %d: %d progress values for %d passes", nesting, len(seen), r.Passes)
		}
		for i := 1; i < len(seen); i++ {
			if seen[i] < seen[i-1] {
				t.Errorf("progress %v decreases", seen)
			}
		}
		if seen[len(seen)-1] != r.Value || r.Value < r.Mixed {
			t.Errorf("last progress %v, value %v, mixed %v", seen[len(seen)-1], r.Value, r.Mixed)
		}
	}
}

// nestedMinimum returns min over completion orders of Σ_k max(A(S_k),
// B(S_k), T_k), S_k the first k jobs and T_k = max(Mixed's term, m_k), by
// a shortest path over all subsets: the value the nesting stage's
// Lagrangian bounds from below.
func nestedMinimum(in *instances.Instance) float64 {
	_, a, b := stations(in)
	n := len(a)
	terms := mixedRanks(in)
	for k, m := range rankMinima(in) {
		terms[k] = math.Max(terms[k], m)
	}
	dp := make([]float64, 1<<n)
	for s := 1; s < 1<<n; s++ {
		x, y := 0.0, 0.0
		prev := math.Inf(1)
		for j := range n {
			if s>>j&1 == 1 {
				x += a[j]
				y += b[j]
				prev = math.Min(prev, dp[s&^(1<<j)])
			}
		}
		dp[s] = prev + math.Max(math.Max(x, y), terms[bits.OnesCount(uint(s))-1])
	}
	return dp[1<<n-1]
}

// TestRankNested: on 500 random batches of 1 to 9 jobs the nesting stage's
// value lies between the per-rank value (RankBatch without the stage) and
// the nested minimum it relaxes (nestedMinimum, by enumeration of every
// subset), and it is strictly above the per-rank value on some of them.
func TestRankNested(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 5))
	trials := 500
	if testing.Short() {
		trials = 100
	}
	gains := 0
	for trial := range trials {
		n := 1 + rng.IntN(9)
		in := randomBatch(rng, n)
		per, err := RankBatch(context.Background(), in, RankOptions{Nesting: -1})
		if err != nil {
			t.Fatal(err)
		}
		r, err := RankBatch(context.Background(), in, RankOptions{})
		if err != nil {
			t.Fatal(err)
		}
		want := nestedMinimum(in)
		tol := 1e-9 * math.Max(1, want)
		if r.Value < per.Value || r.Value > want+tol {
			t.Errorf("trial %d (n=%d): nested %v outside [per-rank %v, nested minimum %v]", trial, n, r.Value, per.Value, want)
		}
		if r.Value > per.Value+tol {
			gains++
		}
	}
	if gains == 0 {
		t.Errorf("the nesting stage never raised the bound in %d trials", trials)
	}
	t.Logf("nesting stage above the per-rank value in %d of %d trials", gains, trials)
}
