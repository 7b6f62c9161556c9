package study

import (
	"errors"
	"fmt"
	"math"

	cw "github.com/mrsched/mrsched/instances/cluster"
	"github.com/mrsched/mrsched/solver/cluster"
)

// ErrConfig reports a SimulateConfig field outside its allowed values; the
// message names the field (the flag of 'mrsched cluster simulate').
var ErrConfig = errors.New("cluster study: invalid configuration")

// SimulateConfig is one run of the slot-level simulator: what
// 'mrsched cluster simulate' runs.
type SimulateConfig struct {
	// Heartbeat > 0 offers free slots only at its multiples (seconds);
	// 0 assigns at once. It must not exceed SerialSpan of the workload.
	Heartbeat float64
	Timeline  bool // record the task-to-slot timeline
}

// SerialSpan is the time by which one slot alone would have run every task
// of w: the last submission plus the total task work (seconds). No
// schedule of w needs longer, so a heartbeat beyond it only postpones
// every assignment past the whole workload (issue 12: a heartbeat of
// 1e308 s gave a 300-digit makespan).
func SerialSpan(w *cw.Workload) float64 {
	last, work := 0.0, 0.0
	for i := range w.Jobs {
		j := &w.Jobs[i]
		last = math.Max(last, j.Submit)
		work += j.MapWork() + j.ReduceWork()
	}
	return last + work
}

// Validate checks the configuration against the workload and names the
// first field that is not allowed.
func (c SimulateConfig) Validate(w *cw.Workload) error {
	if span := SerialSpan(w); !(c.Heartbeat >= 0 && c.Heartbeat <= span) {
		return fmt.Errorf("%w: heartbeat %v: want 0 ≤ heartbeat ≤ %v s (the workload's last submission plus its total task work)",
			ErrConfig, c.Heartbeat, span)
	}
	return nil
}

// Simulate validates c and runs the simulator of package cluster.
func Simulate(w *cw.Workload, pol cluster.Policy, c SimulateConfig) (*cluster.Result, error) {
	if err := c.Validate(w); err != nil {
		return nil, err
	}
	return cluster.Simulate(w, pol, cluster.Options{Heartbeat: c.Heartbeat, Timeline: c.Timeline})
}
