package adversary

import (
	"errors"
	"testing"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
)

func TestK(t *testing.T) {
	for _, c := range []struct{ n, k int }{{1, 1}, {7, 1}, {8, 2}, {26, 2}, {27, 3}, {63, 3}, {64, 4}, {999, 9}, {1000, 10}, {1001, 10}} {
		if got := K(c.n); got != c.k {
			t.Errorf("K(%d) = %d, want ⌊n^{1/3}⌋ = %d", c.n, got, c.k)
		}
	}
}

// TestCases: the case each policy falls into follows from its rules at the
// opening batch. MaxSRPT and FIFO serve the type-1 jobs (L = 1, listed
// first) before the type-2 jobs (L = 3k/2): no type-2 map work by k², case
// 2. SplitSRPT gives the shuffle-heavy type-2 class map capacity
// μ1 = 1/(1+β) with β = min(2, 3/2) = 3/2, i.e. 2/5: type-2 map work 2k²/5
// ≥ k²/5 by k² (their map, k² in all, is not done before), case 1. PS
// shares the map station among k² + k jobs, giving type 2 about k of map
// work, below k²/5 for k ≥ 5: case 2.
func TestCases(t *testing.T) {
	for _, c := range []struct {
		p        fluid.Policy
		n        int
		wantCase int
		type2    float64 // expected type-2 map work by k² (NaN: not checked)
	}{
		{fluid.MaxSRPT(), 125, 2, 0},
		{fluid.FIFO(), 125, 2, 0},
		{fluid.SplitSRPT(), 125, 1, 0.4 * 25},
		{fluid.PS(), 216, 2, -1},
	} {
		r, err := Play(c.n, c.p)
		if err != nil {
			t.Fatal(err)
		}
		if r.Case != c.wantCase {
			t.Errorf("%s: case %d, want %d (type-2 map by k² = %v)", c.p.Name(), r.Case, c.wantCase, r.Type2Map)
		}
		if c.type2 >= 0 && !tolerance.Eq(r.Type2Map, c.type2) {
			t.Errorf("%s: type-2 map work by k² = %v, want %v", c.p.Name(), r.Type2Map, c.type2)
		}
		if r.Jobs != r.K*r.K+r.K+r.K*r.K*r.K+1 {
			t.Errorf("%s: %d jobs", c.p.Name(), r.Jobs)
		}
		// The proof's bounds: the policy costs more than T, the alternative less than T'.
		if !(r.PolicyTotal > r.PaperT) {
			t.Errorf("%s: policy total %v not above the proof's bound %v", c.p.Name(), r.PolicyTotal, r.PaperT)
		}
		if !(r.AltTotal < r.PaperTAlt) {
			t.Errorf("%s: alternative total %v not below the proof's bound %v", c.p.Name(), r.AltTotal, r.PaperTAlt)
		}
	}
}

// TestAlternativeExact: the alternative schedule simulated by fluid.Order
// agrees with the exact rational priority-order construction (a second,
// independent method).
func TestAlternativeExact(t *testing.T) {
	for _, p := range []fluid.Policy{fluid.MaxSRPT(), fluid.SplitSRPT()} {
		r, err := Play(27, p)
		if err != nil {
			t.Fatal(err)
		}
		rin, err := rational.FromInstance(r.Instance)
		if err != nil {
			t.Fatal(err)
		}
		s, err := rational.PriorityOrder(rin, r.AltOrder)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := s.Total(rin).Float64()
		if !tolerance.Eq(ex, r.AltTotal) {
			t.Errorf("%s: alternative exact %v, fluid %v", p.Name(), ex, r.AltTotal)
		}
	}
}

// TestGrowth: the ratio grows with n for MaxSRPT (Theorem 2: Ω(n^{1/3})).
func TestGrowth(t *testing.T) {
	prev := 0.0
	for _, n := range []int{27, 216, 1000} {
		r, err := Play(n, fluid.MaxSRPT())
		if err != nil {
			t.Fatal(err)
		}
		if r.Ratio <= prev {
			t.Errorf("n=%d: ratio %v did not grow (previous %v)", n, r.Ratio, prev)
		}
		prev = r.Ratio
	}
}

// TestSweepEmpty: an empty policy or n list is an error, not an empty table.
func TestSweepEmpty(t *testing.T) {
	if _, err := Sweep(nil, []int{8}, nil); !errors.Is(err, ErrParam) {
		t.Errorf("no policies: %v", err)
	}
	if _, err := Sweep([]fluid.Policy{fluid.FIFO()}, nil, nil); !errors.Is(err, ErrParam) {
		t.Errorf("no n: %v", err)
	}
}
