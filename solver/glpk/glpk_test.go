package glpk

import (
	"context"
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
// optimum of random LPs and MIPs (miptest.CheckAgrees, fixed seed), and
// GLPK's solutions are feasible with the objective it reports.
func TestAgreesWithHiGHS(t *testing.T) {
	e := require(t)
	miptest.CheckAgrees(t, highstest.Require(t), e)
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
