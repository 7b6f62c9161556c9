package experiments

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strconv"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
	"github.com/mrsched/mrsched/tabular"
)

// ErrConfig reports a SimulateConfig field outside its allowed values; the
// message names the field (the flag of 'mrsched cluster simulate').
var ErrConfig = errors.New("cluster study: invalid configuration")

// SimulateConfig is one run of the slot-level simulator: what
// 'mrsched cluster simulate' runs.

type SimulateConfig struct {
	// Heartbeat > 0 offers free slots only at its multiples (seconds);
	// 0 assigns at once. It must not exceed SerialSpan of the workload.
	Heartbeat float64 `flag:"heartbeat" usage:"assign free slots only every SECONDS (0: at once)" arg:"SECONDS"`
	Timeline  bool    // record the task-to-slot timeline
	// Context, when not nil, stops the simulation (cluster.ErrStopped).
	Context context.Context
}

// SerialSpan is the time by which one slot alone would have run every task
// of w: the last submission plus the total task work (seconds). No
// schedule of w needs longer, so a heartbeat beyond it only postpones
// every assignment past the whole workload (a heartbeat of
// 1e308 s gave a 300-digit makespan).
func SerialSpan(w *workload.Workload) float64 {
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
func (c SimulateConfig) Validate(w *workload.Workload) error {
	if span := SerialSpan(w); !(c.Heartbeat >= 0 && c.Heartbeat <= span) {
		return fmt.Errorf("%w: heartbeat %v: want 0 ≤ heartbeat ≤ %v s (the workload's last submission plus its total task work)",
			ErrConfig, c.Heartbeat, span)
	}
	return nil
}

// Simulate validates c and runs the simulator of package cluster.
func Simulate(w *workload.Workload, pol cluster.Policy, c SimulateConfig) (*cluster.Result, error) {
	if err := c.Validate(w); err != nil {
		return nil, err
	}
	return cluster.Simulate(w, pol, cluster.Options{Heartbeat: c.Heartbeat, Timeline: c.Timeline, Context: c.Context})
}

// TimelineTable is the task-to-slot timeline of r (Options.Timeline), one
// row per task run.
func TimelineTable(r *cluster.Result) *tabular.Table {
	t := &tabular.Table{Header: []string{"job", "phase", "task", "node", "slot", "start", "end"}}
	for _, x := range r.Timeline {
		t.Add(x.Job, x.Phase, strconv.Itoa(x.Task), strconv.Itoa(x.Node), strconv.Itoa(x.Slot), tabular.Float(x.Start), tabular.Float(x.End))
	}
	return t
}

// JobsTable has one row per job of r: submission, first start, finish,
// response, time alone and slowdown.
func JobsTable(r *cluster.Result) *tabular.Table {
	t := &tabular.Table{Header: []string{"id", "user", "submit", "first_start", "finish", "response", "alone", "slowdown"},
		RightAlign: []bool{false, false, true, true, true, true, true, true}}
	for _, j := range r.Jobs {
		t.Add(j.ID, j.User, tabular.Float(j.Submit), tabular.Float(j.FirstStart), tabular.Float(j.Finish),
			tabular.Float(j.Response), tabular.Float(j.Alone), tabular.Float(j.Slowdown))
	}
	return t
}

// UsersTable has the mean response time and slowdown per user of r, then
// overall; name labels the workload in the title.
func UsersTable(r *cluster.Result, name string) *tabular.Table {
	t := &tabular.Table{Title: fmt.Sprintf("%s on %s (%d jobs, %d events, makespan %s s)", r.Policy, name, len(r.Jobs), r.Events, tabular.Fixed(r.Makespan, 1)),
		Header: []string{"user", "jobs", "mean_response", "mean_slowdown"}, RightAlign: []bool{false, true, true, true}}
	for _, u := range r.Users {
		t.Add(u.User, strconv.Itoa(u.Jobs), tabular.Float(u.MeanResponse), tabular.Float(u.MeanSlowdown))
	}
	t.Add("overall", strconv.Itoa(len(r.Jobs)), tabular.Float(r.MeanResponse), tabular.Float(r.MeanSlowdown))
	return t
}
