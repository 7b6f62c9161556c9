package ratsearch

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
)

// TestDualBoundWeightedDAG: with weights and dependencies, dual prices of
// any kind (random, negative, above the interval costs) made feasible
// against the weighted interval costs W_k and evaluated over the columns
// the dependencies allow give a bound ≤ the exact LP value of the order
// (weak duality; the LP is ratsearch's own, whose optimum the oracle test
// compares with the brute force).
func TestDualBoundWeightedDAG(t *testing.T) {
	rng := rand.New(rand.NewPCG(34, 2))
	checked := 0
	for it := range 80 {
		n := 2 + it%5
		in := exactOf(t, bruteforce.RandomDAG(rng, n, false))
		if !in.HasWeights() && !in.HasDependencies() {
			continue
		}
		_, x, y, err := batch(in)
		if err != nil {
			t.Fatal(err)
		}
		fin, _ := in.Float()
		order := bruteforce.RandomExtension(rng, fin)
		lp, err := SolveOrder(context.Background(), in, order)
		if err != nil {
			t.Fatal(err)
		}
		lo, err := orderDAG(in, order)
		if err != nil {
			t.Fatal(err)
		}
		W := intervalCosts(n, orderWeights(in, order))
		top, _ := W[0].Float64()
		for range 5 {
			a, b := make([]float64, n), make([]float64, n)
			for k := range a {
				a[k], b[k] = 3*top*rng.Float64()-1, 3*top*rng.Float64()-1
			}
			if ib := newIntSizes(x, y).bound(order, a, b, W, lo); ib.Cmp(lp.Value) > 0 {
				t.Errorf("case %d (%v, order %v): bound %s above the LP %s", it, fin.Jobs, order, ib.RatString(), lp.Value.RatString())
			}
		}
		checked++
	}
	if checked < 40 {
		t.Fatalf("only %d weighted or dependent cases", checked)
	}
}

// An order that completes a job before its predecessor is refused, by
// SolveOrder and as a seed order of Solve.
func TestOrderAgainstDependencies(t *testing.T) {
	in := exactOf(t, bruteforce.Random(rand.New(rand.NewPCG(1, 1)), 3, false))
	in.Jobs[0].After = []int{2}
	if _, err := SolveOrder(context.Background(), in, []int{0, 1, 2}); !errors.Is(err, ErrInput) {
		t.Errorf("SolveOrder: %v, want ErrInput", err)
	}
	if _, err := Solve(context.Background(), in, Options{Orders: [][]int{{1, 0, 2}}}); !errors.Is(err, ErrInput) {
		t.Errorf("Solve with a seed order: %v, want ErrInput", err)
	}
	res, err := Solve(context.Background(), in, Options{Orders: [][]int{{2, 0, 1}}})
	if err != nil {
		t.Fatal(err)
	}
	pos := map[int]int{}
	for p, j := range res.Order {
		pos[j] = p
	}
	if pos[2] > pos[0] {
		t.Errorf("order %v completes job 0 before its predecessor 2", res.Order)
	}
}
