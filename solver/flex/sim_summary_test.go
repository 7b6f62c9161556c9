package flex

import (
	"math"
	"testing"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/tolerance"
)

// TestSimulateSummary checks the summary figures of Simulate on the two-job
// case of ExampleCompare (two jobs at 0 scan one dataset of size 8 on 4
// slots, m_j = 1, M_j = 4). Hand-worked (see ExampleCompare): FLEX
// finishes them at 8/3 and 4, CIRCUMFLEX both at 2. The isolation time is
// W_j/M_j = 8/4 = 2 (A.2), so FLEX's stretches are 4/3 and 2 and
// CIRCUMFLEX's are 1 and 1.
func TestSimulateSummary(t *testing.T) {
	w := &sharedscan.Workload{Slots: 4,
		Datasets: []sharedscan.Dataset{{ID: "red", Size: 8}},
		Jobs: []sharedscan.Job{
			{ID: "a", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
			{ID: "b", Datasets: []string{"red"}, Weight: 1, MinSlots: 1, MaxSlots: 4, ScanFraction: 1},
		}}
	m, err := ParseMetric("sum-response")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		scheme                        Scheme
		avgResp, avgStretch, maxStr   float64
		value, work, unshared, maxCon float64
	}{
		// value: Σ responses; work: FLEX scans twice (16), CIRCUMFLEX once (8);
		// max concurrent: FLEX has both jobs active on the one dataset,
		// CIRCUMFLEX one subjob (both jobs at the same level).
		{FLEX, (8.0/3 + 4) / 2, (4.0/3 + 2) / 2, 2, 8.0/3 + 4, 16, 16, 2},
		{CIRCUMFLEX, 2, 1, 1, 4, 8, 16, 1},
	} {
		r, err := Simulate(w, SimOptions{Scheme: tc.scheme, Metric: m})
		if err != nil {
			t.Fatalf("%s: %v", tc.scheme, err)
		}
		got := []float64{r.AvgResponse, r.AvgStretch, r.MaxStretch, r.Value, r.Work, r.UnsharedWork}
		want := []float64{tc.avgResp, tc.avgStretch, tc.maxStr, tc.value, tc.work, tc.unshared}
		names := []string{"avg response", "avg stretch", "max stretch", "value", "work", "unshared work"}
		for i := range got {
			if !tolerance.Eq(got[i], want[i]) || math.IsNaN(got[i]) {
				t.Errorf("%s: %s = %v, want %v", tc.scheme, names[i], got[i], want[i])
			}
		}
		if r.Replans != 1 {
			t.Errorf("%s: %d re-plans, want 1 (one release instant)", tc.scheme, r.Replans)
		}
		if r.MaxConcurrent != tc.maxCon {
			t.Errorf("%s: max concurrent %v, want %v", tc.scheme, r.MaxConcurrent, tc.maxCon)
		}
	}
}
