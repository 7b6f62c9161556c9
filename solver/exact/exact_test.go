package exact

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/internal/bruteforce"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/fluid"
	"github.com/mrsched/mrsched/solver/highs"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/validate"
)

func engine(t testing.TB) mip.Engine {
	t.Helper()
	return testenv.RequireHiGHS(t, highs.New)
}

// le is a ≤ b up to the LP engines' accuracy.
func le(a, b float64) bool { return a <= b+1e-6*math.Max(1, math.Abs(b)) }

// On random instances (OPT from brute force): every lower bound ≤ OPT ≤
// every heuristic; Counting and PrefixBatch ≥ Paper51; on batches MaxSRPT's
// ratio ≤ 2α/(1+α) (Cor. 4) and SplitSRPT's ≤ 1 + 1/β (Cor. 6); every
// answer's schedule passes the validator and its status/gap are coherent.
func TestBoundsHeuristicsAndAnswers(t *testing.T) {
	eng := engine(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(99, 3))
	for trial := 0; trial < 40; trial++ {
		rel := trial%3 == 2
		n := 1 + rng.IntN(4)
		if rel {
			n = 1 + rng.IntN(3)
		}
		in := bruteforce.Random(rng, n, rel)
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		opt := bf.Value
		p51, cnt := bounds.Paper51(in), bounds.Counting(in)
		lbs := map[string]float64{"paper51": p51, "counting": cnt}
		if !rel {
			pb, err := bounds.PrefixBatch(in)
			if err != nil {
				t.Fatal(err)
			}
			lbs["prefix"] = pb
			if !le(p51, pb) {
				t.Errorf("trial %d: PrefixBatch %v < Paper51 %v", trial, pb, p51)
			}
		}
		if !le(p51, cnt) {
			t.Errorf("trial %d: Counting %v < Paper51 %v", trial, cnt, p51)
		}
		lpr, err := mipform.LPRelaxation(ctx, eng, in)
		if err != nil {
			t.Fatal(err)
		}
		lbs["lp relaxation"] = lpr
		for name, v := range lbs {
			if !le(v, opt) {
				t.Errorf("trial %d: %s bound %v > OPT %v", trial, name, v, opt)
			}
		}
		for _, m := range []string{"mip", "search", "polish", "fifo", "ps", "maxsrpt", "splitsrpt", "klps"} {
			a, err := Solve(ctx, eng, in, Options{Method: m, K: 2})
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, m, err)
			}
			vr, err := validate.Check(in, a.Schedule)
			if err != nil {
				t.Fatalf("trial %d %s: %v", trial, m, err)
			}
			if math.Abs(vr.TotalResponse-a.Objective) > 1e-6*math.Max(1, opt) {
				t.Errorf("trial %d %s: objective %v, validator %v", trial, m, a.Objective, vr.TotalResponse)
			}
			if !le(opt, a.Objective) || !le(a.LowerBound, opt) {
				t.Errorf("trial %d %s: objective %v bound %v vs OPT %v", trial, m, a.Objective, a.LowerBound, opt)
			}
			if (m == "mip" || m == "search") && (a.Status != StatusOptimal || a.Gap > 1e-6) {
				t.Errorf("trial %d %s: status %q gap %v", trial, m, a.Status, a.Gap)
			}
			if !rel && m == "maxsrpt" && !le(a.Objective, bounds.MaxSRPTGuarantee(bounds.Alpha(in))*opt) {
				t.Errorf("trial %d: MaxSRPT %v > 2α/(1+α)·OPT = %v", trial, a.Objective, bounds.MaxSRPTGuarantee(bounds.Alpha(in))*opt)
			}
			if !rel && m == "splitsrpt" && !le(a.Objective, bounds.SplitSRPTGuarantee(bounds.Beta(in))*opt) {
				t.Errorf("trial %d: SplitSRPT %v > (1+1/β)·OPT = %v", trial, a.Objective, bounds.SplitSRPTGuarantee(bounds.Beta(in))*opt)
			}
		}
	}
}

// The §2.1 example: FIFO completes at 2, 4, 6 (Lin et al. §2.1, Fig. 2),
// total 12, and 12 is optimal: the subset bound h(∅) (the best prefix-sum
// bound over all 6 orders, e.g. J1, J3, J2: max(1,2) + max(3,4) + max(6,5))
// is 12, so FIFO's answer is proven optimal without an LP, whereas Counting
// alone is only 1 + 3 + 6 = 10 (sorted map prefix sums 1, 3, 6; shuffle
// 1, 3, 5).
func TestExample21FIFOOptimal(t *testing.T) {
	in := instancesExample21()
	a, err := Solve(context.Background(), nil, in, Options{Method: "fifo"})
	if err != nil {
		t.Fatal(err)
	}
	if a.Objective != 12 || a.LowerBound != 12 || a.Status != StatusOptimal {
		t.Fatalf("FIFO: %v bound %v %q", a.Objective, a.LowerBound, a.Status)
	}
	s, err := Solve(context.Background(), engine(t), in, Options{Method: "search"})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(s.Objective-12) > 1e-9 || s.Status != StatusOptimal || s.Detail["root_bound"] != 12 {
		t.Fatalf("search: %v %q root %v", s.Objective, s.Status, s.Detail["root_bound"])
	}
	_ = fluid.FIFO
}

// Instances with release dates need no LP engine for the search, polish and
// the portfolio (they evaluate plans with fastlp.Release): with eng == nil
// each returns a validated schedule no better than the brute-force optimum
// (all completion orders and interleavings, each by its own LP), and the
// search and portfolio prove that optimum. The MIP and the fixed-order LP
// still refuse to run without an engine. Every method used
// to refuse release instances without an engine.
func TestReleasesNeedNoEngine(t *testing.T) {
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(13, 6))
	for trial := 0; trial < 12; trial++ {
		in := bruteforce.Random(rng, 2+rng.IntN(3), true)
		if in.IsBatch() {
			continue
		}
		bf, err := bruteforce.Solve(in)
		if err != nil {
			t.Fatal(err)
		}
		for _, method := range []string{"search", "polish", "portfolio"} {
			a, err := Solve(ctx, nil, in, Options{Method: method, NoLPBound: true})
			if err != nil {
				t.Fatalf("trial %d %s without engine: %v", trial, method, err)
			}
			if _, err := validate.Check(in, a.Schedule); err != nil {
				t.Fatalf("trial %d %s: schedule invalid: %v", trial, method, err)
			}
			if !le(bf.Value, a.Objective) {
				t.Errorf("trial %d %s: objective %v below brute force %v", trial, method, a.Objective, bf.Value)
			}
			if method != "polish" && (a.Status != StatusOptimal || !le(a.Objective, bf.Value)) {
				t.Errorf("trial %d %s: %s %v, brute force %v", trial, method, a.Status, a.Objective, bf.Value)
			}
		}
		for _, method := range []string{"mip", "order-lp"} {
			if _, err := Solve(ctx, nil, in, Options{Method: method, Order: identityOrder(in.N())}); !errors.Is(err, ErrMethod) {
				t.Errorf("trial %d %s without engine: err %v, want ErrMethod", trial, method, err)
			}
		}
	}
}

func identityOrder(n int) []int {
	o := make([]int, n)
	for i := range o {
		o[i] = i
	}
	return o
}
