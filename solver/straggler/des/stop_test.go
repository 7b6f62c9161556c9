package des

import (
	"context"
	"errors"
	"testing"
)

// TestContextStopsSimulate: with a cancelled Config.Context no
// replication runs and Simulate returns ErrStopped wrapping
// context.Canceled, with either worker count; with a live one it runs.
func TestContextStopsSimulate(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, workers := range []int{1, 2} {
		c := Config{Lambda: 0.7, Nodes: []Node{{Rate: 1}, {Rate: 3, Offset: 0.1}}, Jobs: 500, Warmup: 50, Replications: 4, Seed: 9, Workers: workers, Context: done}
		if _, err := Simulate(c); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
			t.Errorf("workers %d, cancelled: %v, want ErrStopped wrapping context.Canceled", workers, err)
		}
		c.Context = context.Background()
		if _, err := Simulate(c); err != nil {
			t.Errorf("workers %d, live: %v", workers, err)
		}
	}
}
