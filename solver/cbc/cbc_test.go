//go:build cbc

package cbc_test

import (
	"testing"

	"github.com/mrsched/mrsched/solver/cbc"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

func TestKnownOptima(t *testing.T) {
	miptest.CheckKnown(t, cbc.New())
}

// CBC's C interface cannot report the objective offset of a model it read,
// so the round trip restores it (offset=false).
func TestRoundTripLPMPS(t *testing.T) {
	e := cbc.New()
	miptest.CheckRoundTrip(t, e, e, true)
}

func TestParallelIdentical(t *testing.T) {
	miptest.CheckParallel(t, cbc.New(), 4, 1)
}
