package cluster

import (
	"context"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
)

// TestContextStopsSimulate: a cancelled Options.Context stops the event
// loop with ErrStopped wrapping context.Canceled; without one the same
// run ends normally, after more instants than the check stride.
func TestContextStopsSimulate(t *testing.T) {
	w := workload.TableII(1) // the LsPS Table II workload, seed 1
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, name := range []string{"fifo", "fair", "lsps", "hpfsp"} {
		p, err := NewPolicy(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Simulate(w, p, Options{Context: done}); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled: %v, want ErrStopped wrapping context.Canceled", name, err)
		}
		p, _ = NewPolicy(name)
		r, err := Simulate(w, p, Options{Context: context.Background()})
		if err != nil {
			t.Errorf("%s, live context: %v", name, err)
		} else if r.Events <= ctxStride {
			t.Errorf("%s: %d events, want more than %d so that the check is reached", name, r.Events, ctxStride)
		}
	}
}
