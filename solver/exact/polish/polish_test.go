package polish

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/validate"
)

// OPT (brute force) ≤ polish ≤ the LP of its best start ≤ that policy's own
// simulated value, and the schedule validates, on batches and releases.
func TestPolishBetweenOptAndStarts(t *testing.T) {
	eng, err := highs.New()
	if err != nil {
		t.Skip(err)
	}
	rng := rand.New(rand.NewPCG(8, 8))
	for trial := 0; trial < 30; trial++ {
		rel := trial%3 == 0
		n := 2 + rng.IntN(3)
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		r, err := Solve(context.Background(), eng, in, Options{})
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		vr, err := validate.Check(in, r.Schedule)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		tol := 1e-6 * (1 + bf.Value)
		if vr.TotalResponse < bf.Value-tol {
			t.Errorf("trial %d: polish %v below OPT %v", trial, vr.TotalResponse, bf.Value)
		}
		for _, s := range r.Starts {
			if s.LP > s.Simulated+tol {
				t.Errorf("trial %d: %s LP %v worse than its own schedule %v", trial, s.Policy, s.LP, s.Simulated)
			}
			if vr.TotalResponse > s.LP+tol {
				t.Errorf("trial %d: polish %v worse than start %s (%v)", trial, vr.TotalResponse, s.Policy, s.LP)
			}
		}
	}
}
