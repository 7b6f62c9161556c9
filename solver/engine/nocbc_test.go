//go:build !cbc

package engine_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/solver/engine"
)

// Without the build tag the CBC engine is known but unavailable, and says
// how to get it.
func TestCBCNotCompiledIn(t *testing.T) {
	_, err := engine.Get("cbc")
	if !errors.Is(err, engine.ErrUnavailable) || !strings.Contains(err.Error(), "-tags cbc") {
		t.Fatalf("Get(cbc) without the tag: %v", err)
	}
}
