package adversary

import (
	"context"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/solver/fluid"
)

// TestContextStopsTheSweeps: a cancelled Context stops Run and
// YaoConfig.Sweep before any game (ErrStopped wrapping context.Canceled);
// a game already running stops inside its simulation (fluid.ErrStopped:
// n = 4096 gives k = 16 and 4,353 opening and closing jobs, more events
// than fluid's check stride).
func TestContextStopsTheSweeps(t *testing.T) {
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Run(Config{Policies: "maxsrpt", Ns: []int{8}, Context: done}, nil); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("Run, cancelled: %v", err)
	}
	if _, err := (YaoConfig{Policies: "maxsrpt", Ns: []int{8}, Context: done}).Sweep(nil); !errors.Is(err, ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("YaoConfig.Sweep, cancelled: %v", err)
	}
	if _, err := play(done, 4096, fluid.MaxSRPT(), 0); !errors.Is(err, fluid.ErrStopped) || !errors.Is(err, context.Canceled) {
		t.Errorf("play, cancelled: %v", err)
	}
	if _, err := Run(Config{Policies: "maxsrpt", Ns: []int{8}, Context: context.Background()}, nil); err != nil {
		t.Errorf("Run, live: %v", err)
	}
}
