package tight

import (
	"math"
	"sort"
	"testing"

	"github.com/mrsched/mrsched/tolerance"
)

func TestClosedFormsAgainstExactSchedules(t *testing.T) {
	for _, n := range []int{2, 4, 6, 10, 20} {
		for _, ae := range [][2]float64{{2, 0.5}, {1.5, 0.25}, {3, 0.125}, {4, 1}} {
			alpha, eps := ae[0], ae[1]
			f, err := MaxSRPTFamily(n, alpha, eps)
			if err != nil {
				t.Fatal(err)
			}
			b, err := PriorityBound(f.Instance, f.Alternative)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := b.Total.Float64()
			if !tolerance.Eq(got, MaxAltCost(n, alpha, eps)) {
				t.Errorf("Cor 4 alternative n=%d α=%v ε=%v: exact %v, closed form %v", n, alpha, eps, got, MaxAltCost(n, alpha, eps))
			}
			// MaxSRPT in a batch is the priority order by max(x, y) (§4.1).
			perm := make([]int, n)
			for i := range perm {
				perm[i] = i
			}
			in := f.Instance
			sort.SliceStable(perm, func(a, c int) bool {
				ja, jc := in.Jobs[perm[a]], in.Jobs[perm[c]]
				return math.Max(ja.Map, ja.Shuffle) < math.Max(jc.Map, jc.Shuffle)
			})
			bm, err := PriorityBound(in, perm)
			if err != nil {
				t.Fatal(err)
			}
			got, _ = bm.Total.Float64()
			if !tolerance.Eq(got, MaxSRPTCost(n, alpha, eps)) {
				t.Errorf("Cor 4 MaxSRPT n=%d α=%v ε=%v: exact %v, closed form %v", n, alpha, eps, got, MaxSRPTCost(n, alpha, eps))
			}
		}
		for _, beta := range []float64{1.5, 2, 5} {
			f, err := SplitSRPTFamily(n, beta)
			if err != nil {
				t.Fatal(err)
			}
			b, err := PriorityBound(f.Instance, f.Alternative)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := b.Total.Float64()
			if !tolerance.Eq(got, SplitAltCost(n, beta)) {
				t.Errorf("Cor 6 alternative n=%d β=%v: exact %v, closed form %v", n, beta, got, SplitAltCost(n, beta))
			}
			if f.Guarantee != 1+1/beta {
				t.Errorf("guarantee %v, want 1 + 1/β", f.Guarantee)
			}
		}
	}
}

// TestLimits: the ratios of the closed forms approach the corollaries'
// guarantees as n grows and ε → 0 (the paper's tightness claims).
func TestLimits(t *testing.T) {
	alpha, eps := 3.0, 1e-3
	r := MaxSRPTCost(1<<20, alpha, eps) / MaxAltCost(1<<20, alpha, eps)
	if want := (2*alpha - 1.5*eps) / (1 + alpha); math.Abs(r-want) > 1e-4 {
		t.Errorf("Cor 4 ratio at large n: %v, paper's limit %v", r, want)
	}
	beta := 2.5
	r = SplitSRPTCost(1<<20, beta) / SplitAltCost(1<<20, beta)
	if want := 1 + 1/beta; math.Abs(r-want) > 1e-4 {
		t.Errorf("Cor 6 ratio at large n: %v, paper's limit %v", r, want)
	}
}

func TestParams(t *testing.T) {
	for _, c := range []struct {
		n       int
		a, e, b float64
	}{{3, 2, 0.5, 0}, {0, 2, 0.5, 0}, {4, 1, 0.1, 0}, {4, 2, 1, 0}, {4, 2, 0, 0}, {4, math.NaN(), 0.1, 0}} {
		if _, err := MaxSRPTFamily(c.n, c.a, c.e); err == nil {
			t.Errorf("MaxSRPTFamily(%d, %v, %v) accepted", c.n, c.a, c.e)
		}
	}
	for _, c := range []struct {
		n int
		b float64
	}{{1, 2}, {4, 1}, {4, math.Inf(1)}, {4, math.NaN()}} {
		if _, err := SplitSRPTFamily(c.n, c.b); err == nil {
			t.Errorf("SplitSRPTFamily(%d, %v) accepted", c.n, c.b)
		}
	}
}
