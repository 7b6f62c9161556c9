package worstcase

import (
	"context"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/reductions/tight"
	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/tolerance"
)

// TestBoundsAndGuarantees: on random batch instances with n = 3, 4 the
// exact OPT (min over completion orders of the order LP) is at most the best
// priority order (UB), the policies cost at least OPT, and their ratios
// respect Cor 4 (MaxSRPT ≤ 2α/(1+α)) and Cor 6 (SplitSRPT ≤ 1 + 1/β).
func TestBoundsAndGuarantees(t *testing.T) {
	eng := testenv.RequireHiGHS(t, engine.Default)
	rng := rand.New(rand.NewPCG(21, 4))
	for trial := range 12 {
		n := 3 + trial%2
		jobs := make([]instances.Job, n)
		for i := range jobs {
			jobs[i] = instances.Job{ID: string(rune('a' + i)), Map: 0.2 + 3*rng.Float64(), Shuffle: 0.2 + 3*rng.Float64()}
		}
		in := instances.New(jobs)
		ub, _, _, err := UpperBound(in)
		if err != nil {
			t.Fatal(err)
		}
		opt, _, valid, err := ExactOPT(context.Background(), eng, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		if !valid {
			t.Errorf("trial %d: optimal LP schedule fails validate.Check", trial)
		}
		if !tolerance.LE(opt, ub) {
			t.Errorf("trial %d: OPT %v > priority-order UB %v", trial, opt, ub)
		}
		for _, name := range []string{"maxsrpt", "splitsrpt"} {
			p, _ := policyOf(name)
			pt, err := total(in, p)
			if err != nil {
				t.Fatal(err)
			}
			g, _, _ := Guarantee(name, in)
			if !tolerance.GE(pt, opt) {
				t.Errorf("trial %d: %s total %v below OPT %v", trial, name, pt, opt)
			}
			if !tolerance.LE(pt/opt, g) {
				t.Errorf("trial %d: %s ratio %v above the guarantee %v (Cor 4/6)", trial, name, pt/opt, g)
			}
		}
	}
}

// TestTightFamilyOPT: on the Cor 4 family with n = 4 the exact OPT is at
// most the paper's alternative schedule, and MaxSRPT/OPT stays within
// 2α/(1+α).
func TestTightFamilyOPT(t *testing.T) {
	eng := testenv.RequireHiGHS(t, engine.Default)
	f, err := tight.MaxSRPTFamily(4, 3, 0.25)
	if err != nil {
		t.Fatal(err)
	}
	opt, _, _, err := ExactOPT(context.Background(), eng, f.Instance, nil)
	if err != nil {
		t.Fatal(err)
	}
	alt := tight.MaxAltCost(4, 3, 0.25)
	if !tolerance.LE(opt, alt) {
		t.Errorf("OPT %v above the alternative %v", opt, alt)
	}
	ms, _ := fluid.Simulate(f.Instance, fluid.MaxSRPT(), fluid.Options{})
	if !tolerance.Eq(ms.TotalResponse, tight.MaxSRPTCost(4, 3, 0.25)) {
		t.Errorf("fluid MaxSRPT %v, closed form %v", ms.TotalResponse, tight.MaxSRPTCost(4, 3, 0.25))
	}
	if r := ms.TotalResponse / opt; !tolerance.LE(r, f.Guarantee) {
		t.Errorf("ratio %v above the guarantee %v", r, f.Guarantee)
	}
}

func TestRunDeterministic(t *testing.T) {
	run := func() *Found {
		f, err := Run(context.Background(), Options{Policy: "maxsrpt", N: 4, AlphaMax: 3, Restarts: 2, Steps: 30, Seed: 5})
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	a, b := run(), run()
	if a.RatioLB != b.RatioLB || !reflect.DeepEqual(a.Instance.Jobs[0], b.Instance.Jobs[0]) {
		t.Errorf("same seed, different results: %v vs %v", a.RatioLB, b.RatioLB)
	}
	if a.RatioLB < 1-1e-9 {
		t.Errorf("ratio lower bound %v below 1: the UB order search missed the policy's own order", a.RatioLB)
	}
	if a.Alpha > 3+1e-9 {
		t.Errorf("alpha %v above alpha-max 3", a.Alpha)
	}
	if _, err := Run(context.Background(), Options{Policy: "fifo", N: 4, AlphaMax: 3, Restarts: 1, Steps: 1}); err == nil {
		t.Error("unknown policy accepted")
	}
}
