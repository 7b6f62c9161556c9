package mipform

import (
	"context"
	"errors"
	"fmt"
	"math"

	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/orderlp"
	"github.com/mrsched/mrsched/solver/mip"
)

// ErrDeadlineForm is returned by BuildDeadlines for an instance with
// release dates: the release-date MIP bounds each completion by U_j, a
// bound valid for optimal schedules without deadlines only
// (releaseHorizons), so with deadline rows its infeasibility would prove
// nothing.
var ErrDeadlineForm = errors.New("mipform: the deadline MIP needs a batch (the release-date MIP's completion bounds assume no deadlines)")

// BuildDeadlines returns the batch MIP of in with, for every job j with a
// deadline and every position k, the row
//
//	Σ_{k' ≤ k} d_k' + M_j·z_jk ≤ d_j + M_j,   M_j = max(0, H − d_j),
//
// so that the job at position k completes by its deadline (the k-th
// completion is at Σ_{k' ≤ k} d_k'). H = Horizon(in) bounds the makespan of
// a schedule that never leaves both stations short of work while some
// released job can use them; every feasible schedule can be made such
// without delaying a completion, so the rows cut off no schedule meeting
// the deadlines, and the MIP is infeasible exactly when none exists.
func BuildDeadlines(in *instances.Instance) (*Formulation, error) {
	if !in.IsBatch() {
		return nil, ErrDeadlineForm
	}
	f, err := Build(in, false)
	if err != nil {
		return nil, err
	}
	H := Horizon(in)
	n := in.N()
	for j, jb := range in.Jobs {
		if !jb.HasDue {
			continue
		}
		M := math.Max(0, H-jb.Due)
		for k := 0; k < n; k++ {
			ind := append([]int(nil), f.D[:k+1]...)
			val := make([]float64, k+1, k+2)
			for q := range val {
				val[q] = 1
			}
			ind, val = append(ind, f.Z[j][k]), append(val, M)
			f.Model.AddRow(fmt.Sprintf("due%d_%d", j, k), math.Inf(-1), jb.Due+M, ind, val)
		}
	}
	return f, nil
}

// AddDeadlineRows adds to the fixed-order LP lp the rows C_j ≤ d_j for the
// jobs of in with a deadline, C_j being ρ_l + Σ d_q over the sub-intervals
// q of j's completion period l up to its completion.
func AddDeadlineRows(in *instances.Instance, lp *orderlp.LP) {
	for j, jb := range in.Jobs {
		if !jb.HasDue {
			continue
		}
		end := lp.EndJob[j]
		l := lp.SubPeriod[end]
		var ind []int
		var val []float64
		for q := 0; q <= end; q++ {
			if lp.SubPeriod[q] == l {
				ind, val = append(ind, lp.D[q]), append(val, 1)
			}
		}
		lp.Model.AddRow(fmt.Sprintf("due%d", j), math.Inf(-1), jb.Due-lp.Rho[l], ind, val)
	}
}

// SolveDeadlines solves the deadline MIP of in (BuildDeadlines) with eng
// and, when it has a solution, re-solves its plan by the fixed-order LP
// with the same deadline rows (AddDeadlineRows), so that the schedule
// returned is the best one of that plan meeting the deadlines. Its status
// is the MIP's: mip.Infeasible is the engine's proof that no schedule
// meets the deadlines; its lower bound is the engine's on the constrained
// optimum.
func SolveDeadlines(ctx context.Context, eng mip.Engine, in *instances.Instance, opt mip.Options) (*Result, error) {
	f, err := BuildDeadlines(in)
	if err != nil {
		return nil, err
	}
	res, p, ok, err := solveModel(ctx, eng, f, opt)
	if err != nil || !ok {
		return res, err
	}
	lp, err := orderlp.Build(in, p)
	if err != nil {
		return nil, err
	}
	AddDeadlineRows(in, lp)
	lr, err := mip.InPastDeadline(ctx, func(pc context.Context) (mip.Result, error) { return eng.Solve(pc, lp.Model, mip.Options{}) })
	if err != nil {
		return nil, fmt.Errorf("mipform: %s: %w", eng.Name(), err)
	}
	if lr.Status != mip.Optimal || !lr.HasSolution {
		return nil, fmt.Errorf("mipform: the fixed-order LP with deadlines of the MIP's plan ended %v", lr.Status)
	}
	res.Plan, res.Schedule = p, lp.Decode(lr.X)
	res.Objective = in.WeightedResponse(res.Schedule.Completion)
	res.Gap = mip.Gap(res.Objective, res.LowerBound)
	return res, nil
}
