package ratsim

import (
	"fmt"
	"math/big"

	"github.com/mrsched/mrsched/reductions/rational"
	"github.com/mrsched/mrsched/solver/exact/ratsearch"
	"github.com/mrsched/mrsched/tabular"
)

// JSONResult is the machine-readable form of a Result ('mrsched simulate
// --exact --format json'): exact numbers as strings "p" or "p/q"
// (big.Rat.RatString), the jobs in ratsearch's form.
type JSONResult struct {
	Instance string `json:"instance"`
	Policy   string `json:"policy"`
	Exact    bool   `json:"exact"`
	// TotalResponseTime is Σ (C_i − r_i), MeanResponseTime its mean.
	TotalResponseTime string `json:"total_response_time"`
	MeanResponseTime  string `json:"mean_response_time"`
	Makespan          string `json:"makespan"`
	// TotalFloat is the nearest float64 to the total (for plotting; the
	// string is the answer).
	TotalFloat float64 `json:"total_response_time_float"`
	// Verified: the schedule passed rational.Verify (always true: a
	// schedule that does not is an error, never an answer).
	Verified bool                `json:"verified"`
	Segments int                 `json:"segments"`
	Events   int                 `json:"events"`
	Jobs     []ratsearch.JSONJob `json:"jobs"`
}

// Makespan is the last completion time.
func (r *Result) Makespan() *big.Rat {
	m := new(big.Rat)
	for _, c := range r.Completion {
		if c.Cmp(m) > 0 {
			m = c
		}
	}
	return m
}

// View is the answer for people and programs: JSON a JSONResult; text and
// Markdown a summary line and a table of the jobs (the completion rounded
// to 6 places next to the exact fraction); CSV the table.
func (r *Result) View(path string, in *rational.Instance) *tabular.View {
	mean := new(big.Rat).Quo(r.Total, big.NewRat(int64(len(in.Jobs)), 1))
	tf, _ := r.Total.Float64()
	o := JSONResult{Instance: path, Policy: r.Policy, Exact: true, TotalResponseTime: r.Total.RatString(),
		MeanResponseTime: mean.RatString(), Makespan: r.Makespan().RatString(), TotalFloat: tf, Verified: true,
		Segments: len(r.Schedule.Segments), Events: r.Events}
	t := &tabular.Table{
		Title: fmt.Sprintf("%s on %s (exact): total response %s (≈ %s), mean %s, makespan %s; schedule verified exactly (rational.Verify)",
			r.Policy, path, o.TotalResponseTime, r.Total.FloatString(6), o.MeanResponseTime, o.Makespan),
		Header:     []string{"id", "release", "map", "shuffle", "completion", "completion (exact)", "response (exact)"},
		RightAlign: []bool{false, true, true, true, true, true, true},
	}
	for i, j := range in.Jobs {
		c := r.Completion[i]
		resp := new(big.Rat).Sub(c, j.Release)
		o.Jobs = append(o.Jobs, ratsearch.JSONJob{ID: j.ID, Release: j.Release.RatString(), Map: j.Map.RatString(),
			Shuffle: j.Shuffle.RatString(), Completion: c.RatString(), Response: resp.RatString()})
		t.Add(j.ID, j.Release.RatString(), j.Map.RatString(), j.Shuffle.RatString(), c.FloatString(6), c.RatString(), resp.RatString())
	}
	return &tabular.View{Value: o, Tables: []*tabular.Table{t}}
}
