package report

import (
	"context"
	"math"
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/mip"
)

// permutations of 0..n−1 in lexicographic order.
func permutations(n int) [][]int {
	var out [][]int
	p := make([]int, n)
	used := make([]bool, n)
	var rec func(k int)
	rec = func(k int) {
		if k == n {
			out = append(out, append([]int(nil), p...))
			return
		}
		for v := 0; v < n; v++ {
			if !used[v] {
				used[v], p[k] = true, v
				rec(k + 1)
				used[v] = false
			}
		}
	}
	rec(0)
	return out
}

func TestMIPAgainstAllOrdersAndPolish(t *testing.T) {
	if testing.Short() {
		t.Skip("LP engine runs")
	}
	srcs, err := ParseGen("lognormal,n=4,batch,seed=1-3")
	if err != nil {
		t.Fatal(err)
	}
	c4, _ := ParseGen("cor4,n=4,alpha=3,eps=0.5")
	srcs = append(srcs, c4...)
	eng := testenv.RequireHiGHS(t, func() (mip.Engine, error) { return engineFor("") })
	for _, s := range srcs {
		in, err := s.Load()
		if err != nil {
			t.Fatal(err)
		}
		r, _, err := Evaluate(context.Background(), s.Name, in, mustResolve(t, "fifo,maxsrpt,splitsrpt,reopt,polish,mip,search,lbcount"), Env{Validate: true})
		if err != nil {
			t.Fatal(err)
		}
		// Oracle: every schedule of a batch has a completion order, and the
		// fixed-order LP is optimal for its order, so OPT = the minimum over
		// the n! orders of the LP (brute force, 24 LPs).
		brute := math.Inf(1)
		for _, p := range permutations(in.N()) {
			v, err := orderlp.Value(context.Background(), eng, in, orderlp.BatchPlan(p))
			if err != nil {
				t.Fatal(err)
			}
			brute = math.Min(brute, v)
		}
		if r.OPTStatus != "optimal" || math.Abs(float64(r.OPT)-brute) > 1e-6*brute {
			t.Errorf("%s: OPT %v (%s), brute force over orders %v", s.Name, r.OPT, r.OPTStatus, brute)
		}
		for _, ex := range []string{"mip", "search"} {
			m := method(t, r, ex)
			if m.Status != "optimal" || math.Abs(float64(m.TotalResponse)-brute) > 1e-6*brute {
				t.Errorf("%s: %s %v (%s), brute force over orders %v", s.Name, ex, m.TotalResponse, m.Status, brute)
			}
		}
		// Polishing never loses: it is at most the best policy's total.
		best := math.Inf(1)
		for _, m := range []string{"fifo", "maxsrpt", "splitsrpt"} {
			best = math.Min(best, float64(method(t, r, m).TotalResponse))
		}
		for _, h := range []string{"reopt", "polish"} {
			if v := float64(method(t, r, h).TotalResponse); v > best*(1+1e-7) || v < brute*(1-1e-7) {
				t.Errorf("%s: %s %v outside [OPT %v, best policy %v]", s.Name, h, v, brute, best)
			}
		}
		if len(r.Violations) > 0 {
			t.Errorf("%s: %v", s.Name, r.Violations)
		}
		for _, m := range r.Methods {
			if m.RatioBasis != "" && m.RatioBasis != BasisOPT {
				t.Errorf("%s: %s ratio basis %s with OPT known", s.Name, m.Method, m.RatioBasis)
			}
		}
	}
}

func TestReoptWithoutPrior(t *testing.T) {
	srcs, _ := ParseGen("lognormal,n=3,batch,seed=1")
	in, _ := srcs[0].Load()
	r, _, err := Evaluate(context.Background(), "x", in, mustResolve(t, "reopt"), Env{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Methods[0].Status != "not_applicable" {
		t.Errorf("reopt with nothing to re-optimise: %+v", r.Methods[0])
	}
}

func TestPlanOfReleasePeriods(t *testing.T) {
	srcs, _ := ParseGen("lognormal,n=12,load=0.9,seed=4")
	in, _ := srcs[0].Load()
	ms := mustResolve(t, "maxsrpt")
	_, outs, err := Evaluate(context.Background(), "x", in, ms, Env{})
	if err != nil {
		t.Fatal(err)
	}
	if err := PlanOf(in, outs[0].Completion).Check(in); err != nil {
		t.Fatalf("plan of a simulated schedule is invalid: %v", err)
	}
	if testing.Short() {
		return
	}
	// Re-optimising an online schedule: validated, and never worse.
	r, _, err := Evaluate(context.Background(), "x", in, mustResolve(t, "maxsrpt,reopt"), Env{Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if p, m := float64(method(t, r, "reopt").TotalResponse), float64(method(t, r, "maxsrpt").TotalResponse); p > m*(1+1e-7) {
		t.Errorf("reopt %v worse than maxsrpt %v on an online instance", p, m)
	}
}
