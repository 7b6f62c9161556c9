package validate

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/schedule"
)

// TestPrecedence is a hand case: "load" is after "etl"; both have map
// work 1 only, at unit capacity. Serving them side by side at rate 1/2
// on [0, 2) serves load before etl completes (at 2) and is rejected with
// a message naming both; etl on [0, 1) then load on [1, 2) passes.
func TestPrecedence(t *testing.T) {
	in := instances.New([]instances.Job{
		{ID: "etl", Map: 1},
		{ID: "load", Map: 1, After: []int{0}, Weight: 3, Due: 1.5, HasDue: true},
	})
	shared := &schedule.Schedule{Completion: []float64{2, 2}, Segments: []schedule.Segment{
		{Start: 0, End: 2, Rates: []schedule.Rate{{Job: 0, Map: 0.5}, {Job: 1, Map: 0.5}}},
	}}
	_, err := Check(in, shared)
	var ve *Error
	if !errors.As(err, &ve) || len(ve.Violations) != 1 || ve.Violations[0].Rule != "precedence" ||
		!strings.Contains(err.Error(), "precedence (segment 0) job load: served from 0, before its predecessor etl completes at 2") {
		t.Fatalf("side by side: %v", err)
	}
	chain := &schedule.Schedule{Completion: []float64{1, 2}, Segments: []schedule.Segment{
		{Start: 0, End: 1, Rates: []schedule.Rate{{Job: 0, Map: 1}}},
		{Start: 1, End: 2, Rates: []schedule.Rate{{Job: 1, Map: 1}}},
	}}
	res, err := Check(in, chain)
	if err != nil {
		t.Fatal(err)
	}
	// Hand-computed: Σ(C − r) = 1 + 2 = 3; weighted 1·1 + 3·2 = 7; load is
	// due at 1.5 and completes at 2: one late job, lateness 0.5, weighted
	// tardiness 3·0.5 = 1.5.
	if res.TotalResponse != 3 || res.WeightedResponse != 7 {
		t.Errorf("objectives %v %v", res.TotalResponse, res.WeightedResponse)
	}
	if l := res.Late; l == nil || l.Jobs != 1 || l.Late != 1 || l.MaxLateness != 0.5 || l.WeightedTardiness != 1.5 || l.LateIDs[0] != "load" {
		t.Errorf("lateness %+v", res.Late)
	}
	// Serving load for a moment before etl completes is caught too; a
	// boundary off by less than the time tolerance is not.
	early := &schedule.Schedule{Completion: []float64{1, 2}, Segments: []schedule.Segment{
		{Start: 0, End: 0.9, Rates: []schedule.Rate{{Job: 0, Map: 1}}},
		{Start: 0.9, End: 1, Rates: []schedule.Rate{{Job: 0, Map: 1}, {Job: 1, Map: 1e-3}}},
		{Start: 1, End: 2, Rates: []schedule.Rate{{Job: 1, Map: 0.9999 / 1}}},
	}}
	if _, err := Check(in, early); err == nil || !strings.Contains(err.Error(), "precedence (segment 1) job load") {
		t.Errorf("early: %v", err)
	}
	in.Jobs[1].Due = 2
	if res, err := Check(in, chain); err != nil || res.Late.Late != 0 || res.Late.MaxLateness != 0 {
		t.Errorf("on time: %+v %v", res.Late, err)
	}
}

// TestWeightedEqualsTotalForUnitWeights: on the recorded MaxSRPT schedule
// of 300 SWIM jobs, the weighted objective with every weight 1 (the file
// states none) is the total response bit for bit, and no lateness is
// reported without deadlines.
func TestWeightedEqualsTotalForUnitWeights(t *testing.T) {
	in, err := instances.ReadFile("testdata/fb2009-300.json")
	if err != nil {
		t.Fatal(err)
	}
	s, err := schedule.ReadFile("testdata/fb2009-300.maxsrpt.schedule.json", in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Check(in, s)
	if err != nil {
		t.Fatal(err)
	}
	if math.Float64bits(res.WeightedResponse) != math.Float64bits(res.TotalResponse) || res.Late != nil {
		t.Errorf("weighted %v total %v late %+v", res.WeightedResponse, res.TotalResponse, res.Late)
	}
}
