package report

import (
	"context"
	"math"

	"github.com/mrsched/mrsched/bounds"
	"github.com/mrsched/mrsched/instances"
	"github.com/mrsched/mrsched/solver/exact/mipform"
	"github.com/mrsched/mrsched/solver/exact/search"
	"github.com/mrsched/mrsched/solver/mip"
)

// BoundRow is one line of AllBounds: a parameter, a guarantee or a lower
// bound on the total response time Σ (C_j − r_j).
type BoundRow struct {
	Name  string  `json:"name"`
	Value float64 `json:"value"`
	Kind  string  `json:"kind"`
	Note  string  `json:"note"`
}

// AllBounds returns α and β with the guarantees of MaxSRPT (2α/(1+α),
// Theorem 3, Cor. 4) and SplitSRPT (1 + 1/β, Theorem 5, Cor. 6), the §5.1
// lower bound, the counting bound, and where they apply the batch prefix
// bound, the subset bound (batches up to 22 jobs) and, when eng is not
// nil, the LP relaxation of the exact MIP. Rows without a value (NaN) are
// left out.
func AllBounds(ctx context.Context, in *instances.Instance, eng mip.Engine) ([]BoundRow, error) {
	al, be := bounds.Alpha(in), bounds.Beta(in)
	rows := []BoundRow{
		{"alpha", al, "parameter", "max_i max(x_i/y_i, y_i/x_i), Theorem 3"},
		{"maxsrpt_guarantee", bounds.MaxSRPTGuarantee(al), "guarantee", "2α/(1+α): speed (Thm 3), batch ratio (Cor 4)"},
		{"beta", be, "parameter", "min_i max(x_i/y_i, y_i/x_i), Theorem 5 / Cor 6"},
		{"splitsrpt_guarantee", bounds.SplitSRPTGuarantee(be), "guarantee", "1 + 1/β: speed (Thm 5), batch ratio (Cor 6)"},
		{"paper51", bounds.Paper51(in), "lower bound", "§5.1: SRPT in map and shuffle systems per busy period"},
		{"counting", bounds.Counting(in), "lower bound", "(b) ∫ arrived − min(N_A, N_B) dt"},
	}
	if !in.IsBatch() {
		rows = append(rows, BoundRow{"counting_standalone", bounds.CountingStandalone(in), "lower bound", "Σ_k max(d_k, e_k, L_(k)): counting with standalone completions"})
	}
	if pb, err := bounds.PrefixBatch(in); err == nil {
		rows = append(rows, BoundRow{"prefix", pb, "lower bound", "(a) batch: Σ_k max(X_(k), Y_(k))"})
	}
	if h, ok := search.SubsetBound(in); ok {
		rows = append(rows, BoundRow{"subset", h, "lower bound", "batch, n ≤ 22: min over orders of Σ_k max(X_k, Y_k) (subset DP, ≥ prefix)"})
	} else if h, err := bounds.SubsetRelease(in); err == nil {
		rows = append(rows, BoundRow{"subset_release", h, "lower bound", "n ≤ 20: subset DP with per-station release-date makespans"})
	}
	if eng != nil {
		v, err := mipform.LPRelaxation(ctx, eng, in)
		if err != nil {
			return nil, err
		}
		rows = append(rows, BoundRow{"lp_relaxation", v, "lower bound", "LP relaxation of the exact MIP (" + eng.Name() + ")"})
	}
	kept := rows[:0]
	for _, r := range rows {
		if !math.IsNaN(r.Value) {
			kept = append(kept, r)
		}
	}
	return kept, nil
}
