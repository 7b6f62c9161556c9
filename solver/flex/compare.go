package flex

import (
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mrsched/mrsched/instances/sharedscan"
	"github.com/mrsched/mrsched/tabular"
)

// Comparison is the epoch simulation (§4, A.4) of several schemes on one
// workload: what 'mrsched flex simulate' prints.
type Comparison struct {
	Workload string          `json:"workload"`
	Metric   string          `json:"metric"`
	Window   float64         `json:"window"`
	Schemes  []ComparisonRow `json:"schemes"`
	w        *sharedscan.Workload
	results  []*SimResult
}

// ComparisonRow is one scheme's summary.
type ComparisonRow struct {
	Scheme        string    `json:"scheme"`
	AvgResponse   float64   `json:"avg_response"`
	AvgStretch    float64   `json:"avg_stretch"`
	MaxStretch    float64   `json:"max_stretch"`
	Value         float64   `json:"value"`
	Work          float64   `json:"work"`
	WorkRatio     float64   `json:"work_ratio_to_unshared"`
	Replans       int       `json:"replans"`
	MaxConcurrent float64   `json:"max_concurrent"`
	Completion    []float64 `json:"completion,omitempty"`
}

// Compare simulates each scheme on w for metric m (BATCH with windows of
// length window per dataset); name labels the workload. ctx stops the
// simulations (ErrStopped).
func Compare(ctx context.Context, w *sharedscan.Workload, name string, m Metric, schemes []Scheme, window float64) (*Comparison, error) {
	if len(schemes) == 0 {
		return nil, fmt.Errorf("%w: no scheme to simulate", ErrInput)
	}
	out := &Comparison{Workload: name, Metric: m.Name(), Window: window, w: w}
	for _, s := range schemes {
		r, err := Simulate(w, SimOptions{Scheme: s, Metric: m, Window: window, Context: ctx})
		if err != nil {
			return nil, err
		}
		out.results = append(out.results, r)
		out.Schemes = append(out.Schemes, ComparisonRow{s.String(), r.AvgResponse, r.AvgStretch, r.MaxStretch, r.Value, r.Work,
			r.Work / r.UnsharedWork, r.Replans, r.MaxConcurrent, r.Completion})
	}
	return out, nil
}

// Write writes the comparison in format f: with jobs, one row per job
// (completion and response per scheme); otherwise one row per scheme (JSON:
// the Comparison with every job's completion).
func (c *Comparison) Write(w io.Writer, f tabular.Format, jobs bool) error {
	if jobs {
		tb := &tabular.Table{Header: []string{"job", "arrival", "datasets"}}
		for _, r := range c.Schemes {
			tb.Header = append(tb.Header, r.Scheme+"_completion", r.Scheme+"_response")
		}
		for j, job := range c.w.Jobs {
			cells := []string{job.ID, tabular.Float(job.Arrival), strings.Join(job.Datasets, " ")}
			for _, r := range c.results {
				cells = append(cells, tabular.Float(r.Completion[j]), tabular.Float(r.Completion[j]-job.Arrival))
			}
			tb.Add(cells...)
		}
		return tb.Write(w, f)
	}
	if f == tabular.JSON {
		// A map, as the command always wrote it (keys sorted).
		return tabular.WriteJSON(w, map[string]any{"workload": c.Workload, "metric": c.Metric, "window": c.Window, "schemes": c.Schemes})
	}
	tb := &tabular.Table{Title: fmt.Sprintf("%s: %d jobs, %d datasets, S = %d, metric %s", c.Workload, len(c.w.Jobs), len(c.w.Datasets), c.w.Slots, c.Metric),
		Header:     []string{"scheme", "avg response", "avg stretch", "max stretch", c.Metric, "work", "work/unshared", "replans", "max concurrent"},
		RightAlign: []bool{false, true, true, true, true, true, true, true, true}}
	for _, r := range c.Schemes {
		tb.Add(r.Scheme, tabular.Fixed(r.AvgResponse, 4), tabular.Fixed(r.AvgStretch, 4), tabular.Fixed(r.MaxStretch, 4), tabular.Float(r.Value),
			tabular.Fixed(r.Work, 3), tabular.Fixed(r.WorkRatio, 4), strconv.Itoa(r.Replans), tabular.Fixed(r.MaxConcurrent, 2))
	}
	return tb.Write(w, f)
}
