//go:build cbc

package exact

import (
	"context"
	"testing"
	"time"

	"github.com/mrsched/mrsched/solver/cbc"
	"github.com/mrsched/mrsched/solver/mip"
)

// The status discipline with CBC as the MIP engine (ln6, OPT from
// TestStatusNeedsProof): without a limit the answer is optimal through
// CBC's dual bound; with the deadline passed (injected clock) it is a
// time-limit answer whose bound does not exceed OPT.
func TestStatusNeedsProofCBC(t *testing.T) {
	in := readInstance(t, "testdata/ln6.json")
	eng := cbc.New()
	a, err := Solve(context.Background(), eng, in, Options{Method: "mip", NoLPBound: true})
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, in, a, ln6OPT)
	if a.Status != StatusOptimal || a.BoundSource != mip.SourceMIP {
		t.Errorf("CBC without limit: %q (%s), want optimal by the MIP's dual bound", a.Status, a.BoundSource)
	}
	now := time.Date(2026, 11, 25, 4, 0, 0, 0, time.UTC)
	a, err = Solve(context.Background(), eng, in, Options{Method: "mip", TimeLimit: time.Second, Start: now.Add(-time.Hour), Now: fixedClock(now), NoLPBound: true})
	if err != nil {
		t.Fatal(err)
	}
	checkAnswer(t, in, a, ln6OPT)
	if a.Status != StatusTimeLimit {
		t.Errorf("CBC with the deadline passed: %q, want time limit", a.Status)
	}
}
