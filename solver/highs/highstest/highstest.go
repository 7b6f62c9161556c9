// Package highstest gives tests the HiGHS engine, or a clear reason why it
// is missing: under CI (CI=true, where `make setup` has run) missing files
// fail the test; elsewhere the test is skipped with the install hint.
package highstest

import (
	"testing"

	"github.com/mrsched/mrsched/internal/testenv"
	"github.com/mrsched/mrsched/solver/highs"
)

// Require returns the shared HiGHS engine, or fails (CI=true or
// MRSCHED_REQUIRE_ALL=1, see internal/testenv) or skips the
// test when the engine files are not installed.
func Require(tb testing.TB) *highs.Engine {
	tb.Helper()
	return testenv.RequireHiGHS(tb, highs.New)
}
