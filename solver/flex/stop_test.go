package flex

import (
	"context"
	"errors"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
)

// TestContextStopsSimulate: a cancelled context stops every scheme's
// simulation, through Compare and PlanAt, with ErrStopped wrapping
// context.Canceled; a live one runs to the end.
func TestContextStopsSimulate(t *testing.T) {
	// Two jobs scanning one dataset (the PlanAt example's workload).
	w := &sharedscan.Workload{Slots: 4,
		Datasets: []sharedscan.Dataset{{ID: "red", Size: 8}},
		Jobs: []sharedscan.Job{
			{ID: "a", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
			{ID: "b", Arrival: 1, Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
		}}
	m, err := ParseMetric("sum-response")
	if err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	for _, ctx := range []context.Context{done, context.Background()} {
		_, errC := Compare(ctx, w, "two", m, Schemes, 2)
		_, errP := PlanAt(w, "two", PlanAtConfig{Scheme: CIRCUMFLEX, Metric: m, At: -1, Context: ctx})
		for _, err := range []error{errC, errP} {
			stopped := errors.Is(err, ErrStopped) && errors.Is(err, context.Canceled)
			if want := ctx == done; stopped != want || (!want && err != nil) {
				t.Errorf("context ended %v: error %v", want, err)
			}
		}
	}
}
