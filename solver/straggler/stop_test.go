package straggler

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"
)

// TestContextStopsForkJoin: a cancelled context stops the fork-join
// simulation with ErrStopped wrapping context.Canceled (20,000 jobs take
// more events than the check stride); ForkJoinConfig.View passes its
// Context on.
func TestContextStopsForkJoin(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := SimulateForkJoin(done, 0.5, []float64{1, 1}, 100, 20000, rand.NewPCG(5, 6)); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("SimulateForkJoin, cancelled: %v", err)
	}
	if _, err := SimulateForkJoin(context.Background(), 0.5, []float64{1, 1}, 100, 20000, rand.NewPCG(5, 6)); err != nil {
		t.Errorf("SimulateForkJoin, live: %v", err)
	}
	c := DefaultForkJoinConfig()
	c.Jobs, c.Context = 20000, done
	if _, err := c.View(); !errors.Is(err, ErrStopped) {
		t.Errorf("View, cancelled: %v", err)
	}
}
