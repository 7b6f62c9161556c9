package experiments

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/mrsched/mrsched/solver/cluster"
)

// countdown is a context that ends after its first n calls of Err: a
// deterministic stand-in for a time limit that expires during a run.
type countdown struct {
	context.Context
	mu sync.Mutex
	n  int
}

func (c *countdown) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n--; c.n < 0 {
		return context.DeadlineExceeded
	}
	return nil
}

// TestContextStopsAStudy: a study whose context has ended before it
// starts runs nothing, one whose context ends during its first
// simulation stops that simulation; both return cluster.ErrStopped
// wrapping the context's error, and no table.
func TestContextStopsAStudy(t *testing.T) {
	defer func(w int) { Workers = w }(Workers)
	Workers = 1
	for _, tc := range []struct {
		name string
		n    int  // Err calls that still say "running"
		mid  bool // the simulation's own error (it says how far it got)
	}{
		{"ended before", 0, false},
		// One call for the first feed, then the simulation's first check
		// (after ctxStride+1 instants; Table II takes more) ends it.
		{"ends in the first simulation", 1, true},
	} {
		ctx := &countdown{Context: context.Background(), n: tc.n}
		r, err := LsPSTableII(Env{Context: ctx}, 1)
		if !errors.Is(err, cluster.ErrStopped) || !errors.Is(err, context.DeadlineExceeded) || r != nil {
			t.Errorf("%s: %v, %v; want no result and cluster.ErrStopped wrapping context.DeadlineExceeded", tc.name, r, err)
		}
		if mid := err != nil && strings.Contains(err.Error(), "jobs finished"); mid != tc.mid {
			t.Errorf("%s: %v: stopped inside a simulation %v, want %v", tc.name, err, mid, tc.mid)
		}
	}
	if _, err := LsPSTableII(Env{Context: context.Background()}, 1); err != nil {
		t.Errorf("live context: %v", err)
	}
}
