package nmts

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestSolveContextStops: on an instance whose search visits more nodes
// than the check stride (the precondition is checked with Solve), a
// cancelled context stops SolveContext with ErrStopped wrapping
// context.Canceled.
func TestSolveContextStops(t *testing.T) {
	// A yes-instance with many equal-ish values: q = 40, f and g on 1..8
	// (seed 3, 4) makes the backtracking branch a lot.
	spec := Spec{Q: 40, MaxF: 8, MaxG: 8}
	in, _, err := spec.YesInstance(rand.NewPCG(3, 4))
	if err != nil {
		t.Fatal(err)
	}
	// Perturb two targets so that it is (most likely) a no-instance the
	// search must exhaust; the test only needs many nodes, checked here.
	in.H[0]++
	in.H[1]--
	_, _, st, err := Solve(in)
	if err != nil || st.Nodes <= ctxStride {
		t.Fatalf("precondition: Solve visits %d nodes (%v), want more than %d", st.Nodes, err, ctxStride)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, _, _, err := SolveContext(done, in); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("SolveContext, cancelled: %v", err)
	}
}
