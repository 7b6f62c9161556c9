package flex_test

import (
	"fmt"
	"os"

	"github.com/mrsched/mrsched/solver/flex"
	"github.com/mrsched/mrsched/tabular"
)

// The first rows of the metric list: sum metrics are planned by the
// Generalized Smith's Rule on chains where it is optimal (weighted
// completion times, A.2) and refused on semi-shared precedence; max
// metrics by the backwards DP everywhere.
func ExampleMetricsTable() {
	t := flex.MetricsTable()
	t.Rows = t.Rows[:2]
	_ = t.Write(os.Stdout, tabular.CSV)
	// Output:
	// metric,aggregate,chains (fully shared),semi-shared
	// sum-response,sum (average),optimal: Generalized Smith's Rule,refused (no method for general precedence)
	// sum-wresponse,sum (average),optimal: Generalized Smith's Rule,refused (no method for general precedence)
}

// Aliases become canonical names (metric.go: avg-response is
// sum-response, makespan is max-response).
func ExampleMetricNames() {
	names, err := flex.MetricNames("avg-response,max-stretch,makespan")
	fmt.Println(names, err)
	_, err = flex.MetricNames("sum-response,nosuch")
	fmt.Println(err != nil)
	// Output:
	// [sum-response max-stretch max-response] <nil>
	// true
}
