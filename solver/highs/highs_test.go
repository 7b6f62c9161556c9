package highs_test

import (
	"context"
	"testing"

	"github.com/mrsched/mrsched/solver/highs/highstest"
	"github.com/mrsched/mrsched/solver/mip/miptest"
)

func TestKnownOptima(t *testing.T) {
	miptest.CheckKnown(t, highstest.Require(t))
}

func TestRoundTripLPMPS(t *testing.T) {
	e := highstest.Require(t)
	miptest.CheckRoundTrip(t, e, e, true)
}

func TestParallelIdentical(t *testing.T) {
	miptest.CheckParallel(t, highstest.Require(t), 4, 2)
}

var _ = context.Background
