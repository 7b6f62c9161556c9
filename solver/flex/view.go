package flex

import (
	"strings"

	"github.com/mrsched/mrsched/tabular"
)

// MetricsTable lists the 16 FLEX metrics (Metrics): how each aggregates
// (sum or max) and which method plans it on chains (fully shared scans)
// and on semi-shared precedence — optimal by backwards DP for max metrics,
// by the Generalized Smith's Rule where it is optimal (GSROptimal),
// otherwise Lawler's rule as a heuristic; semi-shared sum metrics are
// refused.
func MetricsTable() *tabular.Table {
	tb := &tabular.Table{Header: []string{"metric", "aggregate", "chains (fully shared)", "semi-shared"}}
	for _, m := range Metrics {
		agg := "sum (average)"
		if m.Max {
			agg = "max"
		}
		ch, se := "optimal: backwards DP", "optimal: backwards DP"
		if !m.Max {
			se = "refused (no method for general precedence)"
			if m.GSROptimal() {
				ch = "optimal: Generalized Smith's Rule"
			} else {
				ch = "heuristic: Lawler's rule on Σ penalties"
			}
		}
		tb.Add(m.Name(), agg, ch, se)
	}
	return tb
}

// MetricNames parses a comma-separated list of metric names (ParseMetric,
// aliases allowed) and returns their canonical names (Metric.Name).
func MetricNames(list string) ([]string, error) {
	names := strings.Split(list, ",")
	for i, s := range names {
		m, err := ParseMetric(s)
		if err != nil {
			return nil, err
		}
		names[i] = m.Name()
	}
	return names, nil
}
