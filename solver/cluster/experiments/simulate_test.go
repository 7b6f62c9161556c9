package experiments

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances/workload"
	"github.com/mrsched/mrsched/solver/cluster"
)

// twoJobs: one node with one map slot; job a (submit 0, maps 2+3) and job
// b (submit 1, map 4): SerialSpan = 1 + 9 = 10 s.
func twoJobs() *workload.Workload {
	return &workload.Workload{Nodes: 1, MapSlots: 1, ReduceSlots: 1, Jobs: []workload.Job{
		{ID: "a", User: "u", Submit: 0, Map: []float64{2, 3}},
		{ID: "b", User: "u", Submit: 1, Map: []float64{4}},
	}}
}

// TestSimulateHeartbeat is a regression test: 'cluster
// simulate --heartbeat 1e308' exited 0 with a 300-digit makespan.
func TestSimulateHeartbeat(t *testing.T) {
	w := twoJobs()
	if got := SerialSpan(w); got != 10 {
		t.Fatalf("SerialSpan %v, want 10 (last submit 1 + work 9)", got)
	}
	for _, hb := range []float64{1e308, 10.5, -1, math.NaN(), math.Inf(1)} {
		_, err := Simulate(w, &cluster.FIFO{}, SimulateConfig{Heartbeat: hb})
		if !errors.Is(err, ErrConfig) || !strings.Contains(err.Error(), "heartbeat") {
			t.Errorf("heartbeat %v: error %v, want ErrConfig naming heartbeat", hb, err)
		}
	}
	// FIFO, one slot, at once: a runs 0–2, 2–5, b 5–9 → makespan 9. With a
	// 10 s heartbeat (the largest allowed) slots are offered at the beats
	// 0, 10, 20 only (docs/cluster.md: instants k·h): a's maps 0–2 and
	// 10–13, b 20–24 → makespan 24.
	for _, tc := range []struct{ hb, makespan float64 }{{0, 9}, {10, 24}} {
		r, err := Simulate(w, &cluster.FIFO{}, SimulateConfig{Heartbeat: tc.hb})
		if err != nil {
			t.Fatalf("heartbeat %v: %v", tc.hb, err)
		}
		if r.Makespan != tc.makespan {
			t.Errorf("heartbeat %v: makespan %v, want %v", tc.hb, r.Makespan, tc.makespan)
		}
	}
}

func ExampleSimulate() {
	w := &workload.Workload{Nodes: 1, MapSlots: 1, ReduceSlots: 1, Jobs: []workload.Job{{ID: "a", User: "u", Map: []float64{2, 3}}}}
	r, err := Simulate(w, &cluster.FIFO{}, SimulateConfig{})
	fmt.Println(r.Makespan, err)
	_, err = Simulate(w, &cluster.FIFO{}, SimulateConfig{Heartbeat: 1e308})
	fmt.Println(err)
	// Output:
	// 5 <nil>
	// cluster study: invalid configuration: heartbeat 1e+308: want 0 ≤ heartbeat ≤ 5 s (the workload's last submission plus its total task work)
}

// TestTraceName: the SWIM traces are named by their year; other files are
// "trace".
func TestTraceName(t *testing.T) {
	for in, want := range map[string]string{
		"../shared/data/swim/FB-2009_samples_24_times_1hr_0.tsv": "FB-2009",
		"FB-2010_samples_24_times_1hr_0.tsv":                     "FB-2010",
		"/tmp/other.tsv":                                         "trace",
		"FB-1.tsv":                                               "trace",
	} {
		if got := TraceName(in); got != want {
			t.Errorf("TraceName(%q) = %q, want %q", in, got, want)
		}
	}
}
