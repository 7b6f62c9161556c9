package fluid

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/mrsched/mrsched/instances"
)

// TestContextStopsEveryLoop runs each event loop (the generic one through
// FIFO and k-LPS, the specialised MaxSRPT, SplitSRPT and PS loops) under
// an already cancelled context: each must stop with ErrStopped wrapping
// the context's error, and run to its end without a context.
func TestContextStopsEveryLoop(t *testing.T) {
	// 20,000 §5.3 jobs at load 0.9 (seed 1, 2) take more than ctxStride+1
	// events with every policy (at least one arrival and one departure a
	// job), so each loop reaches a check.
	in, err := instances.PaperLogNormal(20000, 0.9, false).Generate(rand.New(rand.NewPCG(1, 2)))
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"fifo", "klps", "maxsrpt", "splitsrpt", "ps"} {
		p, err := ParsePolicy(name, DefaultK, nil)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Simulate(in, p, Options{Context: done})
		if !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s with a cancelled context: got %v, want ErrStopped wrapping context.Canceled", name, err)
		}
		r, err := Simulate(in, p, Options{Context: context.Background()})
		if err != nil {
			t.Errorf("%s with a live context: %v", name, err)
		} else if r.Summary.Events <= ctxStride {
			t.Errorf("%s: %d events, want more than %d (the check must be reached)", name, r.Summary.Events, ctxStride)
		}
	}
}
