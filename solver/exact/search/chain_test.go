package search

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
)

// The chain bound of every order is ≤ that order's LP optimum (brute-force
// LP, independent solver) and ≥ the prefix-sum cost, on random batches.
func TestChainBoundValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 34))
	for trial := 0; trial < 150; trial++ {
		n := 2 + rng.IntN(3)
		in := bruteforce.Random(rng, n, false)
		x, y := make([]float64, n), make([]float64, n)
		for j, jb := range in.Jobs {
			x[j], y[j] = jb.Map/in.MapCapacity, jb.Shuffle/in.ShuffleCapacity
		}
		perm := rng.Perm(n)
		lp, err := bruteforce.BatchValue(in, perm)
		if err != nil {
			t.Fatal(err)
		}
		cb := chainBound(x, y, perm)
		P, X, Y := 0.0, 0.0, 0.0
		for _, j := range perm {
			X, Y = X+x[j], Y+y[j]
			P += math.Max(X, Y)
		}
		if cb > lp*(1+1e-9)+1e-9 || cb < P*(1-1e-12)-1e-12 {
			t.Fatalf("trial %d (%+v, order %v): chain %v, prefix %v, LP %v", trial, in.Jobs, perm, cb, P, lp)
		}
	}
	// Jobs (5,0) then (1,10): LP 15.556 = 5/0.9 + 10 (see the comment).
	in := instances.New([]instances.Job{{ID: "a", Map: 5, Shuffle: 0}, {ID: "b", Map: 1, Shuffle: 10}})
	_ = in
	cb := chainBound([]float64{5, 1}, []float64{0, 10}, []int{0, 1})
	if math.Abs(cb-(50.0/9+10)) > 1e-9 {
		t.Fatalf("chain bound %v, want %v", cb, 50.0/9+10)
	}
}
