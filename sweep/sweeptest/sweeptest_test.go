package sweeptest

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"testing"

	"github.com/mrsched/mrsched/sweep"
)

func keys(n int) []string {
	k := make([]string, n)
	for i := range k {
		k[i] = fmt.Sprint("c", i)
	}
	return k
}

// A deterministic sweep passes; one whose cells depend on how often they
// were computed (so on the run, not only on the cell) is caught.
func TestCompare(t *testing.T) {
	good := sweep.Sweep{Kind: "test", Config: 1, Keys: keys(7),
		Compute: func(_ context.Context, c int) (any, error) { return c * c, nil }}
	whole, merged := Sharded(t, good, 3)
	if len(whole.Cells) != 7 || len(merged.Cells) != 7 {
		t.Fatalf("%d and %d cells, want 7", len(whole.Cells), len(merged.Cells))
	}
	var calls atomic.Int64
	bad := good
	bad.Compute = func(_ context.Context, c int) (any, error) { return calls.Add(1), nil }
	if _, _, err := Compare(context.Background(), bad, 3); !errors.Is(err, ErrMismatch) {
		t.Errorf("run-dependent cells: Compare = %v, want ErrMismatch", err)
	}
}
