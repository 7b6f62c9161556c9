package reductions

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/reductions/nmts"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/tabular"
)

// TestOptimumVsY: by Theorem 1, OPT ≤ y exactly when the NMTS instance is
// solvable. Every valid q = 1 instance is (f + g = h); F = {1}, G = {2},
// H = {3} has y = 2022 (TestHandExample), F = {2}, G = {5}, H = {7} is a
// second. (A no-instance needs q ≥ 2: 10 jobs, 10! orders, too many here.)
func TestOptimumVsY(t *testing.T) {
	eng := highstest.Require(t)
	for _, tc := range []struct {
		f, g, h  int64
		solvable bool
	}{{1, 2, 3, true}, {2, 5, 7, true}} {
		var sol *nmts.Solution
		if tc.solvable {
			sol = &nmts.Solution{Pi: []int{0}, Sigma: []int{0}}
		}
		r, err := Reduce(&nmts.Instance{F: []int64{tc.f}, G: []int64{tc.g}, H: []int64{tc.h}}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		in, err := r.Tandem(sol)
		if err != nil {
			t.Fatal(err)
		}
		res, err := OptimumVsY(context.Background(), eng, in, nil)
		if err != nil {
			t.Fatal(err)
		}
		y, _ := new(big.Float).SetInt(r.Y).Float64()
		if res.NMTS != tc.solvable || (res.OPT <= y*(1+1e-9)) != tc.solvable {
			t.Errorf("H = {%d}: nmts %v, OPT %v vs y %v; want OPT ≤ y exactly when solvable (%v)", tc.h, res.NMTS, res.OPT, y, tc.solvable)
		}
		if res.Validate != "ok" || res.LPs == 0 || len(res.Order) != 5 {
			t.Errorf("H = {%d}: validate %q, %d LPs, order %v", tc.h, res.Validate, res.LPs, res.Order)
		}
		// The LP schedule is in floats: the exact check reports its
		// rounding (feasible, or the first violation), never nothing.
		if !strings.HasPrefix(res.Exact, "feasible") && !strings.HasPrefix(res.Exact, "infeasible") {
			t.Errorf("exact check %q", res.Exact)
		}
		if tb := res.Table(); len(tb.Rows) != 1 || len(tb.Rows[0]) != len(tb.Header) {
			t.Errorf("table %v", tb)
		}
	}
}

// Build the Theorem 1 reduction of the NMTS instance F = {1}, G = {2},
// H = {3} (q = 1): its threshold y, and the tandem instance whose optimum
// is at most y exactly when the NMTS instance is solvable (it is:
// 1 + 2 = 3, so the certificate schedule costs exactly y).
func ExampleReduce() {
	r, err := Reduce(&nmts.Instance{F: []int64{1}, G: []int64{2}, H: []int64{3}}, Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("A =", r.A, "M =", r.M, "y =", r.Y)
	cert, _ := r.Certificate(nmts.Solution{Pi: []int{0}, Sigma: []int{0}})
	v, _ := r.Check(cert)
	fmt.Println("certificate feasible:", v.Feasible, "total:", v.Total.RatString())
	in, _ := r.Tandem(nil)
	fmt.Println("jobs:", in.N())
	// Output:
	// A = 48 M = 432 y = 2022
	// certificate feasible: true total: 2022
	// jobs: 5
}

// TestWorst: solved exactly, OPT ≤ UB (UB is one priority order's LP
// value, OPT the minimum over all orders), hence RatioLB = total/UB ≤
// total/OPT = Ratio, and OPT's schedule passes the validator; n above
// ExactMax is not solved; the same seed gives the same table.
func TestWorst(t *testing.T) {
	eng := highstest.Require(t)
	cfg := WorstConfig{Policy: "maxsrpt", Ns: []int{3, 4}, AlphaMax: 4, Restarts: 1, Steps: 10, Seed: 1, ExactMax: 3,
		Engine: func() (mip.Engine, error) { return eng, nil }}
	a, err := Worst(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(a) != 2 || !a[0].Exact || a[1].Exact {
		t.Fatalf("%d results, exact %v %v; want n = 3 exact, n = 4 not", len(a), a[0].Exact, a[len(a)-1].Exact)
	}
	if f := a[0]; !(f.OPT <= f.UB*(1+1e-9)) || !(f.RatioLB <= f.Ratio*(1+1e-9)) || !f.OPTValidated {
		t.Errorf("n = 3: OPT %v, UB %v, ratio_lb %v, ratio %v, validated %v", f.OPT, f.UB, f.RatioLB, f.Ratio, f.OPTValidated)
	}
	if a[0].Instance.Metadata["opt"] != a[0].OPT {
		t.Errorf("metadata %v lacks opt", a[0].Instance.Metadata)
	}
	b, err := Worst(context.Background(), cfg, nil)
	if err != nil {
		t.Fatal(err)
	}
	var ta, tb strings.Builder
	WorstTable(a).Write(&ta, tabular.CSV)
	WorstTable(b).Write(&tb, tabular.CSV)
	if ta.String() != tb.String() {
		t.Errorf("same seed, different tables:\n%s\n%s", ta.String(), tb.String())
	}
	cfg.Engine = nil
	if _, err := Worst(context.Background(), cfg, nil); !errors.Is(err, ErrOption) {
		t.Errorf("exact solve without an engine: %v", err)
	}
}
