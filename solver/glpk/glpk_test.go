package glpk

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

func require(t *testing.T) *Engine {
	t.Helper()
	return testenv.Require(t, "GLPK engine (glpsol)", testenv.GLPKInstall, New)
}

// The known models of miptest (optima by hand and brute force).
func TestKnown(t *testing.T) {
	miptest.CheckKnown(t, require(t))
}

// GLPK and HiGHS, two independent implementations, agree on status and
// optimum of random LPs and MIPs (fixed seed), and GLPK's solutions are
// feasible with the objective it reports.
func TestAgreesWithHiGHS(t *testing.T) {
	g := require(t)
	h := highstest.Require(t)
	ctx := context.Background()
	rng := rand.New(rand.NewPCG(5, 17))
	counts := map[string]int{}
	models := 60
	if testing.Short() {
		models = 20
	}
	for i := 0; i < models; i++ {
		mixed := i%2 == 1
		m := miptest.Random(rng, 2+rng.IntN(10), 1+rng.IntN(8), mixed)
		rh, err := h.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: highs: %v", i, err)
		}
		rg, err := g.Solve(ctx, m, mip.Options{})
		if err != nil {
			t.Fatalf("model %d: glpk: %v", i, err)
		}
		counts[fmt.Sprintf("mip=%v %v", mixed, rh.Status)]++
		if !miptest.SameClass(rh.Status, rg.Status) {
			t.Errorf("model %d (MIP %v): highs %v, glpk %v", i, mixed, rh.Status, rg.Status)
			continue
		}
		if rh.Status != mip.Optimal {
			continue
		}
		if !miptest.Close(rh.Objective, rg.Objective, miptest.Tol) {
			t.Errorf("model %d (MIP %v): highs %v, glpk %v", i, mixed, rh.Objective, rg.Objective)
		}
		if err := miptest.Feasible(m, rg.X, 1e-6); err != nil {
			t.Errorf("model %d: %v", i, err)
		}
		if rg.BestBound > rg.Objective+1e-9*max(1, rg.Objective) && m.Sense == mip.Minimize {
			t.Errorf("model %d: bound %v above objective %v", i, rg.BestBound, rg.Objective)
		}
	}
	t.Logf("outcomes: %v", counts)
	for _, k := range []string{"mip=false optimal", "mip=true optimal"} {
		if counts[k] == 0 {
			t.Errorf("no model with outcome %q", k)
		}
	}
}

// A cancelled context stops glpsol at once: the market-split MIP (hard for
// branch and bound) is interrupted through the context, never by a clock
// comparison in the test.
func TestCancel(t *testing.T) {
	g := require(t)
	m := miptest.MarketSplit(rand.New(rand.NewPCG(1, 1)), 4)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r, err := g.Solve(ctx, m, mip.Options{TimeLimit: time.Hour})
	if err == nil || r.Status != mip.Interrupted {
		t.Fatalf("cancelled: status %v, err %v", r.Status, err)
	}
}
