package glpk

import (
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/highs/highstest"
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

// A cancelled context stops glpsol at once (miptest.CheckCancel).
func TestCancel(t *testing.T) {
	miptest.CheckCancel(t, require(t))
}
