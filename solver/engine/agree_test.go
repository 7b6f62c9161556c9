//go:build cbc

package engine_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/solver/engine"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
	"gonum.org/v1/gonum/floats/scalar"
)

// agreeModels is the number of random models of TestEnginesAgree (half LP,
// half MIP); -agree.long raises it in make's long run.
func agreeModels() int {
	if testing.Short() {
		return 60
	}
	return 200
}

// HiGHS and CBC, two independent implementations, agree on status and
// optimal objective of random small LPs and MIPs (fixed seed), and each
// solution is feasible with the objective it reports.
func TestEnginesAgree(t *testing.T) {
	h := highstest.Require(t)
	c, err := engine.Get("cbc")
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(2024, 3))
	counts := map[string]int{}
	for i := 0; i < agreeModels(); i++ {
		mixed := i%2 == 1
		m := miptest.Random(rng, 2+rng.IntN(14), 1+rng.IntN(10), mixed)
		rh, err := h.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: highs: %v", i, err)
		}
		rc, err := c.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: cbc: %v", i, err)
		}
		counts[fmt.Sprintf("mip=%v %v", mixed, rh.Status)]++
		if !miptest.SameClass(rh.Status, rc.Status) {
			t.Errorf("model %d (MIP %v): highs %v, cbc %v", i, mixed, rh.Status, rc.Status)
			continue
		}
		if rh.Status != mip.Optimal {
			continue
		}
		if !scalar.EqualWithinAbsOrRel(rh.Objective, rc.Objective, miptest.Tol, miptest.Tol) {
			t.Errorf("model %d (MIP %v): highs %v, cbc %v", i, mixed, rh.Objective, rc.Objective)
		}
		for _, r := range []mip.Result{rh, rc} {
			if err := miptest.Feasible(m, r.X, 1e-6); err != nil {
				t.Errorf("model %d: %v", i, err)
			}
			if obj := miptest.Objective(m, r.X); !scalar.EqualWithinAbsOrRel(obj, r.Objective, miptest.Tol, miptest.Tol) {
				t.Errorf("model %d: reported %v, c·x + offset = %v", i, r.Objective, obj)
			}
		}
	}
	t.Logf("outcomes: %v", counts)
	// A test that cannot fail is a defect: the random family must produce
	// every outcome the comparison is meant to cover.
	for _, k := range []string{"mip=false optimal", "mip=true optimal", "mip=false infeasible", "mip=true infeasible", "mip=false unbounded", "mip=true unbounded"} {
		if counts[k] == 0 {
			t.Errorf("no model with outcome %q; the random family does not exercise it", k)
		}
	}
}

// Both engines read the other's input files: a model written as LP and MPS
// and read by CBC solves to the same optimum with HiGHS, and vice versa.
func TestCrossReaders(t *testing.T) {
	h := highstest.Require(t)
	c, err := engine.Get("cbc")
	if err != nil {
		t.Fatal(err)
	}
	miptest.CheckRoundTrip(t, h, c.(mip.Reader), true)
	miptest.CheckRoundTrip(t, c, h, true)
}
