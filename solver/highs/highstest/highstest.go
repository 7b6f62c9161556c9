// Package highstest gives tests the HiGHS engine, or a clear reason why it
// is missing: under CI (CI=true, where `make setup` has run) missing files
// fail the test; elsewhere the test is skipped with the install hint.
package highstest

import (
	"os"
	"testing"

	"github.com/mrsched/mrsched/solver/highs"
)

// Require returns the shared HiGHS engine, or fails (CI=true) or skips the
// test when the engine files are not installed.
func Require(tb testing.TB) *highs.Engine {
	tb.Helper()
	e, err := highs.New()
	if err != nil {
		if os.Getenv("CI") == "true" {
			tb.Fatalf("HiGHS engine files are required under CI: %v", err)
		}
		tb.Skipf("skipping: %v", err)
	}
	return e
}

// RequireModule is Require for tests that need the Module itself.
func RequireModule(tb testing.TB) *highs.Module {
	tb.Helper()
	return Require(tb).Module()
}
