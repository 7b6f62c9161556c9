package engine

import (
	"math"
	"testing"

	"github.com/mrsched/mrsched/solver/mip"
)

// TestReportedStatus: an engine's "optimal" is reported as such only when
// the best bound meets the objective under package tolerance (1e-9 relative
// plus 1e-9 absolute); a solve stopped at a looser requested gap ('mip solve
// --gap 0.01') is a "gap limit". The values are hand-picked on both sides of
// the tolerance: |100 − 99| = 1 > 1e-9 + 1e-7, |100 − (100 − 1e-8)| < 1.1e-7.
func TestReportedStatus(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    mip.Result
		want string
	}{
		{"proven", mip.Result{Status: mip.Optimal, Objective: 100, BestBound: 100}, "optimal"},
		{"within tolerance", mip.Result{Status: mip.Optimal, Objective: 100, BestBound: 100 - 1e-8}, "optimal"},
		{"looser gap", mip.Result{Status: mip.Optimal, Objective: 100, BestBound: 99, Gap: 0.01}, StatusGapLimit},
		{"bound unknown", mip.Result{Status: mip.Optimal, Objective: 100, BestBound: math.NaN()}, StatusGapLimit},
		{"time limit", mip.Result{Status: mip.TimeLimit, Objective: 100, BestBound: 90}, "time limit"},
		{"infeasible", mip.Result{Status: mip.Infeasible, Objective: math.NaN(), BestBound: math.NaN()}, "infeasible"},
	} {
		if got := ReportedStatus(tc.r); got != tc.want {
			t.Errorf("%s: ReportedStatus = %q, want %q", tc.name, got, tc.want)
		}
		m := &mip.Model{}
		if got := NewSolution("f.lp", "highs", m, tc.r, false, false).Status; got != tc.want {
			t.Errorf("%s: NewSolution status = %q, want %q", tc.name, got, tc.want)
		}
	}
}
